//! The tour search: an explicit-stack state machine that advances one event at a time.
//!
//! The explorer pulls [`SearchEvent`]s one by one to animate them; the solver pulls them in a
//! tight loop ([`Search::run`]). It is the same code, so what the explorer shows is what the
//! solver does. No recursion: boards of millions of squares cannot overflow the stack.
//!
//! It searches for the tours of any leaper ([`SearchConfig::piece`], the knight by default) of
//! at most [`Search::MAX_MOVES`] moves, a square's moves kept in one byte; a setup refuses a
//! wider piece ([`SetupError::TooManyMoves`]), which the clue search (`shape::clued`) takes.
//!
//! How it works:
//! - The board is stored with a border as wide as the piece's long leg (two squares for the
//!   knight), so the neighbours of a square (eight, or four) are fixed offsets and never need a
//!   bounds check. Each cell holds a *blocked* bit (border or
//!   visited), a *near start* bit (closed tours) and its degree: the number of unvisited
//!   neighbours. Visiting a square decrements its unvisited neighbours; undoing it increments
//!   exactly the same ones back.
//! - Candidates are the head's unvisited neighbours, ordered by Warnsdorff's rule (fewest onward
//!   moves first; ties to the square farthest from the centre by integer squared distance, then
//!   the piece's fixed move order, [`KNIGHT_MOVES`] for the knight) or by the fixed order
//!   alone.
//! - Pruning (sound: it only removes branches without a tour): an unvisited square whose degree
//!   drops to 0 must be the very next and last square; a square of degree 1 that the piece
//!   moves away from can only be the tour's last square, and a tour has one last square, so
//!   forced moves follow. A closed tour's last square must be next to the start, so the search
//!   never takes the start's last free neighbour early.
//! - Budgets: a node budget and a wall-clock deadline end the run with
//!   [`SearchEvent::BudgetExceeded`], which is never confused with [`SearchEvent::Exhausted`]
//!   (the whole tree searched: a proof that no tour exists from the start).
//!
//! Where things are: this file holds [`Search`]'s public face and the step state machine;
//! `state` the bordered cell array and its incremental degrees (visit, unvisit); `ordering`
//! the candidate order ([`MoveOrdering`]); `pruning` the cuts (with `connectivity`, the
//! flood fill); `setup` the memory reserved up front and the board filled within the deadline;
//! `events` what a step reports ([`SearchEvent`], [`Choices`], [`SearchStats`],
//! [`Limits`]); `config` the [`SearchConfig`].
//!
//! [`KNIGHT_MOVES`]: crate::board::KNIGHT_MOVES

mod config;
mod connectivity;
mod events;
mod ordering;
mod position;
mod pruning;
mod route;
mod setup;
mod state;
#[cfg(test)]
mod tests;

use std::time::Instant;

use thiserror::Error;

use self::connectivity::Connectivity;
use self::events::Raw;
use self::position::ScratchCell;
use self::pruning::{Frame, Rules};
use self::setup::Storage;
use self::state::{BLOCKED, DEGREE, MAX_MOVES, MoveSet, Neighbourhood, border};

pub use self::config::SearchConfig;
pub use self::events::{Candidate, Choices, Limit, Limits, SearchEvent, SearchStats};
pub use self::ordering::MoveOrdering;
pub(crate) use self::ordering::{centre_distance, warnsdorff_rank};
pub(crate) use self::pruning::{Passage, one_last_square};
pub use self::route::{DeadPosition, Route};
pub use self::setup::SetupError;
pub(crate) use self::setup::check_clock;

use crate::board::{Board, Square};
use crate::leaper::Leaper;
use crate::tour::{Tour, TourError};

/// How many nodes pass between two looks at the clock.
const CLOCK_INTERVAL: u64 = 1024;

/// A board too large to search in this process's memory.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "a search of the {board} board needs about {bytes} bytes of memory, which could not be allocated"
)]
pub struct CapacityError {
    /// The board.
    pub board: Board,
    /// Bytes the search needs.
    pub bytes: u64,
}

/// Where the run stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Running,
    /// `Solved` has been reported for the current full path.
    SolvedReported,
    Finished(Raw),
}

