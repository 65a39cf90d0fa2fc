//! Narrow boards decided exactly, through the command line: `solve --end` and `--prefix` on
//! long 3×n and 4×n strips (exit 0, a tour that passes the validator and ends where asked,
//! the JSON's and `--stats`' layer `frontier`), a pair with no tour (exit 1, the count's
//! reason), and a strip too long for the memory allowed (exit 2, one line naming it).

use super::*;

#[test]
fn a_long_strip_is_toured_from_a_corner_to_a_chosen_end() {
    for (size, end, sides) in [
        ("3x10001", "2,10000", (3, 10_001)),
        ("4x10001", "3,10000", (4, 10_001)),
        ("10001x3", "10000,2", (10_001, 3)),
    ] {
        let args = [
            "--size", size, "--start", "0,0", "--end", end, "--format", "list", "--stats",
        ];
        let out = solve(&args);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("layer frontier"), "{}", out.stderr);
        let path = parse_list(&out.stdout);
        assert_tour(
            board(sides.0, sides.1),
            &path,
            false,
            Square::new(0, 0),
            size,
        );
        let (row, col) = end.split_once(',').unwrap();
        let end = Square::new(row.parse().unwrap(), col.parse().unwrap());
        assert_eq!(path.last(), Some(&end), "{size}");
    }
}

#[test]
fn the_json_names_the_frontier_layer() {
    let out = solve(&[
        "--size", "3x400", "--start", "0,0", "--end", "2,399", "--format", "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let value: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(value["layer"], "frontier");
    assert_eq!(value["outcome"], "tour");
    assert_eq!(value["path"].as_array().unwrap().len(), 1200);
    let none = solve(&[
        "--size", "3x401", "--start", "0,2", "--end", "2,2", "--format", "json",
    ]);
    assert_eq!(none.code, 1, "{}", none.stderr);
    let value: Value = serde_json::from_str(&none.stdout).unwrap();
    assert_eq!(value["layer"], "frontier");
    assert_eq!(value["outcome"], "no_tour");
    let reason = value["reason"].as_str().unwrap();
    assert!(
        reason.contains("from 0,2 ends at 2,2") && reason.contains("is 0"),
        "{reason}"
    );
}

#[test]
fn a_pair_with_no_tour_exits_1_with_the_count() {
    let out = solve(&["--size", "3x10001", "--start", "0,2", "--end", "1,3"]);
    assert_fails(
        &out,
        1,
        &["no tour from 0,2 ends at 1,3", "frontier", "is 0"],
        "3x10001 0,2 to 1,3",
    );
}

#[test]
fn a_partial_tour_on_a_long_strip_is_completed() {
    let prefix = [(0, 0), (2, 1), (0, 2), (1, 0), (2, 2), (0, 3)].map(|(r, c)| Square::new(r, c));
    let file = scratch_file("narrow-prefix.list", list_text(&prefix).as_bytes());
    let file = file.to_str().unwrap();
    for extra in [&[][..], &["--end", "2,2000"]] {
        let args = [
            &["--size", "3x2001", "--prefix", file, "--format", "list"],
            extra,
        ]
        .concat();
        let out = solve(&args);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        let path = parse_list(&out.stdout);
        assert_tour(board(3, 2001), &path, false, prefix[0], "3x2001 --prefix");
        assert!(path.starts_with(&prefix), "{args:?}");
        if !extra.is_empty() {
            assert_eq!(path.last(), Some(&Square::new(2, 2000)));
        }
    }
}

#[test]
fn a_strip_too_long_for_the_memory_allowed_is_refused_by_name() {
    let args = [
        "solve",
        "--size",
        "3x100000000",
        "--start",
        "0,0",
        "--end",
        "2,99999999",
    ];
    let out = run_quietly(&args, &[("KNIGHTS_TOUR_MEMORY", "64M")]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    let line = one_line(&out.stderr, "3x100000000");
    assert!(
        line.contains("3x100000000") && line.contains("MB"),
        "{line}"
    );
}
