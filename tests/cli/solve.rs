//! `solve`: every output format and method parsed and validated, the exit statuses of a proof,
//! a budget and bad input with their one-line messages, round trips through `check`, the same
//! bytes every run, and a closed pipe.

use super::*;

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

/// Every method answers a request the theorems refuse with the theorem, as `starts` marks it
/// `-`: the greedy pass alone used to give up (exit 3) on an inner line of 3x4.
#[test]
fn every_method_answers_a_refused_start_with_the_theorem() {
    let refused: &[&[&str]] = &[
        &["--size", "3x4", "--start", "0,1"],
        &["--size", "5", "--start", "0,1"],
        &["--size", "4x6", "--closed"],
    ];
    for &args in refused {
        for method in ["auto", "construct", "warnsdorff", "backtrack", "naive"] {
            let out = solve(&[args, &["--method", method]].concat());
            assert_fails(&out, 1, &["no tour"], &format!("{args:?} {method}"));
        }
    }
    let starts = run(&["starts", "--size", "3x4", "--method", "warnsdorff"], None);
    let row: Vec<&str> = starts
        .stdout
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(row[1], "-", "{}", starts.stdout);
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

#[test]
fn a_deadline_too_far_to_represent_is_no_deadline() {
    for deadline in ["18446744073709551615s", "9999999999999d"] {
        let out = solve(&["--size", "5", "--start", "2,2", "--deadline", deadline]);
        assert_eq!(out.code, 0, "--deadline {deadline}: {}", out.stderr);
        let (grid_board, path) = parse_grid(&out.stdout, true);
        assert_tour(grid_board, &path, false, Square::new(2, 2), deadline);
        let count = run(&["count", "--size", "5", "--deadline", deadline], None);
        assert_eq!(
            (count.code, count.stdout.as_str()),
            (0, "1728\n"),
            "{deadline}"
        );
    }
}

#[test]
#[cfg(unix)]
fn a_full_standard_error_keeps_the_exit_status() {
    use std::process::{Command, Stdio};
    let cases: &[(&[&str], i32)] = &[
        (&["solve", "--size", "3x4", "--start", "1,1"], 1),
        (&["solve", "--size", "0"], 2),
        (
            &[
                "solve",
                "--size",
                "8",
                "--method",
                "naive",
                "--node-budget",
                "10",
            ],
            3,
        ),
        (&["solve", "--size", "6", "--stats"], 0),
        (&["--no-such-option"], 2),
    ];
    for &(args, code) in cases {
        let full = std::fs::File::create("/dev/full").unwrap();
        let status = Command::new(assert_cmd::cargo::cargo_bin("knights-tour"))
            .args(args)
            .stdout(Stdio::null())
            .stderr(full)
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(code), "{args:?} with 2>/dev/full");
    }
}
