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
//! backtracks toward each of them. For a piece other than the knight, once a turn has
//! [`SPLIT_FROM_NODES_PER_SQUARE`] nodes a square (tours come sooner without it), each round
//! splits the question on its last square: it backtracks toward each of those squares, in
//! place of backtracking without an end, the routes sharing twice a turn's nodes; a closed tour
//! from its start alone is split on the start's neighbours but one, since it uses two of the
//! start's moves and so is a path from the start to the square of one of any such. An open
//! tour from its start alone is not searched toward one end a move from the start
//! ([`take_closing_end`]). An end searched to the end of its tree is dropped, and when none is
//! left that is the proof ([`NoTourReason::EveryEndSearched`]): the (4,5)-leaper's 9×38 has no
//! tour from 0,1 (138 ends, 14 M nodes toward them), where the searches without an end gave
//! up at 100 M. A route also finds tours the searches without an end miss: the giraffe's 9×10
//! from 4,1 must end on the corner 0,0 or 8,0, both a move away, and backtracking toward 8,0
//! finds a tour in 68 thousand nodes. The knight's routes look only for a tour, and it keeps
//! its search without an end.

use super::memory::{check_memory, out_of_memory};
use super::outcome::{Answer, Outcome, SolveError, SolvedTour};
use super::request::Layer;
use super::solver::{Halt, Plan, Solver};
use crate::board::{Board, Square};
use crate::existence::NoTourReason;
use crate::flip::{self, Flipper, Question};
use crate::leaper::Leaper;
use crate::propagate::{self, Prover};
use crate::search::{Limit, Limits, MoveOrdering, Search, SearchConfig, SearchEvent};
use crate::tour::Tour;

/// The ends backtracking takes a route to (see the module doc), once flipping's first cover
/// has said where an open tour can end (`ends`, square numbers): for an open tour with no end
/// asked, those squares when at most [`MOST_ROUTES`], or all of them for a piece other than the
/// knight; for another piece's closed tour from the start alone, the start's neighbours but
/// one (a closed tour uses two of the start's moves). `None` until the cover has said.
fn routes_to(ends: Option<&[u32]>, plan: Plan, board: Board, piece: Leaper) -> Option<Vec<Square>> {
    if plan.end.is_some() {
        return Some(Vec::new());
    }
    if plan.closed {
        if piece.is_knight() || plan.walked.len() > 1 {
            return Some(Vec::new());
        }
        let mut around: Vec<Square> = piece.neighbours(board, plan.walked[0]).collect();
        around.pop();
        return Some(around);
    }
    let ends = ends?;
    if ends.len() > MOST_ROUTES && piece.is_knight() {
        return Some(Vec::new());
    }
    Some(ends.iter().map(|&end| board.square_at(end)).collect())
}

/// The nodes of one turn of backtracking toward the ends: `allowance` each, or, for a split on
/// the last square (which takes the turn of backtracking without an end), twice `allowance`
/// shared among them; in the last turn an equal part of what is left each.
#[derive(Debug, Clone, Copy)]
struct RouteTurn {
    allowance: u64,
    last: bool,
    split: bool,
}

/// Another piece's split on its last square, as it goes: the number of ends the cover left
/// when it began, the end left out because it closes (see [`take_closing_end`]), and the
/// nodes spent toward ends so far. When every end has been searched to the end of its tree,
/// these are the proof's figures.
#[derive(Debug, Clone, Copy)]
struct Split {
    ends: u64,
    closing: Option<Square>,
    nodes: u64,
}

/// Takes out of `ends`, the squares an open tour from the start alone can end on, the first
/// that is a move from the start, and returns it: a tour ending there closes into a closed
/// tour, and that closed tour opened at its other move from the start is a tour ending on
/// another of `ends`, so the search toward those others answers for it. On the (3,4)-leaper's
/// 7×32 every tour from 0,4 ends on 3,0 or 4,1, both a move away, so one route decides it.
fn take_closing_end(
    ends: &mut Vec<Square>,
    plan: Plan,
    board: Board,
    piece: Leaper,
) -> Option<Square> {
    let [start] = plan.walked else {
        return None;
    };
    if plan.closed || plan.end.is_some() || board.area() <= 2 {
        return None;
    }
    let at = ends.iter().position(|&end| piece.is_move(*start, end))?;
    Some(ends.remove(at))
}

/// The fewest squares left for which flipping takes turns (below, backtracking alone).
const FEWEST_SQUARES: u64 = 4;

/// The most squares an open tour's end may be on for backtracking to take a route to each.
const MOST_ROUTES: usize = 4;

