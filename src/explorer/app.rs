//! The explorer's state and its update: what the user chose, the search being animated, and
//! what each [`Action`] does to them. Nothing here touches a terminal: the run loop feeds in
//! actions and elapsed time ([`App::update`], [`App::tick`]); tests and the `demo.tape` replay
//! do the same without one.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use crate::engine::board::{Board, Square};
use crate::engine::existence::{self, NoTourReason, Verdict};
use crate::engine::search::{Candidate, SearchEvent};
use crate::engine::solve::{self, Method, Outcome, Request, Stats};
use crate::engine::tour::Tour;

use super::keys::Action;
use super::session::SearchSession;

/// The longest side the explorer takes (the solver goes further): a million squares.
pub const MAX_SIDE: u32 = 1000;
/// The node budget of `f`, by default: a press runs the search until its node count reaches the
/// next multiple of the budget (so the first press stops at the budget itself), then says the
/// budget is exhausted.
pub const FINISH_NODE_BUDGET: u64 = 20_000_000;
/// The longest a burst of search steps may run before the screen is drawn again.
const SLICE: Duration = Duration::from_millis(12);
/// The most time one tick makes up for (after the process was suspended, say).
const MAX_TICK: Duration = Duration::from_millis(250);
/// Steps between two looks at the clock in a burst.
const CLOCK_EVERY: u32 = 1024;

/// The methods the explorer can watch, in the order `m` cycles through them (`auto` is the
/// command line's: it picks a layer rather than showing one).
pub const METHODS: [Method; 4] = [
    Method::Warnsdorff,
    Method::Backtrack,
    Method::Naive,
    Method::Construct,
];

/// The method after `method` in the cycle of `m`.
pub fn next_method(method: Method) -> Method {
    let at = METHODS.iter().position(|&other| other == method);
    METHODS[at.map_or(0, |at| (at + 1) % METHODS.len())]
}

/// Play speeds `+` and `-` step through, in search steps a second; past the last is full speed.
const SPEEDS: [u32; 15] = [
    1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 50_000, 250_000,
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
                "invalid speed '{text}': expected steps per second (1 or more) or 'max'"
            )),
        }
    }
}

/// Digits in groups of three: `3,242,065`.
pub fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// What the user has chosen: the board, the start, open or closed, and the method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub board: Board,
    /// The first square of the tour.
    pub start: Square,
    /// Whether the tour must be closed.
    pub closed: bool,
    /// How to search.
    pub method: Method,
}

/// Where the explorer stands, as the panel says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// Nothing searched yet.
    Ready,
    /// Playing.
    Searching,
    /// Stepped, then stopped, with the search not over.
    Paused,
    /// Running to the end after `f`.
    Finishing,
    /// A tour found and passed by the validator.
    TourFound,
    /// Replaying the tour found.
    Replaying,
    /// Provably no tour: a theorem or an exhausted search.
    NoTour(String),
    /// `f` used its node budget without an answer.
    BudgetExhausted {
        /// Nodes expanded so far.
        nodes: u64,
    },
    /// The greedy pass reached a dead end: no tour found, and no proof that none exists.
    Stuck {
        /// Squares on the path at the dead end.
        depth: u32,
    },
    /// The method could not run (or a tour failed the validator): the message says why.
    Failed(String),
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ready => f.write_str("ready"),
            Status::Searching => f.write_str("searching"),
            Status::Paused => f.write_str("paused"),
            Status::Finishing => f.write_str("finishing"),
            Status::TourFound => f.write_str("tour found and validated"),
            Status::Replaying => f.write_str("replaying the tour"),
            Status::NoTour(reason) => write!(f, "no tour: {reason}"),
            Status::BudgetExhausted { nodes } => write!(
                f,
                "budget exhausted after {} nodes (not a proof; f goes on)",
                thousands(*nodes)
            ),
            Status::Stuck { depth } => write!(
                f,
                "dead end at depth {depth}: the greedy pass gives up (not a proof; \
                 m for backtracking)"
            ),
            Status::Failed(message) => f.write_str(message),
        }
    }
}

