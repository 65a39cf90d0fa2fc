//! Which shard a count is, and the digest of the question it answers.
//!
//! The shard comes from `--shard K/N`, or, with `--shards N` alone, from the index a scheduler
//! gives each of its tasks: `JOB_COMPLETION_INDEX` in a Kubernetes Indexed Job, else
//! `SLURM_ARRAY_TASK_ID` in a Slurm job array. The digest (FNV-1a, 64 bits) is of everything
//! the shards of one count share: the program's version, the board, the piece, the kind of tour, the
//! start and end, the method and the number of shards, so that `--merge` can refuse to add
//! up shards of different questions.

use std::env;
use std::ffi::OsString;
use std::fmt;

use super::{Counted, kind};
use crate::cli::Failure;
use knights_tour_engine::count::Shard;
use knights_tour_engine::quote::quoted_bytes;

/// The variables that give a shard's index, in the order they are read: a Kubernetes Indexed
/// Job's, then a Slurm job array's.
pub(super) const INDEX_VARIABLES: [&str; 2] = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"];

/// The shard asked for: `--shard` (which must agree with `--shards` when both are given), or
/// shard `K` of `--shards`, `K` from the environment.
pub(super) fn shard_asked(
    shard: Option<Shard>,
    shards: Option<u32>,
) -> Result<Option<Shard>, Failure> {
    match (shard, shards) {
        (Some(shard), Some(of)) if shard.of != of => Err(Failure::bad_input(format!(
            "--shard {shard} is not one of --shards {of}: give the same number of shards, or \
             --shard alone"
        ))),
        (Some(shard), _) => Ok(Some(shard)),
        (None, Some(of)) => index_from(of, |name| env::var_os(name))
            .map(Some)
            .map_err(Failure::bad_input),
        (None, None) => Ok(None),
    }
}

/// Shard `K` of `of`, `K` read from the first of [`INDEX_VARIABLES`] that `variable` finds
/// set.
fn index_from(of: u32, variable: impl Fn(&str) -> Option<OsString>) -> Result<Shard, String> {
    let Some((name, value)) = INDEX_VARIABLES
        .iter()
        .find_map(|&name| variable(name).map(|value| (name, value)))
    else {
        return Err(format!(
            "--shards {of} takes the shard's index from JOB_COMPLETION_INDEX (Kubernetes) or \
             SLURM_ARRAY_TASK_ID (Slurm), and neither is set: set one, or give --shard K/{of}"
        ));
    };
    let bytes = value.as_encoded_bytes();
    let index = std::str::from_utf8(bytes)
        .ok()
        .filter(|digits| !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit()))
        .and_then(|digits| digits.parse::<u32>().ok())
        .filter(|&index| index < of);
    match index {
        Some(index) => Ok(Shard { index, of }),
        None => Err(format!(
            "{name}={} is not a shard of --shards {of}: expected a whole number from 0 to {}",
            quoted_bytes(bytes),
            of - 1
        )),
    }
}

/// The digest of a count's question, written as 16 hexadecimal digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Digest(pub(super) u64);

impl Digest {
    /// The digest of the question `counted` answers, split into `shards`.
    pub(super) fn of(counted: &Counted, shards: u32) -> Self {
        let square =
            |square: Option<_>| square.map_or("-".to_string(), |square| format!("{square}"));
        let question = format!(
            "knights-tour {}\nboard {}\nkind {}\nstart {}\nend {}\nmethod {}\nshards {shards}\n",
            env!("CARGO_PKG_VERSION"),
            counted.board,
            kind(counted.closed),
            square(counted.start),
            square(counted.end),
            counted.method,
        );
        // A knight's question reads as it did before there were other pieces.
        let piece = match counted.piece {
            piece if piece.is_knight() => String::new(),
            piece => format!("piece {}\n", piece.label()),
        };
        Self(fnv1a((question + &piece).as_bytes()))
    }

    /// A digest as [`Digest`]'s `Display` writes it.
    pub(super) fn parse(text: &str) -> Option<Self> {
        let hex = text.len() == 16 && text.bytes().all(|byte| byte.is_ascii_hexdigit());
        hex.then(|| u64::from_str_radix(text, 16).ok())
            .flatten()
            .map(Self)
    }
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// FNV-1a, 64 bits: a hash that is the same on every machine and in every version of Rust.
fn fnv1a(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01b3;
    bytes.iter().fold(OFFSET, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(PRIME)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn environment<'a>(set: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |name| {
            set.iter()
                .find(|(set_name, _)| *set_name == name)
                .map(|(_, value)| OsString::from(value))
        }
    }

    #[test]
    fn the_index_comes_from_kubernetes_first_then_slurm() {
        let both = [("JOB_COMPLETION_INDEX", "2"), ("SLURM_ARRAY_TASK_ID", "1")];
        assert_eq!(
            index_from(4, environment(&both)),
            Ok(Shard { index: 2, of: 4 })
        );
        let slurm = [("SLURM_ARRAY_TASK_ID", "3")];
        assert_eq!(
            index_from(4, environment(&slurm)),
            Ok(Shard { index: 3, of: 4 })
        );
    }

    #[test]
    fn a_bad_or_missing_index_names_the_variable_and_its_value() {
        let error = index_from(4, environment(&[])).unwrap_err();
        assert!(error.contains("JOB_COMPLETION_INDEX") && error.contains("SLURM_ARRAY_TASK_ID"));
        for value in ["4", "-1", "", " 1", "1.0", "x", "99999999999"] {
            let set = [
                ("JOB_COMPLETION_INDEX", value),
                ("SLURM_ARRAY_TASK_ID", "0"),
            ];
            let error = index_from(4, environment(&set)).unwrap_err();
            let named = format!("JOB_COMPLETION_INDEX={}", quoted_bytes(value.as_bytes()));
            assert!(error.starts_with(&named), "{value:?}: {error}");
            assert!(error.contains("0 to 3"), "{error}");
        }
    }

    #[test]
    fn fnv1a_matches_its_published_test_vectors() {
        // From the FNV reference (Fowler, Noll, Vo): the empty string, "a" and "foobar".
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn a_digest_reads_back_as_it_is_written() {
        let digest = Digest(0x00ab_cdef_0123_4567);
        assert_eq!(digest.to_string(), "00abcdef01234567");
        assert_eq!(Digest::parse(&digest.to_string()), Some(digest));
        for bad in [
            "abc",
            "00abcdef0123456g",
            "+0abcdef01234567",
            "00ABCDEF012345678",
        ] {
            assert_eq!(Digest::parse(bad), None, "{bad}");
        }
    }
}
