//! `--piece`: the other leapers on the command line. Every tour is checked by the validator
//! written here, which knows only the leap `(a, b)`, and by the library's; counts and maps are
//! checked against an enumeration of paths written here; the knight's output is the same
//! bytes with `--piece knight` as without.

use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::tour::Validator;

use super::*;

/// Whether `path` is a tour of the leaper of `leaps` on `rows x cols` from `start`: every
/// square once, each step one leap `(a, b)` of them, `a` one way and `b` the other, and if
/// `closed` the last square a leap from the first. Knows nothing of the engine.
fn leaper_tour(
    (rows, cols): (u32, u32),
    leaps: &[(u32, u32)],
    path: &[Square],
    closed: bool,
) -> Result<(), String> {
    let leap = |p: Square, q: Square| {
        let (dr, dc) = (p.row.abs_diff(q.row), p.col.abs_diff(q.col));
        leaps
            .iter()
            .any(|&(a, b)| (dr, dc) == (a, b) || (dr, dc) == (b, a))
    };
    if path.len() != (rows * cols) as usize {
        return Err(format!("{} squares of {}", path.len(), rows * cols));
    }
    let mut seen = vec![false; (rows * cols) as usize];
    for (step, square) in path.iter().enumerate() {
        if square.row >= rows || square.col >= cols {
            return Err(format!("{square} is off the board"));
        }
        let index = (square.row * cols + square.col) as usize;
        if std::mem::replace(&mut seen[index], true) {
            return Err(format!("{square} twice"));
        }
        if step > 0 && !leap(path[step - 1], *square) {
            return Err(format!("step {step}: {} to {square}", path[step - 1]));
        }
    }
    if closed && !leap(path[path.len() - 1], path[0]) {
        return Err("the last square is no leap from the first".into());
    }
    Ok(())
}

/// Both validators agree that `path` is a closed (or open) tour of `piece` on `board`.
fn assert_leaper_tour(board: Board, piece: Leaper, path: &[Square], closed: bool, what: &str) {
    let sides = (board.rows(), board.cols());
    if let Err(error) = leaper_tour(sides, &[piece.single().unwrap()], path, closed) {
        panic!("{what}: not a tour of the {piece}: {error}");
    }
    let mut validator = Validator::new(board, closed, Some(path[0])).with_piece(piece);
    for &square in path {
        validator.push(square).unwrap();
    }
    validator.finish().unwrap();
}

/// For every pair of squares of `rows x cols` (by index, `row * cols + col`), how many paths
/// of the leaper of `leaps` visit every square once from the first to the second: by walking
/// every path.
fn paths_between(rows: u32, cols: u32, leaps: &[(u32, u32)]) -> Vec<Vec<u64>> {
    let area = (rows * cols) as usize;
    let neighbours: Vec<Vec<usize>> = (0..area)
        .map(|at| {
            let (row, col) = ((at as u32 / cols) as i64, (at as u32 % cols) as i64);
            let mut near = vec![];
            for &(a, b) in leaps {
                let (a, b) = (a as i64, b as i64);
                for (dr, dc) in [(a, b), (b, a)] {
                    for (sr, sc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        let (r, c) = (row + sr * dr, col + sc * dc);
                        let to = (r * cols as i64 + c) as usize;
                        if (0..rows as i64).contains(&r)
                            && (0..cols as i64).contains(&c)
                            && !near.contains(&to)
                        {
                            near.push(to);
                        }
                    }
                }
            }
            near
        })
        .collect();
    let mut counts = vec![vec![0u64; area]; area];
    for start in 0..area {
        let mut seen = vec![false; area];
        seen[start] = true;
        walk(&neighbours, &mut seen, start, 1, &mut counts[start]);
    }
    counts
}

/// Counts into `ends` the ends of every path that continues from `at`, `depth` squares long.
fn walk(neighbours: &[Vec<usize>], seen: &mut [bool], at: usize, depth: usize, ends: &mut [u64]) {
    if depth == seen.len() {
        ends[at] += 1;
        return;
    }
    for &next in &neighbours[at] {
        if !seen[next] {
            seen[next] = true;
            walk(neighbours, seen, next, depth + 1, ends);
            seen[next] = false;
        }
    }
}

