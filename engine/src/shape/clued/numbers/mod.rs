//! The search over the visit numbers: where the path search places squares one after another
//! from the start, this one keeps the vertices every number can still have (`sets`) and
//! branches on the number of fewest, anywhere in the tour. A number next to a given one, or
//! squeezed between two, is placed before the long stretches where nothing is given, and the
//! propagation fixes numbers and squares that have one choice left, so that clues far apart
//! in the tour work on each other from the start.
//!
//! The search is bounded by the node budget and the deadline (a node puts one number on one
//! vertex) and, as the path search, runs in rounds of more nodes each, ties broken another way
//! in each; an exhausted round is a proof. Its memory grows with the square of the open
//! squares, so it serves boards of at most [`MAX_VERTICES`].

use crate::search::{Limit, Limits};

use self::sets::{Failure, Sets};
use super::ClueMemoryError;
use super::graph::{Mark, OpenGraph, past, reserve};
use super::round::{Rounds, Stop};

mod sets;

/// The most open squares the search takes.
pub(super) const MAX_VERTICES: usize = 2048;
/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 64;

/// The candidates of one node: a range of [`NumberSearch::candidates`] for number `slot + 1`.
struct Frame {
    slot: u32,
    begin: u32,
    end: u32,
    next: u32,
    /// The trail's mark before the node's candidates are tried.
    mark: usize,
}

/// The search's state.
pub(super) struct NumberSearch {
    sets: Sets,
    limits: Limits,
    frames: Vec<Frame>,
    candidates: Vec<u32>,
    /// Each vertex's square, as [`Board::index`](crate::board::Board::index).
    index_of: Vec<u32>,
    nodes: u64,
    /// How ties are broken: 0, the lowest number and fewest free neighbours; else by a hash.
    seed: u64,
    tours: u64,
    /// The first tour found, as [`Board::index`](crate::board::Board::index)es in visit order.
    found: Vec<u32>,
}

impl NumberSearch {
    /// The search of `graph` with `marks` fixed; `Ok(None)` when propagation alone proves
    /// that no tour exists.
    pub fn new(
        graph: &OpenGraph,
        marks: &[Mark],
        closed: bool,
        limits: Limits,
    ) -> Result<Option<Self>, ClueMemoryError> {
        let fixed: Vec<(u32, u32)> = marks.iter().map(|m| (m.number, m.vertex)).collect();
        let sets = match Sets::new(graph, &fixed, closed) {
            Ok(sets) => sets,
            Err(Failure::Empty) => return Ok(None),
            Err(Failure::Memory(error)) => return Err(error),
        };
        let mut candidates = Vec::new();
        reserve(&mut candidates, graph.len().saturating_mul(4).max(16))?;
        let mut frames = Vec::new();
        reserve(&mut frames, graph.len() + 1)?;
        let mut index_of = Vec::new();
        reserve(&mut index_of, graph.len())?;
        index_of.extend(graph.squares.iter().map(|&s| graph.board.index(s)));
        Ok(Some(Self {
            sets,
            limits,
            frames,
            candidates,
            index_of,
            nodes: 0,
            seed: 0,
            tours: 0,
            found: Vec::new(),
        }))
    }

    /// Searches until `wanted` tours are found (all when `None`), the tree is exhausted, a
    /// limit runs out or the round's `round_nodes` do.
    fn run(&mut self, wanted: Option<u64>, round_nodes: u64) -> Result<Stop, ClueMemoryError> {
        let round_end = self.nodes.saturating_add(round_nodes);
        if self.expand(wanted)? {
            return Ok(Stop::Enough);
        }
        loop {
            let Some(frame) = self.frames.last_mut() else {
                return Ok(Stop::Exhausted);
            };
            let mark = frame.mark;
            if frame.next == frame.end {
                self.candidates.truncate(frame.begin as usize);
                self.frames.pop();
                self.sets.undo(mark);
                continue;
            }
            let (slot, vertex) = (frame.slot, self.candidates[frame.next as usize]);
            frame.next += 1;
            self.sets.undo(mark);
            if self.nodes >= self.limits.node_budget {
                return Ok(Stop::Limit(Limit::Nodes));
            }
            if self.nodes >= round_end {
                return Ok(Stop::Restart);
            }
            self.nodes += 1;
            if self.nodes.is_multiple_of(CLOCK_INTERVAL) && past(self.limits.deadline) {
                return Ok(Stop::Limit(Limit::Deadline));
            }
            if self.sets.assign(slot as usize, vertex as usize)? && self.expand(wanted)? {
                return Ok(Stop::Enough);
            }
        }
    }

    /// Branches on the number of fewest vertices, or counts the tour when every number is
    /// fixed: whether the tours wanted are found.
    fn expand(&mut self, wanted: Option<u64>) -> Result<bool, ClueMemoryError> {
        if self.candidates.len() + self.index_of.len() > self.candidates.capacity() {
            let more = self.candidates.capacity();
            reserve(&mut self.candidates, more)?;
        }
        let begin = self.candidates.len() as u32;
        match self.sets.choose(self.seed, &mut self.candidates) {
            Some(slot) => {
                self.frames.push(Frame {
                    slot: slot as u32,
                    begin,
                    end: self.candidates.len() as u32,
                    next: begin,
                    mark: self.sets.mark(),
                });
                Ok(false)
            }
            None => {
                self.tours += 1;
                if self.found.is_empty() {
                    self.found = self
                        .sets
                        .path()
                        .map(|v| self.index_of[v as usize])
                        .collect();
                }
                Ok(wanted.is_some_and(|wanted| self.tours >= wanted))
            }
        }
    }
}

impl Rounds for NumberSearch {
    fn round(&mut self, wanted: Option<u64>, nodes: u64) -> Result<Stop, ClueMemoryError> {
        self.run(wanted, nodes)
    }

    fn cap_nodes(&mut self, budget: u64) {
        self.limits.node_budget = budget;
    }

    fn restart(&mut self) {
        if let Some(first) = self.frames.first() {
            self.sets.undo(first.mark);
        }
        self.frames.clear();
        self.candidates.clear();
        self.seed += 1;
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn tours(&self) -> u64 {
        self.tours
    }

    fn tour(&self) -> Vec<u32> {
        self.found.clone()
    }
}
