//! A server on an ephemeral port of 127.0.0.1, with its own host key and authorized keys in a
//! temporary folder, and a russh client that logs in, opens a session with a pty and reads
//! the screen through a terminal emulator (`vt100`), as a person's terminal would show it.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Parser;
use knights_tour::serve::{ServeArgs, Server, Settings};
use russh::client::{self, DisconnectReason, Handle};
use russh::keys::{Algorithm, HashAlg, PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{Channel, ChannelMsg};
use tempfile::TempDir;

/// The longest a test waits for anything.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// How often a test looks again at what tells no one when it changes (a child's exit, the
/// server's count of sessions, a disconnect): often enough to add little to a test's time.
pub const POLL: Duration = Duration::from_millis(20);

/// `knights-tour serve`'s options, parsed as the binary parses them.
#[derive(Parser)]
struct Options {
    #[command(flatten)]
    serve: ServeArgs,
}

/// A new Ed25519 key.
pub fn new_key() -> PrivateKey {
    PrivateKey::random(&mut russh::keys::key::safe_rng(), Algorithm::Ed25519).unwrap()
}

/// A folder holding an authorized key's file (mode 0600) and a place for the host key.
pub struct Keys {
    pub dir: TempDir,
    pub client: PrivateKey,
}

impl Keys {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let client = new_key();
        let line = client.public_key().to_openssh().unwrap();
        let path = dir.path().join("authorized_keys");
        std::fs::write(&path, format!("{line} tester\n")).unwrap();
        set_mode(&path, 0o600);
        Self { dir, client }
    }

    pub fn host_key(&self) -> std::path::PathBuf {
        self.dir.path().join("host_ed25519")
    }

    /// The server's settings from `serve`'s options: these keys, port 0, and `extra`.
    pub fn settings(&self, extra: &[&str]) -> Result<Settings, String> {
        let mut args = vec!["serve".to_string(), "--listen".into(), "127.0.0.1:0".into()];
        if !extra.contains(&"--host-key") {
            args.extend(["--host-key".into(), self.host_key().display().to_string()]);
        }
        if !extra.contains(&"--authorized-keys") && !extra.contains(&"--open") {
            let file = self.dir.path().join("authorized_keys");
            args.extend(["--authorized-keys".into(), file.display().to_string()]);
        }
        args.extend(extra.iter().map(|arg| arg.to_string()));
        Options::try_parse_from(args).unwrap().serve.settings()
    }
}

#[cfg(unix)]
pub fn set_mode(path: &std::path::Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// A server under test and the keys it knows.
pub struct Fixture {
    pub keys: Keys,
    pub server: Server,
    pub address: SocketAddr,
}

impl Fixture {
    /// A server with `serve`'s `extra` options.
    pub async fn start(extra: &[&str]) -> Self {
        Self::start_with(extra, |_| {}).await
    }

    /// A server whose settings `adjust` changes first.
    pub async fn start_with(extra: &[&str], adjust: impl FnOnce(&mut Settings)) -> Self {
        let keys = Keys::new();
        let mut settings = keys.settings(extra).unwrap();
        adjust(&mut settings);
        let server = Server::start(settings).await.unwrap();
        let address = server.local_addr();
        Self {
            keys,
            server,
            address,
        }
    }

    /// A connection that has done the handshake, not logged in.
    pub async fn connect(&self) -> (Handle<Client>, Client) {
        connect(self.address).await
    }

    /// A connection logged in with the authorized key.
    pub async fn login(&self) -> (Handle<Client>, Client) {
        let (mut handle, client) = self.connect().await;
        let auth = login(&mut handle, &self.keys.client).await;
        assert!(auth, "the authorized key is let in");
        (handle, client)
    }

    /// A session on a pty of `cols` x `rows`, its first frame drawn.
    pub async fn session(&self, cols: u32, rows: u32) -> Term {
        let (handle, client) = self.login().await;
        let mut term = Term::open(handle, client, cols, rows).await;
        term.until("the first frame", |term| term.screen().contains("Nodes"))
            .await;
        term
    }
}

/// Connects to `address` and does the handshake.
pub async fn connect(address: SocketAddr) -> (Handle<Client>, Client) {
    let config = Arc::new(client::Config {
        inactivity_timeout: Some(PATIENCE),
        ..Default::default()
    });
    let client = Client::default();
    let handle = tokio::time::timeout(PATIENCE, client::connect(config, address, client.clone()))
        .await
        .expect("the handshake ends")
        .expect("the handshake succeeds");
    (handle, client)
}

/// Logs in with `key`; whether the server let it in.
pub async fn login(handle: &mut Handle<Client>, key: &PrivateKey) -> bool {
    let key = PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None);
    handle
        .authenticate_publickey("tester", key)
        .await
        .map(|auth| auth.success())
        .unwrap_or(false)
}

/// The client's side: takes any host key (and remembers it), and remembers why the server
/// disconnected.
#[derive(Clone, Default)]
pub struct Client {
    pub host_key: Arc<Mutex<Option<String>>>,
    pub disconnect: Arc<Mutex<Option<String>>>,
}

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        if let PublicKeyOrCertificate::PublicKey { key, .. } = key {
            *self.host_key.lock().unwrap() = Some(key.fingerprint(HashAlg::Sha256).to_string());
        }
        Ok(true)
    }

    async fn disconnected(
        &mut self,
        reason: DisconnectReason<Self::Error>,
    ) -> Result<(), Self::Error> {
        if let DisconnectReason::ReceivedDisconnect(info) = reason {
            *self.disconnect.lock().unwrap() = Some(info.message);
        }
        Ok(())
    }
}

