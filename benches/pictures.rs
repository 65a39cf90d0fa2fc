//! Benchmarks of the pictures: the SVG of a 100×100 tour (plain, and with numbers and the
//! gradient), and the PNG of a 4096×4096 tour (one pixel a square, the largest picture drawn
//! square by square), of a 10000×10000 tour reduced to 3334×3334 pixels, and of an 8×8 tour
//! enlarged with its path. Each writes into a sink from a tour made once; the tour's own cost
//! is in `construct`. File sizes and whole-process peak memory are measured outside (the
//! closing note of issue 13).

use std::io;

use divan::Bencher;
use knights_tour::tourfile::{PictureOptions, write_png, write_svg};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::solve::{Outcome, Request, solve};
use knights_tour_engine::tour::Tour;

fn main() {
    divan::main();
}

/// The tour `solve` finds on `rows x cols` from the corner, open.
fn tour(rows: u64, cols: u64) -> Tour {
    let board = Board::new(rows, cols).unwrap();
    match solve(&Request::new(board, Square::new(0, 0))).unwrap() {
        Outcome::Tour { tour, .. } => tour,
        other => panic!("{other:?}"),
    }
}

/// The SVG of 100×100: a rect a dark square and a polyline of 10^4 points.
#[divan::bench(args = ["plain", "numbers and gradient"], sample_count = 20)]
fn svg_100(bencher: Bencher, style: &str) {
    let tour = tour(100, 100);
    let fancy = style != "plain";
    let options = PictureOptions::for_board(tour.board(), Some(fancy), fancy);
    bencher.bench(|| write_svg(&mut io::sink(), &tour, &options).unwrap());
}

/// The PNG of 4096×4096: 16.7 million squares, one pixel each.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn png_4096(bencher: Bencher) {
    let tour = tour(4096, 4096);
    let options = PictureOptions::for_board(tour.board(), None, false);
    bencher.bench(|| write_png(&mut io::sink(), &tour, &options).unwrap());
}

/// The PNG of 10000×10000, each pixel a block of 3×3 squares.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn png_10000(bencher: Bencher) {
    let tour = tour(10000, 10000);
    let options = PictureOptions::for_board(tour.board(), None, false);
    bencher.bench(|| write_png(&mut io::sink(), &tour, &options).unwrap());
}

/// The PNG of 8×8: 320×320 pixels with the path, marks and numbers.
#[divan::bench(sample_count = 20)]
fn png_8(bencher: Bencher) {
    let tour = tour(8, 8);
    let options = PictureOptions::for_board(tour.board(), None, false);
    bencher.bench(|| write_png(&mut io::sink(), &tour, &options).unwrap());
}
