//! `completions` and `man`, as a user installs them: a script for each shell that offers every
//! command (bash's run in bash), a manual page in roff that names every command, a page for
//! each command with its options, and one line with status 2 for a shell or command not known.

use super::*;

/// The commands README.md documents.
const COMMANDS: [&str; 10] = [
    "tui",
    "solve",
    "starts",
    "ends",
    "check",
    "count",
    "cses",
    "serve",
    "completions",
    "man",
];

/// How each shell's script offers a command `{}` where a command may follow `knights-tour`.
const OFFERS: [(&str, &str); 5] = [
    ("bash", "knights__tour,{})"),
    ("zsh", "'{}:"),
    ("fish", "__fish_knights_tour_needs_command\" -f -a \"{}\""),
    ("elvish", "cand {} '"),
    (
        "powershell",
        "[CompletionResult]::new('{}', '{}', [CompletionResultType]::ParameterValue",
    ),
];

#[test]
fn each_shell_gets_a_script_that_offers_every_command() {
    for (shell, offer) in OFFERS {
        let out = run(&["completions", shell], None);
        assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{shell}");
        for command in COMMANDS {
            let offered = offer.replace("{}", command);
            assert!(out.stdout.contains(&offered), "{shell}: no {offered:?}");
        }
    }
}

/// What bash offers for the words `line` (the last one being completed), with the script of
/// `knights-tour completions bash` loaded.
fn bash_offers(line: &[&str]) -> Vec<String> {
    let script = run(&["completions", "bash"], None).stdout;
    let words: Vec<String> = line.iter().map(|word| format!("'{word}'")).collect();
    // The function bash calls gets the command, the word completed and the word before it.
    let probe = format!(
        "{script}\nCOMP_WORDS=({words}); COMP_CWORD={last}; \
         _knights__tour knights-tour '{current}' '{previous}'; \
         printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        words = words.join(" "),
        last = line.len() - 1,
        current = line[line.len() - 1],
        previous = line[line.len() - 2],
    );
    let output = std::process::Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &probe])
        .output()
        .expect("bash runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_commands_their_options_and_their_values() {
    assert_eq!(bash_offers(&["knights-tour", "so"]), ["solve"]);
    // The explorer's options, without a command.
    assert_eq!(bash_offers(&["knights-tour", "--rac"]), ["--race"]);
    // A command's own options and values (clap_complete's script needed mending for these).
    assert_eq!(
        bash_offers(&["knights-tour", "solve", "--fo"]),
        ["--format"]
    );
    assert_eq!(
        bash_offers(&["knights-tour", "solve", "--format", ""]),
        ["grid", "list", "json", "svg", "png"]
    );
    let shells = bash_offers(&["knights-tour", "completions", ""]);
    for (shell, _) in OFFERS {
        assert!(shells.iter().any(|offered| offered == shell), "{shells:?}");
    }
}

#[test]
fn a_shell_that_is_not_known_is_one_line_with_status_2() {
    let out = run(&["completions", "tcsh"], None);
    assert_eq!(out.code, 2);
    assert_eq!(out.stdout, "");
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(out.stderr.contains("'tcsh'"), "{}", out.stderr);
    assert!(
        out.stderr.contains("bash, elvish, fish, powershell, zsh"),
        "{}",
        out.stderr
    );
}

#[test]
fn the_manual_page_is_roff_that_names_every_command() {
    let out = run(&["man"], None);
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    let page = out.stdout;
    assert!(page.contains("\n.TH knights-tour 1 "), "{page}");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH SUBCOMMANDS"] {
        assert!(page.lines().any(|line| line == section), "no {section}");
    }
    // roff escapes a hyphen as `\-`.
    assert!(page.contains("\\-\\-race"), "the explorer's options");
    for command in COMMANDS {
        let named = format!("knights\\-tour\\-{command}(1)");
        assert!(page.contains(&named), "{named} not named");
    }
}

#[test]
fn each_command_has_a_page_with_its_own_options() {
    for command in COMMANDS {
        let out = run(&["man", command], None);
        assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{command}");
        let title = format!("\n.TH knights-tour-{command} 1 ");
        assert!(out.stdout.contains(&title), "{command}: {}", out.stdout);
        assert!(out.stdout.contains(".SH SYNOPSIS"), "{command}");
    }
    let solve = run(&["man", "solve"], None).stdout;
    for option in ["\\-\\-format", "\\-\\-deadline", "\\-\\-node\\-budget"] {
        assert!(solve.contains(option), "solve's page lacks {option}");
    }
}

#[test]
fn a_page_for_a_command_that_does_not_exist_is_one_line_with_status_2() {
    let out = run(&["man", "slove"], None);
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(out.stderr.contains("'slove'"), "{}", out.stderr);
    assert!(out.stderr.contains("solve"), "{}", out.stderr);
}
