//! Tours and the strict validator every tour passes before anyone sees it.
//!
//! The validator streams: it takes squares one at a time and keeps one bit a square, so it
//! checks a tour of 10^8 squares in linear time without holding the path twice. It checks that
//! every square lies on the board and is visited exactly once, that every step is a knight
//! move, that a closed tour's last square is a knight move from its first, and that the tour
//! begins at the requested start.

use std::collections::TryReserveError;
use std::fmt;
use std::time::Instant;

use thiserror::Error;

use crate::engine::board::{Board, KNIGHT_MOVES, Square};

/// The first way in which a sequence of squares fails to be a tour.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TourError {
    /// No squares at all.
    #[error("the tour is empty")]
    Empty,
    /// A square outside the board, at visit number `step` (1-based).
    #[error("step {step}: square {square} is off the {board} board")]
    OffBoard {
        /// Visit number, 1-based.
        step: u64,
        /// The square given.
        square: Square,
        /// The board.
        board: Board,
    },
    /// The first square is not the requested start.
    #[error("the tour starts at {found}, not at the requested start {expected}")]
    WrongStart {
        /// The requested start.
        expected: Square,
        /// The tour's first square.
        found: Square,
    },
    /// Two consecutive squares are not a knight move apart.
    #[error("step {step} → {next} is not a knight move ({from} to {to})", next = step + 1)]
    NotKnightMove {
        /// Visit number of `from`, 1-based.
        step: u64,
        /// Square at `step`.
        from: Square,
        /// Square at `step + 1`.
        to: Square,
    },
    /// A square visited a second time.
    #[error("square {square} visited twice (again at step {step})")]
    Revisited {
        /// The square.
        square: Square,
        /// Visit number of the second visit.
        step: u64,
    },
    /// The tour stops before every square is visited.
    #[error("the tour visits {visited} of the {squares} squares")]
    Incomplete {
        /// Squares visited.
        visited: u64,
        /// Squares on the board.
        squares: u64,
    },
    /// A closed tour whose last square is not a knight move from its first.
    #[error(
        "the tour is not closed: the last square {last} is not a knight move from the first {first}"
    )]
    NotClosed {
        /// The last square.
        last: Square,
        /// The first square.
        first: Square,
    },
    /// The memory to hold the tour was refused by the system.
    #[error("a tour of the {board} board needs {bytes} bytes of memory, and the system refused it")]
    OutOfMemory {
        /// The board.
        board: Board,
        /// The bytes asked for.
        bytes: u64,
    },
}

impl TourError {
    /// The same error with visit numbers counted from `first` instead of 1 (for tours written
    /// 0-based).
    pub fn numbered_from(self, first: u64) -> Self {
        let renumber = |step: u64| step + first - 1;
        match self {
            Self::OffBoard {
                step,
                square,
                board,
            } => Self::OffBoard {
                step: renumber(step),
                square,
                board,
            },
            Self::NotKnightMove { step, from, to } => Self::NotKnightMove {
                step: renumber(step),
                from,
                to,
            },
            Self::Revisited { square, step } => Self::Revisited {
                square,
                step: renumber(step),
            },
            other => other,
        }
    }
}

/// Checks a tour square by square with one bit of memory a square.
#[derive(Debug, Clone)]
pub struct Validator {
    board: Board,
    closed: bool,
    start: Option<Square>,
    seen: Vec<u64>,
    visited: u64,
    first: Option<Square>,
    last: Option<Square>,
}

