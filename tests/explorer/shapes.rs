//! Boards of any shape (`--board`): holes and clues drawn apart from the search's numbers,
//! edited with `x` and `#`, written with `w` in the format `--board` reads, searched, and a
//! puzzle with clues played to its end and judged dead with a reason, all through the real key
//! map. The puzzle's clues are cut from a tour the engine finds on Rosetta Code's Holy Knight's
//! board.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use knights_tour::explorer::app::{Judgement, Standing};
use knights_tour_engine::shape::picture::{self, Picture};
use knights_tour_engine::shape::{Clue, Shape};
use knights_tour_engine::solve::{Outcome, Request, solve};

use super::files::{answer_prompt, explorer_of, notice};
use super::play::await_verdict;
use super::*;

/// Rosetta Code's Holy Knight's tour, as published.
fn holy_knight() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/puzzles/holy-knight.txt");
    fs::read_to_string(path).unwrap()
}

/// A tour of the Holy Knight's board the engine finds, its squares in visit order.
fn holy_tour() -> (Shape, Vec<Square>) {
    let shape = picture::read(&holy_knight()).unwrap().into_shape();
    let request = Request::on_shape(Arc::new(shape.clone()), shape.clued_start());
    let Outcome::Tour { tour, .. } = solve(&request).unwrap() else {
        panic!("the Holy Knight's tour has a solution");
    };
    let squares = tour.squares().collect();
    (shape, squares)
}

/// The Holy Knight's board with every `every`-th number of the engine's tour given (1 and the
/// last among them), and that tour.
fn puzzle(every: usize) -> (Picture, Vec<Square>) {
    let (shape, tour) = holy_tour();
    let last = tour.len();
    let clues: Vec<Clue> = tour
        .iter()
        .enumerate()
        .filter(|&(k, _)| k % every == 0 || k + 1 == last)
        .map(|(k, &square)| Clue {
            number: k as u32 + 1,
            square,
        })
        .collect();
    let shape = Shape::new(shape.board(), shape.holes(), &clues).unwrap();
    (Picture::new(shape, None).unwrap(), tour)
}

