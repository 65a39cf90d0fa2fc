//! Tours and the strict validator every tour passes before anyone sees it.
//!
//! The validator streams: it takes squares one at a time and keeps one bit a square, so it
//! checks a tour of 10^8 squares in linear time without holding the path twice. It checks that
//! every square lies on the board and is visited exactly once, that every step is a move of the
//! tour's piece (the knight unless another [`Leaper`] is named), that a closed tour's last
//! square is a move from its first, and that the tour begins at the requested start.

use std::collections::TryReserveError;
use std::convert::Infallible;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;
use std::time::Instant;

use crate::board::{Board, Square};
use crate::leaper::Leaper;
use crate::shape::Shape;

mod error;
mod fast;
mod shaped;

pub use error::TourError;
pub(crate) use fast::{PathCheck, check_indices};
use fast::{Stop, check_until};
pub use shaped::{ShapeRoute, check_on_shape};

/// Checks a tour square by square with one bit of memory a square (and, when asked, keeps
/// the squares it was given: [`Validator::keeping_path`]), on a whole rectangle or, made by
/// [`Validator::on_shape`], on a board of any shape: no step onto a hole, the square given `k`
/// visited `k`-th, every open square once.
#[derive(Debug, Clone)]
pub struct Validator {
    board: Board,
    /// The board's shape, when it has holes or clues.
    shape: Option<Arc<Shape>>,
    /// The place, among the shape's clues, of the one to be met next.
    next_clue: usize,
    piece: Leaper,
    closed: bool,
    start: Option<Square>,
    end: Option<Square>,
    seen: Vec<u64>,
    visited: u64,
    first: Option<Square>,
    last: Option<Square>,
    /// The squares taken so far, as numbers, when they are kept.
    kept: Option<Vec<u32>>,
}

impl Validator {
    /// A validator for a knight's tour of `board`, closed or open, from `start` if one is
    /// required ([`Validator::with_piece`] for another piece).
    pub fn new(board: Board, closed: bool, start: Option<Square>) -> Self {
        Self {
            board,
            shape: None,
            next_clue: 0,
            piece: Leaper::KNIGHT,
            closed,
            start,
            end: None,
            seen: vec![0; board.area().div_ceil(64) as usize],
            visited: 0,
            first: None,
            last: None,
            kept: None,
        }
    }

    /// A validator for a tour of `piece` on `shape` along `route`; a shape with no hole and no
    /// clue is its rectangle.
    pub fn on_shape(shape: Arc<Shape>, piece: Leaper, route: ShapeRoute) -> Self {
        let mut validator = Self::new(shape.board(), route.closed, route.start).with_piece(piece);
        validator.end = route.end;
        validator.shape = (!shape.is_rectangle()).then_some(shape);
        validator
    }

    /// The squares the tour must visit: the rectangle's, less the shape's holes.
    fn squares(&self) -> u64 {
        self.shape
            .as_ref()
            .map_or(self.board.area(), |shape| shape.open_count())
    }

    /// The same validator, for a tour of `piece` instead of the knight.
    pub fn with_piece(self, piece: Leaper) -> Self {
        Self { piece, ..self }
    }

    /// The same validator, requiring the tour to end on `end`.
    pub fn ending_at(mut self, end: Square) -> Self {
        self.end = Some(end);
        self
    }

    /// The same validator, keeping the squares it takes so that [`Validator::into_tour`] can
    /// give the tour (four bytes a square, asked for here so that a refusal is an error).
    pub fn keeping_path(mut self) -> Result<Self, TryReserveError> {
        let mut kept = Vec::new();
        kept.try_reserve_exact(self.squares() as usize)?;
        self.kept = Some(kept);
        Ok(self)
    }

