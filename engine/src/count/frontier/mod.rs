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
//! from all of them on the threads, within that memory.

mod bits;
mod cells;
mod codec;
mod eta;
mod face;
mod key;
mod layer;
mod mates;
mod plan;
mod step;
mod store;
pub(super) mod witness;
mod word;

use std::marker::PhantomData;
use std::time::Instant;

use num_bigint::BigUint;

use self::cells::Cells;
use self::codec::{Codec, Labels, Partners};
use self::eta::Estimate;
use self::key::Key;
use self::layer::{Layer, StepContext, StepStop, Taken, step_layer};
use self::mates::FastStep;
use self::plan::{Plan, Role};
use self::step::{Next, successors};
use self::store::{Budget, Full};
use self::word::Word;
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    let first =
        Layer::<S::Key, u64>::first(S::Key::EMPTY, &budget).map_err(|full| tracker.full(full))?;
    if let Some(layer) = tracker.advance(stepper, &budget, first)? {
        let layer = layer
            .widen::<u128>(&budget)
            .map_err(|full| tracker.full(full))?;
        if let Some(layer) = tracker.advance(stepper, &budget, layer)? {
            let layer = layer
                .widen::<BigUint>(&budget)
                .map_err(|full| tracker.full(full))?;
            tracker.advance(stepper, &budget, layer)?;
        }
    }
    Ok(Found {
        count: tracker.tours,
        peak_states: tracker.peak_states,
        peak_bytes: budget.peak(),
    })
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
}

impl<'a, 'r> Tracker<'a, 'r> {
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
        }
    }

    /// Takes the squares from the next on, until the last, or until a frontier's counts in
    /// `T` could overflow: that frontier comes back, to be widened.
    fn advance<'b, S: Stepper, T: Tally>(
        &mut self,
        stepper: &S,
        budget: &'b Budget,
        mut layer: Layer<'b, S::Key, T>,
    ) -> Result<Option<Layer<'b, S::Key, T>>, Stopped> {
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
            };
            let started = Instant::now();
            let this = &*self;
            let report = |permille| (this.progress)(this.report(permille, budget));
            let Taken { next, tours } =
                step_layer(&context, layer, &report).map_err(|stop| match stop {
                    StepStop::Full(full) => self.full(full),
                    StepStop::Deadline => self.deadline(),
                })?;
            layer = next;
            self.tours += tours.into_big();
            self.estimate
                .taken(self.states, started.elapsed().as_secs_f64(), layer.states);
            self.growth = layer.states as f64 / self.states.max(1) as f64;
            self.states = layer.states;
            self.peak_states = self.peak_states.max(self.states);
            self.v += 1;
            (self.progress)(self.report(0, budget));
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
mod tests {
    use std::sync::Mutex;

    use super::*;

