//! The options of the scripted commands (`solve`, `starts`, `check`, `count`), as clap parses
//! them.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};

use crate::options::{
    GivenBoardArgs, PieceArgs, ShapeArg, method_parser, parse_duration, parse_piece,
};
use knights_tour_engine::board::Board;
use knights_tour_engine::count::{CountMethod, FrontierSide};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::notation::{SquareSpec, parse_size};
use knights_tour_engine::shape::puzzle::Density;
use knights_tour_engine::solve::{DEFAULT_CONSTRUCT_THRESHOLD, DEFAULT_NODE_BUDGET, Method};

use crate::tourfile::InputFormat;

/// What `solve` does: its line in `knights-tour --help` and atop `knights-tour solve --help`.
pub const SOLVE_ABOUT: &str = "Find one tour and print it";
/// What `starts` does.
pub const STARTS_ABOUT: &str =
    "The answer from every start square of a board: a tour, no tour (proved) or gave up";
/// What `ends` does.
pub const ENDS_ABOUT: &str =
    "From one start, the answer for every end square: a tour, no tour (proved) or gave up";
/// What `check` does.
pub const CHECK_ABOUT: &str = "Validate a tour read from FILE or standard input";
/// What `count` does.
pub const COUNT_ABOUT: &str = "Count every tour exactly, in one process or in a cluster of them";

/// Options of `solve`.
#[derive(Debug, Args)]
#[command(about = SOLVE_ABOUT)]
pub struct SolveArgs {
    /// Board, start, open/closed.
    #[command(flatten)]
    pub board: GivenBoardArgs,
    /// The square an open tour must end on: ROW,COL 0-based or algebraic like h1
    #[arg(
        long,
        value_name = "SQ",
        allow_hyphen_values = true,
        conflicts_with = "closed"
    )]
    pub end: Option<SquareSpec>,
    /// A partial tour to complete, `-` for standard input: a list of 'r c' lines or the JSON of
    /// --format json with its path cut short, on the board of --size, starting on --start if
    /// given
    #[arg(long, value_name = "FILE")]
    pub prefix: Option<PathBuf>,
    /// auto: the layered engine; warnsdorff: one greedy pass; backtrack: Warnsdorff-ordered
    /// backtracking; naive: fixed-order backtracking; construct: linear-time construction from
    /// small blocks (a board small enough to be one block, 10x10 or less, is searched)
    #[arg(long, default_value = "auto", value_parser = method_parser(&Method::ALL))]
    pub method: Method,
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
    /// grid: visit numbers by row; list: `r c` per line in visit order; json: one object;
    /// svg, png: a picture of the board and the tour
    #[arg(long, value_enum, default_value_t = OutputFormat::Grid)]
    pub format: OutputFormat,
    /// With --format svg or png: each square's visit number in it (the default up to 16x16;
    /// a PNG has room for them up to about 40x40)
    #[arg(long, overrides_with = "no_numbers")]
    pub numbers: bool,
    /// With --format svg or png: no visit numbers
    #[arg(long, overrides_with = "numbers")]
    pub no_numbers: bool,
    /// With --format svg: the path coloured along the visit order, dark violet to yellow (a
    /// PNG's squares always are)
    #[arg(long)]
    pub gradient: bool,
    /// Print nodes, backtracks, depth, time and layer on standard error
    #[arg(long)]
    pub stats: bool,
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
    /// An SVG picture: the board, the path through the centres, start and end marked
    Svg,
    /// A PNG picture, squares coloured by visit order (binary: not written to a terminal)
    Png,
}

impl SolveArgs {
    /// What `--numbers` and `--no-numbers` say, if either is given (the last one wins).
    pub fn numbers(&self) -> Option<bool> {
        match (self.numbers, self.no_numbers) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        }
    }
}

