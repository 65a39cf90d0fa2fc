//! One lane of the race: one method's stepped search ([`SteppedSearch`]) and how it ended
//! ([`LaneEnd`]).

use std::sync::Arc;
use std::time::Duration;

use crate::explorer::app::{Figures, Scene, Zoom};
use crate::explorer::stepped::{Found, RunLength, SteppedSearch};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::existence::{self, NoTourReason};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::search::{Limits, SearchEvent};
use knights_tour_engine::shape::Shape;
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
    pub(crate) fn answered(&self) -> bool {
        matches!(self, LaneEnd::Tour { .. } | LaneEnd::Proved { .. })
    }
}

/// One method's run in the race: its search, stepped, unless it could not be set up.
#[derive(Debug, Clone)]
pub struct Lane {
    method: Method,
    /// The theorems' refusal: the search is drawn at its start and never stepped.
    refusal: Option<NoTourReason>,
    /// The search, or why it could not be set up.
    search: Result<Box<SteppedSearch>, String>,
}

impl Lane {
    /// A lane of `method` on `board` from `start`, closed or not, to `end` if given (the
    /// theorems refuse it, or the search looks for a tour that ends there), allowed `budget`
    /// nodes and `memory` bytes.
    pub(super) fn new(
        method: Method,
        (board, piece): (Board, Leaper),
        (start, end): (Square, Option<Square>),
        closed: bool,
        (budget, memory): (u64, u64),
        shape: Option<Arc<Shape>>,
    ) -> Self {
        let verdict = match end {
            // The rectangle's theorems do not hold on a board with holes.
            _ if shape.is_some() => existence::Verdict::Open,
            Some(end) => existence::piece_route_verdict(piece, board, start, end),
            None => existence::piece_verdict(piece, board, start, closed),
        };
        let refusal = match verdict {
            existence::Verdict::Impossible(reason) => Some(reason),
            _ => None,
        };
        // A refused lane is drawn at its start and never stepped: its search needs no end
        // (which might be the start).
        let end = end.filter(|_| refusal.is_none());
        let limits = Limits {
            node_budget: budget,
            deadline: None,
        };
        let config = method
            .search_config(closed)
            .expect("a racing method searches step by step")
            .with_piece(piece)
            .with_limits(limits);
        let search = SteppedSearch::on_shape(board, (start, end), config, memory, shape)
            .map(Box::new)
            .map_err(|error| error.to_string());
        Self {
            method,
            refusal,
            search,
        }
    }

    /// The method this lane runs.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Nodes, backtracks, deepest path and squares on the path now.
    pub fn figures(&self) -> Figures {
        self.search.as_ref().map_or_else(
            |_| Figures::default(),
            |search| Figures::of(search.rewindable()),
        )
    }

    /// Nodes expanded so far.
    pub fn nodes(&self) -> u64 {
        self.figures().nodes
    }

    /// The time this lane's steps took (the searching, not the animation).
    pub fn elapsed(&self) -> Duration {
        self.search
            .as_ref()
            .map_or(Duration::ZERO, |search| search.elapsed())
    }

    /// The tour this lane found, once validated.
    pub fn tour(&self) -> Option<&Tour> {
        self.search.as_ref().ok()?.tour()
    }

    /// The knight's path, start first.
    pub fn path(&self) -> Vec<Square> {
        self.search.as_ref().map_or_else(
            |_| Vec::new(),
            |search| search.rewindable().search().path().collect(),
        )
    }

    /// How the lane ended, once it has.
    pub fn end(&self) -> Option<LaneEnd> {
        if let Some(reason) = &self.refusal {
            return Some(LaneEnd::Theorem(reason.clone()));
        }
        let stepped = match &self.search {
            Ok(stepped) => stepped,
            Err(message) => return Some(LaneEnd::Failed(message.clone())),
        };
        if let Found::Invalid(message) = stepped.found() {
            return Some(LaneEnd::Failed(message.clone()));
        }
        let search = stepped.rewindable().search();
        let nodes = search.stats().nodes;
        Some(match stepped.rewindable().last_event()? {
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
        let stepped = self.search.as_deref().ok()?;
        Some(Scene::of_search(
            (stepped.rewindable(), stepped.shape()),
            stepped.visits(),
            closed,
            zoom,
        ))
    }

    /// The search, when it may be stepped: set up, not refused and not failed.
    fn runnable(&mut self) -> Option<&mut SteppedSearch> {
        if self.refusal.is_some() {
            return None;
        }
        self.search.as_deref_mut().ok()
    }

    /// Steps the search until it has expanded `clock` nodes or ended; at the budget
    /// (`to_the_end`) until it ends, which the search's own node limit sees to.
    pub(super) fn run_to(&mut self, clock: u64, to_the_end: bool) {
        let Some(stepped) = self.runnable() else {
            return;
        };
        if matches!(stepped.found(), Found::Invalid(_)) {
            return;
        }
        let area = stepped.rewindable().search().board().area();
        // A full path is answered by the next step (the tour, or a closed tour's turn back),
        // which expands no node: take it too, so a tour shows the frame it is found.
        let nodes = if to_the_end { u64::MAX } else { clock };
        stepped.run(RunLength {
            events: u64::MAX,
            nodes,
            slice: None,
        });
        let search = stepped.rewindable().search();
        if !stepped.is_over() && u64::from(search.depth()) == area {
            stepped.run(RunLength {
                events: 1,
                nodes: u64::MAX,
                slice: None,
            });
        }
    }

    /// Goes back to where a run from the start to `clock` nodes stops: every event since the
    /// first moment with `clock` nodes is undone, then [`run_to`](Self::run_to) takes the
    /// last steps again, so that the lane stands exactly as if the clock had never passed
    /// `clock`. A lane that ended after that moment runs again; the time it took is kept.
    pub(super) fn rewind_to(&mut self, clock: u64) {
        let Some(stepped) = self.runnable() else {
            return;
        };
        if stepped.nodes() < clock {
            // It ended short of `clock`: where a run to `clock` ends too.
            return;
        }
        stepped.rewind_below(clock);
        let elapsed = stepped.elapsed();
        self.run_to(clock, false);
        if let Some(stepped) = self.runnable() {
            stepped.restore_elapsed(elapsed);
        }
    }
}
