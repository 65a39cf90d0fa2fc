//! A frontier too large for the count's memory, kept in a [`Store`] ([`super::chunk`] has
//! the bytes).
//!
//! When a step's distinct states fill half the memory (or leave too little room for the
//! step's rounds to go on), they are written out, each to the file of its partition: the top
//! bits of its hash, as the blocks in memory are partitioned ([`flush`]). A state made again
//! after a flush is written again by the next one, so a file holds repeats. The next step reads
//! the frontier back a partition at a time ([`Reading`]), merging each partition's repeats
//! (equal states' counts added) within the memory, and steps it; a partition too large for
//! the room is read in several passes, each taking the states of the next bits of the hash.

use std::io;
use std::sync::Mutex;

use super::StepStop;
use super::chunk::{CHUNK_BYTES, FileReader, FileSum, ReadError, put, write_chunk};
use super::key::Key;
use super::store::{Blocks, Budget, Full, Scratch, entry_bytes, merge, merge_more};
use super::workers::on_workers;
use crate::count::keep::Store;
use crate::count::tally::Tally;

/// A frontier kept in a store: its states in `files.len()` partitions (a power of two), a
/// file each, named `name-0000` on.
#[derive(Debug)]
pub(super) struct Spilled<'b> {
    pub(super) store: &'b dyn Store,
    pub(super) name: String,
    /// Whether the files are the count's own, removed once read (a checkpoint's are not).
    pub(super) owned: bool,
    pub(super) files: Vec<FileSum>,
    /// The files before this one are read back and removed.
    pub(super) removed: usize,
}

impl Drop for Spilled<'_> {
    /// A frontier of the count's own dropped before it was read back whole (the count
    /// stopped: the deadline, the memory, the disk) removes the files it still has, so that a
    /// stopped count leaves its store as it found it.
    fn drop(&mut self) {
        if self.owned {
            for part in self.removed..self.files.len() {
                let _ = self.store.remove(&self.file_name(part));
            }
        }
    }
}

impl std::fmt::Debug for dyn Store + '_ {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe())
    }
}

impl Spilled<'_> {
    pub(super) fn file_name(&self, part: usize) -> String {
        format!("{}-{part:04}", self.name)
    }

    fn bits(&self) -> u32 {
        self.files.len().trailing_zeros()
    }
}

/// What a step has written of the frontier it makes: the files, the states written (repeats
/// and all) and the sum of their counts.
pub(super) struct Output<'b> {
    pub(super) spilled: Spilled<'b>,
    pub(super) states: u64,
    pub(super) sum: u128,
}

/// The fewest and the most partitions a frontier is written in.
const FEWEST_FILES: usize = 4;
const MOST_FILES: usize = 1024;

/// A store's failure, as a step's stop.
pub(super) fn store_failed(doing: &str, name: &str, error: &io::Error) -> StepStop {
    StepStop::Store(format!("{doing} {name}: {error}"))
}

/// A read's failure, as a step's stop.
pub(super) fn read_failed(name: &str, error: ReadError) -> StepStop {
    match error {
        ReadError::Store(error) => store_failed("reading", name, &error),
        ReadError::Damaged(what) => StepStop::Store(what),
    }
}

/// The spill files a frontier of about `expected` states of `K` and `T` is written in: each
/// about an eighth of the memory `cap`.
fn files_for<K, T>(expected: u64, cap: u64) -> usize {
    let bytes = entry_bytes::<K, T>(1).saturating_mul(expected);
    let each = (cap / 8).max(1);
    (bytes / each)
        .saturating_add(1)
        .next_power_of_two()
        .clamp(FEWEST_FILES as u64, MOST_FILES as u64) as usize
}

