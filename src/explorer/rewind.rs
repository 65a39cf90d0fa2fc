//! One search the explorer animates, with a history that can be walked back.
//!
//! Every step is one [`Search::step`] event: what the explorer shows is what the engine does.
//! The search is deterministic, so the history is not a list of states: the session keeps
//! copies of the search (checkpoints) and steps back by restoring the nearest earlier copy and
//! replaying the events after it. The cost of a step back is that replay, so the copies are
//! dense near the present and sparse far back:
//!
//! - a copy is taken every `interval` events (a power of two); the copy after `s` events is
//!   kept while the present is less than `PER_LEVEL` × `lowbit(s)` events past it, where
//!   `lowbit(s)` is the largest power of two dividing `s`. Seen from the present, the copies
//!   `d` events back are at most `max(interval, 2d / PER_LEVEL)` apart, and there are about
//!   `PER_LEVEL / 2` of them per power of two of the history: a few hundred after 10^9 events;
//! - a step back forgets the copies after the moment it restores and, while it replays, takes
//!   the copies that rule asks for near its target, so the next steps back are short again;
//! - the search and its copies keep to a memory budget the explorer gives
//!   ([`RewindableSearch::new`]): the search itself, one more copy (the one a step back
//!   restores while the present still stands) and the copies kept. Past it, the interval
//!   doubles and the copies between are dropped. The search at event 0 is never copied: a
//!   step back to before the first copy sets the search up again.
//!
//! So while the budget holds `k` copies, the first step back after a search of `N` events
//! replays at most `max(interval, N / k)` events, and the `n`-th in a row at most about
//! `max(2 interval, 2n / PER_LEVEL)`; a budget with room for no copy replays from the start
//! (`benches/step_back.rs` times them; [`RewindableSearch::replayed`] counts them for the
//! tests).

use std::sync::Arc;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::search::{Route, Search, SearchConfig, SearchEvent, SetupError};

use crate::options::megabytes;

/// Events between two checkpoints at least: a step back right after a search replays at most
/// this many (about 20 µs on 8x8).
const FIRST_INTERVAL: u64 = 1024;
/// Bytes of a copy per event between two checkpoints, at most: on a large board the interval
/// grows with the copy, so that copying costs the stepping little (a 1000x1000 copy is about
/// 21 MB: one every 131,072 events, about 50 ms of search at 0.4 µs an event, which also bounds
/// a step back's replay there).
const COPIED_BYTES_PER_EVENT: u64 = 256;
/// Checkpoints kept at most for each power of two of distance from the present (the `M` of
/// the module docs), when memory allows.
const PER_LEVEL: u64 = 16;
/// Checkpoints kept at most, whatever the board.
const MAX_CHECKPOINTS: usize = 4096;

/// A search that cannot be set up, or not within its memory budget.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RewindError {
    /// The engine refused the search.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The search and the copy a step back restores take more than the budget.
    #[error(
        "a search of the {board} board needs about {} to step back through, and this explorer \
         may use {}",
        megabytes(*needed),
        megabytes(*budget)
    )]
    Memory {
        /// The board.
        board: Board,
        /// The least the search takes with a step back.
        needed: u64,
        /// The budget it was given.
        budget: u64,
    },
}

/// A new search of `board` from `start`, to `end` if given, with the squares `holes` cut out.
fn set_up(origin: &Origin) -> Result<Search, SetupError> {
    let prefix = [origin.start];
    let route = Route {
        prefix: &prefix,
        end: origin.end,
    };
    if origin.holes.is_empty() {
        Search::completing(origin.board, route, origin.config)
    } else {
        Search::bounded_route(origin.board, route, origin.config, &origin.holes)
    }
}

/// The search at one moment: the state a step back restores.
#[derive(Debug, Clone)]
struct Checkpoint {
    /// Events taken before this moment.
    steps: u64,
    search: Search,
    last: Option<SearchEvent>,
}

/// What a search was set up from: a step back to before the first checkpoint sets it up
/// again.
#[derive(Debug, Clone)]
struct Origin {
    board: Board,
    start: Square,
    /// The square the tour must end on, if any.
    end: Option<Square>,
    config: SearchConfig,
    /// The squares cut out of the board (a board of any shape's holes).
    holes: Arc<[Square]>,
}

/// A search with its event count, its last event and the checkpoints to step back with.
#[derive(Debug, Clone)]
pub struct RewindableSearch {
    now: Checkpoint,
    /// What the search was set up from.
    origin: Origin,
    /// By events taken, all after event 0.
    checkpoints: Vec<Checkpoint>,
    /// The memory one copy of the search takes.
    copy_bytes: u64,
    /// Events between two checkpoints taken (a power of two).
    interval: u64,
    /// Checkpoints kept for each power of two of distance from the present.
    per_level: u64,
    max_checkpoints: usize,
    /// Events the last rewind replayed.
    replayed: u64,
}

