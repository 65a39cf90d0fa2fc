//! Tour files: writes a tour in the formats of `solve` ([`write_grid`], [`write_list`],
//! [`write_json`], and the pictures [`write_svg`] and [`write_png`]) and reads one in any of
//! the text formats, validating it as it reads ([`check_tour`]).
//! The commands and the explorer (its `--tour` and its `w`) both go through here: this module
//! is shared by the front ends, as `options` is.
//!
//! The formats read, told apart by the first text in the file unless `--format` says: a `list`
//! (`r c` or `r,c` a line, in visit order; `list`), a `grid` (rows of visit numbers, 1..N or
//! 0..N-1; `grid`) and the JSON object of `solve --format json` (`json`). Each reader streams
//! through one fixed buffer (`bytes`) and stops at the first line that cannot belong to a
//! tour of the board: a list keeps one bit a square; a JSON path likewise; a grid, whose
//! numbers must be put in visit order before the moves can be checked, four bytes a square
//! of the board it describes, refused up front when that exceeds the memory this process may
//! use. A grid and a JSON object give their board; a list given no size is checked on the
//! board its squares span, found first (a file is read twice; a list read once is held in
//! memory, half a byte a square). The pictures (SVG, PNG) are not read back: they are named as
//! pictures and refused. Text that is not a tour file is exit status 2; a
//! tour file whose tour breaks a rule, exit status 1. Every message quotes the file through
//! [`quoted_bytes`], and [`check_file`] names the file it cannot read.

mod bytes;
mod grid;
mod json;
mod kept;
mod list;
mod picture;
mod png;
mod prefix;
mod save;
mod svg;
mod write;

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use thiserror::Error;

use crate::options::megabytes;
use bytes::{LineReader, Once, Rereadable, Source};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::notation::{NotationError, SquareSpec};
use knights_tour_engine::quote::quoted_bytes;
use knights_tour_engine::tour::{Tour, TourError, Validator};
pub use list::INFERRED;
pub use picture::{NUMBERS_UP_TO_SIDE, PictureOptions, RAMP_LEN, Ramp, luma};
pub use png::{MAX_PICTURE_SIDE, PngLayout, Scale, write_png};
pub use prefix::read_prefix;
pub use save::{How, Replace, SaveError, Saved, save_with};
pub use svg::{PATTERN_ABOVE, write_svg};
pub use write::{stats_line, write_grid, write_json, write_list, write_piece_field};

/// How the text is laid out (`check --format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// Decide from the text: `{` begins JSON, a first line of two numbers a list, else a grid
    Auto,
    /// Rows of visit numbers, 1..N or 0..N-1
    Grid,
    /// `r c` or `r,c` per line, 0-based, in visit order
    List,
    /// The object `solve --format json` writes, with its `path`
    Json,
}

/// What the caller wants checked besides the tour itself.
#[derive(Debug, Clone)]
pub struct Expectations {
    /// The board; a grid and a JSON object give their own, which must agree with it, and a
    /// list without it is checked on the board its squares span.
    pub size: Option<Board>,
    /// The piece whose tour it is; `None` for the knight, or the piece a JSON object names.
    pub piece: Option<Leaper>,
    /// Whether the tour must be closed.
    pub closed: bool,
    /// The square it must start on.
    pub start: Option<SquareSpec>,
    /// The square it must end on.
    pub end: Option<SquareSpec>,
    /// The most bytes the check may hold (a grid needs four a square); `None` for no limit.
    pub memory_cap: Option<u64>,
    /// Keep the tour, of at most this many squares, for the caller to show
    /// ([`CheckedTour::tour`]); `None` checks without keeping it.
    pub keep_tour: Option<u64>,
}

impl Expectations {
    /// The piece a list or a grid is read as: the one asked for, else the knight.
    fn piece_or_knight(&self) -> Leaper {
        self.piece.unwrap_or_default()
    }

    /// The requested start on `board`, if any.
    fn start_on(&self, board: Board) -> Result<Option<Square>, CheckError> {
        resolved(self.start.as_ref(), board)
    }

    /// The requested end on `board`, if any.
    fn end_on(&self, board: Board) -> Result<Option<Square>, CheckError> {
        resolved(self.end.as_ref(), board)
    }

    /// Refuses a board larger than the tour the caller keeps, if it keeps one.
    fn keepable(&self, board: Board) -> Result<(), CheckError> {
        match self.keep_tour {
            Some(most) if board.area() > most => Err(CheckError::Input(format!(
                "a tour of the {board} board has {} squares, more than the {} that can be shown",
                board.area(),
                most
            ))),
            _ => Ok(()),
        }
    }

