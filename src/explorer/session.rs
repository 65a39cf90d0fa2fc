//! One search the explorer animates, with a history that can be walked back.
//!
//! Every step is one [`Search::step`] event: what the explorer shows is what the engine does.
//! The search is deterministic, so the history is not a list of states: the session keeps
//! copies of the search (checkpoints) every `interval` events and steps back by restoring the
//! nearest earlier copy and replaying the events after it. When the checkpoints pass a memory
//! cap, every other one is dropped and the interval doubles, so a search of millions of events
//! keeps a bounded number of copies and a step back replays at most one interval.

use crate::engine::board::{Board, Square};
use crate::engine::search::{CapacityError, Search, SearchConfig, SearchEvent};

/// How many events pass between two checkpoints at first.
const FIRST_INTERVAL: u64 = 256;
/// The memory the checkpoints of one session may take, roughly.
const CHECKPOINT_BYTES: u64 = 64 << 20;
/// Checkpoints kept at most, whatever the board.
const MAX_CHECKPOINTS: usize = 128;
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
pub struct SearchSession {
    now: Checkpoint,
    checkpoints: Vec<Checkpoint>,
    interval: u64,
    max_checkpoints: usize,
}

impl SearchSession {
    /// A session of a new search of `board` from `start` with `config`.
    pub fn new(board: Board, start: Square, config: SearchConfig) -> Result<Self, CapacityError> {
        let search = Search::new(board, start, config)?;
        // A copy costs about a byte per padded cell (five with the connectivity prune) and
        // sixteen per square for the path and frames.
        let padded = u64::from(board.rows() + 4) * u64::from(board.cols() + 4);
        let copy_bytes = padded * 5 + board.area() * 16;
        let fit = usize::try_from(CHECKPOINT_BYTES / copy_bytes.max(1)).unwrap_or(usize::MAX);
        let now = Checkpoint {
            steps: 0,
            search,
            last: None,
        };
        Ok(Self {
            checkpoints: vec![now.clone()],
            now,
            interval: FIRST_INTERVAL,
            max_checkpoints: fit.clamp(MIN_CHECKPOINTS, MAX_CHECKPOINTS),
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
        if self.now.steps.is_multiple_of(self.interval)
            && self
                .checkpoints
                .last()
                .is_none_or(|last| last.steps < self.now.steps)
        {
            self.checkpoints.push(self.now.clone());
            if self.checkpoints.len() > self.max_checkpoints {
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
        let nearest = self
            .checkpoints
            .iter()
            .rev()
            .find(|checkpoint| checkpoint.steps <= target)
            .expect("the checkpoint at event 0 is never dropped");
        let mut state = nearest.clone();
        while state.steps < target {
            state.last = Some(state.search.step());
            state.steps += 1;
        }
        self.now = state;
    }

    /// Checkpoints held now (for tests of the memory bound).
    pub fn checkpoints(&self) -> usize {
        self.checkpoints.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(n: u64, config: SearchConfig) -> SearchSession {
        let board = Board::square(n).unwrap();
        SearchSession::new(board, Square::new(0, 0), config).unwrap()
    }

    fn snapshot(session: &SearchSession) -> (u64, Vec<Square>, Option<SearchEvent>, u64, u64) {
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
    fn a_finished_search_takes_no_more_steps() {
        let mut session = session(5, SearchConfig::greedy(false));
        while session.step().is_some() {}
        assert!(session.is_over());
        let steps = session.steps();
        assert_eq!(session.step(), None);
        assert_eq!(session.steps(), steps);
    }
}
