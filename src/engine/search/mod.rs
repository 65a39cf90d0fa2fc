//! The tour search: an explicit-stack state machine that advances one event at a time.
//!
//! The explorer pulls [`SearchEvent`]s one by one to animate them; the solver pulls them in a
//! tight loop ([`Search::run`]). It is the same code, so what the explorer shows is what the
//! solver does. No recursion: boards of millions of squares cannot overflow the stack.
//!
//! How it works:
//! - The board is stored with a two-square border, so the eight neighbours of a square are
//!   fixed offsets and never need a bounds check. Each cell holds a *blocked* bit (border or
//!   visited), a *near start* bit (closed tours) and its degree: the number of unvisited
//!   neighbours. Visiting a square decrements its unvisited neighbours; undoing it increments
//!   exactly the same ones back.
//! - Candidates are the head's unvisited neighbours, ordered by Warnsdorff's rule (fewest onward
//!   moves first; ties to the square farthest from the centre by integer squared distance, then
//!   the fixed order of [`KNIGHT_MOVES`]) or by the fixed order alone.
//! - Pruning (sound: it only removes branches without a tour): an unvisited square whose degree
//!   drops to 0 must be the very next and last square; a square of degree 1 that the knight
//!   moves away from can only be the tour's last square, and a tour has one last square, so
//!   forced moves follow. A closed tour's last square must be next to the start, so the search
//!   never takes the start's last free neighbour early.
//! - Budgets: a node budget and a wall-clock deadline end the run with
//!   [`SearchEvent::BudgetExceeded`], which is never confused with [`SearchEvent::Exhausted`]
//!   (the whole tree searched: a proof that no tour exists from the start).

mod connectivity;

use std::time::Instant;

use thiserror::Error;

use self::connectivity::Connectivity;

use crate::engine::board::{Board, KNIGHT_MOVES, Square};
use crate::engine::tour::{Tour, TourError};

/// Cell bit: border or visited.
const BLOCKED: u8 = 0x80;
/// Cell bit: a neighbour of the start (only set for closed tours).
const NEAR_START: u8 = 0x40;
/// Cell bits: the number of unvisited neighbours.
const DEGREE: u8 = 0x0f;
/// Width of the border around the board.
const BORDER: usize = 2;
/// How many nodes pass between two looks at the clock.
const CLOCK_INTERVAL: u64 = 1024;

/// How candidates are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveOrdering {
    /// Warnsdorff's rule with the deterministic tie-break.
    Warnsdorff,
    /// The fixed order of [`KNIGHT_MOVES`]: the naive baseline.
    Fixed,
}

/// Where a run stops even if it has not finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most nodes (squares placed, the start included) the run may expand.
    pub node_budget: u64,
    /// The moment the run must stop by.
    pub deadline: Option<Instant>,
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits {
        node_budget: u64::MAX,
        deadline: None,
    };
}

/// Which limit ended a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// The node budget.
    Nodes,
    /// The deadline.
    Deadline,
}

/// How a search behaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchConfig {
    /// Look for a closed tour.
    pub closed: bool,
    /// Candidate ordering.
    pub ordering: MoveOrdering,
    /// Prune branches that provably hold no tour, by looking at the head's neighbours.
    pub pruning: bool,
    /// Also prune branches that cut the unvisited squares in two (a flood fill that stops
    /// early; pays off in hard backtracking, not in enumeration or a greedy pass).
    pub connectivity: bool,
    /// Undo moves at dead ends; without it the search is one greedy pass.
    pub backtracking: bool,
    /// Node budget and deadline.
    pub limits: Limits,
    /// Which tie-break: 0 is the standard one (farthest from the centre, then the fixed move
    /// order; the fixed order alone for [`MoveOrdering::Fixed`]). Others rotate the move order,
    /// and 8 to 15 prefer squares nearest the centre, so that restarts explore other trees.
    pub variant: u8,
}

impl SearchConfig {
    /// Warnsdorff's rule, one greedy pass: no undo.
    pub fn greedy(closed: bool) -> Self {
        Self {
            closed,
            ordering: MoveOrdering::Warnsdorff,
            pruning: true,
            connectivity: false,
            backtracking: false,
            limits: Limits::NONE,
            variant: 0,
        }
    }

    /// Warnsdorff-ordered backtracking with pruning: complete, so it can prove no tour.
    pub fn backtracking(closed: bool) -> Self {
        Self {
            backtracking: true,
            connectivity: true,
            ..Self::greedy(closed)
        }
    }

