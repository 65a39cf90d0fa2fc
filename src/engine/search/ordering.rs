//! The order the search tries candidates in: Warnsdorff's rule (fewest onward moves first),
//! ties to the square farthest from the centre by integer squared distance, then the fixed
//! order of [`KNIGHT_MOVES`] (rotated by a restart's variant); or the fixed order alone. The
//! construction's piece search orders its candidates by the same key ([`warnsdorff_key`]).

use super::pruning::Frame;
use super::state::DEGREE;
use super::{Candidate, Choices, MoveOrdering, Search};
use crate::engine::board::{Board, KNIGHT_MOVES, Square};

/// The largest centre distance a sort key holds (44 bits): exact for boards up to a million
/// squares a side; beyond, distances saturate and only the move order breaks their ties.
const MAX_DISTANCE: u64 = (1 << 44) - 1;

/// Twice the offset of `row`, `col` from the centre of `board`, squared: an integer on every
/// board, saturated at [`MAX_DISTANCE`].
pub(crate) fn centre_distance(row: i64, col: i64, board: Board) -> u64 {
    // Sides are below 2^30, so each square is below 2^62 and the sum fits.
    let dr = (2 * row - i64::from(board.rows()) + 1).unsigned_abs();
    let dc = (2 * col - i64::from(board.cols()) + 1).unsigned_abs();
    (dr * dr + dc * dc).min(MAX_DISTANCE)
}

/// The sort key of Warnsdorff's rule: fewest onward moves (`degree`, below 16) first, then the
/// square farthest from the centre (`distance` from [`centre_distance`]), then `tie`, the
/// caller's last word (the move order, or a square's number).
#[inline]
pub(crate) fn warnsdorff_key(degree: u8, distance: u64, tie: u16) -> u64 {
    u64::from(degree) << 60 | (MAX_DISTANCE - distance) << 16 | u64::from(tie)
}

/// The same key with the nearest square first (the restarts' variants 8 to 15).
#[inline]
fn warnsdorff_key_nearest(degree: u8, distance: u64, tie: u16) -> u64 {
    u64::from(degree) << 60 | distance << 16 | u64::from(tie)
}

impl Search {
    /// The sort key of move `k` from `head`: fewest onward moves first, then farthest from the
    /// centre (nearest, for variants 8 to 15), then the move order (rotated by the variant).
    /// The move itself rides in the low bits.
    #[inline]
    pub(super) fn move_key(&self, head: (i64, i64), k: usize, degree: u8) -> u64 {
        let variant = usize::from(self.config.variant);
        let tie = (((k + variant) % 8) << 4 | k) as u16;
        if self.config.ordering == MoveOrdering::Fixed {
            return u64::from(tie);
        }
        let (dr, dc) = KNIGHT_MOVES[k];
        let distance = centre_distance(head.0 + i64::from(dr), head.1 + i64::from(dc), self.board);
        if variant & 8 == 0 {
            warnsdorff_key(degree, distance, tie)
        } else {
            warnsdorff_key_nearest(degree, distance, tie)
        }
    }

    /// The untried candidate to take next: the one with the smallest key.
    #[inline]
    pub(super) fn next_move(&self, head: usize, untried: u8) -> usize {
        if untried.is_power_of_two() {
            return untried.trailing_zeros() as usize;
        }
        if self.config.ordering == MoveOrdering::Fixed {
            // Scan in the move order rotated by the variant.
            let first = (8 - usize::from(self.config.variant) % 8) % 8;
            let rotated = untried.rotate_right(first as u32);
            return (rotated.trailing_zeros() as usize + first) % 8;
        }
        // Fewest onward moves first; the full key only among the moves that tie on it.
        let mut fewest = u8::MAX;
        let mut tied = 0u8;
        let mut bits = untried;
        while bits != 0 {
            let k = bits.trailing_zeros();
            bits &= bits - 1;
            let degree = self.cells[self.neighbour(head, k as usize)] & DEGREE;
            if degree < fewest {
                (fewest, tied) = (degree, 1 << k);
            } else if degree == fewest {
                tied |= 1 << k;
            }
        }
        if tied.is_power_of_two() {
            return tied.trailing_zeros() as usize;
        }
        let position = self.row_col(head);
        let mut best = u64::MAX;
        while tied != 0 {
            let k = tied.trailing_zeros() as usize;
            tied &= tied - 1;
            best = best.min(self.move_key(position, k, fewest));
        }
        (best & 0x0f) as usize
    }

    pub(super) fn choices_of(&self, head: usize, frame: &Frame) -> Choices {
        let position = self.row_col(head);
        let mut keys = [0u64; 8];
        let mut len = 0;
        for k in (0..8).filter(|&k| frame.candidates & (1 << k) != 0) {
            let degree = self.cells[self.neighbour(head, k)] & DEGREE;
            keys[len] = self.move_key(position, k, degree);
            len += 1;
        }
        keys[..len].sort_unstable();
        let mut choices = Choices {
            items: [Candidate {
                square: Square::new(0, 0),
                degree: 0,
            }; 8],
            len: len as u8,
            next: frame.tried.count_ones() as u8,
        };
        for (item, key) in choices.items.iter_mut().zip(&keys[..len]) {
            let cell = self.neighbour(head, (key & 0x0f) as usize);
            *item = Candidate {
                square: self.square_of(cell),
                degree: self.cells[cell] & DEGREE,
            };
        }
        choices
    }
}
