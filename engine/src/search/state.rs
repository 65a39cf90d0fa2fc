//! The board as the search keeps it: one byte a cell on a board with a border as wide as the
//! piece's reach (its longest leg), so the neighbours of a square (eight or four a leap, at
//! most [`MAX_MOVES`]) are fixed offsets and never need a bounds check. Each cell
//! holds a *blocked* bit (border or visited), a *near start* bit (closed tours) and its degree:
//! the number of unvisited neighbours, at most 8. Visiting a square decrements its unvisited neighbours;
//! undoing it increments exactly the same ones back.

use super::Search;
use crate::board::Square;
use crate::leaper::{Leaper, Moves};

/// Cell bit: border or visited.
pub(super) const BLOCKED: u8 = 0x80;
/// Cell bit: a neighbour of the start (only set for closed tours).
pub(super) const NEAR_START: u8 = 0x40;
/// Cell bits: the number of unvisited neighbours (at most [`MAX_MOVES`], 8).
pub(super) const DEGREE: u8 = 0x3f;
/// The most moves of a piece this search takes, a bit each in a [`MoveSet`]: eight, so a
/// square's moves fit in one byte (a wider set slowed the knight's search by 13%, issue 46's
/// measurements). A piece of more ([`Leaper::MAX_MOVES`] at most) is refused at setup
/// ([`SetupError::TooManyMoves`](super::SetupError::TooManyMoves)) and searched elsewhere.
pub(super) const MAX_MOVES: usize = 8;
/// A set of a piece's moves, bit `k` for move `k` ([`Leaper::moves`]).
pub(super) type MoveSet = u8;
/// Width of the border around the board for `piece`: its reach (the longest leg of its
/// leaps), so no move leaves the padded board.
pub(super) fn border(piece: Leaper) -> usize {
    piece.reach() as usize
}

/// The unvisited neighbours of a square, as bit masks over the piece's moves
/// ([`Leaper::moves`]).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Neighbourhood {
    /// Unvisited.
    pub(super) open: MoveSet,
    /// Unvisited with no unvisited neighbour left.
    pub(super) zeros: MoveSet,
    /// Unvisited with one unvisited neighbour left.
    pub(super) ones: MoveSet,
    /// Unvisited neighbours of the start (closed tours).
    pub(super) near: MoveSet,
}

impl Search {
    /// A piece's `moves` in a fixed array, `(0, 0)` past the last: read by a move's number,
    /// with no length to check.
    pub(super) fn deltas(moves: &Moves) -> [(i32, i32); MAX_MOVES] {
        let mut deltas = [(0, 0); MAX_MOVES];
        for (slot, &delta) in deltas.iter_mut().zip(moves.as_slice()) {
            *slot = delta;
        }
        deltas
    }

    /// The cell offset of each of a piece's `moves` on a padded board `width` cells wide (0
    /// past its last move).
    pub(super) fn offsets(moves: &Moves, width: usize) -> [isize; MAX_MOVES] {
        let mut offsets = [0; MAX_MOVES];
        for (offset, &(dr, dc)) in offsets.iter_mut().zip(moves.as_slice()) {
            *offset = dr as isize * width as isize + dc as isize;
        }
        offsets
    }

    /// Marks the unvisited neighbours of `start` as near the start and counts them.
    pub(super) fn mark_near_start(&mut self, start: usize) {
        for k in 0..self.move_count {
            let neighbour = self.neighbour(start, k);
            if self.cells[neighbour] & BLOCKED == 0 {
                self.cells[neighbour] |= NEAR_START;
                self.start_exits += 1;
            }
        }
    }

    /// The padded cell numbers of each board row.
    pub(super) fn board_rows(&self) -> impl Iterator<Item = std::ops::Range<usize>> + use<> {
        let (width, cols, border) = (self.width, self.board.cols() as usize, self.border);
        (0..self.board.rows() as usize).map(move |row| {
            let first = (row + border) * width + border;
            first..first + cols
        })
    }

    pub(super) fn cell_of(&self, square: Square) -> usize {
        (square.row as usize + self.border) * self.width + square.col as usize + self.border
    }

    pub(super) fn square_of(&self, cell: usize) -> Square {
        Square::new(
            (cell / self.width - self.border) as u32,
            (cell % self.width - self.border) as u32,
        )
    }

    /// The row and column of `cell` on the board.
    pub(super) fn row_col(&self, cell: usize) -> (i64, i64) {
        let row = cell / self.width;
        (
            (row - self.border) as i64,
            (cell - row * self.width - self.border) as i64,
        )
    }

    #[inline(always)]
    pub(super) fn neighbour(&self, cell: usize, k: usize) -> usize {
        cell.wrapping_add_signed(self.offsets[k])
    }

    /// Marks `cell` visited and takes it from its unvisited neighbours' degrees; returns those
    /// neighbours as they are now (the head's candidates, in one pass over the cells).
    #[inline(always)]
    pub(super) fn visit(&mut self, cell: usize) -> Neighbourhood {
        // A single leaper has eight moves or four: a loop of a fixed length is unrolled,
        // which the knight's search, the hot path, is measured with. A piece of several leaps
        // loops over its own number.
        match self.move_count {
            8 => self.visit_with::<8>(cell),
            4 => self.visit_with::<4>(cell),
            moves => self.visit_moves(cell, moves),
        }
    }

    #[inline(never)]
    fn visit_moves(&mut self, cell: usize, moves: usize) -> Neighbourhood {
        self.visit_with_count(cell, moves)
    }

    #[inline(always)]
    fn visit_with<const MOVES: usize>(&mut self, cell: usize) -> Neighbourhood {
        self.visit_with_count(cell, MOVES)
    }

    #[inline(always)]
    fn visit_with_count(&mut self, cell: usize, moves: usize) -> Neighbourhood {
        self.cells[cell] |= BLOCKED;
        if self.cells[cell] & NEAR_START != 0 {
            self.start_exits -= 1;
        }
        let mut around = Neighbourhood::default();
        for k in 0..moves {
            let neighbour = self.neighbour(cell, k);
            let value = self.cells[neighbour];
            if value & BLOCKED == 0 {
                let value = value - 1;
                self.cells[neighbour] = value;
                let degree = value & DEGREE;
                around.open |= 1 << k;
                around.zeros |= MoveSet::from(degree == 0) << k;
                around.ones |= MoveSet::from(degree == 1) << k;
                around.near |= MoveSet::from(value & NEAR_START != 0) << k;
            }
        }
        around
    }

    /// The exact inverse of [`Search::visit`].
    #[inline(always)]
    pub(super) fn unvisit(&mut self, cell: usize) {
        match self.move_count {
            8 => self.unvisit_with::<8>(cell),
            4 => self.unvisit_with::<4>(cell),
            moves => self.unvisit_moves(cell, moves),
        }
    }

    #[inline(never)]
    fn unvisit_moves(&mut self, cell: usize, moves: usize) {
        self.unvisit_with_count(cell, moves);
    }

    #[inline(always)]
    fn unvisit_with<const MOVES: usize>(&mut self, cell: usize) {
        self.unvisit_with_count(cell, MOVES);
    }

    #[inline(always)]
    fn unvisit_with_count(&mut self, cell: usize, moves: usize) {
        self.cells[cell] &= !BLOCKED;
        if self.cells[cell] & NEAR_START != 0 {
            self.start_exits += 1;
        }
        for k in 0..moves {
            let neighbour = self.neighbour(cell, k);
            if self.cells[neighbour] & BLOCKED == 0 {
                self.cells[neighbour] += 1;
            }
        }
    }
}
