//! The squares each visit number can still have, as bit sets over the vertices, kept
//! consistent by propagation and taken back on a trail.
//!
//! Number `j` (slot `j - 1`) has a *domain* `D(j)`, the vertices it may be on. A tour puts
//! consecutive numbers a move apart and every vertex under exactly one number, so:
//! - *neighbours*: `D(j) ⊆ N(D(j - 1)) ∩ N(D(j + 1))`, where `N(S)` is the vertices a move from
//!   `S` (around a closed tour, 1 and `n` are neighbours too);
//! - *all different*: a vertex that a number holds alone (a domain of one) is in no other
//!   domain;
//! - *every vertex visited*: a vertex in no domain holds no tour, and a vertex in one domain
//!   only is that number's;
//! - *ways in* (`ways`): a vertex passed through needs two neighbours for the numbers around
//!   it, so one with fewer is an end, and one with exactly two uses both.
//!
//! Each rule only removes vertices no tour can use, so a domain left empty proves that the
//! state holds no tour. The neighbour rule is applied where a domain lost vertices: by `N` of
//! the domain left when it is small, else by checking only the vertices next to those lost,
//! so that a step costs about the change it makes, not the board.
//!
//! The domains and the set of vertices taken are one array of slots: `n` numbers and the
//! taken set last. A slot is saved on the trail the first time a node changes it, and
//! [`Sets::undo`] puts the saved slots back.

use super::super::ClueMemoryError;
use super::super::graph::{OpenGraph, filled, reserve};
use super::super::latest::tie_break;

mod ways;

/// The domains, the trail and the scratch of the propagation.
pub(super) struct Sets {
    /// The numbers (and vertices).
    n: usize,
    /// Words of a set.
    words: usize,
    /// Whether 1 and `n` are a move apart.
    closed: bool,
    /// Slot `j - 1` is `D(j)`; slot `n` is the vertices taken.
    slots: Vec<u64>,
    /// The vertices a move from each vertex.
    moves: Vec<u64>,
    /// Every vertex.
    all: Vec<u64>,

    /// The saved slots: the slot's index, then its words in `saved`.
    trail: Vec<u32>,
    saved: Vec<u64>,
    /// How often each slot was left empty, plus 1.
    weight: Vec<u64>,
    /// The number (slot) of each vertex taken; meaningless for the others.
    owner: Vec<u32>,
    /// The node that last saved each slot, so that a node saves a slot once.
    stamp: Vec<u64>,
    node: u64,
    /// Vertices each slot lost that its neighbour slots have not looked at.
    lost: Vec<u64>,
    queued: Vec<bool>,
    queue: Vec<u32>,
    /// Scratch sets.
    keep: Vec<u64>,
    once: Vec<u64>,
    twice: Vec<u64>,
    settling: Vec<u64>,
    settled_lost: Vec<u64>,
}

/// What propagation found: memory short, or a state with no tour.
pub(super) enum Failure {
    Empty,
    Memory(ClueMemoryError),
}

impl From<ClueMemoryError> for Failure {
    fn from(error: ClueMemoryError) -> Self {
        Failure::Memory(error)
    }
}

/// The members of a set, lowest first.
fn members(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(w, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                w * 64 + bit
            })
        })
    })
}

fn size(set: &[u64]) -> u32 {
    set.iter().map(|w| w.count_ones()).sum()
}

