//! A search over the moves of a tour, for leapers other than the knight (and the knight's hard
//! routes, as path flipping): each move between two
//! squares still to visit is decided in or out, and rules draw what follows (`decisions`), so a
//! contradiction closes a whole branch. It proves what growing a path square by square cannot
//! afford to: on the zebra's 11×11, 13×13, 9×15 and 9×19 the rules alone, before any choice,
//! show that no tour exists from any start, and on 9×18 from any start but 24.
//!
//! The question is put as a Hamiltonian cycle. A closed tour is one over the board. An open
//! tour from the head (the start, or the last square of a partial tour, whose other squares
//! are left out) is a cycle through one more vertex, the *link*, joined to the head by a move
//! that is in from the first, and to every square the tour may end on: the end asked for (then
//! that move is in too), or every square of the colour the last square must have (a path of
//! `L` squares alternates colours, so it ends on the head's colour when `L` is odd, the other
//! when even), next to the start when a partial tour must close.
//!
//! The search is depth first without recursion, and can be run a share of the budget at a
//! time, going on where it stopped: it decides a move of a fragment's end with the fewest
//! undecided moves (in first, then out). A tree searched to its end is the proof that no tour
//! exists, as the path search's is (`NoTourReason::ExhaustiveSearch`). A node is a move decided
//! or a square looked at to choose one; the deadline is looked at every [`CLOCK_INTERVAL`]
//! nodes. Memory is reserved fallibly up front ([`Prover::memory_needed`]).
//!
//! Decisions are taken in a fixed order, so the same question gets the same tour.

mod decisions;

use std::time::Instant;

use self::decisions::{Contradiction, Decisions, Mark, NONE, filled};
use crate::board::Board;
use crate::flip::{NoMemory, Question};
use crate::search::{Limit, Limits};

/// How many nodes pass between two looks at the clock.
const CLOCK_INTERVAL: u64 = 1 << 14;

/// What the search gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Answer {
    /// A tour: square numbers, the first square of the partial tour first.
    Tour(Vec<u32>),
    /// Every branch ends in a contradiction: no tour. With the branches taken (0: the rules
    /// alone proved it).
    NoTour {
        /// Choices made before every branch closed.
        branches: u64,
    },
    /// A limit ran out first; [`Prover::run`] may be called again to go on.
    Stopped(Limit),
}

/// One choice on the stack: the move, whether it is now tried out (after in), and the trail
/// to go back to.
#[derive(Debug, Clone, Copy)]
struct Choice {
    edge: u32,
    out: bool,
    trail: usize,
}

/// The search of one question; see the module doc.
#[derive(Debug)]
pub(crate) struct Prover {
    decisions: Decisions,
    stack: Vec<Choice>,
    /// The partial tour before the head, the head, and the end asked for, as square numbers.
    before: Vec<u32>,
    head: u32,
    end: Option<u32>,
    /// The link vertex (an open tour), or [`NONE`].
    link: u32,
    /// The moves in from the first: the head's to the link, and the end's when asked.
    forced: Vec<u32>,
    /// Whether the root's rules have run (they run once), and whether the search is over.
    started: bool,
    over: bool,
    branches: u64,
}

impl Prover {
    /// Bytes the search of a question on `board` holds, at most.
    pub(crate) fn memory_needed(board: Board) -> u64 {
        let area = board.area();
        // Moves: at most four a square (each counted once), and one from every square to the
        // link; the stack at most one choice a move.
        let edges = 5 * area;
        Decisions::memory_needed(area + 1, edges) + edges * 16 + area * 8
    }

