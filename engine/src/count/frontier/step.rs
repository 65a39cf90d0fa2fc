//! One square taken: from a frontier state, every way the square can join the tour — which of
//! its moves back it uses, and whether it is a free end of an open tour.

use super::cells::{Cells, DONE, FREE, Joined, LOOSE, canonical, canonical_mirrored};
use super::plan::{Plan, Role};
use super::word::Word;

/// A state after a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Next<W> {
    /// A frontier state to carry on from.
    State(Cells<W>),
    /// The last square closed the whole tour.
    Tour,
}

/// Calls `emit` with every state that follows `state` when square `v` of `plan` is taken, for
/// closed tours (cycles) or open ones (paths).
pub(super) fn successors<W: Word>(
    state: Cells<W>,
    v: usize,
    plan: &Plan,
    closed: bool,
    mut emit: impl FnMut(Next<W>),
) {
    successors_choosing(state, v, plan, closed, |next, _| emit(next));
}

/// [`successors`], each state told with the moves square `v` took to make it: the distances
/// back (in the plan's order) of the squares it joined. A tour read back from the frontiers
/// (`witness`) is made of these moves.
pub(super) fn successors_choosing<W: Word>(
    state: Cells<W>,
    v: usize,
    plan: &Plan,
    closed: bool,
    mut emit: impl FnMut(Next<W>, &[usize]),
) {
    let base = state.shifted(W::narrow(plan.frontier_cells()));
    let mut open_back = [0usize; 4];
    let mut open = 0;
    for &d in plan.back(v) {
        if base.get(usize::from(d)) != DONE {
            open_back[open] = usize::from(d);
            open += 1;
        }
    }
    let open_back = &open_back[..open];
    let back_cells = cells_at::<W>(open_back);
    // Squares that have seen their last neighbour but for this one need their last move from
    // it, and squares that need two with one neighbour left need one of them from it.
    let before = !W::from_code(0xF);
    let leaving = W::narrow(plan.leaving(v));
    let last_chance = base.needing(leaving & before);
    let two_short = base.free(W::narrow(plan.one_left(v)) & before);
    if (last_chance | two_short) & !back_cells != W::ZERO || base.free(leaving & before) != W::ZERO
    {
        return;
    }
    let forced = last_chance | two_short;
    let ends = state.ends();
    let all = W::narrow(plan.step_cells());
    // The cells that need one move: a move to one of them leaves it done.
    let needing_one = base.needing(all) & !base.free(all);
    // Room for one more free end, with the ends the request fixes later on still to come.
    let end_fits = ends + 1 + plan.fixed_ends_after(v) <= 2;
    // A hole takes no move: the state goes on as it is, the checks above passed.
    let targets = match plan.role(v) {
        Role::End => [(false, FREE, 2, ends), (end_fits, LOOSE, 1, ends + 1)],
        Role::Any => [
            (true, FREE, 2, ends),
            (!closed && end_fits, LOOSE, 1, ends + 1),
        ],
        Role::Hole => [(true, DONE, 0, ends), (false, LOOSE, 1, ends + 1)],
    };
    let colour_difference =
        (!closed && plan.changes_colour()).then(|| ends_colour_difference(base, v, plan));
    let taken_sign = if plan.majority_cells(v) & 0xF != 0 {
        1
    } else {
        -1
    };
    // The square taken needs all its moves now if it has no neighbour to come, and one of
    // them now if it has one.
    let taken = 0xFu128;
    let no_neighbour_left = plan.leaving(v) & taken != 0;
    let one_neighbour_left = plan.one_left(v) & taken != 0;
    for (allowed, code, moves, ends) in targets {
        if !allowed {
            continue;
        }
        let fewest = if no_neighbour_left {
            moves
        } else {
            usize::from(one_neighbour_left && moves == 2)
        };
        let start = {
            let mut cells = base;
            cells.set(0, code);
            cells
        };
        // Every move joins the two colours, so the moves chosen leave the difference the
        // colour rule reads unchanged: it holds for all of them or for none.
        if let Some(difference) = colour_difference {
            let taken_needs = i32::from(moves as u8) * taken_sign;
            if !ends_coloured_to_fit(difference - taken_needs, ends, plan.colour_lead()) {
                continue;
            }
        }
        let needing = start.needing(all);
        for_each_subset(open_back, fewest, moves, |chosen| {
            let covered = cells_at::<W>(chosen);
            if forced & !covered != W::ZERO {
                return;
            }
            // The squares that still need moves once these are made: not the ones that needed
            // one of them, nor the square taken if it has all it needs.
            let taken_done = if chosen.len() == moves {
                W::from_code(0xF)
            } else {
                W::ZERO
            };
            let still_needing = needing & !(covered & needing_one) & !taken_done;
            if !fed(still_needing & W::ONES, v, plan, closed, ends) {
                return;
            }
            if let Some(next) = take(start, chosen, v, plan, closed) {
                emit(next, chosen);
            }
        });
    }
}

