//! The command line as a scripting user sees it (the contract in README.md and `--help`): the exit
//! statuses `0` tour / valid, `1` no tour / invalid tour, `2` bad usage or input, `3` budget or
//! deadline ran out, for every subcommand; one-line messages on standard error that name the bad
//! value; the output formats of `solve` and `cses`, each parsed here and passed through the
//! library's strict validator (never compared with a stored tour); round trips through `check`;
//! and byte-identical output from run to run.

use std::path::PathBuf;

use assert_cmd::Command;
use knights_tour::engine::board::{Board, Square};
use knights_tour::engine::tour::validate;
use predicates::prelude::*;
use serde_json::Value;

fn knights_tour() -> Command {
    Command::cargo_bin("knights-tour").unwrap()
}

/// What one run gave.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut command = knights_tour();
    command.args(args);
    if let Some(input) = stdin {
        command.write_stdin(input.to_vec());
    }
    let output = command.output().unwrap();
    Run {
        code: output
            .status
            .code()
            .unwrap_or_else(|| panic!("{args:?} ended by a signal")),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn solve(args: &[&str]) -> Run {
    run(&[&["solve"], args].concat(), None)
}

/// The single line of `text` (ending in a newline), without the newline.
fn one_line<'a>(text: &'a str, what: &str) -> &'a str {
    let line = text
        .strip_suffix('\n')
        .unwrap_or_else(|| panic!("{what}: expected one line ending in a newline, got {text:?}"));
    assert!(
        !line.contains('\n'),
        "{what}: expected one line, got {text:?}"
    );
    line
}

/// A failed run: `code`, nothing on standard output, and one line on standard error that
/// contains every one of `needles`; the line is returned.
fn assert_fails(run: &Run, code: i32, needles: &[&str], what: &str) -> String {
    assert_eq!(run.code, code, "{what}: status; stderr {:?}", run.stderr);
    assert_eq!(run.stdout, "", "{what}: standard output should be empty");
    let line = one_line(&run.stderr, what);
    assert!(line.starts_with("knights-tour: "), "{what}: {line}");
    for needle in needles {
        assert!(
            line.contains(needle),
            "{what}: {line:?} should name {needle:?}"
        );
    }
    line.to_string()
}

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

/// Reads a grid of visit numbers `1..=rows·cols` into its board and its squares in visit order,
/// failing the test on anything that is not such a grid. With `aligned`, every number is
/// right-aligned to the width of the largest.
fn parse_grid(text: &str, aligned: bool) -> (Board, Vec<Square>) {
    let rows: Vec<Vec<u64>> = text
        .lines()
        .map(|line| {
            line.split(' ')
                .filter(|token| !token.is_empty())
                .map(|token| {
                    token
                        .parse()
                        .unwrap_or_else(|_| panic!("{token:?} in {line:?}"))
                })
                .collect()
        })
        .collect();
    let cols = rows[0].len();
    assert!(
        rows.iter().all(|row| row.len() == cols),
        "ragged grid:\n{text}"
    );
    let board = board(rows.len() as u64, cols as u64);
    let area = board.area();
    if aligned {
        let width = area.to_string().len();
        for line in text.lines() {
            assert_eq!(line.len(), cols * (width + 1) - 1, "not aligned: {line:?}");
        }
    } else {
        assert!(
            text.lines()
                .all(|line| !line.starts_with(' ') && !line.contains("  ")),
            "expected one space between numbers:\n{text}"
        );
    }
    let mut path = vec![None; area as usize];
    for (row, numbers) in rows.iter().enumerate() {
        for (col, &number) in numbers.iter().enumerate() {
            assert!((1..=area).contains(&number), "{number} out of 1..={area}");
            let slot = &mut path[number as usize - 1];
            assert!(slot.is_none(), "{number} appears twice");
            *slot = Some(Square::new(row as u32, col as u32));
        }
    }
    (board, path.into_iter().map(Option::unwrap).collect())
}

/// Reads `r c` lines.
fn parse_list(text: &str) -> Vec<Square> {
    text.lines()
        .map(|line| {
            let numbers: Vec<u32> = line.split(' ').map(|n| n.parse().unwrap()).collect();
            assert_eq!(numbers.len(), 2, "{line:?}");
            Square::new(numbers[0], numbers[1])
        })
        .collect()
}

/// Writes squares as `r c` lines.
fn list_text(path: &[Square]) -> String {
    path.iter()
        .map(|square| format!("{} {}\n", square.row, square.col))
        .collect()
}

fn assert_tour(board: Board, path: &[Square], closed: bool, start: Square, what: &str) {
    if let Err(error) = validate(board, path.iter().copied(), closed, Some(start)) {
        panic!("{what}: not a valid tour: {error}");
    }
}

