//! The command line: argument parsing, the subcommands, and the exit statuses of DESIGN.md
//! (`0` success, `1` no tour or an invalid tour, `2` bad usage or input, `3` budget or deadline
//! ran out). Output goes through a buffered writer; a closed pipe ends the program quietly.

mod output;
mod tour_input;

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::board::{Board, Square};
use crate::count::{CountError, CountRequest, count_tours};
use crate::explorer::{self, ExplorerArgs};
use crate::notation::{SquareSpec, parse_size};
use crate::solve::{
    self, DEFAULT_CONSTRUCT_THRESHOLD, DEFAULT_NODE_BUDGET, Method, Outcome, Request,
};

pub use output::{stats_line, write_grid, write_json, write_list};
pub use tour_input::{CheckError, CheckedTour, Expectations, InputFormat, check as check_tour};

/// knight's tours on any board: an explorer, a solver, a checker
#[derive(Debug, Parser)]
#[command(name = "knights-tour", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do; without one, the explorer opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Explorer options, when no command is given.
    #[command(flatten)]
    pub explorer: ExplorerArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the interactive explorer (the default)
    Tui(ExplorerArgs),
    /// Find one tour and print it
    Solve(SolveArgs),
    /// Validate a tour read from FILE or standard input
    Check(CheckArgs),
    /// Count every tour by exhaustive search (boards of at most 40 squares)
    Count(CountArgs),
    /// CSES 1689 adapter: read `x y` (column, row; 1-based) and print the 8x8 grid
    Cses,
}

/// The board, start and open/closed, shared by every command.
#[derive(Debug, Clone, Args)]
pub struct BoardArgs {
    /// Board size: ROWSxCOLS (8x10 is 8 rows, 10 columns) or N for NxN
    #[arg(long, value_name = "RxC", default_value = "8x8", value_parser = parse_size)]
    pub size: Board,
    /// Start square: ROW,COL 0-based from the top-left, or algebraic like a1 (a = column 0,
    /// rank 1 = bottom row; boards of at most 26 columns)
    #[arg(long, value_name = "SQ", default_value = "0,0")]
    pub start: SquareSpec,
    /// Ask for a closed (re-entrant) tour
    #[arg(long)]
    pub closed: bool,
}

/// Options of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Board, start, open/closed.
    #[command(flatten)]
    pub board: BoardArgs,
    /// auto: the layered engine; warnsdorff: one greedy pass; backtrack: Warnsdorff-ordered
    /// backtracking; naive: fixed-order backtracking; construct: linear-time construction from
    /// small blocks (a board small enough to be one block, 10x10 or less, is searched)
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// With --method auto, construct boards of at least this many squares instead of searching
    #[arg(long, value_name = "SQUARES", default_value_t = DEFAULT_CONSTRUCT_THRESHOLD)]
    pub construct_threshold: u64,
    /// The most search nodes to expand before giving up (exit status 3)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_BUDGET,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub node_budget: u64,
    /// The most time to spend before giving up (exit status 3), like 250ms or 2s
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub deadline: Option<Duration>,
    /// grid: visit numbers by row; list: `r c` per line in visit order; json: one object
    #[arg(long, value_enum, default_value_t = OutputFormat::Grid)]
    pub format: OutputFormat,
    /// Print nodes, backtracks, depth, time and layer on standard error
    #[arg(long)]
    pub stats: bool,
}

/// `--method` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// The layered engine
    Auto,
    /// Divide-and-conquer construction
    Construct,
    /// One greedy Warnsdorff pass
    Warnsdorff,
    /// Warnsdorff-ordered backtracking
    Backtrack,
    /// Fixed-order backtracking, no pruning
    Naive,
}

impl From<MethodArg> for Method {
    fn from(method: MethodArg) -> Self {
        match method {
            MethodArg::Auto => Method::Auto,
            MethodArg::Construct => Method::Construct,
            MethodArg::Warnsdorff => Method::Warnsdorff,
            MethodArg::Backtrack => Method::Backtrack,
            MethodArg::Naive => Method::Naive,
        }
    }
}

/// `solve --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Rows of visit numbers
    Grid,
    /// `r c` per line
    List,
    /// One JSON object
    Json,
}

