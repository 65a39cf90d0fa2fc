//! `deploy/`: the Kubernetes manifest parses as YAML and the Slurm script as bash, and both run
//! the cluster count the README names, with the hostfile, the key and the process index each
//! scheduler gives: the pods' stable names from a headless Service in a ConfigMap and the key
//! from a Secret only its owner reads, or the job's node list and a fresh key file only the
//! job's user reads. No cluster runs here; these are what can be checked without one.

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

/// `words` with the key file's name as the README writes it (`KEYFILE`), and the name it had.
fn key_file_named(words: &[String]) -> (Vec<String>, String) {
    let at = words
        .iter()
        .position(|word| word == "--cluster-key")
        .unwrap_or_else(|| panic!("no --cluster-key in {words:?}"));
    let mut named = words.to_vec();
    let file = std::mem::replace(&mut named[at + 1], "KEYFILE".to_string());
    (named, file)
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
    let (named, key_file) = key_file_named(&words);
    assert_eq!(named, readme_command());
    assert_eq!(process, "$(JOB_COMPLETION_INDEX)");

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
    let line = script
        .lines()
        .find(|line| line.contains("\" count --"))
        .expect("the script runs knights-tour count");
    let command: Vec<String> = line
        .split_whitespace()
        .map(|word| word.trim_matches(|c| c == '\'' || c == '"').to_string())
        .collect();
    let (words, hostfile, process) = split_command(&command);
    let (named, key_file) = key_file_named(&words);
    let mut readme = readme_command();
    readme[0] = "$KNIGHTS_TOUR".to_string();
    assert_eq!(named, readme);
    // The key is made for the job, readable by its user alone, and removed at its end.
    assert_eq!(key_file, "$KEY");
    assert!(script.contains("(umask 077 && head -c 32 /dev/urandom | base64 > \"$KEY\")"));
    assert!(script.contains("trap 'rm -f \"$HOSTS\" \"$KEY\"' EXIT"));
    assert_eq!(
        (hostfile.as_str(), process.as_str()),
        ("$HOSTS", "$SLURM_NODEID")
    );
    assert_eq!(setting("cpus-per-task"), option(&words, "--threads"));
    // The hostfile is the job's node list, a port on each line.
    assert!(script.contains("scontrol show hostnames \"$SLURM_JOB_NODELIST\""));
    // As many nodes as the Kubernetes example has pods.
    let documents = YamlLoader::load_from_str(&read("deploy/kubernetes/count.yaml")).unwrap();
    let pods = kind(&documents, "Job")["spec"]["completions"]
        .as_i64()
        .unwrap();
    assert_eq!(setting("nodes"), pods.to_string());
}
