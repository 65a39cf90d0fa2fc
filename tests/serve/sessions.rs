//! A session as its user sees it: the opening frame at the pty's size, a step, a resize, the
//! way out with exit status 0, the look chosen from the client's locale, and a paste into a
//! prompt that stays there.

use std::time::Duration;

use russh::ChannelMsg;

use crate::support::{Fixture, Term};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_draws_at_80x24_steps_resizes_and_quits_with_status_0() {
    let fixture = Fixture::start(&[]).await;
    let mut term = fixture.session(80, 24).await;
    let screen = term.screen();
    assert!(screen.contains("8x8 open"), "the board:\n{screen}");
    assert!(screen.contains('♞'), "the knight, in Unicode:\n{screen}");
    assert_eq!(term.nodes(), Some(1), "the node counter:\n{screen}");
    // The key bar sits on the last of the 24 rows.
    assert!(
        screen
            .lines()
            .nth(23)
            .is_some_and(|row| row.contains("quit"))
    );

    term.send(b"n").await;
    term.until("a step to raise the node count", |term| {
        term.nodes() == Some(2)
    })
    .await;

    term.resize(120, 40).await;
    term.until("a frame at 120x40", |term| {
        let screen = term.screen();
        screen
            .lines()
            .nth(39)
            .is_some_and(|row| row.contains("quit"))
            && screen
                .lines()
                .next()
                .is_some_and(|row| row.chars().count() > 100)
    })
    .await;
    assert_eq!(term.nodes(), Some(2), "the same search, drawn again");

    term.send(b"q").await;
    assert_eq!(term.finish().await, Some(0), "q ends with exit status 0");
    assert!(
        !term.screen().contains("Nodes"),
        "the main screen is back after q"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arrows_enter_and_ctrl_c_arrive_as_keys() {
    let fixture = Fixture::start(&["--size", "5x5"]).await;
    let mut term = fixture.session(80, 24).await;
    // Right, down, Enter: the start becomes b4 (row 1, column 1).
    term.send(b"\x1b[C\x1b[B\r").await;
    term.until("the start moved to b4", |term| {
        term.screen().contains("b4 (1,1)")
    })
    .await;
    term.send(b"\x03").await;
    assert_eq!(term.finish().await, Some(0), "Ctrl-C quits as q does");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pty_of_0x0_is_drawn_at_80x24() {
    let fixture = Fixture::start(&[]).await;
    let (handle, client) = fixture.login().await;
    let mut term = Term::open(handle, client, 0, 0).await;
    term.until("the first frame at 80x24", |term| {
        term.screen()
            .lines()
            .nth(23)
            .is_some_and(|row| row.contains("quit"))
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_locale_and_no_color_pick_the_look() {
    let fixture = Fixture::start(&[]).await;
    let (handle, client) = fixture.login().await;
    let env = [("LANG", "C"), ("NO_COLOR", "1")];
    let mut term = Term::open_with_env(handle, client, 80, 24, &env).await;
    term.until("the first frame", |term| term.screen().contains("Nodes"))
        .await;
    let screen = term.screen();
    assert!(
        !screen.contains('♞') && !screen.contains('╭'),
        "ASCII:\n{screen}"
    );
    // Without a locale sent, the default is Unicode (see the first test).
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_without_a_pty_is_told_to_use_ssh_t_and_gets_status_1() {
    let fixture = Fixture::start(&[]).await;
    let (handle, client) = fixture.login().await;
    let channel = handle.channel_open_session().await.unwrap();
    channel.request_shell(true).await.unwrap();
    let mut term = Term::new(handle, client, channel, (80, 24));
    assert_eq!(term.finish().await, Some(1));
    assert_eq!(term.stderr, "knights-tour needs a terminal: use ssh -t\r\n");
    assert_eq!(term.bytes, 0, "nothing drawn");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn end_of_input_ends_the_session_and_closes_the_channel() {
    // As `printf n | ssh -tt host`: keys, then end-of-file.
    let fixture = Fixture::start(&[]).await;
    let mut term = fixture.session(80, 24).await;
    term.send(b"n").await;
    term.channel.eof().await.unwrap();
    assert_eq!(term.finish().await, Some(129), "the input hung up");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_input_costs_only_its_own_session_some_keys() {
    let fixture = Fixture::start(&["--size", "30"]).await;
    let (handle, _client) = fixture.login().await;
    let channel = handle.channel_open_session().await.unwrap();
    channel
        .request_pty(false, "xterm", 80, 24, 0, 0, &[])
        .await
        .unwrap();
    channel.request_shell(false).await.unwrap();
    let (mut reader, writer) = channel.split();
    // The flooded session's frames are read as fast as they come, its exit status kept.
    let reading = tokio::spawn(async move {
        let mut status = None;
        while let Some(message) = reader.wait().await {
            if let ChannelMsg::ExitStatus { exit_status } = message {
                status = Some(exit_status);
            }
        }
        status
    });
    let mut other = fixture.session(80, 24).await;
    // A megabyte of steps forward and back, faster than any explorer takes them.
    for chunk in b"nb".repeat(1 << 19).chunks(1 << 15) {
        writer.data_bytes(chunk.to_vec()).await.unwrap();
    }
    other.send(b"n").await;
    other
        .until("the other session's step", |term| term.nodes() == Some(2))
        .await;
    // The flooded session still answers once it has caught up (a q in a full queue is
    // dropped like any key: say it until it is heard).
    let deadline = tokio::time::Instant::now() + crate::support::PATIENCE;
    while !reading.is_finished() && tokio::time::Instant::now() < deadline {
        let _ = writer.data_bytes(b"q".to_vec()).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(reading.await.unwrap(), Some(0));
    other.send(b"q").await;
    assert_eq!(other.finish().await, Some(0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paste_into_a_prompt_never_falls_through_onto_the_board() {
    let fixture = Fixture::start(&["--size", "5x5"]).await;
    let mut term = fixture.session(80, 24).await;
    // A terminal without bracketed paste sends `c3`, Enter, `nn`, Enter in one write: after
    // the go-to's Enter, the steps and the Enter that would make c3 the start are dropped.
    term.send(b"g").await;
    term.until("the go-to prompt", |term| term.screen().contains("go to:"))
        .await;
    term.send(b"c3\rnn\r").await;
    term.until("the cursor on c3", |term| {
        term.screen().contains("Cursor     c3 (2,2)")
    })
    .await;
    // A key pressed after a pause counts: one step, from the start that did not move.
    tokio::time::sleep(Duration::from_millis(200)).await;
    term.send(b"n").await;
    term.until("one step", |term| term.nodes() == Some(2)).await;
    let screen = term.screen();
    assert!(screen.contains("Start      a5 (0,0)"), "{screen}");
    // A bracketed paste is typed into the prompt, its line break not taken as Enter.
    term.send(b"g\x1b[200~b4\rnn\r\x1b[201~").await;
    term.until("the pasted square in the prompt", |term| {
        term.screen().contains("go to: b4_")
    })
    .await;
    assert_eq!(term.nodes(), Some(2));
    term.send(b"\x1b").await;
    term.until("the prompt closed", |term| {
        !term.screen().contains("go to:")
    })
    .await;
    term.send(b"q").await;
    assert_eq!(term.finish().await, Some(0));
}
