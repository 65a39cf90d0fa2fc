//! The starts map against the theorems, the exhaustive count and the solver itself.

use std::sync::Mutex;
use std::time::Duration;

use super::*;
use crate::count::{CountRequest, count_tours};
use crate::existence::NoTourReason;
use crate::solve::{GiveUp, Outcome, solve};

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

fn quietly(_: usize, _: usize) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

fn map(request: &Request, threads: usize) -> StartsMap {
    map_starts(request, &MapSettings::threads(threads), &quietly).unwrap()
}

/// The open tours of `board` from `start` (to `end`, if given) the exhaustive count finds; none
/// where the count refuses the question (an end on the start).
fn open_tours(board: Board, start: Square, end: Option<Square>) -> u64 {
    count_tours(&CountRequest {
        start: Some(start),
        end,
        ..CountRequest::new(board)
    })
    .map_or(0, |count| {
        u64::try_from(&count.tours).expect("a small board's count fits in 64 bits")
    })
}

fn is_tour(answer: &StartAnswer) -> bool {
    matches!(answer.outcome, StartOutcome::Tour { .. })
}

#[test]
fn open_5x5_has_tours_from_the_13_majority_squares_and_theorems_for_the_12_others() {
    let map = map(&Request::new(board(5, 5), Square::new(0, 0)), 2);
    assert_eq!(
        map.tally(),
        Tally {
            tours: 13,
            no_tour: 12,
            gave_up: 0,
            not_reached: 0,
        }
    );
    for answer in &map.answers {
        let majority = answer.square.is_majority_colour();
        assert_eq!(is_tour(answer), majority, "{}", answer.square);
        if !majority {
            assert!(matches!(
                answer.outcome,
                StartOutcome::NoTour(Proof::Theorem(NoTourReason::MinorityColourStart { .. }))
            ));
            assert_eq!(answer.nodes, 0);
        } else {
            assert!(answer.nodes >= 25, "a tour places every square");
        }
    }
}

#[test]
fn open_3x8_proves_1_2_by_search_and_its_mirror_1_5_by_symmetry() {
    let board = board(3, 8);
    let map = map(&Request::new(board, Square::new(0, 0)), 2);
    let searched = map.answer(Square::new(1, 2));
    let StartOutcome::NoTour(Proof::Search { reason, .. }) = &searched.outcome else {
        panic!("1,2: {searched:?}");
    };
    assert!(searched.nodes > 0);
    let mirrored = map.answer(Square::new(1, 5));
    assert_eq!(mirrored.nodes, 0);
    let StartOutcome::NoTour(proof @ Proof::Symmetric { from, symmetry, .. }) = &mirrored.outcome
    else {
        panic!("1,5: {mirrored:?}");
    };
    assert_eq!(*from, Square::new(1, 2));
    assert_eq!(*symmetry, Symmetry::MirrorLeftRight);
    let NoTourReason::ExhaustiveSearch { nodes, .. } = reason else {
        panic!("{reason:?}");
    };
    assert_eq!(
        proof.to_string(),
        format!(
            "no tour starts at 1,5: the left-right mirror of the board takes 1,2 to it, and an \
             exhaustive search of {nodes} nodes from 1,2 found none"
        )
    );
}

#[test]
fn tours_are_found_exactly_where_the_exhaustive_count_finds_some() {
    for (rows, cols) in [(3, 8), (8, 3), (3, 7), (4, 5), (5, 5), (3, 4)] {
        let board = board(rows, cols);
        let map = map(&Request::new(board, Square::new(0, 0)), 2);
        assert_eq!(map.tally().gave_up, 0, "{board}");
        for answer in &map.answers {
            let count = open_tours(board, answer.square, None);
            assert_eq!(is_tour(answer), count > 0, "{board} from {}", answer.square);
        }
    }
}

#[test]
fn closed_5x5_is_refused_by_schwenk_from_every_square_without_search() {
    let map = map(
        &Request::new(board(5, 5), Square::new(0, 0)).closed(true),
        2,
    );
    assert_eq!(map.tally().no_tour, 25);
    assert!(map.answers.iter().all(|answer| answer.nodes == 0
        && matches!(
            answer.outcome,
            StartOutcome::NoTour(Proof::Theorem(NoTourReason::NoClosedTour { .. }))
        )));
}

