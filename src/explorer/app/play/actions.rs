//! What the explorer does in play: `P` in and out, the keys play takes (moves, take-backs,
//! hints, the kind), the judge's news taken in on each tick, and the board shown.

use knights_tour_engine::board::Square;
use knights_tour_engine::notation::short_name;
use knights_tour_engine::quote::counted;
use knights_tour_engine::tour::Tour;

use super::Play;
use crate::explorer::app::{App, Attempt, Follow, KnightState, Mode, Notice, Scene, TourView};
use crate::explorer::keys::Action;

impl App {
    /// The game under way, while play is on.
    pub fn play(&self) -> Option<&Play> {
        match &self.mode {
            Mode::Play(play) => Some(play),
            Mode::Explore { .. } | Mode::Race { .. } => None,
        }
    }

    /// `P`: play on the board, start and kind on screen, or leave play.
    pub(in crate::explorer::app) fn toggle_play(&mut self) {
        let own_memory = self.search_memory();
        if let Mode::Play(_) = self.mode {
            self.mode = Mode::Explore { map: None };
            // The explorer's search gets its history's memory back.
            if let Attempt::Stepped(stepped) = &mut self.attempt {
                stepped.set_memory(own_memory);
            }
            self.notice = Some(Notice::Message(
                "left play: P plays again from the start".into(),
            ));
            return;
        }
        // A replay waits where it is.
        self.motion = self.motion.paused();
        // The explorer's search waits, paused, and gives up its history to the judge.
        let held = match &mut self.attempt {
            Attempt::Stepped(stepped) => {
                stepped.set_memory(0);
                stepped.memory_held()
            }
            _ => 0,
        };
        let setup = self.setup;
        let play = Play::new(
            (setup.board, setup.piece),
            (setup.start, self.end),
            setup.closed,
            (self.allowance.clone(), own_memory.saturating_sub(held)),
            self.shared_shape(),
        );
        // In place of the map, if one was shown.
        self.mode = Mode::Play(Box::new(play));
        self.view.follow = Follow::Knight;
    }

    /// What `action` does in play (the cursor, the go-to prompt, the zoom, the help and
    /// quitting work as everywhere).
    pub(in crate::explorer::app) fn play_update(&mut self, action: Action) {
        let Mode::Play(play) = &mut self.mode else {
            return;
        };
        match action {
            Action::Play => self.toggle_play(),
            Action::NewPuzzle => self.new_puzzle(),
            Action::SetStart => self.play_move_to(self.cursor),
            Action::MoveNumber(number) => {
                let head = play.head();
                let moves = play.moves();
                match moves.iter().find(|step| step.number == number) {
                    Some(step) => self.play_move_to(step.square),
                    None => {
                        self.notice = Some(Notice::Message(format!(
                            "no move {number} from {}: the numbered squares are the moves",
                            short_name(play.board, head)
                        )))
                    }
                }
            }
            Action::StepBack => {
                if play.take_back() {
                    self.view.follow = Follow::Knight;
                } else {
                    self.notice =
                        Some(Notice::Message("at the start: no move to take back".into()));
                }
            }
            Action::Hint => match play.ask_hint() {
                Ok(square) => {
                    self.cursor = square;
                    self.view.follow = Follow::Cursor;
                }
                Err(why) => self.notice = Some(Notice::Message(why)),
            },
            Action::ToggleClosed | Action::MarkEnd if play.end.is_some() => {
                self.notice = Some(Notice::Message(format!(
                    "this game is a {}: P leaves play to change the end or the kind",
                    self.route_text()
                )));
            }
            Action::MarkEnd => {
                self.notice = Some(Notice::Message(
                    "the end is marked before play: P leaves play, then E".into(),
                ));
            }
            Action::ToggleClosed => {
                self.setup.closed = !self.setup.closed;
                play.set_closed(self.setup.closed);
                self.reset();
                // The new search waits too, without a history, while play is on.
                if let Attempt::Stepped(stepped) = &mut self.attempt {
                    stepped.set_memory(0);
                }
            }
            Action::WriteTour | Action::WritePicture if play.tour().is_none() => {
                let left = play.squares() - play.path.len() as u64;
                self.notice = Some(Notice::not_saved(format!(
                    "the tour is not complete: {} to go",
                    counted(left, "square")
                )));
            }
            Action::ToggleView if play.tour().is_none() => {
                self.notice = Some(Notice::Message(
                    "the path view shows the tour once it is complete".into(),
                ));
            }
            Action::WriteTour
            | Action::WritePicture
            | Action::ToggleView
            | Action::CursorUp
            | Action::CursorDown
            | Action::CursorLeft
            | Action::CursorRight
            | Action::PageUp
            | Action::PageDown
            | Action::PageLeft
            | Action::PageRight
            | Action::CentreKnight
            | Action::Goto
            | Action::Zoom
            | Action::Help
            | Action::Redraw
            | Action::Escape
            | Action::Quit => self.update_anywhere(action),
            _ => {
                self.notice = Some(Notice::Message(
                    "in play: Enter or 1-8 moves the knight, u takes a move back, i hints, \
                     o changes the kind; P leaves play"
                        .into(),
                ));
            }
        }
    }

    /// Moves the knight to `square` in play, or says why not.
    pub(in crate::explorer::app) fn play_move_to(&mut self, square: Square) {
        let Mode::Play(play) = &mut self.mode else {
            return;
        };
        match play.advance(square) {
            Ok(()) => self.view.follow = Follow::Knight,
            Err(why) => self.notice = Some(Notice::Message(why)),
        }
    }

    /// Takes in the judge's news; `true` if any came.
    pub(in crate::explorer::app) fn poll_play(&mut self) -> bool {
        let Mode::Play(play) = &mut self.mode else {
            return false;
        };
        let news = play.take_reports();
        if news {
            // A job dropped for the position on the board is asked again.
            play.consult();
        }
        news
    }

    /// Whether the judge is at work (the run loop then keeps looking for its answers).
    pub(in crate::explorer::app) fn play_working(&self) -> bool {
        self.play().is_some_and(|play| play.judge.working())
    }

    /// The board in play: the path, the knight, the squares it may move to, the hint and the
    /// squares a dead verdict names.
    pub(in crate::explorer::app) fn play_scene<'a>(&'a self, play: &'a Play) -> Scene<'a> {
        let board = play.board;
        let head = play.head();
        let state = if play.finished.is_some() {
            KnightState::Done
        } else if play.moves().is_empty() {
            KnightState::DeadEnd
        } else {
            KnightState::Ready
        };
        let focus = match self.view.follow {
            Follow::Knight => head,
            Follow::Cursor => self.cursor,
        };
        let path = match (play.tour(), self.view.tour_view) {
            (Some(tour), TourView::Path) => Some(tour.indices()),
            _ => None,
        };
        Scene {
            board,
            shape: play.shape.as_deref(),
            piece: play.piece,
            visits: &play.visits,
            shown_up_to: u32::MAX,
            last_visit: play.squares(),
            knight: Some((head, state)),
            start: play.path[0],
            end: play.end,
            cursor: self.cursor,
            candidates: Vec::new(),
            undone: None,
            path,
            closed: play.tour().is_some_and(Tour::is_closed),
            focus,
            zoom: self.view.zoom,
            centre_request: self.view.centre_requests,
            seams: None,
            joined: Vec::new(),
            starts: None,
            play: Some(play.view()),
        }
    }
}
