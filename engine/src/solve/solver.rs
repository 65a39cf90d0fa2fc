//! One solve's bookkeeping (the clock, the budget left, the costs so far), the steps of the
//! schedule (`schedule.rs`) run in its order, each in a function of the step's name (the
//! construction in `construction`, anchored and the restarts in `anchored`, tiles in `tiles`,
//! the turns in `flipping` and `split`), and the turning of each search's last event into an
//! [`Outcome`] (`settle`).

use std::time::Instant;

use super::memory::{check_memory, out_of_memory, search_needs};
use super::outcome::{Answer, GiveUp, Outcome, SolveError, Stats};
use super::request::{Layer, Method, Request};
use super::route::{check_route, check_shape_route};
use super::schedule::{
    FIRST_SEARCH_NODES, FIRST_SEARCH_NODES_PER_SQUARE, KNIGHT_ROUTE_NODES,
    KNIGHT_ROUTE_NODES_PER_SQUARE, NEAR_GREEDY_FRACTION, NEAR_GREEDY_NODES_PER_SQUARE,
};
use crate::board::Square;
use crate::construct;
use crate::existence::{self, NoTourReason, Verdict};
use crate::search::{
    Limit, Limits, Route, Search, SearchConfig, SearchEvent, SearchStats, SetupError,
};

mod settle;

/// Number of tie-break variants backtracking's restarts and turns cycle through.
const VARIANTS: u32 = 16;

/// Why a layer stopped the whole solve before its answer: an error, or a limit that ran out
/// where no search event can say so (a search's setup, the construction).
#[derive(Debug)]
pub(super) enum Halt {
    /// The solve cannot run.
    Failed(SolveError),
    /// A limit ran out while `Layer` worked: the solve gives up.
    GaveUp(GiveUp, Layer),
}

impl From<SolveError> for Halt {
    fn from(error: SolveError) -> Self {
        Halt::Failed(error)
    }
}

/// What one search looks for: a path that begins with `prefix` and covers every square but the
/// `holes`, closed or ending on `end` if asked.
#[derive(Debug, Clone, Copy)]
pub(super) struct Goal<'h> {
    /// The path so far: the first square of the tour first, the knight's square last.
    pub(super) prefix: &'h [Square],
    /// Whether the path must close.
    pub(super) closed: bool,
    /// The square the path must end on.
    pub(super) end: Option<Square>,
    /// The squares left out.
    pub(super) holes: &'h [Square],
}

impl<'h> Goal<'h> {
    /// A tour from `start` alone (the square is borrowed as a path of one), with `holes` out.
    pub(super) fn from(start: &'h Square, closed: bool, holes: &'h [Square]) -> Self {
        Self {
            prefix: std::slice::from_ref(start),
            closed,
            end: None,
            holes,
        }
    }
}

/// The state of one solve: the clock, the budget left and the costs so far.
pub(super) struct Solver<'a> {
    pub(super) request: &'a Request,
    started: Instant,
    pub(super) deadline: Option<Instant>,
    pub(super) stats: Stats,
    /// A cap on the nodes below the request's budget, while the search has a first go.
    node_cap: u64,
    /// Whether a constructed tour is kept as its construction and walked
    /// ([`SolvedTour::Walked`]) rather than read into memory.
    pub(super) walking: bool,
}

impl<'a> Solver<'a> {
    /// A solve of `request`, its clock started now.
    pub(super) fn new(request: &'a Request) -> Self {
        let started = Instant::now();
        Self {
            request,
            started,
            // A deadline too far away to represent is no deadline.
            deadline: request
                .time_limit
                .and_then(|allowed| started.checked_add(allowed)),
            stats: Stats::default(),
            node_cap: u64::MAX,
            walking: false,
        }
    }

    /// The same solve, keeping a constructed tour as its construction, to be walked.
    pub(super) fn walking(self) -> Self {
        Self {
            walking: true,
            ..self
        }
    }

