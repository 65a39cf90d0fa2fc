//! One solve's bookkeeping (the clock, the budget left, the costs so far) and the order of its
//! layers: the theorems, the construction, one greedy pass, the anchored route and
//! backtracking (in `anchored`), and the turning of each search's last event into an
//! [`Outcome`].

use std::time::Instant;

use super::FIRST_SEARCH_NODES;
use super::outcome::{GiveUp, Outcome, SolveError, Stats};
use super::request::{Layer, Method, Request};
use crate::engine::board::{Board, Square};
use crate::engine::construct::{self, ConstructError};
use crate::engine::existence::{self, NoTourReason, Verdict};
use crate::engine::search::{Limit, Limits, Search, SearchConfig, SearchEvent};
use crate::engine::tour::Tour;

/// What the construction layer gave.
enum Built {
    /// A tour joined from several blocks.
    Tour(Outcome),
    /// A tour of a board small enough to be one block (found by the piece search alone).
    SingleBlock(Outcome),
    /// No tour: the board or start is out of the construction's reach.
    Nothing,
}

/// What one search looks for: a path from `start` over every square but the `holes`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Plan<'h> {
    pub(super) start: Square,
    pub(super) closed: bool,
    pub(super) holes: &'h [Square],
}

/// The state of one solve: the clock, the budget left and the costs so far.
pub(super) struct Solver<'a> {
    pub(super) request: &'a Request,
    started: Instant,
    pub(super) deadline: Option<Instant>,
    pub(super) stats: Stats,
    /// A cap on the nodes below the request's budget, while the search has a first go.
    node_cap: u64,
}

impl<'a> Solver<'a> {
    pub(super) fn new(request: &'a Request) -> Self {
        let started = Instant::now();
        Self {
            request,
            started,
            // A deadline too far away to represent is no deadline.
            deadline: request
                .deadline
                .and_then(|allowed| started.checked_add(allowed)),
            stats: Stats::default(),
            node_cap: u64::MAX,
        }
    }

    pub(super) fn run(mut self) -> Result<Outcome, SolveError> {
        let closed = self.request.closed;
        match self.request.method {
            Method::Auto | Method::Construct => self.layered(),
            Method::Warnsdorff => Ok(self
                .greedy(false)?
                .expect("a lone greedy pass always answers")),
            Method::Backtrack => {
                self.single_search(SearchConfig::backtracking(closed), Layer::Backtrack)
            }
            Method::Naive => self.single_search(SearchConfig::naive(closed), Layer::Naive),
        }
    }

    /// `auto` and `construct`: the theorems, then the construction and the search layers in
    /// the order the board's size calls for.
    fn layered(&mut self) -> Result<Outcome, SolveError> {
        let Request {
            board,
            start,
            closed,
            ..
        } = *self.request;
        if let Verdict::Impossible(reason) = existence::verdict(board, start, closed) {
            return Ok(self.no_tour(reason, Layer::Existence));
        }
        let construct_first = self.request.method == Method::Construct
            || board.area() >= self.request.construct_threshold;
        let mut single_block = None;
        if construct_first && let Some(outcome) = self.construct_layer(&mut single_block)? {
            return Ok(outcome);
        }
        // Below the threshold the search has a first go, bounded where the construction could
        // take over (thin strips can defeat the search at any size); then the construction;
        // then the search again with the whole budget, for the starts no piece fits, where it
        // proves that no tour exists.
        let capped = !construct_first && construct::covers(board);
        if capped {
            self.node_cap = (board.area() * 64).max(FIRST_SEARCH_NODES);
        }
        let mut outcome = self.search_layers()?;
        if matches!(outcome, Outcome::BudgetExceeded { .. }) {
            if !construct_first && let Some(tour) = self.construct_fallback(&mut single_block)? {
                return Ok(tour);
            }
            if capped && self.has_budget_left() {
                self.node_cap = u64::MAX;
                outcome = self.search_layers()?;
            }
        }
        Ok(match (outcome, single_block) {
            (Outcome::BudgetExceeded { .. }, Some(tour)) => tour,
            (outcome, _) => outcome,
        })
    }

