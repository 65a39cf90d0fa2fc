//! What the panel says of the search: where it stands ([`Status`], with the text the panel
//! shows), the counters ([`Figures`]), why a step cannot be taken, and the number formats they
//! share ([`thousands`], [`count_of`]).

use std::fmt;

use knights_tour_engine::existence::NoTourReason;
use knights_tour_engine::quote::counted;
use knights_tour_engine::search::SearchEvent;
use knights_tour_engine::solve::{Outcome, Stats};

use super::{App, Attempt, Motion, RewindableSearch};
use crate::explorer::stepped::Found;

/// Digits in groups of three: `3,242,065`.
pub fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// `n` things named by `noun`, the digits grouped as [`thousands`] groups them and the noun
/// singular for one as the engine's [`counted`] says it: `1 node`, `3,242,065 nodes`.
pub fn count_of(n: u64, noun: &str) -> String {
    let counted = counted(n, noun);
    // `counted` writes the plain digits first: group them.
    let digits = n.to_string().len();
    format!("{}{}", thousands(n), &counted[digits..])
}

/// Where the explorer stands, as the panel says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// Nothing searched yet.
    Ready,
    /// Playing.
    Searching,
    /// Stepped, then stopped, with the search not over.
    Paused,
    /// Running to the end after `f`.
    Finishing,
    /// A tour found and passed by the validator.
    TourFound,
    /// Replaying the tour found.
    Replaying,
    /// The tour's timeline stopped at a move before its end.
    ReplayPaused {
        /// Squares shown.
        shown: u32,
    },
    /// Showing the construction step by step, playing or not.
    Telling {
        /// Whether it plays on its own.
        playing: bool,
    },
    /// Provably no tour: a theorem or an exhausted search.
    NoTour(String),
    /// `f` used its node budget without an answer.
    BudgetExhausted {
        /// Nodes expanded so far.
        nodes: u64,
    },
    /// The greedy pass reached a dead end: no tour found, and no proof that none exists.
    Stuck {
        /// Squares on the path at the dead end.
        depth: u32,
    },
    /// The method could not run (or a tour failed the validator): the message says why.
    Failed(String),
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ready => f.write_str("ready"),
            Status::Searching => f.write_str("searching"),
            Status::Paused => f.write_str("paused"),
            Status::Finishing => f.write_str("finishing"),
            Status::TourFound => f.write_str("tour found and validated"),
            Status::Replaying => f.write_str("replaying the tour"),
            Status::ReplayPaused { shown } => write!(
                f,
                "the tour at move {shown} (n b step, Space plays, $ to the end)"
            ),
            Status::Telling { playing: true } => {
                f.write_str("constructing: laying blocks and joining them")
            }
            Status::Telling { playing: false } => {
                f.write_str("constructing, paused (n steps, f shows the tour)")
            }
            Status::NoTour(reason) => write!(f, "no tour: {reason}"),
            Status::BudgetExhausted { nodes } => write!(
                f,
                "budget exhausted after {} (not a proof; f goes on)",
                count_of(*nodes, "node")
            ),
            Status::Stuck { depth } => write!(
                f,
                "dead end at depth {depth}: the greedy pass gives up (not a proof; \
                 m for backtracking)"
            ),
            Status::Failed(message) => f.write_str(message),
        }
    }
}

/// The panel's counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Figures {
    /// Nodes expanded (squares placed, the start included).
    pub nodes: u64,
    /// Moves taken back.
    pub backtracks: u64,
    /// The longest path so far.
    pub max_depth: u32,
    /// Squares on the path now.
    pub depth: u32,
}

impl Figures {
    /// The counters of a stepped search.
    pub fn of(session: &RewindableSearch) -> Self {
        let search = session.search();
        let stats = search.stats();
        // A tour to an end asked for has the end besides the path once it is found.
        let end =
            u32::from(search.end().is_some() && session.last_event() == Some(SearchEvent::Solved));
        Figures {
            nodes: stats.nodes,
            backtracks: stats.backtracks,
            max_depth: stats.max_depth + end,
            depth: search.depth() + end,
        }
    }
}