    /// Takes the next square of the tour; the first error ends the check.
    pub fn push(&mut self, square: Square) -> Result<(), TourError> {
        let step = self.visited + 1;
        if !self.board.contains(square) {
            return Err(TourError::OffBoard {
                step,
                square,
                board: self.board,
            });
        }
        let index = self.board.index(square) as usize;
        if let Some(shape) = &self.shape
            && !shape.is_open_index(index as u32)
        {
            return Err(TourError::OnHole { step, square });
        }
        match self.last {
            None => {
                if let Some(expected) = self.start.filter(|&s| s != square) {
                    return Err(TourError::WrongStart {
                        expected,
                        found: square,
                    });
                }
                self.first = Some(square);
            }
            // The same square twice in a row is named as a square visited twice, not as a
            // move of no length.
            Some(from) if from == square => return Err(TourError::Revisited { square, step }),
            Some(from) if !self.piece.is_move(from, square) => {
                return Err(TourError::NotAMove {
                    piece: self.piece,
                    step: step - 1,
                    from,
                    to: square,
                });
            }
            Some(_) => {}
        }
        let (word, bit) = (index / 64, 1u64 << (index % 64));
        if self.seen[word] & bit != 0 {
            return Err(TourError::Revisited { square, step });
        }
        self.seen[word] |= bit;
        if let Some(shape) = &self.shape {
            self.next_clue = keeps_clue(shape, self.next_clue, step, square)?;
        }
        self.visited = step;
        self.last = Some(square);
        if let Some(kept) = &mut self.kept {
            kept.push(index as u32);
        }
        Ok(())
    }

    /// Ends the check of a validator [`keeping_path`](Validator::keeping_path): the tour, or
    /// `None` if the squares were not kept.
    pub fn into_tour(mut self) -> Result<Option<Tour>, TourError> {
        let kept = self.kept.take();
        let (board, piece, closed) = (self.board, self.piece, self.closed);
        let shape = self.shape.clone();
        self.finish()?;
        Ok(kept.map(|path| Tour {
            board,
            piece,
            closed,
            path,
            shape,
        }))
    }

    /// Ends the check: every square visited, closed if a closed tour was asked for, and
    /// ending on the end asked for.
    pub fn finish(self) -> Result<(), TourError> {
        let (Some(first), Some(last)) = (self.first, self.last) else {
            return Err(TourError::Empty);
        };
        if self.visited != self.squares() {
            return Err(TourError::Incomplete {
                visited: self.visited,
                squares: self.squares(),
            });
        }
        if self.closed && self.visited == 2 {
            return Err(TourError::TwoSquareCycle);
        }
        if self.closed && !self.piece.is_move(last, first) {
            return Err(TourError::NotClosed {
                piece: self.piece,
                last,
                first,
            });
        }
        if let Some(expected) = self.end.filter(|&end| end != last) {
            return Err(TourError::WrongEnd {
                expected,
                found: last,
            });
        }
        Ok(())
    }
}

/// The place of the next clue of `shape` to meet, after `square` was visit `step`, where the
/// clue at `next` is met; the clue broken, if `square` is not the one given that number.
fn keeps_clue(shape: &Shape, next: usize, step: u64, square: Square) -> Result<usize, TourError> {
    match shape.clues().get(next) {
        Some(clue) if u64::from(clue.number) == step && clue.square != square => {
            Err(TourError::ClueBroken {
                number: clue.number,
                expected: clue.square,
                found: square,
            })
        }
        Some(clue) if u64::from(clue.number) == step => Ok(next + 1),
        _ => Ok(next),
    }
}

/// Checks a whole knight's tour at once; see [`Validator`].
pub fn validate(
    board: Board,
    squares: impl IntoIterator<Item = Square>,
    closed: bool,
    start: Option<Square>,
) -> Result<(), TourError> {
    let mut validator = Validator::new(board, closed, start);
    for square in squares {
        validator.push(square)?;
    }
    validator.finish()
}

/// A validated tour of a piece (the knight, or another [`Leaper`]): each square of the board
/// once, in visit order.
///
/// The only way to make one is [`Tour::new`], which runs the validator, so a `Tour` in hand is
/// a correct tour.
#[derive(Clone, PartialEq, Eq)]
pub struct Tour {
    board: Board,
    piece: Leaper,
    closed: bool,
    path: Vec<u32>,
    /// The board's shape, when it has holes or clues; `None` on the whole rectangle.
    shape: Option<Arc<Shape>>,
}

