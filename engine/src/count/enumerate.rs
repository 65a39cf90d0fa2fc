//! Counting by enumeration: every tour walked, one at a time, by the search run to exhaustion
//! in the fixed move order, the board's holes cut out. It is the quicker way on the smallest
//! boards, and the cross-check of the frontier count: the two share no code but the board.
//!
//! It takes boards of at most [`MAX_ENUMERATED_SQUARES`] open squares, and larger ones where the
//! piece has so few moves that the search is short whatever the tours ([`is_short`]). The
//! search from one square advances once for each path it walks from there, and a path is
//! told by the move it takes at each square it leaves: at most `d(s)` ways at the start `s`
//! and `d(v) − 1` at a square `v` it came into (`d` the moves from a square on the board), so
//! there are at most `d(s) · Π max(1, d(v) − 1)` paths that go on no further, and the search
//! advances at most `n` times that on `n` open squares. Counted from `k` starts, it advances at most
//! `k · n · max d · Π max(1, d(v) − 1)` times.
//!
//! A piece of more moves than the rectangle search takes ([`Search::takes`]) is counted by the
//! clue search instead ([`clued::count`]), which walks the same tours on a graph of the open
//! squares; the bound holds for it as well.

use crate::board::{Board, Square};
use crate::leaper::Leaper;
use crate::search::{Limit, Limits, MoveOrdering, Route, Search, SearchConfig, SetupError};
use crate::shape::Shape;
use crate::shape::clued::{self, ClueCount, ClueQuestion};
use std::collections::HashSet;

use super::{CountError, CountRequest, Partway};

/// The most squares enumeration takes on whatever the piece: beyond this the counts run to
/// billions, one tour at a time.
pub const MAX_ENUMERATED_SQUARES: u64 = 40;

/// The most squares walked that make a search short, 2^32: about a minute at the search's
/// pace. Beyond [`MAX_ENUMERATED_SQUARES`], enumeration takes a board whose bound (see the
/// module doc) is within it.
const SHORT_SEARCH_LOG2: f64 = 32.0;

/// The most squares whose bound is worked out: a board larger still has at least `n^2`
/// advances in its bound, past a short search.
const MOST_BOUNDED_SQUARES: u64 = 1 << 16;

/// Whether enumeration takes `request`'s board: at most [`MAX_ENUMERATED_SQUARES`] open
/// squares, or a search short by the bound of the module doc.
pub(super) fn takes(request: &CountRequest) -> bool {
    request.open_squares() <= MAX_ENUMERATED_SQUARES || is_short(request)
}

/// Whether the search that walks every tour `request` asks for advances at most 2^32 times,
/// by the bound of the module doc.
pub(super) fn is_short(request: &CountRequest) -> bool {
    let board = request.board;
    if board.area() > MOST_BOUNDED_SQUARES {
        return false;
    }
    let squares = request.open_squares().max(1) as f64;
    let starts = match (request.start, request.closed) {
        (Some(_), _) | (None, true) => 1.0,
        (None, false) => squares,
    };
    let degrees = degrees(board, request.piece, &request.holes);
    let most = degrees.iter().copied().max().unwrap_or(0).max(1);
    let paths: f64 = degrees
        .iter()
        .map(|&d| f64::from(d.saturating_sub(1).max(1)).log2())
        .sum();
    starts.log2() + squares.log2() + f64::from(most).log2() + paths <= SHORT_SEARCH_LOG2
}

/// The moves of `piece` from each open square of `board` (one not in `holes`) to another.
fn degrees(board: Board, piece: Leaper, holes: &[Square]) -> Vec<u32> {
    let (rows, cols) = (board.rows() as i64, board.cols() as i64);
    let holes: HashSet<Square> = holes.iter().copied().collect();
    let moves = piece.moves();
    board
        .squares()
        .filter(|square| !holes.contains(square))
        .map(|square| {
            let (row, col) = (i64::from(square.row), i64::from(square.col));
            moves
                .as_slice()
                .iter()
                .filter(|&&(dr, dc)| {
                    let (to_row, to_col) = (row + i64::from(dr), col + i64::from(dc));
                    (0..rows).contains(&to_row)
                        && (0..cols).contains(&to_col)
                        && !holes.contains(&Square::new(to_row as u32, to_col as u32))
                })
                .count() as u32
        })
        .collect()
}

