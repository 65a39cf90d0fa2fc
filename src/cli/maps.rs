//! `starts` and `ends`: the engine's maps of a board ([`map_starts`]: the answer from every
//! start; [`map_ends`]: from one start, the answer for every end) written as a grid (`T`, `-`,
//! `?` a square, or the node counts) or as one JSON object, with a progress bar on standard
//! error while it is a terminal, and exit status 3 when some square gave up.

use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressStyle};

use super::args::{EndsArgs, MapArgs, StartsArgs, StartsFormat};
use super::{ExitStatus, Failure, report, request_for, with_stdout};
use crate::options::{read_board, threads_within_limits, with_memory_cap};
use crate::tourfile::write_piece_field;
use knights_tour_engine::board::Square;
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::solve::{GiveUp, Request};
use knights_tour_engine::starts::{
    MapSettings, Source, StartAnswer, StartOutcome, StartsError, StartsMap, map_ends, map_starts,
};

/// Which map a command makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Starts,
    Ends,
}

impl Kind {
    /// What its squares are, in messages and as the JSON key: "starts", "ends".
    fn squares(self) -> &'static str {
        match self {
            Kind::Starts => "starts",
            Kind::Ends => "ends",
        }
    }
}

/// `starts`: the answer from every square of the board.
pub fn starts(args: &StartsArgs) -> Result<ExitStatus, Failure> {
    let request = match &args.shape.board {
        Some(path) => {
            let picture = read_board(path).map_err(Failure::bad_input)?;
            Request::on_shape(Arc::new(picture.into_shape()), None)
        }
        None => Request::new(args.size, Square::new(0, 0)),
    };
    let request = request.closed(args.closed).piece(args.piece.piece);
    write_map(Kind::Starts, request, &args.map)
}

/// `ends`: from one start, the answer for every square as the end of an open tour.
pub fn ends(args: &EndsArgs) -> Result<ExitStatus, Failure> {
    let request = request_for(&args.board, args.board.start_given)?;
    if request.any_start {
        return Err(Failure::bad_input(
            "a map of ends needs a start: give --start, or an s or a 1 on the board",
        ));
    }
    write_map(Kind::Ends, request, &args.map)
}

/// Makes the `kind` map of `request` with the method and limits of `args` (with a progress
/// bar on a terminal), writes it as `args` say, and says what gave up.
fn write_map(kind: Kind, request: Request, args: &MapArgs) -> Result<ExitStatus, Failure> {
    let mut request = request.method(args.method);
    request.node_budget = args.node_budget;
    request.time_limit = args.deadline;
    let request = with_memory_cap(request).map_err(Failure::bad_input)?;
    let threads =
        threads_within_limits(std::thread::available_parallelism().map_or(1, NonZeroUsize::get));
    let settings = MapSettings::threads(threads);
    let bar = progress_bar(kind, &request);
    let progress = |done: usize, _| {
        if let Some(bar) = &bar {
            bar.set_position(done as u64);
        }
        ControlFlow::Continue(())
    };
    let map: Result<StartsMap, StartsError> = match kind {
        Kind::Starts => map_starts(&request, &settings, &progress),
        Kind::Ends => map_ends(&request, &settings, &progress),
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let map = map.map_err(Failure::bad_input)?;
    match args.format {
        StartsFormat::Grid => with_stdout(|out| write_grid(out, &map, args.counts))?,
        StartsFormat::Json => with_stdout(|out| write_json(out, kind, request.piece, &map))?,
    }
    if map.tally().gave_up == 0 {
        return Ok(ExitStatus::Success);
    }
    report(format_args!(
        "knights-tour: {}",
        gave_up_summary(kind, &map)
    ));
    Ok(ExitStatus::GaveUp)
}

/// What gave up, for the message of exit 3: the squares whose solve gave up, with the first of
/// them and why, and the squares never reached (the deadline passed before they began).
fn gave_up_summary(kind: Kind, map: &StartsMap) -> String {
    let squares = kind.squares();
    let tally = map.tally();
    let total = map.answers.len();
    let first = |wanted: fn(&StartOutcome) -> Option<&GiveUp>| {
        map.answers
            .iter()
            .find_map(|answer| wanted(&answer.outcome).map(|cause| (answer.square, cause)))
    };
    let searched = first(|outcome| match outcome {
        StartOutcome::BudgetExceeded { cause } => Some(cause),
        _ => None,
    });
    let unreached = first(|outcome| match outcome {
        StartOutcome::NotReached { cause } => Some(cause),
        _ => None,
    });
    let gave_up = tally.gave_up - tally.not_reached;
    match (searched, unreached) {
        (Some((square, cause)), None) => {
            format!("gave up at {gave_up} of {total} {squares} (the first, {square}: {cause})")
        }
        (Some((square, cause)), Some(_)) => format!(
            "gave up at {gave_up} of {total} {squares} (the first, {square}: {cause}), and {} \
             more were not reached",
            tally.not_reached
        ),
        (None, Some((_, cause))) => format!(
            "{} of {total} {squares} were not reached: {cause}",
            tally.not_reached
        ),
        (None, None) => unreachable!("a start gave up"),
    }
}

/// A bar on standard error, only while it is a terminal: a script reading it gets nothing.
fn progress_bar(kind: Kind, request: &Request) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let style = ProgressStyle::with_template(&format!(
        "{{prefix}} [{{wide_bar}}] {{pos}}/{{len}} {}, {{elapsed}} (about {{eta}} left)",
        kind.squares()
    ))
    .expect("the template is valid")
    .progress_chars("=> ");
    let tours = match kind {
        Kind::Starts if request.closed => "closed".to_string(),
        Kind::Starts => "open".to_string(),
        Kind::Ends => format!("open from {}", request.start),
    };
    let bar = ProgressBar::new(request.board.area()).with_style(style);
    let piece = match request.piece {
        piece if piece.is_knight() => String::new(),
        piece => format!("{piece} "),
    };
    bar.set_prefix(format!(
        "{} {piece}{tours} {}",
        request.board, request.method
    ));
    Some(bar)
}

