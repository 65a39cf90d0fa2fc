//! The text forms of sizes and squares: `8x10`, `8`, `r,c` and `a1`, read and written here
//! and nowhere else.
//!
//! Algebraic names exist on boards of at most [`MAX_ALGEBRAIC_COLS`] columns (file `a` is
//! column 0, rank 1 the bottom row, as on a chessboard); wider boards use `r,c` both ways.
//! Parsing never panics: every bad input becomes a [`NotationError`] whose message names the
//! bad text and what would be accepted.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{Board, BoardError, Square};
use crate::quote::quoted;

/// Why a size or square could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    /// The size text is not `RxC` or `N`.
    #[error("invalid size {}: expected ROWSxCOLS (e.g. 8x10) or N for an NxN board", quoted(.0))]
    Size(String),
    /// The size parsed but is not a usable board.
    #[error("invalid size {}: {reason}", quoted(.text))]
    Board {
        /// The text as typed.
        text: String,
        /// What is wrong with the board.
        reason: BoardError,
    },
    /// The square text is neither `r,c` nor algebraic.
    #[error(
        "invalid square {}: expected ROW,COL (0-based, e.g. 0,0) or a square like a1",
        quoted(.0)
    )]
    Square(String),
    /// The square parsed but is not on the board.
    #[error("square {} is off the {board} board: {accepted}", quoted(.text))]
    OffBoard {
        /// The text as typed.
        text: String,
        /// The board it was meant for.
        board: Board,
        /// What the board accepts.
        accepted: String,
    },
}

/// Reads a board size: `RxC` (rows × columns; `x`, `X` or `×`) or `N` for `N × N`.
pub fn parse_size(text: &str) -> Result<Board, NotationError> {
    let trimmed = text.trim();
    let bad = || NotationError::Size(text.to_string());
    let (rows, cols) = match trimmed.split_once(['x', 'X', '×']) {
        Some((rows, cols)) => (
            parse_number(rows).ok_or_else(bad)?,
            parse_number(cols).ok_or_else(bad)?,
        ),
        None => {
            let n = parse_number(trimmed).ok_or_else(bad)?;
            (n, n)
        }
    };
    Board::new(rows, cols).map_err(|reason| NotationError::Board {
        text: text.to_string(),
        reason,
    })
}

/// The widest board with algebraic square names: one file letter a column, `a` to `z`.
pub const MAX_ALGEBRAIC_COLS: u32 = 26;

/// Whether the squares of `board` have algebraic names: at most [`MAX_ALGEBRAIC_COLS`] columns.
pub fn has_algebraic_names(board: Board) -> bool {
    board.cols() <= MAX_ALGEBRAIC_COLS
}

/// How a row is named at the board's edge: its rank (1 is the bottom row) where squares have
/// algebraic names, else its 0-based index.
pub fn row_label(board: Board, row: u32) -> String {
    if has_algebraic_names(board) {
        (board.rows() - row).to_string()
    } else {
        row.to_string()
    }
}

/// How a column is named at the board's edge: its file letter (`a` is column 0) where squares
/// have algebraic names, else its 0-based index.
pub fn col_label(board: Board, col: u32) -> String {
    if has_algebraic_names(board) {
        char::from(b'a' + col as u8).to_string()
    } else {
        col.to_string()
    }
}

/// The algebraic name of `square` (`a1` is the bottom-left corner), where the board has them.
pub fn algebraic(board: Board, square: Square) -> Option<String> {
    has_algebraic_names(board).then(|| {
        format!(
            "{}{}",
            col_label(board, square.col),
            row_label(board, square.row)
        )
    })
}

/// A square's short name: algebraic where the board allows it, else `row,col`.
pub fn short_name(board: Board, square: Square) -> String {
    algebraic(board, square).unwrap_or_else(|| square.to_string())
}

/// A square's full name: `a1 (7,0)` where the board allows algebraic names, else `row,col`.
pub fn full_name(board: Board, square: Square) -> String {
    match algebraic(board, square) {
        Some(name) => format!("{name} ({square})"),
        None => square.to_string(),
    }
}

/// A decimal number of plain ASCII digits (no sign, no spaces inside).
fn parse_number(text: &str) -> Option<u64> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A square as typed, before it is placed on a board: algebraic squares need the board's height
/// to become a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareSpec {
    text: String,
    form: SquareForm,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SquareForm {
    /// `r,c`, 0-based from the top-left.
    RowCol { row: u64, col: u64 },
    /// `a1`: file letter (column), rank number (1 = bottom row).
    Algebraic { file: u32, rank: u64 },
}

