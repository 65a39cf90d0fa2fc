//! Everything the run loop waits for: the terminal's events (keys, mouse, resizes) and the
//! signals the explorer answers. Two threads feed the loop: one reads the terminal, one
//! receives the signals (`signal-hook`'s iterator); the loop blocks on their channels (no CPU
//! while idle) and takes a signal before any key that waits.
//!
//! The terminal is read here, not by crossterm's reader, because that reader cannot tell that
//! its terminal has gone: on end-of-file or a read error it reads again at once, for ever, a
//! whole core spent. A terminal that is not the process's controlling terminal (or one whose
//! hang-up signal never comes) gives exactly that when it closes. Here a read of zero bytes, or
//! `EIO` (a pseudo-terminal whose other side closed), is the end of the input
//! (`TerminalInput::Ended`: the loop ends, the terminal is restored as far as it can be, exit
//! status 129 as for `SIGHUP`), and any other read error ends the run with the error (exit
//! status 1); neither is read again. The bytes become crossterm's events through the parser an
//! SSH client's bytes go through too (`terminal_bytes`, over `terminput`). Nothing else may
//! read the terminal while the explorer runs: a cursor-position query (ratatui's
//! `Terminal::clear`) would start crossterm's reader beside this one.
//!
//! The signals:
//! - `SIGTERM`, `SIGINT`, `SIGQUIT` and `SIGHUP` end the explorer: the loop returns, the
//!   terminal is restored and the process exits with 128 + the signal's number. Registering
//!   them replaces their default action (which would kill the process with the terminal in raw
//!   mode, the alternate screen, the cursor hidden and the mouse reported).
//! - Should the loop not answer, the signal thread ends the process itself: at once after
//!   `SIGHUP`, whose terminal is likely gone, and after `GRACE` for the others. It holds
//!   standard output while it restores the terminal and exits, so no frame is drawn after.
//! - `SIGTSTP` (`kill -TSTP`; in raw mode `Ctrl-Z` is a key, not a signal) restores the terminal
//!   and then stops the process as the default action would; `SIGCONT` (`fg`) sets the terminal
//!   up again and draws the whole screen.
//! - `SIGWINCH`: the terminal's size changed; the screen is drawn again at the new size.

use std::io;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::time::{Duration, Instant};

use crossterm::event::Event;

#[cfg(unix)]
use super::terminal_bytes::KeyParser;

/// Something the run loop must answer.
#[derive(Debug)]
pub(crate) enum TerminalInput {
    /// A terminal event.
    Terminal(Event),
    /// A signal.
    Signal(Signal),
    /// The terminal's input ended: it has gone, whether or not a hang-up signal said so.
    Ended,
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
    /// `SIGWINCH`: the terminal has a new size.
    Resize,
}

/// How long the loop has to answer `SIGTERM`, `SIGINT` or `SIGQUIT` before the signal thread
/// ends the process itself.
pub(crate) const GRACE: Duration = Duration::from_millis(500);

/// The most terminal events read ahead of the loop: past them the reader waits, and keys stay
/// in the terminal, as when nothing reads it.
const READ_AHEAD: usize = 64;

/// What the reader thread (and, to wake the loop, the signal thread) sends.
#[derive(Debug)]
enum FromTerminal {
    Event(Event),
    /// End of input: the terminal has gone.
    Ended,
    /// Reading the terminal failed.
    Failed(io::Error),
    /// A signal is waiting in the other channel.
    Wake,
}

/// The loop's source of inputs.
pub(crate) struct Inputs {
    signals: Receiver<Signal>,
    terminal: Receiver<FromTerminal>,
}

