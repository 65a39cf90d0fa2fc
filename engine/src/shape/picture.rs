//! The text form of a board of any shape: a *picture*, one line a row, as puzzle books and
//! Rosetta Code print them. [`read`] reads one (the engine reads no file: the caller passes the
//! text), and a [`Picture`]'s `Display` writes the canonical form back, which `read` reads to
//! the same picture.
//!
//! A cell is an open square (`0`, `_`, `__`, `x`), a hole (`.`, `..`, `-`, or a blank), the
//! start (`s`), or a number: the square's visit number, a clue (`1` is also the start). How the
//! cells of a line are found, in short (GUIDE.md's "Boards of any shape" has it all):
//!
//! - when every line is one run of characters and one of them is not itself a cell
//!   (`.....s.x.....`), each character is a cell;
//! - otherwise, when the cells stand in columns (the narrowest distance between two cells of a
//!   line gives the column width), a blank column is a hole (`  0 0 0`, cells two wide);
//! - otherwise, when every line has the same number of cells, the cells are read in order,
//!   whatever the spaces between them.
//!
//! Every refusal is a [`PictureError`] naming the line and column (1-based, in characters) of
//! the text at fault, quoting it, and saying what is accepted.

use std::fmt;
use std::str::FromStr;

use rustc_hash::FxHashMap;
use thiserror::Error;

use super::{Clue, Shape, ShapeError};
use crate::board::{Board, Square};
use crate::quote::quoted;

/// A board of any shape as a picture gives it: the shape, with its clues, and the start the
/// picture marks (an `s`, or the square numbered 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    shape: Shape,
    start: Option<Square>,
}

impl Picture {
    /// `shape` started from `start`. Given no start, the square numbered 1 (if any) is the
    /// start; `None` when `start` is not an open square, is given another number than 1, or
    /// the square numbered 1 is another.
    pub fn new(shape: Shape, start: Option<Square>) -> Option<Self> {
        let clued = shape.clued_start();
        let start = match (start, clued) {
            (Some(start), Some(clued)) if start != clued => return None,
            (Some(start), _)
                if !shape.is_open(start) || shape.clue_at(start).is_some_and(|n| n != 1) =>
            {
                return None;
            }
            (start, clued) => start.or(clued),
        };
        Some(Self { shape, start })
    }

    /// The board: its open squares and clues.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The start the picture marks, if any: the `s`, or the square numbered 1.
    pub fn start(&self) -> Option<Square> {
        self.start
    }

    /// The board alone.
    pub fn into_shape(self) -> Shape {
        self.shape
    }
}

/// What a cell may be, as every message about a cell says.
const CELLS: &str = "a cell is 0, _, __ or x (an open square), . or .. (a hole), s (the start) \
                     or a number (the square's visit number)";

/// Why a picture cannot be read. Lines and columns are 1-based; columns count characters.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PictureError {
    /// A cell that is none of those accepted.
    #[error("line {line}, column {column}: unknown cell {}; {CELLS}", quoted(.cell))]
    UnknownCell {
        /// Where the cell is.
        line: usize,
        /// Where the cell begins.
        column: usize,
        /// The cell as written.
        cell: String,
    },
    /// Lines whose cells neither stand in columns nor are as many as the first line's.
    #[error(
        "line {line}, column {column}: {cells} cells where line {first_line} has {first_cells}, \
         and the cells do not stand in columns; give every line as many cells (a hole is .), or \
         put the cells under one another (a blank cell is a hole)"
    )]
    Ragged {
        /// The first line whose count differs from the first line's.
        line: usize,
        /// Its first cell too many, or the end of its last cell.
        column: usize,
        /// Its cells.
        cells: usize,
        /// The picture's first line.
        first_line: usize,
        /// The first line's cells.
        first_cells: usize,
    },
    /// A tab where the cells must be found by their columns.
    #[error(
        "line {line}, column {column}: a tab, in a picture whose cells are found by their \
         columns; write spaces instead"
    )]
    Tab {
        /// Where the tab is.
        line: usize,
        /// The tab's column.
        column: usize,
    },
    /// A blank line between two rows.
    #[error(
        "line {line}, column {column}: a blank line inside the picture; a row of holes is a \
         line of . cells"
    )]
    BlankLine {
        /// The blank line.
        line: usize,
        /// Always 1.
        column: usize,
    },
    /// One visit number on two squares.
    #[error(
        "line {line}, column {column}: the number {number} is given twice (first at line \
         {first_line}, column {first_column}); each visit number is given once"
    )]
    NumberTwice {
        /// Where it is given again.
        line: usize,
        /// Its column there.
        column: usize,
        /// The number.
        number: u32,
        /// Where it was given first.
        first_line: usize,
        /// Its column there.
        first_column: usize,
    },
    /// A visit number beyond the open squares.
    #[error(
        "line {line}, column {column}: the number {} is larger than the {open} open squares; a \
         visit number is between 1 and the number of open squares",
        quoted(.number)
    )]
    NumberTooLarge {
        /// Where the number is.
        line: usize,
        /// Its column.
        column: usize,
        /// The number as written.
        number: String,
        /// The open squares of the picture.
        open: u64,
    },
    /// Two starts: two `s`, or an `s` and a `1`.
    #[error(
        "line {line}, column {column}: a second start (the first at line {first_line}, column \
         {first_column}); the start is one s, or the square numbered 1"
    )]
    StartTwice {
        /// Where the second start is.
        line: usize,
        /// Its column.
        column: usize,
        /// Where the first start is.
        first_line: usize,
        /// Its column.
        first_column: usize,
    },
    /// No open square at all, or no line.
    #[error(
        "line {line}, column {column}: the picture has no open square; an open square is 0, _, \
         __, x, s or a number"
    )]
    NoOpenSquare {
        /// The picture's first line (1 when it has none).
        line: usize,
        /// The first cell's column.
        column: usize,
    },
    /// More squares than a board of any shape may have.
    #[error(
        "line {line}, column {column}: the picture passes {max} squares, the most a board of \
         any shape may have",
        max = Shape::MAX_SQUARES
    )]
    TooLarge {
        /// Where the picture passes the limit.
        line: usize,
        /// The column there.
        column: usize,
    },
    /// The squares read make no shape (not expected: the reader checks first).
    #[error("line {line}, column {column}: {source}")]
    Shape {
        /// The picture's first line.
        line: usize,
        /// Always 1.
        column: usize,
        /// Why.
        source: ShapeError,
    },
}

