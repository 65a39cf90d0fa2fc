//! `count`: the number of tours, by the engine's count (`knights_tour_engine::count`), written
//! as the number alone or as one JSON object; a shard of the count (`shard`: which one, from
//! the options or the scheduler's environment, and the digest of the question it answers);
//! and `--merge`, which adds up the shards' files (`merge`). A progress bar shows the squares
//! done and the states of the frontier while standard error is a terminal.

mod merge;
mod shard;

use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::sync::OnceLock;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

use super::args::{CountArgs, CountFormat};
use super::{ExitStatus, Failure, with_stdout};
use crate::options::memory_limit;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::count::{
    BigUint, Count, CountError, CountMethod, CountProgress, CountRequest, Shard,
    count_tours_reporting,
};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::notation::SquareSpec;

use self::shard::Digest;

/// A count as `count` writes it: the question, the answer, and which part of the whole it is.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Counted {
    board: Board,
    piece: Leaper,
    closed: bool,
    start: Option<Square>,
    end: Option<Square>,
    method: CountMethod,
    tours: BigUint,
    peak_states: u64,
    peak_bytes: u64,
    part: Part,
}

/// Which part of the whole a count is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// The whole count.
    Whole,
    /// One shard, of the question the digest names.
    Shard { shard: Shard, digest: Digest },
    /// The sum of every shard of the question the digest names.
    Merged { shards: u32, digest: Digest },
}

/// `count`: the number of tours (of one shard, with `--shard` or `--shards`), or with
/// `--merge` the sum of the shards' files.
pub fn count(args: &CountArgs) -> Result<ExitStatus, Failure> {
    let counted = if args.merge.is_empty() {
        count_asked(args)?
    } else {
        merge::merge(&args.merge)?
    };
    with_stdout(|out| match args.format {
        CountFormat::Text => writeln!(out, "{}", counted.tours),
        CountFormat::Json => write_json(out, &counted),
    })?;
    Ok(ExitStatus::Success)
}

/// Runs the count `args` ask for, with a progress bar on a terminal.
fn count_asked(args: &CountArgs) -> Result<Counted, Failure> {
    let request = request_for(args)?;
    let count = count_with_progress(&request).map_err(|error| match error {
        CountError::Deadline { .. } => {
            Failure::new(ExitStatus::GaveUp, format!("gave up: {error}"))
        }
        error => Failure::bad_input(error),
    })?;
    Ok(counted(&request, count))
}

/// The engine's request for `args`: the board and the tours, the method, the shard, and the
/// limits of this host: every core unless `--threads`, and for the states three quarters of
/// the memory the system allows (and `KNIGHTS_TOUR_MEMORY`), since the maps that hold them
/// take about a quarter more than the bytes their states are charged.
fn request_for(args: &CountArgs) -> Result<CountRequest, Failure> {
    let board = args.size;
    let resolve = |spec: &Option<SquareSpec>| {
        spec.as_ref()
            .map(|spec| spec.resolve(board))
            .transpose()
            .map_err(Failure::bad_input)
    };
    let threads = match args.threads {
        Some(threads) => threads as usize,
        None => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
    };
    Ok(CountRequest {
        piece: args.piece.piece,
        start: resolve(&args.start)?,
        closed: args.closed,
        end: resolve(&args.end)?,
        // A deadline too far away to represent is no deadline.
        deadline: args
            .deadline
            .and_then(|allowed| Instant::now().checked_add(allowed)),
        method: args.method.method(),
        memory_cap: memory_limit()
            .map_err(Failure::bad_input)?
            .map(|limit| limit / 4 * 3),
        threads,
        shard: shard::shard_asked(args.shard, args.shards)?,
        ..CountRequest::new(board)
    })
}

/// Counts, drawing a bar of the squares done, the frontier's states, the memory they hold
/// and the time left on standard error while it is a terminal. The bar appears with the
/// frontier count's first report: enumeration reports nothing.
fn count_with_progress(request: &CountRequest) -> Result<Count, CountError> {
    let terminal = io::stderr().is_terminal();
    let bar: OnceLock<ProgressBar> = OnceLock::new();
    let report = |progress: CountProgress| {
        if terminal {
            let bar = bar.get_or_init(|| progress_bar(request, progress.squares));
            bar.set_position(progress.squares_done * 1000 + u64::from(progress.permille));
            bar.set_message(progress.to_string());
        }
    };
    let count = count_tours_reporting(request, &report);
    if let Some(bar) = bar.get() {
        bar.finish_and_clear();
    }
    count
}

fn progress_bar(request: &CountRequest, squares: u64) -> ProgressBar {
    let style = ProgressStyle::with_template("{prefix} [{wide_bar}] {msg}, {elapsed}")
        .expect("the template is valid")
        .progress_chars("=> ");
    let mut prefix = format!("{} {}", request.board, kind(request.closed));
    if !request.piece.is_knight() {
        prefix.push_str(&format!(" {}", request.piece));
    }
    if let Some(shard) = request.shard {
        prefix.push_str(&format!(", shard {shard}"));
    }
    // Thousandths of a square, so that the bar moves within a long one.
    let bar = ProgressBar::new(squares * 1000).with_style(style);
    bar.set_prefix(prefix);
    bar
}

/// `count` of `request` as it is written.
fn counted(request: &CountRequest, count: Count) -> Counted {
    let mut counted = Counted {
        board: request.board,
        piece: request.piece,
        closed: request.closed,
        start: request.start,
        end: request.end,
        method: count.method,
        tours: count.tours,
        peak_states: count.peak_states,
        peak_bytes: count.peak_bytes,
        part: Part::Whole,
    };
    if let Some(shard) = request.shard {
        let digest = Digest::of(&counted, shard.of);
        counted.part = Part::Shard { shard, digest };
    }
    counted
}

/// How a count's JSON names its tours: "open" or "closed".
fn kind(closed: bool) -> &'static str {
    if closed { "closed" } else { "open" }
}

/// Writes `counted` as one JSON object on one line (`piece` only for another piece than the
/// knight). The count is written as its decimal
/// digits, a JSON number exact at any size; every string is one this program made, with
/// nothing to escape.
fn write_json(out: &mut impl Write, counted: &Counted) -> io::Result<()> {
    let board = counted.board;
    write!(
        out,
        "{{\"board\":\"{board}\",\"rows\":{},\"cols\":{},\"kind\":\"{}\"",
        board.rows(),
        board.cols(),
        kind(counted.closed)
    )?;
    if !counted.piece.is_knight() {
        write!(out, ",\"piece\":\"{}\"", counted.piece.label())?;
    }
    for (name, square) in [("start", counted.start), ("end", counted.end)] {
        if let Some(square) = square {
            write!(out, ",\"{name}\":[{},{}]", square.row, square.col)?;
        }
    }
    write!(
        out,
        ",\"method\":\"{}\",\"count\":{},\"peak_states\":{},\"peak_bytes\":{}",
        counted.method, counted.tours, counted.peak_states, counted.peak_bytes
    )?;
    match counted.part {
        Part::Whole => {}
        Part::Shard { shard, digest } => write!(
            out,
            ",\"shard\":{},\"shards\":{},\"digest\":\"{digest}\"",
            shard.index, shard.of
        )?,
        Part::Merged { shards, digest } => {
            write!(out, ",\"merged\":{shards},\"digest\":\"{digest}\"")?
        }
    }
    writeln!(out, "}}")
}
