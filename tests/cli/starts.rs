//! `starts`: the answer from every square, checked against `solve` from that square (its exit
//! status, its tour through the validator, its proof and its node count), against the theory
//! of 5×5 and 3×8; the grid, `--counts` and the JSON shape; exit 3 with `?` cells when the
//! budget or the deadline runs out, on a small board and a huge one; bad arguments.

use std::time::Duration;

use super::*;

fn starts(args: &[&str]) -> Run {
    run(&[&["starts"], args].concat(), None)
}

/// The cells of a grid, row by row, each row's cells separated by single spaces (a count
/// right-aligned with more).
fn cells(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|line| line.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// The square of each cell, row-major, with the cell.
fn by_square(grid: &[Vec<String>]) -> Vec<(String, String)> {
    let mut squares = Vec::new();
    for (row, line) in grid.iter().enumerate() {
        for (col, cell) in line.iter().enumerate() {
            squares.push((format!("{row},{col}"), cell.clone()));
        }
    }
    squares
}

fn json_of(run: &Run) -> Value {
    one_line(&run.stdout, "starts --format json is one line");
    serde_json::from_str(&run.stdout).unwrap()
}

#[test]
fn starts_5x5_open_has_tours_from_13_squares_each_validated_and_12_proved_none() {
    let out = starts(&["--size", "5"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stderr, "");
    let grid = cells(&out.stdout);
    assert_eq!(grid.len(), 5);
    assert!(grid.iter().all(|row| row.len() == 5));
    let squares = by_square(&grid);
    let tours: Vec<_> = squares.iter().filter(|(_, cell)| cell == "T").collect();
    let none: Vec<_> = squares.iter().filter(|(_, cell)| cell == "-").collect();
    assert_eq!((tours.len(), none.len()), (13, 12), "{}", out.stdout);
    for (square, _) in tours {
        let tour = solve(&["--size", "5", "--start", square, "--format", "list"]);
        assert_eq!(tour.code, 0, "solve from {square}: {}", tour.stderr);
        let (row, col) = square.split_once(',').unwrap();
        let start = Square::new(row.parse().unwrap(), col.parse().unwrap());
        assert_tour(board(5, 5), &parse_list(&tour.stdout), false, start, square);
    }
    // Each proof is the one solve gives from that square.
    let json = json_of(&starts(&["--size", "5", "--format", "json"]));
    for (square, _) in none {
        let alone = solve(&["--size", "5", "--start", square]);
        assert_eq!(alone.code, 1, "solve from {square}");
        let entry = json["starts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|entry| format!("{},{}", entry["square"][0], entry["square"][1]) == *square)
            .unwrap();
        let reason = entry["reason"].as_str().unwrap();
        assert_eq!(alone.stderr, format!("knights-tour: no tour: {reason}\n"));
        assert!(reason.contains("colour"), "{reason}");
    }
}

#[test]
fn starts_3x8_has_no_tour_from_the_two_squares_1_2_and_1_5_only() {
    let out = starts(&["--size", "3x8"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "T T T T T T T T\n\
         T T - T T - T T\n\
         T T T T T T T T\n"
    );
    // The same board on its side.
    let turned = starts(&["--size", "8x3"]);
    let turned = cells(&turned.stdout);
    assert_eq!(turned[2], ["T", "-", "T"]);
    assert_eq!(turned[5], ["T", "-", "T"]);
    let json = json_of(&starts(&["--size", "3x8", "--format", "json"]));
    let searched = json["starts"][10]["reason"].as_str().unwrap();
    assert!(searched.contains("exhaustive search"), "{searched}");
    let mirrored = json["starts"][13]["reason"].as_str().unwrap();
    assert!(
        mirrored.contains("mirror") && mirrored.contains("1,2"),
        "{mirrored}"
    );
    // solve proves both by its own search.
    for square in ["1,2", "1,5"] {
        let alone = solve(&["--size", "3x8", "--start", square]);
        assert_fails(&alone, 1, &["exhaustive search"], square);
    }
}

#[test]
fn starts_closed_5x5_is_proved_none_from_every_square_by_theorem_and_exits_0() {
    let out = starts(&["--size", "5", "--closed"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "- - - - -\n".repeat(5));
    let json = json_of(&starts(&["--size", "5", "--closed", "--format", "json"]));
    assert_eq!(json["closed"], true);
    for entry in json["starts"].as_array().unwrap() {
        assert_eq!(entry["outcome"], "no_tour", "{entry}");
        assert_eq!(entry["nodes"], 0, "{entry}");
        assert!(
            entry["reason"].as_str().unwrap().contains("Schwenk"),
            "{entry}"
        );
    }
}

#[test]
fn starts_json_has_the_documented_keys_in_row_major_order() {
    for (args, rows, cols, closed, method) in [
        (&["--size", "3x8"][..], 3, 8, false, "auto"),
        (
            &["--size", "6", "--closed", "--method", "backtrack"],
            6,
            6,
            true,
            "backtrack",
        ),
        (
            &["--size", "5", "--method", "naive", "--node-budget", "10"],
            5,
            5,
            false,
            "naive",
        ),
    ] {
        let out = starts(&[args, &["--format", "json"]].concat());
        let json = json_of(&out);
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut expected = vec!["rows", "cols", "closed", "method", "starts"];
        expected.sort();
        let mut keys = keys;
        keys.sort();
        assert_eq!(keys, expected, "{args:?}");
        assert_eq!(json["rows"], rows);
        assert_eq!(json["cols"], cols);
        assert_eq!(json["closed"], closed);
        assert_eq!(json["method"], method);
        let entries = json["starts"].as_array().unwrap();
        assert_eq!(entries.len(), rows * cols, "{args:?}");
        for (at, entry) in entries.iter().enumerate() {
            assert_eq!(entry["square"], serde_json::json!([at / cols, at % cols]));
            assert!(entry["nodes"].is_u64(), "{entry}");
            let outcome = entry["outcome"].as_str().unwrap();
            assert!(
                ["tour", "no_tour", "budget_exceeded"].contains(&outcome),
                "{entry}"
            );
            let fields = entry.as_object().unwrap().len();
            if outcome == "no_tour" {
                assert!(entry["reason"].is_string(), "{entry}");
                assert_eq!(fields, 4, "{entry}");
            } else {
                assert_eq!(fields, 3, "{entry}");
            }
        }
    }
}

#[test]
fn starts_answers_each_square_and_counts_its_nodes_as_solve_does_from_it() {
    let limits = ["--size", "6", "--method", "naive", "--node-budget", "5000"];
    let out = starts(&limits);
    assert_eq!(
        out.code, 3,
        "some 6x6 starts need more than 5000 naive nodes"
    );
    let counted = starts(&[&limits[..], &["--counts"]].concat());
    assert_eq!(counted.code, 3);
    let width = counted.stdout.lines().next().unwrap().len();
    assert!(
        counted.stdout.lines().all(|line| line.len() == width),
        "counts are right-aligned:\n{}",
        counted.stdout
    );
    let symbols = by_square(&cells(&out.stdout));
    let counts = by_square(&cells(&counted.stdout));
    assert!(symbols.iter().any(|(_, cell)| cell == "T"));
    for ((square, symbol), (_, count)) in symbols.iter().zip(&counts) {
        let alone = solve(&[&limits[..], &["--start", square, "--stats"]].concat());
        let code = match symbol.as_str() {
            "T" => 0,
            "-" => 1,
            "?" => 3,
            other => panic!("cell {other:?}"),
        };
        assert_eq!(alone.code, code, "solve from {square}");
        let stats = alone.stderr.lines().next().unwrap();
        assert!(
            stats.contains(&format!("nodes {count},")),
            "{square}: {count} against {stats}"
        );
    }
}

#[test]
fn starts_with_a_tiny_node_budget_gives_up_with_question_marks_and_exits_3() {
    let out = starts(&["--size", "5", "--method", "naive", "--node-budget", "10"]);
    assert_eq!(out.code, 3);
    // The theorems answer without a budget; every other start gives up.
    assert_eq!(
        out.stdout,
        "? - ? - ?\n- ? - ? -\n? - ? - ?\n- ? - ? -\n? - ? - ?\n"
    );
    let line = one_line(&out.stderr, "the reason it gave up");
    assert!(
        line.starts_with("knights-tour: gave up at 13 of 25 starts")
            && line.contains("node budget of 10"),
        "{line}"
    );
}

#[test]
fn starts_on_a_board_of_65536_squares_obeys_its_deadline() {
    // Without its deadline the map would take hours: that it ends at all is the point.
    let args = ["starts", "--size", "256", "--deadline", "300ms"];
    let out = run_quietly_ending(&args, Duration::from_secs(120));
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert!(out.stderr.contains("deadline of 300ms"), "{}", out.stderr);
}

#[test]
fn starts_exits_2_on_bad_arguments_naming_the_value() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["--size", "x"], &["'x'"]),
        (&["--size", "0x5"], &["'0x5'"]),
        (&["--size", "257x256"], &["257x256", "65536"]),
        (&["--method", "fast"], &["'fast'"]),
        (&["--node-budget", "0"], &["'0'"]),
        (&["--deadline", "soon"], &["'soon'"]),
        (&["--format", "list"], &["'list'"]),
        (&["--start", "0,0"], &["'--start'"]),
    ];
    for &(args, needles) in cases {
        let out = starts(args);
        assert_fails(&out, 2, needles, &format!("starts {args:?}"));
    }
}

#[test]
fn starts_prints_the_same_bytes_every_run() {
    for args in [
        &["--size", "6", "--method", "backtrack", "--counts"][..],
        &["--size", "3x8", "--format", "json"],
    ] {
        assert_eq!(starts(args).stdout, starts(args).stdout, "{args:?}");
    }
}

#[test]
fn starts_agrees_with_counting_on_3x7_and_4x5_and_finds_tours_everywhere_on_6x6() {
    // Where `count` finds open tours from a square, `starts` must find one; where it finds
    // none, `starts` must prove none.
    for size in ["3x7", "4x5"] {
        let map = by_square(&cells(&starts(&["--size", size]).stdout));
        let mut with_tours = 0;
        for (square, cell) in &map {
            let counted = run(&["count", "--size", size, "--start", square], None);
            let tours: u64 = counted.stdout.trim().parse().unwrap();
            let expected = if tours > 0 { "T" } else { "-" };
            assert_eq!(cell, expected, "{size} from {square}: {tours} tours");
            with_tours += u64::from(tours > 0);
        }
        assert!(with_tours > 0 && with_tours < map.len() as u64, "{size}");
    }
    let six = starts(&["--size", "6"]);
    assert_eq!(six.code, 0);
    assert_eq!(six.stdout, "T T T T T T\n".repeat(6));
}

#[test]
fn closed_tours_start_from_every_square_or_from_none() {
    for (size, all) in [
        ("6", true),
        ("3x10", true),
        ("5", false),
        ("4x6", false),
        ("3x8", false),
    ] {
        let out = starts(&["--size", size, "--closed"]);
        assert_eq!(out.code, 0, "{size}: {}", out.stderr);
        let cells: Vec<String> = cells(&out.stdout).concat();
        let expected = if all { "T" } else { "-" };
        assert!(
            cells.iter().all(|cell| cell == expected),
            "{size}:\n{}",
            out.stdout
        );
    }
}

/// Starts the deadline passed before are said to be not reached: `?` in the grid, and in the
/// JSON an outcome `not_reached` with the cause `deadline` and no node count.
#[test]
fn starts_the_deadline_passed_before_are_not_reached() {
    let out = starts(&["--size", "7", "--deadline", "0ms"]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    let line = one_line(&out.stderr, "starts --deadline 0ms");
    assert!(line.contains("of 49 starts were not reached"), "{line}");
    assert!(line.contains("deadline"), "{line}");
    let grid = cells(&out.stdout);
    // 7x7: the minority colour is refused by the theorem, the rest not reached.
    for (square, cell) in by_square(&grid) {
        let (row, col) = square.split_once(',').unwrap();
        let majority = (row.parse::<u32>().unwrap() + col.parse::<u32>().unwrap()) % 2 == 0;
        assert_eq!(cell, if majority { "?" } else { "-" }, "{square}");
    }
    // With --counts, a square never reached spent no nodes, and is no 0 (a theorem's
    // proof): it reads ? as well.
    let counts = starts(&["--size", "7", "--deadline", "0ms", "--counts"]);
    assert_eq!(counts.code, 3, "{}", counts.stderr);
    for ((square, cell), (_, letter)) in by_square(&cells(&counts.stdout))
        .iter()
        .zip(by_square(&grid))
    {
        let expected = if letter == "?" { "?" } else { "0" };
        assert_eq!(cell, expected, "{square}:\n{}", counts.stdout);
    }
    let json = starts(&["--size", "7", "--deadline", "0ms", "--format", "json"]);
    assert_eq!(json.code, 3);
    let value: Value = serde_json::from_str(&json.stdout).unwrap();
    let starts = value["starts"].as_array().unwrap();
    let not_reached: Vec<&Value> = starts
        .iter()
        .filter(|start| start["outcome"] == "not_reached")
        .collect();
    assert_eq!(not_reached.len(), 25);
    for start in not_reached {
        assert_eq!(start["cause"], "deadline", "{start}");
        assert!(start.get("nodes").is_none(), "{start}");
    }
}
