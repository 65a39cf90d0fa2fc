//! Connecting the processes of a cluster count, before timely dataflow takes the sockets.
//!
//! timely's own set-up (`CommunicationConfig::Cluster`) prints its progress on standard
//! output, waits forever for a process that never answers, panics on a stray connection and
//! trusts whoever connects, so the connections are made here and handed to timely's
//! `initialize_networking_from_sockets`, sealed (`sealed`). As in timely, process `K` listens
//! on its own line's address and connects to every process before it; both at once, for at
//! most the set-up's time ([`Setup`]: `--cluster-wait`, cut short by `--deadline`).
//!
//! - Process `K` listens on what its line names: the address written, or every address its
//!   host name resolves to here, IPv4 or IPv6. A port another program holds is named at once
//!   (exit status 4, so that a scheduler tries again).
//! - Each connection opens with the handshake (`handshake`), which proves that both ends hold
//!   the cluster's key. Connections are accepted and shaken hands with concurrently, each
//!   hello within [`HELLO_WITHIN`], so a stranger that connects and dawdles delays nobody; a
//!   stranger's connection is closed and forgotten, and no more than
//!   [`MAX_HANDSHAKES`] are under way at once.
//! - A process that fails the proof, or that the hellos show was started for another count,
//!   ends the set-up at once, named: exit status 4 for the key (the process is not one of
//!   ours), 2 for a difference (running again would end the same way).
//! - The sockets then keep TCP keepalive probes and a timeout on unacknowledged data, so a
//!   host that vanishes without closing its connections is noticed in about half a minute.

use std::io;
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use socket2::{SockRef, TcpKeepalive};

use super::handshake::{self, Hello, Opened, Refused};
use super::hostfile::Hostfile;
use super::key::{ClusterKey, nonce};
use super::sealed::Sealed;
use crate::cli::{ExitStatus, Failure};
use knights_tour_engine::quote::quoted;

/// How long a process waits for the others to connect, unless told.
pub(super) const SETUP_WITHIN: Duration = Duration::from_secs(50);

/// How long one end of a connection waits for each message of the other's handshake.
const HELLO_WITHIN: Duration = Duration::from_secs(5);

/// The most handshakes under way at once on the accepting side.
const MAX_HANDSHAKES: usize = 64;

/// The most processes a message names one by one.
const NAMED: usize = 4;

/// How often the accepting side looks for a new connection.
const POLL: Duration = Duration::from_millis(20);

/// How long a process waits before it tries again to resolve its line or to reach a peer
/// that is not listening yet: the others start when they start, within [`SETUP_WITHIN`].
const RETRY: Duration = Duration::from_millis(250);

/// When the set-up gives up, and why then.
#[derive(Debug, Clone, Copy)]
pub(super) struct Setup {
    /// When.
    pub(super) until: Instant,
    /// The wait it was given (`--cluster-wait`), for the messages.
    pub(super) within: Duration,
    /// Whether `--deadline` comes first: the set-up then gives up with exit status 3.
    pub(super) by_deadline: bool,
}

impl Setup {
    /// The failure when the set-up ran out of time: `what` did not happen, perhaps for `why`.
    fn ran_out(&self, what: String, why: Option<String>) -> SetupError {
        let why = why.map_or(String::new(), |why| format!(": {why}"));
        if self.by_deadline {
            SetupError::Deadline(format!(
                "gave up: the deadline passed before the processes connected ({what}{why}); \
                 the count is not started"
            ))
        } else {
            SetupError::Unreachable(format!(
                "{what} within {}{why}",
                humantime::format_duration(self.within)
            ))
        }
    }
}

/// Why the set-up failed.
#[derive(Debug)]
enum SetupError {
    /// Another process differs in what they must share (exit 2).
    Mismatch(String),
    /// A process could not be reached, did not connect in time, or does not hold the key
    /// (exit 4).
    Unreachable(String),
    /// The deadline passed first (exit 3).
    Deadline(String),
    /// This side stopped because the other failed.
    Stopped,
}

impl From<SetupError> for Failure {
    fn from(error: SetupError) -> Self {
        match error {
            SetupError::Mismatch(message) => Failure::bad_input(message),
            SetupError::Unreachable(message) => Failure::new(ExitStatus::ClusterFailed, message),
            SetupError::Deadline(message) => Failure::new(ExitStatus::GaveUp, message),
            SetupError::Stopped => Failure::new(
                ExitStatus::ClusterFailed,
                "the set-up stopped with no failure named",
            ),
        }
    }
}

/// What every connection of this process shares: its hello (given a fresh nonce each time),
/// the key, the hostfile.
struct Local<'a> {
    hello: &'a Hello,
    key: &'a Arc<ClusterKey>,
    hosts: &'a Hostfile,
}

