//! A list given no size, checked on the board its squares span: rows = the largest row + 1,
//! columns likewise (a tour visits every square, so its squares span its board). The board is
//! found first: a source that can be read again is read twice (its extent, then the check on
//! it as any list is checked), one read once is held meanwhile (`held`), within the memory
//! cap. The board grows with each square read and is refused at the square that takes it past
//! every board's limit or the memory cap, so no list allocates for a board it cannot have.
//!
//! What no tour of any board does stops the first reading at its line: a step that is no move
//! of the piece, or a square named again (`seen`, one bit a square of the board spanned so
//! far). An endless list that repeats itself is refused within a line or two, not when it
//! outgrows the memory cap.
//!
//! The verdict is the one the list gets on that board, whichever way it was read: a line that
//! is no square, or a step no tour takes, stops it there, unless an earlier square breaks a
//! rule of the board (the board so far, without that line's square).

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::tour::TourError;

use super::held::{HeldList, Refused};
use super::seen::Seen;
use super::{Progress, Squares, bitmap_bytes, check_on, read_squares};
use crate::tourfile::bytes::{LineReader, Source};
use crate::tourfile::{CheckError, CheckedTour, Expectations, input_error, invalid, megabytes};

/// The note on a verdict about a list checked on the board its squares span.
pub const INFERRED: &str = "board inferred from the list";

/// Checks the list that `input` holds on the board its squares span.
pub(super) fn check<S: Source>(
    input: &mut LineReader<S>,
    expect: &Expectations,
) -> Result<CheckedTour, CheckError> {
    let start = input.mark();
    let piece = expect.piece_or_knight();
    let mut survey = Survey {
        extent: Extent::default(),
        held: (!input.rereadable()).then(|| HeldList::new(piece)),
        seen: Seen::default(),
        piece,
        last: None,
        squares: 0,
        expect,
        refused: false,
        stopped_at: None,
    };
    let read = read_squares(input, &mut survey);
    let stopped = match read {
        Ok(()) => None,
        Err(error) if survey.refused || matches!(error, CheckError::Io(_)) => return Err(error),
        Err(error) => Some(error),
    };
    let Some(board) = survey.extent.board else {
        return Err(stopped.unwrap_or_else(|| TourError::Empty.into()));
    };
    // The squares seen are the validator's to check from here.
    let Survey {
        held, stopped_at, ..
    } = survey;
    let checked = match (held, stopped_at) {
        (None, None) => {
            input.rewind(start)?;
            check_on(input, expect, board)
        }
        (None, Some(line)) => {
            input.rewind(start)?;
            expect.afford(board, bitmap_bytes(board), "one bit a square")?;
            // Up to the line the survey stopped at, which ends it.
            let mut until = Until {
                progress: Progress::new(expect, board)?,
                line,
                stopped,
            };
            read_squares(input, &mut until).and_then(|()| until.progress.finish(expect))
        }
        (Some(held), _) => {
            let mut progress = Progress::new(expect, board)?;
            held.replay(&mut progress)
                .and_then(|()| stopped.map_or(Ok(()), Err))
                .and_then(|()| progress.finish(expect))
        }
    };
    // The board of the squares before the line the survey stopped at, if it did.
    let upto = stopped_at.map_or(String::new(), |line| format!(" up to line {line}"));
    checked.map_err(|error| match error {
        CheckError::Invalid(message) => CheckError::Invalid(format!(
            "{message} (board {board}, inferred from the list{upto})"
        )),
        other => other,
    })
}

/// The first reading of a list: the board its squares span, the squares seen, and the
/// squares held when the list cannot be read again.
struct Survey<'a> {
    extent: Extent,
    held: Option<HeldList>,
    seen: Seen,
    /// The piece whose moves the steps must be.
    piece: Leaper,
    /// The square before.
    last: Option<(u64, u64)>,
    /// Squares taken.
    squares: u64,
    expect: &'a Expectations,
    /// Whether a square was refused (rather than a line found that is no square).
    refused: bool,
    /// The line of a square no tour of any board takes there, if the survey stopped at one.
    stopped_at: Option<u64>,
}