impl RewindableSearch {
    /// A session of a new search of `board` from `start` with `config` (for an open tour that
    /// must end on `end`, if given: the caller has checked that the theorems allow it, the end
    /// on the board and not the start), which with its history may take `memory` bytes,
    /// roughly: at least [`RewindableSearch::memory_needed`].
    pub fn new(
        board: Board,
        start: Square,
        end: Option<Square>,
        config: SearchConfig,
        memory: u64,
    ) -> Result<Self, RewindError> {
        Self::with_holes(board, (start, end), config, memory, Arc::from([]))
    }

    /// [`RewindableSearch::new`] on `board` with the squares `holes` cut out (the start and
    /// the end open squares): the search of a board of any shape.
    pub fn with_holes(
        board: Board,
        (start, end): (Square, Option<Square>),
        config: SearchConfig,
        memory: u64,
        holes: Arc<[Square]>,
    ) -> Result<Self, RewindError> {
        let needed = Self::memory_needed(board, config);
        if memory < needed {
            return Err(RewindError::Memory {
                board,
                needed,
                budget: memory,
            });
        }
        let origin = Origin {
            board,
            start,
            end,
            config,
            holes,
        };
        let search = set_up(&origin)?;
        let copy_bytes = copy_bytes(board, config);
        let interval = (copy_bytes / COPIED_BYTES_PER_EVENT)
            .max(FIRST_INTERVAL)
            .next_power_of_two();
        let mut session = Self {
            now: Checkpoint {
                steps: 0,
                search,
                last: None,
            },
            origin,
            checkpoints: Vec::new(),
            copy_bytes,
            interval,
            per_level: 1,
            max_checkpoints: 0,
            replayed: 0,
        };
        session.set_memory(memory);
        Ok(session)
    }

    /// The squares cut out of the board.
    pub fn holes(&self) -> &[Square] {
        &self.origin.holes
    }

    /// The least memory a search of `board` with `config` takes with a step back: itself and
    /// the copy a step back restores.
    pub fn memory_needed(board: Board, config: SearchConfig) -> u64 {
        copy_bytes(board, config).saturating_mul(2)
    }

    /// The memory the search and its history take now, roughly (with room for a step back).
    pub(crate) fn memory_held(&self) -> u64 {
        self.copy_bytes
            .saturating_mul(self.checkpoints.len() as u64 + 2)
    }

    /// Gives the search and its history `memory` bytes from now on: past it, checkpoints are
    /// dropped, the farthest apart kept. Below [`RewindableSearch::memory_needed`], no
    /// checkpoint is kept.
    pub(crate) fn set_memory(&mut self, memory: u64) {
        let copies = (memory / self.copy_bytes.max(1)).saturating_sub(2);
        self.max_checkpoints = usize::try_from(copies)
            .unwrap_or(usize::MAX)
            .min(MAX_CHECKPOINTS);
        self.per_level = (self.max_checkpoints as u64 / 16).clamp(1, PER_LEVEL);
        self.thin_to_budget();
    }

    /// Doubles the interval, dropping the checkpoints between, until they fit the budget.
    fn thin_to_budget(&mut self) {
        while self.checkpoints.len() > self.max_checkpoints {
            self.interval *= 2;
            let interval = self.interval;
            self.checkpoints
                .retain(|checkpoint| checkpoint.steps.is_multiple_of(interval));
        }
    }

    /// The search as it stands.
    pub fn search(&self) -> &Search {
        &self.now.search
    }

    /// Events taken so far.
    pub fn steps(&self) -> u64 {
        self.now.steps
    }

    /// The last event taken, if any.
    pub fn last_event(&self) -> Option<SearchEvent> {
        self.now.last
    }

    /// Whether the search has ended: a tour, an exhausted tree or a greedy dead end. Stepping
    /// then does nothing (after a tour, the engine would search on for the next one; the
    /// explorer stops at the first).
    pub fn is_over(&self) -> bool {
        self.now.last.is_some_and(|event| event.is_final())
    }

