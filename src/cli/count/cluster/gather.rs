//! The states a worker owns of the next frontier, gathered as they arrive from every worker,
//! their counts added up, within the memory its process may hold.
//!
//! States arrive in no order and the same state many times. Each is appended to one of a few
//! thousand partitions (by bits of its hash that the exchange did not use), so that appending
//! stays in the processor's cache; a partition that fills its room adds up its repeats in
//! place, with a table small enough for the cache too, before it may grow. So a partition
//! holds at most about twice its distinct states, never every state made, and a frontier's
//! states are never looked up in one table larger than the cache (which cost the one-process
//! count most of its time before it kept partitions).

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::mem::size_of;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::number::{Number, Overflow};

/// Bytes a process may hold in its workers' states, shared by the workers.
#[derive(Debug)]
pub(super) struct Budget {
    cap: u64,
    used: AtomicU64,
    peak: AtomicU64,
}

impl Budget {
    /// A budget of `cap` bytes.
    pub(super) fn new(cap: u64) -> Self {
        Self {
            cap,
            used: AtomicU64::new(0),
            peak: AtomicU64::new(0),
        }
    }

    /// The most bytes the budget allows.
    pub(super) fn cap(&self) -> u64 {
        self.cap
    }

    /// The most bytes held at once.
    pub(super) fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }

    /// Takes `bytes` from the budget, or says how many would have been held.
    fn charge(&self, bytes: u64) -> Result<(), Trouble> {
        let now = self
            .used
            .fetch_add(bytes, Ordering::Relaxed)
            .saturating_add(bytes);
        if now > self.cap {
            self.used.fetch_sub(bytes, Ordering::Relaxed);
            return Err(Trouble::Memory { wanted: now });
        }
        self.peak.fetch_max(now, Ordering::Relaxed);
        Ok(())
    }

    fn release(&self, bytes: u64) {
        self.used.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// Corrects a charge of `charged` bytes to the `held` bytes the room turned out to take,
    /// and gives back `held`.
    fn settle(&self, charged: u64, held: u64) -> u64 {
        if held > charged {
            // The allocator gave more room than asked: held, so counted, whatever the cap.
            let now = self.used.fetch_add(held - charged, Ordering::Relaxed) + held - charged;
            self.peak.fetch_max(now, Ordering::Relaxed);
        } else {
            self.release(charged - held);
        }
        held
    }
}

/// Why states could not be kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Trouble {
    /// The budget has no room: `wanted` bytes would have been held.
    Memory { wanted: u64 },
    /// A count passed the largest number of its type.
    Overflow,
}

impl From<Overflow> for Trouble {
    fn from(_: Overflow) -> Self {
        Trouble::Overflow
    }
}

/// A state's hash: splitmix64's finaliser of its word, the same on every machine, so that
/// every process sends a state to the same owner.
pub(super) fn spread<W: Hash>(word: &W) -> u64 {
    let mut hasher = Mix::default();
    word.hash(&mut hasher);
    hasher.finish()
}

/// The hasher of [`spread`] and of the partitions' tables.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        let mut z = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(29) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_u128(&mut self, word: u128) {
        self.write_u64(word as u64);
        self.write_u64((word >> 64) as u64);
    }
}

/// A partition's scratch table: a state's place in the partition.
type Index<W> = HashMap<W, u32, BuildHasherDefault<Mix>>;

/// The partitions of a frontier about `states` states large: a power of two, with a few
/// thousand states each.
pub(super) fn partitions_for(states: u64) -> usize {
    ((states / 4096) as usize)
        .next_power_of_two()
        .clamp(1, 1 << 12)
}

/// The states of the next frontier that reach this worker, with their counts.
pub(super) struct Gather<W, C> {
    parts: Vec<Vec<(W, C)>>,
    budget: Arc<Budget>,
    /// Bytes charged for the parts' room.
    charged: u64,
    index: Index<W>,
    trouble: Option<Trouble>,
}

