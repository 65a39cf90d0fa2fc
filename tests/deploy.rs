//! `deploy/`: the Kubernetes manifest parses as YAML and the Slurm script as bash, and both run
//! the cluster count the README names, with the hostfile, the key, the checkpoints and the
//! process index each scheduler gives: the pods' stable names from a headless Service in a
//! ConfigMap, the key from a Secret only its owner reads and the checkpoints on a volume every
//! pod mounts; or the job's node list, a key file only the job's user reads and a folder beside
//! them. The Slurm script runs here against a stand-in `srun`, `scontrol` and `knights-tour`:
//! it runs the count `COUNT`, `SPILL` and the task's CPUs say, a lost process requeues the job
//! and keeps its key and checkpoints, an ended count removes them. `deploy/kubernetes/job`
//! writes the manifest for another count and number of pods. No cluster runs here; these are
//! what can be checked without one.

use std::fs;
use std::path::PathBuf;
use std::process::Command;

use yaml_rust2::{Yaml, YamlLoader};

fn read(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The README's cluster command, up to `--cluster`: `knights-tour count …`.
fn readme_command() -> Vec<String> {
    let readme = read("README.md");
    let line = readme
        .lines()
        .find(|line| {
            line.starts_with("knights-tour count ")
                && line.ends_with("--cluster HOSTFILE --process K")
        })
        .expect("README.md names the cluster command, ending --cluster HOSTFILE --process K");
    let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    words[..words.len() - 4].to_vec()
}

/// The words of `command` before `--cluster`, and the two values after it (the hostfile and
/// the process).
fn split_command(command: &[String]) -> (Vec<String>, String, String) {
    let at = command
        .iter()
        .position(|word| word == "--cluster")
        .unwrap_or_else(|| panic!("no --cluster in {command:?}"));
    assert_eq!(
        command.len(),
        at + 4,
        "{command:?} ends with --cluster H --process K"
    );
    assert_eq!(command[at + 2], "--process", "{command:?}");
    (
        command[..at].to_vec(),
        command[at + 1].clone(),
        command[at + 3].clone(),
    )
}

/// The value of option `name` in `words`.
fn option<'a>(words: &'a [String], name: &str) -> &'a str {
    let at = words.iter().position(|word| word == name).unwrap();
    &words[at + 1]
}

/// `words` with the value of `option` as the README writes it (`placeholder`: `KEYFILE`,
/// `CHECKPOINTS`), and the value it had.
fn named_as(words: &[String], option: &str, placeholder: &str) -> (Vec<String>, String) {
    let at = words
        .iter()
        .position(|word| word == option)
        .unwrap_or_else(|| panic!("no {option} in {words:?}"));
    let mut named = words.to_vec();
    let value = std::mem::replace(&mut named[at + 1], placeholder.to_string());
    (named, value)
}

fn text(yaml: &Yaml) -> String {
    match yaml {
        Yaml::String(text) => text.clone(),
        Yaml::Integer(number) => number.to_string(),
        other => panic!("not a scalar: {other:?}"),
    }
}

fn kind<'a>(documents: &'a [Yaml], kind: &str) -> &'a Yaml {
    kind_or_none(documents, kind).unwrap_or_else(|| panic!("no {kind} in the manifest"))
}

fn kind_or_none<'a>(documents: &'a [Yaml], kind: &str) -> Option<&'a Yaml> {
    documents
        .iter()
        .find(|document| document["kind"].as_str() == Some(kind))
}

