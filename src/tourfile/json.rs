//! The JSON object of `solve --format json`: `rows`, `cols`, `closed`, `start`, `outcome`,
//! `path` (`[[r,c],...]`), and others (`layer`, `reason`, `stats`) that are skipped.
//!
//! A small pull parser over the fixed buffer, not `serde_json` (which writes the object): the
//! path of 10^8 squares must not be held at all, and serde_json, though it could hand a
//! visitor the path a square at a time, holds every key and every string it hands over whole,
//! skips an unknown value with a stack that grows with its nesting, and reads a stream a byte
//! at a time, several times slower than this parser's pass over the buffer. Here every value
//! is read as it arrives: the path's pairs go straight to the validator (one bit a square),
//! those written as `solve` writes them (or with a few spaces) straight from the buffer;
//! strings keep at most [`KEPT`] bytes and are at most [`MAX_STRING`] long, nesting is at
//! most [`MAX_DEPTH`] deep, numbers too large for any board are named as written, and the
//! syntax is checked throughout. The object's own fields are claims checked like the command
//! line's: a tour that says it is closed must be closed, its `start` must be its first square,
//! and `--size` must agree with `rows` and `cols`.

use std::fmt;
use std::io::Read;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::quote::quoted_bytes;
use knights_tour_engine::tour::Tour;

use super::input::{LineReader, short_number};
use super::{CheckError, CheckedTour, Expectations, number_text, validator};

/// The bytes of a string kept (for keys and `outcome`); the rest is read and dropped.
const KEPT: usize = 64;

/// The deepest nesting of a skipped value.
const MAX_DEPTH: usize = 128;

/// The longest string. `solve`'s longest (a `reason`) is a few hundred bytes; this leaves
/// room for notes of any reasonable size while an endless string is refused within a few
/// buffers of input.
const MAX_STRING: u64 = 1 << 20;

/// The longest run of whitespace between two tokens (an indented JSON has a few dozen).
const MAX_BLANKS: u32 = 4096;

/// The most digits of a number: `solve` writes at most twenty.
const MAX_DIGITS: u64 = 64;

/// The fields read so far.
#[derive(Default)]
struct Fields {
    rows: Option<u64>,
    cols: Option<u64>,
    closed: Option<bool>,
    start: Option<(Whole, Whole)>,
    outcome: Option<Vec<u8>>,
    path: Option<Path>,
}

/// What the path was found to be: a tour of `board` (so far as it could be checked when it
/// was read).
struct Path {
    board: Board,
    first: Square,
    last: Square,
    closed_checked: bool,
    /// The tour, when it is kept.
    tour: Option<Tour>,
}

/// Checks the JSON object of a tour.
pub(super) fn check<R: Read>(
    input: &mut LineReader<R>,
    expect: &Expectations,
) -> Result<CheckedTour, CheckError> {
    let mut json = Json { input };
    let mut fields = Fields::default();
    json.expect_byte(b'{', "a JSON object ('{')")?;
    if json.blank()? == Some(b'}') {
        json.input.advance(1);
    } else {
        loop {
            let key = json.key()?;
            let repeated = || format!("{} appears twice", quoted_bytes(&key));
            match &key[..] {
                b"rows" | b"cols" => {
                    let value = json.side(if key == b"rows" { "'rows'" } else { "'cols'" })?;
                    let field = if key == b"rows" {
                        &mut fields.rows
                    } else {
                        &mut fields.cols
                    };
                    if field.replace(value).is_some() {
                        return Err(json.error(repeated()));
                    }
                }
                b"closed" => {
                    let value = json.boolean()?;
                    if fields.closed.replace(value).is_some() {
                        return Err(json.error(repeated()));
                    }
                }
                b"start" => {
                    let value = json.pair()?;
                    if fields.start.replace(value).is_some() {
                        return Err(json.error(repeated()));
                    }
                }
                b"outcome" => {
                    json.expect_byte(b'"', "the outcome, a string")?;
                    let value = json.string()?;
                    if fields.outcome.replace(value).is_some() {
                        return Err(json.error(repeated()));
                    }
                }
                b"path" => {
                    if fields.path.is_some() {
                        return Err(json.error(repeated()));
                    }
                    fields.path = Some(json.path(&fields, expect)?);
                }
                _ => json.skip_value()?,
            }
            match json.blank()? {
                Some(b',') => json.input.advance(1),
                Some(b'}') => {
                    json.input.advance(1);
                    break;
                }
                _ => return Err(json.unexpected("',' or '}'")),
            }
        }
    }
    if json.blank()?.is_some() {
        return Err(json.unexpected("nothing after the JSON object"));
    }
    verdict(fields, expect)
}

