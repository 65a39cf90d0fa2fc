//! Tours to and from files: `w` writes the tour on screen whole (read back through the
//! validator), a write that fails says so and leaves nothing behind, and `--tour` opens a file
//! ready to replay, refusing a bad one with `check`'s message and status before the terminal
//! is touched. The saving itself is `saving`: what a name means, the overwrite question, the
//! notice on a full screen, long names and pastes.

use std::fs;

use assert_cmd::Command;
use knights_tour::explorer::TourFileError;
use knights_tour::explorer::app::PromptPurpose;
use knights_tour::tourfile::{Expectations, InputFormat, check_tour};
use knights_tour_engine::tour::Tour;

use super::*;

/// Reads the list file at `path` on `board`, validated, keeping the tour.
pub(super) fn read_back(path: &std::path::Path, board: Board) -> Tour {
    let expect = Expectations {
        size: Some(board),
        piece: None,
        closed: false,
        start: None,
        end: None,
        memory_cap: None,
        keep_tour: Some(board.area()),
        shape: None,
    };
    let bytes = fs::read(path).unwrap();
    check_tour(bytes.as_slice(), InputFormat::List, &expect)
        .unwrap()
        .tour
        .unwrap()
}

/// The notice shown after a save, or the refusal of one.
pub(super) fn notice(app: &App) -> &str {
    &app.notice().expect("a notice").text
}

/// Types `text` into the open prompt, replacing what it holds, and presses Enter.
pub(super) fn answer_prompt(app: &mut App, text: &str) {
    let held = app.prompt().map_or(0, |(_, typed)| typed.chars().count());
    press(app, &"\x08".repeat(held));
    press(app, text);
    press(app, "\n");
}

#[test]
fn w_writes_the_tour_on_screen_and_it_reads_back_valid() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = explorer(6, 6, (0, 0), Method::Backtrack);
    press(&mut app, "w");
    assert!(notice(&app).contains("no tour to write yet"));
    assert_eq!(app.prompt(), None);
    press(&mut app, "f");
    settle(&mut app);
    press(&mut app, "w");
    assert_eq!(
        app.prompt(),
        Some((PromptPurpose::Write, "tour-6x6-a6.txt")),
        "the default names the board and the start"
    );
    let path = folder.path().join("six.txt");
    answer_prompt(&mut app, path.to_str().unwrap());
    assert!(notice(&app).starts_with("wrote the tour (36 squares)"));
    let written = read_back(&path, app.setup().board);
    assert_eq!(Some(&written), app.tour());
    let names: Vec<_> = fs::read_dir(folder.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporary file left: {names:?}");
}

#[test]
fn a_write_that_fails_is_a_message_and_leaves_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = explorer(5, 5, (0, 0), Method::Backtrack);
    press(&mut app, "f");
    settle(&mut app);
    press(&mut app, "w");
    let missing = folder.path().join("no such folder").join("tour.txt");
    answer_prompt(&mut app, missing.to_str().unwrap());
    let message = notice(&app);
    assert!(message.starts_with("could not write"), "{message}");
    assert!(message.contains("nothing written"), "{message}");
    assert!(!app.should_quit() && app.tour().is_some());
    // Esc cancels the prompt and writes nothing.
    press(&mut app, "w\x1b");
    assert_eq!(app.prompt(), None);
    assert!(fs::read_dir(folder.path()).unwrap().next().is_none());
}

