//! The three output formats of `solve`: `grid`, `list` and `json`, written straight to a
//! buffered writer (never built as one string) so that boards of 10^8 squares stream out.
//!
//! Large tours are formatted in chunks on two threads while the calling thread writes the
//! finished chunks in order (`write_chunks`); numbers come from a table of their decimal
//! digits, and square numbers become rows and columns by a multiplication instead of a
//! division. About a gigabyte of `r c` lines takes well under a second this way. A tour is
//! read a chunk at a time through [`VisitOrder`], so a constructed tour that is never held
//! whole (walked again for each chunk) streams out the same way as a tour held in memory.
//!
//! On a board of any shape (a tour whose [`VisitOrder::shape`] has holes), the squares keep
//! their numbers on the full rectangle: the grid writes a hole as `.` in the cell's width (a
//! character no visit number has, so that the grid reads back), the list is the squares in
//! visit order as ever, and the JSON object lists the board's `holes` (`[[r,c],...]`) and
//! `clues` (`[[k,[r,c]],...]`: the square `[r,c]` is visit `k`, 1-based) before its path. A
//! whole rectangle's output is what it always was.

use std::cell::Cell;
use std::io::{self, Write};
use std::ops::Range;
use std::sync::mpsc;

use knights_tour_engine::board::Square;
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::shape::Shape;
use knights_tour_engine::solve::{Outcome, Request, Stats};
use knights_tour_engine::tour::{VISITS_PER_READ, VisitOrder};

/// Squares formatted per chunk: about a megabyte of text, and a run a walked tour reads from
/// where its check stood.
const CHUNK: usize = VISITS_PER_READ;

thread_local! {
    /// Each formatting thread's room for the square numbers of a chunk of a walked tour (see
    /// [`VisitOrder::visits`]), kept from chunk to chunk.
    static SCRATCH: Cell<Vec<u32>> = const { Cell::new(Vec::new()) };
}

/// This thread's [`SCRATCH`], taken while a chunk is formatted and given back after.
struct Scratch(Vec<u32>);

impl Scratch {
    fn take() -> Self {
        Self(SCRATCH.take())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        SCRATCH.set(std::mem::take(&mut self.0));
    }
}

/// Formats `0..count` in chunks of `per_chunk` items with `format` (which appends the text of
/// a range of items to a buffer) and writes the chunks to `out` in order. Beyond one chunk,
/// two threads format while this one writes, with a few buffers in flight.
pub(crate) fn write_chunks(
    out: &mut impl Write,
    count: usize,
    per_chunk: usize,
    format: impl Fn(Range<usize>, &mut Vec<u8>) + Sync,
) -> io::Result<()> {
    let per_chunk = per_chunk.max(1);
    let chunks = count.div_ceil(per_chunk);
    let range = |chunk: usize| chunk * per_chunk..((chunk + 1) * per_chunk).min(count);
    if chunks <= 1 {
        let mut buffer = Vec::new();
        format(0..count, &mut buffer);
        return out.write_all(&buffer);
    }
    const WORKERS: usize = 2;
    std::thread::scope(|scope| {
        // Per worker, the channels of its finished and recycled buffers; `None` when the
        // system would not start the thread, whose chunks this thread then formats itself.
        let mut workers = Vec::new();
        for worker in 0..WORKERS {
            let (done_tx, done_rx) = mpsc::sync_channel::<Vec<u8>>(2);
            let (free_tx, free_rx) = mpsc::channel::<Vec<u8>>();
            let format = &format;
            let started = std::thread::Builder::new().spawn_scoped(scope, move || {
                for chunk in (worker..chunks).step_by(WORKERS) {
                    let mut buffer = free_rx.try_recv().unwrap_or_default();
                    buffer.clear();
                    format(range(chunk), &mut buffer);
                    if done_tx.send(buffer).is_err() {
                        return; // The writer stopped (a closed pipe).
                    }
                }
            });
            workers.push(started.ok().map(|_| (done_rx, free_tx)));
        }
        let mut own_buffer = Vec::new();
        for chunk in 0..chunks {
            match &workers[chunk % WORKERS] {
                Some((finished, recycle)) => {
                    let buffer = finished.recv().expect("a formatter thread ended early");
                    out.write_all(&buffer)?;
                    // The worker may be done already; then the buffer is simply dropped.
                    let _ = recycle.send(buffer);
                }
                None => {
                    own_buffer.clear();
                    format(range(chunk), &mut own_buffer);
                    out.write_all(&own_buffer)?;
                }
            }
        }
        Ok(())
    })
}

