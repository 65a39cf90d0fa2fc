//! A cluster count's disk. With `--checkpoint DIR` and `--resume DIR`: a cluster whose process
//! is killed mid-count, restarted with `--resume`, carries on from the newest checkpoint every
//! process holds and counts what one process counts; a checkpoint torn, altered, sealed under
//! another key or of another count is refused (exit 2, naming it), never counted from; and a
//! cluster with no checkpoint in common counts from the first square, saying so. Past each
//! process's memory cap, the states go to its spill folder and the count is whole; a spill past
//! `--spill-limit` stops every process, saying how far it got; the folders are removed.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Child;

use super::cluster::{KEY, PATIENCE, finish, free_ports, hostfile, one_process, start};
use super::*;

/// A fresh folder for a test's checkpoints.
fn folder(name: &str) -> PathBuf {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cluster-resume-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&folder);
    folder
}

/// The squares done of the checkpoints sealed in `folder` for `worker`.
fn sealed(folder: &Path, worker: usize) -> Vec<usize> {
    let prefix = format!("worker-{worker}-square-");
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let done = name.strip_prefix(&prefix)?.strip_suffix("-u64.seal")?;
            done.parse().ok()
        })
        .collect()
}

/// Runs two processes of `hosts` on `args`, each with `env`, and gives their runs.
fn both(hosts: &Path, args: &[&str], env: &[(&str, &str)], what: &str) -> Vec<Run> {
    let children: Vec<Child> = (0..2).map(|k| start(hosts, k, args, env)).collect();
    children
        .into_iter()
        .enumerate()
        .map(|(process, child)| finish(child, &format!("{what}: process {process}")))
        .collect()
}

