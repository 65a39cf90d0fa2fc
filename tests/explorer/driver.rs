//! The run loop with a host of its own, as `knights-tour serve` drives it: a terminal whose
//! size only the events tell (an SSH channel), inputs from a queue, frames to a writer.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use crossterm::event::Event;
use knights_tour::explorer::Ending;
use knights_tour::explorer::driver::{LoopInput, Sizing, run_loop};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{TerminalOptions, Viewport};

use super::*;

/// A writer whose bytes the test reads while the terminal owns it.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs the loop on a told-size terminal of `width x height` with `inputs`; returns how it
/// ended, the bytes it wrote after each input, and the terminal's last size.
fn drive(width: u16, height: u16, inputs: Vec<LoopInput>) -> (Ending, Vec<String>, Rect) {
    let out = Shared::default();
    let options = TerminalOptions {
        viewport: Viewport::Fixed(Rect::new(0, 0, width, height)),
    };
    let mut terminal = Terminal::with_options(CrosstermBackend::new(out.clone()), options).unwrap();
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    let mut inputs: VecDeque<LoopInput> = inputs.into();
    let mut frames = Vec::new();
    let ending = run_loop(
        &mut terminal,
        &mut app,
        Look::standard(),
        Sizing::Told,
        |_| {
            let written = String::from_utf8_lossy(&out.0.borrow()).into_owned();
            out.0.borrow_mut().clear();
            frames.push(written);
            Ok(Some(inputs.pop_front().expect("the test ends the run")))
        },
    )
    .unwrap();
    let area = terminal.get_frame().area();
    (ending, frames, area)
}

fn key(c: char) -> LoopInput {
    LoopInput::Event(Event::Key(key_of(c)))
}

#[test]
fn a_told_size_terminal_draws_steps_resizes_and_quits() {
    let inputs = vec![
        key('n'),
        LoopInput::Event(Event::Resize(120, 40)),
        LoopInput::Event(Event::Resize(0, 0)),
        key('q'),
    ];
    let (ending, frames, area) = drive(80, 24, inputs);
    assert_eq!(ending, Ending::Quit);
    assert!(frames[0].contains("\x1b[?2026h"), "a synchronized frame");
    assert!(frames[0].contains("ready") && frames[0].contains("Nodes"));
    assert!(frames[1].contains("paused"), "the step is drawn");
    // At 120 columns the frame writes beyond column 80; at 80 it did not.
    assert!(rightmost_column(&frames[0]) <= 80);
    assert!(
        rightmost_column(&frames[2]) > 80,
        "no redraw at the new size"
    );
    // A size of 0x0 (ssh -tt from a pipe) is taken as 80x24.
    assert_eq!(area, Rect::new(0, 0, 80, 24));
}

#[test]
fn the_host_ends_the_run() {
    let (ending, _, _) = drive(80, 24, vec![key('n'), LoopInput::End(Ending::Signal(1))]);
    assert_eq!(ending, Ending::Signal(1));
}

/// The largest column a cursor move (`ESC [ row ; col H`) in `frame` goes to.
fn rightmost_column(frame: &str) -> u32 {
    frame
        .split("\x1b[")
        .filter_map(|part| {
            let (position, _) = part.split_once('H')?;
            let (row, col) = position.split_once(';')?;
            row.parse::<u32>().ok()?;
            col.parse::<u32>().ok()
        })
        .max()
        .unwrap_or(0)
}
