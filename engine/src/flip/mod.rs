//! Path flipping: tours of leapers found by growing a path over a cover of the board and
//! turning its end when it is stuck, instead of backtracking. Every leaper but the knight comes
//! here when its greedy pass fails; the knight only along a route (a partial tour, or a tour to
//! an end) that backtracking has not answered on its first share.
//!
//! The method is Pósa's rotation–extension ("Hamiltonian circuits in random graphs", Discrete
//! Mathematics 14, 1976), which Knuth calls *path flipping* (TAOCP Pre-Fascicle 8A, §7.2.2.4):
//! a path keeps its squares; when its end has no free neighbour but is next to a square of the
//! path, the part after that square is reversed and the path ends elsewhere. Here the squares
//! off the path are not loose: a maximum flow first covers the board with one path from the
//! head and cycles (`cover`), every square with the two moves a tour gives it, so the path
//! takes in whole cycles when it extends, and can splice a cycle in between two of its squares
//! (Karp's patching, "A patching algorithm for the nonsymmetric traveling-salesman problem",
//! SIAM J. Computing 8, 1979). Warnsdorff's rule picks among the extensions (`walk`).
//!
//! - **The proofs.** A tour is a cover, so a board the flow cannot cover has no tour from the
//!   head (to the end asked for, or closed): [`Answer::NoCover`], with the flow's shortfall.
//!   And a tour uses only moves some cover uses, so where those do not join the head to every
//!   square, none exists either: [`Answer::Split`] (`scope`, read from the first cover).
//! - **The ends.** The same reading gives the squares an open path may end on
//!   ([`Flipper::ends`]): when they are few, the solver asks for a tour to each.
//! - **Restarts.** A run that has turned `luby(i) × 100` times without taking in a square
//!   gives up, and the next begins from a new cover, the squares taken in another order
//!   (Luby's schedule).
//! - **Determinism.** Every choice comes from a generator seeded by the question (the board,
//!   the piece, the head, the end, closed or not): the same question gets the same tour.
//! - **Nodes.** A node is a square laid on the path or looked at: an extension lays each square
//!   of the cycle it takes in, a splice each square it moves, a rotation each square of the
//!   reversed part, a scan for a splice each square it looks at, a new cover two nodes a
//!   square (and the first one more, for what every cover can use).
//!   The budget bounds the work, and the deadline is looked at every [`CLOCK_INTERVAL`] nodes,
//!   and inside a cover's flow as it goes (one flow on 1000×1000 takes seconds).
//! - **Large boards.** From [`SEEDED_FROM_SQUARES`] squares up, a cover's flow starts from
//!   zigzags of the piece across the board (`seed`; a piece of several leaps has none, and
//!   starts from nothing), so that it needs a few phases in place
//!   of hundreds: the giraffe's 1000×1000 took 53 s a cover from an empty flow.
//! - **Memory** is reserved fallibly up front ([`Flipper::memory_needed`], about 220 bytes a
//!   square).
//!
//! A closed tour is a path whose end is next to its head; a tour to an end asked for is a path
//! over the board without that end, whose last square is next to it (the end is its anchor);
//! a partial tour's squares are left out, the path going on from its last square (and, for a
//! closed tour, ending next to its first square, the anchor).

mod cover;
mod graph;
mod random;
mod scope;
mod seed;
mod walk;

use std::time::Instant;

pub(crate) use self::cover::Shortfall;
pub(crate) use self::graph::NoMemory;

use self::cover::{Network, Uncovered, Wants};
use self::graph::{Graph, filled};
use self::random::{Random, luby};
use self::seed::{SEEDED_FROM_SQUARES, Tiling};
use self::walk::{Step, Walk};
use crate::board::{Board, Square};
use crate::leaper::Leaper;
use crate::search::{Limit, Limits};

/// How many nodes pass between two looks at the clock.
const CLOCK_INTERVAL: u64 = 1 << 12;

/// Turns without progress a run is given, times the run's term of Luby's sequence.
const TURNS_A_RUN: u64 = 100;

/// What a flip is asked: a tour of the piece on the board that begins with `prefix` (the head
/// last), closed, or ending on `end`, or neither.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Question<'q> {
    pub(crate) board: Board,
    pub(crate) piece: Leaper,
    /// The prefix (the partial tour given), the first square first and the head last (the
    /// start alone: a tour from it).
    pub(crate) prefix: &'q [Square],
    pub(crate) closed: bool,
    pub(crate) end: Option<Square>,
    /// Squares of a board of any shape that no tour visits.
    pub(crate) holes: &'q [Square],
}

