//! The engine's limits as a script meets them: `--deadline` and `--node-budget` reach every
//! layer (the construction and the search's setup on huge boards included) and end the run
//! with exit 3 and a "gave up" line; `KNIGHTS_TOUR_MEMORY` caps every method (exit 2 naming the
//! board and the memory it needs); a process that the system refuses memory ends with exit 2
//! and one line, never an abort; a duration too long for any clock is no limit, never a panic.
//! Nothing here is timed: the exit status is what is asserted.

use std::fs;
use std::process::{Command as StdCommand, Stdio};

use super::*;

#[test]
fn the_deadline_stops_a_large_construction_and_a_large_search_setup_with_exit_3() {
    let cases: [&[&str]; 4] = [
        &["solve", "--size", "20000", "--closed", "--deadline", "20ms"],
        &[
            "solve",
            "--size",
            "20000",
            "--closed",
            "--deadline",
            "20ms",
            "--method",
            "construct",
        ],
        &["solve", "--size", "20001", "--deadline", "20ms"],
        &[
            "solve",
            "--method",
            "warnsdorff",
            "--size",
            "30000",
            "--deadline",
            "50ms",
        ],
    ];
    for args in cases {
        let what = args.join(" ");
        let run = run_quietly(args, &[]);
        assert_fails(&run, 3, &["gave up", "deadline"], &what);
    }
}

#[test]
fn a_construction_that_gave_up_says_so_in_json() {
    let args = [
        "solve",
        "--size",
        "20000",
        "--closed",
        "--deadline",
        "20ms",
        "--format",
        "json",
    ];
    let output = knights_tour().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(3));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["outcome"], "budget_exceeded", "{json}");
    assert_eq!(json["layer"], "construct", "{json}");
    assert!(json.get("path").is_none(), "{json}");
}

#[test]
fn the_node_budget_reaches_the_construction_s_piece_searches() {
    for args in [
        &["--size", "100", "--node-budget", "10"][..],
        &["--size", "100", "--closed", "--node-budget", "10"],
        &["--size", "101", "--start", "50,50", "--node-budget", "10"],
        &["--size", "4x5000", "--node-budget", "10"],
        &[
            "--size",
            "60",
            "--method",
            "construct",
            "--node-budget",
            "1",
        ],
    ] {
        let what = format!("solve {}", args.join(" "));
        assert_fails(&solve(args), 3, &["gave up", "node budget"], &what);
    }
    // The same boards within a budget that holds their pieces, and with the largest budget
    // and deadline clap accepts.
    let most = u64::MAX.to_string();
    for args in [
        &["--size", "100", "--node-budget", "100000"][..],
        &[
            "--size",
            "101",
            "--start",
            "50,50",
            "--node-budget",
            "1000000",
        ],
        &[
            "--size",
            "100",
            "--node-budget",
            &most,
            "--deadline",
            "9999999999999d",
        ],
    ] {
        let what = format!("solve {}", args.join(" "));
        let run = solve(&[args, &["--format", "list"]].concat());
        assert_eq!(run.code, 0, "{what}: {}", run.stderr);
        let size = args[1];
        let start = if args.contains(&"50,50") {
            Square::new(50, 50)
        } else {
            Square::new(0, 0)
        };
        let side: u64 = size.parse().unwrap();
        let path = parse_list(&run.stdout);
        assert_tour(board(side, side), &path, false, start, &what);
    }
}

#[test]
fn the_memory_variable_caps_every_method_on_large_boards_naming_the_board_not_on_small() {
    for method in ["auto", "construct", "warnsdorff", "backtrack", "naive"] {
        let what = format!("KNIGHTS_TOUR_MEMORY=1M solve --size 3000 --method {method}");
        let run = run_quietly(
            &["solve", "--size", "3000", "--method", method],
            &[("KNIGHTS_TOUR_MEMORY", "1M")],
        );
        assert_fails(&run, 2, &["3000x3000", "MB"], &what);
    }
    // Small boards run under the same cap, by every method.
    for method in ["auto", "construct", "warnsdorff", "backtrack", "naive"] {
        let output = knights_tour()
            .args(["solve", "--size", "5", "--method", method])
            .env("KNIGHTS_TOUR_MEMORY", "1M")
            .output()
            .unwrap();
        let what = format!("KNIGHTS_TOUR_MEMORY=1M solve --size 5 --method {method}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{what}: {stderr}");
        let (grid_board, path) = parse_grid(&String::from_utf8(output.stdout).unwrap(), true);
        assert_tour(grid_board, &path, false, Square::new(0, 0), &what);
    }
}

