//! Boards of any shape: a set of squares of a rectangle (the rest are *holes*), some of them
//! carrying the visit number the tour must give them (*clues*), as the path puzzles have them
//! (Rosetta Code's Holy Knight's tour, Hidato, Numbrix, Hopido).
//!
//! A [`Shape`] keeps its rectangle, so that squares are numbered as on the full board (`r,c`,
//! [`Board::index`]) and every output can draw the holes where they are. A tour of a shape visits
//! every open square once; a square given `k` is the `k`-th visited. A shape with no holes and
//! no clues is the rectangle itself, and every question on it is answered exactly as on the
//! [`Board`].
//!
//! [`picture`] reads a shape from its text form, a picture of the board one line a row (the
//! Rosetta Code puzzles as published), and writes it back.

pub mod clued;
pub mod puzzle;

use std::fmt;

use thiserror::Error;

use crate::board::{Board, Square};

pub mod picture;

/// A square given its visit number: the tour's `number`-th square (1-based) is `square`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clue {
    /// The visit number, 1-based.
    pub number: u32,
    /// The square that must carry it.
    pub square: Square,
}

/// A board of any shape: the open squares of a rectangle, and the clues on them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    board: Board,
    /// The squares left out, in [`Board::index`] order.
    holes: Vec<Square>,
    /// One bit a square of the rectangle, set where the square is open.
    open: Vec<u64>,
    /// The clues, by visit number.
    clues: Vec<Clue>,
}

/// Why a shape cannot be made from the squares and clues given.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// A hole or a clue off the rectangle.
    #[error("square {square} is off the {board} board")]
    OffBoard {
        /// The square given.
        square: Square,
        /// The rectangle.
        board: Board,
    },
    /// More squares than a shape may have.
    #[error("a board of any shape has at most {max} squares; {board} has {squares}", max = Shape::MAX_SQUARES, squares = board.area())]
    TooLarge {
        /// The rectangle.
        board: Board,
    },
    /// Every square a hole.
    #[error("the board has no open square")]
    NoOpenSquare,
    /// A clue on a hole.
    #[error("square {square} is a hole, and cannot carry the number {number}")]
    ClueOnHole {
        /// The square.
        square: Square,
        /// The number it was given.
        number: u32,
    },
    /// A clue of 0, or beyond the number of open squares.
    #[error("the number {number} at {square} is not between 1 and {open}, the open squares")]
    NumberOutOfRange {
        /// The square.
        square: Square,
        /// The number given.
        number: u32,
        /// The open squares.
        open: u64,
    },
    /// One number on two squares.
    #[error("the number {number} is given twice, at {first} and at {second}")]
    NumberTwice {
        /// The number.
        number: u32,
        /// Where it was given first.
        first: Square,
        /// Where it was given again.
        second: Square,
    },
    /// One square given two numbers.
    #[error("square {square} is given two numbers, {first} and {second}")]
    SquareTwice {
        /// The square.
        square: Square,
        /// The first number.
        first: u32,
        /// The second number.
        second: u32,
    },
}

impl Shape {
    /// The most squares a shape's rectangle may have: its pictures are typed or pasted, and its
    /// searches hold a few bytes a square.
    pub const MAX_SQUARES: u64 = 1 << 20;

    /// The whole rectangle, no clue.
    pub fn full(board: Board) -> Result<Self, ShapeError> {
        Self::new(board, &[], &[])
    }