/// How a finished tour is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TourView {
    /// Visit numbers on the squares.
    Numbers,
    /// The knight's path as lines between the squares.
    Path,
}

/// What the board follows when it is larger than the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Follow {
    /// The cursor, after it moved.
    Cursor,
    /// The knight, while the search runs.
    Knight,
}

/// What runs on its own between key presses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Motion {
    /// Nothing: the explorer waits for a key.
    Still,
    /// Steps at the chosen speed.
    Playing,
    /// Steps at full speed until the search ends or expands `until_nodes` nodes.
    Finishing { until_nodes: u64 },
}

/// The thing being animated.
#[derive(Debug, Clone)]
enum Attempt {
    /// The theorems rule the tour out: nothing to search.
    Impossible(NoTourReason),
    /// A search stepped event by event (boxed: it is large, the others are small).
    Stepped(Box<SearchSession>),
    /// A method that answers whole (construct): `None` until asked.
    Whole(Option<Outcome>),
    /// The method could not run.
    Failed(String),
}

/// What the board shows of the search right now: the inputs of the board widget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scene<'a> {
    /// The board.
    pub board: Board,
    /// Visit numbers by [`Board::index`], 0 for unvisited.
    pub visits: &'a [u32],
    /// Visit numbers above this are drawn as unvisited (a replay in progress).
    pub shown_up_to: u32,
    /// The knight's square and what it is doing.
    pub knight: Option<(Square, KnightState)>,
    /// The start square.
    pub start: Square,
    /// The cursor.
    pub cursor: Square,
    /// The knight's untried candidates with their degrees, in the order they will be tried.
    pub candidates: Vec<Candidate>,
    /// The square the last backtrack took off the path, and whether it was a dead end.
    pub undone: Option<(Square, bool)>,
    /// The tour in visit order, when the path view is on.
    pub path: Option<&'a [u32]>,
    /// Whether the path closes (draw the last move back to the start).
    pub closed: bool,
    /// The square the viewport keeps in sight.
    pub focus: Square,
}

/// What the knight is doing, for how its square is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnightState {
    /// Standing: candidates ahead, or the search has not started.
    Ready,
    /// Every candidate tried: the next step takes this square back.
    Exhausted,
    /// No candidate at all: a dead end.
    DeadEnd,
    /// The tour is complete.
    Done,
}

/// The explorer: see the module docs.
#[derive(Debug, Clone)]
pub struct App {
    setup: Setup,
    cursor: Square,
    attempt: Attempt,
    /// Visit numbers by square index, 0 for unvisited; kept in step with the engine.
    visits: Vec<u32>,
    /// The validated tour, once found.
    tour: Option<Tour>,
    /// The validator's complaint, if a "tour" failed it (a bug in a layer).
    invalid: Option<String>,
    motion: Motion,
    /// The node budget of `f` (see [`FINISH_NODE_BUDGET`]).
    finish_budget: u64,
    budget_hit: bool,
    /// Squares shown so far of a replay in progress.
    replay: Option<u32>,
    speed: Speed,
    /// Fractions of a step owed by play at a slow speed.
    owed: f64,
    elapsed: Duration,
    view: TourView,
    follow: Follow,
    help: bool,
    quit: bool,
    message: Option<String>,
}

impl App {
    /// An explorer on `setup`, ready to search, playing at `speed`.
    pub fn new(setup: Setup, speed: Speed) -> Self {
        let mut app = Self {
            setup,
            cursor: setup.start,
            attempt: Attempt::Failed(String::new()),
            visits: Vec::new(),
            tour: None,
            invalid: None,
            motion: Motion::Still,
            finish_budget: FINISH_NODE_BUDGET,
            budget_hit: false,
            replay: None,
            speed,
            owed: 0.0,
            elapsed: Duration::ZERO,
            view: TourView::Numbers,
            follow: Follow::Knight,
            help: false,
            quit: false,
            message: None,
        };
        app.reset();
        app
    }

