//! The Slurm script, run against a stand-in `srun`, `scontrol` and `knights-tour`.

use super::*;

#[test]
fn the_slurm_job_runs_the_readme_command_one_task_a_node() {
    let script = read("deploy/slurm/count.sbatch");
    let syntax = Command::new("bash")
        .args(["-n", "deploy/slurm/count.sbatch"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .unwrap();
    assert!(syntax.success(), "bash -n deploy/slurm/count.sbatch");
    let setting = |name: &str| {
        script
            .lines()
            .find_map(|line| line.strip_prefix(&format!("#SBATCH --{name}=")))
            .unwrap_or_else(|| panic!("no #SBATCH --{name}"))
            .to_string()
    };
    assert_eq!(setting("ntasks-per-node"), "1");
    assert!(
        script.lines().any(|line| line == "#SBATCH --requeue"),
        "#SBATCH --requeue"
    );
    // The hostfile is the job's node list, a port on each line.
    assert!(script.contains("scontrol show hostnames \"$SLURM_JOB_NODELIST\""));

    // Run as sbatch runs it, with the CPUs its #SBATCH line asks, one task a node with those
    // CPUs, and the command the README names, with the hostfile, the key and the checkpoints
    // beside the script and the node's index as the process.
    let folder = scratch("defaults");
    let cpus = setting("cpus-per-task");
    let run = slurm_run(&folder, 0, 0, &[("SLURM_CPUS_PER_TASK", &cpus)]);
    assert_eq!(run.status, 0);
    assert!(run.srun.contains(&"--ntasks-per-node=1".to_string()));
    assert!(run.srun.contains(&format!("--cpus-per-task={cpus}")));
    let (words, hostfile, process) = split_command(&run.command);
    let (named, key_file) = named_as(&words, "--cluster-key", "KEYFILE");
    let (named, checkpoints) = named_as(&named, "--resume", "CHECKPOINTS");
    let mut readme = readme_command();
    readme[0] = folder.join("bin/knights-tour").display().to_string();
    assert_eq!(named, readme);
    let beside = |name: &str| folder.join(format!("{name}-42")).display().to_string();
    assert_eq!(
        (key_file, checkpoints, hostfile, process),
        (
            beside("knights-tour-key"),
            beside("knights-tour-checkpoints"),
            beside("knights-tour-hosts"),
            "0".to_string()
        )
    );
    assert_eq!(option(&words, "--threads"), cpus);
    // As many nodes as the Kubernetes example has pods.
    let documents = YamlLoader::load_from_str(&read("deploy/kubernetes/count.yaml")).unwrap();
    let pods = kind(&documents, "Job")["spec"]["completions"]
        .as_i64()
        .unwrap();
    assert_eq!(setting("nodes"), pods.to_string());
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn the_slurm_job_counts_what_count_spill_and_its_cpus_say() {
    // GUIDE.md's command for 9x10 closed on 64 nodes of 16 cores: COUNT's words, each process
    // with a worker a CPU of its task, spilling to the node's local disk.
    let folder = scratch("count");
    let defaults = slurm_run(&folder, 0, 0, &[("SLURM_CPUS_PER_TASK", "2")]).command;
    let run = slurm_run(
        &folder,
        0,
        0,
        &[
            ("COUNT", "--size 9x10  --closed"),
            ("SPILL", "/local/scratch/a b"),
            ("SLURM_CPUS_PER_TASK", "16"),
        ],
    );
    assert!(run.srun.contains(&"--cpus-per-task=16".to_string()));
    let count: Vec<&str> = run.command[1..10].iter().map(String::as_str).collect();
    assert_eq!(
        count,
        [
            "count",
            "--size",
            "9x10",
            "--closed",
            "--threads",
            "16",
            "--spill",
            "/local/scratch/a b",
            "--cluster-wait"
        ]
    );
    // The rest is the default's: the same hostfile, key, checkpoints and process.
    assert_eq!(run.command[9..], defaults[6..]);
    assert_eq!(defaults[1..6], ["count", "--size", "7", "--threads", "2"]);

    // COUNT is split at spaces but never expanded as a pattern, even where a file matches.
    fs::write(folder.join("9x9"), "").unwrap();
    let run = slurm_run(&folder, 0, 0, &[("COUNT", "--size 9x?")]);
    assert_eq!(run.command[1..5], ["count", "--size", "9x?", "--threads"]);
    fs::remove_dir_all(&folder).unwrap();
}

/// A fresh folder for one test's run of the Slurm script.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("deploy-slurm-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(&folder).unwrap();
    folder
}

/// What a run of the Slurm script did.
pub(crate) struct SlurmRun {
    /// Its exit status.
    pub(crate) status: i32,
    /// What it asked `scontrol` to requeue.
    pub(crate) requeued: String,
    /// The options it gave `srun`.
    pub(crate) srun: Vec<String>,
    /// The command the task ran, its words as `knights-tour` received them.
    pub(crate) command: Vec<String>,
}

/// A run of the Slurm script in `folder` (the submit folder), as job 42 requeued `restarts`
/// times with `env` set, against a stand-in `scontrol`, a stand-in `srun` that runs the task
/// as node 0 and a stand-in `knights-tour` (`KNIGHTS_TOUR`) that ends with `status`.
pub(crate) fn slurm_run(
    folder: &std::path::Path,
    status: i32,
    restarts: u32,
    env: &[(&str, &str)],
) -> SlurmRun {
    let bin = folder.join("bin");
    fs::create_dir_all(&bin).unwrap();
    let stand_in = |name: &str, body: &str| {
        let path = bin.join(name);
        fs::write(&path, format!("#!/bin/bash\n{body}\n")).unwrap();
        Command::new("chmod").arg("+x").arg(&path).status().unwrap();
    };
    stand_in(
        "srun",
        "while [[ $1 == --* ]]; do echo \"$1\" >> \"$SLURM_SUBMIT_DIR/srun\"; shift; done\n\
         SLURM_NODEID=0 exec \"$@\"",
    );
    stand_in(
        "knights-tour",
        &format!("printf '%s\\n' \"$0\" \"$@\" > \"$SLURM_SUBMIT_DIR/ran\"\nexit {status}"),
    );
    stand_in(
        "scontrol",
        "case \"$1\" in show) printf 'n1\\nn2\\nn3\\nn4\\n' ;; \
         requeue) echo \"$2\" >> \"$SLURM_SUBMIT_DIR/requeued\" ;; esac",
    );
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let ran = Command::new("bash")
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("deploy/slurm/count.sbatch"))
        .current_dir(folder)
        .env("PATH", path)
        .env("KNIGHTS_TOUR", bin.join("knights-tour"))
        .env("SLURM_SUBMIT_DIR", folder)
        .env("SLURM_JOB_ID", "42")
        .env("SLURM_JOB_NODELIST", "n[1-4]")
        .env("SLURM_RESTART_COUNT", restarts.to_string())
        .env_remove("COUNT")
        .env_remove("SPILL")
        .env_remove("SLURM_CPUS_PER_TASK")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    let take = |name: &str| {
        let text = fs::read_to_string(folder.join(name)).unwrap_or_default();
        let _ = fs::remove_file(folder.join(name));
        text
    };
    let lines = |text: String| text.lines().map(str::to_string).collect();
    SlurmRun {
        status: ran.status.code().unwrap(),
        requeued: take("requeued"),
        srun: lines(take("srun")),
        command: lines(take("ran")),
    }
}

#[test]
fn the_slurm_job_requeues_after_a_lost_process_keeping_its_key_and_checkpoints() {
    let folder = scratch("requeue");
    let run = |status, restarts| {
        let run = slurm_run(&folder, status, restarts, &[]);
        (run.status, run.requeued)
    };
    let key = folder.join("knights-tour-key-42");
    let hosts = folder.join("knights-tour-hosts-42");
    let checkpoints = folder.join("knights-tour-checkpoints-42");

    // A lost process: requeued, with the hostfile and a key only the user reads kept.
    assert_eq!(run(4, 0), (4, "42\n".to_string()));
    let made = fs::read_to_string(&key).unwrap();
    assert!(
        made.trim().len() >= 40,
        "32 random bytes in base64: {made:?}"
    );
    let mode = Command::new("stat")
        .args(["-c", "%a"])
        .arg(&key)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(mode.stdout).unwrap().trim(), "600");
    assert_eq!(
        fs::read_to_string(&hosts).unwrap(),
        "n1:7000\nn2:7000\nn3:7000\nn4:7000\n"
    );

    // Requeued, it keeps the key its checkpoints are sealed with, and the checkpoints.
    fs::create_dir_all(&checkpoints).unwrap();
    fs::write(
        checkpoints.join("worker-0-square-000010-u64.seal"),
        "a seal",
    )
    .unwrap();
    assert_eq!(run(4, 1), (4, "42\n".to_string()));
    assert_eq!(fs::read_to_string(&key).unwrap(), made);
    assert!(checkpoints.join("worker-0-square-000010-u64.seal").exists());

    // Requeued as often as it may be, it ends, and so does a count, bad input or a deadline:
    // nothing requeued, and the key, the hostfile and the checkpoints removed.
    for (status, restarts) in [(4, 12), (0, 3), (2, 0), (3, 0)] {
        fs::create_dir_all(&checkpoints).unwrap();
        assert_eq!(
            run(status, restarts),
            (status, String::new()),
            "status {status} after {restarts} requeues"
        );
        for gone in [&key, &hosts, &checkpoints] {
            assert!(
                !gone.exists(),
                "status {status}: {} removed",
                gone.display()
            );
        }
    }
    fs::remove_dir_all(&folder).unwrap();
}
