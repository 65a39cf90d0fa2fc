//! A session's inbox: what the connection's handler, on the async runtime, hands the session's
//! loop on its own thread — events parsed from the client's bytes, window changes, the end —
//! bounded (past [`INBOX_EVENTS`] queued events more are dropped, and a window change replaces
//! the last one), with the idle clock.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crossterm::event::Event;

use crate::explorer::Ending;
use crate::explorer::driver::LoopInput;

/// The most events queued for a session's loop; more are dropped until it catches up.
pub(crate) const INBOX_EVENTS: usize = 256;

/// What the connection hands a session's loop; see the module docs.
#[derive(Debug)]
pub(crate) struct Inbox {
    queue: Mutex<Queue>,
    ready: Condvar,
    idle_timeout: Duration,
}

#[derive(Debug)]
struct Queue {
    events: VecDeque<Event>,
    /// The latest window change not yet seen by the loop.
    resize: Option<(u16, u16)>,
    /// The client sent end-of-file: end once the events queued are seen.
    input_closed: bool,
    /// The session is to end now.
    end: Option<Ending>,
    last_input: Instant,
    dropped: u64,
}

impl Inbox {
    /// An empty inbox; the idle clock starts now.
    pub fn new(idle_timeout: Duration) -> Arc<Self> {
        Arc::new(Self {
            queue: Mutex::new(Queue {
                events: VecDeque::new(),
                resize: None,
                input_closed: false,
                end: None,
                last_input: Instant::now(),
                dropped: 0,
            }),
            ready: Condvar::new(),
            idle_timeout,
        })
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Events parsed from the client's input.
    pub fn push(&self, events: impl IntoIterator<Item = Event>) {
        let mut queue = self.lock();
        queue.last_input = Instant::now();
        for event in events {
            if queue.events.len() < INBOX_EVENTS {
                queue.events.push_back(event);
            } else {
                queue.dropped += 1;
            }
        }
        self.ready.notify_one();
    }

    /// The client's window changed.
    pub fn resize(&self, cols: u16, rows: u16) {
        let mut queue = self.lock();
        queue.last_input = Instant::now();
        queue.resize = Some((cols, rows));
        self.ready.notify_one();
    }

    /// The client sent end-of-file: no more input will come.
    pub(crate) fn close_input(&self) {
        self.lock().input_closed = true;
        self.ready.notify_one();
    }

    /// Ends the session as soon as its loop looks (the first ending given stands).
    pub fn end(&self, ending: Ending) {
        let mut queue = self.lock();
        queue.end.get_or_insert(ending);
        self.ready.notify_one();
    }

    /// Events dropped because the queue was full.
    pub fn dropped(&self) -> u64 {
        self.lock().dropped
    }

    /// How the session is to end, if it is: ended, or idle too long.
    pub(super) fn ending(&self) -> Option<Ending> {
        let queue = self.lock();
        if queue.end.is_some() {
            return queue.end;
        }
        (queue.last_input.elapsed() >= self.idle_timeout).then_some(Ending::Idle)
    }

    /// Whether the client closed the channel or the connection.
    pub(super) fn client_gone(&self) -> bool {
        self.lock().end == Some(Ending::Disconnected)
    }

    /// Whether a frame waiting for the client should stop waiting: the session is ending, or
    /// has been idle too long.
    pub(super) fn gave_up(&self) -> bool {
        self.ending().is_some()
    }

    /// The loop's next input, waiting at most `timeout` (`None`: until there is one). A wait or
    /// an idle timeout that ends past what the clock can hold is no limit.
    pub fn next(&self, timeout: Option<Duration>) -> Option<LoopInput> {
        let give_up = timeout.and_then(|timeout| Instant::now().checked_add(timeout));
        let mut queue = self.lock();
        loop {
            if let Some(ending) = queue.end {
                return Some(LoopInput::End(ending));
            }
            if let Some((cols, rows)) = queue.resize.take() {
                return Some(LoopInput::Event(Event::Resize(cols, rows)));
            }
            if let Some(event) = queue.events.pop_front() {
                return Some(LoopInput::Event(event));
            }
            if queue.input_closed {
                return Some(LoopInput::End(Ending::Disconnected));
            }
            let now = Instant::now();
            let idle_at = queue.last_input.checked_add(self.idle_timeout);
            if idle_at.is_some_and(|idle_at| now >= idle_at) {
                queue.end = Some(Ending::Idle);
                continue;
            }
            if give_up.is_some_and(|give_up| now >= give_up) {
                return None;
            }
            let wake = match (give_up, idle_at) {
                (Some(give_up), Some(idle_at)) => Some(give_up.min(idle_at)),
                (give_up, idle_at) => give_up.or(idle_at),
            };
            queue = match wake {
                Some(wake) => {
                    self.ready
                        .wait_timeout(queue, wake - now)
                        .unwrap_or_else(|poisoned| poisoned.into_inner())
                        .0
                }
                None => self
                    .ready
                    .wait(queue)
                    .unwrap_or_else(|poisoned| poisoned.into_inner()),
            };
        }
    }
}
