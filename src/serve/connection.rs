//! One SSH connection, as russh's server `Handler`: who it is (public-key authentication
//! against the authorized keys, or anyone with `--open`; passwords and keyboard-interactive
//! refused), its one session channel with its pty and the few environment variables that
//! choose the look, and the start of its explorer on a shell request. Every other request is
//! refused and logged: exec (`ssh host ls`), subsystems (`sftp`), X11 and agent forwarding,
//! local and remote port forwarding, a second channel.
//!
//! Nothing here waits on a session's thread: input goes to its bounded [`Inbox`], so the
//! connection's task never blocks on the explorer (whose frames go the other way, through
//! russh's handle).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use russh::keys::PublicKey;
use russh::server::{Auth, ChannelOpenHandle, Msg, PublicKeyOffer, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelOpenFailure, Disconnect, MethodKind, MethodSet};
use tokio::sync::{oneshot, watch};

use crate::explorer::Look;
use crate::explorer::terminal_bytes::KeyParser;
use knights_tour_engine::quote::quoted;

use super::Access;
use super::hostkey::fingerprint;
use super::inbox::Inbox;
use super::session_thread::{self, Outlet, SessionStart, terminal_size};
use super::shared::{Phase, Shared};
use super::slots::Place;

/// What a client without a pty is told (on standard error) before its channel closes.
pub(crate) const NEEDS_A_TERMINAL: &str = "knights-tour needs a terminal: use ssh -t\r\n";
/// What a client told `TERM=dumb` is told.
const NEEDS_A_SCREEN: &str =
    "knights-tour needs a terminal that can draw a screen, and TERM is 'dumb'\r\n";
/// What a client over the session limits is told, as the reason of its disconnection.
pub(crate) const BUSY: &str = "busy, try later";
/// The environment variables a client may send: they choose colours and glyphs.
const ACCEPTED_ENV: [&str; 5] = ["NO_COLOR", "COLORTERM", "LANG", "LC_ALL", "LC_CTYPE"];
/// The longest value taken for one of them.
const MAX_ENV_VALUE: usize = 64;

/// The pty the client asked for.
#[derive(Debug, Clone)]
struct Pty {
    term: String,
    size: (u16, u16),
}

/// One connection; see the module docs.
pub(crate) struct Connection {
    shared: Arc<Shared>,
    peer: SocketAddr,
    phase: watch::Sender<Phase>,
    /// Held until the login.
    handshake: Option<Place>,
    /// Taken at the login, handed to the session.
    place: Option<Place>,
    /// Over the session limits: told so and disconnected.
    busy: bool,
    channel: Option<ChannelId>,
    pty: Option<Pty>,
    env: Vec<(String, String)>,
    inbox: Option<Arc<Inbox>>,
    parser: KeyParser,
    started: bool,
}

impl Connection {
    /// A connection from `peer` holding a handshake place.
    pub fn new(
        shared: Arc<Shared>,
        peer: SocketAddr,
        phase: watch::Sender<Phase>,
        handshake: Place,
    ) -> Self {
        Self {
            shared,
            peer,
            phase,
            handshake: Some(handshake),
            place: None,
            busy: false,
            channel: None,
            pty: None,
            env: Vec::new(),
            inbox: None,
            parser: KeyParser::new(),
            started: false,
        }
    }

    /// Whether `key` may log in. The authorized keys are read off the runtime's threads, on a
    /// thread of their own, or on this task's when the system will not start one (tokio's
    /// `spawn_blocking` would panic then).
    async fn allowed(&self, key: &PublicKey) -> bool {
        match &self.shared.access {
            Access::Open => true,
            Access::Keys(keys) => {
                let (keys, key) = (Arc::clone(keys), key.clone());
                let (answer, answered) = oneshot::channel();
                let reader = Arc::clone(&keys);
                let offered = key.clone();
                let started = std::thread::Builder::new()
                    .name("authorized keys".into())
                    .spawn(move || {
                        let _ = answer.send(reader.allows(&offered));
                    });
                match started {
                    Ok(_) => answered.await.unwrap_or(false),
                    Err(_) => keys.allows(&key),
                }
            }
        }
    }

