//! The construction through the command line: streamed output that `check` accepts, the
//! threshold flag, and boards refused for want of memory (up front, or when the system refuses
//! the allocation) with exit status 2.

use super::*;

#[test]
fn a_constructed_list_streams_out_and_checks() {
    let output = knights_tour()
        .args(["solve", "--size", "301x300", "--closed", "--format", "list"])
        .args(["--method", "construct", "--start", "150,7"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(output.stdout.split(|&b| b == b'\n').count(), 301 * 300 + 1);
    assert!(output.stdout.starts_with(b"150 7\n"));
    knights_tour()
        .args(["check", "--size", "301x300", "--closed", "--start", "150,7"])
        .write_stdin(output.stdout)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "valid closed tour of 301x300 from 150,7",
        ));
}

#[test]
fn a_constructed_grid_of_an_odd_board_checks() {
    let output = knights_tour()
        .args([
            "solve", "--size", "45x47", "--start", "22,30", "--format", "grid",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    knights_tour()
        .args(["check", "--start", "22,30"])
        .write_stdin(output.stdout)
        .assert()
        .success();
}

#[test]
fn the_threshold_flag_picks_the_layer() {
    let layer = |threshold: &str| {
        let output = knights_tour()
            .args(["solve", "--size", "12x12", "--stats", "--format", "list"])
            .args(["--construct-threshold", threshold])
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stderr).unwrap()
    };
    assert!(layer("100").starts_with("layer construct"));
    assert!(!layer("1000").starts_with("layer construct"));
}

#[test]
fn a_board_too_large_for_memory_is_refused_up_front() {
    // A grid numbers every square (four bytes a square, 16 MB of 2000x2000): refused under
    // 8 MB before any work. A list streams with one bit a square: the same board fits.
    let solve = |format: &str, memory: &str| {
        std::process::Command::new(assert_cmd::cargo::cargo_bin("knights-tour"))
            .env("KNIGHTS_TOUR_MEMORY", memory)
            .args([
                "solve",
                "--size",
                "2000x2000",
                "--closed",
                "--format",
                format,
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .output()
            .unwrap()
    };
    let grid = solve("grid", "8M");
    let stderr = String::from_utf8_lossy(&grid.stderr);
    assert_eq!(grid.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("2000x2000") && stderr.contains("MB"),
        "{stderr}"
    );
    let list = solve("list", "8M");
    assert!(
        list.status.success(),
        "{}",
        String::from_utf8_lossy(&list.stderr)
    );
    // One bit a square of 10000x10000 is 12 MB: a list of it is refused under 10 MB.
    knights_tour()
        .env("KNIGHTS_TOUR_MEMORY", "10M")
        .args([
            "solve",
            "--size",
            "10000x10000",
            "--closed",
            "--format",
            "list",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("10000x10000").and(predicate::str::contains("MB")));
}

#[test]
fn a_memory_cap_that_is_not_a_size_is_named() {
    knights_tour()
        .env("KNIGHTS_TOUR_MEMORY", "1.5G")
        .args(["solve", "--size", "100"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("'1.5G'").and(predicate::str::contains("512M")));
}

#[test]
#[cfg(unix)]
fn memory_the_system_refuses_is_an_error_not_an_abort() {
    // The free memory the system reports is far more than this process may map (`ulimit -v`):
    // the address-space limit is the cap, so the tour is refused before any allocation, with
    // exit 2 and one line that names what the limit leaves free. A list of 31622x31622 checks
    // its walk with one bit a square, 125 MB, which 100 MB refuses; a grid of 20000x20000
    // numbers its squares in 1.6 GB, which 1.5 GB refuses.
    let binary = assert_cmd::cargo::cargo_bin("knights-tour");
    for (kilobytes, size, format) in [
        (100_000, "31622x31622", "list"),
        (1_500_000, "20000x20000", "grid"),
    ] {
        let script = format!(
            "ulimit -v {kilobytes} && exec '{}' solve --size {size} --format {format}",
            binary.display()
        );
        let output = std::process::Command::new("sh")
            .args(["-c", &script])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{kilobytes} KB: {stderr}");
        assert!(output.stdout.is_empty());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(size), "{stderr}");
        let free: u64 = stderr
            .split(" MB are free")
            .next()
            .and_then(|before| before.rsplit(' ').next())
            .and_then(|figure| figure.parse().ok())
            .unwrap_or_else(|| panic!("the free memory is named: {stderr}"));
        assert!(
            free <= kilobytes / 1024,
            "the limit ({kilobytes} KB), not the system's free memory, is the cap: {stderr}"
        );
    }
}

#[test]
fn a_closed_pipe_ends_a_large_list_quietly() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("knights-tour"))
        .args([
            "solve",
            "--size",
            "2000x2000",
            "--closed",
            "--format",
            "list",
        ])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    assert!(child.wait().unwrap().success());
}

/// The list writer on boards whose rows or columns are few: every line is the tour's square.
#[test]
fn list_output_matches_the_tour_on_narrow_and_wide_boards() {
    use knights_tour_engine::board::{Board, Square};
    use knights_tour_engine::construct::construct;
    use knights_tour_engine::tour::Tour;

    for (rows, cols) in [(1000, 3), (3, 1000), (6, 700)] {
        let board = Board::new(rows, cols).unwrap();
        let start = Square::new(0, 0);
        let path = construct(board, start, false).unwrap().path().unwrap();
        let tour = Tour::new(board, path, false, Some(start)).unwrap();
        let mut text = Vec::new();
        knights_tour::cli::write_list(&mut text, &tour).unwrap();
        let parsed: Vec<Square> = String::from_utf8(text)
            .unwrap()
            .lines()
            .map(|line| {
                let (r, c) = line.split_once(' ').unwrap();
                Square::new(r.parse().unwrap(), c.parse().unwrap())
            })
            .collect();
        assert_eq!(parsed, tour.squares().collect::<Vec<_>>(), "{board}");
    }
}
