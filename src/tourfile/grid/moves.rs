//! The moves of a grid, checked once every number is in: the square of each number but the
//! last must hold the next number a move of the piece away. Squares are taken in reading
//! order, where the neighbours are near in memory (following the visit order instead would
//! jump across the grid at every step), and the verdict is then put in visit order, as the
//! validator would give it: a wrong start, else the first step in visit order that is not a
//! move or breaks a clue, else a closed tour that does not close, else a wrong end.

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::shape::Clue;
use knights_tour_engine::tour::TourError;

use super::HOLE;

/// The board of a grid and the piece whose moves join its numbers.
#[derive(Clone, Copy)]
pub(super) struct Moves {
    pub(super) board: Board,
    pub(super) piece: Leaper,
}

/// What a grid's tour is asked to be besides a tour: its start and end, whether closed, and
/// the clues it must keep (the square given `k` holds the `k`-th number).
#[derive(Clone, Copy, Default)]
pub(super) struct Asked<'a> {
    pub(super) closed: bool,
    pub(super) start: Option<Square>,
    pub(super) end: Option<Square>,
    pub(super) clues: &'a [Clue],
}

/// The moves of a grid whose numbers are `first..first + n`, each once, and [`HOLE`] on its
/// holes. Returns the first square.
pub(super) fn check_moves(
    Moves { board, piece }: Moves,
    numbers: &[u32],
    first: u32,
    asked: Asked,
) -> Result<Square, TourError> {
    let (rows, cols) = (i64::from(board.rows()), i64::from(board.cols()));
    let visits = numbers.iter().filter(|&&number| number != HOLE).count() as u32;
    let last = first + (visits - 1);
    // A scan for one number: done a few times, only.
    let square_of = |number: u32| {
        let index = numbers.iter().position(|&n| n == number);
        board.square_at(index.expect("every number appears once") as u32)
    };
    let found = square_of(first);
    if let Some(expected) = asked.start.filter(|&square| square != found) {
        return Err(TourError::WrongStart { expected, found });
    }
    let mut broken: Option<u32> = None;
    let mut index = 0;
    let deltas = piece.moves();
    let deltas = deltas.as_slice();
    for row in 0..rows {
        for col in 0..cols {
            let number = numbers[index];
            index += 1;
            if number == HOLE || number == last || broken.is_some_and(|broken| number >= broken) {
                continue;
            }
            let moves_on = deltas.iter().any(|&(dr, dc)| {
                let (r, c) = (row + i64::from(dr), col + i64::from(dc));
                (0..rows).contains(&r)
                    && (0..cols).contains(&c)
                    && numbers[(r * cols + c) as usize] == number + 1
            });
            if !moves_on {
                broken = Some(number);
            }
        }
    }
    // The first clue broken, by its visit number (1-based).
    let clue = asked.clues.iter().find(|clue| {
        let held = numbers[board.index(clue.square) as usize];
        u64::from(held) != u64::from(clue.number) - 1 + u64::from(first)
    });
    // A step `s → s+1` that is no move shows at visit `s+1`, clue `k` at visit `k`; at the
    // same visit the move is named first, as the validator does.
    let step = broken.map(|number| u64::from(number - first) + 1);
    if let Some(clue) = clue.filter(|clue| step.is_none_or(|step| u64::from(clue.number) <= step)) {
        return Err(TourError::ClueBroken {
            number: clue.number,
            expected: clue.square,
            found: square_of(clue.number - 1 + first),
        });
    }
    if let Some(number) = broken {
        let error = TourError::NotAMove {
            piece,
            step: u64::from(number - first) + 1,
            from: square_of(number),
            to: square_of(number + 1),
        };
        return Err(error.numbered_from(u64::from(first)));
    }
    let end = square_of(last);
    if asked.closed && !piece.is_move(end, found) {
        return Err(TourError::NotClosed {
            piece,
            last: end,
            first: found,
        });
    }
    if let Some(expected) = asked.end.filter(|&square| square != end) {
        return Err(TourError::WrongEnd {
            expected,
            found: end,
        });
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open() -> Asked<'static> {
        Asked::default()
    }

    fn closed() -> Asked<'static> {
        Asked {
            closed: true,
            ..Asked::default()
        }
    }

    fn from(start: Square) -> Asked<'static> {
        Asked {
            start: Some(start),
            ..Asked::default()
        }
    }

    fn knight(board: Board) -> Moves {
        Moves {
            board,
            piece: Leaper::KNIGHT,
        }
    }

    #[test]
    fn a_grid_is_checked_with_the_moves_of_its_piece() {
        // The wazir (0,1) snakes along the rows of 2x3; a knight cannot.
        let board = Board::new(2, 3).unwrap();
        let snake = [1, 2, 3, 6, 5, 4];
        let wazir = Moves {
            board,
            piece: Leaper::new(0, 1).unwrap(),
        };
        assert_eq!(check_moves(wazir, &snake, 1, open()), Ok(Square::new(0, 0)));
        let refused = check_moves(knight(board), &snake, 1, open()).unwrap_err();
        assert!(
            matches!(refused, TourError::NotAMove { step: 1, .. }),
            "{refused}"
        );
    }

    #[test]
    fn the_moves_of_a_grid_are_checked_in_visit_order() {
        // An open tour of 3x4, 1-based, and the same 0-based.
        let board = Board::new(3, 4).unwrap();
        let grid = [1, 4, 7, 10, 8, 11, 2, 5, 3, 6, 9, 12];
        assert_eq!(
            check_moves(knight(board), &grid, 1, open()),
            Ok(Square::new(0, 0))
        );
        let zero_based = grid.map(|n| n - 1);
        assert_eq!(
            check_moves(knight(board), &zero_based, 0, open()),
            Ok(Square::new(0, 0))
        );
        assert!(matches!(
            check_moves(knight(board), &grid, 1, closed()),
            Err(TourError::NotClosed { .. })
        ));
        assert!(matches!(
            check_moves(knight(board), &grid, 1, from(Square::new(1, 1))),
            Err(TourError::WrongStart { .. })
        ));
        // Visits 5 and 6 exchanged: 4 → 5 is the first step that is not a knight move.
        let mut swapped = grid;
        swapped.swap(7, 9);
        assert_eq!(
            check_moves(knight(board), &swapped, 1, open()),
            Err(TourError::NotAMove {
                piece: Leaper::KNIGHT,
                step: 4,
                from: Square::new(0, 1),
                to: Square::new(2, 1)
            })
        );
        let mut swapped = zero_based;
        swapped.swap(7, 9);
        let error = check_moves(knight(board), &swapped, 0, open()).unwrap_err();
        assert!(error.to_string().starts_with("step 3 → 4"), "{error}");
    }
}