    /// Plain backtracking in the fixed move order, without pruning: the baseline.
    pub fn naive(closed: bool) -> Self {
        Self {
            closed,
            ordering: MoveOrdering::Fixed,
            pruning: false,
            connectivity: false,
            backtracking: true,
            limits: Limits::NONE,
            variant: 0,
        }
    }

    /// The same configuration with other limits.
    pub fn with_limits(self, limits: Limits) -> Self {
        Self { limits, ..self }
    }
}

/// A candidate square with its Warnsdorff degree (its number of unvisited neighbours).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    /// The square.
    pub square: Square,
    /// Its unvisited neighbours when it was ranked.
    pub degree: u8,
}

/// The candidates of one square in the order the search tries them, and how far it has got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choices {
    items: [Candidate; 8],
    len: u8,
    next: u8,
}

impl Choices {
    /// All candidates, in the order they are tried.
    pub fn all(&self) -> &[Candidate] {
        &self.items[..usize::from(self.len)]
    }

    /// Candidates already tried (the last of them is the one on the path, if any).
    pub fn tried(&self) -> &[Candidate] {
        &self.items[..usize::from(self.next)]
    }

    /// The candidate the next advance from this square will take.
    pub fn next(&self) -> Option<Candidate> {
        self.all().get(usize::from(self.next)).copied()
    }

    /// Whether the square has no candidates at all: a dead end.
    pub fn is_dead_end(&self) -> bool {
        self.len == 0
    }
}

/// One step of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEvent {
    /// The knight moved from `from` to `to`; `choices` are `from`'s candidates, the last tried
    /// being `to`. `depth` is the path length after the move.
    Advance {
        /// The square moved from.
        from: Square,
        /// The square moved to.
        to: Square,
        /// Squares on the path now.
        depth: u32,
        /// The candidates of `from`, with degrees, in the order tried.
        choices: Choices,
    },
    /// The knight took back its last move: `undone` is unvisited again and `to` is the head.
    Backtrack {
        /// The square taken off the path.
        undone: Square,
        /// The head after the undo.
        to: Square,
        /// Whether `undone` had no candidates at all (a dead end) rather than none left.
        dead_end: bool,
    },
    /// The path is a tour (closed if asked). Stepping again searches on for the next one.
    Solved,
    /// Every branch has been searched: no (further) tour from this start. A proof when the
    /// search backtracks.
    Exhausted,
    /// A greedy pass reached a dead end. Not a proof.
    Stuck,
    /// A limit ran out. Raise it with [`Search::set_limits`] to go on.
    BudgetExceeded(Limit),
}

impl SearchEvent {
    /// Whether the run is over (stepping again repeats the event, except after `Solved`).
    pub fn is_final(&self) -> bool {
        !matches!(self, Self::Advance { .. } | Self::Backtrack { .. })
    }
}

/// Counters of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Squares placed, the start included.
    pub nodes: u64,
    /// Moves taken back.
    pub backtracks: u64,
    /// The longest path reached.
    pub max_depth: u32,
}

/// The largest centre distance a sort key holds (44 bits): exact for boards up to a million
/// squares a side; beyond, distances saturate and only the move order breaks their ties.
const MAX_DISTANCE: u64 = (1 << 44) - 1;

/// Twice the offset of `row`, `col` from the centre of `board`, squared: an integer on every
/// board, saturated at [`MAX_DISTANCE`].
fn centre_distance(row: i64, col: i64, board: Board) -> u64 {
    // Sides are below 2^30, so each square is below 2^62 and the sum fits.
    let dr = (2 * row - i64::from(board.rows()) + 1).unsigned_abs();
    let dc = (2 * col - i64::from(board.cols()) + 1).unsigned_abs();
    (dr * dr + dc * dc).min(MAX_DISTANCE)
}

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

/// The candidates of one path square: bit `k` stands for move `k` of [`KNIGHT_MOVES`]. Their
/// order is not stored: it is computed when a move is taken (degrees are restored exactly on
/// undo, so the order never changes while the frame lives).
#[derive(Debug, Clone, Copy, Default)]
struct Frame {
    /// Moves the pruning allows from this square.
    candidates: u8,
    /// Moves already taken from this square; the last of them leads to the next path square.
    tried: u8,
    /// Unvisited squares of degree 1 not next to this square: each must be the last square.
    stranded: u8,
    /// This square's unvisited neighbours of degree 1 (they become stranded when it is left).
    ones: u8,
}

