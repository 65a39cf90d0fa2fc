//! What a session's background work may take, through the real OpenSSH client: a starts map
//! spends one node budget in all (the starts it does not reach show `?`), each session's map
//! works on one thread, the server's background work keeps to `--work-threads`, and a session
//! opened beside busy ones draws and answers keys; a race that cannot fit in a session's
//! memory is refused with the sizes.

use std::time::{Duration, Instant};

use crate::openssh::{Ssh, cpu_time, serve, threads};
use crate::support::{Fixture, Keys, nodes_on};

#[test]
fn a_served_starts_map_spends_one_node_budget_in_all() {
    let keys = Keys::new();
    // 100 nodes cannot find a 6x6 tour: the first start spends them all.
    let (_server, address) = serve(
        &keys,
        &["--size", "6x6", "--method", "naive", "--node-budget", "100"],
    );
    let mut ssh = Ssh::connect(address);
    ssh.until("Nodes");
    // The cursor one square down from the first start, then the map.
    ssh.send(b"js");
    ssh.until("From here  not reached");
    let screen = ssh.screen();
    assert!(
        screen.contains("0 give a tour, 0") && screen.contains("36 gave"),
        "every start gave up or was not reached:\n{screen}"
    );
    assert_eq!(ssh.quit(), Some(0));
}

/// The largest board a map takes (256x256) has its starts map and its ends map made in a
/// session of the default `--session-memory`: both were refused ("needs about 13 MB for its
/// answers, and this explorer's maps may use 13 MB").
#[test]
fn the_largest_maps_are_made_within_the_default_session_memory() {
    let keys = Keys::new();
    // 1,000 nodes for the whole map: the first square spends them, the others are not
    // reached, and the map is done at once.
    let (_server, address) = serve(
        &keys,
        &[
            "--size",
            "256x256",
            "--method",
            "naive",
            "--node-budget",
            "1000",
        ],
    );
    let mut ssh = Ssh::connect(address);
    ssh.until("Nodes");
    ssh.send(b"s");
    ssh.until("gave up (naive)");
    ssh.send(b"t");
    ssh.until("Ends ");
    ssh.until("gave up (naive)");
    assert!(!ssh.screen().contains("may use"), "{}", ssh.screen());
    assert_eq!(ssh.quit(), Some(0));
}

#[test]
fn sessions_work_on_one_thread_each_within_the_work_threads_and_still_answer_keys() {
    let keys = Keys::new();
    // Maps that take minutes: 4,096 starts of naive search, a billion nodes.
    let (server, address) = serve(
        &keys,
        &[
            "--work-threads",
            "1",
            "--size",
            "64x64",
            "--method",
            "naive",
            "--node-budget",
            "1000000000",
        ],
    );
    let pid = server.child.id();
    let mut mapping = [Ssh::connect(address), Ssh::connect(address)];
    for ssh in &mapping {
        ssh.until("Nodes");
    }
    let before = threads(pid);
    for ssh in &mut mapping {
        ssh.send(b"s");
    }
    for ssh in &mapping {
        ssh.until("working:");
    }
    // Time for a map that solved on several threads to have started them.
    std::thread::sleep(Duration::from_secs(1));
    assert!(
        threads(pid) <= before + 2,
        "one thread a map: {} threads, {before} before the maps",
        threads(pid)
    );

    // Both maps and a third session's f want the one work thread: the server computes on
    // about one core (the rest is drawing), where each map alone would take every core.
    let mut finishing = Ssh::connect(address);
    finishing.until("Nodes");
    finishing.send(b"f");
    finishing.until("finishing");
    let (cpu_before, started) = (cpu_time(pid), Instant::now());
    // The window over which the server's use of the cores is read: what is asserted is a
    // share of the machine (fairness between sessions), not how fast anything is.
    std::thread::sleep(Duration::from_secs(3));
    let cores = (cpu_time(pid) - cpu_before).as_secs_f64() / started.elapsed().as_secs_f64();
    assert!(cores < 1.5, "the server used {cores:.2} cores");

    // A session opened now draws and answers its keys.
    let mut probe = Ssh::connect(address);
    probe.until("Nodes");
    probe.send(b"n");
    let deadline = Instant::now() + crate::support::PATIENCE;
    while nodes_on(&probe.screen()) != Some(2) {
        assert!(Instant::now() < deadline, "{}", probe.screen());
        std::thread::sleep(crate::support::POLL);
    }
    for ssh in mapping.into_iter().chain([finishing, probe]) {
        assert_eq!(ssh.quit(), Some(0));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_too_large_for_the_sessions_memory_is_refused_with_the_sizes() {
    // 900x900: the explorer's own search fits the session's memory, two more do not.
    let fixture = Fixture::start(&["--size", "900x900"]).await;
    let mut term = fixture.session(100, 30).await;
    term.send(b"R").await;
    term.until("the refusal", |term| {
        let screen = term.screen();
        screen.contains("a race on the 900x900 board") && screen.contains("race on a smaller")
    })
    .await;
    term.send(b"n").await;
    term.until("the explorer's own step", |term| term.nodes() == Some(2))
        .await;
    term.send(b"q").await;
    assert_eq!(term.finish().await, Some(0));
}
