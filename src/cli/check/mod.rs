//! `check`: reads a tour in any format `solve` writes and validates it as it reads.
//!
//! The formats, told apart by the first text in the file unless `--format` says: a `list`
//! (`r c` or `r,c` a line, in visit order; `list`), a `grid` (rows of visit numbers, 1..N or
//! 0..N-1; `grid`) and the JSON object of `solve --format json` (`json`). Each reader streams
//! through one fixed buffer ([`input`]) and stops at the first line that cannot belong to a
//! tour of the board: a list keeps one bit a square; a JSON path likewise; a grid, whose
//! numbers must be put in visit order before the moves can be checked, four bytes a square
//! of the board it describes, refused up front when that exceeds the memory this process may
//! use. Text that is not a tour file is exit status 2; a tour file whose tour breaks a rule,
//! exit status 1. Every message quotes the file through [`quoted_bytes`].

mod grid;
mod input;
mod json;
mod list;

use std::fs::File;
use std::io::{self, Read, Write};

use thiserror::Error;

use crate::engine::board::{Board, Square};
use crate::engine::notation::{NotationError, SquareSpec};
use crate::engine::quote::quoted_bytes;
use crate::engine::tour::{TourError, Validator};
use crate::options::memory_limit;

use super::{CheckArgs, ExitStatus, Failure, with_stdout};
use input::Input;

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
    /// The board; a grid and a JSON object give their own, a list needs one.
    pub size: Option<Board>,
    /// The board a list is checked against when no size is given.
    pub default_size: Board,
    /// Whether the tour must be closed.
    pub closed: bool,
    /// The square it must start on.
    pub start: Option<SquareSpec>,
    /// The most bytes the check may hold (a grid needs four a square); `None` for no limit.
    pub memory_cap: Option<u64>,
}

impl Expectations {
    /// The requested start on `board`, if any.
    fn start_on(&self, board: Board) -> Result<Option<Square>, CheckError> {
        Ok(self
            .start
            .as_ref()
            .map(|spec| spec.resolve(board))
            .transpose()?)
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

/// `bytes` in megabytes for a message, rounded up.
fn megabytes(bytes: u64) -> String {
    format!("{} MB", bytes.div_ceil(1 << 20))
}

/// A valid tour, as found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckedTour {
    /// The board.
    pub board: Board,
    /// Its first square.
    pub start: Square,
    /// Whether it was checked as a closed tour (asked for, or a JSON object that says so).
    pub closed: bool,
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

/// A number as written, for a message: digits only, so safe, but cut when very long.
fn number_text(digits: &[u8]) -> String {
    if digits.len() <= 20 {
        String::from_utf8_lossy(digits).into_owned()
    } else {
        quoted_bytes(digits).to_string()
    }
}

/// Blank bytes within a line.
fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r')
}

/// Reads a tour from `reader` and checks it. Memory stays bounded whatever the input: one
/// fixed buffer, plus one bit a square for a list or JSON, four bytes a square for a grid.
pub fn check_tour(
    reader: impl Read,
    format: InputFormat,
    expect: &Expectations,
) -> Result<CheckedTour, CheckError> {
    let mut input = Input::new(reader);
    if !skip_blank_lines(&mut input)? {
        return Err(CheckError::Input(
            "the input is empty: expected a list of 'r c' lines, a grid of visit numbers or \
             the JSON of 'solve --format json'"
                .into(),
        ));
    }
    let format = match format {
        InputFormat::Auto => detect(&mut input)?,
        chosen => chosen,
    };
    match format {
        InputFormat::List => list::check(&mut input, expect),
        InputFormat::Json => json::check(&mut input, expect),
        InputFormat::Grid | InputFormat::Auto => grid::check(&mut input, expect),
    }
}

/// Skips blank lines and blanks before the first text; whether there is any.
fn skip_blank_lines<R: Read>(input: &mut Input<R>) -> Result<bool, CheckError> {
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
    }
}

/// The format of text that begins at the next byte (not blank): JSON at `{`, a list if its
/// first line holds two items or a comma, else a grid.
fn detect<R: Read>(input: &mut Input<R>) -> Result<InputFormat, CheckError> {
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

/// A [`Validator`] of tours of `board` that meet `expect`.
fn validator(expect: &Expectations, board: Board) -> Result<Validator, CheckError> {
    Ok(Validator::new(
        board,
        expect.closed,
        expect.start_on(board)?,
    ))
}

/// `check`: validates a tour read from a file or standard input.
pub fn check(args: &CheckArgs) -> Result<ExitStatus, Failure> {
    let expect = Expectations {
        size: args.size,
        default_size: Board::new(8, 8).expect("8x8 is a board"),
        closed: args.closed,
        start: args.start.clone(),
        memory_cap: memory_limit().map_err(Failure::bad_input)?,
    };
    let reader: Box<dyn Read> = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            let file = File::open(path).map_err(|error| {
                let path = path.as_os_str().as_encoded_bytes();
                Failure::bad_input(format!("cannot open {}: {error}", quoted_bytes(path)))
            })?;
            Box::new(file)
        }
        _ => Box::new(io::stdin().lock()),
    };
    match check_tour(reader, args.format, &expect) {
        Ok(CheckedTour {
            board,
            start,
            closed,
        }) => {
            let kind = if closed { "closed" } else { "open" };
            with_stdout(|out| writeln!(out, "valid {kind} tour of {board} from {start}"))?;
            Ok(ExitStatus::Success)
        }
        Err(CheckError::Invalid(message)) => Err(Failure::new(
            ExitStatus::NoTour,
            format!("invalid tour: {message}"),
        )),
        Err(other) => Err(Failure::bad_input(other)),
    }
}
