//! What the front ends share: the board options every command takes, the engine's vocabulary
//! on the command line, durations (every duration option is read by [`parse_duration`], and
//! none is longer than [`NO_LIMIT`]), and the limits found on the host (free memory, the
//! memory cap of [`MEMORY_VARIABLE`], the threads an address-space limit leaves room for) that
//! the engine then receives as plain values.
//!
//! The command line and the explorer both import this module and never each other.

use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::parser::ValueSource;
use clap::{ArgMatches, Args, FromArgMatches};

use knights_tour_engine::board::Board;
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::notation::{SquareSpec, parse_size};
use knights_tour_engine::quote::quoted;
use knights_tour_engine::solve::Method;

mod board_file;
mod memory;

pub use board_file::{MOST_PICTURE_BYTES, read_board};
pub use memory::{
    MEMORY_VARIABLE, MemorySource, THREAD_ADDRESS_SPACE, cap_beside_threads, megabytes,
    memory_cap_for, memory_limit, memory_limit_found, parse_bytes, threads_within_limits,
    with_memory_cap,
};

/// The piece that tours (`--piece`), shared by every command that asks about tours.
#[derive(Debug, Clone, Copy, Args)]
pub struct PieceArgs {
    /// The piece that tours: knight (1,2), camel (1,3), zebra (2,3), giraffe (1,4), wazir
    /// (0,1), ferz (1,1), king (0,1+1,1), hopido (0,3+2,2), A,B for the (A,B)-leaper (0 <= A
    /// <= B <= 16, B >= 1), or A,B+C,D for the piece of up to 8 such leaps
    #[arg(long, value_name = "PIECE", default_value = "knight", value_parser = parse_piece)]
    pub piece: Leaper,
}

/// A piece as `--piece` takes it; the message is the engine's one line naming the value.
pub fn parse_piece(text: &str) -> Result<Leaper, String> {
    Leaper::parse(text).map_err(|error| error.to_string())
}

/// `--board FILE|-`, a board of any shape in place of `--size`, for every command that takes a
/// board (read by [`read_board`]).
#[derive(Debug, Clone, Default, Args)]
pub struct ShapeArg {
    /// A board of any shape, drawn one line a row, `-` for standard input, in place of --size:
    /// holes, given visit numbers and the start (`0`, `_`, `__` or `x` open; `.` or a blank a
    /// hole; a number a given visit; `s` or `1` the start); see the guide's "Boards of any
    /// shape"
    #[arg(long, value_name = "FILE", conflicts_with = "size")]
    pub board: Option<std::path::PathBuf>,
}

/// The board, start and open/closed, shared by every command.
#[derive(Debug, Clone, Args)]
pub struct BoardArgs {
    /// Board size: ROWSxCOLS (8x10 is 8 rows, 10 columns) or N for NxN
    #[arg(long, value_name = "RxC", default_value = "8x8", value_parser = parse_size)]
    pub size: Board,
    /// A board of any shape in place of --size.
    #[command(flatten)]
    pub shape: ShapeArg,
    /// Start square: ROW,COL 0-based from the top-left, or algebraic like a1 (a = column 0,
    /// rank 1 = bottom row; boards of at most 26 columns)
    #[arg(
        long,
        value_name = "SQ",
        default_value = "0,0",
        allow_hyphen_values = true
    )]
    pub start: SquareSpec,
    /// Ask for a closed (re-entrant) tour
    #[arg(long)]
    pub closed: bool,
    /// The piece.
    #[command(flatten)]
    pub piece: PieceArgs,
}

