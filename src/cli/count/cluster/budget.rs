//! The memory a cluster process may hold in its workers' states ([`Budget`], shared by its
//! workers), and why states could not be kept ([`Trouble`]).

use std::mem::size_of;
use std::sync::atomic::{AtomicU64, Ordering};

use super::number::Overflow;

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

    /// The bytes held now.
    pub(super) fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// The most bytes held at once.
    pub(super) fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }

    /// Takes `bytes` from the budget, or says how many would have been held.
    pub(super) fn charge(&self, bytes: u64) -> Result<(), Trouble> {
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

    pub(super) fn release(&self, bytes: u64) {
        self.used.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// Corrects a charge of `charged` bytes to the `held` bytes the room turned out to take,
    /// and gives back `held`.
    pub(super) fn settle(&self, charged: u64, held: u64) -> u64 {
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
    /// The disk states went to past the memory cap failed (its `Disk` says how).
    Disk,
    /// A batch from another process did not read as whole states.
    Malformed,
}

impl From<Overflow> for Trouble {
    fn from(_: Overflow) -> Self {
        Trouble::Overflow
    }
}

/// The bytes of `entries` entries.
pub(super) fn bytes_of<W, C>(entries: usize) -> u64 {
    (entries * size_of::<(W, C)>()) as u64
}
