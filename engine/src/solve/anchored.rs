//! The search strategies of `auto` beyond one greedy pass from the start:
//!
//! - *anchored*: Warnsdorff's rule does best from a corner and struggles from inner squares of
//!   narrow boards, so a closed tour is searched from a corner and the tour from the start is
//!   cut out of it: on a board with a closed tour, the cycle rotated to begin at the start; on
//!   an odd-area board, a closed tour of the board without the start, entered from the start
//!   through one of its neighbours (the start has the majority colour, so the rest of the
//!   board is balanced and may have a closed tour);
//! - *restarts*: backtracking restarted with other tie-breaks on doubling budgets, so that one
//!   unlucky early choice cannot eat the whole budget.

use super::outcome::{Answer, Outcome, SolveError, SolvedTour};
use super::request::{Layer, Request};
use super::schedule::{ANCHORED_PARTS, first_turn};
use super::solver::{Goal, Halt, Solver};
use crate::board::{Board, Square};
use crate::existence;
use crate::search::{Limit, MoveOrdering, Search, SearchConfig, SearchEvent};
use crate::tour::Tour;

/// What the search for the anchoring cycle gave.
enum Anchor {
    /// A closed tour of the goal, in visit order.
    Cycle(Vec<Square>),
    /// The deadline or the budget ended the run: the answer of the whole solve.
    GaveUp(Answer),
    /// No cycle within the share of the budget: the search from the start decides.
    Nothing,
}

impl Solver<'_> {
    /// A tour from the start cut out of a closed tour found from a corner (see the module doc).
    /// Uses at most half the budget left; `None` when the route does not apply or finds
    /// nothing (the search from the start then decides).
    pub(super) fn anchored(&mut self) -> Result<Option<Answer>, Halt> {
        let Request {
            board,
            piece,
            start,
            closed,
            ..
        } = *self.request;
        let hole = [start];
        if !piece.is_knight() {
            // Whether a closed tour exists to cut the tour out of is the knight's theorem.
            return Ok(None);
        }
        let Some((corner, holes)) = anchor_goal(board, start, closed, &hole) else {
            return Ok(None);
        };
        let goal = Goal::from(&corner, true, holes);
        let layer = Layer::Anchored;
        let cycle = match self.anchor_cycle(goal)? {
            Anchor::Cycle(cycle) => cycle,
            Anchor::GaveUp(outcome) => return Ok(Some(outcome)),
            Anchor::Nothing => return Ok(None),
        };
        let path = path_from_cycle(&cycle, start, !goal.holes.is_empty());
        let indices = path.iter().map(|&square| board.index(square)).collect();
        let tour = Tour::new(board, indices, closed, Some(start))
            .map_err(|error| SolveError::InvalidTour { layer, error })?;
        Ok(Some(Outcome::Tour {
            tour: SolvedTour::Held(tour),
            layer,
            stats: self.finish_stats(),
        }))
    }

    /// The closed tour of `goal`: by one greedy pass, else by backtracking with restarts on
    /// half the budget left.
    fn anchor_cycle(&mut self, goal: Goal) -> Result<Anchor, Halt> {
        if !self.request.ablation.fail_greedy {
            match self.greedy_cycle(goal)? {
                Anchor::Nothing => {}
                found_or_gave_up => return Ok(found_or_gave_up),
            }
        }
        self.backtracked_cycle(goal)
    }

    /// One greedy pass on `goal`: a dead end is [`Anchor::Nothing`] (backtracking follows).
    fn greedy_cycle(&mut self, goal: Goal) -> Result<Anchor, Halt> {
        let config = SearchConfig::greedy(true).with_limits(self.limits());
        let (search, event) = self.search_goal(goal, config)?;
        Ok(match event {
            SearchEvent::Solved => Anchor::Cycle(search.path().collect()),
            SearchEvent::BudgetExceeded(limit) => {
                let cause = self.budget_cause(limit);
                Anchor::GaveUp(self.gave_up(cause, Layer::Anchored))
            }
            _ => Anchor::Nothing,
        })
    }

    /// Backtracking with restarts on `goal`, on half the budget left: running out of those
    /// nodes, or exhausting the tree, is [`Anchor::Nothing`]; only the deadline ends the solve.
    fn backtracked_cycle(&mut self, goal: Goal) -> Result<Anchor, Halt> {
        let share = self.limits().node_budget / ANCHORED_PARTS;
        let (search, event) = self.backtrack_with_restarts(goal, share)?;
        Ok(match event {
            SearchEvent::Solved => Anchor::Cycle(search.path().collect()),
            SearchEvent::BudgetExceeded(Limit::Deadline) => {
                let cause = self.budget_cause(Limit::Deadline);
                Anchor::GaveUp(self.gave_up(cause, Layer::Anchored))
            }
            _ => Anchor::Nothing,
        })
    }

    /// Backtracking on `goal` restarted with other tie-breaks on doubling budgets, so that one
    /// unlucky early choice cannot eat the whole budget; at most `share` nodes in all. Each run
    /// is complete: the first to exhaust its tree proves that no tour exists (pruning does not
    /// depend on the order, so every variant's tree is the same size).
    pub(super) fn backtrack_with_restarts(
        &mut self,
        goal: Goal,
        share: u64,
    ) -> Result<(Search, SearchEvent), Halt> {
        let mut config = SearchConfig::backtracking(goal.closed);
        if self.request.ablation.fixed_ordering {
            config.ordering = MoveOrdering::Fixed;
        }
        let mut allowance = first_turn(self.request.board.area());
        let mut left = share.min(self.limits().node_budget);
        loop {
            // Take the whole rest when a doubled allowance would leave too little for another.
            let budget = if allowance.saturating_mul(3) > left {
                left
            } else {
                allowance
            };
            let (search, event) = self.backtrack_run(goal, config, budget)?;
            match event {
                SearchEvent::BudgetExceeded(Limit::Nodes) if budget < left => {
                    left -= search.stats().nodes;
                    allowance = allowance.saturating_mul(2);
                }
                _ => return Ok((search, event)),
            }
        }
    }
}

