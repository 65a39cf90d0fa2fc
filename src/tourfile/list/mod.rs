//! A list: one square a line in visit order, `r c`, `r,c` or `r, c`, 0-based; blank lines
//! are skipped. Checked as it is read, one bit a square: lines the common way (`r c`) are
//! parsed straight from the buffer, the rest one by one with the line in hand.
//!
//! A list does not say its board: given none, it is checked on the board its squares span
//! (`spanned`).

mod held;
mod seen;
mod spanned;

use std::io::Read;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::quote::quoted_bytes;
use knights_tour_engine::tour::Validator;

use super::bytes::{Line, LineReader, Source, short_number};
use super::kept::Kept;
use super::{
    CheckError, CheckedTour, Expectations, digits_value, input_error, invalid, is_blank,
    number_text, significant_digits, text_error, validator,
};
pub use spanned::INFERRED;

/// The longest list line: two numbers of at most ten digits, a comma and room for blanks.
pub(super) const MAX_LINE: usize = 128;

/// What the squares of a list are handed to as they are read.
trait Squares {
    /// Takes the square `(row, col)` of line `line`; an error stops the reading.
    fn take(&mut self, row: u64, col: u64, line: u64) -> Result<(), CheckError>;
}

/// The list's progress.
struct Progress {
    board: Board,
    validator: Validator,
    /// The squares a tour visits: the board's, less its holes.
    squares: u64,
    visited: u64,
    first: Option<Square>,
}

impl Progress {
    /// A check of a list on `board` that meets `expect`.
    fn new(expect: &Expectations, board: Board) -> Result<Self, CheckError> {
        let shape = expect.holed_shape();
        Ok(Self {
            board,
            validator: validator(
                expect,
                expect.piece_or_knight(),
                board,
                expect.closed,
                shape,
            )?,
            squares: shape.map_or(board.area(), |shape| shape.open_count()),
            visited: 0,
            first: None,
        })
    }

    /// The verdict once every square is in.
    fn finish(self, expect: &Expectations) -> Result<CheckedTour, CheckError> {
        let tour = self.validator.into_tour()?;
        Ok(CheckedTour {
            board: self.board,
            piece: expect.piece_or_knight(),
            start: self.first.expect("a finished tour has a first square"),
            closed: expect.closed,
            tour,
            shape: expect.holed_shape().cloned(),
        })
    }
}

impl Squares for Progress {
    /// The next square of the tour.
    #[inline(always)]
    fn take(&mut self, row: u64, col: u64, line: u64) -> Result<(), CheckError> {
        self.push(row, col, line).map(drop)
    }
}

impl Progress {
    /// Checks the square `(row, col)` of line `line` as the next of the path, and gives it.
    #[inline(always)]
    fn push(&mut self, row: u64, col: u64, line: u64) -> Result<Square, CheckError> {
        let board = self.board;
        if self.visited == self.squares {
            let open = if self.squares == board.area() {
                ""
            } else {
                " open"
            };
            return Err(invalid(
                line,
                format!(
                    "square {row},{col} comes after all {}{open} squares of the {board} board",
                    self.squares
                ),
            ));
        }
        let (Ok(row), Ok(col)) = (u32::try_from(row), u32::try_from(col)) else {
            return Err(invalid(
                line,
                format!("square {row},{col} is off the {board} board"),
            ));
        };
        let square = Square::new(row, col);
        self.validator
            .push(square)
            .map_err(|error| invalid(line, error))?;
        self.first.get_or_insert(square);
        self.visited += 1;
        Ok(square)
    }
}

/// The squares of a partial tour, kept as they are checked.
struct Path<'a> {
    progress: Progress,
    kept: &'a mut Kept,
}

impl Squares for Path<'_> {
    fn take(&mut self, row: u64, col: u64, line: u64) -> Result<(), CheckError> {
        let square = self.progress.push(row, col, line)?;
        self.kept
            .push(square)
            .map_err(|error| input_error(line, error))
    }
}

/// Reads a partial tour of `piece` on `board` into `kept`: a path (each square on the board,
/// once, a move of the piece from the one before), of any length up to the whole board.
pub(super) fn read_path<R: Read>(
    input: &mut LineReader<R>,
    board: Board,
    piece: Leaper,
    kept: &mut Kept,
) -> Result<(), CheckError> {
    let mut path = Path {
        progress: Progress {
            board,
            validator: Validator::new(board, false, None).with_piece(piece),
            squares: board.area(),
            visited: 0,
            first: None,
        },
        kept,
    };
    read_squares(input, &mut path)
}

/// Checks a list against the board of `expect`, or without one on the board its squares span.
pub(super) fn check<S: Source>(
    input: &mut LineReader<S>,
    expect: &Expectations,
) -> Result<CheckedTour, CheckError> {
    match expect.size {
        Some(board) => check_on(input, expect, board),
        None => spanned::check(input, expect),
    }
}

/// Checks a list on `board` as it is read.
fn check_on<R: Read>(
    input: &mut LineReader<R>,
    expect: &Expectations,
    board: Board,
) -> Result<CheckedTour, CheckError> {
    expect.afford(board, bitmap_bytes(board), "one bit a square")?;
    let mut progress = Progress::new(expect, board)?;
    read_squares(input, &mut progress)?;
    progress.finish(expect)
}

/// The bytes of the validator's bitmap on `board`.
fn bitmap_bytes(board: Board) -> u64 {
    board.area().div_ceil(8)
}

