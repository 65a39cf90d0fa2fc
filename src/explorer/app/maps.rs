//! The starts map (`s`): what the engine answers from every square of the board, for the
//! current kind and method ([`knights_tour_engine::starts`]), drawn over the board. It is computed
//! on a thread of its own, so keys are never blocked: [`App::tick`] picks up its progress and
//! its end; any change of board, kind or method cancels it (and, while the map is shown, asks
//! for the new one); maps already made are kept, a few of them, and shown again at once.
//! `Enter` on a square of the map starts the search there.
//!
//! Within the explorer's [`Limits`]: the maps kept and the one being made (its answers and
//! the solve under way) keep to the maps' share of the memory, the oldest maps dropped to
//! make room. Where the host hands out turns of its work threads (a served session), the map
//! is made on one thread, a start a turn, and its node budget is the whole map's: the starts
//! not begun when it is spent are not reached (`?`).

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::explorer::limits::{Limits, capped, megabytes};
use crate::options::with_memory_cap;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::solve::{Method, Request};
use knights_tour_engine::starts::{
    MAX_SQUARES, MapSettings, StartAnswer, StartsError, StartsMap, map_starts,
};

use super::App;

/// Which map: the board, closed or open, and the method.
type MapKey = (Board, bool, Method);

/// The most maps kept.
const KEPT_MAPS: usize = 8;
/// How often a map waiting for a turn of the host's work threads looks whether it was
/// cancelled.
const CANCEL_POLL: Duration = Duration::from_millis(100);

/// A map being made on its own thread.
#[derive(Debug)]
struct Job {
    key: MapKey,
    /// Starts answered so far.
    done: AtomicUsize,
    total: usize,
    /// Set to stop the work at the next answer.
    cancelled: AtomicBool,
    /// The map, or why there is none, once the work is over.
    result: Mutex<Option<Result<StartsMap, String>>>,
}

/// The starts map's part of the explorer: whether it is shown, the work under way, and the
/// maps made so far.
#[derive(Debug, Clone, Default)]
pub(super) struct Starts {
    shown: bool,
    job: Option<Arc<Job>>,
    /// The maps made, the newest last.
    maps: Vec<(MapKey, Arc<StartsMap>)>,
    /// Why the last map could not be made.
    failed: Option<(MapKey, String)>,
}

impl Starts {
    /// The map made for `key`, if any.
    fn made(&self, key: MapKey) -> Option<&Arc<StartsMap>> {
        self.maps
            .iter()
            .find(|(made, _)| *made == key)
            .map(|(_, map)| map)
    }

