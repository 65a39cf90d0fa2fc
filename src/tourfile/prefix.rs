//! A partial tour to complete (`solve --prefix`): a path of the piece (the knight unless
//! `--piece` names another) on a given board, read from a list (`r c` a line, in visit order)
//! as `check` reads a list, or from a JSON object with its `path` (`[[r,c],...]`, as `solve
//! --format json` writes; its own fields held to what `check` holds them to: `rows` and
//! `cols`, if given, the board's, `piece` the piece's, `start` the path's first square, and
//! `outcome` a tour's) by `check`'s pull parser (`json::partial`). Both stream: every square is
//! checked as it arrives (on the board, not visited before, a move of the piece from the one
//! before), and the first that breaks a rule is named by its line (and column, in JSON) at
//! once, however much follows; a partial tour is not a tour, so a broken one is bad input
//! (status 2), not an invalid tour. A grid numbers every square of the board, so it holds no
//! partial tour and is refused.
//!
//! The path is kept, as the solve needs it: eight bytes a square ([`Kept`]), besides the
//! validator's bit a square, both within the memory cap the caller gives (refused, status 2,
//! never an abort).

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::quote::quoted_bytes;

use super::bytes::{LineReader, Once};
use super::kept::Kept;
use super::{CheckError, InputFormat, detect, json, list, megabytes, refuse_picture, skip_to_text};

/// Reads the partial tour in the file at `path` (standard input for `-`) on `board`: its
/// squares in visit order, at least one, held within `memory_cap` bytes (`None`: what the
/// system gives). Every error is bad input (status 2), naming the file and, for a square that
/// breaks a rule, its line.
pub fn read_prefix(
    path: &Path,
    board: Board,
    piece: Leaper,
    memory_cap: Option<u64>,
) -> Result<Vec<Square>, CheckError> {
    let (reader, name): (Box<dyn Read>, String) = if path.as_os_str() == "-" {
        (Box::new(io::stdin().lock()), "standard input".into())
    } else {
        let name = quoted_bytes(path.as_os_str().as_encoded_bytes()).to_string();
        let file = File::open(path)
            .map_err(|error| CheckError::Input(format!("cannot open {name}: {error}")))?;
        (Box::new(file), name)
    };
    read(LineReader::new(Once(reader)), board, piece, memory_cap).map_err(|error| match error {
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
    memory_cap: Option<u64>,
) -> Result<Vec<Square>, CheckError> {
    let bitmap = board.area().div_ceil(8);
    if let Some(cap) = memory_cap.filter(|&cap| bitmap > cap) {
        return Err(CheckError::Input(format!(
            "completing a partial tour of the {board} board needs {} of memory to check it (one \
             bit a square), more than the {} this process may use",
            megabytes(bitmap),
            megabytes(cap)
        )));
    }
    let mut kept = Kept::new(memory_cap.map(|cap| (cap - bitmap, cap)));
    if !skip_to_text(&mut input)? {
        return Err(CheckError::Input(
            "the partial tour is empty: expected a list of 'r c' lines, its first square first"
                .into(),
        ));
    }
    refuse_picture(&mut input)?;
    match detect(&mut input)? {
        InputFormat::List => list::read_path(&mut input, board, piece, &mut kept)?,
        InputFormat::Json => json::partial::read(&mut input, board, piece, &mut kept)?,
        _ => {
            return Err(CheckError::Input(
                "a partial tour is a list of 'r c' lines or a JSON object with its 'path', but \
                 this looks like a grid, which numbers every square"
                    .into(),
            ));
        }
    }
    Ok(kept.into_squares())
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
            Some(1 << 20),
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
        // A start that is the path's first square, before the path or after it.
        for json in [
            r#"{"start": [0,0], "path": [[0,0], [1, 2]]}"#,
            r#"{"path": [[0,0], [1, 2]], "start": [0,0]}"#,
        ] {
            assert_eq!(read_text(json, 5).unwrap().len(), 2, "{json}");
        }
        for (text, needle) in [
            (
                r#"{"path": [[0,0], [1,1]]}"#,
                "column 18: step 1 → 2 is not",
            ),
            (r#"{"path": [[0,0], "b3"]}"#, "column 18: expected a square"),
            (r#"{"path": [[0,0], [9,9]]}"#, "9,9 is off the 5x5 board"),
            (r#"{"rows": 6, "path": [[0,0]]}"#, "'rows' is 6"),
            (r#"{"path": [[0,0]], "cols": 4}"#, "'cols' is 4"),
            (r#"{"piece": "camel", "path": [[0,0]]}"#, "--piece camel"),
            (r#"{"path": []}"#, "empty"),
            (
                r#"{"start": [1,2], "path": [[0,0], [1,2]]}"#,
                "column 27: the JSON says the partial tour starts at 1,2, but its path starts at 0,0",
            ),
            (
                r#"{"path": [[0,0], [1,2]], "start": [0, 00001]}"#,
                "the JSON says the partial tour starts at 0,1, but its path starts at 0,0",
            ),
            (
                r#"{"outcome": "no_tour", "path": [[0,0]]}"#,
                "the JSON holds no tour",
            ),
            (
                r#"{"path": [[0,0]], "outcome": "budget_exceeded"}"#,
                "'budget_exceeded', not 'tour'",
            ),
            (r#"{"rows": 5}"#, "no 'path'"),
            (r#"{"path": [[0,0]"#, "expected ',' or ']'"),
            (
                r#"{"path": [[0,0]], "path": [[0,0]]}"#,
                "'path' appears twice",
            ),
        ] {
            let error = read_text(text, 5).unwrap_err().to_string();
            assert!(error.contains(needle), "{text}: {error}");
        }
        // Anything else is skipped, however long, and the path kept.
        let long = format!(
            r#"{{"note": "{}", "closed": true, "path": [[0,0],[2,1]]}}"#,
            "x".repeat(70_000)
        );
        let path = read_text(&long, 5).unwrap();
        assert_eq!(path, [Square::new(0, 0), Square::new(2, 1)]);
    }

    #[test]
    fn a_path_longer_than_its_room_is_refused_at_the_square_that_does_not_fit() {
        // A 2000x2000 board's bitmap (500,000 bytes) and room for 1,000 squares: the list
        // grows to 512, and no further while its old room is held.
        let side = 2000;
        let path: Vec<String> = (0..999u32)
            .map(|i| format!("[{},{}]", i % 2, 2 * i))
            .collect();
        let json = format!(r#"{{"path": [{}]}}"#, path.join(","));
        let list: String = (0..999u32)
            .map(|i| format!("{} {}\n", i % 2, 2 * i))
            .collect();
        for text in [json, list] {
            let read = read(
                LineReader::new(Once(text.as_bytes())),
                board(side),
                Leaper::KNIGHT,
                Some(500_000 + 8_000),
            );
            let error = read.unwrap_err().to_string();
            assert!(error.contains("8 bytes a square"), "{error}");
            assert!(error.contains("more than 512 squares"), "{error}");
        }
        let error = read(
            LineReader::new(Once(&b"0 0\n"[..])),
            board(side),
            Leaper::KNIGHT,
            Some(400_000),
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("one bit a square"), "{error}");
    }

    #[test]
    fn a_grid_holds_no_partial_tour() {
        let grid = read_text("1 2 3\n4 5 6\n", 5).unwrap_err().to_string();
        assert!(grid.contains("grid"), "{grid}");
        let empty = read_text("\n \n", 5).unwrap_err().to_string();
        assert!(empty.contains("empty"), "{empty}");
    }
}
