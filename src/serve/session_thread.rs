//! One SSH session: the explorer's own run loop ([`run_loop`]) on a thread of its own, as the
//! local terminal runs it, with two adapters:
//!
//! - [`Inbox`] (in `inbox`): what the connection's handler (on the async runtime) hands the loop: events
//!   parsed from the client's bytes, window changes, the end (the channel closed, the server
//!   stopping). It is bounded: past `INBOX_EVENTS` queued events, more are dropped (a flood
//!   of input costs its own session some keys, nothing else), and a window change replaces
//!   the last one. The loop waits on it with a timeout, and it says when the session has been
//!   idle too long.
//! - [`ChannelWriter`]: a `Write` that ratatui's crossterm backend draws into; on flush it
//!   hands the frame to russh's session `Handle`, waiting while the client's window is full (a
//!   slow client slows its own session, and memory stays bounded), never longer than the
//!   session lives.
//!
//! Every explorer computes on its own thread (and its starts map on one more), in the slices
//! of its own `tick`, each slice of background work in a turn of the server's work threads
//! taken from the session's seat (see [`crate::explorer::work_pool`]): the sessions share
//! those threads fairly, while keys and frames never wait for a turn (but a step back that
//! replays a long search does); and the async runtime never runs the engine.

use std::io::{self, Write};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::terminal::{Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use russh::ChannelId;
use russh::server::Handle;
use tokio::sync::watch;

use crate::explorer::driver::{Sizing, run_loop};
use crate::explorer::work_pool::Seat;
use crate::explorer::{App, Ending, Look};

use super::inbox::Inbox;
use super::shared::{Phase, Registry};
use super::slots::Place;

/// The largest terminal a session draws: a bigger window is drawn at this size (the buffers
/// ratatui keeps grow with the area).
pub(crate) const MAX_COLS: u16 = 500;
/// See [`MAX_COLS`].
pub(crate) const MAX_ROWS: u16 = 200;
/// The memory a session's screen may take, at most: ratatui's two buffers at the largest
/// size, and as much again for a frame on its way (a session's memory budget less this is
/// its explorer's).
pub(crate) const SCREEN_BYTES: u64 =
    3 * MAX_COLS as u64 * MAX_ROWS as u64 * std::mem::size_of::<ratatui::buffer::Cell>() as u64;
/// How often a frame stuck behind a full client window looks whether its session still lives.
const STALL_POLL: Duration = Duration::from_millis(200);
/// How long the last words (the terminal restored, a goodbye, the exit status) may take.
const GOODBYE: Duration = Duration::from_secs(2);

/// A terminal size from the client: 0x0 (`ssh -tt` from a pipe) is taken as 80x24, and
/// sizes are capped at [`MAX_COLS`] x [`MAX_ROWS`].
pub(crate) fn terminal_size(cols: u32, rows: u32) -> (u16, u16) {
    if cols == 0 || rows == 0 {
        return (80, 24);
    }
    let cap = |value: u32, max: u16| u16::try_from(value).unwrap_or(u16::MAX).min(max);
    (cap(cols, MAX_COLS), cap(rows, MAX_ROWS))
}

/// Where a session's bytes go: its channel, through russh's handle, from a thread outside the
/// async runtime.
#[derive(Debug, Clone)]
pub(crate) struct Outlet {
    /// The connection's handle.
    pub handle: Handle,
    /// The session's channel.
    pub channel: ChannelId,
    /// The runtime the connection runs on.
    pub runtime: tokio::runtime::Handle,
    /// Bytes sent so far.
    pub sent: Arc<AtomicU64>,
}

impl Outlet {
    /// Sends `bytes`, waiting while the client's window is full until `inbox` gives up on the
    /// session or `deadline` passes.
    fn send(&self, bytes: Vec<u8>, inbox: &Inbox, deadline: Option<Instant>) -> io::Result<()> {
        let length = bytes.len() as u64;
        loop {
            // A send that times out has not queued its bytes: try again with the same ones.
            let attempt = self.runtime.block_on(async {
                tokio::time::timeout(STALL_POLL, self.handle.data(self.channel, bytes.clone()))
                    .await
            });
            match attempt {
                Ok(Ok(())) => {
                    self.sent.fetch_add(length, Ordering::Relaxed);
                    return Ok(());
                }
                Ok(Err(_)) => return Err(io::ErrorKind::BrokenPipe.into()),
                Err(_) => {}
            }
            if inbox.gave_up() || deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                return Err(io::ErrorKind::TimedOut.into());
            }
        }
    }

    /// Runs one of the handle's requests, for at most [`GOODBYE`].
    fn request<F: Future<Output = Result<(), ()>>>(&self, request: impl FnOnce() -> F) {
        let _ = self
            .runtime
            .block_on(async { tokio::time::timeout(GOODBYE, request()).await });
    }
}

