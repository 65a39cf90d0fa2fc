//! Counting tours by frontier (transfer-matrix) dynamic programming: the squares are taken one
//! at a time in a fixed order ([`plan`]), and the partial tours on the squares taken are
//! grouped by what the rest of the board needs to know of them — their frontier state
//! ([`cells`]), kept as a word ([`key`]). Each state carries the number of partial tours
//! that share it, so tours are counted in groups, never one by one.
//!
//! A step takes the next square: it chooses which of the square's moves back into the
//! frontier the tour uses, joins the path fragments they end, and drops the states that
//! leave a square short of moves. The tour closes with the last square. The count runs the
//! step of [`mates`] on frontiers of up to 17 squares (every board the knight's count can
//! finish) and the step of [`step`] on wider ones; both make the same states. A frontier's
//! states live in blocks charged to the count's memory ([`store`]); [`layer`] takes a square
//! from all of them on the threads, within that memory. A frontier that outgrows the memory
//! goes to the caller's store when there is one ([`spill`]), and finished frontiers are
//! written there to carry on from ([`checkpoint`]).

mod bits;
mod cells;
mod checkpoint;
mod chunk;
mod codec;
mod eta;
mod face;
mod key;
mod layer;
mod mates;
mod plan;
mod spill;
mod step;
mod store;
pub(super) mod witness;
mod word;
mod workers;

use std::marker::PhantomData;
use std::time::Instant;

use num_bigint::BigUint;

use self::cells::Cells;
use self::codec::{Codec, Labels, Partners};
pub(super) use self::eta::Estimate;
use self::key::Key;
use self::layer::{Layer, StepContext, StepStop, Taken, step_layer};
use self::mates::FastStep;
use self::plan::{Plan, Role};
use self::step::{Next, successors};
use self::store::{Budget, Full};
use self::word::Word;
use super::keep::Keeping;
use super::tally::Tally;
use super::{CountProgress, FrontierSide};
use crate::board::{Board, Square};
use crate::leaper::Leaper;

pub(super) use self::face::OneStep;
pub(super) use self::plan::{MAX_WINDOW, window};

/// The bytes a state of a frontier of `window` squares takes, with its count in 64 bits: the
/// least any state held in the count's blocks takes.
pub(super) fn state_bytes(window: usize) -> u64 {
    if <u64 as Key>::fits(window) {
        std::mem::size_of::<(u64, u64)>() as u64
    } else {
        std::mem::size_of::<(u128, u64)>() as u64
    }
}

/// A frontier count to run.
#[derive(Debug, Clone, Copy)]
pub(super) struct Frontier<'a> {
    pub(super) board: Board,
    /// The piece whose tours are counted.
    pub(super) piece: Leaper,
    /// Cycles instead of paths.
    pub(super) closed: bool,
    /// Squares that must be ends of the path.
    pub(super) ends: &'a [Square],
    /// Squares left out: no move leads into them or out of them.
    pub(super) holes: &'a [Square],
    pub(super) deadline: Option<Instant>,
    /// Bytes the states may hold.
    pub(super) memory: u64,
    pub(super) threads: usize,
    /// Where a frontier too large for the memory and the checkpoints go.
    pub(super) keeping: Keeping<'a>,
    /// The side of the board the rows are taken along.
    pub(super) side: FrontierSide,
}

/// What a frontier count found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Found {
    /// Paths (as sets of moves, whatever their direction) or cycles.
    pub(super) count: BigUint,
    /// The most states a frontier held.
    pub(super) peak_states: u64,
    /// The most bytes the states held.
    pub(super) peak_bytes: u64,
}

/// Why a frontier count stopped without its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Stopped {
    /// The board needs a frontier of more than [`MAX_WINDOW`] squares.
    TooWide { window: usize },
    /// The deadline passed after `done` squares of `of`.
    Deadline { done: usize, of: usize, states: u64 },
    /// The states outgrew the memory after `done` squares of `of`.
    Memory {
        done: usize,
        of: usize,
        states: u64,
        wanted: u64,
    },
    /// A store failed, or gave back what was not written, after `done` squares of `of`.
    Store {
        done: usize,
        of: usize,
        states: u64,
        message: String,
    },
    /// The checkpoint to carry on from is refused: why.
    Resume(String),
}