    /// The same explorer with another node budget for each press of `f`.
    pub fn with_finish_budget(mut self, nodes: u64) -> Self {
        self.finish_budget = nodes.max(1);
        self
    }

    /// The board, start, open/closed and method chosen.
    pub fn setup(&self) -> Setup {
        self.setup
    }

    /// The cursor square.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The play speed.
    pub fn speed(&self) -> Speed {
        self.speed
    }

    /// How a finished tour is drawn.
    pub fn view(&self) -> TourView {
        self.view
    }

    /// Whether the help is open.
    pub fn help_open(&self) -> bool {
        self.help
    }

    /// Whether the user asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// A one-off message for the user (the last thing that could not be done, say).
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The tour found, once validated.
    pub fn tour(&self) -> Option<&Tour> {
        self.tour.as_ref()
    }

    /// Time spent playing and finishing since the last reset.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// Search events taken since the last reset.
    pub fn steps(&self) -> u64 {
        match &self.attempt {
            Attempt::Stepped(session) => session.steps(),
            _ => 0,
        }
    }

    /// The knight's path, start first (empty when nothing is searched).
    pub fn path(&self) -> Vec<Square> {
        match &self.attempt {
            Attempt::Stepped(session) => session.search().path().collect(),
            Attempt::Whole(Some(Outcome::Tour { tour, .. })) => tour.squares().collect(),
            _ => Vec::new(),
        }
    }

    /// The visit number of `square` (1 for the start), if the knight has been there.
    pub fn visit_number(&self, square: Square) -> Option<u32> {
        let board = self.setup.board;
        let shown = self.replay.unwrap_or(u32::MAX);
        board
            .contains(square)
            .then(|| self.visits[board.index(square) as usize])
            .filter(|&number| number > 0 && number <= shown)
    }

    /// The last search event, if any.
    pub fn last_event(&self) -> Option<SearchEvent> {
        match &self.attempt {
            Attempt::Stepped(session) => session.last_event(),
            _ => None,
        }
    }

    /// Nodes, backtracks, deepest path and squares on the path now.
    pub fn figures(&self) -> Figures {
        match &self.attempt {
            Attempt::Stepped(session) => {
                let stats = session.search().stats();
                Figures {
                    nodes: stats.nodes,
                    backtracks: stats.backtracks,
                    max_depth: stats.max_depth,
                    depth: session.search().depth(),
                }
            }
            Attempt::Whole(Some(outcome)) => {
                let Stats {
                    nodes,
                    backtracks,
                    max_depth,
                    ..
                } = *outcome.stats();
                let depth = match outcome {
                    Outcome::Tour { tour, .. } => tour.indices().len() as u32,
                    _ => 0,
                };
                Figures {
                    nodes,
                    backtracks,
                    // A constructed tour has no search path: its deepest is the whole tour.
                    max_depth: max_depth.max(depth),
                    depth,
                }
            }
            _ => Figures::default(),
        }
    }

