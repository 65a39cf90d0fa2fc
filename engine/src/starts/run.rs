//! One map's run: the request each square's solve is made from, the clock, the map's own node
//! budget and the threads. The squares of a round are handed out one at a time to the threads,
//! each square to a job (a solve, or a tour reused), which answers it and perhaps other squares
//! too; the threads report each answer to the progress callback in turn.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::Source;
use super::{MapSettings, Progress, Proof, StartAnswer, StartOutcome, StartsError, Target};
use crate::board::{Board, Square};
use crate::solve::{GiveUp, Outcome, Request, solve};
use crate::tour::Tour;

/// A round's job: the answer at a square, and perhaps answers at other squares of the round's
/// map that no other job of the round answers, each answered once.
pub(super) type Job<'j> = dyn Fn(Square) -> Result<Vec<StartAnswer>, StartsError> + Sync + 'j;

/// One map's run: see the module doc.
pub(super) struct Run<'a> {
    /// Each square's request: the square aside, the same for all of them.
    template: Request,
    target: Target,
    /// When the whole run must end, and the time it was given.
    deadline: Option<(Instant, Duration)>,
    /// The map's own node budget, and the nodes of it not yet given to a solve.
    map_budget: Option<(u64, AtomicU64)>,
    threads: usize,
    progress: &'a Progress<'a>,
    total: usize,
}

/// What the threads of one round share.
struct Shared<'s> {
    answers: &'s mut [Option<StartAnswer>],
    done: &'s mut usize,
    /// The first failure, by square, that ends the round.
    failure: Option<(u32, StartsError)>,
}

impl<'a> Run<'a> {
    pub(super) fn new(
        request: &Request,
        target: Target,
        settings: &MapSettings,
        progress: &'a Progress<'a>,
    ) -> Self {
        let threads = settings.threads.max(1);
        let mut template = request.clone();
        // Each square's request sets its own start, or its end (a map of starts to one end
        // sets both). Neither completes a partial tour.
        template.end = None;
        template.prefix = None;
        // The threads solve at the same time: each may take its share of the memory.
        template.memory_cap = request.memory_cap.map(|cap| cap / threads as u64);
        template.time_limit = None;
        let started = Instant::now();
        Self {
            template,
            target,
            // A deadline too far away to represent is no deadline.
            deadline: request.time_limit.and_then(|allowed| {
                started
                    .checked_add(allowed)
                    .map(|deadline| (deadline, allowed))
            }),
            map_budget: settings
                .map_budget
                .map(|budget| (budget, AtomicU64::new(budget))),
            threads,
            progress,
            total: request.board.area() as usize,
        }
    }

    /// The board mapped.
    pub(super) fn board(&self) -> Board {
        self.template.board
    }

    /// Whether the map is of closed tours.
    pub(super) fn closed(&self) -> bool {
        self.template.closed
    }

