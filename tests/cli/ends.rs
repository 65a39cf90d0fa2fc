//! Tours to a chosen end through the command line: `solve --end` (its tour validated, its last
//! square checked, the JSON's `end`, the exit statuses of a proof and of a refused request),
//! `ends` (the grid and JSON of every end, the colour rule without a search) and
//! `count --end` (the counts to every end add up to the count from the start, and the count
//! to a square without a start is the count from it).

use super::*;

#[test]
fn solve_end_gives_a_validated_tour_that_ends_there() {
    for (size, start, end, sides, first, last) in [
        ("8", "a1", "h1", (8, 8), (7, 0), (7, 7)),
        ("5", "0,0", "4,4", (5, 5), (0, 0), (4, 4)),
        ("6x7", "2,3", "0,0", (6, 7), (2, 3), (0, 0)),
        ("40", "0,0", "39,0", (40, 40), (0, 0), (39, 0)),
    ] {
        let args = [
            "--size", size, "--start", start, "--end", end, "--format", "list",
        ];
        let out = solve(&args);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        let path = parse_list(&out.stdout);
        let (first, last) = (Square::new(first.0, first.1), Square::new(last.0, last.1));
        assert_tour(
            board(sides.0, sides.1),
            &path,
            false,
            first,
            &format!("{args:?}"),
        );
        assert_eq!(path.last(), Some(&last), "{args:?}");
    }
}

#[test]
fn solve_end_json_carries_the_end() {
    let out = solve(&[
        "--size", "5", "--start", "0,0", "--end", "4,4", "--format", "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let value: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(value["end"], serde_json::json!([4, 4]));
    let path = value["path"].as_array().unwrap();
    assert_eq!(path.last().unwrap(), &serde_json::json!([4, 4]));
    // A request without an end says none.
    let plain = solve(&["--size", "5", "--format", "json"]);
    let value: Value = serde_json::from_str(&plain.stdout).unwrap();
    assert!(value.get("end").is_none(), "{value}");
}

#[test]
fn solve_end_exits_1_with_the_theorem_and_2_when_asked_with_closed() {
    for (args, needle) in [
        (
            &["--size", "8", "--start", "a1", "--end", "h8"][..],
            "differ in colour",
        ),
        (
            &["--size", "5", "--start", "0,0", "--end", "0,1"],
            "other colour",
        ),
        (
            &["--size", "5", "--start", "0,0", "--end", "0,0"],
            "starts and ends",
        ),
        (
            &["--size", "4x5", "--start", "0,0", "--end", "1,0"],
            "inner line",
        ),
    ] {
        let out = solve(args);
        assert_fails(&out, 1, &["no tour", needle], &format!("{args:?}"));
    }
    // The search proves the rest: 5x5 has tours between 42 of its 78 majority pairs; from the
    // centre, only to the corners.
    let out = solve(&["--size", "5", "--start", "2,2", "--end", "0,2"]);
    assert_fails(&out, 1, &["no tour"], "5x5 2,2 to 0,2");
    let closed = solve(&["--size", "6", "--end", "0,1", "--closed"]);
    assert_fails(&closed, 2, &["--end", "--closed"], "--end with --closed");
    let off = solve(&["--size", "6", "--end", "9,9"]);
    assert_fails(&off, 2, &["9,9"], "an end off the board");
}

#[test]
fn ends_answers_every_end_with_the_colour_rule_first() {
    let out = run(&["ends", "--size", "5", "--start", "0,0"], None);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let grid: Vec<Vec<&str>> = out
        .stdout
        .lines()
        .map(|line| line.split_whitespace().collect())
        .collect();
    assert_eq!(grid.len(), 5);
    for (row, cells) in grid.iter().enumerate() {
        for (col, cell) in cells.iter().enumerate() {
            if (row + col) % 2 == 1 || (row, col) == (0, 0) {
                assert_eq!(*cell, "-", "{row},{col}");
            }
        }
    }
    let json = run(
        &["ends", "--size", "5", "--start", "0,0", "--format", "json"],
        None,
    );
    let value: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["start"], serde_json::json!([0, 0]));
    let ends = value["ends"].as_array().unwrap();
    assert_eq!(ends.len(), 25);
    for end in ends {
        let square = end["square"].as_array().unwrap();
        let colour = (square[0].as_u64().unwrap() + square[1].as_u64().unwrap()) % 2;
        if colour == 1 {
            assert_eq!(end["outcome"], "no_tour", "{end}");
            assert_eq!(end["nodes"], 0, "{end}");
            assert!(end["reason"].as_str().unwrap().contains("colour"), "{end}");
        }
        // Every tour the grid marks, solve finds and validates.
        if end["outcome"] == "tour" {
            let to = format!("{},{}", square[0], square[1]);
            let solved = solve(&[
                "--size", "5", "--start", "0,0", "--end", &to, "--format", "list",
            ]);
            assert_eq!(solved.code, 0, "to {to}");
            assert_eq!(
                parse_list(&solved.stdout).last(),
                Some(&Square::new(
                    square[0].as_u64().unwrap() as u32,
                    square[1].as_u64().unwrap() as u32
                ))
            );
        }
    }
}

/// Ends the deadline passed before read `?`, with `--counts` too: no 0, which is a theorem's.
#[test]
fn ends_the_deadline_passed_before_read_a_question_mark_with_counts_too() {
    let out = run(
        &[
            "ends",
            "--size",
            "7",
            "--start",
            "0,0",
            "--deadline",
            "0ms",
            "--counts",
        ],
        None,
    );
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert!(
        out.stderr.contains("ends were not reached"),
        "{}",
        out.stderr
    );
    for (row, line) in out.stdout.lines().enumerate() {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells.len(), 7, "{}", out.stdout);
        for (col, cell) in cells.into_iter().enumerate() {
            // The minority colour and the start itself are refused by the theorems.
            let refused = (row + col) % 2 == 1 || (row, col) == (0, 0);
            assert_eq!(cell, if refused { "0" } else { "?" }, "{row},{col}");
        }
    }
}

