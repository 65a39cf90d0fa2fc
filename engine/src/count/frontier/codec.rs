//! A state of the fast step ([`super::mates`]) unpacked, [`Mates`], and how the step reads it
//! from its key and writes it back: a [`Codec`]. Two are used.
//!
//! [`Labels`] keeps the codes of [`super::cells`] (done, free, loose or a label, four bits a
//! cell, labels numbered in order of first appearance) in a [`Key`] of any width: unpacking
//! looks for each label's twin, and packing numbers the labels again.
//!
//! [`Partners`] keeps frontiers of at most 13 cells (boards up to 6 wide, for the knight) in
//! 64 bits, four bits a cell, where a cell that ends a fragment holds its mate's place (plus
//! 3, above the codes of done, free and loose) instead of a label. A state has one such key,
//! as it has one labelled key, so both codecs make the same states; but unpacking it only
//! spreads its cells into the mate table's bytes, packing gathers them back, and a hole's step
//! adds one to each mate's place. With 13 cells the places 0 to 12 take the codes 3 to 15:
//! no wider frontier fits.

use super::cells::{FIRST_LABEL, FREE, LOOSE};
use super::key::Key;

/// The mate of a cell whose fragment runs to an end of the tour.
pub(super) const TOUR: u8 = u8::MAX;

/// A state unpacked: cell `d` is bit `d` of each mask.
#[derive(Debug, Clone, Copy)]
pub(super) struct Mates {
    /// Cells that need a move: free, or the end of a fragment.
    pub(super) need: u32,
    /// Cells that need two (no move yet).
    pub(super) free: u32,
    /// Cells that need one, whose fragment runs to an end of the tour.
    pub(super) loose: u32,
    /// For a cell that needs one move, the cell at its fragment's other end, or [`TOUR`].
    pub(super) mate: [u8; 32],
}

/// How a state is kept between steps.
pub(super) trait Codec: Send + Sync + 'static {
    /// The word a state is kept in.
    type Key: Key;
    /// Whether a frontier of `window` cells fits.
    fn fits(window: usize) -> bool;
    /// The state `key`, each cell one place further back: cell 0 is the square taken, which
    /// needs nothing yet.
    fn unpack(key: Self::Key, window: usize) -> Mates;
    /// The key of `cells`' cells `0..window` (the cells from `window` on need nothing).
    fn pack(cells: &Mates, window: usize) -> Self::Key;
    /// The key of `cells` or of `image`, the same state's mirror image: whichever has the
    /// least key in labels ([`Labels`]), so that every codec keeps the same one of the two
    /// and the frontiers are the same state for state, whatever the codec.
    fn pack_least(cells: &Mates, image: &Mates, window: usize) -> Self::Key;
    /// The cells of `key` that are done, free and loose, one bit a cell, each where the key
    /// has it.
    fn masks(key: Self::Key, window: usize) -> (u32, u32, u32);
    /// The key of the state `key` with every cell one place on and nothing in cell 0: the
    /// step of a hole. The cell that leaves needs nothing.
    fn shifted(key: Self::Key, window: usize) -> Self::Key;
}

/// The codes of [`super::cells`] in keys `K`.
#[derive(Debug)]
pub(super) struct Labels<K>(std::marker::PhantomData<K>);

impl<K: Key> Codec for Labels<K> {
    type Key = K;

    fn fits(window: usize) -> bool {
        K::fits(window)
    }

    fn unpack(key: K, window: usize) -> Mates {
        let (lo, hi) = key.unpack(window);
        unpack(lo, hi)
    }

    fn pack(cells: &Mates, window: usize) -> K {
        pack(cells, window)
    }

    fn pack_least(cells: &Mates, image: &Mates, window: usize) -> K {
        Self::pack(cells, window).min(Self::pack(image, window))
    }

    fn masks(key: K, window: usize) -> (u32, u32, u32) {
        let (lo, hi) = key.unpack(window);
        cell_masks(lo, hi)
    }

    fn shifted(key: K, window: usize) -> K {
        // The labels keep their order, so they need no renumbering.
        let (lo, hi) = key.unpack(window);
        let (mut lo, mut hi) = (lo << 4, (hi << 4) | (lo >> 60));
        if window <= 16 {
            debug_assert_eq!(lo >> (4 * window), 0, "the cell leaving needs nothing");
            (lo, hi) = (lo & ((1 << (4 * window)) - 1), 0);
        } else {
            hi &= (1 << (4 * (window - 16))) - 1;
        }
        K::pack(lo, hi, window)
    }
}

