//! What a search tells whoever drives it: the events of each step ([`SearchEvent`]), the
//! candidates of a square with their degrees ([`Candidate`], [`Choices`]), the run's counters
//! ([`SearchStats`]) and the limits that can end a run early ([`Limits`], [`Limit`]).

use std::time::Instant;

use super::Search;
use super::state::MAX_MOVES;
use crate::board::Square;

/// Where a run stops even if it has not finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most nodes (squares placed, the start included) the run may expand.
    pub node_budget: u64,
    /// The moment the run must stop by.
    pub deadline: Option<Instant>,
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits {
        node_budget: u64::MAX,
        deadline: None,
    };
}

/// Which limit ended a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// The node budget.
    Nodes,
    /// The deadline.
    Deadline,
}

impl Limit {
    /// What happened, in words: "the node budget ran out", "the deadline passed".
    pub fn ran_out(self) -> &'static str {
        match self {
            Limit::Nodes => "the node budget ran out",
            Limit::Deadline => "the deadline passed",
        }
    }
}

/// A candidate square with its Warnsdorff degree (its number of unvisited neighbours).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    /// The square.
    pub square: Square,
    /// Its unvisited neighbours when it was ranked.
    pub degree: u8,
}

/// The candidates of one square in the order the search tries them, and how far it has got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choices {
    pub(super) items: [Candidate; MAX_MOVES],
    pub(super) len: u8,
    pub(super) next: u8,
}

impl Choices {
    /// All candidates, in the order they are tried.
    pub fn all(&self) -> &[Candidate] {
        &self.items[..usize::from(self.len)]
    }

    /// Candidates already tried (the last of them is the one on the path, if any).
    pub fn tried(&self) -> &[Candidate] {
        &self.items[..usize::from(self.next)]
    }

    /// The candidate the next advance from this square will take.
    pub fn next(&self) -> Option<Candidate> {
        self.all().get(usize::from(self.next)).copied()
    }

    /// Whether the square has no candidates at all: a dead end.
    pub fn is_dead_end(&self) -> bool {
        self.len == 0
    }
}

/// One step of the search.
// An advance carries room for the candidates of a piece's every move (32): events are made
// one a step for whoever watches the search (the batch loop makes none), so their size is
// not on the hot path.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEvent {
    /// The piece moved from `from` to `to`; `choices` are `from`'s candidates, the last tried
    /// being `to`. `depth` is the path length after the move.
    Advance {
        /// The square moved from.
        from: Square,
        /// The square moved to.
        to: Square,
        /// Squares on the path now.
        depth: u32,
        /// The candidates of `from`, with degrees, in the order tried.
        choices: Choices,
    },
    /// The piece took back its last move: `undone` is unvisited again and `to` is the head.
    Backtrack {
        /// The square taken off the path.
        undone: Square,
        /// The head after the undo.
        to: Square,
        /// Whether `undone` had no candidates at all (a dead end) rather than none left.
        dead_end: bool,
    },
    /// The path is a tour (closed if asked). Stepping again searches on for the next one.
    Solved,
    /// Every branch has been searched: no (further) tour from this start. A proof when the
    /// search backtracks.
    Exhausted,
    /// A greedy pass reached a dead end. Not a proof.
    Stuck,
    /// A limit ran out. Raise it with [`Search::set_limits`] to go on.
    BudgetExceeded(Limit),
}

impl SearchEvent {
    /// Whether the run is over (stepping again repeats the event, except after `Solved`).
    pub fn is_final(&self) -> bool {
        !matches!(self, Self::Advance { .. } | Self::Backtrack { .. })
    }
}

/// Counters of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Squares placed, the start included.
    pub nodes: u64,
    /// Moves taken back.
    pub backtracks: u64,
    /// The longest path reached.
    pub max_depth: u32,
}

/// Internal events: squares as padded cell numbers, so the batch loop converts nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Raw {
    Advance,
    Backtrack { undone: usize, dead_end: bool },
    Solved,
    Exhausted,
    Stuck,
    BudgetExceeded(Limit),
}

impl Search {
    /// The public form of `raw`, the event the last step produced.
    pub(super) fn public_event(&self, raw: Raw) -> SearchEvent {
        match raw {
            Raw::Advance => {
                let depth = self.path.len();
                let to = self.path[depth - 1] as usize;
                let from = self.path[depth - 2] as usize;
                let frame = self.frames[self.frames.len() - 2];
                SearchEvent::Advance {
                    from: self.square_of(from),
                    to: self.square_of(to),
                    depth: depth as u32,
                    choices: self.choices_of(from, &frame),
                }
            }
            Raw::Backtrack { undone, dead_end } => SearchEvent::Backtrack {
                undone: self.square_of(undone),
                to: self.square_of(*self.path.last().expect("the start stays") as usize),
                dead_end,
            },
            Raw::Solved => SearchEvent::Solved,
            Raw::Exhausted => SearchEvent::Exhausted,
            Raw::Stuck => SearchEvent::Stuck,
            Raw::BudgetExceeded(limit) => SearchEvent::BudgetExceeded(limit),
        }
    }
}
