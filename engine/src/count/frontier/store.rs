//! Where a frontier's states and counts live: in blocks of a fixed size, charged to a budget
//! before they are taken, so that a count that would outgrow its memory stops with an answer
//! instead of being killed, and memory freed by one list is reused whole by the next.
//!
//! A frontier is cut into partitions by a hash of the state. A step appends the states it
//! makes to the list of their partition ([`Blocks::push`]), repeats and all; a merge
//! ([`merge`]) then adds the repeats of one partition into the partition's list of distinct
//! states, with a table small enough to stay in the processor's cache. Blocks are released as
//! soon as they have been read, so a step holds its old frontier only as long as it has not
//! stepped it.

use std::mem::size_of;
use std::sync::atomic::{AtomicU64, Ordering};

use super::key::Key;
use crate::count::tally::Tally;

/// Entries in a block.
pub(super) const BLOCK: usize = 256;

/// Bytes a count may hold, shared by every thread.
#[derive(Debug)]
pub(super) struct Budget {
    cap: u64,
    used: AtomicU64,
    peak: AtomicU64,
}

/// The budget has no room: the bytes it would have held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Full {
    pub(super) wanted: u64,
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

    /// Takes `bytes`, or says how many would have been held.
    pub(super) fn charge(&self, bytes: u64) -> Result<(), Full> {
        let before = self.used.fetch_add(bytes, Ordering::Relaxed);
        let now = before.saturating_add(bytes);
        if now > self.cap {
            self.used.fetch_sub(bytes, Ordering::Relaxed);
            return Err(Full { wanted: now });
        }
        self.peak.fetch_max(now, Ordering::Relaxed);
        Ok(())
    }

    /// Gives `bytes` back.
    pub(super) fn release(&self, bytes: u64) {
        self.used.fetch_sub(bytes, Ordering::Relaxed);
    }
}

/// The bytes of `entries` entries of a state and a count: a big count's digits are counted
/// as 16 bytes beside it.
pub(super) fn entry_bytes<K, T>(entries: usize) -> u64 {
    let digits = if size_of::<T>() > size_of::<u128>() {
        16
    } else {
        0
    };
    entries as u64 * (size_of::<(K, T)>() as u64 + digits)
}

/// At most [`BLOCK`] states and their counts, charged to the budget for the whole block.
#[derive(Debug)]
pub(super) struct Block<'b, K, T> {
    items: Vec<(K, T)>,
    budget: &'b Budget,
}

impl<'b, K, T> Block<'b, K, T> {
    fn new(budget: &'b Budget) -> Result<Self, Full> {
        let bytes = entry_bytes::<K, T>(BLOCK);
        budget.charge(bytes)?;
        let mut items = Vec::new();
        if items.try_reserve_exact(BLOCK).is_err() {
            budget.release(bytes);
            return Err(Full {
                wanted: budget.used().saturating_add(bytes),
            });
        }
        Ok(Self { items, budget })
    }

    /// The entries.
    pub(super) fn items(&self) -> &[(K, T)] {
        &self.items
    }
}

impl<K, T> Drop for Block<'_, K, T> {
    fn drop(&mut self) {
        self.budget.release(entry_bytes::<K, T>(BLOCK));
    }
}

/// A list of entries in blocks, every block full but the last, which is kept beside the
/// list's other fields: appending to one of many lists touches the list and the block.
#[derive(Debug)]
pub(super) struct Blocks<'b, K, T> {
    full: Vec<Block<'b, K, T>>,
    last: Option<Block<'b, K, T>>,
    len: usize,
}

impl<'b, K: Key, T: Tally> Blocks<'b, K, T> {
    /// An empty list, which holds no memory until an entry comes.
    pub(super) fn new() -> Self {
        Self {
            full: Vec::new(),
            last: None,
            len: 0,
        }
    }

    /// The number of entries.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Appends an entry, taking a new block when the last is full.
    pub(super) fn push(&mut self, budget: &'b Budget, key: K, count: T) -> Result<(), Full> {
        match &mut self.last {
            Some(last) if last.items.len() < BLOCK => last.items.push((key, count)),
            _ => self.push_in_new_block(budget, key, count)?,
        }
        self.len += 1;
        Ok(())
    }

