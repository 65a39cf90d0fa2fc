//! The judge of play: whether a tour completes the position the player has reached, asked of
//! the engine (`solve::solve` on a request that completes the path so far) on a thread of its
//! own, so that keys are never kept waiting.
//!
//! A position is judged in slices of growing deadlines ([`SLICES`]); each slice is a whole
//! solve, so a slice that ends in time gives the answer and one that runs out says so (an
//! interim "unknown") before the next, longer one. The next move cancels the work: the judge
//! is told which job it is wanted for ([`Judge::ask`], [`Judge::want_nothing`]) and a job no
//! longer wanted stops at the end of its slice. One worker judges one job at a time, the
//! latest first; it is started with the first job and ends when the explorer does. Each slice
//! takes a turn of the host's work threads ([`Allowance::turn`]: at once locally; in a served
//! session, from the session's seat, so its work runs on one thread at a time) and keeps to
//! the memory the explorer's limits leave it. Where the system will not start a thread, the
//! position is judged on the caller's thread, in the first slice alone. A starts or ends map
//! being made waits while the judge works (`maps`), so that a slice's deadline is the judge's
//! own time rather than the map's.
//!
//! The judge asks `auto` (`Request`'s default), so another piece's position goes through the
//! same layers as `knights-tour solve --prefix`: the position's proofs, a greedy pass, then
//! path flipping (skipped for a closed tour's partial tours), the search over moves and
//! backtracking by turns.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::existence::NoTourReason;
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::shape::{Clue, Shape};
use knights_tour_engine::solve::{GiveUp, Outcome, Request, solve};
use knights_tour_engine::tour::Tour;

use crate::explorer::allowance::{Allowance, capped};
use crate::options::with_memory_cap;

/// The deadlines of a position's slices, shortest first: most positions are answered in the
/// first, on 8x8 and on 100x100 alike; a position still unanswered after the last is unknown.
pub(crate) const SLICES: [Duration; 3] = [
    Duration::from_millis(50),
    Duration::from_millis(250),
    Duration::from_millis(1250),
];

/// What the judge says of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judgement {
    /// A tour completes the position: the engine found one and the validator passed it.
    Completes {
        /// The tour's next square after the position: the hint (`None` on a covered board).
        next: Option<Square>,
        /// The search nodes the tour took.
        nodes: u64,
    },
    /// No tour completes the position, proved.
    Dead {
        /// The proof: one of the position's proofs (a square out of reach, two squares that
        /// would both be last, colours, forced moves, a cut square), an exhausted search, or a
        /// theorem about the start.
        reason: NoTourReason,
        /// The search nodes the proof took.
        nodes: u64,
    },
    /// No answer within the judge's time or budget.
    Unknown {
        /// What ran out.
        cause: GiveUp,
        /// The search nodes spent.
        nodes: u64,
    },
    /// The judge could not ask the engine (its memory, say): why.
    Failed(String),
}

impl Judgement {
    /// The judgement of a solve's outcome for a path of `walked` squares.
    fn of(outcome: &Outcome, walked: usize) -> Self {
        match outcome {
            Outcome::Tour { tour, stats, .. } => Judgement::Completes {
                next: tour
                    .indices()
                    .get(walked)
                    .map(|&index| tour.board().square_at(index)),
                nodes: stats.nodes,
            },
            Outcome::NoTour { reason, stats, .. } => Judgement::Dead {
                reason: reason.clone(),
                nodes: stats.nodes,
            },
            Outcome::BudgetExceeded { cause, stats, .. } => Judgement::Unknown {
                cause: *cause,
                nodes: stats.nodes,
            },
        }
    }
}

/// How often a job waiting for a turn of the host's work threads looks whether it is still
/// wanted.
const CANCEL_POLL: Duration = Duration::from_millis(50);

/// A position to judge: the path so far, first square first, and the kind of tour; and what
/// the explorer may use to judge it: its host's threads and `memory` bytes.
#[derive(Debug)]
pub(super) struct Job {
    pub(super) board: Board,
    /// The board's holes and clues, when it has any.
    pub(super) shape: Option<Arc<Shape>>,
    pub(super) piece: Leaper,
    pub(super) path: Arc<[Square]>,
    pub(super) closed: bool,
    /// The square the tour must end on, if the game asks for one.
    pub(super) end: Option<Square>,
    pub(super) allowance: Allowance,
    pub(super) memory: u64,
}

