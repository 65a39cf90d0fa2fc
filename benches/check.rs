//! Benchmark of `check` on a large file: a 10^8-square tour (10000×10000, about a gigabyte as a
//! list, a little more as a grid) written once to a temporary file, then read and validated
//! from it as `knights-tour check` does (one bit a square for the list; four bytes a square for
//! the grid). Peak memory is measured outside, with `/usr/bin/time -v knights-tour check`.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use divan::Bencher;
use knights_tour::tourfile::{Expectations, InputFormat, check_tour, write_grid, write_list};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::construct::construct;
use knights_tour_engine::tour::Tour;

fn main() {
    divan::main();
}

const SIDE: u64 = 10_000;

/// The 10^8-square tour in `format`, written to a file in `folder`.
fn tour_file(folder: &Path, grid: bool) -> PathBuf {
    let board = Board::new(SIDE, SIDE).unwrap();
    let start = Square::new(0, 0);
    let path = construct(board, start, true).unwrap().path().unwrap();
    let tour = Tour::new(board, path, true, Some(start)).unwrap();
    let name = folder.join(if grid { "tour.grid" } else { "tour.list" });
    let mut out = BufWriter::new(File::create(&name).unwrap());
    if grid {
        write_grid(&mut out, &tour, true).unwrap();
    } else {
        write_list(&mut out, &tour).unwrap();
    }
    name
}

fn check(path: &Path, grid: bool) {
    let board = Board::new(SIDE, SIDE).unwrap();
    let expect = Expectations {
        size: (!grid).then_some(board),
        closed: true,
        start: None,
        memory_cap: None,
        keep_tour: None,
    };
    let format = if grid {
        InputFormat::Grid
    } else {
        InputFormat::List
    };
    // Unbuffered, as the command reads it: `check_tour` has its own buffer.
    check_tour(File::open(path).unwrap(), format, &expect).unwrap();
}

/// `check` of a 10^8-square list from a file.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn list_of_10_8_squares(bencher: Bencher) {
    let folder = tempfile::tempdir().unwrap();
    let path = tour_file(folder.path(), false);
    bencher.bench(|| check(&path, false));
}

/// `check` of the same tour as a grid.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn grid_of_10_8_squares(bencher: Bencher) {
    let folder = tempfile::tempdir().unwrap();
    let path = tour_file(folder.path(), true);
    bencher.bench(|| check(&path, true));
}
