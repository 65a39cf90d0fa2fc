//! Benchmarks of tours to a chosen end (`knights-tour ends`, `solve --end`): the map of ends
//! of 8×8 from a corner, every ordered pair of 6×6, every ordered pair of 5×8 (the board whose
//! exceptions the search must prove), and one tour of 100×100 to the opposite side by search.

use std::ops::ControlFlow;

use divan::Bencher;
use knights_tour_engine::board::{Board, Square};
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

/// A 100×100 tour from a corner to the far side, found by the search with the end kept last.
#[divan::bench(sample_count = 5)]
fn hundred_corner_to_far_side(bencher: Bencher) {
    let board = Board::new(100, 100).unwrap();
    let request = Request::new(board, Square::new(0, 0))
        .ending_at(Square::new(99, 0))
        .method(Method::Auto);
    bencher.bench(|| assert!(matches!(solve(&request), Ok(Outcome::Tour { .. }))));
}