    fn run(board: Board, piece: Leaper, closed: bool, ends: &[Square]) -> Frontier<'_> {
        Frontier {
            board,
            piece,
            closed,
            ends,
            holes: &[],
            deadline: None,
            memory: u64::MAX,
            threads: 1,
            side: FrontierSide::Short,
        }
    }

    /// The count by `stepper`, and the states of each frontier.
    fn frontiers<S: Stepper>(run: &Frontier<'_>, stepper: &S) -> (BigUint, Vec<u64>) {
        let states = Mutex::new(Vec::new());
        let found = count_with(run, stepper, &|progress| {
            if progress.permille == 0 {
                states.lock().unwrap().push(progress.states);
            }
        })
        .unwrap();
        (found.count, states.into_inner().unwrap())
    }

    /// The fast step and the step on four bits a cell make the same frontiers, square by
    /// square, for open and closed tours, fixed ends, other pieces, and holes.
    #[test]
    fn the_fast_step_makes_the_states_the_nibble_step_makes() {
        let wazir = Leaper::new(0, 1).unwrap();
        let camel = Leaper::new(1, 3).unwrap();
        let mut cases = Vec::new();
        for (rows, cols) in [
            (3, 4),
            (4, 5),
            (5, 5),
            (5, 6),
            (6, 6),
            (3, 10),
            (4, 8),
            (2, 9),
        ] {
            for closed in [false, true] {
                cases.push((
                    Board::new(rows, cols).unwrap(),
                    Leaper::KNIGHT,
                    closed,
                    vec![],
                    vec![],
                ));
            }
        }
        let five = Board::new(5, 5).unwrap();
        for ends in [
            vec![Square::new(0, 0)],
            vec![Square::new(2, 2)],
            vec![Square::new(0, 0), Square::new(4, 4)],
            vec![Square::new(1, 0), Square::new(3, 4)],
        ] {
            cases.push((five, Leaper::KNIGHT, false, ends, vec![]));
        }
        for (piece, rows, cols) in [(wazir, 4, 5), (camel, 6, 6), (Leaper::GIRAFFE, 5, 4)] {
            for closed in [false, true] {
                cases.push((
                    Board::new(rows, cols).unwrap(),
                    piece,
                    closed,
                    vec![],
                    vec![],
                ));
            }
        }
        let sq = Square::new;
        for (piece, rows, cols, holes) in [
            (
                Leaper::KNIGHT,
                6,
                6,
                vec![sq(0, 0), sq(0, 5), sq(5, 0), sq(5, 5)],
            ),
            (Leaper::KNIGHT, 6, 6, vec![sq(1, 2), sq(4, 4), sq(5, 0)]),
            (Leaper::KNIGHT, 5, 6, vec![sq(0, 4), sq(2, 2)]),
            (wazir, 4, 5, vec![sq(0, 0), sq(2, 2), sq(3, 4)]),
        ] {
            let board = Board::new(rows, cols).unwrap();
            for closed in [false, true] {
                cases.push((board, piece, closed, vec![], holes.clone()));
            }
            cases.push((board, piece, false, vec![sq(1, 1)], holes));
        }
        for (board, piece, closed, ends, holes) in &cases {
            let run = Frontier {
                holes,
                ..run(*board, *piece, *closed, ends)
            };
            let plan = Plan::new(run.board, run.piece, run.ends, run.holes).unwrap();
            let fast = FastStep::new(&plan, run.closed);
            let by_labels = if Labels::<u64>::fits(plan.window()) {
                frontiers(&run, &fast_in::<Labels<u64>>(&fast, &plan))
            } else {
                frontiers(&run, &fast_in::<Labels<u128>>(&fast, &plan))
            };
            let by_nibbles = frontiers(
                &run,
                &Nibbles::<u128> {
                    plan: &plan,
                    closed: run.closed,
                    word: PhantomData,
                },
            );
            assert_eq!(
                by_labels, by_nibbles,
                "{board} {piece} closed {closed} ends {ends:?} holes {holes:?}"
            );
            if Partners::fits(plan.window()) {
                let by_partners = frontiers(&run, &fast_in::<Partners>(&fast, &plan));
                assert_eq!(
                    by_partners, by_nibbles,
                    "mates' places: {board} {piece} closed {closed} ends {ends:?} holes {holes:?}"
                );
            }
        }
    }

    /// A hole's step maps each state to at most one and merges nothing: on one thread or
    /// two, and in memory too tight for the count, it makes the same frontiers as the steps
    /// around it, or stops for want of room without a panic.
    #[test]
    fn a_hole_counts_alike_on_every_thread_and_stops_when_memory_runs_out() {
        let board = Board::new(6, 6).unwrap();
        let holes = [Square::new(2, 3), Square::new(3, 1)];
        let counted = |threads: usize, memory: u64| {
            let run = Frontier {
                holes: &holes,
                threads,
                memory,
                ..run(board, Leaper::KNIGHT, false, &[])
            };
            count(&run, &|_| {})
        };
        let one = counted(1, u64::MAX).unwrap();
        // A hole on a frontier of more states than one thread steps alone.
        assert!(one.peak_states > 1 << 12, "{}", one.peak_states);
        let two = counted(2, u64::MAX).unwrap();
        assert_eq!((two.count, two.peak_states), (one.count, one.peak_states));
        assert!(matches!(
            counted(2, one.peak_bytes / 4),
            Err(Stopped::Memory { .. })
        ));
    }

    /// 5×5's 864 open paths (OEIS A165134: 1,728 directed), counted in `u8` until a
    /// frontier's counts could pass it, then in big integers: the same count.
    #[test]
    fn a_count_goes_on_in_wider_numbers_when_its_sums_could_overflow() {
        let board = Board::new(5, 5).unwrap();
        let run = run(board, Leaper::KNIGHT, false, &[]);
        let plan = Plan::new(board, Leaper::KNIGHT, &[], &[]).unwrap();
        let fast = FastStep::new(&plan, false);
        let stepper = fast_in::<Partners>(&fast, &plan);
        let budget = Budget::new(u64::MAX);
        let mut tracker = Tracker::new(&run, plan.len(), &|_| {});
        let first = Layer::<u64, u8>::first(0, &budget).unwrap();
        let narrow = tracker.advance(&stepper, &budget, first).unwrap();
        let layer = narrow.expect("5x5's counts outgrow u8");
        assert!(tracker.v > 0 && tracker.v < plan.len(), "{}", tracker.v);
        let wide = layer.widen::<BigUint>(&budget).unwrap();
        assert!(tracker.advance(&stepper, &budget, wide).unwrap().is_none());
        assert_eq!(tracker.tours, BigUint::from(864u32));
    }

    /// A count whose states made in a step outgrow its memory, though the distinct ones fit,
    /// merges them in rounds: the same count, within the cap.
    #[test]
    fn a_step_too_large_for_memory_is_taken_in_rounds() {
        let board = Board::new(6, 6).unwrap();
        let whole = count(&run(board, Leaper::KNIGHT, false, &[]), &|_| {}).unwrap();
        // Two threads leave room for two merges at once.
        for (threads, cap) in [
            (1, whole.peak_bytes * 7 / 8),
            (2, whole.peak_bytes * 15 / 16),
        ] {
            let tight = Frontier {
                memory: cap,
                threads,
                ..run(board, Leaper::KNIGHT, false, &[])
            };
            let found = count(&tight, &|_| {}).unwrap();
            assert_eq!(found.count, BigUint::from(6_637_920u32 / 2));
            assert!(found.peak_bytes <= cap);
        }
    }
}
