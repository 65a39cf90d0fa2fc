//! One square taken from one state, without the layers around it: what `count::dataflow`
//! wraps for a count whose frontier lives in several processes. The plan and the step are the
//! frontier count's own; only the words a state is kept in cross this boundary.

use super::Stopped;
use super::cells::Cells;
use super::plan::Plan;
use super::step::{Next, successors};
use super::word::Word;
use crate::board::{Board, Square};
use crate::leaper::Leaper;

/// The plan of one count, and its step for one state at a time.
#[derive(Debug, Clone)]
pub(in crate::count) struct OneStep {
    plan: Plan,
    closed: bool,
}

impl OneStep {
    /// The steps of a count of `piece`'s tours on `board` (cycles if `closed`), with `ends` as
    /// the tour's fixed ends and `holes` left out; too wide a frontier is
    /// [`Stopped::TooWide`].
    pub(in crate::count) fn new(
        board: Board,
        piece: Leaper,
        ends: &[Square],
        holes: &[Square],
        closed: bool,
    ) -> Result<Self, Stopped> {
        let plan = Plan::new(board, piece, ends, holes).map_err(|too_wide| Stopped::TooWide {
            window: too_wide.window,
        })?;
        Ok(Self { plan, closed })
    }

    /// The squares, one step each.
    pub(in crate::count) fn squares(&self) -> usize {
        self.plan.len()
    }

    /// Whether a step's states fit in 64 bits (a step's state holds one cell more than the
    /// frontier).
    pub(in crate::count) fn narrow(&self) -> bool {
        self.plan.window() < <u64 as Word>::CELLS
    }

    /// The bits a state may have set: the frontier's cells.
    pub(in crate::count) fn state_bits(&self) -> u128 {
        self.plan.frontier_cells()
    }

    /// Calls `emit` with each state that follows `state` when square `v` is taken, `None` for
    /// a whole tour. Only when [`OneStep::narrow`].
    pub(in crate::count) fn step_narrow(
        &self,
        v: usize,
        state: u64,
        emit: impl FnMut(Option<u64>),
    ) {
        self.step(v, Cells(state), emit);
    }

    /// As [`OneStep::step_narrow`], for a state of any frontier.
    pub(in crate::count) fn step_wide(
        &self,
        v: usize,
        state: u128,
        emit: impl FnMut(Option<u128>),
    ) {
        self.step(v, Cells(state), emit);
    }

    fn step<W: Word>(&self, v: usize, state: Cells<W>, mut emit: impl FnMut(Option<W>)) {
        successors(state, v, &self.plan, self.closed, |next| {
            emit(match next {
                Next::State(cells) => Some(cells.0),
                Next::Tour => None,
            })
        });
    }
}