/// Options of `starts`.
#[derive(Debug, Args)]
#[command(
    about = STARTS_ABOUT,
    after_help = "Each square gets what 'solve --start' answers from it: T a tour (found and \
validated), - no tour (proved), ? gave up; with --counts, the nodes that solve took (? for a square never reached). Two \
exceptions, both proofs with 0 nodes: squares the existence theorems refuse are not searched, \
whatever the method; and where a search proves that no tour starts at a square, the squares a \
symmetry of the board takes it to (mirrors, turns) share the proof instead of a search. The \
node budget is each start's; the deadline is the whole run's. Boards of at most 65536 squares \
(256x256).\n\nExit status: 0 every start answered (a tour or a proof), 2 bad usage, 3 some \
start ran out of budget or time."
)]
pub struct StartsArgs {
    /// Board size: ROWSxCOLS (8x10 is 8 rows, 10 columns) or N for NxN
    #[arg(long, value_name = "RxC", default_value = "8x8", value_parser = parse_size)]
    pub size: Board,
    /// A board of any shape in place of --size.
    #[command(flatten)]
    pub shape: ShapeArg,
    /// Ask for closed (re-entrant) tours
    #[arg(long)]
    pub closed: bool,
    /// The piece.
    #[command(flatten)]
    pub piece: PieceArgs,
    /// The solves and the output.
    #[command(flatten)]
    pub map: MapArgs,
}

/// What a map's solves may spend and how the map is written, for `starts` and `ends`.
#[derive(Debug, Args)]
pub struct MapArgs {
    /// The method of every solve (see 'knights-tour solve --help')
    #[arg(long, default_value = "auto", value_parser = method_parser(&Method::ALL))]
    pub method: Method,
    /// The most search nodes to expand at each square before giving up on it
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_BUDGET,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub node_budget: u64,
    /// The most time for the whole map, like 250ms or 2s; squares not answered by then give up
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub deadline: Option<Duration>,
    /// grid: one cell a square, rows top to bottom; json: one object, squares in row-major
    /// order
    #[arg(long, value_enum, default_value_t = StartsFormat::Grid)]
    pub format: StartsFormat,
    /// In the grid, the nodes each square took instead of T and - (? where none were spent:
    /// never reached)
    #[arg(long)]
    pub counts: bool,
}

/// Options of `ends`.
#[derive(Debug, Args)]
#[command(
    about = ENDS_ABOUT,
    after_help = "Each square gets what 'solve --start SQ --end' answers there: T a tour (found \
and validated), - no tour (proved), ? gave up; with --counts, the nodes that solve took (? for a square never reached). Two \
exceptions, both proofs with 0 nodes: ends the theorems refuse (the colour rule: on an even \
board the ends of a tour differ in colour, on an odd board both are the colour of 0,0; and \
the start's and the end's own theorems) are not searched; and where a search proves that no \
tour ends at a square, the squares a symmetry of the board that keeps the start takes it to \
share the proof. The node budget is each end's; the deadline is the whole run's. Boards of at \
most 65536 squares (256x256).\n\nExit status: 0 every end answered (a tour or a proof), 2 bad \
usage, 3 some end ran out of budget or time."
)]
pub struct EndsArgs {
    /// Board and start (a closed tour has no end: --closed is refused).
    #[command(flatten)]
    pub board: GivenBoardArgs,
    /// The solves and the output.
    #[command(flatten)]
    pub map: MapArgs,
}

/// `starts --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StartsFormat {
    /// T, - or ? (or the node count) a square, by rows
    Grid,
    /// One JSON object
    Json,
}

