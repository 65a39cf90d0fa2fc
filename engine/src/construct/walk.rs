//! Walking the links of a board held folded ([`Folded`]): square by square in visit order,
//! without the board's links in memory.
//!
//! A [`Walker`] stands on a square of the board and knows which of the square's two links it
//! leaves by; each step reads one word of the folded board's table of *slots* (a square and the
//! link it is left by): how far the next slot lies and which knight move the step is. It moves
//! on the board and on the folded board alike. While the walk stays within the stretch of rows
//! and the stretch of columns that the fold shifts by one amount ([`Window`]) a step is that
//! one lookup and a few additions; leaving a stretch, it looks the fold up again (once every
//! few dozen steps). Where it stands is a [`Stand`], which is all a walk needs to start again
//! from there.

use std::collections::TryReserveError;

use super::fold::{Axis, Window};
use super::links::{KnightLinks, NO_LINK, reverse};
use crate::board::{Board, KNIGHT_MOVES, Square};

/// The links of a board, held as those of its folded board with the map of its rows and
/// columns (see [`super::fold`]).
#[derive(Debug, Clone)]
pub struct Folded {
    /// The folded board's links.
    pub links: KnightLinks,
    /// The board's rows on the folded board.
    pub rows: Axis,
    /// The board's columns on the folded board.
    pub cols: Axis,
    /// For each slot (square `i` of the folded board left by its link `side`, at `2i + side`),
    /// the step to the next slot times 16, plus the knight move taken ([`STAY`] at the end of
    /// a path, where the walk stays).
    slots: Vec<i64>,
}

/// The move number of no move: the walk stays where it is.
const STAY: usize = 8;

/// Row and column steps of each move number, and of [`STAY`].
const ROW_STEPS: [i32; 9] = row_steps();
const COL_STEPS: [i32; 9] = col_steps();

const fn row_steps() -> [i32; 9] {
    let mut steps = [0; 9];
    let mut k = 0;
    while k < 8 {
        steps[k] = KNIGHT_MOVES[k].0;
        k += 1;
    }
    steps
}

const fn col_steps() -> [i32; 9] {
    let mut steps = [0; 9];
    let mut k = 0;
    while k < 8 {
        steps[k] = KNIGHT_MOVES[k].1;
        k += 1;
    }
    steps
}

/// The link (0: the byte's first half, 1: its second) a walk leaves `byte`'s square by, having
/// come back along half-byte `back`: the other one, or the first real one after no link.
fn side_of(byte: u8, back: u8) -> u8 {
    let first = byte & 0xf;
    u8::from(first == back || first == NO_LINK)
}

impl Folded {
    /// The board's links as the folded board's `links` under the map of `rows` and `cols`;
    /// fails if the memory for its table (sixteen bytes a square of the folded board) cannot
    /// be had.
    pub fn new(links: KnightLinks, rows: Axis, cols: Axis) -> Result<Self, TryReserveError> {
        debug_assert_eq!(links.board().rows(), rows.folded_len());
        debug_assert_eq!(links.board().cols(), cols.folded_len());
        let folded = links.board();
        let width = i64::from(folded.cols());
        let cells = links.cells();
        let mut slots = Vec::new();
        slots.try_reserve_exact(cells.len() * 2)?;
        slots.extend((0..cells.len() * 2).map(|slot| {
            let (here, side) = (slot / 2, slot % 2);
            let byte = cells[here];
            let code = if side == 0 { byte & 0xf } else { byte >> 4 };
            let next = KNIGHT_MOVES
                .get(usize::from(code))
                .and_then(|&step| folded.square_at(here as u32).offset(step, folded));
            match next {
                Some(to) => {
                    let there = folded.index(to) as usize;
                    let side = side_of(cells[there], reverse(code));
                    let step = (there * 2 + usize::from(side)) as i64 - slot as i64;
                    step * 16 + i64::from(code)
                }
                // Off the folded board: the move is taken, and the walk finds itself off
                // the board or looks the fold up again.
                None if usize::from(code) < STAY => {
                    let (dr, dc) = KNIGHT_MOVES[usize::from(code)];
                    let step = (i64::from(dr) * width + i64::from(dc)) * 2;
                    step * 16 + i64::from(code)
                }
                None => STAY as i64,
            }
        }));
        Ok(Self {
            links,
            rows,
            cols,
            slots,
        })
    }
    /// The links of `links`' whole board, folding nothing.
    pub fn whole(links: KnightLinks) -> Result<Self, TryReserveError> {
        let board = links.board();
        Self::new(links, Axis::whole(board.rows()), Axis::whole(board.cols()))
    }