impl<W: Copy + Eq + Hash, C: Number> Gather<W, C> {
    /// Nothing gathered yet, in `partitions` partitions (a power of two).
    pub(super) fn new(budget: Arc<Budget>, partitions: usize) -> Self {
        Self {
            parts: (0..partitions).map(|_| Vec::new()).collect(),
            budget,
            charged: 0,
            index: Index::default(),
            trouble: None,
        }
    }

    /// Takes every state of `arrived`. Once the budget is spent or a count overflows, the
    /// states that arrive are dropped: the round ends, and every worker hears why.
    pub(super) fn take(&mut self, arrived: &mut Vec<(W, C)>) {
        if self.trouble.is_none() {
            for (word, count) in arrived.drain(..) {
                if let Err(trouble) = self.push(word, count) {
                    self.trouble = Some(trouble);
                    break;
                }
            }
        }
        arrived.clear();
    }

    fn push(&mut self, word: W, count: C) -> Result<(), Trouble> {
        let at = (spread(&word) >> 40) as usize & (self.parts.len() - 1);
        let part = &mut self.parts[at];
        if part.len() == part.capacity() {
            merge_repeats(part, &mut self.index)?;
            // Room again for a quarter or more of the partition: no need to grow yet.
            if part.len() * 4 > part.capacity() * 3 {
                let before = part.capacity();
                let room = (before * 2).max(64);
                let bytes = bytes_of::<W, C>(room - before);
                self.budget.charge(bytes)?;
                if part.try_reserve_exact(room - part.len()).is_err() {
                    self.budget.release(bytes);
                    return Err(Trouble::Memory { wanted: bytes });
                }
                let grown = bytes_of::<W, C>(part.capacity() - before);
                self.charged += self.budget.settle(bytes, grown);
            }
        }
        part.push((word, count));
        Ok(())
    }

    /// The frontier gathered, every state once, for the next round; or why it is not whole.
    /// The next round's states are gathered in `partitions` partitions.
    pub(super) fn finish(&mut self, partitions: usize) -> Result<Held<W, C>, Trouble> {
        let parts = std::mem::replace(
            &mut self.parts,
            (0..partitions).map(|_| Vec::new()).collect(),
        );
        let charged = std::mem::take(&mut self.charged);
        let mut held = Held {
            parts,
            budget: Arc::clone(&self.budget),
            charged,
        };
        if let Some(trouble) = self.trouble.take() {
            return Err(trouble);
        }
        for part in &mut held.parts {
            merge_repeats(part, &mut self.index)?;
        }
        self.index = Index::default();
        Ok(held)
    }
}

/// Adds up the counts of each state of `part`, leaving one entry a state, in place.
fn merge_repeats<W: Copy + Eq + Hash, C: Number>(
    part: &mut Vec<(W, C)>,
    index: &mut Index<W>,
) -> Result<(), Overflow> {
    index.clear();
    index.reserve(part.len());
    let mut kept = 0usize;
    for at in 0..part.len() {
        let (word, count) = part[at];
        match index.entry(word) {
            Entry::Occupied(first) => part[*first.get() as usize].1.add(count)?,
            Entry::Vacant(slot) => {
                slot.insert(kept as u32);
                part[kept] = (word, count);
                kept += 1;
            }
        }
    }
    part.truncate(kept);
    Ok(())
}

/// The bytes of `entries` entries.
fn bytes_of<W, C>(entries: usize) -> u64 {
    (entries * size_of::<(W, C)>()) as u64
}

/// A frontier a worker holds, every state once, its room charged to the budget until it is
/// stepped.
pub(super) struct Held<W, C> {
    parts: Vec<Vec<(W, C)>>,
    budget: Arc<Budget>,
    charged: u64,
}

impl<W, C> Held<W, C> {
    /// The frontier of one state, before any square.
    pub(super) fn one(budget: Arc<Budget>, word: W, count: C) -> Self {
        Self {
            parts: vec![vec![(word, count)]],
            budget,
            charged: 0,
        }
    }

    /// Nothing.
    pub(super) fn none(budget: Arc<Budget>) -> Self {
        Self {
            parts: Vec::new(),
            budget,
            charged: 0,
        }
    }

