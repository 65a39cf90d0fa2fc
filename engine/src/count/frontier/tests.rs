//! The frontier count's steps against each other, on threads and in little memory.

use std::sync::Mutex;

use super::*;

fn run(board: Board, piece: Leaper, closed: bool, ends: &[Square]) -> Frontier<'_> {
    Frontier {
        board,
        piece,
        closed,
        ends,
        holes: &[],
        deadline: None,
        memory: u64::MAX,
        threads: 1,
        keeping: Keeping::default(),
        side: FrontierSide::Short,
    }
}

/// The count by `stepper`, and the states of each frontier.
fn frontiers<S: Stepper>(run: &Frontier<'_>, stepper: &S) -> (BigUint, Vec<u64>) {
    let states = Mutex::new(Vec::new());
    let found = count_with(run, stepper, &|progress| {
        if progress.permille == 0 {
            states.lock().unwrap().push(progress.states);
        }
    })
    .unwrap();
    (found.count, states.into_inner().unwrap())
}

/// The fast step and the step on four bits a cell make the same frontiers, square by
/// square, for open and closed tours, fixed ends, other pieces, and holes.
#[test]
fn the_fast_step_makes_the_states_the_nibble_step_makes() {
    let wazir = Leaper::new(0, 1).unwrap();
    let camel = Leaper::new(1, 3).unwrap();
    let mut cases = Vec::new();
    for (rows, cols) in [
        (3, 4),
        (4, 5),
        (5, 5),
        (5, 6),
        (6, 6),
        (3, 10),
        (4, 8),
        (2, 9),
    ] {
        for closed in [false, true] {
            cases.push((
                Board::new(rows, cols).unwrap(),
                Leaper::KNIGHT,
                closed,
                vec![],
                vec![],
            ));
        }
    }
    let five = Board::new(5, 5).unwrap();
    for ends in [
        vec![Square::new(0, 0)],
        vec![Square::new(2, 2)],
        vec![Square::new(0, 0), Square::new(4, 4)],
        vec![Square::new(1, 0), Square::new(3, 4)],
    ] {
        cases.push((five, Leaper::KNIGHT, false, ends, vec![]));
    }
    for (piece, rows, cols) in [(wazir, 4, 5), (camel, 6, 6), (Leaper::GIRAFFE, 5, 4)] {
        for closed in [false, true] {
            cases.push((
                Board::new(rows, cols).unwrap(),
                piece,
                closed,
                vec![],
                vec![],
            ));
        }
    }
    let sq = Square::new;
    for (piece, rows, cols, holes) in [
        (
            Leaper::KNIGHT,
            6,
            6,
            vec![sq(0, 0), sq(0, 5), sq(5, 0), sq(5, 5)],
        ),
        (Leaper::KNIGHT, 6, 6, vec![sq(1, 2), sq(4, 4), sq(5, 0)]),
        (Leaper::KNIGHT, 5, 6, vec![sq(0, 4), sq(2, 2)]),
        (wazir, 4, 5, vec![sq(0, 0), sq(2, 2), sq(3, 4)]),
    ] {
        let board = Board::new(rows, cols).unwrap();
        for closed in [false, true] {
            cases.push((board, piece, closed, vec![], holes.clone()));
        }
        cases.push((board, piece, false, vec![sq(1, 1)], holes));
    }
    for (board, piece, closed, ends, holes) in &cases {
        let run = Frontier {
            holes,
            ..run(*board, *piece, *closed, ends)
        };
        let plan = Plan::new(run.board, run.piece, run.ends, run.holes).unwrap();
        let fast = FastStep::new(&plan, run.closed);
        let by_labels = if Labels::<u64>::fits(plan.window()) {
            frontiers(&run, &fast_in::<Labels<u64>>(&fast, &plan))
        } else {
            frontiers(&run, &fast_in::<Labels<u128>>(&fast, &plan))
        };
        let by_nibbles = frontiers(
            &run,
            &Nibbles::<u128> {
                plan: &plan,
                closed: run.closed,
                word: PhantomData,
            },
        );
        assert_eq!(
            by_labels, by_nibbles,
            "{board} {piece} closed {closed} ends {ends:?} holes {holes:?}"
        );
        if Partners::fits(plan.window()) {
            let by_partners = frontiers(&run, &fast_in::<Partners>(&fast, &plan));
            assert_eq!(
                by_partners, by_nibbles,
                "mates' places: {board} {piece} closed {closed} ends {ends:?} holes {holes:?}"
            );
        }
    }
}