/// Writes the states of `merged`, a step's partitions (`1 << bits`, bucket by bucket), to
/// `out`'s files, made on the first flush in `store` as `name`, and empties them.
#[allow(clippy::too_many_arguments)]
pub(super) fn flush<'b, K: Key, T: Tally>(
    store: &'b dyn Store,
    name: &str,
    expected: u64,
    out: &mut Option<Output<'b>>,
    merged: &mut [Vec<Blocks<'b, K, T>>],
    bits: u32,
    workers: usize,
    budget: &'b Budget,
) -> Result<(), StepStop> {
    let out = out.get_or_insert_with(|| Output {
        spilled: Spilled {
            store,
            name: name.to_owned(),
            owned: true,
            files: vec![FileSum::default(); files_for::<K, T>(expected, budget.cap())],
            removed: 0,
        },
        states: 0,
        sum: 0,
    });
    let parts: Vec<&Blocks<'b, K, T>> = merged.iter().flatten().collect();
    let spilled = &out.spilled;
    let file_bits = spilled.bits();
    let queue = Mutex::new((0..spilled.files.len()).rev().collect::<Vec<usize>>());
    let written = on_workers(
        workers,
        |_| -> Result<Vec<(usize, FileSum, u64, u128)>, StepStop> {
            let mut done = Vec::new();
            let mut buffer = ChunkBuffer::new(budget)?;
            while let Some(file) = queue.lock().expect("no thread panicked").pop() {
                let name = spilled.file_name(file);
                let mut sum = spilled.files[file];
                let (mut states, mut total) = (0u64, 0u128);
                let (from, to, filter) = if bits >= file_bits {
                    let shift = bits - file_bits;
                    (file << shift, (file + 1) << shift, false)
                } else {
                    let part = file >> (file_bits - bits);
                    (part, part + 1, true)
                };
                for part in &parts[from..to] {
                    for (key, count) in part.iter() {
                        if filter && top_bits(*key, file_bits) != file {
                            continue;
                        }
                        states += 1;
                        total = total.saturating_add(count.saturating_u128());
                        buffer.put(*key, count);
                        if buffer.is_full() {
                            buffer.write(store, &name, &mut sum)?;
                        }
                    }
                }
                buffer.write(store, &name, &mut sum)?;
                done.push((file, sum, states, total));
            }
            Ok(done)
        },
    );
    for result in written {
        for (file, sum, states, total) in result? {
            out.spilled.files[file] = sum;
            out.states += states;
            out.sum = out.sum.saturating_add(total);
        }
    }
    for part in merged.iter_mut().flatten() {
        *part = Blocks::new();
    }
    Ok(())
}

/// The top `bits` bits of a state's hash.
pub(super) fn top_bits<K: Key>(key: K, bits: u32) -> usize {
    if bits == 0 {
        0
    } else {
        (key.hash() >> (64 - bits)) as usize
    }
}

/// A chunk's bytes as they are made, charged to the budget.
pub(super) struct ChunkBuffer<'b> {
    pub(super) bytes: Vec<u8>,
    states: u32,
    budget: &'b Budget,
}

impl<'b> ChunkBuffer<'b> {
    /// A buffer for chunks of about a 64th of the budget's cap, at most [`CHUNK_BYTES`],
    /// charged twice that: a chunk ends once it has passed its size.
    pub(super) fn new(budget: &'b Budget) -> Result<Self, StepStop> {
        let charged = 2 * chunk_bytes(budget.cap()) as u64;
        budget.charge(charged).map_err(StepStop::Full)?;
        let mut bytes = Vec::new();
        if bytes.try_reserve_exact(charged as usize).is_err() {
            budget.release(charged);
            return Err(StepStop::Full(Full {
                wanted: budget.used().saturating_add(charged),
            }));
        }
        Ok(Self {
            bytes,
            states: 0,
            budget,
        })
    }

    /// Whether the chunk is as large as it gets.
    pub(super) fn is_full(&self) -> bool {
        self.bytes.len() >= chunk_bytes(self.budget.cap())
    }

    pub(super) fn put<K: Key, T: Tally>(&mut self, key: K, count: &T) {
        put(&mut self.bytes, key, count);
        self.states += 1;
    }

    /// Writes the chunk made so far, if it holds a state, and starts the next.
    pub(super) fn write(
        &mut self,
        store: &dyn Store,
        name: &str,
        sum: &mut FileSum,
    ) -> Result<(), StepStop> {
        if self.states > 0 {
            write_chunk(store, name, self.states, &self.bytes, sum)
                .map_err(|error| store_failed("writing", name, &error))?;
        }
        self.bytes.clear();
        self.states = 0;
        Ok(())
    }
}

impl Drop for ChunkBuffer<'_> {
    fn drop(&mut self) {
        self.budget
            .release(2 * chunk_bytes(self.budget.cap()) as u64);
    }
}

/// The bytes a chunk is meant to hold under a memory cap of `cap`.
fn chunk_bytes(cap: u64) -> usize {
    (cap / 64).clamp(1 << 12, CHUNK_BYTES as u64) as usize
}

