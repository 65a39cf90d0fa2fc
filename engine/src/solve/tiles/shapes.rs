//! Each block shape's tour, found by the solver itself on a board of that shape and kept by
//! shape.

use std::collections::HashMap;
use std::time::Instant;

use crate::board::{Board, Square};
use crate::solve::outcome::{GiveUp, Outcome, SolvedTour};
use crate::solve::request::Request;
use crate::solve::solver::{Halt, Solver};

/// The nodes the solver has for one block shape's tour. The tours it found of the shapes of
/// [`BAND_SIDES`] took at most about 700 thousand (the (4,5)-leaper's 44×48); a shape that
/// takes more is left for another pair of sides.
pub(super) const BLOCK_NODES: u64 = 1 << 20;

/// A tour of `shape` (square numbers in visit order) as a tour of its transpose.
pub(super) fn transpose(path: &[u32], shape: Shape) -> Vec<u32> {
    path.iter()
        .map(|&index| (index % shape.cols) * shape.rows + index / shape.cols)
        .collect()
}

/// What one block carries: a closed tour of its shape, or on a board of odd area the start's
/// block an open tour from the start (its square in the block).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Shape {
    pub(super) rows: u32,
    pub(super) cols: u32,
    pub(super) from: Option<Square>,
}

/// What the solver said of one block shape.
enum BlockTour {
    /// A tour: square numbers in visit order.
    Found(Vec<u32>),
    /// A proof that there is none.
    NoTour,
    /// It gave up.
    GaveUp,
}

/// The tours found so far, by shape: `None` where the solver found none.
pub(super) type Found = HashMap<Shape, Option<Vec<u32>>>;

impl Solver<'_> {
    /// Whether `shape` has a tour, found now if it was not yet. A closed tour of a shape taller
    /// than it is wide is the wide shape's, transposed (the piece's moves are the same
    /// transposed); where the solver gives up on the wide shape, it has a second go on the tall
    /// one, since flipping's luck is not the same both ways round.
    pub(super) fn find_tour(
        &mut self,
        shape: Shape,
        found: &mut Found,
        until: u64,
    ) -> Result<bool, Halt> {
        if found.contains_key(&shape) {
            return Ok(found[&shape].is_some());
        }
        let tall = Shape {
            rows: shape.cols,
            cols: shape.rows,
            from: None,
        };
        let tour = if shape.from.is_none() && shape.rows > shape.cols {
            self.find_tour(tall, found, until)?;
            found[&tall].as_deref().map(|path| transpose(path, tall))
        } else {
            match self.block_tour(shape, until)? {
                BlockTour::GaveUp if shape.from.is_none() && shape.rows < shape.cols => {
                    match self.block_tour(tall, until)? {
                        BlockTour::Found(path) => Some(transpose(&path, tall)),
                        BlockTour::GaveUp | BlockTour::NoTour => None,
                    }
                }
                BlockTour::Found(path) => Some(path),
                BlockTour::GaveUp | BlockTour::NoTour => None,
            }
        };
        let has_tour = tour.is_some();
        found.insert(shape, tour);
        Ok(has_tour)
    }

    /// The solver's answer on a board of `shape`, on [`BLOCK_NODES`] nodes of the budget left
    /// (up to `until`) and the deadline.
    fn block_tour(&mut self, shape: Shape, until: u64) -> Result<BlockTour, Halt> {
        let request = self.request;
        let node_budget = until
            .min(request.node_budget)
            .saturating_sub(self.stats.nodes);
        if node_budget == 0 {
            return Ok(BlockTour::GaveUp);
        }
        let deadline = match self.deadline {
            Some(deadline) => match deadline.checked_duration_since(Instant::now()) {
                Some(left) => Some(left),
                None => return Err(self.late()),
            },
            None => None,
        };
        let board = Board::new(shape.rows.into(), shape.cols.into())
            .expect("a block is smaller than its board");
        let block_request = Request {
            node_budget: node_budget.min(BLOCK_NODES),
            deadline,
            memory_cap: request.memory_cap,
            ..Request::new(board, shape.from.unwrap_or(Square::new(0, 0)))
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
            } => BlockTour::Found(tour.into_indices()),
            Outcome::BudgetExceeded {
                cause: GiveUp::Deadline { .. },
                ..
            } => return Err(self.late()),
            Outcome::Tour { .. } | Outcome::BudgetExceeded { .. } => BlockTour::GaveUp,
            Outcome::NoTour { .. } => BlockTour::NoTour,
        })
    }
}
