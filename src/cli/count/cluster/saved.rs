//! A cluster count's checkpoints (`--checkpoint DIR`, `--resume DIR`): each worker writes the
//! states it owns of a finished frontier to a file of its own in its process's folder, and a
//! seal beside it, so that a cluster restarted after a lost process carries on from the
//! newest frontier every worker holds (`rounds` agrees on which).
//!
//! A worker's files are named by its index in the cluster, the squares done and the type of
//! its counts: `worker-3-square-000040-u64.states` and `….seal`. The states file holds each
//! state's word and count, little-endian. The seal says, a line each, what count this is
//! (the program's version, the question, the cluster's shape), the worker, where the count
//! stood, a MAC of the states file, and last a MAC of the lines above. Both MACs are
//! HMAC-SHA256 under a key derived from the cluster's key: a torn or altered file, a seal
//! forged without the key, or a checkpoint of another count is refused, never counted from.
//! The seal is written after the states file has reached the disk, and replaced by a rename,
//! so a process lost while writing leaves no seal for what it did not finish.

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use ring::hmac;

use super::budget::{Budget, Trouble};
use super::held::Held;
use super::number::Fixed;

/// The first line of a seal.
const TITLE: &str = "knights-tour cluster checkpoint";

/// Bytes read or written at a time.
const BLOCK: usize = 1 << 20;

/// Where this process's workers keep their checkpoints, and what the count is.
pub(super) struct Saving {
    folder: PathBuf,
    /// The least time between two checkpoints.
    pub(super) every: Duration,
    /// Whether to carry on from the newest checkpoint every worker holds.
    pub(super) resume: bool,
    key: hmac::Key,
    /// The program's version, the question and the cluster's shape, on one line.
    context: String,
}

/// Where the count stood when a checkpoint was written: the same for every worker but
/// `states`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Mark {
    /// Squares done.
    pub(super) done: usize,
    /// The states this worker holds.
    pub(super) states: u64,
    /// The states of the whole frontier.
    pub(super) frontier: u64,
    /// The most states a frontier has held.
    pub(super) peak_states: u64,
    /// The states stepped so far.
    pub(super) stepped: u64,
}

impl Mark {
    /// The count before its first square.
    pub(super) const START: Mark = Mark {
        done: 0,
        states: 0,
        frontier: 1,
        peak_states: 1,
        stepped: 0,
    };
}

/// A seal, read and checked.
struct Seal {
    mark: Mark,
    /// The MAC of the states file.
    file_mac: Vec<u8>,
}

impl Saving {
    /// Checkpoints in `folder`, sealed with `key`, for the count `context` names.
    pub(super) fn new(
        folder: &Path,
        every: Duration,
        resume: bool,
        key: hmac::Key,
        context: String,
    ) -> Self {
        Self {
            folder: folder.to_owned(),
            every,
            resume,
            key,
            context: context.replace('\n', " "),
        }
    }

    /// The folder, as messages name it.
    pub(super) fn folder(&self) -> String {
        self.folder.display().to_string()
    }

    fn stem<C: Fixed>(worker: usize, done: usize) -> String {
        format!("worker-{worker}-square-{done:06}-{}", C::NAME)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.folder.join(name)
    }

    /// The seal's lines before its own MAC.
    fn seal_text<W: Fixed, C: Fixed>(&self, worker: usize, mark: &Mark, file_mac: &[u8]) -> String {
        format!(
            "{TITLE}\ncount {}\nworker {worker}\nword {} count {}\ndone {}\nstates {}\n\
             frontier {}\npeak {}\nstepped {}\nfile {}\n",
            self.context,
            W::NAME,
            C::NAME,
            mark.done,
            mark.states,
            mark.frontier,
            mark.peak_states,
            mark.stepped,
            hex(file_mac)
        )
    }

