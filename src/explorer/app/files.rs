//! Tours to and from files: a tour opened with `--tour` (read and validated by
//! [`crate::tourfile`] before the explorer starts) is shown ready to replay, zoom and explore;
//! `w` writes the tour on screen to a file in the list format, and `e` its SVG picture, whole
//! or not at all, under a name asked for (`tour-8x8-a1.txt`, `tour-8x8-a1.svg` by default).

use std::fs::File;
use std::io::{self, BufWriter};
use std::path::Path;

use crate::tourfile::{PictureOptions, save_with, write_list, write_svg};
use knights_tour_engine::notation::short_name;
use knights_tour_engine::quote::{quoted, quoted_bytes};
use knights_tour_engine::tour::Tour;

use super::{App, Attempt, PromptPurpose, Setup};

impl App {
    /// The explorer showing `tour`, read from `source` (named in the panel): its board, start
    /// and kind become the setup, and its timeline is ready to replay.
    pub fn with_opened_tour(mut self, tour: Tour, source: &str) -> Self {
        self.setup = Setup {
            board: tour.board(),
            start: tour.start(),
            closed: tour.is_closed(),
            method: self.setup.method,
        };
        self.cursor = tour.start();
        self.reset();
        match tour.visit_numbers() {
            Ok(visits) => {
                self.visits = visits;
                self.tour = Some(tour);
                self.attempt = Attempt::Opened(source.to_string());
            }
            Err(_) => {
                let board = tour.board();
                self.attempt = Attempt::Failed(format!("no memory to show the tour of {board}"));
            }
        }
        self
    }

    /// Where the tour on screen came from, when it was opened from a file.
    pub fn opened_from(&self) -> Option<&str> {
        match &self.attempt {
            Attempt::Opened(source) => Some(source),
            _ => None,
        }
    }

    /// The name `w` offers: the board and the start, `tour-8x8-a1.txt`.
    pub fn default_tour_name(&self) -> String {
        format!("{}.txt", self.tour_stem())
    }

    /// The name `e` offers: `tour-8x8-a1.svg`.
    pub fn default_picture_name(&self) -> String {
        format!("{}.svg", self.tour_stem())
    }

    /// The board, the start and the kind: `tour-8x8-a1`, `tour-6x6-a6-closed`.
    fn tour_stem(&self) -> String {
        let setup = self.setup;
        let start = short_name(setup.board, setup.start).replace(',', "-");
        let kind = if setup.closed { "-closed" } else { "" };
        format!("tour-{}-{start}{kind}", setup.board)
    }

    /// `w`: asks where to write the tour on screen.
    pub(super) fn ask_where_to_write(&mut self) {
        if !self.files {
            self.message = Some("this explorer writes no files (it is served over SSH)".into());
            return;
        }
        if self.tour.is_none() {
            self.message = Some("no tour to write yet: find one first (f)".into());
            return;
        }
        self.open_write(PromptPurpose::Write, self.default_tour_name());
    }

    /// `e`: asks where to write the picture of the tour on screen.
    pub(super) fn ask_where_to_draw(&mut self) {
        if !self.files {
            self.message = Some("this explorer writes no files (it is served over SSH)".into());
            return;
        }
        if self.tour.is_none() {
            self.message = Some("no tour to draw yet: find one first (f)".into());
            return;
        }
        self.open_write(PromptPurpose::Picture, self.default_picture_name());
    }

    /// Writes the tour to `path` in the list format, saying where or why not.
    pub(super) fn write_tour(&mut self, path: &str) {
        self.save(path, "the tour", write_list);
    }

    /// Writes the tour's SVG picture to `path` (the path coloured along the visit order, as on
    /// screen; numbers up to 16x16), saying where or why not.
    pub(super) fn write_picture(&mut self, path: &str) {
        self.save(path, "the picture of the tour", |out, tour| {
            let options = PictureOptions::for_board(tour.board(), None, true);
            write_svg(out, tour, &options)
        });
    }

    /// Saves what `write` writes of the tour to `path` through [`save_with`] (whole or not at
    /// all), with a message saying where or why not.
    fn save(
        &mut self,
        path: &str,
        what: &str,
        write: impl FnOnce(&mut BufWriter<File>, &Tour) -> io::Result<()>,
    ) {
        let Some(tour) = self.tour.as_ref().filter(|_| self.files) else {
            return;
        };
        if path.is_empty() {
            self.message = Some("write: no file name given; nothing written".into());
            return;
        }
        let shown = quoted(path);
        self.message = Some(match save_with(Path::new(path), |out| write(out, tour)) {
            Ok(()) => format!("wrote {what} ({} squares) to {shown}", tour.indices().len()),
            Err(error) => format!(
                "could not write {shown}: {}; nothing written",
                quoted_bytes(error.to_string().as_bytes())
            ),
        });
    }
}
