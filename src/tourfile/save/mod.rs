//! Saving a file the way careful editors do ([`save_with`]): into what the name means, never
//! over it.
//!
//! - A name that is not there: the text goes to a temporary file beside it (created with
//!   `O_CREAT|O_EXCL`), flushed to the disk, then linked to the name, which fails if something
//!   took the name meanwhile; a full disk or a failed write leaves nothing behind.
//! - A symbolic link is followed (up to 40 links, as Linux does): its target is saved the same
//!   way, and the link stays a link.
//! - A name that is not a regular file (a directory, a FIFO, a socket, a device such as
//!   `/dev/full`) is refused before anything is written.
//! - A regular file is replaced only when the caller says so ([`Replace::Allowed`]; the
//!   explorer asks first). With one name, it is replaced whole: a temporary file with its mode
//!   (and its owner and group where the system lets us) is renamed over it, so a failure leaves
//!   the old file as it was. With other hard links, it is written in place, so that every name
//!   keeps seeing one file: the text is first written whole to a temporary file (a full disk
//!   stops there and changes nothing), then copied over the file, which is flushed to the disk.
//!
//! The name is checked, then written: between the two, anyone may change it. The temporary file
//! is created exclusively; the file written in place is opened without following a link or
//! waiting on a FIFO, and checked to be the file looked at; a file to be renamed over is looked
//! at again just before the rename. After a link or a rename the folder is flushed too, so the
//! new name survives a crash.

use std::ffi::OsString;
use std::fs::{self, File, Metadata, OpenOptions, Permissions};
use std::io::{self, BufWriter, Seek, SeekFrom};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use thiserror::Error;

/// The most symbolic links followed from the name given (Linux's `MAXSYMLINKS`).
const MAX_LINKS: usize = 40;
/// A temporary file's name is at most this many bytes, or the length of the name it stands
/// beside if that is longer, so it fits wherever the name itself fits.
const TEMPORARY_NAME_BYTES: usize = 64;
/// The buffer between a writer and the file.
const BUFFER_BYTES: usize = 1 << 16;

/// Whether an existing regular file may be replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replace {
    /// No: an existing file is [`SaveError::Exists`], and nothing is written.
    Never,
    /// Yes (the user said so).
    Allowed,
}

/// What a save did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved {
    /// The file written: the name given, or where its symbolic links led.
    pub file: PathBuf,
    /// How it was written.
    pub how: How,
}

/// How a file was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// A new file.
    Created,
    /// An existing file replaced whole by a rename, its mode kept.
    Replaced,
    /// An existing file with other hard links, written in place.
    InPlace,
}

/// Why a save wrote nothing, or (only [`SaveError::Incomplete`]) did not finish.
#[derive(Debug, Error)]
pub enum SaveError {
    /// A regular file is there, and replacing it was not allowed.
    #[error("a file of that name is already there")]
    Exists,
    /// The name is a directory, a FIFO, a socket or a device: never replaced.
    #[error("it is {0}, not a regular file")]
    NotAFile(&'static str),
    /// The name ends in `/`, or names no file (`.`, `..`).
    #[error("that names a folder, not a file")]
    NamesAFolder,
    /// The file was replaced or removed by someone else while the new text was written.
    #[error("it changed while the new text was being written")]
    Changed,
    /// The system refused (no such folder, no permission, a full disk, a name too long...).
    #[error("{0}")]
    Io(#[from] io::Error),
    /// Writing in place (a file with other hard links) failed after the old text was cut.
    #[error("{0}; it was being written in place (it has other hard links) and is incomplete")]
    Incomplete(io::Error),
}

/// Saves what `write` writes to `path`, as the module docs say: into a new file whole or not
/// at all, through symbolic links, never over anything but a regular file, and over a regular
/// file only when `replace` allows it. `write` is called at most once, and only after the
/// checks passed.
pub fn save_with(
    path: &Path,
    replace: Replace,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> Result<Saved, SaveError> {
    let (file, existing) = follow_links(path)?;
    let how = match existing {
        None => create(&file, write)?,
        Some(found) => {
            if let Some(kind) = not_a_file(&found) {
                return Err(SaveError::NotAFile(kind));
            }
            if replace == Replace::Never {
                return Err(SaveError::Exists);
            }
            if found.nlink() > 1 {
                write_in_place(&file, &found, write)?
            } else {
                replace_whole(&file, &found, write)?
            }
        }
    };
    Ok(Saved { file, how })
}

/// What `path` means: the path itself, or where its symbolic links lead, and what is there
/// (`None`: nothing yet).
fn follow_links(path: &Path) -> Result<(PathBuf, Option<Metadata>), SaveError> {
    let mut path = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        if names_a_folder(&path) {
            return Err(SaveError::NamesAFolder);
        }
        match fs::symlink_metadata(&path) {
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok((path, None)),
            Err(error) => return Err(error.into()),
            Ok(found) if found.file_type().is_symlink() => {
                let target = fs::read_link(&path)?;
                // A relative target is relative to the link's folder; joining an absolute one
                // gives the absolute one.
                path = match path.parent() {
                    Some(folder) => folder.join(target),
                    None => target,
                };
            }
            Ok(found) => return Ok((path, Some(found))),
        }
    }
    Err(io::Error::other("too many levels of symbolic links").into())
}

/// Whether `path` cannot name a file: it ends in `/`, `.` or `..` (looked at as typed:
/// [`Path`] reads `a/.` as `a`).
fn names_a_folder(path: &Path) -> bool {
    let bytes = path.as_os_str().as_bytes();
    let last = bytes
        .rsplit(|&byte| byte == b'/')
        .next()
        .unwrap_or_default();
    matches!(last, b"" | b"." | b"..")
}

/// What `found` is when it is not a regular file, said for a message.
fn not_a_file(found: &Metadata) -> Option<&'static str> {
    let kind = found.file_type();
    Some(if kind.is_file() {
        return None;
    } else if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a named pipe (FIFO)"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else {
        "something other than a file"
    })
}

