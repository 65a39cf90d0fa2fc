//! What every cover can use, read from one: a move is in some cover exactly when a maximum
//! flow uses it or it lies on a cycle of the flow's residual network (the flow less that arc
//! and more around the cycle is another maximum flow, and any two maximum flows differ by such
//! cycles), that is, when its two ends are in one strong component of the residual network.
//! The same holds of the arc through which a square gives up a unit as the path's last square.
//!
//! A tour is a cover, so it uses only such moves and ends only on such a square. Two things
//! follow (the flip's second proof, and the solver's hint):
//! - **Split**: when those moves do not join the head to every square still to visit, no cover
//!   is one path, and no tour exists, though covers do. On the giraffe's 11×11 the 16 squares
//!   whose row and column are each 0, 2, 8 or 10, and 5,5, have all their moves into 16 other
//!   squares, which every cover spends on them: 33 squares closed off from the other 88.
//! - **Ends**: the squares an open path may end on, often few (a start next to two corners of
//!   two moves each must end on one of them).
//!
//! Strong components by Tarjan's algorithm ("Depth-first search and linear graph algorithms",
//! SIAM J. Computing 1, 1972), without recursion.

use super::cover::Network;
use super::graph::{Graph, NONE};

impl Network {
    /// What the covers can use, read from the maximum flow [`Network::cover`] has just found
    /// for `graph`: the squares the usable moves join to `head` (the head counted), and into
    /// `ends` (reserved for every square) the squares an open path may end on, in square order.
    /// `usable` is scratch space, a slot a square. Spends about a node a square.
    pub(super) fn scope(
        &mut self,
        graph: &Graph,
        head: u32,
        usable: &mut [u8],
        ends: &mut Vec<u32>,
    ) -> u32 {
        self.components();
        let area = graph.area() as u32;
        let spare = area + 2;
        usable.fill(0);
        ends.clear();
        for arc in (0..self.to.len() as u32).step_by(2) {
            let (from, to) = (self.to[arc as usize + 1], self.to[arc as usize]);
            let usable_arc = self.capacity[arc as usize] == 0
                || self.component[from as usize] == self.component[to as usize];
            if !usable_arc {
                continue;
            }
            if from < area && to < area {
                mark(graph, usable, from, to);
                mark(graph, usable, to, from);
            } else if from == spare && to < area {
                ends.push(to);
            } else if to == spare && from < area {
                ends.push(from);
            }
        }
        ends.sort_unstable();
        self.reach(graph, head, usable)
    }

    /// The squares joined to `head` by the moves marked in `usable`, counted by a search that
    /// borrows the flow's queue.
    fn reach(&mut self, graph: &Graph, head: u32, usable: &[u8]) -> u32 {
        self.level.fill(0);
        self.queue.clear();
        self.queue.push(head);
        self.level[head as usize] = 1;
        let mut at = 0;
        while at < self.queue.len() {
            let square = self.queue[at];
            at += 1;
            for (k, to) in graph.neighbours(square).enumerate() {
                if usable[square as usize] & (1 << k) != 0 && self.level[to as usize] == 0 {
                    self.level[to as usize] = 1;
                    self.queue.push(to);
                }
            }
        }
        self.queue.len() as u32
    }

    /// The strong components of the arcs with capacity left, numbered in `component`.
    fn components(&mut self) {
        let nodes = self.first.len();
        // `level` holds each node's visit number, `current` its next arc, `stack` the search's
        // path and `queue` the nodes not yet in a component.
        self.level.fill(NONE);
        self.component.fill(NONE);
        self.queue.clear();
        self.stack.clear();
        let (mut visits, mut components) = (0, 0);
        for root in 0..nodes as u32 {
            if self.level[root as usize] != NONE {
                continue;
            }
            self.visit(root, &mut visits);
            while let Some(&node) = self.stack.last() {
                let arc = self.current[node as usize];
                if arc != NONE {
                    self.current[node as usize] = self.next[arc as usize];
                    let to = self.to[arc as usize];
                    if self.capacity[arc as usize] == 0 {
                        continue;
                    }
                    if self.level[to as usize] == NONE {
                        self.visit(to, &mut visits);
                    } else if self.component[to as usize] == NONE {
                        self.low[node as usize] =
                            self.low[node as usize].min(self.level[to as usize]);
                    }
                    continue;
                }
                self.stack.pop();
                if let Some(&parent) = self.stack.last() {
                    self.low[parent as usize] =
                        self.low[parent as usize].min(self.low[node as usize]);
                }
                if self.low[node as usize] == self.level[node as usize] {
                    while let Some(member) = self.queue.pop() {
                        self.component[member as usize] = components;
                        if member == node {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
    }

    fn visit(&mut self, node: u32, visits: &mut u32) {
        self.level[node as usize] = *visits;
        self.low[node as usize] = *visits;
        *visits += 1;
        self.current[node as usize] = self.first[node as usize];
        self.stack.push(node);
        self.queue.push(node);
    }
}

/// Marks the move from `from` to `to` usable, in the slot of `to` among the neighbours of
/// `from`.
fn mark(graph: &Graph, usable: &mut [u8], from: u32, to: u32) {
    if let Some(k) = graph.neighbours(from).position(|next| next == to) {
        usable[from as usize] |= 1 << k;
    }
}