    fn refuse_method(&self, user: &str, method: &str) -> Auth {
        tracing::info!(peer = %self.peer, user = %quoted(user), method, "refused: only public keys log in");
        Auth::Reject {
            proceed_with_methods: Some(MethodSet::from(&[MethodKind::PublicKey][..])),
            partial_success: false,
        }
    }

    fn refuse(&self, what: &str) {
        tracing::info!(peer = %self.peer, what, "refused");
    }

    /// Refuses a channel the client asked to open (`what` names it in the log).
    async fn refuse_channel(&self, what: &str, reply: ChannelOpenHandle) {
        self.refuse(what);
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
    }

    /// Whether `channel` is this connection's session channel, before its explorer starts.
    fn setting_up(&self, channel: ChannelId) -> bool {
        self.channel == Some(channel) && !self.started
    }

    /// The client's look: its locale and colour variables if sent, else the 256-colour
    /// palette with Unicode.
    fn look(&self) -> Look {
        let sent = |name: &str| {
            self.env
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.clone())
        };
        let locale_sent = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .any(|name| sent(name).is_some());
        Look::from_env(
            |name| match name {
                "LANG" if !locale_sent => Some("C.UTF-8".to_string()),
                name => sent(name),
            },
            self.shared.force_ascii,
        )
    }

    /// Says `message` on the channel's standard error and closes it with exit status 1.
    fn turn_away(
        channel: ChannelId,
        message: &str,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        session.channel_success(channel)?;
        session.extended_data(channel, 1, message.as_bytes().to_vec())?;
        session.exit_status_request(channel, 1)?;
        session.eof(channel)?;
        session.close(channel)
    }

    /// Starts the explorer on the channel's thread; `Err` with what to tell the client.
    fn start_session(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), &'static str> {
        let pty = self.pty.clone().ok_or(NEEDS_A_TERMINAL)?;
        if pty.term == "dumb" {
            return Err(NEEDS_A_SCREEN);
        }
        let (Some(place), Some(inbox)) = (self.place.take(), self.inbox.clone()) else {
            return Err("knights-tour: no session here\r\n");
        };
        let registry = Arc::clone(&self.shared.registry);
        let Some(id) = registry.add(Arc::clone(&inbox)) else {
            return Err("knights-tour: the server is stopping\r\n");
        };
        let start = SessionStart {
            peer: self.peer,
            app: Arc::clone(&self.shared.app),
            seat: self.shared.work.seat(),
            look: self.look(),
            size: pty.size,
            inbox,
            outlet: Outlet {
                handle: session.handle(),
                channel,
                runtime: self.shared.runtime.clone(),
                sent: Arc::new(AtomicU64::new(0)),
            },
            place,
            phase: self.phase.clone(),
            registry: Arc::clone(&registry),
            id,
        };
        if let Err(error) = session_thread::spawn(start) {
            registry.remove(id);
            tracing::warn!(peer = %self.peer, error = %error, "cannot start a session's thread");
            return Err("knights-tour: cannot start a session now, try later\r\n");
        }
        self.phase.send_replace(Phase::Session);
        tracing::info!(
            peer = %self.peer,
            size = %format!("{}x{}", pty.size.0, pty.size.1),
            term = %quoted(&pty.term),
            "session start"
        );
        Ok(())
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        // The connection is gone: its session, if any, ends at once.
        if let Some(inbox) = &self.inbox {
            inbox.end(crate::explorer::Ending::Disconnected);
        }
    }
}

