//! Benchmarks of the search on long strips: the wazir's closed tours of 2×n, 3×n and 4×n
//! from a corner, which the search finds in about 2.5 nodes a square. At every column it
//! tries a step across that cuts off the row behind it, a split one square longer than the
//! one before; the connectivity prune takes the side it sealed in one step, so the time is
//! proportional to the board (it grew as its square: 2×100000 took 14 s).

use divan::Bencher;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::solve::{Outcome, Request, solve};

fn main() {
    divan::main();
}

/// The wazir's closed tour of `rows`×`cols` from the top-left corner.
fn wazir_closed(bencher: Bencher, rows: u64, cols: u64) {
    let wazir = Leaper::new(0, 1).unwrap();
    let board = Board::new(rows, cols).unwrap();
    let request = Request::new(board, Square::new(0, 0))
        .closed(true)
        .piece(wazir);
    bencher.bench(|| {
        let outcome = solve(&request).unwrap();
        assert!(matches!(outcome, Outcome::Tour { .. }), "{outcome:?}");
        outcome
    });
}

#[divan::bench(args = [10_000, 100_000], sample_count = 3, sample_size = 1)]
fn two_rows(bencher: Bencher, cols: u64) {
    wazir_closed(bencher, 2, cols);
}

#[divan::bench(args = [10_000, 100_000], sample_count = 3, sample_size = 1)]
fn three_rows(bencher: Bencher, cols: u64) {
    wazir_closed(bencher, 3, cols);
}

#[divan::bench(args = [10_000, 100_000], sample_count = 3, sample_size = 1)]
fn four_rows(bencher: Bencher, cols: u64) {
    wazir_closed(bencher, 4, cols);
}