/// The unvisited neighbours of a square, as bit masks over the moves of [`KNIGHT_MOVES`].
#[derive(Debug, Clone, Copy, Default)]
struct Neighbourhood {
    /// Unvisited.
    open: u8,
    /// Unvisited with no unvisited neighbour left.
    zeros: u8,
    /// Unvisited with one unvisited neighbour left.
    ones: u8,
    /// Unvisited neighbours of the start (closed tours).
    near: u8,
}

/// Internal events: squares as padded cell numbers, so the batch loop converts nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Raw {
    Advance,
    Backtrack { undone: usize, dead_end: bool },
    Solved,
    Exhausted,
    Stuck,
    BudgetExceeded(Limit),
}

/// Where the run stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Running,
    /// `Solved` has been reported for the current full path.
    SolvedReported,
    Finished(Raw),
}

/// A knight's tour search on one board from one start; see the module docs.
#[derive(Debug, Clone)]
pub struct Search {
    board: Board,
    config: SearchConfig,
    width: usize,
    offsets: [isize; 8],
    cells: Vec<u8>,
    /// Padded cell numbers of the path, start first.
    path: Vec<u32>,
    /// One frame a path square when backtracking; the head's and the one before when greedy.
    frames: Vec<Frame>,
    /// Unvisited neighbours of the start (closed tours).
    start_exits: u32,
    /// Squares on the board.
    area: u32,
    stats: SearchStats,
    phase: Phase,
    /// Scratch space of the connectivity prune, when it is on.
    connectivity: Option<Connectivity>,
}

impl Search {
    /// A search of `board` from `start`, with the start already on the path.
    ///
    /// Panics if `start` is not on `board`; fails if the board is too large to search here.
    pub fn new(board: Board, start: Square, config: SearchConfig) -> Result<Self, CapacityError> {
        Self::with_holes(board, start, config, &[])
    }

    /// A search of `board` with the squares `holes` cut out: the tour it looks for covers every
    /// other square. [`Search::tour`] then fails (the board is not covered), but
    /// [`Search::path`] gives the path.
    ///
    /// Panics if `start` or a hole is off the board, or if `start` is a hole.
    pub fn with_holes(
        board: Board,
        start: Square,
        config: SearchConfig,
        holes: &[Square],
    ) -> Result<Self, CapacityError> {
        assert!(
            board.contains(start),
            "start {start} is off the {board} board"
        );
        assert!(!holes.contains(&start), "the start {start} is a hole");
        let width = board.cols() as usize + 2 * BORDER;
        let height = board.rows() as usize + 2 * BORDER;
        let padded = width as u64 * height as u64;
        let area = board.area();
        let with_connectivity = config.pruning && config.connectivity;
        let frame_slots = if config.backtracking { area } else { 2 };
        let bytes = padded * if with_connectivity { 5 } else { 1 }
            + 4 * area
            + std::mem::size_of::<Frame>() as u64 * frame_slots;
        let too_large = CapacityError { board, bytes };
        if padded > u64::from(u32::MAX) {
            return Err(too_large);
        }
        let mut cells = Vec::new();
        let mut path = Vec::new();
        let mut frames = Vec::new();
        cells
            .try_reserve_exact(padded as usize)
            .and_then(|()| path.try_reserve_exact(area as usize))
            .and_then(|()| frames.try_reserve_exact(frame_slots as usize))
            .map_err(|_| too_large)?;
        cells.resize(padded as usize, BLOCKED);
        let offsets = KNIGHT_MOVES.map(|(dr, dc)| dr as isize * width as isize + dc as isize);
        let mut search = Self {
            board,
            config,
            width,
            offsets,
            cells,
            path,
            frames,
            start_exits: 0,
            area: 0,
            stats: SearchStats::default(),
            phase: Phase::Running,
            connectivity: with_connectivity.then(|| Connectivity::new(padded as usize)),
        };
        search.initialise(start, holes);
        Ok(search)
    }