    /// Where the explorer stands.
    pub fn status(&self) -> Status {
        if let Some(message) = &self.invalid {
            return Status::Failed(message.clone());
        }
        if self.replay.is_some() {
            return Status::Replaying;
        }
        match &self.attempt {
            Attempt::Impossible(reason) => Status::NoTour(reason.to_string()),
            Attempt::Failed(message) => Status::Failed(message.clone()),
            Attempt::Whole(None) => Status::Ready,
            Attempt::Whole(Some(outcome)) => match outcome {
                Outcome::Tour { .. } => Status::TourFound,
                Outcome::NoTour { reason, .. } => Status::NoTour(reason.to_string()),
                Outcome::BudgetExceeded { stats, .. } => {
                    Status::BudgetExhausted { nodes: stats.nodes }
                }
            },
            Attempt::Stepped(session) => match session.last_event() {
                Some(SearchEvent::Solved) => Status::TourFound,
                Some(SearchEvent::Exhausted) => Status::NoTour(
                    NoTourReason::ExhaustiveSearch {
                        start: self.setup.start,
                        nodes: session.search().stats().nodes,
                    }
                    .to_string(),
                ),
                Some(SearchEvent::Stuck) => Status::Stuck {
                    depth: session.search().depth(),
                },
                _ => match self.motion {
                    Motion::Finishing { .. } => Status::Finishing,
                    Motion::Playing => Status::Searching,
                    Motion::Still if self.budget_hit => Status::BudgetExhausted {
                        nodes: session.search().stats().nodes,
                    },
                    Motion::Still if session.steps() == 0 => Status::Ready,
                    Motion::Still => Status::Paused,
                },
            },
        }
    }

    /// Whether something runs on its own, so the run loop must come back without a key.
    pub fn is_animating(&self) -> bool {
        self.motion != Motion::Still
    }

    /// How long the run loop may wait for a key before [`App::tick`] is due, at most; `None`
    /// when nothing runs on its own (wait for a key for ever: no CPU while idle).
    pub fn next_tick_in(&self, frame: Duration) -> Option<Duration> {
        match (self.motion, self.speed) {
            (Motion::Still, _) => None,
            (Motion::Finishing { .. }, _) | (Motion::Playing, Speed::Max) => Some(frame),
            (Motion::Playing, Speed::PerSecond(rate)) => {
                let wait = Duration::from_secs_f64((1.0 - self.owed).max(0.0) / f64::from(rate));
                Some(wait.max(frame))
            }
        }
    }

