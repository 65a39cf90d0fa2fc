//! Everything the run loop waits for: the terminal's events (keys, mouse, resizes) and the
//! signals the explorer answers, which `signal-hook`'s iterator receives on a thread of its own
//! and forwards to the loop. The loop blocks in crossterm's wait while nothing plays (no CPU
//! while idle); to wake it at once, the signal thread then raises `SIGWINCH`, which crossterm
//! turns into a resize event, and the loop looks at the forwarded signals before the event.
//!
//! (A thread reading the terminal would wake the loop as well, but crossterm's reader is one
//! for the process: a thread blocked in `event::read` holds it, and a cursor-position query on
//! the loop's thread, which ratatui's `Terminal::clear` makes, would wait on it for ever.)
//!
//! The signals:
//! - `SIGTERM`, `SIGINT`, `SIGQUIT` and `SIGHUP` end the explorer: the loop returns, the
//!   terminal is restored and the process exits with 128 + the signal's number. Registering
//!   them replaces their default action (which would kill the process with the terminal in raw
//!   mode, the alternate screen, the cursor hidden and the mouse reported).
//! - Should the loop not answer (crossterm's reader spins for ever on a terminal that has hung
//!   up: it reads end-of-file and tries again), the signal thread ends the process itself: at
//!   once after `SIGHUP`, whose terminal is likely gone, and after [`GRACE`] for the others. It
//!   holds standard output while it restores the terminal and exits, so no frame is drawn after.
//! - `SIGTSTP` (`kill -TSTP`; in raw mode `Ctrl-Z` is a key, not a signal) restores the terminal
//!   and then stops the process as the default action would; `SIGCONT` (`fg`) sets the terminal
//!   up again and draws the whole screen.

use std::io;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use crossterm::event::{self, Event};

/// Something the run loop must answer.
#[derive(Debug)]
pub enum TerminalInput {
    /// A terminal event.
    Terminal(Event),
    /// A signal.
    Signal(Signal),
}

/// A signal the explorer answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    /// `SIGTERM`, `SIGINT` or `SIGQUIT`: restore the terminal and exit with 128 + the number.
    End(i32),
    /// `SIGHUP` (its number): the terminal has gone (an SSH connection dropped): exit at once,
    /// with 128 + the number, without drawing.
    HangUp(i32),
    /// `SIGTSTP`: restore the terminal, then stop.
    Stop,
    /// `SIGCONT`: set the terminal up again and draw the whole screen.
    Continue,
}

/// How long the loop has to answer `SIGTERM`, `SIGINT` or `SIGQUIT` before the signal thread
/// ends the process itself.
pub const GRACE: Duration = Duration::from_millis(500);

/// The loop's source of inputs.
pub struct Inputs {
    signals: Receiver<Signal>,
}

impl Inputs {
    /// Starts listening for the signals; `restore` puts the terminal back when the signal
    /// thread has to end the process itself. Call it before the terminal is set up, so that no
    /// signal can end the process between the set-up and the loop.
    pub fn listen_for_signals(restore: fn()) -> io::Result<Self> {
        let (sender, signals) = mpsc::channel();
        forward_signals(sender, restore)?;
        Ok(Self { signals })
    }

    /// The next input, waiting at most `timeout` for it (`None`: as long as it takes); `None`
    /// when the time is up. A signal comes before any terminal event.
    pub fn next(&self, timeout: Option<Duration>) -> io::Result<Option<TerminalInput>> {
        if let Ok(signal) = self.signals.try_recv() {
            return Ok(Some(TerminalInput::Signal(signal)));
        }
        if let Some(timeout) = timeout
            && !event::poll(timeout)?
        {
            return Ok(None);
        }
        let event = event::read();
        // The event may be the resize that a signal raised to wake the wait, or the error of a
        // terminal gone with the hang-up: the signal first.
        if let Ok(signal) = self.signals.try_recv() {
            return Ok(Some(TerminalInput::Signal(signal)));
        }
        Ok(Some(TerminalInput::Terminal(event?)))
    }
}

/// Registers the signals and forwards each one that arrives on a thread of its own.
#[cfg(unix)]
fn forward_signals(sender: Sender<Signal>, restore: fn()) -> io::Result<()> {
    use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGWINCH};
    let mut signals =
        signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGQUIT, SIGHUP, SIGTSTP, SIGCONT])?;
    std::thread::spawn(move || {
        for number in signals.forever() {
            let signal = match number {
                SIGHUP => Signal::HangUp(SIGHUP),
                SIGTSTP => Signal::Stop,
                SIGCONT => Signal::Continue,
                number => Signal::End(number),
            };
            let _ = sender.send(signal);
            // Wake the loop if it waits for a terminal event.
            let _ = signal_hook::low_level::raise(SIGWINCH);
            match signal {
                Signal::HangUp(number) => end_process(restore, number),
                Signal::End(number) => {
                    std::thread::sleep(GRACE);
                    end_process(restore, number);
                }
                Signal::Stop | Signal::Continue => {}
            }
        }
    });
    Ok(())
}

/// Restores the terminal with `restore` and exits with 128 + `number`, holding standard output
/// so that the loop cannot draw in between.
#[cfg(unix)]
fn end_process(restore: fn(), number: i32) -> ! {
    let _stdout = io::stdout().lock();
    restore();
    std::process::exit(128 + number)
}

/// Elsewhere than on Unix the terminal's own keys are the only way out.
#[cfg(not(unix))]
fn forward_signals(_sender: Sender<Signal>, _restore: fn()) -> io::Result<()> {
    Ok(())
}

/// Stops the process as `SIGTSTP`'s default action would (after the terminal is restored);
/// returns when it is continued.
#[cfg(unix)]
pub fn stop_process() {
    let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP);
}

/// Elsewhere than on Unix there is no stopping.
#[cfg(not(unix))]
pub fn stop_process() {}
