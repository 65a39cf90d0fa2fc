//! The construction layer as a solve runs it: the memory check before anything is allocated,
//! the construction, the validator, and whether the tour joined several blocks or came from a
//! board small enough to be one block (really a search, so the search layers answer first and
//! the layer named is the one that did the work). A streaming solve keeps the tour as its
//! construction, checked by walking it ([`WalkedTour`](crate::construct::WalkedTour));
//! otherwise the path is read into memory and checked as every other layer's is.

use super::memory::{check_memory, construction_needs, out_of_memory};
use super::outcome::{Answer, Outcome, SolveError, SolvedTour};
use super::request::{Layer, Request};
use super::solver::{Halt, Solver};
use crate::construct::meter::Meter;
use crate::construct::{self, ConstructError, Construction};
use crate::leaper::Leaper;
use crate::search::{Limit, Limits};
use crate::tour::{Tour, TourError};

/// What the construction layer gave.
enum Built {
    /// A tour joined from several blocks.
    Tour(Answer),
    /// A tour of a board small enough to be one block (found by the piece search alone).
    SingleBlock(Answer),
    /// No tour: the board or start is out of the construction's reach.
    Nothing,
}

impl Solver<'_> {
    /// The construction's tour where it joined several blocks. One block is a search of the
    /// whole board: its tour is kept in `single_block` for the search layers to answer first,
    /// so that the layer named is the one that did the work.
    pub(super) fn construct_layer(
        &mut self,
        single_block: &mut Option<Answer>,
    ) -> Result<Option<Answer>, Halt> {
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
        single_block: &mut Option<Answer>,
    ) -> Result<Option<Answer>, Halt> {
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
            end,
            ..
        } = *self.request;
        // The construction places an end, but completes no partial tour, and builds knight's
        // tours only.
        let knight = self.request.piece.is_knight();
        if !knight || !construct::covers(board) || self.request.prefix().len() > 1 {
            return Ok(Built::Nothing);
        }
        let needed = construction_needs(self.request, self.walking);
        check_memory(board, needed, self.request.memory_cap)?;
        // The whole budget left, not the cap of a first search.
        let mut meter = Meter::new(Limits {
            node_budget: self.request.node_budget.saturating_sub(self.stats.nodes),
            deadline: self.deadline,
        });
        let built = match end {
            Some(end) => construct::construct_to_within(board, start, end, &mut meter),
            None => construct::construct_within(board, start, closed, &mut meter),
        };
        self.stats.nodes += meter.spent();
        let construction = match built {
            Ok(construction) => construction,
            Err(
                ConstructError::OutOfReach { .. }
                | ConstructError::EndOutOfReach { .. }
                | ConstructError::NoBlockTour { .. },
            ) => {
                return Ok(Built::Nothing);
            }
            Err(error) => return Err(self.failed(error, needed)),
        };
        let blocks = construction.blocks();
        let tour = if self.walking {
            let walked = match end {
                Some(end) => construction.walk_to_within(start, end, self.deadline),
                None => construction.walk_within(closed, start, self.deadline),
            };
            SolvedTour::Walked(Box::new(
                walked.map_err(|error| self.failed(error, needed))?,
            ))
        } else {
            SolvedTour::Held(self.read_and_check(construction, needed)?)
        };
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

    /// The constructed tour read into memory and validated as every layer's tour is.
    fn read_and_check(&self, construction: Construction, needed: u64) -> Result<Tour, Halt> {
        let Request {
            board,
            start,
            closed,
            end,
            ..
        } = *self.request;
        let path = construction
            .path_within(self.deadline)
            .map_err(|error| self.failed(error, needed))?;
        // The construction goes before the validator takes its own memory.
        drop(construction);
        let Some(checked) = Tour::new_within(
            board,
            Leaper::KNIGHT,
            path,
            closed,
            Some(start),
            self.deadline,
        ) else {
            return Err(self.failed(
                ConstructError::Stopped {
                    limit: Limit::Deadline,
                },
                needed,
            ));
        };
        let invalid = |error| SolveError::InvalidTour {
            layer: Layer::Construct,
            error,
        };
        let tour = checked.map_err(invalid)?;
        let last = tour.indices().last().map(|&index| board.square_at(index));
        match (end, last) {
            (Some(expected), Some(found)) if found != expected => {
                Err(invalid(TourError::WrongEnd { expected, found }).into())
            }
            _ => Ok(tour),
        }
    }

    /// How the solve ends when the construction of a tour that needs `needed` bytes fails.
    fn failed(&self, error: ConstructError, needed: u64) -> Halt {
        match error {
            ConstructError::Stopped { limit } => {
                Halt::GaveUp(self.budget_cause(limit), Layer::Construct)
            }
            ConstructError::Invalid(error) => SolveError::InvalidTour {
                layer: Layer::Construct,
                error,
            }
            .into(),
            _ => out_of_memory(self.request.board, needed).into(),
        }
    }
}
