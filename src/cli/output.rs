//! The three output formats of `solve`: `grid`, `list` and `json`, written straight to a
//! buffered writer (never built as one string) so that boards of 10^8 squares stream out.

use std::io::{self, Write};

use crate::board::Square;
use crate::solve::{Outcome, Request, Stats};
use crate::tour::Tour;

/// Writes `value` in decimal, right-aligned in `width` columns.
fn write_padded(out: &mut impl Write, value: u64, width: usize) -> io::Result<()> {
    let mut buffer = itoa::Buffer::new();
    let digits = buffer.format(value);
    for _ in digits.len()..width {
        out.write_all(b" ")?;
    }
    out.write_all(digits.as_bytes())
}

/// Rows of visit numbers `1..=rows·cols`, right-aligned and separated by one space; the start
/// holds 1. With `width` 0 nothing is padded (the CSES format).
pub fn write_grid(out: &mut impl Write, tour: &Tour, aligned: bool) -> io::Result<()> {
    let board = tour.board();
    let numbers = tour.visit_numbers();
    let width = if aligned {
        board.area().to_string().len()
    } else {
        0
    };
    for row in numbers.chunks(board.cols() as usize) {
        for (col, &number) in row.iter().enumerate() {
            if col > 0 {
                out.write_all(b" ")?;
            }
            write_padded(out, u64::from(number), width)?;
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// One square a line, `r c`, 0-based, in visit order.
pub fn write_list(out: &mut impl Write, tour: &Tour) -> io::Result<()> {
    for square in tour.squares() {
        write_padded(out, u64::from(square.row), 0)?;
        out.write_all(b" ")?;
        write_padded(out, u64::from(square.col), 0)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

fn write_square(out: &mut impl Write, square: Square) -> io::Result<()> {
    write!(out, "[{},{}]", square.row, square.col)
}

/// One JSON object: `rows`, `cols`, `closed`, `start`, `outcome`, `layer`, `reason` (no tour
/// or gave up), `path` (a tour), `stats`.
pub fn write_json(out: &mut impl Write, request: &Request, outcome: &Outcome) -> io::Result<()> {
    let board = request.board;
    write!(
        out,
        "{{\"rows\":{},\"cols\":{},\"closed\":{},\"start\":",
        board.rows(),
        board.cols(),
        request.closed
    )?;
    write_square(out, request.start)?;
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
        out.write_all(b",\"path\":[")?;
        for (step, square) in tour.squares().enumerate() {
            if step > 0 {
                out.write_all(b",")?;
            }
            write_square(out, square)?;
        }
        out.write_all(b"]")?;
    }
    out.write_all(b",\"stats\":")?;
    write_stats_json(out, outcome.stats())?;
    out.write_all(b"}\n")
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
pub fn stats_line(outcome: &Outcome) -> String {
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
