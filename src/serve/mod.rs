//! `knights-tour serve`: the explorer over SSH. Each connection gets its own explorer, sized to
//! its own terminal, with nothing to install: `ssh -p 2222 localhost`.
//!
//! The server *is* the app: there is no shell, no command, no file access and no forwarding,
//! only the explorer's screen and keys. It is also a network service, so it is careful as one:
//!
//! - `hostkey`: the server's Ed25519 host key, created on first start (mode 0600), once every
//!   other setting is found good, and reused; refused when others can read it;
//! - [`authorized`]: who may log in: the public keys of an OpenSSH `authorized_keys` file (or
//!   anyone, with `--open`);
//! - [`slots`]: how many connections and sessions at once, in all and from one address;
//!   what a session may use is the explorer's [`Allowance`]: its memory budget
//!   (`--session-memory`) and a seat at the server's [`WorkPool`] (`--work-threads`), whose
//!   fair turns all the sessions' background work takes;
//! - `server`: the listener, one task per connection (its login deadline), and the goodbye to
//!   every session when the server stops;
//! - `connection`: one connection as russh's `Handler`: authentication, the one session
//!   channel, its pty and environment, and every other request refused;
//! - `session_thread`: one session: the explorer's run loop ([`crate::explorer::driver`]) on a thread
//!   of its own, fed by an inbox of events and writing frames to the channel;
//! - the client's bytes become crossterm's events through the explorer's own parser
//!   (`explorer::terminal_bytes`), the one the local terminal's bytes go through;
//! - `log`: one line on standard error per event (`tracing`), plain or JSON.
//!
//! **Invariant:** this module imports the explorer and `options`, never `cli`; the explorer
//! does not know it is served.

pub mod authorized;
mod connection;
pub(crate) mod hostkey;
mod inbox;
mod log;
mod server;
mod session_thread;
mod shared;
pub mod slots;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use russh::keys::PrivateKey;

use crate::explorer::work_pool::WorkPool;
use crate::explorer::{Allowance, App, ExplorerArgs};
use crate::options::parse_duration;
use knights_tour_engine::quote::quoted;

pub use authorized::AuthorizedKeys;
pub use log::LogFormat;
pub use server::Server;

/// The address `serve` listens on unless told.
pub(crate) const DEFAULT_LISTEN: &str = "127.0.0.1:2222";
/// How long a connection has to finish its handshake, log in and start the explorer.
pub(crate) const LOGIN_DEADLINE: Duration = Duration::from_secs(20);
/// The most sessions at once from one client address.
pub(crate) const SESSIONS_PER_ADDRESS: usize = 4;
/// The memory a session may use unless told (`--session-memory`), in MiB: enough, besides
/// the largest screen, for the maps' quarter to hold the largest map (256x256, 13 MiB of
/// answers while it is made) with room for its solves.
pub(crate) const SESSION_MEMORY_MIB: u64 = 80;
/// The least `--session-memory`, in MiB: the screen and a search of a small board.
const LEAST_SESSION_MEMORY_MIB: u64 = 16;

/// What `serve` does: its line in `knights-tour --help` and atop `knights-tour serve --help`.
pub const SERVE_ABOUT: &str =
    "Serve the explorer over SSH: each connection gets its own (127.0.0.1:2222 by default)";

