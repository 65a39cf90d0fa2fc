//! The method race (`R`, `--race A,B`): two methods search the same board from the same start,
//! each in its own lane with its own stepped search, board and counters, until both have ended
//! or the node budget ends one; then the finish line says who won and by what factor in nodes.
//!
//! The race is fair in nodes, not in time: both lanes share one node clock ([`Race::clock`]),
//! which play, `n` and `f` move forward and `b` back, and each lane steps its search until it
//! has expanded that many nodes (a backtrack expands none), so after every frame the lanes
//! still running stand at the same node count. A lane that ends stops where it ended. The node
//! budget is the explorer's `f` budget, given to each lane's search as its limit, so a lane
//! that runs out of it ends as the engine says: budget exceeded, never "no tour". Going back a
//! node puts each lane where a run to that node count stops (the search is deterministic, and
//! its session steps back through checkpoints), so a lane that had ended runs again.
//!
//! The race is one of the explorer's modes: while it is on, the app sends it the actions it
//! takes (play, one node on or back, finish, restart, speed, which lane a small screen shows)
//! through [`App`]'s `race_update`, and leaves it on `R` or `Esc`; the explorer's own search
//! waits, paused, underneath.
//!
//! Where things are: this file holds [`Race`] (the lanes, the node clock, play and finishing)
//! and what the app does with it; `lane` one method's run ([`Lane`], [`LaneEnd`]); `finish`
//! who won and by what factor ([`Finish`], [`Factor`], the finish line).

mod finish;
mod lane;

use std::sync::Arc;
use std::time::{Duration, Instant};

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::quote::quoted;
use knights_tour_engine::shape::Shape;
use knights_tour_engine::solve::Method;

use super::{App, Mode, Notice, Owed, Speed};
use crate::explorer::keys::Action;

pub use finish::{Factor, Finish, factor_label};
pub use lane::{Lane, LaneEnd};

/// The methods `R` races unless `--race` named two: plain backtracking against Warnsdorff's
/// rule.
pub const DEFAULT_RACERS: [Method; 2] = [Method::Naive, Method::Warnsdorff];

/// The methods a race can run: those that search step by step (`construct` answers whole).
pub const RACING_METHODS: [Method; 3] = [Method::Warnsdorff, Method::Backtrack, Method::Naive];

/// The longest a tick at full speed (or finishing) may step the lanes before the screen is
/// drawn again, roughly.
const SLICE: Duration = Duration::from_millis(12);
/// Nodes each lane is given in the first tick at full speed; later ticks double or halve it to
/// fill about one [`SLICE`].
const FIRST_CHUNK: u64 = 1024;
/// The fewest nodes a tick at full speed gives each lane.
const MIN_CHUNK: u64 = 64;

/// `--race`'s value: two method names, `A,B`.
pub fn parse_racers(text: &str) -> Result<[Method; 2], String> {
    let names = || {
        let [first @ .., last] = RACING_METHODS.map(Method::name);
        format!("{} or {last}", first.join(", "))
    };
    let Some((first, second)) = text.split_once(',') else {
        return Err(format!(
            "expected two methods separated by a comma, such as naive,warnsdorff ({})",
            names()
        ));
    };
    let method = |name: &str| {
        let name = name.trim();
        RACING_METHODS
            .into_iter()
            .find(|method| method.name() == name)
            .ok_or_else(|| {
                format!(
                    "{} is not a method the race can run: {}",
                    quoted(name),
                    names()
                )
            })
    };
    Ok([method(first)?, method(second)?])
}

/// What runs on its own in the race between key presses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RaceMotion {
    /// Nothing: the race waits for a key.
    Still,
    /// The node clock moves on at the race's speed.
    Playing,
    /// Both lanes run at full speed to their end or the budget.
    Finishing,
}

/// Where the race stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RaceStatus {
    /// Not a node taken yet, and not playing.
    Ready,
    /// Playing at the race's speed.
    Racing,
    /// Stopped before both lanes ended.
    Paused,
    /// Running to the end after `f`.
    Finishing,
    /// Both lanes have ended.
    Over,
}
/// The race: see the module docs.
#[derive(Debug, Clone)]
pub struct Race {
    board: Board,
    /// The piece both lanes move.
    piece: Leaper,
    start: Square,
    /// The square both lanes' tours must end on, if any.
    end: Option<Square>,
    closed: bool,
    lanes: [Lane; 2],
    /// Nodes each lane still running has expanded (see the module docs).
    clock: u64,
    /// The clock at the start: the start square, which each lane stands on before any step.
    first_clock: u64,
    /// Nodes each lane may expand at most.
    budget: u64,
    motion: RaceMotion,
    speed: Speed,
    /// Nodes owed by play at a slow speed.
    owed: Owed,
    /// Nodes a tick gives each lane at full speed and while finishing (adapted to the clock).
    chunk: u64,
    /// The lane whose board a screen with room for one board shows.
    shown: usize,
}

