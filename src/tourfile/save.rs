//! Saving a tour to a file whole or not at all, in any format ([`save_with`]; the list:
//! [`save_list`]): written to a temporary file beside it, flushed to the disk, then renamed
//! over the name asked for, so that a full disk or a failed write never leaves half a tour
//! under that name.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::write_list;
use knights_tour_engine::tour::Tour;

/// Saves `tour` to `path` in the list format (`r c` a line), replacing any file there.
pub fn save_list(path: &Path, tour: &Tour) -> io::Result<()> {
    save_with(path, |out| write_list(out, tour))
}

/// Saves what `write` writes to `path`, whole or not at all: into a temporary file beside it,
/// flushed to the disk, then renamed over `path`, replacing any file there. A failure removes
/// the temporary file and leaves `path` as it was.
pub fn save_with(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    let temporary = temporary_beside(path)?;
    let written = write_to(&temporary, write).and_then(|()| fs::rename(&temporary, path));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// A name for a temporary file in the folder of `path`, hidden and marked with the process.
fn temporary_beside(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let mut temporary = std::ffi::OsString::from(".");
    temporary.push(name);
    temporary.push(format!(".{}.part", std::process::id()));
    Ok(path.with_file_name(temporary))
}

fn write_to(
    temporary: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    let file = File::create_new(temporary)?;
    let mut out = BufWriter::new(file);
    write(&mut out)?;
    out.flush()?;
    let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_tour_engine::board::{Board, Square};
    use knights_tour_engine::solve::{Outcome, Request, solve};

    fn tour() -> Tour {
        let request = Request::new(Board::new(5, 5).unwrap(), Square::new(0, 0));
        match solve(&request).unwrap() {
            Outcome::Tour { tour, .. } => tour,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_saved_tour_replaces_the_file_and_leaves_no_temporary_behind() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("tour.txt");
        fs::write(&path, "old").unwrap();
        save_list(&path, &tour()).unwrap();
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 25);
        assert!(text.starts_with("0 0\n"));
        let names: Vec<_> = fs::read_dir(folder.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "only the tour: {names:?}");
    }

    #[test]
    fn a_failed_save_leaves_the_old_file_whole() {
        let folder = tempfile::tempdir().unwrap();
        let missing = folder.path().join("no such folder").join("tour.txt");
        assert!(save_list(&missing, &tour()).is_err());
        let directory = folder.path().join("a folder");
        fs::create_dir(&directory).unwrap();
        // Renaming a file over a folder fails after the write: the temporary goes away.
        assert!(save_list(&directory, &tour()).is_err());
        let names: Vec<_> = fs::read_dir(folder.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }
}
