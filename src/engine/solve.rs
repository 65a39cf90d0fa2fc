//! The layered solver: the cheapest decision first, and a typed answer every time.
//!
//! `auto` runs existence (O(1) theorems) → on boards of at least
//! [`DEFAULT_CONSTRUCT_THRESHOLD`] squares (configurable: [`Request::construct_threshold`],
//! `--construct-threshold`) the linear-time construction → one greedy Warnsdorff pass
//! (O(squares)) → bounded backtracking with restarts → the validator. Below the threshold the
//! search answers; on boards the construction reaches it first gets 64 nodes a square (at
//! least [`FIRST_SEARCH_NODES`]), then the construction answers (thin strips defeat the search
//! at any size), and where no piece fits the start the search goes on with the whole budget
//! to its proof. `construct` runs the theorems and the construction; where the construction
//! does not reach (a side under 3, or a board small enough to be one block, which is really a
//! search) it hands the board to the search layers of `auto`, and the answer names the layer
//! that gave it. The single-layer methods run one layer alone, without the theorems, so that a
//! person can compare them. Every tour returned has passed the
//! validator; "no tour" is only ever a theorem or an exhausted search, never a time-out.

use std::fmt;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::engine::board::{Board, Square};
use crate::engine::construct::{self, ConstructError};
use crate::engine::existence::{self, NoTourReason, Verdict};
use crate::engine::search::{
    CapacityError, Limit, Limits, MoveOrdering, Search, SearchConfig, SearchEvent,
};
use crate::engine::tour::{Tour, TourError};

/// The node budget when none is given: a few seconds of search at most.
pub const DEFAULT_NODE_BUDGET: u64 = 100_000_000;

/// The board size, in squares, from which `auto` constructs instead of searching: 32×32. The
/// search is quick and natural-looking below it; above it the construction is faster and never
/// fails.
pub const DEFAULT_CONSTRUCT_THRESHOLD: u64 = 1024;

/// Number of tie-break variants the restarts cycle through.
const VARIANTS: u32 = 16;

/// Which solver to run: the one vocabulary of methods. The command line's `--method`, the
/// explorer's method cycle and its panel, and the JSON's `layer` all take their names from here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The layered engine.
    Auto,
    /// Divide-and-conquer construction for large boards.
    Construct,
    /// One greedy Warnsdorff pass.
    Warnsdorff,
    /// Warnsdorff-ordered backtracking with pruning.
    Backtrack,
    /// Backtracking in the fixed move order, without pruning.
    Naive,
}

impl Method {
    /// Every method, in the order the command line lists them.
    pub const ALL: [Method; 5] = [
        Method::Auto,
        Method::Construct,
        Method::Warnsdorff,
        Method::Backtrack,
        Method::Naive,
    ];

    /// The name on the command line and in output.
    pub fn name(self) -> &'static str {
        self.words().0
    }

    /// What the method is, in one line (the command line's help).
    pub fn description(self) -> &'static str {
        self.words().1
    }

    /// What the method is, in a word or two (the explorer's panel).
    pub fn brief(self) -> &'static str {
        self.words().2
    }

    /// The configuration of the one search this method runs alone (`warnsdorff`, `backtrack`,
    /// `naive`), or `None` for the methods that combine layers (`auto`, `construct`).
    pub fn search_config(self, closed: bool) -> Option<SearchConfig> {
        match self {
            Method::Warnsdorff => Some(SearchConfig::greedy(closed)),
            Method::Backtrack => Some(SearchConfig::backtracking(closed)),
            Method::Naive => Some(SearchConfig::naive(closed)),
            Method::Auto | Method::Construct => None,
        }
    }

    /// The method of this name, if there is one.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|method| method.name() == name)
    }

    /// Name, description and brief, written once.
    fn words(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Method::Auto => ("auto", "The layered engine", "layered"),
            Method::Construct => ("construct", "Divide-and-conquer construction", "whole tour"),
            Method::Warnsdorff => ("warnsdorff", "One greedy Warnsdorff pass", "greedy"),
            Method::Backtrack => ("backtrack", "Warnsdorff-ordered backtracking", "Warnsdorff"),
            Method::Naive => (
                "naive",
                "Fixed-order backtracking, no pruning",
                "fixed order",
            ),
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The layer that gave the answer: the existence theorems, or the layer of one of the methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// The existence theorems.
    Existence,
    /// The construction.
    Construct,
    /// The greedy Warnsdorff pass.
    Warnsdorff,
    /// Warnsdorff-ordered backtracking.
    Backtrack,
    /// Fixed-order backtracking.
    Naive,
}