impl Survey<'_> {
    /// Takes the square `(row, col)` of line `line` into the board the list spans, and holds
    /// it if the list is held: refused when the board would be past every board's limit, or
    /// the memory it takes past the cap; stopped when it is no move of the piece from the
    /// square before, or was named before.
    #[inline(always)]
    fn survey(&mut self, row: u64, col: u64, line: u64) -> Result<(), CheckError> {
        let step = self.squares + 1;
        // The same square twice in a row is left to the check of squares named again below.
        if let Some(from) = self.last
            && from != (row, col)
            && !is_move(self.piece, from, (row, col))
            && let Some(error) = self.not_a_move(line, from, (row, col))
        {
            return Err(error);
        }
        let (board, grew) = self.extent.take(row, col, line)?;
        let cap = self.expect.memory_cap;
        if grew {
            let what = format!("one bit a square; {INFERRED}");
            self.expect
                .afford(board, bitmap_bytes(board), &what)
                .map_err(|error| input_error(line, error))?;
        }
        let held = &self.held;
        let room = || cap.map(|cap| cap.saturating_sub(held.as_ref().map_or(0, HeldList::bytes)));
        let again = self
            .seen
            .insert(row, col, room)
            .map_err(|refused| refusal(refused, line, cap, self.held.is_some()))?;
        if again {
            let square = Square::new(row as u32, col as u32);
            return Err(self.stop(line, TourError::Revisited { square, step }));
        }
        self.last = Some((row, col));
        self.squares = step;
        let Some(held) = &mut self.held else {
            return Ok(());
        };
        let room = cap.map(|cap| cap.saturating_sub(self.seen.bytes()));
        held.push(row, col, line, room)
            .map_err(|refused| refusal(refused, line, cap, true))
    }

    /// The error of a step from `from` to `to` that is no move of the piece; `None` when `to`
    /// is off every board, which the board's own refusal names.
    #[cold]
    fn not_a_move(&mut self, line: u64, from: (u64, u64), to: (u64, u64)) -> Option<CheckError> {
        let square = |(row, col): (u64, u64)| {
            Some(Square::new(
                u32::try_from(row).ok()?,
                u32::try_from(col).ok()?,
            ))
        };
        let error = TourError::NotAMove {
            piece: self.piece,
            step: self.squares,
            from: square(from)?,
            to: square(to)?,
        };
        Some(self.stop(line, error))
    }

    /// Stops the reading at line `line`, whose square breaks a rule of every board.
    #[cold]
    fn stop(&mut self, line: u64, error: TourError) -> CheckError {
        self.stopped_at = Some(line);
        invalid(line, error)
    }
}

/// Whether `piece` moves from `from` to `to` (by any of its leaps).
#[inline(always)]
fn is_move(piece: Leaper, from: (u64, u64), to: (u64, u64)) -> bool {
    let (rows, cols) = (from.0.abs_diff(to.0), from.1.abs_diff(to.1));
    piece.leaps().any(|(a, b)| {
        let (a, b) = (u64::from(a), u64::from(b));
        (rows == a && cols == b) || (rows == b && cols == a)
    })
}

/// A list read again on its board up to the line the survey stopped at, where it ends with
/// the survey's error.
struct Until {
    progress: Progress,
    line: u64,
    stopped: Option<CheckError>,
}

impl Squares for Until {
    #[inline(always)]
    fn take(&mut self, row: u64, col: u64, line: u64) -> Result<(), CheckError> {
        if line >= self.line {
            return Err(self.stopped.take().expect("stopped once"));
        }
        self.progress.take(row, col, line)
    }
}

impl Squares for Survey<'_> {
    #[inline(always)]
    fn take(&mut self, row: u64, col: u64, line: u64) -> Result<(), CheckError> {
        let taken = self.survey(row, col, line);
        self.refused = taken.is_err() && self.stopped_at.is_none();
        taken
    }
}

/// The message for a square of line `line` that the survey had no room for under the memory
/// cap `cap`, the list `held` or not.
#[cold]
fn refusal(refused: Refused, line: u64, cap: Option<u64>, held: bool) -> CheckError {
    match refused {
        Refused::NoRoom => {
            let limit = match cap {
                Some(cap) => format!("the {} this process may use", megabytes(cap)),
                None => "the memory the system gives".to_string(),
            };
            let what = if held {
                "a list read once (standard input, a pipe) is held in memory to find its board"
            } else {
                "a list is read once to find its board, one bit a square it names"
            };
            input_error(
                line,
                format!(
                    "{what}, and this one needs more than {limit}; pass --size to check it as it \
                     is read"
                ),
            )
        }
        Refused::TooMany => invalid(
            line,
            format!(
                "more than {} squares, more than any board has",
                Board::MAX_SQUARES
            ),
        ),
    }
}

/// The board the squares of a list span so far.
#[derive(Debug, Default)]
struct Extent {
    /// The largest row + 1, the largest column + 1.
    rows: u64,
    cols: u64,
    /// Their board, once a square is in.
    board: Option<Board>,
}

impl Extent {
    /// Takes in the square `(row, col)` of line `line`: the board now, and whether it grew.
    /// Refused when it would grow past every board's limit.
    #[inline(always)]
    fn take(&mut self, row: u64, col: u64, line: u64) -> Result<(Board, bool), CheckError> {
        if let Some(board) = self.board.filter(|_| row < self.rows && col < self.cols) {
            return Ok((board, false));
        }
        self.rows = self.rows.max(row.saturating_add(1));
        self.cols = self.cols.max(col.saturating_add(1));
        let board = Board::new(self.rows, self.cols)
            .map_err(|error| input_error(line, format!("{error} ({INFERRED})")))?;
        self.board = Some(board);
        Ok((board, true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_grows_to_hold_every_square_and_stops_at_the_limit() {
        let mut extent = Extent::default();
        let boards: Vec<(Board, bool)> = [(0, 0), (2, 1), (1, 0), (0, 8)]
            .into_iter()
            .map(|(row, col)| extent.take(row, col, 1).unwrap())
            .collect();
        let board = |rows, cols| Board::new(rows, cols).unwrap();
        assert_eq!(
            boards,
            [
                (board(1, 1), true),
                (board(3, 2), true),
                (board(3, 2), false),
                (board(3, 9), true)
            ]
        );
        let error = extent.take(u64::MAX, 0, 7).unwrap_err().to_string();
        assert!(
            error.starts_with("line 7: ") && error.contains(INFERRED),
            "{error}"
        );
    }
}
