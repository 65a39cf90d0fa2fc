//! The search for a tour of a shape that keeps its clues: backtracking on an explicit stack (no
//! recursion, whatever the board), bounded by the node budget and the deadline.
//!
//! A node places one square, visit `t`. Its candidates for visit `t + 1`: the square given
//! `t + 1` if there is one (and it is a move away and unvisited), else the unvisited squares a
//! move away that carry no number, fewest onward moves first (Warnsdorff), ties in the piece's
//! move order. Where nothing fixes the first square of an open tour but a number is given, the
//! search starts at the lowest number `f` and goes back to visit 1 before it goes on from `f`
//! (`place` tells the order): the squares before `f` are then chosen a move at a time instead
//! of by a start tried square after square. With no number at all, or for a closed tour, the
//! first node's candidates are every open square that carries no number, fewest moves first.
//!
//! The pruning removes only branches that hold no tour, so an exhausted tree is a proof:
//! - *reach*: the next fixed visit `m` (a number given, the end asked for, or, closing a tour
//!   whose start is fixed, the start again as visit `n + 1`) is at most `m - t` moves away over
//!   open squares (distances from every fixed square, a breadth-first search each, computed
//!   once), and for a piece that changes colour at every move, an even number of moves away
//!   exactly when `m - t` is even;
//! - *ways in*: an unvisited square's ways in are its unvisited neighbours and the path's open
//!   ends (the head; going back, the lowest number's square too). A square it passes through
//!   needs two; one left makes it an end of the tour: its last square (not where a number
//!   other than the last is given, nor elsewhere than the end asked for, and next to the start
//!   of a closed tour) or, going back, its first. A tour has one last square and one first. A
//!   way in once lost never comes back, so the squares left with one are counted as they
//!   appear;
//! - *closing*: a closed tour keeps an unvisited square next to its start;
//! - *colours*: from a start that nothing fixes, a piece that changes colour needs the
//!   majority colour when the open squares are odd in number;
//! - *left behind*: an unnumbered square fits a gap between fixed visits `k` at `p` and `m` at
//!   `q` as visit `j` only if `k + d(p, u) <= j <= m - d(u, q)`; once the latest such `j` is
//!   placed, the square must have been visited;
//! - *last candidate*: a missing number squeezed between close fixed visits has few squares it
//!   fits (its domain, see `domains`); a square visited at another time is taken from it, and
//!   a number still to come with none left holds no tour;
//! - *connection*: every few nodes, a flood fill from the path's open ends checks that every
//!   unvisited square is still reached.
//!
//! `find` searches in rounds (see `rounds`): the first breaks ties in the piece's move order, each next one
//! by a hash of its number and the square, with 20% more nodes, until a tour is found,
//! a round exhausts its tree (a proof, as every round searches the whole tree but for its
//! budget) or a limit of the question ends it. The rounds are fixed, so the same question gets
//! the same tour. `count` runs one round to the end.

use crate::search::{Limit, Limits};

use self::edges::usable_moves;
use self::place::Undo;
use super::numbers::{self, NumberSearch};
use super::round::{Rounds, Stop};

use super::domains::{Domains, domains};
use super::graph::{Mark, OpenGraph, filled, marks, past, reserve};
use super::latest::{FAR, Latest, latest_visits, tie_break};
use super::{ClueMemoryError, ClueQuestion};

mod edges;
mod place;

/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 1024;
/// Nodes between two flood fills.
const FLOOD_INTERVAL: u64 = 8;
/// The most distance entries (two bytes each) the tables of all fixed squares may hold; the
/// fixed squares past it are searched toward without their table, that is, without the reach
/// pruning.
const TABLE_ENTRIES: usize = 1 << 26;

/// The candidates of one node (a range of [`Search::candidates`]), and how to undo its square.
struct Frame {
    begin: u32,
    end: u32,
    next: u32,
    /// `None` for the first node, which places nothing.
    undo: Option<Undo>,
}

