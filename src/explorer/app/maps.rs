//! The maps drawn over the board: the starts map (`s`), what the engine answers from every
//! square of the board for the current kind and method (to the end square, when one is
//! marked: [`map_starts`]), and the ends map (`t`), what it answers for every square as the
//! end of an open tour from the start on screen ([`map_ends`]). One [`MapKind`] tells them
//! apart; everything else is shared.
//!
//! The knight's maps are the method's on screen, so that methods can be compared square by
//! square. Another piece's maps are `auto`'s whatever the method on screen ([`map_method`]):
//! the engine answers other leapers through layers no stepped method shows (path flipping, the
//! search over moves, backtracking by turns), and a map of the watched method would give up
//! where `knights-tour starts --piece …` answers every square. The panel names the map's
//! method where it is not the one on screen. A map is computed on a thread of its own, so keys are
//! never blocked: [`App::tick`] picks up its progress and its end; a change of what it answers
//! for (the board, the kind, the method; an ends map's start, a starts map's end) cancels it
//! (and, while a map is shown, asks for the new one); maps already made are kept, a few of
//! them, and shown again at once. `Enter` on a square of the
//! starts map starts the search there; on a square of the ends map it makes it the end.
//!
//! While play's judge is at work (`P`, a position being judged), a map under way waits between
//! its answers ([`App::tick`] says so), so that the judge, whose slices end at a deadline, has
//! the cores: a map left running in play had taken them from the judge, whose verdict then
//! read "unknown".
//!
//! Within the explorer's [`Allowance`]: the maps kept and the one being made (its answers and
//! the solve under way) keep to the maps' share of the memory, the oldest maps dropped to
//! make room. Where the host hands out turns of its work threads (a served session), the map
//! is made on one thread, a square a turn, and its node budget is the whole map's: the
//! squares not begun when it is spent are not reached (`?`).

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::explorer::allowance::{Allowance, capped, megabytes_apart};
use crate::options::with_memory_cap;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::shape::Shape;
use knights_tour_engine::solve::{Method, Request};
use knights_tour_engine::starts::{
    MAX_SQUARES, MapSettings, StartAnswer, StartsError, StartsMap, map_ends, map_starts,
};

use super::{App, Mode, Setup};

/// Which of the two maps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapKind {
    /// Every square as the start (of a tour to the end square, when one is marked).
    Starts,
    /// Every square as the end of an open tour from the start.
    Ends,
}

impl MapKind {
    /// What its squares are, in the panel and in messages: `starts`, `ends`.
    pub fn squares(self) -> &'static str {
        match self {
            MapKind::Starts => "starts",
            MapKind::Ends => "ends",
        }
    }

    /// The key that shows and hides it.
    pub fn key(self) -> char {
        match self {
            MapKind::Starts => 's',
            MapKind::Ends => 't',
        }
    }
}

/// Which map: its kind, the board, closed or open, the method, and the square every tour of
/// it shares (the end of a starts map to one end, the start of an ends map).
#[derive(Debug, Clone, PartialEq, Eq)]
struct MapKey {
    kind: MapKind,
    board: Board,
    /// The board's holes and clues, when it has any.
    shape: Option<Arc<Shape>>,
    piece: Leaper,
    closed: bool,
    method: Method,
    fixed: Option<Square>,
}

/// The most maps kept.
const KEPT_MAPS: usize = 8;
/// How often a map waiting for a turn of the host's work threads looks whether it was
/// cancelled.
const CANCEL_POLL: Duration = Duration::from_millis(100);
/// How often a map waiting for play's judge looks whether it may go on.
const JUDGE_POLL: Duration = Duration::from_millis(10);

/// A map being made on its own thread.
#[derive(Debug)]
struct Job {
    key: MapKey,
    /// Squares answered so far.
    done: AtomicUsize,
    total: usize,
    /// Set to stop the work at the next answer.
    cancelled: AtomicBool,
    /// Set while play's judge works: the work waits at its next answer until it is cleared.
    waiting: AtomicBool,
    /// The map, or why there is none, once the work is over.
    result: Mutex<Option<Result<StartsMap, String>>>,
}

