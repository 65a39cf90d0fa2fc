//! `count`: the number alone on a line or one JSON object, the methods, the limits (deadline,
//! memory cap), shards (by `--shard` and by a scheduler's index variables) and `--merge`, which
//! adds them up or refuses them naming the file; the `cses` adapter's grid and its bad input.

use std::path::Path;

use super::*;

/// The variables a scheduler gives a shard's index in.
const INDEX_VARIABLES: [&str; 2] = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"];

/// Runs `count` with `args` and the index variables set as `env` says (and no others, whatever
/// the environment of the tests).
fn count(args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut command = knights_tour();
    command.arg("count").args(args);
    for name in INDEX_VARIABLES {
        command.env_remove(name);
    }
    for (name, value) in env {
        command.env(name, value);
    }
    finished(args, command.output().unwrap())
}

/// The one JSON object of a successful run.
fn json_of(run: &Run, what: &str) -> serde_json::Map<String, Value> {
    assert_eq!(run.code, 0, "{what}: {}", run.stderr);
    let line = one_line(&run.stdout, what);
    match serde_json::from_str(line) {
        Ok(Value::Object(object)) => object,
        other => panic!("{what}: not one JSON object: {other:?} from {line:?}"),
    }
}

/// Writes each shard's `--format json` of `count ARGS --shard K/N` to a file of its own.
fn shard_files(args: &[&str], shards: u32, name: &str) -> Vec<PathBuf> {
    (0..shards)
        .map(|index| {
            let shard = format!("{index}/{shards}");
            let more = ["--shard", &shard, "--format", "json"];
            let out = count(&[args, &more[..]].concat(), &[]);
            assert_eq!(out.code, 0, "{args:?} shard {shard}: {}", out.stderr);
            scratch_file(&format!("{name}-{index}.json"), out.stdout.as_bytes())
        })
        .collect()
}

/// Asserts that `count --merge` of `files` prints what the whole count printed.
fn assert_merges_to(files: &[PathBuf], whole: &Run) {
    assert_eq!(whole.code, 0, "{}", whole.stderr);
    let merged = merge(files, &[]);
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    assert_eq!(merged.stdout, whole.stdout);
}

/// Runs `count --merge` on `files`, with more arguments after them.
fn merge(files: &[PathBuf], more: &[&str]) -> Run {
    let names: Vec<&str> = files.iter().map(|path| path.to_str().unwrap()).collect();
    count(&[&["--merge"][..], &names, more].concat(), &[])
}

/// The text of `path`, with `from` replaced by `to` (which must change it), in a new file.
fn edited(path: &Path, from: &str, to: &str, name: &str) -> PathBuf {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{from:?} in {text:?}");
    scratch_file(name, text.replacen(from, to, 1).as_bytes())
}

#[test]
fn count_prints_the_number_alone() {
    for (args, total) in [
        (&["--size", "5x5"][..], "1728\n"),
        (&["--size", "5"], "1728\n"),
        (&["--size", "3x4"], "16\n"),
        (&["--size", "4x3"], "16\n"),
        (&["--size", "5x6", "--closed"], "8\n"),
        (&["--size", "5x6", "--closed", "--start", "2,3"], "8\n"),
        (&["--size", "1"], "1\n"),
        (&["--size", "2x2"], "0\n"),
    ] {
        let out = run(&[&["count"], args].concat(), None);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        assert_eq!(out.stdout, total, "{args:?}");
        assert_eq!(out.stderr, "", "{args:?}");
    }
    // Counting from one start sums to the whole.
    let from = |start: &str| {
        let out = run(&["count", "--size", "3x4", "--start", start], None);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout.trim().parse::<u64>().unwrap()
    };
    let total: u64 = (0..3)
        .flat_map(|r| (0..4).map(move |c| format!("{r},{c}")))
        .map(|start| from(&start))
        .sum();
    assert_eq!(total, 16);
}

