//! Block tours: Hamiltonian cycles and paths of one small block, with edges the caller requires,
//! found by a small exhaustive search.
//!
//! The construction tiles a board with blocks of a few rows and columns. Each block carries a
//! *block tour*: a closed tour of the block, or a path from a given square, that contains the edges
//! the joins with its neighbours will swap (its *ports*). On strips a block tour may also hold
//! *bridges*: steps between two squares of its side that stand for the rest of the tour beyond
//! that side, so that one path with bridges describes several paths through the block; the
//! *parts* of a spec say which squares each of those paths must join. Block tours are found here,
//! by a depth-first search with an explicit stack (the engine search's Warnsdorff rank, the
//! required edges forced, and squares that can no longer be passed through pruned by the
//! engine search's rule), never copied from a table; each is checked square by square
//! ([`BlockTour::is_valid`]) before it is used, and found once per process ([`cached`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use super::meter::Meter;
use crate::board::{Board, Square};
use crate::search::{
    Limit, Passage, centre_distance, check_clock, one_last_square, warnsdorff_rank,
};

/// What kind of block tour to look for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A closed tour of the block.
    Cycle,
    /// A path over the whole block from `from`, ending at `to` when given.
    Path {
        /// The first square.
        from: Square,
        /// The last square, if it is prescribed.
        to: Option<Square>,
    },
}

/// A block tour to find: a block of `rows × cols`, the shape and the edges it must contain.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BlockTourSpec {
    /// Rows of the block.
    pub rows: u32,
    /// Columns of the block.
    pub cols: u32,
    /// Cycle or path.
    pub shape: Shape,
    /// Knight moves the block tour must use, in block coordinates.
    pub required: Vec<(Square, Square)>,
    /// Steps between squares that are not a knight move apart, which the block tour must use: each
    /// stands for a part of the tour outside the block, so a path with bridges is really
    /// several paths that the rest of the board connects.
    pub bridges: Vec<(Square, Square)>,
    /// When not empty, how the bridges must cut the block tour: the ends of each part, `None` for a
    /// free end (any order, either direction). Without it a block tour with bridges may pair its
    /// ports in any way.
    pub parts: Vec<(Square, Option<Square>)>,
}

/// A block tour that was found: the squares of the block in visit order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockTour {
    /// What was asked for.
    pub spec: BlockTourSpec,
    /// The squares in order (for a cycle, the last is a knight move from the first).
    pub order: Vec<Square>,
}

/// How a block tour search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockTourOutcome {
    /// A block tour.
    Found(BlockTour),
    /// The whole tree was searched: no such block tour exists.
    Exhausted,
    /// The node budget ran out first.
    GaveUp,
    /// The deadline passed first.
    Late,
}

impl BlockTour {
    /// Whether the block tour is a valid cycle or path of its block holding every required edge:
    /// checked again here so that no search bug can reach a board.
    pub fn is_valid(&self) -> bool {
        let spec = &self.spec;
        let n = spec.rows as usize * spec.cols as usize;
        let closed = spec.shape == Shape::Cycle;
        if self.order.len() != n {
            return false;
        }
        let id = |s: Square| s.row as usize * spec.cols as usize + s.col as usize;
        let mut place = vec![usize::MAX; n];
        for (i, &square) in self.order.iter().enumerate() {
            if square.row >= spec.rows || square.col >= spec.cols || place[id(square)] != usize::MAX
            {
                return false;
            }
            place[id(square)] = i;
        }
        let bridge = |a: Square, b: Square| {
            spec.bridges
                .iter()
                .any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
        };
        let steps = self.order.windows(2).map(|pair| (pair[0], pair[1]));
        let closing = closed.then(|| (self.order[n - 1], self.order[0]));
        if !steps
            .chain(closing)
            .all(|(a, b)| a.is_knight_move_to(b) || bridge(a, b))
        {
            return false;
        }
        match spec.shape {
            Shape::Cycle => {}
            Shape::Path { from, to } => {
                if self.order[0] != from || to.is_some_and(|to| self.order[n - 1] != to) {
                    return false;
                }
            }
        }
        spec.required.iter().chain(&spec.bridges).all(|&(a, b)| {
            let gap = place[id(a)].abs_diff(place[id(b)]);
            gap == 1 || (closed && gap == n - 1)
        }) && parts_match(spec, &self.order)
    }
}