    /// Refuses a board whose check needs more than the memory cap: `bytes` in all, `what`
    /// saying what for.
    fn afford(&self, board: Board, bytes: u64, what: &str) -> Result<(), CheckError> {
        match self.memory_cap {
            Some(cap) if bytes > cap => Err(CheckError::Input(format!(
                "checking a tour of the {board} board needs {} of memory ({what}), more than the \
                 {} this process may use",
                megabytes(bytes),
                megabytes(cap)
            ))),
            _ => Ok(()),
        }
    }
}

/// A valid tour, as found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedTour {
    /// The board.
    pub board: Board,
    /// The piece whose tour it is.
    pub piece: Leaper,
    /// Its first square.
    pub start: Square,
    /// Whether it was checked as a closed tour (asked for, or a JSON object that says so).
    pub closed: bool,
    /// The tour itself, when [`Expectations::keep_tour`] asked for it.
    pub tour: Option<Tour>,
}

/// How the board of a checked tour was known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardFrom {
    /// Stated: by [`Expectations::size`], or by the file itself (a grid's rows and columns, a
    /// JSON object's `rows` and `cols`).
    Stated,
    /// Inferred from the squares of a list given no size: its rows are the largest row + 1,
    /// its columns likewise ([`INFERRED`]).
    Inferred,
}

/// Why a check failed.
#[derive(Debug, Error)]
pub enum CheckError {
    /// The text is not a tour file at all, or too large to check (exit status 2).
    #[error("{0}")]
    Input(String),
    /// A requested start that is not a square of the board (exit status 2).
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The text could not be read (exit status 2).
    #[error("cannot read the tour: {0}")]
    Io(#[from] io::Error),
    /// A well-formed tour that breaks a rule (exit status 1).
    #[error("{0}")]
    Invalid(String),
}

impl From<TourError> for CheckError {
    fn from(error: TourError) -> Self {
        Self::Invalid(error.to_string())
    }
}

/// The square `spec` names on `board`, if any.
fn resolved(spec: Option<&SquareSpec>, board: Board) -> Result<Option<Square>, CheckError> {
    Ok(spec.map(|spec| spec.resolve(board)).transpose()?)
}

/// `line N: message`, not a tour file (status 2).
fn input_error(line: u64, message: impl std::fmt::Display) -> CheckError {
    CheckError::Input(format!("line {line}: {message}"))
}

/// `line N: message`, an invalid tour (status 1).
fn invalid(line: u64, message: impl std::fmt::Display) -> CheckError {
    CheckError::Invalid(format!("line {line}: {message}"))
}

/// Where `bytes` stop being text: a NUL or another control character (tabs and line ends
/// aside), or bytes that are not UTF-8 (an incomplete character at the very end is not
/// counted: it may go on past a buffer).
fn not_text(bytes: &[u8]) -> Option<usize> {
    let control = bytes
        .iter()
        .position(|&byte| (byte < 0x20 && !matches!(byte, b'\t' | b'\r' | b'\n')) || byte == 0x7f);
    let prefix = &bytes[..control.unwrap_or(bytes.len())];
    match std::str::from_utf8(prefix) {
        Err(error) if error.error_len().is_some() => Some(error.valid_up_to()),
        _ => control,
    }
}

/// The bytes of a line shown around a byte that is not text.
const CONTEXT: usize = 16;

/// The message for a line (or its buffered start) that holds something other than text, if
/// it does.
fn text_error(line: u64, bytes: &[u8]) -> Option<CheckError> {
    not_text(bytes).map(|at| {
        input_error(
            line,
            format!(
                "not text: byte {} of the line is {} ({})",
                at + 1,
                quoted_bytes(&bytes[at..at + 1]),
                quoted_bytes(&bytes[..bytes.len().min(CONTEXT)])
            ),
        )
    })
}

/// A whole number of ASCII digits, saturating: a number beyond every board stays beyond it.
#[inline]
fn digits_value(digits: &[u8]) -> u64 {
    if digits.len() <= 19 {
        // Below 10^19: no overflow.
        return digits
            .iter()
            .fold(0, |value, &digit| value * 10 + u64::from(digit - b'0'));
    }
    digits.iter().fold(0u64, |value, &digit| {
        value
            .saturating_mul(10)
            .saturating_add(u64::from(digit - b'0'))
    })
}

/// `digits` without their leading zeros (`0` for zeros only): the number as it is.
fn significant_digits(digits: &[u8]) -> &[u8] {
    let zeros = digits.iter().take_while(|&&digit| digit == b'0').count();
    &digits[zeros.min(digits.len().saturating_sub(1))..]
}

/// A number for a message: digits only, so safe, without leading zeros and cut after 20
/// digits.
fn number_text(digits: &[u8]) -> String {
    let digits = significant_digits(digits);
    let shown = String::from_utf8_lossy(&digits[..digits.len().min(20)]).into_owned();
    if digits.len() > 20 {
        shown + "…"
    } else {
        shown
    }
}

/// Blank bytes within a line.
fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r')
}

