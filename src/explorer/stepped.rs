//! A search being stepped on screen: the rewindable search, the visit numbers kept in step
//! with it, what it found, and the time its steps took.
//!
//! The explorer's own search (`n`, `Space`, `f`) and each lane of the race are one of these,
//! so that stepping, stepping back and validating a found tour are written once.

use std::sync::Arc;
use std::time::{Duration, Instant};

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::search::{SearchConfig, SearchEvent};
use knights_tour_engine::shape::Shape;
use knights_tour_engine::tour::{ShapeRoute, Tour, TourError};

use super::rewind::{RewindError, RewindableSearch};

/// How often (in events) a run looks at the clock: often enough to keep its slice short,
/// rarely enough that the clock costs the stepping nothing.
const CLOCK_EVERY: u32 = 1024;

/// What the search has found so far.
#[derive(Debug, Clone, Default)]
pub enum Found {
    /// Nothing yet: the search goes on, or ended without a tour (its last event says how).
    #[default]
    Nothing,
    /// A tour, which passed the validator.
    Tour(Tour),
    /// The search said it was solved, but its tour could not be had (no memory) or failed
    /// the validator (a bug): why.
    Invalid(String),
}

/// How far one run may go: see [`SteppedSearch::run`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct RunLength {
    /// Events to take at most.
    pub events: u64,
    /// Stop once the search has expanded this many nodes.
    pub nodes: u64,
    /// Stop after about this much time.
    pub slice: Option<Duration>,
}

/// A search stepped event by event, with the board it is shown on: see the module docs.
#[derive(Debug, Clone)]
pub(crate) struct SteppedSearch {
    rewindable: RewindableSearch,
    /// Visit numbers by square index, 0 for unvisited.
    visits: Vec<u32>,
    found: Found,
    /// Time spent in this search's steps (the searching, not the animation).
    elapsed: Duration,
    /// The board's shape, when it has holes: a tour found is checked on it.
    shape: Option<Arc<Shape>>,
}

impl SteppedSearch {
    /// A new search of `board` from `start` with `config` (for an open tour that must end on
    /// `end`, if given: see [`RewindableSearch::new`]), standing on its start, which with
    /// its history and its visit numbers may take `memory` bytes.
    #[cfg(test)]
    pub fn new(
        board: Board,
        start: Square,
        end: Option<Square>,
        config: SearchConfig,
        memory: u64,
    ) -> Result<Self, RewindError> {
        Self::on_shape(board, (start, end), config, memory, None)
    }

    /// [`SteppedSearch::new`] on `shape`, a board with holes (and no clue: this search keeps
    /// none), when one is given; its tour is checked on the shape.
    pub fn on_shape(
        board: Board,
        (start, end): (Square, Option<Square>),
        config: SearchConfig,
        memory: u64,
        shape: Option<Arc<Shape>>,
    ) -> Result<Self, RewindError> {
        let holes: Arc<[Square]> = shape
            .as_deref()
            .map_or_else(|| Arc::from([]), |shape| Arc::from(shape.holes()));
        let rewindable = RewindableSearch::with_holes(
            board,
            (start, end),
            config,
            memory.saturating_sub(visits_bytes(board)),
            holes,
        )?;
        let mut visits = vec![0; board.area() as usize];
        visits[board.index(start) as usize] = 1;
        Ok(Self {
            rewindable,
            visits,
            found: Found::Nothing,
            elapsed: Duration::ZERO,
            shape,
        })
    }

    /// The board's shape, when it has holes.
    pub fn shape(&self) -> Option<&Shape> {
        self.shape.as_deref()
    }

    /// The search and its history.
    pub fn rewindable(&self) -> &RewindableSearch {
        &self.rewindable
    }

    /// The least memory a search of `board` with `config` takes with a step back and its
    /// visit numbers.
    pub fn memory_needed(board: Board, config: SearchConfig) -> u64 {
        RewindableSearch::memory_needed(board, config) + visits_bytes(board)
    }

    /// The memory the search, its history and its visit numbers take now, roughly.
    pub(crate) fn memory_held(&self) -> u64 {
        self.rewindable.memory_held() + visits_bytes(self.rewindable.search().board())
    }

