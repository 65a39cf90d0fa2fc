//! Faults a user can cause that are not bad tours: output that cannot be written, a closed
//! standard error, hostile argument values and environment, and extreme limits. Each ends
//! with the exit status that README.md's exit statuses give it and at most one
//! short, inert line (ARCHITECTURE.md's invariant "Bad input is one line"); never a panic.

use std::io::{self, Write};
use std::process::Command as StdCommand;

use knights_tour::cli::{write_grid, write_json, write_list};
use knights_tour_engine::board::Square;
use knights_tour_engine::solve::{Outcome, Request, solve as solve_request};
use knights_tour_engine::tour::Tour;

use super::*;

/// A writer that accepts `room` bytes and then fails, as a full disk does.
struct FailsAfter {
    room: usize,
}

impl Write for FailsAfter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"));
        }
        let taken = bytes.len().min(self.room);
        self.room -= taken;
        Ok(taken)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes a tour in one format.
type WriteTour<'a> = dyn Fn(&mut dyn Write) -> io::Result<()> + 'a;

fn found_tour(rows: u64, cols: u64) -> (Request, Outcome, Tour) {
    let request = Request::new(board(rows, cols), Square::new(0, 0));
    let outcome = solve_request(&request).unwrap();
    let Outcome::Tour { tour, .. } = &outcome else {
        panic!("{rows}x{cols}: {outcome:?}");
    };
    let tour = tour.clone();
    (request, outcome, tour)
}

#[test]
fn every_output_format_reports_a_write_that_fails_part_way() {
    // 8x8 is written in one piece; 400x400 in chunks formatted on other threads.
    for (rows, cols) in [(8, 8), (400, 400)] {
        let (request, outcome, tour) = found_tour(rows, cols);
        let formats: [(&str, &WriteTour); 3] = [
            ("list", &|mut out| write_list(&mut out, &tour)),
            ("grid", &|mut out| write_grid(&mut out, &tour, true)),
            ("json", &|mut out| write_json(&mut out, &request, &outcome)),
        ];
        for (name, write) in formats {
            let mut whole = Vec::new();
            write(&mut whole).unwrap();
            for room in [0, 1, 100, whole.len() / 2, whole.len() - 1] {
                let result = write(&mut FailsAfter { room });
                assert!(
                    result.is_err(),
                    "{name} of {rows}x{cols}, failing after {room} of {} bytes",
                    whole.len()
                );
            }
            assert!(write(&mut FailsAfter { room: whole.len() }).is_ok());
        }
    }
}

#[test]
#[cfg(target_os = "linux")]
fn a_full_standard_output_is_exit_2_with_one_line() {
    for format in ["grid", "list", "json"] {
        for size in ["8", "300"] {
            let full = std::fs::File::create("/dev/full").unwrap();
            let output = StdCommand::new(assert_cmd::cargo::cargo_bin("knights-tour"))
                .args(["solve", "--size", size, "--format", format])
                .stdout(full)
                .output()
                .unwrap();
            let stderr = String::from_utf8(output.stderr).unwrap();
            let what = format!("--size {size} --format {format} >/dev/full");
            assert_eq!(output.status.code(), Some(2), "{what}: {stderr}");
            let line = one_line(&stderr, &what);
            assert!(line.contains("cannot write the output"), "{what}: {line}");
        }
    }
}

#[test]
#[cfg(unix)]
fn a_closed_standard_error_keeps_the_exit_status() {
    let binary = assert_cmd::cargo::cargo_bin("knights-tour");
    let cases = [
        ("solve --size 3x4 --start 1,1", 1),
        ("solve --size 0", 2),
        ("solve --size 8 --method naive --node-budget 10", 3),
        ("check --size 5 /no/such/file", 2),
        ("--no-such-option", 2),
    ];
    for (args, code) in cases {
        let status = StdCommand::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" {args} >/dev/null 2>&-"))
            .arg(&binary)
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(code), "{args} 2>&-");
    }
}

