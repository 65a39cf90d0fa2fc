//! README.md's sampler, run line by line as a newcomer would paste it into a shell, in order and
//! in one fresh folder (a line may read the file an earlier one wrote): each ends with the exit
//! status its comment names (1 where it says `exit 1`, else 0), writes nothing on standard
//! error, and puts on standard output only what its comment does not send to a file.

use std::process::Command;

use super::*;

/// The lines of the README's sampler: the shell block after the heading "A sampler".
fn sampler() -> Vec<String> {
    let readme =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md"))
            .unwrap();
    let section = readme
        .split_once("## A sampler")
        .expect("README.md has a sampler")
        .1;
    let block = section
        .split_once("```sh\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("the sampler is a sh block")
        .0;
    block.lines().map(str::to_string).collect()
}

#[test]
fn every_line_of_the_readme_sampler_runs_as_its_comment_says() {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("readme-sampler-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let binary = assert_cmd::cargo::cargo_bin("knights-tour");
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let lines = sampler();
    assert!(lines.len() >= 10, "{lines:?}");
    for line in lines {
        let (command, comment) = line.split_once(" # ").expect("each line says what it does");
        assert!(command.contains("knights-tour "), "{line}");
        let output = Command::new("sh")
            .args(["-c", command])
            .current_dir(&folder)
            .env("PATH", &path)
            .env_remove("KNIGHTS_TOUR_MEMORY")
            .output()
            .unwrap();
        let expected = if comment.contains("exit 1") { 1 } else { 0 };
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(expected), "{line}: {stderr}");
        if expected == 0 {
            assert_eq!(stderr, "", "{line}");
        }
        // A line whose output would flood a terminal sends it to a file.
        assert!(
            output.stdout.len() <= 4096,
            "{line}: {} bytes",
            output.stdout.len()
        );
    }
    std::fs::remove_dir_all(&folder).unwrap();
}
