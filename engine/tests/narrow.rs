//! Narrow boards decided exactly (the frontier layer), against oracles the engine did not make:
//! the tests' brute force (`brute/mod.rs`: every path of the piece enumerated square by square,
//! cut only where no path can cover the board), which reproduces the published counts
//! (OEIS A118067 and A169696 for 3×n, A079137 for 4×n) before it judges anything; and a
//! validator written here for the tours on long strips. Every tour also passed the engine's
//! validator, which made it.

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::existence::NoTourReason;
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::solve::{Layer, Outcome, Request, solve};

mod brute;
use brute::{Completions, leaper_moves};

/// Every path of the piece (`moves`) that begins with `prefix` and covers the board, found by
/// the brute force without a limit (these boards are small).
fn completions(moves: &[u64], prefix: &[usize]) -> Completions {
    brute::completions(moves, prefix, u64::MAX).expect("the brute force has no limit")
}

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

/// Checks `path` (squares) as a tour of the piece `(a, b)` on `board` from `start`, ending on
/// `end` if given, closed if asked: written here, independent of the engine's validator.
fn assert_tour(
    board: Board,
    piece: (u32, u32),
    path: &[Square],
    start: Square,
    end: Option<Square>,
    closed: bool,
) {
    let is_move = |from: Square, to: Square| {
        let (dr, dc) = (from.row.abs_diff(to.row), from.col.abs_diff(to.col));
        (dr, dc) == piece || (dc, dr) == piece
    };
    assert_eq!(
        path.len() as u64,
        board.area(),
        "{board}: every square once"
    );
    let mut seen = vec![false; path.len()];
    for &square in path {
        assert!(
            square.row < board.rows() && square.col < board.cols(),
            "{square} off {board}"
        );
        let index = (square.row * board.cols() + square.col) as usize;
        assert!(!seen[index], "{board}: {square} twice");
        seen[index] = true;
    }
    for pair in path.windows(2) {
        assert!(
            is_move(pair[0], pair[1]),
            "{board}: {} to {}",
            pair[0],
            pair[1]
        );
    }
    assert_eq!(path[0], start, "{board}: the start");
    if let Some(end) = end {
        assert_eq!(path.last(), Some(&end), "{board}: the end");
    }
    if closed {
        assert!(is_move(*path.last().unwrap(), start), "{board}: closed");
    }
}

/// The layer's answer to `request`: a tour (checked here, from the start, along the route) or
/// a proof, as the brute force's `exists` says; a proof by the theorems or by the count.
fn assert_answer(request: &Request, piece: (u32, u32), exists: bool) {
    let outcome = solve(request).unwrap();
    match &outcome {
        Outcome::Tour { tour, layer, .. } => {
            assert!(exists, "{request:?}: a tour where the brute force has none");
            assert_eq!(*layer, Layer::Frontier, "{request:?}");
            let path: Vec<Square> = tour.squares().collect();
            assert_tour(
                request.board,
                piece,
                &path,
                request.start,
                request.end,
                request.closed,
            );
            assert!(
                path.starts_with(request.prefix()),
                "{request:?}: its partial tour"
            );
        }
        Outcome::NoTour { reason, layer, .. } => {
            assert!(
                !exists,
                "{request:?}: no tour where the brute force has one"
            );
            match layer {
                Layer::Existence => {}
                Layer::Frontier => {
                    assert!(matches!(reason, NoTourReason::FrontierCount { .. }));
                    assert!(reason.to_string().contains("is 0"), "{reason}");
                }
                other => panic!("{request:?}: proved by {other}"),
            }
        }
        Outcome::BudgetExceeded { .. } => panic!("{request:?}: gave up: {outcome:?}"),
    }
}

fn square_of(board: Board, index: usize) -> Square {
    board.square_at(index as u32)
}

