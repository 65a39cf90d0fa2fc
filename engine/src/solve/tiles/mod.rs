//! `auto`'s tiling, for leapers other than the knight on large boards: a tour joined from the
//! tours of small blocks, as the construction joins the knight's (Parberry 1997, *Discrete
//! Applied Math.* 73; see [`crate::construct`]), where the search's own tour would take a path
//! across a million squares.
//!
//! The board is cut into bands each way, of an even side or two more (the rest shared out two
//! squares a band, and an odd square to the band holding the start). Every block shape then
//! needs a closed tour, and the solver finds one on a board of that shape, on [`BLOCK_NODES`]
//! nodes: a few shapes a board, each a few thousand squares (a shape taller than it is wide is
//! the wide one transposed). The blocks' tours are spliced into one along a comb, each block to
//! its right-hand neighbour and the first block of each band of rows to the first below
//! ([`links`]), and the joined cycle is read from the start. Even sides make every block of
//! even area, as a closed tour of a piece that changes colour needs; on a board of odd area
//! only the start's block is odd, and it carries an open tour from the start, into which the
//! other blocks' cycles are spliced. Where a shape has no tour (some sides admit none: the
//! (4,5)-leaper has no tour of 40×40 at all), or no swap joins two blocks, the next pair of
//! sides from [`BAND_SIDES`] is tried, on at most a quarter of the budget; where none serves,
//! flipping and the other searches take the question. The tour is validated like any other.
//! Strips a few rows high are beyond it: on the (3,4)- and (2,5)-leapers' 7×20000 no swap
//! joined two blocks of any of the sides whose shapes had tours (36 to 50 wide).
//!
//! On the (3,4)-leaper's 1000×1000, where the greedy pass stops after about a thousand squares
//! and flipping gave up after 100 M nodes, this answers in a fraction of a second.

mod links;
#[cfg(test)]
mod tests;

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use self::links::{Block, Links, Walked};
use super::memory::numbering_needs;
use super::outcome::{Answer, GiveUp, Outcome, SolvedTour};
use super::request::{Layer, Request};
use super::solver::{Halt, Plan, Solver};
use crate::board::{Board, Square};
use crate::search::Limit;

/// Boards of at least this many squares are tiled (a little over 362×362). Below it, flipping
/// answers the leapers it reaches in a few seconds (the (3,4)-leaper's 330×330 from 2,3 in
/// half a second), and its tours are the search's own.
pub(super) const TILES_FROM_SQUARES: u64 = 1 << 17;

/// The band sides tried, in order: even, and large enough that most pieces have closed tours
/// of every shape they make. Schwenk's argument leaves the (3,4)-leaper no tour of 24×24 (no
/// move joins two of rows, nor two of columns, 0–2, 7–9, 14–16 and 21–23), and the
/// (4,5)-leaper none of 24×24, 32×32 or 40×40.
const BAND_SIDES: [u32; 14] = [32, 50, 36, 46, 26, 30, 40, 48, 24, 42, 28, 34, 38, 44];

/// The nodes the solver has for one block shape's tour. The tours it found of the shapes of
/// [`BAND_SIDES`] took at most about 700 thousand (the (4,5)-leaper's 44×48); a shape that
/// takes more is left for another pair of sides.
const BLOCK_NODES: u64 = 1 << 20;

/// One way to cut the board: the bands' heights and widths, and the band of each holding the
/// start.
struct Tiling {
    heights: Vec<u32>,
    widths: Vec<u32>,
    start_band: (usize, usize),
}

impl Tiling {
    /// Bands of `row_side` squares down `board` and of `col_side` across, the rest added to
    /// the bands first, or last when `late` ([`bands`]).
    fn new(board: Board, start: Square, (row_side, col_side): (u32, u32), late: bool) -> Self {
        let (heights, row_band) = bands(board.rows(), start.row, row_side, late);
        let (widths, col_band) = bands(board.cols(), start.col, col_side, late);
        Self {
            heights,
            widths,
            start_band: (row_band, col_band),
        }
    }

    /// The block in band `row` of rows and band `col` of columns.
    fn block(&self, row: usize, col: usize) -> Block {
        Block {
            top: self.heights[..row].iter().sum(),
            left: self.widths[..col].iter().sum(),
            rows: self.heights[row],
            cols: self.widths[col],
        }
    }
}

