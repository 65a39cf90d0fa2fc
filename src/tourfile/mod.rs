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
//! pictures and refused.
//!
//! On a board of any shape ([`Shape`]: holes, and clues), the writers keep the squares'
//! numbers on the full rectangle and show the holes: the grid as `.`, the JSON as `holes` and
//! `clues` before its path, the pictures in white (`write`, `svg`, `png/`). The readers check a
//! tour on the shape [`Expectations::shape`] gives, else on the holes and clues a grid or a
//! JSON object gives (a list has none), square by square by the engine's validator made on the shape; a JSON
//! object's holes and clues are held until its path, at most a shape's squares of them.
//!
//! Text that is not a tour file is exit status 2; a tour file whose tour breaks a rule, exit
//! status 1. Every message quotes the file through [`quoted_bytes`], and [`check_file`] names
//! the file it cannot read.

mod bytes;
mod grid;
mod json;
mod kept;
mod list;
mod picture;
mod png;
mod prefix;
mod save;
mod shaped;
mod svg;
mod write;

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::sync::Arc;

use thiserror::Error;

use crate::options::megabytes;
use bytes::{LineReader, Once, Rereadable, Source};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::notation::{NotationError, SquareSpec};
use knights_tour_engine::quote::quoted_bytes;
use knights_tour_engine::shape::Shape;
use knights_tour_engine::tour::{ShapeRoute, Tour, TourError, Validator};
pub use list::INFERRED;
pub use picture::{NUMBERS_UP_TO_SIDE, PictureOptions, RAMP_LEN, Ramp, luma};
pub use png::{MAX_PICTURE_SIDE, PngLayout, Scale, write_png};
pub use prefix::read_prefix;
pub use save::{How, Replace, SaveError, Saved, save_with};
pub use svg::{PATTERN_ABOVE, write_svg};
pub use write::{
    stats_line, write_grid, write_json, write_list, write_piece_field, write_shape_fields,
};

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
    /// The board of any shape the tour must cover (`--board`): its holes avoided, each open
    /// square once, its clues kept. Its rectangle is the board ([`Expectations::size`], if
    /// also given, must be the same); a grid's or a JSON object's own holes and clues must
    /// agree with it. `None`: the file's own holes, if it has any, else the whole rectangle.
    pub shape: Option<Arc<Shape>>,
}

impl Expectations {
    /// The option that gave the board, for a message: `--board` when a shape was given.
    fn size_option(&self) -> &'static str {
        if self.shape.is_some() {
            "--board"
        } else {
            "--size"
        }
    }

    /// The shape given, if it has holes or clues.
    fn holed_shape(&self) -> Option<&Arc<Shape>> {
        self.shape.as_ref().filter(|shape| !shape.is_rectangle())
    }

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
    /// The board's shape, when it has holes or clues (given, or the file's own); `None` on the
    /// whole rectangle.
    pub shape: Option<Arc<Shape>>,
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
    let on_shape;
    let expect = match &expect.shape {
        Some(shape) => {
            let board = shape.board();
            if let Some(size) = expect.size.filter(|&size| size != board) {
                return Err(CheckError::Input(format!(
                    "--size says {size}, but the board of --board is {board}"
                )));
            }
            on_shape = Expectations {
                size: Some(board),
                ..expect.clone()
            };
            &on_shape
        }
        None => expect,
    };
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

/// A check of tours of `piece` on `board` that meet `expect`, closed if `closed`, keeping the
/// tour if `expect` asks for it: on `shape` when it has holes or clues, else on the rectangle.
fn validator(
    expect: &Expectations,
    piece: Leaper,
    board: Board,
    closed: bool,
    shape: Option<&Arc<Shape>>,
) -> Result<Validator, CheckError> {
    let (start, end) = (expect.start_on(board)?, expect.end_on(board)?);
    let no_memory = |_| CheckError::Input(format!("no memory to keep a tour of the {board} board"));
    let validator = match shape {
        Some(shape) => {
            Validator::on_shape(Arc::clone(shape), piece, ShapeRoute { closed, start, end })
        }
        None => {
            let validator = Validator::new(board, closed, start).with_piece(piece);
            match end {
                Some(end) => validator.ending_at(end),
                None => validator,
            }
        }
    };
    if expect.keep_tour.is_none() {
        return Ok(validator);
    }
    expect.keepable(board)?;
    validator.keeping_path().map_err(no_memory)
}

/// The message for a shape a file gives that is no board (status 2).
fn shape_error(error: knights_tour_engine::shape::ShapeError) -> CheckError {
    CheckError::Input(format!("the tour file's board: {error}"))
}

#[cfg(test)]
mod shaped_tests;
#[cfg(test)]
mod tests;