impl russh::server::Handler for Connection {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        if matches!(self.shared.access, Access::Open) {
            tracing::info!(peer = %self.peer, user = %quoted(user), "authenticated: open server");
            return Ok(Auth::Accept);
        }
        Ok(Auth::Reject {
            proceed_with_methods: Some(MethodSet::from(&[MethodKind::PublicKey][..])),
            partial_success: false,
        })
    }

    async fn auth_password(&mut self, user: &str, _password: &str) -> Result<Auth, Self::Error> {
        Ok(self.refuse_method(user, "password"))
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        Ok(self.refuse_method(user, "keyboard-interactive"))
    }

    async fn auth_publickey_offered(
        &mut self,
        user: &str,
        offer: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        // Saves the client a signature for a key that would be refused anyway.
        if self.allowed(offer.public_key).await {
            Ok(Auth::Accept)
        } else {
            tracing::info!(
                peer = %self.peer,
                user = %quoted(user),
                key = %fingerprint(offer.public_key),
                "refused: key not authorized"
            );
            Ok(Auth::reject())
        }
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let key_print = fingerprint(key.public_key);
        if self.allowed(key.public_key).await {
            tracing::info!(peer = %self.peer, user = %quoted(user), key = %key_print, "authenticated");
            Ok(Auth::Accept)
        } else {
            tracing::info!(peer = %self.peer, user = %quoted(user), key = %key_print, "refused: key not authorized");
            Ok(Auth::reject())
        }
    }

    async fn auth_succeeded(&mut self, session: &mut Session) -> Result<(), Self::Error> {
        self.handshake = None;
        match self.shared.slots.session(self.peer.ip()) {
            Ok(place) => self.place = Some(place),
            Err(full) => {
                tracing::info!(peer = %self.peer, reason = %full, "busy: disconnected");
                self.busy = true;
                session.disconnect(Disconnect::TooManyConnections, BUSY, "en")?;
            }
        }
        Ok(())
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.busy || self.channel.is_some() {
            self.refuse_channel("a second session channel", reply).await;
            return Ok(());
        }
        // Input comes through `data`; the channel's own queue is not read, so drop it.
        self.channel = Some(channel.id());
        self.inbox = Some(Inbox::new(self.shared.idle_timeout));
        drop(channel);
        reply.accept().await;
        Ok(())
    }

    async fn channel_open_x11(
        &mut self,
        _channel: Channel<Msg>,
        _address: &str,
        _port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse_channel("an X11 channel", reply).await;
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host: &str,
        _port: u32,
        _originator: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse_channel("local port forwarding", reply).await;
        Ok(())
    }

    async fn channel_open_direct_streamlocal(
        &mut self,
        _channel: Channel<Msg>,
        _path: &str,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse_channel("socket forwarding", reply).await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.setting_up(channel) {
            return session.channel_failure(channel);
        }
        self.pty = Some(Pty {
            term: term.chars().take(64).collect(),
            size: terminal_size(cols, rows),
        });
        session.channel_success(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.setting_up(channel) || !ACCEPTED_ENV.contains(&name) || value.len() > MAX_ENV_VALUE
        {
            return session.channel_failure(channel);
        }
        self.env.retain(|(key, _)| key != name);
        self.env.push((name.to_string(), value.to_string()));
        session.channel_success(channel)
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.setting_up(channel) {
            return session.channel_failure(channel);
        }
        self.started = true;
        match self.start_session(channel, session) {
            Ok(()) => session.channel_success(channel),
            Err(message) => {
                tracing::info!(peer = %self.peer, reason = %message.trim_end(), "session refused");
                Self::turn_away(channel, message, session)
            }
        }
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _command: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // The command is not logged: it could hold anything.
        self.refuse("exec");
        session.channel_failure(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        tracing::info!(peer = %self.peer, what = "subsystem", name = %quoted(name), "refused");
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _protocol: &str,
        _cookie: &str,
        _screen: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse("X11 forwarding");
        session.channel_failure(channel)
    }

    async fn agent_request(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse("agent forwarding");
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse("remote port forwarding");
        Ok(false)
    }

    async fn streamlocal_forward(
        &mut self,
        _path: &str,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse("remote socket forwarding");
        Ok(false)
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel != Some(channel) {
            return Ok(());
        }
        let size = terminal_size(cols, rows);
        match (&self.inbox, &mut self.pty) {
            (Some(inbox), _) if self.started => inbox.resize(size.0, size.1),
            (_, Some(pty)) => pty.size = size,
            _ => {}
        }
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel != Some(channel) {
            return Ok(());
        }
        if let Some(inbox) = &self.inbox {
            // At most one event a byte, and a packet is at most 32 KiB.
            let mut events = Vec::new();
            self.parser.feed(data, |event| events.push(event));
            inbox.push(events);
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(inbox) = self
            .inbox
            .as_ref()
            .filter(|_| self.channel == Some(channel))
        {
            inbox.close_input();
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(inbox) = self
            .inbox
            .as_ref()
            .filter(|_| self.channel == Some(channel))
        {
            inbox.end(crate::explorer::Ending::Disconnected);
        }
        Ok(())
    }
}