/// A validated tour of `rows x cols` from `start`, as `solve --format list` writes it.
fn list_file(folder: &std::path::Path, rows: u64, cols: u64, start: &str) -> std::path::PathBuf {
    let output = Command::cargo_bin("knights-tour")
        .unwrap()
        .args([
            "solve",
            "--size",
            &format!("{rows}x{cols}"),
            "--start",
            start,
        ])
        .args(["--format", "list"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let path = folder.join("tour.txt");
    fs::write(&path, output.stdout).unwrap();
    path
}

#[test]
fn an_opened_tour_is_shown_ready_to_replay() {
    let folder = tempfile::tempdir().unwrap();
    let path = list_file(folder.path(), 5, 6, "2,3");
    let board = Board::new(5, 6).unwrap();
    let tour = read_back(&path, board);
    let app =
        explorer(8, 8, (0, 0), Method::Backtrack).with_opened_tour(tour.clone(), "'tour.txt'");
    assert_eq!(app.setup().board, board);
    assert_eq!(app.setup().start, Square::new(2, 3));
    assert_eq!(app.status(), Status::TourFound);
    assert_eq!(app.timeline(), Some((30, 30)));
    let text = screen(&app, Look::standard(), 100, 30);
    assert!(
        text.contains("Tour       from 'tour.txt', validated"),
        "{text}"
    );
    let mut app = app;
    press(&mut app, "0nn");
    assert_eq!(app.timeline(), Some((3, 30)));
    assert_eq!(
        app.scene().knight.unwrap().0,
        tour.squares().nth(2).unwrap()
    );
}

#[test]
fn a_bad_tour_file_is_refused_before_the_terminal_with_checks_status() {
    let folder = tempfile::tempdir().unwrap();
    let path = list_file(folder.path(), 6, 6, "0,0");
    // Valid, but this is no terminal: the tour passed, then the terminal is refused.
    Command::cargo_bin("knights-tour")
        .unwrap()
        .args(["tui", "--size", "6", "--tour", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("needs a terminal"));
    // Two squares swapped: a tour file whose tour breaks a rule is exit 1, as for check.
    let text = fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.swap(3, 4);
    fs::write(&path, lines.join("\n") + "\n").unwrap();
    Command::cargo_bin("knights-tour")
        .unwrap()
        .args(["tui", "--size", "6", "--tour", path.to_str().unwrap()])
        .assert()
        .code(1)
        .stderr(predicates::str::starts_with("knights-tour: invalid tour: "));
    // Not a tour file at all, or none there: exit 2.
    fs::write(&path, "hello\n").unwrap();
    for file in [path.to_str().unwrap(), "/no/such/file"] {
        Command::cargo_bin("knights-tour")
            .unwrap()
            .args(["tui", "--tour", file])
            .assert()
            .code(2)
            .stderr(predicates::str::is_match("^knights-tour: [^\n]+\n$").unwrap());
    }
}

/// The explorer `knights-tour tui ARGS` opens, or why it cannot.
pub(super) fn explorer_of(args: &[&str]) -> color_eyre::Result<App> {
    #[derive(clap::Parser)]
    struct Tui {
        #[command(flatten)]
        args: knights_tour::explorer::ExplorerArgs,
    }
    let tui = <Tui as clap::Parser>::try_parse_from([&["tui"], args].concat()).unwrap();
    tui.args.app()
}

#[test]
fn a_list_opened_without_size_is_shown_on_the_board_its_squares_span() {
    let folder = tempfile::tempdir().unwrap();
    let path = list_file(folder.path(), 12, 9, "0,0");
    let board = Board::new(12, 9).unwrap();
    let tour = read_back(&path, board);
    let path = path.to_str().unwrap();
    let app = explorer_of(&["--tour", path]).unwrap();
    assert_eq!(app.setup().board, board);
    assert_eq!(app.tour(), Some(&tour));
    assert_eq!(app.status(), Status::TourFound);
    let text = screen(&app, Look::standard(), 160, 40);
    assert!(text.contains("(board inferred from the list),"), "{text}");
    // --size wins when given: the same board says nothing of inference, another refuses.
    let app = explorer_of(&["--size", "12x9", "--tour", path]).unwrap();
    assert_eq!(app.tour(), Some(&tour));
    assert!(!screen(&app, Look::standard(), 160, 40).contains("inferred"));
    let refused = explorer_of(&["--size", "12x10", "--tour", path]).unwrap_err();
    let refused = refused
        .downcast_ref::<TourFileError>()
        .expect("a tour file error");
    assert!(refused.invalid, "{}", refused.message);
    assert!(
        refused.message.contains("108 of the 120"),
        "{}",
        refused.message
    );
}

#[test]
fn a_tour_path_that_cannot_be_read_is_named() {
    let folder = tempfile::tempdir().unwrap();
    let name = folder.path().to_str().unwrap();
    Command::cargo_bin("knights-tour")
        .unwrap()
        .args(["tui", "--tour", name])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(format!("cannot read '{name}'")));
}
