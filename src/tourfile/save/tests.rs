//! The saves a user relies on, each in a folder of its own: a new file, a file replaced only
//! when allowed and keeping its mode, hard links kept one file, links followed, and every name
//! that is not a regular file refused with nothing written.

use std::io::Write;
use std::os::unix::fs::symlink;
use std::os::unix::net::UnixListener;
use std::process::Command;

use super::*;
use crate::tourfile::write_list;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::solve::{Outcome, Request, solve};
use knights_tour_engine::tour::{Tour, validate};

fn tour() -> Tour {
    let request = Request::new(Board::new(5, 5).unwrap(), Square::new(0, 0));
    match solve(&request).unwrap() {
        Outcome::Tour { tour, .. } => tour,
        other => panic!("{other:?}"),
    }
}

/// Saves the 5x5 tour to `path` in the list format.
fn save_tour(path: &Path, replace: Replace) -> Result<Saved, SaveError> {
    let tour = tour();
    save_with(path, replace, |out| write_list(out, &tour))
}

/// Whether `path` holds the 5x5 tour as a valid list.
fn holds_the_tour(path: &Path) -> bool {
    let text = fs::read_to_string(path).unwrap();
    let squares: Vec<Square> = text
        .lines()
        .map(|line| {
            let (row, col) = line.split_once(' ').unwrap();
            Square::new(row.parse().unwrap(), col.parse().unwrap())
        })
        .collect();
    let board = Board::new(5, 5).unwrap();
    validate(board, squares.iter().copied(), false, None).is_ok()
        && squares == tour().squares().collect::<Vec<_>>()
}

/// Whether `a` and `b` are one file.
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

/// The names in `folder`, sorted: a temporary file left behind shows here.
fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_new_file_is_written_whole_and_no_temporary_is_left() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("tour.txt");
    let saved = save_tour(&path, Replace::Never).unwrap();
    assert_eq!(saved.how, How::Created);
    assert_eq!(saved.file, path);
    assert!(holds_the_tour(&path));
    assert_eq!(fs::metadata(&path).unwrap().nlink(), 1);
    assert_eq!(names(folder.path()), ["tour.txt"]);
}

#[test]
fn an_existing_file_is_kept_unless_replacing_is_allowed() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("tour.txt");
    fs::write(&path, "old").unwrap();
    let mut written = false;
    let refused = save_with(&path, Replace::Never, |_| {
        written = true;
        Ok(())
    });
    assert!(matches!(refused, Err(SaveError::Exists)), "{refused:?}");
    assert!(!written, "nothing is written before the question");
    assert_eq!(fs::read_to_string(&path).unwrap(), "old");
    assert_eq!(names(folder.path()), ["tour.txt"]);
    assert_eq!(
        save_tour(&path, Replace::Allowed).unwrap().how,
        How::Replaced
    );
    assert!(holds_the_tour(&path));
    assert_eq!(names(folder.path()), ["tour.txt"]);
}

#[test]
fn a_replaced_file_keeps_its_mode() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("secret.txt");
    fs::write(&path, "old").unwrap();
    for mode in [0o600, 0o640, 0o755] {
        fs::set_permissions(&path, Permissions::from_mode(mode)).unwrap();
        save_tour(&path, Replace::Allowed).unwrap();
        let found = fs::metadata(&path).unwrap();
        assert_eq!(found.mode() & 0o7777, mode, "{mode:o}");
        assert!(holds_the_tour(&path));
    }
}

#[test]
fn a_file_with_another_hard_link_is_written_in_place_and_stays_one_file() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("tour.txt");
    let other = folder.path().join("other name.txt");
    fs::write(&path, "old text, longer than nothing").unwrap();
    fs::set_permissions(&path, Permissions::from_mode(0o600)).unwrap();
    fs::hard_link(&path, &other).unwrap();
    let before = fs::metadata(&path).unwrap();
    assert_eq!(
        save_tour(&path, Replace::Allowed).unwrap().how,
        How::InPlace
    );
    let after = fs::metadata(&path).unwrap();
    assert!(same_file(&before, &after), "the same file");
    assert_eq!(after.nlink(), 2, "both names still name it");
    assert_eq!(after.mode() & 0o7777, 0o600);
    assert!(holds_the_tour(&path) && holds_the_tour(&other));
    assert_eq!(names(folder.path()), ["other name.txt", "tour.txt"]);
}

