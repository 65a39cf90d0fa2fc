//! The check of a tour of a board of any shape ([`Shape`]): every open square once, no hole,
//! every step a move of the piece, every clue kept (the square given `k` is visit `k`), closed
//! if asked, from the start and to the end if asked. Shapes are small (at most
//! [`Shape::MAX_SQUARES`]), so the check is one plain pass with a bit a square.

use super::TourError;
use crate::board::Square;
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
/// `piece` on `shape` along `route`; the first error found in visit order.
pub fn check_on_shape(
    shape: &Shape,
    piece: Leaper,
    path: &[u32],
    route: ShapeRoute,
) -> Result<(), TourError> {
    let board = shape.board();
    let mut seen = vec![0u64; board.area().div_ceil(64) as usize];
    let mut clues = shape.clues().iter().peekable();
    let mut last: Option<Square> = None;
    for (visit, &index) in path.iter().enumerate() {
        let step = visit as u64 + 1;
        if u64::from(index) >= board.area() {
            let square = Square::new(index / board.cols(), index % board.cols());
            return Err(TourError::OffBoard {
                step,
                square,
                board,
            });
        }
        let square = board.square_at(index);
        if !shape.is_open_index(index) {
            return Err(TourError::OnHole { step, square });
        }
        match last {
            None => {
                if let Some(expected) = route.start.filter(|&start| start != square) {
                    return Err(TourError::WrongStart {
                        expected,
                        found: square,
                    });
                }
            }
            Some(from) if from == square => return Err(TourError::Revisited { square, step }),
            Some(from) if !piece.is_move(from, square) => {
                return Err(TourError::NotAMove {
                    piece,
                    step: step - 1,
                    from,
                    to: square,
                });
            }
            Some(_) => {}
        }
        let (word, bit) = (index as usize / 64, 1u64 << (index % 64));
        if seen[word] & bit != 0 {
            return Err(TourError::Revisited { square, step });
        }
        seen[word] |= bit;
        if let Some(clue) = clues.next_if(|clue| u64::from(clue.number) == step)
            && clue.square != square
        {
            return Err(TourError::ClueBroken {
                number: clue.number,
                expected: clue.square,
                found: square,
            });
        }
        last = Some(square);
    }
    let (Some(first), Some(last)) = (path.first(), last) else {
        return Err(TourError::Empty);
    };
    let first = board.square_at(*first);
    if path.len() as u64 != shape.open_count() {
        return Err(TourError::Incomplete {
            visited: path.len() as u64,
            squares: shape.open_count(),
        });
    }
    if route.closed && path.len() == 2 {
        return Err(TourError::TwoSquareCycle);
    }
    if route.closed && !piece.is_move(last, first) {
        return Err(TourError::NotClosed { piece, last, first });
    }
    if let Some(expected) = route.end.filter(|&end| end != last) {
        return Err(TourError::WrongEnd {
            expected,
            found: last,
        });
    }
    Ok(())
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
