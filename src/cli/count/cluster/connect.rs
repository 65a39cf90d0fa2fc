//! Connecting the processes of a cluster count, before timely dataflow takes the sockets.
//!
//! timely's own set-up (`CommunicationConfig::Cluster`) prints its progress on standard
//! output, waits forever for a process that never answers, and panics on a stray connection,
//! so the sockets are made here and handed to timely's `initialize_networking_from_sockets`.
//! As in timely, process `K` listens on its line's port and connects to every process before
//! it; both at once, for at most [`SETUP_WITHIN`]. Each connection opens with one line each
//! way ([`Hello`]): the program's version, the hostfile, the process, its workers and the
//! count it asks, so that processes started for different counts refuse each other, named,
//! instead of counting nonsense. A connection that does not open so is a stranger's, closed
//! and forgotten. The sockets then keep TCP keepalive probes and a timeout on unacknowledged
//! data, so a host that vanishes without closing its connections is noticed in about half a
//! minute.

use std::io::{self, Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use socket2::{SockRef, TcpKeepalive};

use super::hostfile::Hostfile;
use crate::cli::{ExitStatus, Failure};
use knights_tour_engine::quote::{quoted, quoted_bytes};

/// How long a process waits for the others to connect, unless told.
pub(super) const SETUP_WITHIN: Duration = Duration::from_secs(50);

/// How long one end of a connection waits for the other's first line.
const HELLO_WITHIN: Duration = Duration::from_secs(5);

/// The longest first line read.
const MAX_HELLO: usize = 1024;

/// What the first line of every connection says.
const MAGIC: &str = "knights-tour-cluster/1";

/// What a process tells the others about itself and its count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Hello {
    /// The program's version.
    pub(super) version: String,
    /// The digest of the hostfile ([`Hostfile::digest`]).
    pub(super) hosts: u64,
    /// The number of processes.
    pub(super) processes: usize,
    /// Which one this is.
    pub(super) process: usize,
    /// Its workers.
    pub(super) threads: usize,
    /// The count it asks, in words (`6x8 open knight's tours`).
    pub(super) question: String,
}

impl Hello {
    fn line(&self) -> String {
        format!(
            "{MAGIC} {} {:016x} {} {} {} {}\n",
            self.version, self.hosts, self.processes, self.process, self.threads, self.question
        )
    }

    fn parse(line: &str) -> Option<Self> {
        let mut fields = line.splitn(7, ' ');
        if fields.next()? != MAGIC {
            return None;
        }
        let version = fields.next()?.to_string();
        let hosts = u64::from_str_radix(fields.next()?, 16).ok()?;
        let mut number = || fields.next()?.parse::<usize>().ok();
        let (processes, process, threads) = (number()?, number()?, number()?);
        let question = fields.next()?.to_string();
        Some(Self {
            version,
            hosts,
            processes,
            process,
            threads,
            question,
        })
    }

    /// How `theirs` differs from this hello in what every process must share, in words that
    /// follow the name of the process that sent it.
    fn differs(&self, theirs: &Hello) -> Option<String> {
        if theirs.version != self.version {
            Some(format!(
                "runs knights-tour {}, this process {}: run one version everywhere",
                quoted(&theirs.version),
                self.version
            ))
        } else if (theirs.hosts, theirs.processes) != (self.hosts, self.processes) {
            Some("read another hostfile: give every process the same one".to_string())
        } else if theirs.question != self.question {
            Some(format!(
                "counts {}, this process {}: give every process the same count",
                quoted(&theirs.question),
                self.question
            ))
        } else if theirs.threads != self.threads {
            Some(format!(
                "runs {} workers, this process {}: give every process the same --threads",
                theirs.threads, self.threads
            ))
        } else {
            None
        }
    }
}

/// Why the set-up failed.
enum SetupError {
    /// Another process differs in what they must share (exit 2).
    Mismatch(String),
    /// A process could not be reached or did not connect in time (exit 4).
    Unreachable(String),
}

impl From<SetupError> for Failure {
    fn from(error: SetupError) -> Self {
        match error {
            SetupError::Mismatch(message) => Failure::bad_input(message),
            SetupError::Unreachable(message) => Failure::new(ExitStatus::ClusterFailed, message),
        }
    }
}

/// Connects this process (`hello.process`) to every other of `hosts`: a socket to each,
/// `None` at its own place, as timely takes them.
pub(super) fn connect(
    hosts: &Hostfile,
    hello: &Hello,
    within: Duration,
) -> Result<Vec<Option<TcpStream>>, Failure> {
    let until = Setup {
        until: Instant::now() + within,
        within,
    };
    let me = hello.process;
    let listener = listen(&hosts.addresses[me], until.until)?;
    let abort = AtomicBool::new(false);
    let (before, after) = thread::scope(|scope| {
        let dialled = scope.spawn(|| dial_each(hosts, hello, until, &abort));
        let accepted = accept_each(&listener, hosts, hello, until, &abort);
        let dialled = dialled
            .join()
            .expect("the connecting thread does not panic");
        (dialled, accepted)
    });
    let mut sockets: Vec<Option<TcpStream>> = before?.into_iter().map(Some).collect();
    sockets.push(None);
    sockets.extend(after?.into_iter().map(Some));
    for socket in sockets.iter().flatten() {
        keep_alive(socket).map_err(|error| {
            Failure::new(
                ExitStatus::ClusterFailed,
                format!("cannot set up a connection: {error}"),
            )
        })?;
    }
    Ok(sockets)
}

