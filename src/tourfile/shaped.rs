//! The check of a tour read square by square, on a whole rectangle or on a board of any shape
//! ([`Shape`]: holes, and clues, the squares given their visit numbers).
//!
//! On a rectangle it is the engine's [`Validator`]. On a shape it is the same streaming check
//! with the shape's rules, in the order the engine's [`check_on_shape`] names them, so that a
//! file and a tour held in memory get the same verdict: a square off the board, a step onto a
//! hole, the wrong start, a square visited twice or a step that is no move, then a clue broken
//! (the square given `k` is not visit `k`); at the end, a tour that misses open squares, does
//! not close, or ends elsewhere than asked. One bit a square of the rectangle, and four bytes
//! an open square when the tour is kept; a shape has at most [`Shape::MAX_SQUARES`] squares.
//!
//! [`check_on_shape`]: knights_tour_engine::tour::check_on_shape

use std::collections::TryReserveError;
use std::sync::Arc;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::shape::Shape;
use knights_tour_engine::tour::{ShapeRoute, Tour, TourError, Validator};

/// A check of a tour as its squares arrive.
#[derive(Debug)]
pub(super) enum Checker {
    /// A tour of the whole rectangle.
    Rectangle(Validator),
    /// A tour of a board with holes or clues.
    Shaped(Box<ShapeValidator>),
}

impl Checker {
    /// Takes the next square of the tour; the first error ends the check.
    #[inline(always)]
    pub(super) fn push(&mut self, square: Square) -> Result<(), TourError> {
        match self {
            Self::Rectangle(validator) => validator.push(square),
            Self::Shaped(validator) => validator.push(square),
        }
    }

    /// Ends the check: the tour, when its squares were kept.
    pub(super) fn into_tour(self) -> Result<Option<Tour>, TourError> {
        match self {
            Self::Rectangle(validator) => validator.into_tour(),
            Self::Shaped(validator) => validator.into_tour(),
        }
    }
}

/// The streaming check of a tour of a board of any shape.
#[derive(Debug)]
pub(super) struct ShapeValidator {
    shape: Arc<Shape>,
    piece: Leaper,
    route: ShapeRoute,
    /// One bit a square of the rectangle, set once visited.
    seen: Vec<u64>,
    visited: u64,
    first: Option<Square>,
    last: Option<Square>,
    /// The clue to be met next, by its place among the shape's clues.
    next_clue: usize,
    /// The squares taken so far, as numbers, when they are kept.
    kept: Option<Vec<u32>>,
}

impl ShapeValidator {
    /// A check of a tour of `piece` on `shape` along `route`.
    pub(super) fn new(shape: Arc<Shape>, piece: Leaper, route: ShapeRoute) -> Self {
        let words = shape.board().area().div_ceil(64) as usize;
        Self {
            shape,
            piece,
            route,
            seen: vec![0; words],
            visited: 0,
            first: None,
            last: None,
            next_clue: 0,
            kept: None,
        }
    }

    /// The same check, keeping the squares so that [`ShapeValidator::into_tour`] gives the
    /// tour (four bytes an open square, asked for here so that a refusal is an error).
    pub(super) fn keeping_path(mut self) -> Result<Self, TryReserveError> {
        let mut kept = Vec::new();
        kept.try_reserve_exact(self.shape.open_count() as usize)?;
        self.kept = Some(kept);
        Ok(self)
    }

    fn board(&self) -> Board {
        self.shape.board()
    }

    /// Takes the next square of the tour; the first error ends the check.
    pub(super) fn push(&mut self, square: Square) -> Result<(), TourError> {
        let board = self.board();
        let step = self.visited + 1;
        if !board.contains(square) {
            return Err(TourError::OffBoard {
                step,
                square,
                board,
            });
        }
        let index = board.index(square);
        if !self.shape.is_open_index(index) {
            return Err(TourError::OnHole { step, square });
        }
        match self.last {
            None => {
                if let Some(expected) = self.route.start.filter(|&start| start != square) {
                    return Err(TourError::WrongStart {
                        expected,
                        found: square,
                    });
                }
                self.first = Some(square);
            }
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
        let (word, bit) = (index as usize / 64, 1u64 << (index % 64));
        if self.seen[word] & bit != 0 {
            return Err(TourError::Revisited { square, step });
        }
        self.seen[word] |= bit;
        if let Some(&clue) = self.shape.clues().get(self.next_clue)
            && u64::from(clue.number) == step
        {
            self.next_clue += 1;
            if clue.square != square {
                return Err(TourError::ClueBroken {
                    number: clue.number,
                    expected: clue.square,
                    found: square,
                });
            }
        }
        self.visited = step;
        self.last = Some(square);
        if let Some(kept) = &mut self.kept {
            kept.push(index);
        }
        Ok(())
    }

    /// Ends the check: every open square visited, closed if asked, on the end asked for; the
    /// tour, when its squares were kept.
    pub(super) fn into_tour(self) -> Result<Option<Tour>, TourError> {
        let (Some(first), Some(last)) = (self.first, self.last) else {
            return Err(TourError::Empty);
        };
        let open = self.shape.open_count();
        if self.visited != open {
            return Err(TourError::Incomplete {
                visited: self.visited,
                squares: open,
            });
        }
        if self.route.closed && self.visited == 2 {
            return Err(TourError::TwoSquareCycle);
        }
        if self.route.closed && !self.piece.is_move(last, first) {
            return Err(TourError::NotClosed {
                piece: self.piece,
                last,
                first,
            });
        }
        if let Some(expected) = self.route.end.filter(|&end| end != last) {
            return Err(TourError::WrongEnd {
                expected,
                found: last,
            });
        }
        self.kept
            .map(|path| Tour::on_shape(&self.shape, self.piece, path, self.route))
            .transpose()
    }
}

/// Where `holes` (as a file gives them) and the holes of `shape` first disagree: the square,
/// and whether the file has it as a hole. Both in any order; repeats count once.
pub(super) fn first_difference(
    holes: &[Square],
    shape: &Shape,
) -> Result<Option<(Square, bool)>, TryReserveError> {
    let mut given = Vec::new();
    given.try_reserve_exact(holes.len())?;
    given.extend_from_slice(holes);
    given.sort_unstable();
    given.dedup();
    let (mut a, mut b) = (given.iter().peekable(), shape.holes().iter().peekable());
    loop {
        return Ok(match (a.peek(), b.peek()) {
            (None, None) => None,
            (Some(&&x), Some(&&y)) if x == y => {
                a.next();
                b.next();
                continue;
            }
            (Some(&&x), Some(&&y)) if x < y => Some((x, true)),
            (Some(_), Some(&&y)) | (None, Some(&&y)) => Some((y, false)),
            (Some(&&x), None) => Some((x, true)),
        });
    }
}
