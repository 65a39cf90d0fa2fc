//! Counting tours exactly, of the knight or of any other leaper ([`CountRequest::piece`]): by
//! frontier dynamic programming (the `frontier` module) on any
//! board whose short side allows it, and by enumeration (`enumerate`) on the smallest boards,
//! where it is quicker.
//!
//! Asked for no method, a count takes the cheapest that answers ([`CountMethod`]): a theorem
//! first (`theorem`: whatever `existence` proves of the board, the ends and the piece makes
//! the count 0, with that reason, [`proof_of_none`]), then enumeration on boards of at most
//! [`ENUMERATE_UP_TO`] squares, then the frontier count where its frontier and its length
//! allow, then enumeration where it can walk the tours (at most [`MAX_ENUMERATED_SQUARES`]
//! squares, or a piece with so few moves that the search is short); a board none of them
//! takes is refused ([`CountError::NoMethod`]). Before the frontier count starts, what it is
//! known to need at the least (`need`: measured peaks of the knight's counts) is held against
//! the memory cap, and a count that cannot fit is refused at once
//! ([`CountError::NeedsMore`]).
//!
//! Open tours are counted directed (each path once from each end, from every start, or from
//! `start`; ending on `end` when it is given), closed tours as undirected cycles.
//!
//! A board may have holes ([`CountRequest::holes`]): squares left out, which a tour never
//! visits; it visits every other square once. Both methods skip them (the frontier keeps a
//! hole's place but gives it no move). The theorems and the measured floors are the full
//! rectangle's: a count with holes takes neither. The counts
//! reproduce OEIS (twice its undirected figure for open tours where it gives that):
//! - directed open tours on n×n (A165134): 1,728 on 5×5, 6,637,920 on 6×6;
//! - 3×n (A118067 directed, A169696 undirected): 16, 104, 792, 1,120 and 6,096 on 3×4, 3×7,
//!   3×8, 3×9 and 3×10, and 2 × 57,248 on 3×12;
//! - 4×n (A079137 undirected): 2 × 82, 2 × 744 and 2 × 1,213,112 on 4×5, 4×6 and 4×10;
//! - 5×n (A083386 undirected): 2 × 18,061,054 on 5×8, 2 × 264,895,640 on 5×9;
//! - closed tours (A001230, A175881, A070030): 8 on 5×6, 16 on 3×10, 176 on 3×12, 9,862 on
//!   6×6, 1,067,638 on 6×7, 55,488,142 on 6×8.
//!
//! Counts are exact at every size: kept in `u64`, and, past it, in `u128` and then in big
//! integers. A count too large for one process runs a step at a time over several
//! ([`dataflow`]), or in one process with its frontier partly in a store, and a long count
//! can write its frontiers to carry on from after the process is lost ([`keep`],
//! [`count_tours_keeping`]).

mod answer;
pub mod dataflow;
mod enumerate;
mod frontier;
pub mod keep;
mod need;
mod tally;
mod theorem;

use std::sync::Arc;
use std::time::Instant;

use crate::board::{Board, Square};
use crate::leaper::Leaper;
use crate::search::Search;

use self::keep::Keeping;

pub use self::answer::{Count, CountError, CountMethod, CountProgress, Partway};
pub use self::enumerate::MAX_ENUMERATED_SQUARES;
/// The frontier's step, for the narrow-board solver that reads a tour back from it.
pub(crate) use self::frontier::witness::{State as FrontierState, Stepper, Successor};
pub use self::need::Need;
pub use self::theorem::proof_of_none;
/// The numbers counts come in: exact, of any size.
pub use num_bigint::BigUint;

/// Boards of at most this many squares are enumerated unless a method is asked for: on them,
/// walking the tours costs less than setting up the frontier.
pub const ENUMERATE_UP_TO: u64 = 20;

/// The most squares the frontier count takes: its plan holds a few dozen bytes a square, and
/// a longer board's count has tens of thousands of digits.
pub const MAX_FRONTIER_SQUARES: u64 = 1 << 18;

/// What to count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountRequest {
    /// The board.
    pub board: Board,
    /// The squares of the board left out (none: the whole rectangle). A tour visits every
    /// other square once; a start or an end may not be a hole.
    pub holes: Arc<[Square]>,
    /// The piece whose tours are counted.
    pub piece: Leaper,
    /// Open tours from this square only (without: from every square). Closed tours are
    /// cycles, the same from every square.
    pub start: Option<Square>,
    /// Count closed tours (undirected cycles) instead of directed open tours.
    pub closed: bool,
    /// Open tours that end on this square only.
    pub end: Option<Square>,
    /// Give up at this moment.
    pub deadline: Option<Instant>,
    /// How to count; `None` picks the quicker way for the board.
    pub method: Option<CountMethod>,
    /// The most bytes the frontier count may hold in its states.
    pub memory_cap: Option<u64>,
    /// Threads the frontier count runs on.
    pub threads: usize,
    /// Which side of the board the frontier count's rows run along: the short side unless
    /// asked (the cluster's steps, [`dataflow`], always take the short side).
    pub frontier_side: FrontierSide,
}

