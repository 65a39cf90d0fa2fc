//! The explorer's state and its update: what the user chose, the search being animated, and
//! what each [`Action`] does to them. Nothing here touches a terminal: the run loop feeds in
//! actions and elapsed time ([`App::update`], [`App::tick`]); tests and the `demo.tape` replay
//! do the same without one.
//!
//! What the explorer is doing is one value, its mode (`Mode`): exploring its own search (the
//! board, or a map over it), the method race, or play; one at a time, so that a race and a game,
//! or a game and a map, cannot both be on. The explorer's own search stays underneath the race
//! and play, paused, and is there again when they end. Above the mode, at most one overlay
//! (`Overlay`) takes the keys first: the help, or a prompt. [`App::update`] sends each action
//! to the help if it is open, else to the mode's own update, in one `match`; actions every mode
//! lets through (the cursor, the go-to prompt, writing, the view, the zoom, the help, quitting)
//! are done in one place for all of them. A prompt takes typed keys ([`App::type_key`]) before
//! the key map turns them into actions.
//!
//! [`App`] is one struct with its `impl` spread over the files of this module:
//!
//! - this file: the fields and their small types (the attempt and the tour it shows, held
//!   once; the motion, a replay among them; the one notice; the clock and the view), the mode
//!   and the overlays, and the public accessors;
//! - `update`: [`App::update`], which sends each action on to the code that does it, and the
//!   actions every mode lets through (the cursor, the view, the zoom);
//! - `end`: the end square (`E`) and the route it asks for;
//! - `setup`: the choices ([`Setup`], [`Speed`], [`METHODS`]), resizing, and the reset that
//!   starts a new search;
//! - `stepping`: stepping forward and back, play, finishing, the replay and the clock;
//! - `status`: what the panel says ([`Status`], [`Figures`]);
//! - `scene`: what the board shows ([`Scene`]);
//! - `prompt`: the prompts (`g` go to, `w` and `e` write, the overwrite question), which take
//!   typed keys and pasted text while open;
//! - `files`: tours opened from a file (`--tour`) and written to one (`w`, `e`), and the
//!   [`SaveNotice`] that says what became of a save;
//! - `telling`: the construction told step by step ([`Telling`], the engine's story told);
//! - `shaped`: boards of any shape: holes (`x`) and clues (`#`), opened with `--board`, and
//!   what they change in the other keys;
//! - `making`: a new puzzle of the board's shape (`N`), made on a thread of its own;
//! - `maps`: the starts map (`s`) and the ends map (`t`), made on a thread of their own;
//! - `race`: the method race (`R`): two methods side by side, fair in nodes ([`Race`]);
//! - `play`: play (`P`): the player's own tour, each position judged by the engine ([`Play`]);
//! - `budget`: what the host's [`Allowance`] mean for the searches' memory and the turns of
//!   background work.

mod budget;
mod end;
mod files;
mod making;
mod maps;
mod play;
mod prompt;
mod race;
mod scene;
mod setup;
mod shaped;
mod status;
mod stepping;
mod telling;
mod update;

use std::sync::Arc;
use std::time::Duration;

use knights_tour_engine::board::Square;
use knights_tour_engine::existence::NoTourReason;
use knights_tour_engine::search::SearchEvent;
use knights_tour_engine::shape::Shape;
use knights_tour_engine::solve::{Layer, Method, Outcome};
use knights_tour_engine::tour::Tour;

use super::allowance::Allowance;
use super::keys::Action;
use super::rewind::RewindableSearch;
use super::stepped::SteppedSearch;

pub use files::SaveNotice;
pub use maps::{MapKind, map_method};
pub use play::{Judgement, Play, PlayMove, PlayView, Standing};
pub use prompt::{MAX_PROMPT_BYTES, PromptPurpose};
pub use race::{
    DEFAULT_RACERS, Factor, Finish, Lane, LaneEnd, RACING_METHODS, Race, RaceStatus, factor_label,
    parse_racers,
};
pub use scene::{Follow, KnightState, Scene, StartsView, TourView, Zoom};
pub use setup::{METHODS, Setup, Speed, next_method, piece_sentence};
pub use status::{Figures, Status, count_of, thousands};
pub use telling::Telling;