/// Connects this process (`hello.process`) to every other of `hosts`: a sealed connection to
/// each, `None` at its own place, as timely takes them.
pub(super) fn connect(
    hosts: &Hostfile,
    hello: &Hello,
    key: &Arc<ClusterKey>,
    setup: Setup,
) -> Result<Vec<Option<Sealed>>, Failure> {
    let local = Local { hello, key, hosts };
    let listeners = listen(hosts, hello.process, setup)?;
    let abort = AtomicBool::new(false);
    let (before, after) = thread::scope(|scope| {
        let dialling = thread::Builder::new()
            .name("cluster:dial".to_string())
            .spawn_scoped(scope, || dial_each(&local, setup, &abort));
        let after = accept_each(&listeners, &local, setup, &abort);
        let before = match dialling {
            Ok(thread) => thread.join().unwrap_or_else(|_| {
                Err(SetupError::Unreachable(
                    "the thread that connects to the other processes failed".to_string(),
                ))
            }),
            // With no thread of its own, the dialling comes after the accepting.
            Err(_) if after.is_ok() => dial_each(&local, setup, &abort),
            Err(_) => Err(SetupError::Stopped),
        };
        (before, after)
    });
    let (before, after) = match (before, after) {
        (Ok(before), Ok(after)) => (before, after),
        (before, after) => {
            // The failure that ended the set-up, not the other side's stop for it.
            let failures = [before.err(), after.err()].into_iter().flatten();
            let failure = failures
                .reduce(|kept, next| {
                    if matches!(kept, SetupError::Stopped) {
                        next
                    } else {
                        kept
                    }
                })
                .expect("a side failed");
            return Err(failure.into());
        }
    };
    let mut sockets: Vec<Option<Sealed>> = before.into_iter().map(Some).collect();
    sockets.push(None);
    sockets.extend(after.into_iter().map(Some));
    for sealed in sockets.iter().flatten() {
        keep_alive(sealed.socket()).map_err(|error| {
            Failure::new(
                ExitStatus::ClusterFailed,
                format!("cannot set up a connection: {error}"),
            )
        })?;
    }
    Ok(sockets)
}

/// Listens on what process `me`'s line names: every address its host resolves to here (a
/// name that does not resolve yet is tried again until the set-up's end). A port in use is
/// named at once.
fn listen(hosts: &Hostfile, me: usize, setup: Setup) -> Result<Vec<TcpListener>, SetupError> {
    let line = &hosts.addresses[me];
    let addresses = resolve_own(line, setup)?;
    let mut listeners = Vec::new();
    let mut refused = Vec::new();
    for address in &addresses {
        match TcpListener::bind(address) {
            Ok(listener) => listeners.push(listener),
            Err(error) if error.kind() == io::ErrorKind::AddrInUse => {
                return Err(SetupError::Unreachable(format!(
                    "cannot listen on {address} for this process's line {}: another program \
                     holds the port",
                    quoted(line)
                )));
            }
            Err(error) => refused.push(format!("{address}: {error}")),
        }
    }
    if listeners.is_empty() {
        return Err(SetupError::Unreachable(format!(
            "cannot listen on this process's line {}: {}",
            quoted(line),
            refused.join("; ")
        )));
    }
    for listener in &listeners {
        listener.set_nonblocking(true).map_err(|error| {
            SetupError::Unreachable(format!("cannot listen on {}: {error}", quoted(line)))
        })?;
    }
    if listeners_only_on_loopback(&listeners) && others_elsewhere(hosts, me) {
        eprintln!(
            "knights-tour: note: {} resolves here only to a loopback address, which the other \
             processes' hosts cannot reach",
            quoted(line)
        );
    }
    Ok(listeners)
}

/// The addresses `line` resolves to, each once, trying again until the set-up's end while it
/// resolves to none.
fn resolve_own(line: &str, setup: Setup) -> Result<Vec<SocketAddr>, SetupError> {
    loop {
        let last = match line.to_socket_addrs() {
            Ok(found) => {
                let mut addresses: Vec<SocketAddr> = Vec::new();
                for address in found {
                    if !addresses.contains(&address) {
                        addresses.push(address);
                    }
                }
                if !addresses.is_empty() {
                    return Ok(addresses);
                }
                "it resolves to no address".to_string()
            }
            Err(error) => error.to_string(),
        };
        if Instant::now() >= setup.until {
            return Err(setup.ran_out(
                format!("this process's line {} did not resolve", quoted(line)),
                Some(last),
            ));
        }
        thread::sleep(RETRY);
    }
}

fn listeners_only_on_loopback(listeners: &[TcpListener]) -> bool {
    listeners.iter().all(|listener| {
        listener
            .local_addr()
            .is_ok_and(|address| address.ip().is_loopback())
    })
}

