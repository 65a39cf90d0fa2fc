//! The states of one frontier, with their counts, in maps whose memory is charged to a budget
//! before it is taken: a count that would outgrow its memory stops with an answer instead of
//! being killed.

use std::collections::hash_map::Entry;
use std::hash::Hash;
use std::mem::size_of;
use std::sync::atomic::{AtomicU64, Ordering};

use rustc_hash::FxHashMap;

use super::cells::Cells;
use crate::count::tally::{Overflow, Tally};

/// How a state is stored in a map: in 64 bits when the frontier fits (15 cells or fewer),
/// halving the memory of a count, else in 128.
pub(super) trait Key: Copy + Eq + Hash + Send + Sync {
    /// The key of `cells`.
    fn pack(cells: Cells) -> Self;
    /// The cells of the key.
    fn unpack(self) -> Cells;
}

impl Key for u64 {
    fn pack(cells: Cells) -> Self {
        debug_assert!(cells.0 >> 64 == 0, "a frontier of at most 16 cells");
        cells.0 as u64
    }

    fn unpack(self) -> Cells {
        Cells(u128::from(self))
    }
}

impl Key for u128 {
    fn pack(cells: Cells) -> Self {
        cells.0
    }

    fn unpack(self) -> Cells {
        Cells(self)
    }
}

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

/// States and their counts, the map's memory charged to a [`Budget`].
#[derive(Debug)]
pub(super) struct StateMap<'b, K, T> {
    map: FxHashMap<K, T>,
    charged: u64,
    budget: &'b Budget,
}

impl<'b, K: Key, T: Tally> StateMap<'b, K, T> {
    /// An empty map.
    pub(super) fn new(budget: &'b Budget) -> Self {
        Self {
            map: FxHashMap::default(),
            charged: 0,
            budget,
        }
    }

    /// The number of states.
    pub(super) fn len(&self) -> usize {
        self.map.len()
    }

    /// Adds `count` ways to reach `state`.
    pub(super) fn add(&mut self, state: Cells, count: &T) -> Result<(), Full> {
        // Room first (a full map may grow for a state it holds): an entry found or made
        // then hashes the state once.
        if self.map.len() == self.map.capacity() {
            self.grow()?;
        }
        match self.map.entry(K::pack(state)) {
            Entry::Occupied(held) => Ok(held.into_mut().add(count)?),
            Entry::Vacant(slot) => {
                slot.insert(count.clone());
                Ok(())
            }
        }
    }

    /// Room for twice the states, charged first; the old table and the new are both held while
    /// the map moves, so both are charged for that moment.
    fn grow(&mut self) -> Result<(), Full> {
        let capacity = (self.map.capacity() * 2).max(1024);
        let bytes = table_bytes::<K, T>(capacity);
        self.budget.charge(bytes)?;
        if self.map.try_reserve(capacity - self.map.len()).is_err() {
            self.budget.release(bytes);
            return Err(Full::Memory { wanted: bytes });
        }
        self.budget.release(self.charged);
        self.charged = bytes;
        Ok(())
    }

    /// Every state and count, emptying the map (its memory is released when it is dropped).
    pub(super) fn drain(&mut self) -> impl Iterator<Item = (Cells, T)> + '_ {
        self.map.drain().map(|(key, count)| (key.unpack(), count))
    }

    /// Adds every state of `other` to this map.
    pub(super) fn absorb(&mut self, mut other: StateMap<'b, K, T>) -> Result<(), Full> {
        if other.len() > self.len() {
            std::mem::swap(self, &mut other);
        }
        for (state, count) in other.drain() {
            self.add(state, &count)?;
        }
        Ok(())
    }

    /// Keeps only the states `keep` accepts.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(Cells) -> bool) {
        self.map.retain(|&state, _| keep(state.unpack()));
    }
}

impl<K, T> Drop for StateMap<'_, K, T> {
    fn drop(&mut self) {
        self.budget.release(self.charged);
    }
}

/// The bytes of a table for `capacity` states: buckets for 8/7 of them rounded up to a power
/// of two, each an entry and a control byte, and a big count's digits beside it.
pub(super) fn table_bytes<K, T>(capacity: usize) -> u64 {
    let buckets = (capacity.saturating_mul(8) / 7).next_power_of_two() as u64;
    let digits = if size_of::<T>() > size_of::<u128>() {
        16
    } else {
        0
    };
    buckets * (size_of::<(K, T)>() as u64 + 1 + digits)
}
