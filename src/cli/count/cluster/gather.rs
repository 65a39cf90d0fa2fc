//! The states a worker owns of the next frontier, gathered as they arrive from every worker,
//! their counts added up, within the memory its process may hold.
//!
//! States arrive in no order and the same state many times. Each is appended to one of up to
//! a few thousand partitions (by a hash other than the one that chose its owner), so that
//! appending stays in the processor's cache; a partition that fills its room adds up its repeats in
//! place, with a table small enough for the cache too, before it may grow. So a partition
//! holds at most about twice its distinct states, never every state made, and a frontier's
//! states are never looked up in one table larger than the cache (which cost the one-process
//! count most of its time before it kept partitions).
//!
//! Past the memory cap, with a spill (`spilled`): when the cap leaves no room to grow a
//! partition, every partition's states, their repeats added up, are appended to its file and
//! its room given back; at the round's end each partition is read back and added up alone, and
//! those past half the cap stay on disk for the next round ([`Held`]).

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::budget::{Budget, Trouble, bytes_of};
use super::held::Held;
use super::number::{Fixed, Number, Overflow};
use super::packed;
use super::spilled::Disk;

/// A state's hash, whose high bits pick its partition: splitmix64's finaliser of its word.
fn spread<W: Hash>(word: &W) -> u64 {
    let mut hasher = Mix::default();
    word.hash(&mut hasher);
    hasher.finish()
}

/// The worker of `peers` that owns `word`: the top half of one multiplication of the word,
/// scaled to `peers` (Lemire's multiply-shift, no division), the same on every machine. Its
/// multiplier is neither [`table_hash`]'s nor [`spread`]'s, so that a worker's states still
/// fill every slot of its tables and every partition.
#[inline]
pub(super) fn owner<W: Fixed>(word: W, peers: u64) -> u64 {
    let mixed = word.folded().wrapping_mul(0xD6E8_FEB8_6659_FD93);
    ((mixed >> 32) * peers) >> 32
}

/// The hasher of [`spread`].
#[derive(Debug, Default, Clone, Copy)]
struct Mix(u64);

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

/// A partition's scratch table for adding up its repeats, open addressing on the state's
/// [`table_hash`]: a slot is 0 when empty, or holds the state's place in the partition plus one
/// (the low 40 bits) under 24 bits of its hash, so that most states that differ are told apart
/// without reading the partition. Against the standard library's map, a 6x8 count in a
/// cluster of one took 0.90 to 0.98 of its time (three paired runs).
#[derive(Debug, Default)]
struct Index {
    slots: Vec<u64>,
}

/// The bits of a slot that hold a place.
const PLACE: u64 = (1 << 40) - 1;

/// The partitions of a frontier about `states` states large, of which this worker may hold
/// `room` bytes: a power of two, with 32,768 to 65,536 of the states each, and more partitions
/// if that would make each more than 1/64 of the room, so that a spill reads back and adds up
/// one partition at a time well within it.
///
/// Of partitions of 4,096 to 262,144 states, tried on a 6x8 count over two processes (both
/// builds at once), 65,536 took the least CPU: 3 to 5% less than 4,096, whose appends stray
/// over more of the cache, and 0.6 to 14% less than 262,144, whose tables outgrow it.
pub(super) fn partitions_for<W, C>(states: u64, room: u64) -> usize {
    let for_cache = states / 65_536;
    let for_room = bytes_of::<W, C>(states as usize).saturating_mul(64) / room.max(1);
    (for_cache.max(for_room) as usize)
        .next_power_of_two()
        .clamp(1, 1 << 12)
}

/// The states of the next frontier that reach this worker, with their counts.
pub(super) struct Gather<W, C> {
    parts: Vec<Vec<(W, C)>>,
    budget: Arc<Budget>,
    /// Bytes charged for the parts' room.
    charged: u64,
    /// How many of each part's first states are known to be distinct: those its last adding
    /// up left.
    distinct: Vec<usize>,
    index: Index,
    trouble: Option<Trouble>,
    /// Where states go past the memory cap, and which parts have states there this round.
    disk: Option<Arc<Disk>>,
    on_disk: Vec<bool>,
    /// The rounds gathered, which name the files.
    round: u64,
}

