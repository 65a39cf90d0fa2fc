//! The construction layer: every board it claims, every start, each tour through the validator.
//!
//! Tours come from `solve` with `Method::Construct` (so the theorems and the validator run as a
//! user would see them), or from `construct` directly and then `Tour::new`, which validates.

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::construct::{self, Construction};
use knights_tour_engine::existence::{self, NoTourReason, Verdict};
use knights_tour_engine::solve::{Layer, Method, Outcome, Request, solve};
use knights_tour_engine::tour::{Tour, TourError, Validator};

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

fn construct_request(board: Board, start: Square, closed: bool) -> Request {
    Request::new(board, start)
        .closed(closed)
        .method(Method::Construct)
}

/// A constructed tour, validated by `Tour::new`.
fn constructed(board: Board, start: Square, closed: bool) -> Tour {
    let construction: Construction = construct::construct(board, start, closed)
        .unwrap_or_else(|error| panic!("{board} from {start}, closed {closed}: {error}"));
    Tour::new(board, construction.path().unwrap(), closed, Some(start))
        .unwrap_or_else(|error| panic!("{board} from {start}, closed {closed}: {error}"))
}

/// Solves by `--method construct` and checks the answer: a tour (validated on the way out of
/// `solve`) wherever the theorems allow one, else their proof.
fn solve_by_construction(board: Board, start: Square, closed: bool) -> Outcome {
    let outcome = solve(&construct_request(board, start, closed)).unwrap();
    match (&outcome, existence::verdict(board, start, closed)) {
        (Outcome::Tour { tour, .. }, Verdict::Certain | Verdict::Open) => {
            assert_eq!(tour.start(), start);
            assert_eq!(tour.is_closed(), closed);
        }
        (Outcome::NoTour { layer, .. }, Verdict::Impossible(_)) => {
            assert_eq!(*layer, Layer::Existence);
        }
        (other, verdict) => panic!("{board} from {start}: {other:?} where {verdict:?}"),
    }
    outcome
}

#[test]
fn closed_tours_on_every_board_from_5x5_to_40x40() {
    let mut built = 0;
    for rows in 5..=40 {
        for cols in 5..=40 {
            let board = board(rows, cols);
            if !existence::has_closed_tour(board) {
                let outcome = solve_by_construction(board, Square::new(0, 0), true);
                assert!(matches!(outcome, Outcome::NoTour { .. }));
                continue;
            }
            let start = Square::new(rows as u32 / 2, cols as u32 / 3);
            let outcome = solve_by_construction(board, start, true);
            // A board of one block (both sides at most 10) is the search's to answer.
            if rows > 10 || cols > 10 {
                assert_eq!(outcome.layer(), Layer::Construct, "{board}");
                built += 1;
            }
        }
    }
    assert_eq!(built, 36 * 36 - 18 * 18 - (6 * 6 - 3 * 3));
}

#[test]
fn closed_tours_on_3xn_strips_up_to_60_both_ways_round() {
    for n in 3..=60 {
        for board in [board(3, n), board(n, 3)] {
            let outcome = solve_by_construction(board, Square::new(0, 0), true);
            let expected = n % 2 == 0 && n >= 10;
            assert_eq!(matches!(outcome, Outcome::Tour { .. }), expected, "{board}");
            if expected && n > 12 {
                assert_eq!(outcome.layer(), Layer::Construct, "{board}");
            }
        }
    }
}

/// Open tours from every start of `board`: a tour wherever the theorems allow one (by the
/// construction, or by the search where the construction hands over), and the theorem's
/// proof elsewhere. Returns the starts that no tour leaves from, with their proofs.
fn every_start(board: Board) -> Vec<(Square, NoTourReason)> {
    let mut refused = Vec::new();
    for start in board.squares() {
        match solve(&construct_request(board, start, false)).unwrap() {
            Outcome::Tour { tour, .. } => assert_eq!(tour.start(), start),
            Outcome::NoTour { reason, .. } => refused.push((start, reason)),
            other => panic!("{board} from {start}: {other:?}"),
        }
    }
    refused
}

