//! `count --cluster HOSTFILE --process K`: processes on 127.0.0.1 that count what one process
//! counts, printed by process 0 alone; that fail, named and within seconds, when a process is
//! killed mid-count or never comes; that refuse a bad hostfile and processes asked different
//! counts; and that stop together at the deadline and at the memory cap. Who may take part is
//! in `cluster_strangers`, the disk in `cluster_disk`. Nothing here measures time: a test waits
//! for what it needs (a port that answers, a process that counts) and guards against a hang
//! generously.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use super::*;

/// The variable that gives the processes their key.
pub(super) const KEY: &str = "KNIGHTS_TOUR_CLUSTER_KEY";

/// The key the tests' processes share, unless a test gives another.
const TEST_KEY: &str = "a key the tests' processes share";

/// `n` ports of 127.0.0.1 that were free a moment ago (bound together, then let go).
pub(super) fn free_ports(n: usize) -> Vec<u16> {
    let listeners: Vec<TcpListener> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners
        .iter()
        .map(|listener| listener.local_addr().unwrap().port())
        .collect()
}

/// A hostfile of `ports` on 127.0.0.1, one line each.
pub(super) fn hostfile(name: &str, ports: &[u16]) -> PathBuf {
    let lines: String = ports
        .iter()
        .map(|port| format!("127.0.0.1:{port}\n"))
        .collect();
    scratch_file(&format!("{name}.hosts"), lines.as_bytes())
}

/// Starts process `process` of `hosts`, counting with `args`, one worker, and `env` set.
pub(super) fn start(hosts: &Path, process: usize, args: &[&str], env: &[(&str, &str)]) -> Child {
    let program = Command::new(assert_cmd::cargo::cargo_bin("knights-tour"));
    let mut command = counting(program, hosts, process, args);
    for (name, value) in env {
        command.env(name, value);
    }
    command.spawn().unwrap()
}

/// [`start`] with no variable set, under an address-space limit of `kilobytes` (`ulimit -v`).
#[cfg(target_os = "linux")]
fn start_within_address_space(
    hosts: &Path,
    process: usize,
    args: &[&str],
    kilobytes: u64,
) -> Child {
    let mut shell = Command::new("bash");
    shell
        .arg("-c")
        .arg(format!("ulimit -v {kilobytes} && exec \"$0\" \"$@\""))
        .arg(assert_cmd::cargo::cargo_bin("knights-tour"));
    counting(shell, hosts, process, args).spawn().unwrap()
}

