//! Benchmarks of the streaming construction: the list of a constructed tour written as
//! `solve --format list` writes it (to a sink here), for 10^6, 1.6·10^7 and 10^8 squares, and
//! the check by walking alone. The tour is never held whole; peak memory is measured outside,
//! with `/usr/bin/time -v knights-tour solve --size 10000 --closed --format list > /dev/null`
//! (see the closing note of the streaming issue), and asserted in `tests/streaming.rs` through
//! the allocator's own count.

use std::io;

use divan::Bencher;
use knights_tour::cli::write_list;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::construct::construct;
use knights_tour_engine::solve::{Outcome, Request, solve_streaming};

fn main() {
    divan::main();
}

/// A closed tour of an n×n board solved and written as a list, square by square.
#[divan::bench(args = [1000, 4000, 10000], sample_count = 3, sample_size = 1)]
fn list(bencher: Bencher, n: u64) {
    let board = Board::new(n, n).unwrap();
    let request = Request::new(board, Square::new(0, 0)).closed(true);
    bencher.bench(|| {
        let outcome = solve_streaming(&request).unwrap();
        let Outcome::Tour { tour, .. } = &outcome else {
            panic!("{outcome:?}");
        };
        write_list(&mut io::sink(), tour).unwrap();
    });
}

/// The construction and the walk that checks it (what `solve` does before it writes).
#[divan::bench(args = [10000], sample_count = 3, sample_size = 1)]
fn checked_walk(bencher: Bencher, n: u64) {
    let board = Board::new(n, n).unwrap();
    let start = Square::new(0, 0);
    bencher.bench(|| {
        construct(board, start, true)
            .unwrap()
            .walk_within(true, start, None)
            .unwrap()
    });
}
