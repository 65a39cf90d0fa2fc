//! Reading a tour to check: a grid of visit numbers (1..N or 0..N-1, one board row a line) or
//! a list of squares (`r c` a line, in visit order).
//!
//! A list is checked as it is read, one bit of memory a square. A grid is read whole (its
//! numbers must be sorted into visit order), and gives the board size itself.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};

use thiserror::Error;

use crate::engine::board::{Board, Square};
use crate::engine::notation::{NotationError, SquareSpec};
use crate::engine::quote::quoted_bytes;
use crate::engine::tour::{TourError, Validator};

use super::{CheckArgs, ExitStatus, Failure, with_stdout};

/// How the text is laid out (`check --format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// Decide from the first line
    Auto,
    /// Rows of visit numbers, 1..N or 0..N-1
    Grid,
    /// `r c` per line, 0-based, in visit order
    List,
}

/// What the caller wants checked besides the tour itself.
#[derive(Debug, Clone)]
pub struct Expectations {
    /// The board; a grid gives its own, a list needs one.
    pub size: Option<Board>,
    /// The board a list is checked against when no size is given.
    pub default_size: Board,
    /// Whether the tour must be closed.
    pub closed: bool,
    /// The square it must start on.
    pub start: Option<SquareSpec>,
}

impl Expectations {
    /// A validator of tours of `board` that meet these expectations.
    fn validator(&self, board: Board) -> Result<Validator, CheckError> {
        let start = self
            .start
            .as_ref()
            .map(|spec| spec.resolve(board))
            .transpose()?;
        Ok(Validator::new(board, self.closed, start))
    }
}

/// A valid tour, as found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckedTour {
    /// The board.
    pub board: Board,
    /// Its first square.
    pub start: Square,
}

