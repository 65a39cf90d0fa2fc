//! The memory this process may use, found on the host: what the system reports free
//! (`MemAvailable`), what the process's control group allows (cgroups v2 `memory.max`, v1
//! `memory.limit_in_bytes`, less what the group already uses), what its own limits allow (the
//! address space, `ulimit -v` or `prlimit --as`, less what it has mapped; likewise the data
//! segment, `ulimit -d`), and [`MEMORY_VARIABLE`], which lowers them all. The engine receives
//! the result as a plain number of bytes. Under an address-space limit the threads a run asks
//! for are limited too ([`threads_within_limits`]): each reserves address space no cap charges.

use std::env::{self, VarError};
use std::fs;

use knights_tour_engine::board::Board;
use knights_tour_engine::quote::quoted_bytes;
use knights_tour_engine::solve::Request;

/// The environment variable that caps the memory a run may use, in bytes (a suffix `K`, `M` or
/// `G` multiplies by 2^10, 2^20 or 2^30), below what the system and its control group allow.
pub const MEMORY_VARIABLE: &str = "KNIGHTS_TOUR_MEMORY";

/// Boards of at most this many squares need a few megabytes whatever the method or output:
/// the host's limits cannot matter to them, so it is not asked (reading `/proc` and the control
/// group would cost a small request most of its start-up); [`MEMORY_VARIABLE`] still applies.
pub(crate) const SMALL_BOARD: u64 = 1 << 16;

/// `bytes` in megabytes (of 2^20 bytes) for a message, rounded up; in kilobytes below a
/// megabyte, so that a small amount is not called a megabyte.
pub fn megabytes(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{} KB", bytes.div_ceil(1 << 10))
    } else {
        format!("{} MB", bytes.div_ceil(1 << 20))
    }
}

/// `request` with the memory cap of this host (see [`memory_limit`]), which every method and
/// output honours; for a board of at most `SMALL_BOARD` squares, the variable's cap alone.
/// Fails with a one-line message when [`MEMORY_VARIABLE`] is not an amount.
pub fn with_memory_cap(mut request: Request) -> Result<Request, String> {
    request.memory_cap = memory_cap_for(request.board)?;
    Ok(request)
}

/// The memory cap of work on `board`: [`memory_limit`], or for a board of at most
/// `SMALL_BOARD` squares the variable's cap alone. Fails with a one-line message when
/// [`MEMORY_VARIABLE`] is not an amount.
pub fn memory_cap_for(board: Board) -> Result<Option<u64>, String> {
    if board.area() <= SMALL_BOARD {
        memory_variable()
    } else {
        memory_limit()
    }
}

/// The cap [`MEMORY_VARIABLE`] sets, if it is set; fails when it is not an amount.
fn memory_variable() -> Result<Option<u64>, String> {
    match env::var(MEMORY_VARIABLE) {
        Ok(text) => Ok(Some(
            parse_bytes(&text).ok_or_else(|| not_an_amount(text.as_bytes()))?,
        )),
        Err(VarError::NotPresent) => Ok(None),
        Err(VarError::NotUnicode(text)) => Err(not_an_amount(text.as_encoded_bytes())),
    }
}

/// The bytes this process may use: the least of the memory the system reports free, the room
/// left in its control group, the room left under its own address-space and data limits and
/// [`MEMORY_VARIABLE`]; `None` when none of them says. Fails with a one-line message naming
/// the variable's value when it is set but not an amount (or not UTF-8), whatever else the
/// host reports.
pub fn memory_limit() -> Result<Option<u64>, String> {
    Ok(memory_limit_found()?.map(|(bytes, _)| bytes))
}

/// Which of the host's limits [`memory_limit`] found the least.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemorySource {
    /// [`MEMORY_VARIABLE`].
    Variable,
    /// The memory the system reports available.
    Available,
    /// The room left in the process's control group.
    ControlGroup,
    /// The room left under the process's address-space or data limit.
    ProcessLimit,
}

impl std::fmt::Display for MemorySource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MemorySource::Variable => MEMORY_VARIABLE,
            MemorySource::Available => "the memory the system reports available (MemAvailable)",
            MemorySource::ControlGroup => "the room left in its control group (memory.max)",
            MemorySource::ProcessLimit => "the room left under ulimit -v or ulimit -d",
        })
    }
}

