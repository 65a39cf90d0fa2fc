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

mod kubernetes;
mod slurm;

use kubernetes::{generated, job_command};
use slurm::{scratch, slurm_run};

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
