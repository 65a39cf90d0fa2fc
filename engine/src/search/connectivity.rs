//! The connectivity prune: a tour continues from the head through every unvisited square, so
//! the unvisited squares must stay connected. Visiting a square can only split them between
//! its own unvisited neighbours, so the check grows a breadth-first search from each of those
//! neighbours at once and stops as soon as they have all met (the usual case, a few cells
//! away) or one group has run out of cells to reach (a split: the branch holds no tour). The
//! cost is bounded by the smaller side of a split, not by the board.

/// Scratch space for the check, reused from node to node.
#[derive(Debug, Clone, Default)]
pub(super) struct Connectivity {
    /// `epoch * 8 + label` of the search that last reached each cell.
    stamps: Vec<u32>,
    epoch: u32,
    queues: [Vec<u32>; 8],
}

impl Connectivity {
    /// Scratch space for a padded board with `stamps`, zeroed, one a cell.
    pub(super) fn with_stamps(stamps: Vec<u32>) -> Self {
        Self {
            stamps,
            epoch: 0,
            queues: Default::default(),
        }
    }

    /// Whether the open cells (those for which `is_open` holds) next to `centre`, which has
    /// just been closed, have fallen apart into more than one group.
    pub(super) fn splits(
        &mut self,
        centre: usize,
        offsets: &[isize],
        is_open: impl Fn(usize) -> bool,
    ) -> bool {
        let sources = self.seed(centre, offsets, &is_open);
        sources > 1 && self.grow_until_split(sources, offsets, &is_open)
    }

    /// Starts a new check with one group for each open cell next to `centre`; returns how many.
    #[inline(always)]
    fn seed(
        &mut self,
        centre: usize,
        offsets: &[isize],
        is_open: &impl Fn(usize) -> bool,
    ) -> usize {
        let mut sources = 0;
        self.next_epoch();
        let base = self.epoch * 8;
        for &offset in offsets {
            let cell = centre.wrapping_add_signed(offset);
            if is_open(cell) {
                self.stamps[cell] = base + sources as u32;
                self.queues[sources].clear();
                self.queues[sources].push(cell as u32);
                sources += 1;
            }
        }
        sources
    }

    /// Grows the `sources` groups a cell each in turn, merging those that meet: `false` once
    /// they are all one, `true` when a group has nothing left to reach first (a split).
    #[inline(always)]
    fn grow_until_split(
        &mut self,
        sources: usize,
        offsets: &[isize],
        is_open: &impl Fn(usize) -> bool,
    ) -> bool {
        let base = self.epoch * 8;
        let mut parent: [usize; 8] = std::array::from_fn(|i| i);
        let find = |parent: &[usize; 8], mut i: usize| {
            while parent[i] != i {
                i = parent[i];
            }
            i
        };
        let mut heads = [0usize; 8];
        let mut groups = sources;
        loop {
            for label in 0..sources {
                let Some(&cell) = self.queues[label].get(heads[label]) else {
                    let root = find(&parent, label);
                    let group_done = (0..sources)
                        .filter(|&other| find(&parent, other) == root)
                        .all(|other| heads[other] >= self.queues[other].len());
                    if group_done {
                        return true;
                    }
                    continue;
                };
                heads[label] += 1;
                for &offset in offsets {
                    let next = (cell as usize).wrapping_add_signed(offset);
                    if !is_open(next) {
                        continue;
                    }
                    let stamp = self.stamps[next];
                    if stamp / 8 == self.epoch {
                        let (a, b) = (find(&parent, label), find(&parent, (stamp % 8) as usize));
                        if a != b {
                            parent[a.max(b)] = a.min(b);
                            groups -= 1;
                            if groups == 1 {
                                return false;
                            }
                        }
                    } else {
                        self.stamps[next] = base + label as u32;
                        self.queues[label].push(next as u32);
                    }
                }
            }
        }
    }

    fn next_epoch(&mut self) {
        // Epoch 0 is never used, so fresh stamps (0) never match; wrap by clearing.
        if self.epoch == u32::MAX / 8 {
            self.stamps.fill(0);
            self.epoch = 0;
        }
        self.epoch += 1;
    }
}
