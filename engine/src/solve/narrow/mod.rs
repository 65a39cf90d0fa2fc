//! Narrow boards decided exactly: on a board whose short side is at most
//! [`MAX_SHORT_SIDE`], the frontier count's dynamic programming (`count::frontier`) decides
//! whether a tour with an end, or one that completes a partial tour, exists — a state left
//! after the last square says yes, none is the proof that the count is 0 — and a tour is read
//! back from its states as the witness, validated like every layer's. `auto` asks it before
//! the construction and the search for every such request (a plain tour from a start is the
//! search's and the construction's, which answer every narrow board).
//!
//! - `fold`: the board seen through a short one whose plan stands for it (a few hundred
//!   squares whatever the board's length), so that the plan costs the same on 3×10 and on
//!   3×10^8;
//! - `rules`: what a partial tour asks of each step: its moves, and no others at its full
//!   squares;
//! - `trace`: the steps, each state with one it came from and its square's moves, the
//!   repeated stretches stepped only until their states go round; a node is a state stepped;
//! - `moves`: the moves read back, two bytes a square, and the path they make.
//!
//! The tour is held as a path, four bytes a square, checked against the request's memory cap
//! before anything is allocated, with the states as they grow; what does not fit is refused
//! by name ([`SolveError::TooLarge`]).

mod fold;
mod moves;
mod rules;
#[cfg(test)]
mod tests;
mod trace;

use std::iter;
use std::time::Instant;

use self::fold::Fold;
use self::moves::TourMoves;
use self::rules::Rules;
use self::trace::{Stop, Trace, TraceSpec, Traced, trace};
use super::memory::{check_memory, out_of_memory};
use super::outcome::{Answer, Outcome, SolveError, SolvedTour};
use super::request::{Layer, Request};
use super::solver::{Halt, Solver};
use crate::board::Square;
use crate::count::Stepper;
use crate::existence::NoTourReason;
use crate::search::Limit;
use crate::tour::{Tour, TourError};

/// The longest short side the layer takes: past it the frontier's states outgrow what a
/// solve can spend (a knight's frontier on a board 4 wide holds a few thousand states, 5 wide
/// tens of thousands).
pub(super) const MAX_SHORT_SIDE: u32 = 4;

/// Bytes a square of the short board's plan holds, with room for what making it takes.
const PLAN_BYTES: u64 = 256;

/// How many squares the reading back takes between looks at the clock.
const CLOCK_EVERY: u32 = 1 << 16;