impl Layer {
    /// The method that runs this layer alone; `None` for the theorems, which every method
    /// consults.
    pub fn method(self) -> Option<Method> {
        match self {
            Layer::Existence => None,
            Layer::Construct => Some(Method::Construct),
            Layer::Warnsdorff => Some(Method::Warnsdorff),
            Layer::Backtrack => Some(Method::Backtrack),
            Layer::Naive => Some(Method::Naive),
        }
    }

    /// The name in output: its method's name, or `existence`.
    pub fn name(self) -> &'static str {
        self.method().map_or("existence", Method::name)
    }
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Switches that disable parts of the engine, so tests can prove the fallbacks work.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ablation {
    /// Backtracking orders moves by the fixed order instead of Warnsdorff's rule.
    pub fixed_ordering: bool,
    /// The greedy pass is skipped as if it had failed.
    pub fail_greedy: bool,
}

/// One solve: the board, the start and how hard to try.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// The board.
    pub board: Board,
    /// The first square of the tour.
    pub start: Square,
    /// Whether the tour must be closed.
    pub closed: bool,
    /// Which solver.
    pub method: Method,
    /// The most search nodes, over all layers.
    pub node_budget: u64,
    /// The most wall-clock time.
    pub deadline: Option<Duration>,
    /// Disabled parts, for tests.
    pub ablation: Ablation,
    /// `auto` constructs boards of at least this many squares instead of searching them.
    pub construct_threshold: u64,
    /// The most bytes a construction may take (the front ends find what the host has free);
    /// `None` leaves it to the allocation itself, which fails cleanly.
    pub memory_cap: Option<u64>,
}

impl Request {
    /// An open tour of `board` from `start`, by the layered engine, with the default budget.
    pub fn new(board: Board, start: Square) -> Self {
        Self {
            board,
            start,
            closed: false,
            method: Method::Auto,
            node_budget: DEFAULT_NODE_BUDGET,
            deadline: None,
            ablation: Ablation::default(),
            construct_threshold: DEFAULT_CONSTRUCT_THRESHOLD,
            memory_cap: None,
        }
    }

    /// The same request for a closed tour (or an open one).
    pub fn closed(self, closed: bool) -> Self {
        Self { closed, ..self }
    }

    /// The same request by another method.
    pub fn method(self, method: Method) -> Self {
        Self { method, ..self }
    }

    /// Whether this request constructs before it searches, the one layer whose memory grows
    /// with the board (front ends find a [`Request::memory_cap`] for these).
    pub fn may_construct(&self) -> bool {
        let constructs_first = match self.method {
            Method::Construct => true,
            Method::Auto => self.board.area() >= self.construct_threshold,
            Method::Warnsdorff | Method::Backtrack | Method::Naive => false,
        };
        constructs_first && construct::covers(self.board)
    }
}

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

/// The typed answer of a solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A validated tour.
    Tour {
        /// The tour.
        tour: Tour,
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

impl Outcome {
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

/// Runs one solve.
pub fn solve(request: &Request) -> Result<Outcome, SolveError> {
    Solver::new(request).run()
}

/// The nodes the search has at least, below the construction threshold, before the
/// construction takes over (see [`Request::construct_threshold`]): 64 a square or this many.
pub const FIRST_SEARCH_NODES: u64 = 200_000;

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
struct Plan<'h> {
    start: Square,
    closed: bool,
    holes: &'h [Square],
}

/// The state of one solve: the clock, the budget left and the costs so far.
struct Solver<'a> {
    request: &'a Request,
    started: Instant,
    deadline: Option<Instant>,
    stats: Stats,
    /// A cap on the nodes below the request's budget, while the search has a first go.
    node_cap: u64,
}

