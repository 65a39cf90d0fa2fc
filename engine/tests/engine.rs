//! The engine against the mathematics: every small board decided correctly, tours from every
//! valid start on larger boards, the oracle counts, proofs that agree with brute force, and
//! budgets that never pass for proofs. Every tour goes through the validator.

use std::time::Duration;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::count::{CountRequest, count_tours};
use knights_tour_engine::existence::{self, NoTourReason, Verdict};
use knights_tour_engine::search::{Search, SearchConfig, SearchEvent};
use knights_tour_engine::solve::{Layer, Method, Outcome, Request};
use knights_tour_engine::tour::validate;

mod common;
use common::solve_checked;

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

/// Asserts a validated tour exists for every start of `board` that the theorems allow.
fn assert_tour_from_every_valid_start(board: Board) {
    for start in board.squares() {
        if matches!(
            existence::verdict(board, start, false),
            Verdict::Impossible(_)
        ) {
            continue;
        }
        let outcome = solve_checked(&Request::new(board, start));
        assert!(
            matches!(outcome, Outcome::Tour { .. }),
            "{board} from {start}: {outcome:?}"
        );
    }
}

#[test]
fn every_board_up_to_10x10_decides_every_open_start() {
    for rows in 1..=10 {
        for cols in 1..=10 {
            let board = board(rows, cols);
            for start in board.squares() {
                let outcome = solve_checked(&Request::new(board, start));
                match (existence::verdict(board, start, false), &outcome) {
                    (Verdict::Impossible(expected), Outcome::NoTour { reason, layer, .. }) => {
                        assert_eq!((reason, *layer), (&expected, Layer::Existence));
                    }
                    (Verdict::Certain, Outcome::Tour { .. }) => {}
                    (
                        Verdict::Open,
                        Outcome::Tour { .. }
                        | Outcome::NoTour {
                            reason: NoTourReason::ExhaustiveSearch { .. },
                            ..
                        },
                    ) => {}
                    (verdict, outcome) => {
                        panic!("{board} from {start}: theorems say {verdict:?}, got {outcome:?}")
                    }
                }
            }
        }
    }
}

#[test]
fn every_board_up_to_10x10_decides_the_closed_tour_from_the_corner() {
    let corner = Square::new(0, 0);
    for rows in 1..=10 {
        for cols in 1..=10 {
            let board = board(rows, cols);
            let outcome = solve_checked(&Request::new(board, corner).closed(true));
            if existence::has_closed_tour(board) {
                assert!(
                    matches!(outcome, Outcome::Tour { .. }),
                    "{board}: {outcome:?}"
                );
            } else {
                assert!(
                    matches!(
                        outcome,
                        Outcome::NoTour {
                            reason: NoTourReason::NoClosedTour { .. },
                            ..
                        }
                    ),
                    "{board}: {outcome:?}"
                );
            }
        }
    }
}

#[test]
fn proofs_of_no_tour_agree_with_brute_force_on_small_boards() {
    // Every start of every board up to 25 squares with an open tour, and of the narrow boards
    // up to 33 squares where starts without a tour hide: the solver's verdict (a tour, a
    // theorem or an exhaustive search) must match an independent exhaustive count.
    let boards = [
        (3, 4),
        (4, 3),
        (3, 7),
        (3, 8),
        (8, 3),
        (4, 5),
        (5, 4),
        (4, 6),
        (5, 5),
        (3, 9),
        (3, 10),
        (10, 3),
        (3, 11),
        (4, 7),
        (7, 4),
        (5, 6),
    ];
    for (rows, cols) in boards {
        let board = board(rows, cols);
        for start in board.squares() {
            let tours = count_tours(&CountRequest {
                start: Some(start),
                ..CountRequest::new(board)
            })
            .unwrap()
            .tours;
            let outcome = solve_checked(&Request::new(board, start));
            assert_eq!(
                matches!(outcome, Outcome::Tour { .. }),
                tours > 0u8.into(),
                "{board} from {start}: {tours} tours, solver says {outcome:?}"
            );
        }
    }
}

#[test]
fn every_valid_start_of_square_boards_5_to_40_has_a_tour() {
    for n in 5..=40 {
        assert_tour_from_every_valid_start(board(n, n));
    }
}

#[test]
fn every_valid_start_of_rectangles_up_to_60x60_has_a_tour() {
    let sides = [5, 6, 7, 9, 12, 16, 23, 31, 45, 60];
    for rows in sides {
        for cols in sides.iter().filter(|&&cols| cols != rows) {
            assert_tour_from_every_valid_start(board(rows, *cols));
        }
    }
}

#[test]
fn narrow_strips_have_tours_from_every_valid_start() {
    for (rows, cols) in [(3, 9), (3, 10), (3, 16), (3, 31), (4, 9), (4, 16), (4, 31)] {
        assert_tour_from_every_valid_start(board(rows, cols));
        assert_tour_from_every_valid_start(board(cols, rows));
    }
}

#[test]
fn stepping_one_event_at_a_time_matches_running() {
    let board = board(6, 7);
    for config in [SearchConfig::backtracking(false), SearchConfig::naive(true)] {
        let start = Square::new(2, 3);
        let mut stepped = Search::new(board, start, config).unwrap();
        let mut events = 0;
        let last = loop {
            let event = stepped.step();
            events += 1;
            if event.is_final() {
                break event;
            }
            assert!(events < 10_000_000, "runaway search");
        };
        let mut ran = Search::new(board, start, config).unwrap();
        assert_eq!(ran.run(), last);
        assert_eq!(ran.stats(), stepped.stats());
        assert!(ran.path().eq(stepped.path()));
        assert_eq!(last, SearchEvent::Solved);
        validate(board, stepped.path(), config.closed, Some(start)).unwrap();
    }
}

