//! The symmetries of a board: the eight of a square board (the identity, three turns, four
//! reflections), the four of a rectangle that is not square (the identity, the half turn, the
//! two mirrors). Each maps squares to squares and knight moves to knight moves, so it maps a
//! tour from a start to a tour from the start's image, and a start from which no tour exists
//! to one from which none exists either.

use std::fmt;

use crate::board::{Board, Square};

/// One symmetry of a board: a map of its squares onto themselves that keeps knight moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetry {
    /// Every square stays.
    Identity,
    /// Columns reversed: `(r, c) → (r, cols-1-c)`.
    MirrorLeftRight,
    /// Rows reversed: `(r, c) → (rows-1-r, c)`.
    MirrorTopBottom,
    /// Both reversed: `(r, c) → (rows-1-r, cols-1-c)`.
    HalfTurn,
    /// Square boards only: the reflection in the diagonal through `0,0`, `(r, c) → (c, r)`.
    MainDiagonal,
    /// Square boards only: the reflection in the other diagonal,
    /// `(r, c) → (n-1-c, n-1-r)`.
    OtherDiagonal,
    /// Square boards only: a quarter turn clockwise, `(r, c) → (c, n-1-r)`.
    QuarterTurn,
    /// Square boards only: a quarter turn anticlockwise, `(r, c) → (n-1-c, r)`.
    QuarterTurnBack,
}

