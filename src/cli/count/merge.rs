//! `count --merge`: the sum of a count's shards, read from the files `count --shard K/N
//! --format json` wrote, one object a file. The shards must answer one question (the same
//! digest, board, kind, start, end, method and number of shards) and be there each exactly
//! once; a file that breaks either is named, with the field or the shard.
//!
//! A count can outgrow every JSON reader's numbers, so each object is read as its fields' raw
//! text (`serde_json::value::RawValue`): the count's digits become a big integer exactly, the
//! other fields are read as the small values they are.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;
use serde_json::value::RawValue;

use super::shard::Digest;
use super::{Counted, Part, kind};
use crate::cli::Failure;
use knights_tour_engine::board::Square;
use knights_tour_engine::count::{BigUint, CountMethod, Shard};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::notation::parse_size;
use knights_tour_engine::quote::{quoted, quoted_bytes};

/// The most bytes read of a shard's file: its object takes a few hundred.
const MOST_BYTES: u64 = 1 << 16;

/// The most missing shards a message lists.
const MISSING_LISTED: usize = 8;

/// One shard's count, read from its file.
struct ShardFile {
    name: String,
    counted: Counted,
    shard: Shard,
    digest: Digest,
}

/// A field of a shard's file, by its name and how to read its text.
type Field = (&'static str, fn(&ShardFile) -> String);

/// The fields the shards of one count share, in the order a mismatch is looked for (the
/// digest last: a different board is the clearer message), each as its text.
const SHARED: [Field; 7] = [
    ("board", |file| file.counted.board.to_string()),
    ("kind", |file| kind(file.counted.closed).to_string()),
    ("start", |file| square_text(file.counted.start)),
    ("end", |file| square_text(file.counted.end)),
    ("method", |file| file.counted.method.to_string()),
    ("shards", |file| file.shard.of.to_string()),
    ("digest", |file| file.digest.to_string()),
];

fn square_text(square: Option<Square>) -> String {
    square.map_or("none".to_string(), |square| square.to_string())
}

/// Adds up the shards in `paths`: every shard of one count, each once.
pub(super) fn merge(paths: &[PathBuf]) -> Result<Counted, Failure> {
    let files = paths
        .iter()
        .map(|path| read_shard(path))
        .collect::<Result<Vec<_>, _>>()?;
    let first = &files[0];
    for file in &files[1..] {
        if let Some((field, text)) = SHARED
            .iter()
            .find_map(|(field, text)| (text(file) != text(first)).then_some((field, text)))
        {
            return Err(Failure::bad_input(format!(
                "{} is a shard of another count than {}: its {field} is {}, not {}",
                file.name,
                first.name,
                text(file),
                text(first)
            )));
        }
    }
    let shards = first.shard.of;
    let mut held: BTreeMap<u32, &str> = BTreeMap::new();
    for file in &files {
        match held.entry(file.shard.index) {
            Entry::Vacant(slot) => {
                slot.insert(&file.name);
            }
            Entry::Occupied(other) => {
                return Err(Failure::bad_input(format!(
                    "shard {} is in both {} and {}: give each shard once",
                    file.shard,
                    other.get(),
                    file.name
                )));
            }
        }
    }
    if held.len() < shards as usize {
        return Err(missing(&held, first));
    }
    let mut sum = Counted {
        tours: BigUint::ZERO,
        part: Part::Merged {
            shards,
            digest: first.digest,
        },
        ..first.counted.clone()
    };
    for file in &files {
        sum.tours += &file.counted.tours;
        sum.peak_states = sum.peak_states.max(file.counted.peak_states);
        sum.peak_bytes = sum.peak_bytes.max(file.counted.peak_bytes);
    }
    Ok(sum)
}

/// The failure of a merge that lacks shards of the count `first` is a shard of, naming the
/// first few missing.
fn missing(held: &BTreeMap<u32, &str>, first: &ShardFile) -> Failure {
    let shards = first.shard.of;
    let absent = shards as usize - held.len();
    let listed: Vec<String> = (0..shards)
        .filter(|index| !held.contains_key(index))
        .take(MISSING_LISTED)
        .map(|index| index.to_string())
        .collect();
    let more = if absent > listed.len() { ", …" } else { "" };
    Failure::bad_input(format!(
        "{} is shard {} of {shards}, but {absent} of the {shards} shards are not given: {}{more}; \
         merge every shard of the count",
        first.name,
        first.shard.index,
        listed.join(", ")
    ))
}

/// Reads the shard in the file at `path`.
fn read_shard(path: &Path) -> Result<ShardFile, Failure> {
    let name = quoted_bytes(path.as_os_str().as_encoded_bytes()).to_string();
    let bad = |why: String| Failure::bad_input(format!("{name}: {why}"));
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| file.take(MOST_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|error| Failure::bad_input(format!("cannot read {name}: {error}")))?;
    if bytes.len() as u64 > MOST_BYTES {
        return Err(bad(format!(
            "not a shard of 'count --format json': longer than {MOST_BYTES} bytes"
        )));
    }
    let fields = serde_json::from_slice(&bytes).map_err(|error| {
        bad(format!(
            "not a shard of 'count --format json': not one JSON object ({error})"
        ))
    })?;
    Fields(fields).shard_file(name.clone()).map_err(bad)
}

/// The fields of one shard's object, each its raw JSON text.
struct Fields(BTreeMap<String, Box<RawValue>>);

impl Fields {
    /// The shard these fields describe, from the file `name`; a message for the first field
    /// missing or wrong.
    fn shard_file(&self, name: String) -> Result<ShardFile, String> {
        let board = self.text("board", |text| parse_size(text).ok())?;
        let closed = self.text("kind", |text| match text {
            "open" => Some(false),
            "closed" => Some(true),
            _ => None,
        })?;
        let method = self.text("method", |text| match text {
            "frontier" => Some(CountMethod::Frontier),
            "enumeration" => Some(CountMethod::Enumeration),
            _ => None,
        })?;
        let index = self.number("shard")?;
        let of = self.number("shards")?;
        let shard = Shard {
            index: u32::try_from(index)
                .ok()
                .filter(|_| index < of)
                .ok_or_else(|| format!("its shard {index} is not one of its {of} shards"))?,
            of: u32::try_from(of).map_err(|_| self.wrong("shards", "a number of shards"))?,
        };
        let counted = Counted {
            board,
            piece: self.piece()?,
            closed,
            start: self.square("start")?,
            end: self.square("end")?,
            method,
            tours: self.count()?,
            peak_states: self.number("peak_states")?,
            peak_bytes: self.number("peak_bytes")?,
            part: Part::Whole,
        };
        Ok(ShardFile {
            name,
            digest: self.text("digest", Digest::parse)?,
            counted,
            shard,
        })
    }

    fn raw(&self, field: &str) -> Result<&str, String> {
        match self.0.get(field) {
            Some(raw) => Ok(raw.get()),
            None => Err(format!(
                "not a shard of 'count --format json': it has no \"{field}\""
            )),
        }
    }

    fn value(&self, field: &str) -> Result<Value, String> {
        serde_json::from_str(self.raw(field)?).map_err(|_| self.wrong(field, "a JSON value"))
    }

    fn wrong(&self, field: &str, expected: &str) -> String {
        let shown = self.raw(field).unwrap_or_default();
        format!("its {field} {} is not {expected}", quoted(shown))
    }

    /// A string field, read by `read`.
    fn text<T>(&self, field: &str, read: impl Fn(&str) -> Option<T>) -> Result<T, String> {
        let value = self.value(field)?;
        value
            .as_str()
            .and_then(read)
            .ok_or_else(|| self.wrong(field, &format!("a {field} as 'count' writes it")))
    }

    fn number(&self, field: &str) -> Result<u64, String> {
        self.value(field)?
            .as_u64()
            .ok_or_else(|| self.wrong(field, "a whole number"))
    }

    /// The piece, the knight when the field is absent.
    fn piece(&self) -> Result<Leaper, String> {
        if !self.0.contains_key("piece") {
            return Ok(Leaper::KNIGHT);
        }
        self.text("piece", |text| Leaper::parse(text).ok())
    }

    /// A square as `[row,col]`, or none when the field is absent.
    fn square(&self, field: &str) -> Result<Option<Square>, String> {
        if !self.0.contains_key(field) {
            return Ok(None);
        }
        let value = self.value(field)?;
        let coordinate = |at: usize| {
            value
                .get(at)
                .and_then(Value::as_u64)
                .and_then(|number| u32::try_from(number).ok())
        };
        match (value.as_array().map(Vec::len), coordinate(0), coordinate(1)) {
            (Some(2), Some(row), Some(col)) => Ok(Some(Square::new(row, col))),
            _ => Err(self.wrong(field, "a square [row,col]")),
        }
    }

    /// The count: its decimal digits, read exactly whatever their number.
    fn count(&self) -> Result<BigUint, String> {
        let digits = self.raw("count")?;
        let plain = !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit());
        plain
            .then(|| digits.parse::<BigUint>().ok())
            .flatten()
            .ok_or_else(|| self.wrong("count", "a whole number"))
    }
}
