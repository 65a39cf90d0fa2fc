//! Getting around a board larger than the screen: page keys, centring on the knight, and the
//! panel's account of the window (rows and columns in view, the minimap).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use knights_tour::explorer::app::PromptPurpose;

use super::*;

fn press_code(app: &mut App, code: KeyCode) {
    let action = action(KeyEvent::new(code, KeyModifiers::NONE)).expect("a mapped key");
    app.update(action);
}

/// Draws at 80x24 and tells the app the page size, as the run loop does.
fn draw_and_page(app: &mut App) -> BoardViewport {
    let (_, viewport) = draw(app, Look::standard(), 80, 24);
    app.set_page(viewport.rows, viewport.cols);
    viewport
}

#[test]
fn page_keys_move_the_cursor_a_screenful_and_the_window_follows() {
    let mut app = explorer(100, 100, (0, 0), Method::Warnsdorff);
    let first = draw_and_page(&mut app);
    assert!(first.rows < 100 && first.cols < 100, "{first:?}");
    press_code(&mut app, KeyCode::PageDown);
    assert_eq!(app.cursor(), Square::new(first.rows - 1, 0));
    press_code(&mut app, KeyCode::End);
    assert_eq!(app.cursor(), Square::new(first.rows - 1, first.cols - 1));
    for _ in 0..200 {
        press_code(&mut app, KeyCode::PageDown);
        press_code(&mut app, KeyCode::End);
    }
    assert_eq!(app.cursor(), Square::new(99, 99), "pages stop at the edge");
    let viewport = draw_and_page(&mut app);
    assert!(viewport.shows(Square::new(99, 99)), "{viewport:?}");
    press_code(&mut app, KeyCode::PageUp);
    press_code(&mut app, KeyCode::Home);
    let expected = Square::new(99 - (viewport.rows - 1), 99 - (viewport.cols - 1));
    assert_eq!(app.cursor(), expected);
    assert!(draw_and_page(&mut app).shows(expected));
}

#[test]
fn c_centres_the_window_on_the_knight() {
    let mut app = explorer(100, 100, (0, 0), Method::Warnsdorff);
    press(&mut app, "f");
    draw_and_page(&mut app);
    // Walk the cursor away so that the window follows it, then ask for the knight.
    for _ in 0..30 {
        press(&mut app, "lj");
    }
    draw_and_page(&mut app);
    let (knight, _) = app.scene().knight.unwrap();
    press(&mut app, "c");
    let viewport = draw_and_page(&mut app);
    assert!(viewport.shows(knight), "{viewport:?} misses {knight}");
    let middle_row = viewport.top + viewport.rows / 2;
    let middle_col = viewport.left + viewport.cols / 2;
    assert!(
        knight.row.abs_diff(middle_row) <= 1,
        "{viewport:?} {knight}"
    );
    assert!(
        knight.col.abs_diff(middle_col) <= 1,
        "{viewport:?} {knight}"
    );
}

#[test]
fn the_panel_says_what_is_in_view_and_draws_a_minimap_when_the_board_does_not_fit() {
    let mut app = explorer(100, 100, (0, 0), Method::Warnsdorff);
    press(&mut app, "f");
    let viewport = draw_and_page(&mut app);
    let text = screen(&app, Look::standard(), 100, 30);
    let (_, wide) = draw(&app, Look::standard(), 100, 30);
    // The value may wrap after "cols".
    let rows = format!(
        "In view    rows {}-{}, cols",
        wide.top,
        wide.top + wide.rows - 1
    );
    let cols = format!(" {}-{} ", wide.left, wide.left + wide.cols - 1);
    assert!(text.contains(&rows), "{rows}\n{text}");
    assert!(text.contains(&cols), "{cols}\n{text}");
    assert!(
        text.contains('█') && text.contains('·'),
        "no minimap:\n{text}"
    );
    assert!(viewport.rows < 100);
    assert_screen!("minimap_100x100", text);

    let small = explorer(8, 8, (0, 0), Method::Warnsdorff);
    let text = screen(&small, Look::standard(), 80, 24);
    assert!(!text.contains("In view"), "8x8 fits:\n{text}");
}

/// A writer whose bytes the test can count while the terminal owns it.
#[derive(Clone, Default)]
struct Counted(std::rc::Rc<std::cell::Cell<usize>>);

