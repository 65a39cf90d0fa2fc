//! What each [`Action`] does: [`App::update`] sends it to the help if it is open, else to the
//! mode's own update; the actions every mode lets through (the cursor, the view, the zoom, the
//! help, quitting) are done here for all of them.

use super::*;

impl App {
    /// Does what `action` asks: the help takes it if it is open, else the mode does.
    pub fn update(&mut self, action: Action) {
        if action == Action::Redraw {
            // Only the terminal changes: the help and any message stay on screen.
            self.full_redraw = true;
            return;
        }
        self.notice = None;
        match (&self.overlay, &self.mode) {
            (Some(Overlay::Help { .. }), _) => self.help_update(action),
            (_, &Mode::Explore { map }) => self.explore_update(action, map),
            (_, Mode::Race { .. }) => self.race_update(action),
            (_, Mode::Play(_)) => self.play_update(action),
        }
    }

    /// The help takes every action: up and down scroll a help taller than the terminal; any
    /// other key closes it, and only a quit goes on to do its work.
    fn help_update(&mut self, action: Action) {
        let Some(Overlay::Help { scroll }) = &mut self.overlay else {
            return;
        };
        match action {
            Action::CursorDown | Action::PageDown => {
                *scroll = scroll.saturating_add(1).min(HELP_SCROLL_MAX);
            }
            Action::CursorUp | Action::PageUp => *scroll = scroll.saturating_sub(1),
            _ => {
                self.overlay = None;
                if action == Action::Quit {
                    self.quit = true;
                }
            }
        }
    }

    /// What `action` does while exploring, with `map` shown over the board if one is.
    fn explore_update(&mut self, action: Action, map: Option<MapKind>) {
        match action {
            Action::SetStart => match map {
                Some(kind) => self.pick_on_map(kind),
                None => self.set_start(self.cursor),
            },
            Action::StartsMap => self.toggle_map(MapKind::Starts),
            Action::EndsMap => self.toggle_map(MapKind::Ends),
            Action::ToggleClosed => self.toggle_closed(),
            Action::MarkEnd => self.mark_end(),
            Action::Step => self.step_forward(),
            Action::StepBack => self.step_back(),
            Action::PlayPause => self.play_pause(),
            Action::Finish => self.finish(),
            Action::Reset => self.reset(),
            Action::NextMethod => {
                self.setup.method = next_method(self.setup.method);
                self.reset();
            }
            Action::NextPiece => self.next_piece(),
            Action::Faster => self.clock.speed = self.clock.speed.faster(),
            Action::Slower => self.clock.speed = self.clock.speed.slower(),
            Action::AddRow => self.resize(1, 0),
            Action::RemoveRow => self.resize(-1, 0),
            Action::AddColumn => self.resize(0, 1),
            Action::RemoveColumn => self.resize(0, -1),
            Action::Grow => self.resize(1, 1),
            Action::Shrink => self.resize(-1, -1),
            Action::Replay => self.replay(),
            Action::TourStart => self.replay_from_start(),
            Action::TourEnd => self.replay_to_end(),
            Action::Race => self.start_race(),
            Action::Play => self.toggle_play(),
            Action::ToggleHole => self.toggle_hole(),
            Action::Clue => self.ask_clue(),
            Action::NewPuzzle => self.new_puzzle(),
            Action::MoveNumber(_) | Action::Hint => {
                self.notice = Some(Notice::Message(
                    "the numbers and i (a hint) are for play: P plays".into(),
                ))
            }
            Action::CursorUp
            | Action::CursorDown
            | Action::CursorLeft
            | Action::CursorRight
            | Action::PageUp
            | Action::PageDown
            | Action::PageLeft
            | Action::PageRight
            | Action::CentreKnight
            | Action::Goto
            | Action::WriteTour
            | Action::WritePicture
            | Action::ToggleView
            | Action::Zoom
            | Action::Help
            | Action::Redraw
            | Action::Escape
            | Action::Quit => self.update_anywhere(action),
        }
    }