/// Reads the list to its end, handing each square to `squares` with its line number; stops at
/// the first line that is not a square (nor blank), or the first error of `squares`.
fn read_squares<R: Read>(
    input: &mut LineReader<R>,
    squares: &mut impl Squares,
) -> Result<(), CheckError> {
    loop {
        // The common lines, straight from the buffer.
        let first_line = input.line();
        let buffered = input.buffered();
        let (mut at, mut lines) = (0, 0);
        let mut outcome = Ok(());
        while let Some((row, col, length)) = simple_line(&buffered[at..]) {
            outcome = squares.take(row, col, first_line + lines);
            if outcome.is_err() {
                break;
            }
            at += length;
            lines += 1;
        }
        input.advance_lines(at, lines);
        outcome?;
        // Then one line the careful way (or the end of the buffer, or of the input).
        let line = input.line();
        match input.line_upto(MAX_LINE)? {
            Line::End => return Ok(()),
            Line::TooLong => return Err(too_long(line, input.buffered())),
            Line::Text(text) => {
                if let Some((row, col)) = parse_line(line, text)? {
                    squares.take(row, col, line)?;
                }
            }
        }
    }
}

/// `r c\n`, `r,c\n` or `r, c\n` (a `\r` allowed before the `\n`) with numbers of at most
/// nine digits at the start of `bytes`: the row, the column and the length of the line.
#[inline(always)]
fn simple_line(bytes: &[u8]) -> Option<(u64, u64, usize)> {
    let (row, mut at) = short_number(bytes, 0)?;
    match *bytes.get(at)? {
        b' ' => at += 1,
        b',' => at += 1 + usize::from(bytes.get(at + 1) == Some(&b' ')),
        _ => return None,
    }
    let (col, mut at) = short_number(bytes, at)?;
    at += usize::from(bytes.get(at) == Some(&b'\r'));
    (*bytes.get(at)? == b'\n').then_some((row, col, at + 1))
}

/// Any line of a list: a square, or nothing for a blank line.
fn parse_line(line: u64, text: &[u8]) -> Result<Option<(u64, u64)>, CheckError> {
    if let Some(error) = text_error(line, text) {
        return Err(error);
    }
    let trimmed = text.trim_ascii();
    if trimmed.is_empty() {
        return Ok(None);
    }
    let items: Vec<&[u8]> = trimmed
        .split(|&byte| is_blank(byte) || byte == b',')
        .filter(|item| !item.is_empty())
        .collect();
    let [row, col] = items[..] else {
        return Err(input_error(
            line,
            format!(
                "expected 'r c' (two numbers), found {} item(s): {}",
                items.len(),
                quoted_bytes(trimmed)
            ),
        ));
    };
    for item in [row, col] {
        if !item.iter().all(u8::is_ascii_digit) {
            return Err(input_error(
                line,
                format!("{} is not a non-negative whole number", quoted_bytes(item)),
            ));
        }
    }
    // Between the two numbers: blanks and at most one comma; nothing around them.
    let between = &trimmed[row.len()..trimmed.len() - col.len()];
    let commas = between.iter().filter(|&&byte| byte == b',').count();
    if !trimmed.starts_with(row) || !trimmed.ends_with(col) || commas > 1 {
        return Err(input_error(
            line,
            format!("expected 'r c' or 'r,c', found {}", quoted_bytes(trimmed)),
        ));
    }
    let (row, col) = (significant_digits(row), significant_digits(col));
    if row.len() > 19 || col.len() > 19 {
        return Err(invalid(
            line,
            format!(
                "square {},{} is off every board",
                number_text(row),
                number_text(col)
            ),
        ));
    }
    Ok(Some((digits_value(row), digits_value(col))))
}

/// The message for a line longer than any list line.
fn too_long(line: u64, start: &[u8]) -> CheckError {
    let start = &start[..start.len().min(MAX_LINE)];
    text_error(line, start).unwrap_or_else(|| {
        input_error(
            line,
            format!(
                "longer than {MAX_LINE} bytes, more than any line of a list ('r c'): {}",
                quoted_bytes(start)
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_lines_are_read_straight_and_others_left_to_the_careful_path() {
        assert_eq!(simple_line(b"3 4\nx"), Some((3, 4, 4)));
        assert_eq!(simple_line(b"3,4\r\n"), Some((3, 4, 5)));
        assert_eq!(simple_line(b"12, 345\n"), Some((12, 345, 8)));
        assert_eq!(simple_line(b"999999999 0\n"), Some((999_999_999, 0, 12)));
        for other in [
            &b"1234567890 0\n"[..],
            b"3 4",
            b"3  4\n",
            b" 3 4\n",
            b"3 4 \n",
            b"-3 4\n",
            b"3\n",
        ] {
            assert_eq!(simple_line(other), None, "{other:?}");
        }
    }

    #[test]
    fn careful_lines_accept_blanks_and_one_comma() {
        for (text, square) in [
            (&b"  3   4 \r"[..], Some((3, 4))),
            (b"3 ,4", Some((3, 4))),
            (b"\t", None),
            (b"", None),
        ] {
            assert_eq!(parse_line(1, text).unwrap(), square, "{text:?}");
        }
        for bad in [&b"3,,4"[..], b",3 4", b"3 4,", b"3 4 5", b"3 x", b"3\x004"] {
            assert!(
                matches!(parse_line(1, bad), Err(CheckError::Input(_))),
                "{bad:?}"
            );
        }
        assert!(matches!(
            parse_line(7, &[b'9'; 30].iter().chain(b" 1").copied().collect::<Vec<_>>()),
            Err(CheckError::Invalid(message)) if message.starts_with("line 7: ")
        ));
    }
}
