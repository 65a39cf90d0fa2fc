//! `count`: the number of tours, by the engine's count (`knights_tour_engine::count`), written
//! as the number alone or as one JSON object, counted in this process or, with `--cluster`,
//! by this process and the others of a cluster (`cluster`). A progress bar shows the squares
//! done and the states of the frontier while standard error is a terminal. Asked for no
//! method, a count a theorem settles is 0 at once (`proved_none`), and a count refused for its
//! memory says where the cap comes from and points to the cluster count. A frontier past the
//! memory cap is written to disk, and finished frontiers can be kept to carry on from (`keep`).

mod cluster;
mod keep;
mod solutions;

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::path::Path;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

use super::args::{CountArgs, CountFormat};
use super::{ExitStatus, Failure, report, with_stdout};
use crate::options::{MemorySource, memory_limit_found, read_board, threads_within_limits};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::count::keep::{Checkpoints, Keeping};
use knights_tour_engine::count::{
    BigUint, Count, CountError, CountMethod, CountProgress, CountRequest, count_tours_keeping,
    proof_of_none,
};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::notation::SquareSpec;
use knights_tour_engine::quote::quoted_bytes;
use knights_tour_engine::shape::picture::Picture;

use self::cluster::{CheckpointFolder, Cluster, Exchanged};

/// A count as `count` writes it: the question, the answer, and how many processes made it.
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
    /// What each process of a cluster count held, and what they sent each other; `None` for a
    /// count in this process alone.
    exchanged: Option<Exchanged>,
    /// The theorem that makes the count 0, for a count by theorem.
    reason: Option<String>,
}

/// `count`: the number of tours, written by this process, or with `--cluster` by process 0
/// of the cluster (the others write nothing). A count a theorem makes 0 is settled at once,
/// by every process alike, and written with the theorem (in the JSON's `reason`).
pub fn count(args: &CountArgs) -> Result<ExitStatus, Failure> {
    let picture = args.shape.board.as_deref().map(read_board).transpose();
    let picture = picture.map_err(Failure::bad_input)?;
    if let Some(picture) = &picture
        && (args.at_most.is_some() || solutions::binds_more_than_the_start(picture.shape()))
    {
        return solutions::count_solutions(args, picture);
    }
    if !args.no_spill {
        // Before the memory is measured, so that the cap leaves out what its thread takes.
        keep::listen_for_signals();
    }
    let (request, memory) = request_for(args, picture.as_ref())?;
    let cluster = match (&args.cluster, args.process) {
        (Some(hostfile), Some(process)) => Some(
            Cluster::read(
                hostfile,
                process,
                args.cluster_wait,
                args.cluster_key.as_deref(),
            )?
            .keeping(
                cluster_checkpoints(args)?,
                (!args.no_spill)
                    .then(|| Arc::new(keep::Spill::new(args.spill.as_deref(), args.spill_limit))),
            ),
        ),
        _ => None,
    };
    let counted = match proved_none(&request)? {
        Some(counted) => args
            .process
            .is_none_or(|process| process == 0)
            .then_some(counted),
        None => match &cluster {
            Some(cluster) => count_on_cluster(cluster, &request)?,
            None => Some(count_here(args, &request, memory)?),
        },
    };
    if let Some(counted) = counted {
        with_stdout(|out| match args.format {
            CountFormat::Text => writeln!(out, "{}", counted.tours),
            CountFormat::Json => write_json(out, &counted),
        })?;
    }
    Ok(ExitStatus::Success)
}

/// A cluster's checkpoints as `--checkpoint` and `--resume` ask: one folder, written to, and
/// carried on from with `--resume`.
fn cluster_checkpoints(args: &CountArgs) -> Result<Option<CheckpointFolder>, Failure> {
    let folder = match (&args.checkpoint, &args.resume) {
        (Some(written), Some(resumed)) if written != resumed => {
            return Err(Failure::bad_input(format!(
                "--checkpoint {} and --resume {} name two folders: in a cluster, each process \
                 carries on from the folder it writes to, so give one (or --resume alone)",
                quoted_bytes(written.as_os_str().as_encoded_bytes()),
                quoted_bytes(resumed.as_os_str().as_encoded_bytes())
            )));
        }
        (Some(folder), _) | (None, Some(folder)) => folder,
        (None, None) => return Ok(None),
    };
    Ok(Some(CheckpointFolder {
        folder: folder.clone(),
        every: args.checkpoint_every.unwrap_or(CHECKPOINT_EVERY),
        resume: args.resume.is_some(),
    }))
}

