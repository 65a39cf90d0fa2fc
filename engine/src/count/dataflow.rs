//! The frontier count one step at a time, for a count whose frontier is spread over workers
//! and processes (the command line's `count --cluster` runs it on timely dataflow).
//!
//! The frontier count takes the squares in a fixed order; each partial tour on the squares
//! taken is known to the rest of the board only by its frontier state, and the number of
//! tours is the sum, over the states of any frontier, of the ways to reach each state times
//! the ways to finish from it. A state's successors depend on the state alone, so a frontier
//! can be cut anywhere: a worker steps the states it holds ([`FrontierSteps::step`]), sends
//! each successor to the worker that owns its hash, and each worker adds up the counts of the
//! states it owns. After the last square, the tours every worker closed add up to the count,
//! which [`FrontierSteps::tours`] scales as [`count_tours`](super::count_tours) does.
//!
//! Nothing here knows of workers, threads or bytes on a wire: a state is an opaque word
//! ([`FrontierState`], `Copy + Eq + Hash`) that goes out as [`FrontierState::to_word`] and
//! comes back through [`FrontierSteps::state_from_word`], and counts are the caller's to keep
//! (in `u64`, then wider if a sum overflows, as the one-process count does).

use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

use super::frontier::{Estimate, OneStep, Stopped};
use super::{
    BigUint, CountError, CountRequest, MAX_FRONTIER_SQUARES, check_ends, decided_without_steps,
    frontier_ends,
};

/// A count as steps, or its answer when it needs none.
#[derive(Debug, Clone)]
pub enum Stepwise {
    /// The count, known without a step: one square is one open tour of itself and no closed
    /// one; a start that is its own end is no tour.
    Decided(BigUint),
    /// Steps of states that fit in 64 bits (a frontier of at most 15 squares).
    Narrow(FrontierSteps<u64>),
    /// Steps of states of 128 bits.
    Wide(FrontierSteps<u128>),
}

/// The steps of the frontier count `request` asks for, refused as
/// [`count_tours`](super::count_tours) refuses it: a closed tour with an end, a square off the
/// board, a board too long or too wide for the frontier count. The request's method, limits,
/// and threads are not read: the caller keeps its own.
pub fn frontier_steps(request: &CountRequest) -> Result<Stepwise, CountError> {
    let board = request.board;
    check_ends(request)?;
    if board.area() > MAX_FRONTIER_SQUARES {
        return Err(CountError::TooLong { board });
    }
    if let Some(tours) = decided_without_steps(request) {
        return Ok(Stepwise::Decided(tours));
    }
    let ends = frontier_ends(request);
    let one = OneStep::new(board, request.piece, &ends, &request.holes, request.closed).map_err(
        |stopped| match stopped {
            Stopped::TooWide { window } => CountError::TooWide { board, window },
            _ => unreachable!("a plan stops only for its width"),
        },
    )?;
    // Paths are counted as sets of moves; with no end fixed, each is two directed tours.
    let directed = !request.closed && ends.is_empty();
    let width = board.short_side() as usize;
    Ok(if one.narrow() {
        Stepwise::Narrow(FrontierSteps::new(one, directed, width))
    } else {
        Stepwise::Wide(FrontierSteps::new(one, directed, width))
    })
}

/// The words a [`FrontierState`] is kept in: `u64` and `u128`.
pub trait StateWord:
    sealed::Sealed + Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static
{
}

impl StateWord for u64 {}
impl StateWord for u128 {}

mod sealed {
    /// How a state word crosses to the frontier's own step, which takes either width.
    pub trait Sealed: Sized {
        /// Whether the word is the 64-bit one.
        const NARROW: bool;
        /// The word in 128 bits.
        fn widen(self) -> u128;
        /// The word from 128 bits that fit it.
        fn narrow(wide: u128) -> Self;
    }

    impl Sealed for u64 {
        const NARROW: bool = true;

        fn widen(self) -> u128 {
            u128::from(self)
        }

        fn narrow(wide: u128) -> Self {
            wide as u64
        }
    }

    impl Sealed for u128 {
        const NARROW: bool = false;

        fn widen(self) -> u128 {
            self
        }

        fn narrow(wide: u128) -> Self {
            wide
        }
    }
}

/// One frontier state: what the squares to come need to know of a set of partial tours.
/// Opaque; equal states are one state, whose counts add up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FrontierState<W>(W);

impl<W: StateWord> FrontierState<W> {
    /// The state as its word, to send (its bytes are the word's, `to_le_bytes`); read back
    /// with [`FrontierSteps::state_from_word`].
    pub fn to_word(self) -> W {
        self.0
    }
}

