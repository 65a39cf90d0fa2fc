//! Setting a search up on its board: the memory a search needs ([`Search::memory_needed`]),
//! reserved up front and fallibly, so that a board too large is an error and not an abort;
//! then the cells filled, their degrees set, the start's connectivity and its stranded squares
//! checked, a band of rows at a time with a look at the deadline between bands, so that even
//! the setup of a board of 10^9 squares stops in time.

use std::time::Instant;

use thiserror::Error;

use super::connectivity::Connectivity;
use super::pruning::{Frame, Passage, one_last_square};
use super::state::{BLOCKED, DEGREE, MoveSet, NEAR_START, border};
use super::{CapacityError, DeadPosition, Limit, Search, SearchConfig};
use crate::board::Board;
use crate::leaper::Leaper;

/// About how many cells are set up between two looks at the clock (a millisecond or less).
pub(super) const CELLS_PER_LOOK: usize = 1 << 20;

/// Why a search could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The board does not fit in memory.
    #[error(transparent)]
    Capacity(#[from] CapacityError),
    /// The deadline passed while the board was being set up.
    #[error("the deadline passed while the board was being set up")]
    Stopped(Limit),
    /// The piece has more moves than this search keeps a square's moves for
    /// ([`Search::MAX_MOVES`]): ask another search (`shape::clued`).
    #[error("the {piece} has {moves} moves, more than the {most} this search takes", moves = piece.move_count(), most = Search::MAX_MOVES)]
    TooManyMoves {
        /// The piece.
        piece: Leaper,
    },
}

/// Whether `deadline` has passed.
pub(super) fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|deadline| Instant::now() >= deadline)
}

/// `Err(Limit::Deadline)` once `deadline` has passed.
pub(crate) fn check_clock(deadline: Option<Instant>) -> Result<(), Limit> {
    if past(deadline) {
        Err(Limit::Deadline)
    } else {
        Ok(())
    }
}

/// Grows `vec` (with room reserved) to `len` copies of `value`, a chunk at a time, looking at
/// the clock between chunks.
fn fill<T: Copy>(
    vec: &mut Vec<T>,
    len: usize,
    value: T,
    deadline: Option<Instant>,
) -> Result<(), Limit> {
    while vec.len() < len {
        check_clock(deadline)?;
        let next = (vec.len() + CELLS_PER_LOOK).min(len);
        vec.resize(next, value);
    }
    Ok(())
}

/// The memory of a search, reserved up front so that a board too large fails cleanly.
pub(super) struct Storage {
    pub(super) cells: Vec<u8>,
    pub(super) path: Vec<u32>,
    pub(super) frames: Vec<Frame>,
    pub(super) connectivity: Option<Connectivity>,
}

/// The cells of `board` with the border `piece` needs: the width and the height.
pub(super) fn padded_size(board: Board, piece: Leaper) -> (usize, usize) {
    (
        board.cols() as usize + 2 * border(piece),
        board.rows() as usize + 2 * border(piece),
    )
}

impl Search {
    /// Bytes a search of `board` with `config` holds at its peak: a byte a cell (with the
    /// border), four more where the connectivity prune keeps its stamps, four bytes a square
    /// for the path (and, at the start, for the connectivity check's queue), and a frame a
    /// square when backtracking. The tour it finds is made from the path's own memory.
    pub fn memory_needed(board: Board, config: &SearchConfig) -> u64 {
        let (width, height) = padded_size(board, config.piece);
        let padded = width as u64 * height as u64;
        let area = board.area();
        let with_connectivity = config.pruning && config.connectivity;
        let frame_slots = if config.backtracking { area } else { 2 };
        let (per_cell, queue) = if with_connectivity {
            (5, 4 * area)
        } else {
            (1, 0)
        };
        padded * per_cell + 4 * area + queue + std::mem::size_of::<Frame>() as u64 * frame_slots
    }
}

