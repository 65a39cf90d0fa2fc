//! Puzzles with exactly one solution, proved: a board of any shape and a piece, a random tour of
//! it, and as few of its visit numbers given as keep the solution the only one.
//!
//! [`make`] draws the tour from a seed (a tour found by the clue search, then walked by random
//! *backbites*, `backbite`), numbers every square, and takes clues away one at a time while an
//! exhaustive count still finds one solution (`thin`). The same request gives the same puzzle,
//! byte for byte, on every machine: the chance comes from the seed alone (`draw`), and each
//! count is bounded by nodes, not time. A deadline that passes is "gave up", never a puzzle
//! whose uniqueness is unproved.

mod backbite;
mod draw;
#[cfg(test)]
mod tests;
mod thin;

use std::sync::Arc;
use std::time::Instant;

use thiserror::Error;

use crate::existence::{self, NoTourReason};
use crate::leaper::Leaper;
use crate::search::{Limit, Limits};
use crate::shape::clued::{self, ClueAnswer, ClueCount, ClueMemoryError, ClueQuestion};
use crate::shape::{Shape, ShapeError};
use crate::tour::{ShapeRoute, Tour};

use self::draw::Draw;
use self::thin::{Thinned, Thinning};

pub use self::thin::ATTEMPT_NODES;

/// How many clues a puzzle keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Density {
    /// As few as keep one solution, as far as counts of [`ATTEMPT_NODES`] can prove it.
    Few,
    /// About a third of the squares: stops taking clues away at that.
    Some,
    /// About half of the squares.
    Many,
}

impl Density {
    /// Every density, fewest clues first.
    pub const ALL: [Density; 3] = [Density::Few, Density::Some, Density::Many];

    /// The clues a puzzle of `open` squares keeps at least.
    fn keep_at_least(self, open: u64) -> usize {
        let open = open as usize;
        match self {
            Density::Few => 0,
            Density::Some => open.div_ceil(3),
            Density::Many => open.div_ceil(2),
        }
    }

    /// The density's name, as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Density::Few => "few",
            Density::Some => "some",
            Density::Many => "many",
        }
    }
}

/// What puzzle to make.
#[derive(Clone, Copy, Debug)]
pub struct PuzzleRequest<'a> {
    /// The board: its holes. Its clues, if any, are not used.
    pub shape: &'a Shape,
    /// The piece that moves.
    pub piece: Leaper,
    /// Whether the solution is a closed tour.
    pub closed: bool,
    /// The seed every choice is drawn from.
    pub seed: u64,
    /// How many clues to keep.
    pub density: Density,
    /// The node budget and the deadline of the whole making: the tour, every count, and the
    /// solve that measures the puzzle's work.
    pub limits: Limits,
}

/// A puzzle with exactly one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The board with its clues.
    pub shape: Shape,
    /// The one solution, validated on the puzzle's board: its clues kept.
    pub solution: Tour,
    /// The puzzle's work: the nodes a count of its solutions ([`clued::count`], up to two)
    /// takes to find the solution and prove it the only one.
    pub solve_nodes: u64,
    /// The nodes the making took, the counts that prove the solution the only one included.
    pub nodes: u64,
}

/// What [`make`] came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleOutcome {
    /// A puzzle, its one solution proved.
    Made(Puzzle),
    /// The board has no tour for the piece: a proof.
    NoTour(NoTourReason),
    /// The node budget or the deadline ran out first.
    GaveUp {
        /// Which limit.
        limit: Limit,
        /// Nodes expanded.
        nodes: u64,
    },
}

/// Why no puzzle can be asked for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// More open squares than a puzzle's uniqueness can be proved for.
    #[error(
        "a puzzle has at most {max} open squares, whose one solution a count can prove; the \
         board has {open}"
    )]
    TooLarge {
        /// The board's open squares.
        open: u64,
        /// The most a puzzle may have.
        max: u64,
    },
    /// Memory the searches need could not be had.
    #[error(transparent)]
    Memory(#[from] ClueMemoryError),
    /// A shape could not be made (it cannot happen with clues taken from a tour).
    #[error(transparent)]
    Shape(ShapeError),
    /// The last count did not find exactly one solution where the thinning had proved one, or
    /// the solution failed the validator: a defect of the engine, reported rather than hidden.
    #[error(
        "the puzzle's solution failed its check, or a count of its solutions found other than \
         one (a defect: please report it)"
    )]
    Unsound,
}

