//! The memory each layer needs, checked against the request's cap before anything is
//! allocated, and the errors that say so. The cap is a plain value of the request
//! ([`Request::memory_cap`](super::Request::memory_cap)): the front ends find what the host has
//! free; the engine reads no environment.

use super::Request;
use super::outcome::SolveError;
use crate::board::Board;
use crate::construct;
use crate::search::{Search, SearchConfig};

/// Bytes a constructed tour of the request's board holds at its peak, its check included:
/// walked (see [`construct::WalkedTour`]) or read into memory; with the visit numbers when the
/// request keeps them.
pub(super) fn construction_needs(request: &Request, walked: bool) -> u64 {
    let board = request.board;
    let tour = if walked {
        construct::walk_memory_needed(board)
    } else {
        construct::memory_needed(board)
    };
    tour + numbering_needs(request)
}

/// Bytes a search of the request's board with `config` holds at its peak: the search itself
/// (whose path becomes the tour) and the validator's two bits a square; with the visit numbers
/// when the request keeps them.
pub(super) fn search_needs(request: &Request, config: &SearchConfig) -> u64 {
    let board = request.board;
    Search::memory_needed(board, config) + board.area() / 4 + numbering_needs(request)
}

/// The visit numbers a request keeps: four bytes a square, or none.
pub(super) fn numbering_needs(request: &Request) -> u64 {
    if request.visit_numbers {
        request.board.area() * 4
    } else {
        0
    }
}

/// Refuses, before allocating anything, work on `board` that needs more than the request's
/// memory cap.
pub(super) fn check_memory(
    board: Board,
    needed: u64,
    memory_cap: Option<u64>,
) -> Result<(), SolveError> {
    match memory_cap {
        Some(free) if needed > free => Err(too_large(board, needed, free)),
        _ => Ok(()),
    }
}

/// The refusal of work on `board` that needs `needed` bytes, more than the `free` bytes, with
/// the most squares that would fit.
fn too_large(board: Board, needed: u64, free: u64) -> SolveError {
    let per_square = needed.div_ceil(board.area().max(1));
    SolveError::TooLarge {
        board,
        needed: whole_megabytes(needed),
        available: free >> 20,
        fits: free / per_square.max(1),
    }
}

/// The system refused the `needed` bytes for work on `board`, though they seemed free.
pub(super) fn out_of_memory(board: Board, needed: u64) -> SolveError {
    SolveError::OutOfMemory {
        board,
        needed: whole_megabytes(needed),
    }
}

/// `bytes` in megabytes, rounded up.
fn whole_megabytes(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    fn board(rows: u64, cols: u64) -> Board {
        Board::new(rows, cols).unwrap()
    }

    fn search_needs(board: Board, config: &SearchConfig) -> u64 {
        super::search_needs(&Request::new(board, Square::new(0, 0)), config)
    }

    #[test]
    fn small_boards_fit_any_sane_cap_and_large_ones_are_refused_by_name() {
        for config in [
            SearchConfig::greedy(false),
            SearchConfig::backtracking(true),
            SearchConfig::naive(false),
        ] {
            let small = search_needs(board(8, 8), &config);
            assert!(small < 64 << 10, "{config:?}: {small} bytes for 8x8");
            assert_eq!(check_memory(board(8, 8), small, Some(1 << 20)), Ok(()));
            let large = board(3000, 3000);
            let error = check_memory(large, search_needs(large, &config), Some(1 << 20));
            let Err(error @ SolveError::TooLarge { available: 1, .. }) = error else {
                panic!("{config:?}: {error:?}");
            };
            assert!(error.to_string().contains("3000x3000"), "{error}");
        }
    }

    #[test]
    fn the_need_of_a_search_grows_with_what_it_keeps() {
        let board = board(100, 100);
        let greedy = search_needs(board, &SearchConfig::greedy(false));
        let backtracking = search_needs(board, &SearchConfig::backtracking(false));
        assert!(greedy >= 5 * board.area(), "{greedy}");
        assert!(backtracking > greedy + 8 * board.area(), "{backtracking}");
        assert_eq!(check_memory(board, greedy, None), Ok(()));
    }
}
