//! A list read once (standard input, a pipe) with no size given, held in memory until the
//! board its squares span is known, then handed back square by square with its line numbers.
//!
//! Held as half a byte a line: the number of the piece's move from the square before (in
//! [`Leaper::moves`] order), or a mark whose value follows in a side stream of LEB128 numbers —
//! a jump to a square that is not a move away (its row and column: the first square, as the
//! survey refuses any other), or a run of blank lines (how many). A tour costs half a byte a
//! square; the text of its list, several. A piece of more than eight moves (up to 64) holds its
//! moves past the eighth as jumps, the half byte having room for eight.

use knights_tour_engine::board::Board;
use knights_tour_engine::leaper::{Leaper, Moves};

use super::Squares;
use crate::tourfile::CheckError;

/// The code of a run of blank lines, their number in the side stream.
const BLANKS: u8 = 8;
/// The code of a square that is not a move from the one before (the first), its row and
/// column in the side stream.
const JUMP: u8 = 9;

/// The squares of a list, in order, with the lines they are on.
#[derive(Debug)]
pub(super) struct HeldList {
    /// The moves of the piece, numbered by the codes.
    moves: Moves,
    /// Two codes a byte, the first in the low half.
    codes: Vec<u8>,
    /// Codes held.
    count: u64,
    /// The numbers of the codes [`BLANKS`] and [`JUMP`], in order.
    numbers: Vec<u8>,
    /// The line of the first square.
    first_line: u64,
    /// The line after the last square held.
    next_line: u64,
    /// The last square held.
    last: Option<(u64, u64)>,
    /// Squares held.
    squares: u64,
}

/// Why a square was not held.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Refused {
    /// Holding it needs more memory than the room given, or than the system gives.
    NoRoom,
    /// It is one square more than any board has.
    TooMany,
}

impl HeldList {
    /// An empty list of squares of `piece`, whose moves it holds in half a byte.
    pub(super) fn new(piece: Leaper) -> Self {
        Self {
            moves: piece.moves(),
            codes: Vec::new(),
            count: 0,
            numbers: Vec::new(),
            first_line: 0,
            next_line: 0,
            last: None,
            squares: 0,
        }
    }

    /// The bytes the list takes.
    pub(super) fn bytes(&self) -> u64 {
        (self.codes.capacity() + self.numbers.capacity()) as u64
    }

    /// Holds the square `(row, col)` of line `line`, the lines since the square before being
    /// blank, in at most `room` bytes in all (`None`: as many as the system gives).
    pub(super) fn push(
        &mut self,
        row: u64,
        col: u64,
        line: u64,
        room: Option<u64>,
    ) -> Result<(), Refused> {
        if self.squares == Board::MAX_SQUARES {
            return Err(Refused::TooMany);
        }
        if room.is_some_and(|room| self.bytes() > room) {
            return Err(Refused::NoRoom);
        }
        match self.last {
            None => {
                self.first_line = line;
                self.jump(row, col, room)?;
            }
            Some(last) => {
                let blanks = line - self.next_line;
                if blanks > 0 {
                    self.push_code(BLANKS, room)?;
                    self.push_number(blanks, room)?;
                }
                match move_code(&self.moves, last, (row, col)) {
                    Some(code) => self.push_code(code, room)?,
                    None => self.jump(row, col, room)?,
                }
            }
        }
        self.last = Some((row, col));
        self.next_line = line + 1;
        self.squares += 1;
        Ok(())
    }

    /// Holds a square reached by a jump (or the first).
    fn jump(&mut self, row: u64, col: u64, room: Option<u64>) -> Result<(), Refused> {
        self.push_code(JUMP, room)?;
        self.push_number(row, room)?;
        self.push_number(col, room)
    }

    fn push_code(&mut self, code: u8, room: Option<u64>) -> Result<(), Refused> {
        if self.count.is_multiple_of(2) {
            reserve(&mut self.codes, self.numbers.capacity(), 1, room)?;
            self.codes.push(code);
        } else if let Some(byte) = self.codes.last_mut() {
            *byte |= code << 4;
        }
        self.count += 1;
        Ok(())
    }

    fn push_number(&mut self, mut number: u64, room: Option<u64>) -> Result<(), Refused> {
        reserve(&mut self.numbers, self.codes.capacity(), 10, room)?;
        loop {
            let low = (number & 0x7f) as u8;
            number >>= 7;
            if number == 0 {
                self.numbers.push(low);
                return Ok(());
            }
            self.numbers.push(low | 0x80);
        }
    }

    /// Hands every square held to `squares` with its line, in order; stops at the first error.
    pub(super) fn replay(self, squares: &mut impl Squares) -> Result<(), CheckError> {
        let mut numbers = self.numbers.iter().copied();
        let mut next = || {
            let mut number = 0;
            for (shift, byte) in (0..64).step_by(7).zip(numbers.by_ref()) {
                number |= u64::from(byte & 0x7f) << shift;
                if byte & 0x80 == 0 {
                    break;
                }
            }
            number
        };
        let (mut square, mut line) = ((0, 0), self.first_line);
        for index in 0..self.count {
            let code = (self.codes[(index / 2) as usize] >> (4 * (index % 2))) & 0xf;
            square = match code {
                BLANKS => {
                    line += next();
                    continue;
                }
                JUMP => (next(), next()),
                step => {
                    let (rows, cols) = self.moves.as_slice()[usize::from(step)];
                    (
                        square.0.wrapping_add_signed(i64::from(rows)),
                        square.1.wrapping_add_signed(i64::from(cols)),
                    )
                }
            };
            squares.take(square.0, square.1, line)?;
            line += 1;
        }
        Ok(())
    }
}

