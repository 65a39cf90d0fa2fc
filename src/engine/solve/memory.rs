//! The memory the construction needs, checked against the request's cap before anything is
//! allocated, and the errors that say so. The cap is a plain value of the request
//! ([`Request::memory_cap`](super::Request::memory_cap)): the front ends find what the host has
//! free; the engine reads no environment.

use super::outcome::SolveError;
use crate::engine::board::Board;
use crate::engine::construct;

/// Refuses, before allocating anything, a construction that would not fit in the request's
/// memory cap.
pub(super) fn check_memory(board: Board, memory_cap: Option<u64>) -> Result<(), SolveError> {
    match memory_cap {
        Some(free) if construct::memory_needed(board) > free => Err(too_large(board, free)),
        _ => Ok(()),
    }
}

/// The refusal of a construction of `board` that needs more than the `free` bytes, with the
/// most squares that would fit.
fn too_large(board: Board, free: u64) -> SolveError {
    let per_square = construct::memory_needed(board).div_ceil(board.area().max(1));
    SolveError::TooLarge {
        board,
        needed: megabytes_needed(board),
        available: free >> 20,
        fits: free / per_square.max(1),
    }
}

/// The system refused the memory for a construction of `board`, though it seemed free.
pub(super) fn out_of_memory(board: Board) -> SolveError {
    SolveError::OutOfMemory {
        board,
        needed: megabytes_needed(board),
    }
}

/// The megabytes a construction of `board` holds at its peak, rounded up.
fn megabytes_needed(board: Board) -> u64 {
    construct::memory_needed(board).div_ceil(1 << 20)
}
