//! The real binary in a pseudo-terminal of its own: it draws, steps and quits cleanly, and
//! refuses a terminal that cannot draw.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, ExitStatus, PtySize, native_pty_system};

const TIMEOUT: Duration = Duration::from_secs(30);

/// The explorer running in a 80x24 pseudo-terminal: its process, the keyboard, and everything
/// it has written so far.
struct PtyRun {
    child: Box<dyn Child + Send + Sync>,
    keyboard: Box<dyn Write + Send>,
    output: Arc<Mutex<Vec<u8>>>,
}

impl PtyRun {
    /// Starts the binary with `args`, `TERM` set to `term` (`None`: unset).
    fn start(args: &[&str], term: Option<&str>) -> Self {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_knights-tour"));
        command.args(args);
        match term {
            Some(term) => command.env("TERM", term),
            None => command.env_remove("TERM"),
        }
        command.env("LANG", "C.UTF-8");
        command.env_remove("NO_COLOR");
        let child = pair
            .slave
            .spawn_command(command)
            .expect("the binary starts");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let output = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&output);
        std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(read @ 1..) = reader.read(&mut chunk) {
                sink.lock().unwrap().extend_from_slice(&chunk[..read]);
            }
        });
        let keyboard = pair.master.take_writer().unwrap();
        Self {
            child,
            keyboard,
            output,
        }
    }

    /// Whether the output holds `needle` within the timeout.
    fn shows(&self, needle: &str) -> bool {
        let deadline = Instant::now() + TIMEOUT;
        while Instant::now() < deadline {
            if String::from_utf8_lossy(&self.output.lock().unwrap()).contains(needle) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }

    fn press(&mut self, keys: &[u8]) {
        self.keyboard.write_all(keys).unwrap();
        self.keyboard.flush().unwrap();
    }

    /// The exit status, once the process has ended (`what` names the wait if it does not).
    fn exit_status(&mut self, what: &str) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "{what}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap()).into_owned()
    }
}

#[test]
fn the_binary_draws_steps_and_quits_restoring_the_terminal() {
    let mut run = PtyRun::start(
        &["tui", "--size", "6", "--speed", "5"],
        Some("xterm-256color"),
    );
    assert!(run.shows("ready"), "no first screen");
    // Each frame is one synchronized update, so nothing tears over a slow link.
    assert!(run.shows("\x1b[?2026h") && run.shows("\x1b[?2026l"));
    run.press(b"n");
    assert!(run.shows("paused"), "the step did not show");
    run.press(b"q");
    let status = run.exit_status("q did not quit");
    assert!(status.success(), "exit status {status:?}");
    // The alternate screen is left and mouse reporting switched off.
    assert!(run.shows("\x1b[?1049l"));
    assert!(run.shows("\x1b[?1000l"));
}

#[test]
fn a_terminal_that_cannot_draw_is_refused_with_a_pointer_to_solve() {
    for term in [Some("dumb"), Some(""), None] {
        let mut run = PtyRun::start(&[], term);
        let status = run.exit_status(&format!("TERM={term:?}: the explorer did not refuse"));
        run.shows("knights-tour solve");
        let text = run.text();
        assert_eq!(status.exit_code(), 2, "TERM={term:?}: {text}");
        assert!(text.contains("TERM"), "TERM={term:?}: {text}");
        assert!(text.contains("knights-tour solve"), "TERM={term:?}: {text}");
        // Refused before the screen is touched: no alternate screen was entered.
        assert!(!text.contains("\x1b[?1049h"), "TERM={term:?}: {text:?}");
    }
}
