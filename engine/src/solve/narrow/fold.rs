//! A long board seen through a short one ([`Fold`]), so that the frontier's plan, a few dozen
//! bytes a square, is made for a few hundred squares whatever the board's length.
//!
//! The frontier takes the board row by row along its short side (a row here is a line across
//! the short side). What a step does at a square depends only on the rows within a few moves
//! of it: which squares are on the board, which are fixed ends of the tour, their colours
//! (rows two apart have the same), and how many fixed ends are still to come. So every row
//! far from the board's ends and from the squares the request fixes (its start, its end, its
//! partial tour) steps like every other such row of the same parity in the same stretch
//! between fixed squares. The fold keeps the rows near those places as they are ([`Run::Kept`])
//! and stands for each long stretch between them by two rows of the short board
//! ([`Run::Repeated`]), one of each parity; the short board's plan then answers for every
//! square of the long one. Each stretch is an even number of rows, so the colour of every
//! square, the parity of the area and the colour count up to each square are the same on both
//! boards.

use std::ops::Range;

use crate::board::{Board, Square};

/// Stretches shorter than this many rows are kept whole: folding them saves nothing.
const SHORTEST_FOLDED: usize = 8;

/// A run of the board's rows, in order, and the rows of the short board that stand for them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Run {
    /// Rows kept as they are: row `rows.start + i` is row `first + i` of the short board.
    Kept {
        /// The rows of the board.
        rows: Range<usize>,
        /// The first of their rows on the short board.
        first: usize,
    },
    /// An even number of rows far from every fixed square: row `rows.start + i` steps as row
    /// `first + i % 2` of the short board.
    Repeated {
        /// The rows of the board.
        rows: Range<usize>,
        /// The first of the two rows that stand for them on the short board.
        first: usize,
    },
}

impl Run {
    /// The rows of the board the run holds.
    pub(super) fn rows(&self) -> &Range<usize> {
        match self {
            Run::Kept { rows, .. } | Run::Repeated { rows, .. } => rows,
        }
    }

    /// The row of the short board that stands for row `row` of the board (in the run).
    fn short_row(&self, row: usize) -> usize {
        match *self {
            Run::Kept { ref rows, first } => first + (row - rows.start),
            Run::Repeated { ref rows, first } => first + (row - rows.start) % 2,
        }
    }
}

/// A board and the short board whose frontier plan stands for it (see the module doc).
#[derive(Debug, Clone)]
pub(super) struct Fold {
    board: Board,
    /// Squares a row: the board's short side.
    width: usize,
    /// Whether a row is a column of the board as given (it is wider than tall).
    transposed: bool,
    short: Board,
    runs: Vec<Run>,
}

impl Fold {
    /// The fold of `board` that keeps whole the rows within `margin` of its first and last
    /// rows and of each row in `fixed` (rows along the long side, in any order).
    pub(super) fn new(board: Board, margin: usize, fixed: &[usize]) -> Self {
        let width = board.short_side() as usize;
        let length = board.long_side() as usize;
        let transposed = board.cols() > board.rows();
        let mut kept: Vec<Range<usize>> = fixed
            .iter()
            .map(|&row| row.saturating_sub(margin)..(row + margin + 1).min(length))
            .chain([0..margin.min(length), length.saturating_sub(margin)..length])
            .collect();
        kept.sort_unstable_by_key(|rows| rows.start);
        let mut runs: Vec<Run> = Vec::new();
        let mut next_short = 0;
        let mut done = 0;
        for rows in kept {
            if rows.end <= done {
                continue;
            }
            let gap = rows.start.saturating_sub(done);
            if gap >= SHORTEST_FOLDED {
                // An odd stretch keeps its first row, so that an even number repeats.
                let odd = gap % 2;
                keep(&mut runs, &mut next_short, done..done + odd);
                runs.push(Run::Repeated {
                    rows: done + odd..rows.start,
                    first: next_short,
                });
                next_short += 2;
                done = rows.start;
            }
            keep(&mut runs, &mut next_short, done..rows.end);
            done = rows.end;
        }
        let short_length = next_short as u64;
        let short = if transposed {
            Board::new(width as u64, short_length)
        } else {
            Board::new(short_length, width as u64)
        }
        .expect("the short board is no larger than the board");
        Self {
            board,
            width,
            transposed,
            short,
            runs,
        }
    }

    /// The row (a line across the short side) of `board` that holds `square`.
    pub(super) fn row_of(board: Board, square: Square) -> usize {
        if board.cols() > board.rows() {
            square.col as usize
        } else {
            square.row as usize
        }
    }

