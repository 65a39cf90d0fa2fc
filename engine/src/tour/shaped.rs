//! The check of a tour of a board of any shape ([`Shape`]) held whole: every open square once,
//! no hole, every step a move of the piece, every clue kept (the square given `k` is visit
//! `k`), closed if asked, from the start and to the end if asked. It is the streaming
//! [`Validator`] run over the path.

use std::sync::Arc;

use super::{TourError, Validator};
use crate::board::{Board, Square};
use crate::leaper::Leaper;
use crate::shape::Shape;

/// What a tour of a shape is asked to be, beyond covering it.
#[derive(Debug, Clone, Copy, Default)]
pub struct ShapeRoute {
    /// Whether the last square must be a move from the first.
    pub closed: bool,
    /// The first square, if one is required.
    pub start: Option<Square>,
    /// The last square, if one is required.
    pub end: Option<Square>,
}

/// Checks `path` (square numbers, see [`Board::index`](crate::board::Board::index)) as a tour of
/// `piece` on `shape` along `route`; the first error found in visit order. The check is the
/// streaming [`Validator`]'s, made [`on_shape`](Validator::on_shape).
pub fn check_on_shape(
    shape: &Shape,
    piece: Leaper,
    path: &[u32],
    route: ShapeRoute,
) -> Result<(), TourError> {
    let validator = Validator::on_shape(Arc::new(shape.clone()), piece, route);
    check_path(validator, shape.board(), path)
}

/// Runs `validator` over `path`, square numbers of `board`, to its end.
pub(super) fn check_path(
    mut validator: Validator,
    board: Board,
    path: &[u32],
) -> Result<(), TourError> {
    for &index in path {
        // A number past the board is a square below its last row: named off the board.
        validator.push(board.square_at(index))?;
    }
    validator.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::shape::Clue;

    /// The 3x3 board without its centre, and the knight's closed tour of its ring.
    fn ring() -> (Shape, Vec<u32>) {
        let board = Board::new(3, 3).unwrap();
        let shape = Shape::new(board, &[Square::new(1, 1)], &[]).unwrap();
        let squares = [
            (0, 0),
            (1, 2),
            (2, 0),
            (0, 1),
            (2, 2),
            (1, 0),
            (0, 2),
            (2, 1),
        ];
        let path = squares
            .iter()
            .map(|&(row, col)| board.index(Square::new(row, col)))
            .collect();
        (shape, path)
    }

    #[test]
    fn a_tour_of_the_ring_around_a_hole_passes_and_a_step_onto_the_hole_does_not() {
        let (shape, path) = ring();
        let closed = ShapeRoute {
            closed: true,
            ..ShapeRoute::default()
        };
        assert_eq!(
            check_on_shape(&shape, Leaper::KNIGHT, &path, closed),
            Ok(())
        );
        let mut onto_hole = path.clone();
        onto_hole.push(4);
        assert_eq!(
            check_on_shape(&shape, Leaper::KNIGHT, &onto_hole, closed),
            Err(TourError::OnHole {
                step: 9,
                square: Square::new(1, 1)
            })
        );
        assert!(matches!(
            check_on_shape(&shape, Leaper::KNIGHT, &path[..7], closed),
            Err(TourError::Incomplete {
                visited: 7,
                squares: 8
            })
        ));
    }

    #[test]
    fn the_first_clue_broken_is_named() {
        let (shape, path) = ring();
        let board = shape.board();
        let clue = |number, row, col| Clue {
            number,
            square: Square::new(row, col),
        };
        // Visit 2 is 1,2 and visit 5 is 2,2: the first clue holds, the second does not.
        let clued = Shape::new(board, shape.holes(), &[clue(2, 1, 2), clue(5, 0, 0)]).unwrap();
        assert_eq!(
            check_on_shape(&clued, Leaper::KNIGHT, &path, ShapeRoute::default()),
            Err(TourError::ClueBroken {
                number: 5,
                expected: Square::new(0, 0),
                found: Square::new(2, 2)
            })
        );
    }
}