/// The count of 0 a theorem proves, for a count asked for no method (`auto`): the engine's
/// [`proof_of_none`], with its reason.
fn proved_none(request: &CountRequest) -> Result<Option<Counted>, Failure> {
    if request.method.is_some() {
        return Ok(None);
    }
    let reason = proof_of_none(request).map_err(Failure::bad_input)?;
    Ok(reason.map(|reason| Counted {
        reason: Some(reason.to_string()),
        ..counted(
            request,
            Count {
                tours: BigUint::ZERO,
                method: CountMethod::Theorem,
                peak_states: 0,
                peak_bytes: 0,
            },
        )
    }))
}

/// The count of `request` by this process and the others of `cluster`: the count on process
/// 0, `None` on the others.
fn count_on_cluster(cluster: &Cluster, request: &CountRequest) -> Result<Option<Counted>, Failure> {
    let progress = Arc::new(Progress::new(request));
    let report = Arc::clone(&progress);
    let count = cluster.count(
        request,
        question(request),
        Arc::new(move |step| report.show(step)),
    );
    progress.finish();
    Ok(count?.map(|(count, exchanged)| Counted {
        exchanged: Some(exchanged),
        ..counted(request, count)
    }))
}

/// The count of `request` by this process alone, its memory cap found as `memory` says, its
/// frontier spilled and checkpointed as `args` say.
fn count_here(
    args: &CountArgs,
    request: &CountRequest,
    memory: Option<Memory>,
) -> Result<Counted, Failure> {
    let spill = (!args.no_spill).then(|| keep::Spill::new(args.spill.as_deref(), args.spill_limit));
    let checkpoints = args
        .checkpoint
        .as_deref()
        .map(|dir| keep::Folder::checkpoints(dir, args.stop_after_checkpoints));
    let resume = args.resume.as_deref().map(keep::Folder::resumed);
    let context = format!("knights-tour {}, one process", env!("CARGO_PKG_VERSION"));
    let keeping = Keeping {
        spill: spill.as_ref().map(keep::Spill::store),
        checkpoint: checkpoints.as_ref().map(|folder| Checkpoints {
            store: folder,
            every: args.checkpoint_every.unwrap_or(CHECKPOINT_EVERY),
        }),
        resume: resume.as_ref().map(|folder| folder as _),
        context: &context,
    };
    let progress = Progress::new(request);
    let count = count_tours_keeping(request, keeping, &|step| progress.show(step));
    progress.finish();
    drop(spill);
    count
        .map(|count| counted(request, count))
        .map_err(|error| match error {
            CountError::Deadline { .. } => {
                Failure::new(ExitStatus::GaveUp, format!("gave up: {error}"))
            }
            CountError::NeedsMore { .. } => Failure::bad_input(format!(
                "{error}{}; a count on several machines splits it: count --cluster HOSTFILE \
                 --process K (GUIDE.md, \"A count across machines\")",
                memory.map(|memory| memory.to_string()).unwrap_or_default()
            )),
            CountError::Resume { message } => Failure::bad_input(format!(
                "the checkpoint in {} cannot be resumed: {message}",
                args.resume.as_deref().unwrap_or(Path::new("")).display()
            )),
            error => Failure::bad_input(error),
        })
}

/// The least time between two checkpoints unless `--checkpoint-every` says.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_secs(600);

/// Where a count's memory cap comes from: three quarters of `limit`, the least of the host's
/// limits, which is `source`.
#[derive(Debug, Clone, Copy)]
struct Memory {
    limit: u64,
    source: MemorySource,
}

impl fmt::Display for Memory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "; the cap is three quarters of {:.1} GB, {}",
            self.limit as f64 / 1e9,
            self.source
        )
    }
}

/// The engine's request for `args`: the board and the tours, the method, and the limits of
/// this host: every core unless `--threads` (within an address-space limit: `threads_for`),
/// and for the states three quarters of the memory the system allows (and
/// `KNIGHTS_TOUR_MEMORY`), since the maps that hold them take about a quarter more than the
/// bytes their states are charged.
fn request_for(
    args: &CountArgs,
    picture: Option<&Picture>,
) -> Result<(CountRequest, Option<Memory>), Failure> {
    let board = picture
        .as_ref()
        .map_or(args.size, |picture| picture.shape().board());
    let resolve = |spec: &Option<SquareSpec>| {
        spec.as_ref()
            .map(|spec| spec.resolve(board))
            .transpose()
            .map_err(Failure::bad_input)
    };
    let threads = threads_for(args.threads);
    let memory = memory_limit_found()
        .map_err(Failure::bad_input)?
        .map(|(limit, source)| Memory { limit, source });
    let request = CountRequest {
        piece: args.piece.piece,
        start: resolve(&args.start)?.or(picture.and_then(Picture::start)),
        closed: args.closed,
        end: resolve(&args.end)?,
        // A deadline too far away to represent is no deadline.
        deadline: args
            .deadline
            .and_then(|allowed| Instant::now().checked_add(allowed)),
        method: args.method.method(),
        frontier_side: args.frontier_side.side(),
        memory_cap: memory.map(|memory| memory.limit / 4 * 3),
        threads,
        holes: picture.map_or_else(
            || Arc::from(Vec::new()),
            |picture| Arc::from(picture.shape().holes()),
        ),
        ..CountRequest::new(board)
    };
    Ok((request, memory))
}