    /// Gives the search, its history and its visit numbers `memory` bytes from now on (see
    /// [`RewindableSearch::set_memory`]).
    pub(crate) fn set_memory(&mut self, memory: u64) {
        let board = self.rewindable.search().board();
        self.rewindable
            .set_memory(memory.saturating_sub(visits_bytes(board)));
    }

    /// Visit numbers by square index, 0 for unvisited.
    pub fn visits(&self) -> &[u32] {
        &self.visits
    }

    /// What the search has found.
    pub fn found(&self) -> &Found {
        &self.found
    }

    /// The tour found, once validated.
    pub fn tour(&self) -> Option<&Tour> {
        match &self.found {
            Found::Tour(tour) => Some(tour),
            _ => None,
        }
    }

    /// Time spent in this search's steps.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// Sets the time spent back to `elapsed`, taken before a replay: steps taken again
    /// after a step back were timed the first time.
    pub(crate) fn restore_elapsed(&mut self, elapsed: Duration) {
        self.elapsed = elapsed;
    }

    /// Whether the search has ended.
    pub fn is_over(&self) -> bool {
        self.rewindable.is_over()
    }

    /// Nodes expanded so far.
    pub fn nodes(&self) -> u64 {
        self.rewindable.search().stats().nodes
    }

    /// Takes events until `limits` says stop, the search ends or it finds a tour (or a tour
    /// that fails the validator); returns the events taken.
    pub fn run(&mut self, limits: RunLength) -> u64 {
        let started = Instant::now();
        let mut taken = 0;
        let mut since_clock = 0;
        while taken < limits.events && self.nodes() < limits.nodes {
            let Some(event) = self.rewindable.step() else {
                break;
            };
            taken += 1;
            if self.apply(event) {
                break;
            }
            since_clock += 1;
            if since_clock == CLOCK_EVERY {
                since_clock = 0;
                if limits.slice.is_some_and(|slice| started.elapsed() >= slice) {
                    break;
                }
            }
        }
        self.elapsed += started.elapsed();
        taken
    }

    /// Takes back the last event; `Ok(false)` at the beginning of the search, an error when
    /// the search could not be set up again to replay (no memory). What was found is
    /// forgotten with the events that found it.
    pub fn step_back(&mut self) -> Result<bool, RewindError> {
        if !self.rewindable.step_back()? {
            return Ok(false);
        }
        self.forget_found();
        Ok(true)
    }

    /// Takes back every event since the search first had `nodes` nodes, if it has that many;
    /// the time taken is kept.
    pub(crate) fn rewind_below(&mut self, nodes: u64) {
        if self.nodes() < nodes {
            return;
        }
        while self.nodes() >= nodes && matches!(self.rewindable.step_back(), Ok(true)) {}
        self.forget_found();
    }

    /// The squares a tour visits: the board's, less its holes.
    pub fn squares(&self) -> u64 {
        self.shape
            .as_deref()
            .map_or(self.rewindable.search().board().area(), Shape::open_count)
    }

    /// The search's path as a tour, checked on the board (on its shape, when it has holes).
    fn checked_tour(&self) -> Result<Tour, TourError> {
        let search = self.rewindable.search();
        let Some(shape) = &self.shape else {
            return search.tour();
        };
        let board = search.board();
        let path = search
            .path()
            .chain(search.end())
            .map(|square| board.index(square))
            .collect();
        let route = ShapeRoute {
            closed: search.config().closed,
            start: Some(search.start()),
            end: search.end(),
        };
        Tour::on_shape(shape, search.config().piece, path, route)
    }

    fn forget_found(&mut self) {
        self.found = Found::Nothing;
        fill_visits(&self.rewindable, &mut self.visits);
    }