#[test]
fn a_symbolic_link_is_followed_and_stays_a_link() {
    let folder = tempfile::tempdir().unwrap();
    fs::create_dir(folder.path().join("real")).unwrap();
    let target = folder.path().join("real").join("tour.txt");
    fs::write(&target, "old").unwrap();
    let link = folder.path().join("link.txt");
    // Relative to the link's folder, as links are read.
    symlink("real/tour.txt", &link).unwrap();
    assert!(matches!(
        save_tour(&link, Replace::Never),
        Err(SaveError::Exists)
    ));
    let saved = save_tour(&link, Replace::Allowed).unwrap();
    assert_eq!(saved.file, folder.path().join("real/tour.txt"));
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read_link(&link).unwrap(), Path::new("real/tour.txt"));
    assert!(holds_the_tour(&target));
    assert_eq!(names(&folder.path().join("real")), ["tour.txt"]);
    // A link to nothing yet: its target is created.
    let dangling = folder.path().join("dangling.txt");
    symlink(folder.path().join("new.txt"), &dangling).unwrap();
    assert_eq!(
        save_tour(&dangling, Replace::Never).unwrap().how,
        How::Created
    );
    assert!(
        fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(holds_the_tour(&folder.path().join("new.txt")));
    // A loop of links is refused.
    symlink("loop-b", folder.path().join("loop-a")).unwrap();
    symlink("loop-a", folder.path().join("loop-b")).unwrap();
    let looped = save_tour(&folder.path().join("loop-a"), Replace::Allowed);
    assert!(matches!(looped, Err(SaveError::Io(_))), "{looped:?}");
}

/// Saves to `path` (something that is not a regular file), expecting a refusal that names
/// `kind`, with nothing written and `path` left as it was.
fn assert_refused(path: &Path, kind: &str) {
    let before = fs::symlink_metadata(path).unwrap();
    for replace in [Replace::Never, Replace::Allowed] {
        let mut written = false;
        let refused = save_with(path, replace, |_| {
            written = true;
            Ok(())
        });
        match refused {
            Err(SaveError::NotAFile(said)) => assert_eq!(said, kind),
            other => panic!("{path:?}: {other:?}"),
        }
        assert!(!written);
    }
    let after = fs::symlink_metadata(path).unwrap();
    assert!(same_file(&before, &after) && before.file_type() == after.file_type());
}

#[test]
fn a_directory_a_fifo_and_a_socket_are_refused_and_left_alone() {
    let folder = tempfile::tempdir().unwrap();
    let directory = folder.path().join("a folder");
    fs::create_dir(&directory).unwrap();
    assert_refused(&directory, "a directory");
    let fifo = folder.path().join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    assert_refused(&fifo, "a named pipe (FIFO)");
    let socket = folder.path().join("socket");
    let _listener = UnixListener::bind(&socket).unwrap();
    assert_refused(&socket, "a socket");
    // Through a link too.
    let link = folder.path().join("to the pipe");
    symlink(&fifo, &link).unwrap();
    assert_refused(&fifo, "a named pipe (FIFO)");
    assert_eq!(
        names(folder.path()),
        ["a folder", "pipe", "socket", "to the pipe"]
    );
}

#[test]
fn devices_are_told_apart_from_files() {
    // Only looked at: a save to a real device is tried by hand, never in a test.
    let null = fs::symlink_metadata("/dev/null").unwrap();
    assert_eq!(not_a_file(&null), Some("a character device"));
    let file = tempfile::NamedTempFile::new().unwrap();
    assert_eq!(not_a_file(&file.as_file().metadata().unwrap()), None);
}

#[test]
fn a_name_ending_in_a_slash_names_a_folder() {
    let folder = tempfile::tempdir().unwrap();
    for name in ["new/", "..", ".", "new/.", "new/.."] {
        let refused = save_tour(&folder.path().join(name), Replace::Allowed);
        assert!(matches!(refused, Err(SaveError::NamesAFolder)), "{name}");
    }
    assert!(names(folder.path()).is_empty());
}

#[test]
fn a_name_at_the_limit_is_written_and_a_longer_one_refused() {
    let folder = tempfile::tempdir().unwrap();
    // 255 bytes is the longest name ext4, tmpfs and most others take: the temporary file's
    // name must fit too.
    let longest = folder.path().join(format!("{}.txt", "é".repeat(125)));
    assert_eq!(longest.file_name().unwrap().len(), 254);
    save_tour(&longest, Replace::Never).unwrap();
    assert!(holds_the_tour(&longest));
    let too_long = folder.path().join("x".repeat(300));
    let refused = save_tour(&too_long, Replace::Never);
    assert!(matches!(refused, Err(SaveError::Io(_))), "{refused:?}");
    assert_eq!(names(folder.path()).len(), 1);
}

