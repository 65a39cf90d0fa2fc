//! The tour the frontier's moves make ([`TourMoves`]): each square's moves, two bytes a
//! square, and the path read from them, from the start, in the board's square numbers.

use std::collections::TryReserveError;

use super::fold::Fold;

/// Each square's moves in the tour, by place in the frontier's order: the distances (forward
/// or back) to the squares it joins, 0 for a move not yet seen.
#[derive(Debug)]
pub(super) struct TourMoves {
    moves: Vec<[i8; 2]>,
}

impl TourMoves {
    /// No move yet on a board of `squares` squares.
    pub(super) fn new(squares: usize) -> Result<Self, TryReserveError> {
        let mut moves = Vec::new();
        moves.try_reserve_exact(squares)?;
        moves.resize(squares, [0; 2]);
        Ok(Self { moves })
    }

    /// The move between the squares at places `v` and `v - back`. A square given a third move
    /// keeps two: the path read then fails the validator, as it must.
    pub(super) fn join(&mut self, v: usize, back: u8) {
        let back = back as i8;
        for (place, distance) in [(v, -back), (v - back as usize, back)] {
            if let Some(slot) = self.moves[place].iter_mut().find(|slot| **slot == 0) {
                *slot = distance;
            }
        }
    }

    /// The path through every square from place `start`, first toward place `toward` when it
    /// is given (a closed tour may go either way), as square numbers of the board; it stops
    /// early where a square has no move on.
    pub(super) fn path(
        &self,
        fold: &Fold,
        start: usize,
        toward: Option<usize>,
    ) -> Result<Vec<u32>, TryReserveError> {
        let board = fold.board();
        let squares = self.moves.len();
        let mut path = Vec::new();
        path.try_reserve_exact(squares)?;
        let (mut before, mut at) = (usize::MAX, start);
        let mut toward = toward;
        loop {
            path.push(board.index(fold.square(at)));
            if path.len() == squares {
                break;
            }
            let next = toward.take().or_else(|| {
                self.moves[at]
                    .iter()
                    .filter(|&&distance| distance != 0)
                    .map(|&distance| at.wrapping_add_signed(isize::from(distance)))
                    .find(|&next| next != before)
            });
            let Some(next) = next else {
                break;
            };
            (before, at) = (at, next);
        }
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn a_path_is_read_from_its_moves_in_either_direction() {
        // 1x3, read along its one row: places 0, 1, 2 joined 0-2-1... as moves 2 and 1 back.
        let fold = Fold::new(Board::new(1, 3).unwrap(), 7, &[]);
        let mut moves = TourMoves::new(3).unwrap();
        moves.join(2, 2);
        moves.join(2, 1);
        assert_eq!(moves.path(&fold, 0, None).unwrap(), vec![0, 2, 1]);
        assert_eq!(moves.path(&fold, 1, None).unwrap(), vec![1, 2, 0]);
        assert_eq!(moves.path(&fold, 2, Some(1)).unwrap(), vec![2, 1]);
    }
}
