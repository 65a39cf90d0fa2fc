//! The proof by cut squares. A *cut square* is an open square without which the other open
//! squares fall into two parts or more that no move joins (an articulation point). A tour
//! passes it once (`n >= 3`, the open squares connected):
//!
//! - the rest of a closed tour is one path through all the other squares, which stays in one
//!   part: so a closed tour has no cut square at all;
//! - the rest of an open tour is at most two paths (one when the cut square ends the tour),
//!   each within one part: so at most two parts ([`NoTourReason::CutSquare`]); and with two
//!   parts of `a` and `b` squares, the tour covers one part, then the cut square, then the
//!   other, so either visits 1 to `a` are the first part's, visit `a + 1` the cut square and
//!   the rest the second part's, or the same with the parts swapped. When the marks (the
//!   numbers given, the start and end asked for) fit neither order, there is no tour
//!   ([`NoTourReason::CutOrder`]).
//!
//! The cut squares come from one depth-first search (Tarjan's low points), run on an explicit
//! stack; each subtree of the search tree carries its size and the count, least and greatest
//! of the marks' numbers in it, which is all the two orders ask of a part.

use crate::existence::NoTourReason;

use super::ClueMemoryError;
use super::ClueQuestion;
use super::graph::{Mark, OpenGraph, filled, reserve};

/// What a subtree of the search holds: its squares, and the marks among them.
#[derive(Clone, Copy)]
struct Part {
    size: u32,
    marks: u32,
    least: u32,
    greatest: u32,
}

impl Part {
    const EMPTY: Part = Part {
        size: 0,
        marks: 0,
        least: u32::MAX,
        greatest: 0,
    };

    fn add(&mut self, other: Part) {
        self.size += other.size;
        self.marks += other.marks;
        self.least = self.least.min(other.least);
        self.greatest = self.greatest.max(other.greatest);
    }
}

/// A proof by a cut square, if some cut square gives one; the open squares must be connected.
pub(super) fn cut_square(
    question: &ClueQuestion,
    graph: &OpenGraph,
    marks: &[Mark],
) -> Result<Option<NoTourReason>, ClueMemoryError> {
    let n = graph.len();
    if n < 3 {
        return Ok(None);
    }
    let mut number = filled(n, 0u32)?;
    for mark in marks {
        number[mark.vertex as usize] = mark.number;
    }
    let numbers: Vec<u32> = marks.iter().map(|mark| mark.number).collect();
    let mut order = filled(n, u32::MAX)?;
    let mut low = filled(n, 0u32)?;
    let mut part = filled(n, Part::EMPTY)?;
    // For each square: the parts its removal cuts off below it, and the first of them.
    let mut cut_off = filled(n, 0u32)?;
    let mut first_cut = filled(n, Part::EMPTY)?;
    let mut children = filled(n, 0u32)?;
    // The search's stack: a square and how far through its neighbours it is.
    let mut stack: Vec<(u32, u32)> = Vec::new();
    reserve(&mut stack, n)?;
    let mut parent = filled(n, u32::MAX)?;
    order[0] = 0;
    low[0] = 0;
    let mut next_order = 1;
    stack.push((0, 0));
    while let Some(&(v, k)) = stack.last() {
        if let Some(&w) = graph.neighbours(v).get(k as usize) {
            let top = stack.len() - 1;
            stack[top].1 += 1;
            if order[w as usize] == u32::MAX {
                order[w as usize] = next_order;
                low[w as usize] = next_order;
                next_order += 1;
                parent[w as usize] = v;
                stack.push((w, 0));
            } else if w != parent[v as usize] {
                low[v as usize] = low[v as usize].min(order[w as usize]);
            }
            continue;
        }
        stack.pop();
        let v = v as usize;
        let mut own = Part {
            size: 1,
            marks: u32::from(number[v] != 0),
            least: if number[v] != 0 { number[v] } else { u32::MAX },
            greatest: number[v],
        };
        own.add(part[v]);
        part[v] = own;
        if let Some(reason) = judge(
            question, graph, &numbers, &number, v, &cut_off, &first_cut, &children,
        ) {
            return Ok(Some(reason));
        }
        let p = parent[v];
        if p != u32::MAX {
            let p = p as usize;
            low[p] = low[p].min(low[v]);
            let below = part[v];
            part[p].add(below);
            children[p] += 1;
            if low[v] >= order[p] {
                if cut_off[p] == 0 {
                    first_cut[p] = below;
                }
                cut_off[p] += 1;
            }
        }
    }
    Ok(None)
}

/// The proof at square `v`, once its subtree is searched: whether it is a cut square, into
/// how many parts, and whether the marks fit an order of two parts.
#[allow(clippy::too_many_arguments)]
fn judge(
    question: &ClueQuestion,
    graph: &OpenGraph,
    numbers: &[u32],
    number: &[u32],
    v: usize,
    cut_off: &[u32],
    first_cut: &[Part],
    children: &[u32],
) -> Option<NoTourReason> {
    let n = graph.len() as u32;
    let is_root = v == 0;
    let parts = if is_root {
        if children[v] < 2 {
            return None;
        }
        children[v]
    } else {
        if cut_off[v] == 0 {
            return None;
        }
        cut_off[v] + 1
    };
    let square = graph.squares[v];
    if question.closed || parts >= 3 {
        return Some(NoTourReason::CutSquare {
            square,
            parts: u64::from(parts),
            closed: question.closed,
        });
    }
    let one = first_cut[v];
    let own = u32::from(number[v] != 0);
    let other = Part {
        size: n - 1 - one.size,
        marks: numbers.len() as u32 - one.marks - own,
        least: 0,
        greatest: 0,
    };
    // The marks of numbers at most `x`.
    let up_to = |x: u32| numbers.partition_point(|&k| k <= x) as u32;
    // `first` covered first, then `v`, then the other part (`first_marks`: its marks; its
    // least and greatest number where known).
    let fits = |first_size: u32,
                first_marks: u32,
                first_greatest: Option<u32>,
                second_least: Option<u32>| {
        let cut_number = first_size + 1;
        if number[v] != 0 && number[v] != cut_number {
            return false;
        }
        if first_greatest.is_some_and(|g| g > first_size) {
            return false;
        }
        if second_least.is_some_and(|l| l < first_size + 2) {
            return false;
        }
        // The marks up to the first part's size are exactly its own.
        up_to(first_size) == first_marks && up_to(cut_number) == first_marks + own
    };
    let one_greatest = (one.marks > 0).then_some(one.greatest);
    let one_least = (one.marks > 0).then_some(one.least);
    if fits(one.size, one.marks, one_greatest, None)
        || fits(other.size, other.marks, None, one_least)
    {
        return None;
    }
    Some(NoTourReason::CutOrder {
        square,
        first: u64::from(one.size),
        second: u64::from(other.size),
    })
}
