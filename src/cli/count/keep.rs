//! The folders a count keeps its frontier in, for the engine's stores
//! (`knights_tour_engine::count::keep`): the spill, a folder of its own made in `--spill DIR`
//! (or the system's temporary folder) only once a frontier outgrows the memory cap, said on
//! standard error, and removed on every way out: the count's end, an error, and a signal that
//! ends the process (SIGINT, SIGTERM, SIGHUP: exit status 128 + the signal); and the
//! checkpoints' folder (`--checkpoint DIR`, `--resume DIR`), which stays.
//!
//! A folder's files are written by appending, its manifest by writing a temporary file,
//! flushing it to the disk and renaming it over the old one. `--spill-limit` bounds the bytes
//! the spill holds; past it, or on a full disk, a write fails and the count stops, saying how
//! far it got.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, Once, OnceLock};

use knights_tour_engine::count::keep::Store;

use crate::cli::report;

/// A folder of files for the engine.
pub struct Folder {
    path: PathBuf,
    /// Made on the first write, as `made` says: the spill's folder is made only if a count
    /// needs it.
    made: OnceLock<io::Result<()>>,
    /// Bytes held, and the most allowed.
    held: AtomicU64,
    limit: Option<u64>,
    /// Said on standard error when the folder is made.
    announce: Option<String>,
    /// Manifests written, and how many end the process (`--stop-after-checkpoints`).
    manifests: AtomicU64,
    stop_after: Option<u64>,
}

impl Folder {
    /// The folder `path`, which must exist or will be made on the first write.
    fn new(path: PathBuf) -> Self {
        Self {
            path,
            made: OnceLock::new(),
            held: AtomicU64::new(0),
            limit: None,
            announce: None,
            manifests: AtomicU64::new(0),
            stop_after: None,
        }
    }

    /// The checkpoints' folder `path`, ending the process after `stop_after` manifests.
    pub fn checkpoints(path: &Path, stop_after: Option<u64>) -> Self {
        Self {
            stop_after,
            ..Self::new(path.to_owned())
        }
    }

    /// A folder to read a checkpoint from.
    pub fn resumed(path: &Path) -> Self {
        let folder = Self::new(path.to_owned());
        let _ = folder.made.set(Ok(()));
        folder
    }

    fn file(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }

    fn make(&self) -> io::Result<()> {
        let made = self.made.get_or_init(|| {
            fs::create_dir_all(&self.path)?;
            if let Some(line) = &self.announce {
                report(format_args!("{line}"));
            }
            Ok(())
        });
        made.as_ref().map(|_| ()).map_err(|error| {
            io::Error::new(
                error.kind(),
                format!("making {}: {error}", self.path.display()),
            )
        })
    }

    /// `error`, naming the file.
    fn named(&self, name: &str, error: io::Error) -> io::Error {
        io::Error::new(
            error.kind(),
            format!("{}: {error}", self.file(name).display()),
        )
    }
}

/// The store's work, each failure of which [`unless_ending`] looks at.
impl Folder {
    fn try_append(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        self.make()?;
        let held = self.held.fetch_add(bytes.len() as u64, Ordering::Relaxed) + bytes.len() as u64;
        if let Some(limit) = self.limit
            && held > limit
        {
            self.held.fetch_sub(bytes.len() as u64, Ordering::Relaxed);
            return Err(io::Error::new(
                io::ErrorKind::StorageFull,
                format!("the spill would pass its limit of {limit} bytes (--spill-limit)"),
            ));
        }
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.file(name))
            .map_err(|error| self.named(name, error))?;
        file.write_all(bytes)
            .map_err(|error| self.named(name, error))
    }

    fn try_open(&self, name: &str) -> io::Result<Box<dyn io::Read + Send + '_>> {
        let file = File::open(self.file(name))?;
        Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
    }

    fn try_replace(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        self.make()?;
        let temporary = self.file(&format!("{name}.new"));
        let mut file = File::create(&temporary).map_err(|error| self.named(name, error))?;
        file.write_all(bytes)
            .and_then(|()| file.sync_all())
            .map_err(|error| self.named(name, error))?;
        fs::rename(&temporary, self.file(name)).map_err(|error| self.named(name, error))?;
        // The rename itself reaches the disk with the folder's own sync.
        if let Ok(folder) = File::open(&self.path) {
            let _ = folder.sync_all();
        }
        let written = self.manifests.fetch_add(1, Ordering::Relaxed) + 1;
        if self.stop_after.is_some_and(|stop| written >= stop) {
            end_now(137);
        }
        Ok(())
    }

    fn try_remove(&self, name: &str) -> io::Result<()> {
        let path = self.file(name);
        let bytes = fs::metadata(&path).map_or(0, |metadata| metadata.len());
        match fs::remove_file(&path) {
            Ok(()) => {
                self.held.fetch_sub(
                    bytes.min(self.held.load(Ordering::Relaxed)),
                    Ordering::Relaxed,
                );
                Ok(())
            }
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(error) => Err(self.named(name, error)),
        }
    }

    fn try_names(&self) -> io::Result<Vec<String>> {
        let mut names = Vec::new();
        for entry in fs::read_dir(&self.path)? {
            if let Some(name) = entry?.file_name().to_str()
                && !name.ends_with(".new")
            {
                names.push(name.to_owned());
            }
        }
        Ok(names)
    }
}

