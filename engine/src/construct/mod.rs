//! The construction layer: a tour of a large board built from the tours of small blocks in time
//! proportional to its squares, with no search over the board.
//!
//! The method (Parberry 1997, *Discrete Applied Math.* 73; Lin & Wei 2005, *Discrete Applied
//! Math.* 146; Cull & De Curtins 1978 for strips): cut the board into blocks, give each block
//! a tour of its own, and join the block tours with the general splice or, on strips, by knight
//! moves between the open ends of neighbouring block tours. The general splice: if one cycle has
//! the edge `a–b`, another the edge `c–d`, and `a–c`, `b–d` are knight moves, removing `ab` and
//! `cd` and adding `ac` and `bd` makes one cycle (the same swap splices a cycle into a path).
//! Every block tour is found by this module's own small search (`block_tour`), never copied from a
//! published table (some published tiles contain illegal steps), and checked square by square
//! before use.
//!
//! | board | method |
//! |---|---|
//! | both sides ≥ 5, a closed tour exists | `layout`: blocks of 5 to 11 with a closed tour each (tiles), one swap per join; open tours read the cycle from the start |
//! | both sides odd, ≥ 5 | `layout`: the block holding the start carries a path from it; every other block's cycle is spliced into it |
//! | both sides ≥ 5, a chosen end | `layout` and `corridor`: the blocks from the start's block to the end's carry paths chained by knight moves (a path from the start, paths across, a path to the end); every other block's cycle is spliced in |
//! | 3×n, n even ≥ 10 | `strip`: a turn, lanes and a turn, joined by two wires a cut (closed) |
//! | 3×n, 4×n, open | `strip`: a start block with a path from the start, two-wire sides (and on 4×n one three-wire side) |
//!
//! Boards small enough to be one block are really a search of the whole board; the solver lets
//! its search layers answer those first (see `solve`). A start no block tour fits (3×7 from 1,3;
//! 3×8 from 1,2 or 1,5: no tour exists there) leaves the answer to the search, which proves it;
//! so does an end no block tour places (on a strip, or where one block of every cut holds both ends
//! and no path of it joins them).
//!
//! The tour is held as links, one byte a square (`links`), of a *folded* board on which every
//! long run of equal blocks is cut to a few (`fold`): a few hundred squares a side whatever
//! the board, since equal blocks hold equal bytes. A `walk` reads the board's links through
//! the folded board square by square, so that a tour of 10^9 squares is never held whole:
//! [`Construction::path`] reads it into memory on two threads (from the start forwards and from
//! the end backwards), and [`Construction::walk_within`] checks it with one bit a square and
//! keeps it as a [`WalkedTour`], read again a run at a time by whoever writes it.
//! Nothing here recurses, and the same board and start always give the same tour.

mod block_tour;
mod corridor;
mod error;
mod fold;
mod joins;
mod layout;
pub(crate) mod linked;
mod links;
pub(crate) mod meter;
pub mod story;
mod strip;
mod walk;
mod walked_tour;

use std::sync::Mutex;
use std::time::Instant;

use thiserror::Error;

use self::error::AssemblyError;
use self::layout::{Assembled, PathEnds, assemble};
use self::links::{NO_LINK, reverse};
use self::meter::{Meter, SQUARES_PER_LOOK, check_clock};
use self::story::Story;
use self::walk::{Folded, Numbering, Stand, Walker};
pub use self::walked_tour::{WalkedTour, walk_memory_needed};
use crate::board::{Board, KNIGHT_MOVES, Square};
use crate::existence;
use crate::search::{Limit, Limits};
use crate::tour::TourError;

/// Bytes a construction of `board` holds at its peak when its path is read into memory
/// ([`Construction::path`]): the path (four bytes a square) with the validator's two bits a
/// square. The folded board's links are a few kilobytes.
pub fn memory_needed(board: Board) -> u64 {
    board.area() * 4 + board.area() / 4 + walked_tour::folded_bytes(board)
}

/// Why the construction does not answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConstructError {
    /// The board's shape is outside what the construction covers (a side under 3).
    #[error("the construction covers boards with both sides at least 3; {board} is not one")]
    OutOfReach {
        /// The board.
        board: Board,
    },
    /// The construction places a chosen end only on boards with both sides at least 5 (and
    /// the end must differ from the start).
    #[error(
        "the construction places an end only on boards with both sides at least 5; {board} is not one"
    )]
    EndOutOfReach {
        /// The board.
        board: Board,
    },
    /// No block tour was found for a block of this board and start (the search that finds block
    /// tours ran out of its small budget, or none exists).
    #[error("the construction found no path block for a tour of {board} from {start}")]
    NoBlockTour {
        /// The board.
        board: Board,
        /// The start.
        start: Square,
    },
    /// The links of the board do not fit in memory.
    #[error("the {board} board needs about {bytes} bytes to construct, which could not be had")]
    Memory {
        /// The board.
        board: Board,
        /// Bytes needed.
        bytes: u64,
    },
    /// The walk of the constructed tour failed the validator: a bug, reported, never shown.
    #[error("the constructed tour is invalid: {0}")]
    Invalid(TourError),
    /// The node budget (spent by the block tour searches) or the deadline ran out first.
    #[error("the construction stopped: {}", limit.ran_out())]
    Stopped {
        /// Which limit.
        limit: Limit,
    },
}