/// A length cut into bands of `side`, or two more: the rest is shared out two squares a band
/// (evenly, where it is more than two a band), to the first bands or, when `late`, the last;
/// an odd square left goes to the band holding `start`. The bands, and that band's place. A
/// length under two sides is one band.
fn bands(length: u32, start: u32, side: u32, late: bool) -> (Vec<u32>, usize) {
    if length < 2 * side {
        return (vec![length], 0);
    }
    let count = length / side;
    let pairs = length % side / 2;
    let mut sizes: Vec<u32> = (0..count)
        .map(|band| {
            let place = if late { count - 1 - band } else { band };
            side + 2 * (pairs / count) + if place < pairs % count { 2 } else { 0 }
        })
        .collect();
    let mut first = 0;
    let holder = sizes
        .iter()
        .position(|&size| {
            first += size;
            start < first
        })
        .unwrap_or(sizes.len() - 1);
    sizes[holder] += length % 2;
    (sizes, holder)
}

/// The pairs of band sides (down, across) to try: each side of [`BAND_SIDES`] both ways, then
/// the pairs of two sides, in the same order.
fn side_pairs() -> impl Iterator<Item = (u32, u32)> {
    let squares = BAND_SIDES.iter().map(|&side| (side, side));
    let mixed = BAND_SIDES.iter().enumerate().flat_map(|(place, &first)| {
        BAND_SIDES[..place]
            .iter()
            .flat_map(move |&second| [(first, second), (second, first)])
    });
    squares.chain(mixed)
}

/// A tour of `shape` (square numbers in visit order) as a tour of its transpose.
fn transpose(path: &[u32], shape: Shape) -> Vec<u32> {
    path.iter()
        .map(|&index| (index % shape.cols) * shape.rows + index / shape.cols)
        .collect()
}

/// What one block carries: a closed tour of its shape, or on a board of odd area the start's
/// block an open tour from the start (its square in the block).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Shape {
    rows: u32,
    cols: u32,
    from: Option<Square>,
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
type Found = HashMap<Shape, Option<Vec<u32>>>;

impl Solver<'_> {
    /// The tiling's answer on a large board, or `None` where it does not apply or no side
    /// serves (the next layers take the question then).
    pub(super) fn tiles(&mut self, plan: Plan) -> Result<Option<Answer>, Halt> {
        let request = self.request;
        let board = request.board;
        let applies = board.area() >= TILES_FROM_SQUARES
            && request.piece.changes_colour()
            && !request.piece.is_knight()
            && !request.has_route();
        // The links, the path read from them (four bytes a square), the validator's two bits a
        // square, and the visit numbers when the request keeps them.
        let needed = Links::memory_needed(board)
            + board.area() * 4
            + board.area() / 4
            + numbering_needs(request);
        if !applies || request.memory_cap.is_some_and(|free| needed > free) {
            return Ok(None);
        }
        let mut found = Found::new();
        let mut tried = HashSet::new();
        let until = self.stats.nodes.saturating_add(request.node_budget / 4);
        for sides in side_pairs() {
            for late in [false, true] {
                let tiling = Tiling::new(board, request.start, sides, late);
                if self.stats.nodes >= until {
                    return Ok(None);
                }
                if !tried.insert((tiling.heights.clone(), tiling.widths.clone())) {
                    continue;
                }
                if let Some(path) = self.tiled_path(&tiling, &mut found, until)? {
                    return self.flipped_tour(path, plan, Layer::Tiles).map(Some);
                }
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
        let Ok(mut links) = Links::new(request.board, request.piece) else {
            return Ok(None);
        };
        for (block, shape) in &shapes {
            let path = found[shape].as_deref().expect("every shape has its tour");
            links.lay(*block, path, shape.from.is_none());
            self.check_clock()?;
        }
        let block = |row: usize, col: usize| shapes[row * band_cols + col].0;
        for row in 0..band_rows {
            for col in 1..band_cols {
                if !links.splice(block(row, col - 1), block(row, col)) {
                    return Ok(None);
                }
            }
            if row > 0 && !links.splice(block(row - 1, 0), block(row, 0)) {
                return Ok(None);
            }
        }
        self.check_clock()?;
        match links.walk(request.start, self.deadline) {
            Walked::Path(path) => Ok(Some(path)),
            Walked::Late => Err(self.late()),
            Walked::NoMemory => Ok(None),
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

    /// Whether `shape` has a tour, found now if it was not yet. A closed tour of a shape taller
    /// than it is wide is the wide shape's, transposed (the piece's moves are the same
    /// transposed); where the solver gives up on the wide shape, it has a second go on the tall
    /// one, since flipping's luck is not the same both ways round.
    fn find_tour(&mut self, shape: Shape, found: &mut Found, until: u64) -> Result<bool, Halt> {
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