    /// The construction's tour where it joined several blocks. One block is a search of the
    /// whole board: its tour is kept in `single_block` for the search layers to answer first,
    /// so that the layer named is the one that did the work.
    fn construct_layer(
        &mut self,
        single_block: &mut Option<Outcome>,
    ) -> Result<Option<Outcome>, SolveError> {
        Ok(match self.construct()? {
            Built::Tour(outcome) => Some(outcome),
            Built::SingleBlock(outcome) => {
                *single_block = Some(outcome);
                None
            }
            Built::Nothing => None,
        })
    }

    /// The construction after a capped search; without room to construct, the search goes on
    /// with what it has.
    fn construct_fallback(
        &mut self,
        single_block: &mut Option<Outcome>,
    ) -> Result<Option<Outcome>, SolveError> {
        match self.construct_layer(single_block) {
            Err(SolveError::TooLarge { .. } | SolveError::OutOfMemory { .. }) => Ok(None),
            other => other,
        }
    }

    /// Whether nodes and time are left for another search.
    fn has_budget_left(&self) -> bool {
        let budget_left = self.stats.nodes < self.request.node_budget;
        let time_left = self
            .deadline
            .is_none_or(|deadline| Instant::now() < deadline);
        budget_left && time_left
    }

    /// The search layers of `auto`: greedy, anchored, backtracking with restarts.
    fn search_layers(&mut self) -> Result<Outcome, SolveError> {
        let Request { start, closed, .. } = *self.request;
        if !self.request.ablation.fail_greedy
            && let Some(outcome) = self.greedy(true)?
        {
            return Ok(outcome);
        }
        if let Some(outcome) = self.anchored()? {
            return Ok(outcome);
        }
        let plan = Plan {
            start,
            closed,
            holes: &[],
        };
        let (search, event) = self.backtrack_with_restarts(plan, u64::MAX)?;
        self.settle(event, &search, Layer::Backtrack)
    }

    /// The construction layer: a validated tour, or nothing where the construction does not
    /// reach this board or start (the search layers then answer).
    fn construct(&mut self) -> Result<Built, SolveError> {
        let Request {
            board,
            start,
            closed,
            ..
        } = *self.request;
        if !construct::covers(board) {
            return Ok(Built::Nothing);
        }
        check_memory(board, self.request.memory_cap)?;
        let out_of_memory = || SolveError::OutOfMemory {
            board,
            needed: construct::memory_needed(board).div_ceil(1 << 20),
        };
        let construction = match construct::construct(board, start, closed) {
            Ok(construction) => construction,
            Err(ConstructError::Memory { .. }) => return Err(out_of_memory()),
            Err(ConstructError::OutOfReach { .. } | ConstructError::NoPiece { .. }) => {
                return Ok(Built::Nothing);
            }
        };
        let blocks = construction.blocks();
        let path = construction.path().map_err(|_| out_of_memory())?;
        drop(construction);
        let tour = Tour::new(board, path, closed, Some(start)).map_err(|error| {
            SolveError::InvalidTour {
                layer: Layer::Construct,
                error,
            }
        })?;
        let outcome = Outcome::Tour {
            tour,
            layer: Layer::Construct,
            stats: self.finish_stats(),
        };
        Ok(if blocks > 1 {
            Built::Tour(outcome)
        } else {
            Built::SingleBlock(outcome)
        })
    }

    pub(super) fn limits(&self) -> Limits {
        Limits {
            node_budget: self
                .request
                .node_budget
                .min(self.node_cap)
                .saturating_sub(self.stats.nodes),
            deadline: self.deadline,
        }
    }

    /// Runs `config` from the requested start to its end and adds its costs to the totals.
    fn search(&mut self, config: SearchConfig) -> Result<(Search, SearchEvent), SolveError> {
        let plan = Plan {
            start: self.request.start,
            closed: config.closed,
            holes: &[],
        };
        self.search_plan(plan, config)
    }

    /// Runs `config` on `plan` to its end and adds its costs to the totals.
    pub(super) fn search_plan(
        &mut self,
        plan: Plan,
        config: SearchConfig,
    ) -> Result<(Search, SearchEvent), SolveError> {
        let config = SearchConfig {
            closed: plan.closed,
            ..config
        };
        let mut search = Search::with_holes(self.request.board, plan.start, config, plan.holes)?;
        let event = search.run();
        let costs = search.stats();
        self.stats.nodes += costs.nodes;
        self.stats.backtracks += costs.backtracks;
        self.stats.max_depth = self.stats.max_depth.max(costs.max_depth);
        Ok((search, event))
    }