/// A tour search of one piece on one board from one start; see the module docs.
#[derive(Debug, Clone)]
pub struct Search {
    board: Board,
    config: SearchConfig,
    width: usize,
    /// The border around the board, as wide as the piece's long leg.
    border: usize,
    /// The cell offsets of the piece's moves (0 past the last).
    offsets: [isize; MAX_MOVES],
    /// The piece's moves, in its fixed order (`(0, 0)` past the last).
    deltas: [(i32, i32); MAX_MOVES],
    /// How many moves the piece has: 8 or 4 a leap.
    move_count: usize,
    cells: Vec<u8>,
    /// Padded cell numbers of the path, start first.
    path: Vec<u32>,
    /// One frame a path square when backtracking; the head's and the one before when greedy.
    frames: Vec<Frame>,
    /// Unvisited neighbours of the anchor (see `anchored`).
    start_exits: u32,
    /// Whether the path must end next to an anchor, whose neighbours are marked
    /// [`NEAR_START`](state::NEAR_START): the first square for a closed tour, or the end
    /// asked for, which is kept off the path until the last step.
    anchored: bool,
    /// The padded cell of the end asked for: blocked like a visited square, it is the tour's
    /// last square once the path (ending next to it) covers the rest.
    end: Option<u32>,
    /// Squares of the path given before the search began (a prefix), the head excluded: the
    /// search never takes them back.
    lead: usize,
    /// What ruled out every tour before the first step, when a rule did.
    dead: Option<DeadPosition>,
    /// The rules the pruning applies beyond those of the knight's plain searches, which keep
    /// the trees, and so the node counts, they always had (see [`Rules`]).
    rules: Rules,
    /// The proofs' memory, once a proving search has asked for it (a copy of the search
    /// asks again).
    scratch: ScratchCell,
    /// Squares the path must cover: the board's, less the holes and the end.
    area: u32,
    stats: SearchStats,
    phase: Phase,
    /// Scratch space of the connectivity prune, when it is on.
    connectivity: Option<Connectivity>,
}

impl Search {
    /// The most moves of a piece this search takes: a square's moves are kept in one byte. A
    /// setup refuses a piece of more ([`SetupError::TooManyMoves`]).
    pub const MAX_MOVES: usize = MAX_MOVES;

    /// Whether this search takes `piece`: whether it has at most [`Search::MAX_MOVES`] moves.
    pub fn takes(piece: Leaper) -> bool {
        piece.move_count() <= Self::MAX_MOVES
    }

    /// A search of `board` from `start`, with the start already on the path.
    ///
    /// Panics if `start` is not on `board`; fails if the board is too large to search here,
    /// or the piece has more moves than the search takes ([`Search::takes`]).
    pub fn new(board: Board, start: Square, config: SearchConfig) -> Result<Self, SetupError> {
        Self::with_holes(board, start, config, &[])
    }

    /// A search of `board` with the squares `holes` cut out: the tour it looks for covers every
    /// other square. [`Search::tour`] then fails (the board is not covered), but
    /// [`Search::path`] gives the path. The setup runs to its end whatever the limits, so it
    /// fails only as [`SetupError::Capacity`] or [`SetupError::TooManyMoves`].
    ///
    /// Panics if `start` or a hole is off the board, or if `start` is a hole.
    pub fn with_holes(
        board: Board,
        start: Square,
        config: SearchConfig,
        holes: &[Square],
    ) -> Result<Self, SetupError> {
        Self::build(board, start, config, holes, None)
    }

    /// [`Search::with_holes`] that honours the deadline of `config` during the setup too: on a
    /// board of millions of squares, filling the cells and setting their degrees takes long
    /// enough to matter. Fails with [`SetupError::Stopped`] when the deadline passes first.
    pub fn bounded(
        board: Board,
        start: Square,
        config: SearchConfig,
        holes: &[Square],
    ) -> Result<Self, SetupError> {
        Self::build(board, start, config, holes, config.limits.deadline)
    }

    /// A search that completes `route`: its prefix (a path of the piece: the tour's first square
    /// first, the piece's square last) into a tour of the board, closed if `config` asks,
    /// ending on its end if it has one. Like [`Search::bounded`], it honours the deadline of
    /// `config` while the board is set up.
    ///
    /// Panics if the prefix is empty, leaves the board or repeats a square, if the end is on
    /// the prefix, or if both an end and a closed tour are asked for: the caller checks a
    /// route before searching it.
    pub fn completing(
        board: Board,
        route: Route<'_>,
        config: SearchConfig,
    ) -> Result<Self, SetupError> {
        Self::build_route(board, route, config, &[], config.limits.deadline)
    }

