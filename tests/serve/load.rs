//! Load tests, ignored by default (they take a minute and both cores):
//!
//! ```text
//! cargo test --release --test serve load -- --ignored --nocapture --test-threads 1
//! ```
//!
//! - `fifty_sessions_at_full_speed`: the binary serves 50 sessions (from 13 loopback
//!   addresses, 4 each) playing naive backtracking on 10x10 at full speed for `LOAD_SECONDS`
//!   (20), while one more session presses `n` four times a second. It prints the server's
//!   memory (resident, peak) and CPU, the frames each playing session received and the gaps
//!   between them, and the probe's latency from key to frame.
//! - `finishing_a_1000x1000_board_leaves_the_others_frames_on_time`: on 1000x1000 boards with
//!   naive backtracking (which never ends there), three probes' key-to-frame latency alone,
//!   then beside one and two sessions running `f` (20 million nodes a press) again and again;
//!   no key waits two seconds for its frame.
//! - `sixteen_sessions_finishing_1000x1000_keep_to_the_memory_budget`: 16 sessions (the
//!   default `--max-sessions`) press `f` on 1000x1000 every few seconds and `b` between; the
//!   server's peak resident memory (`VmHWM`) stays within 16 times the default
//!   `--session-memory`.
//! - `four_starts_maps_of_256x256_beside_an_idle_probe`: four sessions make the 256x256 naive
//!   starts map (each on one thread, in turns of the server's work threads) while a probe
//!   presses `n`: the server's CPU each second and the probe's key to frame
//!   (`LOAD_NODE_BUDGET=1000000000` makes the maps outlast the run); each map's screen must
//!   show its work or its tally (with a --session-memory of 64 MiB they were refused, and
//!   the test passed with an idle server).
//!
//! Frames are counted at the client by the end of their synchronized update (`CSI ?2026l`),
//! without drawing them, so the client costs the two cores little.
//!
//! Measured on the project's machine (2 cores, so one work thread by default; the client on
//! the same machine, and other builds running: a load average of 7 to 11), release build:
//!
//! - 50 sessions at full speed for 20 s: the server's memory 6 MB idle, 22 MB with the 51
//!   sessions open, 34 MB at the end (54 threads); CPU 91% of one core; each playing session
//!   got 1,074 to 1,092 frames (54 a second: a session waiting for its turn draws its
//!   unchanged screen again each frame), gaps between frames p50 17 ms, p99 99 ms; the idle
//!   probe's key to frame p50 1.7 ms, p99 82 ms.
//! - 1000x1000: the probes' key to frame p50 0.3 ms and p99 3.3 ms alone, p99 7.9 ms (max 31
//!   ms) beside one session finishing, p99 7.2 ms (max 12 ms) beside two; memory 34 MB with 5
//!   sessions open, 95 MB at most once two had searched.
//! - 16 sessions pressing `f` on 1000x1000 for 30 s: 7 MB idle, 91 MB with the sessions open,
//!   peak 779 MB (the bound: 16 x 64 MiB = 1,074 MB).
//! - Four 256x256 starts maps (with a load average of 2): with the default node budget each
//!   map spends its 20 million nodes on its first start and is done; the server's CPU was 102%
//!   to 110% of one core in the 3.3 s the four took, the probe's key to frame p50 0.5 ms, p99
//!   5 ms. With a budget of a billion nodes, 95% to 102% of one core each second for 20 s (the
//!   one work thread, where the maps alone would take both cores), the probe's key to frame
//!   p50 0.5 ms, p99 5.9 ms, max 44 ms.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::client::{self, Handle};
use russh::{ChannelMsg, ChannelReadHalf, ChannelWriteHalf};
use tokio::net::TcpSocket;
use tokio::sync::mpsc;

use crate::openssh::{cpu_time, serve};
use crate::support::{Client, Keys};

/// The end of a frame.
const FRAME_END: &[u8] = b"\x1b[?2026l";