impl Inputs {
    /// Starts listening for the signals and reading the terminal; `restore` puts the terminal
    /// back when the signal thread has to end the process itself. Call it before the terminal is
    /// set up, so that no signal can end the process between the set-up and the loop.
    pub fn listen(restore: fn()) -> io::Result<Self> {
        let (signal_sender, signals) = mpsc::channel();
        let (terminal_sender, terminal) = mpsc::sync_channel(READ_AHEAD);
        forward_signals(signal_sender, terminal_sender.clone(), restore)?;
        read_terminal(terminal_sender)?;
        Ok(Self { signals, terminal })
    }

    /// The next input, waiting at most `timeout` for it (`None`, or a wait past what the clock
    /// can hold: as long as it takes); `None` when the time is up. A signal comes before any
    /// terminal event; a read error is the error.
    pub fn next(&self, timeout: Option<Duration>) -> io::Result<Option<TerminalInput>> {
        let deadline = timeout.and_then(|timeout| Instant::now().checked_add(timeout));
        loop {
            if let Ok(signal) = self.signals.try_recv() {
                return Ok(Some(TerminalInput::Signal(signal)));
            }
            let received = match deadline {
                None => self
                    .terminal
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
                Some(deadline) => self
                    .terminal
                    .recv_timeout(deadline.saturating_duration_since(Instant::now())),
            };
            return match received {
                Ok(FromTerminal::Wake) => continue,
                Ok(FromTerminal::Event(event)) => Ok(Some(TerminalInput::Terminal(event))),
                Ok(FromTerminal::Failed(error)) => Err(error),
                // (The reader says why it stops before it does.)
                Ok(FromTerminal::Ended) | Err(RecvTimeoutError::Disconnected) => {
                    Ok(Some(TerminalInput::Ended))
                }
                Err(RecvTimeoutError::Timeout) => Ok(None),
            };
        }
    }

    /// Whether the terminal's input ends within `wait`, events before the end dropped. When
    /// drawing fails on a terminal that has gone, the reader reads its end a moment later.
    pub(crate) fn ends_within(&self, wait: Duration) -> bool {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.terminal.recv_timeout(left) {
                Ok(FromTerminal::Ended) | Err(RecvTimeoutError::Disconnected) => return true,
                Ok(FromTerminal::Failed(_)) | Err(RecvTimeoutError::Timeout) => return false,
                Ok(FromTerminal::Event(_) | FromTerminal::Wake) => {}
            }
        }
    }
}

/// Reads the terminal on a thread of its own: standard input when it is the terminal, else
/// `/dev/tty` (the tour came on standard input). Each read's bytes go to the parser, its events
/// to the loop; the end of input or an error is sent once, and the thread ends.
#[cfg(unix)]
fn read_terminal(sender: SyncSender<FromTerminal>) -> io::Result<()> {
    use std::io::{IsTerminal, Read};
    use std::os::fd::AsFd;

    let stdin = io::stdin();
    let mut terminal = if stdin.is_terminal() {
        std::fs::File::from(stdin.as_fd().try_clone_to_owned()?)
    } else {
        std::fs::File::open("/dev/tty")?
    };
    std::thread::Builder::new()
        .name("terminal".into())
        .spawn(move || {
            let mut parser = KeyParser::new();
            let mut bytes = [0u8; 1024];
            loop {
                let message = match terminal.read(&mut bytes) {
                    Ok(0) => FromTerminal::Ended,
                    Ok(read) => {
                        let mut sent = true;
                        parser.feed(&bytes[..read], |event| {
                            sent &= sender.send(FromTerminal::Event(event)).is_ok();
                        });
                        if !sent {
                            return;
                        }
                        continue;
                    }
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    // Another program may have left the terminal non-blocking: wait a little
                    // rather than spin.
                    Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                        std::thread::sleep(Duration::from_millis(10));
                        continue;
                    }
                    // What a terminal whose other side has closed answers (Linux's
                    // pseudo-terminals, before they read as end-of-file).
                    Err(error) if error.raw_os_error() == Some(EIO) => FromTerminal::Ended,
                    Err(error) => FromTerminal::Failed(error),
                };
                let _ = sender.send(message);
                return;
            }
        })?;
    Ok(())
}