impl<'a> Solver<'a> {
    fn new(request: &'a Request) -> Self {
        let started = Instant::now();
        Self {
            request,
            started,
            deadline: request.deadline.map(|allowed| started + allowed),
            stats: Stats::default(),
            node_cap: u64::MAX,
        }
    }

    fn run(mut self) -> Result<Outcome, SolveError> {
        let Request {
            board,
            start,
            closed,
            ..
        } = *self.request;
        match self.request.method {
            Method::Auto | Method::Construct => {
                if let Verdict::Impossible(reason) = existence::verdict(board, start, closed) {
                    return Ok(self.no_tour(reason, Layer::Existence));
                }
                let construct_first = self.request.method == Method::Construct
                    || board.area() >= self.request.construct_threshold;
                let mut single_block = None;
                let mut construct = |solver: &mut Self| -> Result<Option<Outcome>, SolveError> {
                    Ok(match solver.construct()? {
                        Built::Tour(outcome) => Some(outcome),
                        // One block is a search of the whole board: the search layers answer
                        // it first, so that the layer named is the one that did the work.
                        Built::SingleBlock(outcome) => {
                            single_block = Some(outcome);
                            None
                        }
                        Built::Nothing => None,
                    })
                };
                if construct_first && let Some(outcome) = construct(&mut self)? {
                    return Ok(outcome);
                }
                // Below the threshold the search has a first go, bounded where the
                // construction could take over (thin strips can defeat the search at any size);
                // then the construction; then the search again with the whole budget, for the
                // starts no piece fits, where it proves that no tour exists.
                let capped = !construct_first && construct::covers(board);
                if capped {
                    self.node_cap = (board.area() * 64).max(FIRST_SEARCH_NODES);
                }
                let mut outcome = self.search_layers()?;
                if matches!(outcome, Outcome::BudgetExceeded { .. }) {
                    if !construct_first {
                        match construct(&mut self) {
                            Ok(Some(tour)) => return Ok(tour),
                            // Without room to construct, the search goes on with what it has.
                            Ok(None)
                            | Err(SolveError::TooLarge { .. } | SolveError::OutOfMemory { .. }) => {
                            }
                            Err(other) => return Err(other),
                        }
                    }
                    let budget_left = self.stats.nodes < self.request.node_budget;
                    let time_left = self
                        .deadline
                        .is_none_or(|deadline| Instant::now() < deadline);
                    if capped && budget_left && time_left {
                        self.node_cap = u64::MAX;
                        outcome = self.search_layers()?;
                    }
                }
                match (outcome, single_block) {
                    (Outcome::BudgetExceeded { .. }, Some(tour)) => Ok(tour),
                    (outcome, _) => Ok(outcome),
                }
            }
            Method::Warnsdorff => Ok(self
                .greedy(false)?
                .expect("a lone greedy pass always answers")),
            Method::Backtrack => {
                self.single_search(SearchConfig::backtracking(closed), Layer::Backtrack)
            }
            Method::Naive => self.single_search(SearchConfig::naive(closed), Layer::Naive),
        }
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

    fn limits(&self) -> Limits {
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
    fn search_plan(
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

    /// A tour from the start assembled from a closed tour that a search found from a corner,
    /// where Warnsdorff's rule does best (it struggles from inner squares of narrow boards):
    /// - a board with a closed tour: the cycle, rotated to begin at the start;
    /// - an odd-area board: a closed tour of the board without the start, entered from the
    ///   start through one of its neighbours (the start has the majority colour, so the rest
    ///   of the board is balanced and may have a closed tour).
    ///
    /// Uses at most half the budget left; `None` when the route does not apply or finds
    /// nothing (the search from the start then decides).
    fn anchored(&mut self) -> Result<Option<Outcome>, SolveError> {
        let Request {
            board,
            start,
            closed,
            ..
        } = *self.request;
        let corners = [
            Square::new(0, 0),
            Square::new(0, board.cols() - 1),
            Square::new(board.rows() - 1, 0),
            Square::new(board.rows() - 1, board.cols() - 1),
        ];
        let hole = [start];
        let plan = if existence::has_closed_tour(board) {
            Plan {
                start: corners[0],
                closed: true,
                holes: &[],
            }
        } else if board.has_odd_area() && !closed && board.area() > 1 {
            let Some(&corner) = corners.iter().find(|&&corner| corner != start) else {
                return Ok(None);
            };
            Plan {
                start: corner,
                closed: true,
                holes: &hole,
            }
        } else {
            return Ok(None);
        };
        let mut found = None;
        if !self.request.ablation.fail_greedy {
            let config = SearchConfig::greedy(true).with_limits(self.limits());
            let (search, event) = self.search_plan(plan, config)?;
            match event {
                SearchEvent::Solved => found = Some(search),
                SearchEvent::BudgetExceeded(limit) => {
                    return Ok(Some(
                        self.gave_up(self.budget_cause(limit), Layer::Warnsdorff),
                    ));
                }
                _ => {}
            }
        }
        let layer = if found.is_some() {
            Layer::Warnsdorff
        } else {
            Layer::Backtrack
        };
        if found.is_none() {
            let share = self.limits().node_budget / 2;
            let (search, event) = self.backtrack_with_restarts(plan, share)?;
            match event {
                SearchEvent::Solved => found = Some(search),
                SearchEvent::BudgetExceeded(Limit::Deadline) => {
                    return Ok(Some(
                        self.gave_up(self.budget_cause(Limit::Deadline), layer),
                    ));
                }
                _ => {}
            }
        }
        let Some(search) = found else {
            return Ok(None);
        };
        let cycle: Vec<Square> = search.path().collect();
        let path: Vec<Square> = if plan.holes.is_empty() {
            // Rotate the cycle to begin at the start.
            let at = cycle
                .iter()
                .position(|&square| square == start)
                .unwrap_or(0);
            cycle[at..].iter().chain(&cycle[..at]).copied().collect()
        } else {
            // Enter the cycle at a neighbour of the start and go round it once.
            let at = cycle
                .iter()
                .position(|square| square.is_knight_move_to(start))
                .unwrap_or(0);
            std::iter::once(start)
                .chain(cycle[..=at].iter().rev().copied())
                .chain(cycle[at + 1..].iter().rev().copied())
                .collect()
        };
        let indices = path.iter().map(|&square| board.index(square)).collect();
        let tour = Tour::new(board, indices, closed, Some(start))
            .map_err(|error| SolveError::InvalidTour { layer, error })?;
        Ok(Some(Outcome::Tour {
            tour,
            layer,
            stats: self.finish_stats(),
        }))
    }

    /// Backtracking on `plan` restarted with other tie-breaks on doubling budgets, so that one
    /// unlucky early choice cannot eat the whole budget; at most `share` nodes in all. Each run
    /// is complete: the first to exhaust its tree proves that no tour exists (pruning does not
    /// depend on the order, so every variant's tree is the same size).
    fn backtrack_with_restarts(
        &mut self,
        plan: Plan,
        share: u64,
    ) -> Result<(Search, SearchEvent), SolveError> {
        let mut config = SearchConfig::backtracking(plan.closed);
        if self.request.ablation.fixed_ordering {
            config.ordering = MoveOrdering::Fixed;
        }
        let mut allowance = 2 * self.request.board.area() + 1000;
        let mut left = share.min(self.limits().node_budget);
        loop {
            // Take the whole rest when a doubled allowance would leave too little for another.
            let budget = if allowance.saturating_mul(3) > left {
                left
            } else {
                allowance
            };
            config.variant = (self.stats.searches % VARIANTS) as u8;
            self.stats.searches += 1;
            let limits = Limits {
                node_budget: budget,
                deadline: self.deadline,
            };
            let (search, event) = self.search_plan(plan, config.with_limits(limits))?;
            match event {
                SearchEvent::BudgetExceeded(Limit::Nodes) if budget < left => {
                    left -= search.stats().nodes;
                    allowance = allowance.saturating_mul(2);
                }
                _ => return Ok((search, event)),
            }
        }
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

    fn budget_cause(&self, limit: Limit) -> GiveUp {
        match (limit, self.request.deadline) {
            (Limit::Deadline, Some(allowed)) => GiveUp::Deadline { allowed },
            _ => GiveUp::NodeBudget {
                budget: self.request.node_budget,
            },
        }
    }

    fn finish_stats(&mut self) -> Stats {
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

    fn gave_up(&mut self, cause: GiveUp, layer: Layer) -> Outcome {
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