/// The terminal's writer: collects a frame and sends it on flush.
pub(crate) struct ChannelWriter {
    pending: Vec<u8>,
    outlet: Outlet,
    inbox: Arc<Inbox>,
    /// How the session's end changes the writer (the terminal owns the writer).
    end: Arc<WriterEnd>,
}

/// See [`ChannelWriter`].
#[derive(Debug, Default)]
struct WriterEnd {
    /// Set for the last words: stop waiting for the client then.
    deadline: Mutex<Option<Instant>>,
    /// The session is over: what is still written (ratatui showing the cursor as it goes) is
    /// dropped.
    discard: AtomicBool,
}

impl Write for ChannelWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.pending.is_empty() || self.end.discard.load(Ordering::Relaxed) {
            self.pending.clear();
            return Ok(());
        }
        let bytes = std::mem::take(&mut self.pending);
        let deadline = *self
            .end
            .deadline
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        self.outlet.send(bytes, &self.inbox, deadline)
    }
}

/// Everything a session's thread needs.
pub(crate) struct SessionStart {
    /// The client's address.
    pub peer: SocketAddr,
    /// The explorer to copy.
    pub app: Arc<App>,
    /// The session's own place at the server's work threads.
    pub seat: Seat,
    /// Colours and glyphs for the client's terminal.
    pub look: Look,
    /// The terminal's size at the start.
    pub size: (u16, u16),
    /// What the loop reads.
    pub inbox: Arc<Inbox>,
    /// Where frames go.
    pub outlet: Outlet,
    /// The session's place, given back when the session ends.
    pub place: Place,
    /// Told when the session is over.
    pub phase: watch::Sender<Phase>,
    /// The sessions the server would say goodbye to; this one leaves it when it ends.
    pub registry: Arc<Registry>,
    /// Its number in the registry.
    pub id: u64,
}

/// Starts the session's thread.
pub fn spawn(start: SessionStart) -> io::Result<()> {
    std::thread::Builder::new()
        .name(format!("session {}", start.peer))
        .spawn(move || run(start))
        .map(|_| ())
}

/// The session: set the terminal up, run the explorer, restore the terminal and say why it
/// ended, send the exit status, close the channel.
fn run(start: SessionStart) {
    let SessionStart {
        peer,
        app,
        seat,
        look,
        size: (cols, rows),
        inbox,
        outlet,
        place,
        phase,
        registry,
        id,
    } = start;
    let mut closing = Closing {
        began: Instant::now(),
        peer,
        ending: None,
        inbox: Arc::clone(&inbox),
        outlet: outlet.clone(),
        place: Some(place),
        phase,
        registry,
        id,
    };
    let end = Arc::new(WriterEnd::default());
    let writer = ChannelWriter {
        pending: Vec::with_capacity(1 << 14),
        outlet,
        inbox: Arc::clone(&inbox),
        end: Arc::clone(&end),
    };
    let options = TerminalOptions {
        viewport: Viewport::Fixed(Rect::new(0, 0, cols, rows)),
    };
    let mut terminal = Terminal::with_options(CrosstermBackend::new(writer), options)
        .expect("a fixed viewport asks the backend nothing");
    let ending = crossterm::execute!(
        terminal.backend_mut(),
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste,
        Clear(ClearType::All)
    )
    .and_then(|()| {
        let mut app = (*app).clone().with_seat(seat);
        let ending = run_loop(&mut terminal, &mut app, look, Sizing::Told, |timeout| {
            Ok(inbox.next(timeout))
        });
        // The explorer's work (a starts map on its thread) stops with it, now.
        drop(app);
        ending
    })
    // A frame the client did not take: the session ended, went idle, or the client left.
    .unwrap_or_else(|_| inbox.ending().unwrap_or(Ending::Disconnected));
    // After end-of-file from the client (its input ended) the channel is still open: restore
    // the terminal and close it as for any other ending.
    if !inbox.client_gone() {
        *end.deadline
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(Instant::now() + GOODBYE);
        say_goodbye(&mut terminal, ending);
    }
    end.discard.store(true, Ordering::Relaxed);
    drop(terminal);
    closing.ending = Some(ending);
}

/// The end of a session, however it ends (a panic too): the exit status and the channel's
/// close while the client is there, the session's place given back, the connection told, the
/// log's line.
struct Closing {
    began: Instant,
    peer: SocketAddr,
    /// `None` until the session ends well: a panic leaves it.
    ending: Option<Ending>,
    inbox: Arc<Inbox>,
    outlet: Outlet,
    place: Option<Place>,
    phase: watch::Sender<Phase>,
    registry: Arc<Registry>,
    id: u64,
}

/// The exit status of a session whose thread panicked (`EX_SOFTWARE`).
const INTERNAL_ERROR: u32 = 70;

