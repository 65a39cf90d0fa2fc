//! The moves a tour can use, and the distances over them: the graph of the open squares loses
//! the moves that join two squares whose numbers cannot follow one another, so that the ways
//! in, the Warnsdorff degrees and the distances of the search count only moves a tour can make.
//!
//! A move between squares `x` and `y` is kept only if their visits can be consecutive:
//! - two numbers given must follow one another (1 and `n` too, around a closed tour);
//! - a number `k` given and a square without a number need a number next to `k` (`k - 1` or
//!   `k + 1`, or `n` and 1 around a closed tour) that is given nowhere;
//! - two squares without numbers always can.
//!
//! Every tour uses only moves kept, so the distances over them are still lower bounds, only
//! tighter: the pruning stays a proof. (Keeping only the moves whose number next to `k` is also
//! in reach of the numbers around cut more moves, but the Warnsdorff order over what was left
//! did worse: 16 and 33 of the bench's 100 12×12 puzzles gave up, against 12 and 29.)

use super::super::ClueMemoryError;
use super::super::ClueQuestion;
use super::super::graph::{Mark, OpenGraph, filled, past, reserve};
use super::super::latest::FAR;
use super::TABLE_ENTRIES;

/// Keeps the moves of `graph` a tour of `question` can use, given the number fixed at each
/// vertex (`number_at`, 0 for none) and whether each number 0 to `n + 1` is fixed (`given`),
/// and gives the distances from each mark over them (an empty table past [`TABLE_ENTRIES`] or
/// the deadline).
pub(super) fn usable_moves(
    question: &ClueQuestion,
    graph: &mut OpenGraph,
    marks: &[Mark],
    number_at: &[u32],
    given: &[bool],
) -> Result<Vec<Vec<u16>>, ClueMemoryError> {
    let n = graph.len() as u32;
    let closed = question.closed;
    let given = |j: u32| given[j as usize];
    graph.retain(
        |x, y| match (number_at[x as usize], number_at[y as usize]) {
            (0, 0) => true,
            (0, k) | (k, 0) => {
                let before = if k > 1 {
                    Some(k - 1)
                } else {
                    closed.then_some(n)
                };
                let after = if k < n {
                    Some(k + 1)
                } else {
                    closed.then_some(1)
                };
                before.is_some_and(|j| !given(j)) || after.is_some_and(|j| !given(j))
            }
            (a, b) => a.abs_diff(b) == 1 || (closed && a.min(b) == 1 && a.max(b) == n),
        },
    )?;
    distance_tables(question, graph, marks)
}

/// The distances from each mark's square over the moves of `graph`, saturated at [`FAR`]; an
/// empty table for the marks past [`TABLE_ENTRIES`] entries in all or past the deadline.
fn distance_tables(
    question: &ClueQuestion,
    graph: &OpenGraph,
    marks: &[Mark],
) -> Result<Vec<Vec<u16>>, ClueMemoryError> {
    let len = graph.len();
    let mut tables = Vec::new();
    reserve(&mut tables, marks.len())?;
    let mut scratch = filled(len, u32::MAX)?;
    let mut queue = Vec::new();
    reserve(&mut queue, len)?;
    let mut entries = 0usize;
    for mark in marks {
        if entries + len > TABLE_ENTRIES || past(question.limits.deadline) {
            tables.push(Vec::new());
            continue;
        }
        entries += len;
        graph.distances(mark.vertex, None, &mut scratch, &mut queue);
        let mut table = Vec::new();
        reserve(&mut table, len)?;
        table.extend(scratch.iter().map(|&d| d.min(u32::from(FAR)) as u16));
        tables.push(table);
    }
    Ok(tables)
}