/// Runs `knights-tour ARGS` under an address-space limit of 300 MB.
#[cfg(target_os = "linux")]
fn under_300_mb(args: &str) -> std::process::Output {
    under_address_space(300_000, args)
}

/// Runs `knights-tour ARGS` under an address-space limit of `kilobytes` (`ulimit -v`).
#[cfg(target_os = "linux")]
fn under_address_space(kilobytes: u64, args: &str) -> std::process::Output {
    StdCommand::new("bash")
        .arg("-c")
        .arg(format!("ulimit -v {kilobytes}; exec \"$0\" {args}"))
        .arg(assert_cmd::cargo::cargo_bin("knights-tour"))
        .stdout(Stdio::null())
        .output()
        .unwrap()
}

/// `--threads 64` under a 1 GB address space panicked ("failed to spawn thread", exit 101):
/// each thread reserves address space no cap charges. The threads that fit beside the states
/// count, the rest are not asked for and the note says so; the count is OEIS A165134's
/// 6,637,920 all the same.
#[test]
#[cfg(target_os = "linux")]
fn a_count_under_an_address_space_limit_runs_on_the_threads_it_has_room_for() {
    let args = "count --size 6 --threads 64";
    let output = StdCommand::new("bash")
        .arg("-c")
        .arg(format!("ulimit -v 1000000; exec \"$0\" {args}"))
        .arg(assert_cmd::cargo::cargo_bin("knights-tour"))
        .output()
        .unwrap();
    let out = finished(&[args], output);
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (0, "6637920\n"),
        "{}",
        out.stderr
    );
    let note = one_line(&out.stderr, "the note on the threads");
    assert!(note.contains("of the 64 threads asked for"), "{note}");
}

/// A count that may not spill (`--no-spill`) under an address-space limit names a cap within
/// that limit (not the machine's free memory), and its figures agree: more wanted than the cap
/// (as it runs, or by its floor before it starts), or an allocation within the cap that the
/// system refused.
#[test]
#[cfg(target_os = "linux")]
fn a_count_under_an_address_space_limit_names_a_cap_within_it() {
    let args = "count --size 7 --threads 1 --no-spill";
    let output = under_address_space(150_000, args);
    let stderr = String::from_utf8(output.stderr).unwrap();
    let what = format!("ulimit -v 150000; {args}");
    assert_eq!(output.status.code(), Some(2), "{what}: {stderr}");
    let line = one_line(&stderr, &what);
    let number_after = |words: &str| -> u64 {
        let (_, rest) = line.split_once(words).unwrap_or_else(|| panic!("{line}"));
        rest.split(' ').next().unwrap().parse().unwrap()
    };
    let cap = number_after("memory cap of ");
    assert!(cap < 150_000 * 1024, "{what}: {line}");
    if line.contains("the system refused") {
        let wanted = number_after("refused the count ");
        assert!(wanted <= cap, "{what}: {line}");
    } else if line.contains("need a frontier of at least") {
        // Refused before it started: the states its peak needs take more than the cap.
        let needed = number_after("states at its peak, ");
        assert!(needed > cap, "{what}: {line}");
    } else {
        let (_, wanted) = line.split_once("bytes: ").unwrap();
        let wanted: u64 = wanted.split(' ').next().unwrap().parse().unwrap();
        assert!(wanted > cap, "{what}: {line}");
    }
}

/// A count that spills under an address-space limit goes on within it until its deadline,
/// then gives up (exit 3) and leaves no spill behind. Its cap once left out the address space
/// the thread that listens for signals takes (glibc reserves 64 MiB for its arena), and the
/// count aborted on an allocation the cap does not charge ("memory allocation of 2048 bytes
/// failed").
#[test]
#[cfg(target_os = "linux")]
fn a_count_spilling_under_an_address_space_limit_stops_at_its_deadline_never_an_abort() {
    let spill = tempfile::tempdir().unwrap();
    let folder = spill.path().to_str().unwrap();
    let args = format!("count --size 7 --threads 1 --deadline 15s --spill {folder}");
    let output = under_address_space(150_000, &args);
    let stderr = String::from_utf8(output.stderr).unwrap();
    let what = format!("ulimit -v 150000; {args}");
    assert_eq!(output.status.code(), Some(3), "{what}: {stderr}");
    let gave_up = stderr.lines().last().unwrap_or_default();
    assert!(
        gave_up.starts_with("knights-tour: gave up: "),
        "{what}: {stderr}"
    );
    assert_eq!(fs::read_dir(spill.path()).unwrap().count(), 0, "{what}");
}

