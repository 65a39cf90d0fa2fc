//! The tour files' checks on input a reader cannot trust: endless input, unknown JSON values,
//! bytes that are not text, formats told apart, and boards past the memory cap.

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
        shape: None,
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
    let good = " { \"meta\" : {\"a\":[1,-2.5e3,true,false,null,\"x\\\"y\\u00e9 é\",[]],\"b\":{}},
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
