//! How a sequence of squares fails to be a tour: the first violation the validator meets,
//! named with the step and square it was met at.

use thiserror::Error;

use crate::board::{Board, Square};
use crate::leaper::Leaper;

/// The first way in which a sequence of squares fails to be a tour.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TourError {
    /// No squares at all.
    #[error("the tour is empty")]
    Empty,
    /// A square outside the board, at visit number `step` (1-based).
    #[error("step {step}: square {square} is off the {board} board")]
    OffBoard {
        /// Visit number, 1-based.
        step: u64,
        /// The square given.
        square: Square,
        /// The board.
        board: Board,
    },
    /// The first square is not the requested start.
    #[error("the tour starts at {found}, not at the requested start {expected}")]
    WrongStart {
        /// The requested start.
        expected: Square,
        /// The tour's first square.
        found: Square,
    },
    /// The last square is not the requested end.
    #[error("the tour ends at {found}, not at the requested end {expected}")]
    WrongEnd {
        /// The requested end.
        expected: Square,
        /// The tour's last square.
        found: Square,
    },
    /// The tour does not begin with the partial tour it was asked to complete.
    #[error(
        "step {step}: the tour is at {found}, where the partial tour it completes is at {expected}"
    )]
    WrongPrefix {
        /// Visit number, 1-based.
        step: u64,
        /// The partial tour's square.
        expected: Square,
        /// The tour's square.
        found: Square,
    },
    /// Two consecutive squares are not one move of the piece apart.
    #[error("step {step} → {next} is not a {piece} move ({from} to {to})", next = step + 1)]
    NotAMove {
        /// The piece the tour is read as.
        piece: Leaper,
        /// Visit number of `from`, 1-based.
        step: u64,
        /// Square at `step`.
        from: Square,
        /// Square at `step + 1`.
        to: Square,
    },
    /// A square visited a second time.
    #[error("square {square} visited twice (again at step {step})")]
    Revisited {
        /// The square.
        square: Square,
        /// Visit number of the second visit.
        step: u64,
    },
    /// The tour stops before every square is visited.
    #[error("the tour visits {visited} of the {squares} squares")]
    Incomplete {
        /// Squares visited.
        visited: u64,
        /// Squares on the board.
        squares: u64,
    },
    /// A closed tour whose last square is not a move of the piece from its first.
    #[error(
        "the tour is not closed: the last square {last} is not a {piece} move from the first {first}"
    )]
    NotClosed {
        /// The piece the tour is read as.
        piece: Leaper,
        /// The last square.
        last: Square,
        /// The first square.
        first: Square,
    },
    /// A closed tour of two squares: it would take its one move back.
    #[error(
        "the tour is not closed: a tour of two squares cannot close without taking its move back"
    )]
    TwoSquareCycle,
    /// A step onto a hole of a board of any shape.
    #[error("step {step}: square {square} is a hole")]
    OnHole {
        /// Visit number, 1-based.
        step: u64,
        /// The hole.
        square: Square,
    },
    /// A square given a visit number visited at another.
    #[error("the number {number} is at {expected}, but the tour visits {found} then")]
    ClueBroken {
        /// The visit number given.
        number: u32,
        /// The square given it.
        expected: Square,
        /// The square the tour visits at that number.
        found: Square,
    },
    /// The memory to hold the tour was refused by the system.
    #[error("a tour of the {board} board needs {bytes} bytes of memory, and the system refused it")]
    OutOfMemory {
        /// The board.
        board: Board,
        /// The bytes asked for.
        bytes: u64,
    },
}

impl TourError {
    /// The same error with visit numbers counted from `first` instead of 1 (for tours written
    /// 0-based).
    pub fn numbered_from(self, first: u64) -> Self {
        let renumber = |step: u64| step + first - 1;
        match self {
            Self::OffBoard {
                step,
                square,
                board,
            } => Self::OffBoard {
                step: renumber(step),
                square,
                board,
            },
            Self::NotAMove {
                piece,
                step,
                from,
                to,
            } => Self::NotAMove {
                piece,
                step: renumber(step),
                from,
                to,
            },
            Self::Revisited { square, step } => Self::Revisited {
                square,
                step: renumber(step),
            },
            Self::OnHole { step, square } => Self::OnHole {
                step: renumber(step),
                square,
            },
            other => other,
        }
    }
}
