//! The real binary in a pseudo-terminal of its own: it draws, steps and quits cleanly.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

fn wait_for(output: &Mutex<Vec<u8>>, needle: &str, timeout: std::time::Duration) -> bool {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        if String::from_utf8_lossy(&output.lock().unwrap()).contains(needle) {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    false
}

#[test]
fn the_binary_draws_steps_and_quits_restoring_the_terminal() {
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_knights-tour"));
    command.args(["tui", "--size", "6", "--speed", "5"]);
    command.env("TERM", "xterm-256color");
    command.env("LANG", "C.UTF-8");
    command.env_remove("NO_COLOR");
    let mut child = pair
        .slave
        .spawn_command(command)
        .expect("the binary starts");
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let mut writer = pair.master.take_writer().unwrap();
    let output = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&output);
    std::thread::spawn(move || {
        let mut chunk = [0u8; 4096];
        while let Ok(read @ 1..) = reader.read(&mut chunk) {
            sink.lock().unwrap().extend_from_slice(&chunk[..read]);
        }
    });
    let timeout = std::time::Duration::from_secs(30);
    assert!(wait_for(&output, "ready", timeout), "no first screen");
    writer.write_all(b"n").unwrap();
    writer.flush().unwrap();
    assert!(
        wait_for(&output, "paused", timeout),
        "the step did not show"
    );
    writer.write_all(b"q").unwrap();
    writer.flush().unwrap();
    let deadline = Instant::now() + timeout;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "q did not quit");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(status.success(), "exit status {status:?}");
    // The alternate screen is left and mouse reporting switched off.
    assert!(wait_for(&output, "\x1b[?1049l", timeout));
    assert!(wait_for(&output, "\x1b[?1000l", timeout));
}

/// Runs the explorer in a pseudo-terminal with `term` as `TERM` (`None`: unset) and returns its
/// exit status and everything it wrote, once it has ended.
fn run_with_term(term: Option<&str>) -> (portable_pty::ExitStatus, String) {
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_knights-tour"));
    match term {
        Some(term) => command.env("TERM", term),
        None => command.env_remove("TERM"),
    }
    let mut child = pair
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
    let deadline = Instant::now() + std::time::Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "TERM={term:?}: the explorer did not refuse"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    wait_for(
        &output,
        "knights-tour solve",
        std::time::Duration::from_secs(5),
    );
    let text = String::from_utf8_lossy(&output.lock().unwrap()).into_owned();
    (status, text)
}

#[test]
fn a_terminal_that_cannot_draw_is_refused_with_a_pointer_to_solve() {
    for term in [Some("dumb"), Some(""), None] {
        let (status, text) = run_with_term(term);
        assert_eq!(status.exit_code(), 2, "TERM={term:?}: {text}");
        assert!(text.contains("TERM"), "TERM={term:?}: {text}");
        assert!(text.contains("knights-tour solve"), "TERM={term:?}: {text}");
        // Refused before the screen is touched: no alternate screen was entered.
        assert!(!text.contains("\x1b[?1049h"), "TERM={term:?}: {text:?}");
    }
}
