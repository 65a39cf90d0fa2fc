//! The starts map: what the solver answers from every square of a board, for one kind (open or
//! closed) and one method. Each square gets a tour (with the nodes it took), a proof that none
//! starts there, or a run that gave up.
//!
//! What each answer means, and where it comes from:
//!
//! - **Theorems first, for every method.** A square the existence theorems refuse
//!   ([`existence::verdict`]: no tour on the board, a minority-colour start on an odd board, an
//!   inner line of a 4×n board) is answered by the theorem, with 0 nodes and no search, as
//!   [`solve`] answers it by every method.
//! - **Every other square is solved from that square**, unless another square's answer
//!   already answers it (below). Its answer is then exactly what [`solve`] answers from it: a
//!   tour the solver found and validated (dropped once its squares have been reused: a map
//!   keeps no tours), a proof by exhausted search, or a run that gave up; its node count is
//!   that solve's. The search's tie-breaks end in the fixed move order, which no symmetry
//!   keeps, so mirror starts take different numbers of nodes (`naive` on 8×8: about 3.2
//!   million from 0,0, more than ten million from 0,7), and one may run out of budget where
//!   the other finds a tour.
//! - **Proofs go to the whole orbit.** A symmetry of the board ([`Symmetry`]: eight of a square
//!   board, four of a rectangle) maps a leaper's moves to its moves, so a tour from the image of
//!   a start would map back to a tour from the start: where the search proves that no tour
//!   starts at a square, none starts at any of its images either. The squares are solved in two
//!   rounds: first one representative of each orbit (its first square in row-major order), then
//!   the other squares, where an image of a proved representative takes the proof
//!   ([`Proof::Symmetric`], 0 nodes) instead of a search. Such an answer can be stronger than
//!   the square's own search would have been (which might have run out of budget) but never
//!   different in kind: a tour cannot start there.
//! - **With `auto`, tours are reused** (see [`Source`]; each tour so made passes the validator
//!   from its new start before it answers, and keeps the layer that found it). A closed tour is
//!   a cycle through every square: begun at any square it is a closed tour from there
//!   ([`Source::Rotated`]), and a proof that no closed tour starts at one square is a proof for
//!   every square ([`Proof::Cycle`]). An open tour run backwards is a tour from its end
//!   ([`Source::Reversed`]), and a symmetry takes a tour from a square to one from its image
//!   ([`Source::Mirrored`]). For the knight, only squares whose own solve gave up (or was not
//!   reached) are answered so, keeping their own node count: its maps answer every square by
//!   its own solve, as they always have. For every other piece the reuse comes first, with 0
//!   nodes: a closed map solves its squares in row-major order, in batches of 1, 2, 4, … until
//!   a batch finds a tour or a proof, whose first in row-major order then answers every square
//!   not yet solved; an open map gives each representative's tour to its images before the
//!   second round. Squares that still gave up after both rounds then take a tour from another
//!   square where one fits: the kept cycle, rotated, or the first proof, for closed tours; for
//!   open tours the first square in row-major order whose tour a symmetry (the identity
//!   included) takes to a tour from the square, or, in a map of starts, to one that ends there,
//!   run backwards (that square is solved again for its tour, the same tour, since a solve is
//!   deterministic). Each other method's map shows what that method does from each square, and
//!   reuses nothing but proofs across symmetries.
//!
//! A square's answer therefore means: a tour from it exists and was validated from it, none
//! exists (proved), or neither is known within the budget. The rounds and batches do not
//! depend on the threads, so a map is the same from run to run whatever the threads do (within
//! the node budget; a deadline cuts where it falls).
//!
//! Limits: the request's **node budget is per start** (every solve gets all of it), its
//! **deadline is for the whole run** (each solve gets the time left; a start not begun by then
//! is [`StartOutcome::NotReached`]), and its **memory cap is for the whole run**, shared
//! equally by the threads, which solve at the same time. A map may also have a **node budget
//! of its own** ([`MapSettings::map_budget`]): each solve then gets at most what is left of
//! it, and the starts not begun when it is spent are not reached either. Boards above
//! [`MAX_SQUARES`] are refused: the work grows as the square of the area (every square solved
//! from every square), and each doubling of the side multiplies it by sixteen.
//!
//! The same machinery makes the **map of ends** ([`map_ends`]): every square as the end of an
//! open tour from one start, the theorems first (the colour rule, the end's own theorems), and
//! proofs (with `auto`, tours too) copied only across the symmetries that keep the start; and
//! the **map of starts to one end** ([`map_starts`] with an end): every square as the start of
//! an open tour that ends there, proofs and tours copied across the symmetries that keep the
//! end. Neither reverses a tour: run backwards, it would answer another map.
//!
//! The solves are spread over threads started with `std::thread::Builder::spawn_scoped` (the
//! calling thread works too, and does all the work if no thread will start). The engine knows
//! nothing of terminals: progress goes to a callback, which can also stop the run.

