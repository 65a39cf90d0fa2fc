//! Pieces of several leaps (issue 46): the king, the hopido, any `A,B+C,D`. The engine's
//! answers on small boards against a brute force of this file that knows only the leaps: a
//! tour is found where one exists, and a proof of none comes where none exists, from an
//! exhausted search or a fact of every graph (parity, a closed tour of two squares), never
//! from a theorem of a single leaper.

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::existence::{LeaperObstacle, NoTourReason};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::solve::{Outcome, Request, solve};

/// Whether `(dr, dc)` is a move of one of `leaps`.
fn leaps_to(leaps: &[(u32, u32)], dr: u32, dc: u32) -> bool {
    leaps
        .iter()
        .any(|&(a, b)| (dr, dc) == (a, b) || (dr, dc) == (b, a))
}

/// The squares one move of `leaps` from each square of a `rows × cols` board, as bit masks.
fn neighbours(leaps: &[(u32, u32)], rows: u32, cols: u32) -> Vec<u64> {
    let area = rows * cols;
    (0..area)
        .map(|from| {
            (0..area)
                .filter(|&to| {
                    let dr = (from / cols).abs_diff(to / cols);
                    let dc = (from % cols).abs_diff(to % cols);
                    leaps_to(leaps, dr, dc)
                })
                .fold(0u64, |mask, to| mask | 1 << to)
        })
        .collect()
}

/// Whether a path from `at` covers the squares not in `seen`, ending (when `closed`) a move
/// from `start`: an exhaustive depth-first search.
fn extends(near: &[u64], seen: u64, at: usize, start: usize, closed: bool) -> bool {
    let full = (1u64 << near.len()) - 1;
    if seen == full {
        return !closed || near[at] >> start & 1 == 1;
    }
    let mut next = near[at] & !seen;
    while next != 0 {
        let to = next.trailing_zeros() as usize;
        next &= next - 1;
        if extends(near, seen | 1 << to, to, start, closed) {
            return true;
        }
    }
    false
}

/// Whether `leaps` have a tour of a `rows × cols` board from `start` (closed if `closed`).
fn brute_force(leaps: &[(u32, u32)], rows: u32, cols: u32, start: u32, closed: bool) -> bool {
    let near = neighbours(leaps, rows, cols);
    if closed && near.len() < 3 {
        return false;
    }
    extends(&near, 1 << start, start as usize, start as usize, closed)
}

/// Whether `path` is a tour of `leaps` on a board `cols` wide of `area` squares.
fn is_tour(leaps: &[(u32, u32)], cols: u32, area: u32, path: &[u32], closed: bool) -> bool {
    let step = |from: u32, to: u32| {
        leaps_to(
            leaps,
            (from / cols).abs_diff(to / cols),
            (from % cols).abs_diff(to % cols),
        )
    };
    let mut sorted = path.to_vec();
    sorted.sort_unstable();
    sorted == (0..area).collect::<Vec<_>>()
        && path.windows(2).all(|pair| step(pair[0], pair[1]))
        && (!closed || step(path[path.len() - 1], path[0]))
}

/// Whether `reason` holds for every graph (or is an exhausted search), not a theorem of a
/// single leaper.
fn holds_for_any_piece(reason: &NoTourReason) -> bool {
    match reason {
        NoTourReason::LeaperTheorem { obstacle, .. } => matches!(
            obstacle,
            LeaperObstacle::TooSmallToClose | LeaperObstacle::OddAreaClosed
        ),
        NoTourReason::NoOpenTour { .. }
        | NoTourReason::NoClosedTour { .. }
        | NoTourReason::InnerLineStart { .. }
        | NoTourReason::InnerLineEnd { .. } => false,
        _ => true,
    }
}