#[test]
fn each_searched_answer_is_what_solve_answers_from_that_square() {
    let mut request = Request::new(board(6, 6), Square::new(0, 0)).method(Method::Naive);
    request.node_budget = 20_000;
    let map = map(&request, 2);
    let tally = map.tally();
    assert!(tally.tours > 0 && tally.gave_up > 0, "{tally:?}");
    for answer in &map.answers {
        let alone = solve(&Request {
            start: answer.square,
            ..request.clone()
        })
        .unwrap();
        assert_eq!(answer.nodes, alone.stats().nodes, "{}", answer.square);
        let same_kind = match (&answer.outcome, &alone) {
            (StartOutcome::Tour { layer, .. }, Outcome::Tour { layer: alone, .. }) => {
                layer == alone
            }
            (
                StartOutcome::BudgetExceeded { cause },
                Outcome::BudgetExceeded { cause: alone, .. },
            ) => cause == alone,
            _ => false,
        };
        assert!(same_kind, "{}: {answer:?} against {alone:?}", answer.square);
    }
}

#[test]
fn one_thread_and_several_give_the_same_map() {
    for (rows, cols, method) in [(3, 8, Method::Auto), (6, 6, Method::Backtrack)] {
        let request = Request::new(board(rows, cols), Square::new(0, 0)).method(method);
        assert_eq!(map(&request, 1), map(&request, 3), "{rows}x{cols} {method}");
    }
}