mod answer;
mod reuse;
mod run;
mod symmetry;

use std::ops::ControlFlow;

use thiserror::Error;

pub use answer::{Proof, StartAnswer, StartOutcome};
pub use reuse::Source;
pub use symmetry::Symmetry;

use self::reuse::{Found, Reuse};
use self::run::Run;
use crate::board::{Board, Square};
use crate::existence::{self, Verdict};
use crate::leaper::Leaper;
use crate::shape::Shape;
#[cfg(doc)]
use crate::solve::solve;
use crate::solve::{Method, Request, SolveError};
use crate::tour::Tour;

/// The most squares a map is made for: 256×256. Each square is a solve of the whole board.
pub const MAX_SQUARES: u64 = 1 << 16;

/// The progress callback: called with the starts answered so far and the total, once for each
/// answer, one call at a time, `done` rising by one each call. [`ControlFlow::Break`] stops the
/// run: no further start begins, and [`map_starts`] returns [`StartsError::Stopped`].
pub type Progress<'p> = dyn Fn(usize, usize) -> ControlFlow<()> + Sync + 'p;

/// The answers from every square of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartsMap {
    /// The board.
    pub board: Board,
    /// Whether closed tours were asked for.
    pub closed: bool,
    /// The method.
    pub method: Method,
    /// For a map of ends ([`map_ends`]): the start of every tour, each answer's square being
    /// the end asked for; `None` for a map of starts.
    pub start: Option<Square>,
    /// For a map of starts to one end ([`map_starts`] with `request.end`): that end; `None`
    /// otherwise.
    pub end: Option<Square>,
    /// One answer a square, in row-major order ([`Board::index`]).
    pub answers: Vec<StartAnswer>,
}

/// How many starts had each kind of answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Starts with a tour found.
    pub tours: u64,
    /// Starts proved to have none.
    pub no_tour: u64,
    /// Starts whose solve gave up, or was never begun (see [`Tally::not_reached`]).
    pub gave_up: u64,
    /// Of those, the starts never begun: the map's deadline or node budget ran out first.
    pub not_reached: u64,
}

impl StartsMap {
    /// The answer from `square`.
    pub fn answer(&self, square: Square) -> &StartAnswer {
        &self.answers[self.board.index(square) as usize]
    }

    /// How many starts had each kind of answer.
    pub fn tally(&self) -> Tally {
        let mut tally = Tally::default();
        for answer in &self.answers {
            match answer.outcome {
                StartOutcome::Tour { .. } => tally.tours += 1,
                StartOutcome::NoTour(_) => tally.no_tour += 1,
                StartOutcome::BudgetExceeded { .. } => tally.gave_up += 1,
                StartOutcome::NotReached { .. } => {
                    tally.gave_up += 1;
                    tally.not_reached += 1;
                }
                StartOutcome::Hole => {}
            }
        }
        tally
    }
}

