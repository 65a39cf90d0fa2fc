//! Pruning: the branches the search need not try, because they provably hold no tour. An
//! unvisited square whose degree drops to 0 must be the very next and last square; a square of
//! degree 1 that the knight moves away from can only be the tour's last square, and a tour has
//! one last square, so forced moves follow. A closed tour's last square must be next to the
//! start, so the search never takes the start's last free neighbour early. With the
//! connectivity prune ([`connectivity`](super::connectivity)), a move that cuts the unvisited
//! squares in two ends its branch.

use super::Search;
use super::state::{BLOCKED, DEGREE, NEAR_START, Neighbourhood};

/// The candidates of one path square: bit `k` stands for move `k` of [`KNIGHT_MOVES`]. Their
/// order is not stored: it is computed when a move is taken (degrees are restored exactly on
/// undo, so the order never changes while the frame lives).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Frame {
    /// Moves the pruning allows from this square.
    pub(super) candidates: u8,
    /// Moves already taken from this square; the last of them leads to the next path square.
    pub(super) tried: u8,
    /// Unvisited squares of degree 1 not next to this square: each must be the last square.
    pub(super) stranded: u8,
    /// This square's unvisited neighbours of degree 1 (they become stranded when it is left).
    pub(super) ones: u8,
}

impl Search {
    /// Whether the unvisited squares, with the head, are connected: otherwise no path from the
    /// head covers them.
    pub(super) fn is_connected_beyond(&self, head: usize) -> bool {
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
    pub(super) fn initial_stranded(&self, start_cell: usize) -> Option<u8> {
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

    /// The candidates of `head`, just visited, given the squares already `stranded`.
    pub(super) fn frame_for(&mut self, head: usize, stranded: u8, around: Neighbourhood) -> Frame {
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
}
