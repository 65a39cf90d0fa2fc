//! A partial tour to complete (`solve --prefix`): a path of the piece (the knight unless
//! `--piece` names another) on a given board, read from
//! a list (`r c` a line, in visit order) as `check` reads a list, or from a JSON object with
//! its `path` (`[[r,c],...]`, as `solve --format json` writes; `rows` and `cols`, if given,
//! must be the board's, and `piece`, if given, the piece's). Every square is checked (on the
//! board, not visited before, a move of the piece from the one before), and the first that breaks a rule is named by its line
//! or its place in the path; a partial tour is not a tour, so a broken one is bad input
//! (status 2), not an invalid tour.
//!
//! A list streams. The JSON is read whole through `serde_json`, at most [`MAX_JSON_BYTES`]
//! (or 32 bytes a square of the board, if less): a partial tour's path is held anyway. A grid
//! numbers every square of the board, so it holds no partial tour and is refused.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::quote::quoted_bytes;
use knights_tour_engine::tour::Validator;
use serde_json::Value;

use super::input::{LineReader, Once};
use super::{CheckError, InputFormat, detect, list, skip_to_text};

/// Reads the partial tour in the file at `path` (standard input for `-`) on `board`: its
/// squares in visit order, at least one. Every error is bad input (status 2), naming the file
/// and, for a square that breaks a rule, its line.
pub fn read_prefix(path: &Path, board: Board, piece: Leaper) -> Result<Vec<Square>, CheckError> {
    let (reader, name): (Box<dyn Read>, String) = if path.as_os_str() == "-" {
        (Box::new(io::stdin().lock()), "standard input".into())
    } else {
        let name = quoted_bytes(path.as_os_str().as_encoded_bytes()).to_string();
        let file = File::open(path)
            .map_err(|error| CheckError::Input(format!("cannot open {name}: {error}")))?;
        (Box::new(file), name)
    };
    read(LineReader::new(Once(reader)), board, piece).map_err(|error| match error {
        CheckError::Io(error) => CheckError::Input(format!("cannot read {name}: {error}")),
        CheckError::Invalid(message) => CheckError::Input(format!(
            "{name} is not a {piece}'s path on {board}: {message}"
        )),
        other => other,
    })
}

/// Reads the partial tour `input` holds.
fn read<R: Read>(
    mut input: LineReader<R>,
    board: Board,
    piece: Leaper,
) -> Result<Vec<Square>, CheckError> {
    if !skip_to_text(&mut input)? {
        return Err(CheckError::Input(
            "the partial tour is empty: expected a list of 'r c' lines, its first square first"
                .into(),
        ));
    }
    match detect(&mut input)? {
        InputFormat::List => list::read_path(&mut input, board, piece),
        InputFormat::Json => read_json(&mut input, board, piece),
        _ => Err(CheckError::Input(
            "a partial tour is a list of 'r c' lines or a JSON object with its 'path', but this \
             looks like a grid, which numbers every square"
                .into(),
        )),
    }
}

/// The most bytes of a partial tour's JSON read.
const MAX_JSON_BYTES: u64 = 256 << 20;

/// Reads the JSON object of a partial tour: its `path`, checked square by square.
fn read_json<R: Read>(
    input: &mut LineReader<R>,
    board: Board,
    piece: Leaper,
) -> Result<Vec<Square>, CheckError> {
    let limit = board.area().saturating_mul(32).saturating_add(1 << 16);
    let limit = limit.min(MAX_JSON_BYTES);
    let mut text = Vec::new();
    Rest(input).take(limit + 1).read_to_end(&mut text)?;
    if text.len() as u64 > limit {
        return Err(CheckError::Input(format!(
            "the JSON of a partial tour of {board} is at most {limit} bytes, and this one is \
             longer: give the path as a list of 'r c' lines"
        )));
    }
    let bad = CheckError::Input;
    let value: Value =
        serde_json::from_slice(&text).map_err(|error| bad(format!("not JSON: {error}")))?;
    for (key, side) in [("rows", board.rows()), ("cols", board.cols())] {
        if let Some(given) = value
            .get(key)
            .filter(|given| given.as_u64() != Some(u64::from(side)))
        {
            return Err(bad(format!(
                "'{key}' is {given}, but the board is {board}: give --size to match"
            )));
        }
    }
    let named = value.get("piece").map(|named| {
        named
            .as_str()
            .and_then(|text| Leaper::parse(text).ok())
            .ok_or_else(|| {
                bad(format!(
                    "'piece' is {named}, not a piece as --piece names it"
                ))
            })
    });
    match named.transpose()? {
        Some(named) if named != piece => {
            return Err(bad(format!(
                "the partial tour is a {named}'s, but the tour asked for is a {piece}'s: give \
                 --piece {}",
                named.label()
            )));
        }
        _ => {}
    }
    let Some(path) = value.get("path").and_then(Value::as_array) else {
        return Err(bad(
            "the JSON has no 'path' array of [row, col] squares".into()
        ));
    };
    if path.is_empty() {
        return Err(bad("the partial tour's 'path' is empty".into()));
    }
    let mut validator = Validator::new(board, false, None).with_piece(piece);
    let mut squares = Vec::new();
    squares
        .try_reserve_exact(path.len())
        .map_err(|_| bad("no memory to hold the partial tour".into()))?;
    for (number, item) in path.iter().enumerate() {
        let place = number + 1;
        let Some(square) = json_square(item) else {
            return Err(bad(format!(
                "square {place} of the path is {item}, not [row, col] on the {board} board"
            )));
        };
        validator
            .push(square)
            .map_err(|error| bad(format!("square {place} of the path: {error}")))?;
        squares.push(square);
    }
    Ok(squares)
}

