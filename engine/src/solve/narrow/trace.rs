//! The frontier's states square by square, each with the state it came from and the moves its
//! square took ([`Trace`]), so that one tour can be read back from the last square to the
//! first.
//!
//! A step keeps the set of states that can follow the last one, each named by its place in the
//! set, in the order first made, and for each, one state it came from (by its place in the set
//! before) and the moves that made it: the first made, so the same request always reads back
//! the same tour. Whether a tour exists is all that is asked, so no count is kept: a state
//! reached is reached, however many ways. No state left, or no tour closed at the last square,
//! is the proof that there is none: the count is 0.
//!
//! A stretch of rows that the fold repeats ([`Run::Repeated`]) steps through the same two
//! rows of the short board again and again, so its sets of states soon repeat too: once the
//! set before a pair of rows (sorted there, so that equal sets list their states alike) is
//! one seen before a pair of the stretch, the rest of the stretch goes round the same pairs,
//! and is neither stepped nor kept. A board of any length then costs
//! what its ends and its fixed squares cost, and reading back goes round the kept pairs.

use std::collections::hash_map::Entry as Slot;
use std::hash::{Hash, Hasher};
use std::time::Instant;

use rustc_hash::{FxHashMap, FxHasher};

use super::fold::{Fold, Run};
use super::rules::Rules;
use crate::count::{FrontierState as State, Stepper, Successor};
use crate::search::{Limit, Limits};

/// How a state was made: the place of the state before it in its set, and the moves back its
/// square took (distances, 0 for none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    from: u32,
    moves: [u8; 2],
}

/// Why a trace stopped before its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stop {
    /// The node budget or the deadline.
    Limit(Limit),
    /// The states would pass the memory allowed: `wanted` bytes.
    Memory { wanted: u64 },
}

/// What the frontier found.
#[derive(Debug)]
pub(super) enum Traced {
    /// A tour, to be read back.
    Tour(Trace),
    /// No tour: no state was left, or the last square closed none.
    None,
}

/// The states of every step, as far as reading back needs them.
#[derive(Debug)]
pub(super) struct Trace {
    blocks: Vec<Block>,
    /// How the last square closed the tour.
    last: Entry,
    squares: usize,
}

/// The entries of a run of steps.
#[derive(Debug)]
enum Block {
    /// Steps `first..first + steps.len()`, each its own.
    Steps {
        first: usize,
        steps: Vec<Vec<Entry>>,
    },
    /// Steps `first..first + pairs * pair` of a repeated stretch, a pair of rows at a
    /// time: pair `q` stepped as `kept[q]`, or once past the kept ones, as the kept pair its
    /// set of states repeats (see [`Block::kept_pair`]).
    Pairs {
        first: usize,
        /// Steps a pair: two rows.
        pair: usize,
        pairs: usize,
        kept: Vec<Vec<Vec<Entry>>>,
        /// The first kept pair that a later one repeats, and how many pairs go round.
        cycle: Option<(usize, usize)>,
    },
}

impl Block {
    /// The kept pair that pair `q` of a repeated stretch steps as.
    fn kept_pair(kept: usize, cycle: Option<(usize, usize)>, q: usize) -> usize {
        match cycle {
            Some((from, length)) if q >= kept => from + (q - from) % length,
            _ => q,
        }
    }
}

/// What a trace asks: the board's fold, the steps of its short board, and the rules of the
/// partial tour.
#[derive(Debug)]
pub(super) struct TraceSpec<'a> {
    pub(super) fold: &'a Fold,
    pub(super) stepper: &'a Stepper,
    pub(super) rules: &'a Rules,
}

/// Steps the frontier over the whole board within `limits` and `memory` bytes, adding the
/// states stepped (the layer's nodes) to `nodes`.
pub(super) fn trace(
    spec: &TraceSpec<'_>,
    limits: Limits,
    memory: u64,
    nodes: &mut u64,
) -> Result<Traced, Stop> {
    let mut tracer = Tracer {
        spec,
        limits,
        memory,
        held: 0,
        nodes,
        made: FxHashMap::default(),
        last: None,
    };
    let mut states: Vec<State> = vec![0];
    let mut blocks = Vec::new();
    let runs = spec.fold.runs();
    for (at, run) in runs.iter().enumerate() {
        let rows = run.rows().clone();
        blocks.push(match run {
            Run::Kept { .. } => {
                let repeats_next = matches!(runs.get(at + 1), Some(Run::Repeated { .. }));
                tracer.kept(run, &mut states, repeats_next)?
            }
            Run::Repeated { .. } => tracer.repeated(run, rows.len() / 2, &mut states)?,
        });
        if states.is_empty() {
            break;
        }
    }
    Ok(match tracer.last {
        Some(last) => Traced::Tour(Trace {
            blocks,
            last,
            squares: spec.fold.squares(),
        }),
        None => Traced::None,
    })
}

