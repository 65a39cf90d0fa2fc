//! A finished frontier written to a store, and read back to carry the count on
//! ([`crate::count::keep`]).
//!
//! A checkpoint is the frontier's files (`checkpoint-SQUARES-PART`, chunks as a spill's) and a
//! manifest, one line a field: the question, the engine, the caller's context, the squares
//! taken, the tours closed, the states, each file's chunks, states, bytes and digest, and last
//! a check of every line above. The manifest is replaced whole once the files are written, and
//! the files of older checkpoints are removed after it, so a lost process leaves the last
//! checkpoint whole. Read back, the manifest is checked line by line against this count, and
//! every file chunk by chunk, before a state is taken from it.

use num_bigint::BigUint;

use super::chunk::{FileReader, FileSum, check, write_chunk};
use super::key::Key;
use super::layer::{Layer, StepStop};
use super::spill::{ChunkBuffer, Spilled, read_failed, store_failed, top_bits};
use super::store::Budget;
use crate::count::keep::Store;
use crate::count::tally::Tally;

/// The manifest's name.
const MANIFEST: &str = "manifest";
/// The first line of a manifest.
const TITLE: &str = "knights-tour frontier checkpoint";
/// The engine's version and the form of its states: a checkpoint of another is refused.
const ENGINE: &str = concat!(
    "knights-tour-engine ",
    env!("CARGO_PKG_VERSION"),
    ", states in chunks 1"
);
/// The most files a frontier held in memory is written in.
const MOST_FILES: usize = 16;

/// What a checkpoint says of its count, besides its states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Header {
    /// The question: board, tours, piece, ends and holes.
    pub(super) question: String,
    /// The caller's words: the program's version, the shape of a cluster.
    pub(super) context: String,
    pub(super) done: usize,
    pub(super) squares: usize,
    /// The type of the counts: `u64`, `u128` or `big`.
    pub(super) tally: String,
    pub(super) tours: BigUint,
    pub(super) states: u64,
    pub(super) peak_states: u64,
    pub(super) sum: u128,
}

/// Writes `layer`, the frontier after `header.done` squares, to `store` as the checkpoint,
/// then removes the older ones.
pub(super) fn write<'b, K: Key, T: Tally>(
    store: &'b dyn Store,
    header: &Header,
    layer: &Layer<'b, K, T>,
    budget: &'b Budget,
) -> Result<(), StepStop> {
    let name = format!("checkpoint-{:06}", header.done);
    let files = match &layer.spilled {
        Some(spilled) => copy(store, &name, spilled)?,
        None => write_held(store, &name, layer, budget)?,
    };
    let manifest = manifest(header, &name, &files);
    store
        .replace(MANIFEST, manifest.as_bytes())
        .map_err(|error| store_failed("writing", MANIFEST, &error))?;
    let names = store
        .names()
        .map_err(|error| store_failed("listing", &store.describe(), &error))?;
    let ours = format!("{name}-");
    for old in names {
        if old.starts_with("checkpoint-") && !old.starts_with(&ours) {
            store
                .remove(&old)
                .map_err(|error| store_failed("removing", &old, &error))?;
        }
    }
    Ok(())
}

/// Writes the states of a frontier in memory as `name`'s files: a sixteenth of the states
/// each, by the top bits of their hashes, or one file for a small frontier.
fn write_held<'b, K: Key, T: Tally>(
    store: &dyn Store,
    name: &str,
    layer: &Layer<'b, K, T>,
    budget: &'b Budget,
) -> Result<Vec<FileSum>, StepStop> {
    let count = if layer.states < 1 << 16 {
        1
    } else {
        MOST_FILES
    };
    let bits = count.trailing_zeros();
    let mut buffers = Vec::with_capacity(count);
    for _ in 0..count {
        buffers.push(ChunkBuffer::new(budget)?);
    }
    let mut files = vec![FileSum::default(); count];
    let names: Vec<String> = (0..count).map(|part| format!("{name}-{part:04}")).collect();
    for part in &layer.parts {
        for (key, count) in part.iter() {
            let file = top_bits(*key, bits);
            buffers[file].put(*key, count);
            if buffers[file].is_full() {
                buffers[file].write(store, &names[file], &mut files[file])?;
            }
        }
    }
    for (file, buffer) in buffers.iter_mut().enumerate() {
        buffer.write(store, &names[file], &mut files[file])?;
        if files[file].chunks == 0 {
            // An empty file, so that every file the manifest names is there.
            store
                .append(&names[file], &[])
                .map_err(|error| store_failed("writing", &names[file], &error))?;
        }
    }
    Ok(files)
}

/// Copies a spilled frontier's files as `name`'s, each chunk checked as it is read.
fn copy(store: &dyn Store, name: &str, spilled: &Spilled<'_>) -> Result<Vec<FileSum>, StepStop> {
    let mut files = Vec::with_capacity(spilled.files.len());
    for (part, &sum) in spilled.files.iter().enumerate() {
        let from = spilled.file_name(part);
        let to = format!("{name}-{part:04}");
        let mut reader = FileReader::open(spilled.store, &from, sum)
            .map_err(|error| read_failed(&from, error))?;
        let mut written = FileSum::default();
        store
            .append(&to, &[])
            .map_err(|error| store_failed("writing", &to, &error))?;
        while let Some((states, bytes)) = reader
            .next_chunk()
            .map_err(|error| read_failed(&from, error))?
        {
            write_chunk(store, &to, states, bytes, &mut written)
                .map_err(|error| store_failed("writing", &to, &error))?;
        }
        files.push(written);
    }
    Ok(files)
}