/// A new file at `path`: written whole beside it, then linked to the name (which fails if the
/// name was taken meanwhile), and the temporary name removed.
fn create(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> Result<How, SaveError> {
    let (temporary, file) = create_temporary(path, 0o666)?;
    let placed = fill(file, write)
        .map_err(SaveError::from)
        .and_then(|_| place_new(&temporary, path));
    match placed {
        Ok(Placed::Linked) | Err(_) => {
            // Linked: the file lives on under `path`. Failed: nothing is to stay.
            let _ = fs::remove_file(&temporary);
        }
        Ok(Placed::Renamed) => {}
    }
    placed?;
    sync_folder(path);
    Ok(How::Created)
}

/// How a new file got its name.
enum Placed {
    /// A hard link to the temporary file, which is still to be removed.
    Linked,
    /// The temporary file renamed.
    Renamed,
}

/// Gives the written `temporary` file the name `path`, unless something has taken it.
fn place_new(temporary: &Path, path: &Path) -> Result<Placed, SaveError> {
    // A hard link never replaces: it fails if the name exists, whatever is there now.
    match fs::hard_link(temporary, path) {
        Ok(()) => Ok(Placed::Linked),
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => Err(SaveError::Exists),
        // File systems without hard links (FAT, some network ones): look once more, then
        // rename; only this instant is left for something else to take the name.
        Err(error)
            if matches!(
                error.kind(),
                io::ErrorKind::PermissionDenied
                    | io::ErrorKind::Unsupported
                    | io::ErrorKind::TooManyLinks
            ) =>
        {
            match fs::symlink_metadata(path) {
                Ok(_) => Err(SaveError::Exists),
                Err(error) if error.kind() == io::ErrorKind::NotFound => {
                    fs::rename(temporary, path)?;
                    Ok(Placed::Renamed)
                }
                Err(error) => Err(error.into()),
            }
        }
        Err(error) => Err(error.into()),
    }
}

/// Replaces the regular file `path` (`found`, with no other hard links) whole: a temporary
/// file with its mode, owner and group, written, then renamed over it.
fn replace_whole(
    path: &Path,
    found: &Metadata,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> Result<How, SaveError> {
    // Readable by no one else until it has the old file's mode.
    let (temporary, file) = create_temporary(path, 0o600)?;
    let replaced = keep_owner_and_mode(&file, found)
        .and_then(|()| fill(file, write))
        .map_err(SaveError::from)
        .and_then(|_| {
            // The name is looked at once more: a file put there meanwhile is not replaced.
            match fs::symlink_metadata(path) {
                Ok(now) if unchanged(&now, found) => Ok(fs::rename(&temporary, path)?),
                _ => Err(SaveError::Changed),
            }
        });
    if replaced.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    replaced?;
    sync_folder(path);
    Ok(How::Replaced)
}

/// Gives the new `file` the owner, group and mode of the file it replaces: the owner and group
/// where the system lets us (root may give any; others only a group they are in), then the
/// mode (a change of owner clears the set-user-ID and set-group-ID bits).
fn keep_owner_and_mode(file: &File, found: &Metadata) -> io::Result<()> {
    if std::os::unix::fs::fchown(file, Some(found.uid()), Some(found.gid())).is_err() {
        let _ = std::os::unix::fs::fchown(file, None, Some(found.gid()));
    }
    file.set_permissions(Permissions::from_mode(found.mode() & 0o7777))
}

/// Writes the regular file `path` (`found`, which has other hard links) in place: the text
/// whole into a temporary file first, then copied over the file's old text.
fn write_in_place(
    path: &Path,
    found: &Metadata,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> Result<How, SaveError> {
    let (temporary, staged) = create_temporary(path, 0o600)?;
    let written = fill(staged, write)
        .map_err(SaveError::from)
        .and_then(|staged| copy_over(path, found, staged));
    let _ = fs::remove_file(&temporary);
    written?;
    Ok(How::InPlace)
}

/// Copies `staged` (the whole new text) over the file `path`, checked to be `found`.
fn copy_over(path: &Path, found: &Metadata, mut staged: File) -> Result<(), SaveError> {
    // Not through a link, and never waiting on a FIFO (writers of a FIFO wait for a reader):
    // whatever the name is now, it is looked at before anything is cut.
    let mut file = OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|error| match error.raw_os_error() {
            Some(libc::ELOOP | libc::ENXIO) => SaveError::Changed,
            _ => SaveError::Io(error),
        })?;
    let now = file.metadata()?;
    if !now.is_file() || !unchanged(&now, found) {
        return Err(SaveError::Changed);
    }
    staged.seek(SeekFrom::Start(0))?;
    // From here a failure leaves the file cut short: say so.
    file.set_len(0)
        .and_then(|()| io::copy(&mut staged, &mut file))
        .and_then(|_| file.sync_all())
        .map_err(SaveError::Incomplete)
}

/// Creates a new temporary file beside `path`, readable and writable, with `mode` (less the
/// umask); never opens one that is there already.
fn create_temporary(path: &Path, mode: u32) -> io::Result<(PathBuf, File)> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let name = path.file_name().unwrap_or_default();
    loop {
        let number = NEXT.fetch_add(1, Ordering::Relaxed);
        let temporary = path.with_file_name(temporary_name(name.as_bytes(), number));
        let created = OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .mode(mode)
            .open(&temporary);
        match created {
            Ok(file) => return Ok((temporary, file)),
            // Left by a save that was killed, or taken by another: the next number.
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(error),
        }
    }
}

/// `.NAME.PID-NUMBER.part`, hidden, with `NAME` cut so that it is no longer than
/// [`TEMPORARY_NAME_BYTES`] or the name itself.
fn temporary_name(name: &[u8], number: u32) -> OsString {
    let tail = format!(".{}-{number}.part", std::process::id());
    let room = (TEMPORARY_NAME_BYTES.max(name.len()))
        .saturating_sub(tail.len() + 1)
        .min(name.len());
    let mut kept = &name[..room];
    // Not in the middle of a character.
    while std::str::from_utf8(kept).is_err_and(|error| error.error_len().is_none()) {
        kept = &kept[..kept.len() - 1];
    }
    let mut bytes = Vec::with_capacity(1 + kept.len() + tail.len());
    bytes.push(b'.');
    bytes.extend_from_slice(kept);
    bytes.extend_from_slice(tail.as_bytes());
    OsString::from_vec(bytes)
}

/// Writes into `file` through `write`, and flushes it to the disk.
fn fill(
    file: File,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<File> {
    let mut out = BufWriter::with_capacity(BUFFER_BYTES, file);
    write(&mut out)?;
    let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    file.sync_all()?;
    Ok(file)
}

/// Flushes the folder of `path` to the disk, so that a new name in it survives a crash. Some
/// file systems cannot: the file is written and named by then, so that is not an error.
fn sync_folder(path: &Path) {
    if let Ok(folder) = File::open(folder_of(path)) {
        let _ = folder.sync_all();
    }
}

/// The folder `path` is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    }
}

/// Whether `now` is the file looked at before (`then`), unchanged: the same device and inode,
/// and the same size and time of its last change, since a file removed and another created
/// may get the inode number just freed (and, within a clock tick, the same time).
fn unchanged(now: &Metadata, then: &Metadata) -> bool {
    let key = |file: &Metadata| {
        (
            file.dev(),
            file.ino(),
            file.len(),
            file.ctime(),
            file.ctime_nsec(),
        )
    };
    key(now) == key(then)
}

#[cfg(test)]
mod tests;
