//! The *blocks* pruning of `search`: the cut squares of what is left to visit.
//!
//! The rest of a tour is a path from the head (visit `t`) through every unvisited square, so a
//! path through every vertex of the graph `G` of the unvisited squares and the head, starting
//! at the head. A depth-first search of `G` from the head finds its cut squares (Tarjan's low
//! points); for each unvisited cut square `c`, the parts of `G` without `c` that hold no head:
//!
//! - `G` not connected: no path covers it;
//! - two parts or more at `c` without the head: the path, once past `c`, never comes back, so
//!   it ends in one of them and misses the other;
//! - one part `B`: the path covers the rest `R` (the head's side, `|R|` squares with the head)
//!   first, then `c` as visit `t + |R|`, then `B` as the visits after. A number given on `c`
//!   must be that visit (and none given elsewhere may be), the numbers given in `B` must all
//!   come after it, and those given elsewhere before it.
//!
//! Everything is about the graph and the numbers, so a rule that finds no tour here holds for
//! open and closed tours alike. The search runs on an explicit stack in a time linear in the
//! unvisited squares and their moves.

use super::ClueMemoryError;
use super::graph::{OpenGraph, filled, reserve};

/// What a subtree of the depth-first search holds: its squares, the numbers given on them and
/// the least of those.
#[derive(Clone, Copy)]
struct Part {
    size: u32,
    numbers: u32,
    least: u32,
}

/// The depth-first search's memory, kept between calls (entries are valid where `seen`
/// carries the current epoch).
pub(super) struct Blocks {
    seen: Vec<u32>,
    epoch: u32,
    order: Vec<u32>,
    low: Vec<u32>,
    part: Vec<Part>,
    /// The parts cut off below each vertex, and the first of them.
    cut_off: Vec<u32>,
    first_cut: Vec<Part>,
    /// A vertex and how far through its neighbours the search is.
    stack: Vec<(u32, u32)>,
}

/// The state of a search the blocks are read from.
pub(super) struct Position<'a> {
    pub graph: &'a OpenGraph,
    pub visited: &'a [bool],
    /// The visit number given to each vertex, 0 for none.
    pub number_at: &'a [u32],
    /// The numbers of the marks, ascending.
    pub numbers: &'a [u32],
    /// The head, visit `t`.
    pub head: u32,
    pub t: u32,
    /// The open squares.
    pub n: u32,
}

impl Blocks {
    /// The memory for a graph of `len` vertices.
    pub fn new(len: usize) -> Result<Self, ClueMemoryError> {
        let empty = Part {
            size: 0,
            numbers: 0,
            least: u32::MAX,
        };
        let mut stack = Vec::new();
        reserve(&mut stack, len + 1)?;
        Ok(Self {
            seen: filled(len, 0)?,
            epoch: 0,
            order: filled(len, 0)?,
            low: filled(len, 0)?,
            part: filled(len, empty)?,
            cut_off: filled(len, 0)?,
            first_cut: filled(len, empty)?,
            stack,
        })
    }

    /// Whether the blocks of `position` prove that no path from the head covers the unvisited
    /// squares keeping their numbers (the module doc).
    pub fn dead(&mut self, position: &Position) -> bool {
        let Position {
            graph,
            visited,
            number_at,
            numbers,
            head,
            t,
            n,
        } = *position;
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.seen.fill(0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        let in_graph = |w: u32| !visited[w as usize];
        let total = n - t + 1;
        // The numbers given after visit `x`, on unvisited squares all of them.
        let after = |x: u32| numbers.len() as u32 - numbers.partition_point(|&k| k <= x) as u32;
        let mut next_order = 0u32;
        let mut enter = |blocks: &mut Self, v: u32| {
            let i = v as usize;
            blocks.seen[i] = epoch;
            blocks.order[i] = next_order;
            blocks.low[i] = next_order;
            next_order += 1;
            let number = if v == head { 0 } else { number_at[i] };
            blocks.part[i] = Part {
                size: 1,
                numbers: u32::from(number != 0),
                least: if number != 0 { number } else { u32::MAX },
            };
            blocks.cut_off[i] = 0;
            blocks.stack.push((v, 0));
        };
        self.stack.clear();
        enter(self, head);
        let mut root_children = 0u32;
        while let Some(&(v, k)) = self.stack.last() {
            let neighbours = graph.neighbours(v);
            if let Some(&w) = neighbours.get(k as usize) {
                let top = self.stack.len() - 1;
                self.stack[top].1 += 1;
                if w != head && !in_graph(w) {
                    continue;
                }
                if self.seen[w as usize] != epoch {
                    if v == head {
                        root_children += 1;
                        if root_children > 1 {
                            // The head's second subtree: the first one reached none of it.
                            return true;
                        }
                    }
                    enter(self, w);
                } else {
                    let i = v as usize;
                    self.low[i] = self.low[i].min(self.order[w as usize]);
                }
                continue;
            }
            self.stack.pop();
            let i = v as usize;
            if v != head && self.cut_off[i] > 0 {
                if self.cut_off[i] > 1 {
                    return true;
                }
                let cut = self.first_cut[i];
                let rest = total - cut.size - 1;
                let visit = t + rest;
                let number = number_at[i];
                if (number != 0 && number != visit)
                    || (number == 0 && numbers.binary_search(&visit).is_ok())
                    || (cut.numbers > 0 && cut.least <= visit)
                    || after(visit) != cut.numbers
                {
                    return true;
                }
            }
            let Some(&(p, _)) = self.stack.last() else {
                break;
            };
            let (p, own) = (p as usize, self.part[i]);
            self.low[p] = self.low[p].min(self.low[i]);
            let parent = &mut self.part[p];
            parent.size += own.size;
            parent.numbers += own.numbers;
            parent.least = parent.least.min(own.least);
            if p as u32 != head && self.low[i] >= self.order[p] {
                if self.cut_off[p] == 0 {
                    self.first_cut[p] = own;
                }
                self.cut_off[p] += 1;
            }
        }
        next_order != total
    }
}