/// The line a failed run printed, checked to be short and free of control characters.
fn short_inert_line(run: &Run, code: i32, what: &str) -> String {
    let line = assert_fails(run, code, &[], what);
    assert!(line.chars().count() <= 300, "{what}: {} chars", line.len());
    assert!(!line.chars().any(char::is_control), "{what}: {line:?}");
    line
}

#[test]
fn hostile_argument_values_are_quoted_short_and_escaped() {
    let long = "9".repeat(100_000);
    let line = short_inert_line(&solve(&["--size", &long]), 2, "100 kB --size");
    assert!(line.contains(&format!("'{}…'", "9".repeat(60))), "{line}");

    let cases: &[(&[&str], &str)] = &[
        (&["--size", "\x1b[2J8"], r"'\e[2J8'"),
        (&["--start", "\x1b[31m"], r"'\e[31m'"),
        (&["--deadline", "1\x07s"], r"'1\x07s'"),
        (&["--method", "bo\x1bgus"], r"'bo\egus'"),
        (&["--bogus\x1b[2J"], r"'--bogus\e[2J'"),
        (&["--start", "a\u{202e}1"], r"'a\u{202e}1'"),
        (&["--start", "-1,0"], "invalid square '-1,0'"),
    ];
    for (args, shown) in cases {
        let what = format!("solve {args:?}");
        let line = short_inert_line(&solve(args), 2, &what);
        assert!(line.contains(shown), "{what}: {line:?} should show {shown}");
    }
}

#[test]
fn a_memory_variable_that_is_not_an_amount_is_exit_2_for_every_method() {
    for method in ["auto", "construct", "warnsdorff", "backtrack", "naive"] {
        for value in ["abc", "1.5G", "\x1b[2J"] {
            let args = ["solve", "--size", "5", "--method", method];
            let run = run_quietly(&args, &[("KNIGHTS_TOUR_MEMORY", value)]);
            let what = format!("KNIGHTS_TOUR_MEMORY={value:?} --method {method}");
            let line = short_inert_line(&run, 2, &what);
            assert!(line.contains("KNIGHTS_TOUR_MEMORY"), "{what}: {line}");
            assert!(line.contains("512M"), "{what}: {line}");
        }
    }
}

#[test]
fn the_explorer_refuses_a_bad_memory_variable_before_anything_else() {
    let output = knights_tour()
        .args(["--size", "5"])
        .env("KNIGHTS_TOUR_MEMORY", "lots")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("KNIGHTS_TOUR_MEMORY='lots'"), "{stderr}");
}

#[test]
#[cfg(unix)]
fn a_memory_variable_that_is_not_utf8_is_exit_2() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let output = knights_tour()
        .args(["solve", "--size", "5"])
        .env("KNIGHTS_TOUR_MEMORY", OsStr::from_bytes(b"1\xffM"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains(r"'1\xffM'"), "{stderr}");
}

#[test]
fn extreme_node_budgets_and_deadlines_are_handled() {
    let most = u64::MAX.to_string();
    let out = solve(&["--size", "8", "--method", "naive", "--node-budget", &most]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let (grid_board, path) = parse_grid(&out.stdout, true);
    assert_tour(
        grid_board,
        &path,
        false,
        Square::new(0, 0),
        "u64::MAX budget",
    );

    let beyond = format!("{most}0");
    let line = short_inert_line(&solve(&["--node-budget", &beyond]), 2, "budget > u64");
    assert!(line.contains("--node-budget"), "{line}");
}

#[test]
fn cses_reads_one_bounded_line() {
    let endless = vec![b'1'; 50 << 20];
    let run = run(&["cses"], Some(&endless));
    let line = short_inert_line(&run, 2, "cses with 50 MB of digits");
    assert!(line.contains("1 <= x, y <= 8"), "{line}");
}
