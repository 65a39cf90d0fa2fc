//! `--tour FILE` (or `-` for standard input): the tour read and validated through
//! [`crate::tourfile`] before the terminal is touched, so that a file that is not a tour, or a
//! tour that breaks a rule, ends the run with `check`'s message and status (2 or 1).

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::Path;

use thiserror::Error;

use crate::options::memory_limit;
use crate::tourfile::{CheckError, Expectations, InputFormat, check_tour};
use knights_tour_engine::quote::quoted_bytes;
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

/// Reads and validates the tour at `path` for the explorer of `args`: a list is read on the
/// board of `--size`, and `--closed` asks for a closed tour, as for `check`.
pub(super) fn read_tour(path: &Path, args: &ExplorerArgs) -> Result<Tour, TourFileError> {
    let reader: Box<dyn Read> = if is_stdin(path) {
        if io::stdin().is_terminal() {
            return Err(TourFileError::input(
                "--tour -: standard input is the terminal; pipe a tour in, or name a file",
            ));
        }
        Box::new(io::stdin().lock())
    } else {
        let file = File::open(path).map_err(|error| {
            let path = path.as_os_str().as_encoded_bytes();
            TourFileError::input(format!("cannot open {}: {error}", quoted_bytes(path)))
        })?;
        Box::new(file)
    };
    let most = u64::from(MAX_SIDE) * u64::from(MAX_SIDE);
    let expect = Expectations {
        size: None,
        default_size: args.board.size,
        closed: args.board.closed,
        start: None,
        memory_cap: memory_limit().map_err(TourFileError::input)?,
        keep_tour: Some(most),
    };
    let checked = check_tour(reader, InputFormat::Auto, &expect).map_err(|error| match error {
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
    checked
        .tour
        .ok_or_else(|| TourFileError::input("the tour was checked but not kept"))
}
