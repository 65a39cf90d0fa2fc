//! How a solve's searches end: a search's last event turned into an [`Outcome`] (a tour
//! validated and handed out, a proof that none exists, or the limit that made it give up), with
//! the solve's statistics.

use super::super::outcome::{Answer, GiveUp, Outcome, SolveError, SolvedTour, Stats};
use super::super::request::Layer;
use super::{Halt, Solver};
use crate::existence::NoTourReason;
use crate::search::{Limit, Search, SearchEvent};
use crate::tour::{Tour, TourError};

impl Solver<'_> {
    /// Turns a final search event into an outcome.
    pub(in crate::solve) fn settle(
        &mut self,
        event: SearchEvent,
        search: Search,
        layer: Layer,
    ) -> Result<Answer, Halt> {
        Ok(match event {
            SearchEvent::Solved => self.tour(search, layer)?,
            SearchEvent::Exhausted => {
                let reason = self.exhausted_reason(&search);
                // A rule that ruled the position out before the first step is the position's.
                let layer = match reason {
                    NoTourReason::DeadPosition { .. } => Layer::Position,
                    _ => layer,
                };
                self.no_tour(reason, layer)
            }
            SearchEvent::BudgetExceeded(limit) => self.gave_up(self.budget_cause(limit), layer),
            SearchEvent::Stuck | SearchEvent::Advance { .. } | SearchEvent::Backtrack { .. } => {
                unreachable!("run() ends only on a final event, and Stuck only when greedy")
            }
        })
    }

    /// The proof a search gives by exhausting its tree: for a route, the rule that ruled the
    /// position out before the first step when one did, else the exhausted search.
    fn exhausted_reason(&self, search: &Search) -> NoTourReason {
        let request = self.request;
        let nodes = search.stats().nodes;
        if !request.has_route() {
            return NoTourReason::ExhaustiveSearch {
                start: request.start,
                nodes,
            };
        }
        match search.dead_position() {
            Some(position) => NoTourReason::DeadPosition { position },
            None => NoTourReason::ExhaustiveRouteSearch {
                start: request.start,
                end: request.end,
                prefix_len: request.prefix().len() as u64,
                nodes,
            },
        }
    }

    /// Why a search that hit `limit` gave up, in the request's terms.
    pub(in crate::solve) fn budget_cause(&self, limit: Limit) -> GiveUp {
        match (limit, self.request.time_limit) {
            (Limit::Deadline, Some(allowed)) => GiveUp::Deadline { allowed },
            _ => GiveUp::NodeBudget {
                budget: self.request.node_budget,
            },
        }
    }

    /// The costs so far, with the time taken, for an answer.
    pub(in crate::solve) fn finish_stats(&mut self) -> Stats {
        self.stats.elapsed = self.started.elapsed();
        self.stats
    }

    /// The validated tour `search` found, as `layer`'s answer (made in the search's memory).
    pub(super) fn tour(&mut self, search: Search, layer: Layer) -> Result<Answer, Halt> {
        let checked = match &self.request.shape {
            Some(_) => Some(self.shaped_tour(search.into_indices())),
            None => search.into_tour(self.deadline),
        };
        self.checked_tour(checked, layer)
    }

    /// A tour as the validator answered for it (`None`: the deadline passed as it checked), as
    /// `layer`'s answer: a tour it passed is handed out, one it refused is the solver's error.
    pub(in crate::solve) fn checked_tour(
        &mut self,
        checked: Option<Result<Tour, TourError>>,
        layer: Layer,
    ) -> Result<Answer, Halt> {
        let Some(checked) = checked else {
            return Err(Halt::GaveUp(self.budget_cause(Limit::Deadline), layer));
        };
        let tour = checked.map_err(|error| SolveError::InvalidTour { layer, error })?;
        Ok(Outcome::Tour {
            tour: SolvedTour::Held(tour),
            layer,
            stats: self.finish_stats(),
        })
    }

    /// The proof that no tour exists, as `layer`'s answer.
    pub(in crate::solve) fn no_tour(&mut self, reason: NoTourReason, layer: Layer) -> Answer {
        Outcome::NoTour {
            reason,
            layer,
            stats: self.finish_stats(),
        }
    }

    /// A run that gave up for `cause` while `layer` ran.
    pub(in crate::solve) fn gave_up(&mut self, cause: GiveUp, layer: Layer) -> Answer {
        Outcome::BudgetExceeded {
            cause,
            layer,
            stats: self.finish_stats(),
        }
    }
}
