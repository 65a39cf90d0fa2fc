//! The streaming construction: a constructed tour checked by walking it and written by walking
//! it again, never held whole.
//!
//! What these guard: the streamed list is byte for byte the list of the same tour built in
//! memory (every block laid on the whole board's links, as the told construction lays them, and
//! read into a path), on every board of a sweep of sizes and on every solve of the golden
//! fixtures, and so are its pictures (SVG and PNG, enlarged and reduced); and the heap a
//! streamed tour takes, counted by this binary's global allocator (`cap`, which also refuses
//! allocations past a limit): a tour of 10^8 squares is solved and written as a list within
//! 24 MB and as a PNG within the picture's own memory, where the same tour held in memory is
//! refused. The tests here run one at a time, since the limit is the whole process's.

use std::alloc::System;
use std::io::{self, Write};
use std::panic;
use std::sync::{Mutex, MutexGuard, Once};

use cap::Cap;
use knights_tour::cli::{write_grid, write_json, write_list, write_png, write_svg};
use knights_tour::tourfile::{PictureOptions, PngLayout};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::construct::{construct, tell};
use knights_tour_engine::existence;
use knights_tour_engine::search::Limits;
use knights_tour_engine::solve::{Method, Outcome, Request, SolveError, solve, solve_streaming};
use knights_tour_engine::tour::{Tour, Validator, VisitOrder};

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Holds the other tests of this binary off while one runs.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs `work` with the allocator refusing anything past `budget` bytes more than are
/// allocated now. A panic lifts the limit first, so that its message can be written.
fn within<R>(budget: usize, work: impl FnOnce() -> R) -> R {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let report = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let _ = ALLOCATOR.set_limit(usize::MAX);
            report(info);
        }));
    });
    ALLOCATOR
        .set_limit(ALLOCATOR.allocated() + budget)
        .expect("the limit is above what is allocated");
    let result = work();
    ALLOCATOR.set_limit(usize::MAX).expect("no limit");
    result
}

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

fn list_text(tour: &impl VisitOrder) -> Vec<u8> {
    let mut out = Vec::new();
    write_list(&mut out, tour).unwrap();
    out
}

/// The list of the tour built in memory: every block laid and joined on the whole board's
/// links (as the told construction does), read into a path and validated; `None` where the
/// construction has no tour.
fn in_memory(board: Board, start: Square, closed: bool) -> Option<Vec<u8>> {
    let (construction, _) = tell(board, start, closed, Limits::NONE).ok()?;
    let tour = Tour::new(board, construction.path().unwrap(), closed, Some(start)).unwrap();
    Some(list_text(&tour))
}

/// The list of the same tour as it streams: built folded, checked by a walk, written by
/// walking it again.
fn streamed(board: Board, start: Square, closed: bool) -> Option<Vec<u8>> {
    let construction = construct(board, start, closed).ok()?;
    let walked = construction.walk_within(closed, start, None).unwrap();
    Some(list_text(&walked))
}

/// The requests of the sweep on `board`: a closed tour where one exists, and open tours from a
/// corner and from an inner square of the majority colour.
fn requests(board: Board) -> Vec<(Square, bool)> {
    let (rows, cols) = (board.rows(), board.cols());
    let mut found = Vec::new();
    if existence::has_closed_tour(board) {
        found.push((Square::new(0, 0), true));
    }
    let inner = Square::new(rows / 3, cols / 2 - (rows / 3 + cols / 2) % 2);
    for start in [Square::new(0, 0), inner, Square::new(rows - 1, cols - 1)] {
        if !board.has_odd_area() || start.is_majority_colour() {
            found.push((start, false));
        }
    }
    found
}

/// Checks every request of the sweep on each board of `boards`; the number compared.
fn sweep(boards: impl Iterator<Item = (u64, u64)>) -> usize {
    let mut compared = 0;
    for (rows, cols) in boards {
        let board = board(rows, cols);
        for (start, closed) in requests(board) {
            let expected = in_memory(board, start, closed);
            let got = streamed(board, start, closed);
            assert!(
                got == expected,
                "{board} from {start}, closed {closed}: the streamed list differs \
                 ({:?} and {:?} bytes)",
                got.as_ref().map(Vec::len),
                expected.as_ref().map(Vec::len)
            );
            compared += usize::from(got.is_some());
        }
    }
    compared
}

#[test]
fn the_streamed_list_is_the_list_built_in_memory_on_every_size_from_5_to_60() {
    let _one = one_at_a_time();
    let sides = || 5..=60u64;
    let compared = sweep(sides().flat_map(|rows| sides().map(move |cols| (rows, cols))));
    assert!(compared > 8000, "{compared}");
}