/// A spilled frontier being read back: the partition and the pass next, and the distinct
/// states read so far.
pub(super) struct Reading<'b> {
    pub(super) spilled: Spilled<'b>,
    part: usize,
    pass: usize,
    pass_bits: u32,
    pub(super) distinct: u64,
}

/// The most passes a partition is read in.
const MOST_PASS_BITS: u32 = 16;

impl<'b> Reading<'b> {
    pub(super) fn new(spilled: Spilled<'b>) -> Self {
        Self {
            spilled,
            part: 0,
            pass: 0,
            pass_bits: 0,
            distinct: 0,
        }
    }

    pub(super) fn done(&self) -> bool {
        self.part == self.spilled.files.len()
    }

    /// The distinct states of the next pass over a partition, merged within `room` bytes of
    /// the budget if it can, in more passes if it cannot.
    pub(super) fn next<K: Key, T: Tally>(
        &mut self,
        budget: &'b Budget,
        scratch: &mut Scratch,
        room: u64,
    ) -> Result<Blocks<'b, K, T>, StepStop> {
        if self.pass == 0 {
            // Each state written takes its entry and a table's slot or two.
            let records = self.spilled.files[self.part].states;
            let bytes = records.saturating_mul(entry_bytes::<K, T>(1) + 16);
            let passes = (bytes / room.max(1)).saturating_add(1).next_power_of_two();
            self.pass_bits = passes.trailing_zeros().min(MOST_PASS_BITS);
        }
        let list = loop {
            match self.read_pass(budget, scratch) {
                Err(StepStop::Full(_)) if self.pass_bits < MOST_PASS_BITS => {
                    // Half as much a pass, from the same states on.
                    self.pass_bits += 1;
                    self.pass *= 2;
                }
                other => break other?,
            }
        };
        self.pass += 1;
        if self.pass == 1 << self.pass_bits {
            if self.spilled.owned {
                let name = self.spilled.file_name(self.part);
                self.spilled
                    .store
                    .remove(&name)
                    .map_err(|error| store_failed("removing", &name, &error))?;
                self.spilled.removed = self.part + 1;
            }
            self.part += 1;
            self.pass = 0;
        }
        self.distinct += list.len() as u64;
        Ok(list)
    }

    /// The states of this pass over this partition, merged.
    fn read_pass<K: Key, T: Tally>(
        &self,
        budget: &'b Budget,
        scratch: &mut Scratch,
    ) -> Result<Blocks<'b, K, T>, StepStop> {
        let name = self.spilled.file_name(self.part);
        let file_bits = self.spilled.bits();
        let (pass_bits, pass) = (self.pass_bits, self.pass);
        let in_pass = |key: K| {
            pass_bits == 0 || ((key.hash() << file_bits) >> (64 - pass_bits)) as usize == pass
        };
        let _chunk = ChunkBuffer::new(budget)?;
        let mut reader = FileReader::open(self.spilled.store, &name, self.spilled.files[self.part])
            .map_err(|error| read_failed(&name, error))?;
        let mut merged = Blocks::new();
        let mut pending = Blocks::new();
        let mut indexed = false;
        let mut merge_pending = |merged: &mut Blocks<'b, K, T>, pending: &mut Blocks<'b, K, T>| {
            let list = std::mem::replace(pending, Blocks::new());
            if list.len() == 0 {
                Ok(())
            } else if indexed {
                merge_more(merged, vec![list], scratch, budget)
            } else {
                indexed = true;
                merge(merged, vec![list], scratch, budget)
            }
        };
        let read = reader.for_each::<K, T, Full>(|state| match state {
            Some((key, count)) if in_pass(key) => pending.push(budget, key, count),
            Some(_) => Ok(()),
            // Merging when the repeats are as many as the states merged keeps the table's
            // indexing to a few times the states.
            None if pending.len() >= merged.len().max(1 << 16) => {
                merge_pending(&mut merged, &mut pending)
            }
            None => Ok(()),
        });
        match read {
            Ok(()) => {}
            Err(Ok(full)) => return Err(StepStop::Full(full)),
            Err(Err(error)) => return Err(read_failed(&name, error)),
        }
        merge_pending(&mut merged, &mut pending).map_err(StepStop::Full)?;
        Ok(merged)
    }
}
