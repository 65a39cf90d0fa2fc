//! The search's two small helpers: when an unnumbered square must have been visited (the
//! *left behind* pruning of `search`), and how each round of `find` breaks ties.

use super::ClueMemoryError;
use super::graph::{Mark, filled};

/// A distance too long for a table entry (or no path at all).
pub(super) const FAR: u16 = u16::MAX;

/// The rank of `vertex` among equal candidates: its own number for seed 0 (the piece's move
/// order, as candidates come in it and the sort is stable), else a hash of the two.
pub(super) fn tie_break(seed: u64, vertex: u32) -> u64 {
    if seed == 0 {
        return 0;
    }
    let mut z = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(vertex);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The unnumbered vertices grouped by the latest visit they can have: vertex `u` is visit `j`
/// of a tour only if the fixed visits around `j` are in reach, `k + d(p, u) <= j <= m - d(u, q)`
/// for marks `k` at `p` and `m` at `q` next in number (without `k` before the first mark,
/// without `m` after the last, where the tour may end anywhere). The latest `j` over every gap
/// is when `u` must have been visited; 0 when no gap fits it.
pub(super) struct Latest {
    /// Where the vertices of each latest visit (0 to `n`) start in `vertices`.
    offsets: Vec<u32>,
    vertices: Vec<u32>,
}

impl Latest {
    /// The vertices that must be visited once visit `t` is placed and were not before: those
    /// whose latest visit is `t` (and, at the first, those that fit nowhere).
    pub(super) fn missed(&self, t: u32) -> impl Iterator<Item = u32> + '_ {
        let t = t as usize;
        let from = if t == 1 { 0 } else { self.offsets[t] as usize };
        self.vertices[from..self.offsets[t + 1] as usize]
            .iter()
            .copied()
    }
}

/// The [`Latest`] visits of the vertices, from the distance tables of the marks (a missing
/// table counts as distance 0, which prunes nothing).
pub(super) fn latest_visits(
    n: u32,
    marks: &[Mark],
    tables: &[Vec<u16>],
    number_at: &[u32],
) -> Result<Latest, ClueMemoryError> {
    let len = n as usize;
    // A saturated entry is unreachable only when no path can be that long.
    let distance = |i: usize, u: usize| -> u64 {
        match tables[i].get(u) {
            None => 0,
            Some(&FAR) if n >= u32::from(FAR) => 0,
            Some(&FAR) => u64::MAX / 4,
            Some(&d) => u64::from(d),
        }
    };
    let mut latest = filled(len, 0u32)?;
    for (u, latest) in latest.iter_mut().enumerate() {
        if number_at[u] != 0 {
            *latest = u32::MAX;
            continue;
        }
        let (Some(first), Some(last)) = (marks.first(), marks.last()) else {
            *latest = n;
            continue;
        };
        let mut best = 0u64;
        if last.number < n && u64::from(last.number) + distance(marks.len() - 1, u) <= u64::from(n)
        {
            best = u64::from(n);
        }
        for i in (0..marks.len().saturating_sub(1)).rev() {
            if best > 0 {
                break;
            }
            let gap = u64::from(marks[i + 1].number - marks[i].number);
            let to = distance(i + 1, u);
            if distance(i, u) + to <= gap {
                best = u64::from(marks[i + 1].number) - to;
            }
        }
        let to_first = distance(0, u);
        if best == 0 && first.number > 1 && to_first < u64::from(first.number) {
            best = u64::from(first.number) - to_first;
        }
        *latest = best as u32;
    }
    let mut offsets = filled(len + 2, 0u32)?;
    for &l in &latest {
        if l != u32::MAX {
            offsets[l as usize + 1] += 1;
        }
    }
    for k in 1..offsets.len() {
        offsets[k] += offsets[k - 1];
    }
    let mut vertices = filled(offsets[len + 1] as usize, 0u32)?;
    let mut next = filled(len + 2, 0u32)?;
    next.copy_from_slice(&offsets);
    for (u, &l) in latest.iter().enumerate() {
        if l != u32::MAX {
            vertices[next[l as usize] as usize] = u as u32;
            next[l as usize] += 1;
        }
    }
    Ok(Latest { offsets, vertices })
}