#[test]
fn the_kubernetes_job_runs_the_readme_command_with_stable_names_from_a_configmap() {
    let documents = YamlLoader::load_from_str(&read("deploy/kubernetes/count.yaml")).unwrap();
    let (service, hosts, job) = (
        kind(&documents, "Service"),
        kind(&documents, "ConfigMap"),
        kind(&documents, "Job"),
    );
    let job_name = text(&job["metadata"]["name"]);
    let pod = &job["spec"]["template"]["spec"];
    let container = &pod["containers"][0];
    let command: Vec<String> = container["command"]
        .as_vec()
        .unwrap()
        .iter()
        .map(text)
        .collect();
    let (words, hostfile, process) = split_command(&command);
    let (named, key_file) = named_as(&words, "--cluster-key", "KEYFILE");
    let (named, checkpoints) = named_as(&named, "--resume", "CHECKPOINTS");
    assert_eq!(named, readme_command());
    assert_eq!(process, "$(JOB_COMPLETION_INDEX)");

    // The checkpoints are on the claim's volume, which every pod mounts, so that a pod run
    // again on another node finds them.
    let claim = kind(&documents, "PersistentVolumeClaim");
    assert_eq!(text(&claim["spec"]["accessModes"][0]), "ReadWriteMany");
    let volume = pod["volumes"]
        .as_vec()
        .unwrap()
        .iter()
        .find(|volume| volume["persistentVolumeClaim"]["claimName"] == claim["metadata"]["name"])
        .expect("a volume of the claim");
    let mounted = container["volumeMounts"]
        .as_vec()
        .unwrap()
        .iter()
        .find(|mount| mount["name"] == volume["name"])
        .expect("the claim's volume mounted");
    assert_eq!(text(&mounted["mountPath"]), checkpoints);

    // The key is the Secret's, mounted where --cluster-key reads it, readable by its owner
    // alone; the manifest holds no key itself.
    assert!(kind_or_none(&documents, "Secret").is_none());
    let secret = pod["volumes"]
        .as_vec()
        .unwrap()
        .iter()
        .find(|volume| !volume["secret"].is_badvalue())
        .expect("a volume from a Secret");
    let secret_mount = container["volumeMounts"]
        .as_vec()
        .unwrap()
        .iter()
        .find(|mount| mount["name"] == secret["name"])
        .expect("the Secret's volume mounted");
    let (key_folder, key_name) = key_file.rsplit_once('/').unwrap();
    assert_eq!(text(&secret_mount["mountPath"]), key_folder);
    assert!(!key_name.is_empty());
    assert_eq!(secret["secret"]["defaultMode"].as_i64(), Some(0o400));
    let secret_name = text(&secret["secret"]["secretName"]);
    assert!(
        read("deploy/README.md").contains(&format!("kubectl create secret generic {secret_name}")),
        "deploy/README.md says how to make the Secret {secret_name}"
    );

    // N pods, one a line of the hostfile, each named <job>-<K>.<service> on the port the pod
    // listens on.
    assert_eq!(text(&job["spec"]["completionMode"]), "Indexed");
    let processes = job["spec"]["completions"].as_i64().unwrap();
    assert_eq!(job["spec"]["parallelism"].as_i64(), Some(processes));
    let service_name = text(&service["metadata"]["name"]);
    assert_eq!(text(&service["spec"]["clusterIP"]), "None");
    assert_eq!(text(&pod["subdomain"]), service_name);
    assert_eq!(text(&service["spec"]["selector"]["job-name"]), job_name);
    let port = text(&container["ports"][0]["containerPort"]);
    assert_eq!(text(&service["spec"]["ports"][0]["port"]), port);
    let volume = &pod["volumes"][0];
    let mount = &container["volumeMounts"][0];
    assert_eq!(text(&volume["name"]), text(&mount["name"]));
    assert_eq!(
        text(&volume["configMap"]["name"]),
        text(&hosts["metadata"]["name"])
    );
    let (folder, key) = hostfile.rsplit_once('/').unwrap();
    assert_eq!(text(&mount["mountPath"]), folder);
    let lines: Vec<String> = text(&hosts["data"][key])
        .lines()
        .map(str::to_string)
        .collect();
    let expected: Vec<String> = (0..processes)
        .map(|k| format!("{job_name}-{k}.{service_name}:{port}"))
        .collect();
    assert_eq!(lines, expected);

    // Each pod has the cores its workers use, and a memory limit the count keeps within.
    let resources = &container["resources"];
    assert_eq!(
        text(&resources["requests"]["cpu"]),
        option(&words, "--threads")
    );
    assert!(resources["limits"]["memory"].as_str().is_some());
}

