//! `count` past its memory cap, with the frontier written to disk (`--spill`), and carried on
//! from a checkpoint (`--checkpoint`, `--resume`): the counts OEIS gives, the spill folder gone
//! on every way out, and checkpoints that are torn, altered or of another count refused.

use std::fs;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use super::*;

/// Runs `count` with `args` under `KNIGHTS_TOUR_MEMORY=memory`.
fn count_within(memory: &str, args: &[&str]) -> Run {
    let output = knights_tour()
        .arg("count")
        .args(args)
        .env("KNIGHTS_TOUR_MEMORY", memory)
        .output()
        .unwrap();
    finished(args, output)
}

/// The entries of `folder`.
fn entries(folder: &Path) -> Vec<String> {
    fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

/// Counts whose frontiers take several times the cap (6x6 open 18 MB at its peak, 5x8 open
/// 7 MB, 6x7 closed 4 MB): the counts OEIS gives (A165134, twice A083386, A175881), said to
/// spill on standard error, and no file left in the spill's folder.
#[test]
fn a_count_past_its_memory_cap_spills_to_disk_and_gets_the_count() {
    for (memory, args, known) in [
        ("4M", &["--size", "6x6"][..], "6637920"),
        ("2M", &["--size", "5x8"], "36122108"),
        ("1M", &["--size", "6x7", "--closed"], "1067638"),
    ] {
        let spill = tempfile::tempdir().unwrap();
        let folder = spill.path().to_str().unwrap();
        let out = count_within(memory, &[args, &["--spill", folder]].concat());
        let what = format!("{args:?} within {memory}");
        assert_eq!(
            (out.code, out.stdout.trim()),
            (0, known),
            "{what}: {}",
            out.stderr
        );
        let line = one_line(&out.stderr, &what);
        assert!(
            line.contains("outgrew the memory cap") && line.contains(folder),
            "{line}"
        );
        assert!(
            entries(spill.path()).is_empty(),
            "{what}: {:?}",
            entries(spill.path())
        );
    }
}

/// A spill past `--spill-limit` (as a full disk) stops the count with exit 2, saying how far
/// it got, and leaves no file; a limit that is not an amount is bad usage.
#[test]
fn a_spill_past_its_limit_stops_the_count_and_leaves_nothing() {
    let spill = tempfile::tempdir().unwrap();
    let folder = spill.path().to_str().unwrap();
    let args = ["--size", "6x6", "--spill", folder, "--spill-limit", "200K"];
    let out = count_within("4M", &args);
    assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{}", out.stderr);
    // The line that says where the spill went, then the one that says why it stopped.
    let line = out.stderr.lines().last().unwrap();
    for needle in [
        "knights-tour: ",
        "stopped after",
        "of 36 squares",
        "--spill-limit",
    ] {
        assert!(line.contains(needle), "{line:?} should name {needle:?}");
    }
    assert!(
        entries(spill.path()).is_empty(),
        "{:?}",
        entries(spill.path())
    );
    let out = count_within("4M", &["--size", "6x6", "--spill-limit", "lots"]);
    assert_fails(&out, 2, &["'lots'", "512M"], "--spill-limit lots");
}

/// SIGTERM in the middle of a spilled count ends it (128 + 15) with the spill's folder gone.
#[test]
fn a_count_ended_by_sigterm_removes_its_spill() {
    let spill = tempfile::tempdir().unwrap();
    let folder = spill.path().to_str().unwrap();
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("knights-tour"))
        .args(["count", "--size", "6x8", "--spill", folder])
        .env("KNIGHTS_TOUR_MEMORY", "100M")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until("a spill file", Duration::from_secs(120), || {
        entries(spill.path()).iter().any(|name| {
            fs::read_dir(spill.path().join(name)).is_ok_and(|mut files| files.next().is_some())
        })
    });
    assert!(terminate(child.id()), "kill -TERM");
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(128 + 15), "{:?}", output.status);
    assert!(
        entries(spill.path()).is_empty(),
        "{:?}",
        entries(spill.path())
    );
    // The folder removed under a count still writing is not reported as the count's failure.
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr
            .lines()
            .all(|line| line.contains("outgrew the memory cap")),
        "{stderr}"
    );
}

