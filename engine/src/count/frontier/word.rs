//! The machine word a state is kept in: 64 bits when the frontier has at most 15 cells (and
//! the shifted state of a step 16), else 128. Every operation on cells is written once, for
//! either word; on the narrow one each costs a single instruction where a 128-bit one costs
//! several (a shift by a variable amount most of all).

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Add, BitAnd, BitOr, BitXor, Mul, Not, Shl, Shr, Sub};

/// A word of 4-bit cells.
pub(super) trait Word:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
{
    /// No bit set.
    const ZERO: Self;
    /// The value 1.
    const ONE: Self;
    /// The lowest bit of every cell.
    const ONES: Self;
    /// The cells the word holds.
    const CELLS: usize;

    /// The low bits of a 128-bit mask (the plan's masks are 128 bits for every board).
    fn narrow(mask: u128) -> Self;
    /// The word as 128 bits.
    fn widen(self) -> u128;
    /// A cell's code, in the lowest cell.
    fn from_code(code: u8) -> Self;
    /// The lowest cell's code.
    fn low_cell(self) -> u8;
    /// The number of bits set.
    fn count_ones(self) -> u32;
    /// The number of zero bits below the lowest bit set.
    fn trailing_zeros(self) -> u32;
    /// The sum of the cells' values, each at most 7 (so that no sum passes a byte).
    fn sum_cells(self) -> u32;
}

macro_rules! word {
    ($word:ty, $cells:expr) => {
        impl Word for $word {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const ONES: Self = <$word>::MAX / 0xF;
            const CELLS: usize = $cells;

            fn narrow(mask: u128) -> Self {
                mask as $word
            }

            fn widen(self) -> u128 {
                self as u128
            }

            fn from_code(code: u8) -> Self {
                Self::from(code)
            }

            fn low_cell(self) -> u8 {
                (self & 0xF) as u8
            }

            fn count_ones(self) -> u32 {
                <$word>::count_ones(self)
            }

            fn trailing_zeros(self) -> u32 {
                <$word>::trailing_zeros(self)
            }

            fn sum_cells(self) -> u32 {
                // Pairs of cells into bytes, then every byte added into the top one.
                let bytes = <$word>::MAX / 0xFF;
                let low_cells = bytes * 0xF;
                let pairs = (self & low_cells) + ((self >> 4) & low_cells);
                (pairs.wrapping_mul(bytes) >> (<$word>::BITS - 8)) as u32
            }
        }
    };
}

word!(u64, 16);
word!(u128, 32);
