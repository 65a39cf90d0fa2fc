//! The piece's graph on the board, with some squares left out: each square's neighbours as
//! square numbers ([`Board::index`]), at most eight, in the piece's move order. Held once for a
//! whole flip, reserved fallibly.

use crate::board::{Board, Square};
use crate::leaper::Leaper;

/// A square number that stands for no square.
pub(super) const NONE: u32 = u32::MAX;

/// The piece's moves between the squares of the board that are not left out.
#[derive(Debug)]
pub(super) struct Graph {
    /// Eight slots a square: its neighbours, then [`NONE`].
    neighbours: Vec<[u32; 8]>,
    /// Whether a square is left out (a hole).
    out: Vec<bool>,
    /// The board's columns, for a square's colour.
    cols: u32,
    /// Squares not left out.
    pub(super) len: u32,
}

/// The memory could not be had.
#[derive(Debug)]
pub(crate) struct NoMemory;

/// A vector of `len` copies of `value`, or [`NoMemory`].
pub(super) fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, NoMemory> {
    let mut vector = Vec::new();
    vector.try_reserve_exact(len).map_err(|_| NoMemory)?;
    vector.resize(len, value);
    Ok(vector)
}

impl Graph {
    /// Bytes a graph of `board` holds.
    pub(super) fn memory_needed(board: Board) -> u64 {
        board.area() * (32 + 1)
    }

    /// The graph of `piece` on `board` without the squares `holes`.
    pub(super) fn new(board: Board, piece: Leaper, holes: &[Square]) -> Result<Self, NoMemory> {
        let area = board.area() as usize;
        let mut out = filled(area, false)?;
        for &hole in holes {
            out[board.index(hole) as usize] = true;
        }
        let mut neighbours = filled(area, [NONE; 8])?;
        // A square left out keeps its list too (of squares not left out): the end asked for is
        // left out, and the path must end next to it.
        for (index, slots) in neighbours.iter_mut().enumerate() {
            let square = board.square_at(index as u32);
            let mut k = 0;
            for to in piece.neighbours(board, square) {
                let to = board.index(to);
                if !out[to as usize] {
                    slots[k] = to;
                    k += 1;
                }
            }
        }
        let len = (area - holes.len()) as u32;
        Ok(Self {
            neighbours,
            out,
            cols: board.cols(),
            len,
        })
    }

    /// The squares of the board, left out or not.
    pub(super) fn area(&self) -> usize {
        self.out.len()
    }

    /// The board's rows.
    pub(super) fn rows(&self) -> u32 {
        (self.area() / self.cols as usize) as u32
    }

    /// The board's columns.
    pub(super) fn cols(&self) -> u32 {
        self.cols
    }

    /// Whether `square` is left out.
    pub(super) fn is_out(&self, square: u32) -> bool {
        self.out[square as usize]
    }

    /// The neighbours of `square` (not left out; a square left out has them too).
    #[inline]
    pub(super) fn neighbours(&self, square: u32) -> impl Iterator<Item = u32> + '_ {
        self.neighbours[square as usize]
            .iter()
            .copied()
            .take_while(|&to| to != NONE)
    }

    /// Whether `from` and `to` are one move apart.
    #[inline]
    pub(super) fn joined(&self, from: u32, to: u32) -> bool {
        self.neighbours(from).any(|next| next == to)
    }

    /// The colour of `square`: 0 for that of `0,0`, else 1.
    pub(super) fn colour(&self, square: u32) -> u8 {
        ((square / self.cols + square % self.cols) % 2) as u8
    }
}