/// The squares of a JSON object's `path`.
fn json_path(json: &Value) -> Vec<Square> {
    let square = |pair: &Value| {
        let coordinate = |at: usize| pair[at].as_u64().unwrap() as u32;
        Square::new(coordinate(0), coordinate(1))
    };
    json["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(square)
        .collect()
}

#[test]
fn a_giraffe_closes_a_tour_of_10x10_and_a_zebra_tours_it_in_every_format() {
    let run = solve(&[
        "--piece", "giraffe", "--size", "10", "--closed", "--format", "list",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let path = parse_list(&run.stdout);
    assert_leaper_tour(board(10, 10), Leaper::GIRAFFE, &path, true, "giraffe list");

    let run = solve(&["--piece", "zebra", "--size", "10", "--format", "grid"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (grid_board, path) = parse_grid(&run.stdout, true);
    assert_leaper_tour(grid_board, Leaper::ZEBRA, &path, false, "zebra grid");

    let run = solve(&["--piece", "2,3", "--size", "10", "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["piece"], "zebra", "A,B names the zebra");
    let path = json_path(&json);
    assert_leaper_tour(board(10, 10), Leaper::ZEBRA, &path, false, "zebra json");
}

#[test]
fn the_wazir_tours_5x5_and_an_unnamed_leaper_is_named_by_its_legs() {
    let run = solve(&["--piece", "0,1", "--size", "5", "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["piece"], "0,1");
    let path = json_path(&json);
    let wazir = Leaper::new(0, 1).unwrap();
    assert_leaper_tour(board(5, 5), wazir, &path, false, "wazir");
}

#[test]
fn theorems_refuse_other_pieces_with_the_reason_on_one_line() {
    // The camel never changes colour; the giraffe cannot leave a corner of 5x5.
    for (args, needles) in [
        (
            &["--piece", "camel", "--size", "8"][..],
            &["camel", "colour"][..],
        ),
        (&["--piece", "giraffe", "--size", "5"], &["giraffe"]),
        (
            &["--piece", "zebra", "--size", "11", "--closed"],
            &["zebra"],
        ),
    ] {
        let run = solve(args);
        assert_fails(&run, 1, needles, &format!("{args:?}"));
    }
    let run = solve(&["--piece", "camel", "--size", "8", "--format", "json"]);
    assert_eq!(run.code, 1);
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["outcome"], "no_tour");
    assert_eq!(json["piece"], "camel");
    assert!(
        json["reason"].as_str().unwrap().contains("colour"),
        "{json}"
    );
}

#[test]
fn check_validates_a_leapers_tour_and_refuses_it_read_as_a_knights() {
    let solved = solve(&[
        "--piece", "giraffe", "--size", "10", "--closed", "--format", "list",
    ]);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let file = scratch_file("giraffe-10x10.list", solved.stdout.as_bytes());
    let file = file.to_str().unwrap();

    let valid = run(
        &[
            "check", "--piece", "giraffe", "--closed", "--size", "10", file,
        ],
        None,
    );
    assert_eq!(valid.code, 0, "{}", valid.stderr);
    assert_eq!(
        valid.stdout,
        "valid closed giraffe tour of 10x10 from 0,0\n"
    );
    // The knight is the default: the first step is named, and it is not the knight's.
    let first = parse_list(&solved.stdout)[..2].to_vec();
    let as_knight = run(&["check", "--size", "10", file], None);
    let line = assert_fails(
        &as_knight,
        1,
        &["invalid tour", "not a knight move"],
        "as a knight",
    );
    assert!(
        line.contains(&format!("({} to {})", first[0], first[1])),
        "{line:?} names the first step"
    );
    let as_zebra = run(&["check", "--piece", "zebra", "--size", "10", file], None);
    assert_fails(&as_zebra, 1, &["not a zebra move"], "as a zebra");
}

#[test]
fn a_json_tour_names_its_piece_and_check_reads_it_as_that_piece() {
    let run = solve(&["--piece", "zebra", "--size", "10", "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json = run.stdout.as_bytes();
    let checked = super::run(&["check"], Some(json));
    assert_eq!(checked.code, 0, "{}", checked.stderr);
    assert_eq!(checked.stdout, "valid open zebra tour of 10x10 from 0,0\n");
    let grid = solve(&["--piece", "zebra", "--size", "10", "--format", "grid"]);
    let grid_checked = super::run(&["check", "--piece", "zebra"], Some(grid.stdout.as_bytes()));
    assert_eq!(grid_checked.code, 0, "{}", grid_checked.stderr);
    // --piece and the JSON disagree: an invalid tour, both named.
    let knight = super::run(&["check", "--piece", "knight"], Some(json));
    assert_fails(
        &knight,
        1,
        &["zebra", "knight"],
        "JSON of a zebra read as a knight",
    );
}

#[test]
fn count_counts_a_leapers_paths_as_walking_them_does() {
    let wazir = (0, 1);
    for (rows, cols) in [(3, 3), (3, 4), (2, 5)] {
        let between = paths_between(rows, cols, &[wazir]);
        let open: u64 = between.iter().flatten().sum();
        let size = format!("{rows}x{cols}");
        let run = super::run(&["count", "--piece", "0,1", "--size", &size], None);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(
            run.stdout,
            format!("{open}\n"),
            "open wazir paths on {size}"
        );
        // A cycle is each of its squares' paths to a neighbour, both ways round.
        let leap = |p: usize, q: usize| {
            let (p, q) = (p as u32, q as u32);
            p.abs_diff(q) == cols && p % cols == q % cols
                || p.abs_diff(q) == 1 && p / cols == q / cols
        };
        let area = (rows * cols) as usize;
        let closing: u64 = (0..area)
            .flat_map(|p| (0..area).map(move |q| (p, q)))
            .filter(|&(p, q)| leap(p, q))
            .map(|(p, q)| between[p][q])
            .sum();
        let cycles = closing / (2 * area as u64);
        let run = super::run(
            &["count", "--piece", "0,1", "--size", &size, "--closed"],
            None,
        );
        assert_eq!(run.stdout, format!("{cycles}\n"), "wazir cycles on {size}");
    }
    let json = super::run(
        &[
            "count", "--piece", "0,1", "--size", "3x3", "--format", "json",
        ],
        None,
    );
    let json: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(json["piece"], "0,1");
    // The camel never changes colour: no tour covers a board of both colours.
    let camel = super::run(&["count", "--piece", "camel", "--size", "4x4"], None);
    assert_eq!(camel.stdout, "0\n");
}

#[test]
fn starts_and_ends_answer_for_the_piece_as_walking_its_paths_does() {
    let (rows, cols) = (3, 3);
    let between = paths_between(rows, cols, &[(0, 1)]);
    let run = super::run(&["starts", "--piece", "0,1", "--size", "3"], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected: String = (0..rows)
        .map(|row| {
            let cells: Vec<&str> = (0..cols)
                .map(|col| {
                    let from = (row * cols + col) as usize;
                    if between[from].iter().sum::<u64>() > 0 {
                        "T"
                    } else {
                        "-"
                    }
                })
                .collect();
            cells.join(" ") + "\n"
        })
        .collect();
    assert_eq!(run.stdout, expected, "the wazir's starts on 3x3");

    let run = super::run(
        &["ends", "--piece", "0,1", "--size", "3", "--start", "0,0"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected: String = (0..rows)
        .map(|row| {
            let cells: Vec<&str> = (0..cols)
                .map(|col| match between[0][(row * cols + col) as usize] {
                    0 => "-",
                    _ => "T",
                })
                .collect();
            cells.join(" ") + "\n"
        })
        .collect();
    assert_eq!(run.stdout, expected, "the wazir's ends from 0,0 on 3x3");

    let json = super::run(
        &[
            "starts", "--piece", "giraffe", "--size", "5", "--format", "json",
        ],
        None,
    );
    let json: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(json["piece"], "giraffe");
    let starts = json["starts"].as_array().unwrap();
    assert_eq!(starts.len(), 25);
    assert!(
        starts.iter().all(|start| start["outcome"] == "no_tour"),
        "{json}"
    );
}

#[test]
fn a_bad_piece_is_one_line_naming_it_with_status_2_on_every_command() {
    let commands: [&[&str]; 6] = [
        &["solve"],
        &["check", "--size", "5"],
        &["count", "--size", "3"],
        &["starts", "--size", "3"],
        &["ends", "--size", "3"],
        &["tui"],
    ];
    for command in commands {
        for (bad, shown) in [
            ("bishop", "'bishop'"),
            ("3,2", "'3,2'"),
            ("0,0", "'0,0'"),
            ("1,17", "'1,17'"),
            ("\x1b[31m", "\\e[31m"),
        ] {
            let args = [command, &["--piece", bad]].concat();
            let run = super::run(&args, Some(b""));
            let line = assert_fails(&run, 2, &[shown, "knight, camel, zebra, giraffe"], bad);
            assert!(!line.contains('\x1b'), "{line:?}");
            // A value that is no A,B is a name: unknown, said before the names and A,B.
            let named = !bad.contains(',');
            let names = line.find("knight, camel").unwrap();
            let unknown = line.find("unknown").filter(|&at| at < names);
            assert_eq!(unknown.is_some(), named, "{line}");
        }
    }
}

/// `text` with the figure that depends on the clock, a JSON `elapsed_ms`, cut out.
fn without_time(text: &str) -> String {
    match text.split_once("\"elapsed_ms\":") {
        Some((before, after)) => {
            let rest = after.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            format!("{before}\"elapsed_ms\":[time]{rest}")
        }
        None => text.to_string(),
    }
}

#[test]
fn the_knight_named_gives_the_same_bytes_as_the_default() {
    for args in [
        &["solve", "--size", "6", "--closed"][..],
        &["solve", "--size", "5", "--start", "c3", "--format", "json"],
        &["solve", "--size", "6", "--format", "svg"],
        &["count", "--size", "5", "--format", "json"],
        &["starts", "--size", "5", "--format", "json"],
    ] {
        let default = super::run(args, None);
        let named = super::run(&[args, &["--piece", "knight"]].concat(), None);
        assert_eq!(default.code, named.code, "{args:?}");
        assert_eq!(
            without_time(&default.stdout),
            without_time(&named.stdout),
            "{args:?}"
        );
        assert!(
            !default.stdout.contains("\"piece\""),
            "{args:?}: the knight's names none"
        );
    }
}

#[test]
fn a_picture_of_a_leapers_tour_is_titled_with_the_piece() {
    let run = solve(&["--piece", "zebra", "--size", "10", "--format", "svg"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let svg = roxmltree::Document::parse(&run.stdout).unwrap();
    let title = svg
        .descendants()
        .find(|node| node.has_tag_name("title"))
        .and_then(|node| node.text())
        .unwrap();
    assert_eq!(title, "Open zebra's tour of 10x10 from a10");
}

#[test]
fn leapers_on_mid_size_boards_are_answered_and_say_which_layer_did() {
    // The zebra's 12x13 from one of its lines apart: a tour by path flipping.
    let run = solve(&[
        "--piece", "zebra", "--size", "12x13", "--start", "5,6", "--format", "json", "--stats",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["layer"], "flip", "{json}");
    let path = json_path(&json);
    assert_eq!(path[0], Square::new(5, 6));
    assert_leaper_tour(board(12, 13), Leaper::ZEBRA, &path, false, "zebra 12x13");
    assert!(run.stderr.contains("layer flip"), "{}", run.stderr);

    // From another row, and on 12x12 at all, the lines apart say no.
    let run = solve(&["--piece", "zebra", "--size", "12x13", "--start", "3,4"]);
    assert_fails(
        &run,
        1,
        &["rows 0, 1, 5, 6, 10, 11"],
        "zebra 12x13 from 3,4",
    );
    let run = solve(&["--piece", "zebra", "--size", "12"]);
    assert_fails(
        &run,
        1,
        &["no zebra tour exists on the 12x12 board"],
        "zebra 12x12",
    );

    // Every start of the giraffe's 12x12 has its tour: no square gave up.
    let run = super::run(&["starts", "--piece", "giraffe", "--size", "12"], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.matches('T').count(), 144, "{}", run.stdout);
}

#[test]
fn a_piece_of_three_leaps_solves_counts_and_maps_and_the_explorer_refuses_it() {
    let centaur = "0,1+1,1+1,2";
    let leaps = [(0, 1), (1, 1), (1, 2)];
    for closed in [false, true] {
        let mut args = vec!["--piece", centaur, "--size", "5x6", "--format", "json"];
        if closed {
            args.push("--closed");
        }
        let run = solve(&args);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let json: Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(json["piece"], centaur);
        let path = json_path(&json);
        if let Err(error) = leaper_tour((5, 6), &leaps, &path, closed) {
            panic!("closed: {closed}: not a tour of the centaur: {error}");
        }
        // check reads it back as the same piece's tour.
        let mut check = vec!["check", "--piece", centaur];
        if closed {
            check.push("--closed");
        }
        let checked = super::run(&check, Some(run.stdout.as_bytes()));
        assert_eq!(checked.code, 0, "{}", checked.stderr);
        // And as a list on standard input, held half a byte a move (past the eighth, as jumps).
        let list: String = path
            .iter()
            .map(|square| format!("{} {}\n", square.row, square.col))
            .collect();
        let checked = super::run(&check, Some(list.as_bytes()));
        assert_eq!(checked.code, 0, "{}", checked.stderr);
    }
    // Counts against walking every path.
    let between = paths_between(2, 3, &leaps);
    let open: u64 = between.iter().flatten().sum();
    let run = super::run(&["count", "--piece", centaur, "--size", "2x3"], None);
    assert_eq!(run.stdout, format!("{open}\n"), "{}", run.stderr);
    // On 2x2 every square is a move from every other: the 4! orders, and the 3 cycles of K4.
    let run = super::run(&["count", "--piece", centaur, "--size", "2"], None);
    assert_eq!(run.stdout, "24\n", "{}", run.stderr);
    let run = super::run(
        &["count", "--piece", centaur, "--size", "2", "--closed"],
        None,
    );
    assert_eq!(run.stdout, "3\n", "{}", run.stderr);
    // The maps: a square is a start or an end where some path begins or ends on it.
    let between = paths_between(3, 3, &leaps);
    let run = super::run(&["starts", "--piece", centaur, "--size", "3"], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let starts: String = (0..3)
        .map(|row| {
            let cells: Vec<&str> = (0..3)
                .map(|col| {
                    let from = row * 3 + col;
                    if between[from].iter().sum::<u64>() > 0 {
                        "T"
                    } else {
                        "-"
                    }
                })
                .collect();
            cells.join(" ") + "\n"
        })
        .collect();
    assert_eq!(run.stdout, starts);
    let run = super::run(
        &["ends", "--piece", centaur, "--size", "3", "--start", "0,0"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let ends: String = (0..3)
        .map(|row| {
            let cells: Vec<&str> = (0..3)
                .map(|col| match row * 3 + col {
                    0 => "-",
                    to if between[0][to] > 0 => "T",
                    _ => "-",
                })
                .collect();
            cells.join(" ") + "\n"
        })
        .collect();
    assert_eq!(run.stdout, ends);
    // The explorer steps a search that takes at most 8 moves: refused on one line.
    let run = super::run(&["tui", "--piece", centaur], Some(b""));
    assert_fails(
        &run,
        2,
        &["explorer", "16", "solve"],
        "tui with the centaur",
    );
}

#[test]
fn a_piece_of_nine_leaps_or_a_bad_leg_is_refused_on_one_line() {
    for (bad, shown) in [
        (
            "0,1+0,2+0,3+0,4+0,5+0,6+0,7+0,8+0,9",
            "'0,1+0,2+0,3+0,4+0,5+0,6+0,7+0,8+0,9'",
        ),
        ("0,1+1,x+1,2", "'0,1+1,x+1,2'"),
        ("0,1+1,1+2,1", "'0,1+1,1+2,1'"),
        ("0,1+1,1+", "'0,1+1,1+'"),
    ] {
        let run = solve(&["--piece", bad]);
        let line = assert_fails(&run, 2, &[shown, "up to 8"], bad);
        assert!(line.contains("knight, camel"), "{line}");
    }
    // Eight leaps are a piece.
    let run = solve(&["--piece", "0,1+0,2+0,3+1,1+1,2+1,3+2,2+2,3", "--size", "4"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}
