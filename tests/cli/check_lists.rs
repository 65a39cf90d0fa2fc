//! `check` given a list of squares: checked on the board the squares span, or on `--size`'s
//! when given; leading zeros read as the number they write; a list held past the memory cap or
//! spanning a board past the limits refused, naming what to do; an unreadable file named.

use super::check::check;
use super::*;

/// Runs `check` with `args`, `stdin` and the memory cap `memory`.
fn check_within(memory: &str, args: &[&str], stdin: &[u8]) -> Run {
    let mut command = knights_tour();
    command
        .arg("check")
        .args(args)
        .env("KNIGHTS_TOUR_MEMORY", memory)
        .write_stdin(stdin.to_vec());
    finished(args, command.output().unwrap())
}

/// A validated open tour of `size` from `start`, as `solve --format list` writes it.
fn solved_list(size: &str, start: &str) -> (Board, Vec<Square>, String) {
    let text = solve(&["--size", size, "--start", start, "--format", "list"]).stdout;
    let board = knights_tour_engine::notation::parse_size(size).unwrap();
    let path = parse_list(&text);
    let first = path[0];
    assert_tour(board, &path, false, first, &format!("{size} list"));
    (board, path, text)
}

#[test]
fn a_list_without_size_is_checked_on_the_board_its_squares_span() {
    for (size, start) in [
        ("1", "0,0"),
        ("3x4", "0,0"),
        ("5", "2,2"),
        ("12x9", "0,0"),
        ("9x12", "4,5"),
    ] {
        let (board, _, list) = solved_list(size, start);
        let expected =
            format!("valid open tour of {board} from {start} (board inferred from the list)\n");
        // Standard input (held while it is read), a file (read twice), and a named pipe.
        let file = scratch_file(&format!("inferred-{size}.txt"), list.as_bytes());
        for (args, stdin) in [
            (vec![], Some(list.as_bytes())),
            (vec![file.to_str().unwrap()], None),
            (vec!["/dev/stdin"], Some(list.as_bytes())),
        ] {
            let out = run(&[&["check"], &args[..]].concat(), stdin);
            assert_eq!(out.code, 0, "{size} {args:?}: {}", out.stderr);
            assert_eq!(out.stdout, expected, "{size} {args:?}");
        }
    }
}

#[test]
fn size_wins_over_the_board_a_list_spans() {
    let (_, _, list) = solved_list("12x9", "0,0");
    let file = scratch_file("twelve-by-nine.txt", list.as_bytes());
    let file = file.to_str().unwrap();
    for stdin in [Some(list.as_bytes()), None] {
        let with = |size: &'static str| {
            let mut args = vec!["check", "--size", size];
            if stdin.is_none() {
                args.push(file);
            }
            run(&args, stdin)
        };
        let out = with("12x9");
        assert_eq!(
            out.stdout, "valid open tour of 12x9 from 0,0\n",
            "{}",
            out.stderr
        );
        let larger = with("12x10");
        assert_fails(&larger, 1, &["108 of the 120"], "--size 12x10");
        assert!(!larger.stderr.contains("inferred"), "{}", larger.stderr);
        let smaller = with("11x9");
        assert_fails(&smaller, 1, &["off the 11x9 board"], "--size 11x9");
    }
}

#[test]
fn a_list_short_of_its_last_row_is_no_tour_of_the_smaller_board_it_spans() {
    let (_, path, _) = solved_list("5", "0,0");
    let short: Vec<Square> = path
        .iter()
        .copied()
        .filter(|square| square.row < 4)
        .collect();
    // What the validator says of these squares on the 4x5 board they span: a step that is
    // no move, at the first square after a dropped one.
    let verdict = validate(board(4, 5), short.iter().copied(), false, None)
        .expect_err("the 5x5 tour less its last row is no tour of 4x5")
        .to_string();
    let line = (1..short.len())
        .find(|&at| !Leaper::KNIGHT.is_move(short[at - 1], short[at]))
        .expect("a step is no move")
        + 1;
    let before = &short[..line - 1];
    let spanned = |side: fn(&Square) -> u32| before.iter().map(side).max().unwrap() + 1;
    let note = format!(
        "(board {}x{}, inferred from the list up to line {line})",
        spanned(|square| square.row),
        spanned(|square| square.col)
    );
    let text = list_text(&short);
    let file = scratch_file("short.txt", text.as_bytes());
    for out in [
        check(&[], &text),
        run(&["check", file.to_str().unwrap()], None),
    ] {
        // The list is read up to that step, on the board the squares before it span.
        let line = assert_fails(
            &out,
            1,
            &[&verdict, &note],
            "the 5x5 tour less its last row",
        );
        assert!(line.starts_with("knights-tour: invalid tour: "), "{line}");
    }
}