/// The longest side the explorer takes (the solver goes further): a million squares.
pub(crate) const MAX_SIDE: u32 = 1000;
/// The farthest the help scrolls: more than its lines at any width the explorer draws in.
const HELP_SCROLL_MAX: u16 = 200;
/// The longest side on which the path view draws the tour's moves; larger boards get the shade.
pub(crate) const PATH_MAX_SIDE: u32 = 24;
/// The node budget of `f`, by default: a press runs the search until its node count reaches the
/// next multiple of the budget (so the first press stops at the budget itself), then says the
/// budget is exhausted.
pub const FINISH_NODE_BUDGET: u64 = 20_000_000;

/// What runs on its own between key presses in the explorer (the race has its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Motion {
    /// Nothing: the explorer waits for a key.
    Still,
    /// Steps at the chosen speed.
    Playing,
    /// Steps at full speed until the search ends or expands `until_nodes` nodes.
    Finishing { until_nodes: u64 },
    /// The timeline of the tour found, at move `shown` (before its end: the whole tour shown
    /// is no replay), played on at the chosen speed while `playing`, else paused there.
    Replay { shown: u32, playing: bool },
}

impl Motion {
    /// Whether something runs on its own: the search, or the replay, playing or finishing.
    fn runs(self) -> bool {
        !matches!(self, Motion::Still | Motion::Replay { playing: false, .. })
    }

    /// The move a replay shows, if one is under way (playing or paused).
    fn replay_shown(self) -> Option<u32> {
        match self {
            Motion::Replay { shown, .. } => Some(shown),
            _ => None,
        }
    }

    /// The same motion paused: a replay stays at its move, anything else stops.
    fn paused(self) -> Self {
        match self {
            Motion::Replay { shown, .. } => Motion::Replay {
                shown,
                playing: false,
            },
            _ => Motion::Still,
        }
    }
}

/// The one line of news the explorer has for the user, until the next key (one at a time: a
/// new one takes the place of the last).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Notice {
    /// A plain message: the last thing that could not be done, say, or what a key changed.
    /// The panel shows it (the race, under its finish line).
    Message(String),
    /// What became of a save, or why none was tried: shown over the key bar, where every
    /// screen has room.
    Save(SaveNotice),
}

/// The fraction of a step owed by play at a slow speed, carried from one tick to the next (at
/// 10 steps a second and 60 frames a second, a step falls due every sixth frame); shared by the
/// explorer's play and the race's.
#[derive(Debug, Clone, Copy, Default)]
struct Owed(f64);

impl Owed {
    /// How long until the next whole step falls due at `rate` steps a second; at least `frame`.
    fn wait(self, rate: u32, frame: Duration) -> Duration {
        Duration::from_secs_f64((1.0 - self.0).max(0.0) / f64::from(rate)).max(frame)
    }

    /// Adds what `elapsed` owes at `rate` steps a second and takes the whole steps due.
    fn take(&mut self, elapsed: Duration, rate: u32) -> u64 {
        self.0 += elapsed.as_secs_f64() * f64::from(rate);
        // A hair of slack so that rounding cannot lose a step owed.
        let whole = (self.0 + 1e-9).floor();
        self.0 -= whole;
        whole as u64
    }
}

/// The pace of play and the time it took since the last reset.
#[derive(Debug, Clone, Copy)]
struct Clock {
    /// The play speed.
    speed: Speed,
    /// The fraction of a step owed at a slow speed.
    owed: Owed,
    /// Time spent searching (playing and finishing).
    searching: Duration,
    /// Time spent replaying the tour found.
    replaying: Duration,
}

impl Clock {
    /// A clock at `speed`, no time spent.
    fn new(speed: Speed) -> Self {
        Self {
            speed,
            owed: Owed::default(),
            searching: Duration::ZERO,
            replaying: Duration::ZERO,
        }
    }
}

/// Rows and columns of the board in view: what a page is.
#[derive(Debug, Clone, Copy)]
struct Page {
    /// Rows in view.
    rows: u32,
    /// Columns in view.
    cols: u32,
}

