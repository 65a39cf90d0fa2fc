//! `count --frontier-side long`: the frontier taken along the board's long side gives the
//! count the short side gives, from a wider frontier, and is refused with `--cluster`.

use super::*;

/// The count's JSON object for `args`.
fn counted(args: &[&str]) -> Value {
    let out = run(
        &[&["count", "--format", "json", "--method", "frontier"], args].concat(),
        None,
    );
    assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    serde_json::from_str(one_line(&out.stdout, "count")).unwrap()
}

/// 3×10 open (OEIS A118067: 6,096 directed), 3×12 and 10×3 closed (A070030: 176 and 16),
/// and 5×6 without two squares (2,934 open and 2 closed, as enumeration counts them in the
/// engine's tests): the same along either side, the long side's frontier holding more states.
#[test]
fn count_along_the_long_side_is_the_count_along_the_short_one() {
    let board = "\
.xxxxx
xxxxxx
xxx.xx
xxxxxx
xxxxxx
";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("holes.txt");
    std::fs::write(&path, board).unwrap();
    let holes = path.to_str().unwrap();
    for (args, tours) in [
        (&["--size", "3x10"][..], 6_096),
        (&["--size", "3x12", "--closed"], 176),
        (&["--size", "10x3", "--closed"], 16),
        (&["--board", holes], 2_934),
        (&["--board", holes, "--closed"], 2),
    ] {
        let short = counted(args);
        let long = counted(&[args, &["--frontier-side", "long"]].concat());
        assert_eq!(short["count"], tours, "{args:?}");
        assert_eq!(long["count"], tours, "{args:?} along the long side");
        let states = |object: &Value| object["peak_states"].as_u64().unwrap();
        assert!(
            states(&long) > states(&short),
            "{args:?}: {long} against {short}"
        );
    }
}

#[test]
fn count_refuses_a_long_frontier_side_in_a_cluster_and_a_side_it_does_not_know() {
    let out = run(
        &[
            "count",
            "--size",
            "3x10",
            "--frontier-side",
            "long",
            "--cluster",
            "hosts.txt",
            "--process",
            "0",
        ],
        None,
    );
    assert_fails(
        &out,
        2,
        &["--frontier-side", "--cluster"],
        "long side in a cluster",
    );
    let out = run(&["count", "--frontier-side", "wide"], None);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("wide") && out.stderr.contains("long"),
        "{}",
        out.stderr
    );
}