/// The manifest `deploy/kubernetes/job` prints for `arguments`.
fn generated(arguments: &[&str]) -> Vec<Yaml> {
    let ran = Command::new("deploy/kubernetes/job")
        .args(arguments)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        ran.status.success(),
        "deploy/kubernetes/job {arguments:?}: {}",
        String::from_utf8_lossy(&ran.stderr)
    );
    YamlLoader::load_from_str(&String::from_utf8(ran.stdout).unwrap()).unwrap()
}

/// The command of the Job's container in `documents`.
fn job_command(documents: &[Yaml]) -> Vec<String> {
    kind(documents, "Job")["spec"]["template"]["spec"]["containers"][0]["command"]
        .as_vec()
        .unwrap()
        .iter()
        .map(text)
        .collect()
}

#[test]
fn the_kubernetes_generator_writes_the_job_for_any_count_and_processes() {
    // GUIDE.md's command for 9x10 closed on 64 pods of 16 cores and 120 GiB.
    let documents = generated(&["64", "16", "120Gi", "--size", "9x10", "--closed"]);
    let job = kind(&documents, "Job");
    assert_eq!(job["spec"]["completions"].as_i64(), Some(64));
    assert_eq!(job["spec"]["parallelism"].as_i64(), Some(64));
    let lines: Vec<String> = text(&kind(&documents, "ConfigMap")["data"]["hosts"])
        .lines()
        .map(str::to_string)
        .collect();
    let expected: Vec<String> = (0..64)
        .map(|k| format!("knights-tour-count-{k}.knights-tour:7000"))
        .collect();
    assert_eq!(lines, expected);

    // The count's words, a worker a CPU and the spill on the pod's emptyDir; the rest is the
    // default manifest's command.
    let command = job_command(&documents);
    let default =
        job_command(&YamlLoader::load_from_str(&read("deploy/kubernetes/count.yaml")).unwrap());
    let spill = "/var/lib/knights-tour/spill";
    assert_eq!(
        command[..9],
        [
            "knights-tour",
            "count",
            "--size",
            "9x10",
            "--closed",
            "--threads",
            "16",
            "--spill",
            spill
        ]
    );
    assert_eq!(command[9..], default[6..]);
    assert_eq!(
        default[..6],
        ["knights-tour", "count", "--size", "7", "--threads", "2"]
    );
    let pod = &job["spec"]["template"]["spec"];
    let container = &pod["containers"][0];
    let mount = container["volumeMounts"]
        .as_vec()
        .unwrap()
        .iter()
        .find(|mount| text(&mount["mountPath"]) == spill)
        .expect("the spill's folder mounted");
    let volume = pod["volumes"]
        .as_vec()
        .unwrap()
        .iter()
        .find(|volume| volume["name"] == mount["name"])
        .expect("the spill's volume");
    assert!(volume["emptyDir"].as_hash().is_some(), "{volume:?}");
    for limit in ["requests", "limits"] {
        let resources = &container["resources"][limit];
        assert_eq!(text(&resources["cpu"]), "16");
        assert_eq!(text(&resources["memory"]), "120Gi");
    }

    // Given the default's count, processes, workers and memory, it writes the default
    // manifest, with --spill added.
    let mut same = generated(&["4", "2", "3Gi", "--size", "7"]);
    let default = YamlLoader::load_from_str(&read("deploy/kubernetes/count.yaml")).unwrap();
    let job = same
        .iter_mut()
        .find(|document| document["kind"].as_str() == Some("Job"))
        .unwrap();
    let Yaml::Array(command) = &mut job["spec"]["template"]["spec"]["containers"][0]["command"]
    else {
        panic!("no command");
    };
    assert_eq!(
        command
            .drain(6..8)
            .map(|word| text(&word))
            .collect::<Vec<_>>(),
        ["--spill", spill]
    );
    assert_eq!(same, default);

    // A bad number of processes, workers or memory, or no count, is refused, printing nothing.
    for arguments in [
        &["0", "16", "120Gi", "--size", "9x9"][..],
        &["64", "x", "120Gi", "--size", "9x9"],
        &["64", "16", "lots", "--size", "9x9"],
        &["64", "16", "120Gi"],
    ] {
        let ran = Command::new("deploy/kubernetes/job")
            .args(arguments)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert_eq!(ran.status.code(), Some(2), "{arguments:?}");
        assert!(ran.stdout.is_empty(), "{arguments:?}");
    }
}

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

