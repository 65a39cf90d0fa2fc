//! Tours and proofs one square's solve gives to other squares of its map (see the module doc
//! of [`starts`](super) for when): a closed tour is a cycle through every square, so begun at
//! any square it is a closed tour from there, and a proof that none starts at one square is a
//! proof for all; an open tour run backwards starts at its end; and a symmetry of the board
//! takes a tour from one square to a tour from its image. Every tour made so is validated
//! from its new start before it answers.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Mutex, PoisonError};

use super::run::Run;
use super::{Proof, StartAnswer, StartOutcome, StartsError, Symmetry, Target};
use crate::board::{Board, Square};
use crate::solve::{Layer, Method, Request, SolveError};
use crate::tour::Tour;

/// Where a square's tour came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The solve from this square found it.
    Solved,
    /// The tour the solve from `from` found, taken to this square by `symmetry`.
    Mirrored {
        /// The square whose solve found the tour.
        from: Square,
        /// The symmetry of the board that takes `from` to this square.
        symmetry: Symmetry,
    },
    /// The closed tour the solve from `from` found, begun at this square: a closed tour is a
    /// cycle through every square.
    Rotated {
        /// The square whose solve found the tour.
        from: Square,
    },
    /// The open tour the solve from `from` found, taken by `symmetry` (the identity, or one
    /// that keeps the map's end or start) to a tour that ends at this square, and run
    /// backwards.
    Reversed {
        /// The square whose solve found the tour.
        from: Square,
        /// The symmetry of the board that takes the tour's end to this square.
        symmetry: Symmetry,
    },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Source::Solved => f.write_str("the solve from this square"),
            Source::Mirrored { from, symmetry } => {
                write!(
                    f,
                    "the tour from {from}, taken here by {symmetry} of the board"
                )
            }
            Source::Rotated { from } => {
                write!(f, "the closed tour from {from}, begun here")
            }
            Source::Reversed {
                from,
                symmetry: Symmetry::Identity,
            } => write!(f, "the tour from {from}, which ends here, run backwards"),
            Source::Reversed { from, symmetry } => write!(
                f,
                "the tour from {from}, whose end {symmetry} of the board takes here, run \
                 backwards"
            ),
        }
    }
}

/// What a map reuses: for the method `auto` only (each other method's map shows what that
/// method does from each square), a tour or proof for the squares whose own solve gave up;
/// and for pieces other than the knight, before their squares are solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reuse {
    /// Whether squares that gave up take a tour or proof found from another square.
    pub(super) rescue: bool,
    /// Whether tours and proofs are given to other squares before those are solved.
    pub(super) eager: bool,
}

impl Reuse {
    /// The reuse of a map of `request`.
    pub(super) fn of(request: &Request) -> Self {
        // A board of any shape reuses nothing but proofs: its tours are checked against the
        // shape, which the reuse's checks do not know.
        let auto = request.method == Method::Auto && request.shape.is_none();
        Self {
            rescue: auto,
            eager: auto && !request.piece.is_knight(),
        }
    }
}

/// What the solves of a map found that other squares may reuse: for open tours the last square
/// of each, by the square it answers; for closed ones the tour found from the first square in
/// row-major order.
pub(super) struct Found {
    ends: Mutex<Vec<Option<u32>>>,
    cycle: Mutex<Option<Tour>>,
}

impl Found {
    /// Nothing found yet on `board`.
    pub(super) fn new(board: Board) -> Self {
        Self {
            ends: Mutex::new(vec![None; board.area() as usize]),
            cycle: Mutex::new(None),
        }
    }

    /// Keeps what `tour`, found by the solve at `square`, gives other squares.
    pub(super) fn record(&self, square: Square, tour: Tour) {
        let start = tour.indices()[0];
        if tour.is_closed() {
            let mut cycle = self.cycle.lock().unwrap_or_else(PoisonError::into_inner);
            if cycle.as_ref().is_none_or(|kept| start < kept.indices()[0]) {
                *cycle = Some(tour);
            }
        } else {
            let mut ends = self.ends.lock().unwrap_or_else(PoisonError::into_inner);
            ends[tour.board().index(square) as usize] = tour.indices().last().copied();
        }
    }