impl<W: Fixed + Eq + Hash, C: Number> Gather<W, C> {
    /// Nothing gathered yet, in `partitions` partitions (a power of two), past the budget
    /// on `disk` if there is one.
    pub(super) fn new(budget: Arc<Budget>, partitions: usize, disk: Option<Arc<Disk>>) -> Self {
        Self {
            parts: (0..partitions).map(|_| Vec::new()).collect(),
            budget,
            charged: 0,
            distinct: vec![0; partitions],
            index: Index::default(),
            trouble: None,
            disk,
            on_disk: vec![false; partitions],
            round: 0,
        }
    }

    /// Takes every state of `arrived`. Once the budget (and the disk) is spent or a count
    /// overflows, the states that arrive are dropped: the round ends, and every worker hears
    /// why.
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

    /// Takes every state of `bytes`, a batch packed by another process ([`packed`]). A batch
    /// that does not read as whole states ends the round, as trouble does.
    pub(super) fn take_packed(&mut self, bytes: &[u8]) {
        if self.trouble.is_some() {
            return;
        }
        let mut failed = None;
        let read = packed::unpack(bytes, |word, count| {
            failed = self.push(word, count).err();
            failed.is_none()
        });
        self.trouble = failed.or(read.err().map(|_| Trouble::Malformed));
    }

    /// Appends a state to its partition. Inlined into the loops that take a batch, so that
    /// they stay tight: a partition that is full makes room out of line.
    #[inline(always)]
    fn push(&mut self, word: W, count: C) -> Result<(), Trouble> {
        let at = (spread(&word) >> 40) as usize & (self.parts.len() - 1);
        if self.parts[at].len() == self.parts[at].capacity() {
            self.make_room(at)?;
        }
        self.parts[at].push((word, count));
        Ok(())
    }