    /// The rectangle `board` without `holes`, with `clues` (squares given their visit numbers).
    /// A hole named twice is one hole.
    pub fn new(board: Board, holes: &[Square], clues: &[Clue]) -> Result<Self, ShapeError> {
        if board.area() > Self::MAX_SQUARES {
            return Err(ShapeError::TooLarge { board });
        }
        let words = board.area().div_ceil(64) as usize;
        let mut open = vec![u64::MAX; words];
        if let Some(last) = open.last_mut()
            && !board.area().is_multiple_of(64)
        {
            *last = (1u64 << (board.area() % 64)) - 1;
        }
        let mut sorted_holes = Vec::with_capacity(holes.len());
        for &hole in holes {
            if !board.contains(hole) {
                return Err(ShapeError::OffBoard {
                    square: hole,
                    board,
                });
            }
            let index = board.index(hole) as usize;
            if open[index / 64] & (1 << (index % 64)) != 0 {
                open[index / 64] &= !(1 << (index % 64));
                sorted_holes.push(hole);
            }
        }
        sorted_holes.sort_unstable();
        let open_count = board.area() - sorted_holes.len() as u64;
        if open_count == 0 {
            return Err(ShapeError::NoOpenSquare);
        }
        let mut shape = Self {
            board,
            holes: sorted_holes,
            open,
            clues: Vec::with_capacity(clues.len()),
        };
        for &clue in clues {
            shape.add_clue(clue, open_count)?;
        }
        shape.clues.sort_unstable();
        Ok(shape)
    }

    /// Adds `clue`, refusing a clue off the board, on a hole, out of range or given twice.
    fn add_clue(&mut self, clue: Clue, open_count: u64) -> Result<(), ShapeError> {
        let Clue { number, square } = clue;
        if !self.board.contains(square) {
            return Err(ShapeError::OffBoard {
                square,
                board: self.board,
            });
        }
        if !self.is_open(square) {
            return Err(ShapeError::ClueOnHole { square, number });
        }
        if number == 0 || u64::from(number) > open_count {
            return Err(ShapeError::NumberOutOfRange {
                square,
                number,
                open: open_count,
            });
        }
        for other in &self.clues {
            if other.number == number {
                return Err(ShapeError::NumberTwice {
                    number,
                    first: other.square,
                    second: square,
                });
            }
            if other.square == square {
                return Err(ShapeError::SquareTwice {
                    square,
                    first: other.number,
                    second: number,
                });
            }
        }
        self.clues.push(clue);
        Ok(())
    }

    /// The rectangle the shape is cut from.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The squares left out, row by row.
    pub fn holes(&self) -> &[Square] {
        &self.holes
    }

    /// The clues, by visit number.
    pub fn clues(&self) -> &[Clue] {
        &self.clues
    }

    /// Whether the shape is the whole rectangle with no clue: every question on it is the
    /// rectangle's.
    pub fn is_rectangle(&self) -> bool {
        self.holes.is_empty() && self.clues.is_empty()
    }

    /// The open squares: the squares a tour visits.
    pub fn open_count(&self) -> u64 {
        self.board.area() - self.holes.len() as u64
    }

    /// Whether `square` is on the rectangle and not a hole.
    pub fn is_open(&self, square: Square) -> bool {
        self.board.contains(square) && self.is_open_index(self.board.index(square))
    }

    /// Whether the square numbered `index` ([`Board::index`]) is open.
    pub fn is_open_index(&self, index: u32) -> bool {
        let index = index as usize;
        self.open
            .get(index / 64)
            .is_some_and(|word| word & (1 << (index % 64)) != 0)
    }

    /// The open squares, row by row.
    pub fn open_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.board.squares().filter(|&square| self.is_open(square))
    }

    /// The number given to `square`, if any.
    pub fn clue_at(&self, square: Square) -> Option<u32> {
        self.clues
            .iter()
            .find(|clue| clue.square == square)
            .map(|clue| clue.number)
    }

    /// The square given `number`, if any.
    pub fn square_numbered(&self, number: u32) -> Option<Square> {
        self.clues
            .binary_search_by_key(&number, |clue| clue.number)
            .ok()
            .map(|k| self.clues[k].square)
    }

    /// The start the clues fix: the square given 1.
    pub fn clued_start(&self) -> Option<Square> {
        self.square_numbered(1)
    }

    /// The end the clues fix: the square given the number of open squares.
    pub fn clued_end(&self) -> Option<Square> {
        u32::try_from(self.open_count())
            .ok()
            .and_then(|last| self.square_numbered(last))
    }

    /// The same shape without its clues.
    pub fn without_clues(&self) -> Self {
        Self {
            clues: Vec::new(),
            ..self.clone()
        }
    }
}