/// The step from one state, as the count runs it.
trait Stepper: Sync {
    /// How a state is kept.
    type Key: Key;
    /// The squares, one step each.
    fn squares(&self) -> usize;
    /// Calls `emit` with every state that follows `key` when square `v` is taken (`None`
    /// for a whole tour).
    fn step(&self, v: usize, key: Self::Key, emit: impl FnMut(Option<Self::Key>));
    /// Whether square `v` makes at most one state from each and never the same one from two:
    /// a hole, which takes no move, after which no state is taken for its mirror image. Its
    /// states need no merge ([`layer`]).
    fn one_to_one(&self, v: usize) -> bool;
}

/// The fast step ([`mates`]), with states kept by the codec `C`.
struct Fast<'a, C> {
    step: &'a FastStep,
    squares: usize,
    codec: PhantomData<C>,
}

impl<C: Codec> Stepper for Fast<'_, C> {
    type Key = C::Key;

    fn squares(&self) -> usize {
        self.squares
    }

    fn step(&self, v: usize, key: C::Key, emit: impl FnMut(Option<C::Key>)) {
        self.step.step::<C>(v, key, emit);
    }

    fn one_to_one(&self, v: usize) -> bool {
        self.step.one_to_one(v)
    }
}

/// The step on four bits a cell ([`step`]), with states in words `W`: the count's way for
/// frontiers too wide for the fast step's keys.
struct Nibbles<'a, W> {
    plan: &'a Plan,
    closed: bool,
    word: PhantomData<W>,
}

impl<W: Word + Key> Stepper for Nibbles<'_, W> {
    type Key = W;

    fn squares(&self) -> usize {
        self.plan.len()
    }

    fn step(&self, v: usize, key: W, mut emit: impl FnMut(Option<W>)) {
        successors(Cells(key), v, self.plan, self.closed, |next| {
            emit(match next {
                Next::State(cells) => Some(cells.0),
                Next::Tour => None,
            })
        });
    }

    fn one_to_one(&self, v: usize) -> bool {
        self.plan.role(v) == Role::Hole && self.plan.mirror_after(v).is_none()
    }
}

/// Counts: by the fast step with states in 64 bits when the frontier has at most 17 cells
/// (mates' places up to 13, labels up to 17), else by the step on four bits a cell in 128
/// bits.
pub(super) fn count(
    run: &Frontier<'_>,
    progress: &(dyn Fn(CountProgress) + Sync),
) -> Result<Found, Stopped> {
    let plan =
        Plan::along(run.board, run.side, run.piece, run.ends, run.holes).map_err(|too_wide| {
            Stopped::TooWide {
                window: too_wide.window,
            }
        })?;
    let fast = FastStep::new(&plan, run.closed);
    if Partners::fits(plan.window()) {
        count_with(run, &fast_in::<Partners>(&fast, &plan), progress)
    } else if Labels::<u64>::fits(plan.window()) {
        count_with(run, &fast_in::<Labels<u64>>(&fast, &plan), progress)
    } else {
        let stepper = Nibbles::<u128> {
            plan: &plan,
            closed: run.closed,
            word: PhantomData,
        };
        count_with(run, &stepper, progress)
    }
}

/// The fast step, with states kept by the codec `C`.
fn fast_in<'a, C>(fast: &'a FastStep, plan: &Plan) -> Fast<'a, C> {
    Fast {
        step: fast,
        squares: plan.len(),
        codec: PhantomData,
    }
}

/// The most states one state makes in a step: a square chooses at most two of its (at most
/// four) moves back, or, as a tour end, at most one.
const MOST_MADE: u128 = 16;