impl Storage {
    /// The memory to search `board` with `config`, the cells blocked (their degrees are set
    /// next): refused if it cannot be had, stopped if `deadline` passes while it is filled.
    pub(super) fn reserve(
        board: Board,
        config: &SearchConfig,
        deadline: Option<Instant>,
    ) -> Result<Self, SetupError> {
        let (width, height) = padded_size(board, config.piece);
        let padded = width as u64 * height as u64;
        let area = board.area();
        let with_connectivity = config.pruning && config.connectivity;
        let frame_slots = if config.backtracking { area } else { 2 };
        let too_large = CapacityError {
            board,
            bytes: Search::memory_needed(board, config),
        };
        if padded > u64::from(u32::MAX) {
            return Err(too_large.into());
        }
        let mut storage = Self {
            cells: Vec::new(),
            path: Vec::new(),
            frames: Vec::new(),
            connectivity: None,
        };
        storage
            .cells
            .try_reserve_exact(padded as usize)
            .and_then(|()| storage.path.try_reserve_exact(area as usize))
            .and_then(|()| storage.frames.try_reserve_exact(frame_slots as usize))
            .map_err(|_| too_large.clone())?;
        if with_connectivity {
            let mut stamps = Vec::new();
            stamps
                .try_reserve_exact(padded as usize)
                .map_err(|_| too_large)?;
            fill(&mut stamps, padded as usize, 0, deadline).map_err(SetupError::Stopped)?;
            storage.connectivity = Some(Connectivity::with_stamps(stamps));
        }
        fill(&mut storage.cells, padded as usize, BLOCKED, deadline)
            .map_err(SetupError::Stopped)?;
        Ok(storage)
    }
}

impl Search {
    /// Rows of the board set up between two looks at the clock.
    pub(super) fn rows_per_look(&self) -> usize {
        (CELLS_PER_LOOK / self.width).max(1)
    }

    /// Whether the unvisited squares, with `head`, are connected (otherwise no path from the
    /// head covers them): a flood fill over the board, marking the cells it reaches blocked
    /// (every bit of a cell is in use), and unblocking them again: the queue holds them all.
    /// Its queue is asked for, not assumed.
    pub(super) fn is_connected_beyond(
        &mut self,
        head: usize,
        deadline: Option<Instant>,
    ) -> Result<bool, SetupError> {
        let open = self.area as usize - self.path.len();
        let mut queue: Vec<u32> = Vec::new();
        queue
            .try_reserve_exact(open + 1)
            .map_err(|_| CapacityError {
                board: self.board,
                bytes: Search::memory_needed(self.board, &self.config),
            })?;
        // The head is on the path, so blocked already, and stays so.
        queue.push(head as u32);
        let mut next_look = CELLS_PER_LOOK;
        let mut stopped = None;
        let mut at = 0;
        while at < queue.len() {
            if at == next_look {
                next_look += CELLS_PER_LOOK;
                if let Err(limit) = check_clock(deadline) {
                    stopped = Some(limit);
                    break;
                }
            }
            let cell = queue[at] as usize;
            at += 1;
            for k in 0..self.move_count {
                let next = self.neighbour(cell, k);
                if self.cells[next] & BLOCKED == 0 {
                    self.cells[next] |= BLOCKED;
                    queue.push(next as u32);
                }
            }
        }
        for &cell in &queue[1..] {
            self.cells[cell as usize] &= !BLOCKED;
        }
        match stopped {
            Some(limit) => Err(SetupError::Stopped(limit)),
            None => Ok(queue.len() - 1 == open),
        }
    }