/// Reads a tour from `reader`, read once, and checks it. Memory stays bounded whatever the
/// input: one fixed buffer, plus one bit a square for a list or JSON, four bytes a square for
/// a grid, and for a list given no size half a byte a square held to find its board.
pub fn check_tour(
    reader: impl Read,
    format: InputFormat,
    expect: &Expectations,
) -> Result<CheckedTour, CheckError> {
    check_input(LineReader::new(Once(reader)), format, expect).map(|(tour, _)| tour)
}

/// Reads the tour in the file at `path` (standard input for `-`) and checks it as
/// [`check_tour`] does, but a list in a regular file given no size is read twice (its board,
/// then the check) rather than held. A file that cannot be opened or read is named.
pub fn check_file(
    path: &Path,
    format: InputFormat,
    expect: &Expectations,
) -> Result<(CheckedTour, BoardFrom), CheckError> {
    let named = |name: &str, error| match error {
        CheckError::Io(error) => CheckError::Input(format!("cannot read {name}: {error}")),
        other => other,
    };
    if path.as_os_str() == "-" {
        let input = LineReader::new(Once(io::stdin().lock()));
        return check_input(input, format, expect).map_err(|error| named("standard input", error));
    }
    let name = quoted_bytes(path.as_os_str().as_encoded_bytes()).to_string();
    let file = File::open(path)
        .map_err(|error| CheckError::Input(format!("cannot open {name}: {error}")))?;
    let regular = file
        .metadata()
        .map_err(|error| named(&name, error.into()))?
        .is_file();
    let checked = if regular {
        let source = Rereadable::new(file).map_err(|error| named(&name, error.into()))?;
        check_input(LineReader::new(source), format, expect)
    } else {
        check_input(LineReader::new(Once(file)), format, expect)
    };
    checked.map_err(|error| named(&name, error))
}

/// Checks the tour that `input` holds, and says how its board was known.
fn check_input<S: Source>(
    mut input: LineReader<S>,
    format: InputFormat,
    expect: &Expectations,
) -> Result<(CheckedTour, BoardFrom), CheckError> {
    if !skip_to_text(&mut input)? {
        return Err(CheckError::Input(
            "the input is empty: expected a list of 'r c' lines, a grid of visit numbers or \
             the JSON of 'solve --format json'"
                .into(),
        ));
    }
    refuse_picture(&mut input)?;
    let format = match format {
        InputFormat::Auto => detect(&mut input)?,
        chosen => chosen,
    };
    let stated = |tour| (tour, BoardFrom::Stated);
    match format {
        InputFormat::List if expect.size.is_none() => {
            list::check(&mut input, expect).map(|tour| (tour, BoardFrom::Inferred))
        }
        InputFormat::List => list::check(&mut input, expect).map(stated),
        InputFormat::Json => json::check(&mut input, expect).map(stated),
        InputFormat::Grid | InputFormat::Auto => grid::check(&mut input, expect).map(stated),
    }
}

/// The first bytes of a PNG file.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// Refuses the pictures `solve` writes (SVG, PNG), whose text begins at the next byte: they
/// show a tour and are not read back, so they are named as what they are, with the formats that
/// are read.
fn refuse_picture<R: Read>(input: &mut LineReader<R>) -> Result<(), CheckError> {
    input.fill(PNG_SIGNATURE.len())?;
    let start = input.buffered();
    let picture = if start.starts_with(PNG_SIGNATURE) {
        "a PNG picture"
    } else if start.starts_with(b"<?xml") || start.starts_with(b"<svg") {
        "an SVG picture"
    } else {
        return Ok(());
    };
    Err(CheckError::Input(format!(
        "this is {picture}, which is not read back: give the tour as a list, a grid or JSON \
         ('solve --format list', 'grid' or 'json')"
    )))
}

