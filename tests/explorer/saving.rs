//! `w` and `e` write into what a name means, never over it: an existing file is replaced only
//! after a yes to `overwrite 'NAME'? (y/n)` and keeps its mode, a link is followed, a FIFO or a
//! folder is refused with nothing written, the outcome shows however full the screen is, a name
//! is taken whole up to the system's limit or refused, and pasted text never falls through onto
//! the board.

use std::collections::VecDeque;
use std::fs;
use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
use std::path::Path;
use std::process::Command;

use crossterm::event::Event;
use knights_tour::explorer::Ending;
use knights_tour::explorer::app::{MAX_PROMPT_BYTES, PromptPurpose, TourView};
use knights_tour::explorer::driver::{LoopInput, Sizing, run_loop};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{TerminalOptions, Viewport};

use super::files::{answer_prompt, notice, read_back};
use super::*;

/// An explorer on `rows x cols` with a tour found by backtracking.
fn with_tour(rows: u64, cols: u64) -> App {
    let mut app = explorer(rows, cols, (0, 0), Method::Backtrack);
    press(&mut app, "f");
    settle(&mut app);
    assert!(app.tour().is_some());
    app
}

/// The names in `folder`, sorted: a temporary file left behind shows here.
fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The last row of the screen: the key bar.
fn key_bar(app: &App) -> String {
    screen(app, Look::standard(), 80, 24)
        .lines()
        .nth(23)
        .unwrap()
        .to_string()
}

#[test]
fn an_existing_file_is_replaced_only_after_a_yes_and_keeps_its_mode() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("six.txt");
    fs::write(&path, "old").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
    let name = path.to_str().unwrap();
    let mut app = with_tour(6, 6);
    press(&mut app, "w");
    answer_prompt(&mut app, name);
    assert_eq!(app.prompt(), Some((PromptPurpose::Overwrite, name)));
    assert_eq!(
        key_bar(&app),
        format!(" overwrite '{name}'? (y/n)"),
        "the question is asked"
    );
    // Only y or n answers: the board keys do nothing meanwhile.
    press(&mut app, "xq\n");
    assert_eq!(app.prompt(), Some((PromptPurpose::Overwrite, name)));
    assert!(!app.should_quit());
    press(&mut app, "n");
    assert_eq!(app.prompt(), None);
    assert!(
        notice(&app).starts_with("nothing written"),
        "{}",
        notice(&app)
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "old");
    // Asked again, and yes.
    press(&mut app, "w");
    answer_prompt(&mut app, name);
    press(&mut app, "y");
    assert!(
        notice(&app).starts_with("wrote the tour (36 squares)"),
        "{}",
        notice(&app)
    );
    assert_eq!(Some(&read_back(&path, app.setup().board)), app.tour());
    let mode = fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o7777, 0o600, "the mode is kept");
    assert_eq!(names(folder.path()), ["six.txt"]);
}

#[test]
fn a_fifo_and_a_folder_are_refused_and_a_link_is_followed() {
    let folder = tempfile::tempdir().unwrap();
    let fifo = folder.path().join("pipe");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let mut app = with_tour(5, 5);
    for (path, kind) in [
        (fifo.clone(), "a named pipe (FIFO)"),
        (folder.path().to_path_buf(), "a directory"),
    ] {
        press(&mut app, "w");
        answer_prompt(&mut app, path.to_str().unwrap());
        assert_eq!(app.prompt(), None, "no question: it is not replaced");
        assert_eq!(
            notice(&app),
            format!(
                "could not write '{}': it is {kind}, not a regular file; nothing written",
                path.display()
            )
        );
    }
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    // A link to a file: the file is written, asked about first, and the link stays.
    let target = folder.path().join("target.txt");
    fs::write(&target, "old").unwrap();
    let link = folder.path().join("link.txt");
    symlink("target.txt", &link).unwrap();
    press(&mut app, "w");
    answer_prompt(&mut app, link.to_str().unwrap());
    press(&mut app, "y");
    let expected = format!(
        "wrote the tour (25 squares) to '{}' (a link to '{}')",
        link.display(),
        target.display()
    );
    assert_eq!(notice(&app), expected);
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(Some(&read_back(&target, app.setup().board)), app.tour());
    assert_eq!(names(folder.path()), ["link.txt", "pipe", "target.txt"]);
}