fn seconds() -> u64 {
    std::env::var("LOAD_SECONDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(20)
}

/// A session's connection, the reading half of its channel (counting frames) and the
/// writing half, and for a watched session its screen.
struct Session {
    _handle: Handle<Client>,
    frames: mpsc::UnboundedReceiver<Instant>,
    writer: ChannelWriteHalf<client::Msg>,
    reading: tokio::task::JoinHandle<()>,
    screen: Option<Arc<Mutex<vt100::Parser>>>,
}

/// Opens a session from the loopback address `source` on an 80x24 pty (`--open` server).
async fn open(address: SocketAddr, source: Ipv4Addr) -> Session {
    open_with(address, source, false).await
}

/// [`open`], the session's screen kept (through a terminal emulator) if `watched`.
async fn open_with(address: SocketAddr, source: Ipv4Addr, watched: bool) -> Session {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(IpAddr::V4(source), 0)).unwrap();
    let stream = socket.connect(address).await.unwrap();
    stream.set_nodelay(true).unwrap();
    let config = Arc::new(client::Config::default());
    let mut handle = client::connect_stream(config, stream, Client::default())
        .await
        .unwrap();
    assert!(handle.authenticate_none("load").await.unwrap().success());
    let channel = handle.channel_open_session().await.unwrap();
    channel
        .request_pty(false, "xterm-256color", 80, 24, 0, 0, &[])
        .await
        .unwrap();
    channel.request_shell(false).await.unwrap();
    let (reader, writer) = channel.split();
    let (sender, frames) = mpsc::unbounded_channel();
    let screen = watched.then(|| {
        let size = std::num::NonZeroU16::new;
        let parser = vt100::Parser::new(size(24).unwrap(), size(80).unwrap(), 0);
        Arc::new(Mutex::new(parser))
    });
    let reading = tokio::spawn(count_frames(reader, sender, screen.clone()));
    Session {
        _handle: handle,
        frames,
        writer,
        reading,
        screen,
    }
}

/// Sends the time each frame ends, and draws the frames on `screen`, if given.
async fn count_frames(
    mut reader: ChannelReadHalf,
    frames: mpsc::UnboundedSender<Instant>,
    screen: Option<Arc<Mutex<vt100::Parser>>>,
) {
    let mut tail: Vec<u8> = Vec::new();
    while let Some(message) = reader.wait().await {
        if let ChannelMsg::Data { data } = message {
            let now = Instant::now();
            if let Some(screen) = &screen {
                screen.lock().unwrap().process(&data);
            }
            tail.extend_from_slice(&data);
            let ends = tail
                .windows(FRAME_END.len())
                .filter(|window| *window == FRAME_END)
                .count();
            for _ in 0..ends {
                let _ = frames.send(now);
            }
            let keep = tail.len().min(FRAME_END.len() - 1);
            tail.drain(..tail.len() - keep);
        }
    }
}

impl Session {
    /// The screen's text, row by row, for a watched session.
    fn screen(&self) -> String {
        let screen = self.screen.as_ref().expect("a watched session");
        screen.lock().unwrap().screen().contents()
    }

    async fn send(&self, bytes: &[u8]) {
        self.writer.data_bytes(bytes.to_vec()).await.unwrap();
    }

    /// Forgets the frames received so far.
    fn drain(&mut self) {
        while self.frames.try_recv().is_ok() {}
    }

    /// Presses `key` and waits for the next frame; the time it took.
    async fn probe(&mut self, key: &[u8]) -> Duration {
        self.drain();
        let pressed = Instant::now();
        self.send(key).await;
        let frame = tokio::time::timeout(Duration::from_secs(30), self.frames.recv())
            .await
            .expect("a frame after the key")
            .unwrap();
        frame - pressed
    }
}

