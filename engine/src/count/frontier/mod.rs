//! Counting tours by frontier (transfer-matrix) dynamic programming: the squares are taken one
//! at a time in a fixed order, and the partial tours on the squares taken are grouped by what
//! the rest of the board needs to know of them — their frontier state ([`cells`]). Each state
//! carries the number of partial tours that share it, so tours are counted in groups, never
//! one by one.
//!
//! A step ([`step`]) takes the next square: it chooses which of the square's moves back into
//! the frontier the tour uses, joins the path fragments they end, and drops the states that
//! leave a square short of moves. The tour closes with the last square. A frontier's states
//! are kept in partitions by a hash: the threads step their share of the partitions, appending
//! the states they make to the next frontier's partitions, and then add up the counts of each
//! state one partition at a time ([`layer`]).
//!
//! The sum over the states of a frontier is the whole count, so the work splits cleanly: a
//! shard keeps, at a fixed early frontier, only the states whose hash falls in its share.

mod cells;
mod face;
mod layer;
mod plan;
mod step;
pub(super) mod witness;
mod word;

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Instant;

use num_bigint::BigUint;

use self::cells::Cells;
use rustc_hash::FxHashMap;

use self::layer::{Batch, Budget, Full, list_bytes};
use self::plan::Plan;
use self::step::{Next, successors};
use self::word::Word;
use super::tally::Tally;
use super::{CountProgress, Shard};
use crate::board::{Board, Square};
use crate::leaper::Leaper;

pub(super) use self::face::OneStep;
pub(super) use self::plan::MAX_WINDOW;

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
    pub(super) deadline: Option<Instant>,
    /// Bytes the maps of states may hold.
    pub(super) memory: u64,
    pub(super) threads: usize,
    pub(super) shard: Option<Shard>,
}

/// What a frontier count found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Found {
    /// Paths (as sets of moves, whatever their direction) or cycles.
    pub(super) count: BigUint,
    /// The most states a frontier held.
    pub(super) peak_states: u64,
    /// The most bytes the maps held.
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

/// Counts, with states in 64-bit words when the frontier fits (a step's state holds one cell
/// more than the frontier), else in 128-bit ones.
pub(super) fn count(
    run: &Frontier<'_>,
    progress: &(dyn Fn(CountProgress) + Sync),
) -> Result<Found, Stopped> {
    let plan = Plan::new(run.board, run.piece, run.ends).map_err(|too_wide| Stopped::TooWide {
        window: too_wide.window,
    })?;
    if plan.window() < <u64 as Word>::CELLS {
        count_in_words::<u64>(run, &plan, progress)
    } else {
        count_in_words::<u128>(run, &plan, progress)
    }
}

/// Counts in `u64`, then, if that overflows, in `u128`, then in big integers.
fn count_in_words<W: Word>(
    run: &Frontier<'_>,
    plan: &Plan,
    progress: &(dyn Fn(CountProgress) + Sync),
) -> Result<Found, Stopped> {
    let found = count_in::<W, u64>(run, plan, progress)
        .or_else(|halt| wider::<W, u128>(halt, run, plan, progress))
        .or_else(|halt| wider::<W, BigUint>(halt, run, plan, progress));
    match found {
        Ok(found) => Ok(found),
        Err(Halt::Stopped(stopped)) => Err(stopped),
        Err(Halt::Overflow) => unreachable!("big integers do not overflow"),
    }
}

/// After a pass that overflowed, the count again in `T`; any other halt stands.
fn wider<W: Word, T: Tally>(
    halt: Halt,
    run: &Frontier<'_>,
    plan: &Plan,
    progress: &(dyn Fn(CountProgress) + Sync),
) -> Result<Found, Halt> {
    match halt {
        Halt::Overflow => count_in::<W, T>(run, plan, progress),
        stopped => Err(stopped),
    }
}

/// Why a pass in one kind of number stopped.
enum Halt {
    Stopped(Stopped),
    Overflow,
}

/// The states of one frontier, in partitions by hash.
type Partitions<'b, W, T> = Vec<Batch<'b, W, T>>;