/// A map made, and the question it answers.
#[derive(Debug, Clone)]
struct Made {
    key: MapKey,
    map: Arc<StartsMap>,
}

/// A map that could not be made, and why.
#[derive(Debug, Clone)]
struct Failed {
    key: MapKey,
    message: String,
}

/// The maps' part of the explorer: the work under way and the maps made so far (which map is
/// shown is the explorer's mode's).
#[derive(Debug, Clone, Default)]
pub(super) struct Maps {
    job: Option<Arc<Job>>,
    /// The maps made, the newest last.
    maps: Vec<Made>,
    /// Why the last map could not be made.
    failed: Option<Failed>,
}

impl Maps {
    /// The map made for `key`, if any.
    fn made(&self, key: &MapKey) -> Option<&Arc<StartsMap>> {
        self.maps
            .iter()
            .find(|made| made.key == *key)
            .map(|made| &made.map)
    }

    /// The memory the maps kept take.
    fn kept_bytes(&self) -> u64 {
        self.maps
            .iter()
            .map(|made| kept_bytes(made.key.board))
            .sum()
    }

    /// Has the work under way, if any, wait at its next answer (`true`) or go on.
    fn wait(&self, wait: bool) {
        if let Some(job) = &self.job {
            job.waiting.store(wait, Ordering::Relaxed);
        }
    }

    /// Stops the work under way, if any.
    fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancelled.store(true, Ordering::Relaxed);
        }
    }
}

/// An explorer that goes (a closed SSH session, the end of a run) stops its map's work at
/// once, unless a copy of it still waits for the map.
impl Drop for Maps {
    fn drop(&mut self) {
        // Held here and by the worker while it works; a third holder is a copy of the explorer.
        if self
            .job
            .as_ref()
            .is_some_and(|job| Arc::strong_count(job) <= 2)
        {
            self.cancel();
        }
    }
}

/// The method a map of `setup` is made by: the knight's by the method on screen, another
/// piece's by `auto` (see the module doc).
pub fn map_method(setup: &Setup) -> Method {
    if setup.piece.is_knight() {
        setup.method
    } else {
        Method::Auto
    }
}

impl App {
    /// The key of the map of `kind` for the current setup.
    fn map_key(&self, kind: MapKind) -> MapKey {
        let setup = self.setup;
        MapKey {
            kind,
            board: setup.board,
            shape: self.shared_shape(),
            piece: setup.piece,
            closed: setup.closed,
            method: map_method(&setup),
            fixed: match kind {
                MapKind::Starts => self.end,
                MapKind::Ends => Some(setup.start),
            },
        }
    }

    /// The key of the map shown, if one is.
    fn shown_key(&self) -> Option<MapKey> {
        self.map_shown().map(|kind| self.map_key(kind))
    }

    /// `s` or `t` while exploring: shows the map of `kind` (in place of the other), or hides
    /// it.
    pub(super) fn toggle_map(&mut self, kind: MapKind) {
        let Mode::Explore { map } = &mut self.mode else {
            return;
        };
        if *map == Some(kind) {
            *map = None;
            return;
        }
        *map = Some(kind);
        self.make_map();
    }

    /// Which map is shown, if one is.
    pub fn map_shown(&self) -> Option<MapKind> {
        match self.mode {
            Mode::Explore { map } => map,
            Mode::Race { .. } | Mode::Play(_) => None,
        }
    }

    /// The map shown, once made, for the current setup.
    pub fn shown_map(&self) -> Option<&StartsMap> {
        let key = self.shown_key()?;
        self.maps.made(&key).map(Arc::as_ref)
    }