    /// Room for `states` states, charged to `budget` before it is taken, to be filled by
    /// [`Held::push`].
    pub(super) fn with_room(budget: Arc<Budget>, states: usize) -> Result<Self, Trouble> {
        let bytes = bytes_of::<W, C>(states);
        budget.charge(bytes)?;
        let mut part = Vec::new();
        if part.try_reserve_exact(states).is_err() {
            budget.release(bytes);
            return Err(Trouble::Memory { wanted: bytes });
        }
        let charged = budget.settle(bytes, bytes_of::<W, C>(part.capacity()));
        Ok(Self {
            parts: vec![part],
            budget,
            charged,
        })
    }

    /// Adds a state within the room made for it; `false` if there is none left.
    pub(super) fn push(&mut self, word: W, count: C) -> bool {
        match self.parts.last_mut() {
            Some(part) if part.len() < part.capacity() => {
                part.push((word, count));
                true
            }
            _ => false,
        }
    }

    /// Every state and its count, kept.
    pub(super) fn each(&self) -> impl Iterator<Item = &(W, C)> {
        self.parts.iter().flatten()
    }

    /// The number of states.
    pub(super) fn states(&self) -> u64 {
        self.parts.iter().map(|part| part.len() as u64).sum()
    }

    /// Calls `each` with every state and count until it says to stop, giving back each
    /// partition's room once it has been read.
    pub(super) fn drain(mut self, mut each: impl FnMut(W, C) -> bool)
    where
        W: Copy,
        C: Copy,
    {
        for part in std::mem::take(&mut self.parts) {
            let going = part.iter().all(|&(word, count)| each(word, count));
            let bytes = bytes_of::<W, C>(part.capacity()).min(self.charged);
            drop(part);
            self.budget.release(bytes);
            self.charged -= bytes;
            if !going {
                return;
            }
        }
    }
}

impl<W, C> Drop for Held<W, C> {
    fn drop(&mut self) {
        self.budget.release(self.charged);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gathered(items: &[(u64, u64)], partitions: usize) -> Vec<(u64, u64)> {
        let budget = Arc::new(Budget::new(u64::MAX));
        let mut gather = Gather::<u64, u64>::new(Arc::clone(&budget), partitions);
        for chunk in items.chunks(100) {
            gather.take(&mut chunk.to_vec());
        }
        let held = gather.finish(1).unwrap();
        let mut states = Vec::new();
        held.drain(|word, count| {
            states.push((word, count));
            true
        });
        states.sort_unstable();
        assert_eq!(
            budget.used.load(Ordering::Relaxed),
            0,
            "every byte given back"
        );
        states
    }

    #[test]
    fn repeats_are_added_up_whatever_the_partitions() {
        // 20,000 arrivals of 700 states, state s arriving with count s each time.
        let items: Vec<(u64, u64)> = (0..20_000u64)
            .map(|i| (i * 7919 % 700, i * 7919 % 700))
            .collect();
        let mut expected: Vec<(u64, u64)> = (0..700u64)
            .map(|s| {
                (
                    s,
                    s * items.iter().filter(|item| item.0 == s).count() as u64,
                )
            })
            .collect();
        expected.sort_unstable();
        for partitions in [1, 2, 64] {
            assert_eq!(gathered(&items, partitions), expected, "{partitions}");
        }
    }

    #[test]
    fn a_full_budget_or_an_overflow_is_trouble_not_a_wrong_count() {
        let budget = Arc::new(Budget::new(1000));
        let mut gather = Gather::<u64, u64>::new(Arc::clone(&budget), 1);
        gather.take(&mut (0..200u64).map(|i| (i, 1)).collect());
        assert!(matches!(gather.finish(1), Err(Trouble::Memory { .. })));
        let budget = Arc::new(Budget::new(u64::MAX));
        let mut gather = Gather::<u64, u64>::new(budget, 1);
        gather.take(&mut vec![(5, u64::MAX), (5, 1)]);
        assert!(matches!(gather.finish(1), Err(Trouble::Overflow)));
    }
}
