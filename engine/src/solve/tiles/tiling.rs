//! The ways to cut a board into blocks: bands of one side each way, from [`BAND_SIDES`], the
//! rest of each length in the band holding the start, so that a tiling has at most four block
//! shapes.

use super::joined::Block;
use crate::board::{Board, Square};

/// The band sides tried, in order: even, and large enough that most pieces have closed tours
/// of every shape they make. Schwenk's argument leaves the (3,4)-leaper no tour of 24×24 (no
/// move joins two of rows, nor two of columns, 0–2, 7–9, 14–16 and 21–23), and the
/// (4,5)-leaper none with a side of 24, 30, 32 or 40 (rows 0–3, 9–12, 18–21, … hold half the
/// lines); the searches prove in a few thousand nodes that it has none of 26×26, 28×28 or
/// 34×34 either.
pub(super) const BAND_SIDES: [u32; 14] = [32, 50, 36, 46, 26, 30, 40, 48, 24, 42, 28, 34, 38, 44];

/// One way to cut the board: the bands' heights and widths, and the band of each holding the
/// start.
pub(super) struct Tiling {
    pub(super) heights: Vec<u32>,
    pub(super) widths: Vec<u32>,
    pub(super) start_band: (usize, usize),
}

impl Tiling {
    /// Bands of `row_side` squares down `board` and of `col_side` across, the rest of each
    /// length in the band holding `start` ([`bands`]).
    pub(super) fn new(board: Board, start: Square, (row_side, col_side): (u32, u32)) -> Self {
        let (heights, row_band) = bands(board.rows(), start.row, row_side);
        let (widths, col_band) = bands(board.cols(), start.col, col_side);
        Self {
            heights,
            widths,
            start_band: (row_band, col_band),
        }
    }

    /// The block in band `row` of rows and band `col` of columns.
    pub(super) fn block(&self, row: usize, col: usize) -> Block {
        Block {
            top: self.heights[..row].iter().sum(),
            left: self.widths[..col].iter().sum(),
            rows: self.heights[row],
            cols: self.widths[col],
        }
    }
}

/// A length cut into bands of `side`, but for the band holding `start`, which takes the rest
/// too (under one side more): so a tiling has at most two band sizes each way, and on a length
/// of odd parity the odd band is the start's. The bands, and that band's place. A length under
/// two sides is one band.
pub(super) fn bands(length: u32, start: u32, side: u32) -> (Vec<u32>, usize) {
    if length < 2 * side {
        return (vec![length], 0);
    }
    let count = length / side;
    let holder = (start / side).min(count - 1);
    let mut sizes = vec![side; count as usize];
    sizes[holder as usize] += length % side;
    (sizes, holder as usize)
}

/// The pairs of band sides (down, across) to try: each side of [`BAND_SIDES`] both ways, then
/// the pairs of two sides, in the same order.
pub(super) fn side_pairs() -> impl Iterator<Item = (u32, u32)> {
    let squares = BAND_SIDES.iter().map(|&side| (side, side));
    let mixed = BAND_SIDES.iter().enumerate().flat_map(|(place, &first)| {
        BAND_SIDES[..place]
            .iter()
            .flat_map(move |&second| [(first, second), (second, first)])
    });
    squares.chain(mixed)
}
