//! What a count answers ([`Count`], made by a [`CountMethod`]), how far it has got
//! ([`CountProgress`]), and why it has no answer ([`CountError`], with how far it got,
//! [`Partway`]).

use std::fmt;

use thiserror::Error;

use super::frontier;
use super::{BigUint, MAX_ENUMERATED_SQUARES, MAX_FRONTIER_SQUARES, Need};
use crate::board::{Board, Square};
use crate::leaper::Leaper;
use crate::search::{CapacityError, Search};

/// How a count was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountMethod {
    /// Every tour walked by the search.
    Enumeration,
    /// Frontier dynamic programming.
    Frontier,
    /// A theorem proves there is no tour: the count is 0 ([`proof_of_none`](super::proof_of_none) gives the
    /// reason). A count asked for no method is made so where a theorem applies; asked for
    /// this method, one where none applies is refused ([`CountError::Unproved`]).
    Theorem,
}

impl CountMethod {
    /// The method's name, in messages and JSON: `enumeration`, `frontier`, `theorem`.
    pub fn name(self) -> &'static str {
        match self {
            CountMethod::Enumeration => "enumeration",
            CountMethod::Frontier => "frontier",
            CountMethod::Theorem => "theorem",
        }
    }
}

impl fmt::Display for CountMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A count and how it was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    /// The number of tours.
    pub tours: BigUint,
    /// How they were counted.
    pub method: CountMethod,
    /// The most states a frontier held (0 for enumeration).
    pub peak_states: u64,
    /// The most bytes the states took (0 for enumeration).
    pub peak_bytes: u64,
}

/// How far a frontier count has got: after each square, and about once a second while a
/// square is being taken. Its text reads `square 37 of 64 (40%), 71528265 states, 2.1 GB,
/// about 25 min left`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountProgress {
    /// Squares taken.
    pub squares_done: u64,
    /// Squares of the board.
    pub squares: u64,
    /// States in the last frontier made.
    pub states: u64,
    /// Thousandths of the square being taken: of the last frontier's states, how many have
    /// been stepped (0 between squares).
    pub permille: u32,
    /// Bytes the count's states hold now.
    pub bytes: u64,
    /// A rough estimate of the seconds left, once the count has timed a step of some size:
    /// the frontier is supposed to go on growing as it grew over the last row of squares,
    /// but more slowly, and to shrink to nothing over the last two rows.
    pub seconds_left: Option<u64>,
}

impl fmt::Display for CountProgress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "square {} of {}",
            (self.squares_done + 1).min(self.squares),
            self.squares
        )?;
        if self.permille > 0 {
            write!(f, " ({}%)", self.permille / 10)?;
        }
        write!(f, ", {} states, ", self.states)?;
        let megabytes = self.bytes as f64 / 1e6;
        if megabytes >= 1000.0 {
            write!(f, "{:.1} GB", megabytes / 1000.0)?;
        } else {
            write!(f, "{megabytes:.0} MB")?;
        }
        if let Some(seconds) = self.seconds_left {
            match seconds {
                0..60 => write!(f, ", about {seconds} s left")?,
                60..3600 => write!(f, ", about {} min left", seconds.div_ceil(60))?,
                _ => write!(
                    f,
                    ", about {} h {} min left",
                    seconds / 3600,
                    seconds % 3600 / 60
                )?,
            }
        }
        Ok(())
    }
}

/// How far a count got before it stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Partway {
    /// Enumeration: the tours counted so far.
    Tours(u64),
    /// The frontier count: squares taken, of how many, and the states of the last frontier.
    Squares {
        /// Squares taken.
        done: u64,
        /// Squares of the board.
        of: u64,
        /// States in the frontier.
        states: u64,
    },
}

impl fmt::Display for Partway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Partway::Tours(tours) => write!(f, "after counting {tours} tours"),
            Partway::Squares { done, of, states } => {
                write!(
                    f,
                    "after {done} of {of} squares, with {states} states in the frontier"
                )
            }
        }
    }
}