/// The letter of an answer in the grid.
fn symbol(answer: &StartAnswer) -> &'static str {
    match answer.outcome {
        StartOutcome::Tour { .. } => "T",
        StartOutcome::NoTour(_) => "-",
        StartOutcome::BudgetExceeded { .. } | StartOutcome::NotReached { .. } => "?",
        StartOutcome::Hole => ".",
    }
}

/// One row a line, top to bottom, one cell a square separated by spaces: the answer's letter,
/// or with `counts` its nodes (`?` for a square never reached, which took none: a 0 is a
/// square a theorem settled), right-aligned to the widest.
fn write_grid(out: &mut impl Write, map: &StartsMap, counts: bool) -> io::Result<()> {
    let width = if counts {
        let most = map.answers.iter().map(|answer| answer.nodes).max();
        most.unwrap_or(0).to_string().len()
    } else {
        1
    };
    let mut digits = itoa::Buffer::new();
    for row in map.answers.chunks(map.board.cols() as usize) {
        let mut line = String::with_capacity(row.len() * (width + 1));
        for (col, answer) in row.iter().enumerate() {
            if col > 0 {
                line.push(' ');
            }
            let cell = match answer.outcome {
                StartOutcome::NotReached { .. } => "?",
                StartOutcome::Hole => ".",
                _ if counts => digits.format(answer.nodes),
                _ => symbol(answer),
            };
            line.extend(std::iter::repeat_n(' ', width - cell.len()));
            line.push_str(cell);
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// One JSON object on one line: `rows`, `cols`, `piece` for any piece but the knight, for starts `closed`, for ends `start`,
/// `method`, and `starts` (or `ends`) in row-major order, each `square`, `outcome` (`tour`,
/// `no_tour`, `budget_exceeded`, or `not_reached` for a square the map's deadline passed
/// before it began: no `nodes`, and a `cause`), `nodes` and, where there is no tour, the
/// `reason`; a tour made from another square's (`auto` reuses them) says which in `reused`.
fn write_json(out: &mut impl Write, kind: Kind, piece: Leaper, map: &StartsMap) -> io::Result<()> {
    write!(
        out,
        "{{\"rows\":{},\"cols\":{},",
        map.board.rows(),
        map.board.cols()
    )?;
    write_piece_field(out, piece)?;
    match map.start {
        Some(Square { row, col }) => write!(out, "\"start\":[{row},{col}],")?,
        None => write!(out, "\"closed\":{},", map.closed)?,
    }
    write!(
        out,
        "\"method\":\"{}\",\"{}\":[",
        map.method,
        kind.squares()
    )?;
    for (at, answer) in map.answers.iter().enumerate() {
        let Square { row, col } = answer.square;
        let comma = if at > 0 { "," } else { "" };
        let outcome = match &answer.outcome {
            StartOutcome::Tour { .. } => "tour",
            StartOutcome::NoTour(_) => "no_tour",
            StartOutcome::BudgetExceeded { .. } => "budget_exceeded",
            StartOutcome::Hole => {
                write!(
                    out,
                    "{comma}{{\"square\":[{row},{col}],\"outcome\":\"hole\"}}"
                )?;
                continue;
            }
            StartOutcome::NotReached { cause } => {
                let cause = match cause {
                    GiveUp::Deadline { .. } => "deadline",
                    GiveUp::NodeBudget { .. } | GiveUp::GreedyDeadEnd { .. } => "node_budget",
                };
                write!(
                    out,
                    "{comma}{{\"square\":[{row},{col}],\"outcome\":\"not_reached\",\"cause\":\"{cause}\"}}"
                )?;
                continue;
            }
        };
        write!(
            out,
            "{comma}{{\"square\":[{row},{col}],\"outcome\":\"{outcome}\",\"nodes\":{}",
            answer.nodes
        )?;
        match &answer.outcome {
            StartOutcome::NoTour(proof) => {
                out.write_all(b",\"reason\":")?;
                serde_json::to_writer(&mut *out, &proof.to_string())?;
            }
            StartOutcome::Tour { source, .. } if *source != Source::Solved => {
                out.write_all(b",\"reused\":")?;
                serde_json::to_writer(&mut *out, &source.to_string())?;
            }
            _ => {}
        }
        out.write_all(b"}")?;
    }
    out.write_all(b"]}\n")
}
