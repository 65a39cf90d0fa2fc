//! One lane of the race: one method's stepped search, the visit numbers kept in step with it,
//! the time its steps took, and how it ended ([`LaneEnd`]).

use std::time::{Duration, Instant};

use crate::explorer::app::{Figures, Scene, Zoom};
use crate::explorer::rewind::{Applied, RewindableSearch, apply_event, fill_visits};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::existence::{self, NoTourReason};
use knights_tour_engine::search::{Limits, SearchEvent};
use knights_tour_engine::solve::Method;
use knights_tour_engine::tour::Tour;

/// How a lane ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LaneEnd {
    /// A tour, which passed the validator, after `nodes` nodes.
    Tour {
        /// Nodes expanded.
        nodes: u64,
    },
    /// The whole tree searched: a proof that no tour starts there.
    Proved {
        /// Nodes expanded.
        nodes: u64,
    },
    /// A greedy pass reached a dead end: no tour found, and no proof.
    Stuck {
        /// Squares on the path at the dead end.
        depth: u32,
        /// Nodes expanded.
        nodes: u64,
    },
    /// The node budget ran out.
    OutOfBudget {
        /// Nodes expanded: the budget.
        nodes: u64,
    },
    /// The theorems rule the tour out: nothing was searched.
    Theorem(NoTourReason),
    /// The search could not run, or its tour failed the validator: the message says why.
    Failed(String),
}

impl LaneEnd {
    /// Nodes expanded, for the ends a search reached; the answer's cost.
    pub fn nodes(&self) -> Option<u64> {
        match *self {
            LaneEnd::Tour { nodes }
            | LaneEnd::Proved { nodes }
            | LaneEnd::Stuck { nodes, .. }
            | LaneEnd::OutOfBudget { nodes } => Some(nodes),
            LaneEnd::Theorem(_) | LaneEnd::Failed(_) => None,
        }
    }

    /// Whether the lane answered the question: a tour, or a proof that there is none.
    pub fn answered(&self) -> bool {
        matches!(self, LaneEnd::Tour { .. } | LaneEnd::Proved { .. })
    }
}

/// One method's run in the race: its search, the visit numbers kept in step with it, and the
/// time its steps took.
#[derive(Debug, Clone)]
pub struct Lane {
    method: Method,
    /// `None` when the search could not be set up (`failure` says why).
    session: Option<Box<RewindableSearch>>,
    /// The theorems' refusal: the search is drawn at its start and never stepped.
    theorem: Option<NoTourReason>,
    /// Why the lane cannot go on: the search could not be set up, or its tour failed the
    /// validator.
    failure: Option<String>,
    /// Visit numbers by square index, 0 for unvisited.
    visits: Vec<u32>,
    /// Time spent in this lane's steps.
    elapsed: Duration,
    tour: Option<Tour>,
}

impl Lane {
    pub(super) fn new(
        method: Method,
        board: Board,
        start: Square,
        closed: bool,
        budget: u64,
        memory: u64,
    ) -> Self {
        let mut lane = Self {
            method,
            session: None,
            theorem: None,
            failure: None,
            visits: vec![0; board.area() as usize],
            elapsed: Duration::ZERO,
            tour: None,
        };
        if let existence::Verdict::Impossible(reason) = existence::verdict(board, start, closed) {
            lane.theorem = Some(reason);
        }
        let limits = Limits {
            node_budget: budget,
            deadline: None,
        };
        let config = method
            .search_config(closed)
            .expect("a racing method searches step by step")
            .with_limits(limits);
        let memory = memory.saturating_sub(board.area() * std::mem::size_of::<u32>() as u64);
        match RewindableSearch::new(board, start, config, memory) {
            Ok(session) => {
                lane.visits[board.index(start) as usize] = 1;
                lane.session = Some(Box::new(session));
            }
            Err(error) => lane.failure = Some(error.to_string()),
        }
        lane
    }

