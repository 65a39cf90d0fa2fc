//! Placing a square and taking it back: the order of the visits, the path's open ends, and
//! the pruning rules checked as each square is placed (see the parent module's doc).
//!
//! The visits are placed in order, `1, 2, ..., n`, except where nothing fixes the start of an
//! open tour: then the search starts at the first fixed visit `f` and goes back, `f - 1, ...,
//! 1`, before it goes on from `f`, `f + 1, ..., n` (see [`Search::visit_at`]). A path then has
//! two *open ends* while it goes back: its head, which waits for the visit before it, and the
//! first fixed square, which waits for the visit after it.

use super::Search;

/// What placing a square changed beyond the square itself, to undo it.
#[derive(Clone, Copy)]
pub(super) struct Undo {
    /// Squares newly left with one way in.
    forced_added: u32,
    /// Whether the square placed was itself one of them.
    took_forced: bool,
}

impl Search<'_> {
    /// The visit number of the square placed `index`-th (from 0): `index + 1`, or, going back
    /// from the first fixed visit `f`, `f, f - 1, ..., 1` and then `f + 1, ..., n`.
    pub(super) fn visit_at(&self, index: usize) -> u32 {
        let (index, first) = (index as u32, self.backward);
        if index < first {
            first - index
        } else {
            index + 1
        }
    }

    /// The square the `index`-th square placed is a move from: the one placed before it, or,
    /// on the first step on from the first fixed visit, that visit's square.
    pub(super) fn anchor(&self, index: usize) -> Option<u32> {
        if index == 0 {
            None
        } else if index == self.backward as usize {
            self.path.first().copied()
        } else {
            self.path.get(index - 1).copied()
        }
    }

    /// The squares of the path still waiting for a neighbour on it: the head, and, while the
    /// search goes back, the first fixed square (waiting for the visit after it).
    fn open_ends(&self) -> [Option<u32>; 2] {
        let len = self.path.len();
        if len == 0 || len == self.n as usize {
            return [None, None];
        }
        let back = self.backward as usize;
        let last = self.path.last().copied();
        if back == 0 || len > back {
            return [last, None];
        }
        let first = self.path[0];
        let first_waits = (self.backward < self.n).then_some(first);
        if len == 1 {
            [last, None]
        } else if len < back {
            [last, first_waits]
        } else {
            [first_waits, None]
        }
    }

    /// How many of `ends` are a move of the graph from `vertex`.
    fn ends_next_to(&self, ends: [Option<u32>; 2], vertex: u32) -> u32 {
        ends.iter()
            .flatten()
            .filter(|&&end| self.graph.neighbours(end).contains(&vertex))
            .count() as u32
    }

    /// Whether an unvisited square left with one way in may be an end of the tour: its last
    /// square, or, while the search goes back, its first.
    fn may_be_end(&self, vertex: u32) -> bool {
        let number = self.number_at[vertex as usize];
        if (self.path.len() as u32) < self.backward {
            return number == 0 || number == self.n;
        }
        if number != 0 && number != self.n {
            return false;
        }
        if number == 0 && self.marks.last().is_some_and(|mark| mark.number == self.n) {
            return false;
        }
        !self.question.closed
            || self.question.piece.is_move(
                self.graph.squares[vertex as usize],
                self.graph.squares[self.path[0] as usize],
            )
    }

    /// Places `vertex` as the next visit, or, when a rule proves that no tour follows, leaves
    /// the state as it was and answers `None`.
    pub(super) fn place(&mut self, vertex: u32) -> Option<Undo> {
        let index = self.path.len();
        let t = self.visit_at(index);
        if !self.in_reach(vertex, t) {
            return None;
        }
        if t == 1
            && self
                .majority
                .is_some_and(|even| self.graph.is_even(vertex) != even)
        {
            return None;
        }
        let v = vertex as usize;
        let before = self.open_ends();
        let ways = self.unvisited_degree[v] + self.ends_next_to(before, vertex);
        let took_forced = ways <= 1 && self.n > 1;
        if took_forced {
            self.forced -= 1;
        }
        self.visited[v] = true;
        self.path.push(vertex);
        for &w in self.graph.neighbours(vertex) {
            self.unvisited_degree[w as usize] -= 1;
        }
        let placed = if index < self.backward as usize {
            (t, self.backward)
        } else {
            (1, t)
        };
        let last_candidate = self.domains.visit(vertex, t, placed);
        let mut undo = Undo {
            forced_added: 0,
            took_forced,
        };
        if self.path.len() == self.n as usize {
            return Some(undo);
        }
        let after = self.open_ends();
        let mut dead = last_candidate;
        if index == 0 {
            for &u in &self.dead_ends {
                dead |= !self.visited[u as usize] && !self.may_be_end(u);
            }
        }
        // The squares that lost a way in: next to an end that closed, or to the square placed
        // when it closes at once (the tour's first square, searching back). Each lost one net.
        let epoch = self.next_epoch();
        let closed_ends = before
            .into_iter()
            .flatten()
            .filter(|end| !after.contains(&Some(*end)))
            .chain((!after.contains(&Some(vertex))).then_some(vertex));
        for end in closed_ends {
            for &u in self.graph.neighbours(end) {
                let ui = u as usize;
                if self.visited[ui] || self.flooded[ui] == epoch {
                    continue;
                }
                self.flooded[ui] = epoch;
                match self.unvisited_degree[ui] + self.ends_next_to(after, u) {
                    0 => dead = true,
                    1 => {
                        undo.forced_added += 1;
                        dead |= !self.may_be_end(u);
                    }
                    _ => {}
                }
            }
        }
        self.forced += undo.forced_added;
        let going_back = (self.path.len() as u32) < self.backward;
        if index + 1 == self.backward as usize {
            // The first square is placed: every square that fits no later visit is visited.
            dead |= (1..=self.backward)
                .any(|j| self.latest.missed(j).any(|u| !self.visited[u as usize]));
        } else if !going_back {
            dead |= self.latest.missed(t).any(|u| !self.visited[u as usize]);
        }
        dead |= self.forced > if going_back { 2 } else { 1 };
        let start = self.path[0];
        dead |= self.question.closed && self.unvisited_degree[start as usize] == 0;
        if !dead && self.nodes.is_multiple_of(super::FLOOD_INTERVAL) {
            dead = !self.hangs_together(after);
        }
        if dead {
            self.unplace(undo);
            return None;
        }
        Some(undo)
    }

    /// Takes back the last square placed.
    pub(super) fn unplace(&mut self, undo: Undo) {
        let Some(index) = self.path.len().checked_sub(1) else {
            return;
        };
        let t = self.visit_at(index);
        let Some(vertex) = self.path.pop() else {
            return;
        };
        self.domains.unvisit(vertex, t);
        for &w in self.graph.neighbours(vertex) {
            self.unvisited_degree[w as usize] += 1;
        }
        self.visited[vertex as usize] = false;
        self.forced -= undo.forced_added;
        if undo.took_forced {
            self.forced += 1;
        }
    }

    /// A fresh mark for the flood fill's table.
    fn next_epoch(&mut self) -> u32 {
        self.flood_epoch = self.flood_epoch.wrapping_add(1);
        if self.flood_epoch == 0 {
            self.flooded.fill(0);
            self.flood_epoch = 1;
        }
        self.flood_epoch
    }

    /// Whether every unvisited square is reached from an open end by moves over unvisited
    /// squares.
    fn hangs_together(&mut self, ends: [Option<u32>; 2]) -> bool {
        let epoch = self.next_epoch();
        self.queue.clear();
        for end in ends.into_iter().flatten() {
            self.queue.push(end);
            self.flooded[end as usize] = epoch;
        }
        let mut reached = 0usize;
        let mut next = 0;
        while next < self.queue.len() {
            let v = self.queue[next];
            next += 1;
            for &w in self.graph.neighbours(v) {
                if !self.visited[w as usize] && self.flooded[w as usize] != epoch {
                    self.flooded[w as usize] = epoch;
                    reached += 1;
                    self.queue.push(w);
                }
            }
        }
        reached == self.n as usize - self.path.len()
    }
}