/// One trace's working state.
struct Tracer<'q, 'n> {
    spec: &'q TraceSpec<'q>,
    limits: Limits,
    /// Bytes the kept entries and the states may hold.
    memory: u64,
    held: u64,
    nodes: &'n mut u64,
    /// The place of each state a step has made so far among them, so that its repeats are
    /// merged as they come.
    made: FxHashMap<State, u32>,
    /// How the last square closed a tour, once it has.
    last: Option<Entry>,
}

impl Tracer<'_, '_> {
    /// Steps the rows of a kept run, until no state is left; the states after it sorted if a
    /// repeated run comes next.
    fn kept(&mut self, run: &Run, states: &mut Vec<State>, sort: bool) -> Result<Block, Stop> {
        let width = self.spec.fold.width();
        let rows = run.rows();
        let (first, end) = (rows.start * width, rows.end * width);
        let mut steps = Vec::new();
        for v in first..end {
            let short = self.spec.fold.short_position_in(run, v);
            let entries = self.step(states, v, short, sort && v + 1 == end)?;
            if states.is_empty() {
                break;
            }
            steps.push(entries);
        }
        Ok(Block::Steps { first, steps })
    }

    /// Steps the `pairs` pairs of rows of a repeated run until their sets of states go round
    /// (or no state is left).
    fn repeated(
        &mut self,
        run: &Run,
        pairs: usize,
        states: &mut Vec<State>,
    ) -> Result<Block, Stop> {
        let width = self.spec.fold.width();
        let first = run.rows().start * width;
        let pair = 2 * width;
        let mut seen: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
        let mut befores: Vec<Vec<State>> = Vec::new();
        let mut kept: Vec<Vec<Vec<Entry>>> = Vec::new();
        let mut cycle = None;
        for q in 0..pairs {
            let key = fingerprint(states);
            let earlier = seen
                .get(&key)
                .and_then(|earlier| earlier.iter().copied().find(|&at| befores[at] == *states));
            if let Some(from) = earlier {
                cycle = Some((from, q - from));
                break;
            }
            seen.entry(key).or_default().push(q);
            self.hold(states.len() as u64 * size_of::<State>() as u64)?;
            befores.push(states.clone());
            let mut steps = Vec::with_capacity(pair);
            for offset in 0..pair {
                let v = first + q * pair + offset;
                let short = self.spec.fold.short_position_in(run, v);
                steps.push(self.step(states, v, short, offset + 1 == pair)?);
                if states.is_empty() {
                    break;
                }
            }
            kept.push(steps);
            if states.is_empty() {
                break;
            }
        }
        if let Some((from, length)) = cycle {
            // The set before the pair that would follow the stretch.
            states.clone_from(&befores[from + (pairs - from) % length]);
        }
        let released = befores.iter().map(Vec::len).sum::<usize>() * size_of::<State>();
        self.held -= released as u64;
        Ok(Block::Pairs {
            first,
            pair,
            pairs,
            kept,
            cycle,
        })
    }