impl fmt::Display for Shape {
    /// `8x8 less 28 holes, 3 clues`, or the rectangle's size alone.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.board)?;
        if !self.holes.is_empty() {
            let n = self.holes.len();
            write!(f, " less {n} hole{}", if n == 1 { "" } else { "s" })?;
        }
        if !self.clues.is_empty() {
            let n = self.clues.len();
            let sep = if self.holes.is_empty() { " with" } else { "," };
            write!(f, "{sep} {n} clue{}", if n == 1 { "" } else { "s" })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: u64, cols: u64) -> Board {
        Board::new(rows, cols).unwrap()
    }

    #[test]
    fn holes_leave_the_other_squares_open_and_keep_their_numbers() {
        let holes = [Square::new(0, 0), Square::new(2, 3), Square::new(0, 0)];
        let shape = Shape::new(board(3, 4), &holes, &[]).unwrap();
        assert_eq!(shape.holes(), &[Square::new(0, 0), Square::new(2, 3)]);
        assert_eq!(shape.open_count(), 10);
        assert_eq!(shape.open_squares().count(), 10);
        assert!(!shape.is_open(Square::new(2, 3)));
        assert!(shape.is_open(Square::new(2, 2)));
        assert!(
            !shape.is_open(Square::new(3, 0)),
            "off the board is not open"
        );
        assert!(!shape.is_rectangle());
        assert!(Shape::full(board(3, 4)).unwrap().is_rectangle());
    }

    #[test]
    fn clues_are_kept_by_number_and_fix_the_ends() {
        let clues = [
            Clue {
                number: 4,
                square: Square::new(1, 1),
            },
            Clue {
                number: 1,
                square: Square::new(0, 0),
            },
        ];
        let shape = Shape::new(board(2, 2), &[], &clues).unwrap();
        assert_eq!(shape.clues()[0].number, 1);
        assert_eq!(shape.clued_start(), Some(Square::new(0, 0)));
        assert_eq!(shape.clued_end(), Some(Square::new(1, 1)));
        assert_eq!(shape.clue_at(Square::new(1, 1)), Some(4));
        assert_eq!(shape.to_string(), "2x2 with 2 clues");
    }

    #[test]
    fn a_shape_refuses_what_no_tour_could_keep() {
        let b = board(2, 3);
        let clue = |number, row, col| Clue {
            number,
            square: Square::new(row, col),
        };
        let all: Vec<Square> = b.squares().collect();
        assert_eq!(Shape::new(b, &all, &[]), Err(ShapeError::NoOpenSquare));
        assert!(matches!(
            Shape::new(b, &[Square::new(2, 0)], &[]),
            Err(ShapeError::OffBoard { .. })
        ));
        assert!(matches!(
            Shape::new(b, &[Square::new(0, 0)], &[clue(1, 0, 0)]),
            Err(ShapeError::ClueOnHole { .. })
        ));
        assert!(matches!(
            Shape::new(b, &[Square::new(0, 0)], &[clue(6, 0, 1)]),
            Err(ShapeError::NumberOutOfRange { open: 5, .. })
        ));
        assert!(matches!(
            Shape::new(b, &[], &[clue(0, 0, 1)]),
            Err(ShapeError::NumberOutOfRange { .. })
        ));
        assert!(matches!(
            Shape::new(b, &[], &[clue(2, 0, 1), clue(2, 1, 1)]),
            Err(ShapeError::NumberTwice { .. })
        ));
        assert!(matches!(
            Shape::new(b, &[], &[clue(2, 0, 1), clue(3, 0, 1)]),
            Err(ShapeError::SquareTwice { .. })
        ));
    }
}
