//! The position's proofs: whether a tour can complete the position a search stands on (a
//! partial tour, a tour to a chosen end, a closed tour), by arguments that cost a few passes
//! over the board instead of a search. The solver's position layer runs them before any
//! backtracking ([`Search::prove_position`]); a search completing a partial tour, or of a
//! piece other than the knight to a chosen end, on a small board, runs them at every node too
//! (see `pruning`). Each proof is a [`DeadPosition`], named in words.
//!
//! Call `h` the piece's square (the head of the path), `U` the squares left to visit and `m`
//! their number. A tour completes the position iff a path `h = x0, x1, …, xm` covers `U`, one
//! move of the piece apart each, ending on the end asked for, or, for a closed tour, on a
//! square one move from the start. As the search does, take the end asked for off `U` and
//! let the path end next to it: for a closed tour or a tour with an end, the path ends next
//! to an *anchor* (the start, or the end). Add a vertex `t` for the anchor, joined to the
//! squares next to it; then the question is a path from `h` to `t` through every vertex of
//! `H*`, the graph of `U`, `h` and `t`. Without an anchor there is no `t`, and the path ends
//! anywhere. In such a path `h` and its last vertex have one path edge, every other vertex
//! two. The rules, each a necessary condition, so each failure a proof:
//!
//! 1. **Ways in.** A square of `U` that the path passes is entered and left, so it needs two
//!    neighbours among `U` and `h` (its *ways in*), or one if it is the path's last square
//!    ([`Passage`]). No way in: [`DeadPosition::Unreachable`]. One way in: it is the last, so
//!    there is one such square at most ([`DeadPosition::TwoLast`], [`one_last_square`]), next
//!    to the anchor if there is one ([`DeadPosition::LastElsewhere`]). With no move from `h`
//!    to `U`, nothing goes on ([`DeadPosition::NoMove`]).
//! 2. **Colours.** A piece with `a + b` odd changes colour at every move, so `x_i` has the
//!    colour of `h` iff `i` is even. Hence the `m` squares of `U` (the end asked for counted)
//!    hold `⌊m/2⌋` of the colour of `h` ([`DeadPosition::ColourCount`]), and a square that
//!    must be last, `x_m`, has the colour of `h` iff `m` is even
//!    ([`DeadPosition::LastColour`]; only without an anchor: with one, the last square is
//!    next to the anchor, whose colour the end's theorems have checked).
//! 3. **Forced moves.** A vertex that is neither `h` nor the last and has two edges left
//!    uses both; a vertex whose path edges are all known uses no other edge, so its other
//!    edges go from the graph, which can leave more vertices with two. This runs until
//!    nothing changes, wherever the last vertex is known (`t`, or the square with one way in)
//!    or, for a piece that changes colour, for every square not of the last square's colour
//!    (by rule 2), the last being found on the way if a square of that colour is left one
//!    edge. A vertex that needs more path edges than it has ([`DeadPosition::ForcedTooMany`])
//!    or has fewer edges than it needs ([`DeadPosition::ForcedStranded`]) is a proof; so are
//!    forced edges that close a loop ([`DeadPosition::ForcedLoop`]), or join `h` to the last
//!    vertex without every vertex between ([`DeadPosition::ForcedShort`]). The edges taken
//!    away are in no path, so rules 4 and 5 judge the graph that is left.
//! 4. **Connected.** `x1, …, xm` is a path within `U`, and `x0 x1` a move, so the vertices of
//!    `H*` without `h` are connected, and `h` has a neighbour among them
//!    ([`DeadPosition::Split`]).
//! 5. **Cut squares.** Let `v ≠ h` be a vertex of `H*` whose removal leaves `k ≥ 2` parts (a
//!    *cut square*, an articulation point). The path passes `v` once, so without `v` it is
//!    two pieces, `x0 … x(j-1)` and `x(j+1) … xm`, each within one part. Every part is
//!    covered, so `k = 2` ([`DeadPosition::CutThreeWays`]): the part with `h` is the first
//!    piece and the other part `F` is the second, which holds the last vertex. So `F` holds
//!    `t` when there is an anchor, and the last square when it is known
//!    ([`DeadPosition::CutFromEnd`]); and `v = t` cannot be a cut square at all, since
//!    nothing comes after `t` ([`DeadPosition::BehindEnd`]). With colours, `v` is `x_j` with
//!    `j` the size of the first part, and `F` is `x(j+1) … xm`, so the colour of `v` and the
//!    colour count of `F` are both fixed ([`DeadPosition::CutColour`]).
//!
//! Conversely, when every cut square leaves exactly two parts with the end beyond it, the
//! blocks of `H*` lie in a chain from `h` to the end, which is as far as rule 5 goes: what
//! is left is for the search. On a whole board, rules 2 and 4 restate the theorems of the
//! start's and the ends' colours (a partial tour alternates colours itself); their power is
//! in the parts a cut square separates, in the square that must be last, and in the moves
//! forced on the squares that cannot be last.
//!
//! Rule 3 works on the graph's edges as bit masks over the piece's moves (`graph`); the cut
//! squares are found in one depth-first search from `h` (Hopcroft and Tarjan's low points,
//! with an explicit stack), which also adds up each subtree's squares, their colours and
//! whether it holds the end (`cuts`). Their memory ([`Search::position_memory_needed`]) is
//! asked for, not assumed, and kept from one position to the next by a search that proves
//! at every node; the position layer looks at the deadline between the passes and every
//! million squares.

