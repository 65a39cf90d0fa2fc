//! The binary: `knights-tour serve` logs where it listens and one line per event, says goodbye
//! to every session on `SIGTERM` (their exit status 143) and exits 0; a host key others may
//! read stops it before it listens, with exit status 2, and a server that refuses to start
//! creates no host key; an idle timeout too long for any clock is no limit.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Instant;

use assert_cmd::cargo::cargo_bin;

use crate::support::{Keys, PATIENCE, Term, connect, set_mode};

/// The server's process and its log lines as they come.
pub struct Running {
    pub child: Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Running {
    pub fn start(args: &[&str]) -> Self {
        let mut child = Command::new(cargo_bin("knights-tour"))
            .arg("serve")
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = child.stderr.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        Self {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits for a log line holding `text`; returns it.
    pub fn line_with(&mut self, text: &str) -> String {
        if let Some(line) = self.seen.iter().find(|line| line.contains(text)) {
            return line.clone();
        }
        let deadline = Instant::now() + PATIENCE;
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            self.seen.push(line.clone());
            if line.contains(text) {
                return line;
            }
        }
        panic!("no log line with {text:?}; the log: {:#?}", self.seen);
    }

    /// The exit status, waiting at most [`PATIENCE`].
    fn wait(&mut self) -> Option<i32> {
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(crate::support::POLL);
        }
        let _ = self.child.kill();
        panic!("the server did not stop");
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_says_goodbye_to_every_session_and_exits_0() {
    let keys = Keys::new();
    let host_key = keys.host_key().display().to_string();
    let mut server = Running::start(&[
        "--listen",
        "127.0.0.1:0",
        "--open",
        "--host-key",
        &host_key,
        "--log-format",
        "json",
    ]);
    let listening = server.line_with("listening");
    let log: serde_json::Value = serde_json::from_str(&listening).unwrap();
    let address = log["address"].as_str().unwrap().parse().unwrap();
    assert!(log["host_key"].as_str().unwrap().starts_with("SHA256:"));

    let (mut handle, client) = connect(address).await;
    let open = handle.authenticate_none("visitor").await.unwrap();
    assert!(open.success(), "--open lets anyone in");
    let mut term = Term::open(handle, client, 100, 30).await;
    term.until("the first frame", |term| term.nodes() == Some(1))
        .await;
    let start = server.line_with("session start");
    assert!(start.contains("100x30"), "{start}");

    let pid = server.child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    assert_eq!(term.finish().await, Some(143), "128 + SIGTERM");
    assert!(
        term.screen().contains("the server is stopping"),
        "{}",
        term.screen()
    );
    assert_eq!(server.wait(), Some(0));
    let end = server.line_with("session end");
    let end: serde_json::Value = serde_json::from_str(&end).unwrap();
    assert!(end["bytes_sent"].as_u64().unwrap() > 1000, "{end}");
    for line in &server.seen {
        serde_json::from_str::<serde_json::Value>(line).expect("one JSON object a line");
    }
}

#[test]
fn a_host_key_others_may_read_stops_the_server_with_status_2() {
    let keys = Keys::new();
    let path = keys.host_key();
    std::fs::write(&path, "not even a key").unwrap();
    set_mode(&path, 0o644);
    let output = Command::new(cargo_bin("knights-tour"))
        .args(["serve", "--open", "--listen", "127.0.0.1:0", "--host-key"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("may be read by others"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
}

/// The most seconds a duration holds: an idle timeout past every clock.
const PAST_EVERY_CLOCK: &str = "18446744073709551615s";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_timeout_past_every_clock_serves_as_no_limit() {
    let keys = Keys::new();
    let host_key = keys.host_key().display().to_string();
    let mut server = Running::start(&[
        "--listen",
        "127.0.0.1:0",
        "--open",
        "--host-key",
        &host_key,
        "--idle-timeout",
        PAST_EVERY_CLOCK,
        "--log-format",
        "json",
    ]);
    let listening = server.line_with("listening");
    let log: serde_json::Value = serde_json::from_str(&listening).unwrap();
    let address = log["address"].as_str().unwrap().parse().unwrap();
    let (mut handle, client) = connect(address).await;
    assert!(handle.authenticate_none("visitor").await.unwrap().success());
    let mut term = Term::open(handle, client, 100, 30).await;
    term.until("the first frame", |term| term.nodes() == Some(1))
        .await;
    let pid = server.child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    assert_eq!(term.finish().await, Some(143), "128 + SIGTERM");
    assert_eq!(server.wait(), Some(0));
}

#[test]
fn a_server_that_refuses_to_start_leaves_no_host_key() {
    let keys = Keys::new();
    let home = keys.dir.path().join("home");
    std::fs::create_dir(&home).unwrap();
    let missing = keys.dir.path().join("missing_authorized_keys");
    let output = Command::new(cargo_bin("knights-tour"))
        .args(["serve", "--listen", "127.0.0.1:0", "--idle-timeout"])
        .arg(PAST_EVERY_CLOCK)
        .arg("--authorized-keys")
        .arg(&missing)
        .env("HOME", &home)
        .env_remove("XDG_DATA_HOME")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--authorized-keys"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    let created: Vec<_> = std::fs::read_dir(&home).unwrap().collect();
    assert!(created.is_empty(), "created under HOME: {created:?}");
}