#[test]
fn the_outcome_of_a_save_shows_on_a_full_screen_at_80x24() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = explorer(1000, 1000, (0, 0), Method::Construct);
    press(&mut app, "f");
    settle(&mut app);
    assert_eq!(app.status(), Status::TourFound);
    let path = folder.path().join("big.txt");
    press(&mut app, "w");
    answer_prompt(&mut app, path.to_str().unwrap());
    let shown = screen(&app, Look::standard(), 80, 24);
    let written = format!("wrote the tour (1000000 squares) to '{}'", path.display());
    assert!(shown.contains(&written), "{shown}");
    assert_eq!(
        read_back(&path, app.setup().board).indices().len(),
        1_000_000
    );
    // A failure too.
    press(&mut app, "e");
    let missing = folder.path().join("no such folder").join("big.svg");
    answer_prompt(&mut app, missing.to_str().unwrap());
    let shown = screen(&app, Look::standard(), 80, 24);
    assert!(shown.contains("could not write '"), "{shown}");
    assert!(shown.contains("nothing written"), "{shown}");
    // The next key takes the notice away and brings the keys back.
    press(&mut app, "c");
    assert_eq!(app.notice(), None);
    assert!(key_bar(&app).contains("help"));
    assert_eq!(names(folder.path()), ["big.txt"]);
}

#[test]
fn a_long_name_is_taken_whole_up_to_the_limit_never_cut() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = with_tour(5, 5);
    // Longer than a file system takes (255 bytes a name): refused by the system, in full.
    let long = folder.path().join(format!("{}.txt", "y".repeat(300)));
    press(&mut app, "w");
    answer_prompt(&mut app, long.to_str().unwrap());
    let message = notice(&app);
    assert!(message.contains("name too long"), "{message}");
    assert!(message.ends_with("nothing written"), "{message}");
    assert!(names(folder.path()).is_empty(), "not cut to a shorter name");
    // While typed, the key bar shows the end of it, where typing goes on.
    press(&mut app, "w\x08\x08\x08\x08");
    press(&mut app, &"z".repeat(200));
    // 20 columns ask, 1 is the cursor: the hint gives way, and `…` and 58 of the end show.
    assert_eq!(
        key_bar(&app),
        format!(" write the tour to: …{}_", "z".repeat(58))
    );
    press(&mut app, "\x1b");
    // The prompt holds up to the longest path the system takes, then refuses more.
    press(&mut app, "g");
    press(&mut app, &"1".repeat(MAX_PROMPT_BYTES));
    assert_eq!(app.prompt().unwrap().1.len(), MAX_PROMPT_BYTES);
    press(&mut app, "2");
    assert_eq!(app.prompt().unwrap().1.len(), MAX_PROMPT_BYTES);
    assert!(notice(&app).starts_with("a name is at most 4095 bytes"));
    assert!(screen(&app, Look::standard(), 80, 24).contains("at most 4095 bytes"));
    press(&mut app, "\x1b");
}

#[test]
fn control_and_bidirectional_characters_in_a_prompt_are_shown_escaped() {
    let mut app = with_tour(5, 5);
    press(&mut app, "w");
    answer_text(&mut app, "a\u{202e}b");
    assert_eq!(app.prompt().unwrap().1, "a\u{202e}b", "typed as it is");
    let bar = key_bar(&app);
    assert!(bar.starts_with(r" write the tour to: a\u{202e}b_"), "{bar}");
    // A pasted escape sequence is left out; the text around it stays.
    assert!(app.paste("\x1b[2Jc"));
    assert_eq!(app.prompt().unwrap().1, "a\u{202e}b[2Jc");
}