/// Counts with `stepper`, the counts in `u64` while the sum of a frontier's counts, times
/// [`MOST_MADE`], fits in it (no sum a step makes can then pass it), then in `u128`, then in
/// big integers.
fn count_with<S: Stepper>(
    run: &Frontier<'_>,
    stepper: &S,
    progress: &(dyn Fn(CountProgress) + Sync),
) -> Result<Found, Stopped> {
    let budget = Budget::new(run.memory);
    let mut tracker = Tracker::new(run, stepper.squares(), progress);
    let mut resumed = match run.keeping.resume {
        Some(store) => {
            let resumed = checkpoint::read(store, &tracker.question, run.keeping.context)
                .map_err(Stopped::Resume)?;
            if resumed.header.squares != stepper.squares()
                || resumed.header.done > stepper.squares()
            {
                return Err(Stopped::Resume(
                    "its squares are not this count's".to_owned(),
                ));
            }
            tracker.resume(&resumed.header);
            Some(resumed)
        }
        None => None,
    };
    let tally = resumed
        .as_ref()
        .map_or(u64::NAME, |resumed| resumed.header.tally.as_str())
        .to_owned();
    let mut wide = None;
    if tally == u64::NAME {
        let first = match resumed.take() {
            Some(resumed) => resumed.layer(),
            None => Layer::<S::Key, u64>::first(S::Key::EMPTY, &budget)
                .map_err(|full| tracker.full(full))?,
        };
        if let Some(layer) = tracker.advance(stepper, &budget, first)? {
            wide = Some(
                layer
                    .widen::<u128>(&budget)
                    .map_err(|full| tracker.full(full))?,
            );
        }
    }
    let mut big = None;
    if let Some(layer) = wide.or_else(|| {
        resumed
            .take_if(|r| r.header.tally == u128::NAME)
            .map(|r| r.layer())
    }) && let Some(layer) = tracker.advance(stepper, &budget, layer)?
    {
        big = Some(
            layer
                .widen::<BigUint>(&budget)
                .map_err(|full| tracker.full(full))?,
        );
    }
    if let Some(layer) = big.or_else(|| resumed.take().map(|r| r.layer())) {
        tracker.advance(stepper, &budget, layer)?;
    }
    Ok(Found {
        count: tracker.tours,
        peak_states: tracker.peak_states,
        peak_bytes: budget.peak(),
    })
}

/// The question a count answers, as its checkpoints name it.
fn question(run: &Frontier<'_>) -> String {
    let squares = |list: &[Square]| {
        let mut list = list.to_vec();
        list.sort_unstable();
        list.dedup();
        let text: Vec<String> = list
            .iter()
            .map(|square| format!("{},{}", square.row, square.col))
            .collect();
        format!("[{}]", text.join(" "))
    };
    format!(
        "{} {} tours of the {}, ends {}, holes {}, rows along the {} side",
        run.board,
        if run.closed { "closed" } else { "open" },
        run.piece,
        squares(run.ends),
        squares(run.holes),
        run.side.name()
    )
}

impl<'b> checkpoint::Resumed<'b> {
    /// The frontier, read from the store as it is stepped.
    fn layer<K: Key, T: Tally>(self) -> Layer<'b, K, T> {
        Layer {
            parts: Vec::new(),
            spilled: Some(self.spilled),
            states: self.header.states,
            sum: self.header.sum,
        }
    }
}

/// A count's progress from square to square.
struct Tracker<'a, 'r> {
    run: &'a Frontier<'r>,
    squares: usize,
    progress: &'a (dyn Fn(CountProgress) + Sync),
    /// The next square to take.
    v: usize,
    /// The states of the frontier, and the most any held.
    states: u64,
    peak_states: u64,
    /// How many states the last step made from one.
    growth: f64,
    tours: BigUint,
    estimate: Estimate,
    /// The question, as checkpoints name it, and when the last was written.
    question: String,
    checkpointed: Instant,
}

