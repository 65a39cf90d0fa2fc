//! The listener and the life of each connection. russh has no connection limit and no login
//! deadline of its own, so connections are accepted here, one task each, and handed to russh's
//! `run_stream`:
//!
//! - a connection over the handshake limits ([`super::slots`]) is closed at once;
//! - one that has not logged in and started its explorer within the login deadline (20 s) is
//!   disconnected, whatever stage it stopped at (no greeting, a stalled key exchange, no key);
//! - once its session is over, the client has a few seconds to leave before it is
//!   disconnected;
//! - on `SIGTERM` or `SIGINT`, the listener closes, every session says goodbye (its terminal
//!   restored, a line, its exit status) and the server waits a few seconds for them.

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use russh::server::{Config, run_stream};
use russh::{Disconnect, MethodKind, MethodSet};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;

use knights_tour_engine::quote::quoted;

use super::connection::Connection;
use super::hostkey::fingerprint;
use super::shared::{Phase, Shared};
use super::slots::{Place, Slots};
use super::{Access, Settings};
use crate::options::NO_LIMIT;

/// How long a client whose session is over has to leave before it is disconnected.
const LINGER: Duration = Duration::from_secs(5);
/// How long the server waits for its sessions to say goodbye when it stops.
const GOODBYE: Duration = Duration::from_secs(5);
/// Time to wait after the system refused to accept a connection (out of file descriptors).
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// A server listening; see the module docs.
pub struct Server {
    address: SocketAddr,
    fingerprint: String,
    shared: Arc<Shared>,
    stop: watch::Sender<Option<i32>>,
    accepting: tokio::task::JoinHandle<()>,
}

impl Server {
    /// Listens on the settings' address and serves every connection, until
    /// [`Server::shutdown`]. Call it within a multi-threaded tokio runtime: the sessions'
    /// threads use it through a handle while the runtime's workers drive its timers.
    pub async fn start(settings: Settings) -> io::Result<Self> {
        let listener = TcpListener::bind(settings.listen).await?;
        let address = listener.local_addr()?;
        let fingerprint = fingerprint(settings.host_key.public_key());
        let config = Arc::new(russh_config(&settings));
        let (stop, stopping) = watch::channel(None);
        let shared = Arc::new(Shared {
            access: settings.access,
            slots: Slots::new(settings.max_sessions, settings.sessions_per_address),
            // A session's files would be the server's: `w` writes none.
            app: Arc::new(Arc::unwrap_or_clone(settings.app).without_files()),
            work: settings.work,
            force_ascii: settings.force_ascii,
            idle_timeout: settings.idle_timeout,
            login_deadline: settings.login_deadline,
            runtime: tokio::runtime::Handle::current(),
            registry: Arc::default(),
            stopping,
        });
        let accepting = tokio::spawn(accept(listener, config, Arc::clone(&shared)));
        Ok(Self {
            address,
            fingerprint,
            shared,
            stop,
            accepting,
        })
    }

    /// The address listened on (with the port picked, for a port of 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.address
    }

    /// The host key's fingerprint, as `ssh` shows it.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// The sessions under way.
    pub fn sessions(&self) -> usize {
        self.shared.slots.sessions()
    }

    /// Stops listening, says goodbye to every session (their exit status is 128 + `signal`)
    /// and waits a few seconds for the clients to leave.
    pub async fn shutdown(self, signal: i32) {
        tracing::info!(
            signal,
            sessions = self.shared.registry.len(),
            "stopping: goodbye to every session"
        );
        self.shared.registry.stop(signal);
        self.stop.send_replace(Some(signal));
        let _ = self.accepting.await;
        tracing::info!("stopped");
    }
}

/// The server's russh configuration: public keys only (or none with `--open`), no
/// compression, keepalives to find dead clients, and a backstop for silent connections well
/// past the idle timeout.
fn russh_config(settings: &Settings) -> Config {
    let methods = match settings.access {
        Access::Open => MethodSet::from(&[MethodKind::None, MethodKind::PublicKey][..]),
        Access::Keys(_) => MethodSet::from(&[MethodKind::PublicKey][..]),
    };
    Config {
        methods,
        keys: vec![settings.host_key.clone()],
        auth_rejection_time: Duration::from_millis(300),
        // OpenSSH's first request is a "none" probe: answer it at once.
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: 6,
        inactivity_timeout: Some(settings.idle_timeout.min(NO_LIMIT) + Duration::from_secs(60)),
        keepalive_interval: Some(Duration::from_secs(30)),
        keepalive_max: 3,
        nodelay: true,
        ..Config::default()
    }
}

