//! `completions` and `man`: what a shell and `man` need to know of the program, generated from
//! the same clap definitions that parse the command line, so that they cannot drift from it.
//! Shell completions come from `clap_complete`, manual pages from `clap_mangen`.
//!
//! Both take the whole command tree, which `main.rs` builds for these two commands only (every
//! other run builds the options of its own command alone). Each text is made in memory, a few
//! tens of kilobytes, and then written whole: `clap_complete` panics on a failed write, and
//! half a script in a shell's start-up files is worse than none.

use std::io::Write;

use clap::{Args, Command};
use clap_complete::Shell;
use knights_tour_engine::quote::quoted;

use super::{ExitStatus, Failure, with_stdout};

/// What `completions` does: its line in `knights-tour --help`.
pub const COMPLETIONS_ABOUT: &str = "Print the completion script for a shell";
/// What `man` does.
pub const MAN_ABOUT: &str = "Print the manual page, of knights-tour or of one of its commands";

/// Options of `completions`.
#[derive(Debug, Args)]
#[command(about = COMPLETIONS_ABOUT)]
pub struct CompletionsArgs {
    /// The shell to complete in
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Options of `man`.
#[derive(Debug, Args)]
#[command(about = MAN_ABOUT)]
pub struct ManArgs {
    /// The command whose page to print (knights-tour-COMMAND(1)); without it, knights-tour(1),
    /// which lists them all
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

/// `completions`: the script for `args.shell` that completes `knights-tour` and its commands,
/// made from `command`, the whole command tree.
pub fn completions(args: &CompletionsArgs, mut command: Command) -> Result<ExitStatus, Failure> {
    let name = command.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, name.as_str(), &mut script);
    if args.shell == Shell::Bash {
        script = with_bash_states_matched(&String::from_utf8_lossy(&script), &name).into_bytes();
    }
    with_stdout(|out| out.write_all(&script))?;
    Ok(ExitStatus::Success)
}

/// clap_complete's bash `script` for a program whose `name` has a hyphen, mended: the loop over
/// the words spells the state of `knights-tour solve` `knights__tour__subcmd__solve`, but the
/// case arms that complete each command's options spell it `knights__subcmd__tour__subcmd__solve`,
/// so no command's options ever complete (clap issue 6421, open in clap_complete 4.6.11). The
/// arms are respelled as the loop spells them.
fn with_bash_states_matched(script: &str, name: &str) -> String {
    let misspelled = format!("{}__subcmd__", name.replace('-', "__subcmd__"));
    let spelled = format!("{}__subcmd__", name.replace('-', "__"));
    script.replace(&misspelled, &spelled)
}

/// `man`: the manual page of the program, or of the command `args` names, in roff, made from
/// `command`, the whole command tree.
pub fn man(args: &ManArgs, command: Command) -> Result<ExitStatus, Failure> {
    // `help` is a command of the parser, not a page of its own.
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let page = match &args.command {
        None => command,
        Some(name) => command
            .find_subcommand(name)
            .cloned()
            .ok_or_else(|| unknown_command(name, &command))?,
    };
    let mut roff = Vec::new();
    // A command's page names the program's version too (clap_mangen gives it the command's).
    clap_mangen::Man::new(page)
        .source(format!("knights-tour {}", env!("CARGO_PKG_VERSION")))
        .render(&mut roff)?;
    with_stdout(|out| out.write_all(&roff))?;
    Ok(ExitStatus::Success)
}

/// Bad usage: `name` is none of `command`'s commands, which the message lists.
fn unknown_command(name: &str, command: &Command) -> Failure {
    let names: Vec<&str> = command.get_subcommands().map(Command::get_name).collect();
    Failure::bad_input(format!(
        "man: no command {}; the commands are {}",
        quoted(name),
        names.join(", ")
    ))
}
