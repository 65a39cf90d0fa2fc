//! The route a request asks for beyond a start: a prefix to complete and an end to reach.
//! [`check_route`] refuses a route that is not a question at all ([`RouteError`]: a prefix
//! that is not a path of the piece on the board, an end off the board, an end for a closed tour);
//! the existence theorems then answer what they can ([`route_verdict`](crate::existence::route_verdict)).
//! On a board of any shape, `check_shape_route` refuses what the shape rules out: a square of
//! the route on a hole, a start or end against the board's numbers, a partial tour on a board
//! whose numbers bind more than its start.

use thiserror::Error;

use super::request::Request;
use crate::board::{Board, Square};
use crate::leaper::Leaper;
use crate::shape::Shape;

/// A route that cannot be asked: bad input, not a question with an answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RouteError {
    /// The prefix holds no square.
    #[error("the partial tour holds no square")]
    EmptyPrefix,
    /// A square of the prefix, or the end, is off the board.
    #[error("{what} {square} is off the {board} board")]
    OffBoard {
        /// What the square is: "square 3 of the partial tour", "the end".
        what: String,
        /// The square.
        square: Square,
        /// The board.
        board: Board,
    },
    /// Two consecutive squares of the prefix are not one move of the piece apart.
    #[error("squares {step} and {next} of the partial tour ({from} to {to}) are not a {piece}'s move apart", next = step + 1)]
    NotAMove {
        /// The piece.
        piece: Leaper,
        /// The place of `from` in the prefix, from 1.
        step: u64,
        /// The square moved from.
        from: Square,
        /// The square moved to.
        to: Square,
    },
    /// The prefix visits a square twice.
    #[error("square {step} of the partial tour, {square}, was visited before")]
    Repeated {
        /// The place of the repeat in the prefix, from 1.
        step: u64,
        /// The square.
        square: Square,
    },
    /// The start asked for is not the prefix's first square.
    #[error("the start {start} is not the first square of the partial tour, {first}")]
    StartMismatch {
        /// The start asked for.
        start: Square,
        /// The prefix's first square.
        first: Square,
    },
    /// A square of the route is a hole of the board's shape.
    #[error("{what} {square} is a hole of the board")]
    OnHole {
        /// What the square is: "the start", "square 3 of the partial tour", "the end".
        what: String,
        /// The square.
        square: Square,
    },
    /// The start or end asked for is not where the board's clues put it.
    #[error("{what} {square} is not where the board's number {number} is, {given}")]
    AgainstClue {
        /// "the start" or "the end".
        what: String,
        /// The square asked for.
        square: Square,
        /// The number given on the board.
        number: u32,
        /// The square given that number.
        given: Square,
    },
    /// A partial tour on a board whose clues bind more than the start: the clues are the
    /// partial tour's numbers, given in the picture.
    #[error(
        "a partial tour on a board with given numbers: give its squares as numbers on the board"
    )]
    PrefixWithClues,
    /// An end was asked for a closed tour, which has none.
    #[error("a closed tour has no end: ask for an open tour, or leave the end out")]
    ClosedWithEnd,
}

/// Checks that `request`'s route is a question: the prefix a path of its piece on the board from
/// the start, the end on the board, and no end for a closed tour.
pub(super) fn check_route(request: &Request) -> Result<(), RouteError> {
    let board = request.board;
    if request.closed && request.end.is_some() {
        return Err(RouteError::ClosedWithEnd);
    }
    if let Some(end) = request.end
        && !board.contains(end)
    {
        return Err(RouteError::OffBoard {
            what: "the end".into(),
            square: end,
            board,
        });
    }
    let Some(prefix) = &request.prefix else {
        return Ok(());
    };
    let &first = prefix.first().ok_or(RouteError::EmptyPrefix)?;
    if first != request.start {
        return Err(RouteError::StartMismatch {
            start: request.start,
            first,
        });
    }
    check_path(board, request.piece, prefix)
}

/// Whether the clues ask more than the start (a clue other than 1 at the start), or the start
/// is free: questions only the search that keeps clues answers.
pub(super) fn binds_more_than_the_start(request: &Request, shape: &Shape) -> bool {
    request.any_start
        || shape
            .clues()
            .iter()
            .any(|clue| clue.number != 1 || clue.square != request.start)
}

/// Checks that the request's squares are open on its shape and agree with its clues: the start
/// is the square given 1, and an end the square given the last number, where those are given.
pub(super) fn check_shape_route(request: &Request) -> Result<(), RouteError> {
    let Some(shape) = &request.shape else {
        return Ok(());
    };
    let named = [
        (
            "the start",
            Some(request.start).filter(|_| !request.any_start),
        ),
        ("the end", request.end),
    ];
    for (what, square) in named {
        if let Some(square) = square.filter(|&square| !shape.is_open(square)) {
            return Err(RouteError::OnHole {
                what: what.into(),
                square,
            });
        }
    }
    for (place, &square) in request.prefix().iter().enumerate() {
        if !shape.is_open(square) {
            return Err(RouteError::OnHole {
                what: format!("square {} of the partial tour", place + 1),
                square,
            });
        }
    }
    if request.prefix().len() > 1 && binds_more_than_the_start(request, shape) {
        return Err(RouteError::PrefixWithClues);
    }
    if let Some(given) = shape.clued_start()
        && !request.any_start
        && given != request.start
    {
        return Err(RouteError::AgainstClue {
            what: "the start".into(),
            square: request.start,
            number: 1,
            given,
        });
    }
    if let (Some(given), Some(end)) = (shape.clued_end(), request.end)
        && given != end
    {
        return Err(RouteError::AgainstClue {
            what: "the end".into(),
            square: end,
            number: shape.open_count() as u32,
            given,
        });
    }
    Ok(())
}

/// Checks that `path` is a path of `piece` on `board`: every square on it, each a move
/// from the one before, none twice (found by sorting: memory in proportion to the path, not
/// the board).
fn check_path(board: Board, piece: Leaper, path: &[Square]) -> Result<(), RouteError> {
    for (place, &square) in path.iter().enumerate() {
        if !board.contains(square) {
            return Err(RouteError::OffBoard {
                what: format!("square {} of the partial tour", place + 1),
                square,
                board,
            });
        }
        if place > 0 && !piece.is_move(path[place - 1], square) {
            return Err(RouteError::NotAMove {
                piece,
                step: place as u64,
                from: path[place - 1],
                to: square,
            });
        }
    }
    // The path is on the board, so it is no longer than the board: its indices, sorted, show
    // a repeat; the first repeat in path order is the one named.
    let mut indexed: Vec<(u32, usize)> = path
        .iter()
        .enumerate()
        .map(|(place, &square)| (board.index(square), place))
        .collect();
    indexed.sort_unstable();
    let repeat = indexed
        .windows(2)
        .filter(|pair| pair[0].0 == pair[1].0)
        .map(|pair| pair[1].1)
        .min();
    match repeat {
        Some(place) => Err(RouteError::Repeated {
            step: place as u64 + 1,
            square: path[place],
        }),
        None => Ok(()),
    }
}
