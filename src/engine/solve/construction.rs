//! The construction layer as a solve runs it: the memory check before anything is allocated,
//! the construction, the validator, and whether the tour joined several blocks or came from a
//! board small enough to be one block (really a search, so the search layers answer first and
//! the layer named is the one that did the work).

use super::memory::{check_memory, construction_needs, out_of_memory};
use super::outcome::{Outcome, SolveError};
use super::request::{Layer, Request};
use super::solver::{Halt, Solver};
use crate::engine::board::{Board, Square};
use crate::engine::construct::meter::Meter;
use crate::engine::construct::{self, ConstructError};
use crate::engine::search::{Limit, Limits};
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
    ) -> Result<Option<Outcome>, Halt> {
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
    ) -> Result<Option<Outcome>, Halt> {
        match self.construct_layer(single_block) {
            Err(Halt::Failed(SolveError::TooLarge { .. } | SolveError::OutOfMemory { .. })) => {
                Ok(None)
            }
            other => other,
        }
    }

    /// The construction layer: a validated tour, or nothing where the construction does not
    /// reach this board or start (the search layers then answer). Its piece searches spend the
    /// request's nodes; it stops at the deadline.
    fn construct(&mut self) -> Result<Built, Halt> {
        let Request {
            board,
            start,
            closed,
            ..
        } = *self.request;
        if !construct::covers(board) {
            return Ok(Built::Nothing);
        }
        let needed = construction_needs(board);
        check_memory(board, needed, self.request.memory_cap)?;
        // The whole budget left, not the cap of a first search.
        let mut meter = Meter::new(Limits {
            node_budget: self.request.node_budget.saturating_sub(self.stats.nodes),
            deadline: self.deadline,
        });
        let built = constructed_path(board, start, closed, &mut meter);
        self.stats.nodes += meter.spent();
        let stopped =
            |solver: &Self, limit| Halt::GaveUp(solver.budget_cause(limit), Layer::Construct);
        let (path, blocks) = match built {
            Ok(Some(built)) => built,
            Ok(None) => return Ok(Built::Nothing),
            Err(ConstructError::Stopped { limit }) => return Err(stopped(self, limit)),
            Err(_) => return Err(out_of_memory(board, needed).into()),
        };
        let Some(checked) = Tour::new_within(board, path, closed, Some(start), self.deadline)
        else {
            return Err(stopped(self, Limit::Deadline));
        };
        let tour = checked.map_err(|error| SolveError::InvalidTour {
            layer: Layer::Construct,
            error,
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
    meter: &mut Meter,
) -> Result<Option<(Vec<u32>, usize)>, ConstructError> {
    let construction = match construct::construct_within(board, start, closed, meter) {
        Ok(construction) => construction,
        Err(ConstructError::OutOfReach { .. } | ConstructError::NoPiece { .. }) => {
            return Ok(None);
        }
        Err(other) => return Err(other),
    };
    let blocks = construction.blocks();
    let path = construction.path_within(meter.deadline())?;
    // The construction's links go before the validator takes its own memory.
    drop(construction);
    Ok(Some((path, blocks)))
}
