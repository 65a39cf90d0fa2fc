//! One square taken from every state of a frontier, on the count's threads, within its
//! memory.
//!
//! The threads take the old frontier a block at a time, step its states and append the
//! states they make to a list for each partition of the new frontier; the blocks they have
//! stepped are released. When the lists have filled the memory the count may use (or the old
//! frontier is done), the threads merge them, each partition's into the partition's distinct
//! states, and go on: a round. A frontier whose repeats fit in memory takes one round; a
//! larger one takes several, each merge shrinking what the last made, so a step needs room
//! for the two frontiers' distinct states, not for every state made.
//!
//! A count given a spill store goes on where the rounds would run out of room: the distinct
//! states made so far are written out and the rounds start again from none ([`super::spill`]),
//! and the next step reads that frontier back a partition at a time.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::Stepper;
use super::key::Key;
use super::spill::{Output, Reading, Spilled, flush};
use super::store::{BLOCK, Block, Blocks, Budget, Full, Scratch, entry_bytes, merge};
use super::workers::{Pace, on_workers};
use crate::count::keep::Store;
use crate::count::tally::Tally;

/// A frontier: its states in partitions by hash, in memory or in a store, how many (in a
/// store, with repeats), and the sum of their counts.
#[derive(Debug)]
pub(super) struct Layer<'b, K, T> {
    pub(super) parts: Vec<Blocks<'b, K, T>>,
    pub(super) spilled: Option<Spilled<'b>>,
    pub(super) states: u64,
    /// The sum of the counts, or `u128::MAX` if it is larger.
    pub(super) sum: u128,
}

impl<'b, K: Key, T: Tally> Layer<'b, K, T> {
    /// The frontier of one state, reached one way.
    pub(super) fn first(key: K, budget: &'b Budget) -> Result<Self, Full> {
        let mut part = Blocks::new();
        part.push(budget, key, T::one())?;
        Ok(Self {
            parts: vec![part],
            spilled: None,
            states: 1,
            sum: 1,
        })
    }

    /// The same frontier with its counts in `U`.
    pub(super) fn widen<U: Tally>(self, budget: &'b Budget) -> Result<Layer<'b, K, U>, Full> {
        let mut parts = Vec::with_capacity(self.parts.len());
        for part in self.parts {
            parts.push(part.widen(budget)?);
        }
        // A store's counts are read back in whatever type holds them.
        Ok(Layer {
            parts,
            spilled: self.spilled,
            states: self.states,
            sum: self.sum,
        })
    }
}

/// What every thread of a step shares.
pub(super) struct StepContext<'a, 'b, S> {
    pub(super) stepper: &'a S,
    pub(super) v: usize,
    pub(super) budget: &'b Budget,
    pub(super) deadline: Option<Instant>,
    pub(super) threads: usize,
    /// The states the next frontier is expected to hold.
    pub(super) expected: u64,
    /// Where a frontier that outgrows the memory is written.
    pub(super) spill: Option<&'b dyn Store>,
}

/// Why a step stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum StepStop {
    Full(Full),
    Deadline,
    /// A store failed, or gave back what was not written: what happened.
    Store(String),
}

/// A step's result: the next frontier and the tours closed.
pub(super) struct Taken<'b, K, T> {
    pub(super) next: Layer<'b, K, T>,
    pub(super) tours: T,
    /// The distinct states of the frontier stepped, when it was read from a store.
    pub(super) read: Option<u64>,
}

/// The fewest states a step spreads over threads: fewer do not repay starting them.
const SPREAD_FROM: u64 = 1 << 12;

/// The most partitions a frontier is cut into, and the states a partition is meant to hold:
/// few enough that a merge's table stays in cache.
const MOST_PARTITION_BITS: u32 = 14;
const PARTITION_STATES: u64 = 1 << 14;

/// The most buckets a step appends to: few enough that the end of each bucket's list stays
/// in the processor's first cache. A bucket holds one or more partitions.
const MOST_BUCKET_BITS: u32 = 8;

/// A round that leaves more than this many rounds' worth of the old frontier to step stops
/// the count for want of memory.
const ROUNDS_AT_MOST: u64 = 256;

