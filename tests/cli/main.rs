//! The command line as a scripting user sees it (the contract in README.md and `--help`): the exit
//! statuses `0` tour / valid, `1` no tour / invalid tour, `2` bad usage or input, `3` budget or
//! deadline ran out, for every subcommand; one-line messages on standard error that name the bad
//! value; the output formats of `solve` and `cses`, each parsed here and passed through the
//! library's strict validator (never compared with a stored tour); round trips through `check`;
//! `starts` against `solve` from each square; and byte-identical output from run to run.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::tour::validate;
use predicates::prelude::*;
use serde_json::Value;

fn knights_tour() -> Command {
    Command::cargo_bin("knights-tour").unwrap()
}

/// How often a test looks again at what tells no one when it changes (a child's exit, a
/// port, a process's threads): often enough to add little to a test's time.
const POLL: Duration = Duration::from_millis(20);

/// Waits until `ready`, looking every [`POLL`]; `false` if `patience` passed first. A guard
/// against a hang, never a measure of speed, so patience is generous.
fn waited(patience: Duration, mut ready: impl FnMut() -> bool) -> bool {
    let started = Instant::now();
    while !ready() {
        if started.elapsed() >= patience {
            return false;
        }
        std::thread::sleep(POLL);
    }
    true
}

/// [`waited`], or the test fails saying what it waited for.
fn wait_until(what: &str, patience: Duration, ready: impl FnMut() -> bool) {
    assert!(
        waited(patience, ready),
        "still waiting for {what} after {patience:?}"
    );
}

/// What one run gave.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut command = knights_tour();
    command.args(args);
    if let Some(input) = stdin {
        command.write_stdin(input.to_vec());
    }
    finished(args, command.output().unwrap())
}

/// What a run of `args` that ended with `output` gave; a run ended by a signal fails the test.
fn finished(args: &[&str], output: std::process::Output) -> Run {
    Run {
        code: output
            .status
            .code()
            .unwrap_or_else(|| panic!("{args:?} ended by a signal")),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// Runs the binary with standard output thrown away (a run that ignored its limits would
/// print gigabytes), and `env` set.
fn run_quietly(args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("knights-tour"));
    command.args(args).stdout(std::process::Stdio::null());
    for (name, value) in env {
        command.env(name, value);
    }
    finished(args, command.output().unwrap())
}

/// [`run_quietly`] for a run that must end by a limit it was given: past `patience` it is
/// killed and the test fails (a hang guard, far longer than the limit, not a measure of speed).
fn run_quietly_ending(args: &[&str], patience: Duration) -> Run {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("knights-tour"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    if !waited(patience, || child.try_wait().unwrap().is_some()) {
        child.kill().unwrap();
        panic!("{args:?}: still running after {patience:?}");
    }
    finished(args, child.wait_with_output().unwrap())
}

fn solve(args: &[&str]) -> Run {
    run(&[&["solve"], args].concat(), None)
}

/// The single line of `text` (ending in a newline), without the newline.
fn one_line<'a>(text: &'a str, what: &str) -> &'a str {
    let line = text
        .strip_suffix('\n')
        .unwrap_or_else(|| panic!("{what}: expected one line ending in a newline, got {text:?}"));
    assert!(
        !line.contains('\n'),
        "{what}: expected one line, got {text:?}"
    );
    line
}

