//! Engine speed: an 8×8 tour in-process, all 64 starts of 8×8, a 1000×1000 greedy pass, and the
//! whole `knights-tour solve` and `cses` processes beside a C program's (`/bin/true`), spawned
//! and waited for alike (wall time; the CPU-time figures of GUIDE.md come from `perf stat`).
//! Run with `cargo bench --bench engine`.

use std::hint::black_box;
use std::io::Write;
use std::process::{Command, Stdio};

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::solve::{Method, Outcome, Request, solve};

fn main() {
    divan::main();
}

fn chessboard() -> Board {
    Board::new(8, 8).unwrap()
}

fn solved(request: &Request) -> Outcome {
    let outcome = solve(request).unwrap();
    assert!(matches!(outcome, Outcome::Tour { .. }), "{outcome:?}");
    outcome
}

/// One open tour of 8×8 from a corner, an edge square and a centre square, validated.
#[divan::bench(args = [(0, 0), (0, 3), (3, 3)])]
fn chessboard_tour(start: (u32, u32)) -> Outcome {
    let request = Request::new(chessboard(), Square::new(start.0, start.1));
    solved(black_box(&request))
}

/// Open tours of 8×8 from all 64 starts, each validated.
#[divan::bench]
fn chessboard_all_64_starts() -> Vec<Outcome> {
    chessboard()
        .squares()
        .map(|start| solved(black_box(&Request::new(chessboard(), start))))
        .collect()
}

/// A closed tour of 8×8 from a corner.
#[divan::bench]
fn chessboard_closed_tour() -> Outcome {
    solved(black_box(
        &Request::new(chessboard(), Square::new(0, 0)).closed(true),
    ))
}

/// A 1000×1000 open tour from the corner by the greedy Warnsdorff pass, validated.
#[divan::bench(sample_count = 10)]
fn greedy_1000x1000() -> Outcome {
    let board = Board::new(1000, 1000).unwrap();
    let request = Request::new(board, Square::new(0, 0)).method(Method::Warnsdorff);
    solved(black_box(&request))
}

/// `knights-tour solve` on 8×8 as a whole process (start-up, solve, print).
#[divan::bench(sample_count = 50)]
fn process_solve_chessboard() -> Vec<u8> {
    let output = Command::new(env!("CARGO_BIN_EXE_knights-tour"))
        .arg("solve")
        .output()
        .unwrap();
    assert!(output.status.success());
    output.stdout
}

/// `knights-tour cses` as a whole process, given `4 4`.
#[divan::bench(sample_count = 50)]
fn process_cses() -> Vec<u8> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_knights-tour"))
        .arg("cses")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"4 4\n").unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    output.stdout
}

/// The yardstick of the two above: a C program's start and exit, `/bin/true`, spawned and
/// waited for the same way.
#[divan::bench(sample_count = 50)]
fn process_c_program_true() -> Vec<u8> {
    let output = Command::new("/bin/true").output().unwrap();
    assert!(output.status.success());
    output.stdout
}