/// Where the anchored route searches: a closed tour from a corner of the whole board (when it
/// has one), or of the board without the start (an odd-area board and an open tour): the
/// corner and the holes; `None` where neither applies.
fn anchor_goal(
    board: Board,
    start: Square,
    closed: bool,
    hole: &[Square],
) -> Option<(Square, &[Square])> {
    let corners = [
        Square::new(0, 0),
        Square::new(0, board.cols() - 1),
        Square::new(board.rows() - 1, 0),
        Square::new(board.rows() - 1, board.cols() - 1),
    ];
    if existence::has_closed_tour(board) {
        Some((corners[0], &[]))
    } else if board.has_odd_area() && !closed && board.area() > 1 {
        let &corner = corners.iter().find(|&&corner| corner != start)?;
        Some((corner, hole))
    } else {
        None
    }
}

/// The tour from `start` that `cycle` gives: the cycle rotated to begin at the start, or, when
/// the start is not on it (`entered`), the start followed by the whole cycle, entered at a
/// neighbour of the start and gone round once.
fn path_from_cycle(cycle: &[Square], start: Square, entered: bool) -> Vec<Square> {
    if entered {
        let at = cycle
            .iter()
            .position(|square| square.is_knight_move_to(start))
            .unwrap_or(0);
        std::iter::once(start)
            .chain(cycle[..=at].iter().rev().copied())
            .chain(cycle[at + 1..].iter().rev().copied())
            .collect()
    } else {
        let at = cycle
            .iter()
            .position(|&square| square == start)
            .unwrap_or(0);
        cycle[at..].iter().chain(&cycle[..at]).copied().collect()
    }
}
