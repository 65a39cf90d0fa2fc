//! What each worker of a cluster count does: one dataflow round a square.
//!
//! In round `v` a worker steps every state it holds (the engine's pure step,
//! [`FrontierSteps::step`]) and sends each successor, with its count, into the dataflow, which
//! exchanges it to the worker that owns its hash; that worker gathers it ([`Gather`]), adding
//! up the counts of each state. When every worker's states of round `v` have arrived (a probe
//! of the gathering), each worker tells every other what it now holds and whether anything
//! stopped it (a second exchange, a report to each worker), so that all of them decide alike
//! whether to go on: the deadline, a process's memory, or a count that outgrew its numbers
//! (the pass is then made again in wider ones) end the count everywhere after the same round.
//! With checkpoints (`saved`), the workers agree in the same way on when to write one, that
//! every worker wrote it before any removes its older one, and, resuming, on the newest
//! checkpoint every worker holds.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde::de::DeserializeOwned;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::{Exchange, ExchangeCore};
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

use self::checkpoints::{begin, save};
use super::Exchanged;
use super::batches::{Batch, OneEach, Outbox};
use super::budget::{Budget, Trouble};
use super::gather::{Gather, owner, partitions_for};
use super::held::Held;
use super::number::{Fixed, Number};
use super::packed;
use super::saved::{Mark, Saving};
use super::spilled::Disk;
use crate::cli::count::keep::Spill;
use knights_tour_engine::count::dataflow::{FrontierSteps, StateWord, Successor};
use knights_tour_engine::count::{BigUint, CountProgress, Partway};

mod checkpoints;
mod reports;

use self::reports::{Report, Status, decided};

/// A state's word as the dataflow carries it.
pub(super) trait Word: StateWord + Fixed + Serialize + DeserializeOwned {}
impl<W: StateWord + Fixed + Serialize + DeserializeOwned> Word for W {}

/// What a worker counts within.
pub(super) struct Bounds {
    /// Stop at this moment.
    pub(super) deadline: Option<Instant>,
    /// The memory of this worker's process.
    pub(super) budget: Arc<Budget>,
    /// Hears of each round's frontier, if this worker reports progress.
    pub(super) progress: Option<Arc<dyn Fn(CountProgress) + Send + Sync>>,
    /// The workers of each process.
    pub(super) threads: usize,
    /// Where this process's workers keep checkpoints, if they do.
    pub(super) saving: Option<Arc<Saving>>,
    /// Where this process's workers write states past the memory cap, if they may.
    pub(super) spill: Option<Arc<Spill>>,
}

/// What the count found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Found {
    /// The number of tours.
    pub(super) tours: BigUint,
    /// The most states a frontier held, over all workers.
    pub(super) peak_states: u64,
    /// The most bytes one process held in its states.
    pub(super) peak_bytes: u64,
    /// What each process held, and what the processes sent each other.
    pub(super) exchanged: Exchanged,
}

/// Why every worker stopped without the count: each decides alike, from the same reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Stop {
    /// The deadline passed.
    Deadline { partway: Partway },
    /// A worker's process ran out of its memory.
    Memory {
        worker: usize,
        cap: u64,
        wanted: u64,
        partway: Partway,
    },
    /// A worker was sent a word that is no state of this count.
    Stranger { worker: usize },
    /// A count passed 2^128.
    TooLarge,
    /// A worker's spill to disk failed (a full disk, `--spill-limit`); the message is its
    /// process's own.
    Disk {
        worker: usize,
        message: Option<String>,
        partway: Partway,
    },
    /// A worker could not read, write or remove a checkpoint; the message is its process's
    /// own.
    Checkpoint {
        worker: usize,
        message: Option<String>,
    },
}

/// Why a pass stopped: the count's end, or an overflow that another pass in wider numbers
/// may get past.
enum Halt {
    Stop(Stop),
    Overflow,
}

/// How many states a worker steps between looks at the dataflow and the clock.
const STEP_EVERY: u32 = 1024;

/// The longest a waiting worker sleeps before it looks again (a message wakes it sooner).
const PARK: Duration = Duration::from_millis(100);

/// Counts, in `u64` and, if a count overflows that, again in `u128`. Every worker of every
/// process calls it, with the same steps; each returns the same answer.
pub(super) fn count<W: Word>(
    worker: &mut Worker,
    steps: &FrontierSteps<W>,
    limits: &Bounds,
) -> Result<Found, Stop> {
    match pass::<W, u64>(worker, steps, limits) {
        Err(Halt::Overflow) => match pass::<W, u128>(worker, steps, limits) {
            Err(Halt::Overflow) => Err(Stop::TooLarge),
            Err(Halt::Stop(stop)) => Err(stop),
            Ok(found) => Ok(found),
        },
        Err(Halt::Stop(stop)) => Err(stop),
        Ok(found) => Ok(found),
    }
}