/// A map that could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StartsError {
    /// The board has more than [`MAX_SQUARES`] squares.
    #[error(
        "{kind} map of the {board} board would solve all {squares} squares {each} {squares} \
         {ends}; boards of at most {MAX_SQUARES} squares (256x256) are mapped",
        squares = board.area(),
        kind = if *ends { "an ends" } else { "a starts" },
        each = if *ends { "to each of its" } else { "from each of its" },
        ends = if *ends { "ends" } else { "starts" }
    )]
    TooLarge {
        /// The board.
        board: Board,
        /// Whether the map was of ends (from one start), not of starts.
        ends: bool,
    },
    /// A solve could not run (the memory cap, or a tour the validator rejected).
    #[error("at {start}: {error}")]
    Solve {
        /// The square whose solve failed (a start, or for a map of ends an end).
        start: Square,
        /// Why.
        error: SolveError,
    },
    /// A map of ends, or of starts to one end, was asked for closed tours, which have no end.
    #[error("a closed tour has no end: maps with an end are made for open tours")]
    ClosedEnds,
    /// The progress callback stopped the run.
    #[error("the starts map was stopped before it was done")]
    Stopped,
    /// The board's clues fix the square every answer would be asked about.
    #[error(
        "the board's number {number} fixes the {what} at {square}; a map asks every square \
         as the {what}"
    )]
    FixedByClue {
        /// "start" or "end".
        what: &'static str,
        /// The number given.
        number: u32,
        /// The square given it.
        square: Square,
    },
}

/// How a map is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MapSettings {
    /// Threads that solve, the calling one included (0 counts as 1).
    pub threads: usize,
    /// The most nodes the whole map may expand, if it has a budget of its own: each square is
    /// given what is left (at most the request's budget), and squares not begun when it is
    /// spent are [`StartOutcome::NotReached`]. The map never spends more.
    pub map_budget: Option<u64>,
}

impl MapSettings {
    /// `threads` threads, and no budget for the whole map (each square has the request's).
    pub fn threads(threads: usize) -> Self {
        Self {
            threads,
            map_budget: None,
        }
    }
}

/// Answers from every square of `request.board` what the solver answers from it, reporting
/// each answer to `progress`. With an end (`request.end`), each square is the start of an
/// open tour that must end there: the theorems answer first ([`existence::route_verdict`]),
/// and a proof by search goes to the images of its start under the symmetries that keep the
/// end; a closed request with an end is [`StartsError::ClosedEnds`]. The request's start and
/// partial tour are ignored; its node budget is each start's, its deadline and memory cap the
/// whole run's (see the module doc).
pub fn map_starts(
    request: &Request,
    settings: &MapSettings,
    progress: &Progress,
) -> Result<StartsMap, StartsError> {
    if request.closed && request.end.is_some() {
        return Err(StartsError::ClosedEnds);
    }
    make_map(request, Target::Starts(request.end), settings, progress)
}

/// Answers for every square of `request.board` as the end what the solver answers for an open
/// tour from `request.start` that ends there, reporting each answer to `progress`: the map of
/// ends, whose [`StartsMap::start`] is the start. The theorems answer first (a colour the end
/// cannot have, the start's own theorems); a proof by search goes to the images of its end
/// under the symmetries of the board that keep the start. Limits as for [`map_starts`]; a
/// closed request is [`StartsError::ClosedEnds`].
pub fn map_ends(
    request: &Request,
    settings: &MapSettings,
    progress: &Progress,
) -> Result<StartsMap, StartsError> {
    if request.closed {
        return Err(StartsError::ClosedEnds);
    }
    make_map(request, Target::Ends(request.start), settings, progress)
}

