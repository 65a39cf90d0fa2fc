//! `N`: a new puzzle of the board's shape (its holes, the piece, open or closed), made by the
//! engine's generator ([`puzzle::make`]) on a thread of its own, so that every key answers
//! while it works. The seed comes from the clock and stays in the panel beside the puzzle:
//! `knights-tour puzzle --seed` with the same board makes the same puzzle again (with the start
//! given here, as play starts from a square). The puzzle comes with its one solution proved; it
//! becomes the board, its numbers given, and play starts on it (`P`, with the judge, hints and
//! the time taken).
//!
//! The work takes one turn of the host's work threads (a served session's share) and keeps to
//! the node budget of `f` and a deadline, one puzzle at a time; a board changed while it works
//! (a hole, the piece, the kind, the size) drops the puzzle made for the old one, with a word.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::search::Limits;
use knights_tour_engine::shape::puzzle::{
    self, Density, Puzzle, PuzzleError, PuzzleOutcome, PuzzleRequest,
};
use knights_tour_engine::shape::{Clue, Shape};

use super::{App, Mode, Notice};

/// The longest the making of one puzzle may take: past it, the explorer says it gave up.
const MAKING_DEADLINE: Duration = Duration::from_secs(20);

/// What a puzzle is made for: the board's holes (no clues), the piece and the kind.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Asked {
    holes: Shape,
    piece: Leaper,
    closed: bool,
}

/// A puzzle being made: what for, from which seed, and its answer once the thread has it.
#[derive(Debug, Clone)]
pub(super) struct Making {
    asked: Asked,
    seed: u64,
    answer: Arc<Mutex<Option<Result<PuzzleOutcome, String>>>>,
}

