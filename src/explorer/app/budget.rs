//! What the host's [`Allowance`] mean for the explorer: the memory its search, the race's lanes
//! and their histories may take, and the turns its background work waits for.

use std::time::Duration;

use knights_tour_engine::solve::Method;

use super::{App, Attempt, Mode};
#[cfg(test)]
use crate::explorer::allowance::LOCAL_MEMORY;
use crate::explorer::allowance::{Allowance, Turn};
use crate::explorer::stepped::SteppedSearch;
use crate::explorer::work_pool::Seat;
use crate::options::megabytes;

/// The longest a tick waits for a turn of the host's work threads before the run loop draws
/// and reads keys again (a frame at 60 a second).
const TURN_WAIT: Duration = Duration::from_millis(16);
/// Events past which a step back waits for a turn of the host's work threads before it
/// replays them (about a tenth of a second of search on the largest boards).
const LONG_REPLAY: u64 = 1 << 18;

impl App {
    /// The same explorer within `limits`: its search set up again within their memory.
    pub(crate) fn with_allowance(mut self, allowance: Allowance) -> Self {
        self.allowance = allowance;
        if matches!(self.attempt, Attempt::Stepped(_)) {
            self.reset();
        }
        self
    }

    /// The same explorer working from `seat`: its own place at the host's work threads (each
    /// served session takes one, since a copy of an explorer shares its original's).
    pub(crate) fn with_seat(mut self, seat: Seat) -> Self {
        self.allowance.work = Some(seat);
        self
    }

    /// The limits the explorer keeps to.
    pub fn allowance(&self) -> &Allowance {
        &self.allowance
    }

    /// The memory the explorer's search, its history and its visit numbers may take: the
    /// searches' share.
    pub(super) fn search_memory(&self) -> u64 {
        self.allowance.searches()
    }

    /// The memory a race on the current setup may give its two lanes, once the explorer's own
    /// search has given up its history (it waits, paused, while the race is on); why the race
    /// cannot be run, when one lane's search with a step back does not fit in half of it.
    pub(super) fn race_memory(&mut self) -> Result<u64, String> {
        let setup = self.setup;
        let board = setup.board;
        let own = match &mut self.attempt {
            Attempt::Stepped(stepped) => {
                stepped.set_memory(0);
                stepped.memory_held()
            }
            _ => 0,
        };
        let memory = self.allowance.searches().saturating_sub(own);
        let lane_needs = |method: Method| {
            setup
                .search_config(method)
                .map_or(0, |config| SteppedSearch::memory_needed(board, config))
        };
        let needed = self
            .racers
            .map(lane_needs)
            .iter()
            .max()
            .copied()
            .unwrap_or(0)
            * 2;
        if needed > memory {
            self.leave_race();
            return Err(format!(
                "a race on the {board} board needs about {} for its two searches, and {} is \
                 left for them: race on a smaller board",
                megabytes(needed),
                megabytes(memory)
            ));
        }
        Ok(memory)
    }

    /// The race is over (or was refused): the explorer is back, with the map it showed, and
    /// its search gets its history's memory back.
    pub(super) fn leave_race(&mut self) {
        if let Mode::Race { map, .. } = self.mode {
            self.mode = Mode::Explore { map };
        }
        let memory = self.search_memory();
        if let Attempt::Stepped(stepped) = &mut self.attempt {
            stepped.set_memory(memory);
        }
    }

    /// Whether this tick computes: play, finishing, or the race running.
    fn computes_in_tick(&self) -> bool {
        match &self.mode {
            Mode::Race { race, .. } => race.is_running(),
            Mode::Explore { .. } | Mode::Play(_) => self.motion.runs(),
        }
    }

    /// The turn this tick's work takes at the host's work threads, waiting up to a frame;
    /// `None` when it did not come (the tick computes nothing; the next asks again). A tick
    /// with nothing to compute needs no thread.
    pub(super) fn tick_turn(&self) -> Option<Turn> {
        if !self.computes_in_tick() {
            return Some(Turn::free());
        }
        self.allowance.turn(Some(TURN_WAIT))
    }

    /// A turn for work a key asks for at once (the first slice of `f`), if one is free now.
    pub(super) fn turn_now(&self) -> Option<Turn> {
        self.allowance.turn(Some(Duration::ZERO))
    }

    /// A turn for a step back of the explorer's search, when it replays many events: it
    /// waits as long as it takes.
    pub(super) fn turn_to_step_back(&self) -> Option<Turn> {
        let replay = match &self.attempt {
            Attempt::Stepped(stepped) => stepped.rewindable().replay_ahead(),
            _ => 0,
        };
        (replay > LONG_REPLAY)
            .then(|| self.allowance.turn(None))
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explorer::app::{Setup, Speed, Status};
    use crate::explorer::keys::Action;
    use knights_tour_engine::board::{Board, Square};

    fn app(side: u64, method: Method, memory: u64) -> App {
        let setup = Setup {
            board: Board::square(side).unwrap(),
            piece: knights_tour_engine::leaper::Leaper::KNIGHT,
            start: Square::new(0, 0),
            closed: false,
            method,
        };
        App::new(setup, Speed::Max).with_allowance(Allowance { memory, work: None })
    }

    #[test]
    fn a_search_that_cannot_step_back_within_the_memory_says_so() {
        let explorer = app(1000, Method::Backtrack, 32 << 20);
        let Status::Failed(message) = explorer.status() else {
            panic!("{:?}", explorer.status());
        };
        assert!(
            message.starts_with("a search of the 1000x1000 board needs about"),
            "{message}"
        );
    }

    #[test]
    fn a_race_that_does_not_fit_is_refused_and_the_explorer_goes_on() {
        let mut explorer = app(1000, Method::Backtrack, 80 << 20);
        explorer.update(Action::Race);
        assert!(explorer.race().is_none());
        let message = explorer.message().unwrap_or_default();
        assert!(
            message.starts_with("a race on the 1000x1000 board needs about"),
            "{message}"
        );
        explorer.update(Action::Step);
        assert_eq!(explorer.steps(), 1, "the explorer's own search goes on");
        // Where there is room, the race runs, and leaving it gives the history its room back.
        let mut explorer = app(1000, Method::Backtrack, LOCAL_MEMORY);
        explorer.update(Action::Race);
        assert!(explorer.race().is_some(), "{:?}", explorer.message());
        explorer.update(Action::Race);
        assert!(explorer.race().is_none());
    }
}
