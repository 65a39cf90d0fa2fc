//! The numbers a cluster count keeps its counts in: `u64`, and `u128` when a sum overflows it
//! (the count is then made again, as the one-process count does).

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A sum passed the largest number of its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Overflow;

/// A count of ways, added to as partial tours meet.
pub(super) trait Number:
    Copy + Debug + Send + Sync + Serialize + DeserializeOwned + 'static
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
