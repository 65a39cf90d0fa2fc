//! Tours to and from files: a tour opened with `--tour` (read and validated by
//! [`crate::tourfile`] before the explorer starts) is shown ready to replay, zoom and explore;
//! `w` writes the tour on screen to a file in the list format, and `e` its SVG picture, under a
//! name asked for (`tour-8x8-a1.txt`, `tour-8x8-a1.svg` by default; another piece than the
//! knight is named first, `tour-zebra-10x10-a10.txt`, and since a list names no piece, the
//! notice says to open it with `--piece`: read without, it fails the knight's validator), through
//! [`crate::tourfile::save_with`]: never over a device, a FIFO, a socket or a directory,
//! through a symbolic link to its target, and over an existing file only after a yes to
//! `overwrite 'NAME'? (y/n)`. What became of it is a [`SaveNotice`]. On a board with holes or
//! clues, `w` writes the board in the `--board` format (`board-8x8.txt` by default), which
//! `knights-tour solve --board` reads back, and the tour on screen, if any, beside it.

use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use crate::tourfile::{How, PictureOptions, Replace, SaveError, save_with, write_list, write_svg};
use knights_tour_engine::notation::short_name;
use knights_tour_engine::quote::{counted, quoted, quoted_bytes};
use knights_tour_engine::tour::Tour;

use super::{App, Attempt, Notice, PromptPurpose, Setup, TourShown};

impl App {
    /// The explorer showing `tour`, read from `source` (named in the panel): its board, start
    /// and kind become the setup, and its timeline is ready to replay.
    pub fn with_opened_tour(mut self, tour: Tour, source: &str) -> Self {
        self.setup = Setup {
            board: tour.board(),
            piece: tour.piece(),
            start: tour.start(),
            closed: tour.is_closed(),
            method: self.setup.method,
        };
        self.cursor = tour.start();
        self.reset();
        match tour.visit_numbers() {
            Ok(visits) => {
                self.attempt = Attempt::Opened {
                    source: source.to_string(),
                    shown: Box::new(TourShown::whole(tour, visits)),
                };
            }
            Err(_) => {
                let board = tour.board();
                self.attempt = Attempt::Failed(format!("no memory to show the tour of {board}"));
            }
        }
        self
    }

    /// Where the tour on screen came from, when it was opened from a file.
    pub(crate) fn opened_from(&self) -> Option<&str> {
        match &self.attempt {
            Attempt::Opened { source, .. } => Some(source),
            _ => None,
        }
    }

    /// The name `w` offers: the board and the start, `tour-8x8-a1.txt`.
    pub fn default_tour_name(&self) -> String {
        format!("{}.txt", self.tour_stem())
    }

    /// The name `e` offers: `tour-8x8-a1.svg`.
    pub(crate) fn default_picture_name(&self) -> String {
        format!("{}.svg", self.tour_stem())
    }

    /// The piece (but the knight), the board, the start and the kind: `tour-8x8-a1`,
    /// `tour-6x6-a6-closed`, `tour-zebra-10x10-a10`.
    fn tour_stem(&self) -> String {
        let setup = self.setup;
        let start = short_name(setup.board, setup.start).replace(',', "-");
        let kind = if setup.closed { "-closed" } else { "" };
        let piece = match setup.piece {
            piece if piece.is_knight() => String::new(),
            piece => format!("{}-", piece.label().replace(',', "-")),
        };
        format!("tour-{piece}{}-{start}{kind}", setup.board)
    }

    /// `w`: asks where to write the tour on screen; on a board with holes or clues, the board
    /// (and the tour beside it, if one is shown).
    pub(super) fn ask_where_to_write(&mut self) {
        if self.shape.is_some() && self.files {
            let name = format!("board-{}.txt", self.setup.board);
            self.open_write(PromptPurpose::Board, name);
            return;
        }
        if self.can_write("no tour to write yet: find one first (f)") {
            self.open_write(PromptPurpose::Write, self.default_tour_name());
        }
    }

    /// `e`: asks where to write the picture of the tour on screen.
    pub(super) fn ask_where_to_draw(&mut self) {
        if self.can_write("no tour to draw yet: find one first (f)") {
            self.open_write(PromptPurpose::Picture, self.default_picture_name());
        }
    }

    /// Whether there is a tour to write and files to write it to; if not, a notice says so
    /// (`no_tour` when there is no tour).
    fn can_write(&mut self, no_tour: &str) -> bool {
        let refusal = if !self.files {
            "this explorer writes no files (it is served over SSH)"
        } else if self.tour().is_none() {
            no_tour
        } else {
            return true;
        };
        self.notice = Some(Notice::not_saved(refusal.to_string()));
        false
    }

