//! The limits that keep the server up: sessions in all and per address ("busy, try later"),
//! the idle timeout, the login deadline, and bytes that are not SSH.

use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::{Fixture, PATIENCE, login};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_max_sessions_a_client_is_told_busy_and_a_place_freed_is_taken() {
    let fixture = Fixture::start(&["--max-sessions", "2"]).await;
    let mut first = fixture.session(80, 24).await;
    let _second = fixture.session(80, 24).await;

    let (mut handle, client) = fixture.connect().await;
    login(&mut handle, &fixture.keys.client).await;
    assert_eq!(
        client.disconnect_reason().await.as_deref(),
        Some("busy, try later")
    );

    first.send(b"q").await;
    assert_eq!(first.finish().await, Some(0));
    let deadline = Instant::now() + PATIENCE;
    while fixture.server.sessions() >= 2 && Instant::now() < deadline {
        tokio::time::sleep(crate::support::POLL).await;
    }
    let mut third = fixture.session(80, 24).await;
    third.send(b"q").await;
    assert_eq!(third.finish().await, Some(0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_has_at_most_4_sessions() {
    let fixture = Fixture::start(&[]).await;
    let mut sessions = Vec::new();
    for _ in 0..4 {
        sessions.push(fixture.session(80, 24).await);
    }
    let (mut handle, client) = fixture.connect().await;
    login(&mut handle, &fixture.keys.client).await;
    assert_eq!(
        client.disconnect_reason().await.as_deref(),
        Some("busy, try later")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_session_is_told_and_closed() {
    let fixture = Fixture::start(&["--idle-timeout", "1s"]).await;
    let started = Instant::now();
    let mut term = fixture.session(80, 24).await;
    // Closed within the test's patience (not left open), and not before the timeout: a
    // loaded machine makes it later, never earlier.
    assert_eq!(term.finish().await, Some(3), "a deadline ran out");
    let waited = started.elapsed();
    assert!(waited >= Duration::from_secs(1), "closed after {waited:?}");
    assert!(
        term.screen().contains("no key pressed for too long"),
        "told why:\n{}",
        term.screen()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_does_not_log_in_in_time_is_dropped() {
    let fixture = Fixture::start_with(&[], |settings| {
        settings.login_deadline = Duration::from_secs(1);
    })
    .await;
    // Silent: the server's greeting, then the end, within the test's patience and not before
    // the deadline.
    let started = Instant::now();
    let mut silent = TcpStream::connect(fixture.address).await.unwrap();
    let mut greeting = Vec::new();
    tokio::time::timeout(PATIENCE, silent.read_to_end(&mut greeting))
        .await
        .expect("the server closes the connection")
        .ok();
    assert!(greeting.starts_with(b"SSH-2.0-"));
    let waited = started.elapsed();
    assert!(waited >= Duration::from_secs(1), "closed after {waited:?}");
    // A handshake without a login: disconnected.
    let (_handle, client) = fixture.connect().await;
    assert_eq!(
        client.disconnect_reason().await.as_deref(),
        Some("login took too long")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bytes_that_are_not_ssh_leave_the_server_serving() {
    let fixture = Fixture::start(&[]).await;
    // Random bytes (a fixed xorshift sequence), an HTTP request, a client that leaves in the
    // middle of its handshake.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let noise: Vec<u8> = (0..65_536)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    let garbage: [&[u8]; 3] = [
        &noise,
        b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n",
        b"SSH-2.0-OpenSSH_9.2\r\n\x00\x00\x01\x00",
    ];
    for bytes in garbage {
        let mut stream = TcpStream::connect(fixture.address).await.unwrap();
        let _ = stream.write_all(bytes).await;
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(1), stream.read_to_end(&mut answer)).await;
    }
    let mut term = fixture.session(80, 24).await;
    term.send(b"n").await;
    term.until("a step", |term| term.nodes() == Some(2)).await;
    term.send(b"q").await;
    assert_eq!(term.finish().await, Some(0));
}