    /// Makes room in partition `at`, which is full: its repeats added up, then grown if that
    /// left it cramped, past the budget on the disk if there is one.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, at: usize) -> Result<(), Trouble> {
        if !cramped(&mut self.parts[at], &mut self.distinct[at], &mut self.index)? {
            return Ok(());
        }
        match grow(&mut self.parts[at], &self.budget) {
            Ok(charged) => self.charged += charged,
            Err(Trouble::Memory { .. }) if self.disk.is_some() => {
                self.spill_parts()?;
                self.charged += grow(&mut self.parts[at], &self.budget)?;
            }
            Err(trouble) => return Err(trouble),
        }
        Ok(())
    }

    /// Writes every part's states, their repeats added up, to the disk, and gives back
    /// their room.
    fn spill_parts(&mut self) -> Result<(), Trouble> {
        let Some(disk) = self.disk.clone() else {
            return Ok(());
        };
        for at in 0..self.parts.len() {
            let mut part = std::mem::take(&mut self.parts[at]);
            if !part.is_empty() {
                merge_repeats(&mut part, self.distinct[at], &mut self.index)?;
                disk.append(&disk.name("gathered", self.round, at), &part)?;
                self.on_disk[at] = true;
            }
            self.distinct[at] = 0;
            self.give_back(&part);
        }
        Ok(())
    }

    /// Gives back the room of `part`, taken out of the gathering.
    fn give_back(&mut self, part: &Vec<(W, C)>) {
        let bytes = bytes_of::<W, C>(part.capacity()).min(self.charged);
        self.budget.release(bytes);
        self.charged -= bytes;
    }

    /// The frontier gathered, every state once, for the next round; or why it is not whole.
    /// The next round's states are gathered in `partitions` partitions. With a disk, parts
    /// past half the budget are kept on it.
    pub(super) fn finish(&mut self, partitions: usize) -> Result<Held<W, C>, Trouble> {
        let finished = self.finish_parts();
        self.parts = (0..partitions).map(|_| Vec::new()).collect();
        self.on_disk = vec![false; partitions];
        self.distinct = vec![0; partitions];
        self.index = Index::default();
        self.round += 1;
        finished
    }

    fn finish_parts(&mut self) -> Result<Held<W, C>, Trouble> {
        if let Some(trouble) = self.trouble.take() {
            self.clear()?;
            return Err(trouble);
        }
        if self.on_disk.contains(&true) {
            // Every part to the disk first, so that each is added up alone in the room freed.
            self.spill_parts()?;
        }
        let mut held = Held::none(Arc::clone(&self.budget));
        held.disk = self.disk.clone();
        let half = self.budget.cap() / 2;
        for at in 0..self.parts.len() {
            let mut part = std::mem::take(&mut self.parts[at]);
            let mut charged = bytes_of::<W, C>(part.capacity()).min(self.charged);
            self.charged -= charged;
            if self.on_disk[at]
                && let Some(disk) = self.disk.clone()
            {
                let name = disk.name("gathered", self.round, at);
                // The file holds a run of the part's states each time it was written: their
                // repeats are added up as they are read, as when they arrived.
                let (budget, index) = (&self.budget, &mut self.index);
                let distinct = &mut self.distinct[at];
                disk.read(&name, |word, count| {
                    if part.len() == part.capacity() && cramped(&mut part, distinct, index)? {
                        charged += grow(&mut part, budget)?;
                    }
                    part.push((word, count));
                    Ok(())
                })?;
                disk.remove(&name)?;
            }
            merge_repeats(&mut part, self.distinct[at], &mut self.index)?;
            held.charged += charged;
            match &self.disk {
                Some(disk) if self.budget.used() > half && !part.is_empty() => {
                    let name = disk.name("held", self.round, at);
                    disk.append(&name, &part)?;
                    held.on_disk.push((name, part.len() as u64));
                    let bytes = charged.min(held.charged);
                    self.budget.release(bytes);
                    held.charged -= bytes;
                }
                _ => held.parts.push(part),
            }
        }
        Ok(held)
    }

    /// Forgets what was gathered this round, its files included.
    fn clear(&mut self) -> Result<(), Trouble> {
        for at in 0..self.parts.len() {
            let part = std::mem::take(&mut self.parts[at]);
            self.give_back(&part);
            if self.on_disk[at]
                && let Some(disk) = &self.disk
            {
                disk.remove(&disk.name("gathered", self.round, at))?;
            }
        }
        Ok(())
    }
}

/// Adds up the repeats of `part`, which is full, its first `distinct` states known to differ
/// (and then all of them): whether that left less than a quarter of its room free, so that it
/// should grow before it takes more.
fn cramped<W: Fixed + Eq, C: Number>(
    part: &mut Vec<(W, C)>,
    distinct: &mut usize,
    index: &mut Index,
) -> Result<bool, Overflow> {
    merge_repeats(part, *distinct, index)?;
    *distinct = part.len();
    Ok(part.len() * 4 >= part.capacity() * 3)
}

/// Grows the room of `part` by half (to 64 states at first), charged to `budget`: the bytes
/// charged. By half rather than double, a process holds about 15% less at its peak for some 3%
/// more time (a 6x8 count).
fn grow<W: Fixed, C: Fixed>(part: &mut Vec<(W, C)>, budget: &Budget) -> Result<u64, Trouble> {
    let before = part.capacity();
    let room = (before + before / 2).max(64);
    let bytes = bytes_of::<W, C>(room - before);
    budget.charge(bytes)?;
    if part.try_reserve_exact(room - part.len()).is_err() {
        budget.release(bytes);
        return Err(Trouble::Memory { wanted: bytes });
    }
    Ok(budget.settle(bytes, bytes_of::<W, C>(part.capacity() - before)))
}