    /// The search of `question`, its memory reserved. The partial tour must be a path of the
    /// piece, the end off it, and at least two squares left to visit.
    pub(crate) fn new(question: &Question) -> Result<Self, NoMemory> {
        let Question {
            board,
            piece,
            prefix,
            closed,
            end,
            holes,
        } = *question;
        let area = board.area() as usize;
        let (&head, before) = prefix.split_last().expect("a partial tour has a head");
        let head = board.index(head);
        let end = end.map(|end| board.index(end));
        let mut present = filled(area + 1, true)?;
        for &square in before.iter().chain(holes) {
            present[board.index(square) as usize] = false;
        }
        let mut edges: Vec<[u32; 2]> = Vec::new();
        edges.try_reserve_exact(5 * area).map_err(|_| NoMemory)?;
        for index in 0..area as u32 {
            if !present[index as usize] {
                continue;
            }
            for to in piece.neighbours(board, board.square_at(index)) {
                let to = board.index(to);
                if to > index && present[to as usize] {
                    edges.push([index, to]);
                }
            }
        }
        // A cycle over the board needs no link; an open tour, or one that must close on a
        // partial tour's first square, does.
        let link = if closed && before.is_empty() {
            present[area] = false;
            NONE
        } else {
            area as u32
        };
        let mut forced = Vec::new();
        if link != NONE {
            forced.push(edges.len() as u32);
            edges.push([head, link]);
            let left = present[..area].iter().filter(|&&present| present).count();
            let colour = |square: u32| (square / board.cols() + square % board.cols()) % 2;
            let end_colour = if left % 2 == 1 {
                colour(head)
            } else {
                1 - colour(head)
            };
            let first = before.first().map(|&square| board.index(square));
            for square in 0..area as u32 {
                let may_end = match (end, closed) {
                    (Some(end), _) => square == end,
                    (None, true) => first.is_some_and(|first| {
                        piece
                            .neighbours(board, board.square_at(first))
                            .any(|to| board.index(to) == square)
                    }),
                    (None, false) => colour(square) == end_colour,
                };
                if may_end && square != head && present[square as usize] {
                    if end.is_some() {
                        forced.push(edges.len() as u32);
                    }
                    edges.push([square, link]);
                }
            }
        }
        let decisions = Decisions::new(present, edges)?;
        let mut stack = Vec::new();
        stack
            .try_reserve_exact(decisions.vertices as usize * 5)
            .map_err(|_| NoMemory)?;
        let mut before_indices = filled(0, 0u32)?;
        before_indices
            .try_reserve_exact(before.len())
            .map_err(|_| NoMemory)?;
        before_indices.extend(before.iter().map(|&square| board.index(square)));
        Ok(Self {
            decisions,
            stack,
            before: before_indices,
            head,
            end,
            link,
            forced,
            started: false,
            over: false,
            branches: 0,
        })
    }

    /// The nodes spent so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.decisions.nodes
    }

    /// Searches on from where the last run stopped, until a tour, the proof that none
    /// exists, or a limit: at most `limits.node_budget` more nodes (and the step under way).
    /// Once over, a run stops at once.
    pub(crate) fn run(&mut self, limits: Limits) -> Answer {
        if self.over {
            return Answer::Stopped(Limit::Nodes);
        }
        let stop = self.decisions.nodes.saturating_add(limits.node_budget);
        let mut clock = self.decisions.nodes;
        let mut live = true;
        if !self.started {
            self.started = true;
            live = self.root().is_ok();
        }
        loop {
            if !live && !self.backtrack() {
                self.over = true;
                return Answer::NoTour {
                    branches: self.branches,
                };
            }
            if self.decisions.closed_up {
                self.over = true;
                return Answer::Tour(self.tour());
            }
            if self.decisions.nodes >= stop {
                return Answer::Stopped(Limit::Nodes);
            }
            if let Some(deadline) = limits.deadline
                && self.decisions.nodes >= clock
            {
                clock = self.decisions.nodes + CLOCK_INTERVAL;
                if Instant::now() >= deadline {
                    return Answer::Stopped(Limit::Deadline);
                }
            }
            let Some(edge) = self.decisions.choose() else {
                // Every move decided, every vertex with two in and no cycle short of the tour:
                // the last move in closed it. Never reached; taken as a dead end.
                live = false;
                continue;
            };
            self.branches += 1;
            let trail = self.decisions.mark_trail();
            self.stack.push(Choice {
                edge,
                out: false,
                trail,
            });
            live = self.decisions.decide(edge, Mark::In).is_ok();
        }
    }

    /// The moves in from the first, and the rules at every vertex.
    fn root(&mut self) -> Result<(), Contradiction> {
        for k in 0..self.forced.len() {
            self.decisions.decide(self.forced[k], Mark::In)?;
        }
        self.decisions.settle_all()
    }

    /// Goes back to the last choice still to try out, and tries it; false when none is left.
    fn backtrack(&mut self) -> bool {
        while let Some(choice) = self.stack.pop() {
            self.decisions.undo_to(choice.trail);
            if choice.out {
                continue;
            }
            self.stack.push(Choice {
                out: true,
                ..choice
            });
            if self.decisions.decide(choice.edge, Mark::Out).is_ok() {
                return true;
            }
        }
        false
    }

    /// The tour the moves in make: the partial tour, then the cycle from the head (away from
    /// the link, to it).
    fn tour(&mut self) -> Vec<u32> {
        let mut tour = std::mem::take(&mut self.before);
        let (mut before, mut square) = (self.link, self.head);
        let squares = self.decisions.vertices - u32::from(self.link != NONE);
        for _ in 0..squares {
            tour.push(square);
            let next = self.decisions.next_in(square, before);
            (before, square) = (square, next);
        }
        debug_assert!(self.end.is_none_or(|end| tour.last() == Some(&end)));
        tour
    }
}

#[cfg(test)]
mod tests;