    /// Runs the request's method to its answer.
    pub(super) fn run(mut self) -> Result<Answer, SolveError> {
        check_route(self.request)?;
        check_shape_route(self.request)?;
        match self.run_method() {
            Ok(outcome) => Ok(outcome),
            Err(Halt::Failed(error)) => Err(error),
            Err(Halt::GaveUp(cause, layer)) => Ok(self.gave_up(cause, layer)),
        }
    }

    /// The theorems first (step 1 of the schedule), whatever the method: a request they refuse
    /// has no tour, and a single layer could only prove that again by exhausting its tree, or
    /// give up on it. Then the method's steps: `auto`'s, or one step alone (4, 5 and 14).
    fn run_method(&mut self) -> Result<Answer, Halt> {
        if let Some(shape) = self.request.shape.as_deref() {
            return self.shaped(shape);
        }
        if let Some(outcome) = self.theorems() {
            return Ok(outcome);
        }
        let piece = self.request.piece;
        if !Search::takes(piece) {
            // Only the clue search takes a piece of more moves than the search's byte holds.
            return match self.request.method {
                Method::Construct => Err(SolveError::ConstructKnightOnly { piece }.into()),
                _ => self.wide(),
            };
        }
        // A single layer runs alone after the position's proofs; `auto` runs them where its
        // greedy pass fails (see `greedy`), so that a tour the pass finds costs no more.
        let alone = !matches!(self.request.method, Method::Auto | Method::Construct);
        if alone && let Some(outcome) = self.position()? {
            return Ok(outcome);
        }
        match self.request.method {
            Method::Construct if !piece.is_knight() => {
                Err(SolveError::ConstructKnightOnly { piece }.into())
            }
            Method::Auto | Method::Construct if self.request.has_route() => self.route(),
            Method::Auto | Method::Construct => self.layered(),
            Method::Warnsdorff | Method::Backtrack | Method::Naive => self.single_layer(),
        }
    }

    /// A single layer's method alone: the greedy pass, or one backtracking search with the
    /// whole budget (steps 4, 5 and 14).
    pub(super) fn single_layer(&mut self) -> Result<Answer, Halt> {
        let closed = self.request.closed;
        match self.request.method {
            Method::Warnsdorff => Ok(self
                .greedy(false)?
                .expect("a lone greedy pass always answers")),
            Method::Backtrack => {
                self.single_search(SearchConfig::backtracking(closed), Layer::Backtrack)
            }
            Method::Naive => self.single_search(SearchConfig::naive(closed), Layer::Naive),
            Method::Auto | Method::Construct => unreachable!("not a single layer's method"),
        }
    }

    /// `auto` and `construct` without a route: the construction (step 3) and the search
    /// steps (4 to 13) in the order the board's size calls for.
    fn layered(&mut self) -> Result<Answer, Halt> {
        let construct_first = self.request.constructs_first();
        let mut single_block = None;
        if construct_first && let Some(outcome) = self.construct_layer(&mut single_block)? {
            return Ok(outcome);
        }
        // Below the threshold the search has a first go, bounded where the construction could
        // take over (thin strips can defeat the search at any size); then the construction;
        // then the search again with the whole budget, for the starts no piece fits, where it
        // proves that no tour exists.
        let capped = !construct_first
            && self.request.piece.is_knight()
            && construct::covers(self.request.board);
        let mut outcome = self.first_search(capped)?;
        if matches!(outcome, Outcome::BudgetExceeded { .. }) {
            if !construct_first && let Some(tour) = self.construct_fallback(&mut single_block)? {
                return Ok(tour);
            }
            if capped && self.has_budget_left() {
                outcome = self.final_search()?;
            }
        }
        Ok(single_block_if_gave_up(outcome, single_block))
    }

