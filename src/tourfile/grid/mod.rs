//! A grid: one board row a line, the visit number of each square (1..N, or 0..N-1 when a 0
//! appears), separated by blanks; blank lines are skipped. Its first row gives the width, the
//! rows the height (or `--size` gives both, and the grid must agree).
//!
//! A hole of a board of any shape is written `.` (or a run of dots, `..`, filling a wide
//! cell), as `solve --format grid` writes it, and N is then the open squares: the grid is
//! checked on the board it draws. With `--board`, the grid's holes must be the board's (a
//! number on a hole, or a dot on an open square, is named where it stands), and the tour must
//! keep the board's clues. A blank cell cannot be told from the blanks between cells, so a
//! hole is never left blank.
//!
//! The moves can only be checked once every number is in, so the numbers are kept as read,
//! four bytes a square, and each square's successor looked for among its neighbours when the
//! grid ends. That is
//! bounded by the board the grid describes and refused above the memory this process may use
//! (up front with `--size`, else as the rows arrive). Everything that can be decided on the way
//! is: a number beyond the board, a number seen twice (with `--size`; otherwise where cheap), a
//! row of the wrong width, a row past the board.

mod moves;

use std::io::Read;
use std::sync::Arc;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::quote::quoted_bytes;
use knights_tour_engine::shape::Shape;
use knights_tour_engine::tour::{ShapeRoute, Tour};

use super::bytes::LineReader;
use super::{
    CheckError, CheckedTour, Expectations, digits_value, input_error, invalid, is_blank,
    number_text, shape_error, text_error,
};
use moves::{Asked, Moves, check_moves};