/// Shows the board and the first few squares only: a tour of a large board has millions, and a
/// failed assertion that prints one should still be readable.
impl fmt::Debug for Tour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 8;
        let first: Vec<Square> = self.squares().take(SHOWN).collect();
        let more = self.path.len().saturating_sub(SHOWN);
        f.debug_struct("Tour")
            .field("board", &self.board)
            .field("piece", &self.piece)
            .field("closed", &self.closed)
            .field("first", &first)
            .field("more", &more)
            .finish()
    }
}

impl Tour {
    /// Validates `path` (square numbers, see [`Board::index`]) as a knight's tour of `board`,
    /// closed if `closed`, from `start` if given.
    pub fn new(
        board: Board,
        path: Vec<u32>,
        closed: bool,
        start: Option<Square>,
    ) -> Result<Self, TourError> {
        Self::with_piece(board, Leaper::KNIGHT, path, closed, start)
    }

    /// [`Tour::new`] for a tour of `piece`: every step, and a closed tour's last, is one of its
    /// moves.
    pub fn with_piece(
        board: Board,
        piece: Leaper,
        path: Vec<u32>,
        closed: bool,
        start: Option<Square>,
    ) -> Result<Self, TourError> {
        check_indices(board, piece, &path, closed, start)?;
        Ok(Self {
            board,
            piece,
            closed,
            path,
            shape: None,
        })
    }

    /// Validates `path` as a tour of `piece` on a board of any shape ([`check_on_shape`]): the
    /// open squares each once, the clues kept. A shape that is the whole rectangle with no clue
    /// gives the rectangle's tour, as [`Tour::with_piece`] does.
    pub fn on_shape(
        shape: &Arc<Shape>,
        piece: Leaper,
        path: Vec<u32>,
        route: ShapeRoute,
    ) -> Result<Self, TourError> {
        let validator = Validator::on_shape(Arc::clone(shape), piece, route);
        shaped::check_path(validator, shape.board(), &path)?;
        Ok(Self {
            board: shape.board(),
            piece,
            closed: route.closed,
            path,
            shape: (!shape.is_rectangle()).then(|| Arc::clone(shape)),
        })
    }

    /// [`Tour::with_piece`] that gives up once `deadline` has passed (it looks at the clock every few
    /// million squares): `None` then, with no verdict.
    pub fn new_within(
        board: Board,
        piece: Leaper,
        path: Vec<u32>,
        closed: bool,
        start: Option<Square>,
        deadline: Option<Instant>,
    ) -> Option<Result<Self, TourError>> {
        match check_until(board, piece, &path, closed, start, deadline) {
            Ok(()) => Some(Ok(Self {
                board,
                piece,
                closed,
                path,
                shape: None,
            })),
            Err(Stop::Invalid(error)) => Some(Err(error)),
            Err(Stop::Late) => None,
        }
    }

    /// The board toured.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The piece that tours: every step is one of its moves.
    pub fn piece(&self) -> Leaper {
        self.piece
    }

    /// The board's shape, when it has holes or clues (`None` on the whole rectangle).
    pub fn shape(&self) -> Option<&Shape> {
        self.shape.as_deref()
    }

    /// Whether the last square is a move from the first (checked when the tour was made).
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The first square.
    pub fn start(&self) -> Square {
        self.board.square_at(self.path[0])
    }

    /// Square numbers in visit order.
    pub fn indices(&self) -> &[u32] {
        &self.path
    }

    /// Squares in visit order.
    pub fn squares(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        self.path.iter().map(|&index| self.board.square_at(index))
    }

    /// Visit numbers, 1-based, for each square in [`Board::index`] order (0 on a hole). Four
    /// bytes a square more than the tour: asked for, not assumed, so that a board too large for it ends with a
    /// message rather than an abort.
    pub fn visit_numbers(&self) -> Result<Vec<u32>, TryReserveError> {
        let squares = self.board.area() as usize;
        let mut numbers = Vec::new();
        numbers.try_reserve_exact(squares)?;
        numbers.resize(squares, 0);
        for (step, &index) in self.path.iter().enumerate() {
            numbers[index as usize] = step as u32 + 1;
        }
        Ok(numbers)
    }