/// Whether another line of the hostfile names a host that resolves here to an address that is
/// not loopback (the first few such hosts are looked at).
fn others_elsewhere(hosts: &Hostfile, me: usize) -> bool {
    hosts
        .addresses
        .iter()
        .enumerate()
        .filter(|&(process, _)| process != me)
        .take(NAMED)
        .any(|(_, line)| {
            line.to_socket_addrs()
                .is_ok_and(|mut found| found.any(|address| !address.ip().is_loopback()))
        })
}

/// Connects to every process before this one.
fn dial_each(local: &Local, setup: Setup, abort: &AtomicBool) -> Result<Vec<Sealed>, SetupError> {
    let me = local.hello.process;
    let mut sockets = Vec::with_capacity(me);
    for (process, address) in local.hosts.addresses[..me].iter().enumerate() {
        match dial(process, address, local, setup, abort) {
            Ok(socket) => sockets.push(socket),
            Err(error) => {
                abort.store(true, Ordering::Relaxed);
                return Err(error);
            }
        }
    }
    Ok(sockets)
}

/// Connects to `process` at `address` and shakes hands, trying again until the set-up's end.
fn dial(
    process: usize,
    address: &str,
    local: &Local,
    setup: Setup,
    abort: &AtomicBool,
) -> Result<Sealed, SetupError> {
    let named = || format!("process {process} at {}", quoted(address));
    let mut last = String::from("no answer");
    while Instant::now() < setup.until {
        if abort.load(Ordering::Relaxed) {
            return Err(SetupError::Stopped);
        }
        match try_dial(address, local, setup.until) {
            Ok(opened) => {
                if let Some(difference) = local.hello.differs(&opened.theirs) {
                    return Err(SetupError::Mismatch(format!("{} {difference}", named())));
                }
                if opened.theirs.process != process {
                    return Err(SetupError::Mismatch(format!(
                        "{} says it is process {}: give every process the same hostfile",
                        named(),
                        opened.theirs.process
                    )));
                }
                return Ok(opened.sealed);
            }
            Err(Attempt::Refused(Refused::Proof(_))) => {
                return Err(SetupError::Unreachable(format!("{} {}", named(), NO_PROOF)));
            }
            Err(Attempt::Refused(Refused::Stranger(why)) | Attempt::Failed(why)) => last = why,
        }
        thread::sleep(RETRY);
    }
    Err(setup.ran_out(format!("{} could not be reached", named()), Some(last)))
}

/// What a process that fails the proof is told.
const NO_PROOF: &str = "did not prove that it holds the cluster's key: give every process the \
                        same --cluster-key or KNIGHTS_TOUR_CLUSTER_KEY; the count is not started";

/// How one try at dialling went wrong.
enum Attempt {
    Failed(String),
    Refused(Refused),
}

/// One try at connecting to `address` and shaking hands.
fn try_dial(address: &str, local: &Local, until: Instant) -> Result<Opened, Attempt> {
    let targets: Vec<SocketAddr> = address
        .to_socket_addrs()
        .map_err(|error| Attempt::Failed(format!("cannot resolve it: {error}")))?
        .collect();
    let mut last = String::from("it resolves to no address");
    for target in targets {
        let hello_until = until.min(Instant::now() + HELLO_WITHIN);
        let wait = hello_until
            .saturating_duration_since(Instant::now())
            .max(Duration::from_millis(10));
        match TcpStream::connect_timeout(&target, wait) {
            Ok(socket) => {
                let ours = local
                    .hello
                    .with_nonce(nonce().map_err(|_| Attempt::Failed("no nonce".to_string()))?);
                return handshake::as_dialler(socket, &ours, local.key, hello_until)
                    .map_err(Attempt::Refused);
            }
            Err(error) => last = error.to_string(),
        }
    }
    Err(Attempt::Failed(last))
}

/// What a handshake on the accepting side came to, with the address it came from.
type Handshake = (Result<Opened, Refused>, String);

/// Accepts a connection from every process after this one, shaking hands with each
/// connection on a thread of its own; any other connection is closed and forgotten.
fn accept_each(
    listeners: &[TcpListener],
    local: &Local,
    setup: Setup,
    abort: &AtomicBool,
) -> Result<Vec<Sealed>, SetupError> {
    let me = local.hello.process;
    let mut sockets: Vec<Option<Sealed>> = (me + 1..local.hosts.len()).map(|_| None).collect();
    let (done, finished) = mpsc::channel::<Handshake>();
    let under_way = Arc::new(AtomicUsize::new(0));
    while sockets.iter().any(Option::is_none) {
        if abort.load(Ordering::Relaxed) {
            return Err(SetupError::Stopped);
        }
        if Instant::now() >= setup.until {
            abort.store(true, Ordering::Relaxed);
            return Err(setup.ran_out(missing(&sockets, local), None));
        }
        for listener in listeners {
            while let Ok((socket, peer)) = listener.accept() {
                shake_hands(socket, peer, local, setup, &done, &under_way);
            }
        }
        let first = finished.recv_timeout(POLL).ok();
        for (handshake, peer) in first.into_iter().chain(finished.try_iter()) {
            if let Err(error) = adopt(handshake, &peer, &mut sockets, local.hello) {
                abort.store(true, Ordering::Relaxed);
                return Err(error);
            }
        }
    }
    Ok(sockets.into_iter().flatten().collect())
}

