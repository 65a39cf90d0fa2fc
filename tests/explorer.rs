//! The explorer, driven as a user drives it: key sequences through the real key map, screens
//! drawn to ratatui's `TestBackend` and snapshot-tested, the `demo.tape` replayed, and the real
//! binary run in a pseudo-terminal.

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use knights_tour::engine::board::{Board, Square};
use knights_tour::engine::solve::Method;
use knights_tour::engine::tour::validate;
use knights_tour::explorer::app::FINISH_NODE_BUDGET;
use knights_tour::explorer::ui::{ColorMode, GlyphSet};
use knights_tour::explorer::{App, BoardViewport, Look, Screen, Setup, Speed, Status, action};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

/// An explorer on `rows x cols` from `start`, open, by `method`, at 10 steps a second.
fn explorer(rows: u64, cols: u64, start: (u32, u32), method: Method) -> App {
    let setup = Setup {
        board: Board::new(rows, cols).unwrap(),
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

/// Presses each key of `keys` through the key map; every key must be one the app knows.
fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
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

/// Ticks `app` at 60 frames a second for `seconds` of simulated time.
fn play_for(app: &mut App, seconds: f64) {
    let frames = (seconds * 60.0).round() as u32;
    for _ in 0..frames {
        app.tick(Duration::from_secs_f64(1.0 / 60.0));
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

mod screens {
    use super::*;

    #[test]
    fn opening_screen_at_80x24_shows_the_whole_board_and_the_panel() {
        let app = explorer(8, 8, (0, 0), Method::Backtrack);
        let text = screen(&app, Look::standard(), 80, 24);
        for rank in 1..=8 {
            assert!(
                text.contains(&format!("│{rank} ")),
                "rank {rank} missing:\n{text}"
            );
        }
        for needle in ["a    b    c", "h", "Status     ready", "q quit", "? help"] {
            assert!(text.contains(needle), "{needle} missing:\n{text}");
        }
        assert_screen!("opening_80x24", text);
    }

    #[test]
    fn mid_search_shows_candidates_with_their_degrees_and_the_next_move() {
        let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
        press(&mut app, "nnn");
        let text = screen(&app, Look::standard(), 80, 24);
        assert!(
            text.contains("›5‹"),
            "the chosen candidate is marked:\n{text}"
        );
        assert!(text.contains("next"), "{text}");
        assert!(text.contains("Next       d7 (degree 5)"), "{text}");
        assert_screen!("mid_search", text);
    }

    #[test]
    fn a_backtrack_marks_the_square_taken_back() {
        // A greedy pass from g7 of 7x7 dies at depth 32; backtracking undoes it there.
        let mut app = explorer(7, 7, (0, 6), Method::Backtrack);
        let mut steps = 0;
        while !matches!(
            app.last_event(),
            Some(knights_tour::engine::search::SearchEvent::Backtrack { .. })
        ) {
            press(&mut app, "n");
            steps += 1;
            assert!(steps < 100, "no backtrack in 100 steps");
        }
        let text = screen(&app, Look::standard(), 80, 24);
        assert!(text.contains("back from"), "{text}");
        assert!(text.contains("×") || text.contains("✗"), "{text}");
        assert_screen!("backtrack", text);
    }

    #[test]
    fn a_finished_tour_shows_every_visit_number_then_its_path() {
        let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
        press(&mut app, "f");
        assert_eq!(app.status(), Status::TourFound);
        let text = screen(&app, Look::standard(), 80, 24);
        assert!(text.contains("tour found and"), "{text}");
        for number in [1, 2, 63] {
            assert!(text.contains(&format!(" {number} ")), "{number}:\n{text}");
        }
        assert_screen!("finished_tour", text);
        press(&mut app, "v");
        let path = screen(&app, Look::standard(), 80, 24);
        assert!(!path.contains(" 63 "), "the path view hides numbers");
        assert!(path.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c)));
        assert_screen!("finished_tour_path", path);
    }

    #[test]
    fn a_board_without_a_tour_says_why_at_once() {
        // 5x5 from b5 (0,1): the minority colour of an odd board.
        let app = explorer(5, 5, (0, 1), Method::Backtrack);
        assert!(matches!(app.status(), Status::NoTour(_)));
        let text = screen(&app, Look::standard(), 80, 24);
        assert!(text.contains("no tour"), "{text}");
        assert!(text.contains("colour"), "{text}");
        assert_screen!("no_tour", text);
    }

    #[test]
    fn no_color_and_ascii_give_a_plain_readable_board() {
        let look = Look::from_env(|name| (name == "NO_COLOR").then(|| "1".to_string()), true);
        assert_eq!(look.colors, ColorMode::Monochrome);
        assert_eq!(look.glyphs, GlyphSet::Ascii);
        let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
        press(&mut app, "nnn");
        let (buffer, _) = draw(&app, look, 80, 24);
        for cell in buffer.content() {
            assert!(cell.symbol().is_ascii(), "{:?} is not ASCII", cell.symbol());
            assert_eq!(
                (cell.fg, cell.bg),
                (ratatui::style::Color::Reset, ratatui::style::Color::Reset)
            );
        }
        let text = screen(&app, look, 80, 24);
        assert!(text.contains(">5<") && text.contains(" N "), "{text}");
        assert_screen!("monochrome_ascii", text);
    }

    #[test]
    fn a_terminal_too_small_gets_a_message_not_a_broken_board() {
        let app = explorer(8, 8, (0, 0), Method::Backtrack);
        let text = screen(&app, Look::standard(), 20, 6);
        assert!(text.contains("Terminal too small"), "{text}");
        assert_screen!("too_small", text);
        // Resizing back draws the board again.
        assert!(screen(&app, Look::standard(), 80, 24).contains("Status"));
    }

    #[test]
    fn a_narrow_terminal_puts_the_figures_under_the_board() {
        let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
        press(&mut app, "nn");
        let text = screen(&app, Look::standard(), 40, 20);
        assert!(text.contains("8x8 open backtrack paused"), "{text}");
        assert_screen!("narrow", text);
    }

    #[test]
    fn a_large_board_scrolls_to_follow_the_knight_and_the_cursor() {
        let mut app = explorer(100, 100, (0, 0), Method::Warnsdorff);
        let (_, viewport) = draw(&app, Look::standard(), 80, 24);
        assert!(viewport.cols < 100 && viewport.rows < 100, "{viewport:?}");
        press(&mut app, "f");
        assert_eq!(app.status(), Status::TourFound);
        let (_, viewport) = draw(&app, Look::standard(), 80, 24);
        let (knight, _) = app.scene().knight.unwrap();
        assert!(
            viewport.shows(knight),
            "{viewport:?} hides the knight at {knight}"
        );
        press(&mut app, "l");
        let (_, viewport) = draw(&app, Look::standard(), 80, 24);
        assert!(viewport.shows(app.cursor()), "{viewport:?}");
        assert_screen!("large_board_cursor", screen(&app, Look::standard(), 80, 24));
    }

    #[test]
    fn help_lists_every_key_and_closes_on_any_key() {
        let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
        press(&mut app, "?");
        let text = screen(&app, Look::standard(), 80, 24);
        for line in knights_tour::explorer::keys::KEYS {
            assert!(text.contains(line.keys), "{} missing:\n{text}", line.keys);
        }
        press(&mut app, "\x1b");
        assert!(!app.help_open() && !app.should_quit());
        press(&mut app, "\x1b");
        assert!(app.should_quit());
    }

    #[test]
    fn a_click_on_a_square_makes_it_the_start() {
        let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
        let (_, viewport) = draw(&app, Look::standard(), 80, 24);
        let grid = viewport.grid;
        let cell = viewport.cell.unwrap();
        // The middle of the square three columns right and two rows down.
        let square = viewport
            .square_at(grid.x + 3 * cell.width + 1, grid.y + 2 * cell.height)
            .unwrap();
        assert_eq!(square, Square::new(2, 3));
        app.pick(square);
        assert_eq!(app.setup().start, Square::new(2, 3));
        assert_eq!(app.cursor(), Square::new(2, 3));
    }
}

mod keys {
    use super::*;

    #[test]
    fn the_cursor_stays_on_the_board() {
        let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
        press(&mut app, "hhkk");
        assert_eq!(app.cursor(), Square::new(0, 0));
        press(&mut app, &"l".repeat(20));
        press(&mut app, &"j".repeat(20));
        assert_eq!(app.cursor(), Square::new(7, 7));
        press(&mut app, "hk");
        assert_eq!(app.cursor(), Square::new(6, 6));
    }

    #[test]
    fn enter_makes_the_cursor_the_start_and_resets() {
        let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
        press(&mut app, "nnnjjl\n");
        assert_eq!(app.setup().start, Square::new(2, 1));
        assert_eq!(app.steps(), 0);
        assert_eq!(app.status(), Status::Ready);
        assert_eq!(app.path(), vec![Square::new(2, 1)]);
    }

    #[test]
    fn o_toggles_closed_and_the_theorems_answer_at_once() {
        let mut app = explorer(7, 7, (0, 0), Method::Backtrack);
        press(&mut app, "nn");
        press(&mut app, "o");
        assert!(app.setup().closed);
        match app.status() {
            Status::NoTour(reason) => assert!(reason.contains("both sides are odd"), "{reason}"),
            other => panic!("expected no tour, got {other:?}"),
        }
        press(&mut app, "o");
        assert!(!app.setup().closed);
        assert_eq!(app.status(), Status::Ready);
    }

    #[test]
    fn stepping_back_undoes_each_step_exactly() {
        let mut app = explorer(6, 6, (0, 0), Method::Naive);
        let mut states = vec![(app.path(), app.figures(), app.last_event())];
        for _ in 0..400 {
            press(&mut app, "n");
            states.push((app.path(), app.figures(), app.last_event()));
        }
        for _ in 0..400 {
            press(&mut app, "b");
            states.pop();
            assert_eq!(
                Some(&(app.path(), app.figures(), app.last_event())),
                states.last()
            );
        }
        assert_eq!(app.steps(), 0);
        press(&mut app, "b");
        assert_eq!(app.message(), Some("at the beginning of the search"));
        // Back from a finished tour, then forward again, finds the same tour.
        let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
        press(&mut app, "f");
        let tour = app.path();
        press(&mut app, "bb");
        assert_eq!(app.status(), Status::Paused);
        assert!(app.tour().is_none());
        press(&mut app, "nn");
        assert_eq!((app.status(), app.path()), (Status::TourFound, tour));
    }

    #[test]
    fn resizing_keeps_the_start_on_the_board() {
        let mut app = explorer(8, 8, (7, 7), Method::Backtrack);
        press(&mut app, "<");
        assert_eq!(app.setup().board, Board::new(7, 7).unwrap());
        assert_eq!(app.setup().start, Square::new(6, 6));
        press(&mut app, "}]]");
        assert_eq!(app.setup().board, Board::new(8, 9).unwrap());
        press(&mut app, "{[>");
        assert_eq!(app.setup().board, Board::new(8, 9).unwrap());
        let mut tiny = explorer(1, 1, (0, 0), Method::Backtrack);
        press(&mut tiny, "<");
        assert_eq!(tiny.setup().board, Board::new(1, 1).unwrap());
        assert!(tiny.message().is_some());
    }

    #[test]
    fn m_cycles_the_methods_and_each_one_answers() {
        let mut app = explorer(8, 8, (0, 0), Method::Warnsdorff);
        let mut seen = vec![app.setup().method];
        for _ in 0..4 {
            press(&mut app, "m");
            seen.push(app.setup().method);
        }
        assert_eq!(
            seen,
            [
                Method::Warnsdorff,
                Method::Backtrack,
                Method::Naive,
                Method::Construct,
                Method::Warnsdorff,
            ]
        );
        // Warnsdorff's rule tours the chessboard from a corner in 64 nodes; the plain order
        // takes millions.
        press(&mut app, "f");
        assert_eq!((app.status(), app.figures().nodes), (Status::TourFound, 64));
        press(&mut app, "mmf");
        settle(&mut app);
        assert_eq!(app.setup().method, Method::Naive);
        assert_eq!(app.status(), Status::TourFound);
        assert!(app.figures().nodes > 1_000_000, "{:?}", app.figures());
        assert!(app.figures().nodes < FINISH_NODE_BUDGET);
        // Construction answers whole, in one step.
        press(&mut app, "mn");
        assert_eq!(app.setup().method, Method::Construct);
        assert_eq!(app.status(), Status::TourFound);
        validate(app.setup().board, app.path().iter().copied(), false, None).unwrap();
    }

    #[test]
    fn a_large_board_is_constructed_at_once_and_replays() {
        // 300x300: far past one block, so the tour is joined from many tiles.
        let mut app = explorer(300, 300, (150, 151), Method::Construct);
        press(&mut app, "n");
        assert_eq!(app.status(), Status::TourFound);
        let board = app.setup().board;
        let start = Square::new(150, 151);
        validate(board, app.path().iter().copied(), false, Some(start)).unwrap();
        let figures = app.figures();
        assert_eq!((figures.depth, figures.max_depth), (90_000, 90_000));
        press(&mut app, "p");
        assert_eq!(app.status(), Status::Replaying);
        play_for(&mut app, 1.0);
        assert_eq!(app.scene().knight.unwrap().0, app.path()[10]);
        // f ends the replay at once: the whole tour, and nothing left running.
        press(&mut app, "f");
        assert_eq!(app.status(), Status::TourFound);
        assert!(!app.is_animating());
        assert!(app.scene().shown_up_to as usize >= app.path().len());
    }

    #[test]
    fn finish_stops_at_its_node_budget_and_says_so() {
        let mut app = explorer(8, 8, (0, 0), Method::Naive).with_finish_budget(1000);
        press(&mut app, "f");
        settle(&mut app);
        assert_eq!(app.status(), Status::BudgetExhausted { nodes: 1000 });
        assert!(app.status().to_string().contains("not a proof"));
        press(&mut app, "f");
        settle(&mut app);
        assert_eq!(app.status(), Status::BudgetExhausted { nodes: 2000 });
    }

    #[test]
    fn a_greedy_dead_end_is_not_called_a_proof() {
        let mut app = explorer(7, 7, (0, 6), Method::Warnsdorff);
        press(&mut app, "f");
        assert_eq!(app.status(), Status::Stuck { depth: 32 });
        assert!(app.status().to_string().contains("not a proof"));
        let (knight, state) = app.scene().knight.unwrap();
        assert_eq!(knight, *app.path().last().unwrap());
        assert_eq!(state, knights_tour::explorer::app::KnightState::DeadEnd);
    }

    #[test]
    fn play_takes_steps_at_the_chosen_speed_and_pauses() {
        let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
        press(&mut app, " ");
        assert_eq!(app.status(), Status::Searching);
        play_for(&mut app, 1.0);
        assert_eq!(app.steps(), 10);
        press(&mut app, "+");
        assert_eq!(app.speed(), Speed::PerSecond(20));
        play_for(&mut app, 1.0);
        assert_eq!(app.steps(), 30);
        press(&mut app, " ");
        assert_eq!(app.status(), Status::Paused);
        assert!(!app.is_animating());
        assert_eq!(app.next_tick_in(Duration::from_millis(16)), None);
        play_for(&mut app, 1.0);
        assert_eq!(app.steps(), 30);
        press(&mut app, "--------------------");
        assert_eq!(app.speed(), Speed::PerSecond(1));
        press(&mut app, &"+".repeat(20));
        assert_eq!(app.speed(), Speed::Max);
    }

    #[test]
    fn a_found_tour_replays_square_by_square() {
        let mut app = explorer(6, 6, (0, 0), Method::Backtrack);
        press(&mut app, "p");
        assert!(app.message().is_some(), "nothing to replay yet");
        press(&mut app, "fp");
        assert_eq!(app.status(), Status::Replaying);
        play_for(&mut app, 1.0);
        let scene = app.scene();
        assert_eq!(scene.shown_up_to, 11);
        let (knight, _) = scene.knight.unwrap();
        assert_eq!(knight, app.path()[10]);
        press(&mut app, "b");
        assert_eq!(app.scene().shown_up_to, 10);
        press(&mut app, " ");
        play_for(&mut app, 3.0);
        assert_eq!(app.status(), Status::TourFound);
    }

    #[test]
    fn q_esc_and_ctrl_c_quit() {
        for key in [
            key_of('q'),
            key_of('\x1b'),
            KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
        ] {
            let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
            app.update(action(key).unwrap());
            assert!(app.should_quit(), "{key:?}");
        }
    }
}

mod tape {
    //! `demo.tape` kept honest: its keystrokes replayed through the key map, its sleeps as
    //! simulated time, and the state it ends in checked.

    use super::*;
    use clap::Parser;
    use knights_tour::explorer::ExplorerArgs;

    /// `knights-tour tui`'s options, parsed by the explorer's own argument definitions.
    #[derive(Parser)]
    struct Tui {
        #[command(flatten)]
        args: ExplorerArgs,
    }
    use knights_tour::explorer::app::TourView;

    /// A VHS duration: `500ms`, `2s`, `1.5s`.
    fn duration(text: &str) -> Duration {
        let text = text.trim();
        if let Some(ms) = text.strip_suffix("ms") {
            Duration::from_millis(ms.parse().unwrap())
        } else if let Some(s) = text.strip_suffix('s') {
            Duration::from_secs_f64(s.parse().unwrap())
        } else {
            panic!("bad duration {text:?}")
        }
    }

    /// The text between the first and last double quote.
    fn quoted(line: &str) -> &str {
        let start = line.find('"').expect("a quoted string") + 1;
        let end = line.rfind('"').unwrap();
        &line[start..end]
    }

    fn named_key(name: &str) -> Option<KeyEvent> {
        let code = match name {
            "Enter" => KeyCode::Enter,
            "Space" => KeyCode::Char(' '),
            "Backspace" => KeyCode::Backspace,
            "Escape" => KeyCode::Esc,
            "Tab" => KeyCode::Tab,
            "Up" => KeyCode::Up,
            "Down" => KeyCode::Down,
            "Left" => KeyCode::Left,
            "Right" => KeyCode::Right,
            _ => {
                let letter = name.strip_prefix("Ctrl+")?;
                let c = letter.to_ascii_lowercase().chars().next()?;
                return Some(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
            }
        };
        Some(KeyEvent::new(code, KeyModifiers::NONE))
    }

    /// Lets `time` pass in frames of 1/60 s, as the run loop does.
    fn pass(app: &mut App, time: Duration) {
        let frame = Duration::from_secs_f64(1.0 / 60.0);
        let mut left = time;
        while left > Duration::ZERO {
            let step = left.min(frame);
            app.tick(step);
            left -= step;
        }
    }

    /// Replays the tape; returns the app and the number of keys it pressed.
    fn replay(tape: &str) -> (App, usize) {
        let mut app: Option<App> = None;
        let mut typing = Duration::from_millis(50);
        let mut pressed = 0;
        for (number, raw) in tape.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
            let (name, speed) = match command.split_once('@') {
                Some((name, speed)) => (name, Some(duration(speed))),
                None => (command, None),
            };
            let delay = speed.unwrap_or(typing);
            let keys: Vec<KeyEvent> = match name {
                "Output" | "Require" | "Env" | "Hide" | "Show" => continue,
                "Set" => {
                    if let Some(value) = rest.strip_prefix("TypingSpeed ") {
                        typing = duration(value);
                    }
                    continue;
                }
                "Sleep" => {
                    if let Some(app) = app.as_mut() {
                        pass(app, duration(rest));
                    }
                    continue;
                }
                "Type" if app.is_none() => {
                    // The command line that opens the explorer, parsed by the explorer's options.
                    let mut words = quoted(line).split_whitespace();
                    if words.next() != Some("knights-tour") || words.next() != Some("tui") {
                        panic!("line {}: the tape must open `knights-tour tui`", number + 1);
                    }
                    let words = std::iter::once("knights-tour tui").chain(words);
                    let tui = Tui::try_parse_from(words).expect("the tape's command parses");
                    app = Some(tui.args.app().expect("the tape's options are valid"));
                    continue;
                }
                "Type" => quoted(line).chars().map(key_of).collect(),
                // The Enter that runs the command line.
                "Enter" if pressed == 0 && app.as_ref().is_some_and(|a| a.steps() == 0) => {
                    if rest.is_empty() {
                        continue;
                    }
                    panic!("line {}: repeated Enter before any key", number + 1);
                }
                _ => {
                    let key = named_key(name).unwrap_or_else(|| {
                        panic!("line {}: unknown tape command {name:?}", number + 1)
                    });
                    let count = if rest.is_empty() {
                        1
                    } else {
                        rest.parse().unwrap()
                    };
                    vec![key; count]
                }
            };
            let app = app.as_mut().expect("keys come after the explorer opens");
            for key in keys {
                let action = action(key).unwrap_or_else(|| {
                    panic!("line {}: the explorer has no key {key:?}", number + 1)
                });
                app.update(action);
                pressed += 1;
                pass(app, delay);
            }
        }
        (app.expect("the tape opens the explorer"), pressed)
    }

    #[test]
    fn demo_tape_tells_the_story_it_claims() {
        let tape = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/demo.tape"))
            .expect("demo.tape at the top level");
        let (app, pressed) = replay(&tape);
        assert!(pressed > 40, "only {pressed} keys");
        let setup = app.setup();
        assert_eq!(setup.board, Board::new(12, 12).unwrap());
        assert!(setup.closed);
        assert_eq!(setup.start, Square::new(0, 6));
        assert_eq!(setup.method, Method::Backtrack);
        assert_eq!(app.status(), Status::TourFound);
        assert!(app.tour().unwrap().is_closed());
        assert_eq!(app.view(), TourView::Path);
        assert_eq!(app.speed(), Speed::PerSecond(200));
    }

    #[test]
    fn the_story_passes_through_a_backtrack_and_a_proof_of_no_tour() {
        // The tape's first half, cut where it claims a backtrack and a closed 7x7 board.
        let tape =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/demo.tape")).unwrap();
        let upto = |marker: &str| {
            let at = tape.find(marker).expect(marker);
            replay(&tape[..at]).0
        };
        let at_backtrack = upto("# Play:");
        assert!(
            matches!(
                at_backtrack.last_event(),
                Some(knights_tour::engine::search::SearchEvent::Backtrack { dead_end: true, .. })
            ),
            "{:?}",
            at_backtrack.last_event()
        );
        let played = upto("# A closed tour");
        assert_eq!(played.status(), Status::TourFound);
        let closed = upto("# A larger board");
        assert!(matches!(closed.status(), Status::NoTour(reason) if reason.contains("odd")));
    }

    #[test]
    fn an_unknown_key_in_a_tape_fails_the_replay() {
        let tape = "Type \"knights-tour tui\"\nEnter\nType \"z\"\n";
        let result = std::panic::catch_unwind(|| replay(tape));
        assert!(result.is_err());
    }
}

mod pty {
    //! The real binary in a pseudo-terminal of its own: it draws, steps and quits cleanly.

    use std::io::{Read, Write};
    use std::sync::{Arc, Mutex};
    use std::time::Instant;

    use portable_pty::{CommandBuilder, PtySize, native_pty_system};

    fn wait_for(output: &Mutex<Vec<u8>>, needle: &str, timeout: std::time::Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if String::from_utf8_lossy(&output.lock().unwrap()).contains(needle) {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        false
    }

    #[test]
    fn the_binary_draws_steps_and_quits_restoring_the_terminal() {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_knights-tour"));
        command.args(["tui", "--size", "6", "--speed", "5"]);
        command.env("TERM", "xterm-256color");
        command.env("LANG", "C.UTF-8");
        command.env_remove("NO_COLOR");
        let mut child = pair
            .slave
            .spawn_command(command)
            .expect("the binary starts");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let mut writer = pair.master.take_writer().unwrap();
        let output = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&output);
        std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(read @ 1..) = reader.read(&mut chunk) {
                sink.lock().unwrap().extend_from_slice(&chunk[..read]);
            }
        });
        let timeout = std::time::Duration::from_secs(30);
        assert!(wait_for(&output, "ready", timeout), "no first screen");
        writer.write_all(b"n").unwrap();
        writer.flush().unwrap();
        assert!(
            wait_for(&output, "paused", timeout),
            "the step did not show"
        );
        writer.write_all(b"q").unwrap();
        writer.flush().unwrap();
        let deadline = Instant::now() + timeout;
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "q did not quit");
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        assert!(status.success(), "exit status {status:?}");
        // The alternate screen is left and mouse reporting switched off.
        assert!(wait_for(&output, "\x1b[?1049l", timeout));
        assert!(wait_for(&output, "\x1b[?1000l", timeout));
    }
}