/// A constructed tour, held as the links of its folded board until it is read out.
#[derive(Debug)]
pub struct Construction {
    /// The links, of the board or (for a strip standing upright) of its transpose.
    folded: Folded,
    /// Whether `folded` is of the transposed board.
    transposed: bool,
    /// The start and (of a path) the end, on the board `folded` is of.
    start: Square,
    end: Option<Square>,
    blocks: u64,
}

/// Constructs a tour of `board` from `start` (closed if `closed`) within `limits`, as
/// `construct_within` does, and tells how: the construction and its story.
pub fn tell(
    board: Board,
    start: Square,
    closed: bool,
    limits: Limits,
) -> Result<(Construction, Story), ConstructError> {
    let mut meter = Meter::new(limits).telling();
    let construction = construct_within(board, start, closed, &mut meter)?;
    let story = meter.take_story().unwrap_or_default();
    let story = if construction.transposed {
        story.transposed()
    } else {
        story
    };
    Ok((construction, story))
}

/// Whether the construction covers `board`: every board with an open tour and both sides at
/// least 3 (tours may still not exist from every start).
pub fn covers(board: Board) -> bool {
    board.short_side() >= 3 && existence::has_open_tour(board)
}

/// Constructs a tour of `board` from `start`, closed if `closed`.
///
/// The caller has checked with [`existence::verdict`] that such a tour may exist; the
/// construction covers every board of [`covers`] (both sides at least 3).
pub fn construct(
    board: Board,
    start: Square,
    closed: bool,
) -> Result<Construction, ConstructError> {
    construct_within(board, start, closed, &mut Meter::unlimited())
}

/// Constructs an open tour of `board` from `start` that ends on `end`.
///
/// The caller has checked with [`existence::route_verdict`] that such a tour may exist. The
/// construction places an end on boards with both sides at least 5 (elsewhere it answers
/// [`ConstructError::EndOutOfReach`]): the blocks from the start's to the end's carry paths chained
/// by knight moves. Where no block tour fits it answers [`ConstructError::NoBlockTour`], and the
/// search is left to answer.
pub fn construct_to(
    board: Board,
    start: Square,
    end: Square,
) -> Result<Construction, ConstructError> {
    construct_to_within(board, start, end, &mut Meter::unlimited())
}

/// [`construct`] within the node budget and deadline of `meter`, which the block tour searches'
/// nodes are charged to and every stage looks at.
pub(crate) fn construct_within(
    board: Board,
    start: Square,
    closed: bool,
    meter: &mut Meter,
) -> Result<Construction, ConstructError> {
    if !covers(board) || !board.contains(start) {
        return Err(ConstructError::OutOfReach { board });
    }
    let has_cycle = existence::has_closed_tour(board);
    if closed && !has_cycle {
        return Err(ConstructError::OutOfReach { board });
    }
    // Strips are laid out along their rows: an upright one is built transposed.
    let transposed = board.short_side() < 5 && board.rows() > board.cols();
    let (laid, from) = if transposed {
        (board.transposed(), Square::new(start.col, start.row))
    } else {
        (board, start)
    };
    let path = |to| Some(PathEnds { from, to });
    let assembled = match (laid.short_side() >= 5, has_cycle) {
        (true, true) => assemble(laid, None, meter),
        (true, false) => assemble(laid, path(None), meter),
        (false, true) => strip::closed(laid, meter),
        (false, false) => strip::open(laid, from, meter),
    };
    built(assembled, board, start, transposed)
}

/// [`construct_to`] within the node budget and deadline of `meter`, which the block tour searches'
/// nodes are charged to and every stage looks at.
pub(crate) fn construct_to_within(
    board: Board,
    start: Square,
    end: Square,
    meter: &mut Meter,
) -> Result<Construction, ConstructError> {
    let on_board = board.contains(start) && board.contains(end) && start != end;
    if !covers(board) || board.short_side() < 5 || !on_board {
        return Err(ConstructError::EndOutOfReach { board });
    }
    let path = PathEnds {
        from: start,
        to: Some(end),
    };
    built(assemble(board, Some(path), meter), board, start, false)
}

/// The construction of `board` from `start` that `assembled` holds (laid transposed if
/// `transposed`), or why there is none.
fn built(
    assembled: Result<Assembled, AssemblyError>,
    board: Board,
    start: Square,
    transposed: bool,
) -> Result<Construction, ConstructError> {
    let from = if transposed {
        Square::new(start.col, start.row)
    } else {
        start
    };
    match assembled {
        Ok(assembled) => Ok(Construction {
            folded: assembled.folded,
            transposed,
            start: from,
            end: assembled.end,
            blocks: assembled.blocks,
        }),
        Err(AssemblyError::NoBlockTour) => Err(ConstructError::NoBlockTour { board, start }),
        Err(AssemblyError::Memory) => Err(ConstructError::Memory {
            board,
            bytes: memory_needed(board),
        }),
        Err(AssemblyError::Stopped(limit)) => Err(ConstructError::Stopped { limit }),
    }
}

