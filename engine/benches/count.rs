//! Benchmarks of exact counting (`knights-tour count`): the frontier count on the boards the
//! counting issue names (6×6 open and closed, 5×8 open, 6×7 closed), on one thread and on two,
//! beside enumeration of 6×6 open, the method it replaces there. The slow boards (5×9 open, 6×8
//! closed, 7×7 open) are timed as whole processes in GUIDE.md's speed table.
//!
//! Boards with holes (issue 46): 6×8 open with 4 holes, in mirror image (the four corners) and
//! scattered (no mirror image), beside the full 6×8 open count they must not be slower than.

use divan::Bencher;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::count::{CountMethod, CountRequest, count_tours};

fn main() {
    divan::main();
}

fn count(rows: u64, cols: u64, closed: bool, method: CountMethod, threads: usize) -> String {
    let request = CountRequest {
        closed,
        method: Some(method),
        threads,
        ..CountRequest::new(Board::new(rows, cols).unwrap())
    };
    count_tours(&request).unwrap().tours.to_string()
}

/// 6×8 open tours, directed, by the frontier count on one thread, with `holes` cut out.
fn six_by_eight_open(holes: &[(u32, u32)]) -> String {
    let holes: Vec<Square> = holes
        .iter()
        .map(|&(row, col)| Square::new(row, col))
        .collect();
    let request = CountRequest {
        holes: holes.into(),
        method: Some(CountMethod::Frontier),
        ..CountRequest::new(Board::new(6, 8).unwrap())
    };
    count_tours(&request).unwrap().tours.to_string()
}

/// 6×8 open with 4 holes: the corners (the hardest 4 holes found: more tours, and more
/// states at the peak, than the full board), and four squares drawn at random, with no
/// symmetry.
#[divan::bench(args = ["corners", "scattered"], sample_count = 1)]
fn frontier_open_holes(corners_or_scattered: &str) -> String {
    match corners_or_scattered {
        "corners" => six_by_eight_open(&[(0, 0), (0, 7), (5, 0), (5, 7)]),
        _ => six_by_eight_open(&[(0, 3), (0, 6), (4, 0), (5, 2)]),
    }
}

/// The full 6×8 open count, one thread: what the counts with holes are held against.
#[divan::bench(sample_count = 1)]
fn frontier_open_six_by_eight() -> String {
    six_by_eight_open(&[])
}

/// Open tours, directed, by the frontier count on 1 and 2 threads.
#[divan::bench(args = [(6, 6, 1), (6, 6, 2), (5, 8, 2)], sample_count = 3)]
fn frontier_open(bencher: Bencher, (rows, cols, threads): (u64, u64, usize)) {
    bencher.bench(|| count(rows, cols, false, CountMethod::Frontier, threads));
}

/// Closed tours, by the frontier count on 2 threads.
#[divan::bench(args = [(6, 6), (6, 7)], sample_count = 3)]
fn frontier_closed(bencher: Bencher, (rows, cols): (u64, u64)) {
    bencher.bench(|| count(rows, cols, true, CountMethod::Frontier, 2));
}

/// 6×6 open by enumeration: every tour walked, the method before the frontier count.
#[divan::bench(sample_count = 1)]
fn enumeration_six_open() -> String {
    count(6, 6, false, CountMethod::Enumeration, 1)
}