    /// Squares answered so far and in all, while a map is being made.
    pub fn map_progress(&self) -> Option<(usize, usize)> {
        let job = self.maps.job.as_ref()?;
        Some((job.done.load(Ordering::Relaxed), job.total))
    }

    /// Why the map shown could not be made, if it could not.
    pub fn map_failure(&self) -> Option<&str> {
        match &self.maps.failed {
            Some(failed) if Some(&failed.key) == self.shown_key().as_ref() => Some(&failed.message),
            _ => None,
        }
    }

    /// Whether a map's work is under way (the run loop then keeps ticking).
    pub(super) fn map_working(&self) -> bool {
        self.maps.job.is_some()
    }

    /// The setup changed: work on a map of another setup stops, and a shown map is asked for
    /// anew.
    pub(super) fn maps_follow_setup(&mut self) {
        if let Some(job) = &self.maps.job
            && job.key != self.map_key(job.key.kind)
        {
            self.maps.cancel();
        }
        self.make_map();
    }

    /// `Enter` on the map shown: on the starts map, the start becomes the cursor's square and
    /// the search plays from it (another piece's answer is `auto`'s, as its map's is: `f`);
    /// on the ends map, the cursor's square becomes the end.
    pub(super) fn pick_on_map(&mut self, kind: MapKind) {
        self.mode = Mode::Explore { map: None };
        match kind {
            MapKind::Starts => {
                self.set_start(self.cursor);
                if self.setup.piece.is_knight() {
                    self.play_pause();
                } else {
                    self.finish();
                }
            }
            MapKind::Ends => self.set_end(self.cursor),
        }
    }

    /// Has the map's work wait between answers while play's judge works, and go on after.
    pub(super) fn maps_make_way_for_judge(&self) {
        self.maps.wait(self.play_working());
    }

    /// Picks up the end of the map's work.
    pub(super) fn poll_maps(&mut self) {
        let Some(job) = &self.maps.job else { return };
        let Some(result) = job
            .result
            .lock()
            .map(|mut held| held.take())
            .unwrap_or(None)
        else {
            return;
        };
        let key = job.key.clone();
        self.maps.job = None;
        match result {
            Ok(map) => {
                if self.maps.maps.len() >= KEPT_MAPS {
                    self.maps.maps.remove(0);
                }
                self.maps.maps.push(Made {
                    key,
                    map: Arc::new(map),
                });
            }
            Err(message) => self.maps.failed = Some(Failed { key, message }),
        }
    }

    /// Sets the map shown in the making, unless it is made or being made.
    fn make_map(&mut self) {
        let Some(key) = self.shown_key() else { return };
        let busy = self.maps.job.as_ref().is_some_and(|job| job.key == key);
        if self.maps.made(&key).is_some() || busy {
            return;
        }
        self.maps.cancel();
        self.maps.failed = None;
        if let Err(message) = self.start_map(&key) {
            self.maps.failed = Some(Failed { key, message });
        }
    }

    /// Starts the work of the map of `key`, or says why it cannot be made.
    fn start_map(&mut self, key: &MapKey) -> Result<(), String> {
        let (kind, board) = (key.kind, key.board);
        let squares = kind.squares();
        if kind == MapKind::Ends && key.closed {
            return Err("a closed tour has no end: o for an open tour, then t".into());
        }
        if board.area() > MAX_SQUARES {
            return Err(format!(
                "the {squares} map covers boards of at most {MAX_SQUARES} squares (256x256)"
            ));
        }
        let share = self.allowance.maps();
        if making_bytes(board) > share {
            let (needed, allowed) = megabytes_apart(making_bytes(board), share);
            return Err(format!(
                "the {squares} map of the {board} board needs about {needed} for its answers, \
                 and this explorer's maps may use {allowed}"
            ));
        }
        // The oldest maps make room for this one's answers and its solves.
        while !self.maps.maps.is_empty() && self.maps.kept_bytes() + making_bytes(board) > share / 2
        {
            self.maps.maps.remove(0);
        }
        let request = self.map_request(key)?;
        let room = share.saturating_sub(self.maps.kept_bytes() + making_bytes(board));
        let request = capped(request, room);
        let settings = MapSettings {
            threads: self.allowance.map_threads(),
            // Sharing a host, the map costs what one press of f may.
            map_budget: self.allowance.shared_host().then_some(self.finish_budget),
        };
        let job = Arc::new(Job {
            key: key.clone(),
            done: AtomicUsize::new(0),
            total: board.area() as usize,
            cancelled: AtomicBool::new(false),
            waiting: AtomicBool::new(false),
            result: Mutex::new(None),
        });
        let worker = Arc::clone(&job);
        let allowance = self.allowance.clone();
        std::thread::Builder::new()
            .name(format!("{squares} map"))
            .spawn(move || make_map(&request, &settings, &worker, &allowance))
            .map_err(|error| format!("cannot start the map's work: {error}"))?;
        self.maps.job = Some(job);
        Ok(())
    }

