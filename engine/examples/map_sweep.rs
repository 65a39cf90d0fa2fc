//! A sweep of starts maps (issue 29's goal: every start of every board from Knuth's minimum up
//! to 40×40 answered for the zebra, the giraffe and the (a,b)-leapers with a + b odd and
//! b ≤ 5). Each `SPEC` names a piece, open or closed, and boards: `zebra:closed:30x36`, or
//! ranges `2,5:open:7x29-40` (rows 7, cols 29 to 40) and `3,4:closed:7-40x7-40` (every board
//! with rows and cols in those ranges, rows at most cols). Each map runs with the default
//! budget (100 M nodes a start) on `THREADS` threads under `DEADLINE_S` seconds, one map at a
//! time, and prints one line a board: the tours (of which reused from another start), the
//! proofs, the starts that gave up and those never reached (cut by the deadline), the time,
//! and the first starts that gave up.
//!
//! ```sh
//! cargo run --release -p knights-tour-engine --example map_sweep -- \
//!     DEADLINE_S THREADS SPEC...
//! ```

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::solve::Request;
use knights_tour_engine::starts::{MapSettings, Source, StartOutcome, map_starts};

/// `a-b` or `a` as an inclusive range.
fn range(text: &str) -> (u64, u64) {
    match text.split_once('-') {
        Some((low, high)) => (low.parse().unwrap(), high.parse().unwrap()),
        None => {
            let one = text.parse().unwrap();
            (one, one)
        }
    }
}

/// The piece, whether closed, and the boards of a `SPEC`.
fn parse(spec: &str) -> (Leaper, bool, Vec<(u64, u64)>) {
    let mut parts = spec.split(':');
    let piece = Leaper::parse(parts.next().unwrap()).unwrap();
    let closed = match parts.next().unwrap() {
        "open" => false,
        "closed" => true,
        other => panic!("open or closed, not {other}"),
    };
    let (rows, cols) = parts.next().unwrap().split_once('x').unwrap();
    let (rows, cols) = (range(rows), range(cols));
    // Two ranges: rows at most cols (a board turned is the same board).
    let turned_too = rows.0 == rows.1 || cols.0 == cols.1;
    let mut boards = Vec::new();
    for r in rows.0..=rows.1 {
        for c in cols.0..=cols.1 {
            if turned_too || r <= c {
                boards.push((r, c));
            }
        }
    }
    (piece, closed, boards)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deadline = Duration::from_secs(args[1].parse().unwrap());
    let threads: usize = args[2].parse().unwrap();
    println!(
        "piece kind board starts tours reused proofs gave_up not_reached seconds first_gave_up"
    );
    for spec in &args[3..] {
        let (piece, closed, boards) = parse(spec);
        for (rows, cols) in boards {
            let board = Board::new(rows, cols).unwrap();
            let mut request = Request::new(board, Square::new(0, 0))
                .piece(piece)
                .closed(closed);
            request.time_limit = Some(deadline);
            request.memory_cap = Some(2 << 30);
            let started = Instant::now();
            let quietly = |_: usize, _: usize| ControlFlow::Continue(());
            let map = map_starts(&request, &MapSettings::threads(threads), &quietly).unwrap();
            let seconds = started.elapsed().as_secs_f64();
            let tally = map.tally();
            let reused = map
                .answers
                .iter()
                .filter(|answer| {
                    matches!(answer.outcome, StartOutcome::Tour { source, .. } if source != Source::Solved)
                })
                .count();
            let gave_up: Vec<String> = map
                .answers
                .iter()
                .filter(|answer| matches!(answer.outcome, StartOutcome::BudgetExceeded { .. }))
                .take(12)
                .map(|answer| answer.square.to_string())
                .collect();
            println!(
                "{piece} {} {rows}x{cols} {} {} {reused} {} {} {} {seconds:.2} {}",
                if closed { "closed" } else { "open" },
                map.answers.len(),
                tally.tours,
                tally.no_tour,
                tally.gave_up - tally.not_reached,
                tally.not_reached,
                if gave_up.is_empty() {
                    "-".to_string()
                } else {
                    gave_up.join(";")
                }
            );
        }
    }
}
