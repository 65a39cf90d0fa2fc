//! `auto`'s search layers for leapers other than the knight, once the greedy pass has failed:
//! path flipping ([`crate::flip`]), the search over moves ([`crate::propagate`]) and
//! Warnsdorff-ordered backtracking take turns on doubling shares of the budget, in that order
//! (the search over moves' rules alone settle many boards at its root, in a few nodes a
//! square). Flipping finds tours backtracking would not, on boards of a few hundred squares
//! and up, and its cover is a proof when none exists; the search over moves proves, by
//! exhausting its tree, that no tour exists where covers do exist, and backtracking finds tours
//! on small boards. Turns keep any of them from eating the budget the others needed: none
//! spends more than twice what the one that answers took. The knight comes here only along a
//! route (a partial tour, or a tour to an end) that backtracking has not answered on its first
//! share, 64 nodes a square: one 16×16 walk it took 415,052 nodes to complete, the flip does in
//! 908.
//!
//! Flipping's first cover also says where an open tour can end (every tour is a cover, and
//! only some squares end a cover). When at most [`MOST_ROUTES`] squares can, each round also
//! backtracks to each of them, a route with an end, which a start whose neighbours include
//! squares of two moves needs: the giraffe's 9×10 from 4,1 must end on the corner 0,0 or 8,0,
//! and backtracking toward either finds a tour in a few thousand nodes where the searches
//! without an end gave up at 100 M. A route searched to its end only drops that end: the
//! proofs are the whole question's.

use super::memory::{check_memory, out_of_memory};
use super::outcome::{Answer, Outcome, SolveError, SolvedTour};
use super::request::Layer;
use super::solver::{Halt, Plan, Solver};
use crate::board::{Board, Square};
use crate::existence::NoTourReason;
use crate::flip::{self, Flipper, Question};
use crate::propagate::{self, Prover};
use crate::search::{Limit, Limits, MoveOrdering, SearchConfig, SearchEvent};
use crate::tour::Tour;

/// The ends backtracking takes a route to: those of `ends` (square numbers), when `plan` is
/// open with no end asked and they are at most [`MOST_ROUTES`]; else none.
fn routes_to(ends: &[u32], plan: Plan, board: Board) -> Vec<Square> {
    if plan.closed || plan.end.is_some() || ends.len() > MOST_ROUTES {
        return Vec::new();
    }
    ends.iter().map(|&end| board.square_at(end)).collect()
}

/// Number of tie-break variants backtracking's turns cycle through.
const VARIANTS: u32 = 16;

/// The fewest squares left for which flipping takes turns (below, backtracking alone).
const FEWEST_SQUARES: u64 = 4;

/// The most squares an open tour's end may be on for backtracking to take a route to each.
const MOST_ROUTES: usize = 4;