impl Making {
    /// The making's answer, taken, once it has come.
    fn answer(&self) -> Option<Result<PuzzleOutcome, String>> {
        self.answer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

/// The puzzle on the board: its seed, while the board is still the one it made.
#[derive(Debug, Clone)]
pub(super) struct MadePuzzle {
    shape: Arc<Shape>,
    seed: u64,
}

impl App {
    /// `N`: makes a new puzzle of the board's shape from a seed drawn from the clock.
    pub(super) fn new_puzzle(&mut self) {
        self.new_puzzle_from(clock_seed());
    }

    /// Makes a new puzzle of the board's shape from `seed`, off the event loop: one at a time,
    /// so that a key held down (or a client of the server) cannot start threads without end.
    fn new_puzzle_from(&mut self, seed: u64) {
        if let Some(making) = &self.making {
            self.notice = Some(Notice::Message(format!(
                "a puzzle is being made already, from seed {}: it comes when it is proved",
                making.seed
            )));
            return;
        }
        let asked = self.asked_puzzle();
        let open = asked.holes.open_count();
        if open > puzzle::MAX_OPEN {
            let too_large = PuzzleError::TooLarge {
                open,
                max: puzzle::MAX_OPEN,
            };
            self.notice = Some(Notice::Message(too_large.to_string()));
            return;
        }
        let answer = Arc::new(Mutex::new(None));
        let given = Arc::clone(&answer);
        let work = (asked.clone(), self.allowance.clone(), self.finish_budget);
        let spawned = std::thread::Builder::new()
            .name("puzzle".into())
            .spawn(move || {
                let (asked, allowance, node_budget) = work;
                // One turn of the host's work threads for the whole making: a few milliseconds
                // on the boards people play, at most the budget and the deadline.
                let _turn = allowance.turn(None);
                let request = PuzzleRequest {
                    shape: &asked.holes,
                    piece: asked.piece,
                    closed: asked.closed,
                    seed,
                    density: Density::Some,
                    limits: Limits {
                        node_budget,
                        deadline: Instant::now().checked_add(MAKING_DEADLINE),
                    },
                };
                let made = puzzle::make(&request).map_err(|error| error.to_string());
                *given.lock().unwrap_or_else(PoisonError::into_inner) = Some(made);
            });
        if let Err(error) = spawned {
            self.notice = Some(Notice::Message(format!(
                "cannot start making a puzzle: {error}"
            )));
            return;
        }
        self.making = Some(Making {
            asked,
            seed,
            answer,
        });
    }

    /// What a puzzle of the board would be made for now.
    fn asked_puzzle(&self) -> Asked {
        let holes = match self.shape.as_deref() {
            Some(shape) => shape.without_clues(),
            None => Shape::new(self.setup.board, &[], &[]).expect("a board has a square"),
        };
        Asked {
            holes,
            piece: self.setup.piece,
            closed: self.setup.closed,
        }
    }

    /// Whether a puzzle is being made (the run loop then keeps looking for it).
    pub fn making_puzzle(&self) -> bool {
        self.making.is_some()
    }

    /// Takes the puzzle made, if it has come: it becomes the board and play starts on it; a
    /// proof that the board has no tour, a making given up or refused is said in the panel.
    pub(super) fn poll_making(&mut self) {
        let Some(answer) = self.making.as_ref().and_then(Making::answer) else {
            return;
        };
        let Some(making) = self.making.take() else {
            return;
        };
        if making.asked != self.asked_puzzle() {
            self.notice = Some(Notice::Message(
                "the board changed while its puzzle was made: N makes one for this board".into(),
            ));
            return;
        }
        let seed = making.seed;
        let message = match answer {
            Ok(PuzzleOutcome::Made(made)) => match with_its_start(&made) {
                Ok(shape) => {
                    self.take_puzzle(shape, seed);
                    return;
                }
                Err(why) => format!("no puzzle: {why}"),
            },
            Ok(PuzzleOutcome::NoTour(reason)) => {
                format!("no puzzle here: the board has no tour for the piece: {reason}")
            }
            Ok(PuzzleOutcome::GaveUp { limit, nodes }) => format!(
                "no puzzle from seed {seed}: {} after {nodes} nodes, before one solution was \
                 proved (N tries another seed)",
                limit.ran_out()
            ),
            Err(why) => format!("no puzzle: {why}"),
        };
        self.notice = Some(Notice::Message(message));
    }

    /// Makes `shape` (a puzzle made from `seed`) the board, and plays it.
    fn take_puzzle(&mut self, shape: Shape, seed: u64) {
        match self.mode {
            Mode::Race { .. } => self.leave_race(),
            Mode::Play(_) | Mode::Explore { .. } => self.mode = Mode::Explore { map: None },
        }
        self.set_shape(shape);
        if let Some(shape) = self.shared_shape() {
            self.puzzle = Some(MadePuzzle { shape, seed });
        }
        self.toggle_play();
        self.notice = Some(Notice::Message(format!(
            "a new puzzle, seed {seed}: one solution, proved; place the numbers in order"
        )));
    }

    /// The puzzle's line in the panel: the seed being made from, or the seed of the puzzle on
    /// the board while it is still the board.
    pub fn puzzle_line(&self) -> Option<String> {
        if let Some(making) = &self.making {
            return Some(format!("making one, seed {}...", making.seed));
        }
        let made = self.puzzle.as_ref()?;
        let current = self.shape.as_ref()?;
        Arc::ptr_eq(&made.shape, current).then(|| format!("seed {}, one solution", made.seed))
    }
}

/// The puzzle's board with its start given (the number 1), as play starts from a square: a
/// puzzle that lets the tour start anywhere leaves the player no first square to stand on.
/// One more number given keeps the one solution the only one.
fn with_its_start(made: &Puzzle) -> Result<Shape, String> {
    let shape = &made.shape;
    let start = made.solution.start();
    if shape.clue_at(start).is_some() {
        return Ok(shape.clone());
    }
    let mut clues = shape.clues().to_vec();
    clues.push(Clue {
        number: 1,
        square: start,
    });
    Shape::new(shape.board(), shape.holes(), &clues).map_err(|error| error.to_string())
}

/// A seed from the clock: six digits, easy to read out and type again.
fn clock_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.subsec_nanos() as u64 ^ since.as_secs());
    nanos % 1_000_000
}