/// The board options (`--size`, `--start`, `--closed`, `--piece`), and which of `--size`,
/// `--start` and `--piece` were on the command line rather than left at their defaults, which derived options cannot
/// tell: a list is read on the board of a given `--size` (else on the board it spans), and a
/// partial tour's first square must be a given `--start`.
#[derive(Debug, Clone)]
pub struct GivenBoardArgs {
    /// The options, defaults included.
    pub args: BoardArgs,
    /// Whether `--size` was on the command line.
    pub size_given: bool,
    /// Whether `--start` was on the command line.
    pub start_given: bool,
    /// Whether `--piece` was on the command line (a tour file that names its piece is read
    /// as that piece's unless `--piece` says otherwise).
    pub piece_given: bool,
}

impl std::ops::Deref for GivenBoardArgs {
    type Target = BoardArgs;

    fn deref(&self) -> &BoardArgs {
        &self.args
    }
}

impl FromArgMatches for GivenBoardArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(Self {
            args: BoardArgs::from_arg_matches(matches)?,
            size_given: given(matches, "size"),
            start_given: given(matches, "start"),
            piece_given: given(matches, "piece"),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.size_given |= given(matches, "size");
        self.start_given |= given(matches, "start");
        self.piece_given |= given(matches, "piece");
        self.args.update_from_arg_matches(matches)
    }
}

impl clap::Args for GivenBoardArgs {
    fn augment_args(command: clap::Command) -> clap::Command {
        BoardArgs::augment_args(command)
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        BoardArgs::augment_args_for_update(command)
    }
}

/// Whether `matches` hold the option `id` from the command line.
fn given(matches: &ArgMatches, id: &str) -> bool {
    matches.value_source(id) == Some(ValueSource::CommandLine)
}

/// A parser of `--method` that takes the names of `methods` (the engine's names), with their
/// descriptions as help.
pub(crate) fn method_parser(methods: &[Method]) -> impl TypedValueParser<Value = Method> + use<> {
    let values = methods
        .iter()
        .map(|method| PossibleValue::new(method.name()).help(method.description()));
    PossibleValuesParser::new(values)
        .map(|name| Method::from_name(&name).expect("the parser accepts only method names"))
}

/// The longest wait a duration option means: a hundred years. A longer one, up to a number
/// too large to hold, is taken as this: no limit in practice, and an instant plus it is one
/// every clock can hold, so that no deadline, wait or timeout built from an option overflows.
pub const NO_LIMIT: Duration = Duration::from_secs(100 * 365 * 24 * 60 * 60);

/// A duration as people type it: `250ms`, `2s`, `1m`; at most [`NO_LIMIT`]. Every duration
/// option of every command is read here.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    match humantime::parse_duration(text.trim()) {
        Ok(duration) => Ok(duration.min(NO_LIMIT)),
        Err(humantime::DurationError::NumberOverflow) => Ok(NO_LIMIT),
        Err(_) => Err(format!(
            "invalid duration {}: expected a number and a unit, like 250ms, 2s or 1m",
            quoted(text)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn method_names_round_trip_through_the_command_line() {
        let command = clap::Command::new("test");
        for method in Method::ALL {
            let parsed = method_parser(&Method::ALL)
                .parse_ref(&command, None, method.name().as_ref())
                .unwrap();
            assert_eq!(parsed, method);
        }
        let unknown = method_parser(&Method::ALL).parse_ref(&command, None, "greedy".as_ref());
        assert!(unknown.is_err());
    }

    #[test]
    fn durations_past_every_clock_are_no_limit() {
        assert_eq!(parse_duration("250ms").unwrap(), Duration::from_millis(250));
        assert_eq!(parse_duration(" 2s ").unwrap(), Duration::from_secs(2));
        for long in [
            "18446744073709551615s",
            "500000000000y",
            "99999999999999999999999y",
            "101y",
        ] {
            assert_eq!(parse_duration(long).unwrap(), NO_LIMIT, "{long}");
        }
        // Whatever instant a wait starts from, its end can be held.
        assert!(std::time::Instant::now().checked_add(NO_LIMIT).is_some());
        let error = parse_duration("2 fortnights\n").unwrap_err();
        assert!(error.contains("'2 fortnights\\n'"), "{error}");
    }
}