#[test]
fn the_same_request_gives_the_same_tour() {
    for (rows, cols, closed) in [
        (8, 8, false),
        (12, 7, false),
        (10, 10, true),
        (5, 20, false),
    ] {
        let request = Request::new(board(rows, cols), Square::new(1, 2)).closed(closed);
        let (first, second) = (solve_checked(&request), solve_checked(&request));
        match (first, second) {
            (Outcome::Tour { tour: a, .. }, Outcome::Tour { tour: b, .. }) => assert_eq!(a, b),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_budget_that_runs_out_is_never_reported_as_no_tour() {
    // 3x8 has no open tour from 1,2; proving it takes a few hundred nodes.
    let mut request = Request::new(board(3, 8), Square::new(1, 2));
    let proved = solve_checked(&request);
    assert!(
        matches!(
            proved,
            Outcome::NoTour {
                reason: NoTourReason::ExhaustiveSearch { .. },
                ..
            }
        ),
        "{proved:?}"
    );
    request.node_budget = 20;
    let rushed = solve_checked(&request);
    assert!(
        matches!(rushed, Outcome::BudgetExceeded { .. }),
        "{rushed:?}"
    );
    let mut naive = Request::new(board(8, 8), Square::new(0, 0)).method(Method::Naive);
    naive.time_limit = Some(Duration::from_millis(20));
    let timed_out = solve_checked(&naive);
    assert!(
        matches!(timed_out, Outcome::BudgetExceeded { .. }),
        "{timed_out:?}"
    );
}

/// A request the theorems refuse is answered by the theorem (a proof, exit 1 on the command
/// line) whatever the method: a single layer would give up or prove it again the long way.
#[test]
fn every_method_answers_what_the_theorems_refuse_with_the_theorem() {
    let refused = [
        (board(3, 4), Square::new(0, 1), false), // an inner line of 3x4
        (board(5, 5), Square::new(0, 1), false), // the minority colour of an odd board
        (board(4, 6), Square::new(0, 0), true),  // Schwenk: no closed tour on 4xn
        (board(3, 5), Square::new(0, 0), false), // no open tour on 3x5 at all
    ];
    for (board, start, closed) in refused {
        let Verdict::Impossible(expected) = existence::verdict(board, start, closed) else {
            panic!("the theorems refuse {board} from {start}");
        };
        for method in Method::ALL {
            let request = Request::new(board, start).closed(closed).method(method);
            match solve_checked(&request) {
                Outcome::NoTour {
                    reason,
                    layer,
                    stats,
                } => {
                    assert_eq!(reason, expected, "{request:?}");
                    assert_eq!(layer, Layer::Existence, "{request:?}");
                    assert_eq!(stats.nodes, 0, "{request:?}");
                }
                other => panic!("{request:?}: {other:?}"),
            }
        }
    }
}

#[test]
fn single_layer_methods_answer_alone() {
    let chessboard = board(8, 8);
    let corner = Square::new(0, 0);
    let greedy = solve_checked(&Request::new(chessboard, corner).method(Method::Warnsdorff));
    assert!(
        matches!(greedy, Outcome::Tour { layer: Layer::Warnsdorff, stats, .. } if stats.nodes == 64),
        "{greedy:?}"
    );
    let backtrack = solve_checked(&Request::new(chessboard, corner).method(Method::Backtrack));
    assert!(matches!(
        backtrack,
        Outcome::Tour {
            layer: Layer::Backtrack,
            ..
        }
    ));
    // The naive order from the corner needs far more than a thousand nodes.
    let mut naive = Request::new(chessboard, corner).method(Method::Naive);
    naive.node_budget = 1000;
    assert!(matches!(
        solve_checked(&naive),
        Outcome::BudgetExceeded {
            layer: Layer::Naive,
            ..
        }
    ));
    let small = Request::new(board(5, 5), Square::new(2, 2)).method(Method::Naive);
    assert!(matches!(
        solve_checked(&small),
        Outcome::Tour {
            layer: Layer::Naive,
            ..
        }
    ));
}

#[test]
fn large_boards_are_answered_in_linear_work() {
    // A minority-colour start on a huge odd board is refused by a theorem, allocating nothing.
    let huge = board(19_999, 19_999);
    let refused = solve_checked(&Request::new(huge, Square::new(0, 1)));
    assert!(matches!(
        refused,
        Outcome::NoTour {
            layer: Layer::Existence,
            ..
        }
    ));
    // A million squares: the greedy pass alone, and `auto`, which constructs a board this
    // large (it is far above the construction threshold); both validated.
    let million = board(1000, 1000);
    let corner = Square::new(0, 0);
    let greedy = solve_checked(&Request::new(million, corner).method(Method::Warnsdorff));
    assert!(
        matches!(
            greedy,
            Outcome::Tour {
                layer: Layer::Warnsdorff,
                ..
            }
        ),
        "{greedy:?}"
    );
    let auto = solve_checked(&Request::new(million, corner));
    assert_eq!(auto.layer(), Layer::Construct, "{auto:?}");
}