/// The threads a count runs on: `--threads`, or every core, but no more than an
/// address-space limit leaves room for. Fewer than `--threads` asked for is said on standard
/// error; a thread the system then refuses is not said: the count's others do its work.
fn threads_for(asked: Option<u32>) -> usize {
    let wanted = asked.map_or_else(
        || std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
        |threads| threads as usize,
    );
    let threads = threads_within_limits(wanted);
    if asked.is_some() && threads < wanted {
        report(format_args!(
            "knights-tour: counting on {threads} of the {wanted} threads asked for: the \
             address-space limit (ulimit -v) leaves room for no more"
        ));
    }
    threads
}

/// The count `request` asks, in words, as the processes of a cluster compare it: `6x8 open
/// knight's tours from 0,0 to 2,1`.
fn question(request: &CountRequest) -> String {
    let mut question = format!(
        "{} {} {}'s tours",
        request.board,
        kind(request.closed),
        request.piece.label()
    );
    for (word, square) in [("from", request.start), ("to", request.end)] {
        if let Some(square) = square {
            question.push_str(&format!(" {word} {},{}", square.row, square.col));
        }
    }
    question
}

/// A bar of the squares done, the frontier's states, the memory they hold and the time left,
/// drawn on standard error while it is a terminal. It appears with the frontier count's first
/// report: enumeration reports nothing.
struct Progress {
    terminal: bool,
    prefix: String,
    bar: OnceLock<ProgressBar>,
}

impl Progress {
    fn new(request: &CountRequest) -> Self {
        let mut prefix = format!("{} {}", request.board, kind(request.closed));
        if !request.piece.is_knight() {
            prefix.push_str(&format!(" {}", request.piece));
        }
        Self {
            terminal: io::stderr().is_terminal(),
            prefix,
            bar: OnceLock::new(),
        }
    }

    fn show(&self, progress: CountProgress) {
        if self.terminal {
            let bar = self.bar.get_or_init(|| self.bar(progress.squares));
            bar.set_position(progress.squares_done * 1000 + u64::from(progress.permille));
            bar.set_message(progress.to_string());
        }
    }

    fn bar(&self, squares: u64) -> ProgressBar {
        let style = ProgressStyle::with_template("{prefix} [{wide_bar}] {msg}, {elapsed}")
            .expect("the template is valid")
            .progress_chars("=> ");
        // Thousandths of a square, so that the bar moves within a long one.
        let bar = ProgressBar::new(squares * 1000).with_style(style);
        bar.set_prefix(self.prefix.clone());
        bar
    }

    fn finish(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}

/// `count` of `request` as it is written, for one process.
fn counted(request: &CountRequest, count: Count) -> Counted {
    Counted {
        board: request.board,
        piece: request.piece,
        closed: request.closed,
        start: request.start,
        end: request.end,
        method: count.method,
        tours: count.tours,
        peak_states: count.peak_states,
        peak_bytes: count.peak_bytes,
        exchanged: None,
        reason: None,
    }
}

/// How a count's JSON names its tours: "open" or "closed".
fn kind(closed: bool) -> &'static str {
    if closed { "closed" } else { "open" }
}

/// Writes `counted` as one JSON object on one line (`piece` only for another piece than the
/// knight, `processes` and what the processes held and sent only for a cluster count,
/// `reason` only for a count by theorem). The count is written as its decimal digits, a JSON
/// number exact at any size; every string but the reason is one this program made with
/// nothing to escape, and the reason is escaped.
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
    if let Some(exchanged) = &counted.exchanged {
        let processes = exchanged.process_peak_bytes.len();
        let peaks: Vec<String> = exchanged
            .process_peak_bytes
            .iter()
            .map(u64::to_string)
            .collect();
        write!(
            out,
            ",\"processes\":{processes},\"process_peak_bytes\":[{}],\"bytes_exchanged\":{},\
             \"states_exchanged\":{},\"states_stepped\":{}",
            peaks.join(","),
            exchanged.bytes_exchanged,
            exchanged.states_exchanged,
            exchanged.states_stepped
        )?;
    }
    if let Some(reason) = &counted.reason {
        out.write_all(b",\"reason\":")?;
        serde_json::to_writer(&mut *out, reason)?;
    }
    writeln!(out, "}}")
}