    /// The request the map of `key` is made from: its board, kind and method, the `f` budget
    /// for each square, the memory the host has free, and the square its tours share.
    fn map_request(&self, key: &MapKey) -> Result<Request, String> {
        let asked = match (key.kind, &key.shape) {
            // Every open square is asked as the start: the request's own is left free.
            (MapKind::Starts, Some(shape)) => Request::on_shape(Arc::clone(shape), None),
            (MapKind::Ends, Some(shape)) => {
                Request::on_shape(Arc::clone(shape), Some(self.setup.start))
            }
            (MapKind::Starts, None) => Request::new(key.board, Square::new(0, 0)),
            (MapKind::Ends, None) => Request::new(key.board, self.setup.start),
        };
        let mut request = asked.piece(key.piece).closed(key.closed).method(key.method);
        if let (MapKind::Starts, Some(end)) = (key.kind, key.fixed) {
            request = request.ending_at(end);
        }
        request.node_budget = self.finish_budget;
        with_memory_cap(request)
    }
}

/// The map of `job`'s kind of `request`'s board made as `settings` say, reported to `job`, a
/// square a turn of `allowance`'s work threads.
fn make_map(request: &Request, settings: &MapSettings, job: &Job, allowance: &Allowance) {
    let map = match job.key.kind {
        MapKind::Starts => map_starts,
        MapKind::Ends => map_ends,
    };
    let turn = Mutex::new(None);
    // The next turn, unless the map is cancelled while it waits (for play's judge, or a turn).
    let next_turn = || -> ControlFlow<()> {
        let mut held = turn.lock().unwrap_or_else(PoisonError::into_inner);
        *held = None;
        while !job.cancelled.load(Ordering::Relaxed) {
            if job.waiting.load(Ordering::Relaxed) {
                std::thread::sleep(JUDGE_POLL);
                continue;
            }
            if let Some(next) = allowance.turn(Some(CANCEL_POLL)) {
                *held = Some(next);
                return ControlFlow::Continue(());
            }
        }
        ControlFlow::Break(())
    };
    let progress = |done: usize, _total: usize| {
        job.done.store(done, Ordering::Relaxed);
        next_turn()
    };
    let made = match next_turn() {
        ControlFlow::Continue(()) => map(request, settings, &progress),
        ControlFlow::Break(()) => Err(StartsError::Stopped),
    }
    .map_err(|error| error.to_string());
    // The last turn ends with the work.
    *turn.lock().unwrap_or_else(PoisonError::into_inner) = None;
    if let Ok(mut result) = job.result.lock() {
        *result = Some(made);
    }
}

/// The memory a map of `board` takes once made: its answers.
fn kept_bytes(board: Board) -> u64 {
    board.area() * std::mem::size_of::<StartAnswer>() as u64
}