/// Why a check failed.
#[derive(Debug, Error)]
pub enum CheckError {
    /// The text is not a grid or list at all (exit status 2).
    #[error("{0}")]
    Input(String),
    /// A requested start that is not a square of the board (exit status 2).
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The text could not be read (exit status 2).
    #[error("cannot read the tour: {0}")]
    Io(#[from] std::io::Error),
    /// A well-formed tour that breaks a rule (exit status 1).
    #[error("{0}")]
    Invalid(String),
}

impl From<TourError> for CheckError {
    fn from(error: TourError) -> Self {
        Self::Invalid(error.to_string())
    }
}

/// Reads a tour from `reader` and checks it.
pub fn check_tour(
    mut reader: impl BufRead,
    format: InputFormat,
    expect: &Expectations,
) -> Result<CheckedTour, CheckError> {
    let mut first = String::new();
    let mut line_number = 0;
    while first.trim().is_empty() {
        first.clear();
        line_number += 1;
        if reader.read_line(&mut first)? == 0 {
            return Err(CheckError::Input(
                "the input is empty: expected a grid of visit numbers or a list of 'r c' lines"
                    .into(),
            ));
        }
    }
    let is_list = match format {
        InputFormat::Auto => first.split_whitespace().count() == 2,
        InputFormat::Grid => false,
        InputFormat::List => true,
    };
    let lines = std::iter::once(Ok(first)).chain(reader.lines());
    let numbered = lines.enumerate().map(|(i, line)| (i + line_number, line));
    if is_list {
        check_list(numbered, expect)
    } else {
        check_grid(numbered, expect)
    }
}

/// `check`: validates a tour read from a file or standard input.
pub fn check(args: &CheckArgs) -> Result<ExitStatus, Failure> {
    let expect = Expectations {
        size: args.size,
        default_size: Board::new(8, 8).expect("8x8 is a board"),
        closed: args.closed,
        start: args.start.clone(),
    };
    let reader: Box<dyn BufRead> = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            let file = File::open(path).map_err(|error| {
                let path = path.as_os_str().as_encoded_bytes();
                Failure::bad_input(format!("cannot open {}: {error}", quoted_bytes(path)))
            })?;
            Box::new(BufReader::new(file))
        }
        _ => Box::new(io::stdin().lock()),
    };
    match check_tour(reader, args.format, &expect) {
        Ok(CheckedTour { board, start }) => {
            let kind = if args.closed { "closed" } else { "open" };
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

/// A number of plain ASCII digits: `+1`, `-1` and `1.0` are not visit numbers or rows.
fn parse_number(token: &str, line: usize) -> Result<u64, CheckError> {
    let digits = !token.is_empty() && token.bytes().all(|byte| byte.is_ascii_digit());
    digits.then(|| token.parse().ok()).flatten().ok_or_else(|| {
        CheckError::Input(format!(
            "line {line}: '{token}' is not a non-negative whole number"
        ))
    })
}

fn check_list(
    lines: impl Iterator<Item = (usize, std::io::Result<String>)>,
    expect: &Expectations,
) -> Result<CheckedTour, CheckError> {
    let board = expect.size.unwrap_or(expect.default_size);
    let mut validator = expect.validator(board)?;
    let mut first = None;
    for (number, line) in lines {
        let line = line?;
        let tokens: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .collect();
        match tokens[..] {
            [] => continue,
            [row, col] => {
                let (row, col) = (parse_number(row, number)?, parse_number(col, number)?);
                let square = match (u32::try_from(row), u32::try_from(col)) {
                    (Ok(row), Ok(col)) => Square::new(row, col),
                    _ => {
                        return Err(CheckError::Invalid(format!(
                            "line {number}: square {row},{col} is off the {board} board"
                        )));
                    }
                };
                first.get_or_insert(square);
                validator.push(square)?;
            }
            _ => {
                return Err(CheckError::Input(format!(
                    "line {number}: expected 'r c' (two numbers), found {} item(s): '{}'",
                    tokens.len(),
                    line.trim()
                )));
            }
        }
    }
    validator.finish()?;
    Ok(CheckedTour {
        board,
        start: first.expect("a finished tour has a first square"),
    })
}

fn check_grid(
    lines: impl Iterator<Item = (usize, std::io::Result<String>)>,
    expect: &Expectations,
) -> Result<CheckedTour, CheckError> {
    let (board, numbers) = read_grid(lines)?;
    if let Some(size) = expect.size.filter(|&size| size != board) {
        return Err(CheckError::Invalid(format!(
            "the grid is {board}, but --size says {size}"
        )));
    }
    let first_number = u64::from(!numbers.contains(&0));
    let by_visit = squares_by_visit(board, &numbers, first_number)?;
    let mut validator = expect.validator(board)?;
    for square in by_visit {
        validator
            .push(square)
            .map_err(|error| error.numbered_from(first_number))?;
    }
    validator.finish()?;
    Ok(CheckedTour {
        board,
        start: board.square_at(numbers.iter().position(|&n| n == first_number).unwrap_or(0) as u32),
    })
}

/// The numbers of a grid, row by row, and the board they cover: every row as long as the
/// first, blank lines skipped.
fn read_grid(
    lines: impl Iterator<Item = (usize, std::io::Result<String>)>,
) -> Result<(Board, Vec<u64>), CheckError> {
    let mut numbers: Vec<u64> = Vec::new();
    let mut cols = 0;
    let mut rows = 0u64;
    for (line_number, line) in lines {
        let line = line?;
        let before = numbers.len();
        for token in line.split_whitespace() {
            numbers.push(parse_number(token, line_number)?);
        }
        let found = numbers.len() - before;
        if found == 0 {
            continue;
        }
        if rows == 0 {
            cols = found;
        } else if found != cols {
            return Err(CheckError::Input(format!(
                "line {line_number}: a grid row of {found} numbers, but the first row has {cols}"
            )));
        }
        rows += 1;
    }
    let board =
        Board::new(rows, cols as u64).map_err(|error| CheckError::Input(error.to_string()))?;
    Ok((board, numbers))
}

/// The squares in visit order: every number in `first_number..first_number + area` once.
fn squares_by_visit(
    board: Board,
    numbers: &[u64],
    first_number: u64,
) -> Result<Vec<Square>, CheckError> {
    let area = board.area();
    let mut by_visit: Vec<Option<Square>> = vec![None; area as usize];
    for (index, &number) in numbers.iter().enumerate() {
        let square = board.square_at(index as u32);
        let Some(step) = number.checked_sub(first_number).filter(|&step| step < area) else {
            return Err(CheckError::Invalid(format!(
                "square {square} holds {number}, outside the visit numbers {first_number}..={}",
                area - 1 + first_number
            )));
        };
        if let Some(other) = by_visit[step as usize].replace(square) {
            return Err(CheckError::Invalid(format!(
                "visit number {number} appears twice, at {other} and at {square}"
            )));
        }
    }
    // Every number is in range and none repeats, so every visit number has its square.
    Ok(by_visit.into_iter().flatten().collect())
}
