//! `H*` as the proofs see it: for each vertex, the edges a path may still use and those it
//! must use, as bit masks over the piece's moves (bit 8 the edge to `t`); and rule 3 of the
//! module doc, the moves forced on squares with two ways in left, which takes edges away
//! and so leaves a smaller graph for the cut squares.

use std::time::Instant;

use super::Proof;
use crate::search::DeadPosition;
use crate::search::Limit;
use crate::search::Search;
use crate::search::setup::{CELLS_PER_LOOK, check_clock};
use crate::search::state::{BLOCKED, NEAR_START};

/// The bit of the edge to `t` in a square's masks.
const TO_ANCHOR: u16 = 1 << 8;
/// The edges' bits.
const EDGES: u16 = (1 << 9) - 1;
/// A bit of a square's `ways`: the square is in rule 3's work list.
const QUEUED: u16 = 1 << 14;
/// A bit of a square's `ways`: with no anchor, the square has the colour of the path's last
/// square, for a piece that changes colour (every square, for one that does not).
const MAY_END: u16 = 1 << 15;

/// A vertex of `H*`: a padded cell, or `t`, one past the cells.
pub(super) type Vertex = usize;

/// The edges of `H*` still open to a path, and those it must take, with the memory rule 3
/// works in; kept from one position to the next.
#[derive(Debug, Clone)]
pub(super) struct Graph {
    /// For each padded cell: bit `k` when move `k` leads to a vertex of `H*` by an edge a
    /// path may use, [`TO_ANCHOR`] for the edge to `t`; [`MAY_END`] and [`QUEUED`].
    ways: Vec<u16>,
    /// For each padded cell: the edges every path must use.
    forced: Vec<u16>,
    /// `t`'s edges (bit `k` for the anchor's move `k`), and those it must use.
    anchor_ways: u16,
    anchor_forced: u16,
    /// `t`.
    pub(super) anchor_vertex: Vertex,
    /// The index of each move's opposite move.
    opposite: [u8; 8],
    /// The vertices rule 3 has yet to look at (each once at a time: [`QUEUED`]).
    work: Vec<Vertex>,
    /// Whether `t` is in `work`.
    anchor_queued: bool,
    /// The vertices on the forced paths walked, a bit each.
    walked: Vec<u64>,
    /// The path's last vertex, as rule 3 found it.
    pub(super) last: Option<Vertex>,
}

impl Graph {
    /// Bytes the graph takes for a search with `padded` cells and `area` squares.
    pub(super) fn memory_needed(padded: u64, area: u64) -> u64 {
        4 * padded + padded / 8 + 8 * (area + 2)
    }

    /// The memory for the graphs of `search`'s positions; `None` if it cannot be had.
    pub(super) fn new(search: &Search) -> Option<Self> {
        let cells = search.cells.len();
        fn zeroed<T: Copy + Default>(len: usize) -> Option<Vec<T>> {
            let mut vec = Vec::new();
            vec.try_reserve_exact(len).ok()?;
            vec.resize(len, T::default());
            Some(vec)
        }
        let mut work = Vec::new();
        work.try_reserve_exact(search.board.area() as usize + 2)
            .ok()?;
        let moves = search.move_count;
        let mut opposite = [0u8; 8];
        for (k, slot) in opposite.iter_mut().enumerate().take(moves) {
            let back = (0..moves).find(|&j| search.offsets[j] == -search.offsets[k]);
            *slot = back.expect("a leaper's moves come in opposite pairs") as u8;
        }
        Some(Self {
            ways: zeroed(cells)?,
            forced: zeroed(cells)?,
            anchor_ways: 0,
            anchor_forced: 0,
            anchor_vertex: cells,
            opposite,
            work,
            anchor_queued: false,
            walked: zeroed(cells / 64 + 1)?,
            last: None,
        })
    }

    /// Sets the graph to `H*` of the search's position: the squares left, the head and, with
    /// an anchor, `t`.
    pub(super) fn build(
        &mut self,
        search: &Search,
        proof: &Proof,
        deadline: Option<Instant>,
    ) -> Result<(), Limit> {
        self.ways.fill(0);
        self.forced.fill(0);
        self.walked.fill(0);
        self.work.clear();
        self.anchor_forced = 0;
        self.anchor_queued = false;
        self.last = None;
        let moves = search.move_count;
        let is_vertex = |cell: usize| search.cells[cell] & BLOCKED == 0 || cell == proof.head;
        // x_m, the last square without an anchor, has the colour of h iff m is even.
        let left = u64::from(proof.total) - 1;
        let last_colour = proof.head_colour ^ u8::from(left % 2 == 1);
        let rows_per_look = search.rows_per_look();
        for (row, cells) in search.board_rows().enumerate() {
            if row.is_multiple_of(rows_per_look) {
                check_clock(deadline)?;
            }
            for (col, cell) in cells.enumerate().filter(|&(_, cell)| is_vertex(cell)) {
                let mut mask = (0..moves).fold(0u16, |mask, k| {
                    mask | u16::from(is_vertex(search.neighbour(cell, k))) << k
                });
                let near = search.cells[cell] & NEAR_START != 0;
                if proof.anchor.is_some() && near && cell != proof.head {
                    mask |= TO_ANCHOR;
                }
                let colour_fits = !proof.colours || ((row + col) & 1) as u8 == last_colour;
                if proof.anchor.is_none() && cell != proof.head && colour_fits {
                    mask |= MAY_END;
                }
                self.ways[cell] = mask;
            }
        }
        self.anchor_ways = proof.anchor.map_or(0, |anchor| {
            (0..moves).fold(0u16, |mask, k| {
                mask | u16::from(search.cells[search.neighbour(anchor, k)] & BLOCKED == 0) << k
            })
        });
        Ok(())
    }