/// A scratch file under Cargo's temporary directory for integration tests.
fn scratch_file(name: &str, contents: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cli-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

// ---------------------------------------------------------------------------------------------
// solve

/// Arguments of `solve`, and the board (rows, columns), start (row, column) and closedness of the
/// tour they ask for.
type TourCase = (&'static [&'static str], (u64, u64), (u32, u32), bool);

/// Requests of tours that exist.
const TOURS: &[TourCase] = &[
    (&[], (8, 8), (0, 0), false),
    (&["--size", "5", "--start", "2,2"], (5, 5), (2, 2), false),
    (&["--size", "6", "--closed"], (6, 6), (0, 0), true),
    (
        &["--size", "12x7", "--start", "a1"],
        (12, 7),
        (11, 0),
        false,
    ),
    (&["--size", "3x4", "--start", "0,0"], (3, 4), (0, 0), false),
    (&["--size", "1"], (1, 1), (0, 0), false),
    (
        &["--size", "30x31", "--start", "29,30", "--closed"],
        (30, 31),
        (29, 30),
        true,
    ),
];

/// `path` is a valid tour of the board, start and closedness `case` asks for.
fn assert_case_tour(&(args, (rows, cols), (row, col), closed): &TourCase, path: &[Square]) {
    let what = format!("{args:?}");
    assert_tour(
        board(rows, cols),
        path,
        closed,
        Square::new(row, col),
        &what,
    );
}

#[test]
fn solve_prints_a_valid_tour_as_a_grid_and_exits_0() {
    for case @ &(args, (rows, cols), _, _) in TOURS {
        let out = solve(&[args, &["--format", "grid"]].concat());
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        assert_eq!(out.stderr, "", "{args:?}");
        let (grid_board, path) = parse_grid(&out.stdout, true);
        assert_eq!(grid_board, board(rows, cols), "{args:?}");
        assert_case_tour(case, &path);
    }
    // The default format is the grid.
    assert_eq!(solve(&[]).stdout, solve(&["--format", "grid"]).stdout);
}

#[test]
fn solve_prints_a_valid_tour_as_a_list_and_exits_0() {
    for case @ &(args, ..) in TOURS {
        let out = solve(&[args, &["--format", "list"]].concat());
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        assert_eq!(out.stderr, "", "{args:?}");
        assert_case_tour(case, &parse_list(&out.stdout));
    }
}

#[test]
fn solve_prints_a_valid_tour_as_json_and_exits_0() {
    for case @ &(args, (rows, cols), (row, col), closed) in TOURS {
        let out = solve(&[args, &["--format", "json"]].concat());
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        one_line(&out.stdout, "json is one line");
        let json: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(json["rows"], rows, "{json}");
        assert_eq!(json["cols"], cols, "{json}");
        assert_eq!(json["closed"], closed, "{json}");
        assert_eq!(json["start"], serde_json::json!([row, col]), "{json}");
        assert_eq!(json["outcome"], "tour", "{json}");
        assert!(json["layer"].is_string(), "{json}");
        assert!(json.get("reason").is_none(), "{json}");
        for field in ["nodes", "backtracks", "max_depth", "elapsed_ms"] {
            assert!(json["stats"][field].is_number(), "stats.{field}: {json}");
        }
        let path: Vec<Square> = json["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| {
                let pair = pair.as_array().unwrap();
                assert_eq!(pair.len(), 2, "{json}");
                let at = |i: usize| pair[i].as_u64().unwrap() as u32;
                Square::new(at(0), at(1))
            })
            .collect();
        assert_case_tour(case, &path);
    }
}

#[test]
fn solve_exits_1_with_a_one_line_reason_when_no_tour_exists() {
    let cases: &[&[&str]] = &[
        &["--size", "3x4", "--start", "1,1"],
        &["--size", "5", "--start", "0,1"],
        &["--size", "2x5"],
        &["--size", "3x8", "--start", "1,2"],
        &["--size", "1", "--closed"],
        &["--size", "3x3"],
        &["--size", "4", "--closed"],
        &["--size", "5", "--closed"],
    ];
    for &args in cases {
        for format in ["grid", "list"] {
            let out = solve(&[args, &["--format", format]].concat());
            assert_fails(&out, 1, &["no tour"], &format!("{args:?} {format}"));
        }
    }
}

