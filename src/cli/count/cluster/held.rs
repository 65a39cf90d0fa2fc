//! The frontier a cluster worker holds between rounds (gathered by `gather`): every state
//! once, in partitions charged to its process's memory budget, and the partitions past half
//! the budget in files of the spill (`spilled`), read back as they are stepped.

use std::sync::Arc;

use super::budget::{Budget, Trouble, bytes_of};
use super::number::Fixed;
use super::spilled::Disk;

/// A frontier a worker holds, every state once, its room charged to the budget until it is
/// stepped; parts past half the budget on the disk.
pub(super) struct Held<W: Fixed, C: Fixed> {
    pub(super) parts: Vec<Vec<(W, C)>>,
    budget: Arc<Budget>,
    /// Bytes charged for the parts' room.
    pub(super) charged: u64,
    /// The disk, and the files of the parts kept on it with their states.
    pub(super) disk: Option<Arc<Disk>>,
    pub(super) on_disk: Vec<(String, u64)>,
}

impl<W: Fixed, C: Fixed> Held<W, C> {
    /// The frontier of one state, before any square.
    pub(super) fn one(budget: Arc<Budget>, word: W, count: C) -> Self {
        let mut held = Self::none(budget);
        held.parts.push(vec![(word, count)]);
        held
    }

    /// Nothing.
    pub(super) fn none(budget: Arc<Budget>) -> Self {
        Self {
            parts: Vec::new(),
            budget,
            charged: 0,
            disk: None,
            on_disk: Vec::new(),
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
        let mut held = Self::none(budget);
        held.parts.push(part);
        held.charged = charged;
        Ok(held)
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

    /// Calls `each` with every state and count, those on the disk read back (and kept).
    pub(super) fn for_each(&self, mut each: impl FnMut(W, C)) -> Result<(), Trouble> {
        self.parts
            .iter()
            .flatten()
            .for_each(|&(word, count)| each(word, count));
        if let Some(disk) = &self.disk {
            for (name, _) in &self.on_disk {
                disk.read(name, |word, count| {
                    each(word, count);
                    Ok(())
                })?;
            }
        }
        Ok(())
    }

    /// The number of states.
    pub(super) fn states(&self) -> u64 {
        let on_disk: u64 = self.on_disk.iter().map(|(_, states)| states).sum();
        on_disk + self.parts.iter().map(|part| part.len() as u64).sum::<u64>()
    }

    /// Calls `each` with every state and count until it says to stop, giving back each
    /// partition's room once it has been read, and removing each file once read.
    pub(super) fn drain(mut self, mut each: impl FnMut(W, C) -> bool) -> Result<(), Trouble> {
        for part in std::mem::take(&mut self.parts) {
            let going = part.iter().all(|&(word, count)| each(word, count));
            let bytes = bytes_of::<W, C>(part.capacity()).min(self.charged);
            drop(part);
            self.budget.release(bytes);
            self.charged -= bytes;
            if !going {
                return Ok(());
            }
        }
        let Some(disk) = self.disk.clone() else {
            return Ok(());
        };
        for (name, _) in std::mem::take(&mut self.on_disk) {
            let mut going = true;
            disk.read(&name, |word, count| {
                if going {
                    going = each(word, count);
                }
                Ok(())
            })?;
            disk.remove(&name)?;
            if !going {
                break;
            }
        }
        Ok(())
    }
}

impl<W: Fixed, C: Fixed> Drop for Held<W, C> {
    fn drop(&mut self) {
        self.budget.release(self.charged);
        if let Some(disk) = &self.disk {
            for (name, _) in &self.on_disk {
                let _ = disk.remove(name);
            }
        }
    }
}
