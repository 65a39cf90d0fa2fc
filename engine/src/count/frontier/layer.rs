//! The states of one frontier, with their counts, in lists whose memory is charged to a budget
//! before it is taken: a count that would outgrow its memory stops with an answer instead of
//! being killed.

use std::collections::hash_map::Entry;
use std::mem::size_of;
use std::sync::atomic::{AtomicU64, Ordering};

use rustc_hash::FxHashMap;

use super::cells::Cells;
use super::word::Word;
use crate::count::tally::{Overflow, Tally};

/// Bytes a run may hold in its maps, shared by every thread.
#[derive(Debug)]
pub(super) struct Budget {
    cap: u64,
    used: AtomicU64,
    peak: AtomicU64,
}

/// Why a map could not take a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Full {
    /// The budget has no room for the map's next size (in bytes).
    Memory { wanted: u64 },
    /// A count passed 2^128.
    Overflow,
}

impl From<Overflow> for Full {
    fn from(_: Overflow) -> Self {
        Full::Overflow
    }
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

    /// The bytes held now.
    pub(super) fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// The most bytes the budget allows.
    pub(super) fn cap(&self) -> u64 {
        self.cap
    }

    /// The most bytes held at once.
    pub(super) fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }

    fn charge(&self, bytes: u64) -> Result<(), Full> {
        let before = self.used.fetch_add(bytes, Ordering::Relaxed);
        let now = before.saturating_add(bytes);
        if now > self.cap {
            self.used.fetch_sub(bytes, Ordering::Relaxed);
            return Err(Full::Memory { wanted: now });
        }
        self.peak.fetch_max(now, Ordering::Relaxed);
        Ok(())
    }

    fn release(&self, bytes: u64) {
        self.used.fetch_sub(bytes, Ordering::Relaxed);
    }
}

/// States and their counts in a growing list, its memory charged to a [`Budget`] before it is
/// taken. A step appends the states it makes to the batch of their partition, in the order it
/// makes them; [`Batch::merge_repeats`] then adds up the counts of each state.
#[derive(Debug)]
pub(super) struct Batch<'b, W, T> {
    items: Vec<(W, T)>,
    charged: u64,
    budget: &'b Budget,
}

impl<'b, W: Word, T: Tally> Batch<'b, W, T> {
    /// An empty batch.
    pub(super) fn new(budget: &'b Budget) -> Self {
        Self {
            items: Vec::new(),
            charged: 0,
            budget,
        }
    }

    /// The number of entries (of states, once repeats are merged).
    pub(super) fn len(&self) -> usize {
        self.items.len()
    }

    /// Appends `count` ways to reach `state`.
    pub(super) fn push(&mut self, state: Cells<W>, count: T) -> Result<(), Full> {
        if self.items.len() == self.items.capacity() {
            self.grow(self.items.len() + 1)?;
        }
        self.items.push((state.0, count));
        Ok(())
    }

    /// Room for at least `wanted` entries, doubling, charged first; the old list and the new
    /// are both held while it moves, so both are charged for that moment.
    fn grow(&mut self, wanted: usize) -> Result<(), Full> {
        let capacity = wanted.max(self.items.capacity() * 2).max(64);
        let bytes = list_bytes::<W, T>(capacity);
        self.budget.charge(bytes)?;
        if self
            .items
            .try_reserve_exact(capacity - self.items.len())
            .is_err()
        {
            self.budget.release(bytes);
            return Err(Full::Memory { wanted: bytes });
        }
        self.budget.release(self.charged);
        self.charged = bytes;
        Ok(())
    }

    /// Moves every entry of `other` to the end of this batch.
    pub(super) fn append(&mut self, mut other: Batch<'b, W, T>) -> Result<(), Full> {
        if self.items.is_empty() {
            std::mem::swap(self, &mut other);
            return Ok(());
        }
        let wanted = self.items.len() + other.items.len();
        if wanted > self.items.capacity() {
            self.grow(wanted)?;
        }
        self.items.append(&mut other.items);
        Ok(())
    }

    /// Adds up the counts of each state, leaving one entry a state, in place. `index` is
    /// scratch room, kept between batches so that its table is made once.
    pub(super) fn merge_repeats(&mut self, index: &mut FxHashMap<W, u32>) -> Result<(), Full> {
        index.clear();
        // The scratch table is small beside the batches, a partition's worth of states.
        index.reserve(self.items.len());
        let mut kept = 0usize;
        for at in 0..self.items.len() {
            let key = self.items[at].0;
            match index.entry(key) {
                Entry::Occupied(first) => {
                    let (earlier, later) = self.items.split_at_mut(at);
                    earlier[*first.get() as usize].1.add(&later[0].1)?;
                }
                Entry::Vacant(slot) => {
                    slot.insert(kept as u32);
                    self.items.swap(kept, at);
                    kept += 1;
                }
            }
        }
        self.items.truncate(kept);
        self.shrink();
        Ok(())
    }

    /// Gives back the room beyond the entries held, for the frontier that follows: a merged
    /// batch holds a fraction of the states made into it.
    fn shrink(&mut self) {
        if self.items.capacity() > self.items.len() + self.items.len() / 4 + 64 {
            self.items.shrink_to_fit();
            let bytes = list_bytes::<W, T>(self.items.capacity());
            self.budget.release(self.charged);
            // Less than was charged a moment ago, so within the budget.
            self.budget.used.fetch_add(bytes, Ordering::Relaxed);
            self.charged = bytes;
        }
    }

    /// Every state and count, emptying the batch (its memory is released when it is dropped).
    pub(super) fn drain(&mut self) -> impl Iterator<Item = (Cells<W>, T)> + '_ {
        self.items
            .drain(..)
            .map(|(word, count)| (Cells(word), count))
    }

    /// Keeps only the states `keep` accepts.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(Cells<W>) -> bool) {
        self.items.retain(|&(word, _)| keep(Cells(word)));
    }
}

impl<W, T> Drop for Batch<'_, W, T> {
    fn drop(&mut self) {
        self.budget.release(self.charged);
    }
}

/// The bytes of a list of `capacity` entries, and a big count's digits beside each.
pub(super) fn list_bytes<W, T>(capacity: usize) -> u64 {
    let digits = if size_of::<T>() > size_of::<u128>() {
        16
    } else {
        0
    };
    capacity as u64 * (size_of::<(W, T)>() as u64 + digits)
}