#[test]
fn solve_exits_2_with_one_line_naming_the_bad_value() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["--size", "0"], &["'0'", "--size"]),
        (&["--size", "8x0"], &["'8x0'"]),
        (&["--size", "abc"], &["'abc'"]),
        (&["--size", "-3"], &["'-3'"]),
        (&["--size", "100000x100000"], &["'100000x100000'"]),
        (&["--start", "9,9"], &["'9,9'", "8x8"]),
        (&["--start", "z9"], &["'z9'"]),
        (&["--start", "A1"], &["'A1'"]),
        (&["--size", "5x30", "--start", "a1"], &["'a1'", "26"]),
        (&["--deadline", "xyz"], &["'xyz'", "--deadline"]),
        (&["--node-budget", "0"], &["'0'", "--node-budget"]),
        (&["--node-budget", "lots"], &["'lots'"]),
        (&["--method", "magic"], &["'magic'"]),
        (&["--format", "xml"], &["'xml'"]),
        (&["--frobnicate"], &["--frobnicate"]),
        // A line break typed inside a value is shown, not printed: the message stays one line.
        (&["--start", "9\n,9"], &["'9\\n,9'"]),
        (&["--size", "8\nx"], &["'8\\nx'", "ROWSxCOLS"]),
    ];
    for &(args, needles) in cases {
        assert_fails(&solve(args), 2, needles, &format!("{args:?}"));
    }
    let out = run(&["frobnicate"], None);
    assert_fails(&out, 2, &["frobnicate"], "unknown subcommand");
}

#[test]
fn solve_exits_3_when_the_budget_or_deadline_runs_out() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--size", "8", "--method", "naive", "--node-budget", "1000"],
            "1000",
        ),
        (&["--method", "naive", "--deadline", "10ms"], "10ms"),
    ];
    for &(args, needle) in cases {
        assert_fails(&solve(args), 3, &["gave up", needle], &format!("{args:?}"));
    }
}

#[test]
fn solve_json_reports_no_tour_and_budget_exceeded_with_a_reason() {
    let cases: &[(&[&str], i32, &str)] = &[
        (&["--size", "3x4", "--start", "1,1"], 1, "no_tour"),
        (&["--size", "1", "--closed"], 1, "no_tour"),
        (
            &["--method", "naive", "--node-budget", "1000"],
            3,
            "budget_exceeded",
        ),
    ];
    for &(args, code, outcome) in cases {
        let out = solve(&[args, &["--format", "json"]].concat());
        assert_eq!(out.code, code, "{args:?}: {}", out.stderr);
        let json: Value = serde_json::from_str(&out.stdout).unwrap();
        for field in ["rows", "cols", "closed", "start", "layer", "stats"] {
            assert!(json.get(field).is_some(), "{field} missing: {json}");
        }
        assert_eq!(json["outcome"], outcome, "{json}");
        assert!(
            json["reason"].as_str().is_some_and(|r| !r.is_empty()),
            "{json}"
        );
        assert!(json.get("path").is_none(), "{json}");
    }
}

#[test]
fn every_method_prints_a_valid_tour() {
    let cases: &[(&[&str], (u64, u64))] = &[
        (&["--method", "auto"], (8, 8)),
        (&["--method", "warnsdorff"], (8, 8)),
        (&["--method", "backtrack"], (8, 8)),
        (&["--method", "naive", "--size", "5"], (5, 5)),
        (&["--method", "construct"], (8, 8)),
        (&["--method", "construct", "--size", "20x23"], (20, 23)),
        (
            &["--method", "construct", "--size", "20", "--closed"],
            (20, 20),
        ),
    ];
    for &(args, (rows, cols)) in cases {
        let out = solve(&[args, &["--format", "list"]].concat());
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        let closed = args.contains(&"--closed");
        let path = parse_list(&out.stdout);
        let what = format!("{args:?}");
        assert_tour(board(rows, cols), &path, closed, Square::new(0, 0), &what);
    }
}

#[test]
fn solve_output_round_trips_through_check() {
    let cases: &[(&[&str], &[&str])] = &[
        (&[], &[]),
        (&["--start", "3,5"], &["--start", "3,5"]),
        (&["--size", "6", "--closed"], &["--size", "6", "--closed"]),
        (
            &["--size", "12x7", "--start", "b2"],
            &["--size", "12x7", "--start", "b2"],
        ),
        (
            &["--size", "41x40", "--closed"],
            &["--size", "41x40", "--closed"],
        ),
    ];
    for &(solve_args, check_args) in cases {
        for format in ["grid", "list"] {
            let tour = solve(&[solve_args, &["--format", format]].concat());
            assert_eq!(tour.code, 0, "{solve_args:?}: {}", tour.stderr);
            knights_tour()
                .arg("check")
                .args(check_args)
                .write_stdin(tour.stdout)
                .assert()
                .code(0)
                .stdout(predicate::str::is_match("^valid (open|closed) tour of .*\n$").unwrap())
                .stderr("");
        }
    }
}

