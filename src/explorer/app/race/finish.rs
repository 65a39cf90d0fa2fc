//! Who won the race and by what factor in nodes ([`Finish`], [`Factor`]), and the finish line
//! that says so (or, before the end, how the race stands). A race of another piece that no
//! lane answers says where the answer is: `auto`'s layers, which no lane runs, through `f`.

use crate::explorer::app::{count_of, thousands};
use knights_tour_engine::existence::NoTourReason;
use knights_tour_engine::notation::short_name;

use super::{LaneEnd, Race};

/// What the race came to, once both lanes have ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finish {
    /// Lane `winner` answered (a tour, or a proof that none exists) in fewer nodes than the
    /// other took to answer, or the other did not answer at all.
    Won {
        /// The winning lane: 0 or 1.
        winner: usize,
    },
    /// Both answered in the same number of nodes.
    Tie,
    /// The theorems rule the tour out: there was nothing to race.
    Theorem(NoTourReason),
    /// Neither lane answered: budgets, greedy dead ends or failures.
    NoAnswer,
}

/// How much fewer nodes the winner took.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Factor {
    /// The loser answered too, in this many times the winner's nodes.
    Exactly(f64),
    /// The loser ran out of its budget: at least this many times the winner's nodes.
    AtLeast(f64),
}
impl Race {
    /// What the race came to, once both lanes have ended.
    pub fn outcome(&self) -> Option<Finish> {
        let [a, b] = [self.lanes[0].end()?, self.lanes[1].end()?];
        Some(match (&a, &b) {
            (LaneEnd::Theorem(reason), LaneEnd::Theorem(_)) => Finish::Theorem(reason.clone()),
            _ => match (a.answered(), b.answered()) {
                (true, true) => match a.nodes().cmp(&b.nodes()) {
                    std::cmp::Ordering::Less => Finish::Won { winner: 0 },
                    std::cmp::Ordering::Greater => Finish::Won { winner: 1 },
                    std::cmp::Ordering::Equal => Finish::Tie,
                },
                (true, false) => Finish::Won { winner: 0 },
                (false, true) => Finish::Won { winner: 1 },
                (false, false) => Finish::NoAnswer,
            },
        })
    }

    /// The winning lane, once the race is over and one won.
    pub fn winner(&self) -> Option<usize> {
        match self.outcome()? {
            Finish::Won { winner } => Some(winner),
            _ => None,
        }
    }

    /// How many times fewer nodes the winner took than the loser, when the loser answered too
    /// or ran out of its budget.
    pub fn factor(&self) -> Option<Factor> {
        let winner = self.winner()?;
        let won = self.lanes[winner].end()?.nodes()? as f64;
        match self.lanes[1 - winner].end()? {
            LaneEnd::Tour { nodes } | LaneEnd::Proved { nodes } => {
                Some(Factor::Exactly(nodes as f64 / won))
            }
            LaneEnd::OutOfBudget { nodes } => Some(Factor::AtLeast(nodes as f64 / won)),
            _ => None,
        }
    }

    /// The finish line: who won and by what factor in nodes once both lanes have ended, and
    /// before that, how the race stands.
    pub fn finish_line(&self) -> String {
        let name = |lane: usize| self.lanes[lane].method().name();
        let Some(finish) = self.outcome() else {
            return self.standing();
        };
        match finish {
            Finish::Won { winner } => {
                let loser = 1 - winner;
                let won = self.lanes[winner].end().expect("over");
                let lost = self.lanes[loser].end().expect("over");
                let answer = match won {
                    LaneEnd::Tour { nodes } => format!("a tour in {}", count_of(nodes, "node")),
                    _ => format!(
                        "no tour from {}, proved in {}",
                        short_name(self.board, self.start),
                        count_of(won.nodes().unwrap_or(0), "node")
                    ),
                };
                let factor = self.factor().map(|factor| match factor {
                    Factor::Exactly(ratio) => format!(" ({} fewer)", factor_label(ratio)),
                    Factor::AtLeast(ratio) => format!(" (over {} fewer)", factor_label(ratio)),
                });
                let against = match lost {
                    LaneEnd::Tour { nodes } | LaneEnd::Proved { nodes } => {
                        format!(" against {}", thousands(nodes))
                    }
                    other => format!("; {}", self.describe(loser, &other)),
                };
                format!(
                    "{} won: {answer}{against}{}",
                    name(winner),
                    factor.unwrap_or_default()
                )
            }
            Finish::Tie => match self.lanes[0].end() {
                Some(LaneEnd::Tour { nodes }) => {
                    format!("a tie: both found a tour in {}", count_of(nodes, "node"))
                }
                other => format!(
                    "a tie: both proved in {} that no tour starts at {}",
                    count_of(other.and_then(|end| end.nodes()).unwrap_or(0), "node"),
                    short_name(self.board, self.start)
                ),
            },
            Finish::Theorem(reason) => format!("nothing to race: {reason}"),
            Finish::NoAnswer => {
                let [a, b] = [0, 1].map(|lane| {
                    let end = self.lanes[lane].end().expect("over");
                    self.describe(lane, &end)
                });
                // Another piece's question is auto's, which no lane runs: say where it is.
                let auto = if self.piece.is_knight() {
                    ""
                } else {
                    " (auto's layers answer it: R, then f)"
                };
                format!("no winner: {a}; {b}{auto}")
            }
        }
    }

    /// How the race stands while a lane still runs.
    fn standing(&self) -> String {
        let ended: Vec<usize> = (0..2).filter(|&lane| self.lanes[lane].is_over()).collect();
        match ended[..] {
            [lane] => {
                let end = self.lanes[lane].end().expect("over");
                let other = self.lanes[1 - lane].method().name();
                let first = match end {
                    LaneEnd::Tour { nodes } => format!(
                        "{} found a tour in {}",
                        self.lanes[lane].method().name(),
                        count_of(nodes, "node")
                    ),
                    LaneEnd::Proved { nodes } => format!(
                        "{} proved in {} that there is no tour",
                        self.lanes[lane].method().name(),
                        count_of(nodes, "node")
                    ),
                    other => self.describe(lane, &other),
                };
                format!("{first}; {other} searches on")
            }
            _ => format!(
                "{} against {}: {} each so far",
                self.lanes[0].method().name(),
                self.lanes[1].method().name(),
                count_of(self.clock, "node")
            ),
        }
    }

    /// A lane that ended without an answer, in words.
    fn describe(&self, lane: usize, end: &LaneEnd) -> String {
        let name = self.lanes[lane].method().name();
        match end {
            LaneEnd::Tour { nodes } => {
                format!("{name} found a tour in {}", count_of(*nodes, "node"))
            }
            LaneEnd::Proved { nodes } => {
                format!("{name} proved no tour in {}", count_of(*nodes, "node"))
            }
            LaneEnd::Stuck { depth, .. } => {
                format!("{name} got stuck at depth {depth} (a greedy dead end, not a proof)")
            }
            LaneEnd::OutOfBudget { nodes } => {
                format!(
                    "{name} ran out of its budget at {}",
                    count_of(*nodes, "node")
                )
            }
            LaneEnd::Theorem(reason) => format!("{name} was refused: {reason}"),
            LaneEnd::Failed(message) => format!("{name} could not run: {message}"),
        }
    }
}

/// A ratio as a factor: `128,918x`, `15x`, `2.5x`.
pub fn factor_label(ratio: f64) -> String {
    if ratio >= 99.5 {
        format!("{}x", thousands(ratio.round() as u64))
    } else if ratio >= 9.95 {
        format!("{ratio:.0}x")
    } else {
        format!("{ratio:.1}x")
    }
}
