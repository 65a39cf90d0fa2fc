//! The interactive terminal explorer: watch the engine search for a knight's tour, one event at
//! a time.
//!
//! - [`app`]: the state and what each action does to it (no terminal);
//! - [`keys`]: the pure key map and the key table behind the key bar and the help;
//! - `rewind`: a stepped search with a history that can be walked back, within a memory
//!   budget; `stepped`: such a search with the board shown for it and what it found, one type
//!   for the explorer's own search and each lane of the race;
//! - [`allowance`]: the memory and the work threads a host lets an explorer use, and
//!   [`work_pool`], the fair turns at a host's work threads that served sessions share;
//! - [`ui`]: drawing, from the app to a buffer;
//! - [`driver`]: the run loop, whatever the terminal: it blocks on input while nothing plays
//!   and draws at most [`FRAME_RATE`] frames a second; the local terminal and an SSH channel
//!   are two hosts of it;
//! - [`events`]: what the local loop waits for: the terminal's events, read on a thread of their
//!   own (the end of its input included), and signals;
//! - `terminal_bytes`: a terminal's bytes as events, the one parser of the local terminal and
//!   of an SSH client;
//! - `opening`: `--tour FILE`, read and validated before the terminal is touched (a board's
//!   picture, `--board FILE`, is read then too, and set with `App::with_picture`);
//! - this module: the options, and the local host: the terminal's set-up and restoration (on
//!   quit, error, panic, the signals that end it and the terminal going away, see [`Ending`];
//!   a terminal that fails is [`TerminalFailure`]).

pub mod allowance;
pub mod app;
pub mod driver;
pub mod events;
pub mod keys;
mod opening;
pub(crate) mod rewind;
pub(crate) mod stepped;
pub(crate) mod terminal_bytes;
pub mod ui;
pub mod work_pool;

use std::io::{self, IsTerminal};
use std::time::Duration;

use color_eyre::eyre::{WrapErr, bail, eyre};
use crossterm::cursor;
use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};

use crate::options::{self, GivenBoardArgs};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::search::Search;
use knights_tour_engine::solve::Method;

pub use allowance::Allowance;
pub use app::{App, METHODS, Setup, Speed, Status, next_method};
use driver::{LoopInput, Sizing};
use events::{Inputs, Signal, TerminalInput};
pub use keys::{Action, action};
pub use opening::TourFileError;
pub use ui::{BoardViewport, Look, Screen};

/// The most frames drawn a second while something plays.
pub const FRAME_RATE: u32 = 60;
/// The time between two frames at [`FRAME_RATE`].
pub const FRAME: Duration = Duration::from_nanos(1_000_000_000 / FRAME_RATE as u64);

/// What `tui` does: its line in `knights-tour --help` and atop `knights-tour tui --help`.
pub const EXPLORER_ABOUT: &str = "Open the interactive explorer (the default)";

/// Options of the explorer (`knights-tour` alone, or `knights-tour tui`).
#[derive(Debug, Clone, clap::Args)]
#[command(about = EXPLORER_ABOUT)]
pub struct ExplorerArgs {
    /// Board, start and open/closed.
    #[command(flatten)]
    pub board: GivenBoardArgs,
    /// How to search: warnsdorff (one greedy pass), backtrack (Warnsdorff-ordered
    /// backtracking), naive (fixed-order backtracking), construct, or auto (the layered solve
    /// of 'knights-tour solve', its answer shown whole)
    #[arg(long, default_value = "backtrack", value_parser = options::method_parser(&METHODS))]
    pub method: Method,
    /// Play speed: search steps per second, or max
    #[arg(long, value_name = "STEPS", default_value = "10")]
    pub speed: Speed,
    /// The most search nodes one press of f may expand before it reports the budget exhausted
    #[arg(long, value_name = "N", default_value_t = app::FINISH_NODE_BUDGET,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub node_budget: u64,
    /// Draw with ASCII characters only (the default when the locale is not UTF-8)
    #[arg(long)]
    pub ascii: bool,
    /// Open the tour in FILE (any format check reads; - for standard input), validated first:
    /// its board, start and kind replace --size and --start (a list is read on --size's board
    /// if given, else on the board its squares span)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["start", "race", "board"])]
    pub tour: Option<std::path::PathBuf>,
    /// Open on a race of two methods on the board and start, side by side and fair in nodes
    /// (R races naive against warnsdorff from the explorer): two of warnsdorff, backtrack and
    /// naive, such as naive,warnsdorff
    #[arg(long, value_name = "A,B", value_parser = app::parse_racers)]
    pub race: Option<[Method; 2]>,
}

impl ExplorerArgs {
    /// The explorer these options open, with the local explorer's limits.
    pub fn app(&self) -> color_eyre::Result<App> {
        self.app_within(Allowance::local())
    }

