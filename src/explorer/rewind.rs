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
//! - past a memory cap, the interval doubles and the copies between are dropped.
//!
//! So the first step back after any search replays at most `interval` events, and the `n`-th in
//! a row at most about `max(2 interval, 2n / PER_LEVEL)`, whatever the length of the history
//! (`benches/step_back.rs` times them; [`RewindableSearch::replayed`] counts them for the
//! tests).

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::search::{CapacityError, Search, SearchConfig, SearchEvent};

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
/// The memory the checkpoints of one session may take, roughly.
const CHECKPOINT_BYTES: u64 = 64 << 20;
/// Checkpoints kept at most, whatever the board.
const MAX_CHECKPOINTS: usize = 4096;
/// Checkpoints kept at least, so that a step back stays cheap on large boards too.
const MIN_CHECKPOINTS: usize = 8;

/// The search at one moment: the state a step back restores.
#[derive(Debug, Clone)]
struct Checkpoint {
    /// Events taken before this moment.
    steps: u64,
    search: Search,
    last: Option<SearchEvent>,
}

/// A search with its event count, its last event and the checkpoints to step back with.
#[derive(Debug, Clone)]
pub struct RewindableSearch {
    now: Checkpoint,
    /// By events taken, the first at event 0 (never dropped).
    checkpoints: Vec<Checkpoint>,
    /// Events between two checkpoints taken (a power of two).
    interval: u64,
    /// Checkpoints kept for each power of two of distance from the present.
    per_level: u64,
    max_checkpoints: usize,
    /// Events the last rewind replayed.
    replayed: u64,
}

impl RewindableSearch {
    /// A session of a new search of `board` from `start` with `config`.
    pub fn new(board: Board, start: Square, config: SearchConfig) -> Result<Self, CapacityError> {
        let search = Search::new(board, start, config)?;
        // A copy costs about a byte per padded cell (five with the connectivity prune) and
        // sixteen per square for the path and frames.
        let padded = u64::from(board.rows() + 4) * u64::from(board.cols() + 4);
        let copy_bytes = padded * 5 + board.area() * 16;
        let fit = usize::try_from(CHECKPOINT_BYTES / copy_bytes.max(1)).unwrap_or(usize::MAX);
        let max_checkpoints = fit.clamp(MIN_CHECKPOINTS, MAX_CHECKPOINTS);
        let interval = (copy_bytes / COPIED_BYTES_PER_EVENT)
            .max(FIRST_INTERVAL)
            .next_power_of_two();
        let now = Checkpoint {
            steps: 0,
            search,
            last: None,
        };
        Ok(Self {
            checkpoints: vec![now.clone()],
            now,
            interval,
            per_level: (max_checkpoints as u64 / 16).clamp(1, PER_LEVEL),
            max_checkpoints,
            replayed: 0,
        })
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
        if steps.is_multiple_of(self.interval)
            && self
                .checkpoints
                .last()
                .is_none_or(|last| last.steps < steps)
        {
            self.checkpoints.push(self.now.clone());
            // Thinning now and then is enough: the copies it drops only cost memory meanwhile.
            if (steps / self.interval).is_multiple_of(self.per_level) {
                let per_level = self.per_level;
                self.checkpoints
                    .retain(|checkpoint| keeps(per_level, checkpoint.steps, steps));
            }
            while self.checkpoints.len() > self.max_checkpoints {
                self.interval *= 2;
                let interval = self.interval;
                self.checkpoints
                    .retain(|checkpoint| checkpoint.steps.is_multiple_of(interval));
            }
        }
        Some(event)
    }

    /// Goes back one event; `false` at the beginning.
    pub fn step_back(&mut self) -> bool {
        let Some(target) = self.now.steps.checked_sub(1) else {
            return false;
        };
        self.rewind_to(target);
        true
    }

    /// Restores the moment after `target` events (`target` at most the events taken so far).
    pub fn rewind_to(&mut self, target: u64) {
        debug_assert!(target <= self.now.steps);
        // The present moves back to `target`: copies after it are of no use any more.
        while self
            .checkpoints
            .last()
            .is_some_and(|checkpoint| checkpoint.steps > target)
        {
            self.checkpoints.pop();
        }
        let mut state = self
            .checkpoints
            .last()
            .expect("the checkpoint at event 0 is never dropped")
            .clone();
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

/// Whether the copy after `steps` events is kept when the present is at `now`: always the
/// first; else while `now` is less than `per_level` times the largest power of two dividing
/// `steps` past it.
fn keeps(per_level: u64, steps: u64, now: u64) -> bool {
    let lowbit = steps & steps.wrapping_neg();
    steps == 0 || now - steps < per_level.saturating_mul(lowbit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(n: u64, config: SearchConfig) -> RewindableSearch {
        let board = Board::square(n).unwrap();
        RewindableSearch::new(board, Square::new(0, 0), config).unwrap()
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
        while session.step_back() {
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
        session.step_back();
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
            assert!(session.step_back());
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
        session.rewind_to(events / 3);
        assert!(session.step_back());
        assert!(
            session.replayed() <= FIRST_INTERVAL,
            "{}",
            session.replayed()
        );
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