    /// [`Search::completing`] with the squares `holes` cut out, as [`Search::bounded`] cuts
    /// them.
    pub fn bounded_route(
        board: Board,
        route: Route<'_>,
        config: SearchConfig,
        holes: &[Square],
    ) -> Result<Self, SetupError> {
        Self::build_route(board, route, config, holes, config.limits.deadline)
    }

    fn build(
        board: Board,
        start: Square,
        config: SearchConfig,
        holes: &[Square],
        deadline: Option<Instant>,
    ) -> Result<Self, SetupError> {
        let route = Route {
            prefix: &[start],
            end: None,
        };
        Self::build_route(board, route, config, holes, deadline)
    }

    fn build_route(
        board: Board,
        route: Route<'_>,
        config: SearchConfig,
        holes: &[Square],
        deadline: Option<Instant>,
    ) -> Result<Self, SetupError> {
        if !Self::takes(config.piece) {
            return Err(SetupError::TooManyMoves {
                piece: config.piece,
            });
        }
        let Route { prefix, end } = route;
        let &start = prefix.first().expect("a route has a start");
        for &square in prefix.iter().chain(holes).chain(&end) {
            assert!(board.contains(square), "{square} is off the {board} board");
        }
        assert!(!holes.contains(&start), "the start {start} is a hole");
        assert!(
            end.is_none_or(|end| !prefix.contains(&end) && !config.closed),
            "an end is off the prefix, and a closed tour has none"
        );
        let (width, _) = setup::padded_size(board, config.piece);
        let moves = config.piece.moves();
        let Storage {
            cells,
            path,
            frames,
            connectivity,
        } = Storage::reserve(board, &config, deadline)?;
        let mut search = Self {
            board,
            config,
            width,
            border: border(config.piece),
            offsets: Self::offsets(&moves, width),
            deltas: Self::deltas(&moves),
            move_count: moves.len(),
            cells,
            path,
            frames,
            start_exits: 0,
            anchored: config.closed || end.is_some(),
            end: None,
            lead: 0,
            dead: None,
            rules: Rules::of(board, route, &config),
            scratch: ScratchCell::default(),
            area: 0,
            stats: SearchStats::default(),
            phase: Phase::Running,
            connectivity,
        };
        search.initialise(prefix, holes, end, deadline)?;
        Ok(search)
    }

    /// Sets up the board with `holes` cut out and the end kept for last, and puts the
    /// `prefix` on the path, its last square the head.
    fn initialise(
        &mut self,
        prefix: &[Square],
        holes: &[Square],
        end: Option<Square>,
        deadline: Option<Instant>,
    ) -> Result<(), SetupError> {
        self.set_degrees(deadline).map_err(SetupError::Stopped)?;
        self.area = self.board.area() as u32;
        for &hole in holes {
            let cell = self.cell_of(hole);
            if self.cells[cell] & BLOCKED == 0 {
                self.visit(cell);
                self.area -= 1;
            }
        }
        if let Some(end) = end {
            // The end is blocked like a visited square, so that no move enters it early; its
            // free neighbours are where the path must end.
            let cell = self.cell_of(end);
            self.visit(cell);
            self.area -= 1;
            self.end = Some(cell as u32);
            self.mark_near_start(cell);
        } else if self.config.closed {
            self.mark_near_start(self.cell_of(prefix[0]));
        }
        let mut around = Neighbourhood::default();
        for &square in prefix {
            let cell = self.cell_of(square);
            around = self.visit(cell);
            self.path.push(cell as u32);
        }
        self.lead = prefix.len() - 1;
        let head = *self.path.last().expect("a route has a start") as usize;
        self.stats.nodes = 1;
        self.stats.max_depth = self.path.len() as u32;
        let remaining = self.area as usize - self.path.len();
        let stranded = if !self.config.pruning {
            Ok(0)
        } else if self.anchored && self.start_exits == 0 && remaining > 0 {
            Err(DeadPosition::NoWayToEnd)
        } else if self.connectivity.is_some() && !self.is_connected_beyond(head, deadline)? {
            Err(DeadPosition::Split(self.config.piece))
        } else {
            self.initial_stranded(head, deadline)
                .map_err(SetupError::Stopped)?
        };
        let frame = match stranded {
            Ok(stranded) => self.frame_for(head, stranded, around),
            Err(dead) => {
                self.dead = Some(dead);
                Frame::default()
            }
        };
        self.frames.push(frame);
        Ok(())
    }

