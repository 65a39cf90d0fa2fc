//! Tours of a board of any shape that keep the numbers given (clues): the path puzzles
//! (Hidato, Numbrix, Hopido, the Holy Knight's tour) for any piece, open or closed, from a
//! start asked for or fixed by the square given 1, or from any open square where nothing fixes
//! it (Hopido's "start anywhere"), to an end asked for or fixed by the last number.
//!
//! Three questions, all on a [`ClueQuestion`]:
//! - [`prove`]: the cheap proofs that no tour exists, each a theorem stated on its
//!   [`NoTourReason`] variant, in a time about linear in the open squares (`proofs`, and
//!   `cuts` for the cut squares). Run it before a search: the search assumes nothing from it, but
//!   it answers at once what a search could take its budget to find.
//! - [`find`]: a tour, by a bounded backtracking search on an explicit stack (`search`), or the
//!   proof that the whole tree holds none, or "gave up".
//! - [`count`]: the number of tours, stopping at a bound (`at_most = 2` says whether a puzzle
//!   is proper: exactly one solution).
//!
//! A tour is a sequence of the open squares' numbers ([`Board::index`](crate::board::Board::index))
//! in visit order. It is not validated here: the caller checks it as every tour is checked.
//! Squares are the open squares of [`Shape`]; the piece's moves are those of
//! `Leaper::neighbours`, so a piece of several leaps works as one of one. Memory that grows with
//! the board is reserved fallibly, and a shortage is an error, never an abort.

mod cuts;
mod domains;
mod graph;
mod latest;
mod numbers;
mod proofs;
mod round;
mod rounds;
mod search;
#[cfg(test)]
mod tests;

use thiserror::Error;

use crate::board::Square;
use crate::existence::NoTourReason;
use crate::leaper::Leaper;
use crate::search::{Limit, Limits};
use crate::shape::Shape;

pub use self::proofs::prove;
pub use self::rounds::{count, find};

/// A question on a shape with clues: a tour of its open squares that keeps every clue.
#[derive(Clone, Copy, Debug)]
pub struct ClueQuestion<'a> {
    /// The board: its open squares and the numbers given.
    pub shape: &'a Shape,
    /// The piece that moves.
    pub piece: Leaper,
    /// Whether the tour must end a move away from its start.
    pub closed: bool,
    /// The first square, if asked for (it must agree with the square given 1, if any).
    pub start: Option<Square>,
    /// The last square, if asked for (it must agree with the square given the last number).
    pub end: Option<Square>,
    /// The node budget and the deadline of the searches (the proofs look at the deadline only).
    pub limits: Limits,
}

/// What a search for one tour found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClueAnswer {
    /// A tour: the squares' [`Board::index`](crate::board::Board::index) in visit order.
    Found {
        /// The squares in visit order.
        path: Vec<u32>,
        /// Nodes expanded (squares placed, the first included).
        nodes: u64,
    },
    /// The whole tree was searched and holds no tour: a proof.
    Exhausted {
        /// Nodes expanded.
        nodes: u64,
    },
    /// A limit ended the search first.
    GaveUp {
        /// Which limit.
        limit: Limit,
        /// Nodes expanded.
        nodes: u64,
    },
}

/// What a count of tours found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClueCount {
    /// The whole tree was searched: exactly `tours` tours.
    Exact {
        /// The tours.
        tours: u64,
        /// Nodes expanded.
        nodes: u64,
    },
    /// The count reached the bound asked for and stopped: at least `tours` tours.
    AtLeast {
        /// The tours found, the bound.
        tours: u64,
        /// Nodes expanded.
        nodes: u64,
    },
    /// A limit ended the count first: at least `tours` tours.
    GaveUp {
        /// The tours found before.
        tours: u64,
        /// Which limit.
        limit: Limit,
        /// Nodes expanded.
        nodes: u64,
    },
}

/// The memory a search of the shape needs could not be reserved.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("a search of the board needs {bytes} more bytes of memory, which could not be allocated")]
pub struct ClueMemoryError {
    /// The bytes asked for when the reservation failed.
    pub bytes: u64,
}

/// The verdict of a search that ended without a tour, as a proof: `None` when it gave up.
pub fn exhausted_reason(question: &ClueQuestion, answer: &ClueAnswer) -> Option<NoTourReason> {
    match answer {
        ClueAnswer::Exhausted { nodes } => Some(NoTourReason::ExhaustiveShapeSearch {
            start: question.start.or_else(|| question.shape.clued_start()),
            nodes: *nodes,
        }),
        _ => None,
    }
}
