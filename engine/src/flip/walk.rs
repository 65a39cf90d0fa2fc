//! One run of path flipping over a cover: the path from the head grows by taking in the
//! cover's cycles whole, and when its end is stuck it turns (Pósa's rotation) or takes a
//! cycle in through one of its own moves (a splice).
//!
//! The moves, on the path `v0 … vk` (the head `v0` never moves):
//! - *extend*: the end `vk` is a move from a square `w` of a cycle; the cycle is cut beside
//!   `w` and walked from `w`, so the path ends on the square that was beside it;
//! - *splice*: a move `vi vi+1` of the path and a move `x y` of a cycle with `vi` next to
//!   `x` and `vi+1` next to `y`: the cycle goes in between, `vi x … y vi+1`;
//! - *rotate*: the end `vk` is next to `vi` (`i < k - 1`): the path becomes
//!   `v0 … vi vk vk-1 … vi+1`, which ends on `vi+1`.
//!
//! Choices: an extension whose new end can extend again, and of those the one with the fewest
//! ways on (Warnsdorff's rule); a rotation whose new end can extend (or, once every square is
//! on the path, is next to the anchor), at random among those; now and then any rotation, at
//! random, so that no run goes round in circles.

use super::cover::Wants;
use super::graph::{Graph, NONE, NoMemory, filled};
use super::random::Random;

/// The path and the cycles it has not taken in yet.
#[derive(Debug)]
pub(super) struct Walk {
    /// The path, head first.
    pub(super) path: Vec<u32>,
    /// Each square's place on the path, or [`NONE`].
    place: Vec<u32>,
    /// The cover's moves of each square (the two beside it on its cycle).
    pub(super) cover: Vec<[u32; 2]>,
    /// Each square's cycle, while it is off the path.
    cycle: Vec<u32>,
    /// Scratch space for a splice.
    spliced: Vec<u32>,
}

/// What a step did, and the squares it laid or looked at (its nodes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    /// The path took in squares.
    Grew(u64),
    /// The path turned, or nothing could be done but look.
    Turned(u64),
    /// The end has no move at all to turn by: the run is over.
    Stuck,
}

impl Walk {
    /// Bytes a walk over `area` squares holds.
    pub(super) fn memory_needed(area: u64) -> u64 {
        area * (4 + 4 + 8 + 4 + 4)
    }

    /// A walk's memory, for `graph`.
    pub(super) fn new(graph: &Graph) -> Result<Self, NoMemory> {
        let area = graph.area();
        let mut path = Vec::new();
        path.try_reserve_exact(area).map_err(|_| NoMemory)?;
        let mut spliced = Vec::new();
        spliced.try_reserve_exact(area).map_err(|_| NoMemory)?;
        Ok(Self {
            path,
            place: filled(area, NONE)?,
            cover: filled(area, [NONE; 2])?,
            cycle: filled(area, NONE)?,
            spliced,
        })
    }

    /// Starts a run from the cover in `self.cover`: the path is the head's part of it (its
    /// cycle opened at the head, for a closed tour), the rest are cycles. Returns the nodes.
    pub(super) fn start(&mut self, graph: &Graph, wants: Wants) -> u64 {
        self.path.clear();
        self.place.fill(NONE);
        self.cycle.fill(NONE);
        let (mut before, mut square) = (NONE, wants.head);
        loop {
            self.lay(square);
            let next = self.beyond(square, before);
            if next == NONE || self.place[next as usize] != NONE {
                break;
            }
            (before, square) = (square, next);
        }
        let mut cycles = 0;
        for first in 0..graph.area() as u32 {
            if graph.is_out(first)
                || self.place[first as usize] != NONE
                || self.cycle[first as usize] != NONE
            {
                continue;
            }
            let (mut before, mut square) = (NONE, first);
            while self.cycle[square as usize] == NONE {
                self.cycle[square as usize] = cycles;
                (before, square) = (square, self.beyond(square, before));
            }
            cycles += 1;
        }
        graph.len.into()
    }

    /// The cover's move from `square` other than the one to `before`.
    fn beyond(&self, square: u32, before: u32) -> u32 {
        let [one, two] = self.cover[square as usize];
        if one != before { one } else { two }
    }

    fn lay(&mut self, square: u32) {
        self.place[square as usize] = self.path.len() as u32;
        self.path.push(square);
    }

    fn end(&self) -> u32 {
        *self.path.last().expect("the head stays")
    }

    /// Whether `square` is off the path.
    fn is_off(&self, square: u32) -> bool {
        self.place[square as usize] == NONE
    }

    /// The squares off the path next to `square` and not on cycle `skip`.
    fn ways_on(&self, graph: &Graph, square: u32, skip: u32) -> usize {
        graph
            .neighbours(square)
            .filter(|&to| self.is_off(to) && self.cycle[to as usize] != skip)
            .count()
    }

