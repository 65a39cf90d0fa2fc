//! How two processes of a cluster count open a connection: three messages that tell each
//! other who they are and prove that both hold the cluster's key, before any state moves.
//!
//! 1. The dialler (the later process of the hostfile) sends its [`Hello`]: the program's
//!    version, the hostfile, the process, its workers, a fresh random nonce and the count it
//!    asks, on one line.
//! 2. The acceptor answers with its own hello, with a nonce of its own, and a proof: an
//!    HMAC under the key of both hellos (`key`).
//! 3. The dialler sends its own proof, and checks the acceptor's.
//!
//! Each proof covers both nonces, so none can be replayed on another connection, and the two
//! ends sign different labels, so neither can be reflected. The frame keys of the connection
//! (`sealed`) come from the same hellos. The dialler takes the connection once it has sent
//! its proof; the acceptor once it has checked it, so a connection the dialler gave up on
//! (it closed it) ends before the acceptor takes it: a stale socket is never adopted. Every
//! message is read within one deadline, however slowly its bytes come, and the acceptor waits
//! for each of the dialler's messages a few seconds at most, so that strangers who start a
//! handshake and stop hold none of its places for long.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use super::key::{ClusterKey, End, NONCE_BYTES};
use super::sealed::Sealed;
use knights_tour_engine::quote::{quoted, quoted_bytes};

/// The longest line of a handshake.
const MAX_LINE: usize = 1024;

/// What the first word of every hello says.
const MAGIC: &str = "knights-tour-cluster/2";

/// What a proof line starts with.
const PROOF: &str = "proof ";

/// What a process tells the others about itself and its count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Hello {
    /// The program's version.
    pub(super) version: String,
    /// The digest of the hostfile (`Hostfile::digest`).
    pub(super) hosts: u64,
    /// The number of processes.
    pub(super) processes: usize,
    /// Which one this is.
    pub(super) process: usize,
    /// Its workers.
    pub(super) threads: usize,
    /// Fresh for each connection.
    pub(super) nonce: [u8; NONCE_BYTES],
    /// The count it asks, in words (`6x8 open knight's tours`).
    pub(super) question: String,
}

impl Hello {
    /// This hello with a fresh nonce.
    pub(super) fn with_nonce(&self, nonce: [u8; NONCE_BYTES]) -> Self {
        Self {
            nonce,
            ..self.clone()
        }
    }

    fn line(&self) -> String {
        format!(
            "{MAGIC} {} {:016x} {} {} {} {} {}\n",
            self.version,
            self.hosts,
            self.processes,
            self.process,
            self.threads,
            hex(&self.nonce),
            self.question
        )
    }

    fn parse(line: &str) -> Option<Self> {
        let mut fields = line.splitn(8, ' ');
        if fields.next()? != MAGIC {
            return None;
        }
        let version = fields.next()?.to_string();
        let hosts = u64::from_str_radix(fields.next()?, 16).ok()?;
        let mut number = || fields.next()?.parse::<usize>().ok();
        let (processes, process, threads) = (number()?, number()?, number()?);
        let nonce = unhex(fields.next()?)?.try_into().ok()?;
        let question = fields.next()?.to_string();
        Some(Self {
            version,
            hosts,
            processes,
            process,
            threads,
            nonce,
            question,
        })
    }

