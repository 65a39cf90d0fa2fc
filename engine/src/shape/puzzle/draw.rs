//! The generator's source of chance: SplitMix64 (Steele, Lea and Flood, "Fast splittable
//! pseudorandom number generators", OOPSLA 2014), so that a seed gives the same puzzle on every
//! machine and every run. It is not for secrets.

/// A stream of pseudorandom numbers from a seed.
#[derive(Clone, Debug)]
pub(super) struct Draw {
    state: u64,
}

impl Draw {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, `n > 0`, without the bias of a plain remainder (Lemire's
    /// multiply-and-reject).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let n = n as u64;
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(n);
            if (product as u64) >= threshold {
                return (product >> 64) as usize;
            }
        }
    }

    /// `items` in a random order (Fisher and Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for last in (1..items.len()).rev() {
            items.swap(last, self.below(last + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Draw;

    #[test]
    fn a_seed_gives_the_same_stream_and_another_seed_another() {
        let first: Vec<u64> = (0..4)
            .map({
                let mut draw = Draw::new(7);
                move |_| draw.next_u64()
            })
            .collect();
        let again: Vec<u64> = (0..4)
            .map({
                let mut draw = Draw::new(7);
                move |_| draw.next_u64()
            })
            .collect();
        let other: Vec<u64> = (0..4)
            .map({
                let mut draw = Draw::new(8);
                move |_| draw.next_u64()
            })
            .collect();
        assert_eq!(first, again);
        assert_ne!(first, other);
    }

    #[test]
    fn the_stream_is_splitmix64() {
        // The first output of SplitMix64 seeded with 0, as its reference implementation
        // (Vigna's splitmix64.c) gives it.
        assert_eq!(Draw::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut draw = Draw::new(1);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[draw.below(6)] += 1;
        }
        // Each of 6 values about 1000 times: far outside 700..1300 would be a broken draw.
        assert!(seen.iter().all(|&n| (700..1300).contains(&n)), "{seen:?}");
    }

    #[test]
    fn shuffle_keeps_the_items() {
        let mut draw = Draw::new(3);
        let mut items: Vec<u32> = (0..50).collect();
        draw.shuffle(&mut items);
        assert_ne!(items, (0..50).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..50).collect::<Vec<_>>());
    }
}
