//! The cheap proofs that no tour of a shape keeps its clues, run before any search. Each is a
//! theorem, stated on its [`NoTourReason`] variant; here is why each holds, in the order they
//! are tried. Visits fixed by the question (the numbers given, the start asked for as visit 1,
//! the end asked for as visit `n`, where `n` is the number of open squares) are its *marks*.
//!
//! 1. A closed tour needs `n >= 3` ([`NoTourReason::ClosedTooSmall`]); the start and end asked
//!    for must be open, distinct, and agree with the numbers given.
//! 2. Ways in. A tour passes through each square it does not end on, entering it and leaving it
//!    by two different moves to open squares. So with `n > 1`, a square with no open square a
//!    move away has no tour ([`NoTourReason::NoWayIn`]); a square with one (a *dead end*) must
//!    be an end of the tour: never in a closed tour, never a square given a number other than
//!    1 and `n` ([`NoTourReason::NumberedDeadEnd`]), and an open tour has two ends, of which
//!    the question may fix some elsewhere ([`NoTourReason::DeadEnds`]).
//! 3. A tour joins all the open squares by moves, so they are connected
//!    ([`NoTourReason::ShapeSplit`]).
//! 4. Colours, for a piece that changes colour at every move (`a + b` odd for every leap): a
//!    tour alternates colours, so an open one visits `ceil(n/2)` squares of its first square's
//!    colour and `floor(n/2)` of the other, and a closed one `n/2` of each
//!    ([`NoTourReason::ShapeColourCount`]). When `n` is odd, visit `k` is on the majority
//!    colour exactly when `k` is odd ([`NoTourReason::ClueColour`]); when `n` is even, marks `k
//!    < m` next in number are on one colour exactly when `m - k` is even
//!    ([`NoTourReason::ClueParity`]).
//! 5. Reach. Between marks `k < m` next in number the tour makes `m - k` moves over open
//!    squares, so the fewest moves between their squares (a breadth-first search) is at most
//!    `m - k`; a closed tour also goes from its last mark `m` round to its first `k` in `n - m +
//!    k` moves ([`NoTourReason::ClueOutOfReach`]).
//! 6. Cut squares, proved in `cuts`: see [`NoTourReason::CutSquare`] and
//!    [`NoTourReason::CutOrder`].
//!
//! The proofs stop, proving nothing, once the question's deadline passes or memory runs
//! short: no proof is never a claim that a tour exists.

use crate::existence::NoTourReason;

use super::ClueQuestion;
use super::cuts::cut_square;
use super::graph::{Mark, OpenGraph, filled, marks, past};

/// A proof that no tour answers `question`, if one of the cheap proofs (the module doc) finds
/// one; `None` when none does, or when the deadline passes or memory runs short first.
pub fn prove(question: &ClueQuestion) -> Option<NoTourReason> {
    let open = question.shape.open_count();
    if question.closed && open < 3 {
        return Some(NoTourReason::ClosedTooSmall { open });
    }
    let graph = OpenGraph::build(question).ok()?;
    let marks = match marks(question, &graph) {
        Ok(marks) => marks,
        Err(reason) => return Some(reason),
    };
    if let Some(reason) = ways_in(question, &graph, &marks) {
        return Some(reason);
    }
    if past(question.limits.deadline) {
        return None;
    }
    let mut dist = filled(graph.len(), u32::MAX).ok()?;
    let mut queue = Vec::new();
    queue.try_reserve_exact(graph.len()).ok()?;
    graph.distances(0, None, &mut dist, &mut queue);
    if let Some(unreached) = dist.iter().position(|&d| d == u32::MAX) {
        return Some(NoTourReason::ShapeSplit {
            from: graph.squares[0],
            unreached: graph.squares[unreached],
        });
    }
    if question.piece.changes_colour()
        && let Some(reason) = colours(question, &graph, &marks)
    {
        return Some(reason);
    }
    if let Some(reason) = reach(question, &graph, &marks, &mut dist, &mut queue) {
        return Some(reason);
    }
    if past(question.limits.deadline) {
        return None;
    }
    cut_square(question, &graph, &marks).ok().flatten()
}