/// The search's state.
pub(super) struct Search<'q> {
    question: &'q ClueQuestion<'q>,
    graph: OpenGraph,
    limits: Limits,
    n: u32,
    /// The visit number given to each vertex, 0 for none.
    number_at: Vec<u32>,
    marks: Vec<Mark>,
    /// For each visit number `t` (0 to `n`), the index in `marks` of the first mark after it.
    next_mark: Vec<u32>,
    /// Distances from each mark's square, saturated at [`FAR`]; empty past [`TABLE_ENTRIES`].
    tables: Vec<Vec<u16>>,
    /// The unnumbered vertices by the latest visit they can have (see [`latest_visits`]).
    latest: Latest,
    /// The missing numbers of few candidates, and how many of those are unvisited.
    domains: Domains,
    /// Whether the open squares' colours are odd in number and the colour of 0,0 has more.
    majority: Option<bool>,
    visited: Vec<bool>,
    /// Each vertex's unvisited neighbours.
    unvisited_degree: Vec<u32>,
    /// Vertices of one neighbour in the whole graph.
    dead_ends: Vec<u32>,
    /// Unvisited squares with one way in left.
    forced: u32,
    /// The first fixed visit's number where the search goes back from it (nothing fixes the
    /// start of an open tour), else 0; see [`Search::visit_at`].
    backward: u32,
    path: Vec<u32>,
    frames: Vec<Frame>,
    candidates: Vec<u32>,
    /// The flood fill's marks and queue.
    flooded: Vec<u32>,
    flood_epoch: u32,
    queue: Vec<u32>,
    nodes: u64,
    /// How ties between candidates are broken: 0, the piece's move order; else a hash of the
    /// seed and the square, a new order each round of `find`.
    seed: u64,
    tours: u64,
    /// The first tour found, as [`Board::index`](crate::board::Board::index)es.
    found: Vec<u32>,
}

impl<'q> Search<'q> {
    /// The search set up, or `None` when the question contradicts itself (no tour).
    pub(super) fn new(question: &'q ClueQuestion<'q>) -> Result<Option<Self>, ClueMemoryError> {
        let mut graph = OpenGraph::build(question)?;
        let n = graph.len() as u32;
        let Ok(marks) = marks(question, &graph) else {
            return Ok(None);
        };
        if question.closed && n < 3 {
            return Ok(None);
        }
        let len = n as usize;
        let mut number_at = filled(len, 0u32)?;
        for mark in &marks {
            number_at[mark.vertex as usize] = mark.number;
        }
        // Whether each number, 0 to n + 1, is fixed somewhere.
        let mut given = filled(len + 2, false)?;
        for mark in &marks {
            given[mark.number as usize] = true;
        }
        let tables = usable_moves(question, &mut graph, &marks, &number_at, &given)?;
        let mut queue = Vec::new();
        reserve(&mut queue, len)?;
        let mut next_mark = filled(len + 1, 0u32)?;
        let mut i = 0;
        for (t, next) in next_mark.iter_mut().enumerate() {
            while i < marks.len() && marks[i].number as usize <= t {
                i += 1;
            }
            *next = i as u32;
        }
        let latest = latest_visits(n, &marks, &tables, &number_at)?;
        let parity = question.piece.changes_colour();
        let Some(domains) = domains(n, &marks, &tables, &number_at, &given, parity)? else {
            return Ok(None);
        };
        let majority = if question.piece.changes_colour() && n % 2 == 1 {
            let even = (0..n).filter(|&v| graph.is_even(v)).count() as u32;
            Some(even > n - even)
        } else {
            None
        };
        let unvisited_degree: Vec<u32> = {
            let mut degrees = filled(len, 0u32)?;
            for (v, degree) in degrees.iter_mut().enumerate() {
                *degree = graph.degree(v as u32);
            }
            degrees
        };
        let dead_ends: Vec<u32> = if n > 1 {
            (0..n).filter(|&v| graph.degree(v) <= 1).collect()
        } else {
            Vec::new()
        };
        let mut candidates = Vec::new();
        reserve(&mut candidates, len.saturating_mul(2).max(16))?;
        let mut frames = Vec::new();
        reserve(&mut frames, len + 1)?;
        let mut path = Vec::new();
        reserve(&mut path, len)?;
        let backward = match marks.first() {
            Some(first) if !question.closed && first.number > 1 => first.number,
            _ => 0,
        };
        Ok(Some(Self {
            question,
            backward,
            forced: dead_ends.len() as u32,
            dead_ends,
            limits: question.limits,
            n,
            number_at,
            marks,
            next_mark,
            tables,
            latest,
            domains,
            majority,
            visited: filled(len, false)?,
            unvisited_degree,
            path,
            frames,
            candidates,
            flooded: filled(len, 0u32)?,
            flood_epoch: 0,
            queue,
            nodes: 0,
            seed: 0,
            tours: 0,
            found: Vec::new(),
            graph,
        }))
    }

