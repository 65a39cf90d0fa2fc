//! How a search behaves: [`SearchConfig`], with the three standard set-ups (a greedy pass,
//! complete backtracking with pruning, and the naive baseline).

use super::{Limits, MoveOrdering};
use crate::leaper::Leaper;

/// How a search behaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchConfig {
    /// The piece that tours (the knight in the standard set-ups; [`SearchConfig::with_piece`]
    /// for another).
    pub piece: Leaper,
    /// Look for a closed tour.
    pub closed: bool,
    /// Candidate ordering.
    pub ordering: MoveOrdering,
    /// Prune branches that provably hold no tour, by looking at the head's neighbours.
    pub pruning: bool,
    /// Also prune branches that cut the unvisited squares in two (a flood fill that stops
    /// early; pays off in hard backtracking, not in enumeration or a greedy pass).
    pub connectivity: bool,
    /// Undo moves at dead ends; without it the search is one greedy pass.
    pub backtracking: bool,
    /// Node budget and deadline.
    pub limits: Limits,
    /// Which tie-break: 0 is the standard one (farthest from the centre, then the fixed move
    /// order; the fixed order alone for [`MoveOrdering::Fixed`]). Others rotate the move order,
    /// and 8 to 15 prefer squares nearest the centre, so that restarts explore other trees.
    pub variant: u8,
}

impl SearchConfig {
    /// Warnsdorff's rule, one greedy pass: no undo.
    pub fn greedy(closed: bool) -> Self {
        Self {
            piece: Leaper::KNIGHT,
            closed,
            ordering: MoveOrdering::Warnsdorff,
            pruning: true,
            connectivity: false,
            backtracking: false,
            limits: Limits::NONE,
            variant: 0,
        }
    }

    /// Warnsdorff-ordered backtracking with pruning: complete, so it can prove no tour.
    pub fn backtracking(closed: bool) -> Self {
        Self {
            backtracking: true,
            connectivity: true,
            ..Self::greedy(closed)
        }
    }

    /// Plain backtracking in the fixed move order, without pruning: the baseline.
    pub fn naive(closed: bool) -> Self {
        Self {
            piece: Leaper::KNIGHT,
            closed,
            ordering: MoveOrdering::Fixed,
            pruning: false,
            connectivity: false,
            backtracking: true,
            limits: Limits::NONE,
            variant: 0,
        }
    }

    /// The same configuration for another piece.
    pub fn with_piece(self, piece: Leaper) -> Self {
        Self { piece, ..self }
    }

    /// The same configuration with other limits.
    pub fn with_limits(self, limits: Limits) -> Self {
        Self { limits, ..self }
    }
}