    fn initialise(&mut self, start: Square, holes: &[Square]) {
        // Bit k of a row's (column's) mask: move k stays within the rows (columns).
        let within = |index: u32, len: u32, delta: fn((i32, i32)) -> i32| {
            (0..8).fold(0u8, |mask, k| {
                let to = i64::from(index) + i64::from(delta(KNIGHT_MOVES[k]));
                mask | (u8::from((0..i64::from(len)).contains(&to)) << k)
            })
        };
        let (rows, cols) = (self.board.rows(), self.board.cols());
        let col_masks: Vec<u8> = (0..cols).map(|col| within(col, cols, |m| m.1)).collect();
        for (row, cells) in (0..rows).zip(self.board_rows()) {
            let row_mask = within(row, rows, |m| m.0);
            for (cell, col_mask) in self.cells[cells].iter_mut().zip(&col_masks) {
                *cell = (row_mask & col_mask).count_ones() as u8;
            }
        }
        self.area = self.board.area() as u32;
        for &hole in holes {
            let cell = self.cell_of(hole);
            if self.cells[cell] & BLOCKED == 0 {
                self.visit(cell);
                self.area -= 1;
            }
        }
        let start_cell = self.cell_of(start);
        if self.config.closed {
            for k in 0..8 {
                let neighbour = self.neighbour(start_cell, k);
                if self.cells[neighbour] & BLOCKED == 0 {
                    self.cells[neighbour] |= NEAR_START;
                    self.start_exits += 1;
                }
            }
        }
        let around = self.visit(start_cell);
        self.path.push(start_cell as u32);
        self.stats.nodes = 1;
        self.stats.max_depth = 1;
        let stranded = if !self.config.pruning {
            Some(0)
        } else if self.connectivity.is_some() && !self.is_connected_beyond(start_cell) {
            None
        } else {
            self.initial_stranded(start_cell)
        };
        let frame = match stranded {
            Some(stranded) => self.frame_for(start_cell, stranded, around),
            None => Frame::default(),
        };
        self.frames.push(frame);
    }

    /// The padded cell numbers of each board row.
    fn board_rows(&self) -> impl Iterator<Item = std::ops::Range<usize>> + use<> {
        let (width, cols) = (self.width, self.board.cols() as usize);
        (0..self.board.rows() as usize).map(move |row| {
            let first = (row + BORDER) * width + BORDER;
            first..first + cols
        })
    }

    /// Whether the unvisited squares, with the head, are connected: otherwise no path from the
    /// head covers them.
    fn is_connected_beyond(&self, head: usize) -> bool {
        let mut seen = vec![false; self.cells.len()];
        let mut queue = vec![head];
        seen[head] = true;
        let mut reached = 0u32;
        while let Some(cell) = queue.pop() {
            for k in 0..8 {
                let next = self.neighbour(cell, k);
                if !seen[next] && self.cells[next] & BLOCKED == 0 {
                    seen[next] = true;
                    reached += 1;
                    queue.push(next);
                }
            }
        }
        reached == self.area - self.path.len() as u32
    }

    /// Squares away from the start that can only be the last square, or `None` if the board
    /// already rules out every tour (a square no move can reach, or two forced last squares).
    fn initial_stranded(&self, start_cell: usize) -> Option<u8> {
        if self.area == 1 {
            return Some(0);
        }
        let near_head = |cell: usize| (0..8).any(|k| self.neighbour(start_cell, k) == cell);
        let mut stranded = 0u8;
        for cell in self.board_rows().flatten() {
            let value = self.cells[cell];
            if value & BLOCKED != 0 || value & DEGREE > 1 || near_head(cell) {
                continue;
            }
            let must_close = self.config.closed && value & NEAR_START == 0;
            if value & DEGREE == 0 || must_close || stranded == 1 {
                return None;
            }
            stranded = 1;
        }
        Some(stranded)
    }

    fn cell_of(&self, square: Square) -> usize {
        (square.row as usize + BORDER) * self.width + square.col as usize + BORDER
    }

    fn square_of(&self, cell: usize) -> Square {
        Square::new(
            (cell / self.width - BORDER) as u32,
            (cell % self.width - BORDER) as u32,
        )
    }

    #[inline(always)]
    fn neighbour(&self, cell: usize, k: usize) -> usize {
        cell.wrapping_add_signed(self.offsets[k])
    }