/// One count in numbers of type `C`, on a dataflow of its own.
fn pass<W: Word, C: Number>(
    worker: &mut Worker,
    steps: &FrontierSteps<W>,
    limits: &Bounds,
) -> Result<Found, Halt> {
    let me = worker.index();
    let threads = limits.threads.max(1);
    let mut flow = Flow::<W, C>::new(worker, limits);
    let budget = || Arc::clone(&limits.budget);
    let (mut held, mark) = match begin::<W, C>(worker, &mut flow, steps, limits) {
        Ok(begun) => begun,
        Err(halt) => {
            flow.close(worker);
            return Err(halt);
        }
    };
    let squares = steps.squares();
    let (mut frontier, mut peak_states, mut peak_bytes) = (mark.frontier, mark.peak_states, 0);
    let (mut time_left, mut stepped_in_all) = (steps.time_left(), mark.stepped);
    let mut saved_at = Instant::now();
    let mut result = None;
    for v in mark.done..squares {
        let round_began = Instant::now();
        let room = limits.budget.cap() / threads as u64;
        let partitions = partitions_for::<W, C>(held.states() * 2, room);
        let (tours, round_went) = step_round(worker, steps, v, held, &mut flow, limits);
        let gathered = flow.gathered(worker, v, partitions);
        let status = match (round_went, &gathered) {
            (Status::Going, Err(Trouble::Memory { wanted })) => Status::Memory {
                cap: limits.budget.cap(),
                wanted: *wanted,
            },
            (Status::Going, Err(Trouble::Overflow)) => Status::Overflow,
            (Status::Going, Err(Trouble::Disk)) => Status::Disk,
            (Status::Going, Err(Trouble::Malformed)) => Status::Stranger,
            (status, _) => status,
        };
        held = gathered.unwrap_or_else(|_| Held::none(budget()));
        let round = flow.tell(
            worker,
            Report {
                worker: me,
                states: held.states(),
                tours: tours.wide(),
                peak_bytes: limits.budget.peak(),
                states_away: flow.states_away,
                bytes_away: flow.bytes_away,
                due: limits
                    .saving
                    .as_ref()
                    .is_some_and(|saving| saved_at.elapsed() >= saving.every),
                saved: [0; 2],
                status,
            },
        );
        let partway = Partway::Squares {
            done: v as u64,
            of: squares as u64,
            states: frontier,
        };
        if let Some(halt) = decided(&round, partway) {
            result = Some(Err(flow.own_message(halt, me)));
            break;
        }
        let stepped_now = frontier;
        frontier = round.iter().map(|report| report.states).sum();
        stepped_in_all += stepped_now;
        time_left.taken(stepped_now, round_began.elapsed().as_secs_f64(), frontier);
        peak_states = peak_states.max(frontier);
        let most_bytes = round.iter().map(|report| report.peak_bytes).max();
        peak_bytes = peak_bytes.max(most_bytes.unwrap_or(0));
        if let Some(progress) = &limits.progress {
            // The whole cluster's: its frontier, and the most memory one process holds.
            progress(CountProgress {
                squares_done: v as u64 + 1,
                squares: squares as u64,
                states: frontier,
                permille: 0,
                bytes: most_bytes.unwrap_or(0),
                seconds_left: time_left.seconds_left(),
            });
        }
        if let Some(saving) = &limits.saving
            && v + 1 < squares
            && round.iter().any(|report| report.due)
        {
            let mark = Mark {
                done: v + 1,
                states: held.states(),
                frontier,
                peak_states,
                stepped: stepped_in_all,
            };
            if let Err(halt) = save(worker, &mut flow, saving, &mark, &held) {
                result = Some(Err(halt));
                break;
            }
            saved_at = Instant::now();
        }
        if v + 1 == squares {
            let found: BigUint = round.iter().map(|report| BigUint::from(report.tours)).sum();
            let mut process_peak_bytes = vec![0; worker.peers().div_ceil(threads)];
            for report in &round {
                let held = &mut process_peak_bytes[report.worker / threads];
                *held = (*held).max(report.peak_bytes);
            }
            let away = |of: fn(&Report) -> u64| round.iter().map(of).sum();
            result = Some(Ok(Found {
                tours: steps.tours(found),
                peak_states,
                peak_bytes,
                exchanged: Exchanged {
                    process_peak_bytes,
                    bytes_exchanged: away(|report| report.bytes_away),
                    states_exchanged: away(|report| report.states_away),
                    states_stepped: stepped_in_all,
                },
            }));
        }
    }
    flow.close(worker);
    result.expect("a pass ends at its last square or halts before")
}