/// What a state becomes when a square is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Successor<W> {
    /// A state of the next frontier, reached in as many ways as the state it came from.
    State(FrontierState<W>),
    /// A whole tour, closed by the last square: the state's count is that many tours.
    Tour,
}

/// The frontier count of one request, a step at a time: the squares, the first state, the
/// step from one state, and the scaling of the tours found.
#[derive(Debug, Clone)]
pub struct FrontierSteps<W> {
    one: OneStep,
    /// Whether each path found is two directed tours.
    directed: bool,
    /// The squares of a row in the order.
    width: usize,
    word: PhantomData<W>,
}

/// A rough estimate of the time a count has left, as the one-process count makes it: the
/// states still to step, guessed from how the frontier grew, times the last step's pace.
#[derive(Debug, Clone)]
pub struct TimeLeft(Estimate);

impl TimeLeft {
    /// A square taken: it stepped `stepped` states in `seconds` and made a frontier of
    /// `states`.
    pub fn taken(&mut self, stepped: u64, seconds: f64, states: u64) {
        self.0.taken(stepped, seconds, states);
    }

    /// The seconds left between squares, once a step of some size was timed.
    pub fn seconds_left(&self) -> Option<u64> {
        self.0.seconds_left(0)
    }
}

impl<W: StateWord> FrontierSteps<W> {
    fn new(one: OneStep, directed: bool, width: usize) -> Self {
        Self {
            one,
            directed,
            width,
            word: PhantomData,
        }
    }

    /// The estimate of the time left, before any square.
    pub fn time_left(&self) -> TimeLeft {
        TimeLeft(Estimate::new(self.width, self.squares()))
    }

    /// The squares: steps `0..squares()`, one a square.
    pub fn squares(&self) -> usize {
        self.one.squares()
    }

    /// The state before any square, reached in one way (a count of 1).
    pub fn first(&self) -> FrontierState<W> {
        FrontierState(W::narrow(0))
    }

    /// Calls `emit` with every successor of `state` (a state of the frontier before square
    /// `v`) when square `v` is taken: the same state may come more than once, and each time
    /// counts the ways `state` counts. Pure: the same state and square give the same
    /// successors, in the same order, in any process.
    pub fn step(&self, v: usize, state: FrontierState<W>, mut emit: impl FnMut(Successor<W>)) {
        let mut give = |next: Option<u128>| {
            emit(match next {
                Some(word) => Successor::State(FrontierState(W::narrow(word))),
                None => Successor::Tour,
            })
        };
        if W::NARROW {
            self.one
                .step_narrow(v, state.0.widen() as u64, |next| give(next.map(u128::from)));
        } else {
            self.one.step_wide(v, state.0.widen(), give);
        }
    }

    /// The state a word sent by [`FrontierState::to_word`] stands for, if it can be one of
    /// this count's: a word with cells past the frontier is not.
    pub fn state_from_word(&self, word: W) -> Option<FrontierState<W>> {
        (word.widen() & !self.one.state_bits() == 0).then_some(FrontierState(word))
    }