/// Listens on the port of `address` (`host:port`): on that address if it is a loopback one,
/// else on every address of this host, since its own name may resolve here to a loopback
/// address the others cannot reach. Retried until `until` while the port is taken.
fn listen(address: &str, until: Instant) -> Result<TcpListener, Failure> {
    let (host, port) = address
        .rsplit_once(':')
        .expect("a hostfile's line is host:port");
    let port: u16 = port.parse().expect("a hostfile's port fits 16 bits");
    let local: SocketAddr = match host.trim_start_matches('[').trim_end_matches(']') {
        "localhost" => (Ipv4Addr::LOCALHOST, port).into(),
        host => match host.parse::<IpAddr>() {
            Ok(ip) if ip.is_loopback() => (ip, port).into(),
            Ok(IpAddr::V6(_)) => (Ipv6Addr::UNSPECIFIED, port).into(),
            _ => (Ipv4Addr::UNSPECIFIED, port).into(),
        },
    };
    loop {
        match TcpListener::bind(local) {
            Ok(listener) => {
                listener
                    .set_nonblocking(true)
                    .expect("a listener can be made nonblocking");
                return Ok(listener);
            }
            Err(error) if error.kind() == io::ErrorKind::AddrInUse && Instant::now() < until => {
                thread::sleep(Duration::from_millis(250));
            }
            Err(error) => {
                return Err(Failure::bad_input(format!(
                    "cannot listen on {} for this process's line {}: {error}",
                    local,
                    quoted(address)
                )));
            }
        }
    }
}

/// When the set-up gives up, and after how long.
#[derive(Debug, Clone, Copy)]
struct Setup {
    until: Instant,
    within: Duration,
}

/// Connects to every process before this one, until `until`.
fn dial_each(
    hosts: &Hostfile,
    hello: &Hello,
    until: Setup,
    abort: &AtomicBool,
) -> Result<Vec<TcpStream>, SetupError> {
    let mut sockets = Vec::with_capacity(hello.process);
    for (process, address) in hosts.addresses[..hello.process].iter().enumerate() {
        match dial(process, address, hello, until, abort) {
            Ok(socket) => sockets.push(socket),
            Err(error) => {
                abort.store(true, Ordering::Relaxed);
                return Err(error);
            }
        }
    }
    Ok(sockets)
}

/// Connects to `process` at `address` and exchanges hellos, trying again until `until`.
fn dial(
    process: usize,
    address: &str,
    hello: &Hello,
    until: Setup,
    abort: &AtomicBool,
) -> Result<TcpStream, SetupError> {
    let named = || format!("process {process} at {}", quoted(address));
    let mut last = String::from("no answer");
    while Instant::now() < until.until && !abort.load(Ordering::Relaxed) {
        match try_dial(address, hello, until.until) {
            Ok((socket, theirs)) => {
                if let Some(difference) = hello.differs(&theirs) {
                    return Err(SetupError::Mismatch(format!("{} {difference}", named())));
                }
                if theirs.process != process {
                    return Err(SetupError::Mismatch(format!(
                        "{} says it is process {}: give every process the same hostfile",
                        named(),
                        theirs.process
                    )));
                }
                return Ok(socket);
            }
            Err(error) => last = error,
        }
        thread::sleep(Duration::from_millis(250));
    }
    Err(SetupError::Unreachable(format!(
        "{} could not be reached within {}: {last}",
        named(),
        humantime::format_duration(until.within)
    )))
}

/// One try at connecting to `address`: the socket and the other's hello, or what went wrong.
fn try_dial(address: &str, hello: &Hello, until: Instant) -> Result<(TcpStream, Hello), String> {
    let targets: Vec<SocketAddr> = address
        .to_socket_addrs()
        .map_err(|error| format!("cannot resolve it: {error}"))?
        .collect();
    let mut last = String::from("it resolves to no address");
    for target in targets {
        let wait = until
            .saturating_duration_since(Instant::now())
            .min(HELLO_WITHIN)
            .max(Duration::from_millis(10));
        match TcpStream::connect_timeout(&target, wait) {
            Ok(mut socket) => {
                socket
                    .set_write_timeout(Some(HELLO_WITHIN))
                    .and_then(|()| socket.set_read_timeout(Some(HELLO_WITHIN)))
                    .and_then(|()| socket.write_all(hello.line().as_bytes()))
                    .map_err(|error| error.to_string())?;
                let theirs = read_hello(&mut socket)?;
                return Ok((socket, theirs));
            }
            Err(error) => last = error.to_string(),
        }
    }
    Err(last)
}

