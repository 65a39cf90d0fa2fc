//! What a starts map says of one square: a tour from it, a proof that none starts there and
//! where the proof comes from, or a run that gave up.

use std::fmt;

use super::{Source, Symmetry};
use crate::board::Square;
use crate::existence::NoTourReason;
use crate::quote::counted;
use crate::solve::{GiveUp, Layer};

/// The answer from one start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartAnswer {
    /// The start.
    pub square: Square,
    /// What the solver answered from it.
    pub outcome: StartOutcome,
    /// Search nodes the solve from this square expanded (0 for a theorem, or where an answer
    /// reused from another square came before any solve from this one).
    pub nodes: u64,
}

/// What was answered from one start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartOutcome {
    /// A tour from this start, which passed the validator from it.
    Tour {
        /// The layer that found it.
        layer: Layer,
        /// Where it came from: this square's solve, or a tour another square's solve found.
        source: Source,
    },
    /// No tour starts here: proved.
    NoTour(Proof),
    /// The solve gave up; a bigger budget might find a tour or a proof.
    BudgetExceeded {
        /// What ran out (a deadline is the whole run's).
        cause: GiveUp,
    },
    /// The map's deadline or its own node budget ran out before this square was begun: no
    /// solve ran (0 nodes).
    NotReached {
        /// What ran out: the whole map's deadline, or the whole map's node budget.
        cause: GiveUp,
    },
    /// The square is a hole of the board's shape: no tour visits it.
    Hole,
}

impl StartOutcome {
    /// Whether the square has no answer: its solve gave up, or never began.
    pub fn gave_up(&self) -> bool {
        matches!(
            self,
            StartOutcome::BudgetExceeded { .. } | StartOutcome::NotReached { .. }
        )
    }
}

/// Why no tour starts at a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// The existence theorems refuse the square; no search ran.
    Theorem(NoTourReason),
    /// The solve from this square proved it.
    Search {
        /// The proof (an exhausted search).
        reason: NoTourReason,
        /// The layer that proved it.
        layer: Layer,
    },
    /// A symmetry of the board takes a square with a proof to this one.
    Symmetric {
        /// For a map of ends: the start, which the symmetry keeps.
        start: Option<Square>,
        /// For a map of starts to one end: the end, which the symmetry keeps.
        end: Option<Square>,
        /// This square.
        square: Square,
        /// The square the search proved.
        from: Square,
        /// The symmetry that takes `from` to `square`.
        symmetry: Symmetry,
        /// The proof at `from`.
        reason: NoTourReason,
    },
    /// No closed tour starts at another square, so none starts here: a closed tour passes
    /// through every square, and begun there it would start there.
    Cycle {
        /// This square.
        square: Square,
        /// The square a solve proved.
        from: Square,
        /// The proof at `from`.
        reason: NoTourReason,
    },
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Proof::Theorem(reason) | Proof::Search { reason, .. } => reason.fmt(f),
            Proof::Cycle {
                square,
                from,
                reason,
            } => {
                write!(
                    f,
                    "no closed tour starts at {square}: a closed tour passes through every \
                     square, and "
                )?;
                match reason {
                    NoTourReason::ExhaustiveSearch { nodes, .. } => write!(
                        f,
                        "an exhaustive search of {} from {from} found none",
                        counted(*nodes, "node")
                    ),
                    reason => write!(f, "the solve from {from} proved that {reason}"),
                }
            }
            Proof::Symmetric {
                start,
                end,
                square,
                from,
                symmetry,
                reason,
            } => {
                let nodes = match reason {
                    NoTourReason::ExhaustiveSearch { nodes, .. }
                    | NoTourReason::ExhaustiveRouteSearch { nodes, .. } => Some(*nodes),
                    _ => None,
                };
                match (start, end) {
                    (Some(start), _) => write!(
                        f,
                        "no tour from {start} ends at {square}: {symmetry} of the board keeps \
                         {start} and takes"
                    )?,
                    (None, Some(end)) => write!(
                        f,
                        "no tour from {square} ends at {end}: {symmetry} of the board keeps \
                         {end} and takes"
                    )?,
                    (None, None) => write!(
                        f,
                        "no tour starts at {square}: {symmetry} of the board takes"
                    )?,
                }
                write!(f, " {from} to it, and ")?;
                let searched = if start.is_some() { "to" } else { "from" };
                match nodes {
                    Some(nodes) => write!(
                        f,
                        "an exhaustive search of {} {searched} {from} found none",
                        counted(nodes, "node")
                    ),
                    None => reason.fmt(f),
                }
            }
        }
    }
}