    /// The board (not the folded one).
    pub fn board(&self) -> Board {
        Board::new(u64::from(self.rows.len()), u64::from(self.cols.len()))
            .expect("a folded board's board is a board")
    }

    /// The byte of `square` of the board: its two links.
    pub fn byte(&self, square: Square) -> Option<u8> {
        let row = self.rows.locate(square.row)?.folded;
        let col = self.cols.locate(square.col)?.folded;
        let folded = self.links.board();
        Some(self.links.cells()[folded.index(Square::new(row, col)) as usize])
    }

    /// The two links of `square` as half-bytes.
    pub fn codes(&self, square: Square) -> Option<(u8, u8)> {
        self.byte(square).map(|byte| (byte & 0xf, byte >> 4))
    }
}

/// Where a walk stands: the square it gives next, and which of that square's links it leaves
/// by (0: the first half of its byte, 1: the second).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stand {
    /// The square.
    pub square: Square,
    /// The link it leaves by.
    pub side: u8,
}

impl Folded {
    /// The stand on `square` of a walk that came back along half-byte `back` (it leaves by
    /// the other link; [`NO_LINK`] takes the first real link).
    pub fn stand(&self, square: Square, back: u8) -> Stand {
        let byte = self.byte(square).unwrap_or(0xff);
        Stand {
            square,
            side: side_of(byte, back),
        }
    }
}

/// How a walk numbers the squares it gives: `row * rows + col * cols` (a board built
/// transposed gives the numbers of the board asked for).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbering {
    /// The factor of the row.
    pub rows: u32,
    /// The factor of the column.
    pub cols: u32,
}

impl Numbering {
    /// Square numbers of `board` itself, `row * cols + col`.
    pub fn of(board: Board) -> Self {
        Self {
            rows: board.cols(),
            cols: 1,
        }
    }

    /// Square numbers of the transpose of `board`, whose rows are `board`'s columns.
    pub fn transposed(board: Board) -> Self {
        Self {
            rows: 1,
            cols: board.rows(),
        }
    }
}

/// The number a walk gives when it has left the board (never a square number: a board has at
/// most 10^9 squares).
pub const OFF_BOARD: u32 = u32::MAX;

/// A walk along the links of a [`Folded`] board.
pub struct Walker<'a> {
    folded: &'a Folded,
    row: u32,
    col: u32,
    /// The number of the square it stands on.
    number: u32,
    /// How each move changes the number (modulo 2^32).
    number_steps: [u32; 9],
    /// Where the walk stands on the folded board: a slot of [`Folded`]'s table.
    slot: usize,
    rows: Window,
    cols: Window,
    /// Whether the walk has left the board (a broken construction): it gives [`OFF_BOARD`].
    lost: bool,
}

impl<'a> Walker<'a> {
    /// A walk of `folded` from `stand`, numbering squares by `numbering`.
    pub fn new(folded: &'a Folded, stand: Stand, numbering: Numbering) -> Self {
        let empty = Window {
            folded: 0,
            first: 0,
            len: 0,
        };
        let Square { row, col } = stand.square;
        let mut number_steps = [0u32; 9];
        for (k, step) in number_steps.iter_mut().enumerate() {
            *step = (ROW_STEPS[k] as u32)
                .wrapping_mul(numbering.rows)
                .wrapping_add((COL_STEPS[k] as u32).wrapping_mul(numbering.cols));
        }
        let mut walker = Self {
            folded,
            row,
            col,
            number: row
                .wrapping_mul(numbering.rows)
                .wrapping_add(col.wrapping_mul(numbering.cols)),
            number_steps,
            slot: 0,
            rows: empty,
            cols: empty,
            lost: false,
        };
        if let Some(here) = walker.locate() {
            walker.slot = here * 2 + usize::from(stand.side & 1);
        }
        walker
    }