    /// Puts `vertex` in the work list, unless it is there.
    fn queue(&mut self, vertex: Vertex) {
        if vertex == self.anchor_vertex {
            if !self.anchor_queued {
                self.anchor_queued = true;
                self.work.push(vertex);
            }
        } else if self.ways[vertex] & QUEUED == 0 {
            self.ways[vertex] |= QUEUED;
            self.work.push(vertex);
        }
    }

    /// The next vertex of the work list.
    fn next_queued(&mut self) -> Option<Vertex> {
        let vertex = self.work.pop()?;
        if vertex == self.anchor_vertex {
            self.anchor_queued = false;
        } else {
            self.ways[vertex] &= !QUEUED;
        }
        Some(vertex)
    }

    /// The edges of `vertex` a path may use.
    pub(super) fn ways(&self, vertex: Vertex) -> u16 {
        if vertex == self.anchor_vertex {
            self.anchor_ways
        } else {
            self.ways[vertex] & EDGES
        }
    }

    fn forced(&self, vertex: Vertex) -> u16 {
        if vertex == self.anchor_vertex {
            self.anchor_forced
        } else {
            self.forced[vertex]
        }
    }

    /// The vertex at the end of edge `bit` of `vertex`.
    pub(super) fn across(
        &self,
        search: &Search,
        proof: &Proof,
        vertex: Vertex,
        bit: u32,
    ) -> Vertex {
        if vertex == self.anchor_vertex {
            search.neighbour(proof.anchor.expect("t stands for the anchor"), bit as usize)
        } else if bit == 8 {
            self.anchor_vertex
        } else {
            search.neighbour(vertex, bit as usize)
        }
    }

    /// The bit of the same edge seen from `other`, the vertex at the end of edge `bit` of
    /// `vertex`.
    fn back(&self, search: &Search, proof: &Proof, vertex: Vertex, bit: u32) -> u32 {
        if vertex == self.anchor_vertex {
            8
        } else if bit == 8 {
            let anchor = proof.anchor.expect("t stands for the anchor");
            (0..search.move_count)
                .find(|&k| search.neighbour(anchor, k) == vertex)
                .expect("t's edges lead to the anchor's neighbours") as u32
        } else {
            u32::from(self.opposite[bit as usize])
        }
    }

    /// Sets (or clears) edge `bit` of `vertex` in a mask of both of its ends.
    fn mark(
        &mut self,
        search: &Search,
        proof: &Proof,
        vertex: Vertex,
        bit: u32,
        forced: bool,
    ) -> Vertex {
        let other = self.across(search, proof, vertex, bit);
        let back = self.back(search, proof, vertex, bit);
        for (end, bit) in [(vertex, bit), (other, back)] {
            let mask = match (end == self.anchor_vertex, forced) {
                (true, true) => &mut self.anchor_forced,
                (true, false) => &mut self.anchor_ways,
                (false, true) => &mut self.forced[end],
                (false, false) => &mut self.ways[end],
            };
            if forced {
                *mask |= 1 << bit;
            } else {
                *mask &= !(1 << bit);
            }
        }
        other
    }

