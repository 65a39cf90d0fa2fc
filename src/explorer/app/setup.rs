//! What the user chooses before a search runs: the board, the piece, the start, open or
//! closed, the method ([`Setup`], [`METHODS`]) and the play speed ([`Speed`]); and what a
//! change of them does to the app: a new search from the beginning ([`App`]'s reset, start,
//! resize and change of piece).

use std::fmt;
use std::str::FromStr;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::existence::Verdict;
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::quote::quoted;
use knights_tour_engine::search::SearchConfig;
use knights_tour_engine::solve::Method;

use super::{App, Attempt, Clock, Follow, MAX_SIDE, Motion, Notice, thousands};
use crate::explorer::stepped::SteppedSearch;

/// The methods the explorer can show, in the order `m` cycles through them: three searches
/// shown step by step, and two that answer whole, the construction (shown block by block
/// where it builds the tour from blocks) and `auto`, the command line's layered solve (the
/// layer that answered named in the panel, a construction shown as `construct`'s).
pub const METHODS: [Method; 5] = [
    Method::Warnsdorff,
    Method::Backtrack,
    Method::Naive,
    Method::Construct,
    Method::Auto,
];

/// The method after `method` in the cycle of `m`.
pub fn next_method(method: Method) -> Method {
    let at = METHODS.iter().position(|&other| other == method);
    METHODS[at.map_or(0, |at| (at + 1) % METHODS.len())]
}

/// Play speeds `+` and `-` step through, in search steps a second; past the last is full speed.
const SPEEDS: [u32; 16] = [
    1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 250_000,
];

/// How fast play goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Speed {
    /// This many steps a second.
    PerSecond(u32),
    /// As many steps as fit in each frame.
    Max,
}

impl Speed {
    /// The next faster speed.
    pub fn faster(self) -> Self {
        match self {
            Speed::PerSecond(rate) => SPEEDS
                .iter()
                .find(|&&level| level > rate)
                .map_or(Speed::Max, |&level| Speed::PerSecond(level)),
            Speed::Max => Speed::Max,
        }
    }

    /// The next slower speed.
    pub fn slower(self) -> Self {
        match self {
            Speed::PerSecond(rate) => {
                Speed::PerSecond(SPEEDS.iter().rev().find(|&&l| l < rate).map_or(1, |&l| l))
            }
            Speed::Max => Speed::PerSecond(SPEEDS[SPEEDS.len() - 1]),
        }
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Speed::PerSecond(1) => f.write_str("1 step/s"),
            Speed::PerSecond(rate) => write!(f, "{} steps/s", thousands(u64::from(*rate))),
            Speed::Max => f.write_str("full speed"),
        }
    }
}

impl FromStr for Speed {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("max") {
            return Ok(Speed::Max);
        }
        match text.parse::<u32>() {
            Ok(rate) if rate >= 1 => Ok(Speed::PerSecond(rate)),
            _ => Err(format!(
                "invalid speed {}: expected steps per second (1 or more) or 'max'",
                quoted(text)
            )),
        }
    }
}

/// What the user has chosen: the board, the piece, the start, open or closed, and the method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub board: Board,
    /// The piece that tours (`K` changes it).
    pub piece: Leaper,
    /// The first square of the tour.
    pub start: Square,
    /// Whether the tour must be closed.
    pub closed: bool,
    /// How to search.
    pub method: Method,
}

impl Setup {
    /// How `method` searches this setup step by step (its piece, open or closed), if it does.
    pub fn search_config(&self, method: Method) -> Option<SearchConfig> {
        method
            .search_config(self.closed)
            .map(|config| config.with_piece(self.piece))
    }
}

impl App {
    /// `K`: the next named piece (knight, camel, zebra, giraffe, wazir, ferz, king, hopido,
    /// and back), from the beginning; a map of the old piece's tours is no longer shown.
    pub(super) fn next_piece(&mut self) {
        self.setup.piece = self.setup.piece.next_named();
        self.reset();
        self.notice = Some(Notice::Message(piece_sentence(self.setup.piece)));
    }

    pub(super) fn set_start(&mut self, square: Square) {
        if let Some(refusal) = self.start_refused(square) {
            self.notice = Some(Notice::Message(refusal));
            return;
        }
        self.setup.start = square;
        self.reset();
    }

    pub(super) fn resize(&mut self, rows: i32, cols: i32) {
        let board = self.setup.board;
        let side = |now: u32, by: i32| now.saturating_add_signed(by).clamp(1, MAX_SIDE);
        let (new_rows, new_cols) = (side(board.rows(), rows), side(board.cols(), cols));
        if (new_rows, new_cols) == (board.rows(), board.cols()) {
            self.notice = Some(Notice::Message(format!(
                "sides stay between 1 and {MAX_SIDE}"
            )));
            return;
        }
        let board = Board::new(u64::from(new_rows), u64::from(new_cols)).expect("sides >= 1");
        let clamp = |square: Square| {
            Square::new(square.row.min(new_rows - 1), square.col.min(new_cols - 1))
        };
        let shape = match self.shape_resized(board) {
            Some(Err(message)) => {
                self.notice = Some(Notice::Message(format!("{board}: {message}")));
                return;
            }
            Some(Ok(shape)) => Some(shape),
            None => None,
        };
        self.setup.board = board;
        self.setup.start = clamp(self.setup.start);
        self.end = self.end.map(clamp);
        self.cursor = clamp(self.cursor);
        match shape {
            // The holes and clues still inside stay; the start and the end move off them.
            Some(shape) => self.set_shape(shape),
            None => self.reset(),
        }
    }

    /// Back to the beginning with the current setup: a new search (or the theorems' verdict).
    pub(super) fn reset(&mut self) {
        let setup = self.setup;
        let Setup {
            board,
            start,
            method,
            ..
        } = setup;
        self.motion = Motion::Still;
        self.budget_hit = false;
        self.auto_asked = false;
        self.clock = Clock::new(self.clock.speed);
        self.view.follow = Follow::Knight;
        self.attempt = match self.theorems_verdict() {
            Verdict::Impossible(reason) => Attempt::Impossible(reason),
            Verdict::Certain | Verdict::Open => match setup.search_config(method) {
                None => Attempt::Whole(None),
                // The stepped search keeps no clue: the engine's solve answers whole.
                Some(_) if self.clues_bind() => Attempt::Whole(None),
                Some(config) => {
                    let memory = self.search_memory();
                    let shape = self.shared_shape();
                    match SteppedSearch::on_shape(board, (start, self.end), config, memory, shape) {
                        Ok(stepped) => Attempt::Stepped(Box::new(stepped)),
                        Err(error) => Attempt::Failed(error.to_string()),
                    }
                }
            },
        };
        self.maps_follow_setup();
    }
}

/// What `K` says of the piece it chose: its name and its leaps, `piece: the zebra,
/// (2,3)-leaper`, `piece: the king, (0,1)+(1,1)-leaper`.
pub fn piece_sentence(piece: Leaper) -> String {
    let leaps: Vec<String> = piece.leaps().map(|(a, b)| format!("({a},{b})")).collect();
    format!("piece: the {piece}, {}-leaper", leaps.join("+"))
}