/// Adds up the counts of each state of `part`, leaving one entry a state, in place, in the
/// order each first came. Its first `distinct` states are known to differ: they are placed in
/// the table without being compared.
fn merge_repeats<W: Fixed + Eq, C: Number>(
    part: &mut Vec<(W, C)>,
    distinct: usize,
    index: &mut Index,
) -> Result<(), Overflow> {
    let size = (2 * part.len()).next_power_of_two().max(16);
    index.slots.clear();
    index.slots.resize(size, 0);
    let (mask, shift) = (size - 1, 64 - size.trailing_zeros());
    for (at, (word, _)) in part.iter().enumerate().take(distinct) {
        let hash = table_hash(*word);
        let mut slot = (hash >> shift) as usize;
        while index.slots[slot] != 0 {
            slot = (slot + 1) & mask;
        }
        index.slots[slot] = tag_of(hash) | (at as u64 + 1);
    }
    let mut kept = distinct.min(part.len());
    for at in kept..part.len() {
        let (word, count) = part[at];
        let hash = table_hash(word);
        let tag = tag_of(hash);
        let mut slot = (hash >> shift) as usize;
        loop {
            let held = index.slots[slot];
            if held == 0 {
                index.slots[slot] = tag | (kept as u64 + 1);
                part[kept] = (word, count);
                kept += 1;
                break;
            }
            let first = ((held & PLACE) - 1) as usize;
            if held & !PLACE == tag && part[first].0 == word {
                part[first].1.add(count)?;
                break;
            }
            slot = (slot + 1) & mask;
        }
    }
    part.truncate(kept);
    Ok(())
}