#[test]
fn progress_counts_every_answer_in_order_and_can_stop_the_run() {
    let request = Request::new(board(5, 6), Square::new(0, 0));
    let calls = Mutex::new(Vec::new());
    let record = |done: usize, total: usize| {
        calls.lock().unwrap().push((done, total));
        ControlFlow::Continue(())
    };
    map_starts(&request, &MapSettings::threads(2), &record).unwrap();
    let expected: Vec<_> = (1..=30).map(|done| (done, 30)).collect();
    assert_eq!(*calls.lock().unwrap(), expected);

    calls.lock().unwrap().clear();
    let stop_at_3 = |done: usize, total: usize| {
        calls.lock().unwrap().push((done, total));
        if done == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    assert_eq!(
        map_starts(&request, &MapSettings::threads(2), &stop_at_3),
        Err(StartsError::Stopped)
    );
    assert_eq!(*calls.lock().unwrap(), vec![(1, 30), (2, 30), (3, 30)]);
}

#[test]
fn a_deadline_that_has_passed_leaves_the_starts_not_reached() {
    let mut request = Request::new(board(5, 5), Square::new(0, 0));
    request.time_limit = Some(Duration::ZERO);
    let map = map(&request, 2);
    assert_eq!(
        map.tally(),
        Tally {
            tours: 0,
            no_tour: 12,
            gave_up: 13,
            not_reached: 13,
        }
    );
    for answer in &map.answers {
        assert_eq!(answer.nodes, 0, "no start is searched after the deadline");
        if answer.outcome.gave_up() {
            assert_eq!(
                answer.outcome,
                StartOutcome::NotReached {
                    cause: GiveUp::Deadline {
                        allowed: Duration::ZERO
                    }
                }
            );
        }
    }
}

#[test]
fn a_map_budget_bounds_the_whole_map_and_leaves_the_rest_not_reached() {
    let request = Request::new(board(6, 6), Square::new(0, 0)).method(Method::Backtrack);
    let whole = map(&request, 1);
    let spent: u64 = whole.answers.iter().map(|answer| answer.nodes).sum();
    // Half of what the whole map takes: some starts are answered, the rest not reached.
    for threads in [1, 2] {
        let settings = MapSettings {
            threads,
            map_budget: Some(spent / 2),
        };
        let half = map_starts(&request, &settings, &quietly).unwrap();
        let half_spent: u64 = half.answers.iter().map(|answer| answer.nodes).sum();
        assert!(half_spent <= spent / 2, "{half_spent} of {}", spent / 2);
        let tally = half.tally();
        assert!(tally.tours > 0 && tally.not_reached > 0, "{tally:?}");
        for answer in &half.answers {
            match &answer.outcome {
                StartOutcome::NotReached { cause } => {
                    assert_eq!(*cause, GiveUp::NodeBudget { budget: spent / 2 });
                    assert_eq!(answer.nodes, 0);
                }
                // What was answered is what the whole map answered there.
                StartOutcome::Tour { .. } | StartOutcome::NoTour(_) => {
                    assert_eq!(answer, whole.answer(answer.square))
                }
                StartOutcome::BudgetExceeded { cause } => {
                    assert_eq!(*cause, GiveUp::NodeBudget { budget: spent / 2 })
                }
                StartOutcome::Hole => panic!("a rectangle has no hole"),
            }
        }
    }
}

#[test]
fn a_board_too_large_or_a_memory_cap_too_small_is_an_error() {
    let too_large = board(257, 256);
    assert_eq!(
        map_starts(
            &Request::new(too_large, Square::new(0, 0)),
            &MapSettings::threads(2),
            &quietly
        ),
        Err(StartsError::TooLarge {
            board: too_large,
            ends: false
        })
    );
    // A map of ends speaks of ends.
    let ends = map_ends(
        &Request::new(too_large, Square::new(5, 7)),
        &MapSettings::threads(2),
        &quietly,
    )
    .unwrap_err()
    .to_string();
    assert!(
        ends.starts_with("an ends map of the 257x256 board") && !ends.contains("start"),
        "{ends}"
    );
    let mut request = Request::new(board(8, 8), Square::new(0, 0));
    request.memory_cap = Some(16);
    let error = map_starts(&request, &MapSettings::threads(2), &quietly).unwrap_err();
    assert!(
        matches!(
            error,
            StartsError::Solve {
                start: Square { row: 0, col: 0 },
                error: SolveError::TooLarge { .. }
            }
        ),
        "{error:?}"
    );
}

#[test]
fn tour_and_no_tour_never_meet_in_one_orbit() {
    for (rows, cols) in [(3, 8), (5, 5), (3, 7), (6, 6), (4, 5)] {
        let board = board(rows, cols);
        let map = map(&Request::new(board, Square::new(0, 0)), 2);
        for answer in &map.answers {
            let representative = map.answer(Symmetry::representative(board, answer.square));
            assert_eq!(is_tour(answer), is_tour(representative), "{board}");
        }
    }
}

#[test]
fn starts_to_one_end_have_tours_exactly_where_the_exhaustive_count_finds_some() {
    let mut copied = 0;
    for (rows, cols, end) in [
        (5, 5, Square::new(2, 2)),
        (4, 5, Square::new(0, 4)),
        (3, 7, Square::new(0, 0)),
    ] {
        let board = board(rows, cols);
        let request = Request::new(board, Square::new(0, 0)).ending_at(end);
        let map = map(&request, 2);
        assert_eq!(map.end, Some(end));
        assert_eq!(map.start, None);
        assert_eq!(map.tally().gave_up, 0, "{board}");
        for answer in &map.answers {
            let count = open_tours(board, answer.square, Some(end));
            assert_eq!(
                is_tour(answer),
                count > 0,
                "{board} from {} to {end}: {:?}",
                answer.square,
                answer.outcome
            );
            if let StartOutcome::NoTour(proof @ Proof::Symmetric { from, symmetry, .. }) =
                &answer.outcome
            {
                assert_eq!(
                    symmetry.apply(board, end),
                    end,
                    "the symmetry keeps the end"
                );
                assert_eq!(symmetry.apply(board, *from), answer.square);
                let said = proof.to_string();
                let opening = format!("no tour from {} ends at {end}: ", answer.square);
                assert!(said.starts_with(&opening), "{said}");
                assert!(said.contains(&format!("keeps {end} and takes {from}")));
                copied += 1;
            }
        }
        let at_end = map.answer(end);
        assert!(matches!(
            at_end.outcome,
            StartOutcome::NoTour(Proof::Theorem(NoTourReason::EndIsStart { .. }))
        ));
    }
    // The centre of 5x5 is kept by all eight symmetries: proofs of it are copied.
    assert!(copied > 0, "no proof was copied by a symmetry");
}

#[test]
fn a_start_map_to_an_end_is_made_for_open_tours_only() {
    let request = Request::new(board(6, 6), Square::new(0, 0))
        .closed(true)
        .ending_at(Square::new(5, 5));
    assert_eq!(
        map_starts(&request, &MapSettings::threads(1), &quietly),
        Err(StartsError::ClosedEnds)
    );
}