/// The state after square `v` (cell 0 of `cells`) takes the moves back to `chosen`, if it is
/// one the tour can still come from: `successors` has checked everything but the fragments the
/// moves join.
fn take<W: Word>(
    mut cells: Cells<W>,
    chosen: &[usize],
    v: usize,
    plan: &Plan,
    closed: bool,
) -> Option<Next<W>> {
    let last = plan.closes_tour(v);
    for (at, &d) in chosen.iter().enumerate() {
        match cells.join(0, d) {
            Joined::Fragment => {}
            // A whole tour: only with the last square's last move, when nothing else waits.
            Joined::Cycle if !closed => return None,
            Joined::Path if closed => return None,
            Joined::Cycle | Joined::Path => {
                let whole =
                    last && at + 1 == chosen.len() && cells.clear_in(W::narrow(plan.leaving(v)));
                return whole.then_some(Next::Tour);
            }
        }
    }
    let next = cells.truncated(W::narrow(plan.frontier_cells()));
    Some(Next::State(match plan.mirror_after(v) {
        Some(mirror) => canonical_mirrored(next, mirror),
        None => canonical(next),
    }))
}

/// Whether every square to come that lives on the frontier's moves can still get the moves it
/// needs: two, or one if it is, or may still be, an end of the tour. `needing` has the lowest
/// bit of each frontier cell that still needs a move once `v` is taken.
///
/// A square left with one move to have (one neighbour to come, or one neighbour taken that
/// still needs a move, and not both) is an end of the tour: an open tour has two, so the
/// squares so left that the request does not fix as ends, with the `ends` placed and the
/// fixed ends to come, are at most two.
fn fed<W: Word>(needing: W, v: usize, plan: &Plan, closed: bool, ends: u8) -> bool {
    let free_ends = if closed {
        0
    } else {
        2u8.saturating_sub(ends + plan.fixed_ends_after(v))
    };
    let mut ends_needed = 0u8;
    for coming in plan.coming(v) {
        let needs: u8 = if coming.fixed_end || free_ends > 0 {
            1
        } else {
            2
        };
        let feeders = needing & W::narrow(coming.taken_neighbours);
        // Two feeders are all a square can use: count to two without a population count.
        let fed = u8::from(feeders != W::ZERO)
            + u8::from(feeders != W::ZERO && feeders & (feeders - W::ONE) != W::ZERO);
        let moves = coming.untaken_neighbours + fed;
        if moves < needs {
            return false;
        }
        ends_needed += u8::from(moves == 1 && !coming.fixed_end);
    }
    ends_needed <= free_ends
}

/// The cells at the distances `back`, as a mask.
fn cells_at<W: Word>(back: &[usize]) -> W {
    back.iter().fold(W::ZERO, |mask, &d| {
        mask | (W::from_code(0xF) << (4 * d as u32))
    })
}

/// Calls `visit` with every subset of `items` of at least `fewest` and at most `most` (two at
/// most) elements.
pub(super) fn for_each_subset<I: Copy>(
    items: &[I],
    fewest: usize,
    most: usize,
    mut visit: impl FnMut(&[I]),
) {
    if fewest == 0 {
        visit(&[]);
    }
    for (i, &a) in items.iter().enumerate() {
        if fewest <= 1 && most >= 1 {
            visit(&[a]);
        }
        if most >= 2 {
            for &b in &items[i + 1..] {
                visit(&[a, b]);
            }
        }
    }
}

/// How many more of the tour's ends placed so far have the majority colour than the minority
/// one, for the squares taken up to `v`, but for the moves `v` itself still needs (the caller
/// takes those off: `majority ends - minority ends` falls by one for each move a majority
/// square needs and rises by one for a minority one). Every move joins the two colours, so
/// counting the moves the squares taken have, by colour, gives
/// `majority ends - minority ends = 2 * lead - (majority needs - minority needs)`.
fn ends_colour_difference<W: Word>(cells: Cells<W>, v: usize, plan: &Plan) -> i32 {
    let all = W::narrow(plan.step_cells());
    // The moves each cell needs, 0, 1 or 2, in the cell: a bit for needing one, another for
    // being free (no carry reaches the next cell).
    let needs = (cells.needing(all) & W::ONES) + (cells.free(all) & W::ONES);
    let majority_cells = W::narrow(plan.majority_cells(v));
    let majority_needs = (needs & majority_cells).sum_cells() as i32;
    let minority_needs = (needs & !majority_cells).sum_cells() as i32;
    2 * plan.majority_lead(v) - (majority_needs - minority_needs)
}

/// Whether `ends` tour ends, `difference` more of them of the majority colour than of the
/// minority one, have colours an open tour's ends can have on a board whose open squares hold
/// `lead` more of the majority colour than of the minority one. Every move changes colour, so
/// a path's ends hold `2 * lead` more of the majority colour: one of each colour if the
/// colours are even (a rectangle of even area), both of the majority colour if it leads by
/// one (a rectangle of odd area), both of the other if it trails by one (holes can make it
/// so); no open tour otherwise.
pub(super) fn ends_coloured_to_fit(difference: i32, ends: u8, lead: i32) -> bool {
    let ends = i32::from(ends);
    let (majority_ends, minority_ends) = ((ends + difference) / 2, (ends - difference) / 2);
    let (most_majority, most_minority) = match lead {
        0 => (1, 1),
        1 => (2, 0),
        -1 => (0, 2),
        _ => (0, 0),
    };
    majority_ends <= most_majority && minority_ends <= most_minority
}