    /// The explorer these options open, keeping to `allowance`.
    pub fn app_within(&self, allowance: Allowance) -> color_eyre::Result<App> {
        // A board's picture is read once: standard input cannot be read twice.
        let picture = match &self.board.shape.board {
            Some(path) => Some(options::read_board(path).map_err(|message| eyre!(message))?),
            None => None,
        };
        let board = picture.as_ref().map(|picture| picture.shape().board());
        let mut app = App::new(self.setup_on(board)?, self.speed)
            .with_allowance(allowance)
            .with_finish_budget(self.node_budget);
        if let Some(picture) = picture {
            let start = match self.board.start_given {
                true => Some(self.board.start.resolve(picture.shape().board())?),
                false => None,
            };
            app = app
                .with_picture(picture, start)
                .map_err(|message| eyre!(message))?;
        }
        let app = match self.race {
            Some(methods) => app.with_race(methods),
            None => app,
        };
        let Some(path) = &self.tour else {
            return Ok(app);
        };
        let opened = opening::read_tour(path, self)?;
        Ok(app.with_opened_tour(opened.tour, &opened.source))
    }

    /// The setup these options ask for, or why it cannot be had.
    pub fn setup(&self) -> color_eyre::Result<Setup> {
        let board = match &self.board.shape.board {
            Some(path) => Some(
                options::read_board(path)
                    .map_err(|message| eyre!(message))?
                    .shape()
                    .board(),
            ),
            None => None,
        };
        self.setup_on(board)
    }

    /// The setup on `board`, the rectangle of a `--board` picture if given (its start is
    /// then the picture's, set with the picture), else `--size`'s.
    fn setup_on(&self, picture_board: Option<Board>) -> color_eyre::Result<Setup> {
        let board = picture_board.unwrap_or(self.board.size);
        if board.rows() > app::MAX_SIDE || board.cols() > app::MAX_SIDE {
            bail!(
                "the explorer shows boards of at most {max}x{max}; {board} is larger \
                 (knights-tour solve handles it)",
                max = app::MAX_SIDE
            );
        }
        let piece = self.board.piece.piece;
        if !Search::takes(piece) {
            bail!(
                "the explorer steps the search of pieces of at most {most} moves; the {piece} \
                 has {moves} (the commands solve, count, starts and ends answer for it)",
                most = Search::MAX_MOVES,
                moves = piece.move_count()
            );
        }
        // On a board of any shape, the picture's start (or --start) is checked against its
        // holes and clues when the board is set (`App::with_picture`).
        let start = match picture_board {
            Some(_) => Square::new(0, 0),
            None => self.board.start.resolve(board)?,
        };
        Ok(Setup {
            board,
            piece,
            start,
            closed: self.board.closed,
            method: self.method,
        })
    }
}

/// How a run of the explorer ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The user quit (`q`, `Ctrl-C`).
    Quit,
    /// A signal ended it (`SIGTERM`, `SIGINT`, `SIGQUIT`, `SIGHUP`): its number. Over SSH, the
    /// signal that stopped the server.
    Signal(i32),
    /// The terminal went away: its input ended (a local terminal closed without a hang-up
    /// signal), or over SSH the client closed the channel or the connection. Nobody is left to
    /// tell; its status is a hang-up's (129).
    Disconnected,
    /// The user pressed no key for the host's idle timeout (over SSH): a deadline ran out,
    /// status 3 as for every command.
    Idle,
}

impl Ending {
    /// The process's exit status: 0 after a quit, 128 + the number after a signal (as a shell
    /// reports a process the signal killed), 129 after a hang-up (as `SIGHUP`'s), 3 after the
    /// idle timeout (a deadline that ran out).
    pub fn exit_status(self) -> u8 {
        match self {
            Ending::Quit => 0,
            Ending::Signal(number) => u8::try_from(128 + number).unwrap_or(u8::MAX),
            Ending::Disconnected => 129,
            Ending::Idle => 3,
        }
    }
}

