//! The frontier's step as a solver outside the count sees it ([`Stepper`]): the narrow-board
//! solver (`solve::narrow`) keeps which state made which, with the moves each step chose, and
//! reads one tour back from the last square to the first. It needs only this: the plan's
//! order, and each state's successors with their moves; the state itself is opaque to it, a
//! 128-bit number (the count's own word, widened).

use super::cells::Cells;
use super::plan::Plan;
use super::step::{Next, successors_choosing};
use super::word::Word;
use crate::board::{Board, Square};
use crate::leaper::Leaper;

/// A frontier state, its cells in the low bits (see the `cells` module); 0 is the state before
/// any square.
pub(crate) type State = u128;

/// What follows a state when a square is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Successor {
    /// A state to carry on from.
    State(State),
    /// The last square closed the whole tour.
    Tour,
}

/// The steps of one board's frontier, for one piece, open or closed, with fixed tour ends.
/// No state is taken for its mirror image: each stands for the partial tours that made it.
#[derive(Debug, Clone)]
pub(crate) struct Stepper {
    plan: Plan,
    closed: bool,
}

impl Stepper {
    /// The steps of `board` for `piece`, the squares of `ends` the open tour's fixed ends
    /// (none for a closed tour); `Err` with the frontier's size when it is too wide.
    pub(crate) fn new(
        board: Board,
        piece: Leaper,
        ends: &[Square],
        closed: bool,
    ) -> Result<Self, usize> {
        let plan = Plan::new(board, piece, ends, &[]).map_err(|too_wide| too_wide.window)?;
        Ok(Self {
            plan: plan.unmirrored(),
            closed,
        })
    }

    /// The number of squares, and of steps.
    pub(crate) fn len(&self) -> usize {
        self.plan.len()
    }

    /// The frontier's size: how far back in the order a move reaches.
    pub(crate) fn window(&self) -> usize {
        self.plan.window()
    }

    /// Square `v` of the order (the board taken row by row along its short side).
    pub(crate) fn square(&self, v: usize) -> Square {
        self.plan.square(v)
    }

    /// Calls `emit` with every state that follows `state` when square `v` is taken, and the
    /// moves it took: the distances back in the order (1 to [`Stepper::window`]) of the
    /// squares square `v` joined.
    pub(crate) fn successors(
        &self,
        state: State,
        v: usize,
        mut emit: impl FnMut(Successor, &[usize]),
    ) {
        if self.plan.window() < <u64 as Word>::CELLS {
            self.successors_in::<u64>(state, v, &mut emit);
        } else {
            self.successors_in::<u128>(state, v, &mut emit);
        }
    }

    fn successors_in<W: Word>(
        &self,
        state: State,
        v: usize,
        emit: &mut impl FnMut(Successor, &[usize]),
    ) {
        let cells = Cells(W::narrow(state));
        successors_choosing(cells, v, &self.plan, self.closed, |next, chosen| {
            let stepped = match next {
                Next::State(next) => Successor::State(next.0.widen()),
                Next::Tour => Successor::Tour,
            };
            emit(stepped, chosen);
        });
    }
}