/// Options of `check`.
#[derive(Debug, Args)]
#[command(
    about = CHECK_ABOUT,
    after_help = "Reads the text formats 'solve' writes: a list ('r c', 'r,c' or 'r, c' a \
line), a grid of visit numbers (1..N or 0..N-1) and the JSON object of 'solve --format json'; \
the pictures (svg, png) are not read back. \
A JSON object's own fields are checked too: its path must start at its 'start' and be closed \
if it says 'closed', --size must agree with its 'rows' and 'cols', and an 'outcome' other \
than \"tour\" is not a tour file. A list without --size is checked on the board its squares \
span (read twice from a file; from standard input or a pipe, held half a byte a square). The \
check streams: a list or a JSON path takes one bit of memory a square; a grid, four bytes a \
square of its board, within the memory the system allows (and KNIGHTS_TOUR_MEMORY).\n\nExit status: 0 a valid tour, 1 an invalid tour (the \
first fault named, with its line), 2 not a tour file or bad usage."
)]
pub struct CheckArgs {
    /// The tour; standard input when absent or `-`
    pub file: Option<PathBuf>,
    /// Board size: a grid and a JSON object give their own, which must agree with it; a list
    /// without it is checked on the board its squares span
    #[arg(long, value_name = "RxC", value_parser = parse_size)]
    pub size: Option<Board>,
    /// The board of any shape the tour is of, in place of --size: its holes avoided, its
    /// numbers kept.
    #[command(flatten)]
    pub shape: ShapeArg,
    /// The square the tour must start on (ROW,COL or a1)
    #[arg(long, value_name = "SQ")]
    pub start: Option<SquareSpec>,
    /// The square the tour must end on (ROW,COL or a1)
    #[arg(long, value_name = "SQ")]
    pub end: Option<SquareSpec>,
    /// Require a closed tour (a JSON object that says "closed": true is checked as closed
    /// without it)
    #[arg(long)]
    pub closed: bool,
    /// The piece whose tour it is: knight (the default; a JSON object that names its piece, that
    /// one), camel, zebra, giraffe, wazir, ferz, king, hopido, A,B for the (A,B)-leaper, or
    /// A,B+C,D (up to 8 leaps) for a piece of several leaps
    #[arg(long, value_name = "PIECE", value_parser = parse_piece)]
    pub piece: Option<Leaper>,
    /// auto: JSON if the text begins with '{', a list if its first line holds two numbers,
    /// else a grid
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    pub format: InputFormat,
}

