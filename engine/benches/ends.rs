//! Benchmarks of tours to a chosen end (`knights-tour ends`, `solve --end`): the map of ends
//! of 8×8 from a corner, every ordered pair of 6×6, every ordered pair of 5×8 (the board whose
//! exceptions the search must prove), one tour of 100×100 to the opposite side by search, and
//! tours to an end built from blocks on boards of 10^6 to 10^8 squares (even, both sides odd,
//! and a rectangle), each checked by walking it as `solve --end` does before it prints.

use std::ops::ControlFlow;

use divan::Bencher;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::construct::construct_to;
use knights_tour_engine::solve::{Method, Outcome, Request, solve};
use knights_tour_engine::starts::{MapSettings, map_ends};

fn main() {
    divan::main();
}

/// The map of ends from `start` on one thread; the tours it found.
fn ends_map(board: Board, start: Square) -> u64 {
    let quiet = |_: usize, _: usize| ControlFlow::Continue(());
    let map = map_ends(
        &Request::new(board, start),
        &MapSettings::threads(1),
        &quiet,
    )
    .unwrap();
    assert_eq!(map.tally().gave_up, 0);
    map.tally().tours
}

/// 8×8 from a1: all 63 ends.
#[divan::bench]
fn eight_from_a_corner(bencher: Bencher) {
    let board = Board::new(8, 8).unwrap();
    bencher.bench(|| ends_map(board, Square::new(7, 0)));
}

/// Every ordered pair of squares of a board: one map of ends a start.
#[divan::bench(args = [(6, 6), (5, 8)], sample_count = 5)]
fn every_pair(bencher: Bencher, (rows, cols): (u64, u64)) {
    let board = Board::new(rows, cols).unwrap();
    bencher.bench(|| {
        board
            .squares()
            .map(|start| ends_map(board, start))
            .sum::<u64>()
    });
}

/// A 100×100 tour from a corner to the far side, found by the search with the end kept last
/// (the construction, which `auto` runs first on boards this large, kept out).
#[divan::bench(sample_count = 5)]
fn hundred_corner_to_far_side(bencher: Bencher) {
    let board = Board::new(100, 100).unwrap();
    let mut request = Request::new(board, Square::new(0, 0))
        .ending_at(Square::new(99, 0))
        .method(Method::Auto);
    request.construct_threshold = u64::MAX;
    bencher.bench(|| assert!(matches!(solve(&request), Ok(Outcome::Tour { .. }))));
}

/// A tour of `board` from `start` to `end` built from blocks and checked by walking it, one
/// bit a square.
fn constructed(board: Board, start: Square, end: Square) {
    construct_to(board, start, end)
        .unwrap()
        .walk_to_within(start, end, None)
        .unwrap();
}

/// n×n from a corner to the square beside the far corner.
#[divan::bench(args = [1000, 10000], sample_count = 3, sample_size = 1)]
fn constructed_corner_to_far_corner(bencher: Bencher, n: u32) {
    let board = Board::new(n.into(), n.into()).unwrap();
    bencher.bench(|| constructed(board, Square::new(0, 0), Square::new(n - 1, n - 2)));
}

/// (n−1)×(n−1), both sides odd, from a corner to the far corner.
#[divan::bench(args = [1000, 10000], sample_count = 3, sample_size = 1)]
fn constructed_odd_corner_to_corner(bencher: Bencher, n: u32) {
    let board = Board::new((n - 1).into(), (n - 1).into()).unwrap();
    bencher.bench(|| constructed(board, Square::new(0, 0), Square::new(n - 2, n - 2)));
}

/// 2000×3001 from a corner to the far corner.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn constructed_rectangle(bencher: Bencher) {
    let board = Board::new(2000, 3001).unwrap();
    bencher.bench(|| constructed(board, Square::new(0, 0), Square::new(1999, 3000)));
}
