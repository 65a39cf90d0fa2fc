//! `auto`'s search layers for leapers other than the knight, once the greedy pass has failed
//! (and backtracking's first share, after a greedy pass that stopped near a tour):
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
//! backtracks toward each of them. For a piece other than the knight, once a turn has
//! [`SPLIT_FROM_NODES_PER_SQUARE`] nodes a square (tours come sooner without it), each round
//! splits the question on its last square: it backtracks toward each of those squares, in
//! place of backtracking without an end, the routes sharing twice a turn's nodes; a closed tour
//! from its start alone is split on the start's neighbours but one, since it uses two of the
//! start's moves and so is a path from the start to the square of one of any such. An open
//! tour from its start alone is not searched toward one end a move from the start. The routes
//! and the split are `split`'s, which keeps the split's searches from turn to turn. An end
//! searched to the end of its tree is dropped, and when none is left that is the proof
//! ([`NoTourReason::EveryEndSearched`]): the (4,5)-leaper's 9×38 has no tour from 0,1 (138
//! ends, 7.7 M nodes toward them), where the searches without an end gave up at 100 M. A route also finds tours the searches without an end miss: the giraffe's 9×10
//! from 4,1 must end on the corner 0,0 or 8,0, both a move away, and backtracking toward 8,0
//! finds a tour in 68 thousand nodes. The knight's routes look only for a tour, and it keeps
//! its search without an end.

use super::memory::{check_memory, out_of_memory};
use super::outcome::Answer;
use super::request::Layer;
use super::schedule::{SPLIT_FROM_NODES_PER_SQUARE, first_turn};
use super::solver::{Goal, Halt, Solver};
use super::split::{EndSearch, MOST_ROUTES, RouteTurn, Split, routes_to, run_share};
use crate::existence::NoTourReason;
use crate::flip::{self, Flipper, Question};
use crate::propagate::{self, Prover};
use crate::search::{Limit, Limits, MoveOrdering, SearchConfig, SearchEvent};
use crate::tour::Tour;

/// The fewest squares left for which flipping takes turns (below, backtracking alone).
const FEWEST_SQUARES: u64 = 4;