/// Options of `count`.
#[derive(Debug, Args)]
#[command(
    about = COUNT_ABOUT,
    after_help = "Open tours are counted directed (each path once from each end), closed tours \
as cycles (once whatever their direction and start). --method auto enumerates boards of at most \
20 squares (and a start that is also the end) and counts the rest by frontier dynamic \
programming, which takes boards whose short side is at most 12; enumeration takes at most 40 \
squares. The count's states keep to three quarters of the memory the system allows (and \
KNIGHTS_TOUR_MEMORY): a frontier that would outgrow it is written to disk (--spill DIR, else the \
system's temporary folder, removed at the end), or with --no-spill the count is refused, saying \
how far it got. --checkpoint DIR keeps finished frontiers to carry on from with --resume DIR.\n\nA \
cluster: --cluster HOSTFILE --process K runs process K of the N processes HOSTFILE names (one \
host:port a line), each with --threads workers (the same on every process). Every frontier is \
spread over the processes by its states' hashes, so each holds about an N-th of it. Process 0 \
prints the count; the others print nothing. The processes share a key (--cluster-key FILE or \
KNIGHTS_TOUR_CLUSTER_KEY, at least 16 bytes; make one with `head -c 32 /dev/urandom | base64`) \
and prove it to each other before any state moves; every frame between them carries a check \
keyed by it. With --checkpoint DIR each process's workers write their states of a finished \
frontier to DIR, sealed with the key; a lost process stops the others (exit 4), and all of them \
restarted with --resume DIR carry on from the newest checkpoint every process holds (or from \
the first square if there is none, saying so).\n\nExit status: 0 counted, 2 bad usage or \
input (a board too large for the method, a count past the memory cap or the disk, a \
checkpoint of another count, torn, altered or sealed with another key, a bad hostfile, no key, \
processes given different counts), 3 the deadline passed (saying how far the count got), 4 a \
process of the cluster was lost, could not be reached, failed the key's proof or sent a frame \
that failed its check, or this process's port is held by another program."
)]
pub struct CountArgs {
    /// Board size: ROWSxCOLS or N
    #[arg(long, value_name = "RxC", default_value = "8x8", value_parser = parse_size)]
    pub size: Board,
    /// A board of any shape in place of --size: its tours (by the frontier count), or with
    /// given numbers its solutions (by search)
    #[command(flatten)]
    pub shape: ShapeArg,
    /// Count only open tours from this square (default: from every square)
    #[arg(long, value_name = "SQ")]
    pub start: Option<SquareSpec>,
    /// Count only open tours that end on this square (from every start, or from --start)
    #[arg(long, value_name = "SQ", conflicts_with = "closed")]
    pub end: Option<SquareSpec>,
    /// Count closed tours (cycles, each once whatever its direction and start)
    #[arg(long)]
    pub closed: bool,
    /// The piece.
    #[command(flatten)]
    pub piece: PieceArgs,
    /// Give up after this long (exit status 3), like 250ms or 2s
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub deadline: Option<Duration>,
    /// auto: a theorem that makes the count 0, else enumeration on the smallest boards, else
    /// the frontier count, else enumeration where its search is short; frontier: dynamic
    /// programming over the frontier's states; enumeration: every tour walked (at most 40
    /// squares, or a piece with few moves)
    #[arg(long, value_enum, default_value_t = CountMethodArg::Auto)]
    pub method: CountMethodArg,
    /// short: the frontier count takes the board's rows along its short side, the narrowest
    /// frontier; long: along its long side, the same count from a wider frontier (5x9 along
    /// its 9 squares shows how a 9-wide frontier's states grow on a board one machine counts)
    #[arg(long, value_enum, value_name = "SIDE", default_value_t = FrontierSideArg::Short,
          conflicts_with = "cluster")]
    pub frontier_side: FrontierSideArg,
    /// Threads the frontier count runs on (default: every core); in a cluster, each process's
    /// workers
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// text: the count alone; json: one object with the board, the method, the count and,
    /// in a cluster, the number of processes, or for a count by theorem its reason
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    pub format: CountFormat,
    /// Count as one process of a cluster: HOSTFILE has one host:port a line, the line of
    /// process K its K-th (from 0)
    #[arg(long, value_name = "HOSTFILE", requires = "process")]
    pub cluster: Option<PathBuf>,
    /// Which process of --cluster's HOSTFILE this is, from 0; process 0 prints the count
    #[arg(long, value_name = "K", requires = "cluster")]
    pub process: Option<u32>,
    /// How long a process of a cluster waits for the others to connect before it gives up
    /// (exit status 4), like 50s (the default) or 5m
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, requires = "cluster")]
    pub cluster_wait: Option<Duration>,
    /// The key every process of the cluster shares, read from FILE (at least 16 bytes, not
    /// readable by every user); else KNIGHTS_TOUR_CLUSTER_KEY's value
    #[arg(long, value_name = "FILE", requires = "cluster")]
    pub cluster_key: Option<PathBuf>,
    /// Where a frontier past the memory cap is written (a folder of its own is made in DIR
    /// and removed at the end); default: the system's temporary folder
    #[arg(long, value_name = "DIR", conflicts_with = "no_spill")]
    pub spill: Option<PathBuf>,
    /// Refuse a count whose frontier outgrows the memory cap (exit status 2) instead of
    /// writing it to disk
    #[arg(long)]
    pub no_spill: bool,
    /// The most bytes the spill may hold on disk, like 20G: a count that needs more stops
    /// (exit status 2), saying how far it got
    #[arg(long, value_name = "BYTES", value_parser = parse_spill_limit, conflicts_with = "no_spill")]
    pub spill_limit: Option<u64>,
    /// Write finished frontiers to DIR (made if need be), to carry the count on with
    /// --resume DIR after the process is lost; in a cluster, each process its own workers'
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<PathBuf>,
    /// The least time between two checkpoints, like 10m (the default) or 0s for every
    /// square
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, requires = "checkpoint")]
    pub checkpoint_every: Option<Duration>,
    /// Carry on from the checkpoint in DIR (of the same count, by the same version); in a
    /// cluster, from the newest one every process holds, or from the first square if there
    /// is none, writing new ones to DIR
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
    /// For the tests: end the process at once after writing N checkpoints, as if killed
    #[arg(
        long,
        value_name = "N",
        hide = true,
        requires = "checkpoint",
        conflicts_with = "cluster"
    )]
    pub stop_after_checkpoints: Option<u64>,
    /// Count the solutions of --board by search and stop at N: --at-most 2 says whether a
    /// puzzle is proper (exactly one solution). A board with given numbers is always counted
    /// by search
    #[arg(long, value_name = "N", requires = "board", conflicts_with = "cluster",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub at_most: Option<u64>,
}

/// A `--spill-limit` amount: bytes with an optional K, M or G suffix.
fn parse_spill_limit(text: &str) -> Result<u64, String> {
    crate::options::parse_bytes(text).ok_or_else(|| {
        format!(
            "{} is not an amount of bytes: expected bytes with an optional K, M or G suffix, \
             like 512M or 20G",
            knights_tour_engine::quote::quoted(text)
        )
    })
}

