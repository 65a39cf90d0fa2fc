//! Pieces of several leaps (issue 46): the king, the hopido, any `A,B+C,D`, and pieces of
//! three and four leaps (more moves than the rectangle search takes, answered by the clue
//! search). The engine's answers on small boards against a brute force of this file that knows
//! only the leaps: a tour is found where one exists, and a proof of none comes where none
//! exists, from an exhausted search or a fact of every graph (parity, a closed tour of two
//! squares), never from a theorem of a single leaper; counts are the brute force's.

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::count::{CountMethod, CountRequest, count_tours};
use knights_tour_engine::existence::{LeaperObstacle, NoTourReason};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::search::Search;
use knights_tour_engine::solve::{Method, Outcome, Request, solve};
use knights_tour_engine::starts::{MapSettings, StartOutcome, map_ends, map_starts};

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
/// eight moves that changes colour on each (which flipping takes); then the wide ones.
fn pieces() -> Vec<(Leaper, Vec<(u32, u32)>)> {
    let mut pieces: Vec<_> = [
        (Leaper::KING, vec![(0, 1), (1, 1)]),
        (Leaper::HOPIDO, vec![(0, 3), (2, 2)]),
        (Leaper::parse("1,1+0,2").unwrap(), vec![(1, 1), (0, 2)]),
        (Leaper::parse("0,3+0,1").unwrap(), vec![(0, 1), (0, 3)]),
    ]
    .into();
    pieces.extend(wide_pieces());
    pieces
}

