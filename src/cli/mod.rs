//! The scripted command line: the commands `solve`, `starts`, `ends`, `check`, `count` and
//! `cses`, their options (`args`), output formats (written by `tourfile`; `picture` settles
//! what a picture needs before the solve), `maps` (the answer from every start, or for every
//! end), `check` (reading tours), `count` (one machine or a cluster), `completions` and `man`
//! (`generate`), and the exit statuses every command ends with (`0` success, `1` no tour or an
//! invalid tour, `2` bad usage or input, `3` budget or deadline ran out, `4` a process of a
//! cluster count lost).
//! Output goes through a buffered writer; a closed pipe ends the program quietly.
//!
//! The binary (`src/main.rs`) parses the arguments and calls one of these commands, or the
//! explorer; this module never calls the explorer.

mod args;
mod check;
mod count;
mod generate;
mod maps;
mod picture;
mod puzzle;

use std::io::{self, BufRead, BufWriter, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use crate::options::{BoardArgs, memory_cap_for, read_board, with_memory_cap};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::notation::{SquareSpec, full_name};
use knights_tour_engine::quote::quoted;
use knights_tour_engine::solve::{self, Outcome, Request};
use knights_tour_engine::tour::VisitOrder;

use crate::tourfile::{PictureOptions, read_prefix};
pub use crate::tourfile::{stats_line, write_grid, write_json, write_list, write_png, write_svg};
pub use args::{
    CHECK_ABOUT, COUNT_ABOUT, CheckArgs, CountArgs, ENDS_ABOUT, EndsArgs, OutputFormat,
    PUZZLE_ABOUT, PuzzleArgs, SOLVE_ABOUT, STARTS_ABOUT, SolveArgs, StartsArgs, StartsFormat,
};
pub use check::check;
pub use count::count;
pub use generate::{COMPLETIONS_ABOUT, CompletionsArgs, MAN_ABOUT, ManArgs, completions, man};
pub use maps::{ends, starts};
pub use puzzle::puzzle;

/// Exit statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitStatus {
    /// A tour, or a valid tour for `check`.
    Success = 0,
    /// No tour exists (proved), or the checked tour is invalid.
    NoTour = 1,
    /// Bad usage or bad input.
    BadInput = 2,
    /// The budget or deadline ran out.
    GaveUp = 3,
    /// A process of a cluster count was lost or could not be reached.
    ClusterFailed = 4,
}

impl From<ExitStatus> for ExitCode {
    fn from(status: ExitStatus) -> Self {
        ExitCode::from(status as u8)
    }
}

/// A failure that ends the program with a one-line message and its exit status.
#[derive(Debug)]
pub struct Failure {
    status: ExitStatus,
    message: String,
}

impl Failure {
    /// A failure with exit status `status` and its message.
    pub fn new(status: ExitStatus, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
        }
    }

    /// Bad usage or input (exit status 2), with its message.
    pub fn bad_input(message: impl ToString) -> Self {
        Self::new(ExitStatus::BadInput, message.to_string())
    }
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        Self::new(
            ExitStatus::BadInput,
            format!("cannot write the output: {error}"),
        )
    }
}

/// The exit status of a finished command; a failure is first reported on standard error as
/// one line.
pub fn exit_code(result: Result<ExitStatus, Failure>) -> ExitCode {
    match result {
        Ok(status) => status.into(),
        Err(failure) => {
            report(format_args!("knights-tour: {}", one_line(&failure.message)));
            failure.status.into()
        }
    }
}

/// Help and version go to standard output with status 0; anything else is one line on standard
/// error with status 2.
pub fn usage_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            ExitStatus::Success.into()
        }
        _ => {
            // clap's message, without its "error: " and the advice after the blank line.
            let text = with_values_quoted_safely(&error);
            let message = text.split("\n\n").next().unwrap_or("invalid arguments");
            let message = message.strip_prefix("error: ").unwrap_or(message);
            // Typed line breaks are escaped by now; clap's own (before `[possible values…]`)
            // become spaces.
            let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
            report(format_args!(
                "knights-tour: {message} (see 'knights-tour --help')"
            ));
            ExitStatus::BadInput.into()
        }
    }
}

