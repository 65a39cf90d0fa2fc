//! A frontier count that keeps its frontier in a store: under a memory cap too small for it
//! the count is the uncapped one (and OEIS's), the store is left empty, and a checkpoint
//! carries the count on to the same answer, while one that is torn, altered or of another
//! question is refused.

use std::collections::BTreeMap;
use std::io;
use std::sync::Mutex;
use std::time::Duration;

use knights_tour_engine::board::Board;
use knights_tour_engine::count::keep::{Checkpoints, Keeping, Store};
use knights_tour_engine::count::{
    BigUint, CountError, CountMethod, CountRequest, count_tours, count_tours_keeping,
};

/// Files in memory; every manifest written is kept with the files beside it, as a lost
/// process would leave them.
#[derive(Default)]
struct Memory {
    files: Mutex<BTreeMap<String, Vec<u8>>>,
    /// The most bytes held at once.
    peak: Mutex<usize>,
    snapshots: Mutex<Vec<BTreeMap<String, Vec<u8>>>>,
}

impl Memory {
    fn with(files: BTreeMap<String, Vec<u8>>) -> Self {
        Self {
            files: Mutex::new(files),
            ..Self::default()
        }
    }
}

impl Store for Memory {
    fn append(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        let mut files = self.files.lock().unwrap();
        files
            .entry(name.to_owned())
            .or_default()
            .extend_from_slice(bytes);
        let held = files.values().map(Vec::len).sum();
        let mut peak = self.peak.lock().unwrap();
        *peak = (*peak).max(held);
        Ok(())
    }

    fn open(&self, name: &str) -> io::Result<Box<dyn io::Read + Send + '_>> {
        let files = self.files.lock().unwrap();
        let bytes = files.get(name).ok_or(io::ErrorKind::NotFound)?.clone();
        Ok(Box::new(io::Cursor::new(bytes)))
    }

    fn replace(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        let mut files = self.files.lock().unwrap();
        files.insert(name.to_owned(), bytes.to_vec());
        self.snapshots.lock().unwrap().push(files.clone());
        Ok(())
    }

    fn remove(&self, name: &str) -> io::Result<()> {
        self.files.lock().unwrap().remove(name);
        Ok(())
    }

    fn names(&self) -> io::Result<Vec<String>> {
        Ok(self.files.lock().unwrap().keys().cloned().collect())
    }

    fn describe(&self) -> String {
        "memory".to_owned()
    }
}

fn request(rows: u64, cols: u64, closed: bool) -> CountRequest {
    CountRequest {
        closed,
        method: Some(CountMethod::Frontier),
        threads: 2,
        ..CountRequest::new(Board::new(rows, cols).unwrap())
    }
}

/// Open 6×6 (OEIS A165134: 6,637,920 directed), closed 6×6 (A001230: 9,862) and open 6×5,
/// counted in a third or an eighth of the memory their frontiers take: the uncapped count, and
/// every spilled file removed.
#[test]
fn a_count_under_a_small_cap_spills_and_gets_the_uncapped_count() {
    // Caps of at least a few hundred kilobytes: a step's lists and tables take tens.
    for (rows, cols, closed, known, divisors) in [
        (6, 6, false, Some(6_637_920u64), &[3, 8][..]),
        (6, 6, true, Some(9_862), &[3]),
        (6, 5, false, None, &[3]),
    ] {
        let free = count_tours(&request(rows, cols, closed)).unwrap();
        if let Some(known) = known {
            assert_eq!(free.tours, BigUint::from(known));
        }
        for &divisor in divisors {
            let cap = free.peak_bytes / divisor;
            let spill = Memory::default();
            let keeping = Keeping {
                spill: Some(&spill),
                ..Keeping::default()
            };
            let capped = CountRequest {
                memory_cap: Some(cap),
                ..request(rows, cols, closed)
            };
            let counted = count_tours_keeping(&capped, keeping, &|_| {}).unwrap();
            let what = format!("{rows}x{cols} closed {closed} in 1/{divisor}");
            assert_eq!(counted.tours, free.tours, "{what}");
            assert_eq!(counted.peak_states, free.peak_states, "{what}");
            assert!(counted.peak_bytes <= cap, "{what}");
            assert!(*spill.peak.lock().unwrap() > 0, "{what}: nothing spilled");
            assert!(spill.files.lock().unwrap().is_empty(), "{what}: files left");
        }
    }
}

/// Under caps too small for its step, with a spill or without, open 6×6 either gets its
/// 6,637,920 tours (OEIS A165134) or stops for memory wanting more than its cap (a want within
/// the cap would tell the user that the system refused memory, which no system did here), and
/// leaves no file it spilled. With a spill, the caps are those that stop at once: past them,
/// a count spilled in a few hundred kilobytes takes tens of seconds in a debug build.
#[test]
fn a_count_under_a_tiny_cap_gets_its_count_or_wants_more_than_the_cap() {
    for cap in (16..=320).step_by(16).map(|kilobytes| kilobytes << 10) {
        for spilled in [false, true]
            .into_iter()
            .filter(|&spilled| !spilled || cap < 128 << 10)
        {
            let spill = Memory::default();
            let keeping = Keeping {
                spill: spilled.then_some(&spill as &dyn Store),
                ..Keeping::default()
            };
            let capped = CountRequest {
                memory_cap: Some(cap),
                ..request(6, 6, false)
            };
            let what = format!("cap {cap}, spilled {spilled}");
            match count_tours_keeping(&capped, keeping, &|_| {}) {
                Ok(counted) => assert_eq!(counted.tours, BigUint::from(6_637_920u64), "{what}"),
                Err(CountError::Memory { wanted, cap: c, .. }) => {
                    assert_eq!(c, cap, "{what}");
                    assert!(wanted > cap, "{what}: {wanted} wanted");
                }
                Err(error) => panic!("{what}: {error}"),
            }
            assert!(spill.files.lock().unwrap().is_empty(), "{what}: files left");
        }
    }
}