/// The number of the move of `moves` from `from` to `to`, if it is one of the first eight
/// (the codes past them are the marks).
#[inline(always)]
fn move_code(moves: &Moves, from: (u64, u64), to: (u64, u64)) -> Option<u8> {
    let rows = to.0.wrapping_sub(from.0) as i64;
    let cols = to.1.wrapping_sub(from.1) as i64;
    moves.as_slice()[..moves.len().min(usize::from(BLANKS))]
        .iter()
        .position(|&(r, c)| (i64::from(r), i64::from(c)) == (rows, cols))
        .map(|code| code as u8)
}

/// Room in `vec` for `extra` more bytes, growing it by doubling but never past `room` bytes
/// in all with the `others` held besides.
fn reserve(
    vec: &mut Vec<u8>,
    others: usize,
    extra: usize,
    room: Option<u64>,
) -> Result<(), Refused> {
    let needed = vec.len() + extra;
    if needed <= vec.capacity() {
        return Ok(());
    }
    let most = room.map_or(usize::MAX, |room| {
        usize::try_from(room)
            .unwrap_or(usize::MAX)
            .saturating_sub(others)
    });
    let wanted = (vec.capacity().saturating_mul(2).max(64)).min(most);
    if wanted < needed {
        return Err(Refused::NoRoom);
    }
    vec.try_reserve_exact(wanted - vec.len())
        .map_err(|_| Refused::NoRoom)
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Squares for Vec<(u64, u64, u64)> {
        fn take(&mut self, row: u64, col: u64, line: u64) -> Result<(), CheckError> {
            self.push((row, col, line));
            Ok(())
        }
    }

    /// The squares and lines `held` hands back.
    fn replayed(held: HeldList) -> Vec<(u64, u64, u64)> {
        let mut squares = Vec::new();
        held.replay(&mut squares).unwrap();
        squares
    }

    #[test]
    fn squares_come_back_in_order_on_their_lines() {
        // Knight moves, jumps of every size, blank lines between, numbers past one byte.
        let squares = [
            (0, 0, 3),
            (1, 2, 4),
            (0, 4, 5),
            (0, 4, 9),
            (300, 70_000, 10),
            (302, 69_999, 1_000_000),
            (0, 0, 1_000_001),
        ];
        let mut held = HeldList::new(Leaper::KNIGHT);
        for &(row, col, line) in &squares {
            held.push(row, col, line, None).unwrap();
        }
        assert_eq!(replayed(held), squares);
    }

    #[test]
    fn moves_are_numbered_as_the_engine_numbers_them() {
        let from = (5u64, 5u64);
        for piece in [Leaper::KNIGHT, Leaper::GIRAFFE, Leaper::new(0, 1).unwrap()] {
            let moves = piece.moves();
            for (code, &(rows, cols)) in moves.as_slice().iter().enumerate() {
                let to = (
                    from.0.wrapping_add_signed(i64::from(rows)),
                    from.1.wrapping_add_signed(i64::from(cols)),
                );
                assert_eq!(move_code(&moves, from, to), Some(code as u8), "{piece}");
            }
        }
        let knight = Leaper::KNIGHT.moves();
        for to in [(5, 5), (6, 6), (7, 7), (3, 5), (0, 0), (u64::MAX, 4)] {
            assert_eq!(move_code(&knight, from, to), None, "{to:?}");
        }
    }

    #[test]
    fn a_piece_of_more_than_eight_moves_comes_back_by_every_move() {
        let centaur = Leaper::parse("0,1+1,1+1,2").unwrap();
        let mut held = HeldList::new(centaur);
        let mut squares = vec![(20u64, 20u64, 0u64)];
        for (k, &(rows, cols)) in centaur.moves().as_slice().iter().enumerate() {
            let line = 2 * k as u64;
            let to = (
                20u64.wrapping_add_signed(rows.into()),
                20u64.wrapping_add_signed(cols.into()),
            );
            squares.push((to.0, to.1, line + 1));
            squares.push((20, 20, line + 2));
        }
        for &(row, col, line) in &squares {
            held.push(row, col, line, None).unwrap();
        }
        assert_eq!(replayed(held), squares);
    }

    #[test]
    fn a_tour_takes_half_a_byte_a_square() {
        let mut held = HeldList::new(Leaper::KNIGHT);
        let mut square = (0u64, 0u64);
        for step in 0..100_000u64 {
            held.push(square.0, square.1, step + 1, None).unwrap();
            square = if step % 2 == 0 {
                (square.0 + 1, square.1 + 2)
            } else {
                (square.0 - 1, square.1 + 2)
            };
        }
        // The codes, and the first square's row and column.
        assert_eq!(held.codes.len(), 50_000);
        assert_eq!(held.numbers.len(), 2);
    }

    #[test]
    fn the_room_given_is_never_exceeded() {
        let mut held = HeldList::new(Leaper::KNIGHT);
        let room = 10_000;
        let mut refused = None;
        for line in 1..100_000 {
            // Jumps back and forth: three bytes a line or so.
            if let Err(error) = held.push(line % 2 * 1000, 0, line, Some(room)) {
                refused = Some(error);
                break;
            }
            assert!(held.bytes() <= room);
        }
        assert_eq!(refused, Some(Refused::NoRoom));
    }
}
