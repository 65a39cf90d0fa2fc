//! What a search completes, beyond a tour from one square: a [`Route`], a path already
//! walked (a prefix) and the square the tour must end on; and why a position can rule out
//! every tour before the first step ([`DeadPosition`]).

use std::fmt;

use crate::board::Square;
use crate::leaper::Leaper;

/// The path a search completes: a prefix walked already, and where the tour must end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route<'a> {
    /// A path of the piece: the tour's first square first, the piece's square last. One square
    /// for a tour from a start.
    pub prefix: &'a [Square],
    /// The square the tour must end on, if any (open tours only).
    pub end: Option<Square>,
}

/// Why a position has no tour, seen before any step: the pruning's rules applied to the
/// whole board at once. Each is a proof: a path enters and leaves every square it passes
/// through, and has one last square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadPosition {
    /// No move can reach this unvisited square any more.
    Unreachable(Square),
    /// Each of the two squares has one way in left, so each would have to be the last.
    TwoLast(Square, Square),
    /// This square has one way in left, so it would have to be the last, but the tour must
    /// end elsewhere (on the end asked for, or next to its first square when closed).
    LastElsewhere(Square),
    /// No free square is left next to where the tour must end (the end asked for, or a closed
    /// tour's first square), and squares are left to visit.
    NoWayToEnd,
    /// The unvisited squares fall apart into parts no single path of this piece, from its
    /// square, can join.
    Split(Leaper),
}

impl fmt::Display for DeadPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreachable(square) => write!(f, "{square} can no longer be reached"),
            Self::TwoLast(first, second) => write!(
                f,
                "{first} and {second} each have one way in left, so both would have to be last"
            ),
            Self::LastElsewhere(square) => write!(
                f,
                "{square} has one way in left, so it would have to be last, but the tour must \
                 end elsewhere"
            ),
            Self::NoWayToEnd => {
                write!(f, "no free square is left next to where the tour must end")
            }
            Self::Split(piece) => write!(
                f,
                "the unvisited squares are cut apart, and no path from the {piece} joins them"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cut-apart position names the piece that cannot join the parts: the knight's words are
    /// what they always were.
    #[test]
    fn a_split_names_its_piece() {
        let knight = DeadPosition::Split(Leaper::KNIGHT).to_string();
        assert_eq!(
            knight,
            "the unvisited squares are cut apart, and no path from the knight joins them"
        );
        let giraffe = DeadPosition::Split(Leaper::GIRAFFE).to_string();
        assert!(giraffe.contains("no path from the giraffe"), "{giraffe}");
    }
}
