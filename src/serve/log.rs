//! The operator's log: one line on standard error per event (listening, a connection, a login
//! or a refusal, a session's start with its terminal size, its end with its duration and the
//! bytes sent), through `tracing`, plain by default or JSON (`--log-format json`) for a log
//! collector. It never holds a key or a secret: keys appear as their fingerprints, and text a
//! client sent (a user name, a terminal type) is quoted and shortened.
//!
//! The subscriber is installed as `tracing`'s global default only: russh's own `log` records
//! (debug chatter) are not forwarded.

use tracing_subscriber::fmt;

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// A time, a level, the event and its fields, on one line.
    Plain,
    /// One JSON object a line.
    Json,
}

/// Installs the log on standard error (once; later calls change nothing).
pub(crate) fn init(format: LogFormat) {
    let builder = fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_target(false)
        .with_max_level(tracing::Level::INFO);
    let _ = match format {
        LogFormat::Plain => tracing::subscriber::set_global_default(builder.finish()),
        LogFormat::Json => {
            tracing::subscriber::set_global_default(builder.json().flatten_event(true).finish())
        }
    };
}
