//! The construction layer as a solve runs it: the memory check before anything is allocated,
//! the construction, the validator, and whether the tour joined several blocks or came from a
//! board small enough to be one block (really a search, so the search layers answer first and
//! the layer named is the one that did the work).

use super::memory::{check_memory, out_of_memory};
use super::outcome::{Outcome, SolveError};
use super::request::{Layer, Request};
use super::solver::Solver;
use crate::engine::board::{Board, Square};
use crate::engine::construct::{self, ConstructError};
use crate::engine::tour::Tour;

/// What the construction layer gave.
enum Built {
    /// A tour joined from several blocks.
    Tour(Outcome),
    /// A tour of a board small enough to be one block (found by the piece search alone).
    SingleBlock(Outcome),
    /// No tour: the board or start is out of the construction's reach.
    Nothing,
}

impl Solver<'_> {
    /// The construction's tour where it joined several blocks. One block is a search of the
    /// whole board: its tour is kept in `single_block` for the search layers to answer first,
    /// so that the layer named is the one that did the work.
    pub(super) fn construct_layer(
        &mut self,
        single_block: &mut Option<Outcome>,
    ) -> Result<Option<Outcome>, SolveError> {
        Ok(match self.construct()? {
            Built::Tour(outcome) => Some(outcome),
            Built::SingleBlock(outcome) => {
                *single_block = Some(outcome);
                None
            }
            Built::Nothing => None,
        })
    }

    /// The construction after a capped search; without room to construct, the search goes on
    /// with what it has.
    pub(super) fn construct_fallback(
        &mut self,
        single_block: &mut Option<Outcome>,
    ) -> Result<Option<Outcome>, SolveError> {
        match self.construct_layer(single_block) {
            Err(SolveError::TooLarge { .. } | SolveError::OutOfMemory { .. }) => Ok(None),
            other => other,
        }
    }

    /// The construction layer: a validated tour, or nothing where the construction does not
    /// reach this board or start (the search layers then answer).
    fn construct(&mut self) -> Result<Built, SolveError> {
        let Request {
            board,
            start,
            closed,
            ..
        } = *self.request;
        if !construct::covers(board) {
            return Ok(Built::Nothing);
        }
        check_memory(board, self.request.memory_cap)?;
        let Some((path, blocks)) = constructed_path(board, start, closed)? else {
            return Ok(Built::Nothing);
        };
        let tour = Tour::new(board, path, closed, Some(start)).map_err(|error| {
            SolveError::InvalidTour {
                layer: Layer::Construct,
                error,
            }
        })?;
        let outcome = Outcome::Tour {
            tour,
            layer: Layer::Construct,
            stats: self.finish_stats(),
        };
        Ok(if blocks > 1 {
            Built::Tour(outcome)
        } else {
            Built::SingleBlock(outcome)
        })
    }
}

/// The constructed tour as square numbers in visit order, and how many blocks it joined;
/// `None` where the board or start is out of the construction's reach or no piece fits.
fn constructed_path(
    board: Board,
    start: Square,
    closed: bool,
) -> Result<Option<(Vec<u32>, usize)>, SolveError> {
    let construction = match construct::construct(board, start, closed) {
        Ok(construction) => construction,
        Err(ConstructError::Memory { .. }) => return Err(out_of_memory(board)),
        Err(ConstructError::OutOfReach { .. } | ConstructError::NoPiece { .. }) => {
            return Ok(None);
        }
    };
    let blocks = construction.blocks();
    let path = construction.path().map_err(|_| out_of_memory(board))?;
    // The construction's links go before the validator takes its own memory.
    drop(construction);
    Ok(Some((path, blocks)))
}