/// Checkpoints of every frontier, in memory and spilled: carried on from any of them, the
/// count is the whole one.
#[test]
fn a_count_carried_on_from_a_checkpoint_is_the_whole_count() {
    let whole = count_tours(&request(5, 6, false)).unwrap();
    for cap in [None, Some(whole.peak_bytes / 2)] {
        let (spill, checkpoints) = (Memory::default(), Memory::default());
        let keeping = Keeping {
            spill: Some(&spill),
            checkpoint: Some(Checkpoints {
                store: &checkpoints,
                every: Duration::ZERO,
            }),
            context: "test",
            ..Keeping::default()
        };
        let capped = CountRequest {
            memory_cap: cap,
            ..request(5, 6, false)
        };
        let counted = count_tours_keeping(&capped, keeping, &|_| {}).unwrap();
        assert_eq!(counted.tours, whole.tours);
        let snapshots = checkpoints.snapshots.into_inner().unwrap();
        assert_eq!(snapshots.len(), 30, "a checkpoint a square");
        for snapshot in snapshots.into_iter().step_by(7) {
            let resume = Memory::with(snapshot);
            let keeping = Keeping {
                spill: Some(&spill),
                resume: Some(&resume),
                context: "test",
                ..Keeping::default()
            };
            let counted = count_tours_keeping(&capped, keeping, &|_| {}).unwrap();
            assert_eq!(counted.tours, whole.tours, "cap {cap:?}");
            assert_eq!(counted.peak_states, whole.peak_states, "cap {cap:?}");
        }
    }
}

/// A checkpoint of another board or context, or with a file cut short or a byte changed, is
/// refused, never counted.
#[test]
fn a_torn_altered_or_foreign_checkpoint_is_refused() {
    let checkpoints = Memory::default();
    let keeping = Keeping {
        checkpoint: Some(Checkpoints {
            store: &checkpoints,
            every: Duration::ZERO,
        }),
        context: "test",
        ..Keeping::default()
    };
    count_tours_keeping(&request(5, 6, false), keeping, &|_| {}).unwrap();
    let snapshot = checkpoints.snapshots.lock().unwrap()[12].clone();
    let resumed = |files: BTreeMap<String, Vec<u8>>, request: &CountRequest, context: &str| {
        let resume = Memory::with(files);
        let keeping = Keeping {
            resume: Some(&resume),
            context,
            ..Keeping::default()
        };
        match count_tours_keeping(request, keeping, &|_| {}) {
            Err(CountError::Resume { message }) => message,
            other => panic!("{} {context}: {other:?}", request.board),
        }
    };
    let message = resumed(snapshot.clone(), &request(5, 7, false), "test");
    assert!(message.contains("of another question"), "{message}");
    let message = resumed(snapshot.clone(), &request(5, 6, true), "test");
    assert!(message.contains("of another question"), "{message}");
    let message = resumed(snapshot.clone(), &request(5, 6, false), "other");
    assert!(message.contains("of another context"), "{message}");
    // The manifest names its files; older ones may still be beside them.
    let manifest = String::from_utf8(snapshot["manifest"].clone()).unwrap();
    let name = manifest
        .lines()
        .find_map(|line| line.strip_prefix("name: "))
        .unwrap();
    let part = format!("{name}-0000");
    for (what, change) in [
        (
            "cut",
            &(|bytes: &mut Vec<u8>| bytes.truncate(bytes.len() - 1)) as &dyn Fn(&mut Vec<u8>),
        ),
        ("cut at a chunk", &|bytes: &mut Vec<u8>| bytes.clear()),
        ("changed", &|bytes: &mut Vec<u8>| {
            let at = bytes.len() / 2;
            bytes[at] ^= 4;
        }),
    ] {
        let mut files = snapshot.clone();
        change(files.get_mut(&part).unwrap());
        let message = resumed(files, &request(5, 6, false), "test");
        assert!(message.contains("damaged"), "{what}: {message}");
    }
    let mut files = snapshot.clone();
    let manifest = files.get_mut("manifest").unwrap();
    let at = manifest.iter().position(|&byte| byte == b'\n').unwrap() + 20;
    manifest[at] ^= 1;
    let message = resumed(files, &request(5, 6, false), "test");
    assert!(message.contains("damaged"), "manifest: {message}");
    let mut files = snapshot;
    files.remove("manifest");
    let message = resumed(files, &request(5, 6, false), "test");
    assert!(message.contains("no checkpoint"), "{message}");
}
