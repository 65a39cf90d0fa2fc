//! The fast check of a whole path held in memory ([`check_indices`]): the knight moves of a
//! board become differences of square numbers looked up in a small table, one bit a square
//! marks the squares seen, and beyond 2^20 squares the path is checked in two halves on two
//! threads. It gives the same verdict as the streaming [`Validator`], which it falls back to on
//! boards narrower than 4 columns; a variant looks at the clock and gives up at a deadline.

use std::collections::TryReserveError;
use std::time::Instant;

use super::{TourError, Validator};
use crate::engine::board::{Board, KNIGHT_MOVES, Square};

/// Why a check that looks at the clock ended without its verdict, or the first error.
pub(super) enum Stop {
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
pub(super) fn check_until(
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
    if !(path.len() >= 1 << 20 && passes_on_two_threads(board, path, deadline)?) {
        check_run(board, path, 0, deadline)?;
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
    path: &[u32],
    deadline: Option<Instant>,
) -> Result<bool, Stop> {
    let half = path.len() / 2;
    let (head, tail) = path.split_at(half);
    let check_tail = || check_run(board, tail, half, deadline);
    let (left, right) = std::thread::scope(|scope| {
        match std::thread::Builder::new().spawn_scoped(scope, check_tail) {
            Ok(right) => {
                let left = check_run(board, head, 0, deadline);
                (left, right.join().ok())
            }
            Err(_) => (check_run(board, head, 0, deadline), Some(check_tail())),
        }
    });
    match (left, right) {
        (Err(Stop::Late), _) | (_, Some(Err(Stop::Late))) => Err(Stop::Late),
        (Ok(a), Some(Ok(b))) => {
            Ok(is_knight_step(board, path[half - 1], path[half]) && !a.meets(&b))
        }
        _ => Ok(false),
    }
}

/// Whether square numbers `from` and `to` of `board` are a knight move apart.
pub(super) fn is_knight_step(board: Board, from: u32, to: u32) -> bool {
    let on = |index: u32| u64::from(index) < board.area();
    on(from) && on(to) && board.square_at(from).is_knight_move_to(board.square_at(to))
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
}

/// The fast check of a path given a run of square numbers at a time, with one bit a square: every
/// square on the board, every step a knight move, no square twice. It does not know the
/// board's start or whether the path must close; [`PathCheck::first`] and [`PathCheck::last`]
/// let the caller check those, and the bits of two checks can be compared
/// ([`PathCheck::meets`]) when a path is checked in two parts.
pub struct PathCheck {
    board: Board,
    /// `None` on boards narrower than 4 columns, which go through the [`Validator`].
    moves: Option<MoveTable>,
    narrow: Option<Validator>,
    seen: Vec<u64>,
    first: Option<u32>,
    previous: u32,
    row: i64,
    col: i64,
    /// Squares taken so far.
    count: u64,
    /// The visit number (1-based) its first square stands for in error messages.
    first_step: u64,
}

impl PathCheck {
    /// A check of a path of `board` whose first square is visit `first_step` (1-based) of the
    /// tour; fails if the memory for its bits cannot be had.
    pub fn new(board: Board, first_step: u64) -> Result<Self, TryReserveError> {
        let words = board.area().div_ceil(64) as usize;
        let mut seen = Vec::new();
        let narrow = board.cols() < 4;
        if !narrow {
            seen.try_reserve_exact(words)?;
            seen.resize(words, 0);
        }
        Ok(Self {
            board,
            moves: (!narrow).then(|| MoveTable::new(board)),
            narrow: narrow.then(|| Validator::new(board, false, None)),
            seen,
            first: None,
            previous: 0,
            row: 0,
            col: 0,
            count: 0,
            first_step,
        })
    }

    /// The first square taken.
    pub fn first(&self) -> Option<u32> {
        self.first
    }

    /// The last square taken.
    pub fn last(&self) -> Option<u32> {
        self.first.map(|_| self.previous)
    }

    /// Squares taken.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Whether this check and `other` took a square in common.
    pub fn meets(&self, other: &PathCheck) -> bool {
        let (mine, theirs) = (self.bits(), other.bits());
        mine.iter().zip(theirs).any(|(x, y)| x & y != 0)
    }

    fn bits(&self) -> &[u64] {
        self.narrow.as_ref().map_or(&self.seen, |v| &v.seen)
    }

    /// Takes the next squares of the path; the first error ends the check.
    pub fn push(&mut self, run: &[u32]) -> Result<(), TourError> {
        let Some(moves) = &self.moves else {
            let validator = self.narrow.as_mut().expect("a narrow board's validator");
            for &index in run {
                let step = self.first_step + self.count;
                if u64::from(index) >= self.board.area() {
                    return Err(off_board(self.board, step as usize - 1, index));
                }
                validator
                    .push(self.board.square_at(index))
                    .map_err(|error| error.numbered_from(self.first_step))?;
                self.first.get_or_insert(index);
                self.previous = index;
                self.count += 1;
            }
            return Ok(());
        };
        let board = self.board;
        let mut rest = run;
        if self.first.is_none() {
            let Some((&first, tail)) = run.split_first() else {
                return Ok(());
            };
            if u64::from(first) >= board.area() {
                return Err(off_board(board, self.first_step as usize - 1, first));
            }
            self.seen[first as usize / 64] |= 1 << (first % 64);
            (self.row, self.col) = (i64::from(first) / moves.cols, i64::from(first) % moves.cols);
            self.first = Some(first);
            self.previous = first;
            self.count = 1;
            rest = tail;
        }
        let (mut row, mut col, mut previous) = (self.row, self.col, self.previous);
        let mut result = Ok(());
        let mut taken = 0;
        for &index in rest {
            let step = self.first_step + self.count + taken;
            if u64::from(index) >= board.area() {
                result = Err(off_board(board, step as usize - 1, index));
                break;
            }
            let moved = moves.code(previous, index).is_some_and(|k| {
                let (dr, dc) = KNIGHT_MOVES[k];
                row += i64::from(dr);
                col += i64::from(dc);
                (0..moves.rows).contains(&row) && (0..moves.cols).contains(&col)
            });
            if !moved {
                result = Err(TourError::NotKnightMove {
                    step: step - 1,
                    from: board.square_at(previous),
                    to: board.square_at(index),
                });
                break;
            }
            let (word, bit) = (index as usize / 64, 1u64 << (index % 64));
            if self.seen[word] & bit != 0 {
                result = Err(TourError::Revisited {
                    square: board.square_at(index),
                    step,
                });
                break;
            }
            self.seen[word] |= bit;
            previous = index;
            taken += 1;
        }
        (self.row, self.col, self.previous) = (row, col, previous);
        self.count += taken;
        result
    }
}

/// Checks the steps within `run` (which begins at visit `offset`) and that no square of it
/// comes twice; returns the check, which holds the bits of its squares.
fn check_run(
    board: Board,
    run: &[u32],
    offset: usize,
    deadline: Option<Instant>,
) -> Result<PathCheck, Stop> {
    let mut check =
        PathCheck::new(board, offset as u64 + 1).map_err(|_| TourError::OutOfMemory {
            board,
            bytes: board.area() / 8,
        })?;
    for (i, part) in run.chunks(STEPS_PER_LOOK).enumerate() {
        if i > 0 && late(deadline) {
            return Err(Stop::Late);
        }
        check.push(part)?;
    }
    Ok(check)
}