    /// Marks `cell` visited and takes it from its unvisited neighbours' degrees; returns those
    /// neighbours as they are now (the head's candidates, in one pass over the cells).
    #[inline(always)]
    fn visit(&mut self, cell: usize) -> Neighbourhood {
        self.cells[cell] |= BLOCKED;
        if self.cells[cell] & NEAR_START != 0 {
            self.start_exits -= 1;
        }
        let mut around = Neighbourhood::default();
        for k in 0..8 {
            let neighbour = self.neighbour(cell, k);
            let value = self.cells[neighbour];
            if value & BLOCKED == 0 {
                let value = value - 1;
                self.cells[neighbour] = value;
                let degree = value & DEGREE;
                around.open |= 1 << k;
                around.zeros |= u8::from(degree == 0) << k;
                around.ones |= u8::from(degree == 1) << k;
                around.near |= u8::from(value & NEAR_START != 0) << k;
            }
        }
        around
    }

    /// The exact inverse of [`Search::visit`].
    #[inline(always)]
    fn unvisit(&mut self, cell: usize) {
        self.cells[cell] &= !BLOCKED;
        if self.cells[cell] & NEAR_START != 0 {
            self.start_exits += 1;
        }
        for k in 0..8 {
            let neighbour = self.neighbour(cell, k);
            if self.cells[neighbour] & BLOCKED == 0 {
                self.cells[neighbour] += 1;
            }
        }
    }

    /// The candidates of `head`, just visited, given the squares already `stranded`.
    fn frame_for(&mut self, head: usize, stranded: u8, around: Neighbourhood) -> Frame {
        let mut frame = Frame {
            stranded,
            ..Frame::default()
        };
        let remaining = self.area - self.path.len() as u32;
        if remaining == 0 {
            return frame;
        }
        if let Some(connectivity) = &mut self.connectivity {
            let cells = &self.cells;
            if connectivity.splits(head, &self.offsets, |cell| cells[cell] & BLOCKED == 0) {
                return frame;
            }
        }
        let Neighbourhood {
            open,
            zeros,
            ones,
            near,
        } = around;
        frame.candidates = open;
        frame.ones = ones.count_ones() as u8;
        if self.config.pruning {
            if zeros != 0 {
                // A square of degree 0 can only be entered from here, and then the tour ends.
                let last = zeros.count_ones() == 1 && remaining == 1;
                frame.candidates = if last { zeros } else { 0 };
            } else {
                // Leaving for a candidate strands every other degree-1 neighbour, and a tour
                // has only one last square.
                match stranded + frame.ones {
                    0 | 1 => {}
                    2 => frame.candidates &= ones,
                    _ => frame.candidates = 0,
                }
                if self.config.closed {
                    // A closed tour's last square is next to the start.
                    let far_ones = ones & !near;
                    match far_ones.count_ones() {
                        0 => {}
                        1 => frame.candidates &= far_ones,
                        _ => frame.candidates = 0,
                    }
                    // Keep the start's last free neighbour for the last step.
                    if self.start_exits == 1 && remaining > 1 {
                        frame.candidates &= !near;
                    }
                }
            }
        }
        if self.config.closed && remaining == 1 {
            frame.candidates &= near;
        }
        frame
    }

    /// The sort key of move `k` from `head`: fewest onward moves first, then farthest from the
    /// centre (nearest, for variants 8 to 15), then the move order (rotated by the variant).
    /// The move itself rides in the low bits.
    #[inline]
    fn move_key(&self, head: (i64, i64), k: usize, degree: u8) -> u64 {
        let variant = usize::from(self.config.variant);
        let mut key = (((k + variant) % 8) << 4 | k) as u64;
        if self.config.ordering == MoveOrdering::Warnsdorff {
            let (dr, dc) = KNIGHT_MOVES[k];
            let distance =
                centre_distance(head.0 + i64::from(dr), head.1 + i64::from(dc), self.board);
            let rank = if variant & 8 == 0 {
                MAX_DISTANCE - distance
            } else {
                distance
            };
            key |= u64::from(degree) << 56 | rank << 8;
        }
        key
    }

    fn row_col(&self, cell: usize) -> (i64, i64) {
        let row = cell / self.width;
        (
            (row - BORDER) as i64,
            (cell - row * self.width - BORDER) as i64,
        )
    }