#[test]
fn a_cluster_killed_mid_count_carries_on_from_its_checkpoint() {
    let hosts = hostfile("resumed", &free_ports(2));
    let checkpoints = folder("killed");
    let dir = checkpoints.to_str().unwrap();
    let written = [
        "--size",
        "6x7",
        "--checkpoint",
        dir,
        "--checkpoint-every",
        "0s",
    ];
    let mut children: Vec<Child> = (0..2).map(|k| start(&hosts, k, &written, &[])).collect();
    // Process 1 is killed once both have sealed a frontier past the first squares.
    wait_until("a checkpoint of square 10 or later", PATIENCE, || {
        (0..2).all(|worker| sealed(&checkpoints, worker).iter().any(|done| *done >= 10))
    });
    let mut killed = children.remove(1);
    killed.kill().unwrap();
    killed.wait().unwrap();
    let survivor = finish(children.remove(0), "process 0 after process 1 was killed");
    assert_fails(
        &survivor,
        4,
        &["lost process 1"],
        "process 0 after the kill",
    );
    let kept: Vec<usize> = sealed(&checkpoints, 1);
    assert!(!kept.is_empty(), "process 1's checkpoint stays on the disk");

    let resumed = ["--size", "6x7", "--resume", dir];
    let runs = both(&hosts, &resumed, &[], "resumed");
    let expected = one_process(&["--size", "6x7", "--threads", "1"]);
    for (process, run) in runs.iter().enumerate() {
        assert_eq!(run.code, 0, "resumed process {process}: {}", run.stderr);
        let said = one_line(&run.stderr, "the resumed process's word");
        assert!(
            said.contains("carrying on from the checkpoint after square"),
            "process {process}: {said}"
        );
        let done: usize = said
            .split("after square ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|done| done.parse().ok())
            .unwrap();
        assert!(
            done >= 10,
            "process {process} carried on from square {done}"
        );
    }
    assert_eq!(
        runs[0].stdout, expected,
        "the resumed count is the whole count"
    );
    assert_eq!(runs[1].stdout, "");
}

#[test]
fn a_torn_forged_or_foreign_cluster_checkpoint_is_refused() {
    let hosts = hostfile("refused", &free_ports(2));
    let checkpoints = folder("refused");
    let dir = checkpoints.to_str().unwrap();
    let count = [
        "--size",
        "5x6",
        "--checkpoint",
        dir,
        "--checkpoint-every",
        "0s",
    ];
    let runs = both(&hosts, &count, &[], "the first count");
    assert_eq!(runs[0].code, 0, "{}", runs[0].stderr);
    let expected = runs[0].stdout.clone();
    let resume = ["--size", "5x6", "--resume", dir];

    // Under another key, every seal fails its check.
    let other_key = [(KEY, "another key, of sixteen bytes or more")];
    let runs = both(&hosts, &resume, &other_key, "another key");
    for (process, run) in runs.iter().enumerate() {
        let what = format!("another key: process {process}");
        assert_fails(run, 2, &["checkpoint", "another key"], &what);
    }

    // Another count's question is refused, naming the count the checkpoint is of.
    let closed = ["--size", "5x6", "--closed", "--resume", dir];
    let runs = both(&hosts, &closed, &[], "another count");
    assert_fails(&runs[1], 2, &["another count", "5x6 open"], "another count");

    // One byte of process 1's states changed: exit 2, named by the process that read it.
    let done = *sealed(&checkpoints, 1).iter().max().unwrap();
    let states = checkpoints.join(format!("worker-1-square-{done:06}-u64.states"));
    let mut bytes = fs::read(&states).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    fs::write(&states, &bytes).unwrap();
    let runs = both(&hosts, &resume, &[], "an altered file");
    assert_fails(
        &runs[1],
        2,
        &["torn or altered", "worker-1"],
        "altered: process 1",
    );
    assert_fails(
        &runs[0],
        2,
        &["process 1", "checkpoint"],
        "altered: process 0",
    );

    // With no checkpoint in common the count starts afresh, and says so.
    fs::remove_dir_all(&checkpoints).unwrap();
    let runs = both(&hosts, &resume, &[], "nothing to resume");
    assert_eq!(runs[0].stdout, expected);
    for run in &runs {
        assert!(
            run.stderr.contains("counting from the first square"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn processes_past_their_memory_cap_spill_to_disk_and_count_the_whole_count() {
    let hosts = hostfile("spilled", &free_ports(2));
    let spill = folder("spill");
    fs::create_dir_all(&spill).unwrap();
    let dir = spill.to_str().unwrap();
    // 6x6 open: each process holds about 3 MB of states at its peak, past a cap of 3/4 of 4M.
    let capped = [("KNIGHTS_TOUR_MEMORY", "4M")];
    let runs = both(&hosts, &["--size", "6", "--spill", dir], &capped, "spilled");
    let expected = one_process(&["--size", "6"]);
    assert_eq!(runs[0].stdout, expected, "{}", runs[0].stderr);
    assert_eq!(runs[1].stdout, "");
    for (process, run) in runs.iter().enumerate() {
        assert_eq!(run.code, 0, "process {process}: {}", run.stderr);
        assert!(
            one_line(&run.stderr, "the spill's word").contains("outgrew the memory cap"),
            "process {process} says where its states go: {}",
            run.stderr
        );
    }
    assert_eq!(
        fs::read_dir(&spill).unwrap().count(),
        0,
        "the spill folders removed"
    );

    // A spill held to 1 MB cannot hold them: every process stops, one names the limit.
    let limited = ["--size", "6", "--spill", dir, "--spill-limit", "1M"];
    let runs = both(&hosts, &limited, &capped, "limited");
    for (process, run) in runs.iter().enumerate() {
        assert_eq!(run.code, 2, "process {process}: {}", run.stderr);
        assert_eq!(run.stdout, "");
        assert!(
            run.stderr.contains("the count stopped after"),
            "{}",
            run.stderr
        );
    }
    let named = runs.iter().any(|run| run.stderr.contains("--spill-limit"));
    assert!(named, "the limit is named");
    assert_eq!(
        fs::read_dir(&spill).unwrap().count(),
        0,
        "the spill folders removed"
    );
}