/// A square taken from every state of a frontier.
struct Taken<'b, W, T> {
    /// The next frontier.
    next: Partitions<'b, W, T>,
    /// The tours each thread closed.
    tours: Vec<T>,
    /// The states made before their repeats were merged.
    made: u64,
}

/// What one thread's share of a step made: the states, in one batch per partition of the next
/// frontier, and the tours closed.
type Stepped<'b, W, T> = Result<(Partitions<'b, W, T>, T), StepStop>;

fn count_in<W: Word, T: Tally>(
    run: &Frontier<'_>,
    plan: &Plan,
    progress: &(dyn Fn(CountProgress) + Sync),
) -> Result<Found, Halt> {
    let threads = run.threads.max(1);
    let budget = Budget::new(run.memory);
    let stop = AtomicBool::new(false);
    let mut layer: Partitions<'_, W, T> = vec![Batch::new(&budget)];
    layer[0]
        .push(Cells::EMPTY, T::one())
        .map_err(|full| halt(full, 0, plan, 0))?;
    let mut total = T::zero();
    let mut peak_states = 1u64;
    let mut split = run.shard.is_none();
    let mut states = 1u64;
    let mut made_per_state = 1.0f64;
    for v in 0..plan.len() {
        // A long board's frontiers can be too small for the threads to look at the clock.
        if run
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Halt::Stopped(Stopped::Deadline {
                done: v,
                of: plan.len(),
                states,
            }));
        }
        // The next frontier, estimated from this one's states and how many each made last
        // time: a step whose states would not fit is refused before it is taken.
        let estimate = (states as f64 * made_per_state) as u64 * list_bytes::<W, T>(1);
        if estimate > budget.cap().saturating_sub(budget.used()) {
            return Err(Halt::Stopped(Stopped::Memory {
                done: v,
                of: plan.len(),
                states,
                wanted: budget.used().saturating_add(estimate),
            }));
        }
        let context = StepContext {
            plan,
            v,
            closed: run.closed,
            deadline: run.deadline,
            stop: &stop,
        };
        let stepped = states;
        let Taken { next, tours, made } =
            step_all(&context, layer, threads, &budget).map_err(|stopped| match stopped {
                StepStop::Full(full) => halt(full, v, plan, states),
                // Every thread stopped because another did: one of them had a cause.
                StepStop::Cancelled => unreachable!("step_all reports the cause"),
                StepStop::Deadline => Halt::Stopped(Stopped::Deadline {
                    done: v,
                    of: plan.len(),
                    states,
                }),
            })?;
        layer = next;
        for tour in &tours {
            total.add(tour).map_err(|_| Halt::Overflow)?;
        }
        states = layer.iter().map(|batch| batch.len() as u64).sum();
        peak_states = peak_states.max(states);
        made_per_state = made as f64 / stepped.max(1) as f64;
        progress(CountProgress {
            squares_done: v as u64 + 1,
            squares: plan.len() as u64,
            states,
        });
        if let Some(shard) = run.shard.filter(|_| !split) {
            // Split at the first frontier with a few states a shard, or the last one.
            if states >= 64 * u64::from(shard.of) || v + 2 >= plan.len() {
                for batch in &mut layer {
                    batch.retain(|state| shard.holds(state.0.widen()));
                }
                states = layer.iter().map(|batch| batch.len() as u64).sum();
                split = true;
            }
        }
    }
    Ok(Found {
        count: total.into_big(),
        peak_states,
        peak_bytes: budget.peak(),
    })
}

fn halt(full: Full, v: usize, plan: &Plan, states: u64) -> Halt {
    match full {
        Full::Overflow => Halt::Overflow,
        Full::Memory { wanted } => Halt::Stopped(Stopped::Memory {
            done: v,
            of: plan.len(),
            states,
            wanted,
        }),
    }
}

/// What every thread of a step shares.
struct StepContext<'a> {
    plan: &'a Plan,
    v: usize,
    closed: bool,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
}

/// Why a step stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StepStop {
    Full(Full),
    Deadline,
    /// Another thread stopped for one of the reasons above.
    Cancelled,
}