/// `[row, col]`, if `item` is that.
fn json_square(item: &Value) -> Option<Square> {
    let [row, col] = item.as_array()?.as_slice() else {
        return None;
    };
    let row = u32::try_from(row.as_u64()?).ok()?;
    let col = u32::try_from(col.as_u64()?).ok()?;
    Some(Square::new(row, col))
}

/// What is left of a [`LineReader`]'s input, as a reader.
struct Rest<'a, R: Read>(&'a mut LineReader<R>);

impl<R: Read> Read for Rest<'_, R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.0.fill(1)?;
        let buffered = self.0.buffered();
        let count = buffered.len().min(out.len());
        out[..count].copy_from_slice(&buffered[..count]);
        self.0.advance(count);
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(side: u64) -> Board {
        Board::new(side, side).unwrap()
    }

    fn read_text(text: &str, side: u64) -> Result<Vec<Square>, CheckError> {
        read(
            LineReader::new(Once(text.as_bytes())),
            board(side),
            Leaper::KNIGHT,
        )
    }

    #[test]
    fn a_path_is_read_square_by_square_in_any_list_notation() {
        let path = read_text("\u{feff}\n0 0\n1,2\n 2, 0 \n\n", 5).unwrap();
        assert_eq!(
            path,
            [Square::new(0, 0), Square::new(1, 2), Square::new(2, 0)]
        );
        assert_eq!(read_text("3 3\n", 5).unwrap(), [Square::new(3, 3)]);
    }

    #[test]
    fn a_broken_path_names_its_line() {
        for (text, line) in [
            ("0 0\n1 2\n1 3\n", "line 3"),
            ("0 0\n1 2\n0 0\n", "line 3"),
            ("0 0\n5 5\n", "line 2"),
            ("0 0\nknight\n", "line 2"),
        ] {
            let error = read_text(text, 5).unwrap_err().to_string();
            assert!(error.contains(line), "{text:?}: {error}");
        }
    }

    #[test]
    fn a_json_path_is_read_and_checked_square_by_square() {
        let json = r#"{"rows": 5, "cols": 5, "outcome": "tour", "path": [[0,0], [1, 2]]}"#;
        assert_eq!(
            read_text(json, 5).unwrap(),
            [Square::new(0, 0), Square::new(1, 2)]
        );
        for (text, needle) in [
            (r#"{"path": [[0,0], [1,1]]}"#, "square 2"),
            (r#"{"path": [[0,0], "b3"]}"#, "square 2"),
            (r#"{"rows": 6, "path": [[0,0]]}"#, "'rows' is 6"),
            (r#"{"path": []}"#, "empty"),
            (r#"{"rows": 5}"#, "no 'path'"),
            (r#"{"path": [[0,0]"#, "not JSON"),
        ] {
            let error = read_text(text, 5).unwrap_err().to_string();
            assert!(error.contains(needle), "{text}: {error}");
        }
        // Longer than 32 bytes a square of a 5x5 board and 64 KiB: refused before parsing.
        let long = format!(r#"{{"note": "{}", "path": [[0,0]]}}"#, "x".repeat(70_000));
        let error = read_text(&long, 5).unwrap_err().to_string();
        assert!(error.contains("as a list"), "{error}");
    }

    #[test]
    fn a_grid_holds_no_partial_tour() {
        let grid = read_text("1 2 3\n4 5 6\n", 5).unwrap_err().to_string();
        assert!(grid.contains("grid"), "{grid}");
        let empty = read_text("\n \n", 5).unwrap_err().to_string();
        assert!(empty.contains("empty"), "{empty}");
    }
}