    /// One step: extend if the end can, else splice a cycle in, else rotate, toward a path
    /// that covers the graph and (with an anchor) ends next to it.
    pub(super) fn step(&mut self, graph: &Graph, anchor: Option<u32>, random: &mut Random) -> Step {
        let mut looked = 0;
        if self.path.len() < graph.len as usize {
            if let Some(laid) = self.extend(graph, random) {
                return Step::Grew(laid);
            }
            match self.splice(graph, random) {
                Ok(laid) => return Step::Grew(laid),
                Err(scanned) => looked = scanned,
            }
        }
        match self.rotate(graph, anchor, random) {
            Step::Turned(laid) => Step::Turned(laid + looked),
            other => other,
        }
    }

    /// Whether the path covers the graph and ends next to `anchor`, if there is one.
    pub(super) fn is_done(&self, graph: &Graph, anchor: Option<u32>) -> bool {
        self.path.len() == graph.len as usize
            && anchor.is_none_or(|anchor| graph.joined(anchor, self.end()))
    }

    /// Takes in the cycle of a square next to the end (see the module doc).
    fn extend(&mut self, graph: &Graph, random: &mut Random) -> Option<u64> {
        let end = self.end();
        let mut best: Option<(usize, u32, u32)> = None;
        let mut any = None;
        let mut ties = 0;
        for to in graph.neighbours(end).filter(|&to| self.is_off(to)) {
            for after in self.cover[to as usize] {
                any = Some((to, after));
                let ways = self.ways_on(graph, after, self.cycle[to as usize]);
                if ways == 0 {
                    continue;
                }
                match best {
                    Some((fewest, ..)) if ways > fewest => {}
                    Some((fewest, ..)) if ways == fewest => {
                        ties += 1;
                        if random.takes(ties) {
                            best = Some((ways, to, after));
                        }
                    }
                    _ => {
                        best = Some((ways, to, after));
                        ties = 1;
                    }
                }
            }
        }
        let (to, after) = best.map(|(_, to, after)| (to, after)).or(any)?;
        let before = self.path.len();
        let (mut previous, mut square) = (after, to);
        loop {
            self.lay(square);
            if square == after {
                break;
            }
            (previous, square) = (square, self.beyond(square, previous));
        }
        Some((self.path.len() - before) as u64)
    }

    /// Puts a cycle in between two squares of the path (see the module doc), the first that a
    /// scan from a random square finds: the squares laid and looked at, or (`Err`) looked at.
    fn splice(&mut self, graph: &Graph, random: &mut Random) -> Result<u64, u64> {
        let area = graph.area();
        let first = random.below(area);
        let mut looked = 0u64;
        for offset in 0..area {
            let x = ((first + offset) % area) as u32;
            if graph.is_out(x) || !self.is_off(x) {
                continue;
            }
            looked += 1;
            for y in self.cover[x as usize] {
                for at in graph.neighbours(x).filter(|&at| !self.is_off(at)) {
                    let i = self.place[at as usize] as usize;
                    if i + 1 < self.path.len() && graph.joined(self.path[i + 1], y) {
                        return Ok(looked + self.insert(i, x, y));
                    }
                }
            }
        }
        Err(looked)
    }

    /// Puts the cycle of `x` after place `i`, walked from `x` to `y` (its neighbour on it).
    fn insert(&mut self, i: usize, x: u32, y: u32) -> u64 {
        self.spliced.clear();
        self.spliced.extend_from_slice(&self.path[i + 1..]);
        self.path.truncate(i + 1);
        let (mut previous, mut square) = (y, x);
        loop {
            self.lay(square);
            if square == y {
                break;
            }
            (previous, square) = (square, self.beyond(square, previous));
        }
        for k in 0..self.spliced.len() {
            let square = self.spliced[k];
            self.lay(square);
        }
        (self.path.len() - i) as u64
    }

    /// Turns the path at a square next to its end (see the module doc).
    fn rotate(&mut self, graph: &Graph, anchor: Option<u32>, random: &mut Random) -> Step {
        let len = self.path.len();
        let end = self.end();
        let whole = len == graph.len as usize;
        let mut pivots = [0usize; 8];
        let mut count = 0;
        let mut chosen = None;
        let mut ties = 0;
        for at in graph.neighbours(end).filter(|&at| !self.is_off(at)) {
            let i = self.place[at as usize] as usize;
            if i + 2 >= len {
                continue;
            }
            pivots[count] = i;
            count += 1;
            let new_end = self.path[i + 1];
            let good = if whole {
                anchor.is_some_and(|anchor| graph.joined(anchor, new_end))
            } else {
                self.ways_on(graph, new_end, NONE) > 0
            };
            if good {
                ties += 1;
                if random.takes(ties) {
                    chosen = Some(i);
                }
            }
        }
        if count == 0 {
            return Step::Stuck;
        }
        let i = match chosen {
            Some(i) if random.below(16) != 0 => i,
            _ => pivots[random.below(count)],
        };
        self.path[i + 1..].reverse();
        for k in i + 1..len {
            self.place[self.path[k] as usize] = k as u32;
        }
        Step::Turned((len - i - 1) as u64)
    }
}
