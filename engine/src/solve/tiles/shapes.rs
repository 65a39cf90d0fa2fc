//! Each block shape's tour, found by the solver itself on a board of that shape and kept by
//! shape.
//!
//! The solver is asked each [`Image`] of the shape in turn (those that ask it different
//! questions), on [`BLOCK_NODES_PER_SQUARE`] nodes a square each: flipping seeds its choices by
//! the question, and its luck is not the same in each image. On the blocks of 60 open tours of
//! the (4,5)-leaper on random boards of 370 to 1000 a side, of 365 shapes with a tour found,
//! 182 had it from the first image, 61 from the second and 122 from a later one, each in 11 to
//! 19 nodes a square; 104 shapes had none found on any image, and 147 were proved to have none.
//! With 24 nodes a square the tiling took 2.4 times the nodes, and with two images a shape 3
//! of the 60 gave up. A closed tour of a shape taller than it is wide is the wide one's,
//! transposed.

use std::collections::HashMap;
use std::time::Instant;

use super::image::Image;
use crate::board::{Board, Square};
use crate::solve::outcome::{GiveUp, Outcome, SolvedTour};
use crate::solve::request::Request;
use crate::solve::schedule::BLOCK_NODES_PER_SQUARE;
use crate::solve::solver::{Halt, Solver};

/// What one block carries: a closed tour of its shape, or on a board of odd area the start's
/// block an open tour from the start (its square in the block).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Shape {
    pub(super) rows: u32,
    pub(super) cols: u32,
    pub(super) from: Option<Square>,
}

impl Shape {
    /// The square its tour is asked from: its start, or for a closed tour its corner 0,0.
    fn corner(self) -> Square {
        self.from.unwrap_or(Square::new(0, 0))
    }

    /// The shape whose tour is searched for this one's: a closed tour's shape taller than it
    /// is wide, transposed.
    fn searched(self) -> Shape {
        match self.from.is_none() && self.rows > self.cols {
            true => Image::TRANSPOSED.of(self),
            false => self,
        }
    }
}

/// What the solver said of one image of a block shape.
enum BlockTour {
    /// A tour: square numbers of the shape (not of the image) in visit order.
    Found(Vec<u32>),
    /// A proof that there is none.
    NoTour,
    /// It gave up.
    GaveUp,
}

/// The tours found so far, by shape: `None` where the solver found none.
pub(super) type Found = HashMap<Shape, Option<Vec<u32>>>;

/// The images of `shape` that ask the solver different questions, in the order of
/// [`Image::ALL`] (a square block's transpose asks a corner's question again).
fn questions(shape: Shape) -> Vec<Image> {
    let mut asked = Vec::new();
    let mut images = Vec::new();
    for image in Image::ALL {
        let question = (image.of(shape), image.square(shape, shape.corner()));
        if !asked.contains(&question) {
            asked.push(question);
            images.push(image);
        }
    }
    images
}

impl Solver<'_> {
    /// Whether `shape` has a tour, found now if it was not yet: the solver is asked each of
    /// its images in turn until one has a tour or none (a proof for every image).
    pub(super) fn find_tour(
        &mut self,
        shape: Shape,
        found: &mut Found,
        until: u64,
    ) -> Result<bool, Halt> {
        if let Some(tour) = found.get(&shape) {
            return Ok(tour.is_some());
        }
        let searched = shape.searched();
        let tour = if searched != shape {
            self.find_tour(searched, found, until)?;
            found[&searched]
                .as_deref()
                .map(|path| Image::TRANSPOSED.path_to(searched, path))
        } else {
            self.image_tour(shape, until)?
        };
        let has_tour = tour.is_some();
        found.insert(shape, tour);
        Ok(has_tour)
    }

    /// A tour of `shape` from the first of its images the solver finds one on, or `None`.
    fn image_tour(&mut self, shape: Shape, until: u64) -> Result<Option<Vec<u32>>, Halt> {
        for image in questions(shape) {
            match self.block_tour(shape, image, until)? {
                BlockTour::Found(path) => return Ok(Some(path)),
                BlockTour::NoTour => return Ok(None),
                BlockTour::GaveUp => {}
            }
        }
        Ok(None)
    }

    /// The solver's answer on `image` of `shape`, from the image of its start (of its corner
    /// 0,0 for a closed tour), on [`BLOCK_NODES_PER_SQUARE`] nodes a square of the budget left
    /// (up to `until`) and the deadline; a tour read back onto `shape`.
    fn block_tour(&mut self, shape: Shape, image: Image, until: u64) -> Result<BlockTour, Halt> {
        let request = self.request;
        let node_budget = until
            .min(request.node_budget)
            .saturating_sub(self.stats.nodes);
        if node_budget == 0 {
            return Ok(BlockTour::GaveUp);
        }
        let time_limit = match self.deadline {
            Some(deadline) => match deadline.checked_duration_since(Instant::now()) {
                Some(left) => Some(left),
                None => return Err(self.late()),
            },
            None => None,
        };
        let seen = image.of(shape);
        let board = Board::new(seen.rows.into(), seen.cols.into())
            .expect("a block is smaller than its board");
        let block_request = Request {
            node_budget: node_budget.min(BLOCK_NODES_PER_SQUARE * board.area()),
            time_limit,
            memory_cap: request.memory_cap,
            ..Request::new(board, image.square(shape, shape.corner()))
                .piece(request.piece)
                .closed(shape.from.is_none())
        };
        let outcome = Solver::new(&block_request).run()?;
        let stats = outcome.stats();
        self.stats.nodes += stats.nodes;
        self.stats.backtracks += stats.backtracks;
        Ok(match outcome {
            Outcome::Tour {
                tour: SolvedTour::Held(tour),
                ..
            } => BlockTour::Found(image.path_back(shape, tour.indices())),
            Outcome::BudgetExceeded {
                cause: GiveUp::Deadline { .. },
                ..
            } => return Err(self.late()),
            Outcome::Tour { .. } | Outcome::BudgetExceeded { .. } => BlockTour::GaveUp,
            Outcome::NoTour { .. } => BlockTour::NoTour,
        })
    }
}