impl Construction {
    /// The board.
    pub fn board(&self) -> Board {
        if self.transposed {
            self.folded.board().transposed()
        } else {
            self.folded.board()
        }
    }

    /// How many blocks were joined. A board small enough to be one block is really solved by
    /// the block tour search alone.
    pub fn blocks(&self) -> usize {
        self.blocks as usize
    }

    /// How the walks number squares: those of the board asked for, even when it was built
    /// transposed.
    fn numbering(&self) -> Numbering {
        if self.transposed {
            Numbering::transposed(self.folded.board())
        } else {
            Numbering::of(self.folded.board())
        }
    }

    /// Where the walk of the tour begins, and where the walk backwards from its last square
    /// begins. A cycle is read from the start along its first link, and ends at the square of
    /// its second.
    fn ends(&self) -> (Stand, Stand) {
        let stand = |square, back| self.folded.stand(square, back);
        match self.end {
            Some(end) => (stand(self.start, NO_LINK), stand(end, NO_LINK)),
            None => {
                let (_, second) = self.folded.codes(self.start).unwrap_or((NO_LINK, NO_LINK));
                // A broken link leaves the last square where the validator will see it.
                let last = KNIGHT_MOVES
                    .get(usize::from(second))
                    .and_then(|&step| self.start.offset(step, self.folded.board()))
                    .unwrap_or(self.start);
                (stand(self.start, second), stand(last, reverse(second)))
            }
        }
    }

    /// The tour as square numbers in visit order, from the start. A cycle is read in one of its
    /// two directions; it closes whenever the board has a closed tour. Fails, rather than
    /// aborting, when the memory for the path cannot be had.
    pub fn path(&self) -> Result<Vec<u32>, ConstructError> {
        self.path_within(None)
    }

    /// [`Construction::path`], stopped with [`ConstructError::Stopped`] if `deadline` passes
    /// first (looked at between runs of [`SQUARES_PER_LOOK`] squares).
    pub(crate) fn path_within(
        &self,
        deadline: Option<Instant>,
    ) -> Result<Vec<u32>, ConstructError> {
        let board = self.board();
        let n = board.area() as usize;
        // Ask for the memory first, so that a refusal is an error and not an abort; then take
        // it zeroed from the system, untouched: the two threads below fault its pages in as
        // they fill them (zeroing it here instead costs a sixth of the time on 10^8 squares).
        Vec::<u32>::new()
            .try_reserve_exact(n)
            .map_err(|_| ConstructError::Memory {
                board,
                bytes: memory_needed(board),
            })?;
        let mut path = vec![0u32; n];
        let (head, tail) = path.split_at_mut(n / 2);
        let (first, last) = self.ends();
        let numbering = self.numbering();
        let mut forwards = Walker::new(&self.folded, first, numbering);
        // The tail is walked backwards from the tour's last square.
        let mut backwards = Walker::new(&self.folded, last, numbering);
        let walked = if n < 1 << 16 {
            walk_runs(&mut forwards, head.chunks_mut(n.max(1)), false, None)
                .and_then(|()| walk_runs(&mut backwards, tail.rchunks_mut(n.max(1)), true, None))
        } else {
            // The tail stays reachable from here if the other thread cannot start.
            let tail = Mutex::new((tail, backwards));
            let walk_tail = || {
                let (tail, backwards) = &mut *tail.lock().expect("one user at a time");
                walk_runs(
                    backwards,
                    tail.rchunks_mut(SQUARES_PER_LOOK),
                    true,
                    deadline,
                )
            };
            std::thread::scope(|scope| {
                match std::thread::Builder::new().spawn_scoped(scope, walk_tail) {
                    Ok(other) => {
                        let here = walk_runs(
                            &mut forwards,
                            head.chunks_mut(SQUARES_PER_LOOK),
                            false,
                            deadline,
                        );
                        let there = other.join().expect("walking the links does not panic");
                        here.and(there)
                    }
                    Err(_) => walk_runs(
                        &mut forwards,
                        head.chunks_mut(SQUARES_PER_LOOK),
                        false,
                        deadline,
                    )
                    .and_then(|()| walk_tail()),
                }
            })
        };
        walked.map_err(|limit| ConstructError::Stopped { limit })?;
        Ok(path)
    }
}

/// Walks `runs` of slots in turn (each backwards when `backwards`: its last slot first),
/// looking at the clock before each.
fn walk_runs<'s>(
    walker: &mut Walker,
    runs: impl Iterator<Item = &'s mut [u32]>,
    backwards: bool,
    deadline: Option<Instant>,
) -> Result<(), Limit> {
    for run in runs {
        check_clock(deadline)?;
        walker.fill(run);
        if backwards {
            run.reverse();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
