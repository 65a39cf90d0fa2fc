//! The fast check of a whole path held in memory ([`check_indices`]): the moves of the piece on a
//! board become differences of square numbers looked up in a small table, one bit a square marks the
//! squares seen, and beyond 2^20 squares the path is checked in two halves on two threads. It gives
//! the same verdict as the streaming [`Validator`](super::Validator) (a test compares them on every
//! board of up to 12 a side, tours and broken tours); a variant looks at the clock and gives up at
//! a deadline.

use std::collections::TryReserveError;
use std::time::Instant;

use super::TourError;
use crate::board::{Board, Square};
use crate::leaper::{Leaper, Moves};

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

/// Checks square numbers (see [`Board::index`]) as a tour of `piece`, with the same verdicts as the
/// [`Validator`](super::Validator) but without a division a square: the difference of two square
/// numbers names the move (a table lookup), and the row and column follow each move. Beyond a
/// million squares the two halves of the path are checked on two threads, each marking its own
/// bitset, and the bitsets must not meet; on any failure the path is checked again in order so that
/// the error reported is the first one. A tour of 10^8 squares takes a fraction of a second and two
/// bits a square.
pub fn check_indices(
    board: Board,
    piece: Leaper,
    path: &[u32],
    closed: bool,
    start: Option<Square>,
) -> Result<(), TourError> {
    match check_until(board, piece, path, closed, start, None) {
        Ok(()) => Ok(()),
        Err(Stop::Invalid(error)) => Err(error),
        Err(Stop::Late) => unreachable!("a check without a deadline is never late"),
    }
}

/// [`check_indices`] that gives up with [`Stop::Late`] once `deadline` has passed.
pub(super) fn check_until(
    board: Board,
    piece: Leaper,
    path: &[u32],
    closed: bool,
    start: Option<Square>,
    deadline: Option<Instant>,
) -> Result<(), Stop> {
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
    if !(path.len() >= 1 << 20 && passes_on_two_threads(board, piece, path, deadline)?) {
        check_run(board, piece, path, 0, deadline)?;
    }
    if path.len() as u64 != board.area() {
        return Err(TourError::Incomplete {
            visited: path.len() as u64,
            squares: board.area(),
        }
        .into());
    }
    let last = board.square_at(path[path.len() - 1]);
    if closed && path.len() == 2 {
        return Err(TourError::TwoSquareCycle.into());
    }
    if closed && !piece.is_move(last, first_square) {
        return Err(TourError::NotClosed {
            piece,
            last,
            first: first_square,
        }
        .into());
    }
    Ok(())
}

/// Whether the two halves of `path` are each a run of moves of `piece` without a repeat, joined
/// by a move, and share no square: checked on two threads (or on this one, one half after
/// the other, when the system will not start another). `false` on any doubt (the caller then
/// checks in order, to name the first error).
fn passes_on_two_threads(
    board: Board,
    piece: Leaper,
    path: &[u32],
    deadline: Option<Instant>,
) -> Result<bool, Stop> {
    let half = path.len() / 2;
    let (head, tail) = path.split_at(half);
    let check_tail = || check_run(board, piece, tail, half, deadline);
    let (left, right) = std::thread::scope(|scope| {
        match std::thread::Builder::new().spawn_scoped(scope, check_tail) {
            Ok(right) => {
                let left = check_run(board, piece, head, 0, deadline);
                (left, right.join().ok())
            }
            Err(_) => (
                check_run(board, piece, head, 0, deadline),
                Some(check_tail()),
            ),
        }
    });
    match (left, right) {
        (Err(Stop::Late), _) | (_, Some(Err(Stop::Late))) => Err(Stop::Late),
        (Ok(a), Some(Ok(b))) => {
            Ok(is_step(board, piece, path[half - 1], path[half]) && !a.meets(&b))
        }
        _ => Ok(false),
    }
}

/// Whether square numbers `from` and `to` of `board` are one move of `piece` apart.
fn is_step(board: Board, piece: Leaper, from: u32, to: u32) -> bool {
    let on = |index: u32| u64::from(index) < board.area();
    on(from) && on(to) && piece.is_move(board.square_at(from), board.square_at(to))
}

fn off_board(board: Board, step: usize, index: u32) -> TourError {
    TourError::OffBoard {
        step: step as u64 + 1,
        square: Square::new(index / board.cols(), index % board.cols()),
        board,
    }
}

/// Which move takes one square number to another. On a board more than `2b` columns wide (for
/// the `(a, b)`-leaper) the moves change the square number by different amounts, so a table
/// by difference names the move; on a narrower one two moves can share an amount (on 3
/// columns, a knight's two rows down and one left is one row down and two right), and on a
/// very wide one the table would be too large: there every move with the difference is tried,
/// and the column the piece stands on tells them apart (at most one of them stays on the board).
struct MoveTable {
    cols: i64,
    rows: i64,
    /// The move by `difference + reach`, [`NO_MOVE`] for none; empty where the moves are
    /// compared one by one instead.
    by_difference: Vec<u8>,
    /// The largest difference a move makes, `reach * cols + reach` for the piece's reach (its
    /// longest leg).
    reach: i64,
    moves: Moves,
    differences: [i64; Leaper::MAX_MOVES],
}

