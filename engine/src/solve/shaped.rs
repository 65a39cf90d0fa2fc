//! A question on a board of any shape ([`Request::shape`]): holes, given numbers (clues), or a
//! start left free. The rectangle's theorems, its construction and the strategies built on
//! them (anchored, tiles, the narrow frontier) hold for whole rectangles only, so none runs
//! here; the rest of the schedule does, every search with the holes cut out: the position's
//! proofs, the greedy pass, backtracking, path flipping and the search over moves (the rows of
//! `schedule.rs` say which hold for what). A question whose clues bind more than the start, or
//! whose start is free, goes to the search that keeps clues.
//!
//! So does a piece of more moves than the rectangle search takes ([`Search::takes`]), on a
//! shape or on a whole rectangle ([`Solver::wide`]): the clue search is the one search that
//! takes any piece. A partial tour is then given to it as the numbers of its squares.

use std::sync::Arc;

use super::memory::out_of_memory;
use super::outcome::{Answer, Outcome, SolveError, SolvedTour};
use super::request::{Layer, Method};
use super::route::binds_more_than_the_start;
use super::solver::{Halt, Solver};
use crate::search::Search;
use crate::shape::clued::{self, ClueAnswer, ClueQuestion};
use crate::shape::{Clue, Shape};
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
        if !Search::takes(request.piece) {
            return self.wide();
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

    /// A piece of more moves than the rectangle search takes: the clue search alone (after
    /// its proofs), on the request's shape or its whole rectangle, with a partial tour's
    /// squares given their numbers. The theorems have run on a rectangle; a construction was
    /// refused before.
    pub(super) fn wide(&mut self) -> Result<Answer, Halt> {
        let request = self.request;
        let (piece, board) = (request.piece, request.board);
        let too_large = |_| SolveError::WidePieceTooLarge { piece, board };
        let rectangle;
        let asked = match request.shape.as_deref() {
            Some(shape) => shape,
            None => {
                rectangle = Shape::full(board).map_err(too_large)?;
                &rectangle
            }
        };
        let prefix = request.prefix();
        let numbered;
        let shape = if prefix.len() < 2 {
            asked
        } else {
            // A partial tour is refused on a board whose numbers bind more than its start
            // (`check_shape_route`): its squares' numbers replace the start's.
            let numbers = prefix.iter().enumerate().map(|(k, &square)| Clue {
                number: k as u32 + 1,
                square,
            });
            let clues: Vec<Clue> = asked
                .clues()
                .iter()
                .filter(|clue| clue.number as usize > prefix.len())
                .copied()
                .chain(numbers)
                .collect();
            numbered = Shape::new(board, asked.holes(), &clues).map_err(too_large)?;
            &numbered
        };
        if let Some(reason) = clued::prove(&self.clue_question(shape)) {
            return Ok(self.no_tour(reason, Layer::Position));
        }
        self.clued(shape)
    }

    /// The path `path` (square numbers) checked as the tour of the request's shape.
    pub(super) fn shaped_tour(&self, path: Vec<u32>) -> Result<Tour, TourError> {
        let request = self.request;
        let shape = request.shape.as_ref().expect("a shaped tour has its shape");
        Tour::on_shape(shape, request.piece, path, self.shape_route())
    }

    /// The route the request asks for, as a shape's validator takes it.
    fn shape_route(&self) -> ShapeRoute {
        let request = self.request;
        ShapeRoute {
            closed: request.closed,
            start: (!request.any_start).then_some(request.start),
            end: request.end,
        }
    }

    /// The path the clue search found on `shape` checked as the request's tour: on `shape`,
    /// which holds a partial tour as numbers ([`Solver::wide`]), and on the request's board.
    fn clue_tour(&self, shape: &Shape, path: Vec<u32>) -> Result<Tour, TourError> {
        let request = self.request;
        let numbered = request.prefix().len() > 1;
        if request.shape.is_some() && !numbered {
            return self.shaped_tour(path);
        }
        // Here `shape` is the whole rectangle, or holds the partial tour's numbers.
        let piece = request.piece;
        let checked = Tour::on_shape(&Arc::new(shape.clone()), piece, path, self.shape_route())?;
        match &request.shape {
            _ if !numbered => Ok(checked),
            Some(_) => self.shaped_tour(checked.into_indices()),
            None => Tour::with_piece(
                request.board,
                piece,
                checked.into_indices(),
                request.closed,
                Some(request.start),
            ),
        }
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
                    .clue_tour(shape, path)
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