    /// Takes one event, unless the search is over; returns the event taken.
    pub fn step(&mut self) -> Option<SearchEvent> {
        if self.is_over() {
            return None;
        }
        let event = self.now.search.step();
        self.now.steps += 1;
        self.now.last = Some(event);
        let steps = self.now.steps;
        if self.max_checkpoints > 0
            && steps.is_multiple_of(self.interval)
            && self
                .checkpoints
                .last()
                .is_none_or(|last| last.steps < steps)
        {
            // The copy taken here is the budget's spare copy until the thinning below.
            self.checkpoints.push(self.now.clone());
            // Thinning now and then is enough: the copies it drops only cost memory meanwhile.
            if (steps / self.interval).is_multiple_of(self.per_level) {
                let per_level = self.per_level;
                self.checkpoints
                    .retain(|checkpoint| keeps(per_level, checkpoint.steps, steps));
            }
            self.thin_to_budget();
        }
        Some(event)
    }

    /// Goes back one event: `Ok(false)` at the beginning; an error when the search could not
    /// be set up again to replay from its start (no memory), which leaves it where it was.
    pub fn step_back(&mut self) -> Result<bool, RewindError> {
        let Some(target) = self.now.steps.checked_sub(1) else {
            return Ok(false);
        };
        self.rewind_to(target)?;
        Ok(true)
    }

    /// Restores the moment after `target` events (`target` at most the events taken so far);
    /// an error, leaving the search where it was, when it could not be set up again.
    pub(crate) fn rewind_to(&mut self, target: u64) -> Result<(), RewindError> {
        debug_assert!(target <= self.now.steps);
        // The present moves back to `target`: copies after it are of no use any more.
        while self
            .checkpoints
            .last()
            .is_some_and(|checkpoint| checkpoint.steps > target)
        {
            self.checkpoints.pop();
        }
        let mut state = match self.checkpoints.last() {
            Some(checkpoint) => checkpoint.clone(),
            None => Checkpoint {
                steps: 0,
                search: set_up(&self.origin)?,
                last: None,
            },
        };
        self.replayed = target - state.steps;
        while state.steps < target {
            state.last = Some(state.search.step());
            state.steps += 1;
            // Copies near the new present, as stepping forward to it would have left them.
            if state.steps.is_multiple_of(self.interval)
                && state.steps < target
                && keeps(self.per_level, state.steps, target)
                && self.checkpoints.len() < self.max_checkpoints
            {
                self.checkpoints.push(state.clone());
            }
        }
        self.now = state;
        Ok(())
    }

    /// Events the next step back would replay from its checkpoint (or the start).
    pub(crate) fn replay_ahead(&self) -> u64 {
        let Some(target) = self.now.steps.checked_sub(1) else {
            return 0;
        };
        let from = self
            .checkpoints
            .iter()
            .rev()
            .find(|checkpoint| checkpoint.steps <= target)
            .map_or(0, |checkpoint| checkpoint.steps);
        target - from
    }

    /// Events the last step back (or rewind) replayed from its checkpoint: its cost.
    pub fn replayed(&self) -> u64 {
        self.replayed
    }

    /// Checkpoints held now (for tests of the memory bound).
    pub fn checkpoints(&self) -> usize {
        self.checkpoints.len()
    }
}

/// Whether the copy after `steps` events (never 0) is kept when the present is at `now`: while
/// `now` is less than `per_level` times the largest power of two dividing `steps` past it.
fn keeps(per_level: u64, steps: u64, now: u64) -> bool {
    let lowbit = steps & steps.wrapping_neg();
    now - steps < per_level.saturating_mul(lowbit)
}