#[test]
fn count_exits_2_on_boards_too_large_or_bad_input() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["--method", "enumeration"], &["8x8", "40"]),
        (
            &["--size", "7x6", "--method", "enumeration"],
            &["7x6", "40"],
        ),
        (&["--size", "13"], &["13x13", "frontier"]),
        (&["--size", "3x4", "--start", "9,9"], &["'9,9'"]),
        (&["--size", "x"], &["'x'"]),
        (&["--deadline", "soon"], &["'soon'"]),
        (&["--method", "dp"], &["'dp'"]),
        (&["--threads", "0"], &["'0'", "--threads"]),
        (&["--format", "csv"], &["'csv'"]),
    ];
    for &(args, needles) in cases {
        let out = count(args, &[]);
        assert_fails(&out, 2, needles, &format!("count {args:?}"));
    }
}

#[test]
fn count_exits_3_when_the_deadline_passes() {
    let out = count(&["--size", "6", "--deadline", "10ms"], &[]);
    assert_fails(&out, 3, &["gave up", "deadline"], "count 6x6 in 10ms");
}

#[test]
fn count_8x8_honours_its_deadline_saying_how_far_it_got() {
    let out = count(&["--size", "8", "--deadline", "1ms"], &[]);
    let line = assert_fails(
        &out,
        3,
        &["gave up", "deadline", " of 64 squares"],
        "8x8 in 1ms",
    );
    assert!(line.contains("states in the frontier"), "{line}");
}

#[test]
fn count_refuses_a_count_past_the_memory_cap_rather_than_be_killed() {
    let mut command = knights_tour();
    command
        .args(["count", "--size", "6"])
        .env("KNIGHTS_TOUR_MEMORY", "1M");
    let out = finished(&["count", "--size", "6"], command.output().unwrap());
    let line = assert_fails(&out, 2, &["memory cap", " of 36 squares"], "6x6 in 1M");
    assert!(line.contains("states in the frontier"), "{line}");
}

#[test]
fn count_prints_nothing_on_standard_error_when_it_is_not_a_terminal() {
    // The frontier count reports every square; without a terminal no bar is drawn.
    let out = count(&["--size", "5x6", "--method", "frontier"], &[]);
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (0, "37568\n"),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr, "");
}

#[test]
fn count_methods_and_threads_agree_and_the_json_says_which_method_counted() {
    for (method, threads) in [("enumeration", "1"), ("frontier", "1"), ("frontier", "3")] {
        let what = format!("5x5 by {method} on {threads} threads");
        let args = ["--size", "5", "--method", method, "--threads", threads];
        let object = json_of(
            &count(&[&args[..], &["--format", "json"]].concat(), &[]),
            &what,
        );
        assert_eq!(object["method"], method, "{what}");
        assert_eq!(object["count"], 1728, "{what}");
    }
}

#[test]
fn count_json_is_one_object_with_the_board_the_kind_the_method_and_the_count() {
    let object = json_of(&count(&["--size", "5x6", "--format", "json"], &[]), "5x6");
    let expected = [
        ("board", Value::from("5x6")),
        ("rows", 5.into()),
        ("cols", 6.into()),
        ("kind", "open".into()),
        ("method", "frontier".into()),
        ("count", 37568.into()),
    ];
    for (field, value) in &expected {
        assert_eq!(&object[*field], value, "{field}");
    }
    assert!(object["peak_states"].as_u64().unwrap() > 0);
    for absent in ["start", "end", "shard", "shards", "digest", "merged"] {
        assert!(!object.contains_key(absent), "{absent} in a whole count");
    }
    // 5x5 from a corner to the opposite one; 6x5's closed tours.
    let between = count(
        &[
            "--size", "5", "--start", "a1", "--end", "4,4", "--format", "json",
        ],
        &[],
    );
    let object = json_of(&between, "5x5 a1 to 4,4");
    assert_eq!(object["start"], serde_json::json!([4, 0]));
    assert_eq!(object["end"], serde_json::json!([4, 4]));
    let closed = json_of(
        &count(&["--size", "6x5", "--closed", "--format", "json"], &[]),
        "6x5 closed",
    );
    assert_eq!(
        (&closed["kind"], &closed["count"]),
        (&"closed".into(), &8.into())
    );
}