#[test]
fn the_streamed_list_is_the_list_built_in_memory_where_long_runs_fold() {
    // 88 squares more a side: more than ten eights a side, so every run of equal bands and
    // stripes is folded, with each residue of the sides.
    let _one = one_at_a_time();
    let sides = || (10..=60u64).map(|side| side + 88);
    let compared = sweep(sides().flat_map(|rows| sides().map(move |cols| (rows, cols))));
    assert!(compared > 7000, "{compared}");
    // Longer runs still, and odd boards whose path block lies among them.
    let long = [(411, 397), (500, 1203), (1001, 999), (2000, 600)];
    assert!(sweep(long.into_iter()) >= long.len() * 2);
}

#[test]
fn the_streamed_list_is_the_list_built_in_memory_on_strips() {
    let _one = one_at_a_time();
    let lengths = || {
        (10..=60u64)
            .chain((10..=60).map(|len| len + 88))
            .chain([5000])
    };
    let strips = [3, 4]
        .into_iter()
        .flat_map(|height| lengths().flat_map(move |len| [(height, len), (len, height)]));
    assert!(sweep(strips) > 500);
}

/// The formats `written` writes: the text ones and the pictures, with and without their options.
const FORMATS: [&str; 7] = [
    "list",
    "grid",
    "json",
    "svg",
    "svg-gradient",
    "svg-numbers",
    "png",
];

/// Writes `outcome` as `format` (one of [`FORMATS`]).
fn written<T: VisitOrder>(request: &Request, outcome: &Outcome<T>, format: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let picture = |numbers, gradient| PictureOptions::for_board(request.board, numbers, gradient);
    match (format, outcome) {
        ("json", _) => write_json(&mut out, request, outcome).unwrap(),
        ("list", Outcome::Tour { tour, .. }) => write_list(&mut out, tour).unwrap(),
        ("grid", Outcome::Tour { tour, .. }) => write_grid(&mut out, tour, true).unwrap(),
        ("svg", Outcome::Tour { tour, .. }) => {
            write_svg(&mut out, tour, &picture(Some(false), false)).unwrap()
        }
        ("svg-gradient", Outcome::Tour { tour, .. }) => {
            write_svg(&mut out, tour, &picture(None, true)).unwrap()
        }
        ("svg-numbers", Outcome::Tour { tour, .. }) => {
            write_svg(&mut out, tour, &picture(Some(true), false)).unwrap()
        }
        ("png", Outcome::Tour { tour, .. }) => {
            write_png(&mut out, tour, &picture(None, false)).unwrap()
        }
        _ => {}
    }
    if format.starts_with("svg") || format == "png" {
        return out;
    }
    // The time taken differs from run to run.
    let text = String::from_utf8(out).unwrap();
    match text.split_once("\"elapsed_ms\":") {
        Some((head, tail)) => {
            let rest = tail.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            format!("{head}\"elapsed_ms\":0{rest}").into_bytes()
        }
        None => text.into_bytes(),
    }
}

#[test]
fn every_golden_solve_streams_the_bytes_it_holds() {
    let _one = one_at_a_time();
    let request = |rows, cols, start: Square| Request::new(board(rows, cols), start);
    // The solves of tests/golden.rs.
    let requests = [
        request(5, 5, Square::new(2, 2)),
        request(6, 6, Square::new(0, 0)).closed(true),
        request(8, 10, Square::new(7, 0)).closed(true),
        request(3, 4, Square::new(1, 1)),
        request(3, 7, Square::new(1, 3)),
        request(8, 8, Square::new(0, 0)).method(Method::Warnsdorff),
        request(5, 5, Square::new(0, 0)).method(Method::Naive),
        request(7, 7, Square::new(3, 3)).method(Method::Backtrack),
        request(40, 60, Square::new(0, 0)).closed(true),
        request(501, 501, Square::new(200, 38)),
    ];
    for request in requests {
        let held = solve(&request).unwrap();
        let streamed = solve_streaming(&request).unwrap();
        assert_eq!(held.layer(), streamed.layer(), "{request:?}");
        for format in FORMATS {
            assert!(
                written(&request, &held, format) == written(&request, &streamed, format),
                "{} from {}: {format}",
                request.board,
                request.start
            );
        }
    }
}

