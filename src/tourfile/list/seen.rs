//! The squares a list without a size has named so far, one bit each, on a bitmap that grows
//! with the board they span: a square named again is found at its line, while the list is
//! still read, whatever board it turns out to be.
//!
//! Rows are `stride` bits apart, a power of two at least the columns spanned, so that a list
//! that grows down only appends rows; one that grows across lays its bits out again at twice
//! the stride, which happens a few dozen times at most and costs, in all, about the bitmap's
//! final size. The bitmap takes at most four bits a square of the board spanned (twice the
//! columns, twice the rows while it grows), one or two in the common case.

use super::held::Refused;

/// The squares named so far.
#[derive(Debug, Default)]
pub(super) struct Seen {
    bits: Vec<u64>,
    /// Rows laid out.
    rows: u64,
    /// Bits from a row to the next: a power of two, at least the columns spanned.
    stride: u64,
}

impl Seen {
    /// The bytes the bitmap takes.
    pub(super) fn bytes(&self) -> u64 {
        self.bits.capacity() as u64 * 8
    }

    /// Marks `(row, col)`, growing to hold it in at most `room` bytes (`None`: as many as the
    /// system gives); whether it was marked before. The square must be on a board (less than
    /// [`Board::MAX_SQUARES`](knights_tour_engine::board::Board::MAX_SQUARES) a side).
    #[inline(always)]
    pub(super) fn insert(
        &mut self,
        row: u64,
        col: u64,
        room: impl FnOnce() -> Option<u64>,
    ) -> Result<bool, Refused> {
        if row >= self.rows || col >= self.stride {
            self.grow(row, col, room())?;
        }
        let index = row * self.stride + col;
        let (word, bit) = ((index / 64) as usize, 1u64 << (index % 64));
        let before = self.bits[word] & bit != 0;
        self.bits[word] |= bit;
        Ok(before)
    }

    /// Room for `(row, col)` in at most `room` bytes.
    #[inline(never)]
    fn grow(&mut self, row: u64, col: u64, room: Option<u64>) -> Result<(), Refused> {
        if col >= self.stride {
            let stride = (col + 1).next_power_of_two().max(self.stride * 2);
            self.lay_out(self.rows.max(row + 1), stride, room)
        } else {
            self.grow_rows(row + 1, room)
        }
    }

    /// More rows, `rows` in all, the bitmap's room doubling as it grows.
    fn grow_rows(&mut self, rows: u64, room: Option<u64>) -> Result<(), Refused> {
        let words = words(rows, self.stride);
        if words > self.bits.capacity() {
            let doubled = words.max(self.bits.capacity() * 2);
            let most = room.map_or(usize::MAX, |room| (room / 8) as usize);
            let capacity = doubled.min(most);
            if capacity < words {
                return Err(Refused::NoRoom);
            }
            self.bits
                .try_reserve_exact(capacity - self.bits.len())
                .map_err(|_| Refused::NoRoom)?;
        }
        self.bits.resize(words, 0);
        self.rows = rows;
        Ok(())
    }

    /// The bits laid out again, `rows` rows `stride` apart: the old bitmap and the new are
    /// both held while it moves.
    fn lay_out(&mut self, rows: u64, stride: u64, room: Option<u64>) -> Result<(), Refused> {
        let words = words(rows, stride);
        if room.is_some_and(|room| self.bytes() + words as u64 * 8 > room) {
            return Err(Refused::NoRoom);
        }
        let mut bits: Vec<u64> = Vec::new();
        bits.try_reserve_exact(words).map_err(|_| Refused::NoRoom)?;
        bits.resize(words, 0);
        for (at, &word) in self.bits.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let index = at as u64 * 64 + u64::from(word.trailing_zeros());
                word &= word - 1;
                let moved = index / self.stride * stride + index % self.stride;
                bits[(moved / 64) as usize] |= 1 << (moved % 64);
            }
        }
        (self.bits, self.rows, self.stride) = (bits, rows, stride);
        Ok(())
    }
}

/// The words of `rows` rows `stride` bits apart.
fn words(rows: u64, stride: u64) -> usize {
    (rows * stride).div_ceil(64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_is_seen_again_wherever_the_bitmap_grew_since() {
        let mut seen = Seen::default();
        let squares = [
            (0, 0),
            (3, 1),
            (0, 5),
            (70, 2),
            (2, 200),
            (1000, 1000),
            (5, 0),
        ];
        for &(row, col) in &squares {
            assert_eq!(seen.insert(row, col, || None), Ok(false), "{row},{col}");
        }
        for &(row, col) in &squares {
            assert_eq!(seen.insert(row, col, || None), Ok(true), "{row},{col}");
        }
        assert_eq!(seen.insert(1, 0, || None), Ok(false));
        assert_eq!(seen.insert(0, 1, || None), Ok(false));
    }

    #[test]
    fn a_tall_or_a_wide_board_takes_a_few_bits_a_square() {
        for (rows, cols) in [(3, 100_000), (100_000, 3), (300, 300)] {
            let mut seen = Seen::default();
            // Row by row, or column by column: either way the board grows square by square.
            for index in 0..rows * cols {
                let (row, col) = if rows < cols {
                    (index % rows, index / rows)
                } else {
                    (index / cols, index % cols)
                };
                assert_eq!(seen.insert(row, col, || None), Ok(false));
            }
            assert!(
                seen.bytes() * 8 <= 4 * rows * cols,
                "{rows}x{cols}: {}",
                seen.bytes()
            );
        }
    }

    #[test]
    fn the_room_given_is_never_exceeded() {
        let mut seen = Seen::default();
        let room = 1 << 12;
        let refused = (0..1_000_000).find_map(|row| seen.insert(row, row % 7, || Some(room)).err());
        assert_eq!(refused, Some(Refused::NoRoom));
        assert!(seen.bytes() <= room);
        let mut wide = Seen::default();
        let refused = (0..1_000_000).find_map(|col| wide.insert(col % 3, col, || Some(room)).err());
        assert_eq!(refused, Some(Refused::NoRoom));
        assert!(wide.bytes() <= room);
    }
}
