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
    /// The type's name in a checkpoint: `u64`, `u128` or `big`.
    const NAME: &'static str;
    /// Appends the number's bytes, least significant first, without the zeros above it.
    fn write_le(&self, out: &mut Vec<u8>);
    /// The number whose bytes [`Tally::write_le`] wrote, if this type holds it.
    fn read_le(bytes: &[u8]) -> Option<Self>;
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

            const NAME: &'static str = stringify!($number);

            fn write_le(&self, out: &mut Vec<u8>) {
                let bytes = self.to_le_bytes();
                let used = bytes.len() - self.leading_zeros() as usize / 8;
                out.extend_from_slice(&bytes[..used]);
            }

            fn read_le(bytes: &[u8]) -> Option<Self> {
                let mut all = [0u8; size_of::<$number>()];
                all.get_mut(..bytes.len())?.copy_from_slice(bytes);
                Some(<$number>::from_le_bytes(all))
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

    const NAME: &'static str = "big";

    fn write_le(&self, out: &mut Vec<u8>) {
        if *self != BigUint::ZERO {
            out.extend_from_slice(&self.to_bytes_le());
        }
    }

    fn read_le(bytes: &[u8]) -> Option<Self> {
        Some(BigUint::from_bytes_le(bytes))
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

    #[test]
    fn a_number_reads_back_from_its_bytes_in_any_type_that_holds_it() {
        let mut bytes = Vec::new();
        u64::MAX.write_le(&mut bytes);
        assert_eq!(u64::read_le(&bytes), Some(u64::MAX));
        assert_eq!(u128::read_le(&bytes), Some(u128::from(u64::MAX)));
        bytes.clear();
        0u64.write_le(&mut bytes);
        assert!(bytes.is_empty());
        assert_eq!(u128::read_le(&bytes), Some(0));
        let big = BigUint::from(u128::MAX) * 3u8;
        bytes.clear();
        big.write_le(&mut bytes);
        assert_eq!(u128::read_le(&bytes), None);
        assert_eq!(BigUint::read_le(&bytes), Some(big));
    }
}