impl std::io::Write for Counted {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.set(self.0.get() + bytes.len());
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Bytes a real (crossterm) terminal backend writes for the first frame, then for the frame
/// after each press of `keys`.
fn bytes_per_frame(app: &mut App, keys: &[&str]) -> Vec<usize> {
    use ratatui::backend::CrosstermBackend;
    use ratatui::layout::Rect;
    use ratatui::{TerminalOptions, Viewport};
    let counted = Counted::default();
    let backend = CrosstermBackend::new(counted.clone());
    let options = TerminalOptions {
        viewport: Viewport::Fixed(Rect::new(0, 0, 80, 24)),
    };
    let mut terminal = Terminal::with_options(backend, options).unwrap();
    let mut viewport = BoardViewport::default();
    let mut sizes = Vec::new();
    for keys in [""].iter().chain(keys) {
        press(app, keys);
        terminal
            .draw(|frame| {
                frame.render_stateful_widget(
                    Screen::new(app, Look::standard()),
                    frame.area(),
                    &mut viewport,
                )
            })
            .unwrap();
        sizes.push(counted.0.replace(0));
    }
    sizes
}

#[test]
fn scrolling_a_large_board_sends_a_diff_not_the_screen() {
    let mut app = explorer(100, 100, (0, 0), Method::Warnsdorff);
    press(&mut app, "f");
    // Down the left edge: the first moves stay in the window, then each scrolls a row.
    let keys = ["j"; 30];
    let sizes = bytes_per_frame(&mut app, &keys);
    let first = sizes[0];
    let scroll_steps = &sizes[20..];
    let worst = *scroll_steps.iter().max().unwrap();
    assert!(
        worst < first,
        "a scroll step ({worst} B) redraws the screen ({first} B)"
    );
    println!("first frame {first} B, scroll steps {scroll_steps:?} B");
}

#[test]
fn the_timeline_of_a_found_tour_steps_and_jumps_by_moves() {
    let mut app = explorer(8, 8, (0, 0), Method::Warnsdorff);
    assert_eq!(app.timeline(), None);
    press(&mut app, "0");
    assert!(app.message().unwrap().contains("no tour yet"));
    press(&mut app, "f");
    settle(&mut app);
    let path = app.tour().unwrap().indices().to_vec();
    assert_eq!(app.timeline(), Some((64, 64)));
    press(&mut app, "0");
    assert_eq!(app.timeline(), Some((1, 64)));
    assert!(!app.is_animating(), "the jump pauses at the first move");
    press(&mut app, "nnn");
    assert_eq!(app.timeline(), Some((4, 64)));
    let board = app.setup().board;
    assert_eq!(app.scene().knight.unwrap().0, board.square_at(path[3]));
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("Move       4 of 64"), "{text}");
    press(&mut app, "b");
    assert_eq!(app.timeline(), Some((3, 64)));
    assert_eq!(app.scene().knight.unwrap().0, board.square_at(path[2]));
    press(&mut app, "$");
    assert_eq!(app.timeline(), Some((64, 64)));
    assert_eq!(app.scene().knight.unwrap().0, board.square_at(path[63]));
}

#[test]
fn the_panel_follows_the_timeline_not_the_search_that_found_the_tour() {
    let mut app = explorer(8, 8, (0, 0), Method::Warnsdorff);
    press(&mut app, "f");
    settle(&mut app);
    let board = app.setup().board;
    let path = app.tour().unwrap().indices().to_vec();
    let name = |k: usize| {
        let square = board.square_at(path[k]);
        knights_tour_engine::notation::short_name(board, square)
    };
    press(&mut app, "0nnnnnnnnn");
    assert_eq!(app.status(), Status::ReplayPaused { shown: 10 });
    let text = screen(&app, Look::standard(), 100, 30);
    let last = format!("Last       {} → {} (visit 10)", name(8), name(9));
    let next = format!("Next       {} → {} (visit 11)", name(9), name(10));
    assert!(text.contains(&last), "{last}\n{text}");
    assert!(text.contains(&next), "{next}\n{text}");
    assert!(text.contains("(of the search)"), "{text}");
    assert!(text.contains("the tour at move 10"), "{text}");
    // The path view draws the moves so far, and the view line says so.
    press(&mut app, "v");
    assert_eq!(app.scene().path.map(<[u32]>::len), Some(10));
    assert!(!app.scene().closed, "no closing move before the end");
    press(&mut app, "$");
    assert_eq!(app.scene().path.map(<[u32]>::len), Some(64));
    let text = screen(&app, Look::standard(), 100, 30);
    assert!(text.contains("Last       every square visited"), "{text}");
}

#[test]
fn replay_time_is_kept_apart_from_search_time() {
    let mut app = explorer(8, 8, (0, 0), Method::Warnsdorff);
    press(&mut app, "f");
    settle(&mut app);
    let searched = app.elapsed();
    press(&mut app, "p");
    play_for(&mut app, 1.0);
    assert_eq!(app.elapsed(), searched, "replaying is not searching");
    assert!(
        app.replay_elapsed().as_secs_f64() > 0.9,
        "{:?}",
        app.replay_elapsed()
    );
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("Replayed"), "{text}");
}

#[test]
fn g_goes_to_a_square_or_a_move_and_esc_cancels() {
    let mut app = explorer(100, 100, (0, 0), Method::Warnsdorff);
    press(&mut app, "g57,42\n");
    assert_eq!(app.cursor(), Square::new(57, 42));
    let viewport = draw_and_page(&mut app);
    assert!(viewport.shows(Square::new(57, 42)), "{viewport:?}");
    // While the prompt is open keys are typed, not acted on: q does not quit.
    press(&mut app, "gq");
    assert_eq!(app.prompt(), Some((PromptPurpose::Goto, "q")));
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("go to: q_"), "{text}");
    press(&mut app, "\x1b");
    assert!(app.prompt().is_none() && !app.should_quit());
    press(&mut app, "g999,0\n");
    assert!(
        app.message().unwrap().contains("'999,0'"),
        "{:?}",
        app.message()
    );
    assert_eq!(app.cursor(), Square::new(57, 42));

    let mut app = explorer(8, 8, (0, 0), Method::Warnsdorff);
    press(&mut app, "g#5\n");
    assert!(app.message().unwrap().contains("no tour"));
    press(&mut app, "f");
    settle(&mut app);
    let path = app.tour().unwrap().indices().to_vec();
    press(&mut app, "g#12\n");
    assert_eq!(app.timeline(), Some((12, 64)));
    let board = app.setup().board;
    assert_eq!(app.scene().knight.unwrap().0, board.square_at(path[11]));
    press(&mut app, "gd5\n");
    assert_eq!(app.cursor(), Square::new(3, 3));
    press(&mut app, "g#65\n");
    assert!(app.message().unwrap().contains("1 to 64"));
    assert_eq!(app.timeline(), Some((12, 64)));
}