#[test]
#[cfg(target_os = "linux")]
fn memory_the_system_refuses_is_exit_2_with_one_line_never_an_abort() {
    for method in ["backtrack", "naive", "warnsdorff", "construct"] {
        let args = format!("solve --size 12000 --method {method}");
        let output = under_300_mb(&args);
        let stderr = String::from_utf8(output.stderr).unwrap();
        let what = format!("ulimit -v 300000; {args}");
        assert_eq!(output.status.code(), Some(2), "{what}: {stderr}");
        let line = one_line(&stderr, &what);
        assert!(
            line.contains("12000x12000") && line.contains("MB"),
            "{what}: {line}"
        );
    }
    let args = "solve --size 6000 --method backtrack";
    let output = under_300_mb(args);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{args}: {stderr}");
    assert!(one_line(&stderr, args).contains("6000x6000"), "{stderr}");
    // Today's search of 4000x4000 fits in 300 MB; whether it does or not, it never aborts.
    let args = "solve --size 4000 --method backtrack";
    let output = under_300_mb(args);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        matches!(output.status.code(), Some(0 | 2 | 3)),
        "{args}: {:?} {stderr}",
        output.status
    );
}

/// Durations too long for any clock, each the way a user may write one: the most seconds a
/// duration holds, years past that, and a number past every integer.
const PAST_EVERY_CLOCK: [&str; 3] = [
    "18446744073709551615s",
    "500000000000y",
    "99999999999999999999999y",
];

#[test]
fn a_deadline_past_every_clock_is_no_limit() {
    for deadline in PAST_EVERY_CLOCK {
        let what = format!("solve --deadline {deadline}");
        let solved = solve(&["--size", "5", "--format", "list", "--deadline", deadline]);
        assert_eq!(solved.code, 0, "{what}: {}", solved.stderr);
        let path = parse_list(&solved.stdout);
        assert_tour(board(5, 5), &path, false, Square::new(0, 0), &what);
        for command in ["starts", "ends"] {
            let what = format!("{command} --deadline {deadline}");
            let limited = run(&[command, "--size", "5", "--deadline", deadline], None);
            let unlimited = run(&[command, "--size", "5"], None);
            assert_eq!(limited.code, unlimited.code, "{what}: {}", limited.stderr);
            assert_eq!(limited.stdout, unlimited.stdout, "{what}");
            assert_eq!(limited.stderr, "", "{what}");
        }
        let what = format!("count --deadline {deadline}");
        let count = |extra: &[&str]| run(&[&["count", "--size", "3x4"], extra].concat(), None);
        let limited = count(&["--deadline", deadline]);
        assert_eq!(limited.code, 0, "{what}: {}", limited.stderr);
        assert_eq!(limited.stdout, count(&[]).stdout, "{what}");
    }
}

#[test]
fn a_cluster_wait_past_every_clock_is_no_limit() {
    let alone = run(&["count", "--size", "3x4"], None);
    assert_eq!(alone.code, 0, "{}", alone.stderr);
    for wait in PAST_EVERY_CLOCK {
        // A cluster of one process: process 0 of a hostfile of one line, on a free port.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let hosts = scratch_file("one.hosts", format!("127.0.0.1:{port}\n").as_bytes());
        let hosts = hosts.to_str().unwrap();
        let what = format!("count --cluster ONE --process 0 --cluster-wait {wait}");
        let args = [
            "count",
            "--size",
            "3x4",
            "--threads",
            "1",
            "--cluster",
            hosts,
            "--process",
            "0",
            "--cluster-wait",
            wait,
        ];
        let output = knights_tour()
            .args(args)
            .env("KNIGHTS_TOUR_CLUSTER_KEY", "a key of sixteen bytes or more")
            .output()
            .unwrap();
        let out = finished(&args, output);
        // The one process counts what a count outside a cluster counts.
        assert_eq!(
            (out.code, &out.stdout),
            (0, &alone.stdout),
            "{what}: {}",
            out.stderr
        );
    }
}
