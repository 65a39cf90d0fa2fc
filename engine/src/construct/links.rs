//! The link array ([`KnightLinks`]): a board's cycles and paths kept as one byte a square.
//!
//! Each square stores the knight moves to its two neighbours on the tour, one in each half of its
//! byte (a move number of [`KNIGHT_MOVES`], or [`NO_LINK`] at the ends of a path). Block tours are
//! laid down by copying their bytes (a move is relative, so a block tour's bytes are the same
//! wherever it lies), and joins rewire four squares (the splice of [`super::linked`]). Because a
//! move is relative, a run of equal blocks holds equal bytes, so the construction lays only a
//! folded board ([`super::fold`]) and a walk ([`super::walk`]) reads the board's links through it.

use std::collections::TryReserveError;
use std::time::Instant;

use super::error::AssemblyError;
use super::linked::LinkedTour;
use crate::board::{Board, KNIGHT_MOVES, Square};
use crate::search::check_clock;

/// About how many squares a stage handles between two looks at the clock (a millisecond or
/// less of copying or walking).
pub const SQUARES_PER_LOOK: usize = 1 << 20;

/// The half-byte of a path's end: no neighbour on that side.
pub const NO_LINK: u8 = 0xf;

/// The move number from `from` to `to`, if they are a knight move apart.
pub fn move_code(from: Square, to: Square) -> Option<u8> {
    let dr = i64::from(to.row) - i64::from(from.row);
    let dc = i64::from(to.col) - i64::from(from.col);
    KNIGHT_MOVES
        .iter()
        .position(|&(r, c)| i64::from(r) == dr && i64::from(c) == dc)
        .map(|k| k as u8)
}

/// The move back along move number `code`.
pub const fn reverse(code: u8) -> u8 {
    (code + 4) & 7
}

/// The byte of a square whose tour neighbours lie along `first` and `second`.
pub const fn pack(first: u8, second: u8) -> u8 {
    first | (second << 4)
}

/// The cycles and paths of a whole board (or of a strip of rows as wide as the board) as
/// knight-move links, one byte a square: see the module doc.
#[derive(Debug, Clone)]
pub struct KnightLinks {
    board: Board,
    cells: Vec<u8>,
}

impl KnightLinks {
    /// Links of `board`, every square unlinked; fails if the memory cannot be had.
    pub fn new(board: Board) -> Result<Self, TryReserveError> {
        let mut cells = Vec::new();
        cells.try_reserve_exact(board.area() as usize)?;
        cells.resize(board.area() as usize, pack(NO_LINK, NO_LINK));
        Ok(Self { board, cells })
    }

    /// [`KnightLinks::new`] for a board of any size: fails if the memory cannot be had or if
    /// `deadline` passes while the squares are filled (a chunk at a time).
    pub fn new_within(board: Board, deadline: Option<Instant>) -> Result<Self, AssemblyError> {
        let squares = board.area() as usize;
        let mut cells = Vec::new();
        cells
            .try_reserve_exact(squares)
            .map_err(|_| AssemblyError::Memory)?;
        while cells.len() < squares {
            check_clock(deadline).map_err(AssemblyError::Stopped)?;
            let next = (cells.len() + SQUARES_PER_LOOK).min(squares);
            cells.resize(next, pack(NO_LINK, NO_LINK));
        }
        Ok(Self { board, cells })
    }

    /// Links of a board from a cycle or path given in visit order.
    pub fn from_order(board: Board, order: &[Square], closed: bool) -> Self {
        Self::with_bridges(board, order, closed, &[])
    }

    /// Links of a board from a block tour given in visit order: each of its `bridges` (a step that
    /// stands for the tour outside the block, knight move or not) is left open at both ends,
    /// for [`KnightLinks::connect`] to close across blocks.
    pub fn with_bridges(
        board: Board,
        order: &[Square],
        closed: bool,
        bridges: &[(Square, Square)],
    ) -> Self {
        let bridge = |a: Square, b: Square| {
            bridges
                .iter()
                .any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
        };
        let mut links = Self::new(board).expect("a tour fits in memory");
        let n = order.len();
        for (i, &square) in order.iter().enumerate() {
            let before = if i > 0 {
                Some(order[i - 1])
            } else if closed {
                Some(order[n - 1])
            } else {
                None
            };
            let after = if i + 1 < n {
                Some(order[i + 1])
            } else if closed {
                Some(order[0])
            } else {
                None
            };
            let code = |other: Option<Square>| {
                other
                    .filter(|&o| !bridge(square, o))
                    .and_then(|o| move_code(square, o))
                    .unwrap_or(NO_LINK)
            };
            links.cells[board.index(square) as usize] = pack(code(before), code(after));
        }
        links
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The bytes, row by row.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The bytes, row by row, to be overwritten.
    pub fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// Copies `tour` (whose board is `rows × cols`) onto this board with its top-left corner
    /// at `at`.
    pub fn lay(&mut self, tour: &KnightLinks, at: Square) {
        let width = tour.board.cols() as usize;
        for (row, line) in tour.cells.chunks_exact(width).enumerate() {
            let begin = self.board.index(Square::new(at.row + row as u32, at.col)) as usize;
            self.cells[begin..begin + width].copy_from_slice(line);
        }
    }

    /// The neighbour of `square` along half-byte `code`.
    fn along(&self, square: Square, code: u8) -> Option<Square> {
        let (dr, dc) = *KNIGHT_MOVES.get(usize::from(code))?;
        square.offset((dr, dc), self.board)
    }

    /// Links `a` and `b`, a knight move apart, through an open end of each
    /// (A side already linked to the other is left as it is.)
    pub fn connect(&mut self, a: Square, b: Square) {
        if !self.linked(a, b) {
            self.relink(a, None, b);
        }
        if !self.linked(b, a) {
            self.relink(b, None, a);
        }
    }
}

impl LinkedTour for KnightLinks {
    type Square = Square;

    fn neighbours(&self, square: Square) -> [Option<Square>; 2] {
        let byte = self.cells[self.board.index(square) as usize];
        [
            self.along(square, byte & 0xf),
            self.along(square, byte >> 4),
        ]
    }

    fn relink(&mut self, square: Square, old: Option<Square>, new: Square) {
        let index = self.board.index(square) as usize;
        let old = old.map_or(NO_LINK, |o| move_code(square, o).expect("a knight move"));
        let new = move_code(square, new).expect("a knight move");
        let byte = self.cells[index];
        self.cells[index] = if byte & 0xf == old {
            (byte & 0xf0) | new
        } else {
            debug_assert_eq!(byte >> 4, old, "{square} has no such link");
            (byte & 0x0f) | (new << 4)
        };
    }

    /// Read from the byte of `a` alone.
    fn linked(&self, a: Square, b: Square) -> bool {
        let byte = self.cells[self.board.index(a) as usize];
        move_code(a, b).is_some_and(|code| byte & 0xf == code || byte >> 4 == code)
    }
}