/// `EIO`, "input/output error": the same number on Linux, the BSDs and macOS.
#[cfg(unix)]
const EIO: i32 = 5;

/// Elsewhere than on Unix, crossterm reads the terminal (its reader there does not spin).
#[cfg(not(unix))]
fn read_terminal(sender: SyncSender<FromTerminal>) -> io::Result<()> {
    std::thread::Builder::new()
        .name("terminal".into())
        .spawn(move || {
            loop {
                let message = match crossterm::event::read() {
                    Ok(event) => FromTerminal::Event(event),
                    Err(error) => FromTerminal::Failed(error),
                };
                let failed = matches!(message, FromTerminal::Failed(_));
                if sender.send(message).is_err() || failed {
                    return;
                }
            }
        })?;
    Ok(())
}

/// Registers the signals and forwards each one that arrives on a thread of its own; `wake`
/// tells the loop, should it wait for the terminal, that a signal waits.
#[cfg(unix)]
fn forward_signals(
    sender: Sender<Signal>,
    wake: SyncSender<FromTerminal>,
    restore: fn(),
) -> io::Result<()> {
    use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGWINCH};
    use std::sync::mpsc::TrySendError;
    let mut signals = signal_hook::iterator::Signals::new([
        SIGTERM, SIGINT, SIGQUIT, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH,
    ])?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for number in signals.forever() {
                let signal = match number {
                    SIGHUP => Signal::HangUp(SIGHUP),
                    SIGTSTP => Signal::Stop,
                    SIGCONT => Signal::Continue,
                    SIGWINCH => Signal::Resize,
                    number => Signal::End(number),
                };
                let _ = sender.send(signal);
                // A full channel holds events the loop is about to take, and it takes the
                // signal first then.
                if let Err(TrySendError::Disconnected(_)) = wake.try_send(FromTerminal::Wake) {
                    return;
                }
                match signal {
                    Signal::HangUp(number) => end_process(restore, number),
                    Signal::End(number) => {
                        std::thread::sleep(GRACE);
                        end_process(restore, number);
                    }
                    Signal::Stop | Signal::Continue | Signal::Resize => {}
                }
            }
        })?;
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
fn forward_signals(
    _sender: Sender<Signal>,
    _wake: SyncSender<FromTerminal>,
    _restore: fn(),
) -> io::Result<()> {
    Ok(())
}

/// Stops the process as `SIGTSTP`'s default action would (after the terminal is restored);
/// returns when it is continued.
#[cfg(unix)]
pub(crate) fn stop_process() {
    let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP);
}

/// Elsewhere than on Unix there is no stopping.
#[cfg(not(unix))]
pub(crate) fn stop_process() {}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn the_end_of_input_and_a_read_error_reach_the_loop_once_and_a_signal_comes_first() {
        let (signal_sender, signals) = mpsc::channel();
        let (sender, terminal) = mpsc::sync_channel(READ_AHEAD);
        let inputs = Inputs { signals, terminal };
        sender
            .send(FromTerminal::Event(Event::FocusGained))
            .unwrap();
        signal_sender.send(Signal::Resize).unwrap();
        sender.send(FromTerminal::Wake).unwrap();
        sender.send(FromTerminal::Ended).unwrap();
        let taken: Vec<_> = (0..3)
            .map(|_| format!("{:?}", inputs.next(None).unwrap().unwrap()))
            .collect();
        assert_eq!(taken, ["Signal(Resize)", "Terminal(FocusGained)", "Ended"]);
        let waited = inputs.next(Some(Duration::from_millis(1))).unwrap();
        assert!(waited.is_none(), "{waited:?}");
        sender
            .send(FromTerminal::Failed(io::Error::other("gone")))
            .unwrap();
        assert!(inputs.next(None).is_err());
        drop(sender);
        assert!(matches!(inputs.next(None), Ok(Some(TerminalInput::Ended))));
    }
}