/// How the board is looked at: the tour's drawing, the zoom, what the viewport follows and
/// where.
#[derive(Debug, Clone, Copy)]
struct View {
    /// How a finished tour is drawn.
    tour_view: TourView,
    /// How much of the board a screen shows, and how each square is drawn.
    zoom: Zoom,
    /// What the viewport keeps in sight.
    follow: Follow,
    /// What the board showed last frame.
    page: Page,
    /// How many times the user asked to centre on the knight (the viewport centres when this
    /// changes).
    centre_requests: u32,
}

/// The thing being animated.
#[derive(Debug, Clone)]
enum Attempt {
    /// The theorems rule the tour out: nothing to search.
    Impossible(NoTourReason),
    /// A search stepped event by event (boxed: it is large, the others are small).
    Stepped(Box<SteppedSearch>),
    /// A method that answers whole (construct, or `auto`): `None` until asked; its tour, if
    /// it found one, as the board shows it.
    Whole(Option<Box<Outcome<TourShown>>>),
    /// The method could not run.
    Failed(String),
    /// A tour opened from a file, validated before the explorer started.
    Opened {
        /// The file's name, as the panel gives it.
        source: String,
        shown: Box<TourShown>,
    },
}

impl Attempt {
    /// The tour opened or answered whole, with what the board shows of it.
    fn shown(&self) -> Option<&TourShown> {
        match self {
            Attempt::Whole(Some(outcome)) => match &**outcome {
                Outcome::Tour { tour, .. } => Some(tour),
                _ => None,
            },
            Attempt::Opened { shown, .. } => Some(shown),
            _ => None,
        }
    }

    /// The same, to change what the board shows.
    fn shown_mut(&mut self) -> Option<&mut TourShown> {
        match self {
            Attempt::Whole(Some(outcome)) => match &mut **outcome {
                Outcome::Tour { tour, .. } => Some(tour),
                _ => None,
            },
            Attempt::Opened { shown, .. } => Some(shown),
            _ => None,
        }
    }
}

/// A validated tour shown whole (opened from a file, or answered whole), with its visit
/// numbers and, when the construction built it from blocks, the story of it being told.
#[derive(Debug, Clone)]
struct TourShown {
    tour: Tour,
    /// Visit numbers by square index, 0 for unvisited, of what the board shows: the tour's,
    /// or while a construction is told, the pieces' laid so far, each in its own order.
    visits: Vec<u32>,
    /// The construction told step by step, when the construct layer built the tour.
    telling: Option<Telling>,
}

impl TourShown {
    /// `tour` with its visit numbers, shown whole.
    fn whole(tour: Tour, visits: Vec<u32>) -> Self {
        Self {
            tour,
            visits,
            telling: None,
        }
    }

    /// The tour, unless a construction is still being told (it shows pieces, not yet a
    /// tour).
    fn tour(&self) -> Option<&Tour> {
        match &self.telling {
            Some(telling) if !telling.is_complete() => None,
            _ => Some(&self.tour),
        }
    }
}

/// What the explorer is doing: see the module docs.
#[derive(Debug, Clone)]
enum Mode {
    /// Watching its own search (or a construction, or the tour opened).
    Explore {
        /// The map shown over the board (`s`, `t`), if one is: `Enter` then picks on it.
        map: Option<MapKind>,
    },
    /// The method race (`R`): the explorer's own search waits, paused, underneath.
    Race {
        race: Box<Race>,
        /// The map that was shown when the race began, shown again when it ends.
        map: Option<MapKind>,
    },
    /// Play (`P`): the player's own tour; the explorer's search waits, paused, underneath.
    Play(Box<Play>),
}

/// What is drawn over the mode's screen and takes the keys before it.
#[derive(Debug, Clone)]
enum Overlay {
    /// The help (`?`), scrolled down by `scroll` lines when it is taller than the terminal.
    Help { scroll: u16 },
    /// A prompt: it takes typed keys, which never become actions while it is open.
    Prompt(prompt::Prompt),
}