    /// Shows `event`, just taken, on the board; `true` when it ends the run: the search is
    /// over or found something.
    fn apply(&mut self, event: SearchEvent) -> bool {
        let board = self.rewindable.search().board();
        match event {
            SearchEvent::Advance { to, depth, .. } => {
                self.visits[board.index(to) as usize] = depth;
                false
            }
            SearchEvent::Backtrack { undone, .. } => {
                self.visits[board.index(undone) as usize] = 0;
                false
            }
            SearchEvent::Solved => {
                // The end asked for is kept off the path: the tour's last visit is there.
                if let Some(end) = self.rewindable.search().end() {
                    self.visits[board.index(end) as usize] = self.squares() as u32;
                }
                self.found = match self.checked_tour() {
                    Ok(tour) => Found::Tour(tour),
                    Err(error @ TourError::OutOfMemory { .. }) => Found::Invalid(error.to_string()),
                    Err(error) => {
                        Found::Invalid(format!("internal error: the validator rejected: {error}"))
                    }
                };
                true
            }
            SearchEvent::Exhausted | SearchEvent::Stuck | SearchEvent::BudgetExceeded(_) => true,
        }
    }
}

/// The memory of the visit numbers of `board`, one `u32` a square.
pub(crate) fn visits_bytes(board: Board) -> u64 {
    board.area() * std::mem::size_of::<u32>() as u64
}

/// Writes the visit numbers of `rewindable`'s path into `visits` (by square, 0 for none): what
/// stepping would have left there, after a step back.
fn fill_visits(rewindable: &RewindableSearch, visits: &mut [u32]) {
    visits.fill(0);
    let board = rewindable.search().board();
    for (number, square) in rewindable.search().path().enumerate() {
        visits[board.index(square) as usize] = number as u32 + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explorer::allowance::LOCAL_MEMORY;
    use knights_tour_engine::tour::validate;

    fn search(side: u64, config: SearchConfig) -> SteppedSearch {
        let board = Board::new(side, side).unwrap();
        SteppedSearch::new(board, Square::new(0, 0), None, config, LOCAL_MEMORY).unwrap()
    }

    const UNLIMITED: RunLength = RunLength {
        events: u64::MAX,
        nodes: u64::MAX,
        slice: None,
    };

    /// The visit numbers shown are those of the search's path, square by square.
    fn assert_visits_match_path(stepped: &SteppedSearch) {
        let search = stepped.rewindable().search();
        let board = search.board();
        let mut expected = vec![0; board.area() as usize];
        for (number, square) in search.path().enumerate() {
            expected[board.index(square) as usize] = number as u32 + 1;
        }
        assert_eq!(stepped.visits(), &expected[..]);
    }

    #[test]
    fn a_run_to_the_end_finds_a_validated_tour_and_shows_every_visit() {
        let mut stepped = search(6, SearchConfig::backtracking(false));
        stepped.run(UNLIMITED);
        let tour = stepped.tour().expect("6x6 has tours from a corner");
        validate(tour.board(), tour.squares(), false, Some(Square::new(0, 0))).unwrap();
        assert_visits_match_path(&stepped);
        assert!(stepped.is_over());
    }

    #[test]
    fn stepping_back_forgets_the_tour_and_keeps_the_board_in_step() {
        let mut stepped = search(5, SearchConfig::backtracking(false));
        stepped.run(UNLIMITED);
        assert!(stepped.tour().is_some());
        assert!(stepped.step_back().unwrap());
        assert!(matches!(stepped.found(), Found::Nothing));
        assert_visits_match_path(&stepped);
        for _ in 0..7 {
            stepped.run(RunLength {
                events: 3,
                ..UNLIMITED
            });
            assert_visits_match_path(&stepped);
            stepped.step_back().unwrap();
            assert_visits_match_path(&stepped);
        }
    }

    #[test]
    fn a_run_stops_at_its_event_and_node_limits() {
        let mut stepped = search(8, SearchConfig::naive(false));
        assert_eq!(
            stepped.run(RunLength {
                events: 5,
                ..UNLIMITED
            }),
            5
        );
        stepped.run(RunLength {
            nodes: 40,
            ..UNLIMITED
        });
        assert_eq!(stepped.nodes(), 40);
        assert_visits_match_path(&stepped);
    }

    #[test]
    fn rewinding_below_a_node_count_leaves_fewer_nodes_and_a_true_board() {
        let mut stepped = search(5, SearchConfig::naive(false));
        stepped.run(RunLength {
            nodes: 500,
            ..UNLIMITED
        });
        stepped.rewind_below(200);
        assert!(stepped.nodes() < 200);
        assert_visits_match_path(&stepped);
    }
}
