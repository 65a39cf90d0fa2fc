//! Golden output: the exact bytes the `knights-tour` binary prints for a fixed set of
//! representative requests, stored in `tests/fixtures/` and compared byte for byte.
//!
//! What these guard: every tour the solver picks (the layered engine, each `--method`, the
//! construction), each output format (grid, list, JSON, the CSES grid, the SVG and PNG
//! pictures), the no-tour proofs and their wording, the `count` results and the messages on
//! standard error, together with the exit status of each request (`0` tour or valid, `1` no
//! tour or invalid tour, `2` bad input, `3` budget or deadline ran out; asserted in the code
//! below, not stored). A refactor that should not change behaviour must leave every fixture
//! untouched.
//!
//! Each case names its fixtures after itself: `<case>.<ext>` for standard output (`grid`,
//! `list`, `json`, `txt`, `svg`), `<case>.fnv1a` for output too large to store or binary (its
//! byte length and 64-bit FNV-1a hash), `<case>_stderr.txt` for standard error. Standard error
//! is compared on every case: a case without a stderr fixture must print nothing there. JSON
//! carries `stats.elapsed_ms`, which differs from run to run, so the number after every
//! `"elapsed_ms":` is replaced with `0` in the output (and the fixture) before comparing; the
//! rest stays exact.
//!
//! A change of output must be deliberate and visible in review. To accept one, regenerate the
//! fixtures and commit them with the change, so the diff shows exactly what moved:
//!
//! ```text
//! UPDATE_FIXTURES=1 cargo test --test golden
//! ```
//!
//! With `UPDATE_FIXTURES=1` each case writes what the binary printed to its fixtures instead of
//! comparing (the exit status and an empty standard error are still asserted).

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// Exit statuses, as documented in the README.
const TOUR: i32 = 0;
const NO_TOUR: i32 = 1;
const BAD_INPUT: i32 = 2;
const GAVE_UP: i32 = 3;

/// What standard output must be.
#[derive(Clone, Copy)]
enum Stdout {
    /// Nothing at all.
    Empty,
    /// Exactly the bytes of `<case>.<ext>`.
    Exact(&'static str),
    /// Exactly the bytes of `<case>.json` once `elapsed_ms` is zeroed in both.
    Json,
    /// `<byte length> <FNV-1a hash>` as stored in `<case>.fnv1a`.
    Fnv1a,
}

/// What standard error must be.
#[derive(Clone, Copy)]
enum Stderr {
    /// Nothing at all.
    Empty,
    /// Exactly the bytes of `<case>_stderr.txt`.
    Exact,
}

/// One request and what it must give.
struct Case {
    args: &'static [&'static str],
    stdin: Option<&'static str>,
    status: i32,
    stdout: Stdout,
    stderr: Stderr,
}

/// A request that must end with `status` and print nothing until told otherwise.
const fn case(args: &'static [&'static str], status: i32) -> Case {
    Case {
        args,
        stdin: None,
        status,
        stdout: Stdout::Empty,
        stderr: Stderr::Empty,
    }
}

impl Case {
    const fn stdin(self, input: &'static str) -> Self {
        Self {
            stdin: Some(input),
            ..self
        }
    }

    const fn stdout(self, stdout: Stdout) -> Self {
        Self { stdout, ..self }
    }

    const fn stderr(self) -> Self {
        Self {
            stderr: Stderr::Exact,
            ..self
        }
    }
}

/// One `#[test]` per case, named after it, and `CASES` listing them all.
macro_rules! golden {
    ($($name:ident: $case:expr;)*) => {
        $(
            #[test]
            fn $name() {
                run_case(stringify!($name), &$case);
            }
        )*

        const CASES: &[(&str, Case)] = &[$((stringify!($name), $case)),*];
    };
}

use Stdout::{Exact, Fnv1a, Json};

