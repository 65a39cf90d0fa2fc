//! The state of a search over moves: each move of the piece between two squares still to
//! visit is *in* the tour, *out* of it, or not decided, and the squares' needs and the path
//! fragments the moves in make are kept up to date, with a trail to take decisions back.
//!
//! The tour is asked as a Hamiltonian cycle (see the parent module): every vertex needs two
//! moves in. The rules, applied until none applies ([`Decisions::settle`]):
//! - a vertex with two moves in has every other move out;
//! - a vertex with as many moves in or undecided as it needs has them all in;
//! - a vertex with more than two moves in, or fewer than two in or undecided, is a
//!   contradiction;
//! - the moves in make paths (fragments); a move that would close a fragment into a cycle is
//!   out, unless the cycle would hold every vertex (the tour).
//!
//! Each rule only draws what every tour with the decisions taken so far must satisfy, so a
//! contradiction proves that no tour makes those decisions.

use crate::flip::NoMemory;

/// A vertex number that stands for none.
pub(super) const NONE: u32 = u32::MAX;

/// What is known of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mark {
    Undecided,
    In,
    Out,
}

/// Decisions contradict each other: no tour makes them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Contradiction;

/// One decision on the trail, with what it changed.
#[derive(Debug, Clone, Copy)]
struct Undo {
    edge: u32,
    /// For a move in: the two fragment ends it joined, their partners and their sizes before.
    ends: [u32; 2],
    partners: [u32; 2],
    sizes: [u32; 2],
}

/// The moves, what is known of each, and the fragments; see the module doc.
#[derive(Debug)]
pub(super) struct Decisions {
    /// The two vertices of each move.
    edges: Vec<[u32; 2]>,
    /// Each vertex's moves: `incident[first[v]..first[v + 1]]`.
    first: Vec<u32>,
    incident: Vec<u32>,
    marks: Vec<Mark>,
    /// Moves in, and moves undecided, at each vertex.
    inside: Vec<u8>,
    open: Vec<u32>,
    /// For the end of a fragment, its other end (itself, for a vertex with no move in); for
    /// the end's fragment, its vertices.
    partner: Vec<u32>,
    size: Vec<u32>,
    /// Whether a vertex is one (not a square left out).
    present: Vec<bool>,
    /// Vertices present.
    pub(super) vertices: u32,
    trail: Vec<Undo>,
    queue: Vec<u32>,
    /// Whether the moves in close the tour.
    pub(super) closed_up: bool,
    /// Decisions taken and squares looked at: the search's nodes.
    pub(super) nodes: u64,
}

/// A vector of `len` copies of `value`, reserved fallibly.
pub(super) fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, NoMemory> {
    let mut vector = Vec::new();
    vector.try_reserve_exact(len).map_err(|_| NoMemory)?;
    vector.resize(len, value);
    Ok(vector)
}

impl Decisions {
    /// Bytes the decisions over `vertices` vertices and `edges` moves hold.
    pub(super) fn memory_needed(vertices: u64, edges: u64) -> u64 {
        vertices * (4 + 1 + 4 + 4 + 4 + 1 + 4) + edges * (8 + 1 + 8 + 28)
    }