/// Takes square `v` from every state of `layer`.
///
/// `report` hears, about once a second, the thousandths of the old frontier's states
/// stepped.
pub(super) fn step_layer<'b, S: Stepper, T: Tally>(
    context: &StepContext<'_, 'b, S>,
    layer: Layer<'b, S::Key, T>,
    report: &(dyn Fn(u32) + Sync),
) -> Result<Taken<'b, S::Key, T>, StepStop> {
    if layer.spilled.is_none() && context.stepper.one_to_one(context.v) {
        return map_layer(context, layer, report);
    }
    let Round {
        workers,
        bits,
        bucket_bits,
        headroom,
    } = Round::for_step::<S, T>(context, layer.states);
    let (partitions, buckets) = (1usize << bits, 1usize << bucket_bits);
    let mut reading = layer.spilled.map(Reading::new);
    let queue = Mutex::new(
        layer
            .parts
            .into_iter()
            .flat_map(Blocks::into_blocks)
            .collect::<Vec<_>>(),
    );
    let blocks = (layer.states as usize).div_ceil(BLOCK);
    let pace = Pace::new(blocks, report);
    let stop = AtomicBool::new(false);
    let mut merged: Vec<Vec<Blocks<'b, S::Key, T>>> = (0..buckets)
        .map(|_| (0..partitions / buckets).map(|_| Blocks::new()).collect())
        .collect();
    let mut out: Option<Output<'b>> = None;
    let budget = context.budget;
    let name = format!("frontier-{:06}", context.v + 1);
    let flush_now = |out: &mut Option<Output<'b>>,
                     merged: &mut Vec<Vec<Blocks<'b, S::Key, T>>>,
                     store: &'b dyn Store| {
        flush(
            store,
            &name,
            context.expected,
            out,
            merged,
            bits,
            workers,
            budget,
        )
    };
    let mut tours = T::zero();
    let mut scratches: Vec<Mutex<Scratch>> = (0..workers)
        .map(|_| Mutex::new(Scratch::default()))
        .collect();
    let result = loop {
        if queue.lock().expect("no thread panicked").is_empty() {
            let Some(reading) = reading.as_mut().filter(|reading| !reading.done()) else {
                break Ok(());
            };
            // Room to read a partition back: a quarter of the memory, once what this step
            // has made is written out if it holds more than half.
            if let Some(store) = context.spill
                && budget.used() > budget.cap() / 2
                && let Err(failure) = flush_now(&mut out, &mut merged, store)
            {
                break Err(failure);
            }
            let scratch = scratches[0].get_mut().expect("no thread panicked");
            let room = budget.cap().saturating_sub(budget.used()) / 4;
            match reading.next::<S::Key, T>(budget, scratch, room) {
                Ok(list) => queue
                    .lock()
                    .expect("no thread panicked")
                    .extend(list.into_blocks()),
                Err(failure) => break Err(failure),
            }
            continue;
        }
        let shares = on_workers(workers, |_| {
            step_share(context, &queue, bucket_bits, headroom, &stop, &pace)
        });
        let mut outputs = Vec::with_capacity(workers);
        let mut stepped = 0;
        let mut failed = None;
        for share in shares {
            tours.plus(&share.tours);
            stepped += share.blocks;
            failed = failed.or(share.failure);
            outputs.push(share.outputs);
        }
        if let Some(failure) = failed {
            break Err(failure);
        }
        if let Err(failure) = merge_round(context, &mut merged, outputs, bits, &scratches, &stop) {
            break Err(failure);
        }
        let left = queue.lock().expect("no thread panicked").len() as u64;
        // So little room left, with every list merged, that the rounds would be many more:
        // each merges every state found so far again. A spill writes them out and goes on.
        let cramped = left > 0 && stepped * ROUNDS_AT_MOST < left;
        match context.spill {
            Some(store) if cramped || budget.used() > budget.cap() / 2 => {
                let held = merged.iter().flatten().any(|part| part.len() > 0);
                if stepped == 0 && !held {
                    // The lists' room, past the quarter kept for the merge and the flush.
                    break Err(StepStop::Full(Full {
                        wanted: budget
                            .used()
                            .saturating_add(headroom)
                            .saturating_add(budget.cap() / 4),
                    }));
                }
                if let Err(failure) = flush_now(&mut out, &mut merged, store) {
                    break Err(failure);
                }
            }
            None if cramped => {
                break Err(StepStop::Full(Full {
                    wanted: cramped_wants(budget, headroom, left, stepped),
                }));
            }
            _ => {}
        }
    };
    for scratch in &mut scratches {
        scratch
            .get_mut()
            .expect("no thread panicked")
            .release(budget);
    }
    result?;
    let read = reading.map(|reading| reading.distinct);
    if let Some(store) = context.spill
        && out.is_some()
    {
        flush_now(&mut out, &mut merged, store)?;
    }
    let next = match out {
        Some(out) => Layer {
            parts: Vec::new(),
            spilled: Some(out.spilled),
            states: out.states,
            sum: out.sum,
        },
        None => {
            let merged: Vec<Blocks<'b, S::Key, T>> = merged.into_iter().flatten().collect();
            let states = merged.iter().map(|part| part.len() as u64).sum();
            let sum = merged
                .iter()
                .fold(0u128, |sum, part| sum.saturating_add(part.sum()));
            Layer {
                parts: merged,
                spilled: None,
                states,
                sum,
            }
        }
    };
    Ok(Taken { next, tours, read })
}

