//! Rules 4 and 5 of the module doc: one depth-first search of `H*` from `h` (Hopcroft and
//! Tarjan's low points, with an explicit stack) finds the cut squares, and adds up each
//! subtree's vertices, their colours and whether it holds the end, so that the parts a cut
//! square separates are judged as the search leaves it.

use std::time::Instant;

use super::Proof;
use super::graph::{Graph, Vertex};
use crate::search::setup::{CELLS_PER_LOOK, SetupError, check_clock};
use crate::search::{DeadPosition, Search};

/// What a subtree of the depth-first search holds.
#[derive(Debug, Clone, Copy, Default)]
struct Part {
    /// Vertices.
    size: u32,
    /// Vertices with the colour of `h` (all of them for a piece that keeps its colour).
    even: u32,
    /// Whether it holds the vertex the path must end on (always, when that is any).
    end: bool,
}

impl Part {
    fn add(&mut self, other: Part) {
        self.size += other.size;
        self.even += other.even;
        self.end |= other.end;
    }
}

/// The depth-first search's memory, kept from one position to the next.
#[derive(Debug, Clone)]
pub(super) struct Walk {
    /// The discovery time of each padded cell and of `t` (0: not yet).
    discovered: Vec<u32>,
    stack: Vec<Visit>,
}

impl Walk {
    /// Bytes the walk takes for a search with `padded` cells and `area` squares.
    pub(super) fn memory_needed(padded: u64, area: u64) -> u64 {
        4 * (padded + 1) + std::mem::size_of::<Visit>() as u64 * (area + 2)
    }

    /// The memory for the walks of `search`'s positions; `None` if it cannot be had.
    pub(super) fn new(search: &Search) -> Option<Self> {
        let mut discovered = Vec::new();
        discovered.try_reserve_exact(search.cells.len() + 1).ok()?;
        discovered.resize(search.cells.len() + 1, 0);
        let mut stack = Vec::new();
        stack
            .try_reserve_exact(search.board.area() as usize + 2)
            .ok()?;
        Some(Self { discovered, stack })
    }
}

/// One vertex on the depth-first search's stack.
#[derive(Debug, Clone, Copy)]
pub(super) struct Visit {
    vertex: u32,
    /// Its parent in the depth-first tree (`h` itself for `h`).
    parent: u32,
    /// Its edges not looked at yet.
    left: u16,
    /// Whether its colour is not that of `h` (for a piece that changes colour at every move).
    odd: bool,
    /// The lowest discovery time its subtree reaches by one back edge.
    low: u32,
    /// Children whose subtrees only this vertex joins to the rest.
    beyond: u32,
    /// The last of those subtrees.
    far: Part,
    /// Its own subtree, so far.
    part: Part,
}

impl Search {
    /// Rules 4 and 5 on `graph`.
    pub(super) fn cut_squares(
        &self,
        proof: &Proof,
        graph: &Graph,
        walk: &mut Walk,
        deadline: Option<Instant>,
    ) -> Result<Option<DeadPosition>, SetupError> {
        let Walk { discovered, stack } = walk;
        discovered.fill(0);
        stack.clear();
        let mut time = 1;
        discovered[proof.head] = time;
        stack.push(visit_of(proof, graph, proof.head, proof.head, time, false));
        // The first cut square whose parts rule the position out; reported only if the
        // search reaches every vertex (else the position is split, which says more).
        let mut failed_cut = None;
        let mut root_children = 0;
        while let Some(top) = stack.last_mut() {
            if let Some(next) = self.next_unseen(proof, graph, top, discovered) {
                time += 1;
                discovered[next] = time;
                if (time as usize).is_multiple_of(CELLS_PER_LOOK) {
                    check_clock(deadline).map_err(SetupError::Stopped)?;
                }
                // Every edge of `H*` changes colour, those to `t` included.
                let odd = proof.colours && !top.odd;
                let parent = top.vertex as Vertex;
                stack.push(visit_of(proof, graph, next, parent, time, odd));
                continue;
            }
            let done = stack.pop().expect("the top");
            let Some(parent) = stack.last_mut() else {
                break;
            };
            if failed_cut.is_none() {
                failed_cut = self.parts_fail(proof, graph, &done);
            }
            parent.low = parent.low.min(done.low);
            if done.low >= discovered[parent.vertex as usize] {
                parent.beyond += 1;
                parent.far = done.part;
            }
            parent.part.add(done.part);
            if stack.len() == 1 {
                root_children += 1;
            }
        }
        if time < proof.total || root_children > 1 {
            return Ok(Some(DeadPosition::Split(self.config.piece)));
        }
        Ok(failed_cut)
    }

    /// The next neighbour of the vertex of `visit` not yet discovered, taking its edges off
    /// the visit's list; those discovered before it, but its parent, lower its low point.
    fn next_unseen(
        &self,
        proof: &Proof,
        graph: &Graph,
        visit: &mut Visit,
        discovered: &[u32],
    ) -> Option<Vertex> {
        while visit.left != 0 {
            let bit = visit.left.trailing_zeros();
            visit.left &= visit.left - 1;
            let next = graph.across(self, proof, visit.vertex as Vertex, bit);
            let time = discovered[next];
            if time == 0 {
                return Some(next);
            }
            if next != visit.parent as Vertex {
                visit.low = visit.low.min(time);
            }
        }
        None
    }

    /// Rule 5 at `done`, a vertex other than `h` whose subtree is complete: the proof its
    /// parts give, if any.
    fn parts_fail(&self, proof: &Proof, graph: &Graph, done: &Visit) -> Option<DeadPosition> {
        if done.beyond == 0 {
            return None;
        }
        if done.vertex as Vertex == graph.anchor_vertex {
            let anchor = proof.anchor.expect("t stands for the anchor");
            return Some(DeadPosition::BehindEnd {
                anchor: self.square_of(anchor),
                closed: self.end.is_none(),
            });
        }
        let cut = self.square_of(done.vertex as usize);
        if done.beyond > 1 {
            return Some(DeadPosition::CutThreeWays(cut));
        }
        let far = done.far;
        if !far.end {
            return Some(DeadPosition::CutFromEnd(cut));
        }
        if !proof.colours {
            return None;
        }
        // h is x0; the first part is x0 … x(j-1), the cut square x_j, the far part the rest.
        let j = proof.total - far.size - 1;
        let last = proof.total - 1;
        let evens = |from: u32, to: u32| to / 2 + 1 - from.div_ceil(2);
        if done.odd == j.is_multiple_of(2) || far.even != evens(j + 1, last) {
            // t is no square: a closed tour's far part counts the squares left in it.
            let virtual_end = u32::from(proof.anchor.is_some() && self.end.is_none());
            return Some(DeadPosition::CutColour {
                cut,
                before: u64::from(j - 1),
                beyond: u64::from(far.size - virtual_end),
            });
        }
        None
    }
}

/// A stack entry for `vertex`, child of `parent`, discovered at `time`, `odd` if its colour is
/// not that of `h`.
fn visit_of(
    proof: &Proof,
    graph: &Graph,
    vertex: Vertex,
    parent: Vertex,
    time: u32,
    odd: bool,
) -> Visit {
    let end = match (proof.anchor, proof.last) {
        (Some(_), _) => vertex == graph.anchor_vertex,
        (None, Some(last)) => vertex == last,
        (None, None) => true,
    };
    Visit {
        vertex: vertex as u32,
        parent: parent as u32,
        left: graph.ways(vertex),
        odd,
        low: time,
        beyond: 0,
        far: Part::default(),
        part: Part {
            size: 1,
            even: u32::from(!odd),
            end,
        },
    }
}