impl Solver<'_> {
    /// The frontier layer, for an `auto` request with an end or a partial tour on a narrow
    /// board: a tour read back from the frontier's states and validated, or the proof that
    /// none exists (the count is 0); `None` where the board is not narrow or the piece's
    /// frontier is too wide. Its nodes are states stepped, within the budget and the deadline.
    pub(super) fn frontier(&mut self) -> Result<Option<Answer>, Halt> {
        let request = self.request;
        let board = request.board;
        if board.short_side() > MAX_SHORT_SIDE || board.area() < 2 {
            return Ok(None);
        }
        let prefix = request.prefix();
        let fixed: Vec<usize> = prefix
            .iter()
            .chain(&request.end)
            .map(|&square| Fold::row_of(board, square))
            .collect();
        let fold = Fold::new(board, 2 * request.piece.reach() as usize + 3, &fixed);
        let tour_needs = tour_needs(request);
        let plan_needs = fold.short().area() * PLAN_BYTES + prefix.len() as u64 * 24;
        let needs = tour_needs + plan_needs;
        check_memory(board, needs, request.memory_cap)?;
        let Some(stepper) = stepper_for(request, &fold) else {
            return Ok(None);
        };
        let places = prefix.iter().map(|&square| fold.position(square)).collect();
        let rules = Rules::new(places, request.closed, stepper.window());
        let spec = TraceSpec {
            fold: &fold,
            stepper: &stepper,
            rules: &rules,
        };
        let memory = request
            .memory_cap
            .map_or(u64::MAX, |cap| cap.saturating_sub(needs));
        let mut nodes = 0;
        let traced = trace(&spec, self.limits(), memory, &mut nodes);
        self.stats.nodes += nodes;
        let found = match traced {
            Ok(Traced::Tour(found)) => found,
            Ok(Traced::None) => return Ok(Some(self.count_is_zero())),
            Err(Stop::Limit(limit)) => {
                return Ok(Some(
                    self.gave_up(self.budget_cause(limit), Layer::Frontier),
                ));
            }
            Err(Stop::Memory { wanted }) => {
                let needed = needs.saturating_add(wanted);
                return Err(match check_memory(board, needed, request.memory_cap) {
                    Err(error) => error.into(),
                    Ok(()) => out_of_memory(board, needed).into(),
                });
            }
        };
        let tour = self.read_back(&fold, &found, tour_needs)?;
        // The path read back is the whole tour.
        self.stats.max_depth = self.stats.max_depth.max(board.area() as u32);
        Ok(Some(Outcome::Tour {
            tour: SolvedTour::Held(tour),
            layer: Layer::Frontier,
            stats: self.finish_stats(),
        }))
    }

    /// The proof that no tour along the request's route exists: the count is 0.
    fn count_is_zero(&mut self) -> Answer {
        let request = self.request;
        Outcome::NoTour {
            reason: NoTourReason::FrontierCount {
                board: request.board,
                start: request.start,
                end: request.end,
                prefix_len: request.prefix().len() as u64,
                closed: request.closed,
            },
            layer: Layer::Frontier,
            stats: self.finish_stats(),
        }
    }

    /// The tour `found` holds, read back, prefix from the start and validated, with its end
    /// and its partial tour checked too.
    fn read_back(&self, fold: &Fold, found: &Trace, needed: u64) -> Result<Tour, Halt> {
        let request = self.request;
        let board = request.board;
        let late = || Halt::GaveUp(self.budget_cause(Limit::Deadline), Layer::Frontier);
        let refused = |_| Halt::from(out_of_memory(board, needed));
        let mut tour_moves = TourMoves::new(fold.squares()).map_err(refused)?;
        let mut until_clock = CLOCK_EVERY;
        found
            .each_back(|v, moves| {
                for back in moves.into_iter().filter(|&back| back != 0) {
                    tour_moves.join(v, back);
                }
                until_clock -= 1;
                if until_clock == 0 {
                    until_clock = CLOCK_EVERY;
                    if self
                        .deadline
                        .is_some_and(|deadline| Instant::now() >= deadline)
                    {
                        return Err(());
                    }
                }
                Ok(())
            })
            .map_err(|()| late())?;
        let prefix = request.prefix();
        // A closed tour goes round either way: the partial tour says which.
        let toward = prefix
            .get(1)
            .filter(|_| request.closed)
            .map(|&second| fold.position(second));
        let path = tour_moves
            .path(fold, fold.position(request.start), toward)
            .map_err(refused)?;
        drop(tour_moves);
        let invalid = |error| {
            Halt::from(SolveError::InvalidTour {
                layer: Layer::Frontier,
                error,
            })
        };
        let tour = Tour::new_within(
            board,
            request.piece,
            path,
            request.closed,
            Some(request.start),
            self.deadline,
        )
        .ok_or_else(late)?
        .map_err(invalid)?;
        if let Some(expected) = request.end {
            let found = board.square_at(*tour.indices().last().expect("a tour has squares"));
            if found != expected {
                return Err(invalid(TourError::WrongEnd { expected, found }));
            }
        }
        if let Some((step, (expected, found))) = iter::zip(prefix.iter().copied(), tour.squares())
            .enumerate()
            .find(|(_, (expected, found))| expected != found)
        {
            return Err(invalid(TourError::WrongPrefix {
                step: step as u64 + 1,
                expected,
                found,
            }));
        }
        Ok(tour)
    }
}

/// The steps of the fold's short board for the request's piece, with its start and end as the
/// fixed ends of an open tour; `None` where the piece's frontier is too wide, or (a change in
/// the frontier's order that the fold does not know) the plan reads its squares in another
/// order than the fold.
fn stepper_for(request: &Request, fold: &Fold) -> Option<Stepper> {
    let ends: Vec<Square> = if request.closed {
        Vec::new()
    } else {
        iter::once(request.start)
            .chain(request.end)
            .map(|square| fold.short_square_of(square))
            .collect()
    };
    let stepper = Stepper::new(fold.short(), request.piece, &ends, request.closed).ok()?;
    let agrees = (0..stepper.len()).all(|v| stepper.square(v) == fold.short_square(v));
    debug_assert!(agrees, "the frontier's order is the fold's");
    agrees.then_some(stepper)
}

/// Bytes the tour read back holds at its peak: its moves (two bytes a square) and its path
/// (four), then the path and the validator's bits; with the visit numbers when the request
/// keeps them.
fn tour_needs(request: &Request) -> u64 {
    let squares = request.board.area();
    let numbers = if request.visit_numbers { 4 } else { 0 };
    squares * (6 + numbers) + squares / 4
}