    /// How `theirs` differs from this hello in what every process must share, in words that
    /// follow the name of the process that sent it.
    pub(super) fn differs(&self, theirs: &Hello) -> Option<String> {
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

/// A connection whose handshake is done: the other's hello, and the connection sealed.
pub(super) struct Opened {
    pub(super) theirs: Hello,
    pub(super) sealed: Sealed,
}

/// Why a handshake did not open a connection.
#[derive(Debug)]
pub(super) enum Refused {
    /// The other end does not speak as a knights-tour count does, went quiet or went away:
    /// a stranger's connection, or one its process gave up on.
    Stranger(String),
    /// The other end speaks as a count does but does not hold the cluster's key.
    Proof(Hello),
}

/// The dialler's side of the handshake on `socket`, within `until`.
pub(super) fn as_dialler(
    mut socket: TcpStream,
    ours: &Hello,
    key: &ClusterKey,
    until: Instant,
) -> Result<Opened, Refused> {
    let our_line = ours.line();
    write_within(&mut socket, our_line.as_bytes(), until)?;
    let (their_line, theirs) = read_hello(&mut socket, until)?;
    let transcript = [our_line.as_bytes(), &their_line].concat();
    let proof = read_proof(&mut socket, until)?;
    // Sent even to an acceptor that failed its proof, so that it names the failure too: the
    // proof is of this connection's nonces alone, of no use on any other.
    let ours_proven = proof_line(key, End::Dialler, &transcript);
    let sent = write_within(&mut socket, ours_proven.as_bytes(), until);
    if !key.proves(End::Acceptor, &transcript, &proof) {
        return Err(Refused::Proof(theirs));
    }
    sent?;
    Ok(opened(socket, theirs, key, End::Dialler, &transcript))
}

/// The acceptor's side of the handshake on `socket`: the dialler's hello within `within`, and
/// its proof within `within` of the answer, all before `until`.
pub(super) fn as_acceptor(
    mut socket: TcpStream,
    ours: &Hello,
    key: &ClusterKey,
    within: Duration,
    until: Instant,
) -> Result<Opened, Refused> {
    let soon = || until.min(Instant::now() + within);
    let (their_line, theirs) = read_hello(&mut socket, soon())?;
    let our_line = ours.line();
    let transcript = [&their_line, our_line.as_bytes()].concat();
    let answer = our_line + &proof_line(key, End::Acceptor, &transcript);
    write_within(&mut socket, answer.as_bytes(), soon())?;
    let proof = read_proof(&mut socket, soon())?;
    if !key.proves(End::Dialler, &transcript, &proof) {
        return Err(Refused::Proof(theirs));
    }
    Ok(opened(socket, theirs, key, End::Acceptor, &transcript))
}

/// The connection on `socket`, sealed for `end` with the keys of `transcript`.
fn opened(
    socket: TcpStream,
    theirs: Hello,
    key: &ClusterKey,
    end: End,
    transcript: &[u8],
) -> Opened {
    let other = match end {
        End::Dialler => End::Acceptor,
        End::Acceptor => End::Dialler,
    };
    let sealed = Sealed::new(
        socket,
        key.frame_key(end, transcript),
        key.frame_key(other, transcript),
    );
    Opened { theirs, sealed }
}

fn proof_line(key: &ClusterKey, end: End, transcript: &[u8]) -> String {
    format!("{PROOF}{}\n", hex(key.proof(end, transcript).as_ref()))
}

/// Reads a hello: its line as sent (with its newline), and what it says.
fn read_hello(socket: &mut TcpStream, until: Instant) -> Result<(Vec<u8>, Hello), Refused> {
    let mut line = read_line(socket, until)?;
    let hello = std::str::from_utf8(&line).ok().and_then(Hello::parse);
    let hello = hello.ok_or_else(|| Refused::Stranger(not_a_count(&line)))?;
    line.push(b'\n');
    Ok((line, hello))
}

/// Reads a proof line's bytes.
fn read_proof(socket: &mut TcpStream, until: Instant) -> Result<Vec<u8>, Refused> {
    let line = read_line(socket, until)?;
    std::str::from_utf8(&line)
        .ok()
        .and_then(|text| text.strip_prefix(PROOF))
        .and_then(unhex)
        .ok_or_else(|| Refused::Stranger(not_a_count(&line)))
}

fn not_a_count(line: &[u8]) -> String {
    format!(
        "it answered {}, not as a knights-tour count does",
        quoted_bytes(line)
    )
}

/// Reads one line (without its newline) of at most [`MAX_LINE`] bytes, all of it before
/// `until`, a byte at a time so that nothing after it is taken from the socket.
fn read_line(socket: &mut TcpStream, until: Instant) -> Result<Vec<u8>, Refused> {
    let mut line = Vec::with_capacity(128);
    let mut byte = [0u8];
    while line.len() < MAX_LINE {
        socket.set_read_timeout(Some(left(until)?)).map_err(gone)?;
        match socket.read(&mut byte) {
            Ok(0) => return Err(Refused::Stranger("it closed the connection".to_string())),
            Ok(_) if byte[0] == b'\n' => return Ok(line),
            Ok(_) => line.push(byte[0]),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(gone(error)),
        }
    }
    Err(Refused::Stranger(not_a_count(&line)))
}

/// Writes `bytes` before `until`.
fn write_within(socket: &mut TcpStream, bytes: &[u8], until: Instant) -> Result<(), Refused> {
    socket
        .set_write_timeout(Some(left(until)?))
        .and_then(|()| socket.write_all(bytes))
        .map_err(gone)
}

/// The time left before `until`, or a refusal once it has passed.
fn left(until: Instant) -> Result<Duration, Refused> {
    let left = until.saturating_duration_since(Instant::now());
    if left.is_zero() {
        Err(Refused::Stranger("it did not answer in time".to_string()))
    } else {
        Ok(left)
    }
}

fn gone(error: io::Error) -> Refused {
    match error.kind() {
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => {
            Refused::Stranger("it did not answer in time".to_string())
        }
        _ => Refused::Stranger(format!("the connection failed: {error}")),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&text[at..at + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use std::net::TcpListener;
    use std::thread;

    use super::*;

    fn hello() -> Hello {
        Hello {
            version: "0.1.0".to_string(),
            hosts: 0x1234,
            processes: 3,
            process: 1,
            threads: 2,
            nonce: [7; NONCE_BYTES],
            question: "6x8 open knight's tours".to_string(),
        }
    }

    #[test]
    fn a_hello_reads_back_as_it_is_written() {
        let line = hello().line();
        assert!(line.ends_with('\n') && !line[..line.len() - 1].contains('\n'));
        assert_eq!(Hello::parse(line.trim_end()), Some(hello()));
        let short_nonce = hello().line().replace(&hex(&[7; NONCE_BYTES]), "0707");
        for stranger in [
            "GET / HTTP/1.1",
            "",
            "knights-tour-cluster/1 0.1.0 0000000000001234 3 1 2 6x8 open knight's tours",
            short_nonce.trim_end(),
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
        let mut another = hello();
        another.process = 2;
        another.nonce = [9; NONCE_BYTES];
        assert_eq!(ours.differs(&another), None);
    }

    /// Runs the handshake between a dialler with `dialler_key` and an acceptor with
    /// `acceptor_key`: what each end made of it.
    fn handshake(
        dialler_key: &'static [u8],
        acceptor_key: &'static [u8],
    ) -> (Result<Opened, Refused>, Result<Opened, Refused>) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let until = Instant::now() + Duration::from_secs(10);
        let acceptor = thread::spawn(move || {
            let (socket, _) = listener.accept().unwrap();
            let ours = Hello {
                process: 0,
                ..hello()
            }
            .with_nonce([1; NONCE_BYTES]);
            let key = ClusterKey::from_bytes(acceptor_key);
            as_acceptor(socket, &ours, &key, Duration::from_secs(10), until)
        });
        let socket = TcpStream::connect(address).unwrap();
        let ours = hello().with_nonce([2; NONCE_BYTES]);
        let dialled = as_dialler(socket, &ours, &ClusterKey::from_bytes(dialler_key), until);
        (dialled, acceptor.join().unwrap())
    }

    #[test]
    fn processes_with_one_key_open_a_connection_whose_frames_pass() {
        let (dialled, accepted) = handshake(b"the cluster's key", b"the cluster's key");
        let (mut dialled, mut accepted) = (dialled.unwrap(), accepted.unwrap());
        assert_eq!(dialled.theirs.process, 0);
        assert_eq!(accepted.theirs.process, 1);
        dialled.sealed.write_all(b"states").unwrap();
        let mut read = [0u8; 6];
        accepted.sealed.read_exact(&mut read).unwrap();
        assert_eq!(&read, b"states");
        accepted.sealed.write_all(b"report").unwrap();
        dialled.sealed.read_exact(&mut read).unwrap();
        assert_eq!(&read, b"report");
    }

    #[test]
    fn a_process_with_another_key_fails_the_proof_at_both_ends() {
        let (dialled, accepted) = handshake(b"the cluster's key", b"not the same key!");
        assert!(matches!(dialled, Err(Refused::Proof(theirs)) if theirs.process == 0));
        assert!(matches!(accepted, Err(Refused::Proof(theirs)) if theirs.process == 1));
    }

    #[test]
    fn a_stranger_that_drips_bytes_is_dropped_at_the_one_deadline() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let mut stranger = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (socket, _) = listener.accept().unwrap();
        // A byte every 20 ms, each well within any one read's wait, and never a newline: only
        // a deadline for the whole line ends it (else this test never ends).
        let dripping = thread::spawn(move || {
            while stranger.write_all(b"k").is_ok() {
                thread::sleep(Duration::from_millis(20));
            }
        });
        let until = Instant::now() + Duration::from_secs(3600);
        let key = ClusterKey::from_bytes(b"the cluster's key");
        match as_acceptor(socket, &hello(), &key, Duration::from_millis(300), until) {
            Err(Refused::Stranger(why)) => assert!(why.contains("in time"), "{why}"),
            Err(other) => panic!("refused as {other:?}"),
            Ok(_) => panic!("a stranger's connection was opened"),
        }
        dripping.join().unwrap();
    }
}