impl CountRequest {
    /// Directed open knight's tours on `board`, from every start, by the quicker method, on one
    /// thread, with no deadline and no memory cap.
    pub fn new(board: Board) -> Self {
        Self {
            board,
            holes: Arc::from([]),
            piece: Leaper::KNIGHT,
            start: None,
            closed: false,
            end: None,
            deadline: None,
            method: None,
            memory_cap: None,
            threads: 1,
            frontier_side: FrontierSide::Short,
        }
    }

    /// The squares a tour visits: the board's, less its holes (each counted once).
    pub fn open_squares(&self) -> u64 {
        if self.holes.is_empty() {
            return self.board.area();
        }
        let mut holes = self.holes.to_vec();
        holes.sort_unstable();
        holes.dedup();
        self.board.area().saturating_sub(holes.len() as u64)
    }

    /// Whether `square` is a hole.
    pub fn is_hole(&self, square: Square) -> bool {
        self.holes.contains(&square)
    }
}

/// Which side of the board the frontier count takes its rows along: the frontier holds a
/// row and a bit more, so along the short side it is narrowest and has the fewest states.
///
/// Along the long side the count is the same (the tours of a board and of its transpose
/// correspond one to one) from a wider frontier: a 9-wide frontier on a 5×9 board shows how
/// the states of a 9-wide frontier grow row by row, on a board one machine can count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FrontierSide {
    /// Along the shorter side: the narrowest frontier.
    #[default]
    Short,
    /// Along the longer side: the widest frontier.
    Long,
}

impl FrontierSide {
    /// The squares of a row taken along this side of `board`: its width in the count.
    pub fn width(self, board: Board) -> u32 {
        match self {
            FrontierSide::Short => board.short_side(),
            FrontierSide::Long => board.long_side(),
        }
    }

    /// The side's name, in options and messages: `short`, `long`.
    pub fn name(self) -> &'static str {
        match self {
            FrontierSide::Short => "short",
            FrontierSide::Long => "long",
        }
    }
}

/// Counts the tours `request` asks for (see [`count_tours_reporting`]).
pub fn count_tours(request: &CountRequest) -> Result<Count, CountError> {
    count_tours_reporting(request, &|_| {})
}

/// Counts the tours `request` asks for: directed open tours (from `start`, or from every
/// square; ending on `end` when it is given), or closed tours counted as undirected cycles.
/// `progress` hears of the frontier count after every square. Asked for no method, the count
/// takes the cheapest that answers (see the module doc).
pub fn count_tours_reporting(
    request: &CountRequest,
    progress: &(dyn Fn(CountProgress) + Sync),
) -> Result<Count, CountError> {
    count_tours_keeping(request, Keeping::default(), progress)
}

/// [`count_tours_reporting`], the frontier count keeping what is not in its memory as
/// `keeping` says: a frontier past the memory cap in its spill store (a count that could not
/// fit is then not refused before it starts), finished frontiers in its checkpoint store, and
/// the count carried on from the checkpoint it resumes.
pub fn count_tours_keeping(
    request: &CountRequest,
    keeping: Keeping<'_>,
    progress: &(dyn Fn(CountProgress) + Sync),
) -> Result<Count, CountError> {
    check_ends(request)?;
    let method = match request.method {
        Some(method) => method,
        None => choose_method(request)?,
    };
    let counted = |tours: BigUint| Count {
        tours,
        method,
        peak_states: 0,
        peak_bytes: 0,
    };
    match method {
        CountMethod::Theorem if proof_of_none(request)?.is_none() => Err(CountError::Unproved {
            board: request.board,
        }),
        CountMethod::Theorem => Ok(counted(BigUint::ZERO)),
        CountMethod::Enumeration => Ok(counted(BigUint::from(enumerate::enumerate(request)?))),
        CountMethod::Frontier => count_by_frontier(request, keeping, progress),
    }
}

/// The method a count asked for none takes: a theorem that makes it 0, enumeration on the
/// smallest boards, the frontier count where it can, enumeration where it can; or why none
/// can.
fn choose_method(request: &CountRequest) -> Result<CountMethod, CountError> {
    if proof_of_none(request)?.is_some() {
        return Ok(CountMethod::Theorem);
    }
    if request.open_squares() <= ENUMERATE_UP_TO {
        return Ok(CountMethod::Enumeration);
    }
    match frontier_takes(request) {
        Ok(()) => Ok(CountMethod::Frontier),
        Err(_) if enumerate::takes(request) => Ok(CountMethod::Enumeration),
        Err(frontier) => Err(CountError::NoMethod {
            frontier: Box::new(frontier),
        }),
    }
}