impl Validator {
    /// A validator for a tour of `board`, closed or open, from `start` if one is required.
    pub fn new(board: Board, closed: bool, start: Option<Square>) -> Self {
        Self {
            board,
            closed,
            start,
            seen: vec![0; board.area().div_ceil(64) as usize],
            visited: 0,
            first: None,
            last: None,
        }
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
            Some(from) if !from.is_knight_move_to(square) => {
                return Err(TourError::NotKnightMove {
                    step: step - 1,
                    from,
                    to: square,
                });
            }
            Some(_) => {}
        }
        let index = self.board.index(square) as usize;
        let (word, bit) = (index / 64, 1u64 << (index % 64));
        if self.seen[word] & bit != 0 {
            return Err(TourError::Revisited { square, step });
        }
        self.seen[word] |= bit;
        self.visited = step;
        self.last = Some(square);
        Ok(())
    }

    /// Ends the check: every square visited, and closed if a closed tour was asked for.
    pub fn finish(self) -> Result<(), TourError> {
        let (Some(first), Some(last)) = (self.first, self.last) else {
            return Err(TourError::Empty);
        };
        if self.visited != self.board.area() {
            return Err(TourError::Incomplete {
                visited: self.visited,
                squares: self.board.area(),
            });
        }
        if self.closed && !last.is_knight_move_to(first) {
            return Err(TourError::NotClosed { last, first });
        }
        Ok(())
    }
}

/// Checks a whole tour at once; see [`Validator`].
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

/// Why a check that looks at the clock ended without its verdict, or the first error.
enum Stop {
    Invalid(TourError),
    /// The deadline passed.
    Late,
}

impl From<TourError> for Stop {
    fn from(error: TourError) -> Self {
        Stop::Invalid(error)
    }
}

/// Steps checked between two looks at the clock.
const STEPS_PER_LOOK: usize = 1 << 20;

/// Whether `deadline` has passed.
fn late(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|deadline| Instant::now() >= deadline)
}

/// Checks square numbers (see [`Board::index`]) as a tour, with the same verdicts as the
/// [`Validator`] but without a division a square: the difference of two square numbers names
/// the move (a table lookup), and the row and column follow each move. Beyond a million
/// squares the two halves of the path are checked on two threads, each marking its own
/// bitset, and the bitsets must not meet; on any failure the path is checked again in order
/// so that the error reported is the first one. A tour of 10^8 squares takes a fraction of a
/// second and two bits a square.
pub fn check_indices(
    board: Board,
    path: &[u32],
    closed: bool,
    start: Option<Square>,
) -> Result<(), TourError> {
    match check_until(board, path, closed, start, None) {
        Ok(()) => Ok(()),
        Err(Stop::Invalid(error)) => Err(error),
        Err(Stop::Late) => unreachable!("a check without a deadline is never late"),
    }
}

/// [`check_indices`] that gives up with [`Stop::Late`] once `deadline` has passed.
fn check_until(
    board: Board,
    path: &[u32],
    closed: bool,
    start: Option<Square>,
    deadline: Option<Instant>,
) -> Result<(), Stop> {
    if board.cols() < 4 {
        return check_narrow(board, path, closed, start, deadline);
    }
    let Some(&first) = path.first() else {
        return Err(TourError::Empty.into());
    };
    if u64::from(first) >= board.area() {
        return Err(off_board(board, 0, first).into());
    }
    let first_square = board.square_at(first);
    if let Some(expected) = start.filter(|&s| s != first_square) {
        return Err(TourError::WrongStart {
            expected,
            found: first_square,
        }
        .into());
    }
    let moves = MoveTable::new(board);
    let words = board.area().div_ceil(64) as usize;
    if !(path.len() >= 1 << 20 && passes_on_two_threads(board, &moves, path, words, deadline)?) {
        check_run(board, &moves, path, 0, words, deadline)?;
    }
    if path.len() as u64 != board.area() {
        return Err(TourError::Incomplete {
            visited: path.len() as u64,
            squares: board.area(),
        }
        .into());
    }
    let last = board.square_at(path[path.len() - 1]);
    if closed && !last.is_knight_move_to(first_square) {
        return Err(TourError::NotClosed {
            last,
            first: first_square,
        }
        .into());
    }
    Ok(())
}

