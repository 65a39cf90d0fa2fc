//! The step the count runs: [`super::step::successors`] done on a state unpacked into masks
//! and a mate table, as Knuth's DYNAHAM keeps its classes (TAOCP Pre-Fascicle 8A, §7.2.2.4),
//! rather than on four bits a cell.
//!
//! A state is unpacked once from its key (by a [`Codec`]) into a mask of the cells that need
//! a move, a mask of those that need two (free), and for each cell that needs one, its mate:
//! the cell at the other end of its path fragment, or [`TOUR`] when that end is an end of
//! the tour. Joining two fragments then changes two mates, where the nibble state looks
//! for a label's twin across the word and renumbers every label; the key of each successor is
//! made once, one key for each state, so the two steps make the same states. The checks are
//! the same as the other step's, one bit a cell ([`super::bits`]).

use super::bits::{BitPlan, SquareBits};
use super::codec::{Codec, Mates, TOUR};
use super::plan::Plan;
use super::step::{ends_coloured_to_fit, for_each_subset};

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
    pub(super) fn step<C: Codec>(
        &self,
        v: usize,
        key: C::Key,
        mut emit: impl FnMut(Option<C::Key>),
    ) {
        let plan = &self.plan;
        let square = &plan.squares[v];
        if square.hole && !square.mirrored {
            if let Some(next) = self.past_hole::<C>(key, square) {
                emit(Some(next));
            }
            return;
        }
        let base = C::unpack(key, plan.window);
        let ends = tour_ends(base.loose);
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
            let free_ends = self.free_ends(ends, square);
            for_each_subset(open, fewest, moves, |chosen| {
                let covered = chosen.iter().fold(0u32, |mask, &d| mask | (1 << d));
                if forced & !covered != 0 {
                    return;
                }
                let taken_done = u32::from(chosen.len() == moves);
                let still_needing = start.need & !(covered & needing_one) & !taken_done;
                if !self.fed(still_needing, square, free_ends) {
                    return;
                }
                if let Some(next) = self.take::<C>(start, chosen, square) {
                    emit(next);
                }
            });
        }
    }

    /// The state after a hole (`square`) from the state `key`, if the tour can still come
    /// from it, with no state taken for its mirror image: the step above for a square that
    /// takes no move, on the masks alone. The cells move one place on ([`Codec::shifted`]);
    /// the cell that leaves the frontier needs nothing in every state kept.
    fn past_hole<C: Codec>(&self, key: C::Key, square: &SquareBits) -> Option<C::Key> {
        let plan = &self.plan;
        let (done, free, loose) = C::masks(key, plan.window);
        let (need, free) = (!done << 1, free << 1);
        let ends = tour_ends(loose);
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
        if !self.fed(need, square, self.free_ends(ends, square)) {
            return None;
        }
        Some(C::shifted(key, plan.window))
    }

    /// The state after the square taken (cell 0 of `cells`) takes the moves back to
    /// `chosen`, as its key (`None` for a whole tour), if the tour can still come from it.
    fn take<C: Codec>(
        &self,
        mut cells: Mates,
        chosen: &[u8],
        square: &SquareBits,
    ) -> Option<Option<C::Key>> {
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
        if square.mirrored && cells.need & !self.plan.mirror_rows == 0 {
            return Some(Some(C::pack_least(&cells, &self.mirrored(&cells), window)));
        }
        Some(Some(C::pack(&cells, window)))
    }

    /// How many more ends an open tour may have, beyond the `ends` placed and those the
    /// request fixes after `square`: none for a closed one.
    fn free_ends(&self, ends: u8, square: &SquareBits) -> u8 {
        if self.closed {
            0
        } else {
            2u8.saturating_sub(ends + square.fixed_ends_after)
        }
    }

    /// Whether every square to come that lives on the frontier's moves can still get the
    /// moves it needs, with no more ends than `free_ends` among those left one move (see
    /// [`super::step`]): `needing` has the cells that need a move once the square is taken.
    fn fed(&self, needing: u32, square: &SquareBits, free_ends: u8) -> bool {
        let mut ends_needed = 0u8;
        for coming in self.plan.coming(square) {
            let needs: u8 = if coming.fixed_end || free_ends > 0 {
                1
            } else {
                2
            };
            let feeders = needing & coming.taken;
            // Two feeders are all a square can use: count to two without a population count.
            let fed = u8::from(feeders != 0) + u8::from(feeders & feeders.wrapping_sub(1) != 0);
            let moves = coming.untaken + fed;
            if moves < needs {
                return false;
            }
            ends_needed += u8::from(moves == 1 && !coming.fixed_end);
        }
        ends_needed <= free_ends
    }
}

impl FastStep {
    /// `cells` mirrored: cell `image[d]` holding cell `d`, its mate the image of `d`'s. Only the
    /// masks and the mates of the cells that need one move are set: all a key is made of.
    fn mirrored(&self, cells: &Mates) -> Mates {
        let image = &self.plan.image;
        let permuted = |mask: u32| self.plan.permute(mask);
        let mut mirrored = Mates {
            need: permuted(cells.need),
            free: permuted(cells.free),
            loose: permuted(cells.loose),
            mate: [0; 32],
        };
        let mut needing_one = cells.need & !cells.free;
        while needing_one != 0 {
            let d = needing_one.trailing_zeros() as usize;
            let mate = cells.mate[d];
            mirrored.mate[usize::from(image[d])] = if mate == TOUR {
                TOUR
            } else {
                image[usize::from(mate)]
            };
            needing_one &= needing_one - 1;
        }
        mirrored
    }
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
    // Both masks in one word: one count of its bits, where the processor may have no
    // instruction for it.
    let needs = |mask: u32| (u64::from(need & mask) | u64::from(free & mask) << 32).count_ones();
    let majority = needs(square.majority) as i32;
    let minority = needs(!square.majority) as i32;
    2 * square.lead - (majority - minority)
}

/// The tour ends placed: the loose cells, each the end of a fragment that runs to one (at most
/// two, counted without a count of bits, which the processor may lack).
fn tour_ends(loose: u32) -> u8 {
    debug_assert!(loose.count_ones() <= 2, "at most two tour ends");
    u8::from(loose != 0) + u8::from(loose & loose.wrapping_sub(1) != 0)
}