/// The memory one copy of a search of `board` with `config` takes.
fn copy_bytes(board: Board, config: SearchConfig) -> u64 {
    Search::memory_needed(board, &config) + std::mem::size_of::<Checkpoint>() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Room for many copies of a small board's search.
    const ROOMY: u64 = 256 << 20;

    fn session(n: u64, config: SearchConfig) -> RewindableSearch {
        within(n, config, ROOMY)
    }

    fn within(n: u64, config: SearchConfig, memory: u64) -> RewindableSearch {
        let board = Board::square(n).unwrap();
        RewindableSearch::new(board, Square::new(0, 0), None, config, memory).unwrap()
    }

    fn snapshot(session: &RewindableSearch) -> (u64, Vec<Square>, Option<SearchEvent>, u64, u64) {
        let search = session.search();
        (
            session.steps(),
            search.path().collect(),
            session.last_event(),
            search.stats().nodes,
            search.stats().backtracks,
        )
    }

    #[test]
    fn stepping_back_restores_every_earlier_moment_exactly() {
        let mut session = session(6, SearchConfig::naive(false));
        let mut seen = vec![snapshot(&session)];
        for _ in 0..3000 {
            session.step();
            seen.push(snapshot(&session));
        }
        while session.step_back().unwrap() {
            seen.pop();
            assert_eq!(Some(&snapshot(&session)), seen.last());
        }
        assert_eq!(seen.len(), 1);
    }

    #[test]
    fn checkpoints_stay_bounded_on_a_long_search() {
        let mut session = session(8, SearchConfig::naive(false));
        for _ in 0..500_000 {
            session.step();
        }
        assert!(session.checkpoints() <= MAX_CHECKPOINTS);
        let before = snapshot(&session);
        assert!(session.step_back().unwrap());
        session.step();
        assert_eq!(snapshot(&session), before);
    }

    #[test]
    fn a_step_back_after_a_long_search_replays_few_events_however_long_the_history() {
        // Four million events of a search of 8x8 that finds nothing in them.
        let mut session = session(8, SearchConfig::naive(false));
        let mut fingerprints = Vec::new();
        let events = 4_000_000;
        let recorded = 20_000;
        for step in 1..=events {
            session.step();
            if step > events - recorded {
                fingerprints.push(snapshot(&session));
            }
        }
        assert!(
            session.checkpoints() < 400,
            "{} copies",
            session.checkpoints()
        );
        fingerprints.pop();
        let mut worst = 0;
        for n in 1..=recorded - 1 {
            assert!(session.step_back().unwrap());
            assert_eq!(Some(&snapshot(&session)), fingerprints.last(), "press {n}");
            fingerprints.pop();
            // The n-th press in a row replays at most about 2n / PER_LEVEL events, and never
            // more than the interval near the present.
            let bound = (2 * FIRST_INTERVAL).max(2 * n / (PER_LEVEL - 1) + 1);
            assert!(
                session.replayed() <= bound,
                "press {n} replayed {} events (bound {bound})",
                session.replayed()
            );
            worst = worst.max(session.replayed());
        }
        assert!(worst <= 2 * FIRST_INTERVAL, "worst press replayed {worst}");
        // And far back, in a single rewind, then one press: the copies near the new present
        // make it short again.
        session.rewind_to(events / 3).unwrap();
        assert!(session.step_back().unwrap());
        assert!(
            session.replayed() <= FIRST_INTERVAL,
            "{}",
            session.replayed()
        );
    }

    #[test]
    fn the_history_keeps_to_its_memory_budget_and_still_steps_back_exactly() {
        let config = SearchConfig::naive(false);
        let copy = copy_bytes(Board::square(6).unwrap(), config);
        // Room for the search, the copy a step back restores and three checkpoints; then for
        // none: a step back sets the search up again and replays from its start.
        for (memory, most) in [(5 * copy, 3), (2 * copy, 0)] {
            let mut session = within(6, config, memory);
            let mut seen = vec![snapshot(&session)];
            while session.step().is_some() {
                assert!(session.checkpoints() <= most, "{}", session.checkpoints());
                assert!(session.memory_held() <= memory);
                seen.push(snapshot(&session));
            }
            for _ in 0..3 {
                assert!(session.step_back().unwrap());
                seen.pop();
                assert_eq!(Some(&snapshot(&session)), seen.last());
                assert!(session.checkpoints() <= most);
            }
            if most == 0 {
                assert_eq!(session.replayed(), session.steps(), "from the start");
            }
        }
    }

    #[test]
    fn a_budget_too_small_for_a_step_back_is_refused_with_the_sizes() {
        let board = Board::square(100).unwrap();
        let config = SearchConfig::naive(false);
        let needed = RewindableSearch::memory_needed(board, config);
        let error = RewindableSearch::new(board, Square::new(0, 0), None, config, needed - 1)
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("a search of the 100x100 board needs about"),
            "{error}"
        );
        assert!(
            RewindableSearch::new(board, Square::new(0, 0), None, config, needed).is_ok(),
            "exactly enough"
        );
    }

    #[test]
    fn a_smaller_budget_later_drops_checkpoints() {
        let config = SearchConfig::naive(false);
        let copy = copy_bytes(Board::square(6).unwrap(), config);
        let mut session = within(6, config, 40 * copy);
        for _ in 0..200_000 {
            session.step();
        }
        assert!(session.checkpoints() > 2, "{}", session.checkpoints());
        session.set_memory(4 * copy);
        assert!(session.checkpoints() <= 2, "{}", session.checkpoints());
        let before = snapshot(&session);
        assert!(session.step_back().unwrap());
        session.step();
        assert_eq!(snapshot(&session), before);
    }

    #[test]
    fn a_finished_search_takes_no_more_steps() {
        let mut session = session(5, SearchConfig::greedy(false));
        while session.step().is_some() {}
        assert!(session.is_over());
        let steps = session.steps();
        assert_eq!(session.step(), None);
        assert_eq!(session.steps(), steps);
    }
}
