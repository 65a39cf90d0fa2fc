//! A partial tour to complete (`solve --prefix`): a knight's path on a given board, read from
//! a list (`r c` a line, in visit order), as `check` reads a list. Every square is checked as it
//! arrives (on the board, not visited before, a knight's move from the one before), and the
//! first line that breaks a rule is named; a partial tour is not a tour, so a broken one is bad
//! input (status 2), not an invalid tour.
//!
//! A grid numbers every square of the board and the JSON of `solve` holds whole tours, so a
//! partial tour is a list; the other formats are refused with a message that says so.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::quote::quoted_bytes;

use super::input::{LineReader, Once};
use super::{CheckError, InputFormat, detect, list, skip_blank_lines};

/// Reads the partial tour in the file at `path` (standard input for `-`) on `board`: its
/// squares in visit order, at least one. Every error is bad input (status 2), naming the file
/// and, for a square that breaks a rule, its line.
pub fn read_prefix(path: &Path, board: Board) -> Result<Vec<Square>, CheckError> {
    let (reader, name): (Box<dyn Read>, String) = if path.as_os_str() == "-" {
        (Box::new(io::stdin().lock()), "standard input".into())
    } else {
        let name = quoted_bytes(path.as_os_str().as_encoded_bytes()).to_string();
        let file = File::open(path)
            .map_err(|error| CheckError::Input(format!("cannot open {name}: {error}")))?;
        (Box::new(file), name)
    };
    read(LineReader::new(Once(reader)), board).map_err(|error| match error {
        CheckError::Io(error) => CheckError::Input(format!("cannot read {name}: {error}")),
        CheckError::Invalid(message) => CheckError::Input(format!(
            "{name} is not a knight's path on {board}: {message}"
        )),
        other => other,
    })
}

/// Reads the partial tour `input` holds.
fn read<R: Read>(mut input: LineReader<R>, board: Board) -> Result<Vec<Square>, CheckError> {
    input.fill(3)?;
    if input.buffered().starts_with("\u{feff}".as_bytes()) {
        input.advance(3);
    }
    if !skip_blank_lines(&mut input)? {
        return Err(CheckError::Input(
            "the partial tour is empty: expected a list of 'r c' lines, its first square first"
                .into(),
        ));
    }
    match detect(&mut input)? {
        InputFormat::List => list::read_path(&mut input, board),
        other => Err(CheckError::Input(format!(
            "a partial tour is a list of 'r c' lines in visit order, but this looks like {}",
            match other {
                InputFormat::Json => "JSON (which holds a whole tour)",
                _ => "a grid (which numbers every square)",
            }
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(side: u64) -> Board {
        Board::new(side, side).unwrap()
    }

    fn read_text(text: &str, side: u64) -> Result<Vec<Square>, CheckError> {
        read(LineReader::new(Once(text.as_bytes())), board(side))
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
    fn only_a_list_holds_a_partial_tour() {
        let grid = read_text("1 2 3\n4 5 6\n", 5).unwrap_err().to_string();
        assert!(grid.contains("grid"), "{grid}");
        let json = read_text("{\"rows\": 5, \"cols\": 5, \"path\": [[0, 0]]}", 5);
        let error = json.unwrap_err().to_string();
        assert!(error.contains("JSON"), "{error}");
        assert!(
            read_text("\n \n", 5)
                .unwrap_err()
                .to_string()
                .contains("empty")
        );
    }
}
