//! The words of the proofs on boards of any shape with given numbers (clues): why no tour
//! visits every open square once and keeps every number given. The proofs themselves are
//! `shape::clued::proofs`; each variant's doc in [`NoTourReason`] states its theorem.

use std::fmt;

use crate::board::Square;
use crate::quote::counted;
use crate::shape::Clue;

use super::NoTourReason;

/// Which end of the tour a question fixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    /// The first square.
    Start,
    /// The last square.
    End,
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Start => "start",
            Self::End => "end",
        })
    }
}

/// `visit 5 at 2,3`: a square and the visit number the tour must give it.
struct Visit(Clue);

impl fmt::Display for Visit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "visit {} at {}", self.0.number, self.0.square)
    }
}

/// `a`, `a and b`, `a, b and c`.
fn listed(squares: &[Square]) -> String {
    match squares {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(Square::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

/// The text of a shape's proof; nothing for the reasons that are not a shape's, which
/// [`NoTourReason`]'s own `Display` writes.
pub(super) fn describe(reason: &NoTourReason, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match reason {
        NoTourReason::ClosedTooSmall { open } => write!(
            f,
            "no closed tour exists on {}: a closed tour needs at least 3, as on one it makes no \
             move and on two it would take its one move back",
            counted(*open, "open square")
        ),
        NoTourReason::EndpointNotOpen { role, square } => write!(
            f,
            "no tour has its {role} at {square}: it is not an open square of the board"
        ),
        NoTourReason::EndpointAgainstClue { role, asked, clue } => write!(
            f,
            "no tour has its {role} at {asked} and keeps the numbers given: they put {}",
            Visit(*clue)
        ),
        NoTourReason::NoWayIn { square, open } => write!(
            f,
            "no tour visits the {}: no move of the piece joins {square} to another of them",
            counted(*open, "open square")
        ),
        NoTourReason::DeadEnds {
            squares,
            fixed,
            closed,
        } => {
            let one_way = if squares.len() == 1 {
                format!("{} has one way in", squares[0])
            } else {
                format!("{} have one way in each", listed(squares))
            };
            if *closed {
                write!(
                    f,
                    "no closed tour exists: {one_way}, and a closed tour enters and leaves every \
                     square"
                )
            } else {
                let fixed_words = match fixed.as_slice() {
                    [] => String::new(),
                    [one] => format!(", and one is fixed elsewhere, at {one}"),
                    _ => format!(", and both are fixed elsewhere, at {}", listed(fixed)),
                };
                write!(
                    f,
                    "no tour exists: {one_way}, so the tour must end there (a square it passes \
                     through needs a way in and a way out), but a tour has two ends{fixed_words}"
                )
            }
        }
        NoTourReason::NumberedDeadEnd { clue } => write!(
            f,
            "no tour keeps the numbers given: {} has one way in, but the tour enters and leaves \
             it, as it is neither the first visit nor the last",
            Visit(*clue)
        ),
        NoTourReason::ShapeSplit { from, unreached } => write!(
            f,
            "no tour exists: the open squares fall apart, as no sequence of the piece's moves \
             over open squares leads from {from} to {unreached}"
        ),
        NoTourReason::ShapeColourCount { even, odd, closed } => {
            let needed = if *closed {
                "as many squares of each colour"
            } else {
                "as many squares of each colour, or one more of one"
            };
            write!(
                f,
                "no {}tour exists: the piece changes colour at every move, so a tour alternates \
                 colours and visits {needed}, but the open squares hold {even} of the colour of \
                 0,0 (row + column even) and {odd} of the other",
                if *closed { "closed " } else { "" }
            )
        }
        NoTourReason::ClueColour { clue, same, other } => write!(
            f,
            "no tour keeps the numbers given: the piece changes colour at every move, and the \
             open squares hold {other} of one colour and {same} of the other, so a tour starts \
             and ends on the first and gives it every odd visit; {} is on the other colour",
            Visit(*clue)
        ),
        NoTourReason::ClueParity { first, second } => {
            let gap = second.number - first.number;
            let (parity, colours) = if gap % 2 == 0 {
                ("even", "the same colour")
            } else {
                ("odd", "colours that differ")
            };
            write!(
                f,
                "no tour keeps the numbers given: the piece changes colour at every move, so \
                 visits an {parity} number of moves apart ({gap}) are on {colours}, and {} and \
                 {} are not",
                Visit(*first),
                Visit(*second)
            )
        }
        NoTourReason::ClueOutOfReach {
            from,
            to,
            moves,
            distance,
            closing,
        } => {
            let far = match distance {
                Some(d) => format!("{} away", counted(*d, "move")),
                None => "out of reach by any moves over open squares".to_string(),
            };
            let between = if *closing {
                format!("the closing of the tour leaves {}", counted(*moves, "move"))
            } else {
                format!("the tour has {} between them", counted(*moves, "move"))
            };
            write!(
                f,
                "no tour keeps the numbers given: {} is {far} from {}, and {between}",
                Visit(*to),
                Visit(*from)
            )
        }
        NoTourReason::CutSquare {
            square,
            parts,
            closed,
        } => {
            if *closed {
                write!(
                    f,
                    "no closed tour exists: {square} is a cut square, its removal leaves the \
                     other open squares in {parts} parts, and a closed tour passes it once, \
                     which leaves one path through all the others"
                )
            } else {
                write!(
                    f,
                    "no tour exists: {square} is a cut square, its removal leaves the other open \
                     squares in {parts} parts, and a tour passes it once, which leaves at most \
                     two paths to cover them"
                )
            }
        }
        NoTourReason::CutOrder {
            square,
            first,
            second,
        } => write!(
            f,
            "no tour keeps the numbers given: {square} is a cut square between two parts of {} \
             and {}, so a tour covers one part, then {square}, then the other, and the numbers \
             given fit neither order",
            counted(*first, "square"),
            counted(*second, "square")
        ),
        NoTourReason::ExhaustiveShapeSearch { start, nodes } => {
            let from = match start {
                Some(start) => format!("from {start}"),
                None => "from any open square".to_string(),
            };
            write!(
                f,
                "no tour {from} keeps the board's shape and numbers: an exhaustive search of {} \
                 found none",
                counted(*nodes, "node")
            )
        }
        _ => Ok(()),
    }
}