/// Whether the parts of `order` between bridges are the parts `spec` asks for.
fn parts_match(spec: &BlockTourSpec, order: &[Square]) -> bool {
    if spec.parts.is_empty() {
        return true;
    }
    let bridge = |a: Square, b: Square| {
        spec.bridges
            .iter()
            .any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
    };
    let mut parts = Vec::new();
    let mut first = order[0];
    for pair in order.windows(2) {
        if bridge(pair[0], pair[1]) {
            parts.push((first, Some(pair[0])));
            first = pair[1];
        }
    }
    let free = matches!(spec.shape, Shape::Path { to: None, .. });
    let last = *order.last().expect("a tour has squares");
    parts.push(if free {
        (first, None)
    } else {
        (first, Some(last))
    });
    let same = |(a, b): (Square, Option<Square>), (c, d): (Square, Option<Square>)| {
        (a, b) == (c, d) || (b == Some(c) && d == Some(a))
    };
    parts.len() == spec.parts.len()
        && spec
            .parts
            .iter()
            .all(|&wanted| parts.iter().any(|&part| same(part, wanted)))
}

/// Block tours searched so far, with the nodes each search took.
type BlockTourCache = Mutex<HashMap<BlockTourSpec, (Option<Arc<BlockTour>>, u64)>>;

/// The block tour for `spec`, searched once per process with `budget` and shared; `None` when the
/// search finds none within `budget` (or finds a block tour that fails the check, which would be a
/// bug). The nodes the search takes are charged to `meter`, found now or earlier, so that a
/// request costs the same every time; fails when the meter's budget or deadline runs out first
/// (nothing is kept then).
pub fn cached(
    spec: &BlockTourSpec,
    budget: u64,
    meter: &mut Meter,
) -> Result<Option<Arc<BlockTour>>, Limit> {
    static BLOCK_TOURS: OnceLock<BlockTourCache> = OnceLock::new();
    let tours = BLOCK_TOURS.get_or_init(Default::default);
    let known = tours.lock().expect("tour cache").get(spec).cloned();
    if let Some((found, nodes)) = known {
        meter.charge(nodes)?;
        return Ok(found);
    }
    let allowed = budget.min(meter.nodes_left());
    let (outcome, nodes) = find_block_tour_within(spec, allowed, meter.deadline());
    meter.charge(nodes)?;
    let found = match outcome {
        BlockTourOutcome::Found(tour) if tour.is_valid() => Some(Arc::new(tour)),
        BlockTourOutcome::Found(_) | BlockTourOutcome::Exhausted => None,
        // The meter's budget, not the block tour's, ran out: it is spent now.
        BlockTourOutcome::GaveUp if allowed < budget => return Err(Limit::Nodes),
        BlockTourOutcome::GaveUp => None,
        BlockTourOutcome::Late => return Err(Limit::Deadline),
    };
    tours
        .lock()
        .expect("tour cache")
        .insert(spec.clone(), (found.clone(), nodes));
    Ok(found)
}

/// Searches for a block tour, expanding at most `budget` nodes.
#[cfg(test)]
pub fn find_block_tour(spec: &BlockTourSpec, budget: u64) -> BlockTourOutcome {
    find_block_tour_within(spec, budget, None).0
}

/// Searches for a block tour, expanding at most `budget` nodes, until `deadline`; also returns the
/// nodes expanded.
pub fn find_block_tour_within(
    spec: &BlockTourSpec,
    budget: u64,
    deadline: Option<Instant>,
) -> (BlockTourOutcome, u64) {
    match BlockTourSearch::new(spec) {
        Some(mut search) => search.run(spec, budget, deadline),
        None => (BlockTourOutcome::Exhausted, 0),
    }
}

/// Nodes between two looks at the clock in a block tour search.
const CLOCK_INTERVAL: u64 = 1024;

const NONE: u16 = u16::MAX;