/// [`memory_limit`], and which limit it is.
pub fn memory_limit_found() -> Result<Option<(u64, MemorySource)>, String> {
    let from_variable = memory_variable()?;
    Ok([
        (from_variable, MemorySource::Variable),
        (available_memory(), MemorySource::Available),
        (control_group_room(), MemorySource::ControlGroup),
        (process_limit_room(), MemorySource::ProcessLimit),
    ]
    .into_iter()
    .filter_map(|(bytes, source)| Some((bytes?, source)))
    .min_by_key(|&(bytes, _)| bytes))
}

fn not_an_amount(text: &[u8]) -> String {
    format!(
        "{MEMORY_VARIABLE}={} is not an amount of memory: expected bytes with an optional K, M \
         or G suffix, like 512M or 2G",
        quoted_bytes(text)
    )
}

/// `1000`, `512K`, `100M`, `2G` (also `100MB`, `2GiB`).
pub fn parse_bytes(text: &str) -> Option<u64> {
    let text = text.trim();
    let text = text.strip_suffix(['B', 'b']).unwrap_or(text);
    let text = text.strip_suffix('i').unwrap_or(text);
    let (digits, shift) = match text.char_indices().last()? {
        (at, 'K' | 'k') => (&text[..at], 10),
        (at, 'M' | 'm') => (&text[..at], 20),
        (at, 'G' | 'g') => (&text[..at], 30),
        _ => (text, 0),
    };
    if !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u64>().ok()?.checked_mul(1 << shift)
}

