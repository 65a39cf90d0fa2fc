//! The construction layer: a tour of a large board built from small pieces in time
//! proportional to its squares, with no search over the board.
//!
//! The method (Parberry 1997, *Discrete Applied Math.* 73; Lin & Wei 2005, *Discrete Applied
//! Math.* 146; Cull & De Curtins 1978 for strips): cut the board into blocks, give each block
//! a piece of the tour, and join the pieces with the general splice or, on strips, by knight
//! moves between the open ends of neighbouring pieces. The general splice: if one cycle has
//! the edge `a–b`, another the edge `c–d`, and `a–c`, `b–d` are knight moves, removing `ab` and
//! `cd` and adding `ac` and `bd` makes one cycle (the same swap splices a cycle into a path).
//! Every piece is found by this module's own small search ([`piece`]), never copied from a
//! published table (some published tiles contain illegal steps), and checked square by square
//! before use.
//!
//! | board | method |
//! |---|---|
//! | both sides ≥ 5, a closed tour exists | [`layout`]: blocks of 5 to 11 with a closed tour each (tiles), one swap per join; open tours read the cycle from the start |
//! | both sides odd, ≥ 5 | [`layout`]: the block holding the start carries a path from it; every other block's cycle is spliced into it |
//! | 3×n, n even ≥ 10 | [`strip`]: a turn, lanes and a turn, joined by two wires a cut (closed) |
//! | 3×n, 4×n, open | [`strip`]: a start block with a path from the start, two-wire sides (and on 4×n one three-wire side) |
//!
//! Boards small enough to be one block are really a search of the whole board; the solver lets
//! its search layers answer those first (see `solve`). A start no piece fits (3×7 from 1,3;
//! 3×8 from 1,2 or 1,5: no tour exists there) leaves the answer to the search, which proves it.
//!
//! The tour is held as one byte a square ([`links`]) and read out on two threads, from the
//! start forwards and from the end backwards. Nothing here recurses, and the same board and
//! start always give the same tour.

pub mod layout;
pub mod links;
pub mod piece;
pub mod strip;

use thiserror::Error;

use self::layout::{AssemblyError, assemble};
use self::links::{Links, NO_LINK, reverse};
use crate::engine::board::{Board, Square};
use crate::engine::existence;

/// Bytes a construction of `board` holds at its peak: the links (one byte a square) and the
/// path (four bytes a square), with the validator's two bits a square.
pub fn memory_needed(board: Board) -> u64 {
    board.area() * 5 + board.area() / 4
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
    /// No piece was found for a block of this board and start (the search that finds pieces
    /// ran out of its small budget, or none exists).
    #[error("the construction found no path block for a tour of {board} from {start}")]
    NoPiece {
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
}

/// A constructed tour, held as links until it is read out.
#[derive(Debug)]
pub struct Construction {
    /// The links, of the board or (for a strip standing upright) of its transpose.
    links: Links,
    /// Whether `links` is of the transposed board.
    transposed: bool,
    start: Square,
    end: Option<Square>,
    blocks: usize,
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
    let assembled = match (laid.short_side() >= 5, has_cycle) {
        (true, true) => assemble(laid, None),
        (true, false) => assemble(laid, Some(from)),
        (false, true) => strip::closed(laid),
        (false, false) => strip::open(laid, from),
    };
    match assembled {
        Ok(assembled) => Ok(Construction {
            links: assembled.links,
            transposed,
            start: from,
            end: assembled.end,
            blocks: assembled.blocks,
        }),
        Err(AssemblyError::NoPiece) => Err(ConstructError::NoPiece { board, start }),
        Err(AssemblyError::Memory) => Err(ConstructError::Memory {
            board,
            bytes: memory_needed(board),
        }),
    }
}

impl Construction {
    /// The board.
    pub fn board(&self) -> Board {
        if self.transposed {
            self.links.board().transposed()
        } else {
            self.links.board()
        }
    }

    /// How many blocks were joined. A board small enough to be one block is really solved by
    /// the piece search alone.
    pub fn blocks(&self) -> usize {
        self.blocks
    }

    /// The tour as square numbers in visit order, from the start. A cycle is read in one of its
    /// two directions; it closes whenever the board has a closed tour. Fails, rather than
    /// aborting, when the memory for the path cannot be had.
    pub fn path(&self) -> Result<Vec<u32>, ConstructError> {
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
        let links = &self.links;
        // The tail is walked backwards from the tour's last square.
        let (forward_back, last, last_back) = match self.end {
            None => {
                let (_, second) = links.codes(self.start);
                let last = links.neighbours(self.start)[1].expect("a cycle has two links");
                (second, last, reverse(second))
            }
            Some(end) => (NO_LINK, end, NO_LINK),
        };
        let start = self.start;
        if n < 1 << 16 {
            links.trace(start, forward_back, head.iter_mut());
            links.trace(last, last_back, tail.iter_mut().rev());
        } else {
            std::thread::scope(|scope| {
                scope.spawn(|| links.trace(last, last_back, tail.iter_mut().rev()));
                links.trace(start, forward_back, head.iter_mut());
            });
        }
        if self.transposed {
            // Square numbers of the transposed board, `col * rows + row`, back to `row * cols
            // + col`.
            let rows = self.board().rows();
            let cols = self.board().cols();
            for index in &mut path {
                let (col, row) = (*index / rows, *index % rows);
                *index = row * cols + col;
            }
        }
        Ok(path)
    }
}
