//! How much the server takes on at once. Two kinds of places, each counted in all and per
//! client address:
//!
//! - a *handshake* place, from the moment a connection is accepted until it has logged in (or
//!   gone): at most `MAX_HANDSHAKES` in all and `HANDSHAKES_PER_ADDRESS` from one address,
//!   so that a flood of half-open connections cannot hold the server (a connection over the
//!   limit is closed at once, as `sshd`'s `MaxStartups` does);
//! - a *session* place, from the login until the session's explorer ends: `--max-sessions` in
//!   all and 4 from one address. A client over the limit is told "busy, try later" and
//!   disconnected.
//!
//! A place is a [`Place`] value; dropping it gives the place back, however the connection ends.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// The most connections at once that have not logged in yet.
pub(crate) const MAX_HANDSHAKES: usize = 64;
/// The most connections at once from one address that have not logged in yet.
pub(crate) const HANDSHAKES_PER_ADDRESS: usize = 16;

/// Which places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Handshake,
    Session,
}

/// Why a place was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Full {
    /// Every place is taken.
    Server,
    /// The address has all the places it may have.
    Address,
}

impl std::fmt::Display for Full {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Full::Server => "the server is full",
            Full::Address => "the address has all it may have",
        })
    }
}

/// The counts of places taken.
#[derive(Debug)]
pub struct Slots {
    sessions: usize,
    sessions_per_address: usize,
    taken: Mutex<Taken>,
}

#[derive(Debug, Default)]
struct Taken {
    handshakes: Counts,
    sessions: Counts,
}

#[derive(Debug, Default)]
struct Counts {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

impl Counts {
    fn take(&mut self, address: IpAddr, total: usize, per_address: usize) -> Result<(), Full> {
        let mine = self.by_address.get(&address).copied().unwrap_or(0);
        if mine >= per_address {
            return Err(Full::Address);
        }
        if self.total >= total {
            return Err(Full::Server);
        }
        self.total += 1;
        self.by_address.insert(address, mine + 1);
        Ok(())
    }

    fn give_back(&mut self, address: IpAddr) {
        self.total = self.total.saturating_sub(1);
        if let Some(mine) = self.by_address.get_mut(&address) {
            *mine -= 1;
            if *mine == 0 {
                self.by_address.remove(&address);
            }
        }
    }
}

/// A place taken; given back when dropped.
#[derive(Debug)]
pub struct Place {
    slots: Arc<Slots>,
    address: IpAddr,
    kind: Kind,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut taken = self.slots.lock();
        match self.kind {
            Kind::Handshake => taken.handshakes.give_back(self.address),
            Kind::Session => taken.sessions.give_back(self.address),
        }
    }
}

impl Slots {
    /// Slots of `sessions` sessions in all and `per_address` from one address.
    pub fn new(sessions: usize, per_address: usize) -> Arc<Self> {
        Arc::new(Self {
            sessions,
            sessions_per_address: per_address,
            taken: Mutex::default(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Taken> {
        self.taken
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A handshake place for a connection from `address`.
    pub fn handshake(self: &Arc<Self>, address: IpAddr) -> Result<Place, Full> {
        let address = address.to_canonical();
        self.lock()
            .handshakes
            .take(address, MAX_HANDSHAKES, HANDSHAKES_PER_ADDRESS)?;
        Ok(self.place(address, Kind::Handshake))
    }

    /// A session place for a client at `address` that has logged in.
    pub fn session(self: &Arc<Self>, address: IpAddr) -> Result<Place, Full> {
        let address = address.to_canonical();
        self.lock()
            .sessions
            .take(address, self.sessions, self.sessions_per_address)?;
        Ok(self.place(address, Kind::Session))
    }

    /// The sessions under way.
    pub fn sessions(&self) -> usize {
        self.lock().sessions.total
    }

    fn place(self: &Arc<Self>, address: IpAddr, kind: Kind) -> Place {
        Place {
            slots: Arc::clone(self),
            address,
            kind,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_counted_in_all_and_per_address_and_given_back() {
        let slots = Slots::new(3, 2);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = slots.session(a).unwrap();
        let _second = slots.session(a).unwrap();
        assert_eq!(slots.session(a).unwrap_err(), Full::Address);
        let _third = slots.session(b).unwrap();
        assert_eq!(slots.session(b).unwrap_err(), Full::Server);
        drop(first);
        assert_eq!(slots.sessions(), 2);
        assert!(slots.session(b).is_ok());
    }

    /// What an operator opening the server to the public needs to know is stated, with the
    /// values the server keeps to (in README.md or GUIDE.md).
    #[test]
    fn the_limits_an_operator_relies_on_are_the_documented_ones() {
        let root = env!("CARGO_MANIFEST_DIR");
        let docs: String = ["README.md", "GUIDE.md"]
            .iter()
            .filter_map(|name| std::fs::read_to_string(format!("{root}/{name}")).ok())
            .collect::<Vec<_>>()
            .join("\n")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let sessions = crate::serve::SESSIONS_PER_ADDRESS;
        let memory = crate::serve::SESSION_MEMORY_MIB;
        for stated in [
            format!("in all and {sessions} from one address"),
            format!("{MAX_HANDSHAKES} logins under way at once"),
            format!("and {HANDSHAKES_PER_ADDRESS} of them from one address"),
            format!("`--session-memory` ({memory} MiB)"),
        ] {
            assert!(docs.contains(&stated), "the docs do not say {stated:?}");
        }
    }

    #[test]
    fn an_ipv4_mapped_address_is_the_ipv4_address() {
        let slots = Slots::new(10, 1);
        let _place = slots.session("127.0.0.1".parse().unwrap()).unwrap();
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        assert_eq!(slots.session(mapped).unwrap_err(), Full::Address);
    }
}