/// A state's hash in a partition's table: one multiplication (Fibonacci hashing), whose top
/// bits pick the slot. The partition was picked by [`spread`], a hash of its own.
fn table_hash<W: Fixed>(word: W) -> u64 {
    word.folded().wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The bits of a slot above its place: 24 bits of `hash` below those the slot used (in a
/// table of up to 2^24 slots).
fn tag_of(hash: u64) -> u64 {
    (hash >> 16) << 40
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::count::keep::Spill;

    fn gathered(items: &[(u64, u64)], partitions: usize) -> Vec<(u64, u64)> {
        gathered_within(items, partitions, u64::MAX, None)
    }

    /// The states `items` gather into, in `partitions` partitions, within `cap` bytes and
    /// past them on `disk`, gathered twice over (the second round's files named apart).
    fn gathered_within(
        items: &[(u64, u64)],
        partitions: usize,
        cap: u64,
        disk: Option<Arc<Disk>>,
    ) -> Vec<(u64, u64)> {
        let budget = Arc::new(Budget::new(cap));
        let mut gather = Gather::<u64, u64>::new(Arc::clone(&budget), partitions, disk);
        let mut states = Vec::new();
        for round in 0..2 {
            for chunk in items.chunks(100) {
                gather.take(&mut chunk.to_vec());
            }
            let held = gather.finish(partitions).unwrap();
            let mut seen = Vec::new();
            held.drain(|word, count| {
                seen.push((word, count));
                true
            })
            .unwrap();
            if round == 1 {
                states = seen;
            }
        }
        states.sort_unstable();
        assert_eq!(budget.used(), 0, "every byte given back");
        states
    }

    #[test]
    fn every_worker_owns_its_share_of_the_states() {
        // Frontier states are 4-bit cells, most of them done, free or loose (codes 0 to 2),
        // a few labels: words of that shape, made by a fixed generator.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let distinct: std::collections::HashSet<u64> = (0..300_000)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (0..13).fold(0, |word, cell| {
                    let code = [0, 0, 1, 1, 2, 3, 4, 5][(seed >> (3 * cell)) as usize & 7];
                    word | (code << (4 * cell))
                })
            })
            .collect();
        for peers in [2u64, 3, 7, 16, 100] {
            let mut owned = vec![0u64; peers as usize];
            for &word in &distinct {
                let to = owner(word, peers);
                assert!(to < peers, "{word:#x} went to worker {to} of {peers}");
                owned[to as usize] += 1;
            }
            let fair = distinct.len() as f64 / peers as f64;
            for (worker, &count) in owned.iter().enumerate() {
                let share = count as f64 / fair;
                assert!(
                    (0.9..1.1).contains(&share),
                    "worker {worker} of {peers} owns {share:.3} of its share"
                );
            }
        }
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
    fn states_past_the_cap_go_to_the_disk_and_come_back_added_up() {
        // 60,000 arrivals of 9,000 states: 144 KB of states, within a cap of 64 KB.
        let items: Vec<(u64, u64)> = (0..60_000u64)
            .map(|i| (i * 7919 % 9_000, 1 + i % 3))
            .collect();
        let mut expected: Vec<(u64, u64)> = (0..9_000u64)
            .map(|s| {
                (
                    s,
                    items
                        .iter()
                        .filter(|item| item.0 == s)
                        .map(|item| item.1)
                        .sum(),
                )
            })
            .collect();
        expected.sort_unstable();
        let parent = std::env::temp_dir().join(format!("gather-spill-{}", std::process::id()));
        std::fs::create_dir_all(&parent).unwrap();
        let spill = Arc::new(Spill::new(Some(&parent), None));
        // A partition is added up in memory: each of 32 or 64 fits in a small part of the cap,
        // as they do in a count, where all the states at once would not.
        for partitions in [32, 64] {
            let disk = Arc::new(Disk::new(Arc::clone(&spill), 3));
            let states = gathered_within(&items, partitions, 64 << 10, Some(disk));
            assert_eq!(states, expected, "{partitions} partitions");
        }
        let folder = parent.join(format!("knights-tour-spill-{}", std::process::id()));
        assert!(folder.exists(), "the states went to the disk");
        let left = std::fs::read_dir(&folder).unwrap().count();
        assert_eq!(left, 0, "every file removed once read");
        drop(spill);
        assert!(!folder.exists(), "the spill folder removed");
        std::fs::remove_dir_all(&parent).unwrap();
    }

    #[test]
    fn a_full_budget_or_an_overflow_is_trouble_not_a_wrong_count() {
        let budget = Arc::new(Budget::new(1000));
        let mut gather = Gather::<u64, u64>::new(Arc::clone(&budget), 1, None);
        gather.take(&mut (0..200u64).map(|i| (i, 1)).collect());
        assert!(matches!(gather.finish(1), Err(Trouble::Memory { .. })));
        let budget = Arc::new(Budget::new(u64::MAX));
        let mut gather = Gather::<u64, u64>::new(budget, 1, None);
        gather.take(&mut vec![(5, u64::MAX), (5, 1)]);
        assert!(matches!(gather.finish(1), Err(Trouble::Overflow)));
    }

    #[test]
    fn a_packed_batch_is_gathered_as_its_states_and_a_torn_one_is_trouble() {
        let budget = Arc::new(Budget::new(u64::MAX));
        let mut gather = Gather::<u64, u64>::new(Arc::clone(&budget), 4, None);
        let mut bytes = Vec::new();
        packed::pack(&[(9u64, 2u64), (1 << 50, 3), (9, 5)], &mut bytes);
        gather.take_packed(&bytes);
        let mut states = Vec::new();
        let Ok(held) = gather.finish(1) else {
            panic!("the batch not gathered whole");
        };
        held.drain(|word, count| {
            states.push((word, count));
            true
        })
        .unwrap();
        states.sort_unstable();
        assert_eq!(states, [(9, 7), (1 << 50, 3)]);
        gather.take_packed(&bytes[..bytes.len() - 1]);
        assert!(matches!(gather.finish(1), Err(Trouble::Malformed)));
    }
}