impl SquareSpec {
    /// The square this text names on `board`, or why it is not on it.
    pub fn resolve(&self, board: Board) -> Result<Square, NotationError> {
        let off_board = |accepted: String| NotationError::OffBoard {
            text: self.text.clone(),
            board,
            accepted,
        };
        match self.form {
            SquareForm::RowCol { row, col } => {
                if row < u64::from(board.rows()) && col < u64::from(board.cols()) {
                    Ok(Square::new(row as u32, col as u32))
                } else {
                    Err(off_board(format!(
                        "rows 0..={}, columns 0..={}",
                        board.rows() - 1,
                        board.cols() - 1
                    )))
                }
            }
            SquareForm::Algebraic { file, rank } => {
                if !has_algebraic_names(board) {
                    return Err(off_board(format!(
                        "algebraic squares need at most {MAX_ALGEBRAIC_COLS} columns; use ROW,COL"
                    )));
                }
                if file < board.cols() && (1..=u64::from(board.rows())).contains(&rank) {
                    Ok(Square::new(board.rows() - rank as u32, file))
                } else {
                    let last_file = char::from(b'a' + (board.cols() - 1) as u8);
                    Err(off_board(format!(
                        "files a..{last_file}, ranks 1..{}",
                        board.rows()
                    )))
                }
            }
        }
    }
}

impl FromStr for SquareSpec {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || NotationError::Square(text.to_string());
        let trimmed = text.trim();
        let form = if let Some((row, col)) = trimmed.split_once(',') {
            SquareForm::RowCol {
                row: parse_number(row).ok_or_else(bad)?,
                col: parse_number(col).ok_or_else(bad)?,
            }
        } else {
            let mut chars = trimmed.chars();
            let file = chars
                .next()
                .filter(char::is_ascii_lowercase)
                .ok_or_else(bad)?;
            let rank = parse_number(chars.as_str()).ok_or_else(bad)?;
            SquareForm::Algebraic {
                file: u32::from(file) - u32::from('a'),
                rank,
            }
        };
        Ok(Self {
            text: text.to_string(),
            form,
        })
    }
}

impl fmt::Display for SquareSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: u64, cols: u64) -> Board {
        Board::new(rows, cols).unwrap()
    }

    #[test]
    fn sizes_in_both_forms() {
        assert_eq!(parse_size("8x10"), Ok(board(8, 10)));
        assert_eq!(parse_size("8"), Ok(board(8, 8)));
        assert_eq!(parse_size(" 3X12 "), Ok(board(3, 12)));
        assert_eq!(parse_size("5×6"), Ok(board(5, 6)));
    }

    #[test]
    fn bad_sizes_name_the_text() {
        for text in ["", "x", "8x", "8y9", "-3", "+3", "3x-4", "1e3", "8x8x8"] {
            let err = parse_size(text).unwrap_err();
            assert!(err.to_string().contains(&format!("'{text}'")), "{err}");
        }
        let zero = parse_size("0x5").unwrap_err().to_string();
        assert!(
            zero.contains("'0x5'") && zero.contains("at least 1"),
            "{zero}"
        );
        let huge = parse_size("99999999999999999999").unwrap_err().to_string();
        assert!(huge.contains("99999999999999999999"), "{huge}");
    }

    #[test]
    fn row_col_and_algebraic_squares() {
        let chess = board(8, 8);
        let spec = |text: &str| text.parse::<SquareSpec>().unwrap();
        assert_eq!(spec("0,0").resolve(chess), Ok(Square::new(0, 0)));
        assert_eq!(spec("7, 3").resolve(chess), Ok(Square::new(7, 3)));
        assert_eq!(spec("a1").resolve(chess), Ok(Square::new(7, 0)));
        assert_eq!(spec("h8").resolve(chess), Ok(Square::new(0, 7)));
        assert_eq!(spec("b10").resolve(board(10, 3)), Ok(Square::new(0, 1)));
    }

    #[test]
    fn squares_off_the_board_say_what_fits() {
        let chess = board(8, 8);
        let err = "8,0"
            .parse::<SquareSpec>()
            .unwrap()
            .resolve(chess)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "square '8,0' is off the 8x8 board: rows 0..=7, columns 0..=7"
        );
        let err = "i1"
            .parse::<SquareSpec>()
            .unwrap()
            .resolve(chess)
            .unwrap_err();
        assert!(err.to_string().contains("files a..h, ranks 1..8"), "{err}");
        let wide = board(5, 30);
        assert!("a1".parse::<SquareSpec>().unwrap().resolve(wide).is_err());
        for text in ["", "A1", "a", "1", "a0x", ",", "1,", "a-1"] {
            assert!(text.parse::<SquareSpec>().is_err(), "{text}");
        }
    }
}
