//! Boards, squares and knight moves: the geometry every other module shares.
//!
//! A [`Board`] is `rows × cols` (any orientation); a [`Square`] is `(row, col)`, 0-based from
//! the top-left corner. Squares are also numbered `row * cols + col` ([`Board::index`]), which
//! is how tours store them compactly. The colour of `(0,0)` is the *majority colour*: on an
//! odd-area board it has one square more, and every knight move changes colour.

use std::fmt;

use thiserror::Error;

/// The eight knight moves as `(row delta, col delta)`, clockwise from "two up, one right".
///
/// This order is the engine's fixed move order: the last tie-break of Warnsdorff's rule and the
/// whole ordering of the naive search.
pub const KNIGHT_MOVES: [(i32, i32); 8] = [
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
];

/// A square of a board, 0-based from the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Row, 0 at the top.
    pub row: u32,
    /// Column, 0 at the left.
    pub col: u32,
}

impl Square {
    /// The square at `row`, `col`.
    pub const fn new(row: u32, col: u32) -> Self {
        Self { row, col }
    }

    /// Whether `other` is one knight move away from this square.
    pub fn is_knight_move_to(self, other: Square) -> bool {
        let dr = self.row.abs_diff(other.row);
        let dc = self.col.abs_diff(other.col);
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    }

    /// Whether this square has the colour of `(0,0)`, the majority colour.
    pub fn is_majority_colour(self) -> bool {
        (self.row + self.col).is_multiple_of(2)
    }

    /// The square one knight move away along `(dr, dc)`, if it is on `board`.
    pub fn offset(self, (dr, dc): (i32, i32), board: Board) -> Option<Square> {
        let row = self.row.checked_add_signed(dr)?;
        let col = self.col.checked_add_signed(dc)?;
        let square = Square::new(row, col);
        board.contains(square).then_some(square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row, self.col)
    }
}

/// A rectangular board of `rows × cols` squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u32,
    cols: u32,
}

/// Why a board cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// A side of 0.
    #[error("board {rows}x{cols} has a side of 0; rows and columns must be at least 1")]
    EmptySide {
        /// Requested rows.
        rows: u64,
        /// Requested columns.
        cols: u64,
    },
    /// More squares than the engine addresses.
    #[error(
        "board {rows}x{cols} has {squares} squares; at most {max} are supported",
        squares = u128::from(*rows) * u128::from(*cols),
        max = Board::MAX_SQUARES
    )]
    TooLarge {
        /// Requested rows.
        rows: u64,
        /// Requested columns.
        cols: u64,
    },
}

impl Board {
    /// The most squares a board may have: square numbers must fit in a `u32`, and a tour of this
    /// many squares is a few gigabytes.
    pub const MAX_SQUARES: u64 = 1_000_000_000;

    /// A `rows × cols` board, refusing a side of 0 or more than [`Board::MAX_SQUARES`] squares.
    pub fn new(rows: u64, cols: u64) -> Result<Self, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::EmptySide { rows, cols });
        }
        let squares = u128::from(rows) * u128::from(cols);
        if squares > u128::from(Self::MAX_SQUARES) {
            return Err(BoardError::TooLarge { rows, cols });
        }
        // Both sides are at most MAX_SQUARES here, which fits in u32.
        Ok(Self {
            rows: rows as u32,
            cols: cols as u32,
        })
    }

    /// The `n × n` board.
    pub fn square(n: u64) -> Result<Self, BoardError> {
        Self::new(n, n)
    }

    /// Number of rows.
    pub const fn rows(self) -> u32 {
        self.rows
    }

    /// Number of columns.
    pub const fn cols(self) -> u32 {
        self.cols
    }

    /// Number of squares, `rows × cols`.
    pub const fn area(self) -> u64 {
        self.rows as u64 * self.cols as u64
    }

    /// The shorter side.
    pub fn short_side(self) -> u32 {
        self.rows.min(self.cols)
    }

    /// The longer side.
    pub fn long_side(self) -> u32 {
        self.rows.max(self.cols)
    }

    /// The same board with rows and columns swapped.
    pub const fn transposed(self) -> Self {
        Self {
            rows: self.cols,
            cols: self.rows,
        }
    }

    /// Whether `square` lies on this board.
    pub fn contains(self, square: Square) -> bool {
        square.row < self.rows && square.col < self.cols
    }

    /// The number of `square`: `row * cols + col`.
    pub fn index(self, square: Square) -> u32 {
        debug_assert!(self.contains(square));
        square.row * self.cols + square.col
    }

    /// The square numbered `index` (the inverse of [`Board::index`]).
    pub fn square_at(self, index: u32) -> Square {
        Square::new(index / self.cols, index % self.cols)
    }

    /// The squares one knight move from `square`, in [`KNIGHT_MOVES`] order.
    pub fn neighbours(self, square: Square) -> impl Iterator<Item = Square> {
        KNIGHT_MOVES
            .iter()
            .filter_map(move |&delta| square.offset(delta, self))
    }

    /// All squares, row by row.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| Square::new(row, col)))
    }

    /// Whether the board has an odd number of squares (one colour then has one square more).
    pub fn has_odd_area(self) -> bool {
        self.rows % 2 == 1 && self.cols % 2 == 1
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_of_a_corner_and_a_centre() {
        let board = Board::square(8).unwrap();
        let corner: Vec<_> = board.neighbours(Square::new(0, 0)).collect();
        assert_eq!(corner, vec![Square::new(1, 2), Square::new(2, 1)]);
        assert_eq!(board.neighbours(Square::new(3, 3)).count(), 8);
        assert!(
            board
                .neighbours(Square::new(3, 3))
                .all(|n| n.is_knight_move_to(Square::new(3, 3)))
        );
    }

    #[test]
    fn index_round_trips_on_a_rectangle() {
        let board = Board::new(3, 7).unwrap();
        for square in board.squares() {
            assert_eq!(board.square_at(board.index(square)), square);
        }
        assert_eq!(board.squares().count() as u64, board.area());
    }

    #[test]
    fn refuses_empty_and_oversized_boards() {
        assert_eq!(
            Board::new(0, 5),
            Err(BoardError::EmptySide { rows: 0, cols: 5 })
        );
        let err = Board::new(100_000, 100_000).unwrap_err();
        assert!(err.to_string().contains("10000000000 squares"), "{err}");
        assert!(Board::new(20_000, 20_000).is_ok());
    }
}