/// A map of starts or of ends: the theorems first, then one representative of each orbit
/// solved, its proofs copied to the orbit, then the squares left; with `auto`, tours and proofs
/// reused as the module doc says.
fn make_map(
    request: &Request,
    target: Target,
    settings: &MapSettings,
    progress: &Progress,
) -> Result<StartsMap, StartsError> {
    let board = request.board;
    if board.area() > MAX_SQUARES {
        let ends = matches!(target, Target::Ends(_));
        return Err(StartsError::TooLarge { board, ends });
    }
    let shape = request.shape.as_deref();
    if let Some(shape) = shape {
        check_shape_map(shape, target)?;
    }
    let run = Run::new(request, target, settings, progress);
    let reuse = Reuse::of(request);
    let found = Found::new(board);
    let mut answers: Vec<Option<StartAnswer>> = vec![None; board.area() as usize];
    let mut done = 0;
    let mut searched = Vec::new();
    for square in board.squares() {
        if shape.is_some_and(|shape| !shape.is_open(square)) {
            answers[board.index(square) as usize] = Some(StartAnswer {
                square,
                outcome: StartOutcome::Hole,
                nodes: 0,
            });
            run.report(&mut done)?;
        } else if shape.is_some() {
            // The theorems are the rectangle's.
            searched.push(square);
        } else if let Verdict::Impossible(reason) =
            target.verdict(request.piece, board, square, request.closed)
        {
            answers[board.index(square) as usize] = Some(StartAnswer {
                square,
                outcome: StartOutcome::NoTour(Proof::Theorem(reason)),
                nodes: 0,
            });
            run.report(&mut done)?;
        } else {
            searched.push(square);
        }
    }
    if reuse.eager && request.closed {
        reuse::cycle_first(&run, &found, &searched, &mut answers, &mut done)?;
    }
    let mut symmetries = target.symmetries(board);
    if let Some(shape) = shape {
        symmetries.retain(|&symmetry| keeps_the_shape(symmetry, shape));
    }
    let mut representatives = Vec::new();
    let mut images = Vec::new();
    let mut is_image = vec![false; answers.len()];
    for square in searched {
        if answers[board.index(square) as usize].is_some() {
            continue;
        }
        if Symmetry::representative_among(&symmetries, board, square) == square {
            representatives.push(square);
        } else {
            is_image[board.index(square) as usize] = true;
            images.push(square);
        }
    }
    let solve = |square, mirror: bool| {
        let (answer, tour) = run.solve(square)?;
        let mut answers = vec![answer];
        if let Some(tour) = tour {
            if mirror {
                let layer = match answers[0].outcome {
                    StartOutcome::Tour { layer, .. } => layer,
                    _ => unreachable!("a solve that found a tour answers with it"),
                };
                answers.extend(reuse::mirror_images(
                    target,
                    &tour,
                    layer,
                    &symmetries,
                    &is_image,
                )?);
            }
            if reuse.rescue {
                found.record(target.square_of(&tour), tour);
            }
        }
        Ok(answers)
    };
    run.each(&representatives, &mut answers, &mut done, &|square| {
        solve(square, reuse.eager)
    })?;
    let mut unproved = Vec::new();
    for square in images {
        if answers[board.index(square) as usize].is_some() {
            continue;
        }
        match proof_by_symmetry(board, target, &symmetries, &answers, square) {
            Some(answer) => {
                answers[board.index(square) as usize] = Some(answer);
                run.report(&mut done)?;
            }
            None => unproved.push(square),
        }
    }
    run.each(&unproved, &mut answers, &mut done, &|square| {
        solve(square, false)
    })?;
    if reuse.rescue {
        let reverse = matches!(target, Target::Starts(None));
        reuse::rescue(&run, target, found, &symmetries, reverse, &mut answers)?;
    }
    Ok(StartsMap {
        board,
        closed: request.closed,
        method: request.method,
        start: target.start(),
        end: target.end(),
        answers: answers
            .into_iter()
            .map(|answer| answer.expect("every square is answered"))
            .collect(),
    })
}

/// Refuses a map of a shape whose clues fix the square the map varies: the start (a clue 1) in
/// a map of starts, the end (a clue of the last number) in a map of ends.
fn check_shape_map(shape: &Shape, target: Target) -> Result<(), StartsError> {
    let fixed = match target {
        Target::Starts(_) => shape.clued_start().map(|square| ("start", 1, square)),
        Target::Ends(_) => shape
            .clued_end()
            .map(|square| ("end", shape.open_count() as u32, square)),
    };
    match fixed {
        Some((what, number, square)) => Err(StartsError::FixedByClue {
            what,
            number,
            square,
        }),
        None => Ok(()),
    }
}

