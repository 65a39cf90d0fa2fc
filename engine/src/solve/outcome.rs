//! What a solve answers: a validated tour, a proof that none exists, or a run that gave up,
//! each with what it cost; and the errors of a solve that could not run at all. The tour is a
//! [`Tour`] held in memory, or from a streaming solve a [`SolvedTour`], which may instead be a
//! constructed tour read by walking it ([`WalkedTour`]).

use std::collections::TryReserveError;
use std::fmt;
use std::ops::Range;
use std::time::Duration;

use thiserror::Error;

use super::request::Layer;
use super::route::RouteError;
use crate::board::Board;
use crate::construct::WalkedTour;
use crate::existence::NoTourReason;
use crate::leaper::Leaper;
use crate::search::{CapacityError, Search};
use crate::shape::Shape;
use crate::tour::{Tour, TourError, VisitOrder};

/// What a solve cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes expanded over all layers (squares placed, starts included).
    pub nodes: u64,
    /// Moves taken back.
    pub backtracks: u64,
    /// The longest path any layer reached.
    pub max_depth: u32,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// How far the greedy pass got, when it ran and failed.
    pub greedy_depth: Option<u32>,
    /// Backtracking runs started (restarts with other tie-breaks, plus the first).
    pub searches: u32,
}

/// Why a run gave up without an answer; a bigger budget or another method might succeed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GiveUp {
    /// The node budget ran out.
    NodeBudget {
        /// The budget.
        budget: u64,
    },
    /// The deadline passed.
    Deadline {
        /// The time allowed.
        allowed: Duration,
    },
    /// The greedy pass (run alone) reached a dead end.
    GreedyDeadEnd {
        /// Squares on the path at the dead end.
        depth: u32,
        /// Squares on the board.
        squares: u64,
    },
}

impl fmt::Display for GiveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GiveUp::NodeBudget { budget } => {
                write!(
                    f,
                    "the node budget of {budget} ran out; a larger --node-budget may succeed"
                )
            }
            GiveUp::Deadline { allowed } => write!(
                f,
                "the deadline of {} passed; a later --deadline may succeed",
                humantime::format_duration(*allowed)
            ),
            GiveUp::GreedyDeadEnd { depth, squares } => write!(
                f,
                "the greedy Warnsdorff pass reached a dead end after {depth} of {squares} \
                 squares; --method auto backtracks"
            ),
        }
    }
}

/// The typed answer of a solve, its tour a [`Tour`] (of [`solve`](super::solve)) or a
/// [`SolvedTour`] (of [`solve_streaming`](super::solve_streaming)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome<T = Tour> {
    /// A validated tour.
    Tour {
        /// The tour.
        tour: T,
        /// The layer that found it.
        layer: Layer,
        /// Costs.
        stats: Stats,
    },
    /// Provably no tour.
    NoTour {
        /// The proof.
        reason: NoTourReason,
        /// The layer that proved it.
        layer: Layer,
        /// Costs.
        stats: Stats,
    },
    /// The run gave up.
    BudgetExceeded {
        /// What ran out.
        cause: GiveUp,
        /// The layer running when it gave up.
        layer: Layer,
        /// Costs.
        stats: Stats,
    },
}

impl<T> Outcome<T> {
    /// The same answer with its tour made another way by `make`.
    pub fn map_tour<U>(self, make: impl FnOnce(T) -> U) -> Outcome<U> {
        match self {
            Outcome::Tour { tour, layer, stats } => Outcome::Tour {
                tour: make(tour),
                layer,
                stats,
            },
            Outcome::NoTour {
                reason,
                layer,
                stats,
            } => Outcome::NoTour {
                reason,
                layer,
                stats,
            },
            Outcome::BudgetExceeded {
                cause,
                layer,
                stats,
            } => Outcome::BudgetExceeded {
                cause,
                layer,
                stats,
            },
        }
    }

    /// The costs of the run.
    pub fn stats(&self) -> &Stats {
        match self {
            Outcome::Tour { stats, .. }
            | Outcome::NoTour { stats, .. }
            | Outcome::BudgetExceeded { stats, .. } => stats,
        }
    }

    /// The layer that answered.
    pub fn layer(&self) -> Layer {
        match self {
            Outcome::Tour { layer, .. }
            | Outcome::NoTour { layer, .. }
            | Outcome::BudgetExceeded { layer, .. } => *layer,
        }
    }
}