use std::time::Instant;

mod cuts;
mod graph;
#[cfg(test)]
mod tests;

use self::cuts::Walk;
use self::graph::Graph;
use super::pruning::{Passage, one_last_square};
use super::setup::{SetupError, check_clock};
use super::state::{BLOCKED, DEGREE, NEAR_START};
use super::{CapacityError, DeadPosition, Search};
use crate::board::Board;

/// The most moves of a piece whose positions are proved: the graph's masks hold eight.
const PROVED_MOVES: usize = 8;

/// What the proofs know of the position, computed once.
struct Proof {
    head: usize,
    /// Whether the piece changes colour at every move.
    colours: bool,
    /// The colour of `h`.
    head_colour: u8,
    /// The anchor's cell, when the path must end next to one.
    anchor: Option<usize>,
    /// The square with one way in, which must be the path's last.
    last: Option<usize>,
    /// Vertices of `H*`: `h`, the squares left (the end asked for aside) and `t`.
    total: u32,
}

/// The proofs' memory: the graph and the depth-first search's, kept from one position to
/// the next by a search that proves at every node.
#[derive(Debug, Clone)]
pub(super) struct Scratch {
    graph: Graph,
    walk: Walk,
}

impl Scratch {
    /// The memory for the proofs of `search`'s positions; `None` if it cannot be had.
    pub(super) fn new(search: &Search) -> Option<Box<Self>> {
        Some(Box::new(Self {
            graph: Graph::new(search)?,
            walk: Walk::new(search)?,
        }))
    }
}

/// The proofs' memory a search holds; a copy of the search starts without it, and asks for
/// it again if it proves.
#[derive(Debug, Default)]
pub(super) struct ScratchCell(Option<Box<Scratch>>);

impl Clone for ScratchCell {
    fn clone(&self) -> Self {
        Self(None)
    }
}

impl Search {
    /// Bytes [`Search::prove_position`] takes beyond the search's own: the graph's masks and
    /// a discovery time a padded cell, a stack entry and a work list entry a square.
    pub fn position_memory_needed(board: Board, config: &super::SearchConfig) -> u64 {
        let (width, height) = super::setup::padded_size(board, config.piece);
        let padded = width as u64 * height as u64;
        Graph::memory_needed(padded, board.area()) + Walk::memory_needed(padded, board.area())
    }

    /// Runs the position's proofs (see the module doc) on the position the search starts
    /// from, unless a rule of the setup has already ruled it out; a proof found rules out
    /// every tour, as [`Search::dead_position`] then says, and the search is exhausted at
    /// once. Call it before the first step.
    ///
    /// Fails if the proofs' memory cannot be had, or if `deadline` passes.
    pub fn prove_position(
        &mut self,
        deadline: Option<Instant>,
    ) -> Result<Option<DeadPosition>, SetupError> {
        assert_eq!(self.path.len(), self.lead + 1, "before the first step");
        if self.dead.is_none() {
            let mut scratch = Scratch::new(self).ok_or_else(|| self.proofs_too_large())?;
            if let Some(dead) = self.find_proof(&mut scratch, deadline)? {
                self.dead = Some(dead);
                *self.frames.last_mut().expect("the head's frame") = Default::default();
            }
        }
        Ok(self.dead)
    }

    /// Whether the proofs rule out the position the search stands on (a proof found inside
    /// the search, where it prunes): out of line and cold, so that the searches that do not
    /// prove branch past it. A search whose proofs' memory cannot be had stops proving.
    #[cold]
    #[inline(never)]
    pub(in crate::search) fn position_refuted(&mut self) -> bool {
        let mut scratch = match self.scratch.0.take() {
            Some(scratch) => scratch,
            None => match Scratch::new(self) {
                Some(scratch) => scratch,
                None => {
                    self.rules = self.rules.without_proving();
                    return false;
                }
            },
        };
        let refuted = matches!(self.find_proof(&mut scratch, None), Ok(Some(_)));
        self.scratch.0 = Some(scratch);
        refuted
    }