    /// The vertices of `H*`: the squares left and `h`, and `t` if there is an anchor.
    fn vertices<'a>(
        &self,
        search: &'a Search,
        proof: &'a Proof,
    ) -> impl Iterator<Item = Vertex> + 'a {
        let is_vertex = move |cell: usize| search.cells[cell] & BLOCKED == 0 || cell == proof.head;
        let anchor_vertex = self.anchor_vertex;
        search
            .board_rows()
            .flatten()
            .filter(move |&cell| is_vertex(cell))
            .chain(proof.anchor.map(move |_| anchor_vertex))
    }

    /// Rule 3: every vertex but `h` and the last has exactly two path edges, so one with two
    /// edges left uses both, and one whose path edges are all known loses the others, until
    /// nothing changes. A vertex asked for more edges than it takes, or left with fewer, is a
    /// proof, and so are forced edges that close a loop or join `h` to the last vertex before
    /// every vertex is on the path. The last vertex is `t` with an anchor, else the square with
    /// one way in; while it is unknown, a piece that changes colour still knows every square
    /// of the other colour than the last's to be passed through, and without colours nothing
    /// is forced.
    pub(super) fn force(
        &mut self,
        search: &Search,
        proof: &Proof,
        deadline: Option<Instant>,
    ) -> Result<Option<DeadPosition>, Limit> {
        let mut last = match (proof.anchor, proof.last) {
            (Some(_), _) => Some(self.anchor_vertex),
            (None, last) => last,
        };
        if last.is_none() && !proof.colours {
            return Ok(None);
        }
        for vertex in self.vertices(search, proof) {
            self.queue(vertex);
        }
        let anchor_vertex = self.anchor_vertex;
        let name = |vertex: Vertex| match (vertex == anchor_vertex, proof.anchor) {
            (true, Some(anchor)) => search.square_of(anchor),
            _ => search.square_of(vertex),
        };
        let mut looked = 0usize;
        while let Some(vertex) = self.next_queued() {
            looked += 1;
            if looked.is_multiple_of(CELLS_PER_LOOK) {
                check_clock(deadline)?;
            }
            let (ways, forced) = (self.ways(vertex), self.forced(vertex));
            let (ways_left, taken) = (ways.count_ones(), forced.count_ones());
            // The path edges the vertex takes: 1 or 2 while it may still be the last.
            let need = if vertex == proof.head || Some(vertex) == last {
                Some(1)
            } else if last.is_some() || self.ways[vertex] & MAY_END == 0 {
                Some(2)
            } else {
                None
            };
            if taken > need.unwrap_or(2) {
                return Ok(Some(DeadPosition::ForcedTooMany(name(vertex))));
            }
            if ways_left < need.unwrap_or(1) {
                return Ok(Some(DeadPosition::ForcedStranded(name(vertex))));
            }
            let (change, force) = match need {
                // One way left and the last not known: this is the last.
                None if ways_left == 1 => {
                    last = Some(vertex);
                    for vertex in self.vertices(search, proof) {
                        self.queue(vertex);
                    }
                    continue;
                }
                None if taken == 2 && ways != forced => (ways & !forced, false),
                Some(need) if taken == need && ways != forced => (ways & !forced, false),
                Some(need) if ways_left == need && forced != ways => (ways & !forced, true),
                _ => continue,
            };
            let mut bits = change;
            while bits != 0 {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                let other = self.mark(search, proof, vertex, bit, force);
                self.queue(other);
            }
            self.queue(vertex);
        }
        self.last = last;
        check_clock(deadline)?;
        Ok(self.forced_paths(search, proof, last))
    }

    /// The forced edges, once nothing more is forced: paths, none of them a loop, and the
    /// one from `h` not ending on `last` before it has every vertex.
    fn forced_paths(
        &mut self,
        search: &Search,
        proof: &Proof,
        last: Option<Vertex>,
    ) -> Option<DeadPosition> {
        let mut walked = std::mem::take(&mut self.walked);
        let found = self.forced_paths_in(search, proof, last, &mut walked);
        self.walked = walked;
        found
    }

    fn forced_paths_in(
        &self,
        search: &Search,
        proof: &Proof,
        last: Option<Vertex>,
        walked: &mut [u64],
    ) -> Option<DeadPosition> {
        let vertices = || self.vertices(search, proof);
        for vertex in vertices() {
            if self.forced(vertex).count_ones() != 1 {
                continue;
            }
            let (end, length) = self.walk(search, proof, vertex, walked);
            let joins = [vertex, end].contains(&proof.head)
                && last.is_some_and(|last| [vertex, end].contains(&last));
            if joins && length < proof.total {
                return Some(DeadPosition::ForcedShort(search.square_of(proof.head)));
            }
        }
        // Every vertex on a forced path has been walked: one with two forced edges that was
        // not is on a loop.
        let looped = vertices().find(|&vertex| {
            self.forced(vertex).count_ones() == 2 && walked[vertex / 64] & 1 << (vertex % 64) == 0
        })?;
        let square = match (looped == self.anchor_vertex, proof.anchor) {
            (true, Some(anchor)) => search.square_of(anchor),
            _ => search.square_of(looped),
        };
        Some(DeadPosition::ForcedLoop(square))
    }

    /// Walks the forced path from `from`, one of its ends, marking its vertices in `walked`;
    /// its other end and its number of vertices.
    fn walk(
        &self,
        search: &Search,
        proof: &Proof,
        from: Vertex,
        walked: &mut [u64],
    ) -> (Vertex, u32) {
        let (mut previous, mut at, mut length) = (usize::MAX, from, 1);
        loop {
            walked[at / 64] |= 1 << (at % 64);
            let mut bits = self.forced(at);
            let mut next = None;
            while bits != 0 {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                let other = self.across(search, proof, at, bit);
                if other != previous {
                    next = Some(other);
                }
            }
            match next {
                Some(other) if length == 1 || self.forced(at).count_ones() == 2 => {
                    (previous, at, length) = (at, other, length + 1);
                }
                _ => return (at, length),
            }
        }
    }
}