/// Decimal numbers below a bound, each followed by a separator, stored fast: up to 2^20 from a
/// table of eight-byte words (a line `r c` is two stores), beyond it digit by digit
/// ([`store_decimal`]), for the numbers of eight digits or more that the table would hold.
struct Digits {
    /// Digits and separator, left-aligned in a little-endian word; empty past 2^20.
    text: Vec<u64>,
    /// How many of the eight bytes count.
    len: Vec<u8>,
    separator: u8,
}

impl Digits {
    /// The numbers `0..bound` followed by `separator`.
    fn below(bound: u32, separator: u8) -> Self {
        let tabled = if bound > 1 << 20 { 0 } else { bound as usize };
        let mut text = Vec::with_capacity(tabled);
        let mut len = Vec::with_capacity(tabled);
        let mut buffer = itoa::Buffer::new();
        for n in 0..tabled as u32 {
            let digits = buffer.format(n).as_bytes();
            let mut entry = [0u8; 8];
            entry[..digits.len()].copy_from_slice(digits);
            entry[digits.len()] = separator;
            text.push(u64::from_le_bytes(entry));
            len.push(digits.len() as u8 + 1);
        }
        Self {
            text,
            len,
            separator,
        }
    }

    /// Stores `n` and the separator at `at` (twelve bytes of room) and returns their length.
    #[inline(always)]
    fn store(&self, buffer: &mut [u8], at: usize, n: u32) -> usize {
        let Some(&word) = self.text.get(n as usize) else {
            return store_decimal(buffer, at, n, self.separator);
        };
        buffer[at..at + 8].copy_from_slice(&word.to_le_bytes());
        usize::from(self.len[n as usize])
    }
}

/// Two decimal digits of each number below 100.
const DIGIT_PAIRS: &[u8; 200] = b"\
    0001020304050607080910111213141516171819\
    2021222324252627282930313233343536373839\
    4041424344454647484950515253545556575859\
    6061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899";

/// Writes `n` in decimal at `at`, then `end`, and returns the bytes written (at most eleven).
/// The digits go straight into place, two at a time from the right: no copy of a variable
/// length, which costs a call a number.
#[inline(always)]
fn store_decimal(buffer: &mut [u8], at: usize, mut n: u32, end: u8) -> usize {
    let len = n.checked_ilog10().unwrap_or(0) as usize + 1;
    let mut i = at + len;
    buffer[i] = end;
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        i -= 2;
        buffer[i..i + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        let pair = n as usize * 2;
        buffer[i - 2..i].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    } else {
        buffer[i - 1] = b'0' + n as u8;
    }
    len + 1
}

/// Row and column of square numbers by a multiplication: `index * ceil(2^64 / cols) >> 64` is
/// exactly `index / cols` for every 32-bit index and divisor of at least 2.
#[derive(Debug, Clone, Copy)]
struct RowCol {
    cols: u32,
    magic: u64,
}

impl RowCol {
    fn new(cols: u32) -> Self {
        Self {
            cols,
            magic: (u64::MAX / u64::from(cols.max(2))) + 1,
        }
    }

    #[inline(always)]
    fn split(self, index: u32) -> (u32, u32) {
        if self.cols == 1 {
            return (index, 0);
        }
        let row = ((u128::from(index) * u128::from(self.magic)) >> 64) as u32;
        (row, index - row * self.cols)
    }
}

/// Rows of visit numbers `1..=rows·cols` (less the holes), right-aligned and separated by one
/// space, a hole `.`; the start holds 1. Unless `aligned` nothing is padded (the CSES format).
pub fn write_grid(out: &mut impl Write, tour: &impl VisitOrder, aligned: bool) -> io::Result<()> {
    let board = tour.board();
    let numbers = tour.visit_numbers().map_err(|_| {
        io::Error::new(
            io::ErrorKind::OutOfMemory,
            format!(
                "the grid of a {board} board needs {} MB more memory than is free; \
                 --format list needs none",
                (board.area() * 4) >> 20
            ),
        )
    })?;
    let width = if aligned {
        tour.visit_count().to_string().len()
    } else {
        0
    };
    let cols = board.cols() as usize;
    // Whole rows per item, so that a chunk never splits a row.
    write_chunks(out, board.rows() as usize, CHUNK / cols, |rows, buffer| {
        let mut digits = itoa::Buffer::new();
        for row in numbers[rows.start * cols..rows.end * cols].chunks(cols) {
            for (col, &number) in row.iter().enumerate() {
                if col > 0 {
                    buffer.push(b' ');
                }
                // Visits are numbered from 1: a 0 is a hole.
                let text = match number {
                    0 => b".",
                    number => digits.format(number).as_bytes(),
                };
                buffer.extend(std::iter::repeat_n(b' ', width.saturating_sub(text.len())));
                buffer.extend_from_slice(text);
            }
            buffer.push(b'\n');
        }
    })
}