/// The number of directed open tours (from `start`, or from every square; ending on `end`
/// when it is given), or of closed tours counted as undirected cycles.
pub(super) fn enumerate(request: &CountRequest) -> Result<u64, CountError> {
    let board = request.board;
    if !takes(request) {
        return Err(CountError::TooLarge { board });
    }
    if !Search::takes(request.piece) {
        return enumerate_on_graph(request);
    }
    let config = SearchConfig {
        ordering: MoveOrdering::Fixed,
        // A flood fill a node costs more than it saves on boards this small.
        connectivity: false,
        ..SearchConfig::backtracking(request.closed).with_piece(request.piece)
    }
    .with_limits(Limits {
        node_budget: u64::MAX,
        deadline: request.deadline,
    });
    let holes = &request.holes[..];
    let hole_set: HashSet<Square> = holes.iter().copied().collect();
    let mut open = board.squares().filter(|square| !hole_set.contains(square));
    let starts: Vec<Square> = match (request.start, request.closed) {
        (Some(start), _) => vec![start],
        // Every cycle passes through the first open square: count it from there, once each
        // way round.
        (None, true) => open.next().into_iter().collect(),
        (None, false) => open.collect(),
    };
    let cycles = |directed: u64| {
        if request.closed {
            directed / 2
        } else {
            directed
        }
    };
    let mut total = 0;
    for start in starts {
        let mut search = match request.end {
            // A tour of more than one square does not end where it starts.
            Some(end) if end == start => {
                total += u64::from(request.open_squares() == 1);
                continue;
            }
            Some(end) => {
                let route = Route {
                    prefix: &[start],
                    end: Some(end),
                };
                Search::bounded_route(board, route, config, holes)
                    .map_err(|error| setup_failed(error, cycles(total)))?
            }
            None => Search::with_holes(board, start, config, holes)
                .map_err(|error| setup_failed(error, cycles(total)))?,
        };
        match search.count_tours() {
            Ok(count) => total += count,
            Err((Limit::Deadline | Limit::Nodes, count)) => {
                return Err(CountError::Deadline {
                    partway: Partway::Tours(cycles(total + count)),
                });
            }
        }
    }
    Ok(cycles(total))
}

/// Why a search could not be set up, as a count's error, with `total` tours counted before.
fn setup_failed(error: SetupError, total: u64) -> CountError {
    match error {
        SetupError::Capacity(error) => CountError::Capacity(error),
        SetupError::Stopped(_) => CountError::Deadline {
            partway: Partway::Tours(total),
        },
        // `enumerate` counts such a piece on the graph of the open squares instead.
        SetupError::TooManyMoves { piece } => CountError::FrontierMoves { piece },
    }
}

/// [`enumerate`] for a piece of more moves than the rectangle search takes: the clue search
/// counts the tours on the graph of the open squares, as sequences of squares (a closed tour
/// from its first open square, once each way round).
fn enumerate_on_graph(request: &CountRequest) -> Result<u64, CountError> {
    let board = request.board;
    if let Some(start) = request.start
        && request.end == Some(start)
    {
        // A tour of more than one square does not end where it starts.
        return Ok(u64::from(request.open_squares() == 1 && !request.closed));
    }
    let shape =
        Shape::new(board, &request.holes, &[]).map_err(|_| CountError::TooLarge { board })?;
    let first_open = shape.open_squares().next();
    let question = ClueQuestion {
        shape: &shape,
        piece: request.piece,
        closed: request.closed,
        start: if request.closed {
            request.start.or(first_open)
        } else {
            request.start
        },
        end: request.end,
        limits: Limits {
            node_budget: u64::MAX,
            deadline: request.deadline,
        },
    };
    let memory = |error: clued::ClueMemoryError| {
        CountError::Capacity(crate::search::CapacityError {
            board,
            bytes: error.bytes,
        })
    };
    match clued::count(&question, None).map_err(memory)? {
        ClueCount::Exact { tours, .. } if request.closed => Ok(tours / 2),
        ClueCount::Exact { tours, .. } => Ok(tours),
        ClueCount::AtLeast { tours, .. } | ClueCount::GaveUp { tours, .. } => {
            let tours = if request.closed { tours / 2 } else { tours };
            Err(CountError::Deadline {
                partway: Partway::Tours(tours),
            })
        }
    }
}