/// The proofs by ways in: a square with none, a dead end inside the tour, or more dead ends
/// than the tour has ends free.
fn ways_in(question: &ClueQuestion, graph: &OpenGraph, marks: &[Mark]) -> Option<NoTourReason> {
    let n = graph.len() as u32;
    if n == 1 {
        return None;
    }
    let fixed: Vec<u32> = marks
        .iter()
        .filter(|mark| mark.number == 1 || mark.number == n)
        .map(|mark| mark.vertex)
        .collect();
    let mut dead_ends = Vec::new();
    for vertex in 0..n {
        match graph.degree(vertex) {
            0 => {
                return Some(NoTourReason::NoWayIn {
                    square: graph.squares[vertex as usize],
                    open: u64::from(n),
                });
            }
            1 => {
                if let Some(&mark) = marks
                    .iter()
                    .find(|mark| mark.vertex == vertex && mark.number != 1 && mark.number != n)
                {
                    return Some(NoTourReason::NumberedDeadEnd {
                        clue: graph.clue(mark),
                    });
                }
                if question.closed || !fixed.contains(&vertex) {
                    dead_ends.push(vertex);
                }
            }
            _ => {}
        }
    }
    let free_ends = if question.closed { 0 } else { 2 - fixed.len() };
    if dead_ends.len() <= free_ends {
        return None;
    }
    dead_ends.truncate(free_ends + 1);
    Some(NoTourReason::DeadEnds {
        squares: dead_ends
            .iter()
            .map(|&v| graph.squares[v as usize])
            .collect(),
        fixed: if question.closed {
            Vec::new()
        } else {
            fixed.iter().map(|&v| graph.squares[v as usize]).collect()
        },
        closed: question.closed,
    })
}

/// The colour proofs, for a piece that changes colour at every move.
fn colours(question: &ClueQuestion, graph: &OpenGraph, marks: &[Mark]) -> Option<NoTourReason> {
    let n = graph.len() as u64;
    let even = (0..n as u32).filter(|&v| graph.is_even(v)).count() as u64;
    let odd = n - even;
    if even.abs_diff(odd) > 1 || (question.closed && even != odd) {
        return Some(NoTourReason::ShapeColourCount {
            even,
            odd,
            closed: question.closed,
        });
    }
    if even != odd {
        let majority_even = even > odd;
        for &mark in marks {
            let on_majority = graph.is_even(mark.vertex) == majority_even;
            if on_majority != (mark.number % 2 == 1) {
                let (same, other) = if graph.is_even(mark.vertex) {
                    (even, odd)
                } else {
                    (odd, even)
                };
                return Some(NoTourReason::ClueColour {
                    clue: graph.clue(mark),
                    same,
                    other,
                });
            }
        }
        return None;
    }
    for pair in marks.windows(2) {
        let same_colour = graph.is_even(pair[0].vertex) == graph.is_even(pair[1].vertex);
        if same_colour != (pair[1].number - pair[0].number).is_multiple_of(2) {
            return Some(NoTourReason::ClueParity {
                first: graph.clue(pair[0]),
                second: graph.clue(pair[1]),
            });
        }
    }
    None
}

/// The proof by reach: marks next in number farther apart than the moves between them.
fn reach(
    question: &ClueQuestion,
    graph: &OpenGraph,
    marks: &[Mark],
    dist: &mut [u32],
    queue: &mut Vec<u32>,
) -> Option<NoTourReason> {
    let n = graph.len() as u32;
    let mut pairs: Vec<(Mark, Mark, u32, bool)> = marks
        .windows(2)
        .map(|pair| (pair[0], pair[1], pair[1].number - pair[0].number, false))
        .collect();
    if question.closed
        && let (Some(&first), Some(&last)) = (marks.first(), marks.last())
        && marks.len() > 1
    {
        pairs.push((last, first, n - last.number + first.number, true));
    }
    for (from, to, moves, closing) in pairs {
        if past(question.limits.deadline) {
            return None;
        }
        graph.distances(from.vertex, Some(to.vertex), dist, queue);
        let distance = dist[to.vertex as usize];
        if distance > moves {
            return Some(NoTourReason::ClueOutOfReach {
                from: graph.clue(from),
                to: graph.clue(to),
                moves: u64::from(moves),
                distance: (distance != u32::MAX).then_some(u64::from(distance)),
                closing,
            });
        }
    }
    None
}
