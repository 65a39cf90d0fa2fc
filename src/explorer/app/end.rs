//! The end square (`E`): the square an open tour must end on. The search (`n`, `Space`,
//! `f`), the race, the starts map and play all ask for a tour from the start to it, and the
//! theorems ([`existence::piece_route_verdict`], for the piece) answer a pair they refuse before any search: the
//! colour rule, the end on the start, the inner lines of a 4×n board.
//!
//! A closed tour has no end. The later choice wins and the earlier is cleared, with a short
//! message: marking an end while closed makes the tour open, and `o` to closed clears the end.

use knights_tour_engine::board::Square;
use knights_tour_engine::existence::{self, NoTourReason, Verdict};
use knights_tour_engine::notation::short_name;

use super::{App, Notice};

impl App {
    /// The square the tour must end on, if one is marked.
    pub fn end(&self) -> Option<Square> {
        self.end
    }

    /// The route in words: `tour from a8 to h1`, or `tour from a8` without an end.
    pub fn route_text(&self) -> String {
        let board = self.setup.board;
        let from = short_name(board, self.setup.start);
        match self.end {
            Some(end) => format!("tour from {from} to {}", short_name(board, end)),
            None => format!("tour from {from}"),
        }
    }

    /// The theorems' verdict on the tour asked for: from the start, to the end if one is
    /// marked.
    pub(super) fn theorems_verdict(&self) -> Verdict {
        let setup = self.setup;
        if self.shape.is_some() {
            // The rectangle's theorems do not hold on a board with holes or clues.
            return Verdict::Open;
        }
        match self.end {
            Some(end) => existence::piece_route_verdict(setup.piece, setup.board, setup.start, end),
            None => existence::piece_verdict(setup.piece, setup.board, setup.start, setup.closed),
        }
    }

    /// `E`: the cursor's square becomes the end; on the end (or on the start) it clears it.
    pub(super) fn mark_end(&mut self) {
        let square = self.cursor;
        if self.end == Some(square) || (self.end.is_some() && square == self.setup.start) {
            self.end = None;
            self.notice = Some(Notice::Message(format!(
                "end cleared: {}, ending anywhere",
                self.route_text()
            )));
            self.reset();
            return;
        }
        self.set_end(square);
    }

    /// `square` becomes the end (an open tour's), with a message that says the route and, for
    /// a pair the theorems refuse, why; the start cannot be the end.
    pub(super) fn set_end(&mut self, square: Square) {
        let board = self.setup.board;
        if let Some(refusal) = self.end_refused(square) {
            self.notice = Some(Notice::Message(refusal));
            return;
        }
        if square == self.setup.start {
            // Nothing to clear: the theorem says why the start cannot be the end.
            self.notice = Some(Notice::Message(
                NoTourReason::EndIsStart { board, square }.to_string(),
            ));
            return;
        }
        let reopened = std::mem::replace(&mut self.setup.closed, false);
        self.end = Some(square);
        self.reset();
        let mut message = self.route_text();
        if reopened {
            message = format!("a closed tour has no end: an open {message}");
        }
        if matches!(self.theorems_verdict(), Verdict::Impossible(_)) {
            // The status says why.
            message += ": the theorems refuse it";
        }
        self.notice = Some(Notice::Message(message));
    }

    /// `o`: open and closed tours; a closed tour clears the end, with a word to say so.
    pub(super) fn toggle_closed(&mut self) {
        self.setup.closed = !self.setup.closed;
        if self.setup.closed
            && let Some(end) = self.end.take()
        {
            self.notice = Some(Notice::Message(format!(
                "a closed tour has no end: the end {} is cleared",
                short_name(self.setup.board, end)
            )));
        }
        self.reset();
    }
}
