//! The starts map: what the solver answers from every square of a board, for one kind (open or
//! closed) and one method. Each square gets a tour (with the nodes it took), a proof that none
//! starts there, or a run that gave up.
//!
//! What each answer means, and where it comes from:
//!
//! - **Theorems first, for every method.** A square the existence theorems refuse
//!   ([`existence::verdict`]: no tour on the board, a minority-colour start on an odd board, an
//!   inner line of a 4×n board) is answered by the theorem, with 0 nodes and no search, as
//!   [`solve`] answers it by every method.
//! - **Every other square is solved from that square.** Its answer is exactly what [`solve`]
//!   answers from it: a tour the solver found and validated (then dropped: a map keeps no
//!   tours), a proof by exhausted search, or a run that gave up; its node count is that
//!   solve's. Symmetry copies no tours and no counts: the search's tie-breaks end in the fixed
//!   move order, which no symmetry keeps, so mirror starts take different numbers of nodes
//!   (`naive` on 8×8: about 3.2 million from 0,0, more than ten million from 0,7), and one
//!   may run out of budget where the other finds a tour.
//! - **Proofs go to the whole orbit.** A symmetry of the board ([`Symmetry`]: eight of a square
//!   board, four of a rectangle) maps knight moves to knight moves, so a tour from the image of
//!   a start would map back to a tour from the start: where the search proves that no tour
//!   starts at a square, none starts at any of its images either. The squares are solved in two
//!   rounds: first one representative of each orbit (its first square in row-major order), then
//!   the other squares, where an image of a proved representative takes the proof
//!   ([`Proof::Symmetric`], 0 nodes) instead of a search. Such an answer can be stronger than
//!   the square's own search would have been (which might have run out of budget) but never
//!   different in kind: a tour cannot start there. The rounds keep the output the same from run
//!   to run, whatever the threads do.
//!
//! Limits: the request's **node budget is per start** (every solve gets all of it), its
//! **deadline is for the whole run** (each solve gets the time left; a start not begun by then
//! gives up with 0 nodes), and its **memory cap is for the whole run**, shared equally by the
//! threads, which solve at the same time. Boards above [`MAX_SQUARES`] are refused: the work
//! grows as the square of the area (every square solved from every square); 256×256 takes
//! about half a minute with `auto` and minutes with a single search method, and each doubling
//! of the side multiplies that by sixteen.
//!
//! The solves are spread over threads started with `std::thread::Builder::spawn_scoped` (the
//! calling thread works too, and does all the work if no thread will start). The engine knows
//! nothing of terminals: progress goes to a callback, which can also stop the run.

mod symmetry;

use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use thiserror::Error;

pub use symmetry::Symmetry;

use crate::board::{Board, Square};
use crate::existence::{self, NoTourReason, Verdict};
use crate::solve::{GiveUp, Layer, Method, Outcome, Request, SolveError, solve};

/// The most squares a map is made for: 256×256. Each square is a solve of the whole board.
pub const MAX_SQUARES: u64 = 1 << 16;

/// The progress callback: called with the starts answered so far and the total, once for each
/// answer, one call at a time, `done` rising by one each call. [`ControlFlow::Break`] stops the
/// run: no further start begins, and [`map_starts`] returns [`StartsError::Stopped`].
pub type Progress<'p> = dyn Fn(usize, usize) -> ControlFlow<()> + Sync + 'p;

/// The answer from one start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartAnswer {
    /// The start.
    pub square: Square,
    /// What the solver answered from it.
    pub outcome: StartOutcome,
    /// Search nodes the solve from this square expanded (0 for a theorem or a copied proof).
    pub nodes: u64,
}

/// What was answered from one start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartOutcome {
    /// The solver found a tour from this start, which passed the validator.
    Tour {
        /// The layer that found it.
        layer: Layer,
    },
    /// No tour starts here: proved.
    NoTour(Proof),
    /// The solve gave up; a bigger budget might find a tour or a proof.
    BudgetExceeded {
        /// What ran out (a deadline is the whole run's).
        cause: GiveUp,
    },
}