    /// Writes the states `held` owns after `mark.done` squares, then its seal.
    pub(super) fn write<W: Fixed, C: Fixed>(
        &self,
        worker: usize,
        mark: &Mark,
        held: &Held<W, C>,
    ) -> Result<(), String> {
        let stem = Self::stem::<C>(worker, mark.done);
        let states = self.path(&format!("{stem}.states"));
        let failed = |path: &Path, error: io::Error| format!("writing {}: {error}", path.display());
        fs::create_dir_all(&self.folder).map_err(|error| failed(&self.folder, error))?;
        let file = File::create(&states).map_err(|error| failed(&states, error))?;
        let mut out = BufWriter::with_capacity(BLOCK, file);
        let mut mac = hmac::Context::with_key(&self.key);
        let mut block = Vec::with_capacity(BLOCK + W::BYTES + C::BYTES);
        let mut written = Ok(());
        let read = held.for_each(|word, count| {
            word.put(&mut block);
            count.put(&mut block);
            if block.len() >= BLOCK && written.is_ok() {
                mac.update(&block);
                written = out.write_all(&block);
                block.clear();
            }
        });
        if read.is_err() {
            return Err(format!(
                "reading this worker's states back from the spill to write {}",
                states.display()
            ));
        }
        written.map_err(|error| failed(&states, error))?;
        mac.update(&block);
        out.write_all(&block)
            .and_then(|()| out.into_inner().map_err(io::IntoInnerError::into_error))
            .and_then(|file| file.sync_all())
            .map_err(|error| failed(&states, error))?;
        let text = self.seal_text::<W, C>(worker, mark, mac.sign().as_ref());
        let sealed = hmac::sign(&self.key, text.as_bytes());
        let seal = self.path(&format!("{stem}.seal"));
        let fresh = self.path(&format!("{stem}.seal.new"));
        let mut file = File::create(&fresh).map_err(|error| failed(&fresh, error))?;
        file.write_all(format!("{text}mac {}\n", hex(sealed.as_ref())).as_bytes())
            .and_then(|()| file.sync_all())
            .and_then(|()| fs::rename(&fresh, &seal))
            .map_err(|error| failed(&seal, error))?;
        // The rename reaches the disk with the folder's own sync.
        if let Ok(folder) = File::open(&self.folder) {
            let _ = folder.sync_all();
        }
        Ok(())
    }

    /// The squares done of this worker's checkpoints in counts of type `C`, newest first,
    /// every seal checked; none if the folder is not there.
    pub(super) fn held<W: Fixed, C: Fixed>(&self, worker: usize) -> Result<Vec<usize>, String> {
        let mut held = Vec::new();
        for (done, name) in self.names::<C>(worker)? {
            if name.ends_with(".seal") {
                self.seal::<W, C>(worker, done)?;
                held.push(done);
            }
        }
        held.sort_unstable_by(|a, b| b.cmp(a));
        Ok(held)
    }