    /// Where the walk stands.
    pub fn stand(&self) -> Stand {
        Stand {
            square: Square::new(self.row, self.col),
            side: (self.slot & 1) as u8,
        }
    }

    /// Looks the fold up again for the square the walk stands on: its cell on the folded board.
    fn locate(&mut self) -> Option<usize> {
        let located = (
            self.folded.rows.locate(self.row),
            self.folded.cols.locate(self.col),
        );
        let (Some(rows), Some(cols)) = located else {
            self.lost = true;
            return None;
        };
        self.rows = rows;
        self.cols = cols;
        let width = self.folded.links.board().cols() as usize;
        Some(rows.folded as usize * width + cols.folded as usize)
    }

    /// Fills `out` with the numbers of the squares met next, in order.
    pub fn fill(&mut self, out: &mut [u32]) {
        let table = &self.folded.slots[..];
        let number_steps = self.number_steps;
        let mut done = 0;
        while done < out.len() && !self.lost {
            // The stretch of the current windows, walked with the state in locals.
            let (mut row, mut col, mut number, mut slot) =
                (self.row, self.col, self.number, self.slot);
            let (row_first, row_len) = (self.rows.first, self.rows.len);
            let (col_first, col_len) = (self.cols.first, self.cols.len);
            let mut left = None;
            for square in &mut out[done..] {
                *square = number;
                done += 1;
                let entry = table[slot];
                let code = (entry & 15) as usize;
                row = row.wrapping_add_signed(ROW_STEPS[code]);
                col = col.wrapping_add_signed(COL_STEPS[code]);
                number = number.wrapping_add(number_steps[code]);
                if row.wrapping_sub(row_first) < row_len && col.wrapping_sub(col_first) < col_len {
                    slot = slot.wrapping_add_signed((entry >> 4) as isize);
                } else {
                    left = Some(code);
                    break;
                }
            }
            (self.row, self.col, self.number, self.slot) = (row, col, number, slot);
            if let Some(code) = left
                && let Some(here) = self.locate()
            {
                // The link it came back along is the move's reverse.
                let byte = self.folded.links.cells()[here];
                let side = side_of(byte, reverse(code as u8));
                self.slot = here * 2 + usize::from(side);
            }
        }
        out[done..].fill(OFF_BOARD);
    }

    /// Walks past the next `count` squares.
    pub fn skip(&mut self, mut count: u64) {
        let mut scratch = [0u32; 1024];
        while count > 0 {
            let n = count.min(scratch.len() as u64) as usize;
            self.fill(&mut scratch[..n]);
            count -= n as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_leaves_by_the_link_it_did_not_come_by_and_stays_at_a_path_end() {
        // A path of three squares on 3x3: (0,0) - (1,2) - (2,0).
        let board = Board::new(3, 3).unwrap();
        let order = [Square::new(0, 0), Square::new(1, 2), Square::new(2, 0)];
        let folded = Folded::whole(KnightLinks::from_order(board, &order, false)).unwrap();
        let numbers = Numbering::of(board);
        let mut walker = Walker::new(&folded, folded.stand(order[0], NO_LINK), numbers);
        let mut slots = [0u32; 4];
        walker.fill(&mut slots);
        assert_eq!(slots, [0, 5, 6, 6]);
        let mut upright = Walker::new(
            &folded,
            folded.stand(order[2], NO_LINK),
            Numbering::transposed(board),
        );
        upright.fill(&mut slots[..3]);
        assert_eq!(slots[..3], [2, 7, 0]);
    }

    #[test]
    fn a_walk_off_the_board_gives_numbers_no_square_has() {
        // A square whose link points off the board.
        let board = Board::new(3, 3).unwrap();
        let mut links = KnightLinks::new(board).unwrap();
        links.cells_mut()[0] = super::super::links::pack(0, NO_LINK);
        let folded = Folded::whole(links).unwrap();
        let stand = folded.stand(Square::new(0, 0), NO_LINK);
        let mut walker = Walker::new(&folded, stand, Numbering::of(board));
        let mut slots = [0u32; 3];
        walker.fill(&mut slots);
        assert_eq!(slots, [0, OFF_BOARD, OFF_BOARD]);
    }
}