/// An explorer opened on `picture` with `--board`, as the command line opens it.
fn opened(picture: &Picture, name: &str) -> (App, PathBuf) {
    let dir = std::env::temp_dir().join(format!("kt-shapes-{}-{name}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("board.txt");
    fs::write(&path, picture.to_string()).unwrap();
    let app = explorer_of(&["--board", path.to_str().unwrap()]).unwrap();
    (app, dir)
}

/// Moves the cursor to `square` through the go-to prompt.
fn go_to(app: &mut App, square: Square) {
    press(app, "g");
    answer_prompt(app, &format!("{},{}", square.row, square.col));
    assert_eq!(app.cursor(), square);
}

#[test]
fn a_board_with_holes_and_clues_is_drawn_apart_from_the_visit_numbers() {
    let (picture, _) = puzzle(6);
    let (mut app, _) = opened(&picture, "drawn");
    assert!(app.is_hole(Square::new(0, 0)), "a8 is a hole");
    assert!(app.has_clues());
    assert_eq!(app.squares(), 36);
    assert_screen!("holy_puzzle_80x24", screen(&app, Look::standard(), 80, 24));
    assert_screen!(
        "holy_puzzle_80x24_ascii",
        screen(&app, plain_ascii(), 80, 24)
    );
    // On a small terminal the holes and the numbers given stay apart too.
    assert_screen!(
        "holy_puzzle_60x20_ascii",
        screen(&app, plain_ascii(), 60, 20)
    );
    // The clues bind more than the start: f asks the engine's solve, which keeps them.
    press(&mut app, "f");
    let tour = app.tour().expect("the puzzle has a solution").clone();
    for clue in picture.shape().clues() {
        assert_eq!(tour.indices()[clue.number as usize - 1], {
            let board = picture.shape().board();
            board.index(clue.square)
        });
    }
    assert_screen!(
        "holy_puzzle_solved_80x24",
        screen(&app, Look::standard(), 80, 24)
    );
    for zoom in ["z", "z"] {
        press(&mut app, zoom);
        let shown = screen(&app, plain_ascii(), 80, 24);
        assert!(
            shown.contains('/'),
            "holes are drawn at every zoom:\n{shown}"
        );
    }
}

#[test]
fn the_stepped_search_cuts_the_holes_out() {
    let picture = picture::read(&holy_knight()).unwrap();
    let (mut app, _) = opened(&picture, "stepped");
    // A clue 1 alone fixes only the start: the search is stepped, with the holes cut out.
    assert!(!app.clues_bind());
    press(&mut app, "nnn");
    assert_eq!(app.path().len(), 4);
    assert!(app.path().iter().all(|&square| !app.is_hole(square)));
    press(&mut app, "f");
    settle(&mut app);
    let tour = app.tour().expect("a tour of the open squares");
    assert_eq!(tour.indices().len(), 36);
    assert_screen!("holy_stepped_240x60", screen(&app, plain_ascii(), 240, 60));
}

#[test]
fn x_and_hash_edit_the_board_and_w_writes_what_solve_reads_back() {
    let mut app = explorer(5, 5, (0, 0), Method::Backtrack);
    go_to(&mut app, Square::new(2, 2));
    press(&mut app, "x");
    assert!(app.is_hole(Square::new(2, 2)));
    assert_eq!(app.squares(), 24);
    go_to(&mut app, Square::new(4, 4));
    press(&mut app, "#");
    answer_prompt(&mut app, "24");
    assert_eq!(app.shape().unwrap().clue_at(Square::new(4, 4)), Some(24));
    // Bad numbers are one line each, never a panic.
    go_to(&mut app, Square::new(0, 4));
    for (typed, said) in [
        ("0", "not one of 1 to 24"),
        ("25", "not one of 1 to 24"),
        ("abc", "not one of 1 to 24"),
        ("24", "given already, at e1"),
    ] {
        press(&mut app, "#");
        answer_prompt(&mut app, typed);
        let message = app.message().unwrap_or_default().to_string();
        assert!(message.contains(said), "{typed}: {message}");
        assert!(!message.contains('\n'));
    }
    go_to(&mut app, Square::new(2, 2));
    press(&mut app, "#");
    assert!(app.message().unwrap().contains("is a hole"));
    go_to(&mut app, Square::new(0, 0));
    press(&mut app, "x");
    assert!(app.message().unwrap().contains("is the start"));
    assert!(!app.is_hole(Square::new(0, 0)));

    let dir = std::env::temp_dir().join(format!("kt-shapes-{}-edit", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("drawn.txt");
    let _ = fs::remove_file(&path);
    press(&mut app, "w");
    answer_prompt(&mut app, path.to_str().unwrap());
    assert!(
        notice(&app).contains("wrote the board (5x5 less 1 hole, 1 clue)"),
        "{}",
        notice(&app)
    );
    let read = picture::read(&fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(read.shape(), app.shape().unwrap());
    assert_eq!(read.start(), Some(Square::new(0, 0)));
    // The command line reads the file back and answers it.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_knights-tour"))
        .args(["solve", "--board", path.to_str().unwrap()])
        .output()
        .unwrap();
    let status = output.status.code();
    assert!(
        matches!(status, Some(0 | 1)),
        "{status:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Opening the hole again and clearing the clue gives the rectangle back.
    go_to(&mut app, Square::new(2, 2));
    press(&mut app, "x");
    go_to(&mut app, Square::new(4, 4));
    press(&mut app, "#");
    assert!(
        app.shape().is_none(),
        "a whole rectangle without clues holds no shape"
    );
}

#[test]
fn resizing_keeps_the_holes_and_clues_still_inside() {
    let (picture, _) = puzzle(6);
    let (mut app, _) = opened(&picture, "resize");
    let holes = app.shape().unwrap().holes().len();
    press(&mut app, "}");
    let shape = app.shape().unwrap();
    assert_eq!(shape.board().rows(), 9);
    assert_eq!(shape.holes().len(), holes);
    press(&mut app, "{{");
    let shape = app.shape().unwrap();
    assert_eq!(shape.board().rows(), 7);
    assert!(shape.holes().iter().all(|hole| hole.row < 7));
    assert!(
        shape
            .clues()
            .iter()
            .all(|clue| u64::from(clue.number) <= shape.open_count())
    );
    assert!(!app.is_hole(app.setup().start));
}

#[test]
fn a_puzzle_with_clues_is_played_to_its_end_and_says_solved() {
    let (picture, tour) = puzzle(4);
    let (mut app, _) = opened(&picture, "play");
    press(&mut app, "P");
    assert!(app.play().is_some());
    await_verdict(&mut app);
    // The hint is the next square of a solution.
    press(&mut app, "i");
    assert_eq!(app.play().unwrap().hint(), Some(tour[1]));
    // A square given another number is refused, with a word.
    let given = picture.shape().clues()[1];
    go_to(&mut app, given.square);
    press(&mut app, "\n");
    assert!(
        app.message()
            .is_some_and(|m| m.contains("given") || m.contains("move"))
    );
    for &square in &tour[1..] {
        go_to(&mut app, square);
        press(&mut app, "\n");
        assert_eq!(
            app.play().unwrap().path().last(),
            Some(&square),
            "{:?}",
            app.message()
        );
    }
    // Undo takes the last back, and playing it again solves the puzzle.
    press(&mut app, "u");
    assert_eq!(app.play().unwrap().path().len(), tour.len() - 1);
    go_to(&mut app, tour[tour.len() - 1]);
    press(&mut app, "\n");
    assert!(app.play().unwrap().tour().is_some());
    let shown = screen(&app, Look::standard(), 80, 24);
    assert!(shown.contains("solved in"), "{shown}");
}

#[test]
fn a_move_that_leaves_a_clue_out_of_reach_is_judged_dead_with_its_reason() {
    let (picture, tour) = puzzle(3);
    let (mut app, _) = opened(&picture, "dead");
    press(&mut app, "P");
    await_verdict(&mut app);
    let moves = app.play().unwrap().moves();
    let mut dead = None;
    for step in moves.iter().filter(|step| step.square != tour[1]) {
        press(&mut app, &step.number.to_string());
        await_verdict(&mut app);
        let standing = app.play().unwrap().standing();
        if let Standing::Judged(Judgement::Dead { reason, .. }) = standing {
            dead = Some((step.square, reason.to_string()));
            break;
        }
        press(&mut app, "u");
    }
    let (square, reason) = dead.expect("a wrong move from the start is dead");
    assert!(!reason.is_empty());
    assert_eq!(app.play().unwrap().path().last(), Some(&square));
    let shown = screen(&app, Look::standard(), 80, 24);
    assert!(shown.contains("dead:"), "{shown}");
    assert_screen!("holy_puzzle_dead_80x24", shown);
}