/// A hole's step maps each state to at most one and merges nothing: on one thread or
/// two, and in memory too tight for the count, it makes the same frontiers as the steps
/// around it, or stops for want of room without a panic.
#[test]
fn a_hole_counts_alike_on_every_thread_and_stops_when_memory_runs_out() {
    let board = Board::new(6, 6).unwrap();
    let holes = [Square::new(2, 3), Square::new(3, 1)];
    let counted = |threads: usize, memory: u64| {
        let run = Frontier {
            holes: &holes,
            threads,
            memory,
            ..run(board, Leaper::KNIGHT, false, &[])
        };
        count(&run, &|_| {})
    };
    let one = counted(1, u64::MAX).unwrap();
    // A hole on a frontier of more states than one thread steps alone.
    assert!(one.peak_states > 1 << 12, "{}", one.peak_states);
    let two = counted(2, u64::MAX).unwrap();
    assert_eq!((two.count, two.peak_states), (one.count, one.peak_states));
    assert!(matches!(
        counted(2, one.peak_bytes / 4),
        Err(Stopped::Memory { .. })
    ));
}

/// 5×5's 864 open paths (OEIS A165134: 1,728 directed), counted in `u8` until a
/// frontier's counts could pass it, then in big integers: the same count.
#[test]
fn a_count_goes_on_in_wider_numbers_when_its_sums_could_overflow() {
    let board = Board::new(5, 5).unwrap();
    let run = run(board, Leaper::KNIGHT, false, &[]);
    let plan = Plan::new(board, Leaper::KNIGHT, &[], &[]).unwrap();
    let fast = FastStep::new(&plan, false);
    let stepper = fast_in::<Partners>(&fast, &plan);
    let budget = Budget::new(u64::MAX);
    let mut tracker = Tracker::new(&run, plan.len(), &|_| {});
    let first = Layer::<u64, u8>::first(0, &budget).unwrap();
    let narrow = tracker.advance(&stepper, &budget, first).unwrap();
    let layer = narrow.expect("5x5's counts outgrow u8");
    assert!(tracker.v > 0 && tracker.v < plan.len(), "{}", tracker.v);
    let wide = layer.widen::<BigUint>(&budget).unwrap();
    assert!(tracker.advance(&stepper, &budget, wide).unwrap().is_none());
    assert_eq!(tracker.tours, BigUint::from(864u32));
}

/// A count whose states made in a step outgrow its memory, though the distinct ones fit,
/// merges them in rounds: the same count, within the cap.
#[test]
fn a_step_too_large_for_memory_is_taken_in_rounds() {
    let board = Board::new(6, 6).unwrap();
    let whole = count(&run(board, Leaper::KNIGHT, false, &[]), &|_| {}).unwrap();
    // Two threads leave room for two merges at once.
    for (threads, cap) in [
        (1, whole.peak_bytes * 7 / 8),
        (2, whole.peak_bytes * 15 / 16),
    ] {
        let tight = Frontier {
            memory: cap,
            threads,
            ..run(board, Leaper::KNIGHT, false, &[])
        };
        let found = count(&tight, &|_| {}).unwrap();
        assert_eq!(found.count, BigUint::from(6_637_920u32 / 2));
        assert!(found.peak_bytes <= cap);
    }
}