impl Sets {
    /// The domains of every number on `graph`, the numbers given in `fixed` (number, vertex)
    /// fixed, propagated; `Err(Failure::Empty)` when that already leaves a domain empty.
    pub fn new(graph: &OpenGraph, fixed: &[(u32, u32)], closed: bool) -> Result<Self, Failure> {
        let n = graph.len();
        let words = n.div_ceil(64);
        let mut all = filled(words, 0u64)?;
        for v in 0..n {
            all[v / 64] |= 1 << (v % 64);
        }
        let mut moves = filled(n * words, 0u64)?;
        for v in 0..n {
            for &w in graph.neighbours(v as u32) {
                moves[v * words + w as usize / 64] |= 1 << (w % 64);
            }
        }
        let mut slots = filled((n + 1) * words, 0u64)?;
        for j in 0..n {
            slots[j * words..(j + 1) * words].copy_from_slice(&all);
        }
        let mut sets = Self {
            n,
            words,
            closed: closed && n >= 3,
            slots,
            moves,
            all,

            trail: Vec::new(),
            saved: Vec::new(),
            owner: filled(n, 0u32)?,
            weight: filled(n + 1, 1u64)?,
            stamp: filled(n + 1, 0u64)?,
            node: 1,
            lost: filled((n + 1) * words, 0u64)?,
            queued: filled(n + 1, false)?,
            queue: Vec::new(),
            keep: filled(words, 0u64)?,
            once: filled(words, 0u64)?,
            twice: filled(words, 0u64)?,
            settling: filled(words, 0u64)?,
            settled_lost: filled(words, 0u64)?,
        };
        reserve(&mut sets.queue, n + 1)?;
        reserve(&mut sets.trail, 4 * n)?;
        reserve(&mut sets.saved, 4 * n * words)?;
        for &(number, vertex) in fixed {
            sets.fix(number as usize - 1, vertex as usize)?;
        }
        sets.propagate()?;
        sets.trail.clear();
        sets.saved.clear();
        Ok(sets)
    }

    /// The number of trail entries: the mark [`Sets::undo`] goes back to.
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Puts back every slot saved after `mark`.
    pub fn undo(&mut self, mark: usize) {
        let words = self.words;
        while self.trail.len() > mark {
            let slot = self.trail.pop().unwrap_or_default() as usize;
            let from = self.saved.len() - words;
            self.slots[slot * words..(slot + 1) * words].copy_from_slice(&self.saved[from..]);
            self.saved.truncate(from);
        }
    }

    /// Puts number `slot + 1` on `vertex` as a new node, and propagates: `Ok(false)` when the
    /// state then holds no tour (the caller undoes it).
    pub fn assign(&mut self, slot: usize, vertex: usize) -> Result<bool, ClueMemoryError> {
        self.node += 1;
        match self.fix(slot, vertex).and_then(|_| self.propagate()) {
            Ok(()) => Ok(true),
            Err(Failure::Empty) => {
                self.clear_queue();
                Ok(false)
            }
            Err(Failure::Memory(error)) => Err(error),
        }
    }

    /// The number to branch on, the unfixed one of fewest vertices for its weight (how often
    /// its domain was left empty: the numbers where branches fail come first, as in the
    /// *dom/wdeg* rule of constraint solvers), ties broken by `seed`,
    /// with its vertices in `candidates`, fewest free neighbours first; `None` when every
    /// number is fixed.
    pub fn choose(&self, seed: u64, candidates: &mut Vec<u32>) -> Option<usize> {
        let words = self.words;
        let mut best: Option<(u64, u64, usize)> = None;
        for j in 0..self.n {
            let count = size(&self.slots[j * words..(j + 1) * words]);
            if count > 1 {
                // Fewest squares for the failures seen at the number (its weight).
                let score = (u64::from(count) << 32) / self.weight[j];
                let key = (score, tie_break(seed, j as u32));
                if best.is_none_or(|(c, t, _)| key < (c, t)) {
                    best = Some((key.0, key.1, j));
                }
            }
        }
        let (_, _, slot) = best?;
        let begin = candidates.len();
        let taken = self.slot(self.n);
        candidates.extend(members(self.slot(slot)).map(|v| v as u32));
        let free = |v: u32| {
            let moves = &self.moves[v as usize * words..(v as usize + 1) * words];
            moves
                .iter()
                .zip(taken)
                .map(|(m, t)| (m & !t).count_ones())
                .sum::<u32>()
        };
        candidates[begin..].sort_by_key(|&v| (free(v), tie_break(seed, v)));
        Some(slot)
    }