/// Replaces the open prompt's text with `text`, without pressing Enter.
fn answer_text(app: &mut App, text: &str) {
    let held = app.prompt().map_or(0, |(_, typed)| typed.chars().count());
    press(app, &"\x08".repeat(held));
    press(app, text);
}

/// Runs the loop on an 80x24 told-size terminal with `inputs`: `None` is a pause (nothing
/// came in the time the loop waited). Returns how it ended.
fn drive(app: &mut App, inputs: Vec<Option<LoopInput>>) -> Ending {
    let options = TerminalOptions {
        viewport: Viewport::Fixed(Rect::new(0, 0, 80, 24)),
    };
    let mut terminal = Terminal::with_options(CrosstermBackend::new(std::io::sink()), options)
        .expect("a fixed viewport asks nothing");
    let mut inputs: VecDeque<Option<LoopInput>> = inputs.into();
    run_loop(&mut terminal, app, Look::standard(), Sizing::Told, |_| {
        Ok(inputs.pop_front().expect("the test ends the run"))
    })
    .unwrap()
}

/// The key events of `text`, as a terminal without bracketed paste sends a paste.
fn keys(text: &str) -> Vec<Option<LoopInput>> {
    text.chars()
        .map(|c| Some(LoopInput::Event(Event::Key(key_of(c)))))
        .collect()
}

#[test]
fn keys_pasted_after_a_prompts_enter_never_reach_the_board() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("pasted.txt");
    let mut app = with_tour(6, 6);
    let start = app.setup().start;
    // w, the default name erased, then a paste of the name, a line break and more: `n` would
    // step, Enter would restart the search from the cursor and lose the tour.
    let mut inputs = keys("w");
    inputs.extend(keys(&"\x08".repeat(app.default_tour_name().len())));
    inputs.extend(keys(&format!("{}\nnnn\n\n", path.display())));
    // After a pause, a key counts again.
    inputs.push(None);
    inputs.extend(keys("v"));
    inputs.push(Some(LoopInput::End(Ending::Signal(1))));
    assert_eq!(drive(&mut app, inputs), Ending::Signal(1));
    assert_eq!(Some(&read_back(&path, app.setup().board)), app.tour());
    assert_eq!(app.timeline(), Some((36, 36)), "the tour is whole");
    assert_eq!(
        (app.setup().start, app.status()),
        (start, Status::TourFound)
    );
    assert_eq!(
        app.view(),
        TourView::Path,
        "the key after the pause was taken"
    );
}

#[test]
fn a_bracketed_paste_types_its_first_line_into_the_prompt_and_nothing_else() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("pasted.txt");
    let mut app = with_tour(6, 6);
    let paste = |text: String| Some(LoopInput::Event(Event::Paste(text)));
    let mut inputs = vec![paste("nnn\n".into())];
    inputs.extend(keys("w"));
    inputs.extend(keys(&"\x08".repeat(app.default_tour_name().len())));
    inputs.push(paste(format!("{}\nnnn\n", path.display())));
    inputs.push(Some(LoopInput::End(Ending::Signal(1))));
    drive(&mut app, inputs);
    // Typed, not sent: the prompt waits for Enter, and the board saw no key.
    let name = path.to_str().unwrap();
    assert_eq!(app.prompt(), Some((PromptPurpose::Write, name)));
    assert!(!path.exists());
    assert_eq!(app.timeline(), Some((36, 36)));
    // Too long for a name: refused whole, the prompt as it was.
    assert!(app.paste(&"x".repeat(MAX_PROMPT_BYTES)));
    assert_eq!(app.prompt(), Some((PromptPurpose::Write, name)));
    assert!(notice(&app).starts_with("a name is at most"));
    press(&mut app, "\n");
    assert_eq!(Some(&read_back(&path, app.setup().board)), app.tour());
    // Without a prompt, a paste does nothing.
    assert!(!app.paste("nnn\n"));
    assert_eq!(app.timeline(), Some((36, 36)));
}
