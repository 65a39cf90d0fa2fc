//! `check`: validates a tour read from a file or standard input (see [`crate::tourfile`]).

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use crate::options::{memory_limit, read_board};
use crate::tourfile::{BoardFrom, CheckError, CheckedTour, Expectations, INFERRED, check_file};

use super::{CheckArgs, ExitStatus, Failure, with_stdout};

/// `check`: validates a tour read from a file or standard input.
pub fn check(args: &CheckArgs) -> Result<ExitStatus, Failure> {
    let path = args.file.as_deref().unwrap_or(Path::new("-"));
    let board = args.shape.board.as_deref();
    if board.is_some_and(|board| board == Path::new("-")) && path == Path::new("-") {
        return Err(Failure::bad_input(
            "--board - and the tour both on standard input: give one of them as a file",
        ));
    }
    let picture = board.map(read_board).transpose();
    let picture = picture.map_err(Failure::bad_input)?;
    // The picture's start (an `s` or a 1) is the tour's, unless --start says otherwise.
    let picture_start = picture.as_ref().and_then(|picture| picture.start());
    let start = args.start.clone().or_else(|| {
        picture_start.map(|square| {
            format!("{},{}", square.row, square.col)
                .parse()
                .expect("r,c is a square")
        })
    });
    let expect = Expectations {
        size: args.size,
        piece: args.piece,
        closed: args.closed,
        start,
        end: args.end.clone(),
        memory_cap: memory_limit().map_err(Failure::bad_input)?,
        keep_tour: None,
        shape: picture.map(|picture| Arc::new(picture.into_shape())),
    };
    match check_file(path, args.format, &expect) {
        Ok((
            CheckedTour {
                board,
                piece,
                start,
                closed,
                shape,
                ..
            },
            board_from,
        )) => {
            // A board of any shape is named with its holes and numbers.
            let board = shape.map_or_else(|| board.to_string(), |shape| shape.to_string());
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