    /// The count of tours, from the sum of the tours every step closed: directed open tours
    /// with no end fixed are two for each path found.
    pub fn tours(&self, found: BigUint) -> BigUint {
        if self.directed { found * 2u8 } else { found }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::board::{Board, Square};
    use crate::count::count_tours;
    use crate::leaper::Leaper;

    /// The count by the steps alone, with a map for each frontier.
    fn count_by_steps(request: &CountRequest) -> BigUint {
        match frontier_steps(request).unwrap() {
            Stepwise::Decided(tours) => tours,
            Stepwise::Narrow(steps) => run(&steps),
            Stepwise::Wide(steps) => run(&steps),
        }
    }

    fn run<W: StateWord>(steps: &FrontierSteps<W>) -> BigUint {
        let mut frontier = HashMap::from([(steps.first(), 1u128)]);
        let mut tours = 0u128;
        for v in 0..steps.squares() {
            let mut next = HashMap::new();
            for (state, count) in frontier {
                steps.step(v, state, |successor| match successor {
                    Successor::State(state) => *next.entry(state).or_default() += count,
                    Successor::Tour => tours += count,
                });
            }
            frontier = next;
        }
        assert!(frontier.is_empty(), "every state ends with the last square");
        steps.tours(BigUint::from(tours))
    }

    fn board(rows: u64, cols: u64) -> Board {
        Board::new(rows, cols).unwrap()
    }

    #[test]
    fn the_steps_count_what_count_tours_counts() {
        let mut requests = Vec::new();
        for (rows, cols) in [
            (1, 1),
            (2, 2),
            (3, 4),
            (3, 7),
            (4, 5),
            (5, 5),
            (5, 6),
            (6, 3),
        ] {
            for closed in [false, true] {
                requests.push(CountRequest {
                    closed,
                    ..CountRequest::new(board(rows, cols))
                });
            }
        }
        let five = board(5, 5);
        requests.extend([
            CountRequest {
                start: Some(Square::new(0, 0)),
                ..CountRequest::new(five)
            },
            CountRequest {
                start: Some(Square::new(0, 0)),
                end: Some(Square::new(4, 4)),
                ..CountRequest::new(five)
            },
            CountRequest {
                end: Some(Square::new(2, 2)),
                ..CountRequest::new(five)
            },
            CountRequest {
                start: Some(Square::new(1, 1)),
                end: Some(Square::new(1, 1)),
                ..CountRequest::new(five)
            },
            CountRequest {
                piece: Leaper::new(0, 1).unwrap(),
                ..CountRequest::new(board(4, 4))
            },
        ]);
        // Holes, the last square among them: the tour closes on the last open square.
        let holes = [Square::new(4, 5), Square::new(1, 2)];
        for closed in [false, true] {
            requests.push(CountRequest {
                closed,
                holes: holes.as_slice().into(),
                ..CountRequest::new(board(5, 6))
            });
        }
        for request in requests {
            let expected = count_tours(&request).unwrap().tours;
            assert_eq!(count_by_steps(&request), expected, "{request:?}");
        }
        // OEIS A165134 and A001230, from outside: 1,728 directed open tours of 5×5, and 8
        // closed tours of 5×6.
        assert_eq!(
            count_by_steps(&CountRequest::new(five)),
            BigUint::from(1728u32)
        );
        let closed = CountRequest {
            closed: true,
            ..CountRequest::new(board(5, 6))
        };
        assert_eq!(count_by_steps(&closed), BigUint::from(8u8));
    }

    #[test]
    fn a_wide_frontier_steps_in_128_bit_states() {
        // The giraffe reaches four rows back: a frontier of 21 squares on a 5-wide board,
        // past the 64-bit keys of the fast step (17 squares on a 4-wide one fit them).
        let giraffe = CountRequest {
            piece: Leaper::GIRAFFE,
            ..CountRequest::new(board(6, 5))
        };
        assert!(matches!(
            frontier_steps(&giraffe).unwrap(),
            Stepwise::Wide(_)
        ));
        assert_eq!(
            count_by_steps(&giraffe),
            count_tours(&giraffe).unwrap().tours
        );
        assert!(matches!(
            frontier_steps(&CountRequest::new(board(6, 8))).unwrap(),
            Stepwise::Narrow(_)
        ));
        let labelled = CountRequest {
            piece: Leaper::GIRAFFE,
            ..CountRequest::new(board(5, 4))
        };
        assert!(matches!(
            frontier_steps(&labelled).unwrap(),
            Stepwise::Narrow(_)
        ));
        assert_eq!(
            count_by_steps(&labelled),
            count_tours(&labelled).unwrap().tours
        );
    }

    #[test]
    fn a_state_goes_out_as_its_word_and_comes_back() {
        let Stepwise::Narrow(steps) = frontier_steps(&CountRequest::new(board(5, 6))).unwrap()
        else {
            panic!("5x6 has a narrow frontier");
        };
        let mut states = Vec::new();
        steps.step(0, steps.first(), |successor| {
            if let Successor::State(state) = successor {
                states.push(state);
            }
        });
        assert!(!states.is_empty());
        for state in states {
            assert_eq!(steps.state_from_word(state.to_word()), Some(state));
        }
        // 5×6 is taken along its 5-square rows: a frontier of 11 squares, 44 bits.
        assert_eq!(steps.state_from_word(1 << 44), None);
        assert_eq!(steps.state_from_word(u64::MAX), None);
    }

    #[test]
    fn bad_requests_are_refused_as_count_tours_refuses_them() {
        let off = Square::new(9, 9);
        for request in [
            CountRequest {
                closed: true,
                end: Some(Square::new(0, 0)),
                ..CountRequest::new(board(5, 5))
            },
            CountRequest {
                start: Some(off),
                ..CountRequest::new(board(5, 5))
            },
            CountRequest::new(board(13, 13)),
            CountRequest::new(board(3, 100_000)),
        ] {
            let refused = frontier_steps(&request).unwrap_err();
            let counted = count_tours(&CountRequest {
                method: Some(crate::count::CountMethod::Frontier),
                ..request.clone()
            });
            assert_eq!(Err(refused), counted, "{request:?}");
        }
    }
}
