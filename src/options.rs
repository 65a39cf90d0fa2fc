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
use crate::engine::solve::{Method, Request};

/// The board, start and open/closed, shared by every command.
#[derive(Debug, Clone, Args)]
pub struct BoardArgs {
    /// Board size: ROWSxCOLS (8x10 is 8 rows, 10 columns) or N for NxN
    #[arg(long, value_name = "RxC", default_value = "8x8", value_parser = parse_size)]
    pub size: Board,
    /// Start square: ROW,COL 0-based from the top-left, or algebraic like a1 (a = column 0,
    /// rank 1 = bottom row; boards of at most 26 columns)
    #[arg(long, value_name = "SQ", default_value = "0,0")]
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
        format!("invalid duration '{text}': expected a number and a unit, like 250ms, 2s or 1m")
    })
}

/// The environment variable that caps the memory a construction may use, in bytes (a suffix
/// `K`, `M` or `G` multiplies by 2^10, 2^20 or 2^30), below what the system reports free.
pub const MEMORY_VARIABLE: &str = "KNIGHTS_TOUR_MEMORY";

/// `request` with the memory cap this host imposes, where the request may construct a tour
/// (the one layer whose memory grows with the board): the memory the system reports free
/// (`MemAvailable` on Linux; elsewhere the allocation itself is checked), lowered by
/// [`MEMORY_VARIABLE`]. Fails with a one-line message when that variable is not an amount.
pub fn with_memory_cap(mut request: Request) -> Result<Request, String> {
    if request.may_construct() {
        request.memory_cap = memory_cap()?;
    }
    Ok(request)
}

fn memory_cap() -> Result<Option<u64>, String> {
    let cap = match std::env::var(MEMORY_VARIABLE) {
        Ok(text) => Some(parse_bytes(&text).ok_or_else(|| {
            format!(
                "{MEMORY_VARIABLE}='{text}' is not an amount of memory: expected bytes with an \
                 optional K, M or G suffix, like 512M or 2G"
            )
        })?),
        Err(_) => None,
    };
    Ok(match (available_memory(), cap) {
        (Some(free), Some(cap)) => Some(free.min(cap)),
        (free, cap) => free.or(cap),
    })
}

/// `1000`, `512K`, `100M`, `2G` (also `100MB`, `2GiB`).
fn parse_bytes(text: &str) -> Option<u64> {
    let text = text.trim();
    let text = text.strip_suffix(['B', 'b']).unwrap_or(text);
    let text = text.strip_suffix('i').unwrap_or(text);
    let (digits, shift) = match text.char_indices().last()? {
        (at, 'K' | 'k') => (&text[..at], 10),
        (at, 'M' | 'm') => (&text[..at], 20),
        (at, 'G' | 'g') => (&text[..at], 30),
        _ => (text, 0),
    };
    digits.parse::<u64>().ok()?.checked_mul(1 << shift)
}

/// Bytes of memory the system can give without swapping, if it says.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info
        .lines()
        .find(|line| line.starts_with("MemAvailable:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_amounts_with_and_without_suffixes() {
        assert_eq!(parse_bytes("1000"), Some(1000));
        assert_eq!(parse_bytes("512K"), Some(512 << 10));
        assert_eq!(parse_bytes("100MB"), Some(100 << 20));
        assert_eq!(parse_bytes("2GiB"), Some(2 << 30));
        assert_eq!(parse_bytes("1.5G"), None);
        assert_eq!(parse_bytes(""), None);
        assert_eq!(parse_bytes("99999999999G"), None);
    }

    #[test]
    fn method_names_round_trip_through_the_command_line() {
        for method in Method::ALL {
            let parsed = Method::from_str(method.name(), false).unwrap();
            assert_eq!(parsed, method);
        }
        assert!(Method::from_str("greedy", false).is_err());
    }
}
