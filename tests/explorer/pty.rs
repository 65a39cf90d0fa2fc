//! The real binary in a pseudo-terminal of its own: it draws, steps and quits cleanly, restores
//! the terminal when a signal ends or stops it, and refuses a terminal that cannot draw.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, ExitStatus, PtySize, native_pty_system};

/// The longest a test waits for the explorer to show something or to exit: a guard against a
/// hang, far above what either takes, and no claim about speed.
const TIMEOUT: Duration = Duration::from_secs(30);

/// How often a test looks again at what tells no one when it changes (the output gathered so
/// far, a child's exit): often enough to add little to a test's time.
const POLL: Duration = Duration::from_millis(20);

/// How long the output must stay unchanged to count as settled: longer than the explorer
/// takes between two writes of one frame, so that a frame is never read half drawn.
const QUIET: Duration = Duration::from_millis(300);

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
        Self::start_reading(args, term, None)
    }

    /// [`PtyRun::start`], with standard input read from the file `stdin` when given (the
    /// pseudo-terminal stays the process's terminal).
    fn start_reading(args: &[&str], term: Option<&str>, stdin: Option<&str>) -> Self {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let binary = env!("CARGO_BIN_EXE_knights-tour");
        let mut command = match stdin {
            None => CommandBuilder::new(binary),
            Some(file) => {
                let mut shell = CommandBuilder::new("sh");
                shell.args(["-c", "exec \"$0\" \"$@\" < \"$KT_STDIN\"", binary]);
                shell.env("KT_STDIN", file);
                shell
            }
        };
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
        self.shows_from(0, needle)
    }

    /// Whether the output from byte `from` on holds `needle` within the timeout.
    fn shows_from(&self, from: usize, needle: &str) -> bool {
        let deadline = Instant::now() + TIMEOUT;
        while Instant::now() < deadline {
            if String::from_utf8_lossy(&self.output.lock().unwrap()[from..]).contains(needle) {
                return true;
            }
            std::thread::sleep(POLL);
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
            std::thread::sleep(POLL);
        }
    }

    /// Bytes written so far, once the output has stopped growing (the screen is drawn and the
    /// explorer waits for a key).
    fn settled(&self) -> usize {
        let deadline = Instant::now() + TIMEOUT;
        let mut seen = self.output.lock().unwrap().len();
        loop {
            std::thread::sleep(QUIET);
            let now = self.output.lock().unwrap().len();
            if now == seen || Instant::now() > deadline {
                return now;
            }
            seen = now;
        }
    }

    /// Sends the signal `name` (`TERM`, `HUP`...) to the process.
    fn signal(&self, name: &str) {
        let pid = self.child.process_id().expect("the process id");
        let sent = std::process::Command::new("kill")
            .args(["-s", name, &pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -s {name} {pid}");
    }

    /// The output from byte `from` on.
    fn bytes_from(&self, from: usize) -> Vec<u8> {
        self.output.lock().unwrap()[from..].to_vec()
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
fn play_draws_the_judges_verdict_without_waiting_for_a_key() {
    let mut run = PtyRun::start(&["tui", "--size", "5"], Some("xterm-256color"));
    assert!(run.shows("ready"), "no first screen");
    let before = run.settled();
    run.press(b"P");
    // The verdict comes from the judge's thread; the run loop draws it unasked (a frame
    // writes only the cells that changed, so the words are looked for one at a time).
    assert!(run.shows_from(before, "Verdict"), "play did not show");
    assert!(
        run.shows_from(before, "completes"),
        "no verdict:\n{}",
        run.text()
    );
    run.press(b"q");
    assert!(run.exit_status("q did not quit").success());
}

#[test]
fn a_tour_piped_in_opens_and_the_keys_come_from_the_terminal() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("tour.txt");
    let solved = std::process::Command::new(env!("CARGO_BIN_EXE_knights-tour"))
        .args(["solve", "--size", "6", "--format", "list"])
        .output()
        .unwrap();
    std::fs::write(&path, solved.stdout).unwrap();
    let args = ["tui", "--size", "6", "--tour", "-"];
    let mut run = PtyRun::start_reading(&args, Some("xterm-256color"), path.to_str());
    // (Words are sent apart: cells that stay blank between them are not written.)
    assert!(run.shows("standard"), "{}", run.text());
    let before = run.settled();
    run.press(b"0");
    // The status of a timeline paused at move 1: "... Space plays, $ to the end".
    assert!(run.shows_from(before, "plays,"), "the key did not arrive");
    run.press(b"q");
    assert!(run.exit_status("q did not quit").success());
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

/// What restoring the terminal writes: mouse reporting off (each of the modes crossterm turns
/// on), bracketed paste off, the main screen, the cursor shown.
const RESTORE: &[&str] = &[
    "\x1b[?1006l",
    "\x1b[?1015l",
    "\x1b[?1003l",
    "\x1b[?1002l",
    "\x1b[?1000l",
    "\x1b[?2004l",
    "\x1b[?1049l",
    "\x1b[?25h",
];

/// `bytes` with every restore sequence taken out: what else was written.
fn without_restore_sequences(bytes: &[u8]) -> String {
    let mut rest = String::from_utf8_lossy(bytes).into_owned();
    for sequence in RESTORE {
        rest = rest.replace(sequence, "");
    }
    rest
}

#[test]
fn term_hup_int_and_quit_restore_the_terminal_and_exit_with_128_plus_the_signal() {
    for (name, number) in [("TERM", 15), ("HUP", 1), ("INT", 2), ("QUIT", 3)] {
        let mut run = PtyRun::start(&["tui", "--size", "6"], Some("xterm-256color"));
        assert!(run.shows("ready"), "{name}: no first screen");
        assert!(
            run.shows("\x1b[?1000h"),
            "{name}: mouse reporting was not on"
        );
        let drawn = run.settled();
        run.signal(name);
        let status = run.exit_status(&format!("SIG{name} did not end the explorer"));
        run.settled();
        let after = run.bytes_from(drawn);
        assert_eq!(
            (status.exit_code(), status.signal()),
            (128 + number, None),
            "SIG{name}: exit status {status:?}, then {:?}",
            String::from_utf8_lossy(&after)
        );
        // Nothing is drawn after the signal (SIGHUP: the terminal may be gone), and what is
        // written puts the terminal back: mouse off, main screen, cursor shown.
        assert_eq!(
            without_restore_sequences(&after),
            "",
            "SIG{name}: drew after the signal"
        );
        let after = String::from_utf8_lossy(&after);
        for sequence in [
            "\x1b[?1000l",
            "\x1b[?1006l",
            "\x1b[?2004l",
            "\x1b[?1049l",
            "\x1b[?25h",
        ] {
            assert!(
                after.contains(sequence),
                "SIG{name}: {sequence:?} missing: {after:?}"
            );
        }
        assert!(
            after.ends_with("\x1b[?1049l\x1b[?25h"),
            "SIG{name}: the output ends {after:?}"
        );
    }
}

#[test]
fn a_stop_signal_restores_the_terminal_and_the_continue_draws_the_screen_again() {
    let mut run = PtyRun::start(&["tui", "--size", "6"], Some("xterm-256color"));
    assert!(run.shows("ready"), "no first screen");
    run.press(b"nn");
    assert!(run.shows("paused"), "the steps did not show");
    let drawn = run.settled();
    run.signal("TSTP");
    run.settled();
    let stopped = run.bytes_from(drawn);
    assert_eq!(
        without_restore_sequences(&stopped),
        "",
        "drew while stopping"
    );
    assert!(
        String::from_utf8_lossy(&stopped).ends_with("\x1b[?1049l\x1b[?25h"),
        "the terminal was not restored before the stop: {stopped:?}"
    );
    let resumed_at = run.settled();
    run.signal("CONT");
    // Back in the alternate screen with mouse reporting, the whole screen drawn again.
    assert!(
        run.shows_from(resumed_at, "\x1b[?1049h\x1b[?1000h"),
        "the terminal was not set up again"
    );
    assert!(run.shows_from(resumed_at, "paused"), "not drawn again");
    run.settled();
    let again = String::from_utf8_lossy(&run.bytes_from(resumed_at)).into_owned();
    for needle in ["\x1b[2J", "knight's tour", "Nodes", "paused", "finish"] {
        assert!(
            again.contains(needle),
            "{needle} not drawn again: {again:?}"
        );
    }
    // It still answers keys, and quits cleanly.
    run.press(b"q");
    let status = run.exit_status("q did not quit after the continue");
    assert!(status.success(), "exit status {status:?}");
}

/// The explorer on a pseudo-terminal that is not its controlling terminal: a shell in the
/// test's own session opens the terminal by name for standard input, output and error, then
/// becomes the binary. Closing the other end then ends the explorer's input without a
/// `SIGHUP`, which the kernel sends only to the session whose controlling terminal hangs up.
#[cfg(target_os = "linux")]
struct DetachedRun {
    child: std::process::Child,
    master: Box<dyn portable_pty::MasterPty + Send>,
    /// The terminal's name (`/dev/pts/N`).
    tty: std::path::PathBuf,
}

#[cfg(target_os = "linux")]
impl DetachedRun {
    /// Starts the binary with `args` and reads what it writes until `wanted` has been drawn
    /// (and the frame that holds it ended); then nothing reads the terminal any more.
    fn start(args: &[&str], wanted: &str) -> Self {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let tty = pair.master.tty_name().expect("the terminal's name");
        let child = std::process::Command::new("sh")
            .args(["-c", "exec \"$0\" \"$@\" <>\"$KT_TTY\" >&0 2>&0"])
            .arg(env!("CARGO_BIN_EXE_knights-tour"))
            .args(args)
            .env("KT_TTY", &tty)
            .env("TERM", "xterm-256color")
            .env("LANG", "C.UTF-8")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the binary starts");
        let mut reader = pair.master.try_clone_reader().unwrap();
        let (seen, drawn) = std::sync::mpsc::channel();
        let awaited = wanted.to_string();
        // The reader stops once the text is drawn, so that closing the master closes it all.
        std::thread::spawn(move || {
            let mut output = Vec::new();
            let mut chunk = [0u8; 4096];
            while let Ok(read @ 1..) = reader.read(&mut chunk) {
                output.extend_from_slice(&chunk[..read]);
                let text = String::from_utf8_lossy(&output);
                if let Some(at) = text.find(&awaited)
                    && text[at..].contains("\x1b[?2026l")
                {
                    let _ = seen.send(());
                    return;
                }
            }
        });
        let mut run = Self {
            child,
            master: pair.master,
            tty,
        };
        if drawn.recv_timeout(TIMEOUT).is_err() {
            let _ = run.child.kill();
            panic!("{wanted:?} was not drawn");
        }
        drop(pair.slave);
        run
    }

    /// The controlling terminal of the process's session (`/proc/PID/stat`'s `tty_nr`), and the
    /// device number of the pseudo-terminal.
    fn terminals(&self) -> (u64, u64) {
        use std::os::unix::fs::MetadataExt;
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap();
        let after_name = &stat[stat.rfind(')').unwrap() + 1..];
        let tty_nr = after_name
            .split_whitespace()
            .nth(4)
            .unwrap()
            .parse()
            .unwrap();
        (tty_nr, std::fs::metadata(&self.tty).unwrap().rdev())
    }

    /// Closes the other end of the terminal; the exit status once the process has ended, or
    /// the CPU time it had used by then, when it has not ended within the timeout.
    fn close_and_wait(self) -> Result<std::process::ExitStatus, String> {
        let Self {
            mut child, master, ..
        } = self;
        drop(master);
        let deadline = Instant::now() + TIMEOUT;
        while Instant::now() < deadline {
            if let Some(status) = child.try_wait().unwrap() {
                return Ok(status);
            }
            std::thread::sleep(POLL);
        }
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", child.id())).unwrap();
        let _ = child.kill();
        let _ = child.wait();
        let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 1..]
            .split_whitespace()
            .collect();
        Err(format!(
            "utime {} stime {} (clock ticks)",
            fields[11], fields[12]
        ))
    }
}

#[test]
#[cfg(target_os = "linux")]
fn a_terminal_that_goes_away_without_a_hang_up_ends_the_explorer_with_129() {
    // Waiting for a key; and playing a race at full speed, its frames left unread for a second
    // so that they fill the terminal's buffer and the explorer waits in a write when the
    // terminal goes (the write fails before the input ends: the status must not differ).
    for (args, wanted, unread) in [
        (&["tui", "--size", "6"][..], "ready", Duration::ZERO),
        (
            &["tui", "--race", "naive,warnsdorff", "--speed", "max"][..],
            "searches",
            Duration::from_secs(1),
        ),
    ] {
        let run = DetachedRun::start(args, wanted);
        let (controlling, pty) = run.terminals();
        assert_ne!(
            controlling, pty,
            "{args:?}: the terminal is the process's own"
        );
        // The race's frames left unread for a while, so that they fill the terminal's buffer.
        std::thread::sleep(unread);
        match run.close_and_wait() {
            Ok(status) => assert_eq!(status.code(), Some(129), "{args:?}: {status:?}"),
            Err(cpu) => panic!("{args:?}: still running after the terminal closed, {cpu}"),
        }
    }
}
