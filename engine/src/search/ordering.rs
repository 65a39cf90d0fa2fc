//! The order in which the search tries a square's candidates: Warnsdorff's rule (fewest
//! onward moves first), ties to the square farthest from the centre by integer squared
//! distance, then the piece's fixed move order ([`Leaper::moves`], [`KNIGHT_MOVES`] for the
//! knight); or that fixed order alone. Variants
//! rotate the move order and may prefer the centre instead, so that restarts explore other
//! trees.
//!
//! The degree-and-distance part of the key ([`warnsdorff_rank`], over [`centre_distance`]) is
//! shared with the construction's piece search, which breaks the remaining ties its own way.

use super::state::{DEGREE, MAX_MOVES, MoveSet};
use super::{Candidate, Choices, Frame, Search};
use crate::board::{Board, Square};
#[cfg(doc)]
use crate::{board::KNIGHT_MOVES, leaper::Leaper};

/// How candidates are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveOrdering {
    /// Warnsdorff's rule with the deterministic tie-break.
    Warnsdorff,
    /// The piece's fixed move order: the naive baseline.
    Fixed,
}

/// The largest centre distance a sort key holds (44 bits): exact for boards up to a million
/// squares a side; beyond, distances saturate and only the move order breaks their ties.
const MAX_DISTANCE: u64 = (1 << 44) - 1;

/// Twice the offset of `row`, `col` from the centre of `board`, squared: an integer on every
/// board, saturated at 2^44 - 1 (the most a sort key holds).
#[inline]
pub(crate) fn centre_distance(row: i64, col: i64, board: Board) -> u64 {
    // Sides are below 2^30, so each square is below 2^62 and the sum fits.
    let dr = (2 * row - i64::from(board.rows()) + 1).unsigned_abs();
    let dc = (2 * col - i64::from(board.cols()) + 1).unsigned_abs();
    (dr * dr + dc * dc).min(MAX_DISTANCE)
}

/// The Warnsdorff part of a sort key, smallest first: fewest onward moves (`degree`), then
/// farthest from the centre (`distance`, from [`centre_distance`]), or nearest when
/// `nearest_first`. The low 8 bits are zero: they are the caller's, for the last tie-break.
#[inline]
pub(crate) fn warnsdorff_rank(degree: u8, distance: u64, nearest_first: bool) -> u64 {
    let rank = if nearest_first {
        distance
    } else {
        MAX_DISTANCE - distance
    };
    u64::from(degree) << 56 | rank << 8
}

impl Search {
    /// How many places the variants rotate the move order over: 8, or 32 for a piece of more
    /// than 8 moves. A power of two, so that a place is taken by a mask, not a division (the
    /// search's hottest loop computes one for every tied move).
    #[inline]
    fn rotation(&self) -> usize {
        if self.move_count <= 8 { 8 } else { MAX_MOVES }
    }

    /// The sort key of move `k` from `head`: fewest onward moves first, then farthest from the
    /// centre (nearest, for variants 8 to 15), then the move order (rotated by the variant).
    /// The move itself rides in the low bits: its place in the rotated order, which names it.
    #[inline]
    fn move_key(&self, head: (i64, i64), k: usize, degree: u8) -> u64 {
        let variant = usize::from(self.config.variant);
        let mut key = ((k + variant) & (self.rotation() - 1)) as u64;
        if self.config.ordering == MoveOrdering::Warnsdorff {
            let (dr, dc) = self.deltas[k];
            let distance =
                centre_distance(head.0 + i64::from(dr), head.1 + i64::from(dc), self.board);
            key |= warnsdorff_rank(degree, distance, variant & 8 != 0);
        }
        key
    }

    /// The untried candidate to take next: the one with the smallest key.
    #[inline]
    pub(super) fn next_move(&self, head: usize, untried: MoveSet) -> usize {
        if untried.is_power_of_two() {
            return untried.trailing_zeros() as usize;
        }
        let places = self.rotation();
        if self.config.ordering == MoveOrdering::Fixed {
            // Scan in the move order rotated by the variant, over `places` bits.
            let first = (places - (usize::from(self.config.variant) & (places - 1))) & (places - 1);
            let rotated = if first == 0 {
                untried
            } else {
                let all = MoveSet::MAX >> (MoveSet::BITS as usize - places);
                (untried >> first | untried << (places - first)) & all
            };
            return (rotated.trailing_zeros() as usize + first) & (places - 1);
        }
        // Fewest onward moves first; the full key only among the moves that tie on it.
        let (fewest, tied) = self.fewest_onward(head, untried);
        if tied.is_power_of_two() {
            return tied.trailing_zeros() as usize;
        }
        let position = self.row_col(head);
        let mut best = u64::MAX;
        let mut tied = tied;
        while tied != 0 {
            let k = tied.trailing_zeros() as usize;
            tied &= tied - 1;
            best = best.min(self.move_key(position, k, fewest));
        }
        self.move_of_key(best)
    }

    /// The move whose key is `key` ([`Search::move_key`]).
    #[inline]
    fn move_of_key(&self, key: u64) -> usize {
        let places = self.rotation();
        let variant = usize::from(self.config.variant) & (places - 1);
        ((key & 0xff) as usize + places - variant) & (places - 1)
    }

    /// The smallest degree among the moves `untried` from `head`, and the moves that have it.
    #[inline(always)]
    fn fewest_onward(&self, head: usize, untried: MoveSet) -> (u8, MoveSet) {
        let mut fewest = u8::MAX;
        let mut tied: MoveSet = 0;
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
        (fewest, tied)
    }

    /// The candidates of `frame`, the frame of `head`, in the order they are tried.
    pub(super) fn choices_of(&self, head: usize, frame: &Frame) -> Choices {
        let position = self.row_col(head);
        let mut keys = [0u64; MAX_MOVES];
        let mut len = 0;
        for k in (0..MAX_MOVES).filter(|&k| frame.candidates & (1 << k) != 0) {
            let degree = self.cells[self.neighbour(head, k)] & DEGREE;
            keys[len] = self.move_key(position, k, degree);
            len += 1;
        }
        keys[..len].sort_unstable();
        let mut choices = Choices {
            items: [Candidate {
                square: Square::new(0, 0),
                degree: 0,
            }; MAX_MOVES],
            len: len as u8,
            next: frame.tried.count_ones() as u8,
        };
        for (item, key) in choices.items.iter_mut().zip(&keys[..len]) {
            let cell = self.neighbour(head, self.move_of_key(*key));
            *item = Candidate {
                square: self.square_of(cell),
                degree: self.cells[cell] & DEGREE,
            };
        }
        choices
    }
}