/// A cell's meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Hole,
    Open,
    Start,
    /// A visit number, at least 1 (saturated at `u64::MAX`).
    Number(u64),
}

/// What `text` means as a cell, if anything: runs of up to three `.`, `-` (holes) or `_`
/// (open), `0`, `x`, `s`, or a number (at least 1; `01` to `09` as printed `%02d`).
fn cell(text: &str) -> Option<Cell> {
    let bytes = text.as_bytes();
    let run_of = |c: u8| (1..=3).contains(&bytes.len()) && bytes.iter().all(|&b| b == c);
    if run_of(b'.') || run_of(b'-') {
        return Some(Cell::Hole);
    }
    if run_of(b'_') || matches!(text, "0" | "x" | "X") {
        return Some(Cell::Open);
    }
    if matches!(text, "s" | "S") {
        return Some(Cell::Start);
    }
    let digits = !bytes.is_empty() && bytes.iter().all(u8::is_ascii_digit);
    let padded = bytes.len() > 2 && bytes[0] == b'0' || bytes == b"00";
    if !digits || padded {
        return None;
    }
    let value = bytes.iter().fold(0u64, |n, &b| {
        n.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    });
    Some(Cell::Number(value))
}

/// A run of characters between blanks: `column` and `end` are 0-based character columns.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    column: usize,
    end: usize,
    text: &'a str,
}

/// A line of the picture: its number (1-based), its cells as written, and its first tab.
#[derive(Debug)]
struct Row<'a> {
    line: usize,
    tokens: Vec<Token<'a>>,
    tab: Option<usize>,
}

fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{a0}')
}

/// The picture's rows: the lines from the first that holds a cell to the last, comment lines
/// (`#` first) left out. A blank line between rows is refused.
fn rows(text: &str) -> Result<Vec<Row<'_>>, PictureError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rows = Vec::new();
    let mut blank_since: Option<usize> = None;
    let mut tokens_read = 0u64;
    for (index, line) in text.split('\n').enumerate() {
        let number = index + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        let trimmed = line.trim_start_matches(is_blank);
        if trimmed.starts_with('#') {
            continue;
        }
        if trimmed.is_empty() {
            blank_since = blank_since.or(Some(number));
            continue;
        }
        if let Some(blank) = blank_since.take()
            && !rows.is_empty()
        {
            return Err(PictureError::BlankLine {
                line: blank,
                column: 1,
            });
        }
        let row = tokens(line, number, &mut tokens_read)?;
        rows.push(row);
    }
    Ok(rows)
}

