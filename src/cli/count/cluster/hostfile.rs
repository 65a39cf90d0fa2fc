//! The hostfile of a cluster count: one `host:port` a line, the line of process `K` the `K`-th
//! (from 0), blank lines and `#` comments aside, and a byte-order mark before the first line
//! (some editors write one) too. Every process reads the same file; a line that is not
//! `host:port` is bad input, named with its line number and quoted.

use std::fs;
use std::path::Path;

use crate::cli::Failure;
use knights_tour_engine::quote::{quoted, quoted_bytes};

/// The most processes a hostfile may name.
pub(super) const MAX_PROCESSES: usize = 1024;

/// A hostfile larger than this is not one (1,024 lines of a long host name are well below).
const MAX_BYTES: u64 = 1 << 20;

/// The processes of a cluster count, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Hostfile {
    /// Each process's `host:port`, as written.
    pub(super) addresses: Vec<String>,
}

impl Hostfile {
    /// Reads the hostfile at `path`: a regular file (a FIFO or a device would block or never
    /// end), of at most 1 MiB.
    pub(super) fn read(path: &Path) -> Result<Self, Failure> {
        let name = path.as_os_str().as_encoded_bytes();
        let cannot = |error: std::io::Error| {
            Failure::bad_input(format!(
                "cannot read --cluster {}: {error}",
                quoted_bytes(name)
            ))
        };
        let metadata = fs::metadata(path).map_err(cannot)?;
        if !metadata.is_file() {
            return Err(Failure::bad_input(format!(
                "--cluster {} is not a regular file: give a file of host:port lines",
                quoted_bytes(name)
            )));
        }
        if metadata.len() > MAX_BYTES {
            return Err(Failure::bad_input(format!(
                "--cluster {} has {} bytes, more than a hostfile's 1 MiB",
                quoted_bytes(name),
                metadata.len()
            )));
        }
        let bytes = fs::read(path).map_err(cannot)?;
        Self::parse(&bytes).map_err(|error| {
            Failure::bad_input(format!("--cluster {} {error}", quoted_bytes(name)))
        })
    }

    /// The addresses of `bytes`, or what is wrong with them (the message goes on from the
    /// file's name).
    pub(super) fn parse(bytes: &[u8]) -> Result<Self, String> {
        let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
        let mut addresses: Vec<String> = Vec::new();
        let mut lines_of: Vec<usize> = Vec::new();
        for (at, line) in bytes.split(|&byte| byte == b'\n').enumerate() {
            let number = at + 1;
            let line = line.trim_ascii();
            if line.is_empty() || line.starts_with(b"#") {
                continue;
            }
            let address = std::str::from_utf8(line)
                .ok()
                .filter(|text| is_address(text))
                .ok_or_else(|| {
                    format!(
                        "line {number}: {} is not host:port (a host name or address, a colon, \
                         a port from 1 to 65535)",
                        quoted_bytes(line)
                    )
                })?;
            if let Some(first) = addresses.iter().position(|known| known == address) {
                return Err(format!(
                    "line {number}: {} is line {}'s address again: each process needs its own",
                    quoted(address),
                    lines_of[first]
                ));
            }
            if addresses.len() == MAX_PROCESSES {
                return Err(format!(
                    "line {number}: more than {MAX_PROCESSES} processes"
                ));
            }
            addresses.push(address.to_string());
            lines_of.push(number);
        }
        if addresses.is_empty() {
            return Err("names no process: give one host:port a line".to_string());
        }
        Ok(Self { addresses })
    }

    /// The number of processes.
    pub(super) fn len(&self) -> usize {
        self.addresses.len()
    }

    /// The digest of the addresses in order, which every process of one cluster shares.
    pub(super) fn digest(&self) -> u64 {
        fnv1a(self.addresses.join("\n").as_bytes())
    }
}

/// Whether `text` is `host:port`: a host name (letters, digits, `.`, `-`, `_`), an IPv4
/// address or an IPv6 one in brackets, and a port from 1 to 65535 in plain digits.
fn is_address(text: &str) -> bool {
    let Some((host, port)) = text.rsplit_once(':') else {
        return false;
    };
    let port_fits = !port.is_empty()
        && port.len() <= 5
        && port.bytes().all(|byte| byte.is_ascii_digit())
        && port
            .parse::<u32>()
            .is_ok_and(|port| (1..=65535).contains(&port));
    let host_fits = match host
        .strip_prefix('[')
        .and_then(|inner| inner.strip_suffix(']'))
    {
        Some(inner) => inner.parse::<std::net::Ipv6Addr>().is_ok(),
        None => {
            !host.is_empty()
                && host.len() <= 253
                && host
                    .bytes()
                    .all(|byte| byte.is_ascii_alphanumeric() || b".-_".contains(&byte))
        }
    };
    port_fits && host_fits
}

/// FNV-1a, 64 bits: a hash that is the same on every machine and in every version of Rust.
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01b3;
    bytes.iter().fold(OFFSET, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(PRIME)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hostfile_is_host_port_lines_with_blanks_and_comments_aside() {
        let text =
            b"# the count's processes\n127.0.0.1:7000\n\n  node-1.example:7001\r\n[::1]:7002\n";
        let hosts = Hostfile::parse(text).unwrap();
        assert_eq!(
            hosts.addresses,
            ["127.0.0.1:7000", "node-1.example:7001", "[::1]:7002"]
        );
        assert_eq!(hosts.len(), 3);
    }

    #[test]
    fn a_bad_line_is_named_by_its_number_and_quoted() {
        for (text, needles) in [
            (&b"a:1\nb\n"[..], &["line 2", "'b'", "host:port"][..]),
            (b"a:0\n", &["line 1", "'a:0'"]),
            (b"a:65536\n", &["'a:65536'"]),
            (b"a:+80\n", &["'a:+80'"]),
            (b":80\n", &["':80'"]),
            (b"a b:80\n", &["'a b:80'"]),
            (b"[::1:80\n", &["'[::1:80'"]),
            (b"\x1b[2J:80\n", &["'\\e[2J:80'"]),
            (b"a:\xff\n", &["'a:\\xff'"]),
            (b"a:1\n# b\na:1\n", &["line 3", "'a:1'", "line 1"]),
            (b"# nothing\n\n", &["names no process"]),
        ] {
            let error = Hostfile::parse(text).unwrap_err();
            for needle in needles {
                assert!(
                    error.contains(needle),
                    "{text:?}: {error:?} lacks {needle:?}"
                );
            }
        }
    }

    #[test]
    fn a_byte_order_mark_before_the_first_line_is_no_part_of_it() {
        let hosts = Hostfile::parse("\u{feff}a:1\nb:2\n".as_bytes()).unwrap();
        assert_eq!(hosts.addresses, ["a:1", "b:2"]);
        // Anywhere else it is shown in the message, never invisible.
        let error = Hostfile::parse("a:1\n\u{feff}b:2\n".as_bytes()).unwrap_err();
        assert!(error.contains(r"'\u{feff}b:2'"), "{error}");
    }

    #[test]
    fn the_digest_is_of_the_addresses_in_order() {
        let one = Hostfile::parse(b"a:1\nb:2\n").unwrap();
        let again = Hostfile::parse(b"# same\na:1\n\nb:2").unwrap();
        let swapped = Hostfile::parse(b"b:2\na:1\n").unwrap();
        assert_eq!(one.digest(), again.digest());
        assert_ne!(one.digest(), swapped.digest());
    }

    #[test]
    fn fnv1a_matches_its_published_test_vectors() {
        // From the FNV reference (Fowler, Noll, Vo): the empty string, "a" and "foobar".
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