/// Accepts a connection from every process after this one, until `until`; any other
/// connection is closed and forgotten.
fn accept_each(
    listener: &TcpListener,
    hosts: &Hostfile,
    hello: &Hello,
    until: Setup,
    abort: &AtomicBool,
) -> Result<Vec<TcpStream>, SetupError> {
    let me = hello.process;
    let mut sockets: Vec<Option<TcpStream>> = (me + 1..hosts.len()).map(|_| None).collect();
    while sockets.iter().any(Option::is_none) {
        if abort.load(Ordering::Relaxed) {
            return Ok(Vec::new());
        }
        if Instant::now() >= until.until {
            let missing: Vec<String> = sockets
                .iter()
                .enumerate()
                .filter(|(_, socket)| socket.is_none())
                .map(|(at, _)| {
                    let process = me + 1 + at;
                    format!("process {process} at {}", quoted(&hosts.addresses[process]))
                })
                .collect();
            abort.store(true, Ordering::Relaxed);
            return Err(SetupError::Unreachable(format!(
                "{} did not connect within {}",
                missing.join(", "),
                humantime::format_duration(until.within)
            )));
        }
        let Ok((mut socket, _)) = listener.accept() else {
            thread::sleep(Duration::from_millis(50));
            continue;
        };
        let Some(theirs) = socket
            .set_nonblocking(false)
            .and_then(|()| socket.set_read_timeout(Some(HELLO_WITHIN)))
            .and_then(|()| socket.set_write_timeout(Some(HELLO_WITHIN)))
            .ok()
            .and_then(|()| read_hello(&mut socket).ok())
        else {
            continue;
        };
        // Answered whatever it says, so that it can name a difference too.
        let _ = socket.write_all(hello.line().as_bytes());
        let named = format!(
            "the process that says it is process {} (from {})",
            theirs.process,
            socket
                .peer_addr()
                .map_or("an unknown address".to_string(), |peer| peer.to_string())
        );
        let refused = if let Some(difference) = hello.differs(&theirs) {
            Some(format!("{named} {difference}"))
        } else if theirs.process <= me || theirs.process >= hosts.len() {
            Some(format!(
                "{named} connected to process {me}, which it should not: give every process \
                 the same hostfile"
            ))
        } else if sockets[theirs.process - me - 1].is_some() {
            Some(format!(
                "{named} is the second to say so: give each process its own --process"
            ))
        } else {
            None
        };
        if let Some(message) = refused {
            abort.store(true, Ordering::Relaxed);
            return Err(SetupError::Mismatch(message));
        }
        sockets[theirs.process - me - 1] = Some(socket);
    }
    Ok(sockets.into_iter().flatten().collect())
}

/// Reads the first line of a connection, a hello or not.
fn read_hello(socket: &mut TcpStream) -> Result<Hello, String> {
    let mut line = Vec::with_capacity(128);
    let mut byte = [0u8];
    while line.len() < MAX_HELLO {
        match socket.read(&mut byte) {
            Ok(0) => break,
            Ok(_) if byte[0] == b'\n' => {
                let text = std::str::from_utf8(&line).map_err(|_| not_a_hello(&line))?;
                return Hello::parse(text).ok_or_else(|| not_a_hello(&line));
            }
            Ok(_) => line.push(byte[0]),
            Err(error) => return Err(format!("no hello from it: {error}")),
        }
    }
    Err(not_a_hello(&line))
}

fn not_a_hello(line: &[u8]) -> String {
    format!(
        "it answered {}, not as a knights-tour count does",
        quoted_bytes(line)
    )
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

#[cfg(test)]
mod tests {
    use super::*;

    fn hello() -> Hello {
        Hello {
            version: "0.1.0".to_string(),
            hosts: 0x1234,
            processes: 3,
            process: 1,
            threads: 2,
            question: "6x8 open knight's tours".to_string(),
        }
    }

    #[test]
    fn a_hello_reads_back_as_it_is_written() {
        let line = hello().line();
        assert!(line.ends_with('\n') && !line[..line.len() - 1].contains('\n'));
        assert_eq!(Hello::parse(line.trim_end()), Some(hello()));
        for stranger in [
            "GET / HTTP/1.1",
            "",
            "knights-tour-cluster/1 0.1.0 xyz 3 1 2 q",
        ] {
            assert_eq!(Hello::parse(stranger), None, "{stranger}");
        }
    }

    #[test]
    fn processes_that_differ_in_what_they_share_are_named_the_difference() {
        let ours = hello();
        let other = |change: fn(&mut Hello)| {
            let mut theirs = hello();
            change(&mut theirs);
            ours.differs(&theirs).unwrap()
        };
        assert!(other(|h| h.version = "9.9.9".into()).contains("'9.9.9'"));
        assert!(other(|h| h.hosts = 1).contains("hostfile"));
        assert!(other(|h| h.processes = 2).contains("hostfile"));
        assert!(other(|h| h.question = "5x5 closed".into()).contains("'5x5 closed'"));
        assert!(other(|h| h.threads = 1).contains("--threads"));
        let mut another_process = hello();
        another_process.process = 2;
        assert_eq!(ours.differs(&another_process), None);
    }
}
