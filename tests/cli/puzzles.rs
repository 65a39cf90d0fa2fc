//! Rosetta Code's path puzzles, each pasted as published in `tests/fixtures/puzzles/`: the Holy
//! Knight's tour (and its 13×13 extra credit), Hidato (the king), two Numbrix (the wazir) and
//! Hopido. Each is solved by the binary from its picture, its tour read back from the list and
//! passed through the validator of the board's shape (holes avoided, numbers kept); where the
//! published solution is unique (Hidato, Numbrix) the tour is that solution, square for square,
//! and `count --at-most 2` says 1.

use std::path::PathBuf;

use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::shape::picture;
use knights_tour_engine::tour::{ShapeRoute, check_on_shape};

use super::{parse_list, run};

/// The puzzles: the fixture's name, the piece, and whether a unique solution is published.
const PUZZLES: [(&str, &str, bool); 6] = [
    ("holy-knight", "knight", false),
    ("holy-knight-13", "knight", false),
    ("hidato", "king", true),
    ("numbrix-1", "wazir", true),
    ("numbrix-2", "wazir", true),
    ("hopido", "hopido", false),
];

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/puzzles/{name}.txt"))
}

#[test]
fn each_published_puzzle_is_solved_as_its_rules_ask() {
    for (name, piece, unique) in PUZZLES {
        let path = fixture(name);
        let board = path.to_str().unwrap();
        let solved = run(
            &[
                "solve", "--board", board, "--piece", piece, "--format", "list",
            ],
            None,
        );
        assert_eq!(solved.code, 0, "{name}: {}", solved.stderr);
        let squares = parse_list(&solved.stdout);
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzle = picture::read(&text).unwrap();
        let shape = puzzle.shape();
        let leaper = Leaper::parse(piece).unwrap();
        let indices: Vec<u32> = squares.iter().map(|&s| shape.board().index(s)).collect();
        let route = ShapeRoute {
            start: puzzle.start(),
            ..ShapeRoute::default()
        };
        assert_eq!(
            check_on_shape(shape, leaper, &indices, route),
            Ok(()),
            "{name}"
        );
        if unique {
            let published = std::fs::read_to_string(fixture(&format!("{name}-solution"))).unwrap();
            let published = picture::read(&published).unwrap();
            for clue in published.shape().clues() {
                let visited = squares[clue.number as usize - 1];
                assert_eq!(visited, clue.square, "{name}: visit {}", clue.number);
            }
            let proper = run(
                &[
                    "count",
                    "--board",
                    board,
                    "--piece",
                    piece,
                    "--at-most",
                    "2",
                ],
                None,
            );
            assert_eq!(proper.stdout.trim(), "1", "{name}: {}", proper.stderr);
        }
    }
}

#[test]
fn check_names_the_first_number_a_tour_breaks() {
    // 3x4 has open knight's tours; the last square of one is given 12, and the tour run
    // backwards breaks that number.
    let open = super::scratch_file("open-3x4.txt", b"0 0 0 0\n0 0 0 0\n0 0 0 0\n");
    let solved = run(
        &[
            "solve",
            "--board",
            open.to_str().unwrap(),
            "--format",
            "list",
        ],
        None,
    );
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let squares = parse_list(&solved.stdout);
    let last = squares[11];
    let mut rows = vec![vec!["0"; 4]; 3];
    rows[last.row as usize][last.col as usize] = "12";
    let picture: String = rows.iter().map(|row| row.join(" ") + "\n").collect();
    let clued = super::scratch_file("clued-3x4.txt", picture.as_bytes());
    let clued = clued.to_str().unwrap();
    let forward = run(&["check", "--board", clued], Some(solved.stdout.as_bytes()));
    assert_eq!(forward.code, 0, "{}", forward.stderr);
    assert!(
        forward.stdout.contains("3x4 with 1 clue"),
        "{}",
        forward.stdout
    );
    let mut backward = squares.clone();
    backward.reverse();
    let reversed = super::list_text(&backward);
    let broken = run(&["check", "--board", clued], Some(reversed.as_bytes()));
    super::assert_fails(
        &broken,
        1,
        &["number 12", &format!("{},{}", last.row, last.col)],
        "a broken number",
    );
}

#[test]
fn a_bad_picture_is_named_by_line_and_column() {
    let cases: [(&[u8], &[&str]); 3] = [
        (b"0 0 0\n0 q 0\n", &["line 2", "column 3", "'q'"]),
        (b"0 2 0\n0 2 0\n", &["2", "twice"]),
        (b". .\n. .\n", &["no open square"]),
    ];
    for (text, needles) in cases {
        let file = super::scratch_file("bad-picture.txt", text);
        let solved = run(&["solve", "--board", file.to_str().unwrap()], None);
        super::assert_fails(&solved, 2, needles, "a bad picture");
    }
}

#[test]
fn the_explorer_and_the_server_read_a_board_and_name_its_bad_cell() {
    let bad = super::scratch_file("bad-explorer-board.txt", b"0 0 0\n0 q 0\n");
    let bad = bad.to_str().unwrap();
    let listen = ["--open", "--listen", "127.0.0.1:0"];
    let serve: Vec<&str> = ["serve", "--board", bad]
        .iter()
        .chain(&listen)
        .copied()
        .collect();
    for args in [vec!["--board", bad], serve] {
        let refused = run(&args, None);
        super::assert_fails(&refused, 2, &["line 2", "column 3", "'q'"], "a bad --board");
    }
    // A good board is read, and only the missing terminal stops the explorer.
    let board = fixture("hidato");
    let opened = run(&["--board", board.to_str().unwrap()], None);
    super::assert_fails(
        &opened,
        2,
        &["needs a terminal"],
        "--board without a terminal",
    );
}