/// One square of the path with the candidates still to try from it.
#[derive(Debug, Clone, Copy)]
struct Frame {
    candidates: [u16; 12],
    len: u8,
    next: u8,
}

struct BlockTourSearch {
    n: usize,
    cycle: bool,
    start: u16,
    end: u16,
    neighbours: Vec<Vec<u16>>,
    adjacent: Vec<u64>,
    required: Vec<[u16; 2]>,
    /// Each square's distance from the centre ([`centre_distance`]).
    far: Vec<u64>,
    visited: Vec<bool>,
    degree: Vec<u8>,
    path: Vec<u16>,
    frames: Vec<Frame>,
    /// Cycle: the start's required partner that must come last (fixed by the first move).
    closing: u16,
}

/// The block being searched: its board and the square numbering (row by row).
#[derive(Debug, Clone, Copy)]
struct Block {
    board: Board,
    cols: usize,
}

impl Block {
    fn new(spec: &BlockTourSpec) -> Option<Self> {
        let board = Board::new(u64::from(spec.rows), u64::from(spec.cols)).ok()?;
        Some(Self {
            board,
            cols: spec.cols as usize,
        })
    }

    /// The number of `square`.
    fn id(&self, square: Square) -> u16 {
        (square.row as usize * self.cols + square.col as usize) as u16
    }

    /// Each square's neighbours: its knight moves in [`KNIGHT_MOVES`] order, then the squares
    /// the bridges join it to; `None` if a bridge is off the block or joins a square to itself.
    ///
    /// [`KNIGHT_MOVES`]: crate::board::KNIGHT_MOVES
    fn neighbours(&self, bridges: &[(Square, Square)]) -> Option<Vec<Vec<u16>>> {
        let mut neighbours: Vec<Vec<u16>> = self
            .board
            .squares()
            .map(|square| self.board.neighbours(square).map(|s| self.id(s)).collect())
            .collect();
        for &(a, b) in bridges {
            if !self.board.contains(a) || !self.board.contains(b) || a == b {
                return None;
            }
            neighbours[usize::from(self.id(a))].push(self.id(b));
            neighbours[usize::from(self.id(b))].push(self.id(a));
        }
        Some(neighbours)
    }

    /// The required partners of each square (at most two, [`NONE`] for none), from the
    /// required edges and the bridges; `None` if an edge is off the block, a required edge is
    /// not a knight move, or a square would need three partners.
    fn required(&self, spec: &BlockTourSpec) -> Option<Vec<[u16; 2]>> {
        let mut required = vec![[NONE; 2]; self.cols * spec.rows as usize];
        let edges = spec.required.iter().map(|&edge| (edge, false));
        let bridges = spec.bridges.iter().map(|&edge| (edge, true));
        for ((a, b), bridge) in edges.chain(bridges) {
            let board = self.board;
            if !board.contains(a) || !board.contains(b) || (!bridge && !a.is_knight_move_to(b)) {
                return None;
            }
            for (x, y) in [(self.id(a), self.id(b)), (self.id(b), self.id(a))] {
                let slot = &mut required[usize::from(x)];
                if slot.contains(&y) {
                    continue;
                }
                let free = slot.iter().position(|&v| v == NONE)?;
                slot[free] = y;
            }
        }
        Some(required)
    }

    /// Each square's distance from the centre, as the engine search ranks it.
    fn centre_distances(&self) -> Vec<u64> {
        self.board
            .squares()
            .map(|s| centre_distance(i64::from(s.row), i64::from(s.col), self.board))
            .collect()
    }

    /// Whether the block tour is a cycle, its first square and its prescribed last square
    /// ([`NONE`] if free); `None` if a path's ends are off the block or the same square.
    fn ends(&self, spec: &BlockTourSpec) -> Option<(bool, u16, u16)> {
        match spec.shape {
            Shape::Cycle => {
                // Begin on a square with a required edge (or the corner) and take it first.
                let start = spec.required.first().map_or(0, |&(a, _)| self.id(a));
                Some((true, start, NONE))
            }
            Shape::Path { from, to } => {
                let board = self.board;
                if !board.contains(from) || to.is_some_and(|t| !board.contains(t) || t == from) {
                    return None;
                }
                Some((false, self.id(from), to.map_or(NONE, |t| self.id(t))))
            }
        }
    }
}

