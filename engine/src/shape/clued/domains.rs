//! The squares each missing number can still go to: the *domains* of the numbers with few
//! candidates, which the search keeps counting as it visits squares (the *last candidate*
//! pruning of `search`).
//!
//! Between fixed visits `k` at `p` and `m` at `q`, an unnumbered square `u` can be visit `j`
//! only if `k + d(p, u) <= j <= m - d(u, q)` (the distances over the open squares), and, for a
//! piece that changes colour at every move, only if `j - k` and `d(p, u)` have the same parity.
//! Before the first fixed visit only the second bound holds, after the last only the first.
//! So a missing number whose candidates are all visited at other times can no longer be
//! placed: the branch holds no tour. A number with no candidate at all proves that the
//! question has none.
//!
//! Only the numbers of at most [`TRACKED`] candidates are followed as the search goes, so that
//! visiting a square costs a few counters, not a scan: they are the numbers squeezed between
//! close clues, whose one or two candidates a wandering path takes first.

use super::ClueMemoryError;
use super::graph::{Mark, filled, reserve};
use super::latest::FAR;

/// The most candidates a number may have to be followed.
const TRACKED: u32 = 12;
/// The most (square, gap) windows looked at; past it the domains follow nothing.
const WINDOW_LIMIT: u64 = 1 << 26;

/// The numbers of few candidates, and for each square the numbers it is a candidate for.
pub(super) struct Domains {
    /// For each number (0 to `n`), its unvisited candidates; only meaningful where followed.
    alive: Vec<u32>,
    /// Where each vertex's numbers start in `numbers`; one more entry than vertices.
    offsets: Vec<u32>,
    /// The followed numbers each vertex is a candidate for, vertex after vertex.
    numbers: Vec<u32>,
}

impl Domains {
    /// Takes `vertex`, visited as visit `t`, from the candidates of the other numbers:
    /// whether a number still to come (outside `placed`, the range of the numbers placed)
    /// lost its last one.
    pub fn visit(&mut self, vertex: u32, t: u32, placed: (u32, u32)) -> bool {
        let v = vertex as usize;
        let mut emptied = false;
        for &j in &self.numbers[self.offsets[v] as usize..self.offsets[v + 1] as usize] {
            if j != t {
                let alive = &mut self.alive[j as usize];
                *alive -= 1;
                emptied |= *alive == 0 && !(placed.0..=placed.1).contains(&j);
            }
        }
        emptied
    }

    /// Gives `vertex` back to the numbers [`Domains::visit`] took it from.
    pub fn unvisit(&mut self, vertex: u32, t: u32) {
        let v = vertex as usize;
        for &j in &self.numbers[self.offsets[v] as usize..self.offsets[v + 1] as usize] {
            if j != t {
                self.alive[j as usize] += 1;
            }
        }
    }
}

/// The windows of every unnumbered vertex in every gap the tables cover, given to `each` as
/// `(vertex, first visit, last visit)`; `false` when the work would pass [`WINDOW_LIMIT`].
fn windows(
    n: u32,
    marks: &[Mark],
    tables: &[Vec<u16>],
    number_at: &[u32],
    parity: bool,
    mut each: impl FnMut(u32, u32, u32),
) -> bool {
    let (Some(first), Some(last)) = (marks.first(), marks.last()) else {
        return false;
    };
    let gaps = marks.len() as u64 + 1;
    if gaps.saturating_mul(u64::from(n)) > WINDOW_LIMIT || n >= u32::from(FAR) {
        return false;
    }
    let distance = |i: usize, u: usize| tables[i].get(u).map(|&d| u32::from(d));
    for u in 0..n {
        if number_at[u as usize] != 0 {
            continue;
        }
        let ui = u as usize;
        let mut window = |first: u32, last: u32| {
            if first <= last {
                each(u, first, last);
            }
        };
        // Before the first fixed visit: `j + d(u, q) <= first`.
        if first.number > 1
            && let Some(to) = distance(0, ui)
            && to != u32::from(FAR)
            && to < first.number
        {
            let last_visit = first.number - to;
            let first_visit = if parity { 1 + (last_visit - 1) % 2 } else { 1 };
            window(first_visit, last_visit);
        }
        for (i, pair) in marks.windows(2).enumerate() {
            let (k, m) = (pair[0].number, pair[1].number);
            if m - k < 2 {
                continue;
            }
            let (Some(from), Some(to)) = (distance(i, ui), distance(i + 1, ui)) else {
                continue;
            };
            if from == u32::from(FAR) || to == u32::from(FAR) || from + to > m - k {
                continue;
            }
            window(k + from, m - to);
        }
        // After the last fixed visit: `last + d(p, u) <= j <= n`.
        let end = marks.len() - 1;
        if last.number < n
            && let Some(from) = distance(end, ui)
            && from != u32::from(FAR)
            && last.number + from <= n
        {
            window(last.number + from, n);
        }
    }
    true
}

/// The domains of the missing numbers; `Ok(None)` when one of them has no candidate (no tour),
/// and domains that follow nothing when the tables do not cover every gap.
pub(super) fn domains(
    n: u32,
    marks: &[Mark],
    tables: &[Vec<u16>],
    number_at: &[u32],
    given: &[bool],
    parity: bool,
) -> Result<Option<Domains>, ClueMemoryError> {
    let len = n as usize;
    let step = if parity { 2 } else { 1 };
    let mut size = filled(len + 2, 0u32)?;
    let mut work = 0u64;
    let complete = windows(n, marks, tables, number_at, parity, |_, first, last| {
        work += u64::from(last - first) / step as u64 + 1;
        let mut j = first;
        while j <= last && work <= WINDOW_LIMIT {
            size[j as usize] = size[j as usize].saturating_add(1);
            j += step;
        }
    });
    let mut domains = Domains {
        alive: Vec::new(),
        offsets: filled(len + 1, 0u32)?,
        numbers: Vec::new(),
    };
    let covered = complete && work <= WINDOW_LIMIT && tables.iter().all(|t| t.len() == len);
    if !covered {
        return Ok(Some(domains));
    }
    if (1..=n).any(|j| !given[j as usize] && size[j as usize] == 0) {
        return Ok(None);
    }
    let followed = |j: u32| !given[j as usize] && size[j as usize] <= TRACKED;
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    let mut short = None;
    windows(n, marks, tables, number_at, parity, |u, first, last| {
        let mut j = first;
        while j <= last && short.is_none() {
            if followed(j) {
                if pairs.len() == pairs.capacity() {
                    let more = pairs.len().max(64);
                    short = reserve(&mut pairs, more).err();
                }
                if short.is_none() {
                    pairs.push((u, j));
                }
            }
            j += step;
        }
    });
    if let Some(error) = short {
        return Err(error);
    }
    pairs.sort_unstable();
    reserve(&mut domains.numbers, pairs.len())?;
    for &(u, j) in &pairs {
        domains.offsets[u as usize + 1] += 1;
        domains.numbers.push(j);
    }
    for v in 1..=len {
        domains.offsets[v] += domains.offsets[v - 1];
    }
    domains.alive = size;
    Ok(Some(domains))
}
