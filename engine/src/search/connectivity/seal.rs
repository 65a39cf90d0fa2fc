//! The connectivity check's memory of its last split ([`Seal`]): the side that ran out, its
//! cells known by the stamps the check gave them, and the end of the path as it stood; and
//! how a later check takes that side in whole (with the squares the path has given back next
//! to it, its only ways out) rather than growing through it again, once it has made sure the
//! side is still as it was. The path changes at its end only, a square at a time, and each
//! check comes right after it has grown by one: what changed since the seal is the path's
//! squares after the lowest it has been, which are few or the seal is dropped.

use super::{Connectivity, Groups, LABELS};

/// The most squares of the path that may have changed since a split was sealed for the seal
/// to be used: the checks that need it come a few steps later.
const TAIL: usize = 16;

/// The fewest cells a closed side must have to be sealed: a small one costs less to grow
/// through again than to keep (the knight's splits are mostly a few squares).
const SEAL_AT_LEAST: usize = 64;

/// The closed side of a split: open cells that no other open cell was next to, when the path
/// was as `tail` says.
#[derive(Debug, Clone)]
pub(super) struct Seal {
    /// The epoch of the check that found it, which its cells' stamps keep (no later check
    /// stamps a cell of it), and the labels of its groups then.
    pub(super) epoch: u32,
    pub(super) labels: u32,
    /// The path's length when it was sealed.
    depth: usize,
    /// The shortest the path has been since (without the head a check was made for): the
    /// squares before it are as they were.
    low: usize,
    /// The path's last squares when it was sealed, up to [`TAIL`], ending at `depth`.
    tail: Vec<u32>,
}

impl Seal {
    /// Whether a cell stamped `stamp` is on this side.
    #[inline(always)]
    pub(super) fn holds(&self, stamp: u32) -> bool {
        stamp / LABELS == self.epoch && self.labels & 1 << (stamp % LABELS) != 0
    }
}

impl Connectivity {
    /// Takes the sealed side into group `label`, with its ways out, if it is still as it was:
    /// whether all groups are one now; `None` (the seal dropped) if it is not.
    #[cold]
    #[inline(never)]
    pub(super) fn take_seal(
        &mut self,
        label: usize,
        groups: &mut Groups,
        path: &[u32],
        offsets: &[isize],
        is_open: &impl Fn(usize) -> bool,
    ) -> Option<bool> {
        if !self.open_seal(path, offsets, is_open) {
            return None;
        }
        groups.sealed = Some(label);
        #[cfg(test)]
        {
            self.taken += 1;
        }
        let exits = std::mem::take(&mut self.exits);
        let all_one = exits
            .iter()
            .any(|&exit| self.reach(label, exit as usize, groups, path, offsets, is_open));
        self.exits = exits;
        Some(all_one)
    }

    /// Keeps the seal's low mark as the path goes down (each check comes after the path has
    /// grown by one, from its lowest since the check before), and drops the seal once the
    /// path has changed in more than its last [`TAIL`] squares since.
    pub(super) fn follow(&mut self, length: usize) {
        if let Some(seal) = &mut self.seal {
            seal.low = seal.low.min(length - 1);
            if seal.low + seal.tail.len() < seal.depth || length - seal.low > TAIL {
                self.seal = None;
            }
        }
    }

    /// Whether the sealed side is still as it was, with ways out only through squares the
    /// path has given back (listed in `exits`); drops the seal if not.
    fn open_seal(
        &mut self,
        path: &[u32],
        offsets: &[isize],
        is_open: &impl Fn(usize) -> bool,
    ) -> bool {
        let Some(seal) = &self.seal else {
            return false;
        };
        // The squares before `low` are as they were; after it, the path of then was given
        // back and the path of now taken.
        let then = &seal.tail[seal.low + seal.tail.len() - seal.depth..];
        let now = &path[seal.low..];
        let stamps = &self.stamps;
        if now.iter().any(|&cell| seal.holds(stamps[cell as usize])) {
            // A square of the side was taken: it is not what it was.
            self.seal = None;
            return false;
        }
        self.exits.clear();
        for &cell in then {
            let beside = offsets
                .iter()
                .any(|&offset| seal.holds(stamps[(cell as usize).wrapping_add_signed(offset)]));
            if beside && !now.contains(&cell) && is_open(cell as usize) {
                self.exits.push(cell);
            }
        }
        true
    }

    /// Seals the group of `closed`, which ran out: its cells, and the sealed side if it took
    /// it in, are one side now, with the path as it stands. A side of its own keeps the
    /// stamps this check gave it; a side that took in the sealed one gives its new cells the
    /// sealed side's stamp, which costs what growing them did.
    #[cold]
    pub(super) fn seal_group(
        &mut self,
        closed: usize,
        sources: usize,
        groups: &Groups,
        path: &[u32],
    ) {
        let mut labels = 0u32;
        let mut cells = 0;
        for label in 0..sources {
            if groups.find(label) == closed {
                labels |= 1 << label;
                cells += self.queues[label].len();
            }
        }
        let extends = groups
            .sealed
            .is_some_and(|owner| groups.find(owner) == closed);
        if !extends && cells < SEAL_AT_LEAST {
            // Cheaper to grow through again than to keep.
            return;
        }
        let extended = self.seal.take().filter(|_| extends);
        let (epoch, labels, mut tail) = match extended {
            Some(seal) => {
                let stamp = seal.epoch * LABELS + seal.labels.trailing_zeros();
                for label in (0..sources).filter(|&label| labels & 1 << label != 0) {
                    for &cell in &self.queues[label] {
                        self.stamps[cell as usize] = stamp;
                    }
                }
                (seal.epoch, seal.labels, seal.tail)
            }
            None => (self.epoch, labels, Vec::new()),
        };
        tail.clear();
        tail.extend_from_slice(&path[path.len().saturating_sub(TAIL)..]);
        self.seal = Some(Seal {
            epoch,
            labels,
            depth: path.len(),
            low: path.len(),
            tail,
        });
    }
}