/// Runs the explorer until the user quits or a signal ends it.
pub fn run(args: &ExplorerArgs) -> color_eyre::Result<Ending> {
    let mut app = args.app()?;
    // A tour piped in on standard input leaves the keys to the terminal itself (/dev/tty).
    let keys_from_tty = args.tour.as_deref().is_some_and(opening::is_stdin)
        || args
            .board
            .shape
            .board
            .as_deref()
            .is_some_and(opening::is_stdin);
    if !io::stdout().is_terminal() || !(io::stdin().is_terminal() || keys_from_tty) {
        bail!(
            "the explorer needs a terminal; for scripts, use 'knights-tour solve' \
             (see 'knights-tour --help')"
        );
    }
    // An editor's shell buffer says `TERM=dumb`: it cannot place the cursor or draw a screen.
    let term = std::env::var("TERM").unwrap_or_default();
    if term.is_empty() || term == "dumb" {
        let what = if term.is_empty() { "not set" } else { "'dumb'" };
        bail!(
            "the explorer needs a terminal that can draw a screen, and TERM is {what}; for \
             scripts, use 'knights-tour solve' (see 'knights-tour --help')"
        );
    }
    // color-eyre's hooks first, so that ratatui's restores the terminal before they report.
    let _ = color_eyre::install();
    let look = Look::detect(args.ascii);
    // Signals before the set-up: from here on they reach the loop instead of killing the
    // process with the terminal set up.
    let inputs = Inputs::listen(restore_terminal).wrap_err("cannot read the terminal")?;
    let mut terminal = ratatui::try_init().wrap_err("cannot set up the terminal")?;
    let restore = RestoreOnDrop;
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = crossterm::execute!(io::stdout(), DisableMouseCapture, DisableBracketedPaste);
        hook(info);
    }));
    // Bracketed paste: a paste comes as one event, typed into an open prompt, never as keys.
    crossterm::execute!(io::stdout(), EnableMouseCapture, EnableBracketedPaste)?;
    let ending = driver::run_loop(&mut terminal, &mut app, look, Sizing::Asked, |timeout| {
        local_input(&inputs, timeout)
    })
    .or_else(|error| {
        // Drawing fails on a terminal that has gone before its input says so: the same end.
        if inputs.ends_within(GONE_WITHIN) {
            Ok(Ending::Disconnected)
        } else {
            Err(TerminalFailure(error))
        }
    });
    drop(restore);
    // The terminal is restored, its cursor shown. Its own drop would show the cursor once more
    // and, on a terminal that has hung up, complain on standard error: skip it.
    std::mem::forget(terminal);
    Ok(ending?)
}

/// How long after a failed write the terminal's input may take to end, when the failure is
/// the terminal going away: the reader is woken by the same hang-up, so a moment.
const GONE_WITHIN: Duration = Duration::from_millis(200);

/// Reading or writing the terminal failed while the explorer ran (not because it went away):
/// the run ends with exit status 1 and this message.
#[derive(Debug, thiserror::Error)]
#[error("the terminal failed: {0}")]
pub struct TerminalFailure(io::Error);

/// Puts the terminal back however the run ends: see [`restore_terminal`].
struct RestoreOnDrop;

impl Drop for RestoreOnDrop {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// Puts the terminal back as the shell expects it: raw mode off, mouse reporting and bracketed
/// paste off, the main screen, the cursor shown. Each step is tried whatever the others do (a
/// terminal that has hung up fails them all, quietly).
fn restore_terminal() {
    let _ = crossterm::terminal::disable_raw_mode();
    let _ = crossterm::execute!(
        io::stdout(),
        DisableMouseCapture,
        DisableBracketedPaste,
        LeaveAlternateScreen,
        cursor::Show
    );
}

/// Sets the terminal up again after the process was stopped and continued (the shell may have
/// reset its modes): raw mode, the alternate screen, mouse reporting, bracketed paste.
fn set_up_terminal_again() -> io::Result<()> {
    // crossterm keeps the mode it found: leave raw mode first so that entering it applies again.
    crossterm::terminal::disable_raw_mode()?;
    crossterm::terminal::enable_raw_mode()?;
    crossterm::execute!(
        io::stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste
    )
}

/// The local terminal's next input for the loop: crossterm's events, and the signals, which
/// end the run or (a stop and a continue) set the terminal up again.
fn local_input(inputs: &Inputs, timeout: Option<Duration>) -> io::Result<Option<LoopInput>> {
    let Some(input) = inputs.next(timeout)? else {
        return Ok(None);
    };
    Ok(Some(match input {
        TerminalInput::Terminal(event) => LoopInput::Event(event),
        TerminalInput::Ended => LoopInput::End(Ending::Disconnected),
        TerminalInput::Signal(Signal::Resize) => {
            let (cols, rows) = crossterm::terminal::size()?;
            LoopInput::Event(crossterm::event::Event::Resize(cols, rows))
        }
        TerminalInput::Signal(Signal::End(number) | Signal::HangUp(number)) => {
            LoopInput::End(Ending::Signal(number))
        }
        TerminalInput::Signal(Signal::Stop) => {
            restore_terminal();
            events::stop_process();
            set_up_terminal_again()?;
            LoopInput::Redraw
        }
        TerminalInput::Signal(Signal::Continue) => {
            set_up_terminal_again()?;
            LoopInput::Redraw
        }
    }))
}