    /// Gives every board cell its degree on the empty board (the border stays blocked).
    pub(super) fn set_degrees(&mut self, deadline: Option<Instant>) -> Result<(), Limit> {
        // Bit k of a row's (column's) mask: move k stays within the rows (columns).
        let moves = self.config.piece.moves();
        let within = |index: u32, len: u32, leg: fn((i32, i32)) -> i32| {
            moves
                .as_slice()
                .iter()
                .enumerate()
                .fold(0, |mask: MoveSet, (k, &delta)| {
                    let to = i64::from(index) + i64::from(leg(delta));
                    mask | (MoveSet::from((0..i64::from(len)).contains(&to)) << k)
                })
        };
        let (rows, cols) = (self.board.rows(), self.board.cols());
        let edge = |col: u32| within(col, cols, |m| m.1);
        // Only the `border` columns at each side lose moves: their masks, made once; the rest
        // have all the moves their row allows.
        let border = self.border as u32;
        let narrow = cols <= 2 * border;
        let mut edges = [(0usize, 0 as MoveSet); 2 * Leaper::MAX_LEG as usize];
        let edges = if narrow {
            &mut edges[..0]
        } else {
            let columns = (0..border).chain(cols - border..cols);
            for (slot, col) in edges.iter_mut().zip(columns) {
                *slot = (col as usize, edge(col));
            }
            &mut edges[..2 * border as usize]
        };
        let rows_per_look = self.rows_per_look();
        for (row, cells) in (0..rows).zip(self.board_rows()) {
            if (row as usize).is_multiple_of(rows_per_look) {
                check_clock(deadline)?;
            }
            let row_mask = within(row, rows, |m| m.0);
            let line = &mut self.cells[cells];
            if narrow {
                for (col, cell) in (0..cols).zip(line.iter_mut()) {
                    *cell = (row_mask & edge(col)).count_ones() as u8;
                }
                continue;
            }
            line.fill(row_mask.count_ones() as u8);
            for &(col, column_mask) in edges.iter() {
                line[col] = (row_mask & column_mask).count_ones() as u8;
            }
        }
        Ok(())
    }

    /// Whether `cell` has the colour of the last square of a path from `head` over the
    /// squares left, for a piece that changes colour at every move.
    fn may_be_last(&self, head: usize, cell: usize) -> bool {
        let (row, col) = self.row_col(cell);
        let (head_row, head_col) = self.row_col(head);
        let left = u64::from(self.area) - self.path.len() as u64;
        (row + col - head_row - head_col).rem_euclid(2) == (left % 2) as i64
    }

    /// Squares away from the head that can only be the last square, or why the position
    /// already rules out every tour (a square no move can reach, two forced last squares, or
    /// a forced last square where the tour cannot end).
    pub(super) fn initial_stranded(
        &self,
        head: usize,
        deadline: Option<Instant>,
    ) -> Result<Result<u8, DeadPosition>, Limit> {
        if self.area as usize == self.path.len() {
            return Ok(Ok(0));
        }
        let near_head = |cell: usize| (0..self.move_count).any(|k| self.neighbour(head, k) == cell);
        let mut last_only: Option<usize> = None;
        let mut stranded = 0u8;
        let rows_per_look = self.rows_per_look();
        for (row, cells) in self.board_rows().enumerate() {
            if row.is_multiple_of(rows_per_look) {
                check_clock(deadline)?;
            }
            for cell in cells {
                let value = self.cells[cell];
                if value & BLOCKED != 0 {
                    continue;
                }
                // Nearly every square passes; the head's neighbours are looked at by its frame.
                let passage = Passage::of(usize::from(value & DEGREE));
                if passage == Passage::Through || near_head(cell) {
                    continue;
                }
                let square = self.square_of(cell);
                match passage {
                    Passage::Through => {}
                    Passage::Dead => return Ok(Err(DeadPosition::Unreachable(square))),
                    Passage::LastOnly => {
                        if self.anchored && value & NEAR_START == 0 {
                            return Ok(Err(DeadPosition::LastElsewhere(square)));
                        }
                        if let Some(first) = last_only
                            && !one_last_square(u32::from(stranded) + 1)
                        {
                            let first = self.square_of(first);
                            return Ok(Err(DeadPosition::TwoLast(first, square)));
                        }
                        last_only = Some(cell);
                        stranded += 1;
                    }
                }
            }
        }
        if let Some(last) = last_only
            && self.rules.parity()
            && !self.anchored
            && !self.may_be_last(head, last)
        {
            let left = u64::from(self.area) - self.path.len() as u64;
            let square = self.square_of(last);
            return Ok(Err(DeadPosition::LastColour { square, left }));
        }
        Ok(Ok(stranded))
    }
}