/// The longest run of blanks in one line before the first text.
const MAX_LEADING_BLANKS: u64 = 4096;

/// Skips a byte-order mark (as some Windows editors write: it is not text of the tour), blank
/// lines and blanks before the first text; whether there is any.
fn skip_to_text<R: Read>(input: &mut LineReader<R>) -> Result<bool, CheckError> {
    input.fill(3)?;
    if input.buffered().starts_with("\u{feff}".as_bytes()) {
        input.advance(3);
    }
    skip_blank_lines(input)
}

/// Skips blank lines and blanks before the first text; whether there is any.
fn skip_blank_lines<R: Read>(input: &mut LineReader<R>) -> Result<bool, CheckError> {
    loop {
        input.fill(1)?;
        let buffered = input.buffered();
        if buffered.is_empty() {
            return Ok(false);
        }
        let text = buffered
            .iter()
            .position(|&byte| !matches!(byte, b' ' | b'\t' | b'\r' | b'\n'));
        let blank = &buffered[..text.unwrap_or(buffered.len())];
        let lines = blank.iter().filter(|&&byte| byte == b'\n').count() as u64;
        let through_last_break = blank
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |at| at + 1);
        let rest = blank.len() - through_last_break;
        input.advance_lines(through_last_break, lines);
        input.advance(rest);
        if text.is_some() {
            return Ok(true);
        }
        if input.column() > MAX_LEADING_BLANKS {
            return Err(input_error(
                input.line(),
                format!("more than {MAX_LEADING_BLANKS} blanks in a row and no text"),
            ));
        }
    }
}

/// The format of text that begins at the next byte (not blank): JSON at `{`, a list if its
/// first line holds two items or a comma, else a grid.
fn detect<R: Read>(input: &mut LineReader<R>) -> Result<InputFormat, CheckError> {
    input.fill(list::MAX_LINE + 1)?;
    let buffered = input.buffered();
    if buffered[0] == b'{' {
        return Ok(InputFormat::Json);
    }
    let line_end = buffered.iter().position(|&byte| byte == b'\n');
    let Some(line) = line_end
        .map(|end| &buffered[..end])
        .or((buffered.len() <= list::MAX_LINE).then_some(buffered))
    else {
        // Longer than any list line.
        return Ok(InputFormat::Grid);
    };
    let items = line
        .split(|&byte| is_blank(byte) || byte == b',')
        .filter(|item| !item.is_empty())
        .count();
    Ok(if items == 2 || line.contains(&b',') {
        InputFormat::List
    } else {
        InputFormat::Grid
    })
}