/// clap's message with every value it quotes from the command line shortened and escaped as
/// [`quoted`] does: a 100 kB `--size` or an escape sequence stays a short, inert line. The
/// error must come from a command with plain styles (`Styles::plain()`), whose rendering holds
/// the values as typed.
fn with_values_quoted_safely(error: &clap::Error) -> String {
    use clap::error::ContextValue;
    let mut values: Vec<&str> = Vec::new();
    for (_, value) in error.context() {
        match value {
            ContextValue::String(text) => values.push(text),
            ContextValue::Strings(texts) => values.extend(texts.iter().map(String::as_str)),
            _ => {}
        }
    }
    values.sort_by_key(|text| std::cmp::Reverse(text.len()));
    // Rendered without styles (see the binary's parser), the message holds each value as
    // typed; the plain text would have dropped escape sequences, neither found nor shown.
    let mut message = error.render().ansi().to_string();
    for value in values {
        let shown = quoted(value).to_string();
        let inner = &shown[1..shown.len() - 1];
        if inner != value {
            message = message.replace(value, inner);
        }
    }
    message
}

/// Writes one line to standard error. A standard error that is closed or full cannot be told
/// anything, so a failed write is ignored: the exit status still says what happened.
fn report(line: std::fmt::Arguments) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// `text` on one line: a line break typed inside a value (`--start $'9\n,9'`) is shown as `\n`,
/// so that every message stays the single line scripts read.
fn one_line(text: &str) -> String {
    text.replace('\r', "\\r").replace('\n', "\\n")
}