    /// The next event of the search.
    pub fn step(&mut self) -> SearchEvent {
        let raw = self.step_raw();
        self.public_event(raw)
    }

    #[inline]
    fn step_raw(&mut self) -> Raw {
        match self.phase {
            Phase::Finished(raw) => return raw,
            Phase::Running if self.path.len() as u32 == self.area && self.closes() => {
                self.phase = Phase::SolvedReported;
                return Raw::Solved;
            }
            Phase::Running | Phase::SolvedReported => {}
        }
        let top = self.frames.len() - 1;
        let frame = self.frames[top];
        let untried = frame.candidates & !frame.tried;
        if untried != 0 {
            return self.advance(top, frame, untried);
        }
        if self.path.len() == self.lead + 1 {
            self.phase = Phase::Finished(Raw::Exhausted);
            return Raw::Exhausted;
        }
        if !self.config.backtracking {
            self.phase = Phase::Finished(Raw::Stuck);
            return Raw::Stuck;
        }
        self.backtrack(&frame)
    }

    /// Takes the next of the `untried` moves of `frame`, the head's frame at `top`, unless a
    /// limit has run out.
    #[inline(always)]
    fn advance(&mut self, top: usize, frame: Frame, untried: MoveSet) -> Raw {
        if let Some(limit) = self.limit_reached() {
            return Raw::BudgetExceeded(limit);
        }
        let head = *self.path.last().expect("the start stays") as usize;
        let k = self.next_move(head, untried);
        self.frames[top].tried |= 1 << k;
        let to = self.neighbour(head, k);
        let is_one = u8::from(self.cells[to] & DEGREE == 1);
        let around = self.visit(to);
        self.path.push(to as u32);
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(self.path.len() as u32);
        let stranded = if self.config.pruning {
            frame.stranded + frame.ones - is_one
        } else {
            0
        };
        let child = self.frame_for(to, stranded, around);
        if !self.config.backtracking && top == 1 {
            // A greedy pass keeps only the head's frame and the one before it.
            self.frames[0] = self.frames[1];
            self.frames[1] = child;
        } else {
            self.frames.push(child);
        }
        self.phase = Phase::Running;
        Raw::Advance
    }

    /// The limit that stops the next node, if one has run out.
    #[inline(always)]
    fn limit_reached(&self) -> Option<Limit> {
        if self.stats.nodes >= self.config.limits.node_budget {
            return Some(Limit::Nodes);
        }
        if let Some(deadline) = self.config.limits.deadline
            && self.stats.nodes.is_multiple_of(CLOCK_INTERVAL)
            && Instant::now() >= deadline
        {
            return Some(Limit::Deadline);
        }
        None
    }

    /// Takes back the head, whose frame is `frame`.
    #[inline(always)]
    fn backtrack(&mut self, frame: &Frame) -> Raw {
        let dead_end = frame.candidates == 0 && self.phase != Phase::SolvedReported;
        let undone = self.path.pop().expect("longer than the start") as usize;
        self.frames.pop();
        self.unvisit(undone);
        self.stats.backtracks += 1;
        self.phase = Phase::Running;
        Raw::Backtrack { undone, dead_end }
    }

    /// Steps until the run ends; returns the final event (`Solved`, `Exhausted`, `Stuck` or
    /// `BudgetExceeded`).
    pub fn run(&mut self) -> SearchEvent {
        loop {
            let raw = self.step_raw();
            if !matches!(raw, Raw::Advance | Raw::Backtrack { .. }) {
                return self.public_event(raw);
            }
        }
    }

    /// Counts the tours from the start by searching on after each one, until the tree is
    /// exhausted (`Ok`) or a limit runs out (`Err`, with the count so far).
    pub fn count_tours(&mut self) -> Result<u64, (Limit, u64)> {
        let mut count = 0;
        loop {
            match self.step_raw() {
                Raw::Advance | Raw::Backtrack { .. } => {}
                Raw::Solved => count += 1,
                Raw::Exhausted | Raw::Stuck => return Ok(count),
                Raw::BudgetExceeded(limit) => return Err((limit, count)),
            }
        }
    }

