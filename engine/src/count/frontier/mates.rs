//! The step the count runs: [`super::step::successors`] done on a state unpacked into masks
//! and a mate table, as Knuth's DYNAHAM keeps its classes (TAOCP Pre-Fascicle 8A, §7.2.2.4),
//! rather than on four bits a cell.
//!
//! A state is unpacked once from its key ([`super::key`]) into a mask of the cells that need
//! a move, a mask of those that need two (free), and for each cell that needs one, its mate:
//! the cell at the other end of its path fragment, or [`TOUR`] when that end is an end of
//! the tour. Joining two fragments then changes two mates, where the nibble state looks
//! for a label's twin across the word and renumbers every label; the key of each successor is
//! made once, numbering the labels in order of first appearance as [`super::cells`] does, so
//! the two steps make the same states. The checks are the same as the other step's,
//! one bit a cell ([`super::bits`]).

use super::bits::{BitPlan, SquareBits};
use super::cells::{FIRST_LABEL, FREE, LOOSE};
use super::key::Key;
use super::plan::Plan;
use super::step::{ends_coloured_to_fit, for_each_subset};

/// The mate of a cell whose fragment runs to an end of the tour.
const TOUR: u8 = u8::MAX;

/// A state unpacked: cell `d` is bit `d` of each mask.
#[derive(Debug, Clone, Copy)]
struct Mates {
    /// Cells that need a move: free, or the end of a fragment.
    need: u32,
    /// Cells that need two (no move yet).
    free: u32,
    /// Cells that need one, whose fragment runs to an end of the tour.
    loose: u32,
    /// For a cell that needs one move, the cell at its fragment's other end, or [`TOUR`].
    mate: [u8; 32],
}

/// What a move between the square taken and an earlier one did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Joined {
    Fragment,
    /// The move closed a fragment into a cycle.
    Cycle,
    /// The move joined two fragments that run to the tour's ends: a whole path.
    Path,
}

/// The fast step of one count.
#[derive(Debug, Clone)]
pub(super) struct FastStep {
    plan: BitPlan,
    closed: bool,
}

impl FastStep {
    pub(super) fn new(plan: &Plan, closed: bool) -> Self {
        Self {
            plan: BitPlan::new(plan),
            closed,
        }
    }

    /// Whether square `v` is a hole after which no state is taken for its mirror image: it
    /// shifts each state one cell on, or drops it, and two states never make the same one
    /// (the cell shifted out needs nothing in every state it keeps).
    pub(super) fn one_to_one(&self, v: usize) -> bool {
        let square = &self.plan.squares[v];
        square.hole && !square.mirrored
    }

