//! Tour counts against OEIS, the two counting methods against each other, and the frontier
//! count's threads, deadline and memory cap.
//!
//! Open tours are counted directed: twice OEIS's undirected figure where it gives that. The
//! slowest published figure, 7×7's 165,575,218,320 open tours, takes minutes of CPU and 3 GB:
//! it is a documented run (GUIDE.md, "Counting"), not a test.

use std::collections::HashMap;
use std::time::Instant;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::count::dataflow::{
    FrontierSteps, StateWord, Stepwise, Successor, frontier_steps,
};
use knights_tour_engine::count::{
    BigUint, Count, CountError, CountMethod, CountRequest, Partway, count_tours,
};

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

fn counted(request: CountRequest) -> Count {
    count_tours(&request).unwrap_or_else(|error| panic!("{request:?}: {error}"))
}

fn frontier(rows: u64, cols: u64, closed: bool) -> BigUint {
    let count = counted(CountRequest {
        closed,
        method: Some(CountMethod::Frontier),
        ..CountRequest::new(board(rows, cols))
    });
    assert_eq!(count.method, CountMethod::Frontier);
    count.tours
}

fn big(n: u64) -> BigUint {
    BigUint::from(n)
}

#[test]
fn open_counts_match_oeis() {
    // A165134, n×n directed.
    assert_eq!(frontier(5, 5, false), big(1_728));
    assert_eq!(frontier(6, 6, false), big(6_637_920));
    // A118067 (3×n directed) and twice A169696 (3×n undirected): 3×12 has 57,248.
    for (cols, directed) in [(4, 16), (7, 104), (8, 792), (9, 1_120), (10, 6_096)] {
        assert_eq!(frontier(3, cols, false), big(directed), "3x{cols}");
    }
    assert_eq!(frontier(3, 12, false), big(2 * 57_248));
    // Twice A079137 (4×n undirected): 4×5 82, 4×6 744, 4×10 1,213,112.
    assert_eq!(frontier(4, 5, false), big(164));
    assert_eq!(frontier(4, 6, false), big(1_488));
    assert_eq!(frontier(4, 10, false), big(2 * 1_213_112));
    // Twice A083386 (5×n undirected): 5×8 18,061,054.
    assert_eq!(frontier(5, 8, false), big(2 * 18_061_054));
}

#[test]
fn closed_counts_match_oeis() {
    // A001230 (n×n) and A175881 (6×n), undirected cycles; 3×10 and 3×12 from A070030.
    assert_eq!(frontier(6, 6, true), big(9_862));
    assert_eq!(frontier(5, 6, true), big(8));
    assert_eq!(frontier(3, 10, true), big(16));
    assert_eq!(frontier(3, 12, true), big(176));
    assert_eq!(frontier(6, 7, true), big(1_067_638));
    // Odd boards have no closed tour: every move changes colour.
    assert_eq!(frontier(5, 5, true), big(0));
}

#[test]
fn a_board_and_its_transpose_have_the_same_counts() {
    assert_eq!(frontier(8, 3, false), frontier(3, 8, false));
    assert_eq!(frontier(7, 6, true), big(1_067_638));
}

#[test]
fn counts_from_a_start_and_to_an_end_agree_with_enumeration() {
    for (rows, cols) in [(5, 5), (4, 5), (3, 7)] {
        let board = board(rows, cols);
        for start in board.squares() {
            for end in [
                None,
                Some(Square::new(rows as u32 - 1, cols as u32 - 1)),
                Some(Square::new(1, 2)),
            ] {
                let request = CountRequest {
                    start: Some(start),
                    end,
                    ..CountRequest::new(board)
                };
                let by = |method| {
                    counted(CountRequest {
                        method: Some(method),
                        ..request.clone()
                    })
                    .tours
                };
                assert_eq!(
                    by(CountMethod::Frontier),
                    by(CountMethod::Enumeration),
                    "{board} from {start} to {end:?}"
                );
            }
        }
    }
}

#[test]
fn the_quicker_method_is_picked_and_named() {
    // 4x4 has no open tour (Cull & De Curtins): the theorem answers.
    let four = counted(CountRequest::new(board(4, 4)));
    assert_eq!((four.tours, four.method), (big(0), CountMethod::Theorem));
    assert_eq!(
        counted(CountRequest::new(board(3, 4))).method,
        CountMethod::Enumeration
    );
    assert_eq!(
        counted(CountRequest::new(board(5, 6))).method,
        CountMethod::Frontier
    );
}

#[test]
fn threads_share_the_work_without_changing_the_count() {
    for threads in [2, 3] {
        let request = CountRequest {
            threads,
            ..CountRequest::new(board(5, 6))
        };
        assert_eq!(
            counted(request).tours,
            frontier(5, 6, false),
            "{threads} threads"
        );
    }
}

#[test]
fn a_count_stops_at_its_deadline_and_says_how_far_it_got() {
    let error = count_tours(&CountRequest {
        deadline: Some(Instant::now()),
        method: Some(CountMethod::Frontier),
        ..CountRequest::new(board(6, 6))
    })
    .unwrap_err();
    let CountError::Deadline {
        partway: Partway::Squares { of, .. },
    } = error
    else {
        panic!("{error:?}");
    };
    assert_eq!(of, 36);
}