/// Accepts connections until the server stops, then waits for them to end.
async fn accept(listener: TcpListener, config: Arc<Config>, shared: Arc<Shared>) {
    let mut connections = JoinSet::new();
    let mut stopping = shared.stopping.clone();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => match shared.slots.handshake(peer.ip()) {
                    Ok(place) => {
                        tracing::info!(peer = %peer, "connection");
                        connections.spawn(serve(
                            Arc::clone(&shared),
                            Arc::clone(&config),
                            stream,
                            peer,
                            place,
                        ));
                    }
                    Err(full) => {
                        tracing::warn!(peer = %peer, reason = %full, "refused: too many logins under way");
                        drop(stream);
                    }
                },
                Err(error) => {
                    tracing::warn!(error = %error, "cannot accept a connection");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                }
            },
            Some(_) = connections.join_next() => {}
            _ = stopping.changed() => break,
        }
    }
    drop(listener);
    let all_gone = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(GOODBYE, all_gone).await.is_err() {
        tracing::warn!(
            connections = connections.len(),
            "clients still connected after the goodbye: dropped"
        );
        connections.abort_all();
    }
}

/// One connection, from the first byte to the last.
async fn serve(
    shared: Arc<Shared>,
    config: Arc<Config>,
    stream: TcpStream,
    peer: SocketAddr,
    place: Place,
) {
    let opened = Instant::now();
    let deadline = tokio::time::Instant::now() + shared.login_deadline;
    let (phase_sender, mut phase) = watch::channel(Phase::Login);
    let handler = Connection::new(Arc::clone(&shared), peer, phase_sender, place);
    let running = match tokio::time::timeout_at(deadline, run_stream(config, stream, handler)).await
    {
        Ok(Ok(running)) => running,
        Ok(Err(error)) => {
            let error = quoted(&error.to_string()).to_string();
            tracing::info!(peer = %peer, error = %error, "closed: not an SSH client");
            return;
        }
        Err(_) => {
            tracing::info!(peer = %peer, "closed: no SSH greeting within the login deadline");
            return;
        }
    };
    let handle = running.handle();
    tokio::pin!(running);
    let mut stopping = shared.stopping.clone();
    let mut phase_open = true;
    // When the client is to be disconnected, and then when to stop waiting for it.
    let mut cutoff: Option<tokio::time::Instant> = None;
    let mut disconnected = false;
    let result = loop {
        let logging_in = *phase.borrow() == Phase::Login;
        tokio::select! {
            result = &mut running => break Some(result),
            () = tokio::time::sleep_until(deadline), if logging_in && cutoff.is_none() => {
                tracing::info!(peer = %peer, "disconnected: not logged in within the login deadline");
                let _ = handle
                    .disconnect(Disconnect::ByApplication, "login took too long".into(), "en".into())
                    .await;
                disconnected = true;
                cutoff = Some(tokio::time::Instant::now() + LINGER);
            }
            changed = phase.changed(), if phase_open => match changed {
                Ok(()) if *phase.borrow() == Phase::Over && cutoff.is_none() => {
                    cutoff = Some(tokio::time::Instant::now() + LINGER);
                }
                Ok(()) => {}
                Err(_) => phase_open = false,
            },
            _ = stopping.changed(), if logging_in && cutoff.is_none() => {
                let _ = handle
                    .disconnect(Disconnect::ByApplication, "the server is stopping".into(), "en".into())
                    .await;
                disconnected = true;
                cutoff = Some(tokio::time::Instant::now() + Duration::from_secs(1));
            }
            () = sleep_until_some(cutoff) => {
                if disconnected {
                    break None;
                }
                let _ = handle
                    .disconnect(Disconnect::ByApplication, "goodbye".into(), "en".into())
                    .await;
                disconnected = true;
                cutoff = Some(tokio::time::Instant::now() + Duration::from_secs(1));
            }
        }
    };
    let duration = humantime::format_duration(Duration::from_secs(opened.elapsed().as_secs()));
    match result {
        // A client that leaves without a goodbye is the usual way out, not an error.
        Some(Err(russh::Error::IO(error))) if error.kind() == io::ErrorKind::UnexpectedEof => {
            tracing::info!(peer = %peer, duration = %duration, "connection closed");
        }
        Some(Err(error)) => {
            let error = quoted(&error.to_string()).to_string();
            tracing::info!(peer = %peer, duration = %duration, error = %error, "connection closed");
        }
        _ => tracing::info!(peer = %peer, duration = %duration, "connection closed"),
    }
}

/// Waits until `when`, or for ever if there is no `when`.
async fn sleep_until_some(when: Option<tokio::time::Instant>) {
    match when {
        Some(when) => tokio::time::sleep_until(when).await,
        None => std::future::pending().await,
    }
}

/// Waits for `SIGTERM` or `SIGINT` (`Ctrl-C`); returns its number.
pub async fn stop_signal() -> i32 {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) {
            (Ok(mut terminate), Ok(mut interrupt)) => tokio::select! {
                _ = terminate.recv() => 15,
                _ = interrupt.recv() => 2,
            },
            _ => {
                let _ = tokio::signal::ctrl_c().await;
                2
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        2
    }
}
