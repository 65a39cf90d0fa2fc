//! The bytes of a frontier kept in a [`Store`]: a file is a run of chunks, each a header (its
//! states, its length and a check of its bytes) and its states, a key in [`Key::BYTES`] bytes
//! and a count in as many bytes as it needs. A file's chunks, states, bytes and the checks of
//! its chunks in order ([`FileSum`]) are known to whoever wrote it; a reader ([`FileReader`])
//! checks every chunk and, at the end, the whole file against them, so a torn, altered or
//! reordered file is found, never read as states.

use std::io::{self, Read};

use super::key::{Key, mix};
use crate::count::keep::Store;
use crate::count::tally::Tally;

/// The bytes of a chunk's header: its states (u32), the length of its states' bytes (u32) and
/// its check (u64).
const HEADER: usize = 16;

/// The most bytes of states a chunk holds; a writer ends a chunk once it has passed
/// [`CHUNK_BYTES`].
pub(super) const CHUNK_BYTES: usize = 1 << 16;
const MOST_CHUNK_BYTES: usize = 2 * CHUNK_BYTES + (1 << 16);

/// What a file holds: its chunks, states and bytes, and the checks of its chunks folded in
/// order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct FileSum {
    pub(super) chunks: u64,
    pub(super) states: u64,
    pub(super) bytes: u64,
    pub(super) digest: u64,
}

impl FileSum {
    fn add(&mut self, states: u32, bytes: usize, check: u64) {
        self.chunks += 1;
        self.states += u64::from(states);
        self.bytes += (HEADER + bytes) as u64;
        self.digest = mix(self.digest ^ check).rotate_left(17) ^ self.chunks;
    }
}

/// A check of `bytes`: every bit of it depends on every byte.
pub(super) fn check(bytes: &[u8]) -> u64 {
    let mut sum = mix(bytes.len() as u64);
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        sum = mix(sum ^ u64::from_le_bytes(word.try_into().expect("8 bytes")));
    }
    let mut tail = [0u8; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    mix(sum ^ u64::from_le_bytes(tail) ^ 0x5EED)
}

/// Appends a state to a chunk's bytes.
pub(super) fn put<K: Key, T: Tally>(out: &mut Vec<u8>, key: K, count: &T) {
    key.write_le(out);
    let at = out.len();
    out.push(0);
    count.write_le(out);
    let length = out.len() - at - 1;
    if let Ok(short) = u8::try_from(length)
        && short < u8::MAX
    {
        out[at] = short;
    } else {
        // A long count: 255, then its length in four bytes.
        let digits = out.split_off(at + 1);
        out[at] = u8::MAX;
        out.extend_from_slice(&(length as u32).to_le_bytes());
        out.extend_from_slice(&digits);
    }
}

/// Appends the chunk of `states` states whose bytes are `payload` to `name`, and adds it to
/// `sum`.
pub(super) fn write_chunk(
    store: &dyn Store,
    name: &str,
    states: u32,
    payload: &[u8],
    sum: &mut FileSum,
) -> io::Result<()> {
    let check = check(payload) ^ u64::from(states);
    let mut bytes = Vec::with_capacity(HEADER + payload.len());
    bytes.extend_from_slice(&states.to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&check.to_le_bytes());
    bytes.extend_from_slice(payload);
    store.append(name, &bytes)?;
    sum.add(states, payload.len(), check);
    Ok(())
}

/// Why a file could not be read: the store failed, or the file is not what was written.
#[derive(Debug)]
pub(super) enum ReadError {
    Store(io::Error),
    Damaged(String),
}

/// A file's chunks, each checked as it is read, and the file checked against its sum at the
/// end.
pub(super) struct FileReader<'s> {
    name: String,
    reader: Box<dyn Read + Send + 's>,
    expected: FileSum,
    seen: FileSum,
    payload: Vec<u8>,
}

