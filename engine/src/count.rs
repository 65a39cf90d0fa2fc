//! Exhaustive enumeration of tours on small boards: the brute-force cross-check of the search.
//!
//! Counting uses the same search as solving, run to exhaustion in the fixed move order, so the
//! published counts check the search and its pruning together: directed open tours (each path
//! in both directions, from every start) number 1,728 on 5×5 and 6,637,920 on 6×6 (OEIS
//! A165134); 16, 104, 792, 1,120 and 6,096 on 3×4, 3×7, 3×8, 3×9 and 3×10 (A118067); 164 and
//! 1,488 on 4×5 and 4×6 (twice A079137). Undirected closed tours number 8 on 5×6 and 9,862 on
//! 6×6 (A001230, A175881).

use std::time::Instant;

use thiserror::Error;

use crate::board::{Board, Square};
use crate::search::{
    CapacityError, Limit, Limits, MoveOrdering, Route, Search, SearchConfig, SetupError,
};

/// The most squares [`count_tours`] enumerates: beyond this the counts run to billions.
pub const MAX_COUNT_SQUARES: u64 = 40;

/// What to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountRequest {
    /// The board.
    pub board: Board,
    /// Open tours from this square only (without: from every square). Closed tours are
    /// cycles, the same from every square.
    pub start: Option<Square>,
    /// Count closed tours (undirected cycles) instead of directed open tours.
    pub closed: bool,
    /// Open tours that end on this square only.
    pub end: Option<Square>,
    /// Give up at this moment.
    pub deadline: Option<Instant>,
}

/// Why a count has no answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CountError {
    /// The board is too large to enumerate.
    #[error(
        "count enumerates every tour, feasible only on boards of at most {MAX_COUNT_SQUARES} \
         squares; {board} has {squares}",
        squares = board.area()
    )]
    TooLarge {
        /// The board.
        board: Board,
    },
    /// The deadline passed first.
    #[error("the deadline passed after counting {so_far} tours; the count is not complete")]
    Deadline {
        /// Tours counted before the deadline.
        so_far: u64,
    },
    /// The board could not be set up.
    #[error(transparent)]
    Capacity(#[from] CapacityError),
    /// An end was asked for closed tours, which have none.
    #[error("a closed tour has no end: count open tours, or leave the end out")]
    ClosedWithEnd,
    /// A square asked for is off the board.
    #[error("{square} is off the {board} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// The board.
        board: Board,
    },
}

/// The number of directed open tours (from `start`, or from every square; ending on `end`
/// when it is given), or of closed tours counted as undirected cycles.
pub fn count_tours(request: &CountRequest) -> Result<u64, CountError> {
    let board = request.board;
    if board.area() > MAX_COUNT_SQUARES {
        return Err(CountError::TooLarge { board });
    }
    if request.closed && request.end.is_some() {
        return Err(CountError::ClosedWithEnd);
    }
    if let Some(square) = request
        .start
        .into_iter()
        .chain(request.end)
        .find(|&square| !board.contains(square))
    {
        return Err(CountError::OffBoard { square, board });
    }
    let config = SearchConfig {
        ordering: MoveOrdering::Fixed,
        // A flood fill a node costs more than it saves on boards this small.
        connectivity: false,
        ..SearchConfig::backtracking(request.closed)
    }
    .with_limits(Limits {
        node_budget: u64::MAX,
        deadline: request.deadline,
    });
    let starts: Vec<Square> = match (request.start, request.closed) {
        (Some(start), _) => vec![start],
        // Every cycle passes through 0,0: count it from there, once each way round.
        (None, true) => vec![Square::new(0, 0)],
        (None, false) => board.squares().collect(),
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
                total += u64::from(board.area() == 1);
                continue;
            }
            Some(end) => {
                let route = Route {
                    prefix: &[start],
                    end: Some(end),
                };
                Search::completing(board, route, config).map_err(|error| match error {
                    SetupError::Capacity(error) => CountError::Capacity(error),
                    SetupError::Stopped(_) => CountError::Deadline {
                        so_far: cycles(total),
                    },
                })?
            }
            None => Search::new(board, start, config)?,
        };
        match search.count_tours() {
            Ok(count) => total += count,
            Err((Limit::Deadline | Limit::Nodes, count)) => {
                return Err(CountError::Deadline {
                    so_far: cycles(total + count),
                });
            }
        }
    }
    Ok(cycles(total))
}