/// Every start and end of the knight's tours on small 3×n and 4×n boards: the brute force's
/// directed totals are the published counts, and the layer finds a tour between exactly the
/// pairs the brute force does.
#[test]
fn every_start_and_end_on_small_strips_agrees_with_a_brute_force() {
    // Directed open tours: A118067 (3×n, twice A169696); twice A079137 (4×n).
    let published = [
        ((3, 4), 16),
        ((3, 5), 0),
        ((3, 6), 0),
        ((3, 7), 104),
        ((3, 8), 792),
        ((3, 9), 1_120),
        ((3, 10), 6_096),
        ((4, 4), 0),
        ((4, 5), 2 * 82),
        ((4, 6), 2 * 744),
        ((4, 7), 2 * 6_378),
    ];
    for ((rows, cols), count) in published {
        let board = board(rows, cols);
        let moves = leaper_moves(board, (1, 2));
        let ends: Vec<Completions> = (0..moves.len())
            .map(|start| completions(&moves, &[start]))
            .collect();
        assert_eq!(
            ends.iter().map(|found| found.paths).sum::<u64>(),
            count,
            "{board}: the brute force reproduces the published count"
        );
        for (start, found) in ends.iter().enumerate() {
            for end in 0..moves.len() {
                let request =
                    Request::new(board, square_of(board, start)).ending_at(square_of(board, end));
                assert_answer(&request, (1, 2), found.ends & 1 << end != 0);
            }
        }
    }
}

/// The wazir (one step along a line), whose frontier reaches one row back: every start and end
/// of 3×n and 4×n boards against the brute force.
#[test]
fn the_wazirs_starts_and_ends_agree_with_a_brute_force() {
    let wazir = Leaper::new(0, 1).unwrap();
    for (rows, cols) in [(3, 3), (3, 4), (3, 5), (4, 4), (4, 5)] {
        let board = board(rows, cols);
        let moves = leaper_moves(board, (0, 1));
        for start in 0..moves.len() {
            let found = completions(&moves, &[start]);
            for end in 0..moves.len() {
                let request = Request::new(board, square_of(board, start))
                    .piece(wazir)
                    .ending_at(square_of(board, end));
                assert_answer(&request, (0, 1), found.ends & 1 << end != 0);
            }
        }
    }
}

/// Every path of `length` squares of the piece (`moves`), as square numbers.
fn paths(moves: &[u64], length: usize) -> Vec<Vec<usize>> {
    let mut paths: Vec<Vec<usize>> = (0..moves.len()).map(|start| vec![start]).collect();
    for _ in 1..length {
        let mut longer = Vec::new();
        for path in paths {
            let last = *path.last().unwrap();
            for next in 0..moves.len() {
                if moves[last] & 1 << next != 0 && !path.contains(&next) {
                    longer.push([&path[..], &[next]].concat());
                }
            }
        }
        paths = longer;
    }
    paths
}

/// Every partial tour of three squares on small strips, completed to any end, to each end and
/// (where closed tours exist) to a closed tour, against the brute force.
#[test]
fn every_short_partial_tour_agrees_with_a_brute_force() {
    for (rows, cols, closed) in [(3, 4, false), (3, 7, false), (4, 5, false), (3, 10, true)] {
        let board = board(rows, cols);
        let moves = leaper_moves(board, (1, 2));
        for prefix in paths(&moves, 3) {
            let found = completions(&moves, &prefix);
            let squares: Vec<Square> = prefix.iter().map(|&s| square_of(board, s)).collect();
            let request = Request::new(board, squares[0]).completing(squares.clone());
            if closed {
                assert_answer(&request.clone().closed(true), (1, 2), found.closes);
                continue;
            }
            assert_answer(&request, (1, 2), found.ends != 0);
            for end in 0..moves.len() {
                let to_end = request.clone().ending_at(square_of(board, end));
                assert_answer(&to_end, (1, 2), found.ends & 1 << end != 0);
            }
        }
    }
}

