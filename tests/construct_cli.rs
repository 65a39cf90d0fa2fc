//! The construction through the command line: streamed output that `check` accepts, the
//! threshold flag, and boards refused up front for want of memory.

use assert_cmd::Command;
use predicates::prelude::*;

fn knights_tour() -> Command {
    Command::cargo_bin("knights-tour").unwrap()
}

#[test]
fn a_constructed_list_streams_out_and_checks() {
    let output = knights_tour()
        .args(["solve", "--size", "301x300", "--closed", "--format", "list"])
        .args(["--method", "construct", "--start", "150,7"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(output.stdout.split(|&b| b == b'\n').count(), 301 * 300 + 1);
    assert!(output.stdout.starts_with(b"150 7\n"));
    knights_tour()
        .args(["check", "--size", "301x300", "--closed", "--start", "150,7"])
        .write_stdin(output.stdout)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "valid closed tour of 301x300 from 150,7",
        ));
}

#[test]
fn a_constructed_grid_of_an_odd_board_checks() {
    let output = knights_tour()
        .args([
            "solve", "--size", "45x47", "--start", "22,30", "--format", "grid",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    knights_tour()
        .args(["check", "--start", "22,30"])
        .write_stdin(output.stdout)
        .assert()
        .success();
}

#[test]
fn the_threshold_flag_picks_the_layer() {
    let layer = |threshold: &str| {
        let output = knights_tour()
            .args(["solve", "--size", "12x12", "--stats", "--format", "list"])
            .args(["--construct-threshold", threshold])
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stderr).unwrap()
    };
    assert!(layer("100").starts_with("layer construct"));
    assert!(!layer("1000").starts_with("layer construct"));
}

#[test]
fn a_board_too_large_for_memory_is_refused_up_front() {
    knights_tour()
        .env("KNIGHTS_TOUR_MEMORY", "100M")
        .args([
            "solve",
            "--size",
            "10000x10000",
            "--closed",
            "--format",
            "list",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("10000x10000").and(predicate::str::contains("MB")));
}

#[test]
fn a_closed_pipe_ends_a_large_list_quietly() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("knights-tour"))
        .args([
            "solve",
            "--size",
            "2000x2000",
            "--closed",
            "--format",
            "list",
        ])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    assert!(child.wait().unwrap().success());
}
