//! The *ways in* rules: a vertex passed through is entered from the number before it and left
//! to the number after, so it needs two *ways*: neighbours not taken, or taken by a number
//! next to one the vertex may have.
//! - A vertex with fewer than two ways is an end of the tour (number 1 or `n` of an open tour):
//!   it leaves every other domain, and more than two such vertices hold no tour.
//! - A vertex with exactly two ways that cannot be an end uses both, so where one is taken by
//!   number `k`, the vertex is `k - 1` or `k + 1`: it leaves every other domain. This is the
//!   forced move of a path search, found wherever the path's ends are.

use super::{Failure, Sets, members};

impl Sets {
    /// Applies both rules to every vertex not taken: whether a domain changed.
    pub(super) fn ways_in(&mut self) -> Result<bool, Failure> {
        let (n, words) = (self.n, self.words);
        let taken = n * words;
        let mut changed = false;
        let mut ends = 0;
        for v in 0..n {
            let (w, bit) = (v / 64, 1u64 << (v % 64));
            if self.slots[taken + w] & bit != 0 {
                continue;
            }
            let moves = &self.moves[v * words..(v + 1) * words];
            let free: u32 = moves
                .iter()
                .zip(&self.slots[taken..taken + words])
                .map(|(m, t)| (m & !t).count_ones())
                .sum();
            if free >= 3 {
                continue;
            }
            let (ways, owners) = self.taken_ways(v, free);
            if ways >= 3 {
                continue;
            }
            if ways == 2 {
                if !owners.is_empty() && !self.may_be_end(v) {
                    changed |= self.keep_beside(v, &owners)?;
                }
                continue;
            }
            ends += 1;
            if self.closed || ends > 2 {
                if n > 1 {
                    return Err(Failure::Empty);
                }
                continue;
            }
            // Not an end: every number but 1 and n.
            for j in 1..n.saturating_sub(1) {
                if self.slots[j * words + w] & bit != 0 {
                    changed |= self.drop_vertex(j, v)?;
                }
            }
        }
        Ok(changed)
    }

    /// The ways of `v` (`free` of them not taken), counted up to 3, and the numbers (slots) of
    /// the taken ones, up to 2.
    fn taken_ways(&self, v: usize, free: u32) -> (u32, Owners) {
        let words = self.words;
        let taken = &self.slots[self.n * words..];
        let has_v = |slot: usize| self.slots[slot * words + v / 64] & (1 << (v % 64)) != 0;
        let mut ways = free;
        let mut owners = Owners::default();
        for u in members(&self.moves[v * words..(v + 1) * words]) {
            if ways >= 3 {
                break;
            }
            if taken[u / 64] & (1 << (u % 64)) != 0 {
                let owner = self.owner[u] as usize;
                if self.beside(owner).any(has_v) {
                    ways += 1;
                    owners.push(owner as u32);
                }
            }
        }
        (ways, owners)
    }

    /// Whether `v` may be number 1 or `n` of an open tour.
    fn may_be_end(&self, v: usize) -> bool {
        let words = self.words;
        let bit = 1u64 << (v % 64);
        !self.closed
            && (self.slots[v / 64] & bit != 0
                || self.slots[(self.n - 1) * words + v / 64] & bit != 0)
    }

    /// Takes `v` from every domain but those of the numbers next to each of `owners`.
    fn keep_beside(&mut self, v: usize, owners: &Owners) -> Result<bool, Failure> {
        let words = self.words;
        let bit = 1u64 << (v % 64);
        let mut changed = false;
        for j in 0..self.n {
            if self.slots[j * words + v / 64] & bit != 0
                && !owners
                    .iter()
                    .all(|k| self.beside(k as usize).any(|b| b == j))
            {
                changed |= self.drop_vertex(j, v)?;
            }
        }
        Ok(changed)
    }

    /// Takes `v` from the domain of `slot`: whether it was there.
    fn drop_vertex(&mut self, slot: usize, v: usize) -> Result<bool, Failure> {
        if self.slots[slot * self.words + v / 64] & (1 << (v % 64)) == 0 {
            return Ok(false);
        }
        self.remove(slot, v)?;
        Ok(true)
    }
}

/// Up to two numbers (slots).
#[derive(Default)]
struct Owners {
    slots: [u32; 2],
    len: usize,
}

impl Owners {
    fn push(&mut self, slot: u32) {
        if self.len < 2 {
            self.slots[self.len] = slot;
            self.len += 1;
        }
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.slots[..self.len].iter().copied()
    }
}