impl<'s> FileReader<'s> {
    pub(super) fn open(
        store: &'s dyn Store,
        name: &str,
        expected: FileSum,
    ) -> Result<Self, ReadError> {
        let reader = store.open(name).map_err(ReadError::Store)?;
        Ok(Self {
            name: name.to_owned(),
            reader,
            expected,
            seen: FileSum::default(),
            payload: Vec::new(),
        })
    }

    fn damaged(&self, what: &str) -> ReadError {
        ReadError::Damaged(format!(
            "{} is damaged: {what} (chunk {})",
            self.name,
            self.seen.chunks + 1
        ))
    }

    /// The next chunk's states and bytes, or `None` after the last, once the file has been
    /// found whole.
    pub(super) fn next_chunk(&mut self) -> Result<Option<(u32, &[u8])>, ReadError> {
        let mut header = [0u8; HEADER];
        let got = read_full(&mut self.reader, &mut header).map_err(ReadError::Store)?;
        if got == 0 {
            if self.seen != self.expected {
                return Err(self.damaged("it ends early, or holds other chunks than were written"));
            }
            return Ok(None);
        }
        if got < HEADER {
            return Err(self.damaged("a chunk's header is cut short"));
        }
        let states = u32::from_le_bytes(header[..4].try_into().expect("4 bytes"));
        let length = u32::from_le_bytes(header[4..8].try_into().expect("4 bytes")) as usize;
        let check = u64::from_le_bytes(header[8..].try_into().expect("8 bytes"));
        if length > MOST_CHUNK_BYTES || self.seen.chunks >= self.expected.chunks {
            return Err(self.damaged("a chunk that was never written"));
        }
        self.payload.clear();
        self.payload.resize(length, 0);
        let got = read_full(&mut self.reader, &mut self.payload).map_err(ReadError::Store)?;
        if got < length {
            return Err(self.damaged("a chunk is cut short"));
        }
        if super::chunk::check(&self.payload) ^ u64::from(states) != check {
            return Err(self.damaged("a chunk's bytes fail their check"));
        }
        self.seen.add(states, length, check);
        Ok(Some((states, &self.payload)))
    }

    /// Calls `each` with every state of the file, chunk by chunk, and with `None` after each
    /// chunk.
    pub(super) fn for_each<K: Key, T: Tally, E>(
        &mut self,
        mut each: impl FnMut(Option<(K, T)>) -> Result<(), E>,
    ) -> Result<(), Result<E, ReadError>> {
        while let Some((states, bytes)) = self.next_chunk().map_err(Err)? {
            let mut rest = bytes;
            for _ in 0..states {
                let Some((key, count, after)) = take::<K, T>(rest) else {
                    let damaged = ReadError::Damaged(format!(
                        "{} holds a state that does not read back",
                        self.name
                    ));
                    return Err(Err(damaged));
                };
                rest = after;
                each(Some((key, count))).map_err(Ok)?;
            }
            if !rest.is_empty() {
                let damaged =
                    ReadError::Damaged(format!("{} holds bytes after its states", self.name));
                return Err(Err(damaged));
            }
            each(None).map_err(Ok)?;
        }
        Ok(())
    }
}

/// The state at the start of `bytes`, and the bytes after it.
fn take<K: Key, T: Tally>(bytes: &[u8]) -> Option<(K, T, &[u8])> {
    let key = K::read_le(bytes.get(..K::BYTES)?);
    let rest = &bytes[K::BYTES..];
    let (&short, rest) = rest.split_first()?;
    let (length, rest) = if short < u8::MAX {
        (usize::from(short), rest)
    } else {
        let length = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        (length, &rest[4..])
    };
    let count = T::read_le(rest.get(..length)?)?;
    Some((key, count, &rest[length..]))
}

/// Reads until `buffer` is full or the reader ends: the bytes read.
fn read_full(reader: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buffer.len() {
        match reader.read(&mut buffer[got..]) {
            Ok(0) => break,
            Ok(read) => got += read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(got)
}