/// Takes square `v` from every state of `layer` when the step makes at most one state from
/// each and never the same one from two (a hole, [`Stepper::one_to_one`]): each thread maps
/// the blocks it takes into a list of its own, and the lists are the next frontier as they
/// are, with no merge. Each block is released once it has been read, so the step holds little
/// more than one frontier.
fn map_layer<'b, S: Stepper, T: Tally>(
    context: &StepContext<'_, 'b, S>,
    layer: Layer<'b, S::Key, T>,
    report: &(dyn Fn(u32) + Sync),
) -> Result<Taken<'b, S::Key, T>, StepStop> {
    let workers = if layer.states >= SPREAD_FROM {
        context.threads.max(1)
    } else {
        1
    };
    let queue = Mutex::new(
        layer
            .parts
            .into_iter()
            .flat_map(Blocks::into_blocks)
            .collect::<Vec<_>>(),
    );
    let pace = Pace::new(queue.lock().expect("no thread panicked").len(), report);
    let stop = AtomicBool::new(false);
    let shares = on_workers(workers, |_| {
        let mut share = Share {
            outputs: vec![Blocks::new()],
            tours: T::zero(),
            blocks: 0,
            failure: None,
        };
        while !stop.load(Ordering::Relaxed) {
            let Some(block) = queue.lock().expect("no thread panicked").pop() else {
                break;
            };
            let mut full = None;
            for (key, count) in block.items() {
                context.stepper.step(context.v, *key, |next| match next {
                    Some(next) if full.is_none() => {
                        if let Err(failure) =
                            share.outputs[0].push(context.budget, next, count.clone())
                        {
                            full = Some(failure);
                        }
                    }
                    Some(_) => {}
                    None => share.tours.plus(count),
                });
            }
            drop(block);
            pace.stepped();
            let failure = block_failure(full, context.deadline);
            if failure.is_some() {
                stop.store(true, Ordering::Relaxed);
                share.failure = failure;
                break;
            }
        }
        share
    });
    let mut parts = Vec::with_capacity(shares.len());
    let mut tours = T::zero();
    for share in shares {
        if let Some(failure) = share.failure {
            return Err(failure);
        }
        tours.plus(&share.tours);
        parts.extend(share.outputs);
    }
    let states = parts.iter().map(|part| part.len() as u64).sum();
    let sum = parts
        .iter()
        .fold(0u128, |sum, part| sum.saturating_add(part.sum()));
    Ok(Taken {
        next: Layer {
            parts,
            spilled: None,
            states,
            sum,
        },
        tours,
        read: None,
    })
}

/// The memory a step that is cramped (`left` blocks to step, `stepped` in its last round)
/// would want: a round's `headroom` if it stepped nothing, else the room its last round had,
/// as many times over as it would take to step the rest within [`ROUNDS_AT_MOST`] rounds;
/// always more than the cap, so that the count says it needs more, not that the system
/// refused it.
fn cramped_wants(budget: &Budget, headroom: u64, left: u64, stepped: u64) -> u64 {
    let wanted = if stepped == 0 {
        budget.used().saturating_add(headroom)
    } else {
        let room = budget.cap().saturating_sub(budget.used()).max(1);
        let times = left.div_ceil(stepped.saturating_mul(ROUNDS_AT_MOST));
        budget.used().saturating_add(room.saturating_mul(times))
    };
    wanted.max(budget.cap().saturating_add(1))
}