/// Pieces of three and four leaps, of more moves than the rectangle search takes: the centaur
/// (the king and the knight, 16 moves), one of 16 that mixes straight and knight's leaps, one
/// of 12 that never changes colour (so it tours no board of two squares or more), and one of
/// four leaps (20 moves).
fn wide_pieces() -> Vec<(Leaper, Vec<(u32, u32)>)> {
    let pieces = [
        ("0,1+1,1+1,2", vec![(0, 1), (1, 1), (1, 2)]),
        ("0,1+0,2+1,2", vec![(0, 1), (0, 2), (1, 2)]),
        ("1,1+0,2+2,2", vec![(1, 1), (0, 2), (2, 2)]),
        ("1,2+0,1+1,1+0,2", vec![(1, 2), (0, 1), (1, 1), (0, 2)]),
    ];
    pieces
        .into_iter()
        .map(|(text, leaps)| {
            let piece = Leaper::parse(text).unwrap();
            assert!(!Search::takes(piece), "{piece}");
            (piece, leaps)
        })
        .collect()
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

/// The number of `square` on a board `cols` wide, row by row.
fn number(square: Square, cols: u32) -> usize {
    (square.row * cols + square.col) as usize
}

/// The directed paths from `at` that cover the squares not in `seen`: ending a move from
/// `start` when `closed`, on `end` when it is given. An exhaustive count.
fn paths(
    near: &[u64],
    seen: u64,
    at: usize,
    start: usize,
    closed: bool,
    end: Option<usize>,
) -> u64 {
    let full = (1u64 << near.len()) - 1;
    if seen == full {
        let closes = !closed || near[at] >> start & 1 == 1;
        return u64::from(closes && end.is_none_or(|end| end == at));
    }
    let mut next = near[at] & !seen;
    let mut total = 0;
    while next != 0 {
        let to = next.trailing_zeros() as usize;
        next &= next - 1;
        total += paths(near, seen | 1 << to, to, start, closed, end);
    }
    total
}

/// What `request` counts, by the brute force: directed open tours (from its start or every
/// square, to its end if given), or closed tours as undirected cycles.
fn brute_force_count(leaps: &[(u32, u32)], request: &CountRequest) -> u64 {
    let (rows, cols) = (request.board.rows(), request.board.cols());
    let near = neighbours(leaps, rows, cols);
    let index = |square: Square| (square.row * cols + square.col) as usize;
    let end = request.end.map(index);
    if request.closed {
        return match near.len() {
            0..=2 => 0,
            _ => paths(&near, 1, 0, 0, true, None) / 2,
        };
    }
    let starts: Vec<usize> = match request.start {
        Some(start) => vec![index(start)],
        None => (0..near.len()).collect(),
    };
    starts
        .into_iter()
        .map(|s| paths(&near, 1 << s, s, s, false, end))
        .sum()
}

#[test]
fn wide_pieces_count_as_the_brute_force_on_every_board_of_up_to_nine_squares() {
    for (piece, leaps) in wide_pieces() {
        for rows in 1..=3u64 {
            for cols in rows..=(9 / rows) {
                let board = Board::new(rows, cols).unwrap();
                let mut requests = vec![
                    CountRequest {
                        piece,
                        ..CountRequest::new(board)
                    },
                    CountRequest {
                        piece,
                        closed: true,
                        ..CountRequest::new(board)
                    },
                ];
                for square in board.squares() {
                    requests.push(CountRequest {
                        piece,
                        start: Some(square),
                        ..CountRequest::new(board)
                    });
                    requests.push(CountRequest {
                        piece,
                        end: Some(square),
                        ..CountRequest::new(board)
                    });
                }
                for request in requests {
                    let expected = brute_force_count(&leaps, &request);
                    let what = format!(
                        "{piece} on {board} from {:?} to {:?}, closed: {}",
                        request.start, request.end, request.closed
                    );
                    let count = count_tours(&request).unwrap();
                    assert_eq!(count.tours, expected.into(), "{what}");
                    let enumerated = CountRequest {
                        method: Some(CountMethod::Enumeration),
                        ..request
                    };
                    let count = count_tours(&enumerated).unwrap();
                    assert_eq!(count.tours, expected.into(), "{what}, enumerated");
                }
            }
        }
    }
}

#[test]
fn a_wide_piece_is_counted_with_holes_and_kept_from_the_frontier() {
    let (piece, leaps) = wide_pieces().remove(0);
    let board = Board::new(3, 4).unwrap();
    // Holes at the centre-left and a corner: 10 open squares, counted by the brute force on a
    // board of this file, the holes taken out of the moves.
    let holes = [Square::new(1, 1), Square::new(2, 3)];
    let (rows, cols) = (board.rows(), board.cols());
    let near = neighbours(&leaps, rows, cols);
    let open: Vec<usize> = (0..near.len())
        .filter(|&v| !holes.iter().any(|h| (h.row * cols + h.col) as usize == v))
        .collect();
    let renumber = |mask: u64| {
        open.iter()
            .enumerate()
            .filter(|&(_, &v)| mask >> v & 1 == 1)
            .fold(0u64, |m, (k, _)| m | 1 << k)
    };
    let cut: Vec<u64> = open.iter().map(|&v| renumber(near[v])).collect();
    let directed: u64 = (0..cut.len())
        .map(|s| paths(&cut, 1 << s, s, s, false, None))
        .sum();
    let cycles = paths(&cut, 1, 0, 0, true, None) / 2;
    for (closed, expected) in [(false, directed), (true, cycles)] {
        let request = CountRequest {
            piece,
            closed,
            holes: holes.as_slice().into(),
            ..CountRequest::new(board)
        };
        let count = count_tours(&request).unwrap();
        assert_eq!(count.tours, expected.into(), "closed: {closed}");
    }
    let frontier = CountRequest {
        piece,
        method: Some(CountMethod::Frontier),
        ..CountRequest::new(board)
    };
    let error = count_tours(&frontier).unwrap_err().to_string();
    assert!(error.contains("at most 8 moves"), "{error}");
}

#[test]
fn wide_pieces_reach_ends_and_complete_partial_tours_as_the_brute_force() {
    for (piece, leaps) in wide_pieces() {
        for (rows, cols) in [(2u32, 3u32), (3, 3), (2, 5)] {
            let board = Board::new(rows.into(), cols.into()).unwrap();
            let near = neighbours(&leaps, rows, cols);
            let start = Square::new(0, 0);
            for end in board.squares().filter(|&end| end != start) {
                let exists = paths(&near, 1, 0, 0, false, Some(number(end, cols))) > 0;
                let request = Request::new(board, start).piece(piece).ending_at(end);
                let what = format!("{piece} on {board} from {start} to {end}");
                match solve(&request).unwrap() {
                    Outcome::Tour { tour, .. } => {
                        assert!(exists, "{what}: a tour where none exists");
                        assert_eq!(tour.squares().last(), Some(end), "{what}");
                        assert!(is_tour(&leaps, cols, rows * cols, tour.indices(), false));
                    }
                    Outcome::NoTour { reason, .. } => {
                        assert!(!exists, "{what}: no tour, but one exists ({reason})");
                    }
                    other => panic!("{what}: {other:?}"),
                }
            }
            // A partial tour of two moves from the corner, completed where it can be.
            let first = near[0].trailing_zeros() as usize;
            let second = (near[first] & !1 & !(1 << first)).trailing_zeros() as usize;
            if second >= near.len() {
                continue;
            }
            let at = |v: usize| Square::new(v as u32 / cols, v as u32 % cols);
            let prefix = [start, at(first), at(second)];
            for closed in [false, true] {
                let seen = 1 | 1 << first | 1 << second;
                let exists = if closed && near.len() < 3 {
                    false
                } else {
                    paths(&near, seen, second, 0, closed, None) > 0
                };
                let request = Request::new(board, start)
                    .piece(piece)
                    .closed(closed)
                    .completing(prefix.to_vec());
                let what = format!("{piece} on {board} after {prefix:?}, closed: {closed}");
                match solve(&request).unwrap() {
                    Outcome::Tour { tour, .. } => {
                        assert!(exists, "{what}: a tour where none exists");
                        let squares: Vec<Square> = tour.squares().take(3).collect();
                        assert_eq!(squares, prefix, "{what}");
                        assert!(is_tour(&leaps, cols, rows * cols, tour.indices(), closed));
                    }
                    Outcome::NoTour { reason, .. } => {
                        assert!(!exists, "{what}: no tour, but one exists ({reason})");
                    }
                    other => panic!("{what}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn every_method_but_the_construction_answers_for_a_wide_piece() {
    let (piece, leaps) = wide_pieces().remove(0);
    let board = Board::new(4, 5).unwrap();
    for method in [
        Method::Warnsdorff,
        Method::Backtrack,
        Method::Naive,
        Method::Auto,
    ] {
        let request = Request::new(board, Square::new(1, 2))
            .piece(piece)
            .closed(true)
            .method(method);
        let Outcome::Tour { tour, .. } = solve(&request).unwrap() else {
            panic!("{method:?}");
        };
        assert!(is_tour(&leaps, 5, 20, tour.indices(), true), "{method:?}");
    }
    let construct = Request::new(board, Square::new(0, 0))
        .piece(piece)
        .method(Method::Construct);
    assert!(solve(&construct).is_err());
}

#[test]
fn the_maps_of_starts_and_ends_of_a_wide_piece_agree_with_the_brute_force() {
    let quiet = |_: usize, _: usize| std::ops::ControlFlow::Continue(());
    for (piece, leaps) in wide_pieces() {
        for (rows, cols) in [(2u32, 4u32), (3, 3)] {
            let board = Board::new(rows.into(), cols.into()).unwrap();
            let near = neighbours(&leaps, rows, cols);
            let request = Request::new(board, Square::new(0, 0)).piece(piece);
            let starts = map_starts(&request, &MapSettings::threads(2), &quiet).unwrap();
            let ends = map_ends(&request, &MapSettings::threads(2), &quiet).unwrap();
            for answer in &starts.answers {
                let s = number(answer.square, cols);
                let exists = paths(&near, 1 << s, s, s, false, None) > 0;
                let found = matches!(answer.outcome, StartOutcome::Tour { .. });
                assert_eq!(found, exists, "{piece} on {board} from {}", answer.square);
            }
            for answer in &ends.answers {
                let e = number(answer.square, cols);
                let exists = paths(&near, 1, 0, 0, false, Some(e)) > 0;
                let found = matches!(answer.outcome, StartOutcome::Tour { .. });
                assert_eq!(found, exists, "{piece} on {board} to {}", answer.square);
            }
        }
    }
}