    /// The existence theorems: the proof that no tour exists, if they have one.
    fn theorems(&mut self) -> Option<Answer> {
        let Request {
            board,
            piece,
            start,
            closed,
            ..
        } = *self.request;
        let verdict = match self.request.end {
            Some(end) => match self.end_on_prefix(end) {
                Some(reason) => Verdict::Impossible(reason),
                None => existence::piece_route_verdict(piece, board, start, end),
            },
            None => existence::piece_verdict(piece, board, start, closed),
        };
        match verdict {
            Verdict::Impossible(reason) => Some(self.no_tour(reason, Layer::Existence)),
            Verdict::Certain | Verdict::Open => None,
        }
    }

    /// The proof that the tour cannot end on `end`, when a partial tour passes it first (the
    /// start alone is left to the theorems).
    fn end_on_prefix(&self, end: Square) -> Option<NoTourReason> {
        let prefix = self.request.prefix();
        if prefix.len() < 2 {
            return None;
        }
        let place = prefix.iter().position(|&square| square == end)?;
        let whole = place + 1 == prefix.len() && prefix.len() as u64 == self.request.board.area();
        (!whole).then_some(NoTourReason::EndOnPrefix { end })
    }

    /// `auto` and `construct` on a request with a route (an end, or a partial tour to
    /// complete): where the construction has the first go, it places the end (it completes no
    /// partial tour); else, or where no piece fits, the search layers answer along the route:
    /// one greedy pass, then backtracking with restarts. Steps 2, 3, then 4, 5, 8, 10 to 13.
    fn route(&mut self) -> Result<Answer, Halt> {
        // A narrow board is decided exactly by the frontier (`narrow`).
        if let Some(outcome) = self.frontier()? {
            return Ok(outcome);
        }
        let mut single_block = None;
        if self.request.constructs_first()
            && let Some(outcome) = self.construct_layer(&mut single_block)?
        {
            return Ok(outcome);
        }
        let outcome = self.route_search()?;
        Ok(single_block_if_gave_up(outcome, single_block))
    }

    /// The search layers along the route: one greedy pass, then backtracking with restarts (the
    /// knight's first, on a share of the budget), then path flipping, the search over moves and
    /// backtracking by turns (steps 4, 5, 8, 10 to 13).
    pub(super) fn route_search(&mut self) -> Result<Answer, Halt> {
        let request = self.request;
        if !request.ablation.fail_greedy
            && let Some(outcome) = self.greedy(true)?
        {
            return Ok(outcome);
        }
        let goal = Goal {
            prefix: request.prefix(),
            closed: request.closed,
            end: request.end.filter(|end| !request.prefix().contains(end)),
            holes: self.holes(),
        };
        if let Some(answer) = self.backtrack_first(goal)? {
            return Ok(answer);
        }
        self.flip_and_backtrack(goal)
    }

    /// Backtracking with restarts on a share of the budget before flipping, where it answers
    /// soonest: the knight's routes, which it answers in a few hundred nodes, and another
    /// piece's question once its greedy pass has stopped near a tour
    /// ([`NEAR_GREEDY_FRACTION`]). Its answer, or `None` when it spent its share and budget is
    /// left for flipping and the rest.
    fn backtrack_first(&mut self, goal: Goal) -> Result<Option<Answer>, Halt> {
        let area = self.request.board.area();
        let share = if self.request.piece.is_knight() {
            (KNIGHT_ROUTE_NODES_PER_SQUARE * area).max(KNIGHT_ROUTE_NODES)
        } else if self
            .stats
            .greedy_depth
            .is_some_and(|depth| area - u64::from(depth) <= area / NEAR_GREEDY_FRACTION)
        {
            NEAR_GREEDY_NODES_PER_SQUARE * area
        } else {
            return Ok(None);
        };
        let (search, event) = self.backtrack_with_restarts(goal, share)?;
        let spent_share = matches!(event, SearchEvent::BudgetExceeded(Limit::Nodes));
        if spent_share && self.has_budget_left() {
            return Ok(None);
        }
        self.settle(event, search, Layer::Backtrack).map(Some)
    }