    /// What the actions every mode lets through do, whatever the mode: the cursor, the go-to
    /// prompt, writing, the view, the zoom, the help and quitting. (Each mode answers the
    /// others itself; they do nothing here.)
    pub(super) fn update_anywhere(&mut self, action: Action) {
        match action {
            Action::CursorUp => self.move_cursor(-1, 0),
            Action::CursorDown => self.move_cursor(1, 0),
            Action::CursorLeft => self.move_cursor(0, -1),
            Action::CursorRight => self.move_cursor(0, 1),
            Action::PageUp => self.move_cursor(-page_step(self.view.page.rows), 0),
            Action::PageDown => self.move_cursor(page_step(self.view.page.rows), 0),
            Action::PageLeft => self.move_cursor(0, -page_step(self.view.page.cols)),
            Action::PageRight => self.move_cursor(0, page_step(self.view.page.cols)),
            Action::CentreKnight => {
                self.view.follow = Follow::Knight;
                self.view.centre_requests = self.view.centre_requests.wrapping_add(1);
            }
            Action::Goto => self.open_goto(),
            Action::WriteTour => self.ask_where_to_write(),
            Action::WritePicture => self.ask_where_to_draw(),
            Action::ToggleView => self.toggle_view(),
            Action::Zoom => self.view.zoom = self.view.zoom.next(),
            Action::Help => self.overlay = Some(Overlay::Help { scroll: 0 }),
            Action::Quit => self.quit = true,
            // Esc closes the help, a prompt and the race, and nothing else: a stray Esc (or the
            // start of an escape sequence cut short) must not end a long search. Each mode
            // answers the other actions itself.
            _ => {}
        }
    }

    /// A square picked with the mouse: it becomes the cursor and the start (in play, the
    /// knight moves there). The race's boards take no picks: its screen keeps no board's place.
    pub fn pick(&mut self, square: Square) {
        if !self.setup.board.contains(square) || matches!(self.mode, Mode::Race { .. }) {
            return;
        }
        if let Some(Overlay::Help { .. }) = self.overlay {
            self.overlay = None;
        }
        self.notice = None;
        self.cursor = square;
        if let Mode::Play(_) = self.mode {
            self.play_move_to(square);
        } else {
            self.set_start(square);
        }
    }

    /// The path view and back; a board too large to follow a path on gets the shade zoom.
    fn toggle_view(&mut self) {
        let board = self.setup.board;
        if self.view.tour_view == TourView::Numbers
            && board.rows().max(board.cols()) > PATH_MAX_SIDE
        {
            self.view.zoom = Zoom::Shade;
            self.notice = Some(Notice::Message(format!(
                "a path on a board wider than {PATH_MAX_SIDE} cannot be followed: shown as the \
                 visit-order shade (z changes the zoom)"
            )));
            return;
        }
        self.view.tour_view = match self.view.tour_view {
            TourView::Numbers => TourView::Path,
            TourView::Path => TourView::Numbers,
        };
        if self.tour().is_none() {
            self.notice = Some(Notice::Message(
                "the path view shows a finished tour".into(),
            ));
        }
    }

    fn move_cursor(&mut self, rows: i32, cols: i32) {
        let board = self.setup.board;
        let row = self
            .cursor
            .row
            .saturating_add_signed(rows)
            .min(board.rows() - 1);
        let col = self
            .cursor
            .col
            .saturating_add_signed(cols)
            .min(board.cols() - 1);
        self.cursor = Square::new(row, col);
        self.view.follow = Follow::Cursor;
    }
}

/// A page of `shown` squares, as a signed step (a page keeps one square of overlap).
fn page_step(shown: u32) -> i32 {
    i32::try_from(shown.saturating_sub(1).max(1)).unwrap_or(i32::MAX)
}
