//! The plan as the fast step ([`super::mates`]) reads it: every mask one bit a cell (cell `d`
//! is bit `d`), where the plan's own masks are four bits a cell, in step with the nibble
//! states of [`super::cells`]. Made once from the [`Plan`], so both steps prune alike.

use super::plan::{Plan, Role};

/// What the step of one square needs to know, in bits.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct SquareBits {
    /// The distances back to the square's earlier neighbours: `back[..back_len]`.
    pub(super) back: [u8; 4],
    pub(super) back_len: u8,
    /// Cells whose squares have no neighbour after this one.
    pub(super) leaving: u32,
    /// Cells whose squares have one neighbour left after this one.
    pub(super) one_left: u32,
    /// Majority-colour cells, and how many more majority-colour squares than minority ones
    /// the squares up to this one hold.
    pub(super) majority: u32,
    pub(super) lead: i32,
    /// Whether the square is a fixed end of the tour.
    pub(super) fixed_end: bool,
    /// Whether the square is a hole: it takes no move.
    pub(super) hole: bool,
    /// Whether the square's last move closes the tour: the last square that is not a hole.
    pub(super) closes_tour: bool,
    /// The tour ends fixed by the request among the squares after this one.
    pub(super) fixed_ends_after: u8,
    /// The squares to come that live on the frontier's moves: `coming[from..to]` of the plan.
    pub(super) coming_from: u32,
    pub(super) coming_to: u32,
    /// Whether a state after this square is counted with its mirror image.
    pub(super) mirrored: bool,
}

/// A square to come that lives on the frontier's moves (see [`super::plan::Coming`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct ComingBits {
    /// The cells of its neighbours taken so far.
    pub(super) taken: u32,
    /// How many of its neighbours are still to come (0 or 1).
    pub(super) untaken: u8,
    /// Whether it must be an end of the tour.
    pub(super) fixed_end: bool,
}

/// The whole plan in bits.
#[derive(Debug, Clone)]
pub(super) struct BitPlan {
    pub(super) squares: Vec<SquareBits>,
    pub(super) coming: Vec<ComingBits>,
    /// The frontier's size: a state holds cells `0..window`, a step `0..=window`.
    pub(super) window: usize,
    pub(super) changes_colour: bool,
    /// How many more majority-colour squares than minority ones the open squares hold.
    pub(super) colour_lead: i32,
    /// The cells of the whole rows a mirrored state holds, and each cell's image (the identity
    /// outside them).
    pub(super) mirror_rows: u32,
    pub(super) image: [u8; 32],
    /// The image of a mask, a byte of it at a time: `permutation[k][byte]` is the image of
    /// `byte << 8k`.
    permutation: [[u32; 256]; 4],
}

impl BitPlan {
    pub(super) fn new(plan: &Plan) -> Self {
        let mut coming = Vec::new();
        let squares = (0..plan.len())
            .map(|v| {
                let mut back = [0u8; 4];
                let distances = plan.back(v);
                back[..distances.len()].copy_from_slice(distances);
                let coming_from = coming.len() as u32;
                coming.extend(plan.coming(v).iter().map(|square| ComingBits {
                    taken: bits(square.taken_neighbours),
                    untaken: square.untaken_neighbours,
                    fixed_end: square.fixed_end,
                }));
                SquareBits {
                    back,
                    back_len: distances.len() as u8,
                    leaving: bits(plan.leaving(v)),
                    one_left: bits(plan.one_left(v)),
                    majority: bits(plan.majority_cells(v)),
                    lead: plan.majority_lead(v),
                    fixed_end: plan.role(v) == Role::End,
                    hole: plan.role(v) == Role::Hole,
                    closes_tour: plan.closes_tour(v),
                    fixed_ends_after: plan.fixed_ends_after(v),
                    coming_from,
                    coming_to: coming.len() as u32,
                    mirrored: plan.mirror_after(v).is_some(),
                }
            })
            .collect();
        let mut image: [u8; 32] = std::array::from_fn(|d| d as u8);
        let mut mirror_rows = 0;
        if let Some(mirror) = (0..plan.len()).find_map(|v| plan.mirror_after(v)) {
            mirror_rows = bits(mirror.whole_rows & plan.frontier_cells());
            for (d, &to) in mirror.image.iter().enumerate() {
                image[d] = to;
            }
        }
        let permutation = std::array::from_fn(|k| {
            std::array::from_fn(|byte| {
                (0..8)
                    .filter(|bit| byte & (1 << bit) != 0)
                    .fold(0, |mask, bit| mask | 1 << image[8 * k + bit])
            })
        });
        Self {
            squares,
            coming,
            window: plan.window(),
            changes_colour: plan.changes_colour(),
            colour_lead: plan.colour_lead(),
            mirror_rows,
            image,
            permutation,
        }
    }

    /// The mirror image of a mask of cells: bit `image[d]` for each bit `d`.
    pub(super) fn permute(&self, mask: u32) -> u32 {
        mask.to_le_bytes()
            .iter()
            .zip(&self.permutation)
            .fold(0, |image, (&byte, table)| image | table[usize::from(byte)])
    }

    /// The squares to come after square `v` that live on the frontier's moves.
    pub(super) fn coming(&self, square: &SquareBits) -> &[ComingBits] {
        &self.coming[square.coming_from as usize..square.coming_to as usize]
    }
}

/// A mask of four bits a cell as one bit a cell.
fn bits(nibbles: u128) -> u32 {
    (0..32)
        .filter(|&d| (nibbles >> (4 * d)) & 0xF != 0)
        .fold(0, |mask, d| mask | (1 << d))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::leaper::Leaper;

    #[test]
    fn a_mask_of_nibbles_becomes_a_mask_of_bits() {
        assert_eq!(bits(0xF0F), 0b101);
        assert_eq!(bits(0xF << (4 * 25)), 1 << 25);
        let plan = Plan::new(Board::new(8, 8).unwrap(), Leaper::KNIGHT, &[], &[]).unwrap();
        let fast = BitPlan::new(&plan);
        // The last square leaves with every cell, itself and the 17 of the frontier.
        assert_eq!(fast.squares[63].leaving, (1 << 18) - 1);
        // After a row's last square a state may be mirrored: whole rows, two of them.
        assert!(fast.squares[15].mirrored && !fast.squares[14].mirrored);
        assert_eq!(fast.mirror_rows, (1 << 16) - 1);
        assert_eq!(fast.image[0], 7);
        assert_eq!(fast.image[16], 16);
        assert_eq!(fast.permute(0b1_0000_0011), 1 << 15 | 0b1100_0000);
    }
}
