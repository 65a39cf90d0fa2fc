//! A grid: one board row a line, the visit number of each square (1..N, or 0..N-1 when a 0
//! appears), separated by blanks; blank lines are skipped. Its first row gives the width, the
//! rows the height (or `--size` gives both, and the grid must agree).
//!
//! The moves can only be checked once every number is in, so the numbers are kept as read,
//! four bytes a square, and each square's successor looked for among its neighbours when the
//! grid ends. That is
//! bounded by the board the grid describes and refused above the memory this process may use
//! (up front with `--size`, else as the rows arrive). Everything that can be decided on the way
//! is: a number beyond the board, a number seen twice (with `--size`; otherwise where cheap), a
//! row of the wrong width, a row past the board.

use std::io::Read;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::quote::quoted_bytes;
use knights_tour_engine::tour::{Tour, TourError};

use super::bytes::LineReader;
use super::{
    CheckError, CheckedTour, Expectations, digits_value, input_error, invalid, is_blank,
    number_text, text_error,
};

/// The longest run of blanks in a grid line: an aligned grid of the largest board pads its
/// numbers with at most nine spaces.
const MAX_BLANKS: usize = 64;

/// The most digits of a number, leading zeros counted: more than this many, and not
/// beginning with a zero, is past every board.
const MAX_DIGITS: usize = 20;

/// Bytes a square the grid needs, times 8: its number, and one bit to find a repeat.
const BYTES_PER_SQUARE_TIMES_8: u64 = 4 * 8 + 1;

/// The grid read so far.
struct Grid {
    /// `--size`, which the grid must match.
    size: Option<Board>,
    /// The width, once the first row has ended.
    cols: Option<u64>,
    /// Rows ended.
    rows: u64,
    /// Numbers in the row under way.
    in_row: u64,
    /// Every number, row by row.
    numbers: Vec<u32>,
    /// Numbers seen, to name a repeat where it happens: all of them with `--size`, otherwise
    /// those small enough for the bitset to stay within a few bits a square read.
    seen: Vec<u64>,
    saw_zero: bool,
    memory_cap: Option<u64>,
}

/// Checks a grid.
pub(super) fn check<R: Read>(
    input: &mut LineReader<R>,
    expect: &Expectations,
) -> Result<CheckedTour, CheckError> {
    let mut grid = Grid::new(expect)?;
    let mut blanks = 0;
    loop {
        if input.buffered().len() <= MAX_DIGITS {
            input.fill(MAX_DIGITS + 1)?;
        }
        let bytes = input.buffered();
        let Some(&byte) = bytes.first() else {
            break;
        };
        match byte {
            b'\n' => {
                grid.end_row(input.line())?;
                input.newline();
                blanks = 0;
            }
            byte if is_blank(byte) => {
                let run = bytes.iter().take_while(|&&byte| is_blank(byte)).count();
                blanks += run;
                if blanks > MAX_BLANKS {
                    return Err(input_error(
                        input.line(),
                        format!("more than {MAX_BLANKS} blanks in a row, more than any grid holds"),
                    ));
                }
                input.advance(run);
            }
            b'0'..=b'9' => {
                blanks = 0;
                let digits = bytes
                    .iter()
                    .take(MAX_DIGITS + 1)
                    .take_while(|byte| byte.is_ascii_digit())
                    .count();
                let after = bytes.get(digits).copied();
                if digits <= MAX_DIGITS && after.is_some_and(|byte| !byte.is_ascii_whitespace()) {
                    return Err(bad_token(input.line(), bytes));
                }
                // A longer number is past every board (`number` says so), unless it begins
                // with a zero: such a number is not read on, so every digit counts.
                if digits > MAX_DIGITS && byte == b'0' {
                    return Err(input_error(
                        input.line(),
                        format!(
                            "a number of more than {MAX_DIGITS} digits (leading zeros count), \
                             more than any grid holds"
                        ),
                    ));
                }
                grid.number(&bytes[..digits], input.line())?;
                input.advance(digits);
            }
            _ => return Err(bad_token(input.line(), bytes)),
        }
    }
    grid.end_row(input.line())?;
    grid.finish(expect)
}

/// `1 number`, `2 numbers`.
fn numbers(count: u64) -> String {
    match count {
        1 => "1 number".into(),
        _ => format!("{count} numbers"),
    }
}