/// A job as the worker gets it: with the id its reports give.
#[derive(Debug)]
struct Sent {
    id: u64,
    job: Job,
}

/// What the worker says of a job.
#[derive(Debug)]
pub(super) enum Report {
    /// A slice ran out after `nodes` nodes; a longer one follows.
    Interim { id: u64, nodes: u64 },
    /// The judgement, and the tour when one completes the position.
    Final {
        id: u64,
        judgement: Judgement,
        tour: Option<Arc<Tour>>,
    },
    /// The job was stopped unanswered: it was no longer wanted.
    Dropped { id: u64 },
}

impl Report {
    /// The job the report is about.
    pub(super) fn id(&self) -> u64 {
        match self {
            Report::Interim { id, .. } | Report::Final { id, .. } | Report::Dropped { id } => *id,
        }
    }
}

/// No job is wanted.
const NOTHING: u64 = 0;

/// Where jobs go: the worker's thread, or, when it could not be started, this thread.
#[derive(Debug)]
enum Worker {
    Thread {
        jobs: Sender<Sent>,
        /// The worker's reports not yet taken (a list behind a lock rather than a channel's
        /// receiver, so that the explorer can be shared between threads).
        reports: Arc<Mutex<Vec<Report>>>,
    },
    Inline {
        reports: Vec<Report>,
    },
}

/// The judge: the worker, the jobs sent to it and not yet answered, and the one wanted now.
#[derive(Debug, Default)]
pub(super) struct Judge {
    worker: Option<Worker>,
    /// The last job's id (ids start at 1: [`NOTHING`] is none).
    last_id: u64,
    /// Jobs sent and neither answered nor dropped.
    in_flight: Vec<u64>,
    /// The job the worker is to go on with; any other stops at the end of its slice.
    wanted: Arc<AtomicU64>,
}

/// A copy of the explorer (the opening position a served session starts from) has a judge of
/// its own, with nothing under way.
impl Clone for Judge {
    fn clone(&self) -> Self {
        Self::default()
    }
}

/// An explorer that goes stops its judge's work at the end of the slice under way.
impl Drop for Judge {
    fn drop(&mut self) {
        self.want_nothing();
    }
}

impl Judge {
    /// Asks for `job` to be judged, wanted from now on; returns its id. (A job under way is
    /// wanted again with [`Judge::ask_again`].)
    pub(super) fn ask(&mut self, job: Job) -> u64 {
        self.last_id += 1;
        let id = self.last_id;
        let sent = Sent { id, job };
        self.wanted.store(id, Ordering::Relaxed);
        self.in_flight.push(id);
        match self
            .worker
            .get_or_insert_with(|| start_worker(&self.wanted))
        {
            Worker::Thread { jobs, .. } => {
                if let Err(unsent) = jobs.send(sent) {
                    // The worker is gone (it panicked): judge here from now on. The jobs it
                    // had will never be answered.
                    self.in_flight.retain(|&other| other == id);
                    let mut reports = Vec::new();
                    judge(&unsent.0, &SLICES[..1], &self.wanted, &mut |report| {
                        reports.push(report)
                    });
                    self.worker = Some(Worker::Inline { reports });
                }
            }
            Worker::Inline { reports } => judge(&sent, &SLICES[..1], &self.wanted, &mut |report| {
                reports.push(report)
            }),
        }
        id
    }

    /// Tells the worker to go on with job `id`, still under way; `false` if it is not.
    pub(super) fn ask_again(&mut self, id: u64) -> bool {
        let under_way = self.in_flight.contains(&id);
        if under_way {
            self.wanted.store(id, Ordering::Relaxed);
        }
        under_way
    }

    /// No position needs judging: the work under way stops at the end of its slice.
    pub(super) fn want_nothing(&mut self) {
        self.wanted.store(NOTHING, Ordering::Relaxed);
    }

    /// Whether jobs are under way (their reports are still to come).
    pub(super) fn working(&self) -> bool {
        !self.in_flight.is_empty()
    }

    /// The reports that came since the last call, oldest first.
    pub(super) fn reports(&mut self) -> Vec<Report> {
        let reports: Vec<Report> = match &mut self.worker {
            Some(Worker::Thread { reports, .. }) => {
                std::mem::take(&mut *reports.lock().unwrap_or_else(PoisonError::into_inner))
            }
            Some(Worker::Inline { reports }) => std::mem::take(reports),
            None => Vec::new(),
        };
        for report in &reports {
            if !matches!(report, Report::Interim { .. }) {
                self.in_flight.retain(|&id| id != report.id());
            }
        }
        reports
    }
}

