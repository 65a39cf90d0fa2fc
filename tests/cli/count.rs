//! `count`: the number alone on a line or one JSON object, the methods, the limits (deadline,
//! memory cap); the `cses` adapter's grid and its bad input. (A count over a cluster of
//! processes: `cluster.rs`.)

use super::*;

/// Runs `count` with `args` and `env` set.
fn count(args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut command = knights_tour();
    command.arg("count").args(args);
    for (name, value) in env {
        command.env(name, value);
    }
    finished(args, command.output().unwrap())
}

/// The one JSON object of a successful run.
fn json_of(run: &Run, what: &str) -> serde_json::Map<String, Value> {
    assert_eq!(run.code, 0, "{what}: {}", run.stderr);
    let line = one_line(&run.stdout, what);
    match serde_json::from_str(line) {
        Ok(Value::Object(object)) => object,
        other => panic!("{what}: not one JSON object: {other:?} from {line:?}"),
    }
}

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
        (&["--method", "enumeration"], &["8x8", "40"]),
        (
            &["--size", "7x6", "--method", "enumeration"],
            &["7x6", "40"],
        ),
        (&["--size", "13"], &["13x13", "frontier"]),
        (&["--size", "3x4", "--start", "9,9"], &["'9,9'"]),
        (&["--size", "x"], &["'x'"]),
        (&["--deadline", "soon"], &["'soon'"]),
        (&["--method", "dp"], &["'dp'"]),
        (&["--threads", "0"], &["'0'", "--threads"]),
        (&["--format", "csv"], &["'csv'"]),
    ];
    for &(args, needles) in cases {
        let out = count(args, &[]);
        assert_fails(&out, 2, needles, &format!("count {args:?}"));
    }
}

#[test]
fn count_exits_3_when_the_deadline_passes() {
    let out = count(&["--size", "6", "--deadline", "10ms"], &[]);
    assert_fails(&out, 3, &["gave up", "deadline"], "count 6x6 in 10ms");
}

#[test]
fn a_long_count_honours_its_deadline_saying_how_far_it_got() {
    // 6x12's open tours take minutes; no floor refuses them first (the floors start at 7 wide).
    let out = count(&["--size", "6x12", "--deadline", "1ms"], &[]);
    let line = assert_fails(
        &out,
        3,
        &["gave up", "deadline", " of 72 squares"],
        "6x12 in 1ms",
    );
    assert!(line.contains("states in the frontier"), "{line}");
}

/// Issue 44: `count` alone asks for 8x8's open tours, which need a cluster; it grew to 17 GB
/// before it refused. Its floor (several times 8x8 closed's 460 million states) is past any
/// cap of 18 GB, and from one start past 3.7 GB: refused at once, with the cap's origin and
/// the cluster count named. (The deadline only keeps a count that was not refused from
/// running for hours.)
#[test]
fn count_refuses_at_once_a_count_whose_floor_is_past_the_memory_cap() {
    for args in [
        &["--deadline", "60s", "--no-spill"][..],
        &["--start", "0,0", "--deadline", "60s", "--no-spill"],
    ] {
        let out = count(args, &[("KNIGHTS_TOUR_MEMORY", "1G")]);
        assert_fails(
            &out,
            2,
            &[
                "8x8 open tours",
                "states",
                "memory cap",
                "three quarters of",
                "--cluster",
            ],
            &format!("count {args:?} within 1G"),
        );
    }
}

/// Issue 44: boards the frontier count cannot take but a theorem settles are 0 at once,
/// with the theorem in the JSON; the count by enumeration agrees.
#[test]
fn count_answers_0_by_the_theorem_that_settles_it() {
    for (args, reason) in [
        (
            &["--size", "20x20", "--piece", "camel"][..],
            "1 + 3 is even",
        ),
        (
            &["--size", "5x6", "--piece", "2,5", "--start", "4,1"],
            "cannot reach every square",
        ),
        (&["--size", "15x15", "--closed"], "both sides are odd"),
        (&["--size", "4x5", "--start", "1,1"], "inner line"),
    ] {
        let text = count(args, &[]);
        assert_eq!(
            (text.code, text.stdout.as_str(), text.stderr.as_str()),
            (0, "0\n", ""),
            "{args:?}"
        );
        let json = json_of(
            &count(&[args, &["--format", "json"]].concat(), &[]),
            &format!("{args:?}"),
        );
        assert_eq!(json["method"], "theorem", "{args:?}");
        assert_eq!(json["count"], 0, "{args:?}");
        let said = json["reason"].as_str().unwrap();
        assert!(said.contains(reason), "{args:?}: {said}");
    }
    let enumerated = count(
        &[
            "--size",
            "5x6",
            "--piece",
            "2,5",
            "--start",
            "4,1",
            "--method",
            "enumeration",
        ],
        &[],
    );
    assert_eq!((enumerated.code, enumerated.stdout.as_str()), (0, "0\n"));
}