/// Mates' places in 64-bit keys, for frontiers of at most [`PARTNER_CELLS`] cells.
#[derive(Debug)]
pub(super) struct Partners;

/// The most cells a [`Partners`] key holds.
pub(super) const PARTNER_CELLS: usize = 13;

/// The code of a cell whose mate is in place 0.
const FIRST_PLACE: u8 = FIRST_LABEL;

const _: () = assert!(FIRST_PLACE as usize + PARTNER_CELLS - 1 <= 0xF);

/// The lowest bit of every byte.
const BYTE_ONES: u128 = u128::MAX / 0xFF;

impl Codec for Partners {
    type Key = u64;

    fn fits(window: usize) -> bool {
        window <= PARTNER_CELLS
    }

    fn unpack(key: u64, _window: usize) -> Mates {
        let (done, free, loose) = (holding(key, 0), holding(key, FREE), holding(key, LOOSE));
        // Cell d's code c is byte d; its mate, at place c - 3 in the key, is at c - 2 once
        // every cell has moved one place back (c + 14 taken mod 16, with no carry out of
        // the byte). A loose cell's mate is the tour's end.
        let places = (nibbles_to_bytes(key) + 14 * BYTE_ONES) & (0xF * BYTE_ONES);
        let tour_ends = nibbles_to_bytes(loose) * u128::from(TOUR);
        let mut mate = [0u8; 32];
        mate[1..17].copy_from_slice(&(places | tour_ends).to_le_bytes());
        Mates {
            need: !(gather(done) | !0xFFFF) << 1,
            free: gather(free) << 1,
            loose: gather(loose) << 1,
            mate,
        }
    }

    fn pack(cells: &Mates, _window: usize) -> u64 {
        let labelled = cells.need & !cells.free & !cells.loose;
        let mut low = [0u8; 16];
        low.copy_from_slice(&cells.mate[..16]);
        // A labelled cell's mate is at most 12, so no byte carries into the next.
        let mates = u128::from_le_bytes(low) & (0xF * BYTE_ONES);
        let codes =
            bytes_to_nibbles((mates + u128::from(FIRST_PLACE) * BYTE_ONES) & (0xF * BYTE_ONES));
        (codes & (spread(labelled) * 0xF))
            | (spread(cells.free) * u64::from(FREE))
            | (spread(cells.loose) * u64::from(LOOSE))
    }

    fn pack_least(cells: &Mates, image: &Mates, window: usize) -> u64 {
        let least = if Labels::<u64>::pack(cells, window) <= Labels::<u64>::pack(image, window) {
            cells
        } else {
            image
        };
        Self::pack(least, window)
    }

    fn masks(key: u64, _window: usize) -> (u32, u32, u32) {
        cell_masks(key, 0)
    }

    fn shifted(key: u64, window: usize) -> u64 {
        let (done, free, loose) = (holding(key, 0), holding(key, FREE), holding(key, LOOSE));
        let labelled = !(done | free | loose) & NIBBLE_ONES;
        let moved = (key + labelled) << 4;
        debug_assert_eq!(moved >> (4 * window), 0, "the cell leaving needs nothing");
        moved & ((1 << (4 * window)) - 1)
    }
}

/// Sixteen cells of four bits (cell `k` at bit `4k`) as sixteen bytes (cell `k` in byte `k`).
fn nibbles_to_bytes(x: u64) -> u128 {
    let mut y = u128::from(x);
    y = (y | (y << 32)) & 0x0000_0000_FFFF_FFFF_0000_0000_FFFF_FFFF;
    y = (y | (y << 16)) & 0x0000_FFFF_0000_FFFF_0000_FFFF_0000_FFFF;
    y = (y | (y << 8)) & 0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF;
    (y | (y << 4)) & (0xF * BYTE_ONES)
}

/// Sixteen bytes, each below 16, as sixteen cells of four bits.
fn bytes_to_nibbles(y: u128) -> u64 {
    let mut y = y;
    y = (y | (y >> 4)) & 0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF;
    y = (y | (y >> 8)) & 0x0000_FFFF_0000_FFFF_0000_FFFF_0000_FFFF;
    y = (y | (y >> 16)) & 0x0000_0000_FFFF_FFFF_0000_0000_FFFF_FFFF;
    (y | (y >> 32)) as u64
}

