//! The numbers counts are kept in: `u128` while they fit, big integers when they do not.
//!
//! A count is only ever added to, so overflow is the one thing to watch: `u64` and `u128` add
//! with a check, and a count that outgrows one is started again in the next, up to [`BigUint`].

use num_bigint::BigUint;

/// A sum passed the largest number of its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Overflow;

/// A number of tours, added to as partial tours meet.
pub(crate) trait Tally: Clone + Send + Sync {
    /// Nothing counted.
    fn zero() -> Self;
    /// One way.
    fn one() -> Self;
    /// Adds `other`, or says the sum does not fit.
    fn add(&mut self, other: &Self) -> Result<(), Overflow>;
    /// The number as a big integer.
    fn into_big(self) -> BigUint;
}

/// Tally for a machine integer: checked addition.
macro_rules! machine_tally {
    ($($number:ty),*) => {$(
        impl Tally for $number {
            fn zero() -> Self {
                0
            }

            fn one() -> Self {
                1
            }

            fn add(&mut self, other: &Self) -> Result<(), Overflow> {
                *self = self.checked_add(*other).ok_or(Overflow)?;
                Ok(())
            }

            fn into_big(self) -> BigUint {
                BigUint::from(self)
            }
        }
    )*};
}

machine_tally!(u64, u128);
// A number that overflows soon, to test the widening.
#[cfg(test)]
machine_tally!(u8);

impl Tally for BigUint {
    fn zero() -> Self {
        BigUint::ZERO
    }

    fn one() -> Self {
        BigUint::from(1u8)
    }

    fn add(&mut self, other: &Self) -> Result<(), Overflow> {
        *self += other;
        Ok(())
    }

    fn into_big(self) -> BigUint {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_u128_sum_past_its_range_is_an_overflow_not_a_wrap() {
        let mut sum = u128::MAX - 1;
        assert_eq!(sum.add(&1), Ok(()));
        assert_eq!(sum.add(&1), Err(Overflow));
        let mut big = BigUint::from(u128::MAX);
        big.add(&<BigUint as Tally>::one()).unwrap();
        assert_eq!(big, BigUint::from(u128::MAX) + 1u8);
    }
}