/// Options of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The tour; standard input when absent or `-`
    pub file: Option<PathBuf>,
    /// Board size: required for a list unless it is 8x8; a grid gives its own
    #[arg(long, value_name = "RxC", value_parser = parse_size)]
    pub size: Option<Board>,
    /// The square the tour must start on (ROW,COL or a1)
    #[arg(long, value_name = "SQ")]
    pub start: Option<SquareSpec>,
    /// Require a closed tour
    #[arg(long)]
    pub closed: bool,
    /// auto: a list if the first line holds two numbers, else a grid
    #[arg(long, value_enum, default_value_t = InputFormatArg::Auto)]
    pub format: InputFormatArg,
}

/// `check --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputFormatArg {
    /// Decide from the first line
    Auto,
    /// Rows of visit numbers, 1..N or 0..N-1
    Grid,
    /// `r c` per line, 0-based, in visit order
    List,
}

/// Options of `count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// Board size: ROWSxCOLS or N
    #[arg(long, value_name = "RxC", default_value = "8x8", value_parser = parse_size)]
    pub size: Board,
    /// Count only open tours from this square (default: from every square)
    #[arg(long, value_name = "SQ")]
    pub start: Option<SquareSpec>,
    /// Count closed tours (cycles, each once whatever its direction and start)
    #[arg(long)]
    pub closed: bool,
    /// Give up after this long (exit status 3), like 250ms or 2s
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub deadline: Option<Duration>,
}

fn parse_duration(text: &str) -> Result<Duration, String> {
    humantime::parse_duration(text.trim()).map_err(|_| {
        format!("invalid duration '{text}': expected a number and a unit, like 250ms, 2s or 1m")
    })
}

/// Exit statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A tour, or a valid tour for `check`.
    Success = 0,
    /// No tour exists (proved), or the checked tour is invalid.
    NoTour = 1,
    /// Bad usage or bad input.
    BadInput = 2,
    /// The budget or deadline ran out.
    GaveUp = 3,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> Self {
        ExitCode::from(status as u8)
    }
}

/// A failure that ends the program with a one-line message.
#[derive(Debug)]
struct Failure {
    status: Status,
    message: String,
}

impl Failure {
    fn new(status: Status, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
        }
    }

    fn bad_input(message: impl ToString) -> Self {
        Self::new(Status::BadInput, message.to_string())
    }
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        Self::new(
            Status::BadInput,
            format!("cannot write the output: {error}"),
        )
    }
}

/// Parses the arguments, runs the command and returns its exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(error),
    };
    match run(cli) {
        Ok(status) => status.into(),
        Err(failure) => {
            eprintln!("knights-tour: {}", one_line(&failure.message));
            failure.status.into()
        }
    }
}

/// Help and version go to standard output with status 0; anything else is one line on standard
/// error with status 2.
fn usage_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            Status::Success.into()
        }
        _ => {
            // clap's message, without its "error: " and the advice after the blank line.
            let text = error.to_string();
            let message = text.split("\n\n").next().unwrap_or("invalid arguments");
            let message = message.strip_prefix("error: ").unwrap_or(message);
            let message = one_line(message.trim_end());
            eprintln!("knights-tour: {message} (see 'knights-tour --help')");
            Status::BadInput.into()
        }
    }
}

/// `text` on one line: a line break typed inside a value (`--start $'9\n,9'`) is shown as `\n`,
/// so that every message stays the single line scripts read.
fn one_line(text: &str) -> String {
    text.replace('\r', "\\r").replace('\n', "\\n")
}

fn run(cli: Cli) -> Result<Status, Failure> {
    match cli.command {
        None => run_explorer(&cli.explorer),
        Some(Command::Tui(args)) => run_explorer(&args),
        Some(Command::Solve(args)) => run_solve(&args),
        Some(Command::Check(args)) => run_check(&args),
        Some(Command::Count(args)) => run_count(&args),
        Some(Command::Cses) => run_cses(),
    }
}

