//! A list given no size, checked on the board its squares span: rows = the largest row + 1,
//! columns likewise (a tour visits every square, so its squares span its board). The board is
//! found first: a source that can be read again is read twice (its extent, then the check on
//! it as any list is checked), one read once is held meanwhile (`held`), within the memory
//! cap. The board grows with each square read and is refused at the square that takes it past
//! every board's limit or the memory cap, so no list allocates for a board it cannot have.
//!
//! The verdict is the one the list gets on that board, whichever way it was read: a line that
//! is no square stops it there, unless an earlier square breaks a rule of the board.

use knights_tour_engine::board::Board;
use knights_tour_engine::tour::TourError;

use super::held::{HeldList, Refused};
use super::{Progress, Squares, bitmap_bytes, check_on, read_squares};
use crate::tourfile::input::{LineReader, Source};
use crate::tourfile::{CheckError, CheckedTour, Expectations, input_error, invalid, megabytes};

/// The note on a verdict about a list checked on the board its squares span.
pub const INFERRED: &str = "board inferred from the list";

/// Checks the list that `input` holds on the board its squares span.
pub(super) fn check<S: Source>(
    input: &mut LineReader<S>,
    expect: &Expectations,
) -> Result<CheckedTour, CheckError> {
    let start = input.mark();
    let mut survey = Survey {
        extent: Extent::default(),
        held: (!input.rereadable()).then(HeldList::default),
        expect,
        refused: false,
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
    let checked = match survey.held {
        None => {
            input.rewind(start)?;
            check_on(input, expect, board)
        }
        Some(held) => {
            let mut progress = Progress::new(expect, board)?;
            held.replay(&mut progress)
                .and_then(|()| stopped.map_or(Ok(()), Err))
                .and_then(|()| progress.finish(expect))
        }
    };
    checked.map_err(|error| match error {
        CheckError::Invalid(message) => {
            CheckError::Invalid(format!("{message} (board {board}, inferred from the list)"))
        }
        other => other,
    })
}

/// The first reading of a list: the board its squares span, and the squares held when the
/// list cannot be read again.
struct Survey<'a> {
    extent: Extent,
    held: Option<HeldList>,
    expect: &'a Expectations,
    /// Whether a square was refused (rather than a line found that is no square).
    refused: bool,
}

impl Survey<'_> {
    /// Takes the square `(row, col)` of line `line` into the board the list spans, and holds
    /// it if the list is held: refused when the board would be past every board's limit, or
    /// the memory it takes past the cap.
    #[inline(always)]
    fn survey(&mut self, row: u64, col: u64, line: u64) -> Result<(), CheckError> {
        let (board, grew) = self.extent.take(row, col, line)?;
        let cap = self.expect.memory_cap;
        if grew {
            let what = format!("one bit a square; {INFERRED}");
            self.expect
                .afford(board, bitmap_bytes(board), &what)
                .map_err(|error| input_error(line, error))?;
        }
        let Some(held) = &mut self.held else {
            return Ok(());
        };
        let room = cap.map(|cap| cap.saturating_sub(bitmap_bytes(board)));
        held.push(row, col, line, room)
            .map_err(|refused| refusal(refused, line, cap))
    }
}

impl Squares for Survey<'_> {
    #[inline(always)]
    fn take(&mut self, row: u64, col: u64, line: u64) -> Result<(), CheckError> {
        let taken = self.survey(row, col, line);
        self.refused = taken.is_err();
        taken
    }
}

/// The message for a square of line `line` that a held list refused, under the memory cap
/// `cap`.
#[cold]
fn refusal(refused: Refused, line: u64, cap: Option<u64>) -> CheckError {
    match refused {
        Refused::NoRoom => {
            let limit = match cap {
                Some(cap) => format!("the {} this process may use", megabytes(cap)),
                None => "the memory the system gives".to_string(),
            };
            input_error(
                line,
                format!(
                    "a list read once (standard input, a pipe) is held in memory to find its \
                     board, and this one needs more than {limit}; pass --size to check it as it \
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