    #[cold]
    fn push_in_new_block(&mut self, budget: &'b Budget, key: K, count: T) -> Result<(), Full> {
        let mut block = Block::new(budget)?;
        block.items.push((key, count));
        self.full.extend(self.last.replace(block));
        Ok(())
    }

    fn entry_mut(&mut self, at: usize) -> &mut (K, T) {
        match self.full.get_mut(at / BLOCK) {
            Some(block) => &mut block.items[at % BLOCK],
            None => &mut self.last.as_mut().expect("an entry held").items[at % BLOCK],
        }
    }

    fn key(&self, at: usize) -> K {
        match self.full.get(at / BLOCK) {
            Some(block) => block.items[at % BLOCK].0,
            None => self.last.as_ref().expect("an entry held").items[at % BLOCK].0,
        }
    }

    /// The blocks, to be read and released one at a time.
    pub(super) fn into_blocks(mut self) -> Vec<Block<'b, K, T>> {
        self.full.extend(self.last.take());
        self.full
    }

    /// Every entry.
    pub(super) fn iter(&self) -> impl Iterator<Item = &(K, T)> {
        self.full
            .iter()
            .chain(&self.last)
            .flat_map(|block| block.items.iter())
    }

    /// The list with every count made a `U`, block by block.
    pub(super) fn widen<U: Tally>(self, budget: &'b Budget) -> Result<Blocks<'b, K, U>, Full> {
        let mut wide = Blocks::new();
        for block in self.into_blocks() {
            for (key, count) in &block.items {
                wide.push(budget, *key, U::widened(count))?;
            }
        }
        Ok(wide)
    }

    /// The sum of the counts, or `u128::MAX` if it is larger.
    pub(super) fn sum(&self) -> u128 {
        self.iter().fold(0u128, |sum, (_, count)| {
            sum.saturating_add(count.saturating_u128())
        })
    }
}

/// The table a merge indexes a partition with, kept by each thread from one merge to the
/// next: an entry's place in the partition's list (plus one; 0 is an empty slot) and a few
/// bits of its hash, by open addressing.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    slots: Vec<u64>,
    charged: u64,
}

impl Scratch {
    /// Room for `entries` entries at most half full, empty; charged to `budget`.
    fn prepare(&mut self, entries: usize, budget: &Budget) -> Result<(), Full> {
        let wanted = (2 * entries).next_power_of_two().max(16);
        if wanted > self.slots.len() || wanted * 8 < self.slots.len() {
            let bytes = wanted as u64 * 8;
            budget.charge(bytes)?;
            budget.release(self.charged);
            self.charged = bytes;
            self.slots = Vec::new();
            if self.slots.try_reserve_exact(wanted).is_err() {
                return Err(Full {
                    wanted: budget.used().saturating_add(bytes),
                });
            }
            self.slots.resize(wanted, 0);
        } else {
            self.slots.fill(0);
        }
        Ok(())
    }

    /// Gives its memory back.
    pub(super) fn release(&mut self, budget: &Budget) {
        budget.release(self.charged);
        self.charged = 0;
        self.slots = Vec::new();
    }
}

/// Adds the entries of `pending` into `merged`, a partition's list of distinct states: a
/// state it holds has its count added to, a new one is appended. Each block of `pending` is
/// released once it has been read.
pub(super) fn merge<'b, K: Key, T: Tally>(
    merged: &mut Blocks<'b, K, T>,
    pending: Vec<Blocks<'b, K, T>>,
    scratch: &mut Scratch,
    budget: &'b Budget,
) -> Result<(), Full> {
    let incoming: usize = pending.iter().map(Blocks::len).sum();
    if incoming == 0 {
        return Ok(());
    }
    // Most states made are repeats: a table for half of them, grown if need be.
    scratch.index(merged, merged.len() + incoming / 2, budget)?;
    merge_more(merged, pending, scratch, budget)
}