    /// This worker's files of counts of type `C`, each with its squares done.
    fn names<C: Fixed>(&self, worker: usize) -> Result<Vec<(usize, String)>, String> {
        let entries = match fs::read_dir(&self.folder) {
            Ok(entries) => entries,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(format!("reading {}: {error}", self.folder())),
        };
        let prefix = format!("worker-{worker}-square-");
        let suffix = format!("-{}", C::NAME);
        let mut names = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|error| format!("reading {}: {error}", self.folder()))?;
            let Some(name) = entry.file_name().to_str().map(str::to_owned) else {
                continue;
            };
            let Some(rest) = name.strip_prefix(&prefix) else {
                continue;
            };
            let stem = rest.split('.').next().unwrap_or("");
            if let Some(done) = stem.strip_suffix(&suffix)
                && let Ok(done) = done.parse::<usize>()
            {
                names.push((done, name));
            }
        }
        Ok(names)
    }

    /// Reads and checks the seal of this worker's checkpoint after `done` squares.
    fn seal<W: Fixed, C: Fixed>(&self, worker: usize, done: usize) -> Result<Seal, String> {
        let path = self.path(&format!("{}.seal", Self::stem::<C>(worker, done)));
        let shown = path.display();
        let mut text = String::new();
        File::open(&path)
            .and_then(|file| file.take(1 << 16).read_to_string(&mut text))
            .map_err(|error| format!("reading {shown}: {error}"))?;
        let refused = |why: &str| format!("the checkpoint {shown} is refused: {why}");
        let (lines, mac) = text
            .strip_suffix('\n')
            .and_then(|text| text.rsplit_once('\n'))
            .ok_or_else(|| refused("it is torn"))?;
        let mac = mac
            .strip_prefix("mac ")
            .and_then(unhex)
            .ok_or_else(|| refused("it is torn"))?;
        let lines = format!("{lines}\n");
        hmac::verify(&self.key, lines.as_bytes(), &mac).map_err(|_| {
            refused("its check fails under this cluster's key: torn, altered, or another key's")
        })?;
        let field = |name: &str| {
            lines
                .lines()
                .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
                .ok_or_else(|| refused(&format!("it has no {name}")))
        };
        let number = |name: &str| {
            field(name)?
                .parse::<u64>()
                .map_err(|_| refused(&format!("its {name} is no number")))
        };
        let count = field("count")?;
        if count != self.context {
            return Err(refused(&format!(
                "it is a checkpoint of another count: {count}"
            )));
        }
        let mark = Mark {
            done: number("done")? as usize,
            states: number("states")?,
            frontier: number("frontier")?,
            peak_states: number("peak")?,
            stepped: number("stepped")?,
        };
        let file_mac = unhex(field("file")?).ok_or_else(|| refused("its file's check is torn"))?;
        let expected = self.seal_text::<W, C>(worker, &mark, &file_mac);
        if expected != lines {
            return Err(refused("it is another worker's, or of other numbers"));
        }
        Ok(Seal { mark, file_mac })
    }

    /// This worker's states after `done` squares, read within `budget` and checked, and
    /// where the count stood.
    pub(super) fn read<W: Fixed, C: Fixed>(
        &self,
        worker: usize,
        done: usize,
        budget: Arc<Budget>,
    ) -> Result<(Held<W, C>, Mark), String> {
        let seal = self.seal::<W, C>(worker, done)?;
        let path = self.path(&format!("{}.states", Self::stem::<C>(worker, done)));
        let shown = path.display();
        let torn = || format!("the checkpoint {shown} is refused: torn or altered");
        let record = W::BYTES + C::BYTES;
        let file = File::open(&path).map_err(|error| format!("reading {shown}: {error}"))?;
        let length = file
            .metadata()
            .map_err(|error| format!("reading {shown}: {error}"))?
            .len();
        if seal.mark.states.checked_mul(record as u64) != Some(length) {
            return Err(torn());
        }
        let states = usize::try_from(seal.mark.states).map_err(|_| torn())?;
        let mut held = Held::with_room(budget, states).map_err(|trouble| match trouble {
            Trouble::Memory { wanted } => format!(
                "reading {shown}: its states need {wanted} bytes, past this process's memory \
                 cap (KNIGHTS_TOUR_MEMORY)"
            ),
            Trouble::Overflow | Trouble::Disk | Trouble::Malformed => torn(),
        })?;
        let mut input = BufReader::with_capacity(BLOCK, file);
        let mut mac = hmac::Context::with_key(&self.key);
        let mut block = vec![0; BLOCK / record * record];
        let mut left = length as usize;
        while left > 0 {
            let take = left.min(block.len());
            input
                .read_exact(&mut block[..take])
                .map_err(|error| format!("reading {shown}: {error}"))?;
            mac.update(&block[..take]);
            for state in block[..take].chunks_exact(record) {
                let (word, count) = state.split_at(W::BYTES);
                if !held.push(W::get(word), C::get(count)) {
                    return Err(torn());
                }
            }
            left -= take;
        }
        if !same(mac.sign().as_ref(), &seal.file_mac) {
            return Err(torn());
        }
        Ok((held, seal.mark))
    }

    /// Removes this worker's checkpoints of counts of type `C` but the one after `keep`
    /// squares (none if `keep` is 0).
    pub(super) fn remove_others<C: Fixed>(&self, worker: usize, keep: usize) -> Result<(), String> {
        for (done, name) in self.names::<C>(worker)? {
            if done != keep {
                let path = self.path(&name);
                match fs::remove_file(&path) {
                    Err(error) if error.kind() != io::ErrorKind::NotFound => {
                        return Err(format!("removing {}: {error}", path.display()));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

/// Whether two MACs are the same, looking at every byte whatever the first difference.
fn same(ours: &[u8], theirs: &[u8]) -> bool {
    ours.len() == theirs.len()
        && ours
            .iter()
            .zip(theirs)
            .fold(0, |diff, (a, b)| diff | (a ^ b))
            == 0
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&text[at..at + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn saving(folder: &Path, key: &[u8], context: &str) -> Saving {
        let key = hmac::Key::new(hmac::HMAC_SHA256, key);
        Saving::new(folder, Duration::ZERO, true, key, context.to_owned())
    }

    fn frontier(states: &[(u64, u64)]) -> Held<u64, u64> {
        let budget = Arc::new(Budget::new(u64::MAX));
        let mut held = Held::with_room(budget, states.len()).unwrap();
        for &(word, count) in states {
            assert!(held.push(word, count));
        }
        held
    }

    fn mark(states: u64) -> Mark {
        Mark {
            done: 7,
            states,
            frontier: 3 * states,
            peak_states: 40,
            stepped: 90,
        }
    }

    fn read_back(saving: &Saving, worker: usize) -> Result<Vec<(u64, u64)>, String> {
        let budget = Arc::new(Budget::new(u64::MAX));
        let (held, mark) = saving.read::<u64, u64>(worker, 7, budget)?;
        assert_eq!(mark, self::mark(held.states()));
        let mut states = Vec::new();
        held.for_each(|word, count| states.push((word, count)))
            .unwrap();
        Ok(states)
    }

    fn folder(name: &str) -> PathBuf {
        let folder =
            std::env::temp_dir().join(format!("knights-tour-saved-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&folder);
        folder
    }

    #[test]
    fn a_checkpoint_reads_back_as_written_and_only_as_written() {
        let folder = folder("back");
        let states: Vec<(u64, u64)> = (0..100_000u64).map(|at| (at * 7919, at + 1)).collect();
        let ours = saving(&folder, b"sixteen byte key", "6x6 open tours; 2 processes");
        ours.write(3, &mark(states.len() as u64), &frontier(&states))
            .unwrap();
        assert_eq!(ours.held::<u64, u64>(3).unwrap(), vec![7]);
        assert_eq!(ours.held::<u64, u64>(2).unwrap(), Vec::<usize>::new());
        assert_eq!(read_back(&ours, 3).unwrap(), states);

        // Another key, another count, and the other numbers are refused.
        let other_key = saving(&folder, b"another key, too", "6x6 open tours; 2 processes");
        assert!(other_key.held::<u64, u64>(3).unwrap_err().contains("key"));
        let other_count = saving(&folder, b"sixteen byte key", "6x8 open tours; 2 processes");
        assert!(
            other_count
                .held::<u64, u64>(3)
                .unwrap_err()
                .contains("another count")
        );
        assert!(
            ours.held::<u128, u64>(3)
                .unwrap_err()
                .contains("other numbers")
        );

        // One byte of the states changed, or the file cut short, is refused.
        let states_file = folder.join("worker-3-square-000007-u64.states");
        let mut bytes = fs::read(&states_file).unwrap();
        bytes[12_345] ^= 1;
        fs::write(&states_file, &bytes).unwrap();
        assert!(read_back(&ours, 3).unwrap_err().contains("torn or altered"));
        fs::write(&states_file, &bytes[..bytes.len() - 16]).unwrap();
        assert!(read_back(&ours, 3).unwrap_err().contains("torn or altered"));

        // A seal's number changed without the key is refused.
        let seal_file = folder.join("worker-3-square-000007-u64.seal");
        let seal = fs::read_to_string(&seal_file).unwrap();
        fs::write(&seal_file, seal.replace("\npeak 40\n", "\npeak 41\n")).unwrap();
        assert!(
            ours.held::<u64, u64>(3)
                .unwrap_err()
                .contains("check fails")
        );

        ours.remove_others::<u64>(3, 0).unwrap();
        assert_eq!(fs::read_dir(&folder).unwrap().count(), 0);
        fs::remove_dir_all(&folder).unwrap();
    }
}