/// How a step's rounds are cut: the workers, the partitions (`1 << bits`) and buckets
/// (`1 << bucket_bits`) of the next frontier, and the room a round leaves in the budget.
struct Round {
    workers: usize,
    bits: u32,
    bucket_bits: u32,
    headroom: u64,
}

impl Round {
    /// The round for a step from `states` states: on the count's threads, but on no more
    /// than the room left in the budget gives each its lists and its table in half of it
    /// (more threads than the memory can feed would stop the count for want of room).
    fn for_step<S: Stepper, T: Tally>(context: &StepContext<'_, '_, S>, states: u64) -> Self {
        // With a spill, what is merged in memory is written out once it fills half of it.
        let expected = match context.spill {
            Some(_) => context
                .expected
                .min(context.budget.cap() / 2 / entry_bytes::<S::Key, T>(1)),
            None => context.expected,
        };
        // A thread takes up to a block for each bucket it appends to and each partition it
        // deals a bucket to, and a table to merge with (a slot of 8 bytes for each of the
        // partition's states and the states made into it, at most half full).
        let per_worker = |bits: u32| {
            let (partitions, buckets) = (1u64 << bits, 1u64 << bits.min(MOST_BUCKET_BITS));
            let per_partition = (expected / partitions).max(BLOCK as u64);
            entry_bytes::<S::Key, T>(BLOCK) * (buckets + partitions / buckets + 4)
                + 8 * (4 * per_partition).next_power_of_two()
        };
        let bits = match context.spill {
            // A spill's partitions are those that take each thread the least.
            Some(_) => (0..=MOST_PARTITION_BITS)
                .min_by_key(|&bits| per_worker(bits))
                .expect("a partition"),
            None => (expected / PARTITION_STATES)
                .next_power_of_two()
                .trailing_zeros()
                .min(MOST_PARTITION_BITS),
        };
        let bucket_bits = bits.min(MOST_BUCKET_BITS);
        let per_worker = per_worker(bits);
        let room = context.budget.cap().saturating_sub(context.budget.used());
        let fed = (room / 2 / per_worker).max(1);
        let workers = if states >= SPREAD_FROM {
            context
                .threads
                .clamp(1, fed.try_into().unwrap_or(usize::MAX))
        } else {
            1
        };
        Self {
            workers,
            bits,
            bucket_bits,
            headroom: workers as u64 * per_worker,
        }
    }
}

/// What one thread's share of a round made.
struct Share<'b, K, T> {
    /// The states made, in a list for each bucket of the next frontier.
    outputs: Vec<Blocks<'b, K, T>>,
    tours: T,
    /// The old frontier's blocks stepped.
    blocks: u64,
    failure: Option<StepStop>,
}

/// Steps blocks of the old frontier from `queue` until it is empty, or until the lists made
/// leave less than `headroom` of the budget.
fn step_share<'b, S: Stepper, T: Tally>(
    context: &StepContext<'_, 'b, S>,
    queue: &Mutex<Vec<Block<'b, S::Key, T>>>,
    bits: u32,
    headroom: u64,
    stop: &AtomicBool,
    pace: &Pace<'_>,
) -> Share<'b, S::Key, T> {
    let budget = context.budget;
    let mut share = Share {
        outputs: (0..1usize << bits).map(|_| Blocks::new()).collect(),
        tours: T::zero(),
        blocks: 0,
        failure: None,
    };
    // With a spill, the lists leave a quarter of the memory for the merge and the flush.
    let cap = match context.spill {
        Some(_) => budget.cap() - budget.cap() / 4,
        None => budget.cap(),
    };
    while !stop.load(Ordering::Relaxed) && budget.used().saturating_add(headroom) <= cap {
        let Some(block) = queue.lock().expect("no thread panicked").pop() else {
            break;
        };
        share.blocks += 1;
        let mut full = None;
        for (key, count) in block.items() {
            context.stepper.step(context.v, *key, |next| match next {
                Some(next) if full.is_none() => {
                    let part = partition(next, bits);
                    if let Err(failure) = share.outputs[part].push(budget, next, count.clone()) {
                        full = Some(failure);
                    }
                }
                Some(_) => {}
                None => share.tours.plus(count),
            });
        }
        drop(block);
        pace.stepped();
        let failure = block_failure(full, context.deadline);
        if failure.is_some() {
            stop.store(true, Ordering::Relaxed);
            share.failure = failure;
            break;
        }
    }
    share
}