/// Takes square `v` from every state of `layer`, and says how many states it made before
/// their repeats were merged. The threads step their share of its
/// partitions, each appending the states it makes to a batch for each partition of the next
/// frontier; then each thread merges the batches of its share of those partitions, adding up
/// the counts of each state.
///
/// Appending is cheap whatever the frontier's size, and a partition is small enough for its
/// merge to stay in the processor's cache: one table of every state would not, and looking
/// each state up in it cost most of the count's time.
fn step_all<'b, W: Word, T: Tally>(
    context: &StepContext<'_>,
    layer: Partitions<'b, W, T>,
    threads: usize,
    budget: &'b Budget,
) -> Result<Taken<'b, W, T>, StepStop> {
    let states: usize = layer.iter().map(Batch::len).sum();
    let partitions = partitions_for(states);
    // Threads for a frontier too small to repay starting them would cost a long board more
    // than its states do.
    let workers = if states >= SPREAD_FROM { threads } else { 1 };
    let stepped: Vec<Stepped<'b, W, T>> = each(deal(layer, workers), |share| {
        step_share(context, share, partitions, budget)
    });
    // The cause, not the threads that stopped because another had.
    if let Some(cause) = stepped
        .iter()
        .filter_map(|result| result.as_ref().err())
        .find(|&&stop| stop != StepStop::Cancelled)
    {
        return Err(*cause);
    }
    let mut tours = Vec::with_capacity(workers);
    let mut by_partition: Vec<Vec<Batch<'b, W, T>>> = (0..partitions)
        .map(|_| Vec::with_capacity(workers))
        .collect();
    let mut made = 0u64;
    for result in stepped {
        let (outputs, found) = result?;
        tours.push(found);
        for (partition, batch) in outputs.into_iter().enumerate() {
            made += batch.len() as u64;
            by_partition[partition].push(batch);
        }
    }
    let merged: Vec<Result<Partitions<'b, W, T>, Full>> =
        each(deal(by_partition, workers), |share| {
            let mut index = FxHashMap::default();
            share
                .into_iter()
                .map(|batches| {
                    let mut batches = batches.into_iter();
                    let mut merged = batches.next().expect("one batch from each thread");
                    for batch in batches {
                        merged.append(batch)?;
                    }
                    merged.merge_repeats(&mut index)?;
                    Ok(merged)
                })
                .collect()
        });
    let mut next = Vec::with_capacity(partitions);
    for share in merged {
        next.extend(share.map_err(StepStop::Full)?);
    }
    Ok(Taken { next, tours, made })
}

/// The fewest states a step spreads over threads.
const SPREAD_FROM: usize = 1 << 12;

/// The partitions of the frontier after one of `states` states: a power of two, with a few
/// thousand states each, whose merge table fits in a processor's second-level cache.
fn partitions_for(states: usize) -> usize {
    (states / 4096).next_power_of_two().clamp(1, 1 << 12)
}

/// `items` dealt round among `workers`.
fn deal<I>(items: Vec<I>, workers: usize) -> Vec<Vec<I>> {
    let mut shares: Vec<Vec<I>> = (0..workers).map(|_| Vec::new()).collect();
    for (at, item) in items.into_iter().enumerate() {
        shares[at % workers].push(item);
    }
    shares
}

/// `work` done on each item, on a thread each when there are several, else here.
fn each<I: Send, R: Send>(items: Vec<I>, work: impl Fn(I) -> R + Sync) -> Vec<R> {
    if items.len() <= 1 {
        return items.into_iter().map(work).collect();
    }
    let work = &work;
    thread::scope(|scope| {
        let handles: Vec<_> = items
            .into_iter()
            .map(|item| scope.spawn(move || work(item)))
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("a counting thread does not panic"))
            .collect()
    })
}

/// How many states a thread steps between looks at the clock.
const CLOCK_EVERY: u32 = 4096;

