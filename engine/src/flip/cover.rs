//! Covers: a spanning subgraph of the piece's graph in which every square has two moves, but
//! the path's first square and its last have one (or none of that, for a closed tour: every
//! square two). A tour is such a cover (one path, no cycles), so a board without one has no
//! tour: that is the flip's proof. A cover is found as a maximum flow (Dinic's algorithm,
//! "Algorithm for solution of a problem of maximum flow in networks with power estimation",
//! 1970): every move changes colour, so the graph is bipartite, and a cover is a flow from the
//! source through the squares of one colour, one unit a move, to the squares of the other and
//! the sink, each square passing as many units as it needs moves (its *want*). The last square
//! of an open path is not known beforehand: any square of the colour it must have (next to
//! the end asked for, if one is) may give up one of its units, through a square of the network
//! of its own. On large boards the flow starts from zigzags of the piece (`seed`), and it
//! looks at the clock as it goes.

use std::time::Instant;

use super::graph::{Graph, NONE, NoMemory, filled};
use super::seed::Tiling;

/// What a cover must give each square, and where its path may end.
#[derive(Debug, Clone, Copy)]
pub(super) struct Wants {
    /// The path's first square: one move (an open path), or two (a closed tour).
    pub(super) head: u32,
    /// Whether the path is closed.
    pub(super) closed: bool,
    /// For an open path, the colour its last square has.
    pub(super) end_colour: u8,
    /// For an open path that must end next to a square (the end asked for), that square.
    pub(super) next_to: Option<u32>,
}

/// Why no cover exists: the units a maximum flow moves, fewer than the squares need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shortfall {
    /// Ends of moves the squares need (twice the moves of a cover).
    pub(crate) needed: u64,
    /// Ends of moves a maximum flow gives them.
    pub(crate) met: u64,
}

/// Why no cover was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Uncovered {
    /// None exists: the proof.
    Short(Shortfall),
    /// The deadline passed first.
    Stopped,
}

/// The deadline passed before the flow was done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Stopped;

impl From<Stopped> for Uncovered {
    fn from(_: Stopped) -> Self {
        Uncovered::Stopped
    }
}

/// How many squares a breadth-first search takes between two looks at the clock.
const CLOCK_INTERVAL: usize = 1 << 16;

/// Whether `deadline` has passed.
fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|deadline| Instant::now() >= deadline)
}

/// The flow network of covers, kept between covers (each a fresh flow in another order).
#[derive(Debug)]
pub(super) struct Network {
    /// Each node's first arc (the squares, then the source, the sink and the spare square),
    /// and for each arc its head, its capacity left and the node's next arc. An arc's reverse
    /// is the arc with the last bit flipped; the even arcs are the forward ones.
    pub(super) first: Vec<u32>,
    pub(super) to: Vec<u32>,
    pub(super) capacity: Vec<u8>,
    pub(super) next: Vec<u32>,
    pub(super) level: Vec<u32>,
    pub(super) current: Vec<u32>,
    pub(super) queue: Vec<u32>,
    pub(super) stack: Vec<u32>,
    /// Scratch space for the strong components of what a flow leaves ([`super::scope`]).
    pub(super) low: Vec<u32>,
    pub(super) component: Vec<u32>,
}

/// Bytes a network over `area` squares holds, at most eight moves a square.
pub(super) fn memory_needed(area: u64) -> u64 {
    // Arcs: a move each way counted once from the first colour, and three to and from the
    // source, the sink and the end's square; each with its reverse, nine bytes an arc.
    let arcs = 2 * (4 + 3) * area;
    arcs * 9 + area * 28
}

impl Network {
    /// A network for `graph`, its memory reserved.
    pub(super) fn new(graph: &Graph) -> Result<Self, NoMemory> {
        let nodes = graph.area() + 3;
        let arcs = 2 * (4 + 3) * graph.area() + 16;
        let mut network = Self {
            first: filled(nodes, NONE)?,
            to: Vec::new(),
            capacity: Vec::new(),
            next: Vec::new(),
            level: filled(nodes, 0)?,
            current: filled(nodes, NONE)?,
            queue: filled(0, 0)?,
            stack: Vec::new(),
            low: filled(nodes, 0)?,
            component: filled(nodes, NONE)?,
        };
        for vector in [&mut network.to, &mut network.next] {
            vector.try_reserve_exact(arcs).map_err(|_| NoMemory)?;
        }
        network
            .capacity
            .try_reserve_exact(arcs)
            .map_err(|_| NoMemory)?;
        network
            .queue
            .try_reserve_exact(nodes)
            .map_err(|_| NoMemory)?;
        network
            .stack
            .try_reserve_exact(nodes)
            .map_err(|_| NoMemory)?;
        Ok(network)
    }

