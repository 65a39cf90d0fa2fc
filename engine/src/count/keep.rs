//! Where a frontier count keeps what is not in its memory: the partitions of a frontier that
//! outgrew its memory cap (a spill), and the finished frontiers it may carry on from after the
//! process is lost (checkpoints). The engine knows no files: the caller gives a [`Store`], a
//! set of named byte files it keeps (the command line keeps them in a folder), and the engine
//! checks every byte it reads back.
//!
//! Every file the count writes is a run of chunks, each with its length, its number of states
//! and a check of its bytes; the count knows how many chunks and states each file holds and
//! checks that too, so a torn or altered file stops the count (`CountError::Store`), never
//! makes a wrong count. A checkpoint is a folder's files of one frontier and a manifest that
//! names them with their checks, the question (board, piece, holes, ends, open or closed), the
//! engine's version and the caller's own words ([`Keeping::context`]: the program's version
//! and the shape of a cluster). The manifest is replaced whole ([`Store::replace`]), so a
//! checkpoint is the last one or the one before, never a mix.
//!
//! A count spread over processes (`dataflow`) can keep its share the same way: each process
//! with a store and a context that names its place in the cluster.

use std::fmt;
use std::io;
use std::time::Duration;

/// A set of named files the caller keeps for a count. Names are ASCII letters, digits and
/// dashes. The store may refuse a write (a full disk, a limit of its own): the count then
/// stops, saying how far it got.
pub trait Store: Sync {
    /// Appends `bytes` to the file `name`, made if there is none.
    fn append(&self, name: &str, bytes: &[u8]) -> io::Result<()>;
    /// The bytes of `name`, from the first.
    fn open(&self, name: &str) -> io::Result<Box<dyn io::Read + Send + '_>>;
    /// Makes `bytes` the file `name` at once: a reader finds the old file or the new one,
    /// never part of either.
    fn replace(&self, name: &str, bytes: &[u8]) -> io::Result<()>;
    /// Removes `name`; a name not there is no error.
    fn remove(&self, name: &str) -> io::Result<()>;
    /// The names of the files held.
    fn names(&self) -> io::Result<Vec<String>>;
    /// How the store is named in messages (a folder's path).
    fn describe(&self) -> String;
}

/// How a count keeps what is not in its memory. [`Keeping::default`] keeps nothing: a frontier
/// that outgrows the memory cap stops the count.
#[derive(Clone, Copy, Default)]
pub struct Keeping<'a> {
    /// Where a frontier that outgrows the memory cap is written, in partitions by its states'
    /// hashes, to be read back a partition at a time.
    pub spill: Option<&'a dyn Store>,
    /// Where finished frontiers are written, and how often.
    pub checkpoint: Option<Checkpoints<'a>>,
    /// A checkpoint to carry on from.
    pub resume: Option<&'a dyn Store>,
    /// What a checkpoint must match besides the question and the engine: the program's
    /// version, the shape of a cluster.
    pub context: &'a str,
}

/// Where and how often a count writes its checkpoints.
#[derive(Clone, Copy)]
pub struct Checkpoints<'a> {
    /// The store.
    pub store: &'a dyn Store,
    /// The least time between two checkpoints: a frontier finished this long after the last
    /// checkpoint (or the start) is written; zero writes every frontier.
    pub every: Duration,
}

impl fmt::Debug for Keeping<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |store: Option<&dyn Store>| store.map(|store| store.describe());
        f.debug_struct("Keeping")
            .field("spill", &name(self.spill))
            .field(
                "checkpoint",
                &name(self.checkpoint.map(|every| every.store)),
            )
            .field("resume", &name(self.resume))
            .field("context", &self.context)
            .finish()
    }
}
