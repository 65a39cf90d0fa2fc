//! How a state is kept between steps: its cells' codes ([`super::cells`]: done, free, loose
//! or a label), four bits a cell, packed into a machine word, the key the frontier's tables
//! store and add up by.
//!
//! Sixteen cells fill 64 bits. A knight's frontier on an 8-wide board has 17, whose codes
//! take 68 bits; but 17 cells hold at most 8 pairs of labels, so a code is at most 10 and
//! eight codes in base 11 take 28 bits (11^8 < 2^28), not 32: the first nine cells stay four
//! bits each and the last eight are one base-11 number above them, 64 bits in all. Wider
//! frontiers (up to [`super::MAX_WINDOW`] cells) are kept in 128 bits.
//!
//! A code word is given and read back as two halves, `lo` (cells 0 to 15) and `hi` (cells 16
//! on), four bits a cell.

use std::fmt::Debug;
use std::hash::Hash;

/// A packed state.
pub(super) trait Key: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static {
    /// The key of the state of no cells: every cell done.
    const EMPTY: Self;
    /// Whether `window` cells fit.
    fn fits(window: usize) -> bool;
    /// The key of cells `0..window` (codes as nibbles, `lo` the first sixteen).
    fn pack(lo: u64, hi: u64, window: usize) -> Self;
    /// The codes of the key's cells, as [`Key::pack`] took them.
    fn unpack(self, window: usize) -> (u64, u64);
    /// A hash of the key, the same on every run and machine, all of whose bits mix every
    /// bit of the key.
    fn hash(self) -> u64;
    /// The bytes a key takes written out.
    const BYTES: usize;
    /// Appends the key's bytes, least significant first.
    fn write_le(self, out: &mut Vec<u8>);
    /// The key of [`Key::BYTES`] bytes written by [`Key::write_le`].
    fn read_le(bytes: &[u8]) -> Self;
}

/// The cells kept four bits each below the base-11 number, in a 17-cell key.
const PLAIN_CELLS: u32 = 9;
/// The cells of a 17-cell key in base 11.
const RADIX_CELLS: u32 = 8;

impl Key for u64 {
    const EMPTY: Self = 0;

    fn fits(window: usize) -> bool {
        window <= 17
    }

    fn pack(lo: u64, hi: u64, window: usize) -> Self {
        if window <= 16 {
            return lo;
        }
        // Cells 9 to 15 from lo, cell 16 from hi, as one number in base 11 (Horner's rule,
        // from the last cell down).
        let mut number = hi & 0xF;
        for cell in (PLAIN_CELLS..16).rev() {
            number = number * 11 + ((lo >> (4 * cell)) & 0xF);
        }
        (lo & plain_mask()) | (number << (4 * PLAIN_CELLS))
    }

    fn unpack(self, window: usize) -> (u64, u64) {
        if window <= 16 {
            return (self, 0);
        }
        let mut number = self >> (4 * PLAIN_CELLS);
        let mut lo = self & plain_mask();
        for cell in PLAIN_CELLS..16 {
            lo |= (number % 11) << (4 * cell);
            number /= 11;
        }
        (lo, number)
    }

    fn hash(self) -> u64 {
        mix(self)
    }

    const BYTES: usize = 8;

    fn write_le(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }

    fn read_le(bytes: &[u8]) -> Self {
        u64::from_le_bytes(bytes.try_into().expect("8 bytes"))
    }
}

impl Key for u128 {
    const EMPTY: Self = 0;

    fn fits(window: usize) -> bool {
        window <= 32
    }

    fn pack(lo: u64, hi: u64, _window: usize) -> Self {
        u128::from(lo) | (u128::from(hi) << 64)
    }

    fn unpack(self, _window: usize) -> (u64, u64) {
        (self as u64, (self >> 64) as u64)
    }

    fn hash(self) -> u64 {
        mix(self as u64 ^ mix((self >> 64) as u64))
    }

    const BYTES: usize = 16;

    fn write_le(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }

    fn read_le(bytes: &[u8]) -> Self {
        u128::from_le_bytes(bytes.try_into().expect("16 bytes"))
    }
}

/// The bits of the cells a 17-cell key keeps four bits each.
const fn plain_mask() -> u64 {
    (1 << (4 * PLAIN_CELLS)) - 1
}

// The base-11 number fits above the plain cells.
const _: () = assert!(11u64.pow(RADIX_CELLS) <= 1 << (64 - 4 * PLAIN_CELLS));

/// splitmix64's finaliser: every output bit depends on every input bit.
pub(super) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Codes of 17 cells, each at most 10.
    fn codes(seed: u64) -> (u64, u64) {
        let mut lo = 0;
        let mut x = seed;
        for cell in 0..16 {
            x = mix(x);
            lo |= (x % 11) << (4 * cell);
        }
        (lo, mix(x ^ 1) % 11)
    }

    #[test]
    fn seventeen_cells_pack_into_64_bits_and_back() {
        for seed in 0..10_000 {
            let (lo, hi) = codes(seed);
            let key = <u64 as Key>::pack(lo, hi, 17);
            assert_eq!(key.unpack(17), (lo, hi), "{lo:x} {hi:x}");
        }
        // The largest codes pack to a key below u64::MAX, which stays free.
        let tens = 0xAAAA_AAAA_AAAA_AAAA;
        assert!(<u64 as Key>::pack(tens, 0xA, 17) < u64::MAX);
        assert_eq!(<u64 as Key>::pack(tens, 0, 16), tens);
    }

    #[test]
    fn distinct_codes_make_distinct_keys() {
        let words: std::collections::HashSet<(u64, u64)> = (0..10_000).map(codes).collect();
        let keys: std::collections::HashSet<u64> = words
            .iter()
            .map(|&(lo, hi)| <u64 as Key>::pack(lo, hi, 17))
            .collect();
        assert_eq!(keys.len(), words.len());
        let wide = <u128 as Key>::pack(1, 2, 25);
        assert_eq!(wide.unpack(25), (1, 2));
    }
}