    /// The board.
    pub(super) fn board(&self) -> Board {
        self.board
    }

    /// The short board whose plan stands for the board's.
    pub(super) fn short(&self) -> Board {
        self.short
    }

    /// Squares a row.
    pub(super) fn width(&self) -> usize {
        self.width
    }

    /// The runs of rows, in order, covering the board.
    pub(super) fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// The number of the board's squares in the frontier's order.
    pub(super) fn squares(&self) -> usize {
        self.board.area() as usize
    }

    /// The place of `square` of the board in the frontier's order.
    pub(super) fn position(&self, square: Square) -> usize {
        let (row, col) = if self.transposed {
            (square.col, square.row)
        } else {
            (square.row, square.col)
        };
        row as usize * self.width + col as usize
    }

    /// The square of the board at place `v` of the order.
    pub(super) fn square(&self, v: usize) -> Square {
        self.square_of(v)
    }

    /// The square of the short board at place `v` of its order.
    pub(super) fn short_square(&self, v: usize) -> Square {
        self.square_of(v)
    }

    fn square_of(&self, v: usize) -> Square {
        let (row, col) = ((v / self.width) as u32, (v % self.width) as u32);
        if self.transposed {
            Square::new(col, row)
        } else {
            Square::new(row, col)
        }
    }

    /// The place on the short board that steps as place `v` of the board, in `run`.
    pub(super) fn short_position_in(&self, run: &Run, v: usize) -> usize {
        run.short_row(v / self.width) * self.width + v % self.width
    }

    /// The place on the short board that steps as place `v` of the board.
    pub(super) fn short_position(&self, v: usize) -> usize {
        let row = v / self.width;
        let at = self.runs.partition_point(|run| run.rows().end <= row);
        self.short_position_in(&self.runs[at], v)
    }

    /// The square of the short board that stands for `square` of the board.
    pub(super) fn short_square_of(&self, square: Square) -> Square {
        self.short_square(self.short_position(self.position(square)))
    }
}

/// Appends `rows`, kept, to `runs`: to the last run if it is kept and they follow it.
fn keep(runs: &mut Vec<Run>, next_short: &mut usize, rows: Range<usize>) {
    if rows.is_empty() {
        return;
    }
    let length = rows.len();
    match runs.last_mut() {
        Some(Run::Kept { rows: last, .. }) if last.end == rows.start => last.end = rows.end,
        _ => runs.push(Run::Kept {
            rows,
            first: *next_short,
        }),
    }
    *next_short += length;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: u64, cols: u64) -> Board {
        Board::new(rows, cols).unwrap()
    }

    #[test]
    fn a_short_board_is_kept_whole() {
        let fold = Fold::new(board(3, 20), 7, &[10]);
        assert_eq!(
            fold.runs(),
            &[Run::Kept {
                rows: 0..20,
                first: 0
            }]
        );
        assert_eq!(fold.short(), board(3, 20));
    }

    #[test]
    fn a_long_stretch_is_folded_to_two_rows_of_each_parity() {
        // Rows 0..7 and 993..1000 kept, and 7 rows each side of 500; of the odd stretch
        // after it, the first row too.
        let fold = Fold::new(board(1000, 4), 7, &[500]);
        assert_eq!(
            fold.runs(),
            &[
                Run::Kept {
                    rows: 0..7,
                    first: 0
                },
                Run::Repeated {
                    rows: 7..493,
                    first: 7
                },
                Run::Kept {
                    rows: 493..509,
                    first: 9
                },
                Run::Repeated {
                    rows: 509..993,
                    first: 25
                },
                Run::Kept {
                    rows: 993..1000,
                    first: 27
                },
            ]
        );
        assert_eq!(fold.short(), board(34, 4));
        // Every row keeps its parity.
        for v in 0..fold.squares() {
            let short = fold.short_position(v);
            assert_eq!((v / 4) % 2, (short / 4) % 2, "{v}");
            assert_eq!(v % 4, short % 4);
        }
        // The last square stands for itself, at the end of the short board.
        assert_eq!(fold.short_position(3999), 34 * 4 - 1);
    }

    #[test]
    fn a_wide_board_is_read_along_its_columns() {
        let fold = Fold::new(board(3, 1000), 7, &[]);
        assert_eq!(fold.short(), board(3, 16));
        assert_eq!(fold.square(4), Square::new(1, 1));
        assert_eq!(fold.position(Square::new(2, 999)), 2999);
        assert_eq!(
            fold.short_square_of(Square::new(2, 999)),
            Square::new(2, 15)
        );
    }
}