    /// Saves the tour (`purpose` `Write`, in the list format) or its SVG picture (`Picture`:
    /// the path coloured along the visit order, as on screen; numbers up to 16x16) to `name`
    /// through [`save_with`], with a notice saying where or why not. A regular file there is
    /// replaced only with `replace`; without, the overwrite question is asked.
    pub(super) fn save(&mut self, purpose: PromptPurpose, name: &str, replace: Replace) {
        if purpose == PromptPurpose::Board {
            self.save_board(name, replace);
            return;
        }
        let Some(tour) = self.tour().filter(|_| self.files) else {
            return;
        };
        if name.is_empty() {
            self.notice = Some(Notice::not_saved(
                "write: no file name given; nothing written".into(),
            ));
            return;
        }
        let path = Path::new(name);
        let (what, saved) = match purpose {
            PromptPurpose::Picture => (
                "the picture of the tour",
                save_with(path, replace, |out| {
                    let options = PictureOptions::for_board(tour.board(), None, true);
                    write_svg(out, tour, &options)
                }),
            ),
            _ => (
                "the tour",
                save_with(path, replace, |out| write_list(out, tour)),
            ),
        };
        let shown = quoted(name);
        self.notice = Some(match saved {
            Ok(saved) => {
                let squares = tour.indices().len();
                let through = if saved.file == path {
                    String::new()
                } else {
                    format!(
                        " (a link to {})",
                        quoted_bytes(saved.file.as_os_str().as_bytes())
                    )
                };
                let how = match saved.how {
                    How::InPlace => ", in place: it has other hard links",
                    How::Created | How::Replaced => "",
                };
                // A list names no piece: another piece's is read back with --piece.
                let piece = tour.piece();
                let read_back = match purpose {
                    PromptPurpose::Picture => String::new(),
                    _ if piece.is_knight() => String::new(),
                    _ => format!("; a {piece}'s: open it with --piece {}", piece.label()),
                };
                Notice::saved(format!(
                    "wrote {what} ({}) to {shown}{through}{how}{read_back}",
                    counted(squares as u64, "square")
                ))
            }
            Err(SaveError::Exists) => {
                self.ask_to_overwrite(purpose, name.to_string());
                return;
            }
            Err(error @ SaveError::Incomplete(_)) => {
                Notice::not_saved(format!("could not write {shown}: {error}"))
            }
            Err(error) => {
                Notice::not_saved(format!("could not write {shown}: {error}; nothing written"))
            }
        });
    }
}

impl App {
    /// Saves the board with its holes, clues and start in the `--board` format to `name` (a
    /// regular file there replaced only with `replace`, else the overwrite question), and the
    /// tour on screen, if any, in the list format beside it: `NAME-tour.txt` for `NAME.txt`.
    fn save_board(&mut self, name: &str, replace: Replace) {
        if !self.files {
            return;
        }
        if name.is_empty() {
            self.notice = Some(Notice::not_saved(
                "write: no file name given; nothing written".into(),
            ));
            return;
        }
        let Some(picture) = self.board_picture() else {
            let why = match self.shape {
                None => "the board is a whole rectangle now: w writes the tour",
                Some(_) => "the board cannot be written: its start is not an open square",
            };
            self.notice = Some(Notice::not_saved(why.into()));
            return;
        };
        let path = Path::new(name);
        let shown = quoted(name);
        let saved = save_with(path, replace, |out| write!(out, "{picture}"));
        let board = picture.shape().to_string();
        let mut text = match saved {
            Ok(_) => format!("wrote the board ({board}) to {shown}"),
            Err(SaveError::Exists) => {
                self.ask_to_overwrite(PromptPurpose::Board, name.to_string());
                return;
            }
            Err(error) => {
                self.notice = Some(Notice::not_saved(format!(
                    "could not write {shown}: {error}; nothing written"
                )));
                return;
            }
        };
        if let Some(tour) = self.tour() {
            let stem = name.strip_suffix(".txt").unwrap_or(name);
            let tour_name = format!("{stem}-tour.txt");
            let tour_shown = quoted(&tour_name);
            match save_with(Path::new(&tour_name), replace, |out| write_list(out, tour)) {
                Ok(_) => text += &format!(", and the tour beside it, to {tour_shown}"),
                Err(SaveError::Exists) => {
                    text += &format!("; the tour not written: {tour_shown} exists")
                }
                Err(error) => text += &format!("; the tour not written: {error}"),
            }
        }
        self.notice = Some(Notice::saved(text));
    }
}

/// What became of a save, or why none was tried: shown where every screen has room (the key
/// bar) until the next key, since a full panel has none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveNotice {
    /// The sentence.
    pub text: String,
    /// Whether it says something was done (a file written) rather than refused or failed.
    pub done: bool,
}

impl Notice {
    /// A file written, as `text` says.
    fn saved(text: String) -> Self {
        Notice::Save(SaveNotice { text, done: true })
    }

    /// A save refused or failed, as `text` says.
    pub(super) fn not_saved(text: String) -> Self {
        Notice::Save(SaveNotice { text, done: false })
    }
}
