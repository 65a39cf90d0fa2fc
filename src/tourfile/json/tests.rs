//! The JSON reader's own tests: input that arrives a few bytes at a time, and paths written
//! compactly, spaced and indented.

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
        piece: None,
        closed: false,
        start: None,
        end: None,
        memory_cap: None,
        keep_tour: None,
        shape: None,
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

#[test]
fn every_digit_counts_and_a_long_number_is_named_where_it_begins() {
    let board = Board::new(5, 5).unwrap();
    let check = |text: &str| check_tour(text.as_bytes(), InputFormat::Json, &expect(board));
    // At most 64 digits, leading zeros included, in a field read and in one skipped.
    let zeros = |count: usize| "0".repeat(count);
    for (text, column) in [
        (format!(r#"{{"rows": {}5, "path": []}}"#, zeros(100)), 10),
        (format!(r#"{{"path": [[{}0,0]]}}"#, zeros(100)), 12),
        (format!(r#"{{"path": [[{}0,0]]}}"#, zeros(300_000)), 12),
        (format!(r#"{{"path": [[0, {}]]}}"#, zeros(65)), 15),
        (
            format!(r#"{{"note": {}1, "path": []}}"#, zeros(300_000)),
            10,
        ),
    ] {
        let shown = &text[..text.len().min(40)];
        let error = check(&text).err().map(|error| error.to_string());
        let error = error.unwrap_or_else(|| panic!("{shown}: accepted"));
        let at = format!("line 1, column {column}: a number of more than 64 digits");
        assert!(error.starts_with(&at), "{shown}: {error}");
    }
    // 64 digits are a number, here one past the board.
    let text = format!(r#"{{"path": [[0, {}9]]}}"#, zeros(63));
    let error = check(&text).unwrap_err().to_string();
    assert!(error.contains("off the 5x5 board"), "{error}");
}