    /// Calls `emit` with every state that follows the state `key` when square `v` is taken
    /// (`None` for a whole tour, closed by the last square): the states
    /// [`super::step::successors`] makes, each as its key.
    pub(super) fn step<K: Key>(&self, v: usize, key: K, mut emit: impl FnMut(Option<K>)) {
        let plan = &self.plan;
        let square = &plan.squares[v];
        let (lo, hi) = key.unpack(plan.window);
        if square.hole && !square.mirrored {
            if let Some(next) = self.past_hole(lo, hi, square) {
                emit(Some(next));
            }
            return;
        }
        let base = unpack(lo, hi);
        let ends = base.loose.count_ones() as u8;
        let mut open = [0u8; 4];
        let mut opened = 0;
        let mut back_cells = 0u32;
        for &d in &square.back[..usize::from(square.back_len)] {
            if base.need & (1 << d) != 0 {
                open[opened] = d;
                opened += 1;
                back_cells |= 1 << d;
            }
        }
        let open = &open[..opened];
        // Squares that have seen their last neighbour but for this one need their last move
        // from it, and squares that need two with one neighbour left need one of them from it.
        let before = !1u32;
        let last_chance = base.need & square.leaving & before;
        let two_short = base.free & square.one_left & before;
        let forced = last_chance | two_short;
        if forced & !back_cells != 0 || base.free & square.leaving & before != 0 {
            return;
        }
        let end_fits = ends + 1 + square.fixed_ends_after <= 2;
        // A hole takes no move: the state goes on as it is, the checks above passed.
        let targets = if square.hole {
            [(true, 0usize, ends), (false, 1, ends + 1)]
        } else if square.fixed_end {
            [(false, 2, ends), (end_fits, 1, ends + 1)]
        } else {
            [(true, 2, ends), (!self.closed && end_fits, 1, ends + 1)]
        };
        let needing_one = base.need & !base.free;
        let colour_difference = (!self.closed && plan.changes_colour)
            .then(|| ends_colour_difference(base.need, base.free, square));
        let taken_sign = if square.majority & 1 != 0 { 1 } else { -1 };
        let no_neighbour_left = square.leaving & 1 != 0;
        let one_neighbour_left = square.one_left & 1 != 0;
        for (allowed, moves, ends) in targets {
            if !allowed {
                continue;
            }
            let fewest = if no_neighbour_left {
                moves
            } else {
                usize::from(one_neighbour_left && moves == 2)
            };
            if let Some(difference) = colour_difference {
                let taken_needs = moves as i32 * taken_sign;
                if !ends_coloured_to_fit(difference - taken_needs, ends, plan.colour_lead) {
                    continue;
                }
            }
            let mut start = base;
            match moves {
                0 => {}
                1 => {
                    start.need |= 1;
                    start.loose |= 1;
                    start.mate[0] = TOUR;
                }
                _ => {
                    start.need |= 1;
                    start.free |= 1;
                }
            }
            let free_end_fits = !self.closed && ends + 1 + square.fixed_ends_after <= 2;
            for_each_subset(open, fewest, moves, |chosen| {
                let covered = chosen.iter().fold(0u32, |mask, &d| mask | (1 << d));
                if forced & !covered != 0 {
                    return;
                }
                let taken_done = u32::from(chosen.len() == moves);
                let still_needing = start.need & !(covered & needing_one) & !taken_done;
                if !self.fed(still_needing, square, free_end_fits) {
                    return;
                }
                if let Some(next) = self.take(start, chosen, square) {
                    emit(next);
                }
            });
        }
    }

    /// The state after a hole (`square`) from the state of codes `lo` and `hi`, if the tour
    /// can still come from it, with no state taken for its mirror image: the step above
    /// for a square that takes no move, on the masks alone. The codes move one cell on; the
    /// labels keep their order, so they need no renumbering, and the cell that leaves the
    /// frontier needs nothing in every state kept.
    fn past_hole<K: Key>(&self, lo: u64, hi: u64, square: &SquareBits) -> Option<K> {
        let plan = &self.plan;
        let (done, free, loose) = cell_masks(lo, hi);
        let (need, free) = (!done << 1, free << 1);
        let ends = loose.count_ones() as u8;
        let before = !1u32;
        if need & square.leaving & before != 0 || free & (square.one_left | square.leaving) != 0 {
            return None;
        }
        if !self.closed
            && plan.changes_colour
            && !ends_coloured_to_fit(
                ends_colour_difference(need, free, square),
                ends,
                plan.colour_lead,
            )
        {
            return None;
        }
        let free_end_fits = !self.closed && ends + 1 + square.fixed_ends_after <= 2;
        if !self.fed(need, square, free_end_fits) {
            return None;
        }
        let window = plan.window;
        let (mut lo, mut hi) = (lo << 4, (hi << 4) | (lo >> 60));
        if window <= 16 {
            debug_assert_eq!(lo >> (4 * window), 0, "the cell leaving needs nothing");
            (lo, hi) = (lo & ((1 << (4 * window)) - 1), 0);
        } else {
            hi &= (1 << (4 * (window - 16))) - 1;
        }
        Some(K::pack(lo, hi, window))
    }

