//! The `knights-tour` binary: parses the command line and hands the request to its front end,
//! the explorer (the default, or `tui`), the SSH server (`serve`) or one of the scripted
//! commands of `knights_tour::cli`.
//! This is the one place that knows every front end.

use std::process::ExitCode;

use clap::builder::Styles;
use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use knights_tour::cli::{
    self, CheckArgs, CompletionsArgs, CountArgs, EndsArgs, Failure, ManArgs, PuzzleArgs, SolveArgs,
    StartsArgs,
};
use knights_tour::explorer::{self, ExplorerArgs};
use knights_tour::serve::{self, ServeArgs};

/// knight's tours on any board: an explorer, a solver, a checker
#[derive(Debug, Parser)]
#[command(name = "knights-tour", version, args_conflicts_with_subcommands = true)]
struct Cli {
    /// What to do; without one, the explorer opens.
    #[command(subcommand)]
    command: Option<Command>,
    /// Explorer options, when no command is given.
    #[command(flatten)]
    explorer: ExplorerArgs,
}

/// The command line when its first word names a command: `Cli` without the explorer's options,
/// which cannot follow a command (`args_conflicts_with_subcommands`) and would otherwise be built
/// and given their defaults on every run. Messages read as `Cli`'s: the command's own usage.
#[derive(Debug, Parser)]
#[command(name = "knights-tour", version)]
struct CommandLine {
    #[command(subcommand)]
    command: Command,
}

/// What the command line asks for.
enum Invocation {
    /// The explorer: no command, or `tui`.
    Explorer(ExplorerArgs),
    /// Any other command.
    Command(Command),
}

/// The subcommands. Each one's options are built only when it is the one asked for (`defer`): a
/// request pays for its own options, not for every command's (but `completions` and `man`,
/// which describe them all). A deferred command's options set its `about` when they are built,
/// so the command and its options name the same text.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
enum Command {
    #[command(about = explorer::EXPLORER_ABOUT)]
    Tui(ExplorerArgs),
    #[command(about = cli::SOLVE_ABOUT)]
    Solve(SolveArgs),
    #[command(about = cli::STARTS_ABOUT)]
    Starts(StartsArgs),
    #[command(about = cli::ENDS_ABOUT)]
    Ends(EndsArgs),
    #[command(about = cli::CHECK_ABOUT)]
    Check(CheckArgs),
    #[command(about = cli::COUNT_ABOUT)]
    Count(Box<CountArgs>),
    #[command(about = cli::PUZZLE_ABOUT)]
    Puzzle(PuzzleArgs),
    /// CSES 1689 adapter: read `x y` (column, row; 1-based) and print the 8x8 grid
    Cses,
    #[command(about = serve::SERVE_ABOUT)]
    Serve(ServeArgs),
    #[command(about = cli::COMPLETIONS_ABOUT)]
    Completions(CompletionsArgs),
    #[command(about = cli::MAN_ABOUT)]
    Man(ManArgs),
}

fn main() -> ExitCode {
    let request = match parse_arguments(Styles::plain()) {
        Ok(request) => request,
        Err(error)
            if matches!(
                error.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) =>
        {
            // Help is worth its styles: parse again with them to print it.
            return cli::usage_error(parse_arguments(Styles::default()).err().unwrap_or(error));
        }
        Err(error) => return cli::usage_error(error),
    };
    let result = match request {
        Invocation::Explorer(args) => return run_explorer(&args),
        Invocation::Command(Command::Tui(args)) => return run_explorer(&args),
        Invocation::Command(Command::Solve(args)) => cli::solve(&args),
        Invocation::Command(Command::Starts(args)) => cli::starts(&args),
        Invocation::Command(Command::Ends(args)) => cli::ends(&args),
        Invocation::Command(Command::Check(args)) => cli::check(&args),
        Invocation::Command(Command::Count(args)) => cli::count(&args),
        Invocation::Command(Command::Puzzle(args)) => cli::puzzle(&args),
        Invocation::Command(Command::Cses) => cli::cses(),
        Invocation::Command(Command::Serve(args)) => run_server(&args),
        // These two need every command's options: the whole tree is built for them alone.
        Invocation::Command(Command::Completions(args)) => cli::completions(&args, Cli::command()),
        Invocation::Command(Command::Man(args)) => cli::man(&args, Cli::command()),
    };
    cli::exit_code(result)
}

/// The arguments. A usage error is parsed with plain styles, so that it holds each value exactly
/// as typed and `cli::usage_error` can show it shortened and escaped.
fn parse_arguments(styles: Styles) -> Result<Invocation, clap::Error> {
    let names_a_command = std::env::args_os()
        .nth(1)
        .is_some_and(|first| first.to_str().is_some_and(Command::has_subcommand));
    if names_a_command {
        let mut matches = CommandLine::command().styles(styles).try_get_matches()?;
        let CommandLine { command } = CommandLine::from_arg_matches_mut(&mut matches)?;
        return Ok(Invocation::Command(command));
    }
    let mut matches = Cli::command().styles(styles).try_get_matches()?;
    let cli = Cli::from_arg_matches_mut(&mut matches)?;
    Ok(match cli.command {
        Some(command) => Invocation::Command(command),
        None => Invocation::Explorer(cli.explorer),
    })
}

/// The server's exit status: 0 once it stopped on `SIGTERM` or `SIGINT`; 2 when it cannot
/// start (options, keys, the address).
fn run_server(args: &ServeArgs) -> Result<cli::ExitStatus, Failure> {
    knights_tour::options::memory_limit().map_err(Failure::bad_input)?;
    serve::run(args).map_err(Failure::bad_input)?;
    Ok(cli::ExitStatus::Success)
}

/// The explorer's exit status: 0 after a quit, 128 + the number after a signal that ended it,
/// 129 when its terminal went away, 1 when the terminal failed, 2 for bad options.
fn run_explorer(args: &ExplorerArgs) -> ExitCode {
    // A memory cap that does not parse is refused before the terminal is touched.
    if let Err(message) = knights_tour::options::memory_limit() {
        return cli::exit_code(Err(Failure::bad_input(message)));
    }
    match explorer::run(args) {
        Ok(ending) => ExitCode::from(ending.exit_status()),
        Err(error) => match error.downcast_ref::<explorer::TourFileError>() {
            // An invalid tour is exit 1, as for `check`.
            Some(invalid) if invalid.invalid => cli::exit_code(Err(Failure::new(
                cli::ExitStatus::NoTour,
                invalid.message.clone(),
            ))),
            // A run that failed is status 1, never 2: the input was good.
            _ if error.is::<explorer::TerminalFailure>() => cli::exit_code(Err(Failure::new(
                cli::ExitStatus::NoTour,
                error.to_string(),
            ))),
            _ => cli::exit_code(Err(Failure::bad_input(format!("{error:#}")))),
        },
    }
}