impl Race {
    /// A race of `methods` on `board` from `start` (to `end`, when given), closed or not, each
    /// lane allowed `budget` nodes and half of `memory` bytes, playing at `speed` nodes a
    /// second.
    pub fn new(
        (board, piece): (Board, Leaper),
        (start, end): (Square, Option<Square>),
        closed: bool,
        methods: [Method; 2],
        (budget, speed): (u64, Speed),
        memory: u64,
        shape: Option<Arc<Shape>>,
    ) -> Self {
        let budget = budget.max(1);
        let lanes = methods.map(|method| {
            Lane::new(
                method,
                (board, piece),
                (start, end),
                closed,
                (budget, memory / 2),
                shape.clone(),
            )
        });
        let clock = lanes.iter().map(Lane::nodes).max().unwrap_or(0);
        let mut race = Self {
            board,
            piece,
            start,
            end,
            closed,
            lanes,
            clock,
            first_clock: clock,
            budget,
            motion: RaceMotion::Playing,
            speed,
            owed: Owed::default(),
            chunk: FIRST_CHUNK,
            shown: 0,
        };
        race.stop_if_over();
        race
    }

    /// The two lanes, in the order the methods were named.
    pub fn lanes(&self) -> &[Lane; 2] {
        &self.lanes
    }

    /// The board raced on.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The start square of both lanes.
    pub fn start(&self) -> Square {
        self.start
    }

    /// The square both lanes' tours must end on, if any.
    pub fn end_square(&self) -> Option<Square> {
        self.end
    }

    /// Whether the tour must be closed.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// Nodes each lane still running has expanded.
    pub fn clock(&self) -> u64 {
        self.clock
    }

    /// The node budget of each lane.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// The play speed, in nodes a second for each lane.
    pub fn speed(&self) -> Speed {
        self.speed
    }

    /// The lane whose board a screen with room for one board shows.
    pub fn shown_lane(&self) -> usize {
        self.shown
    }

    /// Where the race stands.
    pub fn status(&self) -> RaceStatus {
        if self.lanes.iter().all(Lane::is_over) {
            return RaceStatus::Over;
        }
        match self.motion {
            RaceMotion::Playing => RaceStatus::Racing,
            RaceMotion::Finishing => RaceStatus::Finishing,
            RaceMotion::Still if self.lanes.iter().all(|lane| lane.nodes() <= 1) => {
                RaceStatus::Ready
            }
            RaceMotion::Still => RaceStatus::Paused,
        }
    }

    /// Play or pause; `false` when the race is over (nothing to play).
    fn play_pause(&mut self) -> bool {
        match self.motion {
            RaceMotion::Still if self.status() == RaceStatus::Over => false,
            RaceMotion::Still => {
                self.motion = RaceMotion::Playing;
                true
            }
            _ => {
                self.motion = RaceMotion::Still;
                true
            }
        }
    }

    /// Both lanes one node further, paused; `false` when the race is over.
    fn step_node(&mut self) -> bool {
        self.motion = RaceMotion::Still;
        if self.status() == RaceStatus::Over {
            return false;
        }
        self.advance_clock(1);
        true
    }

    /// Both lanes back to where they stood one node earlier on the clock, paused; `false` at
    /// the start. A lane that had ended since runs again.
    fn step_back_node(&mut self) -> bool {
        self.motion = RaceMotion::Still;
        if self.clock <= self.first_clock {
            return false;
        }
        self.clock -= 1;
        for lane in &mut self.lanes {
            lane.rewind_to(self.clock);
        }
        true
    }

    /// Runs both lanes to their end or the budget, a slice a frame, the first slice now if
    /// `now`; `false` when the race is over.
    fn finish(&mut self, now: bool) -> bool {
        if self.status() == RaceStatus::Over {
            return false;
        }
        self.motion = RaceMotion::Finishing;
        // Small races end at once, before the screen is drawn again.
        if now {
            self.run_chunk();
        }
        true
    }

    /// Whether the race moves on its own.
    pub(crate) fn is_running(&self) -> bool {
        self.motion != RaceMotion::Still
    }