/// What a flip gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Answer {
    /// A tour: square numbers, the first square of the partial tour first.
    Tour(Vec<u32>),
    /// No cover exists, so no tour: the proof.
    NoCover(Shortfall),
    /// The moves covers can use join the head to only `reached` of the `squares` to visit, so
    /// no cover is one path and no tour exists: the proof.
    Split {
        /// Squares joined to the head, the head counted.
        reached: u64,
        /// Squares to visit, the head counted.
        squares: u64,
    },
    /// A limit ran out first; [`Flipper::run`] may be called again with more.
    Stopped(Limit),
}

/// One flip, which may be run a share of the budget at a time: see the module doc.
#[derive(Debug)]
pub(crate) struct Flipper {
    graph: Graph,
    network: Network,
    walk: Walk,
    random: Random,
    piece: Leaper,
    wants: Wants,
    /// The square the path must end next to: the head (closed), the end asked for, or none.
    anchor: Option<u32>,
    /// The squares in the order the next cover takes them.
    order: Vec<u32>,
    /// The moves covers can use (a bit a neighbour slot), and the squares an open path may end
    /// on: read from the first cover.
    usable: Vec<u8>,
    ends: Vec<u32>,
    /// The partial tour before the head, and the end asked for: the squares left out.
    before: Vec<u32>,
    end: Option<u32>,
    runs: u64,
    turns: u64,
    /// Whether a run is under way (else the next step makes a cover).
    running: bool,
    /// Whether a tour was given (the path's memory went with it): the flip is over.
    done: bool,
    nodes: u64,
}

impl Flipper {
    /// Bytes a flip of `board` holds.
    pub(crate) fn memory_needed(board: Board) -> u64 {
        let area = board.area();
        Graph::memory_needed(board)
            + cover::memory_needed(area)
            + Walk::memory_needed(area)
            + area * (4 + 1 + 4)
    }

    /// A flip of `question`, its memory reserved. The partial tour must be a path of the
    /// piece, the end off it, and at least two squares left to visit.
    pub(crate) fn new(question: &Question) -> Result<Self, NoMemory> {
        let Question {
            board,
            piece,
            prefix,
            closed,
            end,
            holes: board_holes,
        } = *question;
        let (&head, before) = prefix.split_last().expect("a partial tour has a head");
        let mut holes = Vec::new();
        holes
            .try_reserve_exact(prefix.len() + board_holes.len())
            .map_err(|_| NoMemory)?;
        holes.extend(before.iter().chain(&end).chain(board_holes).copied());
        let graph = Graph::new(board, piece, &holes)?;
        let head = board.index(head);
        let end = end.map(|end| board.index(end));
        // A closed tour after a partial tour is an open path from the head that ends next to
        // the start, as a tour to an end ends next to the end: the start is its anchor.
        let closes_on_start = closed && !before.is_empty();
        let next_to = if closes_on_start {
            Some(board.index(prefix[0]))
        } else {
            end
        };
        let closed = closed && !closes_on_start;
        let colour = graph.colour(head);
        let wants = Wants {
            head,
            closed,
            end_colour: if graph.len % 2 == 1 {
                colour
            } else {
                1 - colour
            },
            next_to,
        };
        let mut order = filled(0, 0)?;
        order
            .try_reserve_exact(graph.len as usize)
            .map_err(|_| NoMemory)?;
        order.extend((0..graph.area() as u32).filter(|&square| !graph.is_out(square)));
        let mut before_indices = filled(0, 0)?;
        before_indices
            .try_reserve_exact(before.len())
            .map_err(|_| NoMemory)?;
        before_indices.extend(before.iter().map(|&square| board.index(square)));
        let usable = filled(graph.area(), 0)?;
        let mut ends = filled(0, 0)?;
        ends.try_reserve_exact(graph.area()).map_err(|_| NoMemory)?;
        let seed = [
            u64::from(board.rows()),
            u64::from(board.cols()),
            piece_seed(piece),
            u64::from(head),
            u64::from(question.closed),
            end.map_or(u64::MAX, u64::from),
            prefix.len() as u64,
        ];
        Ok(Self {
            network: Network::new(&graph)?,
            walk: Walk::new(&graph)?,
            graph,
            random: Random::seeded(&seed),
            piece,
            wants,
            anchor: if closed { Some(head) } else { next_to },
            order,
            usable,
            ends,
            before: before_indices,
            end,
            runs: 0,
            turns: 0,
            running: false,
            done: false,
            nodes: 0,
        })
    }