    /// The squares in visit order, taking back ownership of the storage.
    pub fn into_indices(self) -> Vec<u32> {
        self.path
    }
}

/// A validated tour read in visit order a run of visits at a time: a [`Tour`] held in memory,
/// or a constructed tour walked again for every reading
/// ([`WalkedTour`](crate::construct::WalkedTour)). Front ends write either through it
/// without knowing which.
pub trait VisitOrder: Sync {
    /// The board toured.
    fn board(&self) -> Board;

    /// The piece that tours (the knight unless the tour says otherwise).
    fn piece(&self) -> Leaper {
        Leaper::KNIGHT
    }

    /// Whether the last square is a move of the piece from the first.
    fn is_closed(&self) -> bool;

    /// The board's shape, when it has holes or clues (`None` on the whole rectangle).
    fn shape(&self) -> Option<&Shape> {
        None
    }

    /// The number of visits: the board's squares, less its holes.
    fn visit_count(&self) -> u64 {
        self.shape()
            .map_or(self.board().area(), |shape| shape.open_count())
    }

    /// The square numbers (see [`Board::index`]) of the visits `visits` (0-based), in order:
    /// borrowed from the tour where it holds them, else made in `scratch`.
    fn visits<'a>(&'a self, visits: Range<usize>, scratch: &'a mut Vec<u32>) -> &'a [u32];

    /// Visit numbers, 1-based, for each square in [`Board::index`] order: four bytes a square,
    /// asked for, not assumed, so that a board too large for them ends with a message rather
    /// than an abort.
    fn visit_numbers(&self) -> Result<Vec<u32>, TryReserveError> {
        let squares = self.board().area() as usize;
        let mut numbers = Vec::new();
        numbers.try_reserve_exact(squares)?;
        numbers.resize(squares, 0);
        self.for_each_run(0..self.visit_count() as usize, |first, run| {
            for (step, &index) in (first..).zip(run) {
                numbers[index as usize] = step as u32 + 1;
            }
        });
        Ok(numbers)
    }

    /// Calls `each` with the visits `visits` in order, in runs of at most [`VISITS_PER_READ`],
    /// each with the number (0-based) of its first visit; stops at the first error.
    fn try_for_each_run<E>(
        &self,
        visits: Range<usize>,
        mut each: impl FnMut(usize, &[u32]) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut scratch = Vec::new();
        let mut first = visits.start;
        while first < visits.end {
            let end = (first + VISITS_PER_READ).min(visits.end);
            each(first, self.visits(first..end, &mut scratch))?;
            first = end;
        }
        Ok(())
    }

    /// [`try_for_each_run`](Self::try_for_each_run) for work that cannot fail.
    fn for_each_run(&self, visits: Range<usize>, mut each: impl FnMut(usize, &[u32])) {
        let _: Result<(), Infallible> = self.try_for_each_run(visits, |first, run| {
            each(first, run);
            Ok(())
        });
    }

    /// The square number of visit `visit` (0-based): the first square at 0, the last at
    /// `area - 1`.
    fn square_of_visit(&self, visit: usize) -> u32 {
        self.visits(visit..visit + 1, &mut Vec::new())[0]
    }
}

/// Visits read at a time where a front end has no reason to read another number: the runs a
/// walked tour starts from ([`WalkedTour`](crate::construct::WalkedTour)) are this long.
pub const VISITS_PER_READ: usize = 1 << 16;

impl VisitOrder for Tour {
    fn board(&self) -> Board {
        self.board
    }

    fn piece(&self) -> Leaper {
        self.piece
    }

    fn is_closed(&self) -> bool {
        self.closed
    }

    fn shape(&self) -> Option<&Shape> {
        Tour::shape(self)
    }

    fn visits<'a>(&'a self, visits: Range<usize>, _: &'a mut Vec<u32>) -> &'a [u32] {
        &self.path[visits]
    }

    fn visit_numbers(&self) -> Result<Vec<u32>, TryReserveError> {
        Tour::visit_numbers(self)
    }
}

#[cfg(test)]
mod tests;