    /// The method this lane runs.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Nodes, backtracks, deepest path and squares on the path now.
    pub fn figures(&self) -> Figures {
        self.session
            .as_ref()
            .map_or_else(Figures::default, |session| Figures::of(session))
    }

    /// Nodes expanded so far.
    pub fn nodes(&self) -> u64 {
        self.figures().nodes
    }

    /// The time this lane's steps took (the searching, not the animation).
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// The tour this lane found, once validated.
    pub fn tour(&self) -> Option<&Tour> {
        self.tour.as_ref()
    }

    /// The knight's path, start first.
    pub fn path(&self) -> Vec<Square> {
        self.session
            .as_ref()
            .map_or_else(Vec::new, |session| session.search().path().collect())
    }

    /// How the lane ended, once it has.
    pub fn end(&self) -> Option<LaneEnd> {
        if let Some(reason) = &self.theorem {
            return Some(LaneEnd::Theorem(reason.clone()));
        }
        if let Some(message) = &self.failure {
            return Some(LaneEnd::Failed(message.clone()));
        }
        let session = self.session.as_ref()?;
        let search = session.search();
        let nodes = search.stats().nodes;
        Some(match session.last_event()? {
            SearchEvent::Solved => LaneEnd::Tour { nodes },
            SearchEvent::Exhausted => LaneEnd::Proved { nodes },
            SearchEvent::Stuck => LaneEnd::Stuck {
                depth: search.depth(),
                nodes,
            },
            SearchEvent::BudgetExceeded(_) => LaneEnd::OutOfBudget { nodes },
            SearchEvent::Advance { .. } | SearchEvent::Backtrack { .. } => return None,
        })
    }

    /// Whether the lane has ended.
    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// What the lane's board shows, in `zoom`; `None` when the search could not be set up.
    pub fn scene(&self, closed: bool, zoom: Zoom) -> Option<Scene<'_>> {
        let session = self.session.as_deref()?;
        Some(Scene::of_search(session, &self.visits, closed, zoom))
    }

    /// Steps the search until it has expanded `clock` nodes or ended; at the budget
    /// (`to_the_end`) until it ends, which the search's own node limit sees to.
    pub(super) fn run_to(&mut self, clock: u64, to_the_end: bool) {
        if self.theorem.is_some() || self.failure.is_some() {
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        let started = Instant::now();
        let board = session.search().board();
        while !session.is_over() {
            let search = session.search();
            // A full path is answered by the next step (the tour, or a closed tour's turn
            // back), which expands no node: take it now, so a tour shows the frame it is found.
            let complete = u64::from(search.depth()) == board.area();
            if search.stats().nodes >= clock && !to_the_end && !complete {
                break;
            }
            let Some(event) = session.step() else { break };
            match apply_event(session, event, &mut self.visits) {
                Applied::Going => {}
                Applied::Tour(tour) => {
                    self.tour = Some(tour);
                    break;
                }
                Applied::Failed(message) => {
                    self.failure = Some(message);
                    break;
                }
                Applied::Over => break,
            }
        }
        self.elapsed += started.elapsed();
    }

    /// Goes back to where a run from the start to `clock` nodes stops: every event since the
    /// first moment with `clock` nodes is undone, then [`run_to`](Self::run_to) takes the
    /// last steps again, so that the lane stands exactly as if the clock had never passed
    /// `clock`. A lane that ended after that moment runs again; the time it took is kept.
    pub(super) fn rewind_to(&mut self, clock: u64) {
        if self.theorem.is_some() {
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        if session.search().stats().nodes < clock {
            // It ended short of `clock`: where a run to `clock` ends too.
            return;
        }
        while session.search().stats().nodes >= clock && matches!(session.step_back(), Ok(true)) {}
        // A tour that failed the validator is forgotten with the events that made it.
        self.failure = None;
        self.tour = None;
        fill_visits(session, &mut self.visits);
        let elapsed = self.elapsed;
        self.run_to(clock, false);
        self.elapsed = elapsed;
    }
}