    /// Searches until `wanted` tours are found (all of them when `None`), the tree is
    /// exhausted or a limit runs out.
    fn run(&mut self, wanted: Option<u64>, round_nodes: u64) -> Stop {
        let round_end = self.nodes.saturating_add(round_nodes);
        self.push_first_candidates();
        loop {
            let Some(frame) = self.frames.last_mut() else {
                return Stop::Exhausted;
            };
            if frame.next == frame.end {
                let begin = frame.begin as usize;
                let undo = frame.undo;
                self.frames.pop();
                self.candidates.truncate(begin);
                if let Some(undo) = undo {
                    self.unplace(undo);
                }
                continue;
            }
            let vertex = self.candidates[frame.next as usize];
            frame.next += 1;
            if self.nodes >= self.limits.node_budget {
                return Stop::Limit(Limit::Nodes);
            }
            if self.nodes >= round_end {
                return Stop::Restart;
            }
            self.nodes += 1;
            if self.nodes.is_multiple_of(CLOCK_INTERVAL) && past(self.limits.deadline) {
                return Stop::Limit(Limit::Deadline);
            }
            let Some(undo) = self.place(vertex) else {
                continue;
            };
            if self.path.len() == self.n as usize {
                if self.closes() {
                    self.tours += 1;
                    if self.found.is_empty() {
                        self.found = self.tour();
                    }
                    if wanted.is_some_and(|wanted| self.tours >= wanted) {
                        return Stop::Enough;
                    }
                }
                self.unplace(undo);
                continue;
            }
            let begin = self.candidates.len() as u32;
            self.push_candidates();
            self.frames.push(Frame {
                begin,
                end: self.candidates.len() as u32,
                next: begin,
                undo: Some(undo),
            });
        }
    }

    /// The full path's squares ([`Board::index`](crate::board::Board::index)) in visit order.
    fn tour(&self) -> Vec<u32> {
        let board = self.graph.board;
        let back = (self.backward as usize).min(self.path.len());
        let (before, after) = self.path.split_at(back);
        before
            .iter()
            .rev()
            .chain(after)
            .map(|&v| board.index(self.graph.squares[v as usize]))
            .collect()
    }

    /// Whether the full path is a tour: closed when asked.
    fn closes(&self) -> bool {
        !self.question.closed
            || match (self.path.first(), self.path.last()) {
                (Some(&first), Some(&last)) => self.question.piece.is_move(
                    self.graph.squares[last as usize],
                    self.graph.squares[first as usize],
                ),
                _ => false,
            }
    }