/// No move makes this difference.
const NO_MOVE: u8 = u8::MAX;

impl MoveTable {
    fn new(board: Board, piece: Leaper) -> Self {
        let cols = i64::from(board.cols());
        let moves = piece.moves();
        let mut differences = [i64::MAX; Leaper::MAX_MOVES];
        for (difference, &(dr, dc)) in differences.iter_mut().zip(moves.as_slice()) {
            *difference = i64::from(dr) * cols + i64::from(dc);
        }
        // With more than twice the reach across, a difference names its move.
        let b = i64::from(piece.reach());
        let reach = b * cols + b;
        let mut by_difference = Vec::new();
        if cols > 2 * b && cols <= 1 << 20 {
            by_difference = vec![NO_MOVE; (2 * reach + 1) as usize];
            for (k, &d) in differences[..moves.len()].iter().enumerate() {
                by_difference[(d + reach) as usize] = k as u8;
            }
        }
        Self {
            cols,
            rows: i64::from(board.rows()),
            by_difference,
            reach,
            moves,
            differences,
        }
    }

    /// Where the piece on square number `from`, at `row` and `col`, stands after a move to
    /// square number `to`; `None` if no move takes it there.
    #[inline(always)]
    fn step(&self, from: u32, to: u32, row: i64, col: i64) -> Option<(i64, i64)> {
        let difference = i64::from(to) - i64::from(from);
        let land = |k: usize| {
            let (dr, dc) = self.moves.as_slice()[k];
            let (row, col) = (row + i64::from(dr), col + i64::from(dc));
            ((0..self.rows).contains(&row) && (0..self.cols).contains(&col)).then_some((row, col))
        };
        if self.by_difference.is_empty() {
            return (0..self.moves.len())
                .filter(|&k| self.differences[k] == difference)
                .find_map(land);
        }
        let slot = usize::try_from(difference + self.reach).ok()?;
        let k = *self.by_difference.get(slot)?;
        if k == NO_MOVE {
            None
        } else {
            land(usize::from(k))
        }
    }
}

/// The fast check of a path given a run of square numbers at a time, with one bit a square: every
/// square on the board, every step a move of the piece, no square twice. It does not know the
/// board's start or whether the path must close; [`PathCheck::first`] and [`PathCheck::last`]
/// let the caller check those, and the bits of two checks can be compared
/// ([`PathCheck::meets`]) when a path is checked in two parts.
pub struct PathCheck {
    board: Board,
    piece: Leaper,
    moves: MoveTable,
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
    /// A check of a knight's path of `board` whose first square is visit `first_step` (1-based)
    /// of the tour; fails if the memory for its bits cannot be had.
    pub fn new(board: Board, first_step: u64) -> Result<Self, TryReserveError> {
        Self::with_piece(board, Leaper::KNIGHT, first_step)
    }