/// A pass's dataflow, as a worker drives it: the states it sends, which the dataflow
/// exchanges to their owners and gathers there, and the reports it sends to every worker.
struct Flow<W: Word, C: Number> {
    /// This worker, and the workers of all processes.
    me: u64,
    peers: u64,
    /// The workers of this worker's process.
    here: std::ops::Range<u64>,
    /// The batches this worker fills for every worker, itself included.
    outbox: Outbox<(W, C)>,
    /// Batches of states into the dataflow, a round a timestamp.
    states: InputHandleVec<u64, Batch<W, C>>,
    /// Whether every worker's states of a round have been gathered.
    states_in: ProbeHandle<u64>,
    /// The states this worker owns of the next frontier.
    gather: Rc<RefCell<Gather<W, C>>>,
    /// Reports into the dataflow, each with the worker it goes to.
    reports: InputHandleVec<u64, (usize, Report)>,
    /// Whether every worker's reports of a round have arrived.
    reports_in: ProbeHandle<u64>,
    /// The reports this worker has heard, each with the time it was told at: a worker that
    /// is ahead may tell the next before this one has taken the last.
    heard: Rc<RefCell<Vec<(u64, Report)>>>,
    /// The states this worker has sent to workers of other processes, and their bytes.
    states_away: u64,
    bytes_away: u64,
    /// Where this worker's states go past the memory cap.
    disk: Option<Arc<Disk>>,
}

