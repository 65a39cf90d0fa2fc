//! Benchmarks of the construction: the tour of 1000², 4000² and 10000² boards, closed and
//! open, from the links to the validated path (what `solve --method construct` does before it
//! prints), and the story the explorer shows. Peak memory is measured outside, with `/usr/bin/time -v` (see the closing note).

use divan::Bencher;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::construct::{construct, tell};
use knights_tour_engine::search::Limits;
use knights_tour_engine::tour::Tour;

fn main() {
    divan::main();
}

/// A closed tour of an n×n board.
#[divan::bench(args = [1000, 4000, 10000], sample_count = 3, sample_size = 1)]
fn closed(bencher: Bencher, n: u64) {
    let board = Board::new(n, n).unwrap();
    bencher.bench(|| {
        let construction = construct(board, Square::new(0, 0), true).unwrap();
        Tour::new(
            board,
            construction.path().unwrap(),
            true,
            Some(Square::new(0, 0)),
        )
        .unwrap()
    });
}

/// An open tour of an (n−1)×(n−1) board (both sides odd: a path block spliced into cycles)
/// from a square near the middle.
#[divan::bench(args = [1000, 4000, 10000], sample_count = 3, sample_size = 1)]
fn open(bencher: Bencher, n: u64) {
    let board = Board::new(n - 1, n - 1).unwrap();
    let start = Square::new(n as u32 / 2, n as u32 / 2);
    bencher.bench(|| {
        let construction = construct(board, start, false).unwrap();
        Tour::new(board, construction.path().unwrap(), false, Some(start)).unwrap()
    });
}

/// The construction alone: the links of a closed tour of an n×n board (of its folded board:
/// equal blocks are laid once, see `construct::fold`), not yet read out.
#[divan::bench(args = [1000, 4000, 10000], sample_count = 3, sample_size = 1)]
fn links_only(bencher: Bencher, n: u64) {
    let board = Board::new(n, n).unwrap();
    bencher.bench(|| construct(board, Square::new(0, 0), true).unwrap());
}

/// The construction telling its story (what the explorer's construct does, up to its largest
/// board): every block laid and joined by itself, each step recorded.
#[divan::bench(args = [200, 1000], sample_count = 5, sample_size = 1)]
fn told(bencher: Bencher, n: u64) {
    let board = Board::new(n, n).unwrap();
    bencher.bench(|| tell(board, Square::new(0, 0), true, Limits::NONE).unwrap());
}
