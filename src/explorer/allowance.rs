//! What a host lets one explorer use ([`Allowance`]): memory for its searches, their step-back
//! histories, the race's lanes and its starts maps; and threads for its background work. The
//! local explorer has the machine ([`Allowance::local`]: every core, and the memory of
//! `LOCAL_MEMORY`); each session of `knights-tour serve` its share (`Allowance::served`: one
//! thread at a time, in turns of the server's [`WorkPool`](super::work_pool::WorkPool), and the session's budget).
//!
//! The budget is split: three quarters for the searches (the explorer's own, and while a race
//! is on its two lanes), a quarter for the starts maps (those kept, and the one being made
//! with the solve under way).

use std::time::Duration;

use knights_tour_engine::solve::Request;

use super::work_pool::{Permit, Seat};
use crate::options::{megabytes, threads_within_limits};

/// The memory the local explorer keeps to: a search of 1000x1000 with several copies to step
/// back through, or a race on it.
pub(crate) const LOCAL_MEMORY: u64 = 256 << 20;

/// What one explorer may use; see the module docs.
#[derive(Debug, Clone)]
pub struct Allowance {
    /// Bytes the explorer's searches, histories and maps may hold together, roughly.
    pub memory: u64,
    /// The explorer's seat at its host's work threads; `None`: background work runs at once,
    /// a starts map on every core.
    pub work: Option<Seat>,
}

impl Allowance {
    /// The local explorer's: every core, `LOCAL_MEMORY`.
    pub fn local() -> Self {
        Self {
            memory: LOCAL_MEMORY,
            work: None,
        }
    }

    /// A served session's: `memory` bytes, and one thread at a time from `seat`.
    pub(crate) fn served(memory: u64, seat: Seat) -> Self {
        Self {
            memory,
            work: Some(seat),
        }
    }

    /// Bytes for the searches, their histories and the visit numbers shown.
    pub fn searches(&self) -> u64 {
        self.memory - self.maps()
    }

    /// Bytes for the starts maps.
    pub fn maps(&self) -> u64 {
        self.memory / 4
    }

    /// Threads a starts map may solve on: one when the host hands out turns, else every core
    /// (fewer under an address-space limit too tight for them).
    pub(crate) fn map_threads(&self) -> usize {
        match self.work {
            Some(_) => 1,
            None => {
                threads_within_limits(std::thread::available_parallelism().map_or(1, usize::from))
            }
        }
    }

    /// Whether the host hands out turns of its work threads (a served session): then a map's
    /// node budget is the whole map's.
    pub(crate) fn shared_host(&self) -> bool {
        self.work.is_some()
    }

    /// A turn for one slice of background work, waiting at most `timeout` for it (`None`: as
    /// long as it takes); `None` when it did not come. Without a host's pool, a turn at once.
    pub fn turn(&self, timeout: Option<Duration>) -> Option<Turn> {
        match &self.work {
            None => Some(Turn::free()),
            Some(seat) => seat.wait(timeout).map(|permit| Turn {
                _permit: Some(permit),
            }),
        }
    }
}

/// A slice of background work's turn: held while the work runs, given back when dropped.
#[derive(Debug)]
#[must_use = "the turn ends when it is dropped"]
pub struct Turn {
    _permit: Option<Permit>,
}

impl Turn {
    /// A turn that holds no thread: for a tick with nothing to compute.
    pub fn free() -> Self {
        Self { _permit: None }
    }
}

/// `request` with a memory cap of at most `bytes`.
pub(crate) fn capped(mut request: Request, bytes: u64) -> Request {
    request.memory_cap = Some(request.memory_cap.map_or(bytes, |cap| cap.min(bytes)));
    request
}

/// `needed` and `allowed` for a message that says the one does not fit in the other: in
/// megabytes rounded up ([`megabytes`]), or where those read alike, in tenths with the need
/// rounded up and the allowance down, which read apart whenever the need is the larger.
pub fn megabytes_apart(needed: u64, allowed: u64) -> (String, String) {
    let whole = (megabytes(needed), megabytes(allowed));
    if whole.0 != whole.1 || needed <= allowed {
        return whole;
    }
    let tenths = |tenths: u64| format!("{}.{} MB", tenths / 10, tenths % 10);
    (
        tenths((needed * 10).div_ceil(1 << 20)),
        tenths((allowed * 10) >> 20),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_that_differ_read_apart() {
        const MIB: u64 = 1 << 20;
        // A 256x256 map's answers, and the maps' share of a session of 64 MiB: both 13 MB.
        assert_eq!(
            megabytes_apart(13_631_488, 13_177_216),
            ("13.0 MB".to_string(), "12.5 MB".to_string())
        );
        assert_eq!(
            megabytes_apart(20 * MIB, 13 * MIB),
            ("20 MB".to_string(), "13 MB".to_string())
        );
        assert_eq!(
            megabytes_apart(13 * MIB + 2, 13 * MIB + 1),
            ("13.1 MB".to_string(), "13.0 MB".to_string())
        );
    }
}
