//! `auto`'s tiling, for leapers other than the knight on large boards: a tour joined from the
//! tours of small blocks, as the construction joins the knight's (Parberry 1997, *Discrete
//! Applied Math.* 73; see [`crate::construct`]), where the search's own tour would take a path
//! across a million squares.
//!
//! The board is cut into bands each way, all of one side but the band holding the start, which also
//! takes the rest of the length (`tiling`): so a tiling has at most four block shapes, and where a
//! length is odd, the odd band is the start's. Every block shape then needs a closed tour, and the
//! solver finds one on a board of that shape (`shapes`), asked of its mirror images in turn on a
//! few nodes a square each, since its luck differs between them (`image`): a few shapes a board,
//! each a few thousand squares (a shape taller than it is wide is the wide one transposed). The
//! blocks' tours are spliced into one along a comb, each block to its right-hand neighbour and the
//! first block of each band of rows to the first below ([`joined`]), and the joined cycle is read
//! from the start. Even sides make every block of even area, as a closed tour of a piece that
//! changes colour needs; on a board of odd area only the start's block is odd, and it carries an
//! open tour from the start, into which the other blocks' cycles are spliced. Where a shape has no
//! tour (some sides admit none: the (4,5)-leaper has no tour with a side of 40 at all), or no swap
//! joins two blocks, the next pair of sides from [`BAND_SIDES`](tiling::BAND_SIDES) is tried, on at
//! most a quarter of the budget; where none serves, flipping and the other searches take the
//! question. The tour is validated like any other. Strips a few rows high are beyond it: on the
//! (3,4)- and (2,5)-leapers' 7×20000 no swap joined two blocks of any of the sides whose shapes had
//! tours (36 to 50 wide).
//!
//! On the (3,4)-leaper's 1000×1000, where the greedy pass stops after about a thousand squares
//! and flipping gave up after 100 M nodes, this answers in a fraction of a second. On the
//! (4,5)-leaper's 380×589 from 245,316 (4.2 M nodes now), no pair of sides once had every
//! shape's tour found within a quarter of the budget: with the rest of a length shared out two
//! squares a band, a tiling had up to nine shapes, each asked of the solver wide and tall on a
//! million nodes, and the searches after it gave up at 100 M nodes.

mod image;
mod joined;
mod shapes;
#[cfg(test)]
mod tests;
mod tiling;

use std::collections::HashSet;
use std::time::Instant;

use self::joined::{Block, JoinedTour, PathRead};
use self::shapes::{Found, Shape};
use self::tiling::{Tiling, side_pairs};
use super::memory::numbering_needs;
use super::outcome::Answer;
use super::request::Layer;
use super::schedule::{TILES_FROM_SQUARES, TILES_PARTS};
use super::solver::{Goal, Halt, Solver};
use crate::board::Square;
use crate::search::Limit;

impl Solver<'_> {
    /// The tiling's answer on a large board, or `None` where it does not apply or no side
    /// serves (the next layers take the question then).
    pub(super) fn tiles(&mut self, goal: Goal) -> Result<Option<Answer>, Halt> {
        let request = self.request;
        let board = request.board;
        let applies = board.area() >= TILES_FROM_SQUARES
            && request.piece.changes_colour()
            && !request.piece.is_knight()
            && !request.has_route();
        // The joined tour, the path read from it (four bytes a square), the validator's two bits a
        // square, and the visit numbers when the request keeps them.
        let needed = JoinedTour::memory_needed(board)
            + board.area() * 4
            + board.area() / 4
            + numbering_needs(request);
        if !applies || request.memory_cap.is_some_and(|free| needed > free) {
            return Ok(None);
        }
        let mut found = Found::new();
        let mut tried = HashSet::new();
        let until = self
            .stats
            .nodes
            .saturating_add(request.node_budget / TILES_PARTS);
        for sides in side_pairs() {
            let tiling = Tiling::new(board, request.start, sides);
            if self.stats.nodes >= until {
                return Ok(None);
            }
            if !tried.insert((tiling.heights.clone(), tiling.widths.clone())) {
                continue;
            }
            if let Some(path) = self.tiled_path(&tiling, &mut found, until)? {
                return self.flipped_tour(path, goal, Layer::Tiles).map(Some);
            }
        }
        Ok(None)
    }

    /// The tour of `tiling`, read from the start, or `None` where a shape has no tour or two
    /// blocks no swap.
    fn tiled_path(
        &mut self,
        tiling: &Tiling,
        found: &mut Found,
        until: u64,
    ) -> Result<Option<Vec<u32>>, Halt> {
        let request = self.request;
        let (band_rows, band_cols) = (tiling.heights.len(), tiling.widths.len());
        let mut shapes = Vec::new();
        for row in 0..band_rows {
            for col in 0..band_cols {
                let block = tiling.block(row, col);
                let shape = self.shape(block, (row, col) == tiling.start_band);
                if !self.find_tour(shape, found, until)? {
                    return Ok(None);
                }
                shapes.push((block, shape));
            }
        }
        let Ok(mut joined) = JoinedTour::new(request.board, request.piece) else {
            return Ok(None);
        };
        for (block, shape) in &shapes {
            let path = found[shape].as_deref().expect("every shape has its tour");
            joined.lay(*block, path, shape.from.is_none());
            self.check_clock()?;
        }
        let block = |row: usize, col: usize| shapes[row * band_cols + col].0;
        for row in 0..band_rows {
            for col in 1..band_cols {
                if !joined.join_blocks(block(row, col - 1), block(row, col)) {
                    return Ok(None);
                }
            }
            if row > 0 && !joined.join_blocks(block(row - 1, 0), block(row, 0)) {
                return Ok(None);
            }
        }
        self.check_clock()?;
        match joined.walk(request.start, self.deadline) {
            PathRead::Path(path) => Ok(Some(path)),
            PathRead::Late => Err(self.late()),
            PathRead::NoMemory => Ok(None),
        }
    }

    /// What `block` carries: on a board of odd area, the start's block an open tour from the
    /// start; every other block a closed tour.
    fn shape(&self, block: Block, holds_start: bool) -> Shape {
        let start = self.request.start;
        let from = (holds_start && self.request.board.has_odd_area())
            .then(|| Square::new(start.row - block.top, start.col - block.left));
        Shape {
            rows: block.rows,
            cols: block.cols,
            from,
        }
    }

    /// Gives up where the deadline has passed.
    fn check_clock(&self) -> Result<(), Halt> {
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Err(self.late()),
            _ => Ok(()),
        }
    }

    /// The tiling gave up on the deadline.
    fn late(&self) -> Halt {
        Halt::GaveUp(self.budget_cause(Limit::Deadline), Layer::Tiles)
    }
}
