//! A question on a board of any shape ([`Request::shape`]): holes, given numbers (clues), or a
//! start left free. The rectangle's theorems, its construction and the strategies built on
//! them (anchored, tiles, the narrow frontier) hold for whole rectangles only, so none runs
//! here; the rest of the schedule does, every search with the holes cut out: the position's
//! proofs, the greedy pass, backtracking, path flipping and the search over moves (the rows of
//! `schedule.rs` say which hold for what). A question whose clues bind more than the start, or
//! whose start is free, goes to the search that keeps clues.

use super::memory::out_of_memory;
use super::outcome::{Answer, Outcome, SolveError, SolvedTour};
use super::request::{Layer, Method};
use super::route::binds_more_than_the_start;
use super::solver::{Halt, Solver};
use crate::shape::Shape;
use crate::shape::clued::{self, ClueAnswer, ClueQuestion};
use crate::tour::{ShapeRoute, Tour, TourError};

impl Solver<'_> {
    /// The schedule on a board of any shape (see the module doc).
    pub(super) fn shaped(&mut self, shape: &Shape) -> Result<Answer, Halt> {
        let request = self.request;
        if request.method == Method::Construct {
            return Err(SolveError::ConstructRectangleOnly.into());
        }
        if let Some(reason) = clued::prove(&self.clue_question(shape)) {
            return Ok(self.no_tour(reason, Layer::Position));
        }
        if binds_more_than_the_start(request, shape) {
            return self.clued(shape);
        }
        if request.method == Method::Auto {
            return self.route_search();
        }
        // A single layer runs alone after the position's proofs, as on a rectangle.
        match self.position()? {
            Some(outcome) => Ok(outcome),
            None => self.single_layer(),
        }
    }

    /// The path `path` (square numbers) checked as the tour of the request's shape.
    pub(super) fn shaped_tour(&self, path: Vec<u32>) -> Result<Tour, TourError> {
        let request = self.request;
        let shape = request.shape.as_ref().expect("a shaped tour has its shape");
        let route = ShapeRoute {
            closed: request.closed,
            start: (!request.any_start).then_some(request.start),
            end: request.end,
        };
        Tour::on_shape(shape, request.piece, path, route)
    }

    /// The question as the search that keeps clues takes it, with the limits left.
    fn clue_question<'s>(&self, shape: &'s Shape) -> ClueQuestion<'s> {
        let request = self.request;
        ClueQuestion {
            shape,
            piece: request.piece,
            closed: request.closed,
            start: (!request.any_start).then_some(request.start),
            end: request.end,
            limits: self.limits(),
        }
    }

    /// The search that keeps clues (step 15): a tour, the proof that its tree holds none, or
    /// "gave up".
    fn clued(&mut self, shape: &Shape) -> Result<Answer, Halt> {
        let question = self.clue_question(shape);
        let layer = Layer::Clues;
        let answer =
            clued::find(&question).map_err(|error| out_of_memory(shape.board(), error.bytes))?;
        let (ClueAnswer::Found { nodes, .. }
        | ClueAnswer::Exhausted { nodes }
        | ClueAnswer::GaveUp { nodes, .. }) = answer;
        self.stats.nodes += nodes;
        self.stats.searches += 1;
        match answer {
            ClueAnswer::Found { path, .. } => {
                self.stats.max_depth = self.stats.max_depth.max(path.len() as u32);
                let tour = self
                    .shaped_tour(path)
                    .map_err(|error| SolveError::InvalidTour { layer, error })?;
                Ok(Outcome::Tour {
                    tour: SolvedTour::Held(tour),
                    layer,
                    stats: self.finish_stats(),
                })
            }
            ClueAnswer::Exhausted { .. } => {
                let reason = clued::exhausted_reason(&question, &answer)
                    .expect("an exhausted search is a proof");
                Ok(self.no_tour(reason, layer))
            }
            ClueAnswer::GaveUp { limit, .. } => Ok(self.gave_up(self.budget_cause(limit), layer)),
        }
    }
}