    /// The board's contents for drawing.
    pub fn scene(&self) -> Scene<'_> {
        let board = self.setup.board;
        let mut scene = Scene {
            board,
            visits: &self.visits,
            shown_up_to: u32::MAX,
            knight: Some((self.setup.start, KnightState::Ready)),
            start: self.setup.start,
            cursor: self.cursor,
            candidates: Vec::new(),
            undone: None,
            path: None,
            closed: self.setup.closed,
            focus: self.cursor,
        };
        if let Attempt::Stepped(session) = &self.attempt {
            let search = session.search();
            let choices = search.choices();
            let state = match session.last_event() {
                Some(SearchEvent::Solved) => KnightState::Done,
                _ if choices.is_dead_end() => KnightState::DeadEnd,
                _ if choices.next().is_none() => KnightState::Exhausted,
                _ => KnightState::Ready,
            };
            scene.knight = Some((search.head(), state));
            if !session.is_over() {
                let tried = choices.tried().len();
                scene.candidates = choices.all()[tried..].to_vec();
            }
            if let Some(SearchEvent::Backtrack {
                undone, dead_end, ..
            }) = session.last_event()
            {
                scene.undone = Some((undone, dead_end));
            }
        }
        if let Some(tour) = &self.tour {
            let path = tour.indices();
            match self.replay {
                Some(shown) => {
                    scene.shown_up_to = shown;
                    let at = path[shown.saturating_sub(1) as usize];
                    scene.knight = Some((board.square_at(at), KnightState::Ready));
                }
                None => {
                    let last = board.square_at(path[path.len() - 1]);
                    scene.knight = Some((last, KnightState::Done));
                    if self.view == TourView::Path {
                        scene.path = Some(path);
                    }
                }
            }
        }
        if self.follow == Follow::Knight
            && let Some((square, _)) = scene.knight
        {
            scene.focus = square;
        }
        scene
    }

    /// Does what `action` asks.
    pub fn update(&mut self, action: Action) {
        self.message = None;
        if self.help {
            // Any key closes the help; only a quit goes on to do its work.
            self.help = false;
            if action != Action::Quit {
                return;
            }
        }
        match action {
            Action::CursorUp => self.move_cursor(-1, 0),
            Action::CursorDown => self.move_cursor(1, 0),
            Action::CursorLeft => self.move_cursor(0, -1),
            Action::CursorRight => self.move_cursor(0, 1),
            Action::SetStart => self.set_start(self.cursor),
            Action::ToggleClosed => {
                self.setup.closed = !self.setup.closed;
                self.reset();
            }
            Action::Step => self.step_forward(),
            Action::StepBack => self.step_back(),
            Action::PlayPause => self.play_pause(),
            Action::Finish => self.finish(),
            Action::Reset => self.reset(),
            Action::NextMethod => {
                self.setup.method = next_method(self.setup.method);
                self.reset();
            }
            Action::Faster => self.speed = self.speed.faster(),
            Action::Slower => self.speed = self.speed.slower(),
            Action::AddRow => self.resize(1, 0),
            Action::RemoveRow => self.resize(-1, 0),
            Action::AddColumn => self.resize(0, 1),
            Action::RemoveColumn => self.resize(0, -1),
            Action::Grow => self.resize(1, 1),
            Action::Shrink => self.resize(-1, -1),
            Action::Replay => self.replay(),
            Action::ToggleView => {
                self.view = match self.view {
                    TourView::Numbers => TourView::Path,
                    TourView::Path => TourView::Numbers,
                };
                if self.tour.is_none() {
                    self.message = Some("the path view shows a finished tour".into());
                }
            }
            Action::Help => self.help = true,
            Action::Escape | Action::Quit => self.quit = true,
        }
    }

    /// A square picked with the mouse: it becomes the cursor and the start.
    pub fn pick(&mut self, square: Square) {
        if self.setup.board.contains(square) {
            self.help = false;
            self.message = None;
            self.cursor = square;
            self.set_start(square);
        }
    }

    /// Lets `elapsed` of wall-clock time pass: play and finishing take the steps due.
    pub fn tick(&mut self, elapsed: Duration) {
        let elapsed = elapsed.min(MAX_TICK);
        match self.motion {
            Motion::Still => {}
            Motion::Finishing { .. } => {
                self.elapsed += elapsed;
                self.finish_slice();
            }
            Motion::Playing => {
                self.elapsed += elapsed;
                let due = match self.speed {
                    Speed::Max => u64::MAX,
                    Speed::PerSecond(rate) => {
                        self.owed += elapsed.as_secs_f64() * f64::from(rate);
                        // A hair of slack so that rounding cannot lose a step owed.
                        let whole = (self.owed + 1e-9).floor();
                        self.owed -= whole;
                        whole as u64
                    }
                };
                if self.replay.is_some() {
                    self.advance_replay(due);
                } else {
                    self.run_steps(due, u64::MAX);
                }
            }
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
        self.follow = Follow::Cursor;
    }

    fn set_start(&mut self, square: Square) {
        self.setup.start = square;
        self.reset();
    }

    fn resize(&mut self, rows: i32, cols: i32) {
        let board = self.setup.board;
        let side = |now: u32, by: i32| now.saturating_add_signed(by).clamp(1, MAX_SIDE);
        let (new_rows, new_cols) = (side(board.rows(), rows), side(board.cols(), cols));
        if (new_rows, new_cols) == (board.rows(), board.cols()) {
            self.message = Some(format!("sides stay between 1 and {MAX_SIDE}"));
            return;
        }
        let board = Board::new(u64::from(new_rows), u64::from(new_cols)).expect("sides >= 1");
        let clamp = |square: Square| {
            Square::new(square.row.min(new_rows - 1), square.col.min(new_cols - 1))
        };
        self.setup.board = board;
        self.setup.start = clamp(self.setup.start);
        self.cursor = clamp(self.cursor);
        self.reset();
    }

    /// Back to the beginning with the current setup: a new search (or the theorems' verdict).
    fn reset(&mut self) {
        let Setup {
            board,
            start,
            closed,
            method,
        } = self.setup;
        self.motion = Motion::Still;
        self.budget_hit = false;
        self.replay = None;
        self.tour = None;
        self.invalid = None;
        self.owed = 0.0;
        self.elapsed = Duration::ZERO;
        self.follow = Follow::Knight;
        self.visits = vec![0; board.area() as usize];
        self.attempt = match existence::verdict(board, start, closed) {
            Verdict::Impossible(reason) => Attempt::Impossible(reason),
            Verdict::Certain | Verdict::Open => match method.search_config(closed) {
                None => Attempt::Whole(None),
                Some(config) => match SearchSession::new(board, start, config) {
                    Ok(session) => {
                        self.visits[board.index(start) as usize] = 1;
                        Attempt::Stepped(Box::new(session))
                    }
                    Err(error) => Attempt::Failed(error.to_string()),
                },
            },
        };
    }

    fn step_forward(&mut self) {
        self.motion = Motion::Still;
        if self.replay.is_some() {
            self.advance_replay(1);
            return;
        }
        if matches!(self.attempt, Attempt::Whole(None)) {
            self.answer_whole();
            return;
        }
        if self.run_steps(1, u64::MAX) == 0 {
            self.message = Some(self.why_no_step());
        }
    }

    fn step_back(&mut self) {
        self.motion = Motion::Still;
        self.follow = Follow::Knight;
        if let Some(shown) = self.replay {
            self.replay = Some(shown.saturating_sub(1).max(1));
            return;
        }
        let Attempt::Stepped(session) = &mut self.attempt else {
            self.message = Some("this method has no steps to go back through".into());
            return;
        };
        if !session.step_back() {
            self.message = Some("at the beginning of the search".into());
            return;
        }
        self.budget_hit = false;
        self.tour = None;
        self.invalid = None;
        self.visits.fill(0);
        let board = self.setup.board;
        for (number, square) in session.search().path().enumerate() {
            self.visits[board.index(square) as usize] = number as u32 + 1;
        }
    }

    fn play_pause(&mut self) {
        if self.motion != Motion::Still {
            self.motion = Motion::Still;
            return;
        }
        if self.replay.is_some() {
            self.motion = Motion::Playing;
            return;
        }
        if matches!(self.attempt, Attempt::Whole(None)) {
            self.answer_whole();
            return;
        }
        match &self.attempt {
            Attempt::Stepped(session) if !session.is_over() => {
                self.follow = Follow::Knight;
                self.budget_hit = false;
                self.motion = Motion::Playing;
            }
            _ if self.tour.is_some() => self.replay(),
            _ => self.message = Some(self.why_no_step()),
        }
    }

    fn finish(&mut self) {
        if self.replay.take().is_some() {
            // Finishing a replay shows the whole tour, and nothing runs on.
            self.motion = Motion::Still;
            return;
        }
        if matches!(self.attempt, Attempt::Whole(None)) {
            self.answer_whole();
            return;
        }
        match &self.attempt {
            Attempt::Stepped(session) if !session.is_over() => {
                let nodes = session.search().stats().nodes;
                let budget = self.finish_budget;
                self.follow = Follow::Knight;
                self.budget_hit = false;
                self.motion = Motion::Finishing {
                    until_nodes: (nodes / budget).saturating_add(1).saturating_mul(budget),
                };
                // Small searches end at once, before the screen is drawn again.
                let started = Instant::now();
                self.finish_slice();
                self.elapsed += started.elapsed();
            }
            _ => self.message = Some(self.why_no_step()),
        }
    }

    fn finish_slice(&mut self) {
        if let Motion::Finishing { until_nodes } = self.motion {
            self.run_steps(u64::MAX, until_nodes);
            if let (Motion::Finishing { .. }, Attempt::Stepped(session)) =
                (self.motion, &self.attempt)
                && session.search().stats().nodes >= until_nodes
            {
                self.motion = Motion::Still;
                self.budget_hit = true;
            }
        }
    }

    fn replay(&mut self) {
        if self.tour.is_none() {
            self.message = Some("no tour to replay yet: find one first".into());
            return;
        }
        self.replay = Some(1);
        self.owed = 0.0;
        self.follow = Follow::Knight;
        self.motion = Motion::Playing;
    }

    fn advance_replay(&mut self, squares: u64) {
        let (Some(shown), Some(tour)) = (self.replay, &self.tour) else {
            return;
        };
        let total = tour.indices().len() as u64;
        let shown = u64::from(shown).saturating_add(squares);
        if shown >= total {
            self.replay = None;
            self.motion = Motion::Still;
        } else {
            self.replay = Some(shown as u32);
        }
    }

    /// Runs the construction (or whichever whole-answer method) and shows its answer.
    fn answer_whole(&mut self) {
        let setup = self.setup;
        let mut request = Request::new(setup.board, setup.start)
            .closed(setup.closed)
            .method(setup.method);
        request.node_budget = self.finish_budget;
        let started = Instant::now();
        self.attempt = match solve::solve(&request) {
            Ok(outcome) => match &outcome {
                Outcome::Tour { tour, .. } => match tour.visit_numbers() {
                    Ok(visits) => {
                        self.visits = visits;
                        self.tour = Some(tour.clone());
                        Attempt::Whole(Some(outcome))
                    }
                    Err(_) => {
                        Attempt::Failed(format!("no memory to show the tour of {}", tour.board()))
                    }
                },
                _ => Attempt::Whole(Some(outcome)),
            },
            Err(error) => Attempt::Failed(error.to_string()),
        };
        self.elapsed += started.elapsed();
    }

    /// Takes up to `steps` search events, stopping at the end of the search, at `node_limit`
    /// nodes or after one time slice; returns the events taken.
    fn run_steps(&mut self, steps: u64, node_limit: u64) -> u64 {
        let Attempt::Stepped(session) = &mut self.attempt else {
            return 0;
        };
        let board = self.setup.board;
        let started = Instant::now();
        let mut taken = 0;
        let mut since_clock = 0;
        while taken < steps && session.search().stats().nodes < node_limit {
            let Some(event) = session.step() else { break };
            taken += 1;
            match event {
                SearchEvent::Advance { to, depth, .. } => {
                    self.visits[board.index(to) as usize] = depth;
                }
                SearchEvent::Backtrack { undone, .. } => {
                    self.visits[board.index(undone) as usize] = 0;
                }
                SearchEvent::Solved => {
                    match session.search().tour() {
                        Ok(tour) => self.tour = Some(tour),
                        Err(error) => {
                            self.invalid =
                                Some(format!("internal error: the validator rejected: {error}"))
                        }
                    }
                    break;
                }
                _ => break,
            }
            since_clock += 1;
            if since_clock == CLOCK_EVERY {
                since_clock = 0;
                if started.elapsed() >= SLICE {
                    break;
                }
            }
        }
        if session.is_over() {
            self.motion = Motion::Still;
        }
        taken
    }

    /// Why a step cannot be taken now.
    fn why_no_step(&self) -> String {
        match self.status() {
            Status::TourFound => "the tour is complete: p replays it, r resets".into(),
            Status::Ready | Status::Paused | Status::Searching | Status::Finishing => {
                "nothing to do".into()
            }
            other => format!("{other}; r resets, m changes the method"),
        }
    }
}

/// The panel's counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Figures {
    /// Nodes expanded (squares placed, the start included).
    pub nodes: u64,
    /// Moves taken back.
    pub backtracks: u64,
    /// The longest path so far.
    pub max_depth: u32,
    /// Squares on the path now.
    pub depth: u32,
}