/// Why no tour starts at a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// The existence theorems refuse the square; no search ran.
    Theorem(NoTourReason),
    /// The solve from this square proved it.
    Search {
        /// The proof (an exhausted search).
        reason: NoTourReason,
        /// The layer that proved it.
        layer: Layer,
    },
    /// A symmetry of the board takes a square with a proof to this one.
    Symmetric {
        /// This square.
        square: Square,
        /// The square the search proved.
        from: Square,
        /// The symmetry that takes `from` to `square`.
        symmetry: Symmetry,
        /// The proof at `from`.
        reason: NoTourReason,
    },
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Proof::Theorem(reason) | Proof::Search { reason, .. } => reason.fmt(f),
            Proof::Symmetric {
                square,
                from,
                symmetry,
                reason,
            } => {
                write!(
                    f,
                    "no tour starts at {square}: {symmetry} of the board takes {from} to it, and "
                )?;
                match reason {
                    NoTourReason::ExhaustiveSearch { nodes, .. } => write!(
                        f,
                        "an exhaustive search of {nodes} nodes from {from} found none"
                    ),
                    other => other.fmt(f),
                }
            }
        }
    }
}

/// The answers from every square of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartsMap {
    /// The board.
    pub board: Board,
    /// Whether closed tours were asked for.
    pub closed: bool,
    /// The method.
    pub method: Method,
    /// One answer a square, in row-major order ([`Board::index`]).
    pub answers: Vec<StartAnswer>,
}

/// How many starts had each kind of answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Starts with a tour found.
    pub tours: u64,
    /// Starts proved to have none.
    pub no_tour: u64,
    /// Starts whose solve gave up.
    pub gave_up: u64,
}

impl StartsMap {
    /// The answer from `square`.
    pub fn answer(&self, square: Square) -> &StartAnswer {
        &self.answers[self.board.index(square) as usize]
    }

    /// How many starts had each kind of answer.
    pub fn tally(&self) -> Tally {
        let mut tally = Tally::default();
        for answer in &self.answers {
            match answer.outcome {
                StartOutcome::Tour { .. } => tally.tours += 1,
                StartOutcome::NoTour(_) => tally.no_tour += 1,
                StartOutcome::BudgetExceeded { .. } => tally.gave_up += 1,
            }
        }
        tally
    }
}

/// A map that could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StartsError {
    /// The board has more than [`MAX_SQUARES`] squares.
    #[error(
        "a starts map of the {board} board would solve all {squares} squares from each of its \
         {squares} starts; boards of at most {MAX_SQUARES} squares (256x256) are mapped",
        squares = board.area()
    )]
    TooLarge {
        /// The board.
        board: Board,
    },
    /// A solve could not run (the memory cap, or a tour the validator rejected).
    #[error("from {start}: {error}")]
    Solve {
        /// The start whose solve failed.
        start: Square,
        /// Why.
        error: SolveError,
    },
    /// The progress callback stopped the run.
    #[error("the starts map was stopped before it was done")]
    Stopped,
}

/// Answers from every square of `request.board` what the solver answers from it, on `threads`
/// threads (the calling one included; 0 counts as 1), reporting each answer to `progress`. The request's
/// start is ignored; its node budget is each start's, its deadline and memory cap the whole
/// run's (see the module doc).
pub fn map_starts(
    request: &Request,
    threads: usize,
    progress: &Progress,
) -> Result<StartsMap, StartsError> {
    let board = request.board;
    if board.area() > MAX_SQUARES {
        return Err(StartsError::TooLarge { board });
    }
    let run = Run::new(request, threads, progress);
    let mut answers: Vec<Option<StartAnswer>> = vec![None; board.area() as usize];
    let mut done = 0;
    let mut representatives = Vec::new();
    let mut images = Vec::new();
    for square in board.squares() {
        if let Verdict::Impossible(reason) = existence::verdict(board, square, request.closed) {
            answers[board.index(square) as usize] = Some(StartAnswer {
                square,
                outcome: StartOutcome::NoTour(Proof::Theorem(reason)),
                nodes: 0,
            });
            run.report(&mut done)?;
        } else if Symmetry::representative(board, square) == square {
            representatives.push(square);
        } else {
            images.push(square);
        }
    }
    run.solve_all(&representatives, &mut answers, &mut done)?;
    let mut unproved = Vec::new();
    for square in images {
        match proof_by_symmetry(board, &answers, square) {
            Some(answer) => {
                answers[board.index(square) as usize] = Some(answer);
                run.report(&mut done)?;
            }
            None => unproved.push(square),
        }
    }
    run.solve_all(&unproved, &mut answers, &mut done)?;
    Ok(StartsMap {
        board,
        closed: request.closed,
        method: request.method,
        answers: answers
            .into_iter()
            .map(|answer| answer.expect("every square is answered"))
            .collect(),
    })
}

