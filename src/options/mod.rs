//! What the front ends share: the board options every command takes, the engine's vocabulary
//! on the command line, and the limits found on the host (free memory, the memory cap of
//! [`MEMORY_VARIABLE`]) that the engine then receives as plain values.
//!
//! The command line and the explorer both import this module and never each other.

use std::time::Duration;

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};

use crate::engine::board::Board;
use crate::engine::notation::{SquareSpec, parse_size};
use crate::engine::quote::quoted;
use crate::engine::solve::Method;

mod memory;

pub use memory::{MEMORY_VARIABLE, memory_limit, with_memory_cap};

/// The board, start and open/closed, shared by every command.
#[derive(Debug, Clone, Args)]
pub struct BoardArgs {
    /// Board size: ROWSxCOLS (8x10 is 8 rows, 10 columns) or N for NxN
    #[arg(long, value_name = "RxC", default_value = "8x8", value_parser = parse_size)]
    pub size: Board,
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
}

/// `--method` takes the engine's method names, with their descriptions as help.
impl ValueEnum for Method {
    fn value_variants<'a>() -> &'a [Self] {
        &Method::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.description()))
    }
}

/// A duration as people type it: `250ms`, `2s`, `1m`.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    humantime::parse_duration(text.trim()).map_err(|_| {
        format!(
            "invalid duration {}: expected a number and a unit, like 250ms, 2s or 1m",
            quoted(text)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn method_names_round_trip_through_the_command_line() {
        for method in Method::ALL {
            let parsed = Method::from_str(method.name(), false).unwrap();
            assert_eq!(parsed, method);
        }
        assert!(Method::from_str("greedy", false).is_err());
    }
}