impl Store for Folder {
    fn append(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        unless_ending(self.try_append(name, bytes))
    }

    fn open(&self, name: &str) -> io::Result<Box<dyn io::Read + Send + '_>> {
        unless_ending(self.try_open(name))
    }

    fn replace(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        unless_ending(self.try_replace(name, bytes))
    }

    fn remove(&self, name: &str) -> io::Result<()> {
        unless_ending(self.try_remove(name))
    }

    fn names(&self) -> io::Result<Vec<String>> {
        unless_ending(self.try_names())
    }

    fn describe(&self) -> String {
        self.path.display().to_string()
    }
}

/// The spill's folder, removed when it is dropped or the process is ended by a signal.
pub struct Spill {
    folder: Folder,
}

/// The spill folder a signal removes before the process ends.
static SPILLED: Mutex<Option<PathBuf>> = Mutex::new(None);

impl Spill {
    /// A folder of this process's own in `parent` (or the system's temporary folder), made
    /// once the count writes to it, holding at most `limit` bytes.
    pub fn new(parent: Option<&Path>, limit: Option<u64>) -> Self {
        let parent = parent.map_or_else(std::env::temp_dir, Path::to_owned);
        let path = parent.join(format!("knights-tour-spill-{}", std::process::id()));
        let announce = format!(
            "knights-tour: the frontier outgrew the memory cap; writing it to {} until the \
             count ends (--spill DIR chooses where, --no-spill refuses such a count)",
            path.display()
        );
        *SPILLED
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(path.clone());
        listen_for_signals();
        Self {
            folder: Folder {
                limit,
                announce: Some(announce),
                ..Folder::new(path)
            },
        }
    }

    pub fn store(&self) -> &dyn Store {
        &self.folder
    }
}

impl Drop for Spill {
    fn drop(&mut self) {
        remove_spill();
    }
}

/// Removes the spill folder, if there is one.
fn remove_spill() {
    let taken = SPILLED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .take();
    if let Some(path) = taken {
        // Moved aside first, so that no thread still counting can make a file in it while
        // it is being removed: a write after the move finds no folder.
        let aside = path.with_extension("removing");
        let gone = if fs::rename(&path, &aside).is_ok() {
            aside
        } else {
            path
        };
        for _ in 0..3 {
            if fs::remove_dir_all(&gone).is_ok() || !gone.exists() {
                break;
            }
        }
    }
}

/// Set once [`end_now`] is ending the process: a store that fails then (its folder is being
/// removed) waits for the end instead of saying why it failed.
static ENDING: AtomicBool = AtomicBool::new(false);

/// `result`, unless it failed while the process is ending: then this thread waits for the end,
/// so that a write into the folder being removed is not reported as the count's failure.
fn unless_ending<T>(result: io::Result<T>) -> io::Result<T> {
    if result.is_err() && ENDING.load(Ordering::SeqCst) {
        loop {
            std::thread::park();
        }
    }
    result
}

/// Ends the process with `status`, the spill folder removed first: a signal, the last
/// checkpoint `--stop-after-checkpoints` asks for, or a cluster's watch.
pub(super) fn end_now(status: i32) -> ! {
    ENDING.store(true, Ordering::SeqCst);
    remove_spill();
    std::process::exit(status);
}

/// Listens, on a thread of its own, for the signals that end a process, and ends it with the
/// spill folder removed; returns once the thread listens.
///
/// It returns only once the thread has taken memory, since glibc's malloc then reserves an
/// arena for it (64 MiB of address space): started before a count measures the room left
/// under `ulimit -v`, the count's cap leaves that room out. Started later, the arena took the
/// room the cap had counted on, and an allocation the cap does not charge aborted the process.
pub fn listen_for_signals() {
    static LISTENING: Once = Once::new();
    LISTENING.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        let (listening, listens) = std::sync::mpsc::sync_channel(1);
        let started = std::thread::Builder::new()
            .name("signals".to_owned())
            .spawn(move || {
                std::hint::black_box(Box::new(0u64));
                let _ = listening.send(());
                if let Some(signal) = signals.forever().next() {
                    end_now(128 + signal);
                }
            });
        if started.is_ok() {
            let _ = listens.recv();
        }
    });
}