/// Steps every state of `share` into one batch per partition of the next frontier, and sums
/// the tours closed. A batch's memory is released as soon as it has been stepped.
fn step_share<'b, W: Word, T: Tally>(
    context: &StepContext<'_>,
    share: Partitions<'b, W, T>,
    partitions: usize,
    budget: &'b Budget,
) -> Stepped<'b, W, T> {
    let mut outputs: Partitions<'b, W, T> = (0..partitions).map(|_| Batch::new(budget)).collect();
    let mut tours = T::zero();
    let mut failure: Option<StepStop> = None;
    let mut until_clock = CLOCK_EVERY;
    for mut batch in share {
        for (state, count) in batch.drain() {
            until_clock -= 1;
            if until_clock == 0 {
                until_clock = CLOCK_EVERY;
                if context.stop.load(Ordering::Relaxed) {
                    return Err(StepStop::Cancelled);
                }
                if context
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline)
                {
                    context.stop.store(true, Ordering::Relaxed);
                    return Err(StepStop::Deadline);
                }
            }
            successors(state, context.v, context.plan, context.closed, |next| {
                if failure.is_some() {
                    return;
                }
                let added = match next {
                    Next::State(next) => {
                        outputs[partition_of(next, partitions)].push(next, count.clone())
                    }
                    Next::Tour => tours.add(&count).map_err(Full::from),
                };
                if let Err(full) = added {
                    failure = Some(StepStop::Full(full));
                }
            });
            if let Some(failure) = failure {
                context.stop.store(true, Ordering::Relaxed);
                return Err(failure);
            }
        }
    }
    Ok((outputs, tours))
}

/// A state's hash, the same on every machine and run (shards depend on it).
fn mix(state: u128) -> u64 {
    let folded = (state as u64) ^ ((state >> 64) as u64).rotate_left(29);
    // splitmix64's finaliser.
    let mut z = folded.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The partition a state belongs to, of a power of two: the top bits of a multiplicative
/// hash, cheap for the states a step makes (shards use [`mix`], which need not be fast).
fn partition_of<W: Word>(state: Cells<W>, partitions: usize) -> usize {
    let wide = state.0.widen();
    let folded = (wide as u64) ^ ((wide >> 64) as u64).rotate_left(29);
    let hash = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (hash >> 32) as usize & (partitions - 1)
}

impl Shard {
    /// Whether this shard keeps the state.
    fn holds(self, state: u128) -> bool {
        (mix(state) >> 32) % u64::from(self.of) == u64::from(self.index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The open tours of 5×5 (OEIS A165134: 1,728 directed, 864 paths), and their plan.
    fn five_by_five() -> (Frontier<'static>, Plan) {
        let board = Board::new(5, 5).unwrap();
        let run = Frontier {
            board,
            piece: Leaper::KNIGHT,
            closed: false,
            ends: &[],
            deadline: None,
            memory: u64::MAX,
            threads: 1,
            shard: None,
        };
        (run, Plan::new(board, run.piece, &[]).unwrap())
    }

    /// Counts in `u8`, which 5×5's 864 paths overflow, then again in big integers.
    #[test]
    fn a_count_that_overflows_its_numbers_is_made_again_in_wider_ones() {
        let (run, plan) = five_by_five();
        let narrow = count_in::<u64, u8>(&run, &plan, &|_| {});
        assert!(matches!(narrow, Err(Halt::Overflow)));
        let found = narrow
            .or_else(|halt| wider::<u64, BigUint>(halt, &run, &plan, &|_| {}))
            .ok()
            .unwrap();
        assert_eq!(found.count, BigUint::from(864u32));
    }

    /// Counts a board in 128-bit states, which boards with short sides of 8 or more need, and
    /// in 64-bit ones: the same count.
    #[test]
    fn wide_and_narrow_states_count_alike() {
        let (run, plan) = five_by_five();
        let narrow = count_in::<u64, u64>(&run, &plan, &|_| {}).ok().unwrap();
        let wide = count_in::<u128, u64>(&run, &plan, &|_| {}).ok().unwrap();
        assert_eq!(narrow.count, BigUint::from(864u32));
        assert_eq!(wide.count, narrow.count);
        assert_eq!(wide.peak_states, narrow.peak_states);
    }
}