golden! {
    // A small open tour from the centre, in each format.
    solve_5x5_centre: case(&["solve", "--size", "5", "--start", "2,2"], TOUR).stdout(Exact("grid"));
    solve_5x5_centre_list: case(
        &["solve", "--size", "5", "--start", "2,2", "--format", "list"],
        TOUR,
    )
    .stdout(Exact("list"));
    solve_5x5_centre_json: case(
        &["solve", "--size", "5", "--start", "2,2", "--format", "json"],
        TOUR,
    )
    .stdout(Json);

    // Small closed tours; algebraic start notation.
    solve_6x6_closed: case(&["solve", "--size", "6", "--closed"], TOUR).stdout(Exact("grid"));
    solve_6x6_closed_json: case(&["solve", "--size", "6", "--closed", "--format", "json"], TOUR)
        .stdout(Json);
    // Pictures: the SVG's every byte; the PNG (binary, compressed) by its hash.
    solve_6x6_closed_svg: case(
        &["solve", "--size", "6", "--closed", "--format", "svg", "--gradient"],
        TOUR,
    )
    .stdout(Exact("svg"));
    solve_5x5_centre_png: case(
        &["solve", "--size", "5", "--start", "2,2", "--format", "png"],
        TOUR,
    )
    .stdout(Fnv1a);
    solve_8x10_a1_closed_list: case(
        &["solve", "--size", "8x10", "--start", "a1", "--closed", "--format", "list"],
        TOUR,
    )
    .stdout(Exact("list"));

    // No tour: a proof from the existence theorems, and one by exhaustive search.
    solve_3x4_inner_start_json: case(
        &["solve", "--size", "3x4", "--start", "1,1", "--format", "json"],
        NO_TOUR,
    )
    .stdout(Json);
    solve_3x7_exhaustive_json: case(
        &["solve", "--size", "3x7", "--start", "1,3", "--format", "json"],
        NO_TOUR,
    )
    .stdout(Json);
    solve_3x4_inner_start: case(&["solve", "--size", "3x4", "--start", "1,1"], NO_TOUR).stderr();

    // Each search method.
    solve_8x8_warnsdorff: case(&["solve", "--size", "8", "--method", "warnsdorff"], TOUR)
        .stdout(Exact("grid"));
    solve_5x5_naive: case(&["solve", "--size", "5", "--method", "naive"], TOUR)
        .stdout(Exact("grid"));
    solve_7x7_backtrack_centre: case(
        &["solve", "--size", "7", "--start", "3,3", "--method", "backtrack"],
        TOUR,
    )
    .stdout(Exact("grid"));

    // The construction: a rectangle above the 1024-square threshold, and a large odd x odd
    // board from an inner start (1.9 MB of output, stored as its hash).
    solve_40x60_closed_list: case(
        &["solve", "--size", "40x60", "--closed", "--format", "list"],
        TOUR,
    )
    .stdout(Exact("list"));
    solve_501x501_inner_start_list: case(
        &["solve", "--size", "501x501", "--start", "200,38", "--format", "list"],
        TOUR,
    )
    .stdout(Fnv1a);

    // Giving up, and bad input.
    solve_8x8_naive_budget: case(
        &["solve", "--size", "8", "--method", "naive", "--node-budget", "1000"],
        GAVE_UP,
    )
    .stderr();
    solve_5x5_off_board_start: case(&["solve", "--size", "5", "--start", "5,0"], BAD_INPUT)
        .stderr();

    // Counting by exhaustive search.
    count_5x5: case(&["count", "--size", "5x5"], TOUR).stdout(Exact("txt"));
    count_3x8: case(&["count", "--size", "3x8"], TOUR).stdout(Exact("txt"));

    // The checker: a valid grid, and a list whose first step is not a knight move.
    check_5x5_grid_valid: case(&["check"], TOUR)
        .stdin("21 12  7  2 19\n 6 17 20 13  8\n11 22  1 18  3\n16  5 24  9 14\n23 10 15  4 25\n")
        .stdout(Exact("txt"));
    check_5x5_not_a_knight_move: case(&["check", "--size", "5"], NO_TOUR)
        .stdin("0 0\n1 1\n")
        .stderr();

    // The CSES 1689 adapter.
    cses_4_4: case(&["cses"], TOUR).stdin("4 4\n").stdout(Exact("txt"));
    cses_1_8: case(&["cses"], TOUR).stdin("1 8\n").stdout(Exact("txt"));
}