#[test]
fn count_refuses_a_count_past_the_memory_cap_rather_than_be_killed() {
    let mut command = knights_tour();
    command
        .args(["count", "--size", "6", "--no-spill"])
        .env("KNIGHTS_TOUR_MEMORY", "1M");
    let out = finished(&["count", "--size", "6"], command.output().unwrap());
    let line = assert_fails(&out, 2, &["memory cap", " of 36 squares"], "6x6 in 1M");
    assert!(line.contains("states in the frontier"), "{line}");
}

#[test]
fn count_prints_nothing_on_standard_error_when_it_is_not_a_terminal() {
    // The frontier count reports every square; without a terminal no bar is drawn.
    let out = count(&["--size", "5x6", "--method", "frontier"], &[]);
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (0, "37568\n"),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr, "");
}

#[test]
fn count_methods_and_threads_agree_and_the_json_says_which_method_counted() {
    for (method, threads) in [("enumeration", "1"), ("frontier", "1"), ("frontier", "3")] {
        let what = format!("5x5 by {method} on {threads} threads");
        let args = ["--size", "5", "--method", method, "--threads", threads];
        let object = json_of(
            &count(&[&args[..], &["--format", "json"]].concat(), &[]),
            &what,
        );
        assert_eq!(object["method"], method, "{what}");
        assert_eq!(object["count"], 1728, "{what}");
    }
}

#[test]
fn count_json_is_one_object_with_the_board_the_kind_the_method_and_the_count() {
    let object = json_of(&count(&["--size", "5x6", "--format", "json"], &[]), "5x6");
    let expected = [
        ("board", Value::from("5x6")),
        ("rows", 5.into()),
        ("cols", 6.into()),
        ("kind", "open".into()),
        ("method", "frontier".into()),
        ("count", 37568.into()),
    ];
    for (field, value) in &expected {
        assert_eq!(&object[*field], value, "{field}");
    }
    assert!(object["peak_states"].as_u64().unwrap() > 0);
    for absent in ["start", "end", "processes"] {
        assert!(!object.contains_key(absent), "{absent} in a whole count");
    }
    // 5x5 from a corner to the opposite one; 6x5's closed tours.
    let between = count(
        &[
            "--size", "5", "--start", "a1", "--end", "4,4", "--format", "json",
        ],
        &[],
    );
    let object = json_of(&between, "5x5 a1 to 4,4");
    assert_eq!(object["start"], serde_json::json!([4, 0]));
    assert_eq!(object["end"], serde_json::json!([4, 4]));
    let closed = json_of(
        &count(&["--size", "6x5", "--closed", "--format", "json"], &[]),
        "6x5 closed",
    );
    assert_eq!(
        (&closed["kind"], &closed["count"]),
        (&"closed".into(), &8.into())
    );
}

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

#[test]
fn count_draws_its_progress_on_a_terminal_and_clears_it() {
    use portable_pty::{CommandBuilder, PtySize, native_pty_system};
    use std::io::Read;
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 160,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_knights-tour"));
    command.args(["count", "--size", "5x6", "--threads", "1"]);
    let mut child = pair.slave.spawn_command(command).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let collected = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = reader.read_to_end(&mut text);
        text
    });
    let status = child.wait().unwrap();
    drop(pair.master);
    let text = String::from_utf8(collected.join().unwrap()).unwrap();
    assert_eq!(status.exit_code(), 0, "{text}");
    // The bar: the board, the square under way of 30, the frontier's states and the memory
    // they hold; then the count alone.
    assert!(text.contains("5x6 open ["), "{text:?}");
    assert!(text.contains(" of 30, "), "{text:?}");
    assert!(text.contains(" states, "), "{text:?}");
    // The bar's line is cleared before the count is printed.
    let after_bar = &text[text.rfind(" MB, ").unwrap()..];
    assert!(after_bar.ends_with("\x1b[2K37568\r\n"), "{text:?}");
}
