//! What the server refuses: keys not in `authorized_keys`, passwords and keyboard-interactive,
//! and everything but the explorer: exec, subsystems, X11 and agent forwarding, port
//! forwarding both ways, a second session channel, and files written by the explorer's `w`.
//! None of it harms the connection's session.

use russh::ChannelMsg;
use russh::client::{Handle, Msg};

use crate::support::{Client, Fixture, PATIENCE, Term, login, new_key};

/// The reply to the last request with a reply on `channel`.
async fn reply(channel: &mut russh::Channel<Msg>) -> ChannelMsg {
    loop {
        let message = tokio::time::timeout(PATIENCE, channel.wait())
            .await
            .expect("a reply")
            .expect("the channel stays open");
        if matches!(message, ChannelMsg::Success | ChannelMsg::Failure) {
            return message;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_not_in_authorized_keys_is_refused_and_so_are_passwords() {
    let fixture = Fixture::start(&[]).await;
    let (mut handle, _) = fixture.connect().await;
    assert!(!login(&mut handle, &new_key()).await, "an unknown key");
    let password = handle
        .authenticate_password("tester", "hunter2")
        .await
        .unwrap();
    assert!(!password.success(), "a password");
    let interactive = handle
        .authenticate_keyboard_interactive_start("tester", None::<String>)
        .await
        .unwrap();
    assert!(
        matches!(
            interactive,
            russh::client::KeyboardInteractiveAuthResponse::Failure { .. }
        ),
        "keyboard-interactive: {interactive:?}"
    );
    // The authorized key still gets in on the same connection.
    assert!(login(&mut handle, &fixture.keys.client).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exec_subsystems_forwarding_and_a_second_channel_are_refused() {
    let fixture = Fixture::start(&[]).await;
    let (handle, client): (Handle<Client>, Client) = fixture.login().await;
    let mut channel = handle.channel_open_session().await.unwrap();

    channel.exec(true, "cat /etc/passwd").await.unwrap();
    assert!(
        matches!(reply(&mut channel).await, ChannelMsg::Failure),
        "exec"
    );
    channel.request_subsystem(true, "sftp").await.unwrap();
    assert!(
        matches!(reply(&mut channel).await, ChannelMsg::Failure),
        "sftp"
    );
    channel
        .request_x11(true, false, "MIT-MAGIC-COOKIE-1", "00", 0)
        .await
        .unwrap();
    assert!(
        matches!(reply(&mut channel).await, ChannelMsg::Failure),
        "X11"
    );
    channel.agent_forward(true).await.unwrap();
    assert!(
        matches!(reply(&mut channel).await, ChannelMsg::Failure),
        "agent"
    );

    // Remote forwarding (ssh -R) and local forwarding (ssh -L).
    assert!(
        handle.tcpip_forward("127.0.0.1", 0).await.is_err(),
        "remote forwarding"
    );
    assert!(
        handle
            .channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 40000)
            .await
            .is_err(),
        "local forwarding"
    );
    assert!(
        handle.channel_open_session().await.is_err(),
        "a second session channel"
    );

    // The channel still becomes the explorer.
    channel
        .request_pty(true, "xterm", 80, 24, 0, 0, &[])
        .await
        .unwrap();
    assert!(
        matches!(reply(&mut channel).await, ChannelMsg::Success),
        "pty"
    );
    channel.request_shell(true).await.unwrap();
    let mut term = Term::new(handle, client, channel, (80, 24));
    term.until("the explorer", |term| term.nodes() == Some(1))
        .await;
    term.send(b"q").await;
    assert_eq!(term.finish().await, Some(0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_writes_no_file_on_the_server() {
    let fixture = Fixture::start(&[]).await;
    let mut term = fixture.session(80, 24).await;
    // Find the tour, then ask to write it where the server runs.
    term.send(b"f").await;
    term.until("the tour", |term| term.screen().contains("tour found"))
        .await;
    term.send(b"w").await;
    term.until("the refusal", |term| {
        term.screen().contains("writes no files")
    })
    .await;
    term.send(b"\r").await;
    assert!(!std::path::Path::new("tour-8x8-a8.txt").exists());
    term.send(b"q").await;
    assert_eq!(term.finish().await, Some(0));
}