/// A [`Validator`] of tours of `piece` on `board` that meet `expect`, closed if `closed`,
/// keeping the tour if `expect` asks for it.
fn validator(
    expect: &Expectations,
    piece: Leaper,
    board: Board,
    closed: bool,
) -> Result<Validator, CheckError> {
    let mut validator = Validator::new(board, closed, expect.start_on(board)?).with_piece(piece);
    if let Some(end) = expect.end_on(board)? {
        validator = validator.ending_at(end);
    }
    if expect.keep_tour.is_none() {
        return Ok(validator);
    }
    expect.keepable(board)?;
    validator
        .keeping_path()
        .map_err(|_| CheckError::Input(format!("no memory to keep a tour of the {board} board")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that never ends: `head`, then `chunk` again and again; it counts what it gave.
    struct Endless {
        head: &'static [u8],
        chunk: &'static [u8],
        given: usize,
    }

    impl Read for Endless {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            for (at, byte) in buffer.iter_mut().enumerate() {
                let i = self.given + at;
                *byte = match self.head.get(i) {
                    Some(&byte) => byte,
                    None => self.chunk[(i - self.head.len()) % self.chunk.len()],
                };
            }
            self.given += buffer.len();
            Ok(buffer.len())
        }
    }

    fn expect(size: Option<&str>) -> Expectations {
        Expectations {
            size: size.map(|text| knights_tour_engine::notation::parse_size(text).unwrap()),
            piece: None,
            closed: false,
            start: None,
            end: None,
            memory_cap: Some(64 << 20),
            keep_tour: None,
        }
    }

    #[test]
    fn an_endless_input_ends_in_an_error_after_one_buffer() {
        let cases: &[(Option<&str>, &[u8], &[u8])] = &[
            (Some("8"), b"", b"1\n"),
            (None, b"", b"1\n"),
            (Some("8"), b"", b"1 2 3 4 5 6 7 8\n"),
            (None, b"", b"\0"),
            (Some("8"), b"", b"0 0\n"),
            (None, b"", b"7"),
            (None, b"", b" "),
            (None, b"{\"rows\":8,\"cols\":8,\"path\":[", b"[0,0],"),
            (None, b"{\"a\":\"", b"\\n"),
            (None, b"{\"a\":", b"[1,"),
            (None, b"{\"a\":1", b"0"),
            (None, b"{", b" \n"),
        ];
        for &(size, head, chunk) in cases {
            let mut reader = Endless {
                head,
                chunk,
                given: 0,
            };
            let verdict = check_tour(&mut reader, InputFormat::Auto, &expect(size));
            let error = verdict.expect_err("an endless input is no tour");
            // Stopped at the first bad line, within a few buffers of input.
            assert!(reader.given <= 4 << 20, "{chunk:?}: read {}", reader.given);
            assert!(!error.to_string().contains('\n'));
        }
    }

    #[test]
    fn an_endless_list_without_a_size_that_repeats_ends_at_its_first_repeat() {
        // Knight moves back and forth (a square again), or one square again and again (no
        // move at all): no board has such a tour, whatever board the list would span.
        for (chunk, needle) in [
            (&b"0 0\n1 2\n"[..], "line 3: square 0,0 visited twice"),
            (b"0 0\n", "line 2: square 0,0 visited twice"),
        ] {
            let mut reader = Endless {
                head: b"",
                chunk,
                given: 0,
            };
            let error = check_tour(&mut reader, InputFormat::Auto, &expect(None)).unwrap_err();
            assert!(matches!(error, CheckError::Invalid(_)), "{error}");
            assert!(error.to_string().starts_with(needle), "{error}");
            assert!(reader.given <= 1 << 20, "{chunk:?}: read {}", reader.given);
        }
    }

    /// An endless knight's path along two rows, `0 0`, `1 2`, `0 4`, …: never a square again.
    struct Strip {
        pending: Vec<u8>,
        square: u64,
    }

    impl Read for Strip {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            while self.pending.len() < buffer.len() {
                let line = format!("{} {}\n", self.square % 2, 2 * self.square);
                self.pending.extend_from_slice(line.as_bytes());
                self.square += 1;
            }
            let count = buffer.len();
            buffer.copy_from_slice(&self.pending[..count]);
            self.pending.drain(..count);
            Ok(count)
        }
    }

    #[test]
    fn an_endless_list_without_a_size_that_never_repeats_ends_at_the_memory_cap() {
        let mut reader = Strip {
            pending: Vec::new(),
            square: 0,
        };
        let expect = Expectations {
            memory_cap: Some(64 << 10),
            ..expect(None)
        };
        let error = check_tour(&mut reader, InputFormat::Auto, &expect).unwrap_err();
        assert!(error.to_string().contains("pass --size"), "{error}");
        // Half a byte a square held, and a bit a square of the board spanned so far (twice
        // the squares named, up to twice as wide while it grows): a few bytes a square.
        assert!(
            (10_000..200_000).contains(&reader.square),
            "read {} squares",
            reader.square
        );
    }

    #[test]
    fn json_values_of_every_kind_are_skipped_and_checked() {
        let good =
            " { \"meta\" : {\"a\":[1,-2.5e3,true,false,null,\"x\\\"y\\u00e9 é\",[]],\"b\":{}},
            \"rows\":1, \"cols\":1, \"closed\":false, \"start\":[0,0], \"outcome\":\"tour\",
            \"path\": [ [0, 0] ], \"stats\":{\"nodes\":0} }
        ";
        let checked = check_tour(good.as_bytes(), InputFormat::Auto, &expect(None)).unwrap();
        assert_eq!(checked.board, Board::new(1, 1).unwrap());
        for (bad, needle) in [
            (
                &br#"{"a":[1,]}"#[..],
                "line 1, column 9: expected a JSON value",
            ),
            (br#"{"a":"\q"}"#, "escape"),
            (b"{\"a\":\"\x01\"}", "control character"),
            (b"{\"a\":\"\xff\"}", "not UTF-8"),
            (br#"{"a":tru}"#, "expected true"),
            (br#"{"rows":1,"rows":1}"#, "'rows' appears twice"),
            (br#"{"rows":1.5}"#, "whole number"),
            (br#"{"rows":1,"cols":1,"path":[[0,0],[0,0]]}"#, "column 34"),
            (br#"{"rows":1,"cols":1,"path":[]}"#, "empty"),
            (br#"{"rows":0,"cols":1,"path":[]}"#, "side of 0"),
            (b"{}", "no 'path'"),
        ] {
            let message = check_tour(bad, InputFormat::Auto, &expect(None))
                .unwrap_err()
                .to_string();
            assert!(message.contains(needle), "{message} should say {needle}");
        }
    }

    #[test]
    fn text_ends_at_control_characters_and_bytes_that_are_not_utf8() {
        assert_eq!(not_text(b"1 2\t3\r"), None);
        assert_eq!(not_text("é ü".as_bytes()), None);
        assert_eq!(not_text(b"1 \xc3"), None, "a character cut by the buffer");
        assert_eq!(not_text(b"1 \x00"), Some(2));
        assert_eq!(not_text(b"\x1b[2J"), Some(0));
        assert_eq!(not_text(b"ab\xff"), Some(2));
        assert_eq!(not_text(b"ab\x7f"), Some(2));
    }

    #[test]
    fn formats_are_told_apart_by_their_first_text() {
        let detect_text = |text: &[u8]| {
            let mut input = LineReader::new(text);
            assert!(skip_blank_lines(&mut input).unwrap());
            detect(&mut input).unwrap()
        };
        assert_eq!(detect_text(b"\n\n  {\"rows\":1}"), InputFormat::Json);
        assert_eq!(detect_text(b"0 0\n1 2\n"), InputFormat::List);
        assert_eq!(detect_text(b"0,0\n"), InputFormat::List);
        assert_eq!(detect_text(b" 1 2 3\n"), InputFormat::Grid);
        assert_eq!(detect_text(b"1\n2\n"), InputFormat::Grid);
        assert_eq!(detect_text(&[b'1'; 1000]), InputFormat::Grid);
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let list = "\u{feff}0 0\n";
        let checked = check_tour(list.as_bytes(), InputFormat::Auto, &expect(Some("1")));
        assert_eq!(checked.unwrap().board, Board::new(1, 1).unwrap());
    }

    #[test]
    fn a_board_above_the_memory_cap_is_refused_naming_board_and_memory() {
        let mut limited = expect(Some("30000"));
        limited.memory_cap = Some(1 << 20);
        for text in [&b"0 0\n"[..], b"1 2 3\n", b"{\"path\":[[0,0]]}"] {
            let error = check_tour(text, InputFormat::Auto, &limited).unwrap_err();
            let message = error.to_string();
            assert!(matches!(error, CheckError::Input(_)), "{message}");
            assert!(message.contains("30000x30000"), "{message}");
            assert!(message.contains("MB"), "{message}");
        }
        // A grid without --size: refused as its rows arrive.
        let mut small = expect(None);
        small.memory_cap = Some(1 << 16);
        let rows: String = (0..200)
            .map(|row| {
                let numbers: Vec<String> = (0..100)
                    .map(|col| (row * 100 + col + 1).to_string())
                    .collect();
                numbers.join(" ") + "\n"
            })
            .collect();
        let message = check_tour(rows.as_bytes(), InputFormat::Auto, &small)
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("x100 and more") && message.contains("4 bytes a square"),
            "{message}"
        );
    }

    proptest::proptest! {
        /// Bytes from the alphabet of every format, and some that are not text: a clean
        /// verdict every time, and a message fit for a terminal.
        #[test]
        fn any_bytes_give_a_clean_verdict_and_a_safe_message(
            bytes in proptest::collection::vec(
                proptest::sample::select(
                    b"0123456789 ,\n\r\t{}[]\":-.eE\\trufalsenpthowc\x00\x1b\x7f\xc3\xa9\xff".to_vec(),
                ),
                0..400,
            ),
            format in proptest::sample::select(vec![
                InputFormat::Auto, InputFormat::List, InputFormat::Grid, InputFormat::Json,
            ]),
            size in proptest::option::of(proptest::sample::select(vec!["1", "3x4", "5", "8"])),
        ) {
            if let Err(error) = check_tour(bytes.as_slice(), format, &expect(size)) {
                let message = error.to_string();
                proptest::prop_assert!(!message.is_empty());
                proptest::prop_assert!(!message.chars().any(char::is_control), "{message:?}");
                proptest::prop_assert!(message.len() <= 400, "{message:?}");
            }
        }
    }
}