/// [`check_indices`] on a board narrower than 4 columns, where two moves can share a
/// difference of square numbers: square by square through the [`Validator`].
fn check_narrow(
    board: Board,
    path: &[u32],
    closed: bool,
    start: Option<Square>,
    deadline: Option<Instant>,
) -> Result<(), Stop> {
    let mut validator = Validator::new(board, closed, start);
    for (step, &index) in path.iter().enumerate() {
        if step.is_multiple_of(STEPS_PER_LOOK) && late(deadline) {
            return Err(Stop::Late);
        }
        if u64::from(index) >= board.area() {
            return Err(off_board(board, step, index).into());
        }
        validator.push(board.square_at(index))?;
    }
    Ok(validator.finish()?)
}

/// Whether the two halves of `path` are each a run of knight moves without a repeat, joined by
/// a knight move, and share no square: checked on two threads (or on this one, one half after
/// the other, when the system will not start another). `false` on any doubt (the caller then
/// checks in order, to name the first error).
fn passes_on_two_threads(
    board: Board,
    moves: &MoveTable,
    path: &[u32],
    words: usize,
    deadline: Option<Instant>,
) -> Result<bool, Stop> {
    let half = path.len() / 2;
    let (head, tail) = path.split_at(half);
    let check_tail = || check_run(board, moves, tail, half, words, deadline);
    let (left, right) = std::thread::scope(|scope| {
        match std::thread::Builder::new().spawn_scoped(scope, check_tail) {
            Ok(right) => {
                let left = check_run(board, moves, head, 0, words, deadline);
                (left, right.join().ok())
            }
            Err(_) => (
                check_run(board, moves, head, 0, words, deadline),
                Some(check_tail()),
            ),
        }
    });
    match (left, right) {
        (Err(Stop::Late), _) | (_, Some(Err(Stop::Late))) => Err(Stop::Late),
        (Ok(a), Some(Ok(b))) => Ok(moves.step(path[half - 1], path[half]).is_some()
            && a.iter().zip(&b).all(|(x, y)| x & y == 0)),
        _ => Ok(false),
    }
}

fn off_board(board: Board, step: usize, index: u32) -> TourError {
    TourError::OffBoard {
        step: step as u64 + 1,
        square: Square::new(index / board.cols(), index % board.cols()),
        board,
    }
}

/// Which move takes one square number to another, on a board of at least 4 columns (where
/// the eight moves change the square number by eight different amounts).
struct MoveTable {
    cols: i64,
    rows: i64,
    /// Move number by `difference + 2 * cols + 2`, or 8 for none; empty for very wide boards,
    /// which compare the eight differences instead.
    by_difference: Vec<u8>,
    differences: [i64; 8],
}

impl MoveTable {
    fn new(board: Board) -> Self {
        let cols = i64::from(board.cols());
        let differences = KNIGHT_MOVES.map(|(dr, dc)| i64::from(dr) * cols + i64::from(dc));
        let mut by_difference = Vec::new();
        if cols <= 1 << 20 {
            by_difference = vec![8u8; (4 * cols + 5) as usize];
            for (k, &d) in differences.iter().enumerate() {
                by_difference[(d + 2 * cols + 2) as usize] = k as u8;
            }
        }
        Self {
            cols,
            rows: i64::from(board.rows()),
            by_difference,
            differences,
        }
    }

    /// The move from square number `from` to `to`, if there is one.
    #[inline(always)]
    fn code(&self, from: u32, to: u32) -> Option<usize> {
        let difference = i64::from(to) - i64::from(from);
        let k = if self.by_difference.is_empty() {
            self.differences.iter().position(|&d| d == difference)?
        } else {
            let slot = usize::try_from(difference + 2 * self.cols + 2).ok()?;
            usize::from(*self.by_difference.get(slot)?)
        };
        (k < 8).then_some(k)
    }

    /// The square `to` as `(row, col)` if it is a knight move from `from`.
    fn step(&self, from: u32, to: u32) -> Option<(i64, i64)> {
        let k = self.code(from, to)?;
        let (dr, dc) = KNIGHT_MOVES[k];
        let (row, col) = (i64::from(from) / self.cols, i64::from(from) % self.cols);
        let (row, col) = (row + i64::from(dr), col + i64::from(dc));
        ((0..self.rows).contains(&row) && (0..self.cols).contains(&col)).then_some((row, col))
    }
}

