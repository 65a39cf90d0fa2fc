//! A tiled board's tour as it is joined ([`JoinedTour`]): each square's two neighbours on its
//! block's tour (one of them [`NONE`] at a path's ends), the search for a swap that splices two
//! blocks' tours into one, and the walk that reads the joined tour from its start.
//!
//! The swap and the walk are the construction's ([`LinkedTour`], which this tour is): if one
//! tour has the step `a–b`, another the step `c–d`, and `a–c`, `b–d` are moves of the piece,
//! removing `ab` and `cd` and adding `ac` and `bd` makes one cycle of two, or one path of a
//! path and a cycle, whichever way round each was walked. A square takes part in one swap at
//! most, so every step a swap removes is still a block's own.

use std::collections::TryReserveError;
use std::time::Instant;

use crate::board::{Board, Square};
use crate::construct::linked::LinkedTour;
use crate::leaper::Leaper;

/// No neighbour: the end of a path.
const NONE: u32 = u32::MAX;

/// A walk reads the clock once every this many squares.
const CLOCK_SQUARES: usize = 1 << 20;

/// A rectangle of the board, one block of the tiling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Block {
    /// Its top row.
    pub(super) top: u32,
    /// Its leftmost column.
    pub(super) left: u32,
    /// Its height.
    pub(super) rows: u32,
    /// Its width.
    pub(super) cols: u32,
}

impl Block {
    /// Whether `square` lies in the block.
    fn contains(self, square: Square) -> bool {
        (self.top..self.top + self.rows).contains(&square.row)
            && (self.left..self.left + self.cols).contains(&square.col)
    }

    /// The board square of the block's own square number `index` (row by row, as on a board of
    /// the block's shape).
    fn square(self, index: u32) -> Square {
        Square::new(self.top + index / self.cols, self.left + index % self.cols)
    }
}

/// Each square's two neighbours on the tour being joined, and which squares a swap has used.
pub(super) struct JoinedTour {
    board: Board,
    piece: Leaper,
    neighbours: Vec<[u32; 2]>,
    swapped: Vec<bool>,
}

impl JoinedTour {
    /// Bytes the tour of `board` takes: eight a square for the neighbours, one for the swaps.
    pub(super) fn memory_needed(board: Board) -> u64 {
        board.area() * 9
    }

    /// The tour of `board` with no step yet, for tours of `piece`; an error when the memory is
    /// not there.
    pub(super) fn new(board: Board, piece: Leaper) -> Result<Self, TryReserveError> {
        let area = board.area() as usize;
        let mut neighbours = Vec::new();
        neighbours.try_reserve_exact(area)?;
        neighbours.resize(area, [NONE; 2]);
        let mut swapped = Vec::new();
        swapped.try_reserve_exact(area)?;
        swapped.resize(area, false);
        Ok(Self {
            board,
            piece,
            neighbours,
            swapped,
        })
    }

    /// Lays `path` into `block`: square numbers of a board of the block's shape in visit
    /// order, a cycle if `closed`.
    pub(super) fn lay(&mut self, block: Block, path: &[u32], closed: bool) {
        let global = |index: u32| self.board.index(block.square(index));
        let last = path.len() - 1;
        for (step, &index) in path.iter().enumerate() {
            let before = match step {
                0 if closed => global(path[last]),
                0 => NONE,
                _ => global(path[step - 1]),
            };
            let after = match step {
                _ if step < last => global(path[step + 1]),
                _ if closed => global(path[0]),
                _ => NONE,
            };
            self.neighbours[global(index) as usize] = [before, after];
        }
    }

    /// Joins the tours laid in `one` and `other`, neighbouring blocks whose tours are not yet
    /// joined, by one swap: the first, square by square along `one`'s rows, that uses no square
    /// an earlier swap used. `false` when there is none.
    pub(super) fn join_blocks(&mut self, one: Block, other: Block) -> bool {
        let reach = self.piece.reach();
        let rows = one.top.max(other.top.saturating_sub(reach))
            ..(one.top + one.rows).min(other.top + other.rows + reach);
        let cols = one.left.max(other.left.saturating_sub(reach))
            ..(one.left + one.cols).min(other.left + other.cols + reach);
        for row in rows {
            for col in cols.clone() {
                if let Some(swap) = self.swap_at(Square::new(row, col), other) {
                    self.apply(swap);
                    return true;
                }
            }
        }
        false
    }

    /// A swap `[a, b, c, d]` from `a`, into the tour of `other`: `a–b` and `c–d` are steps, and
    /// `a–c`, `b–d` moves, of four squares no swap has used.
    fn swap_at(&self, a: Square, other: Block) -> Option<[u32; 4]> {
        let board = self.board;
        let fresh = |index: u32| index != NONE && !self.swapped[index as usize];
        let a_index = board.index(a);
        if !fresh(a_index) {
            return None;
        }
        for b_index in self.neighbours[a_index as usize] {
            if !fresh(b_index) {
                continue;
            }
            let b = board.square_at(b_index);
            for c in self.piece.neighbours(board, a) {
                let c_index = board.index(c);
                if !other.contains(c) || !fresh(c_index) {
                    continue;
                }
                for d_index in self.neighbours[c_index as usize] {
                    if fresh(d_index) && self.piece.is_move(b, board.square_at(d_index)) {
                        return Some([a_index, b_index, c_index, d_index]);
                    }
                }
            }
        }
        None
    }

    /// Removes the steps `a–b` and `c–d` and adds the moves `a–c` and `b–d`: the splice, its
    /// four squares marked used.
    fn apply(&mut self, [a, b, c, d]: [u32; 4]) {
        self.splice((a, b), (c, d));
        for square in [a, b, c, d] {
            self.swapped[square as usize] = true;
        }
    }

    /// The joined tour read from `start`: its square numbers in visit order, as many as the
    /// tour has squares (the validator checks that they are the board's). `PathRead::Late` once
    /// `deadline` has passed (the clock is read every [`CLOCK_SQUARES`] squares).
    pub(super) fn walk(&self, start: Square, deadline: Option<Instant>) -> PathRead {
        let area = self.board.area() as usize;
        let mut path = Vec::new();
        if path.try_reserve_exact(area).is_err() {
            return PathRead::NoMemory;
        }
        for here in self.walk_from(self.board.index(start)).take(area) {
            if path.len() % CLOCK_SQUARES == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                return PathRead::Late;
            }
            path.push(here);
        }
        PathRead::Path(path)
    }
}

impl LinkedTour for JoinedTour {
    /// A square number of the board.
    type Square = u32;

    fn neighbours(&self, square: u32) -> [Option<u32>; 2] {
        self.neighbours[square as usize].map(|next| (next != NONE).then_some(next))
    }

    fn relink(&mut self, square: u32, old: Option<u32>, new: u32) {
        let old = old.unwrap_or(NONE);
        let links = &mut self.neighbours[square as usize];
        let slot = links
            .iter()
            .position(|&n| n == old)
            .expect("a step of the tour");
        links[slot] = new;
    }
}

/// What reading the joined tour as a path gave.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum PathRead {
    /// The squares in visit order.
    Path(Vec<u32>),
    /// The deadline passed.
    Late,
    /// The memory for the path was not there.
    NoMemory,
}
