//! Counting by enumeration: every tour walked, one at a time, by the search run to exhaustion
//! in the fixed move order. It is the quicker way on the smallest boards, and the cross-check of
//! the frontier count: the two share no code but the board.

use crate::board::Square;
use crate::search::{Limit, Limits, MoveOrdering, Route, Search, SearchConfig, SetupError};

use super::{CountError, CountRequest, Partway};

/// The most squares enumeration takes on: beyond this the counts run to billions, one tour
/// at a time.
pub const MAX_ENUMERATED_SQUARES: u64 = 40;

/// The number of directed open tours (from `start`, or from every square; ending on `end`
/// when it is given), or of closed tours counted as undirected cycles.
pub(super) fn enumerate(request: &CountRequest) -> Result<u64, CountError> {
    let board = request.board;
    if board.area() > MAX_ENUMERATED_SQUARES {
        return Err(CountError::TooLarge { board });
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
                        partway: Partway::Tours(cycles(total)),
                    },
                })?
            }
            None => Search::new(board, start, config)?,
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