/// The route of `request`, solved by the layer, as a path of squares checked here.
fn long_tour(request: &Request) -> Vec<Square> {
    let outcome = solve(request).unwrap();
    let Outcome::Tour { tour, layer, .. } = outcome else {
        panic!("{}: {outcome:?}", request.board);
    };
    assert_eq!(layer, Layer::Frontier);
    let path: Vec<Square> = tour.squares().collect();
    assert_tour(
        request.board,
        (1, 2),
        &path,
        request.start,
        request.end,
        request.closed,
    );
    assert!(path.starts_with(request.prefix()));
    path
}

/// Tours between two squares on long strips: corner to corner, corner to the middle, and
/// between two inner squares, each checked by the validator written here.
#[test]
fn tours_between_two_squares_on_long_strips_are_valid() {
    for (rows, cols, start, end) in [
        (3, 1001, (0, 0), (2, 1000)),
        (3, 1001, (0, 0), (0, 500)),
        (3, 1001, (1, 301), (2, 700)),
        (1001, 3, (0, 0), (1000, 2)),
        (4, 1001, (0, 0), (3, 1000)),
        (4, 1001, (0, 1000), (3, 4)),
        (4, 1000, (3, 999), (0, 1)),
        (3, 300_001, (0, 0), (2, 300_000)),
    ] {
        let board = board(rows, cols);
        let start = Square::new(start.0, start.1);
        let end = Square::new(end.0, end.1);
        long_tour(&Request::new(board, start).ending_at(end));
    }
}

/// Pairs with no tour on a long strip are proved by the count, named in its text: from 0,2 a
/// tour cannot end on 1,3 or 2,2, whatever the strip's length (the brute force agrees on short
/// strips, above).
#[test]
fn a_pair_with_no_tour_on_a_long_strip_cites_the_count() {
    for cols in [41, 1001, 100_001] {
        let board = board(3, cols);
        for end in [Square::new(1, 3), Square::new(2, 2)] {
            let request = Request::new(board, Square::new(0, 2)).ending_at(end);
            let outcome = solve(&request).unwrap();
            let Outcome::NoTour { reason, layer, .. } = &outcome else {
                panic!("{board} to {end}: {outcome:?}");
            };
            assert_eq!(*layer, Layer::Frontier, "{end}: {reason}");
            let text = reason.to_string();
            assert!(
                text.contains(&format!("from 0,2 ends at {end}")) && text.contains("is 0"),
                "{text}"
            );
        }
    }
    let moves = leaper_moves(board(3, 12), (1, 2));
    let found = completions(&moves, &[2]);
    assert_eq!(
        found.ends & (1 << 15 | 1 << 26),
        0,
        "3x12: 0,2 to 1,3 or 2,2"
    );
}

/// Partial tours on long strips: completed to any end, to a chosen end, and closed.
#[test]
fn partial_tours_on_long_strips_are_completed() {
    let board3 = board(3, 2001);
    let prefix: Vec<Square> = [(0, 0), (2, 1), (0, 2), (1, 0), (2, 2), (0, 3)]
        .into_iter()
        .map(|(row, col)| Square::new(row, col))
        .collect();
    let request = Request::new(board3, prefix[0]).completing(prefix.clone());
    long_tour(&request);
    long_tour(&request.clone().ending_at(Square::new(2, 2000)));
    // A partial tour that reaches far down the strip: the start of a tour found, cut.
    let whole = long_tour(&Request::new(board3, Square::new(0, 0)).ending_at(Square::new(2, 2000)));
    let cut = whole[..3000].to_vec();
    long_tour(&Request::new(board3, cut[0]).completing(cut.clone()));
    // A closed tour of 3×2000 through a partial tour from the middle.
    let closed = board(3, 2000);
    let middle: Vec<Square> = [(1, 1000), (0, 1002), (2, 1003)]
        .into_iter()
        .map(|(row, col)| Square::new(row, col))
        .collect();
    long_tour(
        &Request::new(closed, middle[0])
            .completing(middle.clone())
            .closed(true),
    );
}