/// What a hole is kept as among the numbers: no visit number is this large.
const HOLE: u32 = u32::MAX;

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
    /// Holes read.
    holes: u64,
    memory_cap: Option<u64>,
    /// `--board`, whose holes the grid must have where it has them.
    shape: Option<Arc<Shape>>,
    /// The option that gave the size, for a message.
    size_option: &'static str,
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
            b'.' => {
                blanks = 0;
                let dots = bytes
                    .iter()
                    .take(MAX_DIGITS + 1)
                    .take_while(|&&byte| byte == b'.')
                    .count();
                if dots > MAX_DIGITS
                    || bytes
                        .get(dots)
                        .is_some_and(|byte| !byte.is_ascii_whitespace())
                {
                    return Err(bad_token(input.line(), bytes));
                }
                grid.hole(input.line())?;
                input.advance(dots);
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
            holes: 0,
            memory_cap: expect.memory_cap,
            shape: expect.shape.clone(),
            size_option: expect.size_option(),
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
        let square = self.next_cell(line)?;
        let value = digits_value(digits);
        if self
            .shape
            .as_ref()
            .is_some_and(|shape| !shape.is_open(square))
        {
            return Err(invalid(
                line,
                format!(
                    "square {square} holds {}, but it is a hole of the board of --board",
                    number_text(digits)
                ),
            ));
        }
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

    /// A hole (`.`) in the row under way, on line `line`.
    fn hole(&mut self, line: u64) -> Result<(), CheckError> {
        let square = self.next_cell(line)?;
        if self
            .shape
            .as_ref()
            .is_some_and(|shape| shape.is_open(square))
        {
            return Err(invalid(
                line,
                format!("square {square} is a hole ('.'), but the board of --board has it open"),
            ));
        }
        self.reserve_one(line)?;
        self.numbers.push(HOLE);
        self.holes += 1;
        self.in_row += 1;
        Ok(())
    }

    /// The square of the next cell of the row under way, on line `line`, refused past the
    /// row's width or the board's rows.
    fn next_cell(&self, line: u64) -> Result<Square, CheckError> {
        let width = self.cols.or(self.size.map(|board| u64::from(board.cols())));
        if let Some(width) = width.filter(|&width| self.in_row == width) {
            return Err(match (self.cols, self.size) {
                (None, Some(size)) => invalid(
                    line,
                    format!(
                        "a grid row of more than {}, but {} says {size}",
                        numbers(width),
                        self.size_option
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
                format!(
                    "a grid row past the {} rows of {} {size}",
                    size.rows(),
                    self.size_option
                ),
            ));
        }
        Ok(Square::new(self.rows as u32, self.in_row as u32))
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
                    format!(
                        "a grid row of {}, but {} says {size}",
                        numbers(found),
                        self.size_option
                    ),
                ));
            }
            _ => {}
        }
        self.cols = Some(found);
        self.rows += 1;
        self.in_row = 0;
        Ok(())
    }

    /// The checks once every number is in: the board, the range of the numbers, repeats, the
    /// holes, and the moves and clues in visit order.
    fn finish(mut self, expect: &Expectations) -> Result<CheckedTour, CheckError> {
        let cols = self
            .cols
            .ok_or_else(|| CheckError::Input("the grid holds no numbers".into()))?;
        let board =
            Board::new(self.rows, cols).map_err(|error| CheckError::Input(error.to_string()))?;
        if let Some(size) = self.size.filter(|&size| size != board) {
            return Err(CheckError::Invalid(format!(
                "the grid is {board}, but {} says {size}",
                self.size_option
            )));
        }
        let visits = board.area() - self.holes;
        if visits == 0 {
            return Err(CheckError::Input(
                "the grid holds no numbers, only holes ('.')".into(),
            ));
        }
        let first = u32::from(!self.saw_zero);
        let last = visits - 1 + u64::from(first);
        for (index, &number) in self.numbers.iter().enumerate() {
            if number != HOLE && u64::from(number.wrapping_sub(first)) >= visits {
                return Err(CheckError::Invalid(format!(
                    "square {} holds {number}, outside the visit numbers {first}..={last}",
                    self.square_of(index)
                )));
            }
        }
        if self.size.is_none() {
            self.find_repeats(board, first)?;
        }
        self.seen = Vec::new();
        let shape = self.shape(board)?;
        let piece = expect.piece_or_knight();
        let asked = Asked {
            closed: expect.closed,
            start: expect.start_on(board)?,
            end: expect.end_on(board)?,
            clues: shape.as_ref().map_or(&[], |shape| shape.clues()),
        };
        let start = check_moves(Moves { board, piece }, &self.numbers, first, asked)?;
        let tour = match expect.keep_tour {
            Some(_) => {
                expect.keepable(board)?;
                Some(self.into_tour(board, piece, first, expect.closed, shape.as_ref())?)
            }
            None => None,
        };
        Ok(CheckedTour {
            board,
            piece,
            start,
            closed: expect.closed,
            tour,
            shape,
        })
    }

    /// Names the first repeat among the numbers, those that the bitset could not see on the
    /// way (given no size).
    fn find_repeats(&mut self, board: Board, first: u32) -> Result<(), CheckError> {
        let area = board.area();
        self.seen = Vec::new();
        let mut seen = Vec::new();
        seen.try_reserve_exact(area.div_ceil(64) as usize)
            .map_err(|_| CheckError::Input(format!("no memory to check the {board} grid")))?;
        seen.resize(area.div_ceil(64) as usize, 0u64);
        for (index, &number) in self.numbers.iter().enumerate() {
            if number == HOLE {
                continue;
            }
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
        Ok(())
    }

    /// The board's shape, when it has holes or clues: `--board`'s (whose holes the grid was
    /// found to have as it was read), else the holes the grid draws.
    fn shape(&self, board: Board) -> Result<Option<Arc<Shape>>, CheckError> {
        if let Some(shape) = &self.shape {
            return Ok(Some(Arc::clone(shape)).filter(|shape| !shape.is_rectangle()));
        }
        if self.holes == 0 {
            return Ok(None);
        }
        let mut holes = Vec::new();
        holes
            .try_reserve_exact(self.holes as usize)
            .map_err(|_| CheckError::Input(format!("no memory to hold the holes of {board}")))?;
        holes.extend(
            (0..)
                .zip(&self.numbers)
                .filter(|&(_, &number)| number == HOLE)
                .map(|(index, _)| board.square_at(index)),
        );
        let shape = Shape::new(board, &holes, &[]).map_err(shape_error)?;
        Ok(Some(Arc::new(shape)))
    }

    /// The tour the numbers give (checked), kept for the caller: the squares in visit order.
    fn into_tour(
        self,
        board: Board,
        piece: Leaper,
        first: u32,
        closed: bool,
        shape: Option<&Arc<Shape>>,
    ) -> Result<Tour, CheckError> {
        let visits = board.area() - self.holes;
        let mut path = Vec::new();
        path.try_reserve_exact(visits as usize)
            .map_err(|_| CheckError::Input(format!("no memory to keep a tour of {board}")))?;
        path.resize(visits as usize, 0u32);
        for (index, &number) in self.numbers.iter().enumerate() {
            if number != HOLE {
                path[(number - first) as usize] = index as u32;
            }
        }
        Ok(match shape {
            Some(shape) => {
                let route = ShapeRoute {
                    closed,
                    ..ShapeRoute::default()
                };
                Tour::on_shape(shape, piece, path, route)?
            }
            None => Tour::with_piece(board, piece, path, closed, None)?,
        })
    }
}
