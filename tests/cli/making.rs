//! `puzzle`, as a scripting user drives it: a puzzle made from a seed nobody chose is read back
//! by `count --board --at-most 2` (exactly one solution) and by `solve --board`, whose tour passes
//! the validator of the puzzle's shape (numbers kept); its JSON is a tour file `check` accepts;
//! the same seed gives the same bytes; boards without a puzzle are refused with their reason.

use std::time::{SystemTime, UNIX_EPOCH};

use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::shape::picture;
use knights_tour_engine::tour::{ShapeRoute, check_on_shape};
use serde_json::Value;

use super::{parse_list, run};

/// A seed from the clock: the tests meet seeds nobody chose, and name them when they fail.
fn clock_seed() -> String {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    (now.as_nanos() as u64).to_string()
}

#[test]
fn a_made_puzzle_has_one_solution_and_its_solver_keeps_every_number() {
    let cases = [
        ("6", "knight", "few"),
        ("5", "wazir", "some"),
        ("4x5", "king", "many"),
        ("6", "hopido", "few"),
    ];
    for (size, piece, clues) in cases {
        let seed = clock_seed();
        let what = format!("--size {size} --piece {piece} --clues {clues} --seed {seed}");
        let made = run(
            &[
                "puzzle", "--size", size, "--piece", piece, "--clues", clues, "--seed", &seed,
            ],
            None,
        );
        assert_eq!(made.code, 0, "{what}: {}", made.stderr);
        let board = made.stdout.as_bytes();
        let counted = run(
            &["count", "--board", "-", "--piece", piece, "--at-most", "2"],
            Some(board),
        );
        assert_eq!(
            counted.stdout, "1\n",
            "{what}: {}\n{}",
            counted.stderr, made.stdout
        );
        let solved = run(
            &[
                "solve", "--board", "-", "--piece", piece, "--format", "list",
            ],
            Some(board),
        );
        assert_eq!(solved.code, 0, "{what}: {}", solved.stderr);
        let puzzle = picture::read(&made.stdout).unwrap();
        let shape = puzzle.shape();
        let path: Vec<u32> = parse_list(&solved.stdout)
            .into_iter()
            .map(|square| shape.board().index(square))
            .collect();
        let leaper = Leaper::parse(piece).unwrap();
        assert_eq!(
            check_on_shape(shape, leaper, &path, ShapeRoute::default()),
            Ok(()),
            "{what}\n{}",
            made.stdout
        );
    }
}

#[test]
fn the_json_gives_the_solution_as_a_tour_file_and_the_same_picture() {
    let seed = clock_seed();
    let args = ["puzzle", "--size", "6x7", "--closed", "--seed", &seed];
    let board = run(&args, None);
    let json = run(&[&args[..], &["--format", "json"]].concat(), None);
    assert_eq!(
        (board.code, json.code),
        (0, 0),
        "seed {seed}: {}",
        json.stderr
    );
    let object: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(
        object["picture"].as_str(),
        Some(board.stdout.as_str()),
        "seed {seed}"
    );
    assert_eq!(object["seed"].to_string(), seed);
    assert_eq!(object["open"], 42);
    assert!(
        object["solve_nodes"].is_u64() && object["nodes"].is_u64(),
        "seed {seed}"
    );
    let clues = object["clues"].as_array().unwrap();
    assert_eq!(
        object["given"].as_u64(),
        Some(clues.len() as u64),
        "seed {seed}"
    );
    // The object is a tour file: `check` validates its path on its numbers, closed.
    let checked = run(&["check", "-"], Some(json.stdout.as_bytes()));
    assert_eq!(checked.code, 0, "seed {seed}: {}", checked.stderr);
    assert!(
        checked.stdout.starts_with("valid closed tour"),
        "{}",
        checked.stdout
    );
}

#[test]
fn a_seed_gives_the_same_puzzle_byte_for_byte() {
    let seed = clock_seed();
    let make = |seed: &str| run(&["puzzle", "--size", "8", "--seed", seed], None).stdout;
    let first = make(&seed);
    assert_eq!(first, make(&seed), "seed {seed}");
    let other = (seed.parse::<u64>().unwrap() ^ 1).to_string();
    assert_ne!(first, make(&other), "seeds {seed} and {other}");
    // Without --seed, the seed drawn is said, and gives the puzzle again.
    let drawn = run(&["puzzle", "--size", "8"], None);
    let said = drawn
        .stderr
        .trim()
        .strip_prefix("knights-tour: puzzle seed ")
        .unwrap();
    assert_eq!(drawn.stdout, make(said));
}

#[test]
fn a_board_of_any_shape_keeps_its_holes() {
    let holes = ". 0 0 0 0 .\n0 0 0 0 0 0\n0 0 . . 0 0\n0 0 0 0 0 0\n. 0 0 0 0 .\n";
    let made = run(
        &["puzzle", "--board", "-", "--seed", "7"],
        Some(holes.as_bytes()),
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    let puzzle = picture::read(&made.stdout).unwrap();
    let asked = picture::read(holes).unwrap();
    assert_eq!(puzzle.shape().holes(), asked.shape().holes());
    assert!(!puzzle.shape().clues().is_empty());
}

#[test]
fn boards_without_a_puzzle_are_refused_with_their_reason() {
    let refusals: [(&[&str], i32, &str); 5] = [
        (&["--size", "4"], 2, "no open tour exists on a 4x4 board"),
        (&["--size", "21"], 2, "at most 400 open squares"),
        (&["--size", "5", "--closed"], 2, "no puzzle on 5x5"),
        (
            &["--size", "12", "--clues", "few", "--deadline", "1ms"],
            3,
            "gave up: the deadline",
        ),
        (&["--size", "8", "--clues", "lots"], 2, "'lots'"),
    ];
    for (args, code, message) in refusals {
        let refused = run(&[&["puzzle", "--seed", "1"], args].concat(), None);
        assert_eq!(refused.code, code, "{args:?}: {}", refused.stderr);
        assert!(refused.stdout.is_empty(), "{args:?}");
        assert_eq!(
            refused.stderr.lines().count(),
            1,
            "{args:?}: {}",
            refused.stderr
        );
        assert!(
            refused.stderr.contains(message),
            "{args:?}: {}",
            refused.stderr
        );
    }
}