/// The cells of `line` as written, counted into `read` against the limit.
fn tokens<'a>(line: &'a str, number: usize, read: &mut u64) -> Result<Row<'a>, PictureError> {
    let mut row = Row {
        line: number,
        tokens: Vec::new(),
        tab: None,
    };
    let mut open: Option<(usize, usize)> = None;
    let mut column = 0;
    for (at, c) in line.char_indices() {
        if is_blank(c) {
            if c == '\t' {
                row.tab = row.tab.or(Some(column));
            }
            if let Some((start_column, start)) = open.take() {
                row.tokens.push(Token {
                    column: start_column,
                    end: column,
                    text: &line[start..at],
                });
            }
        } else if open.is_none() {
            *read += 1;
            if *read > Shape::MAX_SQUARES {
                return Err(PictureError::TooLarge {
                    line: number,
                    column: column + 1,
                });
            }
            open = Some((column, at));
        }
        column += 1;
    }
    if let Some((start_column, start)) = open {
        row.tokens.push(Token {
            column: start_column,
            end: column,
            text: &line[start..],
        });
    }
    Ok(row)
}

/// Reads a picture. See the module doc and GUIDE.md for the format.
pub fn read(text: &str) -> Result<Picture, PictureError> {
    let mut rows = rows(text)?;
    let Some(first) = rows.first() else {
        return Err(PictureError::NoOpenSquare { line: 1, column: 1 });
    };
    let (first_line, first_column) = (first.line, first.tokens.first().map_or(1, |t| t.column + 1));
    let columns = place(&mut rows)?;
    let cols = columns.iter().flatten().max().map_or(0, |&c| c as u64 + 1);
    let too_large = PictureError::TooLarge {
        line: first_line,
        column: 1,
    };
    if (rows.len() as u64).saturating_mul(cols) > Shape::MAX_SQUARES {
        return Err(too_large);
    }
    let board = Board::new(rows.len() as u64, cols).map_err(|_| too_large)?;

    let mut open = vec![false; board.area() as usize];
    let mut open_count = 0u64;
    let mut start: Option<(Square, usize, usize)> = None;
    let mut numbers: Vec<(u64, Square, usize, usize, &str)> = Vec::new();
    let mut seen: FxHashMap<u64, (usize, usize)> = FxHashMap::default();
    for (r, (row, columns)) in rows.iter().zip(&columns).enumerate() {
        for (token, &c) in row.tokens.iter().zip(columns) {
            let (line, column) = (row.line, token.column + 1);
            let kind = cell(token.text).ok_or_else(|| PictureError::UnknownCell {
                line,
                column,
                cell: token.text.to_string(),
            })?;
            let square = Square::new(r as u32, c);
            if kind == Cell::Hole {
                continue;
            }
            open[board.index(square) as usize] = true;
            open_count += 1;
            if let Cell::Number(n) = kind {
                if let Some(&(first_line, first_column)) = seen.get(&n) {
                    return Err(PictureError::NumberTwice {
                        line,
                        column,
                        number: u32::try_from(n).unwrap_or(u32::MAX),
                        first_line,
                        first_column,
                    });
                }
                seen.insert(n, (line, column));
                numbers.push((n, square, line, column, token.text));
            }
            if kind == Cell::Start || kind == Cell::Number(1) {
                if let Some((_, first_line, first_column)) = start {
                    return Err(PictureError::StartTwice {
                        line,
                        column,
                        first_line,
                        first_column,
                    });
                }
                start = Some((square, line, column));
            }
        }
    }
    if open_count == 0 {
        return Err(PictureError::NoOpenSquare {
            line: first_line,
            column: first_column,
        });
    }
    let mut clues = Vec::with_capacity(numbers.len());
    for (n, square, line, column, text) in numbers {
        match u32::try_from(n) {
            Ok(number) if n <= open_count => clues.push(Clue { number, square }),
            _ => {
                return Err(PictureError::NumberTooLarge {
                    line,
                    column,
                    number: text.to_string(),
                    open: open_count,
                });
            }
        }
    }
    let holes: Vec<Square> = board
        .squares()
        .filter(|&square| !open[board.index(square) as usize])
        .collect();
    let shape = Shape::new(board, &holes, &clues).map_err(|source| match source {
        ShapeError::TooLarge { .. } => PictureError::TooLarge {
            line: first_line,
            column: 1,
        },
        source => PictureError::Shape {
            line: first_line,
            column: 1,
            source,
        },
    })?;
    let start = start.map(|(square, ..)| square);
    Ok(Picture { shape, start })
}