    /// The untried candidate to take next: the one with the smallest key.
    #[inline]
    fn next_move(&self, head: usize, untried: u8) -> usize {
        if untried.is_power_of_two() {
            return untried.trailing_zeros() as usize;
        }
        if self.config.ordering == MoveOrdering::Fixed {
            // Scan in the move order rotated by the variant.
            let first = (8 - usize::from(self.config.variant) % 8) % 8;
            let rotated = untried.rotate_right(first as u32);
            return (rotated.trailing_zeros() as usize + first) % 8;
        }
        // Fewest onward moves first; the full key only among the moves that tie on it.
        let mut fewest = u8::MAX;
        let mut tied = 0u8;
        let mut bits = untried;
        while bits != 0 {
            let k = bits.trailing_zeros();
            bits &= bits - 1;
            let degree = self.cells[self.neighbour(head, k as usize)] & DEGREE;
            if degree < fewest {
                (fewest, tied) = (degree, 1 << k);
            } else if degree == fewest {
                tied |= 1 << k;
            }
        }
        if tied.is_power_of_two() {
            return tied.trailing_zeros() as usize;
        }
        let position = self.row_col(head);
        let mut best = u64::MAX;
        while tied != 0 {
            let k = tied.trailing_zeros() as usize;
            tied &= tied - 1;
            best = best.min(self.move_key(position, k, fewest));
        }
        (best & 0x0f) as usize
    }

    /// The next event of the search.
    pub fn step(&mut self) -> SearchEvent {
        let raw = self.step_raw();
        self.public_event(raw)
    }

    fn public_event(&self, raw: Raw) -> SearchEvent {
        match raw {
            Raw::Advance => {
                let depth = self.path.len();
                let to = self.path[depth - 1] as usize;
                let from = self.path[depth - 2] as usize;
                let frame = self.frames[self.frames.len() - 2];
                SearchEvent::Advance {
                    from: self.square_of(from),
                    to: self.square_of(to),
                    depth: depth as u32,
                    choices: self.choices_of(from, &frame),
                }
            }
            Raw::Backtrack { undone, dead_end } => SearchEvent::Backtrack {
                undone: self.square_of(undone),
                to: self.square_of(*self.path.last().expect("the start stays") as usize),
                dead_end,
            },
            Raw::Solved => SearchEvent::Solved,
            Raw::Exhausted => SearchEvent::Exhausted,
            Raw::Stuck => SearchEvent::Stuck,
            Raw::BudgetExceeded(limit) => SearchEvent::BudgetExceeded(limit),
        }
    }

    fn choices_of(&self, head: usize, frame: &Frame) -> Choices {
        let position = self.row_col(head);
        let mut keys = [0u64; 8];
        let mut len = 0;
        for k in (0..8).filter(|&k| frame.candidates & (1 << k) != 0) {
            let degree = self.cells[self.neighbour(head, k)] & DEGREE;
            keys[len] = self.move_key(position, k, degree);
            len += 1;
        }
        keys[..len].sort_unstable();
        let mut choices = Choices {
            items: [Candidate {
                square: Square::new(0, 0),
                degree: 0,
            }; 8],
            len: len as u8,
            next: frame.tried.count_ones() as u8,
        };
        for (item, key) in choices.items.iter_mut().zip(&keys[..len]) {
            let cell = self.neighbour(head, (key & 0x0f) as usize);
            *item = Candidate {
                square: self.square_of(cell),
                degree: self.cells[cell] & DEGREE,
            };
        }
        choices
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
            if self.stats.nodes >= self.config.limits.node_budget {
                return Raw::BudgetExceeded(Limit::Nodes);
            }
            if let Some(deadline) = self.config.limits.deadline
                && self.stats.nodes.is_multiple_of(CLOCK_INTERVAL)
                && Instant::now() >= deadline
            {
                return Raw::BudgetExceeded(Limit::Deadline);
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
            return Raw::Advance;
        }
        if self.path.len() == 1 {
            self.phase = Phase::Finished(Raw::Exhausted);
            return Raw::Exhausted;
        }
        if !self.config.backtracking {
            self.phase = Phase::Finished(Raw::Stuck);
            return Raw::Stuck;
        }
        let dead_end = frame.candidates == 0 && self.phase != Phase::SolvedReported;
        let undone = self.path.pop().expect("longer than the start") as usize;
        self.frames.pop();
        self.unvisit(undone);
        self.stats.backtracks += 1;
        self.phase = Phase::Running;
        Raw::Backtrack { undone, dead_end }
    }