/// The answer at `square` copied from its representative, when a search proved that no tour
/// starts there.
fn proof_by_symmetry(
    board: Board,
    answers: &[Option<StartAnswer>],
    square: Square,
) -> Option<StartAnswer> {
    let from = Symmetry::representative(board, square);
    let representative = answers[board.index(from) as usize].as_ref()?;
    let StartOutcome::NoTour(Proof::Search { reason, .. }) = &representative.outcome else {
        return None;
    };
    let symmetry = Symmetry::taking(board, from, square).expect("one orbit");
    Some(StartAnswer {
        square,
        outcome: StartOutcome::NoTour(Proof::Symmetric {
            square,
            from,
            symmetry,
            reason: reason.clone(),
        }),
        nodes: 0,
    })
}

/// One map's run: the request each solve starts from, the clock and the threads.
struct Run<'a> {
    /// Each start's request: the start aside, the same for all of them.
    template: Request,
    /// When the whole run must end, and the time it was given.
    deadline: Option<(Instant, Duration)>,
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
    fn new(request: &Request, threads: usize, progress: &'a Progress<'a>) -> Self {
        let threads = threads.max(1);
        let mut template = request.clone();
        // Each start's own tour: no end and no partial tour.
        template.end = None;
        template.prefix = None;
        // The threads solve at the same time: each may take its share of the memory.
        template.memory_cap = request.memory_cap.map(|cap| cap / threads as u64);
        template.deadline = None;
        let started = Instant::now();
        Self {
            template,
            // A deadline too far away to represent is no deadline.
            deadline: request.deadline.and_then(|allowed| {
                started
                    .checked_add(allowed)
                    .map(|deadline| (deadline, allowed))
            }),
            threads,
            progress,
            total: request.board.area() as usize,
        }
    }

    /// Counts one more answer and tells the callback.
    fn report(&self, done: &mut usize) -> Result<(), StartsError> {
        *done += 1;
        match (self.progress)(*done, self.total) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(StartsError::Stopped),
        }
    }

    /// Solves from each of `squares`, on the run's threads, into `answers`.
    fn solve_all(
        &self,
        squares: &[Square],
        answers: &mut [Option<StartAnswer>],
        done: &mut usize,
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
                let answer = self.answer(square);
                // The lock also keeps the callback's calls one at a time and in order.
                let mut shared = shared.lock().unwrap_or_else(PoisonError::into_inner);
                if stop.load(Ordering::Relaxed) {
                    return; // Another answer ended the round while this one was solved.
                }
                let reported = answer.and_then(|answer| {
                    shared.answers[index as usize] = Some(answer);
                    self.report(shared.done)
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

    /// The solver's answer from `square`, within the time left.
    fn answer(&self, square: Square) -> Result<StartAnswer, StartsError> {
        let mut request = Request {
            start: square,
            ..self.template.clone()
        };
        if let Some((deadline, allowed)) = self.deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(StartAnswer {
                    square,
                    outcome: StartOutcome::BudgetExceeded {
                        cause: GiveUp::Deadline { allowed },
                    },
                    nodes: 0,
                });
            }
            request.deadline = Some(left);
        }
        let outcome = solve(&request).map_err(|error| StartsError::Solve {
            start: square,
            error,
        })?;
        let nodes = outcome.stats().nodes;
        let outcome = match outcome {
            Outcome::Tour { layer, .. } => StartOutcome::Tour { layer },
            Outcome::NoTour { reason, layer, .. } => {
                StartOutcome::NoTour(Proof::Search { reason, layer })
            }
            Outcome::BudgetExceeded { cause, .. } => StartOutcome::BudgetExceeded {
                cause: match (cause, self.deadline) {
                    // The solve was given the time left; the run was given more.
                    (GiveUp::Deadline { .. }, Some((_, allowed))) => GiveUp::Deadline { allowed },
                    (cause, _) => cause,
                },
            },
        };
        Ok(StartAnswer {
            square,
            outcome,
            nodes,
        })
    }
}

#[cfg(test)]
mod tests;
