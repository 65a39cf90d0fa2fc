//! The Kubernetes manifest and `deploy/kubernetes/job`, which writes it for another count.

use super::*;

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
pub(crate) fn generated(arguments: &[&str]) -> Vec<Yaml> {
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
pub(crate) fn job_command(documents: &[Yaml]) -> Vec<String> {
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