    /// The search layers' first go; where `capped`, on [`FIRST_SEARCH_NODES_PER_SQUARE`] (at
    /// least [`FIRST_SEARCH_NODES`]), so that the construction can take over.
    fn first_search(&mut self, capped: bool) -> Result<Answer, Halt> {
        if capped {
            self.node_cap =
                (self.request.board.area() * FIRST_SEARCH_NODES_PER_SQUARE).max(FIRST_SEARCH_NODES);
        }
        self.search_layers()
    }

    /// The search layers again, with the whole budget left.
    fn final_search(&mut self) -> Result<Answer, Halt> {
        self.node_cap = u64::MAX;
        self.search_layers()
    }

    /// The squares the tour leaves out: the holes of the request's shape, if it has one.
    pub(super) fn holes(&self) -> &'a [Square] {
        self.request
            .shape
            .as_deref()
            .map_or(&[], |shape| shape.holes())
    }

    /// Whether nodes and time are left for another search.
    fn has_budget_left(&self) -> bool {
        let budget_left = self.stats.nodes < self.request.node_budget;
        let time_left = self
            .deadline
            .is_none_or(|deadline| Instant::now() < deadline);
        budget_left && time_left
    }

    /// The search layers of `auto`: greedy, anchored, backtracking with restarts; for another
    /// piece, backtracking's first share, the tiling of a large board (in `tiles`), then
    /// flipping and the other searches by turns (in `flipping`): steps 4 to 13 without a route.
    fn search_layers(&mut self) -> Result<Answer, Halt> {
        let Request { start, closed, .. } = *self.request;
        if !self.request.ablation.fail_greedy
            && let Some(outcome) = self.greedy(true)?
        {
            return Ok(outcome);
        }
        if let Some(outcome) = self.anchored()? {
            return Ok(outcome);
        }
        let goal = Goal::from(&start, closed, &[]);
        if !self.request.piece.is_knight() {
            if let Some(answer) = self.backtrack_first(goal)? {
                return Ok(answer);
            }
            if let Some(answer) = self.tiles(goal)? {
                return Ok(answer);
            }
            return self.flip_and_backtrack(goal);
        }
        let (search, event) = self.backtrack_with_restarts(goal, u64::MAX)?;
        self.settle(event, search, Layer::Backtrack)
    }

    /// What the next search may spend: the budget (below the cap, while there is one) less
    /// the nodes spent so far, and the deadline.
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

    /// Runs `config` along the requested route (from the start, or on from its partial tour,
    /// to its end if it has one) and adds its costs to the totals.
    fn search(&mut self, config: SearchConfig) -> Result<(Search, SearchEvent), Halt> {
        let request = self.request;
        let goal = Goal {
            prefix: request.prefix(),
            closed: config.closed,
            end: request.end.filter(|end| !request.prefix().contains(end)),
            holes: self.holes(),
        };
        self.search_goal(goal, config)
    }

    /// Runs `config` on `goal` to its end and adds its costs to the totals. The memory it
    /// needs is checked against the request's cap first, and the deadline is honoured while
    /// the board is set up.
    pub(super) fn search_goal(
        &mut self,
        goal: Goal,
        config: SearchConfig,
    ) -> Result<(Search, SearchEvent), Halt> {
        let config = SearchConfig {
            closed: goal.closed,
            piece: self.request.piece,
            ..config
        };
        let board = self.request.board;
        let needed = search_needs(self.request, &config);
        check_memory(board, needed, self.request.memory_cap)?;
        let route = Route {
            prefix: goal.prefix,
            end: goal.end,
        };
        let mut search = match Search::bounded_route(board, route, config, goal.holes) {
            Ok(search) => search,
            Err(SetupError::Capacity(_)) => return Err(out_of_memory(board, needed).into()),
            Err(SetupError::Stopped(limit)) => {
                return Err(Halt::GaveUp(self.budget_cause(limit), layer_of(&config)));
            }
            // The solve sends such a piece to the clue search before any search is set up.
            Err(SetupError::TooManyMoves { piece }) => {
                return Err(SolveError::WidePieceTooLarge { piece, board }.into());
            }
        };
        let event = search.run();
        self.charge(SearchStats::default(), search.stats());
        Ok((search, event))
    }

    /// One run of backtracking (`config`) on `goal`, on `node_budget` nodes and the deadline,
    /// with the next of [`VARIANTS`] tie-breaks: restarts and turns cycle through them, so
    /// that no unlucky early choice is made twice in a row.
    pub(super) fn backtrack_run(
        &mut self,
        goal: Goal,
        config: SearchConfig,
        node_budget: u64,
    ) -> Result<(Search, SearchEvent), Halt> {
        let variant = (self.stats.searches % VARIANTS) as u8;
        self.stats.searches += 1;
        let limits = Limits {
            node_budget,
            deadline: self.deadline,
        };
        self.search_goal(goal, SearchConfig { variant, ..config }.with_limits(limits))
    }

    /// Runs on `search`, which a node budget stopped, for `node_budget` more nodes and the
    /// deadline, and adds its costs to the totals: a search kept from turn to turn explores
    /// its tree once, where a restart would explore the part already seen again.
    pub(super) fn resume_run(&mut self, search: &mut Search, node_budget: u64) -> SearchEvent {
        let before = search.stats();
        search.set_limits(Limits {
            node_budget: before.nodes.saturating_add(node_budget),
            deadline: self.deadline,
        });
        let event = search.run();
        self.charge(before, search.stats());
        event
    }

    /// Adds to the totals what a search cost between its counts `before` and `after`.
    fn charge(&mut self, before: SearchStats, after: SearchStats) {
        self.stats.nodes += after.nodes - before.nodes;
        self.stats.backtracks += after.backtracks - before.backtracks;
        self.stats.max_depth = self.stats.max_depth.max(after.max_depth);
    }

    /// The greedy pass. Part of `auto`, a dead end is `None` (the next layer takes over);
    /// alone, it is an answer.
    fn greedy(&mut self, part_of_auto: bool) -> Result<Option<Answer>, Halt> {
        let config = SearchConfig::greedy(self.request.closed).with_limits(self.limits());
        let (search, event) = self.search(config)?;
        Ok(match event {
            SearchEvent::Solved => Some(self.tour(search, Layer::Warnsdorff)?),
            SearchEvent::Stuck if part_of_auto => {
                self.stats.greedy_depth = Some(search.stats().max_depth);
                self.position()?
            }
            SearchEvent::Exhausted if part_of_auto && search.dead_position().is_none() => {
                // Ruled out at its first step: the position's proofs say why, if they can.
                match self.position()? {
                    Some(proof) => Some(proof),
                    None => Some(self.settle(SearchEvent::Exhausted, search, Layer::Warnsdorff)?),
                }
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
            other => Some(self.settle(other, search, Layer::Warnsdorff)?),
        })
    }

    /// One backtracking search with the whole budget.
    fn single_search(&mut self, config: SearchConfig, layer: Layer) -> Result<Answer, Halt> {
        self.stats.searches = 1;
        let (search, event) = self.search(config.with_limits(self.limits()))?;
        self.settle(event, search, layer)
    }
}

/// The layer a search with `config` runs as.
fn layer_of(config: &SearchConfig) -> Layer {
    match (config.backtracking, config.pruning) {
        (false, _) => Layer::Warnsdorff,
        (true, true) => Layer::Backtrack,
        (true, false) => Layer::Naive,
    }
}

/// The answer of the layers: the single block's tour where the search gave up, since the
/// construction found it all the same; else the search's answer.
fn single_block_if_gave_up(outcome: Answer, single_block: Option<Answer>) -> Answer {
    match (outcome, single_block) {
        (Outcome::BudgetExceeded { .. }, Some(tour)) => tour,
        (outcome, _) => outcome,
    }
}

#[cfg(test)]
mod tests;