    fn arc(&mut self, from: u32, to: u32, capacity: u8) {
        for (from, to, capacity) in [(from, to, capacity), (to, from, 0)] {
            self.to.push(to);
            self.capacity.push(capacity);
            self.next.push(self.first[from as usize]);
            self.first[from as usize] = self.to.len() as u32 - 1;
        }
    }

    /// A cover of `graph` with `wants`, the squares taken in `order` (which, with `tiling`,
    /// decides which of the covers is found), into `chosen` (two slots a square, [`NONE`]
    /// when unused); or the shortfall that proves there is none, or the deadline. The flow
    /// starts from `tiling`'s zigzags, if one is given (see `seed`).
    pub(super) fn cover(
        &mut self,
        graph: &Graph,
        (wants, tiling): (Wants, Option<Tiling>),
        order: &[u32],
        chosen: &mut [[u32; 2]],
        deadline: Option<Instant>,
    ) -> Result<(), Uncovered> {
        let area = graph.area() as u32;
        let (source, sink, spare) = (area, area + 1, area + 2);
        self.first.fill(NONE);
        self.to.clear();
        self.capacity.clear();
        self.next.clear();
        let want = |square: u32| {
            if square == wants.head && !wants.closed {
                1
            } else {
                2
            }
        };
        let (mut supply, mut demand) = (0u64, 0u64);
        for &square in order {
            if graph.colour(square) == 0 {
                self.arc(source, square, want(square));
                supply += u64::from(want(square));
                for to in graph.neighbours(square) {
                    self.arc(square, to, 1);
                }
            } else {
                self.arc(square, sink, want(square));
                demand += u64::from(want(square));
            }
        }
        if !wants.closed {
            // The last square gives up one unit through the spare square of the network.
            let may_end = |square: u32| {
                square != wants.head
                    && graph.colour(square) == wants.end_colour
                    && wants.next_to.is_none_or(|end| graph.joined(end, square))
            };
            if wants.end_colour == 0 {
                self.arc(spare, sink, 1);
                demand += 1;
                for &square in order.iter().filter(|&&square| may_end(square)) {
                    self.arc(square, spare, 1);
                }
            } else {
                self.arc(source, spare, 1);
                supply += 1;
                for &square in order.iter().filter(|&&square| may_end(square)) {
                    self.arc(spare, square, 1);
                }
            }
        }
        let needed = 2 * supply.max(demand);
        let seeded = match tiling {
            Some(tiling) => self.seed(graph, tiling, (source, sink), deadline)?,
            None => 0,
        };
        let flow = seeded + self.max_flow(source, sink, deadline)?;
        if supply != demand || flow < supply {
            return Err(Uncovered::Short(Shortfall {
                needed,
                met: 2 * flow.min(demand),
            }));
        }
        for slots in chosen.iter_mut() {
            *slots = [NONE; 2];
        }
        for &square in order.iter().filter(|&&square| graph.colour(square) == 0) {
            let mut arc = self.first[square as usize];
            while arc != NONE {
                let to = self.to[arc as usize];
                // A used move: the forward arc (even) to a square, its capacity spent.
                if arc.is_multiple_of(2) && to < area && self.capacity[arc as usize] == 0 {
                    add(&mut chosen[square as usize], to);
                    add(&mut chosen[to as usize], square);
                }
                arc = self.next[arc as usize];
            }
        }
        Ok(())
    }

