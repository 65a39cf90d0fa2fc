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
//! - A piece with `a + b` odd changes colour at every move, so the square that must be last
//!   has a colour fixed by the number of squares left: a neighbour of the head left behind
//!   with one way in has the colour of the next square, and can be last only if an even
//!   number of squares follow the next. This rule (`parity`) is on for searches along a route
//!   (a partial tour, an end); the plain searches keep the trees, and so the node counts,
//!   they always had.
//! - Optionally, the unvisited squares must stay connected (see the `connectivity` module).
//! - The position's proofs (the `position` module: ways in, colours, forced moves, cut
//!   squares) rule out positions the rules above let through. Before the first step they can
//!   rule out the whole search; a backtracking search completing a partial tour on a board
//!   of at most `PROVING_SQUARES` squares, or of a piece other than the knight to an end on
//!   one of at most `PROVING_TO_END_SQUARES`, also runs them at every node (`proving`): a few
//!   passes over the board a node, which the trees they cut repay many times over where a
//!   greedy pass has failed.
//!
//! [`Passage`] and [`one_last_square`] are shared with the construction's piece search.

use super::state::{BLOCKED, MoveSet, NEAR_START, Neighbourhood};
use super::{Route, Search, SearchConfig};
use crate::board::Board;

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
    pub(super) candidates: MoveSet,
    /// Moves already taken from this square; the last of them leads to the next path square.
    pub(super) tried: MoveSet,
    /// Unvisited squares of degree 1 not next to this square: each must be the last square.
    pub(super) stranded: u8,
    /// This square's unvisited neighbours of degree 1 (they become stranded when it is left).
    pub(super) ones: u8,
}

/// The forced-move form of the one-last-square rule: `last_only` squares can only be the last
/// square unless the head moves onto them now (those of `onto`), and `spare` of them may stay
/// so. One too many forces the head onto `onto`; more leave no tour.
#[inline(always)]
fn forced(candidates: MoveSet, onto: MoveSet, last_only: u32, spare: u32) -> MoveSet {
    if last_only <= spare {
        candidates
    } else if last_only == spare + 1 {
        candidates & onto
    } else {
        0
    }
}

/// The most squares of a board on which a search completing a partial tour proves at every
/// node: the proofs take a few passes over the board, some microseconds on boards this large.
pub(super) const PROVING_SQUARES: u64 = 1024;

/// The most squares of a board on which a search of a piece other than the knight to an end
/// proves at every node. Such a search repays its proofs where it can exhaust its tree: the
/// split on the last square proves no tour from a start that way on boards of 224 to 342
/// squares, the (3,4)-leaper's 7×32 and the (4,5)-leaper's 9×38. On larger boards it finds
/// tours, if at all, where flipping finds them sooner; there a proof took about 30 µs on the
/// (4,5)-leaper's 18×39 (702 squares), against half a microsecond for a node without one, so
/// the searches toward the ends took nearly all of the wall time. From 3,17 flipping found a
/// tour after the same 8.7 M nodes in 124 s with them and in 5 s without; five other starts
/// took 10 to 22 s without them and had not been answered at 60 s with them.
pub(super) const PROVING_TO_END_SQUARES: u64 = 512;

/// The rules a search applies beyond those of the knight's plain searches (a bit each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Rules(u8);

impl Rules {
    /// The square that must be last keeps its colour: for a piece that changes colour, on a
    /// route (a partial tour, an end).
    const PARITY: u8 = 1;
    /// The position's proofs at every node: backtracking, completing a partial tour on a
    /// board of at most [`PROVING_SQUARES`] squares, or for a piece other than the knight to
    /// an end on one of at most [`PROVING_TO_END_SQUARES`]. (Other pieces' tours from a bare
    /// start are left to the flow's proofs and to flipping, which the search takes turns
    /// with.)
    const PROVING: u8 = 2;

    /// The rules of a search of `board` along `route` with `config`.
    pub(super) fn of(board: Board, route: Route<'_>, config: &SearchConfig) -> Self {
        if !config.pruning {
            return Self(0);
        }
        let partial = route.prefix.len() > 1;
        let to_end = route.end.is_some();
        let other_to_end = to_end && !config.piece.is_knight();
        let parity = config.piece.changes_colour() && (partial || to_end);
        let area = board.area();
        let proving = config.backtracking
            && ((partial && area <= PROVING_SQUARES)
                || (other_to_end && area <= PROVING_TO_END_SQUARES));
        Self((u8::from(parity) * Self::PARITY) | (u8::from(proving) * Self::PROVING))
    }

    /// Whether the square that must be last keeps its colour.
    pub(super) fn parity(self) -> bool {
        self.0 & Self::PARITY != 0
    }

    pub(super) fn proving(self) -> bool {
        self.0 & Self::PROVING != 0
    }

    /// The same rules without the proofs at every node.
    pub(super) fn without_proving(self) -> Self {
        Self(self.0 & !Self::PROVING)
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
) -> MoveSet {
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
        if self.rules != Rules(0) {
            frame.candidates = self.more_rules(frame.candidates, around.ones, remaining);
        }
        frame
    }

    /// The rules beyond the knight's plain searches' (see [`Rules`]) on the `candidates` of a
    /// head with neighbours of degree 1 `ones` and `remaining` squares left. With an even
    /// number left, a neighbour of degree 1 left behind has the next square's colour, and
    /// would have to be the last of the odd number of squares after the next, which has the
    /// other colour: so the head moves onto it. Out of line and cold, so that the searches
    /// without these rules branch past them.
    #[cold]
    #[inline(never)]
    fn more_rules(&mut self, candidates: MoveSet, ones: MoveSet, remaining: u32) -> MoveSet {
        let mut candidates = candidates;
        if self.rules.parity() && remaining.is_multiple_of(2) {
            candidates = forced(candidates, ones, ones.count_ones(), 0);
        }
        if self.rules.proving() && candidates != 0 && self.position_refuted() {
            candidates = 0;
        }
        candidates
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