    /// The vertex of each number, 1 to `n`, once every number is fixed.
    pub fn path(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.n).map(|j| members(self.slot(j)).next().unwrap_or_default() as u32)
    }

    fn slot(&self, slot: usize) -> &[u64] {
        &self.slots[slot * self.words..(slot + 1) * self.words]
    }

    /// Keeps in `slot` only the vertices of `self.keep`: whether that changed it.
    fn restrict(&mut self, slot: usize) -> Result<bool, Failure> {
        let words = self.words;
        let range = slot * words..(slot + 1) * words;
        let mut changed = false;
        let mut left = 0u64;
        for (w, &keep) in self.slots[range.clone()].iter().zip(&self.keep) {
            changed |= w & !keep != 0;
            left |= w & keep;
        }
        if !changed {
            return Ok(false);
        }
        if left == 0 {
            self.weight[slot] += 1;
            return Err(Failure::Empty);
        }
        self.save(slot)?;
        for ((w, lost), &keep) in self.slots[range.clone()]
            .iter_mut()
            .zip(&mut self.lost[range])
            .zip(&self.keep)
        {
            *lost |= *w & !keep;
            *w &= keep;
        }
        if !self.queued[slot] {
            self.queued[slot] = true;
            self.queue.push(slot as u32);
        }
        Ok(true)
    }

    /// Takes `vertex`, which it has, from the domain of `slot`: [`Sets::restrict`] for one
    /// vertex.
    fn remove(&mut self, slot: usize, vertex: usize) -> Result<(), Failure> {
        let words = self.words;
        let (w, bit) = (slot * words + vertex / 64, 1u64 << (vertex % 64));
        let others = self.slots[slot * words..(slot + 1) * words]
            .iter()
            .enumerate()
            .any(|(i, &d)| d & !if i == vertex / 64 { bit } else { 0 } != 0);
        if !others {
            self.weight[slot] += 1;
            return Err(Failure::Empty);
        }
        self.save(slot)?;
        self.slots[w] &= !bit;
        self.lost[w] |= bit;
        if !self.queued[slot] {
            self.queued[slot] = true;
            self.queue.push(slot as u32);
        }
        Ok(())
    }

    /// Saves `slot` on the trail unless this node already has.
    fn save(&mut self, slot: usize) -> Result<(), ClueMemoryError> {
        if self.stamp[slot] == self.node {
            return Ok(());
        }
        self.stamp[slot] = self.node;
        if self.saved.len() + self.words > self.saved.capacity() {
            let more = self.saved.capacity().max(self.words);
            reserve(&mut self.saved, more)?;
        }
        if self.trail.len() == self.trail.capacity() {
            let more = self.trail.capacity().max(1);
            reserve(&mut self.trail, more)?;
        }
        self.trail.push(slot as u32);
        let words = self.words;
        self.saved
            .extend_from_slice(&self.slots[slot * words..(slot + 1) * words]);
        Ok(())
    }

    /// Fixes number `slot + 1` on `vertex`: whether that changed its domain.
    fn fix(&mut self, slot: usize, vertex: usize) -> Result<bool, Failure> {
        self.keep.fill(0);
        self.keep[vertex / 64] |= 1 << (vertex % 64);
        let changed = self.restrict(slot)?;
        if !changed {
            // Already its only vertex (a board of one square): taken all the same.
            self.take(slot, vertex)?;
        }
        Ok(changed)
    }

    fn clear_queue(&mut self) {
        for &slot in &self.queue {
            self.queued[slot as usize] = false;
        }
        self.queue.clear();
        self.lost.fill(0);
    }

    /// Applies the three rules until nothing changes.
    fn propagate(&mut self) -> Result<(), Failure> {
        loop {
            while let Some(slot) = self.queue.pop() {
                let slot = slot as usize;
                self.queued[slot] = false;
                self.settle(slot)?;
            }
            if !self.every_vertex_visited()? && !self.ways_in()? {
                return Ok(());
            }
        }
    }

    /// Applies the rules that follow from `slot`'s losses.
    fn settle(&mut self, slot: usize) -> Result<(), Failure> {
        let words = self.words;
        let range = slot * words..(slot + 1) * words;
        let mut domain = std::mem::take(&mut self.settling);
        let mut lost = std::mem::take(&mut self.settled_lost);
        domain.copy_from_slice(&self.slots[range.clone()]);
        lost.copy_from_slice(&self.lost[range.clone()]);
        self.lost[range].fill(0);
        let result = self.settle_with(slot, &domain, &lost);
        self.settling = domain;
        self.settled_lost = lost;
        result
    }

    /// [`Sets::settle`] with `slot`'s domain and the vertices it lost.
    fn settle_with(&mut self, slot: usize, domain: &[u64], lost: &[u64]) -> Result<(), Failure> {
        let words = self.words;
        let (left, gone) = (size(domain), size(lost));
        if left == 1 {
            self.take(slot, members(domain).next().unwrap_or_default())?;
        }
        if left <= gone {
            // N(domain), from the few vertices left, once for both neighbours.
            self.keep.fill(0);
            for v in members(domain) {
                for (k, m) in self.keep.iter_mut().zip(&self.moves[v * words..]) {
                    *k |= m;
                }
            }
        }
        for next in self.beside(slot) {
            if left > gone {
                // Only the vertices next to one lost can lose their last support.
                self.keep.copy_from_slice(&self.all);
                let next_domain = &self.slots[next * words..(next + 1) * words];
                for u in members(lost) {
                    let around = &self.moves[u * words..(u + 1) * words];
                    for w in 0..words {
                        let mut doubt = around[w] & next_domain[w] & self.keep[w];
                        while doubt != 0 {
                            let t = w * 64 + doubt.trailing_zeros() as usize;
                            doubt &= doubt - 1;
                            let supported = self.moves[t * words..(t + 1) * words]
                                .iter()
                                .zip(domain)
                                .any(|(m, d)| m & d != 0);
                            if !supported {
                                self.keep[w] &= !(1 << (t % 64));
                            }
                        }
                    }
                }
            }
            self.restrict(next)?;
        }
        Ok(())
    }

    /// Marks `vertex`, the one vertex left to `slot`, taken, and takes it from every other
    /// domain.
    fn take(&mut self, slot: usize, vertex: usize) -> Result<(), Failure> {
        let words = self.words;
        let (w, bit) = (vertex / 64, 1u64 << (vertex % 64));
        let taken = self.n * words + w;
        if self.slots[taken] & bit != 0 {
            return Ok(());
        }
        self.save(self.n)?;
        self.slots[taken] |= bit;
        self.owner[vertex] = slot as u32;
        for k in 0..self.n {
            if k != slot && self.slots[k * words + w] & bit != 0 {
                self.remove(k, vertex)?;
            }
        }
        Ok(())
    }

    /// Fixes each vertex of `alone` on the one number whose domain has it: whether it fixed any.
    fn fix_alone(&mut self, alone: &[u64]) -> Result<bool, Failure> {
        let words = self.words;
        let mut fixed = false;
        for vertex in members(alone) {
            let (w, bit) = (vertex / 64, 1u64 << (vertex % 64));
            if let Some(j) = (0..self.n).find(|&j| self.slots[j * words + w] & bit != 0) {
                fixed |= self.fix(j, vertex)?;
            }
        }
        Ok(fixed)
    }

    /// The numbers next to `slot` along the tour.
    fn beside(&self, slot: usize) -> impl Iterator<Item = usize> + use<> {
        let n = self.n;
        let before = if slot > 0 {
            Some(slot - 1)
        } else {
            self.closed.then_some(n - 1)
        };
        let after = if slot + 1 < n {
            Some(slot + 1)
        } else {
            self.closed.then_some(0)
        };
        before
            .into_iter()
            .chain(after.filter(|&a| Some(a) != before))
    }

    /// Every vertex needs a number: fails on a vertex in no domain, and fixes the vertices in
    /// one domain only. Whether it fixed any.
    fn every_vertex_visited(&mut self) -> Result<bool, Failure> {
        let words = self.words;
        self.once.fill(0);
        self.twice.fill(0);
        for j in 0..self.n {
            let domain = &self.slots[j * words..(j + 1) * words];
            for ((once, twice), &d) in self.once.iter_mut().zip(&mut self.twice).zip(domain) {
                *twice |= *once & d;
                *once |= d;
            }
        }
        let taken = self.n * words;
        for w in 0..words {
            if self.all[w] & !self.once[w] != 0 {
                return Err(Failure::Empty);
            }
            // `once` becomes the vertices in one domain only, not taken yet.
            self.once[w] &= !self.twice[w] & !self.slots[taken + w];
        }
        let alone = std::mem::take(&mut self.once);
        let result = self.fix_alone(&alone);
        self.once = alone;
        result
    }
}