/// The message for a token that is not a visit number, at the start of `bytes`.
fn bad_token(line: u64, bytes: &[u8]) -> CheckError {
    let end = bytes
        .iter()
        .position(|&byte| byte.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    let token = &bytes[..end];
    text_error(line, token).unwrap_or_else(|| {
        input_error(
            line,
            format!("{} is not a non-negative whole number", quoted_bytes(token)),
        )
    })
}

impl Grid {
    fn new(expect: &Expectations) -> Result<Self, CheckError> {
        let mut grid = Self {
            size: expect.size,
            cols: None,
            rows: 0,
            in_row: 0,
            numbers: Vec::new(),
            seen: Vec::new(),
            saw_zero: false,
            memory_cap: expect.memory_cap,
        };
        if let Some(board) = expect.size {
            let area = board.area();
            expect.afford(
                board,
                (area * BYTES_PER_SQUARE_TIMES_8).div_ceil(8),
                "a grid is held whole to check its moves: 4 bytes a square",
            )?;
            let refused = |_| {
                CheckError::Input(format!(
                    "the system refused the memory to check a grid of the {board} board \
                     ({} MB, 4 bytes a square)",
                    (area * 4) >> 20
                ))
            };
            grid.numbers
                .try_reserve_exact(area as usize)
                .map_err(refused)?;
            grid.seen
                .try_reserve_exact((area + 1).div_ceil(64) as usize)
                .map_err(refused)?;
            grid.seen.resize((area + 1).div_ceil(64) as usize, 0);
        }
        Ok(grid)
    }

    /// The square of the `index`th number read.
    fn square_of(&self, index: usize) -> Square {
        let cols = self.cols.unwrap_or(u64::MAX);
        let index = index as u64;
        Square::new((index / cols) as u32, (index % cols) as u32)
    }

    /// The next number of the row under way, on line `line`.
    fn number(&mut self, digits: &[u8], line: u64) -> Result<(), CheckError> {
        let width = self.cols.or(self.size.map(|board| u64::from(board.cols())));
        if let Some(width) = width.filter(|&width| self.in_row == width) {
            return Err(match (self.cols, self.size) {
                (None, Some(size)) => invalid(
                    line,
                    format!(
                        "a grid row of more than {}, but --size says {size}",
                        numbers(width)
                    ),
                ),
                _ => input_error(
                    line,
                    format!(
                        "a grid row of more than {}, but the first row has {width}",
                        numbers(width)
                    ),
                ),
            });
        }
        if let Some(size) = self.size.filter(|size| self.rows == u64::from(size.rows())) {
            return Err(invalid(
                line,
                format!("a grid row past the {} rows of --size {size}", size.rows()),
            ));
        }
        let square = Square::new(self.rows as u32, self.in_row as u32);
        let value = digits_value(digits);
        let most = self.size.map_or(Board::MAX_SQUARES, Board::area);
        if value > most {
            let what = match self.size {
                Some(size) => format!("the {most} squares of the {size} board"),
                None => format!("the squares of any board (at most {most})"),
            };
            return Err(invalid(
                line,
                format!(
                    "square {square} holds {}, more than {what}",
                    number_text(digits)
                ),
            ));
        }
        let value = value as u32;
        let (word, bit) = (value as usize / 64, 1u64 << (value % 64));
        if self.seen.get(word).is_some_and(|bits| bits & bit != 0) {
            let earlier = self.numbers.iter().position(|&n| n == value).unwrap_or(0);
            return Err(invalid(
                line,
                format!(
                    "visit number {value} appears twice, at {} and at {square}",
                    self.square_of(earlier)
                ),
            ));
        }
        self.reserve_one(line)?;
        if self.size.is_none() && word >= self.seen.len() && word < self.numbers.len() / 8 + 1024 {
            // Within a bit or so a square read: grow the bitset to this number.
            self.seen.resize(word + 1, 0);
        }
        if let Some(bits) = self.seen.get_mut(word) {
            *bits |= bit;
        }
        self.numbers.push(value);
        self.saw_zero |= value == 0;
        self.in_row += 1;
        Ok(())
    }

    /// Room for one more number, within the memory cap.
    fn reserve_one(&mut self, line: u64) -> Result<(), CheckError> {
        if self.numbers.len() < self.numbers.capacity() {
            return Ok(());
        }
        let len = self.numbers.len() as u64;
        let so_far = || match self.cols {
            Some(cols) => format!("{}x{cols} and more", self.rows + 1),
            None => format!("a first row of more than {len} numbers"),
        };
        if len >= Board::MAX_SQUARES {
            return Err(input_error(
                line,
                format!(
                    "the grid holds more than {} numbers, more than any board has squares",
                    Board::MAX_SQUARES
                ),
            ));
        }
        let need = (len + 1) * BYTES_PER_SQUARE_TIMES_8 / 8;
        let mut target = (len * 2).clamp(1 << 12, Board::MAX_SQUARES);
        if let Some(cap) = self.memory_cap {
            if need > cap {
                return Err(input_error(
                    line,
                    format!(
                        "checking this grid ({}) needs more than {} of memory (a grid is held \
                         whole to check its moves: 4 bytes a square), more than the {} this process may use",
                        so_far(),
                        super::megabytes(need),
                        super::megabytes(cap)
                    ),
                ));
            }
            target = target.min(cap * 8 / BYTES_PER_SQUARE_TIMES_8).max(len + 1);
        }
        self.numbers
            .try_reserve_exact((target - len) as usize)
            .map_err(|_| {
                input_error(
                    line,
                    format!(
                        "the system refused the memory to check this grid ({}): {} more",
                        so_far(),
                        super::megabytes((target - len) * 4)
                    ),
                )
            })
    }

    /// The end of line `line`: of a row, unless the line was blank.
    fn end_row(&mut self, line: u64) -> Result<(), CheckError> {
        let found = self.in_row;
        if found == 0 {
            return Ok(());
        }
        match (self.cols, self.size) {
            (Some(cols), _) if found != cols => {
                return Err(input_error(
                    line,
                    format!(
                        "a grid row of {}, but the first row has {cols}",
                        numbers(found)
                    ),
                ));
            }
            (None, Some(size)) if found != u64::from(size.cols()) => {
                return Err(invalid(
                    line,
                    format!("a grid row of {}, but --size says {size}", numbers(found)),
                ));
            }
            _ => {}
        }
        self.cols = Some(found);
        self.rows += 1;
        self.in_row = 0;
        Ok(())
    }

    /// The checks once every number is in: the board, the range of the numbers, repeats, and
    /// the moves in visit order.
    fn finish(mut self, expect: &Expectations) -> Result<CheckedTour, CheckError> {
        let cols = self
            .cols
            .ok_or_else(|| CheckError::Input("the grid holds no numbers".into()))?;
        let board =
            Board::new(self.rows, cols).map_err(|error| CheckError::Input(error.to_string()))?;
        if let Some(size) = self.size.filter(|&size| size != board) {
            return Err(CheckError::Invalid(format!(
                "the grid is {board}, but --size says {size}"
            )));
        }
        let area = board.area();
        let first = u32::from(!self.saw_zero);
        let last = area - 1 + u64::from(first);
        for (index, &number) in self.numbers.iter().enumerate() {
            if u64::from(number.wrapping_sub(first)) >= area {
                return Err(CheckError::Invalid(format!(
                    "square {} holds {number}, outside the visit numbers {first}..={last}",
                    self.square_of(index)
                )));
            }
        }
        if self.size.is_none() {
            // Repeats the bitset could not see on the way.
            self.seen = Vec::new();
            let mut seen = Vec::new();
            seen.try_reserve_exact(area.div_ceil(64) as usize)
                .map_err(|_| CheckError::Input(format!("no memory to check the {board} grid")))?;
            seen.resize(area.div_ceil(64) as usize, 0u64);
            for (index, &number) in self.numbers.iter().enumerate() {
                let step = (number - first) as usize;
                let (word, bit) = (step / 64, 1u64 << (step % 64));
                if seen[word] & bit != 0 {
                    let earlier = self.numbers.iter().position(|&n| n == number).unwrap_or(0);
                    return Err(CheckError::Invalid(format!(
                        "visit number {number} appears twice, at {} and at {}",
                        self.square_of(earlier),
                        self.square_of(index)
                    )));
                }
                seen[word] |= bit;
            }
        }
        self.seen = Vec::new();
        let piece = expect.piece_or_knight();
        let start = check_moves(
            Moves { board, piece },
            &self.numbers,
            first,
            expect.closed,
            expect.start_on(board)?,
        )?;
        let tour = match expect.keep_tour {
            Some(_) => {
                expect.keepable(board)?;
                Some(self.into_tour(board, piece, first, expect.closed)?)
            }
            None => None,
        };
        Ok(CheckedTour {
            board,
            piece,
            start,
            closed: expect.closed,
            tour,
        })
    }

    /// The tour the numbers give (checked), kept for the caller: the squares in visit order.
    fn into_tour(
        self,
        board: Board,
        piece: Leaper,
        first: u32,
        closed: bool,
    ) -> Result<Tour, CheckError> {
        let mut path = Vec::new();
        path.try_reserve_exact(board.area() as usize)
            .map_err(|_| CheckError::Input(format!("no memory to keep a tour of {board}")))?;
        path.resize(board.area() as usize, 0u32);
        for (index, &number) in self.numbers.iter().enumerate() {
            path[(number - first) as usize] = index as u32;
        }
        Ok(Tour::with_piece(board, piece, path, closed, None)?)
    }
}

/// The board of a grid and the piece whose moves join its numbers.
#[derive(Clone, Copy)]
struct Moves {
    board: Board,
    piece: Leaper,
}

/// The moves of a grid whose numbers are `first..first + area`, each once: the square of each
/// number but the last must have the next number a move of the piece away. Checked square by square
/// in reading order, where the neighbours are near in memory (following the visit order
/// instead would jump across the grid at every step). The verdict is the validator's: a wrong
/// start, else the first step in visit order that is not a move, else a closed tour that
/// does not close. Returns the first square.
fn check_moves(
    Moves { board, piece }: Moves,
    numbers: &[u32],
    first: u32,
    closed: bool,
    start: Option<Square>,
) -> Result<Square, TourError> {
    let (rows, cols) = (i64::from(board.rows()), i64::from(board.cols()));
    let last = first + (numbers.len() as u32 - 1);
    // A scan for one number: done a few times, only.
    let square_of = |number: u32| {
        let index = numbers.iter().position(|&n| n == number);
        board.square_at(index.expect("every number appears once") as u32)
    };
    let found = square_of(first);
    if let Some(expected) = start.filter(|&square| square != found) {
        return Err(TourError::WrongStart { expected, found });
    }
    let mut broken: Option<u32> = None;
    let mut index = 0;
    let deltas = piece.moves();
    let deltas = deltas.as_slice();
    for row in 0..rows {
        for col in 0..cols {
            let number = numbers[index];
            index += 1;
            if number == last || broken.is_some_and(|broken| number >= broken) {
                continue;
            }
            let moves_on = deltas.iter().any(|&(dr, dc)| {
                let (r, c) = (row + i64::from(dr), col + i64::from(dc));
                (0..rows).contains(&r)
                    && (0..cols).contains(&c)
                    && numbers[(r * cols + c) as usize] == number + 1
            });
            if !moves_on {
                broken = Some(number);
            }
        }
    }
    if let Some(number) = broken {
        let error = TourError::NotAMove {
            piece,
            step: u64::from(number - first) + 1,
            from: square_of(number),
            to: square_of(number + 1),
        };
        return Err(error.numbered_from(u64::from(first)));
    }
    let end = square_of(last);
    if closed && !piece.is_move(end, found) {
        return Err(TourError::NotClosed {
            piece,
            last: end,
            first: found,
        });
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knight(board: Board) -> Moves {
        Moves {
            board,
            piece: Leaper::KNIGHT,
        }
    }

    #[test]
    fn a_grid_is_checked_with_the_moves_of_its_piece() {
        // The wazir (0,1) snakes along the rows of 2x3; a knight cannot.
        let board = Board::new(2, 3).unwrap();
        let snake = [1, 2, 3, 6, 5, 4];
        let wazir = Moves {
            board,
            piece: Leaper::new(0, 1).unwrap(),
        };
        assert_eq!(
            check_moves(wazir, &snake, 1, false, None),
            Ok(Square::new(0, 0))
        );
        let refused = check_moves(knight(board), &snake, 1, false, None).unwrap_err();
        assert!(
            matches!(refused, TourError::NotAMove { step: 1, .. }),
            "{refused}"
        );
    }

    #[test]
    fn the_moves_of_a_grid_are_checked_in_visit_order() {
        // An open tour of 3x4, 1-based, and the same 0-based.
        let board = Board::new(3, 4).unwrap();
        let grid = [1, 4, 7, 10, 8, 11, 2, 5, 3, 6, 9, 12];
        assert_eq!(
            check_moves(knight(board), &grid, 1, false, None),
            Ok(Square::new(0, 0))
        );
        let zero_based = grid.map(|n| n - 1);
        assert_eq!(
            check_moves(knight(board), &zero_based, 0, false, None),
            Ok(Square::new(0, 0))
        );
        assert!(matches!(
            check_moves(knight(board), &grid, 1, true, None),
            Err(TourError::NotClosed { .. })
        ));
        assert!(matches!(
            check_moves(knight(board), &grid, 1, false, Some(Square::new(1, 1))),
            Err(TourError::WrongStart { .. })
        ));
        // Visits 5 and 6 exchanged: 4 → 5 is the first step that is not a knight move.
        let mut swapped = grid;
        swapped.swap(7, 9);
        assert_eq!(
            check_moves(knight(board), &swapped, 1, false, None),
            Err(TourError::NotAMove {
                piece: Leaper::KNIGHT,
                step: 4,
                from: Square::new(0, 1),
                to: Square::new(2, 1)
            })
        );
        let mut swapped = zero_based;
        swapped.swap(7, 9);
        let error = check_moves(knight(board), &swapped, 0, false, None).unwrap_err();
        assert!(error.to_string().starts_with("step 3 → 4"), "{error}");
    }
}
