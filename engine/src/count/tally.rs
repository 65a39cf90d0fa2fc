//! The numbers counts are kept in: `u64` while they are sure to fit, then `u128`, then big
//! integers.
//!
//! A count is only ever added to, and the frontier count knows before each step how large
//! its sums can grow (see `frontier`): a step whose counts could pass a type's largest number
//! is made in the next type, so additions never overflow and need no check.

use num_bigint::BigUint;

/// A number of tours, added to as partial tours meet.
pub(crate) trait Tally: Clone + Send + Sync {
    /// The largest number the type holds, if there is one.
    const MAX: Option<u128>;
    /// Nothing counted.
    fn zero() -> Self;
    /// One way.
    fn one() -> Self;
    /// Adds `other`; the caller has made sure the sum fits.
    fn plus(&mut self, other: &Self);
    /// The number, or `u128::MAX` if it is larger.
    fn saturating_u128(&self) -> u128;
    /// The same number in this type (which holds every number `from` holds).
    fn widened<F: Tally>(from: &F) -> Self;
    /// The number as a big integer.
    fn into_big(self) -> BigUint;
}

/// Tally for a machine integer.
macro_rules! machine_tally {
    ($($number:ty),*) => {$(
        impl Tally for $number {
            const MAX: Option<u128> = Some(<$number>::MAX as u128);

            fn zero() -> Self {
                0
            }

            fn one() -> Self {
                1
            }

            fn plus(&mut self, other: &Self) {
                debug_assert!(self.checked_add(*other).is_some(), "a sum past its bound");
                *self = self.wrapping_add(*other);
            }

            fn saturating_u128(&self) -> u128 {
                u128::from(*self)
            }

            fn widened<F: Tally>(from: &F) -> Self {
                <$number>::try_from(from.saturating_u128()).expect("a wider type")
            }

            fn into_big(self) -> BigUint {
                BigUint::from(self)
            }
        }
    )*};
}

machine_tally!(u64, u128);
// A number that soon needs widening, to test it.
#[cfg(test)]
machine_tally!(u8);

impl Tally for BigUint {
    const MAX: Option<u128> = None;

    fn zero() -> Self {
        BigUint::ZERO
    }

    fn one() -> Self {
        BigUint::from(1u8)
    }

    fn plus(&mut self, other: &Self) {
        *self += other;
    }

    fn saturating_u128(&self) -> u128 {
        u128::try_from(self).unwrap_or(u128::MAX)
    }

    fn widened<F: Tally>(from: &F) -> Self {
        from.clone().into_big()
    }

    fn into_big(self) -> BigUint {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_widens_to_the_same_number() {
        assert_eq!(u128::widened(&u64::MAX), u128::from(u64::MAX));
        let big = BigUint::widened(&u128::MAX);
        assert_eq!(big, BigUint::from(u128::MAX));
        assert_eq!((big + 1u8).saturating_u128(), u128::MAX);
        let mut sum = 200u8;
        sum.plus(&55);
        assert_eq!(sum, u8::MAX);
    }
}