/// The cells of a key's codes (`lo` the first sixteen) that are done, free and loose, one bit
/// a cell, each where the key has it (cell 0 the first).
fn cell_masks(lo: u64, hi: u64) -> (u32, u32, u32) {
    let masks = |half: u64| {
        (
            gather(holding(half, 0)),
            gather(holding(half, FREE)),
            gather(holding(half, LOOSE)),
        )
    };
    let (mut done, mut free, mut loose) = masks(lo);
    if hi != 0 {
        let (done_hi, free_hi, loose_hi) = masks(hi);
        done |= done_hi << 16;
        free |= free_hi << 16;
        loose |= loose_hi << 16;
    } else {
        done |= !0xFFFF;
    }
    (done, free, loose)
}

/// The cells of `half` holding `code`, as nibbles' lowest bits.
fn holding(half: u64, code: u8) -> u64 {
    zero_nibbles(half ^ (u64::from(code) * NIBBLE_ONES))
}

/// The state of a key's labelled codes (`lo` the first sixteen cells), each one place further
/// back: cell 0 is the square taken, which needs nothing yet.
fn unpack(lo: u64, hi: u64) -> Mates {
    let masks = |half: u64| {
        let (done, free, loose) = (holding(half, 0), holding(half, FREE), holding(half, LOOSE));
        (
            gather(done),
            gather(free),
            gather(loose),
            !(done | free | loose),
        )
    };
    let (mut done, mut free, mut loose, labelled_lo) = masks(lo);
    let mut labelled_hi = 0;
    if hi != 0 {
        let (done_hi, free_hi, loose_hi, labelled) = masks(hi);
        done |= done_hi << 16;
        free |= free_hi << 16;
        loose |= loose_hi << 16;
        labelled_hi = labelled;
    } else {
        done |= !0xFFFF;
    }
    let mut state = Mates {
        need: !done << 1,
        free: free << 1,
        loose: loose << 1,
        mate: [0; 32],
    };
    for cell in ones(loose) {
        state.mate[cell + 1] = TOUR;
    }
    // Each label's two cells, as nibbles' lowest bits; the first is in `lo` unless both are
    // in `hi`.
    let mut labelled = labelled_lo & NIBBLE_ONES;
    let mut pair = |a: usize, b: usize| {
        state.mate[a + 1] = b as u8 + 1;
        state.mate[b + 1] = a as u8 + 1;
    };
    while labelled != 0 {
        let at = labelled.trailing_zeros();
        let code = ((lo >> at) & 0xF) as u8;
        let twins = holding(lo, code) & !(1 << at);
        let a = at as usize / 4;
        if twins != 0 {
            pair(a, twins.trailing_zeros() as usize / 4);
            labelled &= !(1 << at | twins);
        } else {
            let twin = holding(hi, code) & labelled_hi;
            pair(a, 16 + twin.trailing_zeros() as usize / 4);
            labelled &= !(1 << at);
            labelled_hi &= !twin;
        }
    }
    let mut labelled_hi = labelled_hi & NIBBLE_ONES;
    while labelled_hi != 0 {
        let at = labelled_hi.trailing_zeros();
        let code = ((hi >> at) & 0xF) as u8;
        let twins = holding(hi, code) & !(1 << at);
        pair(
            16 + at as usize / 4,
            16 + twins.trailing_zeros() as usize / 4,
        );
        labelled_hi &= !(1 << at | twins);
    }
    state
}

/// The key of `cells`' cells `0..window`, its labels numbered in order of first appearance.
fn pack<K: Key>(cells: &Mates, window: usize) -> K {
    let mut codes = Codes::new(cells.free, cells.loose);
    let mut labelled = cells.need & !cells.free & !cells.loose;
    while labelled != 0 {
        let d = labelled.trailing_zeros() as usize;
        let mate = usize::from(cells.mate[d]);
        codes.pair(d, mate);
        labelled &= !(1 << d | 1 << mate);
    }
    K::pack(codes.lo, codes.hi, window)
}

/// A key's codes as they are written: four bits a cell, the first sixteen cells in `lo`.
struct Codes {
    lo: u64,
    hi: u64,
    /// The next label.
    next: u8,
}

impl Codes {
    /// The codes of the free and loose cells (bit `d` of each mask is cell `d`).
    fn new(free: u32, loose: u32) -> Self {
        let half = |free: u32, loose: u32| {
            if free | loose == 0 {
                0
            } else {
                (spread(free & 0xFFFF) * u64::from(FREE))
                    | (spread(loose & 0xFFFF) * u64::from(LOOSE))
            }
        };
        Self {
            lo: half(free, loose),
            hi: half(free >> 16, loose >> 16),
            next: FIRST_LABEL,
        }
    }