#[test]
fn a_failed_write_leaves_the_old_file_whole_and_nothing_behind() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("tour.txt");
    fs::write(&path, "old").unwrap();
    let second = folder.path().join("second name.txt");
    for links in [1, 2] {
        if links == 2 {
            fs::hard_link(&path, &second).unwrap();
        }
        let failed = save_with(&path, Replace::Allowed, |out| {
            out.write_all(b"0 0\n")?;
            Err(io::Error::other("the disk is full"))
        });
        assert!(matches!(failed, Err(SaveError::Io(_))), "{failed:?}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "old", "{links} links");
    }
    let missing = folder.path().join("no such folder").join("tour.txt");
    assert!(save_tour(&missing, Replace::Never).is_err());
    assert_eq!(names(folder.path()), ["second name.txt", "tour.txt"]);
}

#[test]
fn a_file_changed_while_written_is_not_replaced() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("tour.txt");
    fs::write(&path, "old").unwrap();
    let changed = save_with(&path, Replace::Allowed, |out| {
        // Another program puts a new file under the name meanwhile.
        fs::remove_file(&path)?;
        fs::write(&path, "theirs")?;
        out.write_all(b"ours")
    });
    assert!(matches!(changed, Err(SaveError::Changed)), "{changed:?}");
    assert_eq!(fs::read_to_string(&path).unwrap(), "theirs");
    assert_eq!(names(folder.path()), ["tour.txt"]);
    // With another hard link (written in place): changed meanwhile, it is not cut.
    fs::hard_link(&path, folder.path().join("link")).unwrap();
    let changed = save_with(&path, Replace::Allowed, |out| {
        fs::write(&path, "theirs again")?;
        out.write_all(b"ours")
    });
    assert!(matches!(changed, Err(SaveError::Changed)), "{changed:?}");
    assert_eq!(fs::read_to_string(&path).unwrap(), "theirs again");
    fs::remove_file(folder.path().join("link")).unwrap();
    // A new name taken meanwhile is not replaced either.
    let new = folder.path().join("new.txt");
    let taken = save_with(&new, Replace::Never, |out| {
        fs::write(&new, "theirs")?;
        out.write_all(b"ours")
    });
    assert!(matches!(taken, Err(SaveError::Exists)), "{taken:?}");
    assert_eq!(fs::read_to_string(&new).unwrap(), "theirs");
    assert_eq!(names(folder.path()), ["new.txt", "tour.txt"]);
}

#[test]
fn a_read_only_folder_is_a_failure_that_leaves_the_file_whole() {
    let folder = tempfile::tempdir().unwrap();
    let inside = folder.path().join("read only");
    fs::create_dir(&inside).unwrap();
    let path = inside.join("tour.txt");
    fs::write(&path, "old").unwrap();
    fs::set_permissions(&inside, Permissions::from_mode(0o555)).unwrap();
    // Root and other privileged users write in a read-only folder anyway.
    let privileged = File::create(inside.join("probe")).is_ok();
    let saved = save_tour(&path, Replace::Allowed);
    if privileged {
        fs::remove_file(inside.join("probe")).unwrap();
        assert!(saved.is_ok() && holds_the_tour(&path), "{saved:?}");
    } else {
        let error = saved.unwrap_err();
        assert!(
            matches!(&error, SaveError::Io(io) if io.kind() == io::ErrorKind::PermissionDenied)
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
    }
    assert_eq!(names(&inside), ["tour.txt"]);
    fs::set_permissions(&inside, Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn temporary_names_fit_where_the_name_fits_and_keep_whole_characters() {
    let short = temporary_name(b"tour.txt", 7);
    let shown = short.to_str().unwrap();
    assert!(
        shown.starts_with(".tour.txt.") && shown.ends_with("-7.part"),
        "{shown}"
    );
    let long = "é".repeat(127);
    let temporary = temporary_name(long.as_bytes(), 4_000_000_000);
    assert!(temporary.len() <= long.len());
    assert!(temporary.to_str().is_some(), "cut between characters");
}