    /// Decisions over `slots` vertex numbers, of which those `present`, joined by `edges`; every
    /// move undecided.
    pub(super) fn new(present: Vec<bool>, edges: Vec<[u32; 2]>) -> Result<Self, NoMemory> {
        let slots = present.len();
        let mut first = filled(slots + 1, 0u32)?;
        for &[u, v] in &edges {
            first[u as usize + 1] += 1;
            first[v as usize + 1] += 1;
        }
        for v in 0..slots {
            first[v + 1] += first[v];
        }
        let mut incident = filled(2 * edges.len(), 0u32)?;
        let mut fill = first.clone();
        for (e, &[u, v]) in edges.iter().enumerate() {
            for w in [u, v] {
                incident[fill[w as usize] as usize] = e as u32;
                fill[w as usize] += 1;
            }
        }
        let open = (0..slots).map(|v| first[v + 1] - first[v]);
        let mut open_counts = filled(0, 0u32)?;
        open_counts.try_reserve_exact(slots).map_err(|_| NoMemory)?;
        open_counts.extend(open);
        let mut partner = filled(0, 0u32)?;
        partner.try_reserve_exact(slots).map_err(|_| NoMemory)?;
        partner.extend(0..slots as u32);
        let mut trail = Vec::new();
        trail.try_reserve_exact(edges.len()).map_err(|_| NoMemory)?;
        let vertices = present.iter().filter(|&&present| present).count() as u32;
        Ok(Self {
            marks: filled(edges.len(), Mark::Undecided)?,
            inside: filled(slots, 0u8)?,
            open: open_counts,
            partner,
            size: filled(slots, 1u32)?,
            queue: filled(0, 0u32)?,
            present,
            vertices,
            edges,
            first,
            incident,
            trail,
            closed_up: false,
            nodes: 0,
        })
    }

    /// The moves of `vertex`.
    pub(super) fn moves(&self, vertex: u32) -> &[u32] {
        let v = vertex as usize;
        &self.incident[self.first[v] as usize..self.first[v + 1] as usize]
    }

    /// The vertex at the other end of move `edge` from `vertex`.
    pub(super) fn other(&self, edge: u32, vertex: u32) -> u32 {
        let [u, v] = self.edges[edge as usize];
        if u == vertex { v } else { u }
    }

    /// The length of the trail, to take decisions back to.
    pub(super) fn mark_trail(&self) -> usize {
        self.trail.len()
    }

    /// Decides `edge` (in or out) and every decision that follows by the rules.
    pub(super) fn decide(&mut self, edge: u32, mark: Mark) -> Result<(), Contradiction> {
        self.queue.clear();
        self.set(edge, mark)?;
        self.settle()
    }

    /// Looks at every present vertex and applies the rules until none applies.
    pub(super) fn settle_all(&mut self) -> Result<(), Contradiction> {
        self.queue.clear();
        for v in 0..self.present.len() as u32 {
            if self.present[v as usize] {
                self.queue.push(v);
            }
        }
        self.settle()
    }

    fn settle(&mut self) -> Result<(), Contradiction> {
        while let Some(v) = self.queue.pop() {
            let (inside, open) = (self.inside[v as usize], self.open[v as usize]);
            if inside > 2 || u32::from(inside) + open < 2 {
                return Err(Contradiction);
            }
            if open == 0 {
                continue;
            }
            let mark = if inside == 2 {
                Mark::Out
            } else if u32::from(inside) + open == 2 {
                Mark::In
            } else {
                continue;
            };
            for k in self.first[v as usize]..self.first[v as usize + 1] {
                let edge = self.incident[k as usize];
                if self.marks[edge as usize] == Mark::Undecided {
                    self.set(edge, mark)?;
                }
            }
        }
        Ok(())
    }