    /// The closed tour kept, if any.
    pub(super) fn take_cycle(&self) -> Option<Tour> {
        self.cycle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

/// Whether `path` starts (and ends) where a tour that answers at `square` must.
fn fits(target: Target, square: Square, board: Board, path: &[u32]) -> bool {
    let (start, end) = target.ends_of(square);
    path.first() == Some(&board.index(start))
        && end.is_none_or(|end| path.last() == Some(&board.index(end)))
}

/// The tour at `square`, made from a tour in hand: the validator must pass it, from the start
/// and to the end the map asks for.
fn reused(
    target: Target,
    square: Square,
    path: Vec<u32>,
    tour: &Tour,
    layer: Layer,
    source: Source,
    nodes: u64,
) -> Result<StartAnswer, StartsError> {
    let board = tour.board();
    let (start, end) = target.ends_of(square);
    let wrong_end = end.filter(|&end| path.last() != Some(&board.index(end)));
    let checked = match wrong_end {
        Some(expected) => Err(crate::tour::TourError::WrongEnd {
            expected,
            found: path.last().map_or(start, |&last| board.square_at(last)),
        }),
        None => {
            Tour::with_piece(board, tour.piece(), path, tour.is_closed(), Some(start)).map(|_| ())
        }
    };
    checked.map_err(|error| StartsError::Solve {
        start: square,
        error: SolveError::InvalidTour { layer, error },
    })?;
    Ok(StartAnswer {
        square,
        outcome: StartOutcome::Tour { layer, source },
        nodes,
    })
}

/// `tour`'s squares taken by `symmetry`.
fn mirrored(tour: &Tour, symmetry: Symmetry) -> Vec<u32> {
    let board = tour.board();
    tour.squares()
        .map(|square| board.index(symmetry.apply(board, square)))
        .collect()
}

/// The closed `tour` begun at `square`.
fn rotated(tour: &Tour, square: Square) -> Vec<u32> {
    let at = tour.board().index(square);
    let path = tour.indices();
    let split = path.iter().position(|&index| index == at).unwrap_or(0);
    [&path[split..], &path[..split]].concat()
}

/// The answers at `targets`, the images under `symmetries` of the square `tour` answers
/// (found there by a solve with `layer`), each with the tour taken there.
pub(super) fn mirror_images(
    target: Target,
    tour: &Tour,
    layer: Layer,
    symmetries: &[Symmetry],
    targets: &[bool],
) -> Result<Vec<StartAnswer>, StartsError> {
    let board = tour.board();
    let from = target.square_of(tour);
    let mut answers: Vec<StartAnswer> = Vec::new();
    for &symmetry in symmetries {
        let square = symmetry.apply(board, from);
        let wanted = targets[board.index(square) as usize];
        if wanted && answers.iter().all(|answer| answer.square != square) {
            let source = Source::Mirrored { from, symmetry };
            let path = mirrored(tour, symmetry);
            answers.push(reused(target, square, path, tour, layer, source, 0)?);
        }
    }
    Ok(answers)
}

/// The answer at `square` from the closed `tour` that a solve from `from` found with `layer`.
pub(super) fn rotate(
    tour: &Tour,
    layer: Layer,
    square: Square,
    nodes: u64,
) -> Result<StartAnswer, StartsError> {
    let source = Source::Rotated { from: tour.start() };
    let target = Target::Starts(None);
    reused(
        target,
        square,
        rotated(tour, square),
        tour,
        layer,
        source,
        nodes,
    )
}

/// The proof at `square` that no closed tour starts there, from the proof at `from`: a closed
/// tour from `square` would pass through `from`.
fn cycle_proof(square: Square, from: Square, proof: &Proof, nodes: u64) -> Option<StartAnswer> {
    let Proof::Search { reason, .. } = proof else {
        return None;
    };
    Some(StartAnswer {
        square,
        outcome: StartOutcome::NoTour(Proof::Cycle {
            square,
            from,
            reason: reason.clone(),
        }),
        nodes,
    })
}

/// The first closed tour or proof by search of a closed map, for every square: `squares` (the
/// squares no theorem answers, in row-major order) are solved in batches of 1, 2, 4, … until a
/// batch finds a tour or a proof; the first of the batch in row-major order then answers every
/// square not yet solved. The batches do not depend on the threads, so neither does the map.
pub(super) fn cycle_first(
    run: &Run,
    found: &Found,
    squares: &[Square],
    answers: &mut [Option<StartAnswer>],
    done: &mut usize,
) -> Result<(), StartsError> {
    let solve = |square| {
        let (answer, tour) = run.solve(square)?;
        if let Some(tour) = tour {
            found.record(square, tour);
        }
        Ok(vec![answer])
    };
    let mut next = 0;
    let mut batch = 1;
    while next < squares.len() {
        let solved = &squares[next..(next + batch).min(squares.len())];
        run.each(solved, answers, done, &solve)?;
        next += solved.len();
        batch *= 2;
        let left = &squares[next..];
        if let Some(cycle) = found.take_cycle() {
            let layer = layer_at(answers, cycle.start());
            let rotate = |square| Ok(vec![rotate(&cycle, layer, square, 0)?]);
            run.each(left, answers, done, &rotate)?;
            *found.cycle.lock().unwrap_or_else(PoisonError::into_inner) = Some(cycle);
            return Ok(());
        }
        let board = run.board();
        let proved = solved.iter().find_map(|&square| {
            let answer = answers[board.index(square) as usize].as_ref()?;
            match &answer.outcome {
                StartOutcome::NoTour(proof @ Proof::Search { .. }) => Some((square, proof.clone())),
                _ => None,
            }
        });
        if let Some((from, proof)) = proved {
            for &square in left {
                answers[board.index(square) as usize] = cycle_proof(square, from, &proof, 0);
                run.report(done)?;
            }
            return Ok(());
        }
    }
    Ok(())
}

/// Gives every square whose solve gave up (or never began) a tour or proof from another
/// square, where one fits: for closed tours the kept tour, rotated, or the first proof by
/// search; for open tours the first square in row-major order whose solved tour a symmetry
/// of `symmetries` takes to one from the square (`reverse`: or to one that ends there, run
/// backwards), solved again for its tour. Each square keeps its own solve's node count.
pub(super) fn rescue(
    run: &Run,
    target: Target,
    found: Found,
    symmetries: &[Symmetry],
    reverse: bool,
    answers: &mut [Option<StartAnswer>],
) -> Result<(), StartsError> {
    let board = run.board();
    let gave_up: Vec<usize> = (0..answers.len())
        .filter(|&index| answers[index].as_ref().is_some_and(|a| a.outcome.gave_up()))
        .collect();
    if gave_up.is_empty() {
        return Ok(());
    }
    if run.closed() {
        let cycle = found.take_cycle();
        let layer = cycle.as_ref().map(|cycle| layer_at(answers, cycle.start()));
        let first_proof = answers
            .iter()
            .flatten()
            .find_map(|answer| match &answer.outcome {
                StartOutcome::NoTour(proof @ Proof::Search { .. }) => {
                    Some((answer.square, proof.clone()))
                }
                _ => None,
            });
        for index in gave_up {
            let square = board.square_at(index as u32);
            let nodes = answers[index].as_ref().map_or(0, |answer| answer.nodes);
            let rescued = match (&cycle, layer, &first_proof) {
                (Some(cycle), Some(layer), _) => Some(rotate(cycle, layer, square, nodes)?),
                (None, _, Some((from, proof))) => cycle_proof(square, *from, proof, nodes),
                _ => None,
            };
            if rescued.is_some() {
                answers[index] = rescued;
            }
        }
        return Ok(());
    }
    let ends = found
        .ends
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    let plan = donors(board, symmetries, reverse, &ends, answers, &gave_up);
    for (donor, squares) in plan {
        let from = board.square_at(donor);
        let (_, Some(tour)) = run.solve(from)? else {
            continue; // The map's deadline or node budget cut the solve short this time.
        };
        let layer = layer_at(answers, from);
        for (square, symmetry, backwards) in squares {
            let mut path = mirrored(&tour, symmetry);
            if backwards {
                path.reverse();
            }
            if !fits(target, square, board, &path) {
                continue; // Not the tour the first solve found: nothing to reuse.
            }
            let source = if backwards {
                Source::Reversed { from, symmetry }
            } else {
                Source::Mirrored { from, symmetry }
            };
            let at = board.index(square) as usize;
            let nodes = answers[at].as_ref().map_or(0, |answer| answer.nodes);
            answers[at] = Some(reused(target, square, path, &tour, layer, source, nodes)?);
        }
    }
    Ok(())
}

/// The layer of the tour answered at `square`, the first square of a tour a solve found.
fn layer_at(answers: &[Option<StartAnswer>], square: Square) -> Layer {
    let found = answers
        .iter()
        .flatten()
        .find(|answer| answer.square == square);
    match found.map(|answer| &answer.outcome) {
        Some(StartOutcome::Tour { layer, .. }) => *layer,
        _ => unreachable!("a tour found is its start's answer"),
    }
}

/// For each square that gave up, the first square in row-major order whose own solve found a
/// tour that a symmetry takes to a tour from it (or, `reverse`, to one ending there), with
/// that symmetry and whether the tour is run backwards; grouped by that square, so that each
/// is solved again once.
fn donors(
    board: Board,
    symmetries: &[Symmetry],
    reverse: bool,
    ends: &[Option<u32>],
    answers: &[Option<StartAnswer>],
    gave_up: &[usize],
) -> BTreeMap<u32, Vec<(Square, Symmetry, bool)>> {
    let area = answers.len();
    let mut as_start: Vec<Option<(u32, Symmetry)>> = vec![None; area];
    let mut as_end: Vec<Option<(u32, Symmetry)>> = vec![None; area];
    for (index, answer) in answers.iter().enumerate() {
        let solved = matches!(
            answer.as_ref().map(|answer| &answer.outcome),
            Some(StartOutcome::Tour {
                source: Source::Solved,
                ..
            })
        );
        if !solved {
            continue;
        }
        let start = board.square_at(index as u32);
        for &symmetry in symmetries {
            let image = board.index(symmetry.apply(board, start)) as usize;
            as_start[image].get_or_insert((index as u32, symmetry));
            if let Some(end) = ends[index].filter(|_| reverse) {
                let image = board.index(symmetry.apply(board, board.square_at(end))) as usize;
                as_end[image].get_or_insert((index as u32, symmetry));
            }
        }
    }
    let mut plan: BTreeMap<u32, Vec<(Square, Symmetry, bool)>> = BTreeMap::new();
    for &index in gave_up {
        let choice = match (as_start[index], as_end[index]) {
            (Some(mirror), Some(end)) if end.0 < mirror.0 => Some((end, true)),
            (Some(mirror), _) => Some((mirror, false)),
            (None, Some(end)) => Some((end, true)),
            (None, None) => None,
        };
        if let Some(((donor, symmetry), backwards)) = choice {
            let square = board.square_at(index as u32);
            plan.entry(donor)
                .or_default()
                .push((square, symmetry, backwards));
        }
    }
    plan
}