    /// The state after the square taken (cell 0 of `cells`) takes the moves back to
    /// `chosen`, as its key (`None` for a whole tour), if the tour can still come from it.
    fn take<K: Key>(
        &self,
        mut cells: Mates,
        chosen: &[u8],
        square: &SquareBits,
    ) -> Option<Option<K>> {
        let last = square.closes_tour;
        for (at, &d) in chosen.iter().enumerate() {
            match join(&mut cells, usize::from(d)) {
                Joined::Fragment => {}
                // A whole tour: only with the last square's last move, when nothing else waits.
                Joined::Cycle if !self.closed => return None,
                Joined::Path if self.closed => return None,
                Joined::Cycle | Joined::Path => {
                    let whole = last && at + 1 == chosen.len() && cells.need & square.leaving == 0;
                    return whole.then_some(None);
                }
            }
        }
        let window = self.plan.window;
        debug_assert_eq!(cells.need >> window, 0, "the cell leaving needs nothing");
        let plain = pack::<K>(&cells, window);
        if square.mirrored && cells.need & !self.plan.mirror_rows == 0 {
            return Some(Some(plain.min(self.pack_image::<K>(&cells))));
        }
        Some(Some(plain))
    }

    /// Whether every square to come that lives on the frontier's moves can still get the
    /// moves it needs (see [`super::step`]): `needing` has the cells that need a move once
    /// the square is taken.
    fn fed(&self, needing: u32, square: &SquareBits, free_end_fits: bool) -> bool {
        self.plan.coming(square).iter().all(|coming| {
            let needs: u8 = if coming.fixed_end || free_end_fits {
                1
            } else {
                2
            };
            let feeders = needing & coming.taken;
            match needs.saturating_sub(coming.untaken) {
                0 => true,
                1 => feeders != 0,
                _ => feeders.count_ones() >= 2,
            }
        })
    }
}

/// The state of a key's cells (codes four bits a cell, `lo` the first sixteen), each one
/// place further back: cell 0 is the square taken, which needs nothing yet.
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

impl FastStep {
    /// The key of the mirror image of `cells`' cells: cell `image[d]` holding cell `d`.
    fn pack_image<K: Key>(&self, cells: &Mates) -> K {
        let image = &self.plan.image;
        let permuted = |mask: u32| self.plan.permute(mask);
        let mut codes = Codes::new(permuted(cells.free), permuted(cells.loose));
        let mut labelled = permuted(cells.need & !cells.free & !cells.loose);
        while labelled != 0 {
            let at = labelled.trailing_zeros() as usize;
            let mate = image[usize::from(cells.mate[usize::from(image[at])])];
            codes.pair(at, usize::from(mate));
            labelled &= !(1 << at | 1 << mate);
        }
        K::pack(codes.lo, codes.hi, self.plan.window)
    }
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

/// Adds the move between cell 0 and cell `d`, both needing a move.
fn join(cells: &mut Mates, d: usize) -> Joined {
    let other_end = |cells: &Mates, x: usize| {
        if cells.free & (1 << x) != 0 {
            x as u8
        } else {
            cells.mate[x]
        }
    };
    let (end_a, end_b) = (other_end(cells, 0), other_end(cells, d));
    let both = 1 | 1 << d;
    // A free square is now a fragment's end; one that needed a single move is done.
    cells.need &= !(both & !cells.free);
    cells.free &= !both;
    cells.loose &= !both;
    if usize::from(end_a) == d {
        return Joined::Cycle;
    }
    if end_a == TOUR && end_b == TOUR {
        return Joined::Path;
    }
    for (end, other) in [(end_a, end_b), (end_b, end_a)] {
        if end != TOUR {
            cells.mate[usize::from(end)] = other;
            if other == TOUR {
                cells.loose |= 1 << end;
            }
        }
    }
    Joined::Fragment
}

/// How many more of the tour ends placed so far have the majority colour than the minority
/// one (see [`super::step`]'s function of the same name), from the moves the squares taken
/// still need: `2 * lead - (majority needs - minority needs)`.
fn ends_colour_difference(need: u32, free: u32, square: &SquareBits) -> i32 {
    let needs = |mask: u32| (need & mask).count_ones() + (free & mask).count_ones();
    let majority = needs(square.majority) as i32;
    let minority = needs(!square.majority) as i32;
    2 * square.lead - (majority - minority)
}