impl Drop for Closing {
    fn drop(&mut self) {
        let status = self
            .ending
            .map_or(INTERNAL_ERROR, |ending| ending.exit_status().into());
        if !self.inbox.client_gone() {
            let (outlet, channel) = (&self.outlet, self.outlet.channel);
            outlet.request(|| outlet.handle.exit_status_request(channel, status));
            outlet.request(|| outlet.handle.eof(channel));
            outlet.request(|| outlet.handle.close(channel));
        }
        self.registry.remove(self.id);
        self.place = None;
        self.phase.send_replace(Phase::Over);
        let duration = Duration::from_secs(self.began.elapsed().as_secs());
        tracing::info!(
            peer = %self.peer,
            duration = %humantime::format_duration(duration),
            bytes_sent = self.outlet.sent.load(Ordering::Relaxed),
            keys_dropped = self.inbox.dropped(),
            ending = self.ending.map_or("failed", describe),
            "session end"
        );
    }
}

/// Restores the client's terminal and says why the session ended, if not by the user.
fn say_goodbye(terminal: &mut Terminal<CrosstermBackend<ChannelWriter>>, ending: Ending) {
    let _ = terminal.show_cursor();
    let message = match ending {
        Ending::Idle => Some("knights-tour: no key pressed for too long: session closed\r\n"),
        Ending::Signal(_) => Some("knights-tour: the server is stopping: goodbye\r\n"),
        Ending::Quit | Ending::Disconnected => None,
    };
    let backend = terminal.backend_mut();
    let _ = crossterm::queue!(
        backend,
        DisableMouseCapture,
        DisableBracketedPaste,
        LeaveAlternateScreen
    );
    if let Some(message) = message {
        let _ = backend.write_all(message.as_bytes());
    }
    let _ = Write::flush(backend);
}

/// The ending as the log says it.
fn describe(ending: Ending) -> &'static str {
    match ending {
        Ending::Quit => "quit",
        Ending::Signal(_) => "server stopped",
        Ending::Disconnected => "client left",
        Ending::Idle => "idle",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explorer::driver::LoopInput;
    use crate::serve::inbox::INBOX_EVENTS;
    use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

    fn key(c: char) -> Event {
        Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
    }

    #[test]
    fn sizes_of_zero_are_80x24_and_huge_ones_capped() {
        assert_eq!(terminal_size(0, 0), (80, 24));
        assert_eq!(terminal_size(120, 0), (80, 24));
        assert_eq!(terminal_size(100, 30), (100, 30));
        assert_eq!(terminal_size(100_000, 70_000), (MAX_COLS, MAX_ROWS));
    }

    #[test]
    fn the_inbox_is_bounded_and_keeps_order() {
        let inbox = Inbox::new(Duration::from_secs(60));
        inbox.push((0..INBOX_EVENTS + 10).map(|_| key('n')));
        inbox.resize(100, 30);
        inbox.resize(120, 40);
        assert_eq!(inbox.dropped(), 10);
        assert!(matches!(
            inbox.next(None),
            Some(LoopInput::Event(Event::Resize(120, 40)))
        ));
        for _ in 0..INBOX_EVENTS {
            assert!(matches!(
                inbox.next(None),
                Some(LoopInput::Event(Event::Key(_)))
            ));
        }
        assert!(inbox.next(Some(Duration::from_millis(1))).is_none());
        inbox.push([key('q')]);
        inbox.close_input();
        assert!(matches!(inbox.next(None), Some(LoopInput::Event(_))));
        assert!(matches!(
            inbox.next(None),
            Some(LoopInput::End(Ending::Disconnected))
        ));
    }

    #[test]
    fn an_idle_timeout_past_every_clock_never_ends_the_session() {
        let inbox = Inbox::new(Duration::MAX);
        assert!(inbox.next(Some(Duration::from_millis(1))).is_none());
        assert!(inbox.ending().is_none());
        inbox.push([key('n')]);
        assert!(matches!(
            inbox.next(Some(Duration::MAX)),
            Some(LoopInput::Event(_))
        ));
    }

    #[test]
    fn an_idle_inbox_ends_the_session() {
        // A wait shorter than the idle timeout passes with nothing, and the session goes on.
        let patient = Inbox::new(Duration::from_secs(3600));
        assert!(patient.next(Some(Duration::from_millis(1))).is_none());
        assert!(patient.ending().is_none());
        let inbox = Inbox::new(Duration::from_millis(50));
        assert!(matches!(
            inbox.next(None),
            Some(LoopInput::End(Ending::Idle))
        ));
        // The end stands: an event after it changes nothing.
        inbox.push([key('n')]);
        assert!(matches!(
            inbox.next(None),
            Some(LoopInput::End(Ending::Idle))
        ));
    }
}