impl Solver<'_> {
    /// Flipping and backtracking by turns on `plan` (see the module doc), to the end of the
    /// budget.
    pub(super) fn flip_and_backtrack(&mut self, plan: Plan) -> Result<Answer, Halt> {
        let request = self.request;
        let board = request.board;
        let left_to_visit = board.area() - plan.walked.len() as u64 - u64::from(plan.end.is_some());
        let question = Question {
            board,
            piece: request.piece,
            walked: plan.walked,
            closed: plan.closed,
            end: plan.end,
        };
        let (mut flipper, mut prover) = if left_to_visit >= FEWEST_SQUARES {
            let needed = Flipper::memory_needed(board) + Prover::memory_needed(board);
            check_memory(board, needed, request.memory_cap)?;
            let flipper = Some(Flipper::new(&question).map_err(|_| out_of_memory(board, needed))?);
            let prover = Prover::new(&question).map_err(|_| out_of_memory(board, needed))?;
            (flipper, Some(prover))
        } else {
            (None, None)
        };
        let mut config = SearchConfig::backtracking(plan.closed);
        if request.ablation.fixed_ordering {
            config.ordering = MoveOrdering::Fixed;
        }
        let mut allowance = 2 * board.area() + 1000;
        // The ends to backtrack to, once flipping's first cover has said (see the module doc).
        let mut routes: Option<Vec<Square>> = None;
        loop {
            // The last turns share what is left when a doubled turn would not fit.
            let last = allowance.saturating_mul(8) > self.limits().node_budget;
            if let Some(flipper) = &mut flipper {
                let share = if last {
                    self.limits().node_budget / 3
                } else {
                    allowance
                };
                if let Some(answer) = self.flip_turn(flipper, share, plan)? {
                    return Ok(answer);
                }
                if routes.is_none() {
                    routes = flipper.ends().map(|ends| routes_to(ends, plan, board));
                }
            }
            if let Some(prover) = &mut prover {
                let share = if last {
                    self.limits().node_budget / 2
                } else {
                    allowance
                };
                if let Some(answer) = self.propagate_turn(prover, share, plan)? {
                    return Ok(answer);
                }
            }
            let left = self.limits().node_budget;
            let routed = routes.as_ref().map_or(0, Vec::len) as u64;
            let share = if last {
                left / (1 + routed)
            } else {
                allowance.min(left)
            };
            config.variant = (self.stats.searches % VARIANTS) as u8;
            self.stats.searches += 1;
            let limits = Limits {
                node_budget: share,
                deadline: self.deadline,
            };
            let ends = routes.as_mut().filter(|ends| !ends.is_empty());
            let (search, event) = self.search_plan(plan, config.with_limits(limits))?;
            match event {
                SearchEvent::BudgetExceeded(Limit::Nodes) if !last || ends.is_some() => {}
                _ => return self.settle(event, search, Layer::Backtrack),
            }
            if let Some(ends) = ends {
                if let Some(answer) = self.route_turns(ends, plan, &mut config, allowance, last)? {
                    return Ok(answer);
                }
                if last {
                    return Ok(self.gave_up(self.budget_cause(Limit::Nodes), Layer::Backtrack));
                }
            }
            allowance = allowance.saturating_mul(2);
        }
    }

    /// One turn of backtracking toward each of `ends` on `allowance` nodes (in the last, an
    /// equal part of what is left): a tour, or a deadline that ran out; an end searched to the
    /// end of its tree is dropped.
    fn route_turns(
        &mut self,
        ends: &mut Vec<Square>,
        plan: Plan,
        config: &mut SearchConfig,
        allowance: u64,
        last: bool,
    ) -> Result<Option<Answer>, Halt> {
        let mut k = 0;
        while k < ends.len() {
            let left = self.limits().node_budget;
            let share = if last {
                left / (ends.len() - k) as u64
            } else {
                allowance.min(left)
            };
            config.variant = (self.stats.searches % VARIANTS) as u8;
            self.stats.searches += 1;
            let limits = Limits {
                node_budget: share,
                deadline: self.deadline,
            };
            let routed = Plan {
                end: Some(ends[k]),
                ..plan
            };
            let (search, event) = self.search_plan(routed, config.with_limits(limits))?;
            match event {
                SearchEvent::Exhausted => {
                    ends.remove(k);
                }
                SearchEvent::BudgetExceeded(Limit::Nodes) => k += 1,
                _ => return Ok(Some(self.settle(event, search, Layer::Backtrack)?)),
            }
        }
        Ok(None)
    }

    /// One turn of flipping on `share` nodes: its answer, or `None` when the share ran out.
    fn flip_turn(
        &mut self,
        flipper: &mut Flipper,
        share: u64,
        plan: Plan,
    ) -> Result<Option<Answer>, Halt> {
        let before = flipper.nodes();
        let answer = flipper.run(Limits {
            node_budget: share,
            deadline: self.deadline,
        });
        self.stats.nodes += flipper.nodes() - before;
        Ok(match answer {
            flip::Answer::Tour(path) => Some(self.flipped_tour(path, plan, Layer::Flip)?),
            flip::Answer::NoCover(shortfall) => {
                let request = self.request;
                let reason = NoTourReason::NoCover {
                    start: request.start,
                    end: request.end,
                    walked: request.walked().len() as u64,
                    closed: request.closed,
                    needed: shortfall.needed,
                    met: shortfall.met,
                };
                Some(self.no_tour(reason, Layer::Flip))
            }
            flip::Answer::Split { reached, squares } => {
                let request = self.request;
                let reason = NoTourReason::SplitCover {
                    start: request.start,
                    end: request.end,
                    walked: request.walked().len() as u64,
                    closed: request.closed,
                    reached,
                    squares,
                };
                Some(self.no_tour(reason, Layer::Flip))
            }
            flip::Answer::Stopped(Limit::Deadline) => {
                Some(self.gave_up(self.budget_cause(Limit::Deadline), Layer::Flip))
            }
            flip::Answer::Stopped(Limit::Nodes) => None,
        })
    }

    /// One turn of the search over moves on `share` nodes: its answer, or `None` when the
    /// share ran out.
    fn propagate_turn(
        &mut self,
        prover: &mut Prover,
        share: u64,
        plan: Plan,
    ) -> Result<Option<Answer>, Halt> {
        let before = prover.nodes();
        let answer = prover.run(Limits {
            node_budget: share,
            deadline: self.deadline,
        });
        self.stats.nodes += prover.nodes() - before;
        let layer = Layer::Propagate;
        Ok(match answer {
            propagate::Answer::Tour(path) => Some(self.flipped_tour(path, plan, layer)?),
            propagate::Answer::NoTour { .. } => {
                let request = self.request;
                let nodes = prover.nodes();
                let reason = if request.has_route() {
                    NoTourReason::ExhaustiveRouteSearch {
                        start: request.start,
                        end: request.end,
                        walked: request.walked().len() as u64,
                        nodes,
                    }
                } else {
                    NoTourReason::ExhaustiveSearch {
                        start: request.start,
                        nodes,
                    }
                };
                Some(self.no_tour(reason, layer))
            }
            propagate::Answer::Stopped(Limit::Deadline) => {
                Some(self.gave_up(self.budget_cause(Limit::Deadline), layer))
            }
            propagate::Answer::Stopped(Limit::Nodes) => None,
        })
    }

    /// The tour a flip or the search over moves (`layer`) found, validated as the piece's.
    fn flipped_tour(&mut self, path: Vec<u32>, plan: Plan, layer: Layer) -> Result<Answer, Halt> {
        let request = self.request;
        let Some(checked) = Tour::new_within(
            request.board,
            request.piece,
            path,
            plan.closed,
            Some(request.start),
            self.deadline,
        ) else {
            return Err(Halt::GaveUp(self.budget_cause(Limit::Deadline), layer));
        };
        let tour = checked.map_err(|error| SolveError::InvalidTour { layer, error })?;
        Ok(Outcome::Tour {
            tour: SolvedTour::Held(tour),
            layer,
            stats: self.finish_stats(),
        })
    }
}