/// Options of `knights-tour serve`.
#[derive(Debug, Clone, clap::Args)]
#[command(about = SERVE_ABOUT)]
pub struct ServeArgs {
    /// The address and port to listen on; a port of 0 picks a free one
    #[arg(long, value_name = "ADDR:PORT", default_value = DEFAULT_LISTEN,
          value_parser = parse_listen)]
    pub listen: SocketAddr,
    /// The OpenSSH authorized_keys file whose keys may log in [default: ~/.ssh/authorized_keys]
    #[arg(long, value_name = "PATH", conflicts_with = "open")]
    pub authorized_keys: Option<PathBuf>,
    /// Let anyone in without authentication (for demos)
    #[arg(long)]
    pub open: bool,
    /// The server's Ed25519 host key, created on first start
    /// [default: $XDG_DATA_HOME/knights-tour/host_ed25519, or ~/.local/share/...]
    #[arg(long, value_name = "PATH")]
    pub host_key: Option<PathBuf>,
    /// The most sessions at once (at most 4 from one client address)
    #[arg(long, value_name = "N", default_value_t = 16,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_sessions: u32,
    /// Close a session after this long without a key press
    #[arg(long, value_name = "DURATION", default_value = "15m", value_parser = parse_timeout)]
    pub idle_timeout: Duration,
    /// The memory each session may use, in MiB: its screen, its searches and their step-back
    /// histories, the race and the starts maps (so the server takes at most about
    /// max-sessions times this)
    #[arg(long, value_name = "MIB", default_value_t = SESSION_MEMORY_MIB,
          value_parser = clap::value_parser!(u64).range(LEAST_SESSION_MEMORY_MIB..=1 << 20))]
    pub session_memory: u64,
    /// The threads all sessions' background work shares (f, play, the race, the starts map),
    /// in fair turns, each session on one at a time [default: the cores less one, at least 1]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub work_threads: Option<u32>,
    /// How the log on standard error is written: one line per event
    #[arg(long, value_name = "FORMAT", default_value = "plain")]
    pub log_format: LogFormat,
    /// The opening position of every session: the explorer's options
    #[command(flatten)]
    pub explorer: ExplorerArgs,
}

/// Who may log in.
#[derive(Debug, Clone)]
pub enum Access {
    /// The keys of an `authorized_keys` file.
    Keys(Arc<AuthorizedKeys>),
    /// Anyone (`--open`).
    Open,
}

/// Everything a server needs, read and checked before it listens.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The address to listen on.
    pub listen: SocketAddr,
    /// Who may log in.
    pub access: Access,
    /// The host key.
    pub host_key: PrivateKey,
    /// The most sessions at once.
    pub max_sessions: usize,
    /// The most sessions at once from one address.
    pub sessions_per_address: usize,
    /// How long a session may go without a key press.
    pub idle_timeout: Duration,
    /// How long a connection has to log in and start the explorer.
    pub login_deadline: Duration,
    /// The threads the sessions' background work takes turns at.
    pub work: WorkPool,
    /// The explorer every session opens on, within a session's limits (each session has its
    /// own copy, with a seat of its own at `work`; the server takes its file access away).
    pub app: Arc<App>,
    /// Draw with ASCII only, whatever the client's locale (`--ascii`).
    pub force_ascii: bool,
}

impl ServeArgs {
    /// Reads and checks what the options name: the explorer's opening position, the
    /// authorized keys, the host key (created if missing, and only once every other setting
    /// has been found good, so that a server that refuses to start leaves nothing on disk).
    /// The message of an error is one line.
    pub fn settings(&self) -> Result<Settings, String> {
        let work = WorkPool::new(
            self.work_threads
                .map_or_else(default_work_threads, |n| n as usize),
        );
        let memory = (self.session_memory << 20).saturating_sub(session_thread::SCREEN_BYTES);
        let app = self
            .explorer
            .app_within(Allowance::served(memory, work.seat()))
            .map_err(|error| format!("{error:#}"))?;
        let access = self.access()?;
        let host_key_path = match &self.host_key {
            Some(path) => path.clone(),
            None => hostkey::default_path(|name| std::env::var_os(name))?,
        };
        let (host_key, created) = hostkey::load_or_create(&host_key_path)?;
        if created {
            tracing::info!(path = %host_key_path.display(), "created the host key");
        }
        Ok(Settings {
            listen: self.listen,
            access,
            host_key,
            max_sessions: self.max_sessions as usize,
            sessions_per_address: SESSIONS_PER_ADDRESS,
            idle_timeout: self.idle_timeout,
            login_deadline: LOGIN_DEADLINE,
            work,
            app: Arc::new(app),
            force_ascii: self.explorer.ascii,
        })
    }