/// Starts the handshake of a connection from `peer` on a thread of its own, unless too many
/// are under way (or the system starts no thread): then the connection is closed.
fn shake_hands(
    socket: TcpStream,
    peer: SocketAddr,
    local: &Local,
    setup: Setup,
    done: &mpsc::Sender<Handshake>,
    under_way: &Arc<AtomicUsize>,
) {
    if under_way.load(Ordering::SeqCst) >= MAX_HANDSHAKES || socket.set_nonblocking(false).is_err()
    {
        return;
    }
    let Ok(nonce) = nonce() else { return };
    let ours = local.hello.with_nonce(nonce);
    let key = Arc::clone(local.key);
    let (done, under_way) = (done.clone(), Arc::clone(under_way));
    under_way.fetch_add(1, Ordering::SeqCst);
    let counted = Arc::clone(&under_way);
    let started = thread::Builder::new()
        .name("cluster:handshake".to_string())
        .spawn(move || {
            let opened = handshake::as_acceptor(socket, &ours, &key, HELLO_WITHIN, setup.until);
            counted.fetch_sub(1, Ordering::SeqCst);
            let _ = done.send((opened, peer.to_string()));
        });
    if started.is_err() {
        under_way.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Takes the connection of a finished handshake from `peer` at its process's place, or says
/// why the set-up must end; a stranger's is dropped.
fn adopt(
    handshake: Result<Opened, Refused>,
    peer: &str,
    sockets: &mut [Option<Sealed>],
    ours: &Hello,
) -> Result<(), SetupError> {
    let me = ours.process;
    let named =
        |process: usize| format!("the process that says it is process {process} (from {peer})");
    let opened = match handshake {
        Ok(opened) => opened,
        Err(Refused::Stranger(_)) => return Ok(()),
        Err(Refused::Proof(theirs)) => {
            return Err(SetupError::Unreachable(format!(
                "{} {NO_PROOF}",
                named(theirs.process)
            )));
        }
    };
    let theirs = &opened.theirs;
    let refused = if let Some(difference) = ours.differs(theirs) {
        Some(difference)
    } else if theirs.process <= me || theirs.process >= me + 1 + sockets.len() {
        Some(format!(
            "connected to process {me}, which it should not: give every process the same \
             hostfile"
        ))
    } else if sockets[theirs.process - me - 1].is_some() {
        Some("is the second to say so: give each process its own --process".to_string())
    } else {
        None
    };
    if let Some(why) = refused {
        return Err(SetupError::Mismatch(format!(
            "{} {why}",
            named(theirs.process)
        )));
    }
    sockets[theirs.process - me - 1] = Some(opened.sealed);
    Ok(())
}

/// The processes that did not connect, the first few by name.
fn missing(sockets: &[Option<Sealed>], local: &Local) -> String {
    let me = local.hello.process;
    let absent: Vec<usize> = sockets
        .iter()
        .enumerate()
        .filter(|(_, socket)| socket.is_none())
        .map(|(at, _)| me + 1 + at)
        .collect();
    let named: Vec<String> = absent
        .iter()
        .take(NAMED)
        .map(|&process| {
            format!(
                "process {process} at {}",
                quoted(&local.hosts.addresses[process])
            )
        })
        .collect();
    let named = named.join(", ");
    match absent.len().checked_sub(NAMED) {
        Some(more) if more > 0 => format!("{named} and {more} more did not connect"),
        _ => format!("{named} did not connect"),
    }
}

/// Sets a connected socket up for timely: blocking, no timeouts, no delay on small writes,
/// and TCP's own probes of a silent peer (dead after about 10 + 4 × 5 seconds without an
/// answer) and of data left unacknowledged (30 seconds).
fn keep_alive(socket: &TcpStream) -> io::Result<()> {
    socket.set_read_timeout(None)?;
    socket.set_write_timeout(None)?;
    socket.set_nodelay(true)?;
    let socket = SockRef::from(socket);
    let probes = TcpKeepalive::new()
        .with_time(Duration::from_secs(10))
        .with_interval(Duration::from_secs(5))
        .with_retries(4);
    socket.set_tcp_keepalive(&probes)?;
    socket.set_tcp_user_timeout(Some(Duration::from_secs(30)))
}