#[test]
fn the_guides_commands_count_9x10_closed_and_9x9_open_on_64_processes() {
    // GUIDE.md's commands, run as they are written: the Slurm script with the variables and
    // options they give, the Kubernetes generator with its arguments.
    let guide = read("GUIDE.md");
    let (mut slurm, mut kubernetes) = (Vec::new(), Vec::new());
    let folder = scratch("guide");
    for line in guide.lines() {
        if let Some(rest) = line.strip_prefix("COUNT='") {
            let (count, rest) = rest.split_once("' ").unwrap();
            let words: Vec<&str> = rest.split_whitespace().collect();
            let spill = words[0].strip_prefix("SPILL=").expect("SPILL=");
            let sbatch = &words[1..];
            assert_eq!(sbatch[0], "sbatch", "{line}");
            assert_eq!(
                sbatch[sbatch.len() - 1],
                "deploy/slurm/count.sbatch",
                "{line}"
            );
            assert!(sbatch.contains(&"--nodes=64"), "{line}");
            let cpus = sbatch
                .iter()
                .find_map(|word| word.strip_prefix("--cpus-per-task="))
                .expect("--cpus-per-task");
            let run = slurm_run(
                &folder,
                0,
                0,
                &[
                    ("COUNT", count),
                    ("SPILL", spill),
                    ("SLURM_CPUS_PER_TASK", cpus),
                ],
            );
            let mut expected = vec!["count"];
            expected.extend(count.split(' '));
            expected.extend(["--threads", cpus, "--spill", spill, "--cluster-wait"]);
            assert_eq!(run.command[1..=expected.len()], expected, "{line}");
            slurm.push(count.to_string());
        } else if let Some(rest) = line.strip_prefix("deploy/kubernetes/job ") {
            let arguments: Vec<&str> = rest
                .strip_suffix(" | kubectl apply -f -")
                .expect("piped to kubectl apply")
                .split(' ')
                .collect();
            let documents = generated(&arguments);
            assert_eq!(
                kind(&documents, "Job")["spec"]["completions"].as_i64(),
                Some(64)
            );
            let command = job_command(&documents);
            let count = &arguments[3..];
            assert_eq!(command[2..2 + count.len()], *count, "{line}");
            assert_eq!(
                command[2 + count.len()..4 + count.len()],
                ["--threads", arguments[1]]
            );
            kubernetes.push(count.join(" "));
        }
    }
    let both = ["--size 9x10 --closed", "--size 9x9"];
    assert_eq!(slurm, both);
    assert_eq!(kubernetes, both);
    fs::remove_dir_all(&folder).unwrap();
}

/// A fresh folder for one test's run of the Slurm script.
fn scratch(name: &str) -> PathBuf {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("deploy-slurm-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(&folder).unwrap();
    folder
}

/// What a run of the Slurm script did.
struct SlurmRun {
    /// Its exit status.
    status: i32,
    /// What it asked `scontrol` to requeue.
    requeued: String,
    /// The options it gave `srun`.
    srun: Vec<String>,
    /// The command the task ran, its words as `knights-tour` received them.
    command: Vec<String>,
}

/// A run of the Slurm script in `folder` (the submit folder), as job 42 requeued `restarts`
/// times with `env` set, against a stand-in `scontrol`, a stand-in `srun` that runs the task
/// as node 0 and a stand-in `knights-tour` (`KNIGHTS_TOUR`) that ends with `status`.
fn slurm_run(
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
