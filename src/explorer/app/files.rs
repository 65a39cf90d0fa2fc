//! Tours to and from files: a tour opened with `--tour` (read and validated by
//! [`crate::tourfile`] before the explorer starts) is shown ready to replay, zoom and explore;
//! `w` writes the tour on screen to a file in the list format, whole or not at all, under a
//! name asked for (`tour-8x8-a1.txt` by default).

use std::path::Path;

use crate::engine::notation::short_name;
use crate::engine::quote::{quoted, quoted_bytes};
use crate::engine::tour::Tour;
use crate::tourfile::save_list;

use super::{App, Attempt, Setup};

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
        let setup = self.setup;
        let start = short_name(setup.board, setup.start).replace(',', "-");
        let kind = if setup.closed { "-closed" } else { "" };
        format!("tour-{}-{start}{kind}.txt", setup.board)
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
        self.open_write(self.default_tour_name());
    }

    /// Writes the tour to `path`, saying where or why not.
    pub(super) fn write_tour(&mut self, path: &str) {
        let Some(tour) = self.tour.as_ref().filter(|_| self.files) else {
            return;
        };
        if path.is_empty() {
            self.message = Some("write: no file name given; nothing written".into());
            return;
        }
        let shown = quoted(path);
        self.message = Some(match save_list(Path::new(path), tour) {
            Ok(()) => format!(
                "wrote the tour ({} squares) to {shown}",
                tour.indices().len()
            ),
            Err(error) => format!(
                "could not write {shown}: {}; nothing written",
                quoted_bytes(error.to_string().as_bytes())
            ),
        });
    }
}