    /// Puts a unit on each move of `tiling`'s zigzags between a square of the first colour
    /// and one of the second that both still want one, from `source` through them to `sink`:
    /// the units laid. The network is [`Network::cover`]'s, before its flow.
    fn seed(
        &mut self,
        graph: &Graph,
        tiling: Tiling,
        (source, sink): (u32, u32),
        deadline: Option<Instant>,
    ) -> Result<u64, Stopped> {
        let (rows, cols) = (graph.rows() as i64, graph.cols() as i64);
        let mut laid = 0;
        for square in 0..graph.area() as u32 {
            if (square as usize).is_multiple_of(CLOCK_INTERVAL) && past(deadline) {
                return Err(Stopped);
            }
            if graph.is_out(square) || graph.colour(square) != 0 {
                continue;
            }
            let (row, col) = (i64::from(square) / cols, i64::from(square) % cols);
            // It runs from the square back to the source: its reverse carries the want.
            let Some(supply) = self.arc_between(square, source) else {
                continue;
            };
            for (dr, dc) in tiling.partners(row, col) {
                let (to_row, to_col) = (row + dr, col + dc);
                if !(0..rows).contains(&to_row) || !(0..cols).contains(&to_col) {
                    continue;
                }
                let to = (to_row * cols + to_col) as u32;
                let step = self.arc_between(square, to);
                let demand = self.arc_between(to, sink);
                let (Some(step), Some(demand)) = (step, demand) else {
                    continue;
                };
                let path = [supply ^ 1, step, demand];
                if path.iter().all(|&arc| self.capacity[arc as usize] > 0) {
                    for arc in path {
                        self.capacity[arc as usize] -= 1;
                        self.capacity[arc as usize ^ 1] += 1;
                    }
                    laid += 1;
                }
            }
        }
        Ok(laid)
    }

    /// The arc from `from` to `to`, if the network has one.
    fn arc_between(&self, from: u32, to: u32) -> Option<u32> {
        let mut arc = self.first[from as usize];
        while arc != NONE {
            if self.to[arc as usize] == to {
                return Some(arc);
            }
            arc = self.next[arc as usize];
        }
        None
    }

    /// The flow from `source` to `sink` made maximum, one unit an augmenting path: the
    /// units it adds.
    fn max_flow(
        &mut self,
        source: u32,
        sink: u32,
        deadline: Option<Instant>,
    ) -> Result<u64, Stopped> {
        let mut flow = 0u64;
        while self.levels(source, sink, deadline)? {
            self.current.copy_from_slice(&self.first);
            while self.augment(source, sink) {
                flow += 1;
                if flow.is_multiple_of(CLOCK_INTERVAL as u64) && past(deadline) {
                    return Err(Stopped);
                }
            }
        }
        Ok(flow)
    }

    /// Levels by breadth-first search from `source` over arcs with capacity left, up to the
    /// sink's (no shortest path goes further); whether the sink is reached.
    fn levels(
        &mut self,
        source: u32,
        sink: u32,
        deadline: Option<Instant>,
    ) -> Result<bool, Stopped> {
        self.level.fill(u32::MAX);
        self.queue.clear();
        self.level[source as usize] = 0;
        self.queue.push(source);
        let mut head = 0;
        while head < self.queue.len() && self.level[sink as usize] == u32::MAX {
            if head.is_multiple_of(CLOCK_INTERVAL) && past(deadline) {
                return Err(Stopped);
            }
            let node = self.queue[head];
            head += 1;
            let mut arc = self.first[node as usize];
            while arc != NONE {
                let to = self.to[arc as usize];
                if self.capacity[arc as usize] > 0 && self.level[to as usize] == u32::MAX {
                    self.level[to as usize] = self.level[node as usize] + 1;
                    self.queue.push(to);
                }
                arc = self.next[arc as usize];
            }
        }
        Ok(self.level[sink as usize] != u32::MAX)
    }

    /// One unit along a shortest path of the level graph, found depth first without recursion
    /// (a path may be as long as the board); whether there was one.
    fn augment(&mut self, source: u32, sink: u32) -> bool {
        self.stack.clear();
        let mut node = source;
        loop {
            if node == sink {
                for &arc in &self.stack {
                    self.capacity[arc as usize] -= 1;
                    self.capacity[arc as usize ^ 1] += 1;
                }
                return true;
            }
            let mut advanced = false;
            while self.current[node as usize] != NONE {
                let arc = self.current[node as usize];
                let to = self.to[arc as usize];
                if self.capacity[arc as usize] > 0
                    && self.level[to as usize] == self.level[node as usize].wrapping_add(1)
                {
                    self.stack.push(arc);
                    node = to;
                    advanced = true;
                    break;
                }
                self.current[node as usize] = self.next[arc as usize];
            }
            if advanced {
                continue;
            }
            // A dead end: no path through `node` this phase.
            self.level[node as usize] = u32::MAX;
            let Some(arc) = self.stack.pop() else {
                return false;
            };
            node = self.to[arc as usize ^ 1];
            self.current[node as usize] = self.next[arc as usize];
        }
    }
}

/// Puts `square` in the first free slot of `slots`.
fn add(slots: &mut [u32; 2], square: u32) {
    let slot = if slots[0] == NONE { 0 } else { 1 };
    slots[slot] = square;
}
