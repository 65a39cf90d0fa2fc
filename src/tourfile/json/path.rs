//! The path of the JSON object, `[[r,c],...]`, checked square by square as it arrives: pairs
//! written as `solve` writes them (or with a few spaces) straight from the buffer, the rest
//! through the tokens of `lexer`.

use std::fmt;
use std::io::Read;

use knights_tour_engine::board::{Board, Square};

use super::super::bytes::short_number;
use super::super::{CheckError, Expectations, validator};
use super::board::shape_of;
use super::{Fields, Json, Path, no_tour};

impl<R: Read> Json<'_, R> {
    /// The path, checked square by square on the board the object (or `--size`) gives.
    pub(super) fn path(
        &mut self,
        fields: &Fields,
        expect: &Expectations,
    ) -> Result<Path, CheckError> {
        no_tour(fields)?;
        let board = match (fields.rows, fields.cols, expect.size) {
            (Some(rows), Some(cols), size) => {
                let board = Board::new(rows, cols).map_err(|error| self.error(error))?;
                if let Some(size) = size.filter(|&size| size != board) {
                    return Err(CheckError::Invalid(format!(
                        "the JSON is a tour of {board}, but {} says {size}",
                        expect.size_option()
                    )));
                }
                board
            }
            (_, _, Some(size)) => size,
            _ => {
                return Err(self.error(
                    "'path' comes before 'rows' and 'cols': give --size, or put them first \
                     (as 'solve --format json' does)",
                ));
            }
        };
        expect.afford(board, board.area().div_ceil(8), "one bit a square")?;
        let closed = expect.closed || fields.closed == Some(true);
        let piece = match (expect.piece, fields.piece) {
            (Some(asked), Some(named)) if asked != named => {
                return Err(CheckError::Invalid(format!(
                    "the JSON is a tour of the {named}, but --piece says the {asked}"
                )));
            }
            (asked, named) => asked.or(named).unwrap_or_default(),
        };
        let shape = shape_of(fields, board, expect)?;
        let mut validator = validator(expect, piece, board, closed, shape.as_ref())?;
        let mut ends: Option<(Square, Square)> = None;
        self.squares(board, |square, at| {
            validator
                .push(square)
                .map_err(|error| CheckError::Invalid(format!("{}: {error}", at())))?;
            let first = ends.map_or(square, |(first, _)| first);
            ends = Some((first, square));
            Ok(())
        })?;
        let tour = validator.into_tour()?;
        let (first, last) = ends.expect("a finished tour has squares");
        Ok(Path {
            board,
            piece,
            first,
            last,
            closed_checked: closed,
            tour,
            shape,
        })
    }
}

impl<R: Read> Json<'_, R> {
    /// The array of `[r,c]` squares, each handed to `push` with where it is written (for a
    /// message) as it arrives; a square off `board` is refused, named as written.
    pub(super) fn squares(
        &mut self,
        board: Board,
        mut push: impl FnMut(Square, &dyn Fn() -> String) -> Result<(), CheckError>,
    ) -> Result<(), CheckError> {
        self.expect_byte(b'[', "the path, an array of [r,c] squares")?;
        if self.blank()? == Some(b']') {
            self.input.advance(1);
            return Ok(());
        }
        loop {
            // Pairs written as solve writes them (or with a few spaces), straight from the
            // buffer.
            let (line, column) = (self.input.line(), self.input.column());
            let bytes = self.input.buffered();
            let (mut at, mut done) = (0, false);
            let mut outcome = Ok(());
            while let Some(pair) =
                simple_pair::<false>(&bytes[at..]).or_else(|| simple_pair::<true>(&bytes[at..]))
            {
                let here = (at + pair.bracket) as u64;
                let here = || format!("line {line}, column {}", column + here);
                outcome = on_board(pair.row, pair.col, &here, board)
                    .and_then(|square| push(square, &here));
                if outcome.is_err() {
                    break;
                }
                at += pair.length;
                if pair.last {
                    done = true;
                    break;
                }
            }
            self.input.advance(at);
            outcome?;
            if done {
                return Ok(());
            }
            // Anything else, the careful way.
            self.blank()?;
            // Formatted only for a message: this is the way of every square of an indented
            // path.
            let (line, column) = (self.input.line(), self.input.column());
            let here = || format!("line {line}, column {column}");
            let (row, col) = self.pair()?;
            if row.beyond.is_some() || col.beyond.is_some() {
                return Err(off_board(&here(), row, col, board));
            }
            push(on_board(row.value, col.value, &here, board)?, &here)?;
            match self.blank()? {
                Some(b',') => self.input.advance(1),
                Some(b']') => {
                    self.input.advance(1);
                    return Ok(());
                }
                _ => return Err(self.unexpected("',' or ']' in the path")),
            }
        }
    }
}

/// The square `(row, col)` written at `at`, if it can be on `board` (the validator checks it
/// is); refused, named as written, if it cannot.
#[inline(always)]
fn on_board(
    row: u64,
    col: u64,
    at: &dyn Fn() -> String,
    board: Board,
) -> Result<Square, CheckError> {
    match (u32::try_from(row), u32::try_from(col)) {
        (Ok(row), Ok(col)) => Ok(Square::new(row, col)),
        _ => Err(off_board(&at(), row, col, board)),
    }
}

/// A square of the path that is off the board, named as written, at `at`.
fn off_board(at: &str, row: impl fmt::Display, col: impl fmt::Display, board: Board) -> CheckError {
    CheckError::Invalid(format!("{at}: square {row},{col} is off the {board} board"))
}

/// A square of the path as [`simple_pair`] reads it.
struct SimplePair {
    row: u64,
    col: u64,
    /// Where its `[` is.
    bracket: usize,
    /// Its length through the separator after it.
    length: usize,
    /// Whether it ends the path (the separator is `]`).
    last: bool,
}

/// `[r,c]` followed by `,` or `]`, numbers of at most nine digits, at the start of `bytes`;
/// if `SPACED`, with at most [`FEW_SPACES`] spaces before each of its parts (`[0, 0], [2, 1]`).
/// Whatever else (more spaces, line breaks, long numbers, the end of the buffer) is left to
/// the careful way, which accepts all that this does.
#[inline(always)]
fn simple_pair<const SPACED: bool>(bytes: &[u8]) -> Option<SimplePair> {
    let spaces = |at| if SPACED { spaces(bytes, at) } else { Some(at) };
    let bracket = spaces(0)?;
    if *bytes.get(bracket)? != b'[' {
        return None;
    }
    let (row, at) = short_number(bytes, spaces(bracket + 1)?)?;
    let at = spaces(at)?;
    if *bytes.get(at)? != b',' {
        return None;
    }
    let (col, at) = short_number(bytes, spaces(at + 1)?)?;
    let at = spaces(at)?;
    if *bytes.get(at)? != b']' {
        return None;
    }
    let at = spaces(at + 1)?;
    let last = match *bytes.get(at)? {
        b',' => false,
        b']' => true,
        _ => return None,
    };
    Some(SimplePair {
        row,
        col,
        bracket,
        length: at + 1,
        last,
    })
}

/// The most spaces in a row [`simple_pair`] takes.
const FEW_SPACES: usize = 8;

/// Where the spaces from `at` end, if there are at most [`FEW_SPACES`].
#[inline(always)]
fn spaces(bytes: &[u8], at: usize) -> Option<usize> {
    let mut end = at;
    while bytes.get(end) == Some(&b' ') {
        if end - at == FEW_SPACES {
            return None;
        }
        end += 1;
    }
    Some(end)
}