/// Why a worker stops after a block: a store that was full, else the deadline passed.
fn block_failure(full: Option<Full>, deadline: Option<Instant>) -> Option<StepStop> {
    full.map(StepStop::Full).or_else(|| {
        deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
            .then_some(StepStop::Deadline)
    })
}

/// The partition, of `1 << bits`, a state belongs to, or with fewer bits its bucket: the top
/// bits of its hash (a merge's table reads the low ones).
fn partition<K: Key>(key: K, bits: u32) -> usize {
    if bits == 0 {
        0
    } else {
        (key.hash() >> (64 - bits)) as usize
    }
}

/// Merges each bucket's lists of `outputs` (one list a bucket for each thread) into
/// `merged`, the next frontier's partitions, a bucket's at a time, on the threads.
///
/// A bucket's states are first dealt to its partitions, each to a list of its own, so that
/// the merge of each partition's list touches only that partition and its table.
fn merge_round<'b, S: Stepper, T: Tally>(
    context: &StepContext<'_, 'b, S>,
    merged: &mut [Vec<Blocks<'b, S::Key, T>>],
    outputs: Vec<Vec<Blocks<'b, S::Key, T>>>,
    bits: u32,
    scratches: &[Mutex<Scratch>],
    stop: &AtomicBool,
) -> Result<(), StepStop> {
    type Task<'b, K, T> = (usize, Vec<Blocks<'b, K, T>>, Vec<Blocks<'b, K, T>>);
    let mut pending: Vec<Vec<Blocks<'b, S::Key, T>>> =
        (0..merged.len()).map(|_| Vec::new()).collect();
    for lists in outputs {
        for (bucket, list) in lists.into_iter().enumerate() {
            if list.len() > 0 {
                pending[bucket].push(list);
            }
        }
    }
    let tasks: Vec<Task<'b, S::Key, T>> = pending
        .into_iter()
        .enumerate()
        .filter(|(_, lists)| !lists.is_empty())
        .map(|(bucket, lists)| (bucket, std::mem::take(&mut merged[bucket]), lists))
        .collect();
    let tasks = Mutex::new(tasks);
    let done = on_workers(scratches.len(), |worker| {
        let mut scratch = scratches[worker].lock().expect("no thread panicked");
        let mut done = Vec::new();
        while !stop.load(Ordering::Relaxed) {
            let Some((bucket, mut parts, lists)) = tasks.lock().expect("no thread panicked").pop()
            else {
                break;
            };
            let merging = merge_bucket(&mut parts, lists, bits, &mut scratch, context.budget);
            done.push((bucket, parts));
            let failure = merging.err().map(StepStop::Full).or_else(|| {
                context
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline)
                    .then_some(StepStop::Deadline)
            });
            if let Some(failure) = failure {
                stop.store(true, Ordering::Relaxed);
                return Err(failure);
            }
        }
        Ok(done)
    });
    for result in done {
        for (bucket, parts) in result? {
            merged[bucket] = parts;
        }
    }
    Ok(())
}

/// Merges `lists`, states of one bucket, into the bucket's partitions `parts`: states whose
/// hash's top `bits` bits end in the partition's place.
fn merge_bucket<'b, K: Key, T: Tally>(
    parts: &mut [Blocks<'b, K, T>],
    lists: Vec<Blocks<'b, K, T>>,
    bits: u32,
    scratch: &mut Scratch,
    budget: &'b Budget,
) -> Result<(), Full> {
    if let [part] = parts {
        return merge(part, lists, scratch, budget);
    }
    let mut dealt: Vec<Blocks<'b, K, T>> = parts.iter().map(|_| Blocks::new()).collect();
    let last = parts.len() - 1;
    for list in lists {
        for block in list.into_blocks() {
            for (key, count) in block.items() {
                dealt[partition(*key, bits) & last].push(budget, *key, count.clone())?;
            }
        }
    }
    for (part, list) in parts.iter_mut().zip(dealt) {
        merge(part, vec![list], scratch, budget)?;
    }
    Ok(())
}