    /// How long the run loop may wait before the next tick is due; `None` while paused.
    pub fn next_tick_in(&self, frame: Duration) -> Option<Duration> {
        match (self.motion, self.speed) {
            (RaceMotion::Still, _) => None,
            (RaceMotion::Finishing, _) | (RaceMotion::Playing, Speed::Max) => Some(frame),
            (RaceMotion::Playing, Speed::PerSecond(rate)) => Some(self.owed.wait(rate, frame)),
        }
    }

    /// Lets `elapsed` of wall-clock time pass: play moves the node clock on at the race's
    /// speed; full speed and finishing by as many nodes as fill a slice.
    pub fn tick(&mut self, elapsed: Duration) {
        match (self.motion, self.speed) {
            (RaceMotion::Still, _) => {}
            (RaceMotion::Finishing, _) | (RaceMotion::Playing, Speed::Max) => self.run_chunk(),
            (RaceMotion::Playing, Speed::PerSecond(rate)) => {
                let due = self.owed.take(elapsed, rate);
                if due >= 1 {
                    self.advance_clock(due);
                }
            }
        }
    }

    /// One chunk of nodes for each lane, the chunk adapted so that a tick takes about a slice.
    fn run_chunk(&mut self) {
        let started = Instant::now();
        self.advance_clock(self.chunk);
        let took = started.elapsed();
        if took < SLICE / 2 {
            self.chunk = self.chunk.saturating_mul(2);
        } else if took > SLICE {
            self.chunk = (self.chunk / 2).max(MIN_CHUNK);
        }
    }

    /// Moves the node clock on by `nodes` (up to the budget) and brings every lane still
    /// running up to it.
    fn advance_clock(&mut self, nodes: u64) {
        self.clock = self.clock.saturating_add(nodes).min(self.budget);
        let to_the_end = self.clock >= self.budget;
        for lane in &mut self.lanes {
            lane.run_to(self.clock, to_the_end);
        }
        self.stop_if_over();
    }

    fn stop_if_over(&mut self) {
        if self.lanes.iter().all(Lane::is_over) {
            self.motion = RaceMotion::Still;
        }
    }
}

impl App {
    /// The race on screen, if one is.
    pub fn race(&self) -> Option<&Race> {
        match &self.mode {
            Mode::Race { race, .. } => Some(race),
            Mode::Explore { .. } | Mode::Play(_) => None,
        }
    }

    /// The methods `R` races.
    pub fn racers(&self) -> [Method; 2] {
        self.racers
    }

    /// The same explorer with a race of `methods` under way on its setup (`--race`); `R`
    /// races them again later.
    pub fn with_race(mut self, methods: [Method; 2]) -> Self {
        self.racers = methods;
        self.start_race();
        self
    }

    /// A race of the racers on the current board, start and kind, playing at the explorer's
    /// speed within its `f` budget (begun again, from the race). The explorer's own search
    /// waits, paused, and the map shown, if any, with it.
    pub(super) fn start_race(&mut self) {
        let setup = self.setup;
        // A replay waits where it is.
        self.motion = self.motion.paused();
        let map = match self.mode {
            Mode::Explore { map } | Mode::Race { map, .. } => map,
            Mode::Play(_) => None,
        };
        self.mode = Mode::Explore { map };
        if self.clues_bind() {
            self.notice = Some(Notice::Message(
                "a race steps two searches, which keep no clue: f answers a board with clues"
                    .into(),
            ));
            return;
        }
        let memory = match self.race_memory() {
            Ok(memory) => memory,
            Err(message) => {
                self.notice = Some(Notice::Message(message));
                return;
            }
        };
        let race = Race::new(
            (setup.board, setup.piece),
            (setup.start, self.end),
            setup.closed,
            self.racers,
            (self.finish_budget, self.clock.speed),
            memory,
            self.shared_shape(),
        );
        self.mode = Mode::Race {
            race: Box::new(race),
            map,
        };
    }

