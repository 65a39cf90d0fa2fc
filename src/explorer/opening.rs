//! `--tour FILE` (or `-` for standard input): the tour read and validated through
//! [`crate::tourfile`] before the terminal is touched, so that a file that is not a tour, or a
//! tour that breaks a rule, ends the run with `check`'s message and status (2 or 1). A list is
//! read on the board of `--size` when it is given ([`GivenBoardArgs`](crate::options::GivenBoardArgs) knows whether it was),
//! else on the board its squares span.

use std::io::{self, IsTerminal};
use std::path::Path;

use thiserror::Error;

use crate::options::memory_limit;
use crate::tourfile::{BoardFrom, CheckError, Expectations, INFERRED, InputFormat, check_file};
use knights_tour_engine::quote::quoted;
use knights_tour_engine::tour::Tour;

use super::ExplorerArgs;
use super::app::MAX_SIDE;

/// A tour file the explorer cannot show: not a tour file (or unreadable), or an invalid tour.
#[derive(Debug, Error)]
#[error("{message}")]
pub struct TourFileError {
    /// Whether the file holds a tour that breaks a rule (exit status 1) rather than no tour
    /// file at all (exit status 2).
    pub invalid: bool,
    /// The message, one line, as `check` says it.
    pub message: String,
}

impl TourFileError {
    fn input(message: impl Into<String>) -> Self {
        Self {
            invalid: false,
            message: message.into(),
        }
    }
}

/// Whether `path` means standard input.
pub(super) fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// A tour opened with `--tour`, validated.
#[derive(Debug)]
pub(super) struct OpenedTour {
    /// The tour.
    pub tour: Tour,
    /// Where it came from, quoted, and how its board was known, for the panel: `'tour.txt'`,
    /// or `'tour.txt' (board inferred from the list)`.
    pub source: String,
}

/// Reads and validates the tour at `path` for the explorer of `args`: a list is read on the
/// board of `--size` when it is given, else on the board its squares span, and `--closed`
/// asks for a closed tour, as for `check`.
pub(super) fn read_tour(path: &Path, args: &ExplorerArgs) -> Result<OpenedTour, TourFileError> {
    if is_stdin(path) && io::stdin().is_terminal() {
        return Err(TourFileError::input(
            "--tour -: standard input is the terminal; pipe a tour in, or name a file",
        ));
    }
    let most = u64::from(MAX_SIDE) * u64::from(MAX_SIDE);
    let expect = Expectations {
        size: args.board.size_given.then_some(args.board.size),
        piece: args.board.piece_given.then_some(args.board.piece.piece),
        closed: args.board.closed,
        start: None,
        end: None,
        memory_cap: memory_limit().map_err(TourFileError::input)?,
        keep_tour: Some(most),
        shape: None,
    };
    let (checked, board_from) =
        check_file(path, InputFormat::Auto, &expect).map_err(|error| match error {
            CheckError::Invalid(message) => TourFileError {
                invalid: true,
                message: format!("invalid tour: {message}"),
            },
            other => TourFileError::input(other.to_string()),
        })?;
    let board = checked.board;
    if board.rows() > MAX_SIDE || board.cols() > MAX_SIDE {
        return Err(TourFileError::input(format!(
            "the explorer shows boards of at most {MAX_SIDE}x{MAX_SIDE}; the tour's {board} is \
             larger (knights-tour check validates it)"
        )));
    }
    let tour = checked
        .tour
        .ok_or_else(|| TourFileError::input("the tour was checked but not kept"))?;
    let name = if is_stdin(path) {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    let mut source = quoted(&name).to_string();
    if board_from == BoardFrom::Inferred {
        source.push_str(&format!(" ({INFERRED})"));
    }
    Ok(OpenedTour { tour, source })
}