/// The server's resident and peak memory (KiB), threads, and CPU time so far.
fn server_figures(pid: u32) -> (u64, u64, u64, Duration) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let field = |name: &str| -> u64 {
        status
            .lines()
            .find(|line| line.starts_with(name))
            .and_then(|line| line.split_whitespace().nth(1))
            .and_then(|value| value.parse().ok())
            .unwrap_or(0)
    };
    (
        field("VmRSS:"),
        field("VmHWM:"),
        field("Threads:"),
        cpu_time(pid),
    )
}

/// p50, p99 and the largest of `values`, in milliseconds.
fn percentiles(values: &mut [Duration]) -> String {
    if values.is_empty() {
        return "none".into();
    }
    values.sort();
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    format!(
        "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} samples)",
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3,
        values.len()
    )
}

/// The loopback address of session `index`: four to an address.
fn source(index: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 1, 1 + (index / 4) as u8)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a load test: a minute of both cores; run it by name"]
async fn fifty_sessions_at_full_speed() {
    let keys = Keys::new();
    let sessions_wanted = std::env::var("LOAD_SESSIONS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(50);
    let (server, address) = serve(
        &keys,
        &[
            "--max-sessions",
            "64",
            "--size",
            "10",
            "--method",
            "naive",
            "--speed",
            "max",
        ],
    );
    let pid = server.child.id();
    let (idle_rss, _, _, _) = server_figures(pid);
    let mut sessions = Vec::new();
    for index in 0..sessions_wanted {
        sessions.push(open(address, source(index)).await);
    }
    let mut probe = open(address, source(sessions_wanted)).await;
    for session in &mut sessions {
        session.frames.recv().await.unwrap();
    }
    probe.frames.recv().await.unwrap();
    let (rss_open, _, _, _) = server_figures(pid);
    for session in &sessions {
        session.send(b" ").await;
    }
    // A second of every session playing, so that the memory read next is a playing server's.
    tokio::time::sleep(Duration::from_secs(1)).await;
    for session in &mut sessions {
        session.drain();
    }
    let (_, _, _, cpu_before) = server_figures(pid);
    let started = Instant::now();
    let mut probes = Vec::new();
    let run = Duration::from_secs(seconds());
    while started.elapsed() < run {
        probes.push(probe.probe(b"n").await);
        // Probes spread over the run, as a person's keys would be.
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let elapsed = started.elapsed();
    let (rss, peak, threads, cpu_after) = server_figures(pid);
    let mut gaps = Vec::new();
    let mut counts = Vec::new();
    for session in &mut sessions {
        let mut times = Vec::new();
        while let Ok(time) = session.frames.try_recv() {
            times.push(time);
        }
        counts.push(times.len());
        gaps.extend(times.windows(2).map(|pair| pair[1] - pair[0]));
    }
    let cpu = (cpu_after - cpu_before).as_secs_f64() / elapsed.as_secs_f64();
    counts.sort();
    let total: usize = counts.iter().sum();
    println!("== {sessions_wanted} sessions playing naive 10x10 at full speed for {elapsed:.1?}");
    println!(
        "server memory: {idle_rss} KiB idle, {rss_open} KiB with the sessions open, {rss} KiB \
         at the end, peak {peak} KiB; {threads} threads"
    );
    println!(
        "server CPU: {:.0}% of one core (2 cores: 200%)",
        cpu * 100.0
    );
    println!(
        "frames per playing session: min {}, median {}, max {} ({:.1} a second on average, {} in all)",
        counts[0],
        counts[counts.len() / 2],
        counts[counts.len() - 1],
        total as f64 / sessions_wanted as f64 / elapsed.as_secs_f64(),
        total
    );
    println!("gaps between frames: {}", percentiles(&mut gaps));
    println!("probe, key to frame: {}", percentiles(&mut probes));
    assert!(counts[0] > 0, "every session got frames");
    for session in &sessions {
        session.reading.abort();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a load test: a minute of both cores; run it by name"]
async fn finishing_a_1000x1000_board_leaves_the_others_frames_on_time() {
    let keys = Keys::new();
    // Naive backtracking never ends on 1000x1000: each f runs its whole node budget.
    let (server, address) = serve(&keys, &["--size", "1000x1000", "--method", "naive"]);
    let pid = server.child.id();
    let mut probes = Vec::new();
    for index in 0..3 {
        let mut probe = open(address, source(index * 4)).await;
        probe.frames.recv().await.unwrap();
        probes.push(probe);
    }
    let mut finishers = Vec::new();
    for index in 0..2 {
        let mut finisher = open(address, source(12 + index * 4)).await;
        finisher.frames.recv().await.unwrap();
        finishers.push(finisher);
    }
    let (rss_open, _, _, _) = server_figures(pid);
    let run = Duration::from_secs(seconds() / 2);
    println!("== 1000x1000, naive: 3 probes pressing n, beside 0, 1 and 2 sessions pressing f");
    for busy in 0..=finishers.len() {
        let mut latencies = Vec::new();
        let (_, _, _, cpu_before) = server_figures(pid);
        let started = Instant::now();
        let mut last_f = None::<Instant>;
        while started.elapsed() < run {
            // f again every 2 s keeps the finishers searching (a press runs to the next
            // multiple of the node budget).
            if last_f.is_none_or(|at| at.elapsed() > Duration::from_secs(2)) {
                for finisher in &finishers[..busy] {
                    finisher.send(b"f").await;
                }
                last_f = Some(Instant::now());
            }
            for probe in &mut probes {
                latencies.push(probe.probe(b"n").await);
            }
            // Probes spread over the run, as a person's keys would be.
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let (rss, peak, threads, cpu_after) = server_figures(pid);
        let cpu = (cpu_after - cpu_before).as_secs_f64() / started.elapsed().as_secs_f64();
        let slowest = latencies.iter().max().copied().unwrap_or_default();
        println!(
            "beside {busy} f: key to frame {}; CPU {:.0}% of one core; memory {rss} KiB \
             (peak {peak}, {rss_open} when opened), {threads} threads",
            percentiles(&mut latencies),
            cpu * 100.0
        );
        // A regression that makes a key wait for another session's work (a whole press of
        // f, seconds) shows here; a loaded machine's milliseconds do not.
        assert!(
            slowest < ON_TIME,
            "a key waited {slowest:?} for its frame beside {busy} sessions finishing"
        );
        for finisher in &mut finishers {
            finisher.drain();
        }
    }
}

/// The longest a probe's key may wait for its frame in a load test: far more than a slice of
/// anyone's work, far less than a press of `f` on 1000x1000.
const ON_TIME: Duration = Duration::from_secs(2);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a load test: a minute of both cores; run it by name"]
async fn sixteen_sessions_finishing_1000x1000_keep_to_the_memory_budget() {
    let keys = Keys::new();
    let (server, address) = serve(&keys, &["--size", "1000x1000", "--method", "naive"]);
    let pid = server.child.id();
    let (idle, _, _, _) = server_figures(pid);
    let mut sessions = Vec::new();
    for index in 0..16 {
        let mut session = open(address, source(index)).await;
        session.frames.recv().await.unwrap();
        sessions.push(session);
    }
    let (opened, _, _, cpu_before) = server_figures(pid);
    let started = Instant::now();
    let run = Duration::from_secs(seconds());
    let mut last_f = None::<Instant>;
    while started.elapsed() < run {
        // f again and again, and now and then a step back, which restores a copy.
        if last_f.is_none_or(|at| at.elapsed() > Duration::from_secs(4)) {
            for session in &sessions {
                session.send(b"f").await;
            }
            last_f = Some(Instant::now());
        } else {
            for session in &sessions {
                session.send(b"b").await;
            }
        }
        // Each round of keys half a second apart, as people at their keyboards.
        tokio::time::sleep(Duration::from_millis(500)).await;
        for session in &mut sessions {
            session.drain();
        }
    }
    let (rss, peak, threads, cpu_after) = server_figures(pid);
    let cpu = (cpu_after - cpu_before).as_secs_f64() / started.elapsed().as_secs_f64();
    println!("== 16 sessions on 1000x1000, naive, pressing f (and b) for {run:?}");
    println!(
        "server memory: {idle} KiB idle, {opened} KiB with 16 sessions open, {rss} KiB at the \
         end, peak (VmHWM) {peak} KiB; {threads} threads; CPU {:.0}% of one core",
        cpu * 100.0
    );
    // The bound the guide states: --max-sessions (16) times --session-memory (80 MiB), and
    // the server's own few megabytes.
    let bound_kib = 16 * 80 * 1024 + idle;
    assert!(peak <= bound_kib, "peak {peak} KiB above {bound_kib} KiB");
    for session in &sessions {
        session.reading.abort();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a load test: a minute of both cores; run it by name"]
async fn four_starts_maps_of_256x256_beside_an_idle_probe() {
    let keys = Keys::new();
    // LOAD_NODE_BUDGET raises each map's budget so that the maps outlast the run.
    let budget = std::env::var("LOAD_NODE_BUDGET").unwrap_or_else(|_| "20000000".into());
    let (server, address) = serve(
        &keys,
        &[
            "--size",
            "256x256",
            "--method",
            "naive",
            "--node-budget",
            &budget,
        ],
    );
    let pid = server.child.id();
    let mut mappers = Vec::new();
    for index in 0..4 {
        let mut mapper = open_with(address, source(index), true).await;
        mapper.frames.recv().await.unwrap();
        mappers.push(mapper);
    }
    let mut probe = open(address, source(4)).await;
    probe.frames.recv().await.unwrap();
    let (_, _, _, cpu_before) = server_figures(pid);
    let started = Instant::now();
    for mapper in &mappers {
        mapper.send(b"s").await;
    }
    let mut latencies = Vec::new();
    let mut samples = Vec::new();
    let run = Duration::from_secs(seconds());
    let mut last = (cpu_before, Instant::now());
    while started.elapsed() < run {
        latencies.push(probe.probe(b"n").await);
        // Probes spread over the run, as a person's keys would be.
        tokio::time::sleep(Duration::from_millis(200)).await;
        let now = (cpu_time(pid), Instant::now());
        if now.1 - last.1 >= Duration::from_secs(1) {
            samples.push((now.0 - last.0).as_secs_f64() / (now.1 - last.1).as_secs_f64());
            last = now;
        }
        for mapper in &mut mappers {
            mapper.drain();
        }
    }
    let (rss, peak, threads, cpu_after) = server_figures(pid);
    let cpu = (cpu_after - cpu_before).as_secs_f64() / started.elapsed().as_secs_f64();
    let slowest = latencies.iter().max().copied().unwrap_or_default();
    println!(
        "== 4 sessions making the 256x256 naive starts map (node budget {budget}), an idle \
         probe pressing n, for {run:?}"
    );
    println!(
        "server CPU: {:.0}% of one core on average, each second: {}",
        cpu * 100.0,
        samples
            .iter()
            .map(|share| format!("{:.0}%", share * 100.0))
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!("server memory: {rss} KiB, peak {peak} KiB; {threads} threads");
    println!("probe, key to frame: {}", percentiles(&mut latencies));
    assert!(slowest < ON_TIME, "a key waited {slowest:?} for its frame");
    // The maps ran: each shows its work or its tally. A map refused shows why instead, and
    // the server idles (the CPU printed above; not asserted, as it depends on the machine's
    // load).
    for mapper in &mappers {
        let screen = mapper.screen();
        let starts = screen.lines().find(|line| line.contains("Starts "));
        assert!(
            starts.is_some_and(|line| line.contains("working:") || line.contains("give")),
            "the map is not made:\n{screen}"
        );
    }
    for mapper in &mappers {
        mapper.reading.abort();
    }
}