    /// The memory the maps kept take.
    fn kept_bytes(&self) -> u64 {
        self.maps.iter().map(|(key, _)| kept_bytes(key.0)).sum()
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
impl Drop for Starts {
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

impl App {
    fn map_key(&self) -> MapKey {
        (self.setup.board, self.setup.closed, self.setup.method)
    }

    /// `s`: shows the starts map, or hides it.
    pub(super) fn toggle_starts(&mut self) {
        self.starts.shown = !self.starts.shown;
        if self.starts.shown {
            self.make_starts_map();
        }
    }

    /// Whether the starts map is shown.
    pub fn starts_shown(&self) -> bool {
        self.starts.shown
    }

    /// The starts map of the current board, kind and method, once made and while shown.
    pub fn starts_map(&self) -> Option<&StartsMap> {
        if !self.starts.shown {
            return None;
        }
        self.starts.made(self.map_key()).map(Arc::as_ref)
    }

    /// Starts answered so far and in all, while the map is being made.
    pub fn starts_progress(&self) -> Option<(usize, usize)> {
        let job = self.starts.job.as_ref()?;
        Some((job.done.load(Ordering::Relaxed), job.total))
    }

    /// Why the map of the current setup could not be made, if it could not.
    pub fn starts_failure(&self) -> Option<&str> {
        match &self.starts.failed {
            Some((key, message)) if *key == self.map_key() => Some(message),
            _ => None,
        }
    }

    /// Whether the map's work is under way (the run loop then keeps ticking).
    pub(super) fn starts_working(&self) -> bool {
        self.starts.job.is_some()
    }

    /// The setup changed: work on another map stops, and a shown map is asked for anew.
    pub(super) fn starts_follow_setup(&mut self) {
        let key = self.map_key();
        if self.starts.job.as_ref().is_some_and(|job| job.key != key) {
            self.starts.cancel();
        }
        if self.starts.shown {
            self.make_starts_map();
        }
    }

    /// `Enter` on the map: the start becomes the cursor's square and the search plays from it.
    pub(super) fn start_from_map(&mut self, square: Square) {
        self.starts.shown = false;
        self.set_start(square);
        self.play_pause();
    }

    /// Picks up the end of the map's work.
    pub(super) fn poll_starts(&mut self) {
        let Some(job) = &self.starts.job else { return };
        let Some(result) = job
            .result
            .lock()
            .map(|mut held| held.take())
            .unwrap_or(None)
        else {
            return;
        };
        let key = job.key;
        self.starts.job = None;
        match result {
            Ok(map) => {
                if self.starts.maps.len() >= KEPT_MAPS {
                    self.starts.maps.remove(0);
                }
                self.starts.maps.push((key, Arc::new(map)));
            }
            Err(message) => self.starts.failed = Some((key, message)),
        }
    }

    /// Sets the map of the current setup in the making, unless it is made or being made.
    fn make_starts_map(&mut self) {
        let key = self.map_key();
        let (board, closed, method) = key;
        let busy = self.starts.job.as_ref().is_some_and(|job| job.key == key);
        if self.starts.made(key).is_some() || busy {
            return;
        }
        self.starts.cancel();
        self.starts.failed = None;
        if board.area() > MAX_SQUARES {
            self.starts.failed = Some((
                key,
                format!("the starts map covers boards of at most {MAX_SQUARES} squares (256x256)"),
            ));
            return;
        }
        let share = self.limits.maps();
        if making_bytes(board) > share {
            self.starts.failed = Some((
                key,
                format!(
                    "the starts map of the {board} board needs about {} for its answers, and \
                     this explorer's maps may use {}",
                    megabytes(making_bytes(board)),
                    megabytes(share)
                ),
            ));
            return;
        }
        // The oldest maps make room for this one's answers and its solves.
        while !self.starts.maps.is_empty()
            && self.starts.kept_bytes() + making_bytes(board) > share / 2
        {
            self.starts.maps.remove(0);
        }
        let mut request = Request::new(board, Square::new(0, 0))
            .closed(closed)
            .method(method);
        request.node_budget = self.finish_budget;
        let request = match with_memory_cap(request) {
            Ok(request) => request,
            Err(message) => {
                self.starts.failed = Some((key, message));
                return;
            }
        };
        let room = share.saturating_sub(self.starts.kept_bytes() + making_bytes(board));
        let request = capped(request, room);
        let settings = MapSettings {
            threads: self.limits.map_threads(),
            // Sharing a host, the map costs what one press of f may.
            map_budget: self.limits.shared_host().then_some(self.finish_budget),
        };
        let job = Arc::new(Job {
            key,
            done: AtomicUsize::new(0),
            total: board.area() as usize,
            cancelled: AtomicBool::new(false),
            result: Mutex::new(None),
        });
        let worker = Arc::clone(&job);
        let limits = self.limits.clone();
        let spawned = std::thread::Builder::new()
            .name("starts map".into())
            .spawn(move || make_map(&request, &settings, &worker, &limits));
        match spawned {
            Ok(_) => self.starts.job = Some(job),
            Err(error) => {
                self.starts.failed = Some((key, format!("cannot start the map's work: {error}")))
            }
        }
    }
}

/// The map of `request`'s board made as `settings` say, reported to `job`, a start a turn of
/// `limits`' work threads.
fn make_map(request: &Request, settings: &MapSettings, job: &Job, limits: &Limits) {
    let turn = Mutex::new(None);
    // The next turn, unless the map is cancelled while it waits.
    let next_turn = || -> ControlFlow<()> {
        let mut held = turn.lock().unwrap_or_else(PoisonError::into_inner);
        *held = None;
        while !job.cancelled.load(Ordering::Relaxed) {
            if let Some(next) = limits.turn(Some(CANCEL_POLL)) {
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
        ControlFlow::Continue(()) => map_starts(request, settings, &progress),
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