    /// Who may log in: anyone with `--open`, else the keys of the authorized_keys file.
    fn access(&self) -> Result<Access, String> {
        if self.open {
            return Ok(Access::Open);
        }
        let path = match &self.authorized_keys {
            Some(path) => path.clone(),
            None => authorized::default_path(|name| std::env::var_os(name))?,
        };
        Ok(Access::Keys(Arc::new(AuthorizedKeys::load(&path)?)))
    }
}

/// Runs the server until `SIGTERM` or `SIGINT` (`Ctrl-C`): it says goodbye to every session
/// and returns. An error (options, keys, the address) is one line, before anything listens.
pub fn run(args: &ServeArgs) -> Result<(), String> {
    log::init(args.log_format);
    let settings = args.settings()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("serve")
        .enable_all()
        .build()
        .map_err(|error| format!("cannot start the server's runtime: {error}"))?;
    let outcome = runtime.block_on(async {
        let listen = settings.listen;
        let open = matches!(settings.access, Access::Open);
        let server = Server::start(settings)
            .await
            .map_err(|error| format!("cannot listen on {listen}: {error}"))?;
        let address = server.local_addr();
        tracing::info!(
            address = %address,
            host_key = %server.fingerprint(),
            connect = %format!("ssh -p {} {}", address.port(), address.ip()),
            "listening"
        );
        if open && !address.ip().is_loopback() {
            tracing::warn!(
                address = %address,
                "--open on an address that is not loopback: anyone who can reach it gets in \
                 without a key"
            );
        }
        let signal = server::stop_signal().await;
        server.shutdown(signal).await;
        Ok::<(), String>(())
    });
    // Sessions still saying goodbye have had their time: do not wait for their threads.
    runtime.shutdown_timeout(Duration::from_millis(100));
    outcome
}

/// The threads background work shares unless `--work-threads` says: the cores less one (for
/// the sessions' keys and frames, and the connections), at least one.
fn default_work_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    cores.saturating_sub(1).max(1)
}

/// `--listen`: an address and a port, as `127.0.0.1:2222` or `[::]:2222`.
fn parse_listen(text: &str) -> Result<SocketAddr, String> {
    let text = text.trim();
    let text = text
        .strip_prefix("localhost:")
        .map_or_else(|| text.to_string(), |port| format!("127.0.0.1:{port}"));
    text.parse().map_err(|_| {
        format!(
            "invalid address {}: expected an address and a port, like 127.0.0.1:2222 or \
             [::]:2222",
            quoted(&text)
        )
    })
}

/// `--idle-timeout`: a duration of at least a second.
fn parse_timeout(text: &str) -> Result<Duration, String> {
    let duration = parse_duration(text)?;
    if duration < Duration::from_secs(1) {
        return Err(format!(
            "idle timeout {} is too short: at least 1s",
            quoted(text)
        ));
    }
    Ok(duration)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listen_addresses_parse_with_a_port() {
        assert_eq!(
            parse_listen("127.0.0.1:2222").unwrap(),
            "127.0.0.1:2222".parse().unwrap()
        );
        assert_eq!(
            parse_listen("localhost:0").unwrap(),
            "127.0.0.1:0".parse().unwrap()
        );
        assert_eq!(parse_listen("[::]:22").unwrap(), "[::]:22".parse().unwrap());
        assert!(
            parse_listen("127.0.0.1")
                .unwrap_err()
                .contains("and a port")
        );
    }

    #[test]
    fn idle_timeouts_are_at_least_a_second() {
        assert_eq!(parse_timeout("15m").unwrap(), Duration::from_secs(900));
        assert!(parse_timeout("10ms").is_err());
    }
}
