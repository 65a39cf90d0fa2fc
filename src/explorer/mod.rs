//! The interactive terminal explorer (not built yet: the explorer issue adds it).

use crate::cli::BoardArgs;

/// Options of the explorer.
#[derive(Debug, Clone, clap::Args)]
pub struct ExplorerArgs {
    /// Board, start and open/closed.
    #[command(flatten)]
    pub board: BoardArgs,
}

/// Runs the explorer until the user quits.
pub fn run(args: &ExplorerArgs) -> color_eyre::Result<()> {
    let _ = args;
    Err(color_eyre::eyre::eyre!(
        "the explorer is not built yet; try 'knights-tour solve --help'"
    ))
}
