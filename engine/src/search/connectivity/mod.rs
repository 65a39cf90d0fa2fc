//! The connectivity prune: a tour continues from the head through every unvisited square, so
//! the unvisited squares must stay connected. Visiting a square can only split them between
//! its own unvisited neighbours, so the check grows a breadth-first search from each of those
//! neighbours at once and stops as soon as they have all met (the usual case, a few cells
//! away) or one group has run out of cells to reach (a split: the branch holds no tour). The
//! cost is bounded by the smaller side of a split, not by the board.
//!
//! A large split's closed side is remembered ([`Seal`], in `seal`): its cells keep the stamps
//! the check that found it gave them. A later check that reaches one of them takes the whole
//! side in one step, with the squares the path has given back next to it since (its only ways
//! out now), instead of growing through it again, as long as the path has changed in its last
//! few squares only. Without it, the search of a long strip can meet the same dead end one
//! square longer at every step (the wazir's closed tour of 2×n tries each square of one row and
//! finds the row behind it cut off), and the time grows as the square of the board.

mod seal;
#[cfg(test)]
mod tests;

use self::seal::Seal;
use super::state::{MAX_MOVES, MoveSet};

/// The most groups a check grows: one a move of the piece.
pub(super) const LABELS: u32 = MAX_MOVES as u32;

/// Scratch space for the check, reused from node to node.
#[derive(Debug, Clone, Default)]
pub(super) struct Connectivity {
    /// `epoch * LABELS + label` of the search that last reached each cell.
    stamps: Vec<u32>,
    epoch: u32,
    queues: [Vec<u32>; LABELS as usize],
    /// The closed side of the last split, if it may still be one.
    seal: Option<Seal>,
    /// The seal's ways out, while a check takes it in.
    exits: Vec<u32>,
    /// How many times a check took a seal in (for the tests).
    #[cfg(test)]
    taken: usize,
}

/// The groups of one check: the labels merged, how far each queue has been grown, and the
/// group that took in the seal.
struct Groups {
    parent: [usize; LABELS as usize],
    heads: [usize; LABELS as usize],
    count: usize,
    sealed: Option<usize>,
}

impl Groups {
    fn find(&self, mut label: usize) -> usize {
        while self.parent[label] != label {
            label = self.parent[label];
        }
        label
    }

    /// Merges the groups of `a` and `b`; whether all groups are one now.
    fn merge(&mut self, a: usize, b: usize) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a.max(b)] = a.min(b);
            self.count -= 1;
        }
        self.count == 1
    }
}

impl Connectivity {
    /// Scratch space for a padded board with `stamps`, zeroed, one a cell.
    pub(super) fn with_stamps(stamps: Vec<u32>) -> Self {
        Self {
            stamps,
            ..Self::default()
        }
    }

    /// Whether the open cells (those for which `is_open` holds) next to `centre`, which has
    /// just been closed as the last square of `path`, have fallen apart into more than one
    /// group; `open` has bit `k` set where the cell at `offsets[k]` is open.
    pub(super) fn splits(
        &mut self,
        centre: usize,
        open: MoveSet,
        path: &[u32],
        offsets: &[isize],
        is_open: impl Fn(usize) -> bool,
    ) -> bool {
        self.next_epoch();
        self.follow(path.len());
        let sources = open.count_ones() as usize;
        if sources <= 1 {
            return false;
        }
        let mut groups = Groups {
            parent: std::array::from_fn(|i| i),
            heads: [0; LABELS as usize],
            count: sources,
            sealed: None,
        };
        let mut label = 0;
        for (k, &offset) in offsets.iter().enumerate() {
            if open & 1 << k != 0 {
                let cell = centre.wrapping_add_signed(offset);
                self.queues[label].clear();
                if self.reach(label, cell, &mut groups, path, offsets, &is_open) {
                    return false;
                }
                label += 1;
            }
        }
        match self.grow_until_split(sources, &mut groups, path, offsets, &is_open) {
            Some(closed) => {
                self.seal_group(closed, sources, &groups, path);
                true
            }
            None => false,
        }
    }

    /// Grows the `sources` groups a cell each in turn, merging those that meet: `None` once
    /// they are all one, or the label of a group that has nothing left to reach first (a
    /// split).
    #[inline(always)]
    fn grow_until_split(
        &mut self,
        sources: usize,
        groups: &mut Groups,
        path: &[u32],
        offsets: &[isize],
        is_open: &impl Fn(usize) -> bool,
    ) -> Option<usize> {
        loop {
            for label in 0..sources {
                let Some(&cell) = self.queues[label].get(groups.heads[label]) else {
                    let root = groups.find(label);
                    let group_done = (0..sources)
                        .filter(|&other| groups.find(other) == root)
                        .all(|other| groups.heads[other] >= self.queues[other].len());
                    if group_done {
                        return Some(root);
                    }
                    continue;
                };
                groups.heads[label] += 1;
                for &offset in offsets {
                    let next = (cell as usize).wrapping_add_signed(offset);
                    if is_open(next) && self.reach(label, next, groups, path, offsets, is_open) {
                        return None;
                    }
                }
            }
        }
    }

    /// Takes the open `cell` into group `label`: merged with the group that reached it
    /// already, or the sealed side taken in whole with its ways out, or stamped and queued.
    /// Whether all groups are one now.
    #[inline(always)]
    fn reach(
        &mut self,
        label: usize,
        cell: usize,
        groups: &mut Groups,
        path: &[u32],
        offsets: &[isize],
        is_open: &impl Fn(usize) -> bool,
    ) -> bool {
        let stamp = self.stamps[cell];
        if stamp / LABELS == self.epoch {
            return groups.merge(label, (stamp % LABELS) as usize);
        }
        if self.seal.as_ref().is_some_and(|seal| seal.holds(stamp)) {
            if let Some(owner) = groups.sealed {
                return groups.merge(label, owner);
            }
            if let Some(all_one) = self.take_seal(label, groups, path, offsets, is_open) {
                return all_one;
            }
        }
        self.stamps[cell] = self.epoch * LABELS + label as u32;
        self.queues[label].push(cell as u32);
        false
    }

    fn next_epoch(&mut self) {
        // Epoch 0 is never used, so fresh stamps (0) never match; wrap by clearing, which
        // forgets the seal.
        if self.epoch == u32::MAX / LABELS {
            self.stamps.fill(0);
            self.epoch = 0;
            self.seal = None;
        }
        self.epoch += 1;
    }
}