impl Client {
    /// Why the server disconnected, once it has.
    pub async fn disconnect_reason(&self) -> Option<String> {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        while tokio::time::Instant::now() < deadline {
            if let Some(reason) = self.disconnect.lock().unwrap().clone() {
                return Some(reason);
            }
            tokio::time::sleep(POLL).await;
        }
        None
    }
}

/// A session's terminal as the client sees it.
pub struct Term {
    /// The connection: dropping it would end it.
    _handle: Handle<Client>,
    _client: Client,
    pub channel: Channel<client::Msg>,
    screen: vt100::Parser,
    pub stderr: String,
    pub exit_status: Option<u32>,
    pub closed: bool,
    pub bytes: usize,
}

impl Term {
    /// Opens a session channel with a pty of `cols` x `rows` (`xterm-256color`, `LANG` set to
    /// UTF-8) and asks for the shell.
    pub async fn open(handle: Handle<Client>, client: Client, cols: u32, rows: u32) -> Self {
        Self::open_with_env(handle, client, cols, rows, &[("LANG", "C.UTF-8")]).await
    }

    /// [`Term::open`] with the environment variables `env` sent first.
    pub async fn open_with_env(
        handle: Handle<Client>,
        client: Client,
        cols: u32,
        rows: u32,
        env: &[(&str, &str)],
    ) -> Self {
        let channel = handle.channel_open_session().await.unwrap();
        for (name, value) in env {
            channel.set_env(false, *name, *value).await.unwrap();
        }
        channel
            .request_pty(false, "xterm-256color", cols, rows, 0, 0, &[])
            .await
            .unwrap();
        channel.request_shell(false).await.unwrap();
        // The server takes 0x0 (`ssh -tt` from a pipe) as 80x24.
        let size = if cols == 0 || rows == 0 {
            (80, 24)
        } else {
            (cols as u16, rows as u16)
        };
        Self::new(handle, client, channel, size)
    }

    /// A session channel already set up, shown on a screen of `size` (cols, rows).
    pub fn new(
        handle: Handle<Client>,
        client: Client,
        channel: Channel<client::Msg>,
        (cols, rows): (u16, u16),
    ) -> Self {
        Self {
            _handle: handle,
            _client: client,
            channel,
            screen: vt100::Parser::new(nonzero(rows), nonzero(cols), 0),
            stderr: String::new(),
            exit_status: None,
            closed: false,
            bytes: 0,
        }
    }

    /// The screen's text, row by row.
    pub fn screen(&self) -> String {
        self.screen.screen().contents()
    }

    /// The node counter of the panel.
    pub fn nodes(&self) -> Option<u64> {
        nodes_on(&self.screen())
    }

    /// Types `bytes`.
    pub async fn send(&self, bytes: &[u8]) {
        self.channel.data_bytes(bytes.to_vec()).await.unwrap();
    }

    /// Resizes the client's window.
    pub async fn resize(&mut self, cols: u16, rows: u16) {
        self.screen
            .screen_mut()
            .set_size(nonzero(rows), nonzero(cols));
        self.channel
            .window_change(cols.into(), rows.into(), 0, 0)
            .await
            .unwrap();
    }

    /// Reads what the server sends until `done` holds; panics after [`PATIENCE`] with the
    /// screen, saying what was awaited.
    pub async fn until(&mut self, what: &str, mut done: impl FnMut(&Term) -> bool) {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        while !done(self) {
            if !self.read_until(deadline).await {
                panic!(
                    "waited for {what}; the screen:\n{}\nstderr: {:?}, exit status {:?}, closed {}",
                    self.screen(),
                    self.stderr,
                    self.exit_status,
                    self.closed
                );
            }
        }
    }

    /// Reads until the channel closes; the exit status, if any.
    pub async fn finish(&mut self) -> Option<u32> {
        self.until("the channel to close", |term| term.closed).await;
        self.exit_status
    }

    /// Reads one message; `false` when the deadline passed or the channel is gone.
    async fn read_until(&mut self, deadline: tokio::time::Instant) -> bool {
        if self.closed {
            return false;
        }
        match tokio::time::timeout_at(deadline, self.channel.wait()).await {
            Err(_) => false,
            Ok(None) => {
                self.closed = true;
                true
            }
            Ok(Some(message)) => {
                match message {
                    ChannelMsg::Data { data } => {
                        self.bytes += data.len();
                        self.screen.process(&data);
                    }
                    ChannelMsg::ExtendedData { data, .. } => {
                        self.stderr.push_str(&String::from_utf8_lossy(&data));
                    }
                    ChannelMsg::ExitStatus { exit_status } => self.exit_status = Some(exit_status),
                    ChannelMsg::Close => self.closed = true,
                    _ => {}
                }
                true
            }
        }
    }
}

/// The node counter of the panel on `screen`.
pub fn nodes_on(screen: &str) -> Option<u64> {
    let line = screen.lines().find(|line| line.contains("Nodes"))?;
    let after = &line[line.find("Nodes")? + "Nodes".len()..];
    let digits: String = after
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

pub fn nonzero(value: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(value).expect("a screen of at least one cell")
}