/// Bit sets of the neighbours of each of the `neighbours.len()` squares, one row of words a
/// square.
fn adjacency(neighbours: &[Vec<u16>]) -> Vec<u64> {
    let n = neighbours.len();
    let words = n.div_ceil(64);
    let mut adjacent = vec![0u64; n * words];
    for (a, list) in neighbours.iter().enumerate() {
        for &b in list {
            adjacent[a * words + b as usize / 64] |= 1 << (b % 64);
        }
    }
    adjacent
}

impl BlockTourSearch {
    /// The search state, or `None` when the requirements are contradictory on their face.
    fn new(spec: &BlockTourSpec) -> Option<Self> {
        let block = Block::new(spec)?;
        let neighbours = block.neighbours(&spec.bridges)?;
        let required = block.required(spec)?;
        let (cycle, start, end) = block.ends(spec)?;
        let n = neighbours.len();
        let degree = neighbours.iter().map(|list| list.len() as u8).collect();
        Some(Self {
            n,
            cycle,
            start,
            end,
            adjacent: adjacency(&neighbours),
            neighbours,
            required,
            far: block.centre_distances(),
            visited: vec![false; n],
            degree,
            path: Vec::with_capacity(n),
            frames: Vec::with_capacity(n),
            closing: NONE,
        })
    }

    fn adjacent(&self, a: u16, b: u16) -> bool {
        let words = self.n.div_ceil(64);
        self.adjacent[a as usize * words + b as usize / 64] & (1 << (b % 64)) != 0
    }

    fn visit(&mut self, v: u16) {
        self.visited[v as usize] = true;
        self.path.push(v);
        for i in 0..self.neighbours[v as usize].len() {
            let w = self.neighbours[v as usize][i];
            self.degree[w as usize] -= 1;
        }
    }

    fn unvisit(&mut self) {
        let v = self.path.pop().expect("a square to take back");
        self.visited[v as usize] = false;
        for i in 0..self.neighbours[v as usize].len() {
            let w = self.neighbours[v as usize][i];
            self.degree[w as usize] += 1;
        }
        if self.path.len() == 1 {
            self.closing = NONE;
        }
    }