/// Whether the frontier count takes `request`'s board: at most [`MAX_FRONTIER_SQUARES`]
/// squares, and a frontier of at most its most squares for the piece.
fn frontier_takes(request: &CountRequest) -> Result<(), CountError> {
    let board = request.board;
    if board.area() > MAX_FRONTIER_SQUARES {
        return Err(CountError::TooLong { board });
    }
    if !Search::takes(request.piece) {
        return Err(CountError::FrontierMoves {
            piece: request.piece,
        });
    }
    let window = frontier::window(board, request.frontier_side, request.piece);
    if window > frontier::MAX_WINDOW {
        return Err(CountError::TooWide { board, window });
    }
    Ok(())
}

/// Refuses what no count can answer: a closed tour with an end, an end or a hole off the
/// board, an end on a hole.
fn check_ends(request: &CountRequest) -> Result<(), CountError> {
    let board = request.board;
    if request.closed && request.end.is_some() {
        return Err(CountError::ClosedWithEnd);
    }
    if let Some(square) = request
        .start
        .into_iter()
        .chain(request.end)
        .find(|&square| !board.contains(square))
    {
        return Err(CountError::OffBoard { square, board });
    }
    if let Some(&square) = request.holes.iter().find(|&&hole| !board.contains(hole)) {
        return Err(CountError::HoleOffBoard { square, board });
    }
    let ends = [("start", request.start), ("end", request.end)];
    match ends
        .into_iter()
        .find_map(|(which, square)| square.filter(|&s| request.is_hole(s)).map(|s| (which, s)))
    {
        Some((which, square)) => Err(CountError::OnHole { which, square }),
        None => Ok(()),
    }
}

/// The count where the frontier has nothing to step: one square is a tour of itself, two ends
/// on one square are no tour of more, and a board all holes has no tour.
fn decided_without_steps(request: &CountRequest) -> Option<BigUint> {
    let squares = request.open_squares();
    let one_square = squares == 1;
    (squares <= 1 || request.start.is_some() && request.start == request.end)
        .then(|| BigUint::from(u8::from(one_square && !request.closed)))
}

/// The squares the frontier keeps as a path's ends: the start and the end asked for, none
/// for a closed tour.
fn frontier_ends(request: &CountRequest) -> Vec<Square> {
    if request.closed {
        Vec::new()
    } else {
        request.start.into_iter().chain(request.end).collect()
    }
}

fn count_by_frontier(
    request: &CountRequest,
    keeping: Keeping<'_>,
    progress: &(dyn Fn(CountProgress) + Sync),
) -> Result<Count, CountError> {
    let board = request.board;
    if board.area() > MAX_FRONTIER_SQUARES {
        return Err(CountError::TooLong { board });
    }
    if !Search::takes(request.piece) {
        return Err(CountError::FrontierMoves {
            piece: request.piece,
        });
    }
    if let Some(tours) = decided_without_steps(request) {
        return Ok(Count {
            tours,
            method: CountMethod::Frontier,
            peak_states: 0,
            peak_bytes: 0,
        });
    }
    if keeping.spill.is_none() {
        check_need(request)?;
    }
    let ends = frontier_ends(request);
    let run = frontier::Frontier {
        board,
        piece: request.piece,
        closed: request.closed,
        ends: &ends,
        holes: &request.holes,
        deadline: request.deadline,
        memory: request.memory_cap.unwrap_or(u64::MAX),
        threads: request.threads,
        keeping,
        side: request.frontier_side,
    };
    let found = frontier::count(&run, progress).map_err(|stopped| match stopped {
        frontier::Stopped::TooWide { window } => CountError::TooWide { board, window },
        frontier::Stopped::Deadline { done, of, states } => CountError::Deadline {
            partway: partway(done, of, states),
        },
        frontier::Stopped::Memory {
            done,
            of,
            states,
            wanted,
        } => CountError::Memory {
            cap: run.memory,
            wanted,
            partway: partway(done, of, states),
        },
        frontier::Stopped::Store {
            done,
            of,
            states,
            message,
        } => CountError::Store {
            partway: partway(done, of, states),
            message,
        },
        frontier::Stopped::Resume(message) => CountError::Resume { message },
    })?;
    // The frontier counts paths as sets of moves; with no end fixed, each is two directed
    // tours, one from each end.
    let directed = !request.closed && ends.is_empty();
    let tours = if directed {
        found.count * 2u8
    } else {
        found.count
    };
    Ok(Count {
        tours,
        method: CountMethod::Frontier,
        peak_states: found.peak_states,
        peak_bytes: found.peak_bytes,
    })
}

/// Refuses a frontier count whose least need (`need`) is past its memory cap.
fn check_need(request: &CountRequest) -> Result<(), CountError> {
    let Some(cap) = request.memory_cap else {
        return Ok(());
    };
    match need::least_need(request) {
        Some(need) if need.bytes > cap => Err(CountError::NeedsMore {
            board: request.board,
            closed: request.closed,
            need,
            cap,
        }),
        _ => Ok(()),
    }
}

fn partway(done: usize, of: usize, states: u64) -> Partway {
    Partway::Squares {
        done: done as u64,
        of: of as u64,
        states,
    }
}

#[cfg(test)]
mod tests;