#[test]
fn every_shard_of_6x6_merged_is_the_whole_count_and_oeis() {
    // Shards 0 and 1 take their index from Kubernetes' variable, 2 from Slurm's, and 3 from
    // --shard, which wins over a variable.
    let envs: [&[(&str, &str)]; 4] = [
        &[("JOB_COMPLETION_INDEX", "0"), ("SLURM_ARRAY_TASK_ID", "3")],
        &[("JOB_COMPLETION_INDEX", "1")],
        &[("SLURM_ARRAY_TASK_ID", "2")],
        &[("JOB_COMPLETION_INDEX", "0")],
    ];
    let mut files = Vec::new();
    let mut digests = Vec::new();
    for (index, env) in envs.iter().enumerate() {
        let mut args = vec!["--size", "6", "--shards", "4", "--format", "json"];
        let shard = format!("{index}/4");
        if index == 3 {
            args.extend(["--shard", &shard]);
        }
        let out = count(&args, env);
        let object = json_of(&out, &format!("6x6 shard {index} with {env:?}"));
        assert_eq!(object["shard"], index, "{env:?}");
        assert_eq!(object["shards"], 4);
        assert_eq!(object["board"], "6x6");
        assert_eq!(object["kind"], "open");
        assert_eq!(object["method"], "frontier");
        digests.push(object["digest"].as_str().unwrap().to_string());
        files.push(scratch_file(
            &format!("6x6-{index}.json"),
            out.stdout.as_bytes(),
        ));
    }
    assert!(
        digests.iter().all(|digest| digest == &digests[0]),
        "{digests:?}"
    );
    assert_eq!(digests[0].len(), 16);
    assert!(digests[0].bytes().all(|byte| byte.is_ascii_hexdigit()));
    let whole = count(&["--size", "6"], &[]);
    assert_eq!(whole.stdout, "6637920\n", "{}", whole.stderr);
    assert_merges_to(&files, &whole);
    let object = json_of(&merge(&files, &["--format", "json"]), "6x6 merged");
    assert_eq!(object["count"], 6_637_920);
    assert_eq!(object["merged"], 4);
    assert_eq!(object["digest"], digests[0].as_str());
    assert_eq!(
        (&object["board"], &object["kind"]),
        (&"6x6".into(), &"open".into())
    );
    assert!(!object.contains_key("shard"));
}

#[test]
fn shards_of_a_count_from_a_start_add_up_to_it_in_any_order() {
    let args = ["--size", "5x6", "--start", "2,3"];
    let mut files = shard_files(&args, 5, "from-2-3");
    files.reverse();
    assert_merges_to(&files, &count(&args, &[]));
}

#[test]
fn merge_refuses_missing_duplicated_and_mismatched_shards_naming_the_file() {
    let files = shard_files(&["--size", "5x6"], 3, "refused");
    let other_board = shard_files(&["--size", "4x5"], 3, "refused-4x5");
    let name = |path: &PathBuf| format!("'{}'", path.display());
    let cases: Vec<(Vec<PathBuf>, Vec<String>, &str)> = vec![
        (
            vec![files[0].clone(), files[2].clone()],
            vec![name(&files[0]), "not given: 1;".into()],
            "shard 1 left out",
        ),
        (
            vec![
                files[0].clone(),
                files[1].clone(),
                files[1].clone(),
                files[2].clone(),
            ],
            vec![name(&files[1]), "shard 1/3".into()],
            "shard 1 twice",
        ),
        (
            vec![files[0].clone(), files[1].clone(), other_board[2].clone()],
            vec![
                name(&other_board[2]),
                name(&files[0]),
                "board is 4x5, not 5x6".into(),
            ],
            "a shard of 4x5",
        ),
        (
            vec![
                files[0].clone(),
                files[1].clone(),
                edited(
                    &files[2],
                    "\"digest\":\"",
                    "\"digest\":\"0",
                    "other-digest.json",
                ),
            ],
            vec!["other-digest.json'".into(), "digest".into()],
            "another digest",
        ),
        (
            vec![files[0].clone(), scratch_file("not-json.json", b"37568\n")],
            vec!["not-json.json'".into(), "JSON object".into()],
            "not a JSON object",
        ),
        (
            vec![
                files[0].clone(),
                scratch_file("broken.json", b"{\"count\":"),
            ],
            vec!["broken.json'".into(), "JSON".into()],
            "broken JSON",
        ),
        (
            vec![edited(
                &files[0],
                "\"count\":",
                "\"count\":-",
                "negative.json",
            )],
            vec!["negative.json'".into(), "count".into()],
            "a negative count",
        ),
        (
            vec![edited(&files[0], ",\"shard\":0", "", "no-shard.json")],
            vec!["no-shard.json'".into(), "\"shard\"".into()],
            "a whole count",
        ),
        (
            vec![files[0].clone(), PathBuf::from("/nonexistent/shard-1.json")],
            vec!["'/nonexistent/shard-1.json'".into()],
            "a file that is not there",
        ),
    ];
    for (files, needles, what) in cases {
        let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
        assert_fails(&merge(&files, &[]), 2, &needles, what);
    }
}

