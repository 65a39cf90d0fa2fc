//! `check`: validates a tour read from a file or standard input (see [`crate::tourfile`]).

use std::fs::File;
use std::io::{self, Read, Write};

use crate::options::memory_limit;
use crate::tourfile::{CheckError, CheckedTour, Expectations, check_tour};
use knights_tour_engine::board::Board;
use knights_tour_engine::quote::quoted_bytes;

use super::{CheckArgs, ExitStatus, Failure, with_stdout};

/// `check`: validates a tour read from a file or standard input.
pub fn check(args: &CheckArgs) -> Result<ExitStatus, Failure> {
    let expect = Expectations {
        size: args.size,
        default_size: Board::new(8, 8).expect("8x8 is a board"),
        closed: args.closed,
        start: args.start.clone(),
        memory_cap: memory_limit().map_err(Failure::bad_input)?,
        keep_tour: None,
    };
    let reader: Box<dyn Read> = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            let file = File::open(path).map_err(|error| {
                let path = path.as_os_str().as_encoded_bytes();
                Failure::bad_input(format!("cannot open {}: {error}", quoted_bytes(path)))
            })?;
            Box::new(file)
        }
        _ => Box::new(io::stdin().lock()),
    };
    match check_tour(reader, args.format, &expect) {
        Ok(CheckedTour {
            board,
            start,
            closed,
            ..
        }) => {
            let kind = if closed { "closed" } else { "open" };
            with_stdout(|out| writeln!(out, "valid {kind} tour of {board} from {start}"))?;
            Ok(ExitStatus::Success)
        }
        Err(CheckError::Invalid(message)) => Err(Failure::new(
            ExitStatus::NoTour,
            format!("invalid tour: {message}"),
        )),
        Err(other) => Err(Failure::bad_input(other)),
    }
}