#[test]
fn open_tours_from_every_start_on_each_shape_class() {
    // Even x even, odd x even (both ways round), odd x odd, up to 40x40.
    for (rows, cols) in [
        (6, 6),
        (8, 8),
        (8, 10),
        (40, 40),
        (5, 6),
        (7, 10),
        (12, 9),
        (9, 40),
        (5, 5),
        (7, 7),
        (9, 11),
        (5, 39),
        (39, 39),
    ] {
        let board = board(rows, cols);
        let refused = every_start(board);
        for (start, reason) in &refused {
            assert!(
                matches!(reason, NoTourReason::MinorityColourStart { .. }),
                "{board} from {start}: {reason}"
            );
        }
        let expected = if board.has_odd_area() {
            board.area() / 2
        } else {
            0
        };
        assert_eq!(refused.len() as u64, expected, "{board}");
    }
}

#[test]
fn open_tours_on_3xn_strips_from_every_start() {
    for n in (4..=40).filter(|&n| n != 5 && n != 6) {
        let refused = every_start(board(3, n));
        let proved_by_search: Vec<Square> = refused
            .iter()
            .filter(|(_, reason)| matches!(reason, NoTourReason::ExhaustiveSearch { .. }))
            .map(|&(start, _)| start)
            .collect();
        // The starts no theorem rules out but an exhaustive search does (see `existence`).
        let expected = match n {
            7 => vec![Square::new(1, 3)],
            8 => vec![Square::new(1, 2), Square::new(1, 5)],
            _ => vec![],
        };
        assert_eq!(proved_by_search, expected, "3x{n}");
        for (start, reason) in refused {
            assert!(
                matches!(
                    reason,
                    NoTourReason::MinorityColourStart { .. }
                        | NoTourReason::InnerLineStart { .. }
                        | NoTourReason::ExhaustiveSearch { .. }
                ),
                "3x{n} from {start}: {reason}"
            );
        }
    }
}

#[test]
fn open_tours_on_upright_strips_from_every_start() {
    for (rows, cols) in [
        (7, 3),
        (8, 3),
        (21, 3),
        (40, 3),
        (5, 4),
        (9, 4),
        (23, 4),
        (40, 4),
    ] {
        let refused = every_start(board(rows, cols));
        let expected = every_start(board(cols, rows)).len();
        assert_eq!(refused.len(), expected, "{rows}x{cols}");
    }
}

#[test]
fn open_tours_on_tall_3xn_and_4xn_strips_are_built_transposed() {
    let tall = board(41, 3);
    for start in [Square::new(0, 0), Square::new(20, 0), Square::new(39, 1)] {
        constructed(tall, start, false);
    }
    let tall = board(40, 4);
    for start in [Square::new(0, 0), Square::new(2, 3), Square::new(39, 3)] {
        constructed(tall, start, false);
    }
}

#[test]
fn open_tours_on_4xn_strips_from_every_outer_start() {
    for n in (5..=40).chain([61]) {
        let board = board(4, n);
        let refused = every_start(board);
        // Exactly the inner lines are refused, by the theorem.
        assert_eq!(refused.len() as u64, 2 * n, "{board}");
        for (start, reason) in refused {
            assert!(
                matches!(reason, NoTourReason::InnerLineStart { .. }),
                "{board} from {start}: {reason}"
            );
        }
    }
}

#[test]
fn sampled_starts_on_boards_up_to_1000x1001() {
    for (rows, cols) in [
        (1000, 1001),
        (999, 999),
        (1000, 1000),
        (5, 1000),
        (3, 1000),
        (3, 1001),
        (4, 1000),
        (1001, 4),
    ] {
        let board = board(rows, cols);
        let (r, c) = (rows as u32, cols as u32);
        let starts = [
            Square::new(0, 0),
            Square::new(r - 1, c - 1),
            Square::new(r / 2, c / 2),
            Square::new(r / 3 * 2, c / 7),
            Square::new(1, c - 2),
            Square::new(r - 1, 0),
        ];
        for start in starts {
            if !matches!(
                existence::verdict(board, start, false),
                Verdict::Impossible(_)
            ) {
                constructed(board, start, false);
            }
        }
        if existence::has_closed_tour(board) {
            constructed(board, Square::new(r / 2, c / 2), true);
        }
    }
}

#[test]
fn the_construction_is_deterministic() {
    let board = board(101, 99);
    let start = Square::new(50, 50);
    assert_eq!(
        constructed(board, start, false),
        constructed(board, start, false)
    );
}

