//! One square taken from one state, without the layers around it: what `count::dataflow`
//! wraps for a count whose frontier lives in several processes. The plan, the step and the
//! keys are the frontier count's own, chosen as it chooses them: the fast step ([`mates`])
//! with its states in 64-bit keys ([`Partners`] up to 13 cells, else [`Labels`]) where they
//! fit, else the step on four bits a cell in 128 bits. Only the words cross this boundary.
//!
//! [`mates`]: super::mates

use super::Stopped;
use super::cells::Cells;
use super::codec::{Codec, Labels, Partners};
use super::mates::FastStep;
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
    /// The fast step, for a frontier whose keys fit in 64 bits.
    fast: FastStep,
    /// How the 64-bit keys are kept, when they fit.
    keys: Keys,
}

/// The keys a count's states are kept in, as the one-process count chooses them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keys {
    /// Mates' places, 64 bits (frontiers of at most 13 cells).
    Partners,
    /// Labels, 64 bits.
    Labels,
    /// Four bits a cell in 128 bits, stepped by the step on nibbles.
    Wide,
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
        let keys = if Partners::fits(plan.window()) {
            Keys::Partners
        } else if Labels::<u64>::fits(plan.window()) {
            Keys::Labels
        } else {
            Keys::Wide
        };
        let fast = FastStep::new(&plan, closed);
        Ok(Self {
            plan,
            closed,
            fast,
            keys,
        })
    }

    /// The squares, one step each.
    pub(in crate::count) fn squares(&self) -> usize {
        self.plan.len()
    }

    /// Whether the states are 64-bit keys, stepped by the fast step.
    pub(in crate::count) fn narrow(&self) -> bool {
        self.keys != Keys::Wide
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
        match self.keys {
            Keys::Partners => self.fast.step::<Partners>(v, state, emit),
            Keys::Labels => self.fast.step::<Labels<u64>>(v, state, emit),
            Keys::Wide => unreachable!("a wide count's states are 128 bits"),
        }
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
