//! The fast check of a whole path held in memory ([`check_indices`]): the knight moves of a
//! board become differences of square numbers looked up in a small table, one bit a square
//! marks the squares seen, and beyond 2^20 squares the path is checked in two halves on two
//! threads. It gives the same verdict as the streaming [`Validator`], which it falls back to on
//! boards narrower than 4 columns; a variant looks at the clock and gives up at a deadline.

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
