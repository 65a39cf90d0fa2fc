//! `check`: validates a tour read from a file or standard input (see [`crate::tourfile`]).

use std::io::Write;
use std::path::Path;

use crate::options::memory_limit;
use crate::tourfile::{BoardFrom, CheckError, CheckedTour, Expectations, INFERRED, check_file};

use super::{CheckArgs, ExitStatus, Failure, with_stdout};

/// `check`: validates a tour read from a file or standard input.
pub fn check(args: &CheckArgs) -> Result<ExitStatus, Failure> {
    let expect = Expectations {
        size: args.size,
        piece: args.piece,
        closed: args.closed,
        start: args.start.clone(),
        end: args.end.clone(),
        memory_cap: memory_limit().map_err(Failure::bad_input)?,
        keep_tour: None,
        shape: None,
    };
    let path = args.file.as_deref().unwrap_or(Path::new("-"));
    match check_file(path, args.format, &expect) {
        Ok((
            CheckedTour {
                board,
                piece,
                start,
                closed,
                ..
            },
            board_from,
        )) => {
            let kind = if closed { "closed" } else { "open" };
            // The knight's line reads as it always did; another piece is named.
            let piece = match piece {
                piece if piece.is_knight() => String::new(),
                piece => format!(" {piece}"),
            };
            let note = match board_from {
                BoardFrom::Inferred => format!(" ({INFERRED})"),
                BoardFrom::Stated => String::new(),
            };
            with_stdout(|out| {
                writeln!(
                    out,
                    "valid {kind}{piece} tour of {board} from {start}{note}"
                )
            })?;
            Ok(ExitStatus::Success)
        }
        Err(CheckError::Invalid(message)) => Err(Failure::new(
            ExitStatus::NoTour,
            format!("invalid tour: {message}"),
        )),
        Err(other) => Err(Failure::bad_input(other)),
    }
}