    /// Whether the current full path closes, or no closure is asked for.
    fn closes(&self) -> bool {
        !self.config.closed || {
            let head = *self.path.last().expect("the start stays") as usize;
            self.cells[head] & NEAR_START != 0
        }
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

    /// The knight's square: the end of the path.
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

    /// Whether `square` is on the path.
    pub fn is_visited(&self, square: Square) -> bool {
        self.cells[self.cell_of(square)] & BLOCKED != 0
    }

    /// The number of unvisited neighbours of an unvisited `square` (its Warnsdorff degree).
    pub fn degree(&self, square: Square) -> Option<u8> {
        let value = self.cells[self.cell_of(square)];
        (value & BLOCKED == 0).then_some(value & DEGREE)
    }

    /// The path as a validated tour, if it is one.
    pub fn tour(&self) -> Result<Tour, TourError> {
        let (width, cols) = (self.width, self.board.cols() as usize);
        let indices = self
            .path
            .iter()
            .map(|&cell| {
                let row = cell as usize / width;
                ((row - BORDER) * cols + cell as usize - row * width - BORDER) as u32
            })
            .collect();
        Tour::new(self.board, indices, self.config.closed, Some(self.start()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: u64, cols: u64) -> Board {
        Board::new(rows, cols).unwrap()
    }

    fn degrees(search: &Search) -> Vec<Option<u8>> {
        search.board().squares().map(|s| search.degree(s)).collect()
    }

    #[test]
    fn greedy_warnsdorff_tours_the_chessboard_in_64_nodes() {
        let mut search =
            Search::new(board(8, 8), Square::new(0, 0), SearchConfig::greedy(false)).unwrap();
        assert_eq!(search.run(), SearchEvent::Solved);
        assert_eq!(search.stats().nodes, 64);
        assert_eq!(search.stats().backtracks, 0);
        search.tour().unwrap();
    }

    #[test]
    fn undo_restores_every_degree_exactly() {
        let chess = board(6, 6);
        let mut search = Search::new(chess, Square::new(0, 0), SearchConfig::naive(false)).unwrap();
        let mut snapshots = vec![degrees(&search)];
        for _ in 0..2000 {
            match search.step() {
                SearchEvent::Advance { .. } => snapshots.push(degrees(&search)),
                SearchEvent::Backtrack { .. } => {
                    snapshots.pop();
                    assert_eq!(snapshots.last(), Some(&degrees(&search)));
                }
                other => panic!("unexpected {other:?}"),
            }
            assert_eq!(snapshots.len() as u32, search.depth());
        }
    }

    #[test]
    fn advance_events_report_the_choice_with_degrees() {
        let chess = board(8, 8);
        let mut search =
            Search::new(chess, Square::new(0, 0), SearchConfig::backtracking(false)).unwrap();
        let before = search.choices();
        let SearchEvent::Advance {
            from,
            to,
            depth,
            choices,
        } = search.step()
        else {
            panic!("expected an advance");
        };
        assert_eq!((from, depth), (Square::new(0, 0), 2));
        assert_eq!(choices.all(), before.all());
        assert_eq!(choices.tried().last().map(|c| c.square), Some(to));
        let degrees: Vec<u8> = choices.all().iter().map(|c| c.degree).collect();
        assert!(degrees.is_sorted(), "{degrees:?}");
        for candidate in choices.all() {
            let unvisited = chess
                .neighbours(candidate.square)
                .filter(|&n| n != Square::new(0, 0))
                .count();
            assert_eq!(usize::from(candidate.degree), unvisited);
        }
    }

    #[test]
    fn exhaustive_search_proves_no_tour_from_a_bad_start() {
        // 3x4 has open tours, but none from its centre-left square 1,1 (row 1 is the middle).
        let small = board(3, 4);
        let mut search =
            Search::new(small, Square::new(1, 1), SearchConfig::backtracking(false)).unwrap();
        assert_eq!(search.run(), SearchEvent::Exhausted);
        let mut naive = Search::new(small, Square::new(1, 1), SearchConfig::naive(false)).unwrap();
        assert_eq!(naive.run(), SearchEvent::Exhausted);
    }

    #[test]
    fn budgets_stop_a_run_without_claiming_no_tour() {
        let config = SearchConfig::naive(false).with_limits(Limits {
            node_budget: 1000,
            deadline: None,
        });
        let mut search = Search::new(board(8, 8), Square::new(0, 0), config).unwrap();
        assert_eq!(search.run(), SearchEvent::BudgetExceeded(Limit::Nodes));
        assert_eq!(search.stats().nodes, 1000);
        search.set_limits(Limits {
            node_budget: 2000,
            deadline: None,
        });
        assert_eq!(search.run(), SearchEvent::BudgetExceeded(Limit::Nodes));
        assert_eq!(search.stats().nodes, 2000);
    }
}