/// The split on the last square begins when a turn has this many nodes a square.
const SPLIT_FROM_NODES_PER_SQUARE: u64 = 1024;

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
        // Whether every end searched to the end of its tree is a proof: another piece's split
        // on its last square (the knight's routes only look for a tour).
        let mut split: Option<Split> = None;
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
                    routes = routes_to(flipper.ends(), plan, board, request.piece);
                    let splits = routes
                        .as_mut()
                        .filter(|ends| !ends.is_empty() && !request.piece.is_knight());
                    if let Some(ends) = splits {
                        let count = ends.len() as u64;
                        let closing = take_closing_end(ends, plan, board, request.piece);
                        let tally = Split {
                            ends: count,
                            closing,
                            nodes: 0,
                        };
                        if ends.is_empty() {
                            return Ok(self.every_end_searched(plan.closed, tally));
                        }
                        split = Some(tally);
                    }
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
                let left = self.limits().node_budget;
                let routed = ends.as_ref().map_or(0, |ends| ends.len()) as u64;
                let share = if last {
                    left / (1 + routed)
                } else {
                    allowance.min(left)
                };
                let (search, event) = self.backtrack_run(plan, config, share)?;
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
                let answer = self.route_turns(ends, plan, config, turn)?;
                if let Some(answer) = answer {
                    return Ok(answer);
                }
                if let Some(split) = &mut split {
                    split.nodes += self.stats.nodes - before;
                    if ends.is_empty() {
                        return Ok(self.every_end_searched(plan.closed, *split));
                    }
                }
                if last {
                    return Ok(self.gave_up(self.budget_cause(Limit::Nodes), Layer::Backtrack));
                }
            }
            allowance = allowance.saturating_mul(2);
        }
    }

    /// One turn of backtracking toward each of `ends` (see [`RouteTurn`]): a tour, or a
    /// deadline that ran out; an end searched to the end of its tree is dropped.
    fn route_turns(
        &mut self,
        ends: &mut Vec<Square>,
        plan: Plan,
        config: SearchConfig,
        turn: RouteTurn,
    ) -> Result<Option<Answer>, Halt> {
        let RouteTurn {
            allowance,
            last,
            split,
        } = turn;
        let per_end = if split {
            (allowance.saturating_mul(2) / ends.len() as u64).max(1)
        } else {
            allowance
        };
        let mut k = 0;
        while k < ends.len() {
            let left = self.limits().node_budget;
            let share = if last {
                left / (ends.len() - k) as u64
            } else {
                per_end.min(left)
            };
            // A closed tour is a path from the start to one of its neighbours.
            let routed = Plan {
                end: Some(ends[k]),
                closed: false,
                ..plan
            };
            let (search, event) = self.backtrack_run(routed, config, share)?;
            match event {
                SearchEvent::Exhausted => {
                    ends.remove(k);
                }
                SearchEvent::BudgetExceeded(Limit::Nodes) => k += 1,
                SearchEvent::Solved if plan.closed => {
                    return Ok(Some(self.closed_route(search, plan)?));
                }
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

    /// A path found from the start to one of its neighbours, validated as the closed tour of
    /// `plan`.
    fn closed_route(&mut self, search: Search, plan: Plan) -> Result<Answer, Halt> {
        let layer = Layer::Backtrack;
        let Some(checked) = search.into_tour(self.deadline) else {
            return Err(Halt::GaveUp(self.budget_cause(Limit::Deadline), layer));
        };
        let path = checked
            .map_err(|error| SolveError::InvalidTour { layer, error })?
            .into_indices();
        self.flipped_tour(path, plan, layer)
    }

    /// The proof that each of the ends of `split`, the squares the tour (`closed` or open)
    /// could end on, was searched to the end of its tree.
    fn every_end_searched(&mut self, closed: bool, split: Split) -> Answer {
        let request = self.request;
        let reason = NoTourReason::EveryEndSearched {
            start: request.start,
            walked: request.walked().len() as u64,
            closed,
            ends: split.ends,
            closing: split.closing,
            nodes: split.nodes,
        };
        self.no_tour(reason, Layer::Backtrack)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// On the (3,4)-leaper's 7×32 every tour from 0,4 ends on 3,0 or 4,1, both a move away:
    /// the first is left out of the split, and only for an open tour from the start alone.
    #[test]
    fn a_closing_end_is_left_out_only_of_an_open_tour_from_its_start_alone() {
        let board = Board::new(7, 32).unwrap();
        let piece = Leaper::new(3, 4).unwrap();
        let start = Square::new(0, 4);
        let far = Square::new(2, 16);
        let both = [Square::new(3, 0), Square::new(4, 1)];
        let take = |plan: Plan, ends: &[Square]| {
            let mut ends = ends.to_vec();
            let closing = take_closing_end(&mut ends, plan, board, piece);
            (closing, ends)
        };
        let open = Plan::from(&start, false, &[]);
        assert_eq!(take(open, &both), (Some(both[0]), vec![both[1]]));
        assert_eq!(take(open, &[far, both[1]]), (Some(both[1]), vec![far]));
        assert_eq!(take(open, &[far]), (None, vec![far]));
        let closed = Plan::from(&start, true, &[]);
        assert_eq!(take(closed, &both), (None, both.to_vec()));
        let walked = [start, Square::new(4, 1)];
        let partial = Plan {
            walked: &walked,
            ..open
        };
        assert_eq!(take(partial, &both), (None, both.to_vec()));
        let to_an_end = Plan {
            end: Some(far),
            ..open
        };
        assert_eq!(take(to_an_end, &both), (None, both.to_vec()));
    }
}
