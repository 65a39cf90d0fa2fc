//! `count`'s number alone on a line, its limits and deadline; the `cses` adapter's grid and its
//! bad input.

use super::*;

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