/// The most open squares a puzzle may have: past about 20×20, the counts that prove a sparse
/// puzzle's solution unique outgrow any budget a person waits for.
pub const MAX_OPEN: u64 = 400;

/// A puzzle on `request`'s board with exactly one solution, or the proof that the board has no
/// tour, or "gave up".
pub fn make(request: &PuzzleRequest) -> Result<PuzzleOutcome, PuzzleError> {
    let shape = request.shape.without_clues();
    let open = shape.open_count();
    if open > MAX_OPEN {
        return Err(PuzzleError::TooLarge {
            open,
            max: MAX_OPEN,
        });
    }
    let board = shape.board();
    if shape.is_rectangle()
        && let Some(reason) = existence::piece_board_verdict(request.piece, board, request.closed)
    {
        return Ok(PuzzleOutcome::NoTour(reason));
    }
    let question = ClueQuestion {
        shape: &shape,
        piece: request.piece,
        closed: request.closed,
        start: None,
        end: None,
        limits: request.limits,
    };
    if let Some(reason) = clued::prove(&question) {
        return Ok(PuzzleOutcome::NoTour(reason));
    }
    let (tour, mut spent) = match clued::find(&question)? {
        ClueAnswer::Found { path, nodes } => (path, nodes),
        ClueAnswer::GaveUp { limit, nodes } => return Ok(PuzzleOutcome::GaveUp { limit, nodes }),
        ClueAnswer::Exhausted { nodes } => {
            return Ok(PuzzleOutcome::NoTour(NoTourReason::ExhaustiveShapeSearch {
                start: None,
                nodes,
            }));
        }
    };
    let mut draw = Draw::new(request.seed);
    let solution = backbite::shuffle(&shape, request.piece, request.closed, tour, &mut draw)?;
    let thinning = Thinning {
        shape: &shape,
        piece: request.piece,
        closed: request.closed,
        solution: &solution,
        keep_at_least: request.density.keep_at_least(open),
        limits: remaining(&request.limits, spent),
    };
    let puzzle = match thinning.run(&mut draw)? {
        Thinned::Proper { shape, nodes } => {
            spent += nodes;
            shape
        }
        Thinned::GaveUp { limit, nodes } => {
            return Ok(PuzzleOutcome::GaveUp {
                limit,
                nodes: spent + nodes,
            });
        }
    };
    // The work: a count that finds the solution and proves it the only one, as every count
    // of the thinning did. It also checks the thinning's last word.
    let proof = ClueQuestion {
        shape: &puzzle,
        limits: remaining(&request.limits, spent),
        ..question
    };
    let solve_nodes = match clued::count(&proof, Some(2))? {
        ClueCount::Exact { tours: 1, nodes } => nodes,
        ClueCount::GaveUp { limit, nodes, .. } => {
            return Ok(PuzzleOutcome::GaveUp {
                limit,
                nodes: spent + nodes,
            });
        }
        ClueCount::Exact { .. } | ClueCount::AtLeast { .. } => return Err(PuzzleError::Unsound),
    };
    let board_of_puzzle = Arc::new(puzzle);
    let route = ShapeRoute {
        closed: request.closed,
        start: None,
        end: None,
    };
    let solution = Tour::on_shape(&board_of_puzzle, request.piece, solution, route)
        .map_err(|_| PuzzleError::Unsound)?;
    Ok(PuzzleOutcome::Made(Puzzle {
        shape: Arc::unwrap_or_clone(board_of_puzzle),
        solution,
        solve_nodes,
        nodes: spent + solve_nodes,
    }))
}

/// What is left of `limits` once `spent` nodes are.
fn remaining(limits: &Limits, spent: u64) -> Limits {
    Limits {
        node_budget: limits.node_budget.saturating_sub(spent),
        deadline: limits.deadline,
    }
}

/// The limit that `spent` nodes, or the clock, have reached, if any.
fn spent_out(limits: &Limits, spent: u64) -> Option<Limit> {
    if limits
        .deadline
        .is_some_and(|deadline| Instant::now() >= deadline)
    {
        Some(Limit::Deadline)
    } else if spent >= limits.node_budget {
        Some(Limit::Nodes)
    } else {
        None
    }
}

/// Reserves room for `len` more items, or fails with the bytes that could not be had.
fn reserve<T>(vec: &mut Vec<T>, len: usize) -> Result<(), PuzzleError> {
    vec.try_reserve_exact(len).map_err(|_| {
        PuzzleError::Memory(ClueMemoryError {
            bytes: len.saturating_mul(size_of::<T>()) as u64,
        })
    })
}