/// Finds each cell's column, the first column 0: by characters, by columns or in order (the
/// module doc). Rows read by characters get a token a character.
fn place(rows: &mut [Row<'_>]) -> Result<Vec<Vec<u32>>, PictureError> {
    let one_run_each = rows.iter().all(|row| row.tokens.len() == 1);
    if one_run_each && rows.iter().any(|row| cell(row.tokens[0].text).is_none()) {
        return by_characters(rows);
    }
    let tab = rows
        .iter()
        .find_map(|row| row.tab.map(|column| (row.line, column + 1)));
    if tab.is_none()
        && let Some(columns) = by_columns(rows)
    {
        return Ok(columns);
    }
    let first = &rows[0];
    let Some(ragged) = rows
        .iter()
        .find(|row| row.tokens.len() != first.tokens.len())
    else {
        return Ok(rows
            .iter()
            .map(|row| (0..row.tokens.len() as u32).collect())
            .collect());
    };
    if let Some((line, column)) = tab {
        return Err(PictureError::Tab { line, column });
    }
    let column = match ragged.tokens.get(first.tokens.len()) {
        Some(extra) => extra.column + 1,
        None => ragged.tokens.last().map_or(1, |last| last.end + 1),
    };
    Err(PictureError::Ragged {
        line: ragged.line,
        column,
        cells: ragged.tokens.len(),
        first_line: first.line,
        first_cells: first.tokens.len(),
    })
}

/// Each character a cell, a blank before a line's first character (beyond the indentation all
/// lines share) a hole.
fn by_characters(rows: &mut [Row<'_>]) -> Result<Vec<Vec<u32>>, PictureError> {
    let indent = rows
        .iter()
        .map(|row| row.tokens[0].column)
        .min()
        .unwrap_or(0);
    let mut total = 0u64;
    let mut columns = Vec::with_capacity(rows.len());
    for row in rows.iter_mut() {
        let run = row.tokens[0];
        if let Some(tab) = row.tab
            && run.column != indent
        {
            return Err(PictureError::Tab {
                line: row.line,
                column: tab + 1,
            });
        }
        total += (run.end - indent) as u64;
        if total > Shape::MAX_SQUARES {
            return Err(PictureError::TooLarge {
                line: row.line,
                column: run.column + 1,
            });
        }
        row.tokens = run
            .text
            .char_indices()
            .enumerate()
            .map(|(k, (at, c))| Token {
                column: run.column + k,
                end: run.column + k + 1,
                text: &run.text[at..at + c.len_utf8()],
            })
            .collect();
        columns.push(
            row.tokens
                .iter()
                .map(|token| (token.column - indent) as u32)
                .collect(),
        );
    }
    Ok(columns)
}

/// Cells standing in columns of one width, a blank column a hole: the width is the narrowest
/// distance between two cells of a line (from start to start, or from end to end, whichever
/// is wider: cells may be aligned left or right), and the columns begin where every cell fits
/// in one, fewest columns first. `None` when no line has two cells, or the cells do not fit.
fn by_columns(rows: &[Row<'_>]) -> Option<Vec<Vec<u32>>> {
    let width = rows
        .iter()
        .flat_map(|row| row.tokens.windows(2))
        .map(|pair| (pair[1].column - pair[0].column).max(pair[1].end - pair[0].end))
        .min()?;
    let (shift, first) = (0..width)
        .filter_map(|shift| {
            fits(rows, width, shift).map(|(first, last)| (last - first, shift, first))
        })
        .min()
        .map(|(_, shift, first)| (shift, first))?;
    Some(
        rows.iter()
            .map(|row| {
                row.tokens
                    .iter()
                    .map(|token| ((token.column + shift) / width - first) as u32)
                    .collect()
            })
            .collect(),
    )
}

/// The first and last column the cells take when columns are `width` wide and begin `shift`
/// characters before the line, if every cell fits in one column and no column holds two.
fn fits(rows: &[Row<'_>], width: usize, shift: usize) -> Option<(usize, usize)> {
    let (mut first, mut last) = (usize::MAX, 0);
    for row in rows {
        let mut previous: Option<usize> = None;
        for token in &row.tokens {
            let column = (token.column + shift) / width;
            if (token.end - 1 + shift) / width != column || previous.is_some_and(|p| p >= column) {
                return None;
            }
            previous = Some(column);
            first = first.min(column);
            last = last.max(column);
        }
    }
    Some((first, last))
}

impl FromStr for Picture {
    type Err = PictureError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        read(text)
    }
}

impl fmt::Display for Picture {
    /// The canonical picture: a cell a square, each as wide as the largest number, right
    /// aligned and one space apart; `.` a hole, `0` an open square, a clue its number, and `s`
    /// the start when no number is on it. Each row ends with a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.shape.board();
        let largest = self.shape.clues().last().map_or(0, |clue| clue.number);
        let width = largest.max(1).ilog10() as usize + 1;
        let mut number = String::new();
        for row in 0..board.rows() {
            for col in 0..board.cols() {
                let square = Square::new(row, col);
                let text = if !self.shape.is_open(square) {
                    "."
                } else if let Some(n) = self.shape.clue_at(square) {
                    number.clear();
                    fmt::Write::write_fmt(&mut number, format_args!("{n}"))?;
                    &number
                } else if self.start == Some(square) {
                    "s"
                } else {
                    "0"
                };
                let separator = if col == 0 { "" } else { " " };
                write!(f, "{separator}{text:>width$}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