/// The engine's answer for `piece` of `leaps` from `start` checked against the brute force:
/// a tour that is one where the brute force finds one, a proof that holds for any piece where
/// it finds none.
fn agrees(piece: Leaper, leaps: &[(u32, u32)], board: Board, start: Square, closed: bool) {
    let (rows, cols) = (board.rows(), board.cols());
    let exists = brute_force(leaps, rows, cols, start.row * cols + start.col, closed);
    let request = Request::new(board, start).piece(piece).closed(closed);
    let what = format!("{piece} on {board} from {start}, closed: {closed}");
    match solve(&request).unwrap() {
        Outcome::Tour { tour, .. } => {
            assert!(exists, "{what}: a tour where none exists");
            assert!(
                is_tour(leaps, cols, rows * cols, tour.indices(), closed),
                "{what}"
            );
            assert_eq!(tour.piece(), piece, "{what}");
        }
        Outcome::NoTour { reason, .. } => {
            assert!(!exists, "{what}: no tour, but one exists ({reason})");
            assert!(holds_for_any_piece(&reason), "{what}: {reason:?}");
        }
        other => panic!("{what}: {other:?}"),
    }
}

/// Pieces of several leaps: the named two, one that keeps its colour on every move, and one of
/// eight moves that changes colour on each (which flipping takes).
fn pieces() -> Vec<(Leaper, Vec<(u32, u32)>)> {
    [
        (Leaper::KING, vec![(0, 1), (1, 1)]),
        (Leaper::HOPIDO, vec![(0, 3), (2, 2)]),
        (Leaper::parse("1,1+0,2").unwrap(), vec![(1, 1), (0, 2)]),
        (Leaper::parse("0,3+0,1").unwrap(), vec![(0, 1), (0, 3)]),
    ]
    .into()
}

#[test]
fn small_boards_agree_with_a_brute_force_from_every_start() {
    for (piece, leaps) in pieces() {
        for rows in 1..=4u64 {
            for cols in rows..=(12 / rows).min(6) {
                let board = Board::new(rows, cols).unwrap();
                for start in board.squares() {
                    for closed in [false, true] {
                        agrees(piece, &leaps, board, start, closed);
                    }
                }
            }
        }
    }
}

#[test]
fn larger_boards_agree_with_a_brute_force_from_a_corner() {
    for (piece, leaps) in pieces() {
        for (rows, cols) in [(4, 4), (3, 5), (4, 5)] {
            let board = Board::new(rows, cols).unwrap();
            for closed in [false, true] {
                agrees(piece, &leaps, board, Square::new(0, 0), closed);
            }
        }
    }
}

/// A tour the engine finds, checked by this file.
fn toured(piece: Leaper, leaps: &[(u32, u32)], side: (u64, u64), start: Square, closed: bool) {
    let board = Board::new(side.0, side.1).unwrap();
    let request = Request::new(board, start).piece(piece).closed(closed);
    let outcome = solve(&request).unwrap();
    let Outcome::Tour { tour, .. } = outcome else {
        panic!("{piece} on {board} from {start}, closed: {closed}: {outcome:?}");
    };
    let (cols, area) = (board.cols(), board.area() as u32);
    assert!(
        is_tour(leaps, cols, area, tour.indices(), closed),
        "{piece} on {board}"
    );
}

#[test]
fn the_king_the_wazir_and_the_hopido_tour_their_boards() {
    let king = [(0, 1), (1, 1)];
    toured(Leaper::KING, &king, (5, 5), Square::new(0, 0), false);
    toured(Leaper::KING, &king, (5, 5), Square::new(2, 2), true);
    toured(Leaper::KING, &king, (8, 8), Square::new(0, 0), false);
    toured(Leaper::KING, &king, (8, 8), Square::new(0, 0), true);
    let wazir = [(0, 1)];
    toured(Leaper::WAZIR, &wazir, (4, 4), Square::new(0, 0), true);
    toured(Leaper::WAZIR, &wazir, (3, 3), Square::new(0, 0), false);
    let hopido = [(0, 3), (2, 2)];
    toured(Leaper::HOPIDO, &hopido, (5, 5), Square::new(0, 0), false);
    toured(Leaper::HOPIDO, &hopido, (5, 5), Square::new(0, 0), true);
    toured(Leaper::HOPIDO, &hopido, (6, 6), Square::new(0, 0), false);
    toured(Leaper::HOPIDO, &hopido, (6, 6), Square::new(0, 0), true);
    let wide = [(0, 1), (0, 3)];
    let piece = Leaper::parse("0,1+0,3").unwrap();
    toured(piece, &wide, (8, 9), Square::new(3, 4), true);
    toured(piece, &wide, (7, 9), Square::new(3, 3), false);
}