fn run_explorer(args: &ExplorerArgs) -> Result<Status, Failure> {
    explorer::run(args).map_err(|error| Failure::bad_input(format!("{error:#}")))?;
    Ok(Status::Success)
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

fn request_for(board: &BoardArgs) -> Result<Request, Failure> {
    let start = board
        .start
        .resolve(board.size)
        .map_err(Failure::bad_input)?;
    Ok(Request::new(board.size, start).closed(board.closed))
}

/// Runs a solve; one that cannot run at all (a board too large for memory, or an internal
/// error the validator caught) is bad input, status 2.
fn solve_request(request: &Request) -> Result<Outcome, Failure> {
    solve::solve(request).map_err(Failure::bad_input)
}

fn run_solve(args: &SolveArgs) -> Result<Status, Failure> {
    let mut request = request_for(&args.board)?.method(args.method.into());
    request.node_budget = args.node_budget;
    request.deadline = args.deadline;
    request.construct_threshold = args.construct_threshold;
    let outcome = solve_request(&request)?;
    if args.stats {
        eprintln!("{}", stats_line(&outcome));
    }
    let status = match &outcome {
        Outcome::Tour { .. } => Status::Success,
        Outcome::NoTour { .. } => Status::NoTour,
        Outcome::BudgetExceeded { .. } => Status::GaveUp,
    };
    match (&outcome, args.format) {
        (_, OutputFormat::Json) => with_stdout(|out| write_json(out, &request, &outcome))?,
        (Outcome::Tour { tour, .. }, OutputFormat::Grid) => {
            with_stdout(|out| write_grid(out, tour, true))?
        }
        (Outcome::Tour { tour, .. }, OutputFormat::List) => {
            with_stdout(|out| write_list(out, tour))?
        }
        (Outcome::NoTour { reason, .. }, _) => eprintln!("knights-tour: no tour: {reason}"),
        (Outcome::BudgetExceeded { cause, .. }, _) => eprintln!("knights-tour: gave up: {cause}"),
    }
    Ok(status)
}

fn run_check(args: &CheckArgs) -> Result<Status, Failure> {
    let expect = Expectations {
        size: args.size,
        default_size: Board::new(8, 8).expect("8x8 is a board"),
        closed: args.closed,
        start: args.start.clone(),
    };
    let format = match args.format {
        InputFormatArg::Auto => InputFormat::Auto,
        InputFormatArg::Grid => InputFormat::Grid,
        InputFormatArg::List => InputFormat::List,
    };
    let reader: Box<dyn BufRead> = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            let file = File::open(path).map_err(|error| {
                Failure::bad_input(format!("cannot open '{}': {error}", path.display()))
            })?;
            Box::new(BufReader::new(file))
        }
        _ => Box::new(io::stdin().lock()),
    };
    match tour_input::check(reader, format, &expect) {
        Ok(CheckedTour { board, start }) => {
            let kind = if args.closed { "closed" } else { "open" };
            with_stdout(|out| writeln!(out, "valid {kind} tour of {board} from {start}"))?;
            Ok(Status::Success)
        }
        Err(CheckError::Invalid(message)) => Err(Failure::new(
            Status::NoTour,
            format!("invalid tour: {message}"),
        )),
        Err(other) => Err(Failure::bad_input(other)),
    }
}

fn run_count(args: &CountArgs) -> Result<Status, Failure> {
    let board = args.size;
    let start = args
        .start
        .as_ref()
        .map(|spec| spec.resolve(board))
        .transpose()
        .map_err(Failure::bad_input)?;
    let request = CountRequest {
        board,
        start,
        closed: args.closed,
        deadline: args.deadline.map(|allowed| Instant::now() + allowed),
    };
    match count_tours(&request) {
        Ok(total) => {
            with_stdout(|out| writeln!(out, "{total}"))?;
            Ok(Status::Success)
        }
        Err(error @ CountError::Deadline { .. }) => {
            Err(Failure::new(Status::GaveUp, format!("gave up: {error}")))
        }
        Err(error) => Err(Failure::bad_input(error)),
    }
}

/// Reads `x y` (CSES 1689: column, row, 1-based) and prints the 8x8 grid unpadded.
fn run_cses() -> Result<Status, Failure> {
    let mut line = String::new();
    io::stdin()
        .read_line(&mut line)
        .map_err(|error| Failure::bad_input(format!("cannot read standard input: {error}")))?;
    let bad = || {
        Failure::bad_input(format!(
            "cses: expected 'x y' with 1 <= x, y <= 8 (column, row), got '{}'",
            line.trim()
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
    match outcome {
        Outcome::Tour { tour, .. } => {
            with_stdout(|out| write_grid(out, &tour, false))?;
            Ok(Status::Success)
        }
        other => Err(Failure::new(
            Status::GaveUp,
            format!("no 8x8 tour found from {x} {y}: {:?}", other.layer()),
        )),
    }
}