    /// What `action` does in the race (the help, the zoom and quitting work as everywhere).
    pub(super) fn race_update(&mut self, action: Action) {
        let Mode::Race { race, .. } = &mut self.mode else {
            return;
        };
        let over = "the race is over: r runs it again, R or Esc goes back to the explorer";
        match action {
            Action::Race | Action::Escape => self.leave_race(),
            Action::PlayPause => {
                if !race.play_pause() {
                    self.notice = Some(Notice::Message(over.into()));
                }
            }
            Action::Step => {
                if !race.step_node() {
                    self.notice = Some(Notice::Message(over.into()));
                }
            }
            Action::StepBack => {
                // Taking the lanes back replays their searches: work, in a turn.
                let _turn = self.allowance.turn(None);
                if !race.step_back_node() {
                    self.notice = Some(Notice::Message("at the start of the race".into()));
                }
            }
            Action::Finish => {
                let turn = self.allowance.turn(Some(Duration::ZERO));
                if !race.finish(turn.is_some()) {
                    self.notice = Some(Notice::Message(over.into()));
                }
            }
            Action::Reset => self.start_race(),
            Action::Faster => race.speed = race.speed.faster(),
            Action::Slower => race.speed = race.speed.slower(),
            Action::CursorLeft => race.shown = 0,
            Action::CursorRight => race.shown = 1,
            Action::Help | Action::Zoom | Action::Quit | Action::Redraw => {
                self.update_anywhere(action)
            }
            _ => {
                self.notice = Some(Notice::Message(
                    "in the race: Space plays, n b one node on or back, f finishes, r restarts, \
                     + - speed; R or Esc goes back to the explorer"
                        .into(),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explorer::allowance::LOCAL_MEMORY;

    #[test]
    fn race_takes_two_stepped_methods_and_names_a_bad_one() {
        assert_eq!(
            parse_racers("naive,warnsdorff"),
            Ok([Method::Naive, Method::Warnsdorff])
        );
        assert_eq!(
            parse_racers("backtrack, backtrack"),
            Ok([Method::Backtrack; 2])
        );
        let error = parse_racers("naive,auto").unwrap_err();
        assert_eq!(
            error,
            "'auto' is not a method the race can run: warnsdorff, backtrack or naive"
        );
        assert!(
            parse_racers("construct,naive")
                .unwrap_err()
                .contains("'construct'")
        );
        assert!(
            parse_racers("naive")
                .unwrap_err()
                .starts_with("expected two methods")
        );
        assert!(parse_racers("naive,backtrack,warnsdorff").is_err());
    }

    #[test]
    fn factors_keep_a_sensible_precision() {
        assert_eq!(factor_label(8_250_733.0 / 64.0), "128,918x");
        assert_eq!(factor_label(65.1), "65x");
        assert_eq!(factor_label(15.625), "16x");
        assert_eq!(factor_label(2.54), "2.5x");
        assert_eq!(factor_label(1.0), "1.0x");
    }

    #[test]
    fn at_full_speed_each_tick_gives_both_lanes_the_same_chunk_of_nodes() {
        let board = Board::square(8).unwrap();
        let methods = [Method::Naive, Method::Backtrack];
        let mut race = Race::new(
            (board, Leaper::KNIGHT),
            (Square::new(0, 0), None),
            false,
            methods,
            (10_000_000, Speed::Max),
            LOCAL_MEMORY,
            None,
        );
        race.tick(Duration::from_millis(16));
        assert_eq!(race.clock(), 1 + FIRST_CHUNK);
        let [naive, backtrack] = &race.lanes;
        assert_eq!(naive.nodes(), race.clock());
        assert_eq!(backtrack.end(), Some(LaneEnd::Tour { nodes: 64 }));
        for _ in 0..5 {
            let before = race.clock();
            race.tick(Duration::from_millis(16));
            assert!(race.clock() > before);
            assert_eq!(race.lanes[0].nodes(), race.clock());
        }
        // A thousand nodes take far less than a slice: the chunk grew.
        assert!(race.chunk > FIRST_CHUNK, "{}", race.chunk);
    }

    #[test]
    fn a_race_of_greedy_passes_ends_in_a_tie() {
        let board = Board::square(8).unwrap();
        let race = |methods| {
            let mut race = Race::new(
                (board, Leaper::KNIGHT),
                (Square::new(0, 0), None),
                false,
                methods,
                (1000, Speed::Max),
                LOCAL_MEMORY,
                None,
            );
            race.finish(true);
            race
        };
        let tie = race([Method::Warnsdorff; 2]);
        assert_eq!(tie.outcome(), Some(Finish::Tie));
        assert_eq!(tie.finish_line(), "a tie: both found a tour in 64 nodes");
        assert_eq!(tie.factor(), None);
    }

    #[test]
    fn one_node_is_said_in_the_singular() {
        let board = Board::square(1).unwrap();
        let mut race = Race::new(
            (board, Leaper::KNIGHT),
            (Square::new(0, 0), None),
            false,
            [Method::Naive, Method::Backtrack],
            (1000, Speed::Max),
            LOCAL_MEMORY,
            None,
        );
        race.finish(true);
        assert_eq!(race.lanes[0].end(), Some(LaneEnd::Tour { nodes: 1 }));
        assert_eq!(race.finish_line(), "a tie: both found a tour in 1 node");
    }
}
