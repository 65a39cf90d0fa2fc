//! Sessions through the real OpenSSH client, as a person starts one: `ssh -tt` to a server
//! the binary runs with `--open`, keys written to its standard input (a pipe, so the pty is
//! 0x0 and drawn at 80x24), and the screen read from its standard output through a terminal
//! emulator (`vt100`).

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::process::Running;
use crate::support::{Keys, PATIENCE, nonzero};

/// The binary serving anyone on 127.0.0.1 with `args`, and its address.
pub fn serve(keys: &Keys, args: &[&str]) -> (Running, SocketAddr) {
    let host_key = keys.host_key().display().to_string();
    let mut all = vec!["--listen", "127.0.0.1:0", "--open", "--host-key", &host_key];
    all.extend(args);
    let mut server = Running::start(&all);
    let listening = server.line_with("listening");
    let address = listening
        .split_whitespace()
        .find_map(|field| field.strip_prefix("address="))
        .expect("the log says where it listens")
        .parse()
        .expect("an address");
    (server, address)
}

/// One `ssh -tt` session and what it has shown.
pub struct Ssh {
    child: Child,
    keys: Option<ChildStdin>,
    output: Arc<Mutex<Vec<u8>>>,
}

impl Ssh {
    /// Runs `ssh -tt` to `address`, ignoring the user's configuration and known hosts.
    pub fn connect(address: SocketAddr) -> Self {
        let mut child = Command::new("ssh")
            .args(["-tt", "-F", "/dev/null", "-o", "StrictHostKeyChecking=no"])
            .args(["-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"])
            .args(["-o", "BatchMode=yes", "-p", &address.port().to_string()])
            .arg(address.ip().to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("these tests drive the OpenSSH client: `ssh` must be installed");
        let mut stdout = child.stdout.take().expect("piped");
        let output = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&output);
        std::thread::spawn(move || {
            let mut buffer = [0; 1 << 14];
            while let Ok(read @ 1..) = stdout.read(&mut buffer) {
                sink.lock().unwrap().extend_from_slice(&buffer[..read]);
            }
        });
        Self {
            keys: child.stdin.take(),
            child,
            output,
        }
    }

    /// Types `keys`.
    pub fn send(&mut self, keys: &[u8]) {
        let stdin = self.keys.as_mut().expect("keys are sent before the end");
        stdin.write_all(keys).unwrap();
        stdin.flush().unwrap();
    }

    /// The screen as the client's terminal shows it now, row by row.
    pub fn screen(&self) -> String {
        let mut terminal = vt100::Parser::new(nonzero(24), nonzero(80), 0);
        terminal.process(&self.output.lock().unwrap());
        terminal.screen().contents()
    }

    /// Waits until the screen holds `text`; panics after [`PATIENCE`] with the screen.
    pub fn until(&self, text: &str) {
        let deadline = Instant::now() + PATIENCE;
        while !self.screen().contains(text) {
            assert!(
                Instant::now() < deadline,
                "waited for {text:?}; the screen:\n{}",
                self.screen()
            );
            std::thread::sleep(crate::support::POLL);
        }
    }

    /// Quits with `q` and waits for `ssh` to exit; its exit status.
    pub fn quit(mut self) -> Option<i32> {
        self.send(b"q");
        drop(self.keys.take());
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(crate::support::POLL);
        }
        panic!("ssh did not exit after q; the screen:\n{}", self.screen());
    }
}

impl Drop for Ssh {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The threads of process `pid` now.
pub fn threads(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/task"))
        .map(|tasks| tasks.count())
        .unwrap_or(0)
}

/// The CPU time process `pid` has had, user and system.
pub fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // After the command's name in parentheses: utime and stime are fields 14 and 15, in the
    // kernel's clock ticks (100 a second on Linux).
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    Duration::from_millis(ticks * 10)
}