    fn find_proof(
        &self,
        scratch: &mut Scratch,
        deadline: Option<Instant>,
    ) -> Result<Option<DeadPosition>, SetupError> {
        // The graph's masks hold eight moves: a piece of more (several leaps) is searched
        // without these proofs, which only prune.
        if self.move_count > PROVED_MOVES {
            return Ok(None);
        }
        let Some(mut proof) = self.proof_facts() else {
            return Ok(None);
        };
        if let Some(dead) = self.ways_in(&mut proof, deadline)? {
            return Ok(Some(dead));
        }
        let head = proof.head;
        if (0..self.move_count).all(|k| self.cells[self.neighbour(head, k)] & BLOCKED != 0) {
            return Ok(Some(DeadPosition::NoMove(self.square_of(head))));
        }
        let Scratch { graph, walk } = scratch;
        graph
            .build(self, &proof, deadline)
            .map_err(SetupError::Stopped)?;
        if let Some(dead) = graph
            .force(self, &proof, deadline)
            .map_err(SetupError::Stopped)?
        {
            return Ok(Some(dead));
        }
        // The forced moves may have found the last square: the cut squares' far part holds it.
        proof.last = proof.last.or(graph.last.filter(|_| proof.anchor.is_none()));
        check_clock(deadline).map_err(SetupError::Stopped)?;
        self.cut_squares(&proof, graph, walk, deadline)
    }

    /// The error of proofs whose memory cannot be had.
    fn proofs_too_large(&self) -> CapacityError {
        CapacityError {
            board: self.board,
            bytes: Self::position_memory_needed(self.board, &self.config),
        }
    }

    /// What the proofs start from; `None` when no square is left to visit.
    fn proof_facts(&self) -> Option<Proof> {
        let head = *self.path.last().expect("a path") as usize;
        let open = self.area - self.path.len() as u32;
        if open == 0 {
            return None;
        }
        let anchor = self
            .anchored
            .then(|| self.end.map_or(self.path[0] as usize, |end| end as usize));
        Some(Proof {
            head,
            colours: self.config.piece.changes_colour(),
            head_colour: self.colour(head),
            anchor,
            last: None,
            total: 1 + open + u32::from(anchor.is_some()),
        })
    }

    /// The colour of a padded cell (`(row + column) mod 2`; the border does not change it).
    fn colour(&self, cell: usize) -> u8 {
        let (row, col) = self.row_col(cell);
        ((row + col) & 1) as u8
    }

    /// Rules 1 and 2: the ways into each square left, the square that must be last, and the
    /// colour count.
    fn ways_in(
        &self,
        proof: &mut Proof,
        deadline: Option<Instant>,
    ) -> Result<Option<DeadPosition>, SetupError> {
        let head = proof.head;
        let near_head = |cell: usize| (0..self.move_count).any(|k| self.neighbour(head, k) == cell);
        let mut own = 0u64;
        let mut last_only = 0u32;
        let rows_per_look = self.rows_per_look();
        for (row, cells) in self.board_rows().enumerate() {
            if row.is_multiple_of(rows_per_look) {
                check_clock(deadline).map_err(SetupError::Stopped)?;
            }
            for (col, cell) in cells.enumerate() {
                let value = self.cells[cell];
                if value & BLOCKED != 0 {
                    continue;
                }
                own += u64::from(((row + col) & 1) as u8 == proof.head_colour);
                let degree = usize::from(value & DEGREE);
                // Two ways in are enough, so the head is looked for only beside fewer.
                if degree >= 2 {
                    continue;
                }
                let ways = degree + usize::from(near_head(cell));
                let square = self.square_of(cell);
                match Passage::of(ways) {
                    Passage::Through => {}
                    Passage::Dead => return Ok(Some(DeadPosition::Unreachable(square))),
                    Passage::LastOnly => {
                        if proof.anchor.is_some() && value & NEAR_START == 0 {
                            return Ok(Some(DeadPosition::LastElsewhere(square)));
                        }
                        last_only += 1;
                        if let Some(first) = proof.last
                            && !one_last_square(last_only)
                        {
                            let first = self.square_of(first);
                            return Ok(Some(DeadPosition::TwoLast(first, square)));
                        }
                        proof.last = Some(cell);
                    }
                }
            }
        }
        if !proof.colours {
            return Ok(None);
        }
        let open = u64::from(proof.total) - 1 - u64::from(proof.anchor.is_some());
        if let (Some(last), None) = (proof.last, proof.anchor) {
            // x_open has the colour of h iff open is even.
            if (self.colour(last) == proof.head_colour) != open.is_multiple_of(2) {
                let square = self.square_of(last);
                return Ok(Some(DeadPosition::LastColour { square, left: open }));
            }
        }
        // The end asked for is a square left too, the path's last.
        let left = open + u64::from(self.end.is_some());
        own += self.end.map_or(0, |end| {
            u64::from(self.colour(end as usize) == proof.head_colour)
        });
        let needed = left / 2;
        if own != needed {
            let head = self.square_of(head);
            return Ok(Some(DeadPosition::ColourCount {
                head,
                left,
                own,
                needed,
            }));
        }
        Ok(None)
    }
}