impl App {
    /// Nodes, backtracks, deepest path and squares on the path now.
    pub fn figures(&self) -> Figures {
        match &self.attempt {
            Attempt::Stepped(stepped) => Figures::of(stepped.rewindable()),
            Attempt::Whole(Some(outcome)) => {
                let Stats {
                    nodes,
                    backtracks,
                    max_depth,
                    ..
                } = *outcome.stats();
                let depth = match (&**outcome, self.telling()) {
                    // The squares of the blocks laid so far.
                    (_, Some(telling)) => telling.squares_laid() as u32,
                    (Outcome::Tour { tour: shown, .. }, None) => shown.tour.indices().len() as u32,
                    _ => 0,
                };
                Figures {
                    nodes,
                    backtracks,
                    // A constructed tour has no search path: its deepest is the whole tour.
                    max_depth: max_depth.max(depth),
                    depth,
                }
            }
            Attempt::Opened { shown, .. } => {
                let depth = shown.tour.indices().len() as u32;
                Figures {
                    depth,
                    max_depth: depth,
                    ..Figures::default()
                }
            }
            _ => Figures::default(),
        }
    }

    /// Where the explorer stands.
    pub fn status(&self) -> Status {
        if let Attempt::Stepped(stepped) = &self.attempt
            && let Found::Invalid(message) = stepped.found()
        {
            return Status::Failed(message.clone());
        }
        if let Motion::Replay { shown, playing } = self.motion {
            return if playing {
                Status::Replaying
            } else {
                Status::ReplayPaused { shown }
            };
        }
        if self.telling().is_some() {
            return Status::Telling {
                playing: self.motion == Motion::Playing,
            };
        }
        match &self.attempt {
            Attempt::Impossible(reason) => Status::NoTour(reason.to_string()),
            Attempt::Failed(message) => Status::Failed(message.clone()),
            Attempt::Opened { .. } => Status::TourFound,
            Attempt::Whole(None) => Status::Ready,
            Attempt::Whole(Some(outcome)) => match &**outcome {
                Outcome::Tour { .. } => Status::TourFound,
                Outcome::NoTour { reason, .. } => Status::NoTour(reason.to_string()),
                Outcome::BudgetExceeded { stats, .. } => {
                    Status::BudgetExhausted { nodes: stats.nodes }
                }
            },
            Attempt::Stepped(stepped) => self.stepped_status(stepped.rewindable()),
        }
    }

    /// Where a stepped search stands.
    fn stepped_status(&self, session: &RewindableSearch) -> Status {
        match session.last_event() {
            Some(SearchEvent::Solved) => Status::TourFound,
            Some(SearchEvent::Exhausted) => {
                let (start, nodes) = (self.setup.start, session.search().stats().nodes);
                let proof = match self.end {
                    None => NoTourReason::ExhaustiveSearch { start, nodes },
                    end => NoTourReason::ExhaustiveRouteSearch {
                        start,
                        end,
                        prefix_len: 1,
                        nodes,
                    },
                };
                Status::NoTour(proof.to_string())
            }
            Some(SearchEvent::Stuck) => Status::Stuck {
                depth: session.search().depth(),
            },
            _ => match self.motion {
                Motion::Finishing { .. } => Status::Finishing,
                Motion::Playing => Status::Searching,
                // (A replay is of a tour found: the search is over.)
                Motion::Still | Motion::Replay { .. } if self.budget_hit => {
                    Status::BudgetExhausted {
                        nodes: session.search().stats().nodes,
                    }
                }
                Motion::Still | Motion::Replay { .. } if session.steps() == 0 => Status::Ready,
                Motion::Still | Motion::Replay { .. } => Status::Paused,
            },
        }
    }

    /// Why a step cannot be taken now.
    pub(super) fn why_no_step(&self) -> String {
        match self.status() {
            Status::TourFound => "the tour is complete: p replays it, r resets".into(),
            Status::Ready
            | Status::Paused
            | Status::Searching
            | Status::Finishing
            | Status::Telling { .. } => "nothing to do".into(),
            other => format!("{other}; r resets, m changes the method"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::count_of;

    #[test]
    fn counts_group_their_digits_and_name_one_thing_in_the_singular() {
        assert_eq!(count_of(1, "node"), "1 node");
        assert_eq!(count_of(0, "node"), "0 nodes");
        assert_eq!(count_of(3_242_065, "node"), "3,242,065 nodes");
        assert_eq!(count_of(1_000, "start"), "1,000 starts");
    }
}