const REGENERATE: &str = "UPDATE_FIXTURES=1 cargo test --test golden";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn updating() -> bool {
    std::env::var_os("UPDATE_FIXTURES").is_some_and(|value| value == "1")
}

fn run_case(name: &str, case: &Case) {
    let mut command = Command::cargo_bin("knights-tour").unwrap();
    command.args(case.args);
    if let Some(input) = case.stdin {
        command.write_stdin(input);
    }
    let output = command.output().unwrap();
    let status = output.status.code();
    assert_eq!(
        status,
        Some(case.status),
        "case {name}: `knights-tour {}` exited with {status:?}, expected {}; stderr:\n{}",
        case.args.join(" "),
        case.status,
        String::from_utf8_lossy(&output.stderr),
    );

    let mut failures = Vec::new();
    match case.stdout {
        Stdout::Empty => expect_empty(name, "stdout", &output.stdout, &mut failures),
        Stdout::Exact(ext) => compare(&format!("{name}.{ext}"), &output.stdout, &mut failures),
        Stdout::Json => compare(
            &format!("{name}.json"),
            &zero_elapsed(&output.stdout),
            &mut failures,
        ),
        Stdout::Fnv1a => {
            let summary = format!("{} {:016x}\n", output.stdout.len(), fnv1a(&output.stdout));
            compare(&format!("{name}.fnv1a"), summary.as_bytes(), &mut failures);
        }
    }
    match case.stderr {
        Stderr::Empty => expect_empty(name, "stderr", &output.stderr, &mut failures),
        Stderr::Exact => compare(&format!("{name}_stderr.txt"), &output.stderr, &mut failures),
    }
    assert!(
        failures.is_empty(),
        "case {name} (`knights-tour {}`):\n\n{}",
        case.args.join(" "),
        failures.join("\n\n"),
    );
}

fn expect_empty(name: &str, stream: &str, actual: &[u8], failures: &mut Vec<String>) {
    if !actual.is_empty() {
        failures.push(format!(
            "{stream} should be empty for case {name} but holds {} bytes:\n{}",
            actual.len(),
            String::from_utf8_lossy(&actual[..actual.len().min(2000)]),
        ));
    }
}

/// Compares `actual` with the fixture `file`, or writes it there when regenerating.
fn compare(file: &str, actual: &[u8], failures: &mut Vec<String>) {
    let path = fixtures().join(file);
    if updating() {
        fs::create_dir_all(fixtures()).unwrap();
        fs::write(&path, actual).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
        return;
    }
    let expected = match fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) => {
            failures.push(format!(
                "fixture tests/fixtures/{file} cannot be read ({e}); `{REGENERATE}` creates it"
            ));
            return;
        }
    };
    let expected = if file.ends_with(".json") {
        zero_elapsed(&expected)
    } else {
        expected
    };
    if expected != actual {
        failures.push(format!(
            "output differs from fixture tests/fixtures/{file} ({} bytes expected, {} actual)\n{}\n\
             If the change is intended, regenerate with `{REGENERATE}` and commit the fixture \
             diff with it.",
            expected.len(),
            actual.len(),
            first_difference(&expected, actual),
        ));
        if file.ends_with(".fnv1a") {
            failures.push(
                "(this fixture holds `<byte length> <FNV-1a hash>` of standard output; run the \
                 command to see the output itself)"
                    .to_owned(),
            );
        }
    }
}