    /// Replaces the limits, so a run stopped by one can go on.
    pub fn set_limits(&mut self, limits: Limits) {
        self.config.limits = limits;
    }

    /// The board searched.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The configuration.
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Counters so far.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Squares on the path now, the start included.
    pub fn depth(&self) -> u32 {
        self.path.len() as u32
    }

    /// The first square of the path.
    pub fn start(&self) -> Square {
        self.square_of(self.path[0] as usize)
    }

    /// The square the tour must end on, when one was asked for: kept off the path until the
    /// tour is whole ([`Search::tour`] ends on it).
    pub fn end(&self) -> Option<Square> {
        self.end.map(|cell| self.square_of(cell as usize))
    }

    /// What ruled out every tour before the first step, when one of the pruning's rules did:
    /// the search then reports [`SearchEvent::Exhausted`] at once.
    pub fn dead_position(&self) -> Option<DeadPosition> {
        self.dead
    }

    /// The piece's square: the end of the path.
    pub fn head(&self) -> Square {
        self.square_of(*self.path.last().expect("the start stays") as usize)
    }

    /// The path, start first.
    pub fn path(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        self.path.iter().map(|&cell| self.square_of(cell as usize))
    }

    /// The head's candidates in the order they are tried, and which comes next.
    pub fn choices(&self) -> Choices {
        let head = *self.path.last().expect("the start stays") as usize;
        let frame = self.frames.last().copied().unwrap_or_default();
        self.choices_of(head, &frame)
    }

    /// The number of unvisited neighbours of an unvisited `square` (its Warnsdorff degree).
    pub fn degree(&self, square: Square) -> Option<u8> {
        let value = self.cells[self.cell_of(square)];
        (value & BLOCKED == 0).then_some(value & DEGREE)
    }

    /// The path as a validated tour, if it is one ([`TourError::OutOfMemory`] if the system
    /// refuses the memory for it).
    pub fn tour(&self) -> Result<Tour, TourError> {
        let mut indices = Vec::new();
        let len = self.path.len() + usize::from(self.end.is_some());
        indices
            .try_reserve_exact(len)
            .map_err(|_| TourError::OutOfMemory {
                board: self.board,
                bytes: (len * std::mem::size_of::<u32>()) as u64,
            })?;
        indices.extend(
            self.path
                .iter()
                .chain(&self.end)
                .map(|&cell| self.index_of(cell)),
        );
        Tour::with_piece(
            self.board,
            self.config.piece,
            indices,
            self.config.closed,
            Some(self.start()),
        )
    }

    /// The path as a validated tour, if it is one, made in the path's own memory: no more is
    /// asked of the system, so a tour that was found can always be had (the board's cells are
    /// given back first). `None` if `deadline` passes before the validator is done.
    pub fn into_tour(self, deadline: Option<Instant>) -> Option<Result<Tour, TourError>> {
        let (start, board, piece, closed) = (
            self.start(),
            self.board,
            self.config.piece,
            self.config.closed,
        );
        let path = self.into_indices();
        Tour::new_within(board, piece, path, closed, Some(start), deadline)
    }

    /// The path, the end asked for last, as square numbers ([`Board::index`]), made in the
    /// path's own memory (the board's cells are given back first). It is not checked: a
    /// search of a board with holes gives it to the check of its shape.
    pub fn into_indices(self) -> Vec<u32> {
        let Search {
            board,
            width,
            border,
            cells,
            mut path,
            frames,
            connectivity,
            end,
            ..
        } = self;
        drop((cells, frames, connectivity));
        if let Some(end) = end {
            // The path's memory was reserved for every square, the end's included.
            path.push(end);
        }
        for cell in &mut path {
            *cell = index_of(*cell, width, board, border);
        }
        path
    }

    /// The square number ([`Board::index`]) of padded cell `cell`.
    fn index_of(&self, cell: u32) -> u32 {
        index_of(cell, self.width, self.board, self.border)
    }
}

/// The square number ([`Board::index`]) of padded cell `cell` of `board`, `width` cells wide
/// with a border `border` cells wide.
fn index_of(cell: u32, width: usize, board: Board, border: usize) -> u32 {
    let row = cell as usize / width;
    ((row - border) * board.cols() as usize + cell as usize - row * width - border) as u32
}
