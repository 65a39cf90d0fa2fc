//! The flip's randomness, seeded so that the same question always gets the same answer:
//! SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
//! OOPSLA 2014), and Luby's restart schedule (Luby, Sinclair and Zuckerman, "Optimal speedup of
//! Las Vegas algorithms", 1993).

/// A SplitMix64 generator.
#[derive(Debug, Clone)]
pub(super) struct Random(u64);

impl Random {
    /// A generator seeded by `words`, mixed in turn.
    pub(super) fn seeded(words: &[u64]) -> Self {
        let mut random = Self(0x6a09_e667_f3bc_c908);
        for &word in words {
            random.0 ^= word;
            random.0 = random.next();
        }
        random
    }

    /// The next 64 random bits.
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (not 0).
    pub(super) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Whether a choice that ties with `ties - 1` others before it replaces them: reservoir
    /// sampling, so that each of the tied choices is kept with the same chance.
    pub(super) fn takes(&mut self, ties: usize) -> bool {
        self.below(ties) == 0
    }
}

/// The `i`-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, …
pub(super) fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_gives_the_published_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        let mut one = Random::seeded(&[8, 8, 1, 2]);
        let mut two = Random::seeded(&[8, 8, 1, 2]);
        let mut other = Random::seeded(&[8, 8, 2, 1]);
        let first: Vec<u64> = (0..4).map(|_| one.next()).collect();
        assert_eq!(first, (0..4).map(|_| two.next()).collect::<Vec<_>>());
        assert_ne!(first, (0..4).map(|_| other.next()).collect::<Vec<_>>());
    }
}