impl Solver<'_> {
    /// Flipping and backtracking by turns on `goal` (see the module doc), to the end of the
    /// budget.
    pub(super) fn flip_and_backtrack(&mut self, goal: Goal) -> Result<Answer, Halt> {
        let request = self.request;
        let board = request.board;
        let left_to_visit = board.area()
            - goal.holes.len() as u64
            - goal.prefix.len() as u64
            - u64::from(goal.end.is_some());
        let question = Question {
            board,
            piece: request.piece,
            prefix: goal.prefix,
            closed: goal.closed,
            end: goal.end,
            holes: goal.holes,
        };
        // Both hold eight moves a square, and a cover is a flow between the two colours: a
        // piece of several leaps with more moves, or one that keeps its colour on some move,
        // is left to backtracking (`flip::fits` says).
        let (mut flipper, mut prover) = if left_to_visit >= FEWEST_SQUARES
            && flip::fits(request.piece)
        {
            let needed = Flipper::memory_needed(board) + Prover::memory_needed(board);
            check_memory(board, needed, request.memory_cap)?;
            let flipper = Some(Flipper::new(&question).map_err(|_| out_of_memory(board, needed))?);
            let prover = Prover::new(&question).map_err(|_| out_of_memory(board, needed))?;
            (flipper, Some(prover))
        } else {
            (None, None)
        };
        let mut config = SearchConfig::backtracking(goal.closed);
        if request.ablation.fixed_ordering {
            config.ordering = MoveOrdering::Fixed;
        }
        let mut allowance = first_turn(board.area());
        // The ends to backtrack to, once flipping's first cover has said (see the module doc).
        let mut routes: Option<Vec<EndSearch>> = None;
        // Whether every end searched to the end of its tree is a proof: another piece's split
        // on its last square (the knight's routes only look for a tour).
        let mut split: Option<Split> = None;
        loop {
            // The last turns share what is left when a doubled turn would not fit.
            let last = allowance.saturating_mul(8) > self.limits().node_budget;
            if let Some(flipper) = &mut flipper {
                let share = run_share(self.limits().node_budget, allowance, last, 3);
                if let Some(answer) = self.flip_turn(flipper, share, goal)? {
                    return Ok(answer);
                }
                if routes.is_none()
                    && let Some((ends, begun)) =
                        routes_to(flipper.ends(), goal, board, request.piece)
                {
                    if let Some(tally) = begun
                        && ends.is_empty()
                    {
                        return Ok(self.every_end_searched(goal.closed, tally));
                    }
                    routes = Some(ends);
                    split = begun;
                }
            }
            if let Some(prover) = &mut prover {
                let share = run_share(self.limits().node_budget, allowance, last, 2);
                if let Some(answer) = self.propagate_turn(prover, share, goal)? {
                    return Ok(answer);
                }
            }
            // The split waits until the turns are long (tours come sooner without it); before,
            // routes are taken only to a few ends, for a tour.
            let splitting =
                split.filter(|_| allowance >= SPLIT_FROM_NODES_PER_SQUARE * board.area());
            let ends = routes.as_mut().filter(|ends| {
                !ends.is_empty() && (splitting.is_some() || ends.len() <= MOST_ROUTES)
            });
            // A split on the last square covers the whole question: its routes take the turn
            // of backtracking without an end.
            if splitting.is_none() {
                let routed = ends.as_ref().map_or(0, |ends| ends.len()) as u64;
                let share = run_share(self.limits().node_budget, allowance, last, 1 + routed);
                let (search, event) = self.backtrack_run(goal, config, share)?;
                match event {
                    SearchEvent::BudgetExceeded(Limit::Nodes) if !last || ends.is_some() => {}
                    _ => return self.settle(event, search, Layer::Backtrack),
                }
            }
            if let Some(ends) = ends {
                let before = self.stats.nodes;
                let turn = RouteTurn {
                    allowance,
                    last,
                    split: splitting.is_some(),
                };
                let answer = self.route_turns(ends, goal, config, turn)?;
                if let Some(answer) = answer {
                    return Ok(answer);
                }
                if let Some(split) = &mut split {
                    split.nodes += self.stats.nodes - before;
                    if ends.is_empty() {
                        return Ok(self.every_end_searched(goal.closed, *split));
                    }
                }
                if last {
                    return Ok(self.gave_up(self.budget_cause(Limit::Nodes), Layer::Split));
                }
            }
            allowance = allowance.saturating_mul(2);
        }
    }

    /// One turn of flipping on `share` nodes: its answer, or `None` when the share ran out.
    fn flip_turn(
        &mut self,
        flipper: &mut Flipper,
        share: u64,
        goal: Goal,
    ) -> Result<Option<Answer>, Halt> {
        let before = flipper.nodes();
        let room = self.limits().node_budget;
        let answer = flipper.run(
            Limits {
                node_budget: share,
                deadline: self.deadline,
            },
            room,
        );
        self.stats.nodes += flipper.nodes() - before;
        Ok(match answer {
            flip::Answer::Tour(path) => Some(self.flipped_tour(path, goal, Layer::Flip)?),
            flip::Answer::NoCover(shortfall) => {
                let request = self.request;
                let reason = NoTourReason::NoCover {
                    start: request.start,
                    end: request.end,
                    prefix_len: request.prefix().len() as u64,
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
                    prefix_len: request.prefix().len() as u64,
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
        goal: Goal,
    ) -> Result<Option<Answer>, Halt> {
        let before = prover.nodes();
        let answer = prover.run(Limits {
            node_budget: share,
            deadline: self.deadline,
        });
        self.stats.nodes += prover.nodes() - before;
        let layer = Layer::Propagate;
        Ok(match answer {
            propagate::Answer::Tour(path) => Some(self.flipped_tour(path, goal, layer)?),
            propagate::Answer::NoTour { .. } => {
                let request = self.request;
                let nodes = prover.nodes();
                let reason = if request.has_route() {
                    NoTourReason::ExhaustiveRouteSearch {
                        start: request.start,
                        end: request.end,
                        prefix_len: request.prefix().len() as u64,
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
    pub(super) fn flipped_tour(
        &mut self,
        path: Vec<u32>,
        goal: Goal,
        layer: Layer,
    ) -> Result<Answer, Halt> {
        let request = self.request;
        let checked = match &request.shape {
            Some(_) => Some(self.shaped_tour(path)),
            None => Tour::new_within(
                request.board,
                request.piece,
                path,
                goal.closed,
                Some(request.start),
                self.deadline,
            ),
        };
        self.checked_tour(checked, layer)
    }
}
