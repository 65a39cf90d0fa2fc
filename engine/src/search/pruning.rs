//! Pruning: cutting branches that provably hold no tour, by looking at the head's neighbours
//! when a square is visited. It is sound: it only removes branches without a tour.
//!
//! - A path enters and leaves every square it passes through, so an unvisited square needs two
//!   ways in, or one if it is the last square ([`Passage`]). A square of degree 0 must be the
//!   very next and last square.
//! - A square of degree 1 that the piece moves away from can only be the tour's last square,
//!   and a tour has one last square ([`one_last_square`]), so forced moves follow.
//! - A closed tour's last square must be next to the start, so the search never takes the
//!   start's last free neighbour early. A tour asked to end on a square is searched the same
//!   way with that square as the anchor: it is kept off the path, the path must end next to
//!   it, and its last free neighbour is never taken early.
//! - Optionally, the unvisited squares must stay connected (see the `connectivity` module).
//!
//! [`Passage`] and [`one_last_square`] are shared with the construction's piece search.

use super::Search;
use super::state::{BLOCKED, NEAR_START, Neighbourhood};

/// What the ways still open into an unvisited square leave it: a path enters and leaves every
/// square it passes through, so a square needs two ways, or one if it is the path's last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Passage {
    /// No way in: no path covers the square.
    Dead,
    /// One way in: the square can only be the last.
    LastOnly,
    /// Two ways or more: the path can pass through.
    Through,
}

impl Passage {
    /// The passage a square with `ways` ways in still open has.
    #[inline]
    pub(crate) fn of(ways: usize) -> Self {
        match ways {
            0 => Self::Dead,
            1 => Self::LastOnly,
            _ => Self::Through,
        }
    }

    /// Whether the square can still be on the path, as its last square if `last`.
    #[inline]
    pub(crate) fn allows(self, last: bool) -> bool {
        match self {
            Self::Dead => false,
            Self::LastOnly => last,
            Self::Through => true,
        }
    }
}

/// A path has one last square.
const LAST_SQUARES: u32 = 1;

/// Whether `last_only` squares that can only be the last square leave a path possible: a path
/// has one last square.
#[inline]
pub(crate) fn one_last_square(last_only: u32) -> bool {
    last_only <= LAST_SQUARES
}

/// The candidates of one path square: bit `k` stands for move `k` of the piece
/// ([`Leaper::moves`](crate::leaper::Leaper::moves)). Their order is not stored: it is
/// computed when a move is taken (degrees are restored exactly on undo, so the order never
/// changes while the frame lives).
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

/// The forced-move form of the one-last-square rule: `last_only` squares can only be the last
/// square unless the head moves onto them now (those of `onto`), and `spare` of them may stay
/// so. One too many forces the head onto `onto`; more leave no tour.
#[inline(always)]
fn forced(candidates: u8, onto: u8, last_only: u32, spare: u32) -> u8 {
    if last_only <= spare {
        candidates
    } else if last_only == spare + 1 {
        candidates & onto
    } else {
        0
    }
}

/// The moves from a head with neighbours `around` that the pruning allows, `stranded` squares
/// away from it being last-only already and `remaining` squares left to visit.
#[inline(always)]
fn allowed_moves(
    anchored: bool,
    around: Neighbourhood,
    stranded: u8,
    remaining: u32,
    start_exits: u32,
) -> u8 {
    let Neighbourhood {
        open,
        zeros,
        ones,
        near,
    } = around;
    if zeros != 0 {
        // A square of degree 0 can only be entered from here, and then the tour ends.
        let last = zeros.count_ones() == 1 && remaining == 1;
        return if last { zeros } else { 0 };
    }
    // Leaving for a candidate strands every other degree-1 neighbour.
    let last_only = u32::from(stranded) + ones.count_ones();
    let mut candidates = forced(open, ones, last_only, LAST_SQUARES);
    if anchored {
        // The last square is next to the anchor (a closed tour's start, or the end asked
        // for): no far square may be left last-only.
        let far_ones = ones & !near;
        candidates = forced(candidates, far_ones, far_ones.count_ones(), 0);
        // Keep the anchor's last free neighbour for the last step.
        if start_exits == 1 && remaining > 1 {
            candidates &= !near;
        }
    }
    candidates
}

impl Search {
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
            let offsets = &self.offsets[..self.move_count];
            let path = &self.path;
            let open = |cell| cells[cell] & BLOCKED == 0;
            if connectivity.splits(head, around.open, path, offsets, open) {
                return frame;
            }
        }
        frame.candidates = around.open;
        frame.ones = around.ones.count_ones() as u8;
        if self.config.pruning {
            frame.candidates =
                allowed_moves(self.anchored, around, stranded, remaining, self.start_exits);
        }
        if self.anchored && remaining == 1 {
            frame.candidates &= around.near;
        }
        frame
    }

    /// Whether the current full path ends next to the anchor (a closed tour's start, or the
    /// end asked for), or no anchor is asked for.
    pub(super) fn closes(&self) -> bool {
        !self.anchored || {
            let head = *self.path.last().expect("the start stays") as usize;
            self.cells[head] & NEAR_START != 0
        }
    }
}
