//! `--board FILE|-`: the picture of a board of any shape, read from a file or standard input
//! and handed to the engine's reader ([`picture::read`]). The text is read whole but bounded
//! ([`MOST_PICTURE_BYTES`]), so that no input can grow memory without limit; every message
//! names the file and quotes what it cannot take.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use knights_tour_engine::quote::quoted;
use knights_tour_engine::shape::picture::{self, Picture};

/// The most bytes a picture may hold: a board of [`Shape::MAX_SQUARES`] squares with cells of
/// up to seven characters and a separator.
///
/// [`Shape::MAX_SQUARES`]: knights_tour_engine::shape::Shape::MAX_SQUARES
pub const MOST_PICTURE_BYTES: u64 = 8 << 20;

/// Reads the picture in `path` (`-` for standard input): the board, its holes, its numbers and
/// its start; a one-line message naming the file and what is wrong otherwise.
pub fn read_board(path: &Path) -> Result<Picture, String> {
    let name = if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        quoted(&path.to_string_lossy()).to_string()
    };
    let mut bytes = Vec::new();
    let read = if path.as_os_str() == "-" {
        io::stdin()
            .lock()
            .take(MOST_PICTURE_BYTES + 1)
            .read_to_end(&mut bytes)
    } else {
        File::open(path).and_then(|file| file.take(MOST_PICTURE_BYTES + 1).read_to_end(&mut bytes))
    };
    read.map_err(|error| format!("--board {name}: cannot read it: {error}"))?;
    if bytes.len() as u64 > MOST_PICTURE_BYTES {
        return Err(format!(
            "--board {name}: a picture of a board has at most {} MiB",
            MOST_PICTURE_BYTES >> 20
        ));
    }
    let text = String::from_utf8(bytes).map_err(|error| {
        format!(
            "--board {name}: not text (invalid UTF-8 at byte {})",
            error.utf8_error().valid_up_to()
        )
    })?;
    picture::read(&text).map_err(|error| format!("--board {name}: {error}"))
}
