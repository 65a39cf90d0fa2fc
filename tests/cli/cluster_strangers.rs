//! Only holders of a cluster's key take part in its count: a count needs a key of 16 bytes or
//! more that only its owner reads, processes with different keys refuse each other, named; a
//! stranger on the path who changes a byte ends the count, named, never with a wrong number; a
//! forged hello does not outlast the deadline; strangers on the port stall nobody; and a port
//! another program holds is named at once.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::thread;

use super::cluster::{
    KEY, PATIENCE, assert_counted, expected_5x6, finish, free_ports, hostfile, start,
};
use super::*;

/// A connection to 127.0.0.1:`port`, tried until something listens there.
fn connect_when_listening(port: u16) -> TcpStream {
    let mut socket = None;
    wait_until(&format!("a listener on port {port}"), PATIENCE, || {
        socket = TcpStream::connect(("127.0.0.1", port)).ok();
        socket.is_some()
    });
    socket.expect("connected")
}

#[test]
fn a_cluster_count_needs_a_key_of_16_bytes_or_more_that_only_its_owner_reads() {
    let hosts = hostfile("keyless", &free_ports(1));
    let hosts = hosts.display().to_string();
    let key_file = |name: &str, contents: &[u8], mode: u32| {
        use std::os::unix::fs::PermissionsExt;
        let path = scratch_file(name, contents);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        path.display().to_string()
    };
    let open_to_all = key_file("open.key", b"0123456789abcdefghij\n", 0o644);
    let short = key_file("short.key", b"0123456789\n", 0o600);
    let count = |extra: &[&str], key: Option<&str>| {
        let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("knights-tour"));
        command
            .args([
                "count",
                "--size",
                "5x6",
                "--cluster",
                &hosts,
                "--process",
                "0",
            ])
            .args(extra)
            .env_remove(KEY);
        if let Some(key) = key {
            command.env(KEY, key);
        }
        finished(extra, command.output().unwrap())
    };
    for (run, needles) in [
        (
            count(&[], None),
            &[KEY, "--cluster-key", "/dev/urandom"][..],
        ),
        (count(&[], Some("too short")), &[KEY, "9 bytes", "16"]),
        (
            count(&["--cluster-key", &open_to_all], None),
            &["open.key'", "every user", "chmod 600"],
        ),
        (
            count(&["--cluster-key", &short], None),
            &["short.key'", "10 bytes"],
        ),
        (
            count(&["--cluster-key", "/nonexistent/key"], None),
            &["'/nonexistent/key'"],
        ),
    ] {
        assert_fails(&run, 2, needles, &format!("{needles:?}"));
    }
}

#[test]
fn processes_with_different_keys_refuse_each_other_named() {
    let hosts = hostfile("two-keys", &free_ports(2));
    let args = ["--size", "5x6", "--cluster-wait", "10m"];
    let children = [
        start(&hosts, 0, &args, &[]),
        start(&hosts, 1, &args, &[(KEY, "another key, not the cluster's")]),
    ];
    for (process, child) in children.into_iter().enumerate() {
        let what = format!("process {process} of two with different keys");
        let run = finish(child, &what);
        let other = format!("process {}", 1 - process);
        assert_fails(&run, 4, &[&other, "did not prove", "key"], &what);
    }
}

#[test]
fn a_port_another_program_holds_is_named_at_once() {
    let holder = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = holder.local_addr().unwrap().port();
    let hosts = hostfile("held", &[port, free_ports(1)[0]]);
    let what = "process 0 on a port another program holds";
    // It says so at once: it would wait ten minutes for the others, longer than any patience.
    let run = finish(
        start(&hosts, 0, &["--size", "5x6", "--cluster-wait", "10m"], &[]),
        what,
    );
    assert_fails(&run, 4, &[&port.to_string(), "another program"], what);
    drop(holder);
}