/// A failed run: `code`, nothing on standard output, and one line on standard error that
/// contains every one of `needles`; the line is returned.
/// Runs the binary with `args` and writes `head`, then `chunk` again and again, to its
/// standard input until it stops reading (it exits and the pipe breaks); fails if it is still
/// reading after `most_bytes`, the sign that it would read an endless input to the end.
fn run_endless(args: &[&str], head: &[u8], chunk: &[u8], most_bytes: usize) -> Run {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_knights-tour"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut written = 0;
    let block: Vec<u8> = chunk
        .iter()
        .copied()
        .cycle()
        .take(chunk.len() * (65536 / chunk.len()).max(1))
        .collect();
    let stopped = stdin.write_all(head).is_err()
        || loop {
            if written >= most_bytes {
                break false;
            }
            match stdin.write_all(&block) {
                Ok(()) => written += block.len(),
                Err(_) => break true,
            }
        };
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(
        stopped,
        "{args:?} still reading {chunk:?}… after {written} bytes"
    );
    Run {
        code: output.status.code().expect("ended by a signal"),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn assert_fails(run: &Run, code: i32, needles: &[&str], what: &str) -> String {
    assert_eq!(run.code, code, "{what}: status; stderr {:?}", run.stderr);
    assert_eq!(run.stdout, "", "{what}: standard output should be empty");
    let line = one_line(&run.stderr, what);
    assert!(line.starts_with("knights-tour: "), "{what}: {line}");
    for needle in needles {
        assert!(
            line.contains(needle),
            "{what}: {line:?} should name {needle:?}"
        );
    }
    line.to_string()
}

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

/// Reads a grid of visit numbers `1..=rows·cols` into its board and its squares in visit order,
/// failing the test on anything that is not such a grid. With `aligned`, every number is
/// right-aligned to the width of the largest.
fn parse_grid(text: &str, aligned: bool) -> (Board, Vec<Square>) {
    let rows: Vec<Vec<u64>> = text
        .lines()
        .map(|line| {
            line.split(' ')
                .filter(|token| !token.is_empty())
                .map(|token| {
                    token
                        .parse()
                        .unwrap_or_else(|_| panic!("{token:?} in {line:?}"))
                })
                .collect()
        })
        .collect();
    let cols = rows[0].len();
    assert!(
        rows.iter().all(|row| row.len() == cols),
        "ragged grid:\n{text}"
    );
    let board = board(rows.len() as u64, cols as u64);
    let area = board.area();
    if aligned {
        let width = area.to_string().len();
        for line in text.lines() {
            assert_eq!(line.len(), cols * (width + 1) - 1, "not aligned: {line:?}");
        }
    } else {
        assert!(
            text.lines()
                .all(|line| !line.starts_with(' ') && !line.contains("  ")),
            "expected one space between numbers:\n{text}"
        );
    }
    let mut path = vec![None; area as usize];
    for (row, numbers) in rows.iter().enumerate() {
        for (col, &number) in numbers.iter().enumerate() {
            assert!((1..=area).contains(&number), "{number} out of 1..={area}");
            let slot = &mut path[number as usize - 1];
            assert!(slot.is_none(), "{number} appears twice");
            *slot = Some(Square::new(row as u32, col as u32));
        }
    }
    (board, path.into_iter().map(Option::unwrap).collect())
}

/// Reads `r c` lines.
fn parse_list(text: &str) -> Vec<Square> {
    text.lines()
        .map(|line| {
            let numbers: Vec<u32> = line.split(' ').map(|n| n.parse().unwrap()).collect();
            assert_eq!(numbers.len(), 2, "{line:?}");
            Square::new(numbers[0], numbers[1])
        })
        .collect()
}

/// Writes squares as `r c` lines.
fn list_text(path: &[Square]) -> String {
    path.iter()
        .map(|square| format!("{} {}\n", square.row, square.col))
        .collect()
}

fn assert_tour(board: Board, path: &[Square], closed: bool, start: Square, what: &str) {
    if let Err(error) = validate(board, path.iter().copied(), closed, Some(start)) {
        panic!("{what}: not a valid tour: {error}");
    }
}

/// A scratch file under Cargo's temporary directory for integration tests.
fn scratch_file(name: &str, contents: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cli-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

mod check;
mod check_lists;
mod cluster;
mod cluster_disk;
mod cluster_strangers;
mod construct;
mod count;
mod ends;
mod faults;
mod generate;
mod leapers;
mod limits;
mod making;
mod narrow;
mod pictures;
mod prefix;
mod puzzles;
mod readme;
mod solve;
mod spill;
mod starts;
#[path = "../common/svg.rs"]
mod svg;
mod wide;

#[test]
fn help_and_version_exit_0() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["help"],
        &["solve", "--help"],
        &["check", "--help"],
        &["count", "--help"],
        &["starts", "--help"],
        &["ends", "--help"],
        &["cses", "--help"],
        &["help", "solve"],
    ] {
        knights_tour()
            .args(args)
            .assert()
            .code(0)
            .stdout(predicate::str::contains("Usage: knights-tour"));
    }
    knights_tour().arg("solve").arg("--help").assert().stdout(
        predicate::str::contains("--node-budget").and(predicate::str::contains("--format")),
    );
    knights_tour()
        .arg("--version")
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("knights-tour "));
}