/// One square a line, `r c`, 0-based, in visit order.
pub fn write_list(out: &mut impl Write, tour: &impl VisitOrder) -> io::Result<()> {
    write_squares::<false>(out, tour)
}

/// The squares of `tour` in visit order, formatted in chunks (on two threads) from the digit
/// tables into a buffer sized once: as `r c` lines, or with `JSON` as the `[r,c]` pairs of a
/// JSON array, comma-separated, without its brackets. `JSON` is a constant so that the list's
/// loop carries no test for it.
fn write_squares<const JSON: bool>(out: &mut impl Write, tour: &impl VisitOrder) -> io::Result<()> {
    let board = tour.board();
    let split = RowCol::new(board.cols());
    let (after_row, after_col) = if JSON { (b',', b']') } else { (b' ', b'\n') };
    let rows = Digits::below(board.rows(), after_row);
    let cols = Digits::below(board.cols(), after_col);
    write_chunks(out, tour.visit_count() as usize, CHUNK, |range, buffer| {
        let mut scratch = Scratch::take();
        let path = tour.visits(range.clone(), &mut scratch.0);
        let begin = buffer.len();
        // Room for the longest square, `,[` and two numbers of ten digits with their
        // separators, and for the last eight-byte store.
        buffer.resize(begin + range.len() * 24 + 8, 0);
        let mut at = begin;
        for (step, &index) in range.zip(path) {
            let (row, col) = split.split(index);
            if JSON {
                if step > 0 {
                    buffer[at] = b',';
                    at += 1;
                }
                buffer[at] = b'[';
                at += 1;
            }
            at += rows.store(buffer, at, row);
            at += cols.store(buffer, at, col);
        }
        buffer.truncate(at);
    })
}

fn write_square(out: &mut impl Write, square: Square) -> io::Result<()> {
    write!(out, "[{},{}]", square.row, square.col)
}

/// One JSON object: `rows`, `cols`, `piece` (not the knight), `holes` and `clues` (a board
/// with them), `closed`, `start`, `end` (when one was asked for), `outcome`, `layer`,
/// `reason` (no tour or gave up), `path` (a tour), `stats`. Where the request lets the tour
/// start anywhere ([`Request::any_start`]), `start` is the tour's first square, and there is
/// none without a tour.
pub fn write_json<T: VisitOrder>(
    out: &mut impl Write,
    request: &Request,
    outcome: &Outcome<T>,
) -> io::Result<()> {
    let board = request.board;
    write!(
        out,
        "{{\"rows\":{},\"cols\":{},",
        board.rows(),
        board.cols()
    )?;
    write_piece_field(out, request.piece)?;
    let shape = request.shape.as_deref().or(match outcome {
        Outcome::Tour { tour, .. } => tour.shape(),
        _ => None,
    });
    if let Some(shape) = shape {
        write_shape_fields(out, shape)?;
    }
    write!(out, "\"closed\":{}", request.closed)?;
    let start = match outcome {
        Outcome::Tour { tour, .. } if request.any_start => {
            Some(board.square_at(tour.square_of_visit(0)))
        }
        _ if request.any_start => None,
        _ => Some(request.start),
    };
    if let Some(start) = start {
        out.write_all(b",\"start\":")?;
        write_square(out, start)?;
    }
    if let Some(end) = request.end {
        out.write_all(b",\"end\":")?;
        write_square(out, end)?;
    }
    let (name, reason) = match outcome {
        Outcome::Tour { .. } => ("tour", None),
        Outcome::NoTour { reason, .. } => ("no_tour", Some(reason.to_string())),
        Outcome::BudgetExceeded { cause, .. } => ("budget_exceeded", Some(cause.to_string())),
    };
    write!(
        out,
        ",\"outcome\":\"{name}\",\"layer\":\"{}\"",
        outcome.layer()
    )?;
    if let Some(reason) = reason {
        out.write_all(b",\"reason\":")?;
        serde_json::to_writer(&mut *out, &reason)?;
    }
    if let Outcome::Tour { tour, .. } = outcome {
        out.write_all(b",\"path\":")?;
        write_json_path(out, tour)?;
    }
    out.write_all(b",\"stats\":")?;
    write_stats_json(out, outcome.stats())?;
    out.write_all(b"}\n")
}

/// `"piece":"zebra",` (or `"piece":"A,B",`) for any piece but the knight, whose objects name
/// none: a JSON object without `piece` is a knight's, as it always was.
pub fn write_piece_field(out: &mut impl Write, piece: Leaper) -> io::Result<()> {
    if piece.is_knight() {
        return Ok(());
    }
    write!(out, "\"piece\":\"{}\",", piece.label())
}

