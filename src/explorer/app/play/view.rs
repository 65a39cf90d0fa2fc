//! What play shows on the board beside the path: the squares the piece may move to, numbered,
//! with their Warnsdorff degrees; the hint asked for; and the squares a dead verdict names.

use knights_tour_engine::board::Square;
use knights_tour_engine::existence::NoTourReason;
use knights_tour_engine::search::DeadPosition;

use super::{Judgement, Play, Standing};

/// A square the knight may move to now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayMove {
    /// Its number, 1 to 8: the key that moves there.
    pub number: u8,
    /// The square.
    pub square: Square,
    /// Its Warnsdorff degree: the unvisited squares a move of the piece from it.
    pub degree: u8,
}

/// What the board shows of play, beside the path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayView {
    /// The squares the knight may move to.
    pub moves: Vec<PlayMove>,
    /// The hint asked for, until the next move.
    pub hint: Option<Square>,
    /// The squares a dead verdict names.
    pub named: Vec<Square>,
}

impl Play {
    /// The squares the knight may move to, by number.
    pub fn moves(&self) -> Vec<PlayMove> {
        let head = self.head();
        self.piece
            .moves()
            .into_iter()
            .zip(1..)
            .filter_map(|(delta, number)| {
                let square = head.offset(delta, self.board)?;
                (self.is_free(square) && self.clue_refusal(square).is_none()).then(|| PlayMove {
                    number,
                    square,
                    degree: self
                        .piece
                        .neighbours(self.board, square)
                        .filter(|&next| self.is_free(next))
                        .count() as u8,
                })
            })
            .collect()
    }

    /// The squares the verdict on the board names: out of reach, one of two that would both
    /// have to be last, one that would have to be last and cannot be, the cut square whose
    /// parts no path visits, the end that squares lie behind, the square the forced moves
    /// fail at, or the knight's own square with no move left.
    pub fn named_squares(&self) -> Vec<Square> {
        let Standing::Judged(Judgement::Dead {
            reason: NoTourReason::DeadPosition { position },
            ..
        }) = self.standing()
        else {
            return Vec::new();
        };
        match *position {
            DeadPosition::Unreachable(square)
            | DeadPosition::LastElsewhere(square)
            | DeadPosition::NoMove(square)
            | DeadPosition::LastColour { square, .. }
            | DeadPosition::CutThreeWays(square)
            | DeadPosition::CutFromEnd(square)
            | DeadPosition::CutColour { cut: square, .. }
            | DeadPosition::BehindEnd { anchor: square, .. }
            | DeadPosition::ForcedTooMany(square)
            | DeadPosition::ForcedStranded(square)
            | DeadPosition::ForcedLoop(square)
            | DeadPosition::ForcedShort(square) => vec![square],
            DeadPosition::TwoLast(first, second) => vec![first, second],
            DeadPosition::NoWayToEnd
            | DeadPosition::Split(_)
            | DeadPosition::ColourCount { .. } => Vec::new(),
        }
    }

    /// The board's part of play for the scene.
    pub(super) fn view(&self) -> PlayView {
        PlayView {
            moves: self.moves(),
            hint: self.hint,
            named: self.named_squares(),
        }
    }
}