#[test]
fn a_reduced_png_streams_the_bytes_of_the_tour_held_in_memory() {
    // More than 4096 squares a side: each pixel is the mean visit order of a 2x2 block.
    let _one = one_at_a_time();
    let requests = [
        Request::new(board(4100, 4100), Square::new(0, 0)).closed(true),
        Request::new(board(4101, 4099), Square::new(1000, 2001)),
    ];
    for request in requests {
        assert!(!PngLayout::of(request.board).draws_path());
        let held = solve(&request).unwrap();
        let streamed = solve_streaming(&request).unwrap();
        assert!(
            written(&request, &held, "png") == written(&request, &streamed, "png"),
            "{} from {}",
            request.board,
            request.start
        );
    }
}

/// A writer that keeps nothing but checks that the text is a list of a tour of `board`.
struct ListCheck {
    validator: Validator,
    line: Vec<u8>,
    lines: u64,
}

impl Write for ListCheck {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &byte in bytes {
            if byte != b'\n' {
                self.line.push(byte);
                continue;
            }
            let text = std::str::from_utf8(&self.line).unwrap();
            let (row, col) = text.split_once(' ').unwrap();
            let square = Square::new(row.parse().unwrap(), col.parse().unwrap());
            self.validator.push(square).unwrap();
            self.line.clear();
            self.lines += 1;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_tour_of_ten_to_the_eight_squares_streams_within_24_mb_of_heap() {
    let _one = one_at_a_time();
    let board = board(10_000, 10_000);
    let request = Request::new(board, Square::new(0, 0)).closed(true);
    // The list is checked as it is written, by a validator made before the limit.
    let mut out = ListCheck {
        validator: Validator::new(board, true, Some(Square::new(0, 0))),
        line: Vec::with_capacity(64),
        lines: 0,
    };
    within(24 << 20, || {
        let outcome = solve_streaming(&request).unwrap();
        let Outcome::Tour { tour, layer, .. } = &outcome else {
            panic!("{outcome:?}");
        };
        assert_eq!(layer.name(), "construct");
        write_list(&mut out, tour).unwrap();
        // A grid numbers every square (400 MB): refused, not aborted.
        let grid = write_grid(&mut io::sink(), tour, true);
        assert_eq!(grid.unwrap_err().kind(), io::ErrorKind::OutOfMemory);
    });
    assert_eq!(out.lines, board.area());
    out.validator.finish().unwrap();
    // Held in memory, the same tour needs its path (400 MB): refused, not aborted.
    let held = within(24 << 20, || solve(&request).map(|_| ()));
    assert!(
        matches!(held, Err(SolveError::OutOfMemory { .. })),
        "{held:?}"
    );
}

#[test]
fn pictures_of_ten_to_the_eight_squares_take_the_pictures_memory_not_the_tours() {
    let _one = one_at_a_time();
    let board = board(10_000, 10_000);
    let request = Request::new(board, Square::new(0, 0)).closed(true);
    let options = PictureOptions::for_board(board, None, true);
    // The PNG's visit order is 3334x3334 pixels of four bytes (44 MB); the tour held would add
    // 400 MB.
    let layout = PngLayout::of(board);
    let png_memory = layout.memory_needed(board) as usize;
    let (outcome, png) = within(png_memory + (16 << 20), || {
        let outcome = solve_streaming(&request).unwrap();
        let Outcome::Tour { tour, .. } = &outcome else {
            panic!("{outcome:?}");
        };
        let mut png = Counted(0);
        write_png(&mut png, tour, &options).unwrap();
        (outcome, png.0)
    });
    let Outcome::Tour { tour, .. } = &outcome else {
        unreachable!("a tour above");
    };
    // The SVG has room for nothing but the walk's and the writer's buffers.
    let svg = within(8 << 20, || {
        let mut svg = Counted(0);
        write_svg(&mut svg, tour, &options).unwrap();
        svg.0
    });
    assert!(png > 1000, "{png}");
    // A point a square, `x,y ` of up to 12 bytes.
    assert!(svg > board.area() * 8, "{svg}");
}

#[test]
fn json_of_a_strip_streams_within_its_bits_and_buffers() {
    let _one = one_at_a_time();
    // 3x8,000,000: 24 million squares, 96 MB as a path; its walk's bits are 3 MB.
    let board = board(3, 8_000_000);
    let request = Request::new(board, Square::new(1, 4_000_001));
    let bytes = within(16 << 20, || {
        let outcome = solve_streaming(&request).unwrap();
        assert!(matches!(outcome, Outcome::Tour { .. }), "{outcome:?}");
        let mut count = Counted(0);
        write_json(&mut count, &request, &outcome).unwrap();
        count.0
    });
    assert!(bytes > 24_000_000 * 6, "{bytes}");
}

/// A writer that counts the bytes it is given.
struct Counted(u64);

impl Write for Counted {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0 += bytes.len() as u64;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
