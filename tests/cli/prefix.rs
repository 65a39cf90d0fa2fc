//! Completing a partial tour through the command line: `solve --prefix FILE|-` (a list, or
//! the JSON of `solve` cut short) gives a whole
//! tour that begins with the given path (validated here, its first squares compared with the
//! file's), a proof that none exists (exit 1, with the reason), or gave up (exit 3); a file
//! that is not a knight's path on the board, that disagrees with `--start`, or whose JSON
//! fields disagree with its path, is exit 2 naming the line. Works with `--end` and `--closed`; `check --end` checks a tour's last
//! square.

use super::*;

/// The first `length` squares of a tour `solve` finds on `size` from `start`.
fn tour_prefix(size: &str, start: &str, length: usize) -> Vec<Square> {
    let out = solve(&["--size", size, "--start", start, "--format", "list"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut path = parse_list(&out.stdout);
    path.truncate(length);
    path
}

/// Solves with the prefix `path` written to a file; the run and the tour it printed.
fn complete(name: &str, path: &[Square], extra: &[&str]) -> (Run, Vec<Square>) {
    let file = scratch_file(name, list_text(path).as_bytes());
    let file = file.to_str().unwrap();
    let args = [&["--prefix", file, "--format", "list"], extra].concat();
    let out = solve(&args);
    let tour = parse_list(&out.stdout);
    (out, tour)
}

#[test]
fn a_prefix_is_completed_to_a_validated_tour_that_begins_with_it() {
    for (size, sides, start, length) in [
        ("5", (5, 5), "0,0", 6),
        ("8", (8, 8), "3,4", 20),
        ("6x7", (6, 7), "0,0", 1),
        ("30", (30, 30), "0,0", 100),
    ] {
        let prefix = tour_prefix(size, start, length);
        let (out, tour) = complete("prefix-complete.txt", &prefix, &["--size", size]);
        assert_eq!(out.code, 0, "{size} {start}: {}", out.stderr);
        assert_tour(board(sides.0, sides.1), &tour, false, prefix[0], size);
        assert_eq!(
            &tour[..prefix.len()],
            &prefix[..],
            "{size}: the prefix is kept"
        );
    }
}

#[test]
fn a_prefix_from_standard_input_is_read_with_a_dash() {
    let prefix = tour_prefix("6", "0,0", 10);
    let out = run(
        &["solve", "--size", "6", "--prefix", "-", "--format", "list"],
        Some(list_text(&prefix).as_bytes()),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let tour = parse_list(&out.stdout);
    assert_tour(board(6, 6), &tour, false, prefix[0], "stdin");
    assert_eq!(&tour[..prefix.len()], &prefix[..]);
}

#[test]
fn a_prefix_works_with_an_end_and_with_a_closed_tour() {
    let prefix = [Square::new(0, 0), Square::new(1, 2), Square::new(0, 4)];
    // 6x6: 36 squares, so the ends differ in colour: 0,0 and 5,0 do.
    let (out, tour) = complete("prefix-end.txt", &prefix, &["--size", "6", "--end", "5,0"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_tour(board(6, 6), &tour, false, prefix[0], "end");
    assert_eq!(&tour[..3], &prefix[..]);
    assert_eq!(tour.last(), Some(&Square::new(5, 0)));

    let (out, tour) = complete("prefix-closed.txt", &prefix, &["--size", "6", "--closed"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_tour(board(6, 6), &tour, true, prefix[0], "closed");
    assert_eq!(&tour[..3], &prefix[..]);
}

#[test]
fn a_prefix_that_cuts_off_a_corner_is_proved_dead() {
    // The corner 0,0 of 5x5 has two neighbours, 1,2 and 2,1: once both are on the path and
    // the knight stands on neither, no move reaches the corner again. (The path starts on
    // the majority colour, where tours of 5x5 start.)
    let prefix: Vec<Square> = [(1, 3), (2, 1), (0, 2), (1, 4), (3, 3), (1, 2), (2, 0)]
        .map(|(row, col)| Square::new(row, col))
        .to_vec();
    let (out, _) = complete("prefix-dead.txt", &prefix, &["--size", "5"]);
    assert_fails(&out, 1, &["no tour", "can no longer be reached"], "dead");
    assert!(out.stdout.is_empty(), "{}", out.stdout);

    // In JSON the outcome is no_tour with the reason.
    let file = scratch_file("prefix-dead.json.txt", list_text(&prefix).as_bytes());
    let out = solve(&[
        "--size",
        "5",
        "--prefix",
        file.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let value: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(value["outcome"], "no_tour");
    assert!(
        value["reason"]
            .as_str()
            .unwrap()
            .contains("can no longer be reached"),
        "{value}"
    );
}

#[test]
fn a_prefix_on_a_large_board_gives_up_within_a_tiny_budget() {
    let prefix = [Square::new(0, 0), Square::new(2, 1)];
    let (out, _) = complete(
        "prefix-budget.txt",
        &prefix,
        &["--size", "300", "--method", "naive", "--node-budget", "10"],
    );
    assert_fails(&out, 3, &["gave up"], "budget");
}

#[test]
fn a_prefix_that_is_not_a_knights_path_is_bad_input_naming_the_line() {
    let cases: [(&str, &[u8], &[&str]); 4] = [
        ("a step", b"0 0\n1 2\n2 2\n", &["line 3"]),
        ("a revisit", b"0 0\n1 2\n0 0\n", &["line 3"]),
        ("off the board", b"0 0\n1 2\n9 9\n", &["line 3", "9"]),
        ("not a square", b"0 0\nzebra\n", &["line 2", "zebra"]),
    ];
    for (what, text, needles) in cases {
        let file = scratch_file("prefix-bad.txt", text);
        let out = solve(&["--size", "5", "--prefix", file.to_str().unwrap()]);
        assert_fails(&out, 2, needles, what);
        assert!(out.stdout.is_empty(), "{what}: {}", out.stdout);
    }
    let out = solve(&["--size", "5", "--prefix", "-"]);
    assert_eq!(out.code, 2, "an empty prefix: {}", out.stderr);
}

#[test]
fn a_start_that_disagrees_with_the_prefix_is_bad_usage() {
    let prefix = [Square::new(0, 0), Square::new(1, 2)];
    let (out, _) = complete(
        "prefix-start.txt",
        &prefix,
        &["--size", "5", "--start", "2,2"],
    );
    assert_fails(&out, 2, &["--start", "2,2", "0,0"], "disagreeing start");
    // The same start, in another notation, agrees.
    let (out, tour) = complete(
        "prefix-start-a5.txt",
        &prefix,
        &["--size", "5", "--start", "a5"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(tour[0], Square::new(0, 0));
}

#[test]
fn check_end_checks_the_last_square() {
    let out = solve(&[
        "--size", "6", "--start", "0,0", "--end", "5,0", "--format", "list",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let tour = out.stdout;
    let ok = run(&["check", "--end", "5,0"], Some(tour.as_bytes()));
    assert_eq!(ok.code, 0, "{}", ok.stderr);
    let wrong = run(&["check", "--end", "0,5"], Some(tour.as_bytes()));
    assert_fails(&wrong, 1, &["end"], "another end");
}

#[test]
fn a_prefix_may_be_the_json_of_solve_cut_short() {
    let out = solve(&["--size", "6", "--format", "json"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut value: Value = serde_json::from_str(&out.stdout).unwrap();
    let path = value["path"].as_array_mut().unwrap();
    path.truncate(12);
    let prefix: Vec<Square> = path
        .iter()
        .map(|pair| {
            let at = |i: usize| pair[i].as_u64().unwrap() as u32;
            Square::new(at(0), at(1))
        })
        .collect();
    let file = scratch_file("prefix.json", value.to_string().as_bytes());
    let out = solve(&[
        "--size",
        "6",
        "--prefix",
        file.to_str().unwrap(),
        "--format",
        "list",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let tour = parse_list(&out.stdout);
    assert_tour(board(6, 6), &tour, false, prefix[0], "json prefix");
    assert_eq!(&tour[..12], &prefix[..]);
    // Its rows and cols must be the board's.
    let out = solve(&["--size", "7", "--prefix", file.to_str().unwrap()]);
    assert_fails(
        &out,
        2,
        &["is 6, but the board is 7x7", "--size"],
        "json of another board",
    );
}

/// A JSON partial tour is held to its own fields as `check` holds a tour: a `start` that is
/// not its first square, or an `outcome` of no tour, is bad input, where `check` refuses the
/// same object.
#[test]
fn a_json_prefix_is_held_to_its_own_fields_as_check_holds_a_tour() {
    let path = tour_prefix("5", "0,0", 25);
    let pairs: Vec<String> = path
        .iter()
        .map(|square| format!("[{},{}]", square.row, square.col))
        .collect();
    let whole = pairs.join(",");
    let cut = pairs[..3].join(",");
    // Each with the status check gives the whole tour: 1 a tour that breaks its own claim,
    // 2 not a tour file.
    for (fields, needles, checked) in [
        (
            r#""start":[1,2],"#,
            &["starts at 1,2", "its path starts at 0,0"][..],
            1,
        ),
        (r#""outcome":"no_tour","#, &["no tour", "'no_tour'"], 2),
    ] {
        // Before the path and after it.
        for (before, after) in [(fields, ""), ("", fields)] {
            let object = |path: &str| {
                let after = after.trim_end_matches(',');
                let after = if after.is_empty() {
                    String::new()
                } else {
                    format!(",{after}")
                };
                format!(r#"{{"rows":5,"cols":5,{before}"path":[{path}]{after}}}"#)
            };
            let partial = scratch_file("prefix-fields.json", object(&cut).as_bytes());
            let partial = partial.to_str().unwrap();
            let what = format!("solve --prefix {}", object(&cut));
            assert_fails(
                &solve(&["--size", "5", "--prefix", partial]),
                2,
                needles,
                &what,
            );
            let what = format!("check {}", object(&whole));
            let out = run(&["check"], Some(object(&whole).as_bytes()));
            assert_fails(&out, checked, needles, &what);
        }
    }
}

/// A number in a JSON partial tour has at most 64 digits, leading zeros counted, and a longer
/// one is named where it begins, however long.
#[test]
fn a_json_prefix_number_of_more_than_64_digits_is_named_where_it_begins() {
    for zeros in [100, 300_000] {
        let text = format!(r#"{{"path": [[{}0,0]]}}"#, "0".repeat(zeros));
        let what = format!("a square's row of {} digits", zeros + 1);
        let out = run(
            &["solve", "--size", "5", "--prefix", "-"],
            Some(text.as_bytes()),
        );
        let needles = ["line 1, column 12:", "more than 64 digits"];
        assert_fails(&out, 2, &needles, &what);
    }
}

/// A JSON partial tour is read square by square: the first square that breaks a rule is
/// named as soon as it arrives, however much follows (the whole file was parsed first, 1.5 GB
/// for 48 MB, and an endless one was read to its end).
#[test]
fn a_json_prefix_is_refused_at_its_first_bad_square_while_it_is_read() {
    let cases: [(&[u8], &[u8], &[&str]); 3] = [
        (
            b"{\"rows\":8,\"cols\":8,\"path\":[[0,0],[3,3],",
            b"[0,0],",
            &[
                "line 1, column 34",
                "step 1 \u{2192} 2 is not a knight move (0,0 to 3,3)",
            ],
        ),
        (
            b"{\"path\":[[0,0],[1,2],[0,0],",
            b"[1,2],",
            &["line 1, column 22", "0,0 visited twice"],
        ),
        (
            b"{\"rows\":9,\"path\":[",
            b"[0,0],",
            &["'rows' is 9, but the board is 8x8"],
        ),
    ];
    for (head, chunk, needles) in cases {
        let out = run_endless(
            &["solve", "--size", "8", "--prefix", "-"],
            head,
            chunk,
            64 << 20,
        );
        assert_fails(&out, 2, needles, &String::from_utf8_lossy(head));
    }
}

/// The partial tour is held (the solve needs it) within the memory limit: past it, exit 2
/// naming what it takes, whatever the format.
#[test]
fn a_prefix_past_the_memory_limit_is_refused_not_aborted() {
    // 2,000 knight moves along the top two rows of a 4000-column board.
    let squares: Vec<Square> = (0..2000).map(|i| Square::new(i % 2, 2 * i)).collect();
    let list = list_text(&squares);
    let pairs: Vec<String> = squares
        .iter()
        .map(|square| format!("[{},{}]", square.row, square.col))
        .collect();
    let json = format!("{{\"path\":[{}]}}", pairs.join(","));
    for text in [list, json] {
        let mut command = knights_tour();
        command
            .args(["solve", "--size", "8x4000", "--prefix", "-"])
            .env("KNIGHTS_TOUR_MEMORY", "10K")
            .write_stdin(text);
        let out = finished(&[], command.output().unwrap());
        assert_fails(
            &out,
            2,
            &["8 bytes a square", "10 KB"],
            "a long prefix in 10K",
        );
    }
}