/// The worker's thread, or the caller's when the system will not start one.
fn start_worker(wanted: &Arc<AtomicU64>) -> Worker {
    let (jobs, waiting) = channel::<Sent>();
    let reports = Arc::new(Mutex::new(Vec::new()));
    let reported = Arc::clone(&reports);
    let wanted_here = Arc::clone(wanted);
    let spawned = std::thread::Builder::new()
        .name("play judge".into())
        .spawn(move || {
            // The loop ends when the explorer goes, and the jobs' sender with it.
            for sent in waiting {
                judge(&sent, &SLICES, &wanted_here, &mut |report| {
                    reported
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(report)
                });
            }
        });
    match spawned {
        Ok(_) => Worker::Thread { jobs, reports },
        Err(_) => Worker::Inline {
            reports: Vec::new(),
        },
    }
}

/// The question a position asks: a tour that completes the path. On a board with clues the
/// engine takes no partial tour, so the path's squares are given their numbers (1 to its
/// length) beside the clues still ahead: the same question, asked of the search that keeps
/// clues after its proofs (a clue out of reach, colours, a square cut off...).
fn position_request(job: &Job) -> Result<Request, String> {
    let request = match &job.shape {
        Some(shape) if !shape.clues().is_empty() => {
            let walked = job.path.len();
            let numbers = job
                .path
                .iter()
                .zip(1..)
                .map(|(&square, number)| Clue { number, square });
            let clues: Vec<Clue> = shape
                .clues()
                .iter()
                .filter(|clue| clue.number as usize > walked)
                .copied()
                .chain(numbers)
                .collect();
            let numbered = Shape::new(job.board, shape.holes(), &clues)
                .map_err(|error| format!("the position cannot be asked: {error}"))?;
            Request::on_shape(Arc::new(numbered), Some(job.path[0]))
        }
        Some(shape) => Request::on_shape(Arc::clone(shape), Some(job.path[0]))
            .completing(Arc::clone(&job.path)),
        None => Request::new(job.board, job.path[0]).completing(Arc::clone(&job.path)),
    };
    let request = request.piece(job.piece).closed(job.closed);
    Ok(match job.end {
        Some(end) => request.ending_at(end),
        None => request,
    })
}

/// Judges job `id` a slice at a time, each slice's deadline from `slices` and in a turn of
/// the host's work threads, while it is the job `wanted`; tells `report` what it finds as it
/// finds it.
fn judge(
    Sent { id, job }: &Sent,
    slices: &[Duration],
    wanted: &AtomicU64,
    report: &mut impl FnMut(Report),
) {
    let id = *id;
    let still_wanted = || wanted.load(Ordering::Relaxed) == id;
    for (at, &slice) in slices.iter().enumerate() {
        let turn = loop {
            if !still_wanted() {
                report(Report::Dropped { id });
                return;
            }
            if let Some(turn) = job.allowance.turn(Some(CANCEL_POLL)) {
                break turn;
            }
        };
        let mut request = match position_request(job) {
            Ok(request) => request,
            Err(message) => {
                report(Report::Final {
                    id,
                    judgement: Judgement::Failed(message),
                    tour: None,
                });
                return;
            }
        };
        request.time_limit = Some(slice);
        let solved = with_memory_cap(capped(request, job.memory))
            .and_then(|request| solve(&request).map_err(|error| error.to_string()));
        let outcome = match solved {
            Ok(outcome) => outcome,
            Err(message) => {
                let judgement = Judgement::Failed(message);
                report(Report::Final {
                    id,
                    judgement,
                    tour: None,
                });
                return;
            }
        };
        drop(turn);
        let judgement = Judgement::of(&outcome, job.path.len());
        match outcome {
            Outcome::BudgetExceeded { stats, .. } if at + 1 < slices.len() => {
                report(Report::Interim {
                    id,
                    nodes: stats.nodes,
                });
            }
            Outcome::Tour { tour, .. } => {
                report(Report::Final {
                    id,
                    judgement,
                    tour: Some(Arc::new(tour)),
                });
                return;
            }
            _ => {
                report(Report::Final {
                    id,
                    judgement,
                    tour: None,
                });
                return;
            }
        }
    }
}