#[test]
fn merge_adds_counts_exactly_past_every_machine_integer() {
    // Counts of 40 digits (u128 holds 39) edited into two shards of a real count.
    let files = shard_files(&["--size", "5x6"], 2, "big");
    let text = |path: &PathBuf| std::fs::read_to_string(path).unwrap();
    let count_of = |path: &PathBuf| {
        let object: Value = serde_json::from_str(&text(path)).unwrap();
        object["count"].to_string()
    };
    let big = [
        ("9999999999999999999999999999999999999999", "big-0.json"),
        ("1", "big-1.json"),
    ];
    let edited: Vec<PathBuf> = files
        .iter()
        .zip(big)
        .map(|(path, (count, name))| {
            let from = format!("\"count\":{},", count_of(path));
            edited(path, &from, &format!("\"count\":{count},"), name)
        })
        .collect();
    let merged = merge(&edited, &[]);
    assert_eq!(
        merged.stdout, "10000000000000000000000000000000000000000\n",
        "{}",
        merged.stderr
    );
    let json = merge(&edited, &["--format", "json"]);
    assert!(
        json.stdout
            .contains("\"count\":10000000000000000000000000000000000000000,"),
        "{}",
        json.stdout
    );
}

/// A run of `count` refused: its arguments, the variables set, and what the message names.
type Refused<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a [&'a str]);

#[test]
fn a_shard_is_named_by_shard_or_by_a_schedulers_index_and_a_bad_one_is_exit_2() {
    let size = ["--size", "5x6"];
    let cases: &[Refused] = &[
        (&["--shard", "4/4"], &[], &["'4/4'", "K/N"]),
        (&["--shard", "a/4"], &[], &["'a/4'"]),
        (&["--shard", "1/0"], &[], &["'1/0'"]),
        (&["--shard", "-1/4"], &[], &["'-1/4'"]),
        (&["--shard", "2"], &[], &["'2'"]),
        (&["--shard", ""], &[], &["''"]),
        (&["--shards", "0"], &[], &["'0'", "--shards"]),
        (
            &["--shards", "4", "--shard", "1/3"],
            &[],
            &["--shard 1/3", "--shards 4"],
        ),
        (
            &["--shards", "4"],
            &[],
            &["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"],
        ),
        (
            &["--shards", "4"],
            &[("JOB_COMPLETION_INDEX", "4"), ("SLURM_ARRAY_TASK_ID", "1")],
            &["JOB_COMPLETION_INDEX='4'", "0 to 3"],
        ),
        (
            &["--shards", "4"],
            &[("SLURM_ARRAY_TASK_ID", "x\u{1b}")],
            &["SLURM_ARRAY_TASK_ID='x\\e'"],
        ),
        (
            &["--shard", "0/2", "--method", "enumeration"],
            &[],
            &["enumeration"],
        ),
        (
            &["--merge", "a.json", "--shard", "0/2"],
            &[],
            &["--merge", "cannot be used with"],
        ),
    ];
    for &(args, env, needles) in cases {
        let out = count(&[&size[..], args].concat(), env);
        assert_fails(&out, 2, needles, &format!("count {args:?} with {env:?}"));
    }
}

#[test]
fn cses_prints_a_valid_unpadded_8x8_grid_with_1_at_column_x_row_y() {
    for (x, y) in [(4, 4), (1, 1), (8, 3), (2, 7), (8, 8)] {
        let input = format!("{x} {y}\n");
        let out = run(&["cses"], Some(input.as_bytes()));
        assert_eq!(out.code, 0, "{input:?}: {}", out.stderr);
        assert_eq!(out.stderr, "");
        let (grid_board, path) = parse_grid(&out.stdout, false);
        assert_eq!(grid_board, board(8, 8));
        let start = Square::new(y - 1, x - 1);
        let first_row_of_y = out.stdout.lines().nth(y as usize - 1).unwrap();
        assert_eq!(first_row_of_y.split(' ').nth(x as usize - 1), Some("1"));
        assert_tour(grid_board, &path, false, start, &input);
    }
}

#[test]
fn cses_exits_2_on_bad_input() {
    for input in [
        "9 1\n", "0 5\n", "", "\n", "1\n", "1 2 3\n", "a b\n", "-1 2\n",
    ] {
        let out = run(&["cses"], Some(input.as_bytes()));
        assert_fails(&out, 2, &["cses", "x y"], &format!("cses <<< {input:?}"));
    }
}

#[test]
fn the_slurm_scripts_count_every_shard_of_an_array_and_merge_them() {
    let results = tempfile::tempdir().unwrap();
    let script = |name: &str| format!("{}/deploy/slurm/{name}", env!("CARGO_MANIFEST_DIR"));
    let sbatch = |name: &str, task: Option<u32>| {
        let mut command = std::process::Command::new("bash");
        command
            .arg(script(name))
            .env("KNIGHTS_TOUR", assert_cmd::cargo::cargo_bin("knights-tour"))
            .env("RESULTS", results.path())
            .env("SIZE", "5x6")
            .env("SHARDS", "3")
            .env_remove("JOB_COMPLETION_INDEX");
        if let Some(task) = task {
            command.env("SLURM_ARRAY_TASK_ID", task.to_string());
        }
        finished(&[name], command.output().unwrap())
    };
    for task in 0..3 {
        let out = sbatch("count.sbatch", Some(task));
        assert_eq!(out.code, 0, "task {task}: {}", out.stderr);
    }
    let merged = sbatch("merge.sbatch", None);
    let object = json_of(&merged, "merge.sbatch");
    assert_eq!(
        (&object["count"], &object["merged"]),
        (&37568.into(), &3.into())
    );
    let written = std::fs::read_to_string(results.path().join("count.json")).unwrap();
    assert_eq!(written, merged.stdout);
}

#[test]
fn count_draws_its_progress_on_a_terminal_and_clears_it() {
    use portable_pty::{CommandBuilder, PtySize, native_pty_system};
    use std::io::Read;
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 160,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_knights-tour"));
    command.args(["count", "--size", "5x6", "--threads", "1"]);
    let mut child = pair.slave.spawn_command(command).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let collected = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = reader.read_to_end(&mut text);
        text
    });
    let status = child.wait().unwrap();
    drop(pair.master);
    let text = String::from_utf8(collected.join().unwrap()).unwrap();
    assert_eq!(status.exit_code(), 0, "{text}");
    // The bar: the board, the square under way of 30, the frontier's states and the memory
    // they hold; then the count alone.
    assert!(text.contains("5x6 open ["), "{text:?}");
    assert!(text.contains(" of 30, "), "{text:?}");
    assert!(text.contains(" states, "), "{text:?}");
    // The bar's line is cleared before the count is printed.
    let after_bar = &text[text.rfind(" MB, ").unwrap()..];
    assert!(after_bar.ends_with("\x1b[2K37568\r\n"), "{text:?}");
}