#[test]
fn a_list_held_past_the_memory_limit_is_refused_naming_size() {
    // 10,000 squares: half a byte each when held, 1,250 bytes of bitmap to check them.
    let (_, _, list) = solved_list("100", "0,0");
    let out = check_within("4K", &[], list.as_bytes());
    let line = assert_fails(&out, 2, &["--size", "standard input"], "held over 4K");
    assert!(line.contains("line "), "{line}");
    // With the size the list streams, and a file is read twice, within the same limit.
    let out = check_within("4K", &["--size", "100"], list.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let file = scratch_file("hundred.txt", list.as_bytes());
    let out = check_within("4K", &[file.to_str().unwrap()], b"");
    assert_eq!(
        out.stdout, "valid open tour of 100x100 from 0,0 (board inferred from the list)\n",
        "{}",
        out.stderr
    );
}

#[test]
fn a_list_that_spans_a_board_past_the_limits_is_refused_at_its_square() {
    let cases: &[(&str, &[u8], &[&str])] = &[
        (
            "1G",
            b"\n\n999999 999999\n0 1\n",
            &["line 3", "at most 1000000000", "inferred from the list"],
        ),
        (
            "64M",
            b"\n\n30000 30000\n",
            &["line 3", "30001x30001", "more than the 64 MB"],
        ),
        // A square far from the one before is no move, wherever it is: named as such.
        (
            "1G",
            b"0 0\n1 2\n999999 999999\n0 1\n",
            &["line 3", "not a knight move (1,2 to 999999,999999)"],
        ),
    ];
    for &(memory, text, needles) in cases {
        let file = scratch_file("past-limits.txt", text);
        for (args, stdin) in [(vec![], text), (vec![file.to_str().unwrap()], &b""[..])] {
            let out = check_within(memory, &args, stdin);
            let code = if needles[1].starts_with("not a") {
                1
            } else {
                2
            };
            assert_fails(&out, code, needles, &format!("{text:?} {args:?}"));
        }
    }
}

#[test]
fn leading_zeros_are_the_number_they_write() {
    let (_, _, list) = solved_list("5", "0,0");
    let padded: String = list
        .lines()
        .map(|line| {
            let (row, col) = line.split_once(' ').unwrap();
            format!("{row:0>25} {col:0>25}\n")
        })
        .collect();
    assert_eq!(
        check(&["--size", "5"], &padded).stdout,
        "valid open tour of 5x5 from 0,0\n"
    );
    assert_eq!(check(&[], &padded).stdout, check(&[], &list).stdout);
    // Zeros, then a knight move: a tour's first two squares, on the 2x3 board they span.
    let out = check(&[], "000000000000000000000 0\n1 2\n");
    assert_fails(&out, 1, &["2 of the 6 squares", "board 2x3"], "zeros");
    // A grid's numbers are their value up to 20 digits, leading zeros counted; a longer one
    // that begins with a zero is refused whole, never read as two numbers.
    let grid = check(&[], "1 4 7 10\n12 9 2 5\n3 6 11 8\n").stdout;
    assert_eq!(grid, "valid open tour of 3x4 from 0,0\n");
    let padded = format!("{:0>20} 4 7 10\n12 9 2 5\n3 6 11 8\n", 1);
    assert_eq!(check(&[], &padded).stdout, grid);
    let too_long = format!("1 4 7 10\n{:0>25} 9 2 5\n3 6 11 8\n", 12);
    let needles = ["line 2", "more than 20 digits"];
    assert_fails(
        &check(&[], &too_long),
        2,
        &needles,
        "a grid number of 25 digits",
    );
    // A number past every board is named by its own digits.
    let huge = format!("0 0\n{}99999999999999999999999 0\n", "0".repeat(30));
    let out = check(&["--size", "5"], &huge);
    let line = assert_fails(&out, 1, &["line 2", "off every board", "9999"], "huge");
    assert!(!line.contains("0000"), "{line}");
}

#[test]
fn a_tour_file_that_cannot_be_read_is_named() {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let folder = folder.to_str().unwrap();
    let out = run(&["check", folder], None);
    assert_fails(
        &out,
        2,
        &["cannot read", &format!("'{folder}'")],
        "a directory",
    );
}