#[test]
fn solve_prints_the_same_bytes_every_run() {
    let cases: &[&[&str]] = &[
        &["--size", "8"],
        &["--size", "8", "--closed", "--format", "list"],
        &["--size", "12x7", "--start", "5,3"],
        &["--size", "10", "--closed"],
        &["--size", "7", "--method", "backtrack", "--start", "2,4"],
        &["--size", "40", "--format", "list"],
        &["--size", "40", "--closed"],
    ];
    for &args in cases {
        let first = solve(args);
        assert_eq!(first.code, 0, "{args:?}: {}", first.stderr);
        assert!(!first.stdout.is_empty());
        assert_eq!(
            first.stdout,
            solve(args).stdout,
            "{args:?} changed between runs"
        );
    }
}

#[test]
fn a_closed_pipe_ends_solve_quietly_with_status_0() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("knights-tour"))
        .args(["solve", "--size", "1000", "--format", "list"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // The read end is dropped here, like `| head -c 16`.
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

// ---------------------------------------------------------------------------------------------
// check

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
        (&[], b"\xff\xfe 1\n", &["read"]),
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

// ---------------------------------------------------------------------------------------------
// count

#[test]
fn count_prints_the_number_alone() {
    for (args, total) in [
        (&["--size", "5x5"][..], "1728\n"),
        (&["--size", "5"], "1728\n"),
        (&["--size", "3x4"], "16\n"),
        (&["--size", "4x3"], "16\n"),
        (&["--size", "5x6", "--closed"], "8\n"),
        (&["--size", "5x6", "--closed", "--start", "2,3"], "8\n"),
        (&["--size", "1"], "1\n"),
        (&["--size", "2x2"], "0\n"),
    ] {
        let out = run(&[&["count"], args].concat(), None);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        assert_eq!(out.stdout, total, "{args:?}");
        assert_eq!(out.stderr, "", "{args:?}");
    }
    // Counting from one start sums to the whole.
    let from = |start: &str| {
        let out = run(&["count", "--size", "3x4", "--start", start], None);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout.trim().parse::<u64>().unwrap()
    };
    let total: u64 = (0..3)
        .flat_map(|r| (0..4).map(move |c| format!("{r},{c}")))
        .map(|start| from(&start))
        .sum();
    assert_eq!(total, 16);
}

#[test]
fn count_exits_2_on_boards_too_large_or_bad_input() {
    let cases: &[(&[&str], &[&str])] = &[
        (&[], &["8x8", "40"]),
        (&["--size", "7x6"], &["7x6", "40"]),
        (&["--size", "3x4", "--start", "9,9"], &["'9,9'"]),
        (&["--size", "x"], &["'x'"]),
        (&["--deadline", "soon"], &["'soon'"]),
    ];
    for &(args, needles) in cases {
        let out = run(&[&["count"], args].concat(), None);
        assert_fails(&out, 2, needles, &format!("count {args:?}"));
    }
}

#[test]
fn count_exits_3_when_the_deadline_passes() {
    let out = run(&["count", "--size", "6", "--deadline", "10ms"], None);
    assert_fails(&out, 3, &["gave up", "deadline"], "count 6x6 in 10ms");
}

// ---------------------------------------------------------------------------------------------
// cses

#[test]
fn cses_prints_a_valid_unpadded_8x8_grid_with_1_at_column_x_row_y() {
    for (x, y) in [(4, 4), (1, 1), (8, 3), (2, 7), (8, 8)] {
        let input = format!("{x} {y}\n");
        let out = run(&["cses"], Some(input.as_bytes()));
        assert_eq!(out.code, 0, "{input:?}: {}", out.stderr);
        assert_eq!(out.stderr, "");
        let (grid_board, path) = parse_grid(&out.stdout, false);
        assert_eq!(grid_board, board(8, 8));
        let start = Square::new(y - 1, x - 1);
        let first_row_of_y = out.stdout.lines().nth(y as usize - 1).unwrap();
        assert_eq!(first_row_of_y.split(' ').nth(x as usize - 1), Some("1"));
        assert_tour(grid_board, &path, false, start, &input);
    }
}

#[test]
fn cses_exits_2_on_bad_input() {
    for input in [
        "9 1\n", "0 5\n", "", "\n", "1\n", "1 2 3\n", "a b\n", "-1 2\n",
    ] {
        let out = run(&["cses"], Some(input.as_bytes()));
        assert_fails(&out, 2, &["cses", "x y"], &format!("cses <<< {input:?}"));
    }
}

// ---------------------------------------------------------------------------------------------
// help

#[test]
fn help_and_version_exit_0() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["help"],
        &["solve", "--help"],
        &["check", "--help"],
        &["count", "--help"],
        &["cses", "--help"],
        &["help", "solve"],
    ] {
        knights_tour()
            .args(args)
            .assert()
            .code(0)
            .stdout(predicate::str::contains("Usage: knights-tour"));
    }
    knights_tour().arg("solve").arg("--help").assert().stdout(
        predicate::str::contains("--node-budget").and(predicate::str::contains("--format")),
    );
    knights_tour()
        .arg("--version")
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("knights-tour "));
}