/// The manifest's text.
fn manifest(header: &Header, name: &str, files: &[FileSum]) -> String {
    let mut text = format!(
        "{TITLE}\nquestion: {}\nengine: {ENGINE}\ncontext: {}\nsquares: {} of {}\ntally: {}\n\
         tours: {}\nstates: {} peak {}\nsum: {}\nname: {name}\nfiles: {}\n",
        header.question,
        header.context,
        header.done,
        header.squares,
        header.tally,
        header.tours,
        header.states,
        header.peak_states,
        header.sum,
        files.len()
    );
    for file in files {
        text.push_str(&format!(
            "file: {} {} {} {:016x}\n",
            file.chunks, file.states, file.bytes, file.digest
        ));
    }
    let sum = check(text.as_bytes());
    text.push_str(&format!("check: {sum:016x}\n"));
    text
}

/// A checkpoint read back: its header and its frontier, in the store, not the count's own.
pub(super) struct Resumed<'b> {
    pub(super) header: Header,
    pub(super) spilled: Spilled<'b>,
}

/// The most bytes a manifest takes: its lines and a line for each of the most files.
const MOST_MANIFEST_BYTES: u64 = 1 << 20;

/// The checkpoint in `store`, checked against `question` and `context` and read through; or
/// why it is refused.
pub(super) fn read<'b>(
    store: &'b dyn Store,
    question: &str,
    context: &str,
) -> Result<Resumed<'b>, String> {
    let mut text = String::new();
    let reader = store.open(MANIFEST).map_err(|error| {
        if error.kind() == std::io::ErrorKind::NotFound {
            "there is no checkpoint (no manifest)".to_owned()
        } else {
            format!("reading its manifest: {error}")
        }
    })?;
    std::io::Read::read_to_string(
        &mut std::io::Read::take(reader, MOST_MANIFEST_BYTES),
        &mut text,
    )
    .map_err(|_| "its manifest is damaged: not text".to_owned())?;
    let (header, name, files) = parse(&text).ok_or("its manifest is damaged")?;
    for (what, theirs, ours) in [
        ("question", &header.header.question[..], question),
        ("engine", &header.engine[..], ENGINE),
        ("context", &header.header.context[..], context),
    ] {
        if theirs != ours {
            return Err(format!(
                "it is of another {what}: {theirs:?}, and this count's is {ours:?}"
            ));
        }
    }
    let spilled = Spilled {
        store,
        name,
        owned: false,
        files,
        removed: 0,
    };
    for (part, &sum) in spilled.files.iter().enumerate() {
        let name = spilled.file_name(part);
        let mut reader = FileReader::open(store, &name, sum).map_err(|error| {
            let StepStop::Store(message) = read_failed(&name, error) else {
                unreachable!("a read fails in its store");
            };
            message
        })?;
        loop {
            match reader.next_chunk() {
                Ok(Some(_)) => {}
                Ok(None) => break,
                Err(error) => {
                    let StepStop::Store(message) = read_failed(&name, error) else {
                        unreachable!("a read fails in its store");
                    };
                    return Err(message);
                }
            }
        }
    }
    Ok(Resumed {
        header: header.header,
        spilled,
    })
}

/// A manifest's fields, with the engine line apart.
struct Parsed {
    header: Header,
    engine: String,
}

/// The manifest's fields, or `None` if a line is missing, out of place or fails the check.
fn parse(text: &str) -> Option<(Parsed, String, Vec<FileSum>)> {
    let at = text.rfind("check: ")?;
    let (body, last) = text.split_at(at);
    let sum = u64::from_str_radix(last.strip_prefix("check: ")?.strip_suffix('\n')?, 16).ok()?;
    if check(body.as_bytes()) != sum {
        return None;
    }
    let mut lines = body.lines();
    if lines.next()? != TITLE {
        return None;
    }
    let mut field = |name: &str| -> Option<String> {
        Some(
            lines
                .next()?
                .strip_prefix(name)?
                .strip_prefix(": ")?
                .to_owned(),
        )
    };
    let question = field("question")?;
    let engine = field("engine")?;
    let context = field("context")?;
    let squares = field("squares")?;
    let (done, of) = squares.split_once(" of ")?;
    let tally = field("tally")?;
    let tours = field("tours")?.parse().ok()?;
    let states = field("states")?;
    let (states, peak) = states.split_once(" peak ")?;
    let sum = field("sum")?.parse().ok()?;
    let name = field("name")?;
    let count: usize = field("files")?.parse().ok()?;
    if !count.is_power_of_two() || count > 1 << 16 || !name.starts_with("checkpoint-") {
        return None;
    }
    let mut files = Vec::with_capacity(count);
    for _ in 0..count {
        let line = field("file")?;
        let numbers: Vec<&str> = line.split(' ').collect();
        let [chunks, states, bytes, digest] = numbers[..] else {
            return None;
        };
        files.push(FileSum {
            chunks: chunks.parse().ok()?,
            states: states.parse().ok()?,
            bytes: bytes.parse().ok()?,
            digest: u64::from_str_radix(digest, 16).ok()?,
        });
    }
    if lines.next().is_some() || !["u64", "u128", "big"].contains(&&tally[..]) {
        return None;
    }
    let header = Header {
        question,
        context,
        done: done.parse().ok()?,
        squares: of.parse().ok()?,
        tally,
        tours,
        states: states.parse().ok()?,
        peak_states: peak.parse().ok()?,
        sum,
    };
    Some((Parsed { header, engine }, name, files))
}
