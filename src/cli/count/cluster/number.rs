//! The numbers a cluster count keeps its counts in: `u64`, and `u128` when a sum overflows it
//! (the count is then made again, as the one-process count does); and the bytes a state's
//! word or count is written in to a checkpoint ([`Fixed`]), and in fewer to another process.

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A sum passed the largest number of its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Overflow;

/// A number written in a fixed count of bytes, little-endian, as a checkpoint keeps it.
pub(super) trait Fixed: Copy {
    /// Its bytes.
    const BYTES: usize;
    /// Its type's name, as a checkpoint's file says it: `u64`, `u128`.
    const NAME: &'static str;
    /// Appends its bytes to `out`.
    fn put(self, out: &mut Vec<u8>);
    /// The number of exactly [`Fixed::BYTES`] bytes.
    fn get(bytes: &[u8]) -> Self;
    /// Its bits folded into 64.
    fn folded(self) -> u64;
    /// The bytes its value needs, little-endian: up to its highest byte not 0, at least one.
    fn needs(self) -> usize;
    /// The number whose low `length` bytes (1 to [`Fixed::BYTES`]) are the first of `bytes`,
    /// which holds exactly [`Fixed::BYTES`]; the bytes past `length` are not its.
    fn read(bytes: &[u8], length: usize) -> Self;
}

macro_rules! fixed {
    ($($number:ty),*) => {$(
        impl Fixed for $number {
            const BYTES: usize = size_of::<$number>();
            const NAME: &'static str = stringify!($number);

            #[inline]
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }

            fn get(bytes: &[u8]) -> Self {
                let mut word = [0; size_of::<$number>()];
                word.copy_from_slice(bytes);
                Self::from_le_bytes(word)
            }

            fn folded(self) -> u64 {
                (self as u128 as u64) ^ ((self as u128 >> 64) as u64).rotate_left(29)
            }

            #[inline]
            fn needs(self) -> usize {
                (Self::BYTES - self.leading_zeros() as usize / 8).max(1)
            }

            #[inline]
            fn read(bytes: &[u8], length: usize) -> Self {
                Self::get(bytes) & (Self::MAX >> (8 * (Self::BYTES - length)))
            }
        }
    )*};
}

fixed!(u64, u128);

/// A count of ways, added to as partial tours meet.
pub(super) trait Number:
    Fixed + Copy + Debug + Send + Sync + Serialize + DeserializeOwned + 'static
{
    /// Nothing counted.
    const ZERO: Self;
    /// One way.
    const ONE: Self;
    /// Adds `other`, or says the sum does not fit.
    fn add(&mut self, other: Self) -> Result<(), Overflow>;
    /// The number in 128 bits.
    fn wide(self) -> u128;
}

macro_rules! number {
    ($($number:ty),*) => {$(
        impl Number for $number {
            const ZERO: Self = 0;
            const ONE: Self = 1;

            fn add(&mut self, other: Self) -> Result<(), Overflow> {
                *self = self.checked_add(other).ok_or(Overflow)?;
                Ok(())
            }

            fn wide(self) -> u128 {
                self as u128
            }
        }
    )*};
}

number!(u64, u128);
