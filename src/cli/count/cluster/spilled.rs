//! A cluster worker's states on disk once its process's memory cap is reached: the spill
//! folder of `count` (`keep::Spill`, made in `--spill DIR` or the system's temporary folder
//! and removed on every way out), shared by the process's workers, each writing files of its
//! own. `gather` writes a partition's states here when the cap leaves no room to grow it, and
//! keeps part of a gathered frontier here when it would hold more than half the cap, so that
//! the next round has room to gather in.
//!
//! A file is a run of records, each a state's word and its count, little-endian
//! ([`Fixed`]); a file is read back whole and removed once read.

use std::io::{self, Read};
use std::sync::{Arc, Mutex, PoisonError};

use super::budget::Trouble;
use super::number::Fixed;
use crate::cli::count::keep::Spill;

/// Bytes written or read at a time.
const BLOCK: usize = 1 << 20;

/// The spill folder, as one worker writes to it.
pub(super) struct Disk {
    spill: Arc<Spill>,
    worker: usize,
    /// What went wrong first, said by the process's own message.
    failure: Mutex<Option<String>>,
}

impl Disk {
    /// Worker `worker`'s files in `spill`.
    pub(super) fn new(spill: Arc<Spill>, worker: usize) -> Self {
        Self {
            spill,
            worker,
            failure: Mutex::new(None),
        }
    }

    /// The name of partition `part`'s file of round `round`, holding `what`.
    pub(super) fn name(&self, what: &str, round: u64, part: usize) -> String {
        format!("worker-{}-{what}-{round}-{part}", self.worker)
    }

    /// Why a write or a read failed first, if one did.
    pub(super) fn failure(&self) -> Option<String> {
        self.failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn failed(&self, what: &str, name: &str, error: &io::Error) -> Trouble {
        let mut failure = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
        failure.get_or_insert_with(|| {
            format!(
                "{what} {} in {}: {error}",
                name,
                self.spill.store().describe()
            )
        });
        Trouble::Disk
    }

    /// Appends `states` to the file `name`.
    pub(super) fn append<W: Fixed, C: Fixed>(
        &self,
        name: &str,
        states: &[(W, C)],
    ) -> Result<(), Trouble> {
        let per_block = (BLOCK / (W::BYTES + C::BYTES)).max(1);
        let mut bytes = Vec::with_capacity(per_block * (W::BYTES + C::BYTES));
        for block in states.chunks(per_block) {
            bytes.clear();
            for &(word, count) in block {
                word.put(&mut bytes);
                count.put(&mut bytes);
            }
            self.spill
                .store()
                .append(name, &bytes)
                .map_err(|error| self.failed("writing", name, &error))?;
        }
        Ok(())
    }

    /// Reads every state of the file `name` into `each`, which may refuse one with its
    /// trouble (the memory cap), ending the read.
    pub(super) fn read<W: Fixed, C: Fixed>(
        &self,
        name: &str,
        mut each: impl FnMut(W, C) -> Result<(), Trouble>,
    ) -> Result<(), Trouble> {
        let record = W::BYTES + C::BYTES;
        let store = self.spill.store();
        let mut input = store
            .open(name)
            .map_err(|error| self.failed("reading", name, &error))?;
        let mut block = vec![0; BLOCK / record * record];
        loop {
            let filled = fill(&mut input, &mut block)
                .map_err(|error| self.failed("reading", name, &error))?;
            if filled % record != 0 {
                let torn = io::Error::new(io::ErrorKind::UnexpectedEof, "a state cut short");
                return Err(self.failed("reading", name, &torn));
            }
            for state in block[..filled].chunks_exact(record) {
                let (word, count) = state.split_at(W::BYTES);
                each(W::get(word), C::get(count))?;
            }
            if filled < block.len() {
                return Ok(());
            }
        }
    }

    /// Removes the file `name`.
    pub(super) fn remove(&self, name: &str) -> Result<(), Trouble> {
        self.spill
            .store()
            .remove(name)
            .map_err(|error| self.failed("removing", name, &error))
    }
}

/// Reads into `block` until it is full or the input ends; the bytes read.
fn fill(input: &mut impl Read, block: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < block.len() {
        match input.read(&mut block[filled..])? {
            0 => break,
            read => filled += read,
        }
    }
    Ok(filled)
}