/// The checks that need the whole object.
fn verdict(fields: Fields, expect: &Expectations) -> Result<CheckedTour, CheckError> {
    no_tour(&fields)?;
    let Some(path) = fields.path else {
        return Err(CheckError::Input(
            "the JSON object has no 'path': expected the output of 'solve --format json'".into(),
        ));
    };
    let board = path.board;
    if let (Some(rows), Some(cols)) = (fields.rows, fields.cols)
        && (rows, cols) != (u64::from(board.rows()), u64::from(board.cols()))
    {
        return Err(CheckError::Invalid(format!(
            "the JSON says 'rows' {rows} and 'cols' {cols}, but its path was checked on \
             --size {board}"
        )));
    }
    let closed = expect.closed || fields.closed == Some(true);
    if closed && !path.closed_checked && !path.last.is_knight_move_to(path.first) {
        return Err(CheckError::Invalid(format!(
            "the JSON says the tour is closed, but the last square {} is not a knight move \
             from the first {}",
            path.last, path.first
        )));
    }
    if let Some((row, col)) = fields.start
        && (row.value, col.value) != (u64::from(path.first.row), u64::from(path.first.col))
    {
        return Err(CheckError::Invalid(format!(
            "the JSON says the tour starts at {row},{col}, but its path starts at {}",
            path.first
        )));
    }
    let tour = match path.tour {
        // Checked open, but the object says closed (and it closes): the same squares.
        Some(tour) if closed && !tour.is_closed() => {
            let squares = tour.into_indices();
            Some(Tour::new(board, squares, true, None)?)
        }
        other => other,
    };
    Ok(CheckedTour {
        board,
        start: path.first,
        closed,
        tour,
    })
}

/// An object whose `outcome` says it holds no tour is not a tour file.
fn no_tour(fields: &Fields) -> Result<(), CheckError> {
    match &fields.outcome {
        Some(outcome) if outcome != b"tour" => Err(CheckError::Input(format!(
            "the JSON holds no tour: its outcome is {}, not 'tour'",
            quoted_bytes(outcome)
        ))),
        _ => Ok(()),
    }
}

struct Json<'a, R> {
    input: &'a mut LineReader<R>,
}