/// `"holes":[[r,c],...],` and `"clues":[[k,[r,c]],...],`, each when the shape has any.
pub fn write_shape_fields(out: &mut impl Write, shape: &Shape) -> io::Result<()> {
    if !shape.holes().is_empty() {
        out.write_all(b"\"holes\":[")?;
        for (n, &hole) in shape.holes().iter().enumerate() {
            if n > 0 {
                out.write_all(b",")?;
            }
            write_square(out, hole)?;
        }
        out.write_all(b"],")?;
    }
    if !shape.clues().is_empty() {
        out.write_all(b"\"clues\":[")?;
        for (n, clue) in shape.clues().iter().enumerate() {
            if n > 0 {
                out.write_all(b",")?;
            }
            write!(out, "[{},", clue.number)?;
            write_square(out, clue.square)?;
            out.write_all(b"]")?;
        }
        out.write_all(b"],")?;
    }
    Ok(())
}

/// The tour as a JSON array of `[r,c]` pairs, formatted in chunks like the list.
fn write_json_path(out: &mut impl Write, tour: &impl VisitOrder) -> io::Result<()> {
    out.write_all(b"[")?;
    write_squares::<true>(out, tour)?;
    out.write_all(b"]")
}

fn write_stats_json(out: &mut impl Write, stats: &Stats) -> io::Result<()> {
    write!(
        out,
        "{{\"nodes\":{},\"backtracks\":{},\"max_depth\":{},\"elapsed_ms\":{:.3}}}",
        stats.nodes,
        stats.backtracks,
        stats.max_depth,
        stats.elapsed.as_secs_f64() * 1000.0
    )
}

/// The one-line summary `--stats` prints on standard error.
pub fn stats_line<T>(outcome: &Outcome<T>) -> String {
    let stats = outcome.stats();
    let mut line = format!(
        "layer {}, nodes {}, backtracks {}, max depth {}, elapsed {:.3} ms",
        outcome.layer(),
        stats.nodes,
        stats.backtracks,
        stats.max_depth,
        stats.elapsed.as_secs_f64() * 1000.0
    );
    if let Some(depth) = stats.greedy_depth {
        line.push_str(&format!(", greedy pass reached {depth}"));
    }
    if stats.searches > 0 {
        line.push_str(&format!(", backtracking runs {}", stats.searches));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_tour_engine::board::Board;
    use knights_tour_engine::construct::construct;

    #[test]
    fn decimal_digits_are_the_numbers_own() {
        let mut numbers = vec![
            0,
            1,
            9,
            10,
            11,
            99,
            100,
            101,
            999,
            1000,
            u32::MAX,
            u32::MAX - 1,
        ];
        numbers.extend((1..10).flat_map(|e| [10u32.pow(e) - 1, 10u32.pow(e), 10u32.pow(e) + 1]));
        numbers.extend((0..2000).map(|k| k * 2_147_483 + 7));
        for n in numbers {
            let mut buffer = vec![b'#'; 16];
            let written = store_decimal(&mut buffer, 2, n, b'\n');
            let expected = format!("{n}\n");
            assert_eq!(&buffer[2..2 + written], expected.as_bytes(), "{n}");
            assert_eq!(
                buffer[2 + written],
                b'#',
                "{n}: nothing written past the end"
            );
        }
    }

    #[test]
    fn lists_and_json_paths_with_a_side_past_two_to_the_twenty_read_as_their_squares() {
        // 3x1,100,000 and its transpose: the long side's numbers are written digit by digit.
        for (rows, cols) in [(3, 1_100_000), (1_100_000, 3), (5, 1_048_577)] {
            let board = Board::new(rows, cols).unwrap();
            let start = Square::new(0, 0);
            let construction = construct(board, start, false).unwrap();
            let walked = construction.walk_within(false, start, None).unwrap();
            let mut scratch = Vec::new();
            let squares: Vec<Square> = walked
                .visits(0..board.area() as usize, &mut scratch)
                .iter()
                .map(|&index| board.square_at(index))
                .collect();
            let mut list = Vec::new();
            write_list(&mut list, &walked).unwrap();
            let expected: String = squares
                .iter()
                .map(|square| format!("{} {}\n", square.row, square.col))
                .collect();
            assert!(list == expected.as_bytes(), "{board}: the list");
            let mut json = Vec::new();
            write_json_path(&mut json, &walked).unwrap();
            let pairs: Vec<String> = squares
                .iter()
                .map(|square| format!("[{},{}]", square.row, square.col))
                .collect();
            let expected = format!("[{}]", pairs.join(","));
            assert!(json == expected.as_bytes(), "{board}: the JSON path");
        }
    }
}