#[test]
fn auto_constructs_at_the_threshold_and_searches_below_it() {
    let big = board(40, 40);
    let outcome = solve(&Request::new(big, Square::new(0, 0))).unwrap();
    assert_eq!(outcome.layer(), Layer::Construct);
    let mut below = Request::new(big, Square::new(0, 0));
    below.construct_threshold = big.area() + 1;
    assert_ne!(solve(&below).unwrap().layer(), Layer::Construct);
    let mut small = Request::new(board(12, 12), Square::new(0, 0));
    assert_ne!(solve(&small).unwrap().layer(), Layer::Construct);
    small.construct_threshold = 0;
    assert_eq!(solve(&small).unwrap().layer(), Layer::Construct);
}

#[test]
fn construct_hands_one_block_boards_to_the_search_and_names_its_layer() {
    // Boards of one block are a search of the whole board: the search answers, and says so.
    for (rows, cols) in [(3, 4), (8, 8), (5, 5)] {
        let outcome = solve(&construct_request(
            board(rows, cols),
            Square::new(0, 0),
            false,
        ))
        .unwrap();
        assert!(matches!(outcome, Outcome::Tour { .. }));
        assert_ne!(outcome.layer(), Layer::Construct);
    }
    let outcome = solve(&construct_request(board(12, 12), Square::new(0, 0), false)).unwrap();
    assert_eq!(outcome.layer(), Layer::Construct);
}

#[test]
fn the_fast_index_check_agrees_with_the_streaming_validator() {
    let board = board(6, 7);
    let good = constructed(board, Square::new(0, 0), false).into_indices();
    let streamed = |path: &[u32], closed: bool| {
        let mut validator = Validator::new(board, closed, Some(Square::new(0, 0)));
        for &index in path {
            if u64::from(index) >= board.area() {
                return Err("off".to_string());
            }
            validator
                .push(board.square_at(index))
                .map_err(|e| e.to_string())?;
        }
        validator.finish().map_err(|e| e.to_string())
    };
    // `Tour::new` checks a whole path with the fast index check.
    let fast = |path: &[u32], closed: bool| {
        Tour::new(board, path.to_vec(), closed, Some(Square::new(0, 0)))
            .map(|_| ())
            .map_err(|e| match e {
                TourError::OffBoard { .. } => "off".to_string(),
                other => other.to_string(),
            })
    };
    for i in 0..good.len() {
        for j in [i + 1, i + 7, good.len() - 1] {
            let mut path = good.clone();
            if j < path.len() {
                path.swap(i, j);
            }
            for closed in [false, true] {
                assert_eq!(fast(&path, closed), streamed(&path, closed), "{i} {j}");
            }
        }
        let mut cut = good.clone();
        cut.truncate(i);
        assert_eq!(fast(&cut, false), streamed(&cut, false));
        let mut wrapped = good.clone();
        // A step along a row that wraps round the board's edge: same difference, no move.
        wrapped[i] = (wrapped[i] + 5) % board.area() as u32;
        assert_eq!(fast(&wrapped, false), streamed(&wrapped, false));
    }
}

#[test]
fn a_million_square_tour_is_checked_on_two_threads_and_a_bad_step_is_caught() {
    // Past 2^20 squares the halves are checked apart; errors are the same as in order.
    let board = board(1100, 1000);
    let good = constructed(board, Square::new(0, 0), true).into_indices();
    let mut swapped = good.clone();
    swapped.swap(500_000, 500_001);
    assert!(matches!(
        Tour::new(board, swapped, true, None),
        Err(TourError::NotAMove { step: 500_000, .. })
    ));
    let mut repeated = good.clone();
    let n = repeated.len();
    repeated[n - 1] = repeated[0];
    assert!(Tour::new(board, repeated, true, None).is_err());
    let mut short = good;
    short.pop();
    assert!(matches!(
        Tour::new(board, short, false, None),
        Err(TourError::Incomplete { .. })
    ));
}

#[test]
fn a_sixteen_million_square_board_closed_and_open() {
    let board = board(4000, 4000);
    constructed(board, Square::new(0, 0), true);
    let odd = Board::new(3999, 4001).unwrap();
    constructed(odd, Square::new(1999, 2001), false);
}

/// The target board, 10^8 squares, held in memory and validated (its path 400 MB, the
/// check's bits 25 MB; a second or two). Streamed, it takes far less: see tests/streaming.rs.
#[test]
fn the_ten_thousand_squared_board_closed() {
    let board = board(10_000, 10_000);
    constructed(board, Square::new(5000, 5000), true);
}