impl<'a, 'r: 'a> Tracker<'a, 'r> {
    fn new(
        run: &'a Frontier<'r>,
        squares: usize,
        progress: &'a (dyn Fn(CountProgress) + Sync),
    ) -> Self {
        Self {
            run,
            squares,
            progress,
            v: 0,
            states: 1,
            peak_states: 1,
            growth: 1.0,
            tours: BigUint::ZERO,
            estimate: Estimate::new(run.side.width(run.board) as usize, squares),
            question: question(run),
            checkpointed: Instant::now(),
        }
    }

    /// Carries on from a checkpoint's frontier.
    fn resume(&mut self, header: &checkpoint::Header) {
        self.v = header.done;
        self.tours = header.tours.clone();
        self.states = header.states;
        self.peak_states = header.peak_states;
    }

    /// Writes `layer` as a checkpoint, if one is due.
    fn checkpoint<'b, K: Key, T: Tally>(
        &mut self,
        layer: &Layer<'b, K, T>,
        budget: &'b Budget,
    ) -> Result<(), Stopped>
    where
        'r: 'b,
    {
        let Some(checkpoints) = self.run.keeping.checkpoint else {
            return Ok(());
        };
        if self.checkpointed.elapsed() < checkpoints.every {
            return Ok(());
        }
        let header = checkpoint::Header {
            question: self.question.clone(),
            context: self.run.keeping.context.to_owned(),
            done: self.v,
            squares: self.squares,
            tally: T::NAME.to_owned(),
            tours: self.tours.clone(),
            states: layer.states,
            peak_states: self.peak_states,
            sum: layer.sum,
        };
        checkpoint::write(checkpoints.store, &header, layer, budget)
            .map_err(|stop| self.stopped(stop))?;
        self.checkpointed = Instant::now();
        Ok(())
    }

    /// Why a step stopped, as the count's stop.
    fn stopped(&self, stop: StepStop) -> Stopped {
        match stop {
            StepStop::Full(full) => self.full(full),
            StepStop::Deadline => self.deadline(),
            StepStop::Store(message) => Stopped::Store {
                done: self.v,
                of: self.squares,
                states: self.states,
                message,
            },
        }
    }

    /// Takes the squares from the next on, until the last, or until a frontier's counts in
    /// `T` could overflow: that frontier comes back, to be widened.
    fn advance<'b, S: Stepper, T: Tally>(
        &mut self,
        stepper: &S,
        budget: &'b Budget,
        mut layer: Layer<'b, S::Key, T>,
    ) -> Result<Option<Layer<'b, S::Key, T>>, Stopped>
    where
        'r: 'b,
    {
        while self.v < self.squares {
            if self
                .run
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
            {
                return Err(self.deadline());
            }
            if T::MAX.is_some_and(|most| layer.sum > most / MOST_MADE) {
                return Ok(Some(layer));
            }
            let context = StepContext {
                stepper,
                v: self.v,
                budget,
                deadline: self.run.deadline,
                threads: self.run.threads,
                expected: (self.states as f64 * self.growth) as u64,
                spill: self.run.keeping.spill,
            };
            let started = Instant::now();
            let this = &*self;
            let report = |permille| (this.progress)(this.report(permille, budget));
            let Taken { next, tours, read } =
                step_layer(&context, layer, &report).map_err(|stop| self.stopped(stop))?;
            layer = next;
            self.tours += tours.into_big();
            self.estimate
                .taken(self.states, started.elapsed().as_secs_f64(), layer.states);
            self.growth = layer.states as f64 / self.states.max(1) as f64;
            self.states = layer.states;
            // A frontier in a store holds repeats: its distinct states are known once read.
            if layer.spilled.is_none() {
                self.peak_states = self.peak_states.max(self.states);
            }
            self.peak_states = self.peak_states.max(read.unwrap_or(0));
            self.v += 1;
            (self.progress)(self.report(0, budget));
            self.checkpoint(&layer, budget)?;
        }
        Ok(None)
    }

    /// How far the count has got, with `permille` of the next square done.
    fn report(&self, permille: u32, budget: &Budget) -> CountProgress {
        CountProgress {
            squares_done: self.v as u64,
            squares: self.squares as u64,
            states: self.states,
            permille,
            bytes: budget.used(),
            seconds_left: self.estimate.seconds_left(permille),
        }
    }

    fn deadline(&self) -> Stopped {
        Stopped::Deadline {
            done: self.v,
            of: self.squares,
            states: self.states,
        }
    }

    fn full(&self, full: Full) -> Stopped {
        Stopped::Memory {
            done: self.v,
            of: self.squares,
            states: self.states,
            wanted: full.wanted,
        }
    }
}

#[cfg(test)]
mod tests;