impl<R: Read> Json<'_, R> {
    /// Where the next byte is, for a message.
    fn at(&self) -> String {
        format!("line {}, column {}", self.input.line(), self.input.column())
    }

    /// Not a tour file, here.
    fn error(&self, message: impl std::fmt::Display) -> CheckError {
        CheckError::Input(format!("{}: {message}", self.at()))
    }

    /// Not what was expected, here.
    fn unexpected(&mut self, what: &str) -> CheckError {
        if let Err(error) = self.input.fill(16) {
            return error.into();
        }
        let next = self.input.buffered();
        let found = if next.is_empty() {
            "the end of the input".to_string()
        } else {
            quoted_bytes(&next[..next.len().min(16)]).to_string()
        };
        self.error(format!("expected {what}, found {found}"))
    }

    /// Skips whitespace; the next byte, not consumed.
    fn blank(&mut self) -> Result<Option<u8>, CheckError> {
        let mut run = 0;
        loop {
            match self.input.peek()? {
                Some(b' ' | b'\t' | b'\r') => self.input.advance(1),
                Some(b'\n') => self.input.newline(),
                other => return Ok(other),
            }
            run += 1;
            if run > MAX_BLANKS {
                return Err(self.error(format!(
                    "more than {MAX_BLANKS} blanks in a row, more than any tour file holds"
                )));
            }
        }
    }

    fn expect_byte(&mut self, byte: u8, what: &str) -> Result<(), CheckError> {
        if self.blank()? == Some(byte) {
            self.input.advance(1);
            Ok(())
        } else {
            Err(self.unexpected(what))
        }
    }

    /// A key and its colon.
    fn key(&mut self) -> Result<Vec<u8>, CheckError> {
        self.expect_byte(b'"', "a key in double quotes")?;
        let key = self.string()?;
        self.expect_byte(b':', "':' after the key")?;
        Ok(key)
    }

    /// The rest of a string whose opening quote is consumed: its first [`KEPT`] bytes as
    /// written (escapes not decoded). A string of more than [`MAX_STRING`] bytes is refused,
    /// naming where it begins.
    fn string(&mut self) -> Result<Vec<u8>, CheckError> {
        let mut kept = Vec::new();
        let start = (self.input.line(), self.input.column());
        let mut length = 0u64;
        loop {
            // At least an escape or a character ahead, unless the input ends.
            self.input.fill(8)?;
            let bytes = self.input.buffered();
            let Some(&byte) = bytes.first() else {
                return Err(self.unexpected("the end of the string ('\"')"));
            };
            let plain = bytes
                .iter()
                .position(|&byte| byte == b'"' || byte == b'\\' || !(0x20..0x80).contains(&byte))
                .unwrap_or(bytes.len());
            let size = match byte {
                _ if plain > 0 => plain,
                b'"' => {
                    self.input.advance(1);
                    return Ok(kept);
                }
                b'\\' => match bytes.get(1) {
                    Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => 2,
                    Some(b'u')
                        if bytes.len() >= 6 && bytes[2..6].iter().all(u8::is_ascii_hexdigit) =>
                    {
                        6
                    }
                    _ => return Err(self.unexpected("an escape such as \\n or \\u00e9")),
                },
                0x00..=0x1f => {
                    return Err(self.unexpected("text in a string (not a control character)"));
                }
                _ => match utf8_length(bytes) {
                    Some(length) => length,
                    None => {
                        return Err(self.error(format!(
                            "not text: a string holds bytes that are not UTF-8 ({})",
                            quoted_bytes(&bytes[..bytes.len().min(4)])
                        )));
                    }
                },
            };
            let room = KEPT.saturating_sub(kept.len()).min(size);
            kept.extend_from_slice(&bytes[..room]);
            length += size as u64;
            self.input.advance(size);
            if length > MAX_STRING {
                return Err(CheckError::Input(format!(
                    "line {}, column {}: a string of more than {MAX_STRING} bytes, more than any \
                     tour file holds: {}",
                    start.0,
                    start.1,
                    quoted_bytes(&kept)
                )));
            }
        }
    }

    /// `true` or `false`.
    fn boolean(&mut self) -> Result<bool, CheckError> {
        match self.blank()? {
            Some(b't') => self.literal(b"true").map(|()| true),
            Some(b'f') => self.literal(b"false").map(|()| false),
            _ => Err(self.unexpected("true or false")),
        }
    }

    fn literal(&mut self, word: &[u8]) -> Result<(), CheckError> {
        self.input.fill(word.len())?;
        if self.input.buffered().starts_with(word) {
            self.input.advance(word.len());
            Ok(())
        } else {
            let word = String::from_utf8_lossy(word).into_owned();
            Err(self.unexpected(&word))
        }
    }

    /// A whole number of digits (no sign, fraction or exponent), for `what`.
    fn whole_number(&mut self, what: &str) -> Result<Whole, CheckError> {
        if !matches!(self.blank()?, Some(b'0'..=b'9')) {
            let what = format!("a whole number >= 0 for {}", what);
            return Err(self.unexpected(&what));
        }
        let mut number = Whole::default();
        let mut count = 0u64;
        loop {
            if count > MAX_DIGITS {
                let what = format!("a number of at most {MAX_DIGITS} digits");
                return Err(self.unexpected(&what));
            }
            if self.input.buffered().is_empty() {
                self.input.fill(1)?;
            }
            let bytes = self.input.buffered();
            let digits = bytes
                .iter()
                .take_while(|byte| byte.is_ascii_digit())
                .count();
            bytes[..digits].iter().for_each(|&digit| number.push(digit));
            let more = digits == bytes.len() && !bytes.is_empty();
            count += digits as u64;
            self.input.advance(digits);
            if !more {
                break;
            }
        }
        if let Some(b'.' | b'e' | b'E') = self.input.peek()? {
            let what = format!("a whole number >= 0 for {}", what);
            return Err(self.unexpected(&what));
        }
        Ok(number)
    }

    /// A side of the board, `what` (`'rows'` or `'cols'`), refused where it is written if it
    /// is larger than any board's.
    fn side(&mut self, what: &str) -> Result<u64, CheckError> {
        self.blank()?;
        let at = self.at();
        let side = self.whole_number(what)?;
        if side.value > Board::MAX_SQUARES {
            return Err(CheckError::Input(format!(
                "{at}: {what} {side} is not a board size: a board has at most {} squares",
                Board::MAX_SQUARES
            )));
        }
        Ok(side.value)
    }

    /// `[r,c]`.
    fn pair(&mut self) -> Result<(Whole, Whole), CheckError> {
        self.expect_byte(b'[', "a square [r,c]")?;
        let row = self.whole_number("the row")?;
        self.expect_byte(b',', "',' between row and column")?;
        let col = self.whole_number("the column")?;
        self.expect_byte(b']', "']' after the column")?;
        Ok((row, col))
    }

    /// The path, checked square by square on the board the object (or `--size`) gives.
    fn path(&mut self, fields: &Fields, expect: &Expectations) -> Result<Path, CheckError> {
        no_tour(fields)?;
        let board = match (fields.rows, fields.cols, expect.size) {
            (Some(rows), Some(cols), size) => {
                let board = Board::new(rows, cols).map_err(|error| self.error(error))?;
                if let Some(size) = size.filter(|&size| size != board) {
                    return Err(CheckError::Invalid(format!(
                        "the JSON is a tour of {board}, but --size says {size}"
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
        let mut validator = validator(expect, board, closed)?;
        let mut ends: Option<(Square, Square)> = None;
        let mut push = |row: u64, col: u64, at: &dyn Fn() -> String| {
            let (Ok(row), Ok(col)) = (u32::try_from(row), u32::try_from(col)) else {
                return Err(off_board(&at(), row, col, board));
            };
            let square = Square::new(row, col);
            validator
                .push(square)
                .map_err(|error| CheckError::Invalid(format!("{}: {error}", at())))?;
            let first = ends.map_or(square, |(first, _)| first);
            ends = Some((first, square));
            Ok(())
        };
        self.expect_byte(b'[', "the path, an array of [r,c] squares")?;
        if self.blank()? == Some(b']') {
            self.input.advance(1);
        } else {
            loop {
                // Pairs written as solve writes them (or with a few spaces), straight from
                // the buffer.
                let (line, column) = (self.input.line(), self.input.column());
                let bytes = self.input.buffered();
                let (mut at, mut done) = (0, false);
                let mut outcome = Ok(());
                while let Some(pair) =
                    simple_pair::<false>(&bytes[at..]).or_else(|| simple_pair::<true>(&bytes[at..]))
                {
                    let here = (at + pair.bracket) as u64;
                    outcome = push(pair.row, pair.col, &|| {
                        format!("line {line}, column {}", column + here)
                    });
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
                    break;
                }
                // Anything else, the careful way.
                self.blank()?;
                // Formatted only for a message: this is the way of every square of an
                // indented path.
                let (line, column) = (self.input.line(), self.input.column());
                let here = || format!("line {line}, column {column}");
                let (row, col) = self.pair()?;
                if row.beyond.is_some() || col.beyond.is_some() {
                    return Err(off_board(&here(), row, col, board));
                }
                push(row.value, col.value, &here)?;
                match self.blank()? {
                    Some(b',') => self.input.advance(1),
                    Some(b']') => {
                        self.input.advance(1);
                        break;
                    }
                    _ => return Err(self.unexpected("',' or ']' in the path")),
                }
            }
        }
        let tour = validator.into_tour()?;
        let (first, last) = ends.expect("a finished tour has squares");
        Ok(Path {
            board,
            first,
            last,
            closed_checked: closed,
            tour,
        })
    }

    /// Any JSON value, read and dropped, its syntax checked.
    fn skip_value(&mut self) -> Result<(), CheckError> {
        let mut closers: Vec<u8> = Vec::new();
        let mut want_value = true;
        loop {
            if want_value {
                match self.blank()? {
                    Some(open @ (b'{' | b'[')) => {
                        if closers.len() == MAX_DEPTH {
                            return Err(self.error(format!("nested more than {MAX_DEPTH} deep")));
                        }
                        self.input.advance(1);
                        let close = if open == b'{' { b'}' } else { b']' };
                        if self.blank()? == Some(close) {
                            self.input.advance(1);
                            want_value = false;
                        } else {
                            closers.push(close);
                            if open == b'{' {
                                self.key()?;
                            }
                        }
                        continue;
                    }
                    Some(b'"') => {
                        self.input.advance(1);
                        self.string()?;
                    }
                    Some(b'-' | b'0'..=b'9') => self.skip_number()?,
                    Some(b't') => self.literal(b"true")?,
                    Some(b'f') => self.literal(b"false")?,
                    Some(b'n') => self.literal(b"null")?,
                    _ => return Err(self.unexpected("a JSON value")),
                }
                want_value = false;
            } else {
                let Some(&close) = closers.last() else {
                    return Ok(());
                };
                match self.blank()? {
                    Some(b',') => {
                        self.input.advance(1);
                        if close == b'}' {
                            self.key()?;
                        }
                        want_value = true;
                    }
                    Some(byte) if byte == close => {
                        self.input.advance(1);
                        closers.pop();
                    }
                    _ => {
                        let what = format!("',' or '{}'", char::from(close));
                        return Err(self.unexpected(&what));
                    }
                }
            }
        }
    }

    /// A number: a sign, digits, a fraction, an exponent.
    fn skip_number(&mut self) -> Result<(), CheckError> {
        let mut digits = 0;
        loop {
            match self.input.peek()? {
                Some(byte @ (b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')) => {
                    digits += u64::from(byte.is_ascii_digit());
                    if digits > MAX_DIGITS {
                        let what = format!("a number of at most {MAX_DIGITS} digits");
                        return Err(self.unexpected(&what));
                    }
                    self.input.advance(1);
                }
                _ if digits > 0 => return Ok(()),
                _ => return Err(self.unexpected("a digit")),
            }
        }
    }
}

/// A whole number as written: its value, and its digits when it is beyond a `u64`.
#[derive(Default)]
struct Whole {
    /// The value, or `u64::MAX` for a number beyond.
    value: u64,
    /// The number as written (its first 21 digits, enough for [`number_text`]) once it is
    /// beyond a `u64`.
    beyond: Option<String>,
}

impl Whole {
    /// Appends a digit (an ASCII byte).
    fn push(&mut self, digit: u8) {
        if let Some(written) = &mut self.beyond {
            if written.len() <= 20 {
                written.push(char::from(digit));
            }
            return;
        }
        let value = self
            .value
            .checked_mul(10)
            .and_then(|value| value.checked_add(u64::from(digit - b'0')));
        match value {
            Some(value) => self.value = value,
            None => {
                let mut written = self.value.to_string();
                written.push(char::from(digit));
                self.beyond = Some(written);
                self.value = u64::MAX;
            }
        }
    }
}

impl fmt::Display for Whole {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.beyond {
            Some(written) => out.write_str(&number_text(written.as_bytes())),
            None => write!(out, "{}", self.value),
        }
    }
}

/// A square of the path that is off the board, named as written, at `at`.
fn off_board(at: &str, row: impl fmt::Display, col: impl fmt::Display, board: Board) -> CheckError {
    CheckError::Invalid(format!("{at}: square {row},{col} is off the {board} board"))
}

/// The length of the UTF-8 character at the start of `bytes` (at least four buffered, or the
/// end of the input), if it is one.
fn utf8_length(bytes: &[u8]) -> Option<usize> {
    let length = match bytes[0] {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return None,
    };
    let character = bytes.get(..length)?;
    std::str::from_utf8(character).ok().map(|_| length)
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

#[cfg(test)]
mod tests {
    use std::io;

    use knights_tour_engine::solve::{Request, solve};

    use super::super::{InputFormat, check_tour, write_json};
    use super::*;

    /// A reader that gives its bytes a few at a time, so that what the reader has buffered
    /// ends anywhere: in a number, a key, an escape or a character.
    struct Trickle<'a> {
        bytes: &'a [u8],
        reads: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            self.reads += 1;
            let count = (1 + self.reads % 7).min(buffer.len()).min(self.bytes.len());
            buffer[..count].copy_from_slice(&self.bytes[..count]);
            self.bytes = &self.bytes[count..];
            Ok(count)
        }
    }

    /// A closed tour of `board` from the corner as `solve --format json` writes it.
    fn solved_json(board: Board) -> String {
        let request = Request::new(board, Square::new(0, 0)).closed(true);
        let mut json = Vec::new();
        write_json(&mut json, &request, &solve(&request).unwrap()).unwrap();
        String::from_utf8(json).unwrap()
    }

    fn expect(board: Board) -> Expectations {
        Expectations {
            size: Some(board),
            closed: false,
            start: None,
            end: None,
            memory_cap: None,
            keep_tour: None,
        }
    }

    #[test]
    fn a_json_tour_whose_bytes_arrive_a_few_at_a_time_is_read_whole() {
        let board = Board::new(5, 6).unwrap();
        let json = solved_json(board).into_bytes();
        let note = r#"{"note":"\u00e9\n\\é\"x","list":[1,-2.5e3,true,null,{}],"#;
        let text = [note.as_bytes(), &json[1..]].concat();
        for skipped in 0..7 {
            let mut reader = Trickle {
                bytes: &text,
                reads: skipped,
            };
            let checked = check_tour(&mut reader, InputFormat::Auto, &expect(board)).unwrap();
            assert_eq!((checked.board, checked.closed), (board, true));
        }
    }

    #[test]
    fn a_spaced_or_indented_path_is_read_and_a_bad_square_named_where_it_is() {
        let board = Board::new(6, 6).unwrap();
        let json = solved_json(board);
        let path_at = json.find("\"path\":").unwrap();
        let (head, path) = json.split_at(path_at);
        let second = path.match_indices("],[").next().unwrap().0 + 2;
        // The second square made a square no knight move from the first.
        let broken = format!("{head}{}[5,5]{}", &path[..second], &path[second + 5..]);
        /// The path written out another way.
        type Layout = fn(&str) -> String;
        let layouts: [(&str, Layout); 5] = [
            ("compact", |path| path.to_string()),
            ("spaced", |path| path.replace(',', ", ")),
            ("spaced inside", |path| {
                path.replace('[', "[ ").replace(']', " ]")
            }),
            ("widely spaced", |path| {
                path.replace(',', &format!(",{}", " ".repeat(20)))
            }),
            ("indented", |path| path.replace("],", "],\n    ")),
        ];
        for (layout, lay_out) in layouts {
            let text = format!("{head}{}", lay_out(path));
            let checked = check_tour(text.as_bytes(), InputFormat::Auto, &expect(board));
            assert_eq!(checked.unwrap().board, board, "{layout}");
            let text = lay_out(&broken);
            let error = check_tour(text.as_bytes(), InputFormat::Auto, &expect(board))
                .unwrap_err()
                .to_string();
            let bracket = text.find("[5,").or(text.find("[ 5,")).unwrap();
            let line = text[..bracket].matches('\n').count() + 1;
            let line_start = text[..bracket].rfind('\n').map_or(0, |at| at + 1);
            let place = format!("line {line}, column {}: ", bracket - line_start + 1);
            assert!(
                error.starts_with(&place),
                "{layout}: {error} should say {place}"
            );
            assert!(error.contains("not a knight move"), "{layout}: {error}");
        }
    }
}