    /// Required partners of `v` other than `except`.
    fn others(&self, v: u16, except: u16) -> impl Iterator<Item = u16> + '_ {
        self.required[v as usize]
            .into_iter()
            .filter(move |&x| x != NONE && x != except)
    }

    /// Whether the head may move to `u` now.
    fn can_move(&self, u: u16) -> bool {
        let len = self.path.len();
        let head = self.path[len - 1];
        let pred = if len >= 2 { self.path[len - 2] } else { NONE };
        let last = len + 1 == self.n;
        if self.visited[u as usize] {
            return false;
        }
        // The head's required edges must be its two path edges (the start of a cycle keeps
        // one for the closing move).
        let left: Vec<u16> = self.others(head, pred).filter(|&x| x != u).collect();
        let allowed = usize::from(self.cycle && len == 1);
        if left.len() > allowed {
            return false;
        }
        // The new square's required edges: one may wait for its next move.
        let mut pending = 0;
        for q in self.others(u, head) {
            pending += 1;
            let closes = self.cycle && q == self.start && last;
            if (self.visited[q as usize] || last) && !closes {
                return false;
            }
        }
        if pending > 1 {
            return false;
        }
        if !last && (u == self.end || u == self.closing) {
            return false;
        }
        if last {
            if self.end != NONE && u != self.end {
                return false;
            }
            if self.cycle
                && (!self.adjacent(u, self.start) || (self.closing != NONE && u != self.closing))
            {
                return false;
            }
        }
        true
    }

    /// Whether the unvisited squares can still all be passed through, after a move from
    /// `from` to the head.
    fn still_possible(&self, from: u16) -> bool {
        let head = *self.path.last().expect("a head");
        let remaining = self.n - self.path.len();
        if remaining == 0 {
            return true;
        }
        if self.cycle && self.degree[self.start as usize] == 0 {
            return false;
        }
        let avail = |v: u16| {
            usize::from(self.degree[v as usize])
                + usize::from(self.adjacent(v, head))
                + usize::from(self.cycle && self.adjacent(v, self.start))
        };
        if self.cycle || self.end != NONE {
            for &v in &self.neighbours[from as usize] {
                if self.visited[v as usize] {
                    continue;
                }
                let last = !self.cycle && v == self.end;
                if !Passage::of(avail(v)).allows(last) {
                    return false;
                }
            }
            self.end == NONE || Passage::of(avail(self.end)).allows(true)
        } else {
            let mut ends = 0;
            for v in 0..self.n as u16 {
                if self.visited[v as usize] {
                    continue;
                }
                match Passage::of(avail(v)) {
                    Passage::Dead => return false,
                    Passage::LastOnly => ends += 1,
                    Passage::Through => {}
                }
            }
            one_last_square(ends)
        }
    }

    fn frame(&self) -> Frame {
        let len = self.path.len();
        let head = self.path[len - 1];
        let pred = if len >= 2 { self.path[len - 2] } else { NONE };
        let mut frame = Frame {
            candidates: [0; 12],
            len: 0,
            next: 0,
        };
        if len == self.n {
            return frame;
        }
        let forced: Vec<u16> = self
            .others(head, pred)
            .filter(|&x| !self.visited[x as usize])
            .collect();
        let mut list: Vec<u16> = if forced.len() == 1 && !(self.cycle && len == 1) {
            forced
        } else {
            self.neighbours[head as usize].clone()
        };
        list.retain(|&u| self.can_move(u));
        // The engine search's Warnsdorff rank (fewest onward moves, then farthest from the
        // centre). The engine breaks the last ties by move number, which a bridge does not
        // have: here the lower square number wins.
        list.sort_by_key(|&u| {
            let (degree, far) = (self.degree[usize::from(u)], self.far[usize::from(u)]);
            (warnsdorff_rank(degree, far, false), u)
        });
        for (i, &u) in list.iter().enumerate() {
            frame.candidates[i] = u;
        }
        frame.len = list.len() as u8;
        frame
    }

    fn run(
        &mut self,
        spec: &BlockTourSpec,
        budget: u64,
        deadline: Option<Instant>,
    ) -> (BlockTourOutcome, u64) {
        let cols = spec.cols as usize;
        self.visit(self.start);
        self.frames.push(self.frame());
        let mut nodes = 1u64;
        loop {
            if self.path.len() == self.n {
                let order: Vec<Square> = self
                    .path
                    .iter()
                    .map(|&v| Square::new((v as usize / cols) as u32, (v as usize % cols) as u32))
                    .collect();
                if parts_match(spec, &order) {
                    let tour = BlockTour {
                        spec: spec.clone(),
                        order,
                    };
                    debug_assert!(tour.is_valid(), "tour search produced {tour:?}");
                    return (BlockTourOutcome::Found(tour), nodes);
                }
                // Parts paired the wrong way: search on.
            }
            let top = self.frames.last_mut().expect("a frame");
            if top.next < top.len {
                let u = top.candidates[usize::from(top.next)];
                top.next += 1;
                if nodes >= budget {
                    return (BlockTourOutcome::GaveUp, nodes);
                }
                nodes += 1;
                if nodes.is_multiple_of(CLOCK_INTERVAL) && check_clock(deadline).is_err() {
                    return (BlockTourOutcome::Late, nodes);
                }
                let from = *self.path.last().expect("a head");
                if self.cycle && self.path.len() == 1 {
                    let left: Vec<u16> = self.others(from, NONE).filter(|&x| x != u).collect();
                    self.closing = left.first().copied().unwrap_or(NONE);
                }
                self.visit(u);
                if self.still_possible(from) {
                    let frame = self.frame();
                    self.frames.push(frame);
                } else {
                    self.unvisit();
                }
            } else {
                self.frames.pop();
                if self.frames.is_empty() {
                    return (BlockTourOutcome::Exhausted, nodes);
                }
                self.unvisit();
            }
        }
    }
}