/// [`merge`], with `scratch` already the index of `merged` (as the last merge into it left
/// it).
pub(super) fn merge_more<'b, K: Key, T: Tally>(
    merged: &mut Blocks<'b, K, T>,
    pending: Vec<Blocks<'b, K, T>>,
    scratch: &mut Scratch,
    budget: &'b Budget,
) -> Result<(), Full> {
    for list in pending {
        for block in list.into_blocks() {
            for (key, count) in &block.items {
                match scratch.find(merged, *key) {
                    (_, Some(at)) => merged.entry_mut(at).1.plus(count),
                    (slot, None) => {
                        scratch.slots[slot] = Scratch::slot(merged.len(), *key);
                        merged.push(budget, *key, count.clone())?;
                        if merged.len() * 4 > scratch.slots.len() * 3 {
                            scratch.index(merged, 2 * merged.len(), budget)?;
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

impl Scratch {
    /// Makes the table an index of `merged`, with room for `entries` entries.
    fn index<K: Key, T: Tally>(
        &mut self,
        merged: &Blocks<'_, K, T>,
        entries: usize,
        budget: &Budget,
    ) -> Result<(), Full> {
        self.prepare(entries, budget)?;
        for at in 0..merged.len() {
            let key = merged.key(at);
            let (slot, _) = self.find(merged, key);
            self.slots[slot] = Scratch::slot(at, key);
        }
        Ok(())
    }

    /// The slot of `key`: where it is (and its place in `merged`), or the empty one where it
    /// goes.
    fn find<K: Key, T: Tally>(&self, merged: &Blocks<'_, K, T>, key: K) -> (usize, Option<usize>) {
        let mask = self.slots.len() - 1;
        let hash = key.hash();
        let tag = hash >> 40;
        let mut slot = hash as usize & mask;
        loop {
            let held = self.slots[slot];
            if held == 0 {
                return (slot, None);
            }
            let at = (held as u32 - 1) as usize;
            if held >> 40 == tag && merged.key(at) == key {
                return (slot, Some(at));
            }
            slot = (slot + 1) & mask;
        }
    }

    /// A slot's word for the entry at `at`: its place plus one, and the top bits of its hash.
    fn slot<K: Key>(at: usize, key: K) -> u64 {
        (key.hash() >> 40 << 40) | (at as u64 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_merge_adds_up_repeats_and_keeps_distinct_states() {
        let budget = Budget::new(u64::MAX);
        let mut merged: Blocks<'_, u64, u64> = Blocks::new();
        let mut scratch = Scratch::default();
        let mut pending = Vec::new();
        for part in 0..3u64 {
            let mut list = Blocks::new();
            for state in 0..1000u64 {
                list.push(&budget, state % (300 + part), 1).unwrap();
            }
            pending.push(list);
        }
        merge(&mut merged, pending, &mut scratch, &budget).unwrap();
        assert_eq!(merged.len(), 302);
        assert_eq!(merged.iter().map(|(_, count)| count).sum::<u64>(), 3000);
        let mut again = Blocks::new();
        again.push(&budget, 7, 5).unwrap();
        again.push(&budget, 5000, 1).unwrap();
        merge(&mut merged, vec![again], &mut scratch, &budget).unwrap();
        assert_eq!(merged.len(), 303);
        let seven = merged.iter().find(|(key, _)| *key == 7).unwrap().1;
        assert_eq!(seven, 3 * 4 + 5);
        scratch.release(&budget);
        drop(merged);
        assert_eq!(budget.used(), 0);
    }

    #[test]
    fn a_list_past_its_budget_is_refused_and_gives_back_what_it_held() {
        let budget = Budget::new(entry_bytes::<u64, u64>(BLOCK) * 2);
        let mut list: Blocks<'_, u64, u64> = Blocks::new();
        for state in 0..2 * BLOCK as u64 {
            list.push(&budget, state, 1).unwrap();
        }
        assert!(list.push(&budget, 0, 1).is_err());
        drop(list);
        assert_eq!(budget.used(), 0);
    }
}