impl<W: Word, C: Number> Flow<W, C> {
    /// The dataflow, built in `worker` (one of `threads` in its process), its states gathered
    /// within `budget`.
    fn new(worker: &mut Worker, limits: &Bounds) -> Self {
        let threads = limits.threads.max(1);
        let disk = (limits.spill.as_ref())
            .map(|spill| Arc::new(Disk::new(Arc::clone(spill), worker.index())));
        let gather = Gather::new(Arc::clone(&limits.budget), 1, disk.clone());
        let gather = Rc::new(RefCell::new(gather));
        let peers = worker.peers() as u64;
        let first = (worker.index() / threads * threads) as u64;
        let here = first..first + threads as u64;
        let heard: Rc<RefCell<Vec<(u64, Report)>>> = Rc::default();
        let mut states = InputHandleVec::new();
        let mut reports = InputHandleVec::new();
        let (states_in, reports_in) = (ProbeHandle::new(), ProbeHandle::new());
        worker.dataflow::<u64, _, _>(|scope| {
            let into = Rc::clone(&gather);
            scope
                .input_from(&mut states)
                .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    ExchangeCore::<OneEach<Batch<W, C>>, _>::new_core(Batch::to),
                    "Gather",
                    move |_, _| {
                        move |input, _| {
                            input.for_each(|_, arrived| {
                                let mut gather = into.borrow_mut();
                                for batch in arrived.drain(..) {
                                    match batch {
                                        Batch::Here(_, mut states) => gather.take(&mut states),
                                        Batch::Away(_, bytes) => gather.take_packed(&bytes),
                                    }
                                }
                            })
                        }
                    },
                )
                .probe_with(&states_in);
            let into = Rc::clone(&heard);
            scope
                .input_from(&mut reports)
                .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    Exchange::new(|item: &(usize, Report)| item.0 as u64),
                    "Hear",
                    move |_, _| {
                        move |input, _| {
                            input.for_each(|time, arrived| {
                                // An input's messages always carry its time.
                                let told = time.least().copied().unwrap_or_default();
                                let reports = arrived.drain(..).map(|(_, report)| (told, report));
                                into.borrow_mut().extend(reports);
                            })
                        }
                    },
                )
                .probe_with(&reports_in);
        });
        Self {
            me: worker.index() as u64,
            peers,
            here,
            outbox: Outbox::new(worker.peers()),
            states,
            states_in,
            gather,
            reports,
            reports_in,
            heard,
            states_away: 0,
            bytes_away: 0,
            disk,
        }
    }

    /// `halt`, with this worker's (`me`) own word of its disk if its spill is what failed.
    fn own_message(&self, halt: Halt, me: usize) -> Halt {
        match halt {
            Halt::Stop(Stop::Disk {
                worker, partway, ..
            }) => Halt::Stop(Stop::Disk {
                worker,
                message: (worker == me)
                    .then(|| self.disk.as_ref().and_then(|disk| disk.failure()))
                    .flatten(),
                partway,
            }),
            halt => halt,
        }
    }

    /// Sends `word` with its `count` to the worker that owns it, in a batch for that worker.
    /// A batch for this worker itself is gathered here when full, not sent: gathered together,
    /// its states' partitions are looked up at once, not one at a time between steps (which
    /// took a cluster of one 1.3 to 1.6 times as long), and no branch on whether a state is
    /// this worker's own is guessed wrong half the time.
    #[inline]
    fn send(&mut self, word: W, count: C) {
        let to = match self.peers {
            // A cluster of one, whose gathering hashes the state. `owner` would give 0 too,
            // but with it a cluster of one took 3 to 12% more CPU (four pairs, both at once).
            1 => 0,
            peers => owner(word, peers),
        };
        if let Some(batch) = self.outbox.push(to as usize, (word, count)) {
            self.send_batch(to, batch);
        }
    }

    /// Sends a batch for worker `to`; one for this worker it gathers at once, and one for
    /// another process it packs. Out of line: it runs once a batch, [`Flow::send`] once a state.
    #[inline(never)]
    fn send_batch(&mut self, to: u64, mut batch: Vec<(W, C)>) {
        if to == self.me {
            self.gather.borrow_mut().take(&mut batch);
            self.outbox.refill(to as usize, batch);
            return;
        }
        let batch = if self.here.contains(&to) {
            Batch::Here(to, batch)
        } else {
            let mut bytes = Vec::new();
            packed::pack(&batch, &mut bytes);
            self.states_away += batch.len() as u64;
            self.bytes_away += bytes.len() as u64;
            self.outbox.refill(to as usize, batch);
            Batch::Away(to, bytes)
        };
        self.states.send_batch(&mut vec![batch]);
    }

    /// Ends round `v` of the states: once every worker's have arrived, the states this worker
    /// owns, every one once, gathered for the next round in `partitions` partitions.
    fn gathered(
        &mut self,
        worker: &mut Worker,
        v: usize,
        partitions: usize,
    ) -> Result<Held<W, C>, Trouble> {
        let rest: Vec<_> = self.outbox.rest().collect();
        for (to, batch) in rest {
            self.send_batch(to as u64, batch);
        }
        self.states.advance_to(v as u64 + 1);
        while self.states_in.less_than(self.states.time()) {
            worker.step_or_park(Some(PARK));
        }
        self.gather.borrow_mut().finish(partitions)
    }

    /// Tells every worker `report`, and gives every worker's report, once all have come.
    fn tell(&mut self, worker: &mut Worker, report: Report) -> Vec<Report> {
        for to in 0..worker.peers() {
            self.reports.send((to, report));
        }
        let now = *self.reports.time();
        self.reports.advance_to(now + 1);
        while self.reports_in.less_than(self.reports.time()) {
            worker.step_or_park(Some(PARK));
        }
        let mut heard = self.heard.borrow_mut();
        let (round, later): (Vec<_>, Vec<_>) = heard.drain(..).partition(|(told, _)| *told == now);
        *heard = later;
        let round: Vec<Report> = round.into_iter().map(|(_, report)| report).collect();
        assert_eq!(round.len(), worker.peers(), "a report from every worker");
        round
    }

    /// Closes the dataflow, once every worker closes it.
    fn close(self, worker: &mut Worker) {
        drop(self);
        while worker.has_dataflows() {
            worker.step_or_park(Some(PARK));
        }
    }
}

/// Steps every state `held` of the frontier before square `v`, sending each successor to its
/// owner through `flow`; the tours closed, and how the round went.
fn step_round<W: Word, C: Number>(
    worker: &mut Worker,
    steps: &FrontierSteps<W>,
    v: usize,
    held: Held<W, C>,
    flow: &mut Flow<W, C>,
    limits: &Bounds,
) -> (C, Status) {
    let mut tours = C::ZERO;
    let mut status = Status::Going;
    let mut until_look = STEP_EVERY;
    let drained = held.drain(|word, count| {
        until_look -= 1;
        if until_look == 0 {
            until_look = STEP_EVERY;
            // Lets the gathering take what has arrived, so it never piles up.
            worker.step();
            if limits
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
            {
                status = Status::Deadline;
                return false;
            }
        }
        let Some(state) = steps.state_from_word(word) else {
            status = Status::Stranger;
            return false;
        };
        steps.step(v, state, |successor| match successor {
            Successor::State(next) => flow.send(next.to_word(), count),
            Successor::Tour => {
                if tours.add(count).is_err() {
                    status = Status::Overflow;
                }
            }
        });
        status == Status::Going
    });
    if drained.is_err() && status == Status::Going {
        status = Status::Disk;
    }
    (tours, status)
}
