//! What the connections of a server share: the settings and limits every connection reads
//! ([`Shared`]), the sessions under way, which the server ends together ([`Registry`]), and
//! where a connection stands ([`Phase`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::watch;

use crate::explorer::work_pool::WorkPool;
use crate::explorer::{App, Ending};

use super::Access;
use super::inbox::Inbox;
use super::slots::Slots;

/// Where a connection is: logging in (the login deadline runs), in its session, or done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Handshake and login, until the explorer starts.
    Login,
    /// The explorer runs.
    Session,
    /// The session is over; the client should leave.
    Over,
}

/// What every connection of a server shares.
pub struct Shared {
    pub(super) access: Access,
    pub(super) slots: Arc<Slots>,
    pub(super) app: Arc<App>,
    /// The threads the sessions' background work takes turns at.
    pub(super) work: WorkPool,
    pub(super) force_ascii: bool,
    pub(super) idle_timeout: Duration,
    pub(super) login_deadline: Duration,
    pub(super) runtime: tokio::runtime::Handle,
    pub(super) registry: Arc<Registry>,
    /// `Some(signal)` once the server is stopping.
    pub(super) stopping: watch::Receiver<Option<i32>>,
}

/// The sessions under way, so that the server can end them all.
#[derive(Debug, Default)]
pub(crate) struct Registry {
    inner: Mutex<RegistryInner>,
    next: AtomicU64,
}

#[derive(Debug, Default)]
struct RegistryInner {
    sessions: HashMap<u64, Arc<Inbox>>,
    stopping: Option<i32>,
}

impl Registry {
    fn lock(&self) -> std::sync::MutexGuard<'_, RegistryInner> {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Adds a session; `None` once the server is stopping.
    pub fn add(&self, inbox: Arc<Inbox>) -> Option<u64> {
        let mut inner = self.lock();
        if inner.stopping.is_some() {
            return None;
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        inner.sessions.insert(id, inbox);
        Some(id)
    }

    /// Removes a session that has ended.
    pub(crate) fn remove(&self, id: u64) {
        self.lock().sessions.remove(&id);
    }

    /// Ends every session, and every one added later, with `signal`.
    pub(super) fn stop(&self, signal: i32) {
        let mut inner = self.lock();
        inner.stopping = Some(signal);
        for inbox in inner.sessions.values() {
            inbox.end(Ending::Signal(signal));
        }
    }

    pub(super) fn len(&self) -> usize {
        self.lock().sessions.len()
    }
}
