//! The explorer's loop, whatever its terminal: it draws a frame, waits for an input or the
//! next tick of play, applies it, and again, until the user quits or the host ends the run.
//! The local terminal (`explorer::run`) and an SSH channel (`knights-tour serve`) are two hosts
//! of this one loop: each hands it a ratatui terminal over its own writer and a function that
//! gives the next [`LoopInput`] — crossterm's events with signals locally, bytes parsed from the
//! channel remotely. Both hosts turn on bracketed paste, so a paste comes as one event, typed
//! into an open prompt; for terminals that send a paste as keys, the keys that follow a
//! prompt's `Enter` at once are dropped (`PASTE_GAP`), so the rest of a pasted line never
//! reaches the board.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEventKind, MouseButton, MouseEventKind};
use crossterm::terminal::{BeginSynchronizedUpdate, EndSynchronizedUpdate};
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend};
use ratatui::layout::Rect;

use super::app::App;
use super::keys::{Action, action};
use super::ui::{BoardViewport, Look, Screen};
use super::{Ending, FRAME};

/// After a prompt takes `Enter`, keys and pastes that come this soon after the last are
/// dropped: what a terminal without bracketed paste sends of the text pasted after the line
/// break arrives at once, far quicker than anyone types; the first key after a pause counts.
pub(crate) const PASTE_GAP: Duration = Duration::from_millis(30);

/// What the host hands the loop.
#[derive(Debug)]
pub enum LoopInput {
    /// A key, a mouse event or a new terminal size.
    Event(Event),
    /// The terminal was set up again (after the process was stopped and continued): clear it
    /// and draw the whole screen.
    Redraw,
    /// The run is over (a signal, or the connection closed).
    End(Ending),
}

/// Where the terminal's size comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sizing {
    /// The backend asks the terminal (a local terminal).
    Asked,
    /// Only [`Event::Resize`] says (a remote terminal: its size comes with the events).
    Told,
}

/// Runs the explorer `app` on `terminal` until the user quits (`Ending::Quit`) or `next` ends
/// the run. `next(timeout)` gives the next input, waiting at most `timeout` (`None`: as long
/// as it takes; no CPU is spent while nothing plays), `None` when the time is up.
pub fn run_loop<W: Write>(
    terminal: &mut Terminal<CrosstermBackend<W>>,
    app: &mut App,
    look: Look,
    sizing: Sizing,
    mut next: impl FnMut(Option<Duration>) -> io::Result<Option<LoopInput>>,
) -> io::Result<Ending> {
    let mut viewport = BoardViewport::default();
    let mut last_tick = Instant::now();
    // Just after a prompt took Enter: keys that follow at once are a paste's rest, not typing.
    let mut paste_tail = false;
    loop {
        if app.take_full_redraw() {
            clear_all(terminal)?;
        }
        draw(terminal, app, look, &mut viewport)?;
        app.set_page(viewport.rows, viewport.cols);
        if app.should_quit() {
            return Ok(Ending::Quit);
        }
        let was_animating = app.is_animating();
        loop {
            let timeout = if paste_tail {
                Some(PASTE_GAP)
            } else {
                app.next_tick_in(FRAME)
                    .map(|wait| (last_tick + wait).saturating_duration_since(Instant::now()))
            };
            let Some(input) = next(timeout)? else {
                paste_tail = false;
                break;
            };
            let redraw = match input {
                LoopInput::Event(Event::Key(_) | Event::Paste(_)) if paste_tail => continue,
                LoopInput::Event(Event::Key(key)) if app.prompt().is_some() => {
                    // A terminal without bracketed paste sends a pasted `name\nnnn` as keys:
                    // after the name's Enter, the rest must not reach the board.
                    paste_tail = key.code == KeyCode::Enter && key.kind != KeyEventKind::Release;
                    app.type_key(key)
                }
                LoopInput::End(ending) => return Ok(ending),
                LoopInput::Redraw => {
                    app.update(Action::Redraw);
                    true
                }
                LoopInput::Event(Event::Resize(cols, rows)) if sizing == Sizing::Told => {
                    // A size of 0 (`ssh -tt` from a pipe) is taken as the classic 80x24.
                    let (cols, rows) = if cols == 0 || rows == 0 {
                        (80, 24)
                    } else {
                        (cols, rows)
                    };
                    terminal.resize(Rect::new(0, 0, cols, rows))?;
                    true
                }
                LoopInput::Event(event) => handle_event(app, event, &viewport),
            };
            if redraw {
                break;
            }
        }
        let now = Instant::now();
        if !was_animating {
            last_tick = now;
        } else if let Some(wait) = app.next_tick_in(FRAME)
            && now >= last_tick + wait
        {
            app.tick(now - last_tick);
            last_tick = now;
        }
    }
}

/// One frame as one synchronized update (`CSI ?2026`): a terminal that knows it shows the
/// frame whole, so nothing tears over a slow link; others ignore it.
fn draw<W: Write>(
    terminal: &mut Terminal<CrosstermBackend<W>>,
    app: &App,
    look: Look,
    viewport: &mut BoardViewport,
) -> io::Result<()> {
    crossterm::queue!(terminal.backend_mut(), BeginSynchronizedUpdate)?;
    terminal.draw(|frame| {
        frame.render_stateful_widget(Screen::new(app, look), frame.area(), viewport)
    })?;
    crossterm::execute!(terminal.backend_mut(), EndSynchronizedUpdate)
}

/// Clears the terminal and forgets what the last frame put on it, so that the next draw writes
/// every cell. (`Terminal::clear` would do it, but asks the terminal where its cursor is first
/// and waits for the answer, which not every terminal gives.)
fn clear_all<W: Write>(terminal: &mut Terminal<CrosstermBackend<W>>) -> io::Result<()> {
    terminal.backend_mut().clear_region(ClearType::All)?;
    Backend::flush(terminal.backend_mut())?;
    // After a draw the back buffer is blank: a swap makes the last frame's buffer blank too.
    terminal.swap_buffers();
    Ok(())
}

/// Applies one terminal event; returns whether the screen must be drawn again.
fn handle_event(app: &mut App, event: Event, viewport: &BoardViewport) -> bool {
    match event {
        Event::Key(key) if app.type_key(key) => true,
        Event::Key(key) => match action(key) {
            Some(action) => {
                app.update(action);
                true
            }
            None => false,
        },
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            match viewport.square_at(mouse.column, mouse.row) {
                Some(square) => {
                    app.pick(square);
                    true
                }
                None => false,
            }
        }
        Event::Paste(text) => app.paste(&text),
        Event::Resize(..) => true,
        _ => false,
    }
}