/// Where two outputs first part, line by line.
fn first_difference(expected: &[u8], actual: &[u8]) -> String {
    let expected = String::from_utf8_lossy(expected);
    let actual = String::from_utf8_lossy(actual);
    let mut expected_lines = expected.split_inclusive('\n');
    let mut actual_lines = actual.split_inclusive('\n');
    for number in 1.. {
        match (expected_lines.next(), actual_lines.next()) {
            (Some(e), Some(a)) if e == a => continue,
            (None, None) => break,
            (e, a) => {
                let show = |line: Option<&str>| {
                    line.map_or("<end of output>".to_owned(), |l| format!("{l:?}"))
                };
                let mut report = format!(
                    "first differing line {number}:\n  expected: {}\n  actual:   {}",
                    show(e),
                    show(a),
                );
                // On a long line (JSON is one), point at where the two part.
                if let (Some(e), Some(a)) = (e, a)
                    && e.len().max(a.len()) > 80
                {
                    let column = e.chars().zip(a.chars()).take_while(|(x, y)| x == y).count();
                    let from = |line: &str| line.chars().skip(column).take(40).collect::<String>();
                    report += &format!(
                        "\n  from column {}: expected {:?}, actual {:?}",
                        column + 1,
                        from(e),
                        from(a),
                    );
                }
                return report;
            }
        }
    }
    "no line differs (invalid UTF-8?)".to_owned()
}

/// The JSON with the number after every `"elapsed_ms":` replaced by `0`.
fn zero_elapsed(json: &[u8]) -> Vec<u8> {
    const KEY: &[u8] = b"\"elapsed_ms\":";
    let mut out = Vec::with_capacity(json.len());
    let mut rest = json;
    while let Some(at) = rest.windows(KEY.len()).position(|w| w == KEY) {
        let after = at + KEY.len();
        out.extend_from_slice(&rest[..after]);
        rest = &rest[after..];
        let number = rest
            .iter()
            .take_while(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'))
            .count();
        out.push(b'0');
        rest = &rest[number..];
    }
    out.extend_from_slice(rest);
    out
}

/// 64-bit FNV-1a: a hash whose value is fixed by its definition, unlike std's `DefaultHasher`.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

#[test]
fn fnv1a_matches_reference_values() {
    assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
}

#[test]
fn zero_elapsed_leaves_the_rest_alone() {
    assert_eq!(
        zero_elapsed(br#"{"a":1,"stats":{"nodes":5,"elapsed_ms":12.345}}"#),
        br#"{"a":1,"stats":{"nodes":5,"elapsed_ms":0}}"#,
    );
    assert_eq!(zero_elapsed(b"no key here\n"), b"no key here\n");
}

/// Every file in `tests/fixtures/` (not in its folders) belongs to a case, so a renamed or dropped case leaves no
/// stale fixture behind; and no two cases share a name.
#[test]
fn every_fixture_belongs_to_a_case() {
    let mut names: Vec<&str> = CASES.iter().map(|(name, _)| *name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), CASES.len(), "two cases share a name");

    let expected: Vec<String> = CASES
        .iter()
        .flat_map(|(name, case)| {
            let stdout = match case.stdout {
                Stdout::Empty => None,
                Stdout::Exact(ext) => Some(format!("{name}.{ext}")),
                Stdout::Json => Some(format!("{name}.json")),
                Stdout::Fnv1a => Some(format!("{name}.fnv1a")),
            };
            let stderr = match case.stderr {
                Stderr::Empty => None,
                Stderr::Exact => Some(format!("{name}_stderr.txt")),
            };
            stdout.into_iter().chain(stderr)
        })
        .collect();
    let stale: Vec<String> = fs::read_dir(fixtures())
        .unwrap()
        .map(|entry| entry.unwrap())
        // Folders hold fixtures of other tests (`puzzles/`: the published puzzles).
        .filter(|entry| !entry.file_type().unwrap().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|file| file != "README.md" && file != ".gitattributes")
        .filter(|file| !expected.contains(file))
        .collect();
    assert!(
        stale.is_empty(),
        "tests/fixtures/ holds files no case reads: {stale:?}; delete them or add their cases"
    );
}