/// The memory a map of `board` takes while it is made: its answers twice (as they come, and
/// in the map).
fn making_bytes(board: Board) -> u64 {
    board.area() * (std::mem::size_of::<Option<StartAnswer>>() as u64) + kept_bytes(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explorer::app::{Setup, Speed};
    use crate::explorer::keys::Action;
    use crate::explorer::work_pool::WorkPool;

    /// A served session's explorer on 6x6 from a6: one thread at a time from `pool`.
    fn served(pool: &WorkPool) -> App {
        let setup = Setup {
            board: Board::square(6).unwrap(),
            piece: knights_tour_engine::leaper::Leaper::KNIGHT,
            start: Square::new(0, 0),
            closed: false,
            method: Method::Backtrack,
        };
        App::new(setup, Speed::Max).with_allowance(Allowance::served(64 << 20, pool.seat()))
    }

    /// Ticks until the map shown is made.
    fn until_made(app: &mut App) -> &StartsMap {
        for _ in 0..60_000 {
            if app.shown_map().is_some() {
                break;
            }
            assert!(app.map_working(), "{:?}", app.map_failure());
            // The map's workers run on threads of their own, in real time.
            std::thread::sleep(Duration::from_millis(1));
            app.poll_maps();
        }
        app.shown_map().expect("made within a minute")
    }

    #[test]
    fn a_served_session_makes_both_maps_in_turns_of_the_hosts_threads() {
        let pool = WorkPool::new(1);
        let mut app = served(&pool);
        app.update(Action::EndsMap);
        let ends = until_made(&mut app);
        assert_eq!(ends.start, Some(Square::new(0, 0)));
        assert_eq!(ends.tally().tours, 18, "the colour rule decides 6x6");
        // The starts map to the end e1 (5,4): the same tally, by symmetry of the question.
        app.update(Action::EndsMap);
        for _ in 0..5 {
            app.update(Action::CursorDown);
        }
        for _ in 0..4 {
            app.update(Action::CursorRight);
        }
        app.update(Action::MarkEnd);
        app.update(Action::StartsMap);
        let starts = until_made(&mut app);
        assert_eq!(starts.end, Some(Square::new(5, 4)));
        assert_eq!(starts.tally().tours, 18);
        assert_eq!(starts.tally().gave_up, 0);
    }

    #[test]
    fn a_map_waits_while_plays_judge_works_and_goes_on_after() {
        let app = served(&WorkPool::new(1));
        let key = app.map_key(MapKind::Starts);
        let request = app.map_request(&key).unwrap();
        let job = Arc::new(Job {
            key: key.clone(),
            done: AtomicUsize::new(0),
            total: 36,
            cancelled: AtomicBool::new(false),
            waiting: AtomicBool::new(true),
            result: Mutex::new(None),
        });
        let worker = Arc::clone(&job);
        let settings = MapSettings {
            threads: 1,
            map_budget: None,
        };
        let making = std::thread::spawn(move || {
            make_map(&request, &settings, &worker, &Allowance::local());
        });
        // 6x6 takes milliseconds: while the judge works, not one square is answered.
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(job.done.load(Ordering::Relaxed), 0);
        assert!(job.result.lock().unwrap().is_none());
        job.waiting.store(false, Ordering::Relaxed);
        making.join().unwrap();
        let made = job.result.lock().unwrap().take().unwrap().unwrap();
        assert_eq!(made.tally().tours + made.tally().no_tour, 36);
    }

    #[test]
    fn a_session_that_goes_stops_its_maps_work() {
        let pool = WorkPool::new(1);
        let mut app = served(&pool);
        // naive from every end of 7x7: seconds of work, under way when the session goes.
        app.update(Action::NextMethod);
        assert_eq!(app.setup().method, Method::Naive);
        app.update(Action::Grow);
        app.update(Action::EndsMap);
        let job = Arc::downgrade(app.maps.job.as_ref().expect("at work"));
        drop(app);
        let job = job.upgrade().expect("the worker still holds the job");
        assert!(job.cancelled.load(Ordering::Relaxed));
    }
}