/// Bytes of memory the system can give without swapping, if it says.
fn available_memory() -> Option<u64> {
    let info = fs::read_to_string("/proc/meminfo").ok()?;
    let line = info
        .lines()
        .find(|line| line.starts_with("MemAvailable:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kilobytes.checked_mul(1024)
}

/// The room left under this process's own limits, if it has any: the address space
/// (`RLIMIT_AS`: `ulimit -v`, `prlimit --as`) less what it has mapped (`VmSize`), and the data
/// segment (`RLIMIT_DATA`: `ulimit -d`) less its private writable mappings (`VmData`), which
/// is what the kernel counts against each. Read from `/proc/self`, which the kernel keeps.
fn process_limit_room() -> Option<u64> {
    let limits = fs::read_to_string("/proc/self/limits").ok()?;
    let status = fs::read_to_string("/proc/self/status").ok()?;
    [
        ("Max address space", "VmSize:"),
        ("Max data size", "VmData:"),
    ]
    .into_iter()
    .filter_map(|(limit, used)| {
        let limit = soft_limit(&limits, limit)?;
        Some(limit.saturating_sub(status_bytes(&status, used).unwrap_or(0)))
    })
    .min()
}

/// The address space a thread takes that no memory cap charges: its stack (2 MiB, the
/// standard library's default), its signal stack, and the heap arena glibc's malloc reserves
/// for a thread that allocates (64 MiB on 64-bit systems, reserved before it is used).
pub const THREAD_ADDRESS_SPACE: u64 = 66 << 20;

/// `wanted` threads, or fewer when this process's address-space limit (`ulimit -v`,
/// `prlimit --as`) leaves room for fewer in a quarter of what is left under it (the part a
/// count's memory cap does not take); at least one, the thread that asks. A thread started
/// in an address space too full for it ends the process (the standard library aborts when
/// it cannot map the new thread's signal stack), so such threads are not asked for.
pub fn threads_within_limits(wanted: usize) -> usize {
    match address_space_room() {
        Some(room) => threads_in_room(wanted, room),
        None => wanted,
    }
}

/// The threads `room` bytes of address space hold in their quarter, at most `wanted`, at
/// least one.
fn threads_in_room(wanted: usize, room: u64) -> usize {
    let fit = (room / 4 / THREAD_ADDRESS_SPACE).max(1);
    wanted
        .min(usize::try_from(fit).unwrap_or(usize::MAX))
        .max(1)
}

/// The memory cap a process may keep beside `threads` threads it is about to start, under its
/// address-space limit (`ulimit -v`, `prlimit --as`): `cap`, lowered to three quarters of what
/// the limit leaves once each thread has its [`THREAD_ADDRESS_SPACE`] (the rest, as for one
/// process, for what no cap charges); without such a limit, `cap` as it is.
/// Fails with the room left when that cannot hold the threads themselves. (A cluster count's
/// network threads, which `threads_within_limits` never saw, took the address space its cap
/// had counted on, and the process aborted on an allocation.)
pub fn cap_beside_threads(cap: Option<u64>, threads: usize) -> Result<Option<u64>, u64> {
    match address_space_room() {
        Some(room) => cap_in_room(cap, threads, room),
        None => Ok(cap),
    }
}

/// [`cap_beside_threads`] in `room` bytes of address space.
fn cap_in_room(cap: Option<u64>, threads: usize, room: u64) -> Result<Option<u64>, u64> {
    let for_threads = (threads as u64).saturating_mul(THREAD_ADDRESS_SPACE);
    let most = (room.checked_sub(for_threads))
        .map(|left| left / 4 * 3)
        .filter(|&most| most > 0)
        .ok_or(room)?;
    Ok(Some(cap.map_or(most, |cap| cap.min(most))))
}

/// The room left under this process's address-space limit, if it has one.
fn address_space_room() -> Option<u64> {
    let limits = fs::read_to_string("/proc/self/limits").ok()?;
    let limit = soft_limit(&limits, "Max address space")?;
    let status = fs::read_to_string("/proc/self/status").ok()?;
    Some(limit.saturating_sub(status_bytes(&status, "VmSize:").unwrap_or(0)))
}

/// The soft limit of the row `name` of `/proc/self/limits` (`Max address space  400000000
/// unlimited  bytes`), in its units; `None` for `unlimited` or no such row.
fn soft_limit(limits: &str, name: &str) -> Option<u64> {
    let row = limits.lines().find_map(|line| line.strip_prefix(name))?;
    row.split_whitespace().next()?.parse().ok()
}

/// The field `name` of `/proc/self/status` (`VmSize:   3896 kB`), in bytes.
fn status_bytes(status: &str, name: &str) -> Option<u64> {
    let row = status.lines().find_map(|line| line.strip_prefix(name))?;
    let kilobytes: u64 = row.split_whitespace().next()?.parse().ok()?;
    kilobytes.checked_mul(1024)
}

/// The room left in this process's memory control group, if it has a limit: cgroups v2
/// (`memory.max` less `memory.current`) or v1 (`memory.limit_in_bytes` less
/// `memory.usage_in_bytes`), looked up at the group named in `/proc/self/cgroup` and at the
/// root of the mount (where a container sees its own group).
fn control_group_room() -> Option<u64> {
    let membership = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let mut places = Vec::new();
    for line in membership.lines() {
        match line.splitn(3, ':').collect::<Vec<_>>()[..] {
            ["0", "", path] => places.push((format!("/sys/fs/cgroup{path}"), V2)),
            [_, controllers, path] if controllers.split(',').any(|c| c == "memory") => {
                places.push((format!("/sys/fs/cgroup/memory{path}"), V1))
            }
            _ => {}
        }
    }
    places.push(("/sys/fs/cgroup".to_string(), V2));
    places.push(("/sys/fs/cgroup/memory".to_string(), V1));
    places
        .iter()
        .filter_map(|(directory, files)| {
            let limit = fs::read_to_string(format!("{directory}/{}", files.limit)).ok()?;
            let usage = fs::read_to_string(format!("{directory}/{}", files.usage)).ok();
            room_in_group(&limit, usage.as_deref())
        })
        .min()
}

/// The files that hold a control group's memory limit and usage.
struct GroupFiles {
    limit: &'static str,
    usage: &'static str,
}

const V2: GroupFiles = GroupFiles {
    limit: "memory.max",
    usage: "memory.current",
};

const V1: GroupFiles = GroupFiles {
    limit: "memory.limit_in_bytes",
    usage: "memory.usage_in_bytes",
};

/// v1 writes "no limit" as a huge number near `i64::MAX`; anything above this is no limit.
const NO_LIMIT_ABOVE: u64 = 1 << 60;

/// The room a group's limit leaves given its usage; `None` when it has no limit (`max`).
fn room_in_group(limit: &str, usage: Option<&str>) -> Option<u64> {
    let limit: u64 = limit.trim().parse().ok()?;
    if limit >= NO_LIMIT_ABOVE {
        return None;
    }
    let used = usage.and_then(|text| text.trim().parse::<u64>().ok());
    Some(limit.saturating_sub(used.unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn any_text_is_an_amount_or_refused_without_panic(text in any::<String>()) {
            if let Some(bytes) = parse_bytes(&text) {
                prop_assert!(text.trim().starts_with(|c: char| c.is_ascii_digit()), "{text:?} -> {bytes}");
            }
        }

        #[test]
        fn written_amounts_read_back(amount in 0u64..1 << 33, suffix in 0usize..4) {
            let (letter, shift) = [("", 0), ("K", 10), ("M", 20), ("G", 30)][suffix];
            prop_assert_eq!(parse_bytes(&format!("{amount}{letter}")), amount.checked_mul(1 << shift));
        }
    }

    #[test]
    fn a_cap_beside_threads_leaves_each_thread_its_address_space() {
        let thread = THREAD_ADDRESS_SPACE;
        // Room for four threads and 100 MB: a larger cap comes down to 75 MB, three quarters
        // of it, a smaller one stays, and no cap becomes the 75 MB.
        let room = 4 * thread + (100 << 20);
        assert_eq!(cap_in_room(Some(1 << 30), 4, room), Ok(Some(75 << 20)));
        assert_eq!(cap_in_room(Some(50 << 20), 4, room), Ok(Some(50 << 20)));
        assert_eq!(cap_in_room(None, 4, room), Ok(Some(75 << 20)));
        // No room beside the threads: refused, saying the room there was.
        assert_eq!(cap_in_room(Some(1 << 30), 4, 4 * thread), Err(4 * thread));
        assert_eq!(cap_in_room(None, 6, room), Err(room));
    }

    #[test]
    fn memory_amounts_with_and_without_suffixes() {
        assert_eq!(parse_bytes("1000"), Some(1000));
        assert_eq!(parse_bytes("512K"), Some(512 << 10));
        assert_eq!(parse_bytes("100MB"), Some(100 << 20));
        assert_eq!(parse_bytes("2GiB"), Some(2 << 30));
        assert_eq!(parse_bytes(" 64m "), Some(64 << 20));
        for bad in [
            "1.5G",
            "",
            "G",
            "+5M",
            "-1",
            "abc",
            "99999999999G",
            "1 G",
            "5T",
        ] {
            assert_eq!(parse_bytes(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_control_group_limit_leaves_its_unused_room() {
        assert_eq!(
            room_in_group("1073741824\n", Some("73741824\n")),
            Some(1_000_000_000)
        );
        assert_eq!(room_in_group("1000", Some("5000")), Some(0));
        assert_eq!(room_in_group("1000", None), Some(1000));
        assert_eq!(room_in_group("max\n", Some("5000")), None);
        assert_eq!(room_in_group("9223372036854771712", Some("5")), None);
    }

    #[test]
    fn a_process_limit_is_read_from_its_row_and_unlimited_is_none() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max data size             unlimited            unlimited            bytes     \n\
                      Max address space         400000000            unlimited            bytes     \n";
        assert_eq!(soft_limit(limits, "Max address space"), Some(400_000_000));
        assert_eq!(soft_limit(limits, "Max data size"), None);
        assert_eq!(soft_limit(limits, "Max file locks"), None);
        let status = "Name:\tknights-tour\nVmPeak:\t    9000 kB\nVmSize:\t    3896 kB\n";
        assert_eq!(status_bytes(status, "VmSize:"), Some(3896 * 1024));
        assert_eq!(status_bytes(status, "VmData:"), None);
    }

    #[test]
    fn an_address_space_limit_leaves_threads_a_quarter_of_its_room() {
        let gigabyte = 1_000_000_000;
        assert_eq!(threads_in_room(64, gigabyte), 3);
        assert_eq!(threads_in_room(2, gigabyte), 2);
        assert_eq!(threads_in_room(64, 100_000_000), 1);
        assert_eq!(threads_in_room(64, 0), 1);
        assert_eq!(threads_in_room(64, 1 << 40), 64);
    }

    #[test]
    fn a_bad_amount_is_named_safely_with_the_accepted_forms() {
        let message = not_an_amount(b"\x1b[2J\xff");
        assert!(message.contains(r"'\e[2J\xff'"), "{message}");
        assert!(
            message.contains("512M") && message.contains("2G"),
            "{message}"
        );
        assert!(not_an_amount(&[b'9'; 100_000]).len() < 200);
    }
}