    /// The next label for cells `a` and `b`.
    fn pair(&mut self, a: usize, b: usize) {
        for d in [a, b] {
            let code = u64::from(self.next);
            if d < 16 {
                self.lo |= code << (4 * d);
            } else {
                self.hi |= code << (4 * (d - 16));
            }
        }
        self.next += 1;
    }
}

/// The lowest bit of every nibble.
const NIBBLE_ONES: u64 = u64::MAX / 0xF;

/// The lowest bit of each nibble of `x` that is zero.
fn zero_nibbles(x: u64) -> u64 {
    !(x | (x >> 1) | (x >> 2) | (x >> 3)) & NIBBLE_ONES
}

/// A mask of the lowest bits of nibbles (bit `4k`) as a mask of bits (bit `k`).
fn gather(nibbles: u64) -> u32 {
    let mut x = nibbles;
    x = (x | (x >> 3)) & 0x0303_0303_0303_0303;
    x = (x | (x >> 6)) & 0x000F_000F_000F_000F;
    x = (x | (x >> 12)) & 0x0000_00FF_0000_00FF;
    x = (x | (x >> 24)) & 0xFFFF;
    x as u32
}

/// A mask of sixteen bits (bit `k`) as a mask of the lowest bits of nibbles (bit `4k`).
fn spread(bits: u32) -> u64 {
    let mut x = u64::from(bits);
    x = (x | (x << 24)) & 0x0000_00FF_0000_00FF;
    x = (x | (x << 12)) & 0x000F_000F_000F_000F;
    x = (x | (x << 6)) & 0x0303_0303_0303_0303;
    x = (x | (x << 3)) & NIBBLE_ONES;
    x
}

/// The bits set in `mask`, lowest first.
fn ones(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A state of `window` cells from `seed`: cells done, free, loose (two at most) or paired
    /// with another, at random.
    fn state(seed: u64, window: usize) -> Mates {
        let mut x = seed;
        let mut next = || {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            x >> 33
        };
        let mut cells = Mates {
            need: 0,
            free: 0,
            loose: 0,
            mate: [0; 32],
        };
        let mut unpaired = Vec::new();
        for d in 0..window {
            match next() % 4 {
                0 => {}
                1 => {
                    cells.need |= 1 << d;
                    cells.free |= 1 << d;
                }
                2 if cells.loose.count_ones() < 2 => {
                    cells.need |= 1 << d;
                    cells.loose |= 1 << d;
                    cells.mate[d] = TOUR;
                }
                _ => unpaired.push(d),
            }
        }
        while unpaired.len() >= 2 {
            let a = unpaired.swap_remove(next() as usize % unpaired.len());
            let b = unpaired.swap_remove(next() as usize % unpaired.len());
            cells.need |= 1 << a | 1 << b;
            (cells.mate[a], cells.mate[b]) = (b as u8, a as u8);
        }
        cells
    }

    /// What a key holds of a state: its masks and the mates of the cells that need one move.
    fn held(cells: &Mates) -> (u32, u32, u32, Vec<u8>) {
        let needing_one = cells.need & !cells.free;
        let mates = (0..32)
            .filter(|&d| needing_one & (1 << d) != 0)
            .map(|d| cells.mate[d])
            .collect();
        (cells.need, cells.free, cells.loose, mates)
    }

    /// A state packed by either codec unpacks, one place further back, to the same state;
    /// two states have the same key only if they are the same state; and a hole's shift is
    /// the key of the state one place on.
    #[test]
    fn both_codecs_keep_a_state_whole_and_apart_from_the_others() {
        let window = PARTNER_CELLS;
        let mut by_state = std::collections::HashMap::new();
        for seed in 0..20_000 {
            let cells = state(seed, window);
            let key = Partners::pack(&cells, window);
            let labels = Labels::<u64>::pack(&cells, window);
            let back = (
                Partners::unpack(key, window),
                Labels::<u64>::unpack(labels, window),
            );
            let (need, free, loose, mates) = held(&cells);
            let moved = (
                need << 1,
                free << 1,
                loose << 1,
                mates
                    .iter()
                    .map(|&m| if m == TOUR { TOUR } else { m + 1 })
                    .collect::<Vec<_>>(),
            );
            assert_eq!(held(&back.0), moved, "{seed}");
            assert_eq!(held(&back.1), moved, "{seed}");
            assert_eq!(*by_state.entry(key).or_insert(labels), labels, "{seed}");
            if need >> (window - 1) == 0 {
                let (mut next, _) = back;
                next.mate[0] = 0;
                assert_eq!(
                    Partners::shifted(key, window),
                    Partners::pack(&next, window),
                    "{seed}"
                );
            }
        }
    }
}