/// Checks the steps within `run` (which begins at visit `offset`) and that no square of it
/// comes twice; returns the bitset of its squares.
fn check_run(
    board: Board,
    moves: &MoveTable,
    run: &[u32],
    offset: usize,
    words: usize,
    deadline: Option<Instant>,
) -> Result<Vec<u64>, Stop> {
    let mut seen = vec![0u64; words];
    let Some(&first) = run.first() else {
        return Ok(seen);
    };
    if u64::from(first) >= board.area() {
        return Err(off_board(board, offset, first).into());
    }
    seen[first as usize / 64] |= 1 << (first % 64);
    let (mut row, mut col) = (i64::from(first) / moves.cols, i64::from(first) % moves.cols);
    let mut previous = first;
    for (i, &index) in run.iter().enumerate().skip(1) {
        let step = offset + i;
        if i.is_multiple_of(STEPS_PER_LOOK) && late(deadline) {
            return Err(Stop::Late);
        }
        if u64::from(index) >= board.area() {
            return Err(off_board(board, step, index).into());
        }
        let moved = moves.code(previous, index).is_some_and(|k| {
            let (dr, dc) = KNIGHT_MOVES[k];
            row += i64::from(dr);
            col += i64::from(dc);
            (0..moves.rows).contains(&row) && (0..moves.cols).contains(&col)
        });
        if !moved {
            return Err(TourError::NotKnightMove {
                step: step as u64,
                from: board.square_at(previous),
                to: board.square_at(index),
            }
            .into());
        }
        let (word, bit) = (index as usize / 64, 1u64 << (index % 64));
        if seen[word] & bit != 0 {
            return Err(TourError::Revisited {
                square: board.square_at(index),
                step: step as u64 + 1,
            }
            .into());
        }
        seen[word] |= bit;
        previous = index;
    }
    Ok(seen)
}

/// A validated knight's tour: each square of the board once, in visit order.
///
/// The only way to make one is [`Tour::new`], which runs the validator, so a `Tour` in hand is
/// a correct tour.
#[derive(Clone, PartialEq, Eq)]
pub struct Tour {
    board: Board,
    closed: bool,
    path: Vec<u32>,
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
            .field("closed", &self.closed)
            .field("first", &first)
            .field("more", &more)
            .finish()
    }
}

impl Tour {
    /// Validates `path` (square numbers, see [`Board::index`]) as a tour of `board`, closed if
    /// `closed`, from `start` if given.
    pub fn new(
        board: Board,
        path: Vec<u32>,
        closed: bool,
        start: Option<Square>,
    ) -> Result<Self, TourError> {
        check_indices(board, &path, closed, start)?;
        Ok(Self {
            board,
            closed,
            path,
        })
    }

    /// [`Tour::new`] that gives up once `deadline` has passed (it looks at the clock every few
    /// million squares): `None` then, with no verdict.
    pub fn new_within(
        board: Board,
        path: Vec<u32>,
        closed: bool,
        start: Option<Square>,
        deadline: Option<Instant>,
    ) -> Option<Result<Self, TourError>> {
        match check_until(board, &path, closed, start, deadline) {
            Ok(()) => Some(Ok(Self {
                board,
                closed,
                path,
            })),
            Err(Stop::Invalid(error)) => Some(Err(error)),
            Err(Stop::Late) => None,
        }
    }

    /// The board toured.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Whether the last square is a knight move from the first (checked when the tour was made).
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