    /// Takes square `v` (stepped as place `short` of the short board) from every state of
    /// `states`, which become the states after it, in the order first made (or, if `sort`,
    /// sorted: where a repeated run compares sets); the entries of the new states. At the
    /// last square no state is left, and the tour closed, if one is, is noted.
    fn step(
        &mut self,
        states: &mut Vec<State>,
        v: usize,
        short: usize,
        sort: bool,
    ) -> Result<Vec<Entry>, Stop> {
        self.spend(states.len() as u64)?;
        let spec = self.spec;
        let rule = spec.rules.at(v);
        let last = v + 1 == spec.fold.squares();
        self.made.clear();
        let mut next_states: Vec<State> = Vec::new();
        let mut entries: Vec<Entry> = Vec::new();
        let mut closed = None;
        for (from, &state) in states.iter().enumerate() {
            // At most 11 sets of moves back, each as an inner square or a tour end.
            const MOST: usize = 22;
            if self.made.try_reserve(MOST).is_err()
                || next_states.try_reserve(MOST).is_err()
                || entries.try_reserve(MOST).is_err()
            {
                return Err(Stop::Memory {
                    wanted: self.held.saturating_add(self.working(&next_states)),
                });
            }
            let made = &mut self.made;
            spec.stepper.successors(state, short, |next, chosen| {
                if rule.is_some_and(|rule| !rule.allows(chosen)) {
                    return;
                }
                let entry = Entry {
                    from: from as u32,
                    moves: moves_of(chosen),
                };
                match next {
                    Successor::State(next) if !last => {
                        if let Slot::Vacant(slot) = made.entry(next) {
                            slot.insert(next_states.len() as u32);
                            next_states.push(next);
                            entries.push(entry);
                        }
                    }
                    Successor::Tour if last && closed.is_none() => closed = Some(entry),
                    Successor::State(_) | Successor::Tour => {}
                }
            });
        }
        self.fits(self.working(&next_states))?;
        if last {
            self.last = closed;
            states.clear();
            return Ok(Vec::new());
        }
        if sort {
            let mut pairs: Vec<(State, Entry)> = next_states.into_iter().zip(entries).collect();
            pairs.sort_unstable_by_key(|&(state, _)| state);
            (next_states, entries) = pairs.into_iter().unzip();
        }
        self.hold(entries.len() as u64 * size_of::<Entry>() as u64)?;
        entries.shrink_to_fit();
        *states = next_states;
        Ok(entries)
    }

    /// Bytes a step holds while it works, beside what is kept: its table of states made, the
    /// states before and after it.
    fn working(&self, made: &[State]) -> u64 {
        let table = self.made.capacity() * (size_of::<State>() + size_of::<u32>() + 1);
        (table + 2 * made.len().max(self.made.len()) * size_of::<State>()) as u64
    }

    /// Charges the nodes of stepping `states` states, and looks at the clock.
    fn spend(&mut self, states: u64) -> Result<(), Stop> {
        let spent = self.nodes.saturating_add(states);
        if spent > self.limits.node_budget {
            return Err(Stop::Limit(Limit::Nodes));
        }
        *self.nodes = spent;
        if self
            .limits
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Stop::Limit(Limit::Deadline));
        }
        Ok(())
    }

    /// Whether `bytes` more fit beside what is held, within the memory allowed.
    fn fits(&self, bytes: u64) -> Result<(), Stop> {
        let wanted = self.held.saturating_add(bytes);
        if wanted > self.memory {
            return Err(Stop::Memory { wanted });
        }
        Ok(())
    }

    /// Counts `bytes` more held, within the memory allowed.
    fn hold(&mut self, bytes: u64) -> Result<(), Stop> {
        self.fits(bytes)?;
        self.held += bytes;
        Ok(())
    }
}

/// The moves back `chosen` (at most two, each at most the frontier's size), as bytes.
fn moves_of(chosen: &[usize]) -> [u8; 2] {
    let mut moves = [0; 2];
    for (slot, &d) in moves.iter_mut().zip(chosen) {
        *slot = d as u8;
    }
    moves
}

/// A hash of a set of states, to find a set seen before.
fn fingerprint(states: &[State]) -> u64 {
    let mut hasher = FxHasher::default();
    states.hash(&mut hasher);
    hasher.finish()
}

impl Trace {
    /// Calls `each` with every square's place and the moves back it took in the tour found,
    /// from the last square to the first; stops at `each`'s first error.
    pub(super) fn each_back<E>(
        &self,
        mut each: impl FnMut(usize, [u8; 2]) -> Result<(), E>,
    ) -> Result<(), E> {
        each(self.squares - 1, self.last.moves)?;
        let mut at = self.last.from as usize;
        for block in self.blocks.iter().rev() {
            match block {
                Block::Steps { first, steps } => {
                    for (offset, entries) in steps.iter().enumerate().rev() {
                        let entry = entries[at];
                        each(first + offset, entry.moves)?;
                        at = entry.from as usize;
                    }
                }
                Block::Pairs {
                    first,
                    pair,
                    pairs,
                    kept,
                    cycle,
                } => {
                    for q in (0..*pairs).rev() {
                        let steps = &kept[Block::kept_pair(kept.len(), *cycle, q)];
                        for (offset, entries) in steps.iter().enumerate().rev() {
                            let entry = entries[at];
                            each(first + q * pair + offset, entry.moves)?;
                            at = entry.from as usize;
                        }
                    }
                }
            }
        }
        debug_assert_eq!(at, 0, "the first square steps from the empty frontier");
        Ok(())
    }
}