/// The tour of a streaming solve, validated either way: held in memory (found by a search), or
/// kept as the construction that walks it (see [`WalkedTour`]), read a run at a time.
#[derive(Debug)]
pub enum SolvedTour {
    /// A tour held in memory.
    Held(Tour),
    /// A constructed tour, walked again for every reading.
    Walked(Box<WalkedTour>),
}

impl VisitOrder for SolvedTour {
    fn board(&self) -> Board {
        match self {
            SolvedTour::Held(tour) => VisitOrder::board(tour),
            SolvedTour::Walked(tour) => tour.board(),
        }
    }

    fn piece(&self) -> Leaper {
        match self {
            SolvedTour::Held(tour) => VisitOrder::piece(tour),
            // The construction builds knight's tours only.
            SolvedTour::Walked(_) => Leaper::KNIGHT,
        }
    }

    fn is_closed(&self) -> bool {
        match self {
            SolvedTour::Held(tour) => VisitOrder::is_closed(tour),
            SolvedTour::Walked(tour) => tour.is_closed(),
        }
    }

    fn shape(&self) -> Option<&Shape> {
        match self {
            SolvedTour::Held(tour) => tour.shape(),
            // The construction builds tours of whole rectangles only.
            SolvedTour::Walked(_) => None,
        }
    }

    fn visits<'a>(&'a self, visits: Range<usize>, scratch: &'a mut Vec<u32>) -> &'a [u32] {
        match self {
            SolvedTour::Held(tour) => tour.visits(visits, scratch),
            SolvedTour::Walked(tour) => tour.visits(visits, scratch),
        }
    }

    fn visit_numbers(&self) -> Result<Vec<u32>, TryReserveError> {
        match self {
            SolvedTour::Held(tour) => tour.visit_numbers(),
            SolvedTour::Walked(tour) => tour.visit_numbers(),
        }
    }
}

/// What the solver's layers answer with.
pub(super) type Answer = Outcome<SolvedTour>;

/// A solve that could not run at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The board does not fit in memory.
    #[error(transparent)]
    Capacity(#[from] CapacityError),
    /// The tour would not fit in the request's memory cap: refused before allocating.
    #[error(
        "a tour of the {board} board needs about {needed} MB of memory and {available} MB are \
         free; boards up to about {fits} squares fit"
    )]
    TooLarge {
        /// The board.
        board: Board,
        /// Megabytes needed.
        needed: u64,
        /// Megabytes free.
        available: u64,
        /// The most squares that would fit.
        fits: u64,
    },
    /// The system refused the memory for the tour, though it seemed free.
    #[error(
        "a tour of the {board} board needs about {needed} MB of memory, and the system refused \
         it; a smaller board, or more free memory, is needed"
    )]
    OutOfMemory {
        /// The board.
        board: Board,
        /// Megabytes needed.
        needed: u64,
    },
    /// The route asked for is not a question: a partial tour that is not a knight's path on
    /// the board from the start, an end off the board, or an end for a closed tour.
    #[error(transparent)]
    Route(#[from] RouteError),
    /// The construction was asked for another piece than the knight: it builds knight's tours
    /// only (`auto` and the search methods answer for any piece).
    #[error(
        "the construction builds knight's tours only; the {piece}'s tours are searched for \
         (methods auto, warnsdorff, backtrack, naive)"
    )]
    ConstructKnightOnly {
        /// The piece asked for.
        piece: Leaper,
    },
    /// The construction was asked for a board with holes or clues: it builds tours of whole
    /// rectangles only.
    #[error(
        "the construction builds tours of whole rectangles only; a board with holes or given \
         numbers is searched (methods auto, warnsdorff, backtrack, naive)"
    )]
    ConstructRectangleOnly,
    /// A piece of more moves than the rectangle search takes, on a board larger than the
    /// search of any piece (the clue search) takes.
    #[error(
        "the {piece} has {moves} moves, more than the {most} the rectangle search takes, and the \
         search that takes any piece takes boards of at most {max} squares; {board} has {area}",
        moves = piece.move_count(),
        most = Search::MAX_MOVES,
        max = Shape::MAX_SQUARES,
        area = board.area()
    )]
    WidePieceTooLarge {
        /// The piece.
        piece: Leaper,
        /// The board.
        board: Board,
    },
    /// A layer produced a sequence the validator rejected: a bug, reported rather than printed.
    #[error(
        "internal error: the {layer} layer produced an invalid tour ({error}); please report it"
    )]
    InvalidTour {
        /// The layer.
        layer: Layer,
        /// What the validator found.
        error: TourError,
    },
}
