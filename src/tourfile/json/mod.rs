//! The JSON object of `solve --format json`: `rows`, `cols`, `piece` (absent for the knight),
//! `holes` and `clues` (on a board of any shape, before the path: `board`), `closed`, `start`,
//! `outcome`, `path` (`[[r,c],...]`), and others (`layer`, `reason`, `stats`) that are skipped.
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
//! `--size` must agree with `rows` and `cols`, `--piece` with `piece`, and `--board` with
//! `holes` and `clues`. An object with holes or clues is checked on that board of any shape.

use std::io::Read;
use std::sync::Arc;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::quote::quoted_bytes;
use knights_tour_engine::shape::{Clue, Shape};
use knights_tour_engine::tour::{ShapeRoute, Tour};

use super::bytes::LineReader;
use super::{CheckError, CheckedTour, Expectations};

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

/// The most digits of a number, leading zeros counted: `solve` writes at most twenty.
const MAX_DIGITS: u64 = 64;

/// The fields read so far.
#[derive(Default)]
struct Fields {
    rows: Option<u64>,
    cols: Option<u64>,
    closed: Option<bool>,
    piece: Option<Leaper>,
    start: Option<(Whole, Whole)>,
    outcome: Option<Vec<u8>>,
    holes: Option<Vec<Square>>,
    clues: Option<Vec<Clue>>,
    path: Option<Path>,
}

/// What the path was found to be: a tour of `board` (so far as it could be checked when it
/// was read).
struct Path {
    board: Board,
    /// The piece whose moves it was checked with.
    piece: Leaper,
    first: Square,
    last: Square,
    closed_checked: bool,
    /// The tour, when it is kept.
    tour: Option<Tour>,
    /// The board's shape, when it has holes or clues.
    shape: Option<Arc<Shape>>,
}

/// Checks the JSON object of a tour.
pub(super) fn check<R: Read>(
    input: &mut LineReader<R>,
    expect: &Expectations,
) -> Result<CheckedTour, CheckError> {
    let mut json = Json { input };
    let mut fields = Fields::default();
    json.object(&mut fields, |json, fields| json.path(fields, expect))?;
    verdict(fields, expect)
}

impl<R: Read> Json<'_, R> {
    /// Reads the object into `fields`, its `path` through `path`, and nothing after it.
    fn object(
        &mut self,
        fields: &mut Fields,
        mut path: impl FnMut(&mut Self, &Fields) -> Result<Path, CheckError>,
    ) -> Result<(), CheckError> {
        let json = self;
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
                    b"piece" => {
                        json.expect_byte(b'"', "the piece, a string")?;
                        let value = json.string()?;
                        let piece = Leaper::parse(&String::from_utf8_lossy(&value))
                            .map_err(|error| json.error(error))?;
                        if fields.piece.replace(piece).is_some() {
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
                    b"holes" | b"clues" if fields.path.is_some() => {
                        return Err(json.error(format!(
                            "{} comes after 'path', which was checked without it: put it \
                             before (as 'solve --format json' does)",
                            quoted_bytes(&key)
                        )));
                    }
                    b"holes" => {
                        let value = json.holes()?;
                        if fields.holes.replace(value).is_some() {
                            return Err(json.error(repeated()));
                        }
                    }
                    b"clues" => {
                        let value = json.clues()?;
                        if fields.clues.replace(value).is_some() {
                            return Err(json.error(repeated()));
                        }
                    }
                    b"path" => {
                        if fields.path.is_some() {
                            return Err(json.error(repeated()));
                        }
                        fields.path = Some(path(json, fields)?);
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
        Ok(())
    }
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
    let piece = path.piece;
    if let Some(named) = fields.piece.filter(|&named| named != piece) {
        // Named after its path: the path was read as the knight's, or --piece's.
        return Err(CheckError::Invalid(format!(
            "the JSON says the piece is the {named}, but its path was checked as a {piece}'s: \
             give --piece {}, or put 'piece' before 'path' (as 'solve --format json' does)",
            named.label()
        )));
    }
    let closed = expect.closed || fields.closed == Some(true);
    if closed && !path.closed_checked && !piece.is_move(path.last, path.first) {
        return Err(CheckError::Invalid(format!(
            "the JSON says the tour is closed, but the last square {} is not a {piece} move \
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
            Some(match &path.shape {
                Some(shape) => {
                    let route = ShapeRoute {
                        closed: true,
                        ..ShapeRoute::default()
                    };
                    Tour::on_shape(shape, piece, squares, route)?
                }
                None => Tour::with_piece(board, piece, squares, true, None)?,
            })
        }
        other => other,
    };
    Ok(CheckedTour {
        board,
        piece,
        start: path.first,
        closed,
        tour,
        shape: path.shape,
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

mod board;
mod lexer;
pub(super) mod partial;
mod path;
#[cfg(test)]
mod tests;

use lexer::Whole;