    /// The first node: the square given 1 (or asked for as the start), or the first fixed
    /// visit's when the search goes back from it, else every open square that carries no
    /// number, fewest moves first.
    fn push_first_candidates(&mut self) {
        let begin = self.candidates.len() as u32;
        if let Some(first) = self
            .marks
            .first()
            .filter(|mark| mark.number == 1 || mark.number == self.backward)
        {
            self.candidates.push(first.vertex);
        } else {
            let mut all: Vec<u32> = (0..self.n)
                .filter(|&v| self.number_at[v as usize] == 0)
                .collect();
            let seed = self.seed;
            all.sort_by_key(|&v| (self.graph.degree(v), tie_break(seed, v)));
            self.candidates.extend(all);
        }
        self.frames.push(Frame {
            begin,
            end: self.candidates.len() as u32,
            next: begin,
            undo: None,
        });
    }

    /// The candidates for the next visit: a move from its anchor ([`Search::anchor`]).
    fn push_candidates(&mut self) {
        let index = self.path.len();
        let Some(head) = self.anchor(index) else {
            return;
        };
        let t = self.visit_at(index);
        let i = self.next_mark[t as usize - 1] as usize;
        if let Some(mark) = self.marks.get(i).filter(|mark| mark.number == t) {
            if !self.visited[mark.vertex as usize]
                && self.graph.neighbours(head).contains(&mark.vertex)
            {
                self.candidates.push(mark.vertex);
            }
            return;
        }
        let begin = self.candidates.len();
        for &w in self.graph.neighbours(head) {
            if !self.visited[w as usize] && self.number_at[w as usize] == 0 {
                self.candidates.push(w);
            }
        }
        let (degree, seed) = (&self.unvisited_degree, self.seed);
        self.candidates[begin..].sort_by_key(|&w| (degree[w as usize], tie_break(seed, w)));
    }

    /// Whether `vertex`, as visit `t`, can still reach the next fixed visit in time.
    fn in_reach(&self, vertex: u32, t: u32) -> bool {
        let i = self.next_mark[t as usize] as usize;
        let (number, table) = match self.marks.get(i) {
            Some(mark) => (mark.number, &self.tables[i]),
            None if self.question.closed && self.marks.first().is_some_and(|m| m.number == 1) => {
                (self.n + 1, &self.tables[0])
            }
            None => return true,
        };
        let Some(&distance) = table.get(vertex as usize) else {
            return true;
        };
        let moves = number - t;
        if distance == FAR {
            return moves >= u32::from(FAR);
        }
        let distance = u32::from(distance);
        distance <= moves && !(self.question.piece.changes_colour() && (distance + moves) % 2 == 1)
    }

    /// Takes back every square placed, for a new round.
    fn reset(&mut self) {
        while let Some(frame) = self.frames.pop() {
            if let Some(undo) = frame.undo {
                self.unplace(undo);
            }
        }
        self.candidates.clear();
    }
}

impl Rounds for Search<'_> {
    fn round(&mut self, wanted: Option<u64>, nodes: u64) -> Result<Stop, ClueMemoryError> {
        Ok(self.run(wanted, nodes))
    }

    fn cap_nodes(&mut self, budget: u64) {
        self.limits.node_budget = budget;
    }

    fn restart(&mut self) {
        self.reset();
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

impl Search<'_> {
    /// The search over the numbers on the same graph (the moves no tour can use dropped) and
    /// marks: `Ok(None)` when its propagation alone proves that no tour exists.
    pub(super) fn by_numbers(&self) -> Result<Option<NumberSearch>, ClueMemoryError> {
        NumberSearch::new(&self.graph, &self.marks, self.question.closed, self.limits)
    }

    /// The question's node budget.
    pub(super) fn node_budget(&self) -> u64 {
        self.question.limits.node_budget
    }

    /// Whether the search over the numbers serves this question too: a board with numbers
    /// given, of at most [`numbers::MAX_VERTICES`] open squares. (Where only a start or an
    /// end is asked for, the path search alone answers, as before the numbers' search came:
    /// that search was tuned and measured on boards with numbers given only.)
    pub(super) fn numbers_fit(&self) -> bool {
        self.n as usize <= numbers::MAX_VERTICES && !self.question.shape.clues().is_empty()
    }
}
