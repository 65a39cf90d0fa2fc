//! Benchmarks of narrow boards decided exactly (the frontier layer of `solve --end`, `--prefix`
//! and the maps of ends): a tour from a corner to the far corner of 3×n and 4×n strips, each
//! read back from the frontier and validated as `solve` returns it; a partial tour completed on
//! 3×10001; and the map of ends of 4×40 from a corner.

use std::ops::ControlFlow;

use divan::Bencher;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::solve::{Layer, Outcome, Request, solve};
use knights_tour_engine::starts::{MapSettings, map_ends};

fn main() {
    divan::main();
}

/// Solves `request`, which the frontier answers with a validated tour.
fn toured(request: &Request) {
    let outcome = solve(request).unwrap();
    assert!(
        matches!(
            outcome,
            Outcome::Tour {
                layer: Layer::Frontier,
                ..
            }
        ),
        "{outcome:?}"
    );
}

/// rows×cols from the corner 0,0 to the far corner of the same colour pattern: 2,n−1 on 3×n
/// (both ends on the majority colour), 3,n−1 on 4×n.
fn corner_to_corner(rows: u32, cols: u32) -> Request {
    let board = Board::new(rows.into(), cols.into()).unwrap();
    Request::new(board, Square::new(0, 0)).ending_at(Square::new(rows - 1, cols - 1))
}

/// 3×n, corner to far corner.
#[divan::bench(args = [10_001, 1_000_001], sample_count = 5)]
fn three_corner_to_corner(bencher: Bencher, cols: u32) {
    let request = corner_to_corner(3, cols);
    bencher.bench(|| toured(&request));
}

/// 4×n, corner to far corner.
#[divan::bench(args = [10_001, 1_000_001], sample_count = 5)]
fn four_corner_to_corner(bencher: Bencher, cols: u32) {
    let request = corner_to_corner(4, cols);
    bencher.bench(|| toured(&request));
}

/// 3×10001: a partial tour of six squares from a corner completed to a tour.
#[divan::bench(sample_count = 5)]
fn three_prefix(bencher: Bencher) {
    let board = Board::new(3, 10_001).unwrap();
    let prefix: Vec<Square> = [(0, 0), (2, 1), (0, 2), (1, 0), (2, 2), (0, 3)]
        .into_iter()
        .map(|(row, col)| Square::new(row, col))
        .collect();
    let request = Request::new(board, prefix[0]).completing(prefix);
    bencher.bench(|| toured(&request));
}

/// The map of ends of 4×40 from a corner, on one thread: every end answered.
#[divan::bench(sample_count = 3)]
fn four_by_forty_ends(bencher: Bencher) {
    let board = Board::new(4, 40).unwrap();
    let quiet = |_: usize, _: usize| ControlFlow::Continue(());
    bencher.bench(|| {
        let map = map_ends(
            &Request::new(board, Square::new(0, 0)),
            &MapSettings::threads(1),
            &quiet,
        )
        .unwrap();
        assert_eq!(map.tally().gave_up, 0);
    });
}