/// Whether `symmetry` takes `shape` to itself: holes to holes, and each clue to a square given
/// the same number. Only such a symmetry takes a tour of the shape to a tour of it.
fn keeps_the_shape(symmetry: Symmetry, shape: &Shape) -> bool {
    let board = shape.board();
    let holes = shape
        .holes()
        .iter()
        .all(|&hole| !shape.is_open(symmetry.apply(board, hole)));
    let clues = shape
        .clues()
        .iter()
        .all(|clue| shape.clue_at(symmetry.apply(board, clue.square)) == Some(clue.number));
    holes && clues
}

/// What a map's squares are: starts (of tours that may have to end on one square), or ends of
/// tours from one start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Starts(Option<Square>),
    Ends(Square),
}

impl Target {
    /// The fixed start of a map of ends.
    fn start(self) -> Option<Square> {
        match self {
            Target::Starts(_) => None,
            Target::Ends(start) => Some(start),
        }
    }

    /// The fixed end of a map of starts to one end.
    fn end(self) -> Option<Square> {
        match self {
            Target::Starts(end) => end,
            Target::Ends(_) => None,
        }
    }

    /// The theorems' verdict for `piece` on `square` as a start, or as the end.
    fn verdict(self, piece: Leaper, board: Board, square: Square, closed: bool) -> Verdict {
        match self {
            Target::Starts(None) => existence::piece_verdict(piece, board, square, closed),
            Target::Starts(Some(end)) => existence::piece_route_verdict(piece, board, square, end),
            Target::Ends(start) => existence::piece_route_verdict(piece, board, start, square),
        }
    }

    /// The symmetries that carry a proof from one square to another: all of the board's for
    /// starts, those that keep the fixed square (the end, or the start) otherwise.
    fn symmetries(self, board: Board) -> Vec<Symmetry> {
        let all = Symmetry::of(board).iter().copied();
        match self.start().or(self.end()) {
            None => all.collect(),
            Some(fixed) => all
                .filter(|symmetry| symmetry.apply(board, fixed) == fixed)
                .collect(),
        }
    }

    /// The start and the end, if fixed, of a tour that answers at `square`.
    fn ends_of(self, square: Square) -> (Square, Option<Square>) {
        match self {
            Target::Starts(end) => (square, end),
            Target::Ends(start) => (start, Some(square)),
        }
    }

    /// The square a tour answers: its start, or in a map of ends its last square.
    fn square_of(self, tour: &Tour) -> Square {
        match self {
            Target::Starts(_) => tour.start(),
            Target::Ends(_) => tour.squares().last().expect("a tour has a square"),
        }
    }

    /// The request of one square's solve, from `template`.
    fn request(self, template: &Request, square: Square) -> Request {
        match self {
            Target::Starts(end) => Request {
                start: square,
                end,
                any_start: false,
                ..template.clone()
            },
            Target::Ends(_) => Request {
                any_start: false,
                ..template.clone().ending_at(square)
            },
        }
    }
}

/// The answer at `square` copied from its representative, when a search proved that no tour
/// starts (or ends) there.
fn proof_by_symmetry(
    board: Board,
    target: Target,
    symmetries: &[Symmetry],
    answers: &[Option<StartAnswer>],
    square: Square,
) -> Option<StartAnswer> {
    let from = Symmetry::representative_among(symmetries, board, square);
    let representative = answers[board.index(from) as usize].as_ref()?;
    let StartOutcome::NoTour(Proof::Search { reason, .. }) = &representative.outcome else {
        return None;
    };
    let symmetry = symmetries
        .iter()
        .copied()
        .find(|symmetry| symmetry.apply(board, from) == square)
        .expect("one orbit");
    Some(StartAnswer {
        square,
        outcome: StartOutcome::NoTour(Proof::Symmetric {
            start: target.start(),
            end: target.end(),
            square,
            from,
            symmetry,
            reason: reason.clone(),
        }),
        nodes: 0,
    })
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod reuse_tests;