/// The explorer: see the module docs.
#[derive(Debug, Clone)]
pub struct App {
    setup: Setup,
    /// The board's holes and clues, when it has any (see `shaped`): `None` on a whole
    /// rectangle, where every key does what it always did.
    shape: Option<Arc<Shape>>,
    /// The square an open tour must end on (`E`), if any.
    end: Option<Square>,
    cursor: Square,
    /// What is searched, or the answer shown.
    attempt: Attempt,
    motion: Motion,
    /// The node budget of `f` (see [`FINISH_NODE_BUDGET`]).
    finish_budget: u64,
    /// Whether `f` has asked `auto` since the last reset (another piece's, in `stepping`).
    auto_asked: bool,
    budget_hit: bool,
    /// The play speed and the time spent.
    clock: Clock,
    /// What the explorer is doing.
    mode: Mode,
    /// The help or a prompt, over the mode, if one is open.
    overlay: Option<Overlay>,
    /// The starts and ends maps: their work and the maps made.
    maps: maps::Maps,
    /// A puzzle being made (`N`), and the one on the board.
    making: Option<making::Making>,
    puzzle: Option<making::MadePuzzle>,
    view: View,
    quit: bool,
    /// The terminal is to be cleared and the whole screen drawn again (`Ctrl-L`).
    full_redraw: bool,
    /// The line of news for the user, until the next key.
    notice: Option<Notice>,
    /// The methods `R` races.
    racers: [Method; 2],
    /// Whether `w` may write files (not over SSH, where the files would be the server's).
    files: bool,
    /// The memory and the threads the host lets the explorer use.
    allowance: Allowance,
}

impl App {
    /// An explorer on `setup`, ready to search, playing at `speed`, with the local explorer's
    /// limits ([`Allowance::local`]).
    pub fn new(setup: Setup, speed: Speed) -> Self {
        let mut app = Self {
            setup,
            shape: None,
            end: None,
            cursor: setup.start,
            attempt: Attempt::Failed(String::new()),
            motion: Motion::Still,
            finish_budget: FINISH_NODE_BUDGET,
            auto_asked: false,
            budget_hit: false,
            clock: Clock::new(speed),
            mode: Mode::Explore { map: None },
            overlay: None,
            maps: Default::default(),
            making: None,
            puzzle: None,
            view: View {
                tour_view: TourView::Numbers,
                zoom: Zoom::Numbers,
                follow: Follow::Knight,
                page: Page { rows: 8, cols: 8 },
                centre_requests: 0,
            },
            quit: false,
            full_redraw: false,
            notice: None,
            racers: DEFAULT_RACERS,
            files: true,
            allowance: Allowance::local(),
        };
        app.reset();
        app
    }

    /// The same explorer without file access: `w` says it cannot write (a served session,
    /// whose files would be the server's).
    pub(crate) fn without_files(mut self) -> Self {
        self.files = false;
        self
    }

    /// The same explorer with another node budget for each press of `f`.
    pub fn with_finish_budget(mut self, nodes: u64) -> Self {
        self.finish_budget = nodes.max(1);
        self
    }

    /// The board, piece, start, open/closed and method chosen.
    pub fn setup(&self) -> Setup {
        self.setup
    }

    /// The cursor square.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The play speed.
    pub fn speed(&self) -> Speed {
        self.clock.speed
    }

    /// How a finished tour is drawn.
    pub fn view(&self) -> TourView {
        self.view.tour_view
    }

    /// Tells the app how many rows and columns of the board are in view, so that a page key
    /// moves by a screenful.
    pub fn set_page(&mut self, rows: u32, cols: u32) {
        self.view.page = Page {
            rows: rows.max(1),
            cols: cols.max(1),
        };
    }

    /// The board's zoom level.
    pub fn zoom(&self) -> Zoom {
        self.view.zoom
    }

    /// Lines the help is scrolled down by (the screen stops it at the help's end).
    pub(crate) fn help_scroll(&self) -> u16 {
        match self.overlay {
            Some(Overlay::Help { scroll }) => scroll,
            _ => 0,
        }
    }

    /// Whether the help is open.
    pub fn help_open(&self) -> bool {
        matches!(self.overlay, Some(Overlay::Help { .. }))
    }

    /// Whether the user asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// A one-off message for the user (the last thing that could not be done, say), shown
    /// in the panel until the next key.
    pub fn message(&self) -> Option<&str> {
        match &self.notice {
            Some(Notice::Message(message)) => Some(message),
            _ => None,
        }
    }