    /// The greedy pass. Part of `auto`, a dead end is `None` (the next layer takes over);
    /// alone, it is an answer.
    fn greedy(&mut self, part_of_auto: bool) -> Result<Option<Outcome>, SolveError> {
        let config = SearchConfig::greedy(self.request.closed).with_limits(self.limits());
        let (search, event) = self.search(config)?;
        Ok(match event {
            SearchEvent::Solved => Some(self.tour(&search, Layer::Warnsdorff)?),
            SearchEvent::Stuck if part_of_auto => {
                self.stats.greedy_depth = Some(search.stats().max_depth);
                None
            }
            SearchEvent::Stuck => {
                let depth = search.stats().max_depth;
                self.stats.greedy_depth = Some(depth);
                let cause = GiveUp::GreedyDeadEnd {
                    depth,
                    squares: self.request.board.area(),
                };
                Some(self.gave_up(cause, Layer::Warnsdorff))
            }
            other => Some(self.settle(other, &search, Layer::Warnsdorff)?),
        })
    }

    /// One backtracking search with the whole budget.
    fn single_search(&mut self, config: SearchConfig, layer: Layer) -> Result<Outcome, SolveError> {
        self.stats.searches = 1;
        let (search, event) = self.search(config.with_limits(self.limits()))?;
        self.settle(event, &search, layer)
    }

    /// Turns a final search event into an outcome.
    fn settle(
        &mut self,
        event: SearchEvent,
        search: &Search,
        layer: Layer,
    ) -> Result<Outcome, SolveError> {
        Ok(match event {
            SearchEvent::Solved => self.tour(search, layer)?,
            SearchEvent::Exhausted => {
                let reason = NoTourReason::ExhaustiveSearch {
                    start: self.request.start,
                    nodes: search.stats().nodes,
                };
                self.no_tour(reason, layer)
            }
            SearchEvent::BudgetExceeded(limit) => self.gave_up(self.budget_cause(limit), layer),
            SearchEvent::Stuck | SearchEvent::Advance { .. } | SearchEvent::Backtrack { .. } => {
                unreachable!("run() ends only on a final event, and Stuck only when greedy")
            }
        })
    }

    pub(super) fn budget_cause(&self, limit: Limit) -> GiveUp {
        match (limit, self.request.deadline) {
            (Limit::Deadline, Some(allowed)) => GiveUp::Deadline { allowed },
            _ => GiveUp::NodeBudget {
                budget: self.request.node_budget,
            },
        }
    }

    pub(super) fn finish_stats(&mut self) -> Stats {
        self.stats.elapsed = self.started.elapsed();
        self.stats
    }

    fn tour(&mut self, search: &Search, layer: Layer) -> Result<Outcome, SolveError> {
        let tour = search
            .tour()
            .map_err(|error| SolveError::InvalidTour { layer, error })?;
        Ok(Outcome::Tour {
            tour,
            layer,
            stats: self.finish_stats(),
        })
    }

    fn no_tour(&mut self, reason: NoTourReason, layer: Layer) -> Outcome {
        Outcome::NoTour {
            reason,
            layer,
            stats: self.finish_stats(),
        }
    }

    pub(super) fn gave_up(&mut self, cause: GiveUp, layer: Layer) -> Outcome {
        Outcome::BudgetExceeded {
            cause,
            layer,
            stats: self.finish_stats(),
        }
    }
}

/// Refuses, before allocating anything, a construction that would not fit in the request's
/// memory cap.
fn check_memory(board: Board, memory_cap: Option<u64>) -> Result<(), SolveError> {
    match memory_cap {
        Some(free) if construct::memory_needed(board) > free => Err(too_large(board, free)),
        _ => Ok(()),
    }
}

fn too_large(board: Board, free: u64) -> SolveError {
    let per_square = construct::memory_needed(board).div_ceil(board.area().max(1));
    SolveError::TooLarge {
        board,
        needed: construct::memory_needed(board).div_ceil(1 << 20),
        available: free >> 20,
        fits: free / per_square.max(1),
    }
}