/// Writes to standard output through a buffer; a closed pipe counts as success.
fn with_stdout(
    write: impl FnOnce(&mut BufWriter<io::StdoutLock<'static>>) -> io::Result<()>,
) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    match write(&mut out).and_then(|()| out.flush()) {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// The request of the board options: on `--size`'s board from `--start`, or on the board of
/// `--board` from `--start` if given (`start_given`), else from the picture's start, else from
/// anywhere.
fn request_for(board: &BoardArgs, start_given: bool) -> Result<Request, Failure> {
    let request = match &board.shape.board {
        Some(path) => {
            let picture = read_board(path).map_err(Failure::bad_input)?;
            let start = match start_given {
                true => Some(resolve(&board.start, picture.shape().board())?),
                false => picture.start(),
            };
            Request::on_shape(Arc::new(picture.into_shape()), start)
        }
        None => Request::new(board.size, resolve(&board.start, board.size)?),
    };
    Ok(request.closed(board.closed).piece(board.piece.piece))
}

/// `spec` read as a square of `board`.
fn resolve(spec: &SquareSpec, board: Board) -> Result<Square, Failure> {
    spec.resolve(board).map_err(Failure::bad_input)
}

/// `request` asked to complete the partial tour in `file`, which starts it: a `--start`
/// given (`start_given`) must be its first square.
fn completing(mut request: Request, file: &Path, start_given: bool) -> Result<Request, Failure> {
    let memory_cap = memory_cap_for(request.board).map_err(Failure::bad_input)?;
    let prefix =
        read_prefix(file, request.board, request.piece, memory_cap).map_err(Failure::bad_input)?;
    let first = prefix[0];
    if start_given && first != request.start {
        let name = |square| full_name(request.board, square);
        return Err(Failure::bad_input(format!(
            "the partial tour starts on {}, but --start asks for {}: leave --start out, or \
             give its first square",
            name(first),
            name(request.start)
        )));
    }
    request.start = first;
    Ok(request.completing(prefix))
}

/// Runs a solve; one that cannot run at all (a board too large for memory, or an internal
/// error the validator caught) is bad input, status 2.
fn solve_request(request: &Request) -> Result<Outcome, Failure> {
    solve::solve(request).map_err(Failure::bad_input)
}

/// `solve`: one tour, printed in the chosen format.
pub fn solve(args: &SolveArgs) -> Result<ExitStatus, Failure> {
    let mut request = request_for(&args.board, args.board.start_given)?.method(args.method);
    if let Some(end) = &args.end {
        request.end = Some(end.resolve(request.board).map_err(Failure::bad_input)?);
    }
    if let Some(file) = &args.prefix {
        request = completing(request, file, args.board.start_given)?;
    }
    request.node_budget = args.node_budget;
    request.time_limit = args.deadline;
    request.construct_threshold = args.construct_threshold;
    // A grid numbers every square: its memory is counted up front.
    request.visit_numbers = args.format == OutputFormat::Grid;
    let request = with_memory_cap(request).map_err(Failure::bad_input)?;
    let picture = picture::picture_options(args, &request)?;
    // Every format reads the tour in visit order: a constructed tour is walked, never held.
    let outcome = solve::solve_streaming(&request).map_err(Failure::bad_input)?;
    answer(args, &request, &outcome, |out, tour| {
        match (&picture, args.format) {
            (Some(options), format) => write_picture(out, tour, options, format),
            (None, OutputFormat::Grid) => write_grid(out, tour, true),
            (None, _) => write_list(out, tour),
        }
    })
}

/// Draws `tour` as a PNG or an SVG picture, as `format` says.
fn write_picture(
    out: &mut impl Write,
    tour: &impl VisitOrder,
    options: &PictureOptions,
    format: OutputFormat,
) -> io::Result<()> {
    match format {
        OutputFormat::Png => write_png(out, tour, options),
        _ => write_svg(out, tour, options),
    }
}

/// Reports `outcome` of `request` and writes it as `args` ask: as JSON, or its tour by
/// `write_tour`; the exit status it ends with.
fn answer<T: VisitOrder>(
    args: &SolveArgs,
    request: &Request,
    outcome: &Outcome<T>,
    write_tour: impl FnOnce(&mut BufWriter<io::StdoutLock<'static>>, &T) -> io::Result<()>,
) -> Result<ExitStatus, Failure> {
    if args.stats {
        report(format_args!("{}", stats_line(outcome)));
    }
    let status = match outcome {
        Outcome::Tour { .. } => ExitStatus::Success,
        Outcome::NoTour { .. } => ExitStatus::NoTour,
        Outcome::BudgetExceeded { .. } => ExitStatus::GaveUp,
    };
    match (outcome, args.format) {
        (_, OutputFormat::Json) => with_stdout(|out| write_json(out, request, outcome))?,
        (Outcome::Tour { tour, .. }, _) => with_stdout(|out| write_tour(out, tour))?,
        (Outcome::NoTour { reason, .. }, _) => {
            report(format_args!("knights-tour: no tour: {reason}"))
        }
        (Outcome::BudgetExceeded { cause, .. }, _) => {
            report(format_args!("knights-tour: gave up: {cause}"))
        }
    }
    Ok(status)
}

/// The most bytes of input `cses` reads.
const CSES_LINE_LIMIT: u64 = 256;

/// `cses`: reads `x y` (CSES 1689: column, row, 1-based) and prints the 8x8 grid unpadded.
pub fn cses() -> Result<ExitStatus, Failure> {
    // One short line is all `cses` reads: an endless input cannot grow memory.
    let mut line = String::new();
    io::stdin()
        .lock()
        .take(CSES_LINE_LIMIT)
        .read_line(&mut line)
        .map_err(|error| Failure::bad_input(format!("cannot read standard input: {error}")))?;
    let bad = || {
        Failure::bad_input(format!(
            "cses: expected 'x y' with 1 <= x, y <= 8 (column, row), got {}",
            quoted(line.trim())
        ))
    };
    let numbers: Vec<u32> = line
        .split_whitespace()
        .map(|token| token.parse().ok().filter(|n| (1..=8).contains(n)))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    let [x, y] = numbers[..] else {
        return Err(bad());
    };
    let board = Board::new(8, 8).expect("8x8 is a board");
    let outcome = solve_request(&Request::new(board, Square::new(y - 1, x - 1)))?;
    cses_answer(x, y, outcome)
}

/// Prints the tour of `outcome` from `x y` as `cses` does, or says why there is none (8x8 has
/// a tour from every square, so only a solver that gave up gets there), naming the layer.
fn cses_answer(x: u32, y: u32, outcome: Outcome) -> Result<ExitStatus, Failure> {
    match outcome {
        Outcome::Tour { tour, .. } => {
            with_stdout(|out| write_grid(out, &tour, false))?;
            Ok(ExitStatus::Success)
        }
        Outcome::NoTour { reason, layer, .. } => Err(Failure::new(
            ExitStatus::NoTour,
            format!("cses: no 8x8 tour from {x} {y} ({layer}): {reason}"),
        )),
        Outcome::BudgetExceeded { cause, layer, .. } => Err(Failure::new(
            ExitStatus::GaveUp,
            format!("cses: gave up on an 8x8 tour from {x} {y} ({layer}): {cause}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_tour_engine::solve::{GiveUp, Layer, Stats};

    #[test]
    fn cses_names_the_layer_that_gave_up_by_its_name() {
        let outcome = Outcome::BudgetExceeded {
            cause: GiveUp::NodeBudget { budget: 5 },
            layer: Layer::Backtrack,
            stats: Stats::default(),
        };
        let failure = cses_answer(3, 4, outcome).unwrap_err();
        assert_eq!(failure.status, ExitStatus::GaveUp);
        assert!(
            failure
                .message
                .starts_with("cses: gave up on an 8x8 tour from 3 4 (backtrack): "),
            "{}",
            failure.message
        );
    }
}