/// `command` given the arguments of process `process` of `hosts` counting `args` on one
/// worker, with the tests' key and no memory variable.
fn counting(mut command: Command, hosts: &Path, process: usize, args: &[&str]) -> Command {
    command
        .arg("count")
        .args(args)
        .args(["--threads", "1", "--cluster"])
        .arg(hosts)
        .args(["--process", &process.to_string()])
        .env_remove("KNIGHTS_TOUR_MEMORY")
        .env(KEY, TEST_KEY)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// How long a test waits for a cluster's process before it takes it for hung.
pub(super) const PATIENCE: Duration = Duration::from_secs(120);

/// Waits for `child` to end (a hang past [`PATIENCE`] kills it and fails the test), and gives
/// its run.
pub(super) fn finish(mut child: Child, what: &str) -> Run {
    if !waited(PATIENCE, || child.try_wait().unwrap().is_some()) {
        child.kill().unwrap();
        panic!("{what}: still running after {PATIENCE:?}");
    }
    finished(&[what], child.wait_with_output().unwrap())
}

/// Waits until `child` counts: its dataflow's threads (named `timely:…`) have started, so
/// every connection of its cluster is made.
fn wait_until_counting(child: &Child, what: &str) {
    let tasks = PathBuf::from(format!("/proc/{}/task", child.id()));
    wait_until(what, PATIENCE, || {
        let Ok(threads) = std::fs::read_dir(&tasks) else {
            panic!("{what}: the process has ended");
        };
        threads.flatten().any(|thread| {
            std::fs::read_to_string(thread.path().join("comm"))
                .is_ok_and(|name| name.starts_with("timely:"))
        })
    });
}

/// Runs a cluster of `processes` processes on `args`, and gives each one's run.
pub(super) fn cluster(processes: usize, args: &[&str], name: &str) -> Vec<Run> {
    let hosts = hostfile(name, &free_ports(processes));
    let children: Vec<Child> = (0..processes)
        .map(|process| start(&hosts, process, args, &[]))
        .collect();
    children
        .into_iter()
        .enumerate()
        .map(|(process, child)| {
            let what = format!("{name}: process {process} of {args:?}");
            finish(child, &what)
        })
        .collect()
}

/// The one-process count of `args`, as printed.
pub(super) fn one_process(args: &[&str]) -> String {
    let out = run(&[&["count"], args].concat(), None);
    assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    out.stdout
}

/// Asserts that process 0 printed `expected` and every other process nothing, all with
/// status 0 and nothing on standard error.
pub(super) fn assert_counted(runs: &[Run], expected: &str, what: &str) {
    for (process, run) in runs.iter().enumerate() {
        assert_eq!(run.code, 0, "{what}: process {process}: {}", run.stderr);
        assert_eq!(run.stderr, "", "{what}: process {process}");
        let printed = if process == 0 { expected } else { "" };
        assert_eq!(run.stdout, printed, "{what}: process {process}");
    }
}

#[test]
fn three_processes_count_what_one_process_counts() {
    for args in [
        &["--size", "5x6"][..],
        &["--size", "6"],
        &["--size", "6", "--closed"],
        &["--size", "3x8"],
        &["--size", "3x10", "--closed"],
        &["--size", "4x5", "--piece", "0,1"],
        &["--size", "5x4", "--piece", "giraffe"],
        &["--size", "5", "--start", "a1"],
        &["--size", "5x6", "--start", "c3", "--end", "a1"],
        &["--size", "1"],
        &["--size", "2x3"],
    ] {
        let expected = one_process(args);
        assert_counted(&cluster(3, args, "three"), &expected, &format!("{args:?}"));
    }
    // From outside: OEIS A165134 (6x6 open, directed) and A001230 (6x6 closed).
    assert_eq!(one_process(&["--size", "6"]), "6637920\n");
    assert_eq!(one_process(&["--size", "6", "--closed"]), "9862\n");
}

#[test]
fn process_0_writes_the_json_with_the_processes_their_memory_and_bytes_sent() {
    let args = ["--size", "5x6", "--closed", "--format", "json"];
    let runs = cluster(2, &args, "json");
    let alone: Value = serde_json::from_str(&one_process(&args)).unwrap();
    let line = one_line(&runs[0].stdout, "process 0");
    let Value::Object(object) = serde_json::from_str(line).unwrap() else {
        panic!("not an object: {line}");
    };
    for field in ["board", "rows", "cols", "kind", "method", "count"] {
        assert_eq!(object[field], alone[field], "{field}");
    }
    assert_eq!(object["count"], 8);
    assert_eq!(object["processes"], 2);
    assert!(object["peak_states"].as_u64().unwrap() > 0);
    // Each process's peak memory, the largest of them the count's peak_bytes.
    let peaks: Vec<u64> = object["process_peak_bytes"]
        .as_array()
        .expect("one peak a process")
        .iter()
        .map(|peak| peak.as_u64().unwrap())
        .collect();
    assert_eq!(peaks.len(), 2);
    assert!(peaks.iter().all(|&peak| peak > 0), "{peaks:?}");
    assert_eq!(peaks.iter().max(), object["peak_bytes"].as_u64().as_ref());
    // States crossed between the processes, packed: a byte of lengths and 1 to 8 bytes each of
    // a 64-bit state and its count, fewer in all than the 16 a state they took unpacked.
    let exchanged = object["bytes_exchanged"].as_u64().unwrap();
    let crossed = object["states_exchanged"].as_u64().unwrap();
    let stepped = object["states_stepped"].as_u64().unwrap();
    assert!(crossed > 0, "{object:?}");
    assert!(
        (3 * crossed..16 * crossed).contains(&exchanged),
        "{exchanged} bytes for {crossed} states"
    );
    assert!(
        stepped >= object["peak_states"].as_u64().unwrap(),
        "{stepped}"
    );
    assert_counted(&runs[1..], "", "process 1");
    // One process sends nothing to another.
    let runs = cluster(1, &args, "json-alone");
    let line = one_line(&runs[0].stdout, "one process");
    let object: Value = serde_json::from_str(line).unwrap();
    assert_eq!(object["bytes_exchanged"], 0);
    assert_eq!(object["states_exchanged"], 0);
    assert_eq!(
        object["process_peak_bytes"].as_array().map(Vec::len),
        Some(1)
    );
}

#[test]
fn a_killed_process_makes_the_others_fail_named() {
    let ports = free_ports(3);
    let hosts = hostfile("killed", &ports);
    // 6x8 open takes each process several seconds: process 1 is killed while they count.
    let args = ["--size", "6x8"];
    let mut children: Vec<Child> = (0..3).map(|k| start(&hosts, k, &args, &[])).collect();
    for (process, child) in children.iter().enumerate() {
        wait_until_counting(child, &format!("process {process} of 3 to count"));
    }
    let mut killed = children.remove(1);
    killed.kill().unwrap();
    killed.wait().unwrap();
    for (child, process) in children.into_iter().zip([0, 2]) {
        let what = format!("process {process} after process 1 was killed");
        let run = finish(child, &what);
        let named = format!("lost process 1 at '127.0.0.1:{}'", ports[1]);
        assert_fails(&run, 4, &[&named, "not complete"], &what);
    }
}

#[test]
fn a_process_that_never_comes_fails_the_others_after_the_wait() {
    let ports = free_ports(2);
    let hosts = hostfile("never", &ports);
    let args = ["--size", "5x6", "--cluster-wait", "1s"];
    // Process 0 waits for process 1 to connect; process 1 alone finds no process 0.
    for (process, needles) in [
        (0, ["process 1 at '127.0.0.1:", "did not connect within 1s"]),
        (
            1,
            ["process 0 at '127.0.0.1:", "could not be reached within 1s"],
        ),
    ] {
        let what = format!("process {process} alone");
        let run = finish(start(&hosts, process, &args, &[]), &what);
        assert_fails(&run, 4, &needles, &what);
    }
}

#[test]
fn a_bad_hostfile_or_process_is_exit_2_naming_it() {
    let good = hostfile("good", &[7001, 7002]);
    let bad = scratch_file("bad.hosts", b"127.0.0.1:7001\n127.0.0.1:99999\n");
    let repeated = scratch_file("repeated.hosts", b"127.0.0.1:7001\n127.0.0.1:7001\n");
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let cases: Vec<(Vec<String>, Vec<String>)> = vec![
        (
            vec![
                "--cluster".into(),
                bad.display().to_string(),
                "--process".into(),
                "0".into(),
            ],
            vec![
                "line 2".into(),
                "'127.0.0.1:99999'".into(),
                "host:port".into(),
            ],
        ),
        (
            vec![
                "--cluster".into(),
                repeated.display().to_string(),
                "--process".into(),
                "0".into(),
            ],
            vec!["line 2".into(), "line 1".into()],
        ),
        (
            vec![
                "--cluster".into(),
                folder.display().to_string(),
                "--process".into(),
                "0".into(),
            ],
            vec!["not a regular file".into()],
        ),
        (
            vec![
                "--cluster".into(),
                "/nonexistent/hosts".into(),
                "--process".into(),
                "0".into(),
            ],
            vec!["'/nonexistent/hosts'".into()],
        ),
        (
            vec![
                "--cluster".into(),
                good.display().to_string(),
                "--process".into(),
                "2".into(),
            ],
            vec!["--process 2".into(), "2 processes".into()],
        ),
        (
            vec!["--cluster".into(), good.display().to_string()],
            vec!["--process".into()],
        ),
        (
            vec![
                "--cluster".into(),
                good.display().to_string(),
                "--process".into(),
                "0".into(),
                "--method".into(),
                "enumeration".into(),
            ],
            vec!["enumeration".into()],
        ),
    ];
    for (args, needles) in cases {
        let mut all: Vec<&str> = vec!["count", "--size", "5x6"];
        all.extend(args.iter().map(String::as_str));
        let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
        let run = run_quietly(&all, &[(KEY, TEST_KEY)]);
        assert_fails(&run, 2, &needles, &format!("{args:?}"));
    }
}

#[test]
fn processes_asked_different_counts_refuse_each_other() {
    for (zero, one) in [
        (&["--size", "5x6"][..], &["--size", "6x5"][..]),
        (&["--size", "5x6"], &["--size", "5x6", "--closed"]),
    ] {
        let hosts = hostfile("differ", &free_ports(2));
        let children = [start(&hosts, 0, zero, &[]), start(&hosts, 1, one, &[])];
        for (process, child) in children.into_iter().enumerate() {
            let what = format!("process {process} of {zero:?} and {one:?}");
            let run = finish(child, &what);
            let other = format!("process {}", 1 - process);
            assert_fails(
                &run,
                2,
                &[&other, "give every process the same count"],
                &what,
            );
        }
    }
}

#[test]
fn every_process_stops_at_the_deadline_and_at_the_memory_cap_without_a_spill() {
    for (args, env, status, needles) in [
        (
            &["--size", "6x8", "--deadline", "1s"][..],
            &[][..],
            3,
            &["gave up", "deadline passed after", "not complete"][..],
        ),
        (
            &["--size", "6x8", "--no-spill"],
            &[("KNIGHTS_TOUR_MEMORY", "8M")][..],
            2,
            &["memory cap", "wanted after"],
        ),
    ] {
        let hosts = hostfile("limits", &free_ports(2));
        let children: Vec<Child> = (0..2).map(|k| start(&hosts, k, args, env)).collect();
        for (process, child) in children.into_iter().enumerate() {
            let what = format!("process {process} of {args:?} {env:?}");
            let run = finish(child, &what);
            assert_fails(&run, status, needles, &what);
        }
    }
}

/// Two processes under `ulimit -v` aborted on an allocation (exit 134): timely's threads took
/// the address space their memory caps had counted on. Each process now keeps its cap beside
/// its threads: a count too large for what is left stops at the cap, every process saying so,
/// and a limit too small for the threads themselves is refused at once, naming it; both exit 2.
#[test]
#[cfg(target_os = "linux")]
fn processes_under_an_address_space_limit_stop_at_their_cap_and_never_abort() {
    for (kilobytes, needles) in [
        (250_000, &["memory cap", "wanted after"][..]),
        (120_000, &["ulimit -v", "threads", "raise the limit"][..]),
    ] {
        let hosts = hostfile("address-space", &free_ports(2));
        let args = ["--size", "6x8", "--no-spill"];
        let children: Vec<Child> = (0..2)
            .map(|k| start_within_address_space(&hosts, k, &args, kilobytes))
            .collect();
        for (process, child) in children.into_iter().enumerate() {
            let what = format!("process {process} under ulimit -v {kilobytes}");
            let run = finish(child, &what);
            assert_fails(&run, 2, needles, &what);
        }
    }
}

/// The count of `args` by one process, as process 0 of a cluster must print it.
pub(super) fn expected_5x6() -> String {
    one_process(&["--size", "5x6"])
}

#[test]
fn a_stopped_process_makes_the_others_give_up_at_the_deadline() {
    let hosts = hostfile("stopped", &free_ports(2));
    // 6x8 open takes each process several seconds.
    let args = ["--size", "6x8", "--deadline", "3s"];
    let zero = start(&hosts, 0, &args, &[]);
    let mut one = start(&hosts, 1, &args, &[]);
    wait_until_counting(&one, "process 1 to count");
    let stop = Command::new("kill")
        .args(["-STOP", &one.id().to_string()])
        .status()
        .unwrap();
    assert!(stop.success());
    let what = "process 0 with process 1 stopped";
    let run = finish(zero, what);
    assert_fails(&run, 3, &["gave up", "deadline", "not "], what);
    one.kill().unwrap();
    one.wait().unwrap();
}

#[test]
fn processes_on_ipv6_addresses_count() {
    let Ok(probe) = TcpListener::bind("[::1]:0") else {
        eprintln!("no IPv6 loopback here: not tried");
        return;
    };
    drop(probe);
    let ports: Vec<u16> = (0..2)
        .map(|_| TcpListener::bind("[::1]:0").unwrap())
        .collect::<Vec<_>>()
        .iter()
        .map(|listener| listener.local_addr().unwrap().port())
        .collect();
    let lines: String = ports.iter().map(|port| format!("[::1]:{port}\n")).collect();
    let hosts = scratch_file("ipv6.hosts", lines.as_bytes());
    let args = ["--size", "5x6"];
    let children: Vec<Child> = (0..2).map(|k| start(&hosts, k, &args, &[])).collect();
    let runs: Vec<Run> = children
        .into_iter()
        .map(|child| finish(child, "on ::1"))
        .collect();
    assert_counted(&runs, &expected_5x6(), "on ::1");
}