    /// Counts one more answer and tells the callback.
    pub(super) fn report(&self, done: &mut usize) -> Result<(), StartsError> {
        *done += 1;
        match (self.progress)(*done, self.total) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(StartsError::Stopped),
        }
    }

    /// Runs `job` at each of `squares`, on the run's threads, into `answers`.
    pub(super) fn each(
        &self,
        squares: &[Square],
        answers: &mut [Option<StartAnswer>],
        done: &mut usize,
        job: &Job,
    ) -> Result<(), StartsError> {
        let board = self.template.board;
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let shared = Mutex::new(Shared {
            answers,
            done,
            failure: None,
        });
        let work = || {
            while !stop.load(Ordering::Relaxed) {
                let Some(&square) = squares.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    return;
                };
                let index = board.index(square);
                let answered = job(square);
                // The lock also keeps the callback's calls one at a time and in order.
                let mut shared = shared.lock().unwrap_or_else(PoisonError::into_inner);
                if stop.load(Ordering::Relaxed) {
                    return; // Another answer ended the round while this one was solved.
                }
                let reported = answered.and_then(|answered| {
                    answered.into_iter().try_for_each(|answer| {
                        let at = board.index(answer.square) as usize;
                        shared.answers[at] = Some(answer);
                        self.report(shared.done)
                    })
                });
                if let Err(error) = reported {
                    stop.store(true, Ordering::Relaxed);
                    if shared.failure.as_ref().is_none_or(|&(at, _)| index < at) {
                        shared.failure = Some((index, error));
                    }
                }
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..self.threads.min(squares.len()) {
                if std::thread::Builder::new()
                    .spawn_scoped(scope, work)
                    .is_err()
                {
                    break; // The threads started so far and this one do the work.
                }
            }
            work();
        });
        let shared = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
        match shared.failure {
            Some((_, error)) => Err(error),
            None => Ok(()),
        }
    }

    /// The solver's answer at `square`, within the time and the map's nodes left, and the tour
    /// it found, if it found one.
    pub(super) fn solve(&self, square: Square) -> Result<(StartAnswer, Option<Tour>), StartsError> {
        let not_reached = |cause| StartAnswer {
            square,
            outcome: StartOutcome::NotReached { cause },
            nodes: 0,
        };
        let mut request = self.target.request(&self.template, square);
        if let Some((deadline, allowed)) = self.deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok((not_reached(GiveUp::Deadline { allowed }), None));
            }
            request.time_limit = Some(left);
        }
        let granted = self.take_nodes(request.node_budget);
        if granted == Some(0) {
            let budget = self.map_budget.as_ref().map_or(0, |(budget, _)| *budget);
            return Ok((not_reached(GiveUp::NodeBudget { budget }), None));
        }
        if let Some(granted) = granted {
            request.node_budget = granted;
        }
        let solved = solve(&request);
        let nodes = solved.as_ref().map_or(0, |outcome| outcome.stats().nodes);
        if let Some(granted) = granted {
            self.give_back(granted.saturating_sub(nodes));
        }
        let outcome = solved.map_err(|error| StartsError::Solve {
            start: square,
            error,
        })?;
        let (outcome, tour) = match outcome {
            Outcome::Tour { layer, tour, .. } => (
                StartOutcome::Tour {
                    layer,
                    source: Source::Solved,
                },
                Some(tour),
            ),
            Outcome::NoTour { reason, layer, .. } => {
                (StartOutcome::NoTour(Proof::Search { reason, layer }), None)
            }
            Outcome::BudgetExceeded { cause, .. } => (
                StartOutcome::BudgetExceeded {
                    cause: self.cause_of(cause, granted),
                },
                None,
            ),
        };
        let answer = StartAnswer {
            square,
            outcome,
            nodes,
        };
        Ok((answer, tour))
    }

    /// Nodes of the map's budget for one solve that may spend `wanted`: all it wants while the
    /// budget lasts, what is left after; `None` when the map has no budget of its own.
    fn take_nodes(&self, wanted: u64) -> Option<u64> {
        let (_, left) = self.map_budget.as_ref()?;
        let mut granted = 0;
        let _ = left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
            granted = left.min(wanted);
            Some(left - granted)
        });
        Some(granted)
    }

    /// Returns nodes a solve was given and did not spend to the map's budget.
    fn give_back(&self, unspent: u64) {
        if let Some((_, left)) = &self.map_budget {
            left.fetch_add(unspent, Ordering::Relaxed);
        }
    }

    /// Why a solve gave up, in the map's terms: the map's deadline (the solve was given the
    /// time left), or the map's node budget when it gave the solve less than the request's.
    fn cause_of(&self, cause: GiveUp, granted: Option<u64>) -> GiveUp {
        let limited_by_map = granted.is_some_and(|granted| granted < self.template.node_budget);
        match (cause, self.deadline, &self.map_budget) {
            (GiveUp::Deadline { .. }, Some((_, allowed)), _) => GiveUp::Deadline { allowed },
            (GiveUp::NodeBudget { .. }, _, Some((budget, _))) if limited_by_map => {
                GiveUp::NodeBudget { budget: *budget }
            }
            (cause, _, _) => cause,
        }
    }
}