    /// Marks `edge`, keeps the counts and fragments, and queues its vertices.
    fn set(&mut self, edge: u32, mark: Mark) -> Result<(), Contradiction> {
        match self.marks[edge as usize] {
            Mark::Undecided => {}
            already if already == mark => return Ok(()),
            _ => return Err(Contradiction),
        }
        self.nodes += 1;
        let [u, v] = self.edges[edge as usize];
        let mut undo = Undo {
            edge,
            ends: [NONE; 2],
            partners: [NONE; 2],
            sizes: [0; 2],
        };
        if mark == Mark::In {
            if self.inside[u as usize] >= 2 || self.inside[v as usize] >= 2 {
                return Err(Contradiction);
            }
            let (pu, pv) = (self.partner[u as usize], self.partner[v as usize]);
            if pu == v {
                // The fragment closes: only the tour may.
                if self.size[u as usize] != self.vertices {
                    return Err(Contradiction);
                }
                self.closed_up = true;
            } else {
                undo.ends = [pu, pv];
                undo.partners = [self.partner[pu as usize], self.partner[pv as usize]];
                undo.sizes = [self.size[pu as usize], self.size[pv as usize]];
                let size = self.size[pu as usize] + self.size[pv as usize];
                self.partner[pu as usize] = pv;
                self.partner[pv as usize] = pu;
                self.size[pu as usize] = size;
                self.size[pv as usize] = size;
            }
            self.inside[u as usize] += 1;
            self.inside[v as usize] += 1;
        }
        self.marks[edge as usize] = mark;
        self.open[u as usize] -= 1;
        self.open[v as usize] -= 1;
        self.trail.push(undo);
        self.queue.push(u);
        self.queue.push(v);
        if mark == Mark::In && undo.ends[0] != NONE {
            let [pu, pv] = undo.ends;
            if self.size[pu as usize] < self.vertices {
                self.forbid_closing(pu, pv)?;
            }
        }
        Ok(())
    }

    /// Marks out the move between the fragment ends `a` and `b`, if there is one undecided:
    /// it would close the fragment short of the tour. Looks at the one with fewer moves.
    fn forbid_closing(&mut self, a: u32, b: u32) -> Result<(), Contradiction> {
        let (from, to) = if self.moves(a).len() <= self.moves(b).len() {
            (a, b)
        } else {
            (b, a)
        };
        for k in self.first[from as usize]..self.first[from as usize + 1] {
            let edge = self.incident[k as usize];
            if self.marks[edge as usize] == Mark::Undecided && self.other(edge, from) == to {
                return self.set(edge, Mark::Out);
            }
        }
        Ok(())
    }

    /// Takes back every decision after trail length `mark`.
    pub(super) fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let undo = self.trail.pop().expect("longer than the mark");
            let edge = undo.edge as usize;
            let [u, v] = self.edges[edge];
            if self.marks[edge] == Mark::In {
                self.inside[u as usize] -= 1;
                self.inside[v as usize] -= 1;
                if undo.ends[0] == NONE {
                    self.closed_up = false;
                } else {
                    for k in 0..2 {
                        self.partner[undo.ends[k] as usize] = undo.partners[k];
                        self.size[undo.ends[k] as usize] = undo.sizes[k];
                    }
                }
            }
            self.open[u as usize] += 1;
            self.open[v as usize] += 1;
            self.marks[edge] = Mark::Undecided;
        }
    }

    /// The move to decide next: one of the undecided moves of a fragment's end with the
    /// fewest undecided moves (else of any vertex with the fewest); `None` when every move is
    /// decided. Counts the vertices looked at as nodes.
    pub(super) fn choose(&mut self) -> Option<u32> {
        let mut best: Option<(bool, u32, u32)> = None;
        for v in 0..self.present.len() as u32 {
            let open = self.open[v as usize];
            if open == 0 || self.inside[v as usize] >= 2 {
                continue;
            }
            let key = (self.inside[v as usize] == 0, open, v);
            if best.is_none_or(|best| (key.0, key.1) < (best.0, best.1)) {
                best = Some(key);
            }
        }
        self.nodes += u64::from(self.vertices);
        let (_, _, v) = best?;
        self.moves(v)
            .iter()
            .copied()
            .find(|&edge| self.marks[edge as usize] == Mark::Undecided)
    }

    /// The vertex beside `vertex` along a move in, other than `before`.
    pub(super) fn next_in(&self, vertex: u32, before: u32) -> u32 {
        self.moves(vertex)
            .iter()
            .copied()
            .filter(|&edge| self.marks[edge as usize] == Mark::In)
            .map(|edge| self.other(edge, vertex))
            .find(|&next| next != before)
            .unwrap_or(NONE)
    }
}