/// Why a count has no answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CountError {
    /// The board is too large to enumerate.
    #[error(
        "enumeration walks every tour, feasible only on boards of at most \
         {MAX_ENUMERATED_SQUARES} squares or where the piece has so few moves that the search \
         is short; {board} has {squares}",
        squares = board.area()
    )]
    TooLarge {
        /// The board.
        board: Board,
    },
    /// No method takes the board (a count asked for none): the frontier count refuses it
    /// (too wide or too long), and it is too large to enumerate.
    #[error(
        "{frontier}, and enumeration, which walks every tour, takes boards of at most \
         {MAX_ENUMERATED_SQUARES} squares or a piece with so few moves that the search is \
         short: neither count can answer"
    )]
    NoMethod {
        /// Why the frontier count refuses it: [`CountError::TooWide`],
        /// [`CountError::TooLong`] or [`CountError::FrontierMoves`].
        frontier: Box<CountError>,
    },
    /// The count was asked of the theorems ([`CountMethod::Theorem`]), and none settles it.
    #[error("no theorem settles the count on {board}: count it by enumeration or the frontier")]
    Unproved {
        /// The board.
        board: Board,
    },
    /// What the frontier count is known to need at the least is more than its memory cap.
    #[error(
        "{board} {kind} tours need a frontier of at least {states} states at its peak, {bytes} \
         bytes ({gigabytes:.1} GB) as this count holds them, more than its memory cap of {cap} \
         bytes ({cap_gigabytes:.1} GB)",
        kind = if *closed { "closed" } else { "open" },
        states = need.states,
        bytes = need.bytes,
        gigabytes = need.bytes as f64 / 1e9,
        cap_gigabytes = *cap as f64 / 1e9,
    )]
    NeedsMore {
        /// The board.
        board: Board,
        /// Whether the tours are closed.
        closed: bool,
        /// What the count needs at the least.
        need: Need,
        /// The cap.
        cap: u64,
    },
    /// The board's short side makes too wide a frontier.
    #[error(
        "{board} needs a frontier of {window} squares; the frontier count handles at most {max} \
         (a short side of 12 for the knight)",
        max = frontier::MAX_WINDOW
    )]
    TooWide {
        /// The board.
        board: Board,
        /// The frontier it needs.
        window: usize,
    },
    /// The piece has more moves than the frontier count takes (it keeps at most four moves
    /// back into the frontier from a square).
    #[error(
        "the frontier count takes pieces of at most {most} moves, and the {piece} has {moves}",
        most = Search::MAX_MOVES,
        moves = piece.move_count()
    )]
    FrontierMoves {
        /// The piece.
        piece: Leaper,
    },
    /// The board is too long for the frontier count.
    #[error(
        "the frontier count takes boards of at most {MAX_FRONTIER_SQUARES} squares; {board} has \
         {squares}",
        squares = board.area()
    )]
    TooLong {
        /// The board.
        board: Board,
    },
    /// The deadline passed first.
    #[error("the deadline passed {partway}; the count is not complete")]
    Deadline {
        /// How far the count got.
        partway: Partway,
    },
    /// The states would outgrow the memory cap, or the system refused them memory first.
    #[error(
        "{}",
        if wanted > cap {
            format!(
                "the count needs more than its memory cap of {cap} bytes: {wanted} bytes \
                 wanted {partway}"
            )
        } else {
            format!(
                "the system refused the count {wanted} bytes, within its memory cap of {cap} \
                 bytes, {partway}"
            )
        }
    )]
    Memory {
        /// The cap.
        cap: u64,
        /// The bytes the next step wanted: more than the cap in all, or an allocation within
        /// it that the system refused.
        wanted: u64,
        /// How far the count got.
        partway: Partway,
    },
    /// The store of a spill or of checkpoints failed (a full disk), or gave back what was
    /// not written: the count stopped.
    #[error("the count stopped {partway}: {message}")]
    Store {
        /// How far the count got.
        partway: Partway,
        /// What failed.
        message: String,
    },
    /// The checkpoint to carry on from is refused: another question, engine or context, or a
    /// damaged file.
    #[error("the checkpoint cannot be resumed: {message}")]
    Resume {
        /// Why.
        message: String,
    },
    /// The board could not be set up.
    #[error(transparent)]
    Capacity(#[from] CapacityError),
    /// An end was asked for closed tours, which have none.
    #[error("a closed tour has no end: count open tours, or leave the end out")]
    ClosedWithEnd,
    /// A square asked for is off the board.
    #[error("{square} is off the {board} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// The board.
        board: Board,
    },
    /// A hole is off the board.
    #[error("the hole {square} is off the {board} board")]
    HoleOffBoard {
        /// The hole.
        square: Square,
        /// The board.
        board: Board,
    },
    /// The start or the end asked for is a hole, which no tour visits.
    #[error("the {which} {square} is a hole: a tour visits only the open squares")]
    OnHole {
        /// `start` or `end`.
        which: &'static str,
        /// The square.
        square: Square,
    },
}
