//! `check`: valid tours accepted as grids and lists (status 0), the first violation of an
//! invalid tour named (status 1), and text that is not a tour refused (status 2).

use super::*;

/// An open 8x8 tour from the default start, as the solver prints it in a list.
fn open_tour() -> Vec<Square> {
    let path = parse_list(&solve(&["--format", "list"]).stdout);
    assert_tour(board(8, 8), &path, false, Square::new(0, 0), "8x8 list");
    path
}

/// The same tour as a grid of visit numbers.
fn grid_text(board: Board, path: &[Square]) -> String {
    let mut numbers = vec![0; board.area() as usize];
    for (step, square) in path.iter().enumerate() {
        numbers[board.index(*square) as usize] = step + 1;
    }
    numbers
        .chunks(board.cols() as usize)
        .map(|row| {
            let row: Vec<String> = row.iter().map(ToString::to_string).collect();
            row.join(" ") + "\n"
        })
        .collect()
}

fn check(args: &[&str], stdin: &str) -> Run {
    run(&[&["check"], args].concat(), Some(stdin.as_bytes()))
}

#[test]
fn check_accepts_valid_tours_with_status_0() {
    let path = open_tour();
    let chess = board(8, 8);
    let list = list_text(&path);
    let grid = grid_text(chess, &path);
    let expected = "valid open tour of 8x8 from 0,0\n";
    for (args, text) in [
        (&[][..], &list),
        (&["--format", "list"], &list),
        (&["--size", "8x8", "--start", "0,0"], &list),
        (&["--start", "a8"], &list),
        (&[], &grid),
        (&["--format", "grid", "--start", "0,0"], &grid),
        (&["-"], &grid),
    ] {
        let out = check(args, text);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        assert_eq!(out.stdout, expected, "{args:?}");
        assert_eq!(out.stderr, "", "{args:?}");
    }
    // A 0-based grid, and the tour in a file named on the command line.
    let zero_based: String = grid
        .lines()
        .map(|line| {
            let numbers: Vec<String> = line
                .split(' ')
                .map(|n| (n.parse::<u32>().unwrap() - 1).to_string())
                .collect();
            numbers.join(" ") + "\n"
        })
        .collect();
    assert_eq!(check(&[], &zero_based).stdout, expected);
    let file = scratch_file("valid.txt", list.as_bytes());
    let out = run(&["check", file.to_str().unwrap()], None);
    assert_eq!((out.code, out.stdout.as_str()), (0, expected));
    // A closed tour, checked as closed.
    let closed = solve(&["--size", "6", "--closed", "--format", "list"]).stdout;
    let out = check(&["--size", "6", "--closed"], &closed);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "valid closed tour of 6x6 from 0,0\n");
}

#[test]
fn check_exits_1_naming_the_first_violation_of_an_invalid_tour() {
    let path = open_tour();
    let chess = board(8, 8);
    let n = path.len();
    // Two lines exchanged: the step into the first of them is not a knight move.
    let mut swapped = path.clone();
    swapped.swap(1, 2);
    // The last square replaced by the one two steps back (a knight move from the one before
    // it): visited twice.
    let mut revisit = path.clone();
    revisit[n - 1] = path[n - 3];
    let again = path[n - 3].to_string();
    let (first, last) = (path[0], path[n - 1]);
    let last_text = last.to_string();
    assert!(
        !first.is_knight_move_to(last),
        "the solver's 8x8 open tour happens to be closed; pick another for this test"
    );
    let mut off = list_text(&path[..n - 1]);
    off.push_str("8 0\n");
    let mut duplicate_number = grid_text(chess, &path);
    duplicate_number = duplicate_number.replacen("64", "63", 1);
    let mut too_big = grid_text(chess, &path);
    too_big = too_big.replacen("64", "65", 1);
    let mut grid_swapped = path.clone();
    grid_swapped.swap(10, 11);

    let cases: Vec<(&[&str], String, Vec<&str>)> = vec![
        (&[], list_text(&swapped), vec!["not a knight move", "0,0"]),
        (
            &[],
            grid_text(chess, &grid_swapped),
            vec!["not a knight move"],
        ),
        (&[], list_text(&revisit), vec!["visited twice", &again]),
        (&[], duplicate_number, vec!["63", "twice"]),
        (&[], too_big, vec!["65"]),
        (&[], list_text(&path[..n - 1]), vec!["63 of the 64"]),
        (&["--size", "10"], list_text(&path), vec!["64 of the 100"]),
        (&[], off, vec!["8,0", "off the 8x8 board"]),
        (
            &["--closed"],
            list_text(&path),
            vec!["not closed", &last_text],
        ),
        (&["--closed"], grid_text(chess, &path), vec!["not closed"]),
        (&["--start", "1,1"], list_text(&path), vec!["1,1", "start"]),
        (
            &["--start", "b7"],
            grid_text(chess, &path),
            vec!["1,1", "start"],
        ),
        (&["--size", "9x8"], grid_text(chess, &path), vec!["9x8"]),
    ];
    for (args, text, needles) in cases {
        let out = check(args, &text);
        let line = assert_fails(&out, 1, &needles, &format!("check {args:?}"));
        assert!(line.contains("invalid tour"), "{line}");
    }
}

#[test]
fn check_exits_2_on_input_that_is_not_a_tour_text() {
    let cases: &[(&[&str], &[u8], &[&str])] = &[
        (&[], b"", &["empty"]),
        (&[], b"\n  \n\n", &["empty"]),
        (&[], b"hello world\n", &["'hello'"]),
        (&[], b"1 2 3\n4 5\n", &["line 2"]),
        (
            &["--format", "list"],
            b"0 0\n1 2 3\n",
            &["line 2", "'1 2 3'"],
        ),
        (&[], b"0 0\n1 x\n", &["'x'"]),
        (&[], b"1 2 -3\n", &["'-3'"]),
        (&["--format", "grid"], b"+1 2\n", &["'+1'"]),
        (&[], b"\xff\xfe 1\n", &["line 1", "not text", r"\xff"]),
        // A message that happens to mention a broken pipe is still an error.
        (
            &[],
            b"0 0\nBroken pipe here\n",
            &["line 2", "'Broken pipe here'"],
        ),
        (&["--start", "9,9"], b"0 0\n", &["'9,9'"]),
        (&["--start", "q"], b"0 0\n", &["'q'"]),
        (&["--size", "0"], b"0 0\n", &["'0'"]),
        (&["--bogus"], b"0 0\n", &["--bogus"]),
    ];
    for &(args, input, needles) in cases {
        let out = run(&[&["check"], args].concat(), Some(input));
        assert_fails(&out, 2, needles, &format!("check {args:?} <<< {input:?}"));
    }
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-tour.txt");
    let missing = missing.to_str().unwrap();
    assert_fails(
        &run(&["check", missing], None),
        2,
        &[missing],
        "missing file",
    );
}
