//! The explorer, driven as a user drives it: key sequences through the real key map, screens
//! drawn to ratatui's `TestBackend` and snapshot-tested, the `demo.tape` replayed, and the real
//! binary run in a pseudo-terminal; the docs' picture of the screen checked against it.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use knights_tour::explorer::app::{FINISH_NODE_BUDGET, KnightState};
use knights_tour::explorer::ui::{ColorMode, GlyphSet};
use knights_tour::explorer::{App, BoardViewport, Look, Screen, Setup, Speed, Status, action};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::solve::Method;
use knights_tour_engine::tour::validate;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

/// An explorer on `rows x cols` from `start`, open, by `method`, at 10 steps a second.
fn explorer(rows: u64, cols: u64, start: (u32, u32), method: Method) -> App {
    let setup = Setup {
        board: Board::new(rows, cols).unwrap(),
        piece: knights_tour_engine::leaper::Leaper::KNIGHT,
        start: Square::new(start.0, start.1),
        closed: false,
        method,
    };
    App::new(setup, Speed::PerSecond(10))
}

/// The key event a character stands for (`\n` for Enter, `\x1b` for Esc).
fn key_of(c: char) -> KeyEvent {
    let code = match c {
        '\n' => KeyCode::Enter,
        '\x1b' => KeyCode::Esc,
        '\x08' => KeyCode::Backspace,
        c => KeyCode::Char(c),
    };
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Presses each key of `keys` through the goto prompt when it is open, else the key map; every
/// key must be one the app knows.
fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
        // An open prompt takes every key, as in the run loop.
        if app.type_key(key_of(c)) {
            continue;
        }
        let action = action(key_of(c)).unwrap_or_else(|| panic!("{c:?} is not a key"));
        app.update(action);
    }
}

/// Draws `app` on a `width x height` test terminal; returns the buffer and the viewport.
fn draw(app: &App, look: Look, width: u16, height: u16) -> (Buffer, BoardViewport) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let mut viewport = BoardViewport::default();
    terminal
        .draw(|frame| {
            frame.render_stateful_widget(Screen::new(app, look), frame.area(), &mut viewport)
        })
        .unwrap();
    (terminal.backend().buffer().clone(), viewport)
}

/// The screen as text, one line a row.
fn screen(app: &App, look: Look, width: u16, height: u16) -> String {
    let (buffer, _) = draw(app, look, width, height);
    let mut text = String::new();
    for y in 0..height {
        let mut line = String::new();
        for x in 0..width {
            line.push_str(buffer[(x, y)].symbol());
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// Snapshots `text` with the elapsed time (the one figure that depends on the clock) masked.
macro_rules! assert_screen {
    ($name:expr, $text:expr) => {
        insta::with_settings!({filters => vec![(r"Elapsed    \d+\.\d\d s", "Elapsed    [time]")]}, {
            insta::assert_snapshot!($name, $text);
        });
    };
}

/// `NO_COLOR` with ASCII glyphs: what a monochrome, non-UTF-8 terminal gets.
fn plain_ascii() -> Look {
    Look {
        colors: ColorMode::Monochrome,
        glyphs: GlyphSet::Ascii,
    }
}

/// Ticks `app` at 60 frames a second for `seconds` of simulated time.
fn play_for(app: &mut App, seconds: f64) {
    let frames = (seconds * 60.0).round() as u32;
    for _ in 0..frames {
        app.tick(Duration::from_secs_f64(1.0 / 60.0));
    }
}

/// How long a test lets the explorer's own threads (the starts and ends maps, play's judge)
/// work before it fails, naming what it waited for. It is a guard against a hang or a lost
/// answer, far above what the work takes even on a loaded machine: no claim about speed.
const PATIENCE: Duration = Duration::from_secs(120);

/// One tick of [`tick_until`]: a millisecond, as often as a fast run loop might tick.
const TICK: Duration = Duration::from_millis(1);

/// Ticks `app` as the run loop does, a [`TICK`] of real time apart (the maps and the judge
/// work on threads of their own, in real time), until `done` holds; panics naming `what`
/// after [`PATIENCE`].
fn tick_until(app: &mut App, what: &str, mut done: impl FnMut(&App) -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !done(app) {
        assert!(
            Instant::now() < deadline,
            "{what}: waited {PATIENCE:?}; {:?}",
            app.map_failure()
        );
        std::thread::sleep(TICK);
        app.tick(TICK);
    }
}

/// Ticks until nothing runs on its own (a finish that spans several frames).
fn settle(app: &mut App) {
    for _ in 0..100_000 {
        if !app.is_animating() {
            return;
        }
        app.tick(Duration::from_millis(16));
    }
    panic!("the explorer never came to rest");
}

mod construction;
mod driver;
mod ends;
mod ends_map;
mod files;
mod keys;
mod leaper_answers;
mod leapers;
mod navigation;
mod pictures;
mod play;
mod pty;
mod puzzles;
mod race;
mod readme;
mod readme_picture;
mod saving;
mod screens;
mod shapes;
mod starts;
#[path = "../common/svg.rs"]
mod svg;
mod tape;