    /// [`PathCheck::new`] for a path of `piece`.
    pub fn with_piece(
        board: Board,
        piece: Leaper,
        first_step: u64,
    ) -> Result<Self, TryReserveError> {
        let words = board.area().div_ceil(64) as usize;
        let mut seen = Vec::new();
        seen.try_reserve_exact(words)?;
        seen.resize(words, 0);
        Ok(Self {
            board,
            piece,
            moves: MoveTable::new(board, piece),
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
        self.seen.iter().zip(&other.seen).any(|(x, y)| x & y != 0)
    }

    /// Takes the next squares of the path; the first error ends the check.
    pub fn push(&mut self, run: &[u32]) -> Result<(), TourError> {
        let moves = &self.moves;
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
            if index == previous {
                // The same square twice in a row: a square visited twice, as `Validator` says.
                result = Err(TourError::Revisited {
                    square: board.square_at(index),
                    step,
                });
                break;
            }
            let Some(moved) = moves.step(previous, index, row, col) else {
                result = Err(TourError::NotAMove {
                    piece: self.piece,
                    step: step - 1,
                    from: board.square_at(previous),
                    to: board.square_at(index),
                });
                break;
            };
            let (word, bit) = (index as usize / 64, 1u64 << (index % 64));
            if self.seen[word] & bit != 0 {
                result = Err(TourError::Revisited {
                    square: board.square_at(index),
                    step,
                });
                break;
            }
            self.seen[word] |= bit;
            (row, col) = moved;
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
    piece: Leaper,
    run: &[u32],
    offset: usize,
    deadline: Option<Instant>,
) -> Result<PathCheck, Stop> {
    let mut check = PathCheck::with_piece(board, piece, offset as u64 + 1).map_err(|_| {
        TourError::OutOfMemory {
            board,
            bytes: board.area() / 8,
        }
    })?;
    for (i, part) in run.chunks(STEPS_PER_LOOK).enumerate() {
        if i > 0 && late(deadline) {
            return Err(Stop::Late);
        }
        check.push(part)?;
    }
    Ok(check)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Outcome, Request, solve};
    use crate::tour::Validator;

    /// The streaming validator's verdict on `path` as a tour of `piece`, square by square as a
    /// file is read.
    fn validated(
        board: Board,
        piece: Leaper,
        path: &[u32],
        closed: bool,
        start: Option<Square>,
    ) -> Result<(), TourError> {
        let mut validator = Validator::new(board, closed, start).with_piece(piece);
        for &index in path {
            validator.push(board.square_at(index))?;
        }
        validator.finish()
    }

    /// A small deterministic generator (xorshift), so that a failure can be replayed.
    struct Numbers(u64);

    impl Numbers {
        fn below(&mut self, bound: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % bound.max(1)
        }
    }

    /// Tours of `piece` on `board` where it has them (within a small budget), and broken ones:
    /// squares swapped, replaced (on or off the board), repeated, dropped; walks of the piece
    /// until stuck; square numbers at random.
    fn paths(board: Board, piece: Leaper, numbers: &mut Numbers) -> Vec<Vec<u32>> {
        let area = board.area();
        let mut tours = Vec::new();
        for closed in [false, true] {
            let mut request = Request::new(board, Square::new(0, 0))
                .piece(piece)
                .closed(closed);
            request.node_budget = 200_000;
            if let Ok(Outcome::Tour { tour, .. }) = solve(&request) {
                tours.push(tour.indices().to_vec());
            }
        }
        let mut found = tours.clone();
        for tour in &tours {
            for _ in 0..6 {
                let (i, j) = (numbers.below(area) as usize, numbers.below(area) as usize);
                let mut swapped = tour.clone();
                swapped.swap(i, j);
                found.push(swapped);
                let mut replaced = tour.clone();
                replaced[i] = numbers.below(area + 3) as u32;
                found.push(replaced);
                let mut repeated = tour.clone();
                repeated.insert(i, tour[j]);
                found.push(repeated);
                let mut dropped = tour.clone();
                dropped.remove(i);
                found.push(dropped);
            }
        }
        for _ in 0..8 {
            let mut walk = vec![numbers.below(area) as u32];
            loop {
                let here = board.square_at(*walk.last().unwrap());
                let next: Vec<u32> = piece
                    .neighbours(board, here)
                    .map(|s| board.index(s))
                    .collect();
                let fresh: Vec<u32> = next.into_iter().filter(|n| !walk.contains(n)).collect();
                if fresh.is_empty() || walk.len() as u64 == area {
                    break;
                }
                walk.push(fresh[numbers.below(fresh.len() as u64) as usize]);
            }
            found.push(walk);
            let random = (0..numbers.below(2 * area) + 1)
                .map(|_| numbers.below(area + 2) as u32)
                .collect();
            found.push(random);
        }
        found.push(Vec::new());
        found
    }

    #[test]
    fn the_fast_check_gives_the_validators_verdict_on_every_board_up_to_12_a_side() {
        compare_on_every_board(Leaper::KNIGHT, 20_000, 200);
    }

    #[test]
    fn the_fast_check_gives_the_validators_verdict_for_other_leapers() {
        compare_on_every_board(Leaper::GIRAFFE, 10_000, 20);
        compare_on_every_board(Leaper::ZEBRA, 10_000, 10);
        compare_on_every_board(Leaper::new(0, 1).unwrap(), 20_000, 200);
    }

    /// Compares the fast check with the validator on paths of `piece` on every board up to 12
    /// a side: at least `least` comparisons, of which at least `least_tours` tours.
    fn compare_on_every_board(piece: Leaper, least: usize, least_tours: usize) {
        let mut numbers = Numbers(0x9e37_79b9_7f4a_7c15);
        let mut compared = 0;
        let mut tours = 0;
        for rows in 1..=12 {
            for cols in 1..=12 {
                let board = Board::new(rows, cols).unwrap();
                for path in paths(board, piece, &mut numbers) {
                    let first = path.first().map(|&index| board.square_at(index));
                    let other = Square::new(rows as u32 - 1, cols as u32 - 1);
                    for closed in [false, true] {
                        for start in [None, first, Some(other)] {
                            let expected = validated(board, piece, &path, closed, start);
                            tours += usize::from(expected.is_ok());
                            assert_eq!(
                                check_indices(board, piece, &path, closed, start),
                                expected,
                                "{piece} on {board}, closed {closed}, start {start:?}: {path:?}"
                            );
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > least, "{piece}: {compared}");
        assert!(tours > least_tours, "{piece}: {tours}");
    }
}