#[test]
fn strangers_on_the_port_stall_nobody() {
    let ports = free_ports(2);
    let hosts = hostfile("strangers", &ports);
    let args = ["--size", "5x6", "--cluster-wait", "10m"];
    let zero = start(&hosts, 0, &args, &[]);
    // Two connections that say nothing, one that asks for a web page, and one that sends a
    // byte of a hello now and then, all before process 1 connects.
    let silent: Vec<TcpStream> = (0..2).map(|_| connect_when_listening(ports[0])).collect();
    let mut web = connect_when_listening(ports[0]);
    web.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut dripping = connect_when_listening(ports[0]);
    let drip = thread::spawn(move || {
        for byte in b"knights-tour-cluster/2 0.1.0 " {
            if dripping.write_all(&[*byte]).is_err() {
                break;
            }
            // A byte now and then, each within any one read's wait: the stall being tried.
            thread::sleep(Duration::from_millis(500));
        }
    });
    let one = start(&hosts, 1, &args, &[]);
    let runs: Vec<Run> = [zero, one]
        .into_iter()
        .enumerate()
        .map(|(process, child)| {
            let what = format!("process {process} among strangers");
            finish(child, &what)
        })
        .collect();
    assert_counted(&runs, &expected_5x6(), "among strangers");
    drop(silent);
    drip.join().unwrap();
}

/// Copies `from` to `to` until either ends; with `change`, flips a bit of the first frame
/// after the handshake's two lines.
fn pipe(mut from: TcpStream, mut to: TcpStream, change: bool) {
    let mut newlines = 0;
    let mut after_handshake = 0usize;
    let mut buffer = [0u8; 1 << 16];
    loop {
        let read = match from.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(read) => read,
        };
        for byte in &mut buffer[..read] {
            if newlines < 2 {
                newlines += usize::from(*byte == b'\n');
                continue;
            }
            // The first byte of the first frame's payload, after its 4 bytes of length.
            if change && after_handshake == 4 {
                *byte ^= 1;
            }
            after_handshake += 1;
        }
        if to.write_all(&buffer[..read]).is_err() {
            break;
        }
    }
    let _ = to.shutdown(Shutdown::Write);
}

/// The attack of a stranger who takes process 0's port before it starts: process 1 connects
/// to the stranger, who then lets the port go and relays process 1's connection to the real
/// process 0, changing a byte of what process 1 sends if `change`. Each process's run.
fn through_a_relay(change: bool, name: &str) -> Vec<Run> {
    let ports = free_ports(2);
    let hosts = hostfile(name, &ports);
    let args = ["--size", "5x6", "--cluster-wait", "10m"];
    let stranger = TcpListener::bind(("127.0.0.1", ports[0])).unwrap();
    let one = start(&hosts, 1, &args, &[]);
    let (from_one, _) = stranger.accept().unwrap();
    drop(stranger);
    let zero = start(&hosts, 0, &args, &[]);
    let to_zero = connect_when_listening(ports[0]);
    let relays = [
        (
            from_one.try_clone().unwrap(),
            to_zero.try_clone().unwrap(),
            change,
        ),
        (to_zero, from_one, false),
    ]
    .map(|(from, to, change)| thread::spawn(move || pipe(from, to, change)));
    let runs = [zero, one]
        .into_iter()
        .enumerate()
        .map(|(process, child)| {
            let what = format!("{name}: process {process}");
            finish(child, &what)
        })
        .collect();
    for relay in relays {
        relay.join().unwrap();
    }
    runs
}

#[test]
fn a_stranger_on_the_path_is_caught_when_it_changes_a_byte() {
    // The relay alone changes nothing: the count is right, so the relay is on the path.
    assert_counted(
        &through_a_relay(false, "relay"),
        &expected_5x6(),
        "through a relay",
    );
    let runs = through_a_relay(true, "changed");
    assert_fails(
        &runs[0],
        4,
        &[
            "process 1 at '127.0.0.1:",
            "failed its check",
            "not complete",
        ],
        "process 0 sent a changed frame",
    );
    assert_eq!(runs[0].stdout, "", "process 0 printed a count");
    assert_eq!(runs[1].code, 4, "process 1: {}", runs[1].stderr);
}

#[test]
fn a_forged_hello_does_not_outlast_the_deadline() {
    let ports = free_ports(2);
    let hosts = hostfile("forged", &ports);
    let args = ["--size", "5x6", "--deadline", "2s", "--cluster-wait", "10m"];
    let zero = start(&hosts, 0, &args, &[]);
    let mut forger = connect_when_listening(ports[0]);
    let hello = format!(
        "knights-tour-cluster/2 {} 0000000000000000 2 1 1 {} 5x6 open knight's tours\n",
        env!("CARGO_PKG_VERSION"),
        "00".repeat(32)
    );
    forger.write_all(hello.as_bytes()).unwrap();
    let what = "process 0 with a forged hello and no process 1";
    let run = finish(zero, what);
    assert_fails(&run, 3, &["gave up", "deadline"], what);
    drop(forger);
}