/// Sends SIGTERM to `pid`, through `kill`: whether it was sent.
fn terminate(pid: u32) -> bool {
    std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .is_ok_and(|status| status.success())
}

/// A count that stopped after 20 of its 36 squares' checkpoints, carried on with --resume,
/// in memory or under a cap that spills: 6x6's 6,637,920 open tours (OEIS A165134).
#[test]
fn a_count_resumed_from_its_checkpoint_gets_the_whole_count() {
    for memory in ["1G", "4M"] {
        let checkpoints = tempfile::tempdir().unwrap();
        let folder = checkpoints.path().to_str().unwrap();
        let out = count_within(
            memory,
            &[
                "--size",
                "6x6",
                "--checkpoint",
                folder,
                "--checkpoint-every",
                "0s",
                "--stop-after-checkpoints",
                "20",
            ],
        );
        assert_eq!((out.code, out.stdout.as_str()), (137, ""), "{}", out.stderr);
        let out = count_within(memory, &["--size", "6x6", "--resume", folder]);
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (0, "6637920\n"),
            "{}",
            out.stderr
        );
    }
}

/// A checkpoint cut short, with a byte changed (in a frontier's file or in the manifest), or
/// of another board, is refused with exit 2, naming why; the untouched one resumes.
#[test]
fn a_torn_forged_or_foreign_checkpoint_is_refused() {
    let checkpoints = tempfile::tempdir().unwrap();
    let folder = checkpoints.path();
    let args = [
        "--size",
        "6x6",
        "--checkpoint",
        folder.to_str().unwrap(),
        "--checkpoint-every",
        "0s",
        "--stop-after-checkpoints",
        "25",
    ];
    assert_eq!(count_within("1G", &args).code, 137);
    let manifest = fs::read_to_string(folder.join("manifest")).unwrap();
    let name = manifest
        .lines()
        .find_map(|line| line.strip_prefix("name: "))
        .unwrap();
    let part = folder.join(format!("{name}-0000"));
    let whole = fs::read(&part).unwrap();
    let resumed = |size: &str| {
        let copy = tempfile::tempdir().unwrap();
        for entry in fs::read_dir(folder).unwrap() {
            let entry = entry.unwrap();
            fs::copy(entry.path(), copy.path().join(entry.file_name())).unwrap();
        }
        count_within(
            "1G",
            &["--size", size, "--resume", copy.path().to_str().unwrap()],
        )
    };
    let torn = &whole[..whole.len() - 3];
    let mut forged = whole.clone();
    forged[whole.len() / 2] ^= 0x10;
    for (what, bytes) in [("torn", torn), ("forged", &forged[..])] {
        fs::write(&part, bytes).unwrap();
        let out = resumed("6x6");
        assert_fails(&out, 2, &["cannot be resumed", "damaged", name], what);
    }
    fs::write(&part, &whole).unwrap();
    let mut forged = manifest.clone().into_bytes();
    let at = manifest.find("tours: ").unwrap() + 7;
    forged[at] = if forged[at] == b'1' { b'2' } else { b'1' };
    fs::write(folder.join("manifest"), &forged).unwrap();
    let out = resumed("6x6");
    assert_fails(
        &out,
        2,
        &["cannot be resumed", "manifest is damaged"],
        "manifest",
    );
    fs::write(folder.join("manifest"), &manifest).unwrap();
    let out = resumed("6x7");
    assert_fails(&out, 2, &["of another question", "6x6", "6x7"], "6x7");
    let out = resumed("6x6");
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (0, "6637920\n"),
        "{}",
        out.stderr
    );
}