#[test]
fn a_long_board_is_counted_exactly_and_within_its_deadline() {
    // 3×n open tours grow without bound: 3×400's count passes u128, so it is made in big
    // integers, widened as it goes. Stepping every state in big integers from the start, with
    // the other step (the cluster's), gives the same count.
    let long = CountRequest {
        threads: 2,
        ..CountRequest::new(board(3, 400))
    };
    let whole = counted(long.clone()).tours;
    assert!(whole > BigUint::from(u128::MAX), "{whole}");
    let Ok(Stepwise::Narrow(steps)) = frontier_steps(&long) else {
        panic!("3x400 steps in 64 bits");
    };
    assert_eq!(in_big_numbers(&steps), whole);
    // The deadline is kept on a board whose frontiers are too small to spread over threads.
    let rushed = count_tours(&CountRequest {
        deadline: Some(Instant::now()),
        ..CountRequest::new(board(4, 60_000))
    })
    .unwrap_err();
    assert!(matches!(rushed, CountError::Deadline { .. }), "{rushed:?}");
}

/// The count of `steps`, each frontier's counts in big integers from the first square.
fn in_big_numbers<W: StateWord>(steps: &FrontierSteps<W>) -> BigUint {
    let mut frontier = HashMap::from([(steps.first(), BigUint::from(1u8))]);
    let mut tours = BigUint::ZERO;
    for v in 0..steps.squares() {
        let mut next: HashMap<_, BigUint> = HashMap::new();
        for (state, count) in &frontier {
            steps.step(v, *state, |successor| match successor {
                Successor::State(state) => *next.entry(state).or_default() += count,
                Successor::Tour => tours += count,
            });
        }
        frontier = next;
    }
    steps.tours(tours)
}

#[test]
fn a_count_that_outgrows_its_memory_cap_stops_with_an_answer() {
    let cap = 1 << 20;
    let error = count_tours(&CountRequest {
        memory_cap: Some(cap),
        ..CountRequest::new(board(6, 6))
    })
    .unwrap_err();
    assert!(
        matches!(error, CountError::Memory { cap: c, .. } if c == cap),
        "{error:?}"
    );
    assert!(error.to_string().contains("1048576 bytes"), "{error}");
}

#[test]
fn bad_requests_are_refused() {
    // Asked for no method, a board neither count takes is refused with both reasons.
    let too_wide = count_tours(&CountRequest::new(board(13, 13))).unwrap_err();
    assert!(
        matches!(&too_wide, CountError::NoMethod { frontier }
            if matches!(**frontier, CountError::TooWide { window: 27, .. })),
        "{too_wide:?}"
    );
    assert!(
        too_wide.to_string().contains("at most 40 squares"),
        "{too_wide}"
    );
    let too_long = count_tours(&CountRequest::new(board(3, 100_000))).unwrap_err();
    assert!(
        matches!(&too_long, CountError::NoMethod { frontier }
            if matches!(**frontier, CountError::TooLong { .. })),
        "{too_long:?}"
    );
    assert!(
        too_long.to_string().contains("3x100000 has 300000"),
        "{too_long}"
    );
    let enumerated = count_tours(&CountRequest {
        method: Some(CountMethod::Enumeration),
        ..CountRequest::new(board(8, 8))
    })
    .unwrap_err();
    assert!(
        enumerated.to_string().contains("8x8 has 64"),
        "{enumerated}"
    );
}

#[test]
fn the_larger_published_counts_match_oeis() {
    // Twice A083386: 5×9 has 264,895,640 undirected open tours.
    assert_eq!(frontier(5, 9, false), big(2 * 264_895_640));
    // A175881: 6×8 has 55,488,142 closed tours.
    assert_eq!(frontier(6, 8, true), big(55_488_142));
}

/// The Luschny challenge's table (github.com/PeterLuschny/Hamiltonian_Paths_On_Knight_Graphs,
/// README): the undirected Hamiltonian paths (OEIS A390833) and cycles (OEIS A392000) of the
/// knight's graph on every k×n board with k, n >= 3 and k·n <= 40, as (k, n, paths, cycles).
const LUSCHNY: [(u64, u64, u64, u64); 40] = [
    (3, 3, 0, 0),
    (3, 4, 8, 0),
    (3, 5, 0, 0),
    (3, 6, 0, 0),
    (3, 7, 52, 0),
    (3, 8, 396, 0),
    (3, 9, 560, 0),
    (3, 10, 3_048, 16),
    (3, 11, 10_672, 0),
    (3, 12, 57_248, 176),
    (4, 3, 8, 0),
    (4, 4, 0, 0),
    (4, 5, 82, 0),
    (4, 6, 744, 0),
    (4, 7, 6_378, 0),
    (4, 8, 31_088, 0),
    (4, 9, 189_688, 0),
    (4, 10, 1_213_112, 0),
    (5, 3, 0, 0),
    (5, 4, 82, 0),
    (5, 5, 864, 0),
    (5, 6, 18_784, 8),
    (5, 7, 622_868, 0),
    (5, 8, 18_061_054, 44_202),
    (6, 3, 0, 0),
    (6, 4, 744, 0),
    (6, 5, 18_784, 8),
    (6, 6, 3_318_960, 9_862),
    (7, 3, 52, 0),
    (7, 4, 6_378, 0),
    (7, 5, 622_868, 0),
    (8, 3, 396, 0),
    (8, 4, 31_088, 0),
    (8, 5, 18_061_054, 44_202),
    (9, 3, 560, 0),
    (9, 4, 189_688, 0),
    (10, 3, 3_048, 16),
    (10, 4, 1_213_112, 0),
    (11, 3, 10_672, 0),
    (12, 3, 57_248, 176),
];

#[test]
fn every_count_of_the_luschny_table_matches() {
    for (rows, cols, paths, cycles) in LUSCHNY {
        let board = board(rows, cols);
        let open = counted(CountRequest::new(board)).tours;
        let closed = counted(CountRequest {
            closed: true,
            ..CountRequest::new(board)
        })
        .tours;
        // Open tours are counted directed: each path from both of its ends.
        assert_eq!(open, big(2 * paths), "{board} paths");
        assert_eq!(closed, big(cycles), "{board} cycles");
    }
}