    /// Visit numbers, 1-based, for each square in [`Board::index`] order. Four bytes a square
    /// more than the tour: asked for, not assumed, so that a board too large for it ends with a
    /// message rather than an abort.
    pub fn visit_numbers(&self) -> Result<Vec<u32>, TryReserveError> {
        let mut numbers = Vec::new();
        numbers.try_reserve_exact(self.path.len())?;
        numbers.resize(self.path.len(), 0);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// An open tour of 3x4 (3x4 has no closed tour).
    fn open_3x4() -> Vec<Square> {
        // Visit numbers of a known open tour of 3x4, row by row.
        let grid = [[1, 4, 7, 10], [8, 11, 2, 5], [3, 6, 9, 12]];
        let mut path = vec![Square::new(0, 0); 12];
        for (row, line) in grid.iter().enumerate() {
            for (col, &n) in line.iter().enumerate() {
                path[n - 1] = Square::new(row as u32, col as u32);
            }
        }
        path
    }

    #[test]
    fn a_check_past_its_deadline_gives_no_verdict() {
        for (rows, cols) in [(1500, 1500), (2_000_000, 3)] {
            let board = Board::new(rows, cols).unwrap();
            let start = Square::new(0, 0);
            let construction = crate::engine::construct::construct(board, start, false).unwrap();
            let path = construction.path().unwrap();
            let passed = Some(Instant::now());
            assert!(Tour::new_within(board, path.clone(), false, Some(start), passed).is_none());
            let later = Some(Instant::now() + std::time::Duration::from_secs(3600));
            let tour = Tour::new_within(board, path.clone(), false, Some(start), later);
            assert_eq!(tour, Some(Tour::new(board, path, false, Some(start))));
        }
    }

    #[test]
    fn accepts_a_real_tour_and_names_each_violation() {
        let board = Board::new(3, 4).unwrap();
        let path = open_3x4();
        assert_eq!(validate(board, path.clone(), false, None), Ok(()));
        assert_eq!(
            validate(board, path.clone(), false, Some(Square::new(0, 0))),
            Ok(())
        );
        assert!(matches!(
            validate(board, path.clone(), true, None),
            Err(TourError::NotClosed { .. })
        ));
        assert_eq!(
            validate(board, path.clone(), false, Some(Square::new(1, 1))),
            Err(TourError::WrongStart {
                expected: Square::new(1, 1),
                found: Square::new(0, 0)
            })
        );
        assert_eq!(
            validate(board, path[..11].to_vec(), false, None),
            Err(TourError::Incomplete {
                visited: 11,
                squares: 12
            })
        );
        let mut swapped = path.clone();
        swapped.swap(3, 4);
        let err = validate(board, swapped, false, None).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("step 3 → 4 is not a knight move"),
            "{err}"
        );
        let mut twice = path[..3].to_vec();
        twice.push(path[1]);
        assert_eq!(
            validate(board, twice, false, None),
            Err(TourError::Revisited {
                square: path[1],
                step: 4
            })
        );
        assert_eq!(
            validate(board, Vec::new(), false, None),
            Err(TourError::Empty)
        );
    }

    #[test]
    fn revisits_and_off_board_squares_are_caught() {
        let board = Board::new(5, 5).unwrap();
        let back_and_forth = [Square::new(0, 0), Square::new(1, 2), Square::new(0, 0)];
        assert_eq!(
            validate(board, back_and_forth, false, None),
            Err(TourError::Revisited {
                square: Square::new(0, 0),
                step: 3
            })
        );
        let off = [Square::new(0, 0), Square::new(5, 1)];
        assert!(matches!(
            validate(board, off, false, None),
            Err(TourError::OffBoard { step: 2, .. })
        ));
    }

    #[test]
    fn the_one_square_board_has_an_open_tour_but_no_closed_one() {
        let board = Board::new(1, 1).unwrap();
        assert_eq!(validate(board, [Square::new(0, 0)], false, None), Ok(()));
        assert!(validate(board, [Square::new(0, 0)], true, None).is_err());
    }

    #[test]
    fn tour_new_checks_square_numbers() {
        let board = Board::new(3, 4).unwrap();
        let indices: Vec<u32> = open_3x4().iter().map(|&s| board.index(s)).collect();
        let tour = Tour::new(board, indices.clone(), false, None).unwrap();
        assert_eq!(tour.visit_numbers().unwrap()[0], 1);
        assert_eq!(tour.visit_numbers().unwrap()[11], 12);
        let mut bad = indices;
        bad[5] = 99;
        assert!(matches!(
            Tour::new(board, bad, false, None),
            Err(TourError::OffBoard { step: 6, .. })
        ));
    }
}