#[test]
fn ends_exits_2_on_bad_arguments() {
    for (args, needle) in [
        (&["--size", "5", "--start", "9,9"][..], "9,9"),
        (&["--size", "5", "--closed"], "closed tour has no end"),
        (&["--size", "257x256"], "65536"),
        (
            &["--size", "300x300", "--start", "5,7"],
            "an ends map of the 300x300",
        ),
    ] {
        let out = run(&[&["ends"], args].concat(), None);
        assert_fails(&out, 2, &[needle], &format!("ends {args:?}"));
        assert!(!out.stderr.contains("starts map"), "{}", out.stderr);
    }
}

#[test]
fn count_end_adds_up_to_the_count_from_the_start() {
    // 5x5 from the corner: 304 directed tours (the published count per start), split by end.
    let from_corner = run(&["count", "--size", "5", "--start", "0,0"], None);
    assert_eq!(from_corner.stdout.trim(), "304");
    let mut sum = 0;
    for row in 0..5 {
        for col in 0..5 {
            let end = format!("{row},{col}");
            let out = run(
                &["count", "--size", "5", "--start", "0,0", "--end", &end],
                None,
            );
            assert_eq!(out.code, 0, "{end}: {}", out.stderr);
            sum += out.stdout.trim().parse::<u64>().unwrap();
        }
    }
    assert_eq!(sum, 304);
    // Without a start, the tours that end on a square are those that start there, reversed.
    for method in ["frontier", "enumeration"] {
        let to_corner = run(
            &["count", "--size", "5", "--end", "4,4", "--method", method],
            None,
        );
        assert_eq!(to_corner.code, 0, "{method}: {}", to_corner.stderr);
        assert_eq!(to_corner.stdout.trim(), "304", "{method}");
    }
}
