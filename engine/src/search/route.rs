//! What a search completes, beyond a tour from one square: a [`Route`], a prefix (the squares the
//! tour has visited already) and the square the tour must end on; and why a position can rule out
//! every tour before the first step ([`DeadPosition`]): the pruning's rules applied to the whole
//! board, and the position's proofs (`position`, where each is stated and proved).

use std::fmt;

use crate::board::Square;
use crate::leaper::Leaper;
use crate::quote::counted;

/// The path a search completes: a prefix, visited already, and where the tour must end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route<'a> {
    /// A path of the piece: the tour's first square first, the piece's square last. One square
    /// for a tour from a start.
    pub prefix: &'a [Square],
    /// The square the tour must end on, if any (open tours only).
    pub end: Option<Square>,
}

/// Why a position has no tour, seen before any step: the pruning's rules applied to the
/// whole board at once, and the position's proofs (colours, cut squares). Each is a proof: a
/// path enters and leaves every square it passes through, has one last square, passes each
/// square once, and, for a piece that changes colour at every move, alternates colours.
///
/// "The squares left" are the unvisited squares; "the piece's square" is the last square of
/// the partial tour, where the rest of the tour starts.
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
    /// The piece's square has no move left to an unvisited square.
    NoMove(Square),
    /// This square has one way in left, so it would have to be the last square; but the piece
    /// changes colour at every move, and the last of the `left` squares left has the other
    /// colour.
    LastColour {
        /// The square with one way in.
        square: Square,
        /// The squares left to visit.
        left: u64,
    },
    /// The piece changes colour at every move, so the `left` squares left must hold `needed`
    /// squares of the colour of `head` (the piece's square); they hold `own`.
    ColourCount {
        /// The piece's square.
        head: Square,
        /// The squares left to visit.
        left: u64,
        /// Those of the colour of `head`.
        own: u64,
        /// How many of that colour a path from `head` that alternates colours visits.
        needed: u64,
    },
    /// Without this square the squares left fall into three parts or more; a path passes it
    /// once, so it joins two parts at most.
    CutThreeWays(Square),
    /// Without this square the squares left fall into two parts; a path passes it once, so
    /// it visits the part with the piece first and ends in the other, which cannot hold the
    /// tour's last square (the end asked for, a square next to the start of a closed tour, or
    /// the square with one way in left).
    CutFromEnd(Square),
    /// Some squares left can be reached only through `anchor`, where the tour must end (the
    /// end asked for; for a closed tour, its start, to which it returns), so they can never be
    /// visited.
    BehindEnd {
        /// The end asked for, or a closed tour's start.
        anchor: Square,
        /// Whether the tour is closed (`anchor` is its start).
        closed: bool,
    },
    /// A square with two ways in left that cannot be the path's last is entered by one and
    /// left by the other, so both are the path's. (The last is known where the tour must end
    /// on the end asked for or next to a closed tour's start, or where a square has one way
    /// in; and a piece that changes colour can end only on the colour the number of squares
    /// left gives.) Those moves need more moves at this square than a path makes there: two,
    /// or one at the piece's square and at the last.
    ForcedTooMany(Square),
    /// The moves forced on squares with two ways in left (see
    /// [`DeadPosition::ForcedTooMany`]) leave this square fewer ways in than it needs.
    ForcedStranded(Square),
    /// The moves forced on squares with two ways in left (see
    /// [`DeadPosition::ForcedTooMany`]) close a loop through this square, which a path
    /// cannot hold.
    ForcedLoop(Square),
    /// The moves forced on squares with two ways in left (see
    /// [`DeadPosition::ForcedTooMany`]) join the piece's square (this one) to the path's last
    /// before every square is visited.
    ForcedShort(Square),
    /// Without `cut` the squares left fall into two parts, so a path visits the `before`
    /// squares of the piece's part, then `cut`, then the `beyond` squares of the other part;
    /// the piece changes colour at every move, and the parts' colours do not alternate so.
    CutColour {
        /// The cut square.
        cut: Square,
        /// The squares of the piece's part, before the cut square.
        before: u64,
        /// The squares of the other part, after it.
        beyond: u64,
    },
}

/// What every proof by forced moves begins with.
const FORCED: &str = "squares that cannot be last and have two ways in left must use both";

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
            Self::NoMove(square) => write!(f, "no move from {square} reaches a square left"),
            Self::LastColour { square, left } => write!(
                f,
                "{square} has one way in left, so it would have to be last, but moves alternate \
                 colours and the last of the {} left is the other colour",
                counted(*left, "square")
            ),
            Self::ColourCount {
                head,
                left,
                own,
                needed,
            } => write!(
                f,
                "moves alternate colours, so the {} left must hold {needed} of the colour of \
                 {head}, and they hold {own}",
                counted(*left, "square")
            ),
            Self::CutThreeWays(square) => write!(
                f,
                "{square} is a cut square: without it the squares left fall into three parts or \
                 more, and a path passes it once, joining two"
            ),
            Self::CutFromEnd(square) => write!(
                f,
                "{square} is a cut square: a path passes it once, so it must end in the part \
                 beyond it, which cannot hold the tour's last square"
            ),
            Self::BehindEnd {
                anchor,
                closed: false,
            } => write!(
                f,
                "some squares left can be reached only through {anchor}, where the tour must end"
            ),
            Self::BehindEnd {
                anchor,
                closed: true,
            } => write!(
                f,
                "some squares left can be reached only through the start {anchor}, to which \
                 the closed tour returns last"
            ),
            Self::ForcedTooMany(square) => write!(
                f,
                "{FORCED}, and those moves meet at {square} more often than a path passes it"
            ),
            Self::ForcedStranded(square) => {
                write!(
                    f,
                    "{FORCED}, and those moves leave {square} too few ways in"
                )
            }
            Self::ForcedLoop(square) => {
                write!(f, "{FORCED}, and those moves close a loop through {square}")
            }
            Self::ForcedShort(square) => write!(
                f,
                "{FORCED}, and those moves join {square} to the tour's end before every square \
                 is visited"
            ),
            Self::CutColour {
                cut,
                before,
                beyond,
            } => write!(
                f,
                "{cut} is a cut square: a path visits the {} on this side of it, then {cut}, \
                 then the {} beyond, and moves alternate colours, which these parts cannot",
                counted(*before, "square"),
                counted(*beyond, "square")
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
