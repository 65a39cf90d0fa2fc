//! Benchmark of `check` on a large file: a 10^8-square tour (10000×10000, about a gigabyte as a
//! list, a little more as a grid or JSON) written once to a temporary file, then read and
//! validated from it as `knights-tour check` does (one bit a square for the list and the JSON
//! path; four bytes a square for the grid). Peak memory is measured outside, with
//! `/usr/bin/time -v knights-tour check`.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use divan::Bencher;
use knights_tour::tourfile::{
    Expectations, InputFormat, check_tour, write_grid, write_json, write_list,
};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::construct::construct;
use knights_tour_engine::solve::{Outcome, Request, solve_streaming};
use knights_tour_engine::tour::Tour;

fn main() {
    divan::main();
}

const SIDE: u64 = 10_000;

/// The 10^8-square closed tour from the corner in `format` (not `Auto`), written to a file in
/// `folder`.
fn tour_file(folder: &Path, format: InputFormat) -> PathBuf {
    let board = Board::new(SIDE, SIDE).unwrap();
    let start = Square::new(0, 0);
    let name = folder.join(format!("tour.{format:?}"));
    let mut out = BufWriter::new(File::create(&name).unwrap());
    if format == InputFormat::Json {
        // As `solve --format json` writes it, the construction walked as it is written.
        let request = Request::new(board, start).closed(true);
        let outcome = solve_streaming(&request).unwrap();
        assert!(matches!(outcome, Outcome::Tour { .. }), "{outcome:?}");
        write_json(&mut out, &request, &outcome).unwrap();
        return name;
    }
    let path = construct(board, start, true).unwrap().path().unwrap();
    let tour = Tour::new(board, path, true, Some(start)).unwrap();
    if format == InputFormat::Grid {
        write_grid(&mut out, &tour, true).unwrap();
    } else {
        write_list(&mut out, &tour).unwrap();
    }
    name
}

fn check(path: &Path, format: InputFormat) {
    let board = Board::new(SIDE, SIDE).unwrap();
    let expect = Expectations {
        size: (format == InputFormat::List).then_some(board),
        piece: None,
        closed: true,
        start: None,
        end: None,
        memory_cap: None,
        keep_tour: None,
        shape: None,
    };
    // Unbuffered, as the command reads it: `check_tour` has its own buffer.
    check_tour(File::open(path).unwrap(), format, &expect).unwrap();
}

fn bench_check(bencher: Bencher, format: InputFormat) {
    let folder = tempfile::tempdir().unwrap();
    let path = tour_file(folder.path(), format);
    bencher.bench(|| check(&path, format));
}

/// `check` of a 10^8-square list from a file.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn list_of_10_8_squares(bencher: Bencher) {
    bench_check(bencher, InputFormat::List);
}

/// `check` of the same tour as a grid.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn grid_of_10_8_squares(bencher: Bencher) {
    bench_check(bencher, InputFormat::Grid);
}

/// `check` of the same tour as the JSON object of `solve --format json`.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn json_of_10_8_squares(bencher: Bencher) {
    bench_check(bencher, InputFormat::Json);
}