    /// What became of the last save, or why none was tried; shown over the key bar until the
    /// next key.
    pub fn notice(&self) -> Option<&SaveNotice> {
        match &self.notice {
            Some(Notice::Save(saved)) => Some(saved),
            _ => None,
        }
    }

    /// The tour found, once validated (in play, the player's, once complete).
    pub fn tour(&self) -> Option<&Tour> {
        match (&self.mode, &self.attempt) {
            (Mode::Play(play), _) => play.tour(),
            (_, Attempt::Stepped(stepped)) => stepped.tour(),
            _ => self.attempt.shown()?.tour(),
        }
    }

    /// Visit numbers by square index, 0 for unvisited: the search's, or else the tour's or
    /// the construction's shown (none at all when nothing is shown).
    fn visits(&self) -> &[u32] {
        match &self.attempt {
            Attempt::Stepped(stepped) => stepped.visits(),
            attempt => attempt.shown().map_or(&[], |shown| &shown.visits),
        }
    }

    /// Time spent searching (playing and finishing) since the last reset; a replay's time is
    /// [`App::replay_elapsed`].
    pub fn elapsed(&self) -> Duration {
        self.clock.searching
    }

    /// Time spent replaying the tour found.
    pub fn replay_elapsed(&self) -> Duration {
        self.clock.replaying
    }

    /// Where the timeline of a found tour stands: the move shown and the tour's length (`N of
    /// N` once the whole tour is shown); `None` before a tour is found, and in play.
    pub fn timeline(&self) -> Option<(u64, u64)> {
        if let Mode::Play(_) = self.mode {
            // A tour played by hand has no timeline to step through: u takes moves back.
            return None;
        }
        let total = self.tour()?.indices().len() as u64;
        Some((self.motion.replay_shown().map_or(total, u64::from), total))
    }

    /// Search events taken since the last reset.
    pub fn steps(&self) -> u64 {
        match &self.attempt {
            Attempt::Stepped(stepped) => stepped.rewindable().steps(),
            attempt => attempt
                .shown()
                .and_then(|shown| shown.telling.as_ref())
                .map_or(0, |telling| telling.shown() as u64),
        }
    }

    /// The knight's path, start first (empty when nothing is searched).
    pub fn path(&self) -> Vec<Square> {
        if self.telling().is_some() {
            // A construction shown step by step has pieces, not yet a path.
            return Vec::new();
        }
        match &self.attempt {
            Attempt::Stepped(stepped) => stepped.rewindable().search().path().collect(),
            attempt => attempt
                .shown()
                .map_or_else(Vec::new, |shown| shown.tour.squares().collect()),
        }
    }

    /// The layer that gave a whole answer (construct), when there is one: on a board too small
    /// to be built from blocks it is a search, not the construction.
    pub fn answered_by(&self) -> Option<Layer> {
        match &self.attempt {
            Attempt::Whole(Some(outcome)) => Some(outcome.layer()),
            _ => None,
        }
    }

    /// Whether the whole answer shown is `auto`'s, asked by `f` for a piece other than the
    /// knight.
    pub fn answered_by_auto(&self) -> bool {
        self.auto_asked && matches!(self.attempt, Attempt::Whole(Some(_)))
    }

    /// The visit number of `square` (1 for the start), if the knight has been there.
    pub fn visit_number(&self, square: Square) -> Option<u32> {
        if self.telling().is_some() {
            // The numbers on a construction's pieces are the pieces' own, not visits.
            return None;
        }
        let board = self.setup.board;
        let shown = self.motion.replay_shown().unwrap_or(u32::MAX);
        let index = board
            .contains(square)
            .then(|| board.index(square) as usize)?;
        self.visits()
            .get(index)
            .copied()
            .filter(|&number| number > 0 && number <= shown)
    }

    /// The last search event, if any.
    pub fn last_event(&self) -> Option<SearchEvent> {
        match &self.attempt {
            Attempt::Stepped(stepped) => stepped.rewindable().last_event(),
            _ => None,
        }
    }

    /// Whether the terminal is to be cleared and the whole screen drawn again; asking clears
    /// the request.
    pub fn take_full_redraw(&mut self) -> bool {
        std::mem::take(&mut self.full_redraw)
    }
}