/// `count --method` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CountMethodArg {
    /// The cheapest that answers: a theorem, enumeration or the frontier count
    Auto,
    /// Frontier dynamic programming
    Frontier,
    /// Every tour walked by the search
    Enumeration,
}

impl CountMethodArg {
    /// The engine's method, `None` for auto.
    pub fn method(self) -> Option<CountMethod> {
        match self {
            CountMethodArg::Auto => None,
            CountMethodArg::Frontier => Some(CountMethod::Frontier),
            CountMethodArg::Enumeration => Some(CountMethod::Enumeration),
        }
    }
}

/// `count --frontier-side` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FrontierSideArg {
    /// Rows along the board's short side: the narrowest frontier
    Short,
    /// Rows along the board's long side: a wider frontier, the same count
    Long,
}

impl FrontierSideArg {
    /// The engine's side.
    pub fn side(self) -> FrontierSide {
        match self {
            FrontierSideArg::Short => FrontierSide::Short,
            FrontierSideArg::Long => FrontierSide::Long,
        }
    }
}

/// `count --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CountFormat {
    /// The count alone on a line
    Text,
    /// One JSON object on one line
    Json,
}

/// What `puzzle` does.
pub const PUZZLE_ABOUT: &str =
    "Make a puzzle with exactly one solution, proved, as a board file --board reads";

/// Options of `puzzle`.
#[derive(Debug, Args)]
#[command(
    about = PUZZLE_ABOUT,
    after_help = "The puzzle is cut from a tour drawn at random from --seed: every square is \
numbered, then numbers are taken away in a random order while a count of every solution still \
finds exactly one. A number whose count would take more than a share of nodes stays, so every \
puzzle written has its one solution proved. The same seed, board, piece and options give the \
same puzzle, byte for byte; without --seed one is drawn from the clock and said on standard \
error. `solve --board`, `count --board --at-most 2` and `check --board` take the puzzle back.\n\n\
Exit status: 0 a puzzle, 2 bad usage or a board with no puzzle (no tour, or more open squares \
than a puzzle may have), 3 the node budget or the deadline ran out before a puzzle was proved."
)]
pub struct PuzzleArgs {
    /// Board size: ROWSxCOLS or N
    #[arg(long, value_name = "RxC", default_value = "8x8", value_parser = parse_size)]
    pub size: Board,
    /// A board of any shape in place of --size: its holes are kept, its numbers not used
    #[command(flatten)]
    pub shape: ShapeArg,
    /// The solution is a closed tour
    #[arg(long)]
    pub closed: bool,
    /// The piece.
    #[command(flatten)]
    pub piece: PieceArgs,
    /// The seed every random choice is drawn from (default: from the clock, said on standard
    /// error)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// How many numbers are given: few (as few as keep one solution), some (about a third of
    /// the squares) or many (about half)
    #[arg(long, value_enum, default_value_t = CluesArg::Some)]
    pub clues: CluesArg,
    /// board: the picture alone; json: one object with the board, its numbers, the solution
    /// and the solver's work (`solve_nodes`)
    #[arg(long, value_enum, default_value_t = PuzzleFormat::Board)]
    pub format: PuzzleFormat,
    /// The most search nodes the making may take (exit status 3 past it)
    #[arg(long, value_name = "N", default_value_t = 100_000_000)]
    pub node_budget: u64,
    /// Give up after this long (exit status 3), like 500ms or 1m
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, default_value = "60s")]
    pub deadline: Duration,
}

/// `puzzle --clues` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CluesArg {
    /// As few as keep the solution the only one
    Few,
    /// About a third of the squares
    Some,
    /// About half of the squares
    Many,
}

impl CluesArg {
    /// The engine's density.
    pub fn density(self) -> Density {
        match self {
            CluesArg::Few => Density::Few,
            CluesArg::Some => Density::Some,
            CluesArg::Many => Density::Many,
        }
    }
}

/// `puzzle --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PuzzleFormat {
    /// The picture of the board, as --board reads it
    Board,
    /// One JSON object on one line
    Json,
}