    /// The nodes spent so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Runs on until a tour, the proof that none exists, or a limit: at most
    /// `limits.node_budget` more nodes (and the step under way), and no new cover where it
    /// could cost more than `room` nodes (what is left of the whole budget; a cover is charged
    /// up to four nodes a square). Once a tour is given, the flip is over, and a run stops at
    /// once.
    pub(crate) fn run(&mut self, limits: Limits, room: u64) -> Answer {
        let stop = self.nodes.saturating_add(limits.node_budget);
        let room_until = self.nodes.saturating_add(room);
        let mut clock = self.nodes;
        if self.done {
            return Answer::Stopped(Limit::Nodes);
        }
        loop {
            if self.nodes >= stop {
                return Answer::Stopped(Limit::Nodes);
            }
            if let Some(deadline) = limits.deadline
                && self.nodes >= clock
            {
                clock = self.nodes + CLOCK_INTERVAL;
                if Instant::now() >= deadline {
                    return Answer::Stopped(Limit::Deadline);
                }
            }
            if !self.running {
                if self.nodes.saturating_add(4 * u64::from(self.graph.len)) > room_until {
                    return Answer::Stopped(Limit::Nodes);
                }
                if let Err(answer) = self.begin(limits) {
                    return answer;
                }
                continue;
            }
            if self.walk.is_done(&self.graph, self.anchor) {
                self.done = true;
                return Answer::Tour(self.tour());
            }
            match self.walk.step(&self.graph, self.anchor, &mut self.random) {
                Step::Grew(laid) => {
                    self.nodes += laid;
                    self.turns = 0;
                }
                Step::Turned(laid) => {
                    self.nodes += laid.max(1);
                    self.turns += 1;
                    self.running = self.turns <= luby(self.runs) * TURNS_A_RUN;
                }
                Step::Stuck => {
                    self.nodes += 1;
                    self.running = false;
                }
            }
        }
    }

    /// The squares an open path may end on, as square numbers (every cover's last square is
    /// one), once the first cover has been found; `None` before, and for a closed tour.
    pub(crate) fn ends(&self) -> Option<&[u32]> {
        (self.runs > 0 && !self.wants.closed).then_some(&self.ends[..])
    }

    /// A new run: the squares shuffled, a cover in that order (from zigzags of the piece on a
    /// large board), the path from the head. The first also reads what every cover can use
    /// ([`scope`]). Fails with a proof, or when the deadline passes.
    fn begin(&mut self, limits: Limits) -> Result<(), Answer> {
        if self.runs > 0 {
            for i in (1..self.order.len()).rev() {
                let j = self.random.below(i + 1);
                self.order.swap(i, j);
            }
        }
        let tiling = (self.graph.area() >= SEEDED_FROM_SQUARES)
            .then(|| Tiling::of(self.piece, &mut self.random))
            .flatten();
        self.nodes += 2 * u64::from(self.graph.len);
        let cover = &mut self.walk.cover;
        let wants = (self.wants, tiling);
        self.network
            .cover(&self.graph, wants, &self.order, cover, limits.deadline)
            .map_err(|uncovered| match uncovered {
                Uncovered::Short(shortfall) => Answer::NoCover(shortfall),
                Uncovered::Stopped => Answer::Stopped(Limit::Deadline),
            })?;
        if self.runs == 0 {
            self.nodes += u64::from(self.graph.len);
            let reached = self.network.scope(
                &self.graph,
                self.wants.head,
                &mut self.usable,
                &mut self.ends,
            );
            if reached < self.graph.len {
                return Err(Answer::Split {
                    reached: reached.into(),
                    squares: self.graph.len.into(),
                });
            }
        }
        self.nodes += self.walk.start(&self.graph, self.wants);
        self.runs += 1;
        self.turns = 0;
        self.running = true;
        Ok(())
    }

    /// The whole tour: the partial tour, the path, the end; made in the path's memory, which
    /// was reserved for every square, so nothing more is asked of the system. The walk is
    /// over: the next run begins anew.
    fn tour(&mut self) -> Vec<u32> {
        let mut tour = std::mem::take(&mut self.walk.path);
        tour.splice(0..0, self.before.iter().copied());
        tour.extend(self.end);
        tour
    }
}

#[cfg(test)]
mod tests;

/// The piece's part of the seed: `a << 8 | b` for a single leaper (the seed it always had),
/// and each further leap 16 bits higher.
fn piece_seed(piece: Leaper) -> u64 {
    piece.leaps().enumerate().fold(0, |seed, (k, (a, b))| {
        seed | (u64::from(a) << 8 | u64::from(b)) << (16 * k)
    })
}

/// Whether flipping (and the search over moves, which takes turns with it) can take `piece`:
/// every move changes colour (a cover is a flow from one colour to the other) and at most
/// eight moves a square (the graph's slots). Every single leaper the theorems leave to them
/// does (a colour-bound one is refused by its theorem first); a piece of several leaps does
/// when all its leaps change colour and make eight moves or fewer, such as `0,1+0,3`.
pub(crate) fn fits(piece: Leaper) -> bool {
    piece.changes_colour() && piece.move_count() <= 8
}
