//! A question on a board of any shape ([`Request::shape`]): holes, given numbers (clues), or a
//! start left free. The rectangle's theorems, its construction and the strategies built on
//! them (anchored, tiles, the narrow frontier) hold for whole rectangles only, so none runs
//! here; the rest of the schedule does, every search with the holes cut out: the position's
//! proofs, the greedy pass, backtracking, path flipping and the search over moves (the rows of
//! `schedule.rs` say which hold for what). A question whose clues bind more than the start, or
//! whose start is free, goes to the search that keeps clues.

use super::memory::out_of_memory;
use super::outcome::{Answer, Outcome, SolveError, SolvedTour};
use super::request::{Layer, Method, Request};
use super::route::RouteError;
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
        if !matches!(request.method, Method::Auto | Method::Construct)
            && let Some(outcome) = self.position()?
        {
            return Ok(outcome);
        }
        match request.method {
            Method::Auto | Method::Construct => self.route_search(),
            Method::Warnsdorff | Method::Backtrack | Method::Naive => self.single_layer(),
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

/// Whether the clues ask more than the start (a clue other than 1 at the start), or the start
/// is free: questions only the search that keeps clues answers.
fn binds_more_than_the_start(request: &Request, shape: &Shape) -> bool {
    request.any_start
        || shape
            .clues()
            .iter()
            .any(|clue| clue.number != 1 || clue.square != request.start)
}

/// Checks that the request's squares are open on its shape and agree with its clues: the start
/// is the square given 1, and an end the square given the last number, where those are given.
pub(super) fn check_shape_route(request: &Request) -> Result<(), RouteError> {
    let Some(shape) = &request.shape else {
        return Ok(());
    };
    let named = [
        (
            "the start",
            Some(request.start).filter(|_| !request.any_start),
        ),
        ("the end", request.end),
    ];
    for (what, square) in named {
        if let Some(square) = square.filter(|&square| !shape.is_open(square)) {
            return Err(RouteError::OnHole {
                what: what.into(),
                square,
            });
        }
    }
    for (place, &square) in request.prefix().iter().enumerate() {
        if !shape.is_open(square) {
            return Err(RouteError::OnHole {
                what: format!("square {} of the partial tour", place + 1),
                square,
            });
        }
    }
    if request.prefix().len() > 1 && binds_more_than_the_start(request, shape) {
        return Err(RouteError::PrefixWithClues);
    }
    if let Some(given) = shape.clued_start()
        && !request.any_start
        && given != request.start
    {
        return Err(RouteError::AgainstClue {
            what: "the start".into(),
            square: request.start,
            number: 1,
            given,
        });
    }
    if let (Some(given), Some(end)) = (shape.clued_end(), request.end)
        && given != end
    {
        return Err(RouteError::AgainstClue {
            what: "the end".into(),
            square: end,
            number: shape.open_count() as u32,
            given,
        });
    }
    Ok(())
}