impl Symmetry {
    /// Every symmetry: the four of any board first, then the four of square boards only.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::HalfTurn,
        Symmetry::MainDiagonal,
        Symmetry::OtherDiagonal,
        Symmetry::QuarterTurn,
        Symmetry::QuarterTurnBack,
    ];

    /// The symmetries of `board`: eight if it is square, else four.
    pub fn of(board: Board) -> &'static [Symmetry] {
        if board.rows() == board.cols() {
            &Self::ALL
        } else {
            &Self::ALL[..4]
        }
    }

    /// The image of `square`, a square of `board`, of which this must be a symmetry (see
    /// [`Symmetry::of`]).
    pub fn apply(self, board: Board, square: Square) -> Square {
        debug_assert!(Self::of(board).contains(&self), "{self} of {board}");
        debug_assert!(board.contains(square));
        let last_row = board.rows() - 1;
        let last_col = board.cols() - 1;
        let Square { row: r, col: c } = square;
        let (row, col) = match self {
            Symmetry::Identity => (r, c),
            Symmetry::MirrorLeftRight => (r, last_col - c),
            Symmetry::MirrorTopBottom => (last_row - r, c),
            Symmetry::HalfTurn => (last_row - r, last_col - c),
            // On a square board `last_row == last_col`.
            Symmetry::MainDiagonal => (c, r),
            Symmetry::OtherDiagonal => (last_col - c, last_row - r),
            Symmetry::QuarterTurn => (c, last_row - r),
            Symmetry::QuarterTurnBack => (last_col - c, r),
        };
        Square::new(row, col)
    }

    /// The representative of the orbit of `square` under the symmetries of `board`: the first
    /// of its images in row-major order.
    pub fn representative(board: Board, square: Square) -> Square {
        Self::of(board)
            .iter()
            .map(|symmetry| symmetry.apply(board, square))
            .min()
            .expect("the identity is a symmetry of every board")
    }

    /// The representative of the orbit of `square` under `symmetries` (some of the symmetries
    /// of `board` that form a group, such as those that keep a square): the first of its
    /// images in row-major order.
    pub fn representative_among(symmetries: &[Symmetry], board: Board, square: Square) -> Square {
        symmetries
            .iter()
            .map(|symmetry| symmetry.apply(board, square))
            .min()
            .unwrap_or(square)
    }

    /// A symmetry of `board` that takes `from` to `to`, if they are in one orbit.
    pub fn taking(board: Board, from: Square, to: Square) -> Option<Symmetry> {
        Self::of(board)
            .iter()
            .copied()
            .find(|symmetry| symmetry.apply(board, from) == to)
    }

    /// The name in messages: "the left-right mirror".
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "the identity",
            Symmetry::MirrorLeftRight => "the left-right mirror",
            Symmetry::MirrorTopBottom => "the top-bottom mirror",
            Symmetry::HalfTurn => "the half turn",
            Symmetry::MainDiagonal => "the reflection in the diagonal through 0,0",
            Symmetry::OtherDiagonal => "the reflection in the other diagonal",
            Symmetry::QuarterTurn => "the quarter turn clockwise",
            Symmetry::QuarterTurnBack => "the quarter turn anticlockwise",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::leaper::Leaper;
    use crate::solve::{Outcome, Request, solve};
    use crate::tour::validate;

    fn board(rows: u64, cols: u64) -> Board {
        Board::new(rows, cols).unwrap()
    }

    const BOARDS: [(u64, u64); 7] = [(1, 1), (3, 8), (8, 3), (5, 5), (8, 8), (4, 7), (6, 6)];

    #[test]
    fn every_symmetry_is_a_bijection_of_the_board_that_keeps_every_leapers_moves() {
        let pieces = [
            Leaper::KNIGHT,
            Leaper::GIRAFFE,
            Leaper::ZEBRA,
            Leaper::new(0, 1).unwrap(),
        ];
        for (rows, cols) in BOARDS {
            let board = board(rows, cols);
            for &symmetry in Symmetry::of(board) {
                let images: HashSet<Square> = board
                    .squares()
                    .map(|square| symmetry.apply(board, square))
                    .collect();
                assert_eq!(images.len() as u64, board.area(), "{symmetry} of {board}");
                assert!(images.iter().all(|&image| board.contains(image)));
                for (square, piece) in board.squares().flat_map(|s| pieces.map(|p| (s, p))) {
                    let image = symmetry.apply(board, square);
                    for neighbour in piece.neighbours(board, square) {
                        assert!(
                            piece.is_move(image, symmetry.apply(board, neighbour)),
                            "{symmetry} of {board} breaks the {piece}'s move {square} to \
                             {neighbour}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn square_boards_have_eight_symmetries_and_rectangles_four() {
        assert_eq!(Symmetry::of(board(8, 8)).len(), 8);
        assert_eq!(Symmetry::of(board(3, 8)).len(), 4);
        assert_eq!(Symmetry::of(board(8, 3)).len(), 4);
        // The eight of 8x8 are different maps: the corner 0,1 goes to eight places.
        let eight = board(8, 8);
        let images: HashSet<Square> = Symmetry::ALL
            .iter()
            .map(|symmetry| symmetry.apply(eight, Square::new(0, 1)))
            .collect();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn the_symmetries_of_a_board_compose_within_themselves() {
        for (rows, cols) in BOARDS {
            let board = board(rows, cols);
            let symmetries = Symmetry::of(board);
            for &first in symmetries {
                for &second in symmetries {
                    let composed = symmetries.iter().find(|&&candidate| {
                        board.squares().all(|square| {
                            candidate.apply(board, square)
                                == second.apply(board, first.apply(board, square))
                        })
                    });
                    assert!(composed.is_some(), "{first} then {second} on {board}");
                }
            }
        }
    }

    #[test]
    fn orbits_number_ten_on_8x8_six_on_5x5_and_eight_on_3x8() {
        for (rows, cols, orbits) in [(8, 8, 10), (5, 5, 6), (3, 8, 8), (8, 3, 8), (1, 1, 1)] {
            let board = board(rows, cols);
            let representatives: HashSet<Square> = board
                .squares()
                .map(|square| Symmetry::representative(board, square))
                .collect();
            assert_eq!(representatives.len(), orbits, "{board}");
            for square in board.squares() {
                let representative = Symmetry::representative(board, square);
                assert!(representative <= square);
                let symmetry = Symmetry::taking(board, representative, square)
                    .expect("a square is in its representative's orbit");
                assert_eq!(symmetry.apply(board, representative), square);
            }
        }
        let board = board(3, 8);
        assert_eq!(
            Symmetry::representative(board, Square::new(1, 5)),
            Square::new(1, 2)
        );
        assert_eq!(
            Symmetry::taking(board, Square::new(1, 2), Square::new(1, 5)),
            Some(Symmetry::MirrorLeftRight)
        );
        assert_eq!(
            Symmetry::taking(board, Square::new(0, 0), Square::new(1, 1)),
            None
        );
    }

    #[test]
    fn a_tour_mapped_by_a_symmetry_is_a_tour_from_the_image_of_its_start() {
        for (rows, cols, closed) in [(5, 5, false), (3, 8, false), (6, 6, true), (5, 6, true)] {
            let board = board(rows, cols);
            let start = Square::new(0, 0);
            let request = Request::new(board, start).closed(closed);
            let Outcome::Tour { tour, .. } = solve(&request).unwrap() else {
                panic!("{board} has a tour from 0,0");
            };
            for &symmetry in Symmetry::of(board) {
                let image = tour.squares().map(|square| symmetry.apply(board, square));
                let image_start = symmetry.apply(board, start);
                if let Err(error) = validate(board, image, closed, Some(image_start)) {
                    panic!("{symmetry} of a {board} tour: {error}");
                }
            }
        }
    }
}
