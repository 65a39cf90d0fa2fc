//! A first flow for the covers of large boards. Dinic's method spends a phase, a search of the
//! whole network, on each length of augmenting path; from an empty flow, its first phase
//! leaves thousands of squares short on a large board, and the last of them are mended by
//! paths across the board, one length after another: 225 phases and 53 s for the giraffe's
//! 1000×1000. So on boards of at least [`SEEDED_FROM_SQUARES`] squares the flow begins from
//! zigzags of the piece that cross the board, and only their ends, at its edges, are short.
//! This module draws the zigzags; `cover` lays the flow along them.
//!
//! A zigzag of the (p, q)-leaper (p and q its legs, in either order) runs along two rows `p`
//! apart, `q` columns a move: `(r, c)`, `(r + p, c + q)`, `(r, c + 2q)`, `(r + p, c + 3q)`, ….
//! The rows pair up by `⌊r / p⌋` (even: the upper row of its pair, odd: the lower), and each
//! square lies on one zigzag, its two neighbours on it `q` columns to either side in the other
//! row of its pair: so each is the other's. Or the same down columns. The legs' order, the
//! direction and a shift of the squares give other tilings, one for each cover.
//!
//! Zigzags rather than the piece's 4-cycles (which tile the plane too, and make a flow as
//! quick): the flip grows its path by taking in a cover's cycles whole, and a cover of many
//! small cycles leaves it to take in thousands of them. On the (3,4)-, (4,5)- and
//! (2,5)-leapers' and the giraffe's 160×160, 240×240 and 330×330 from the corner, zigzags
//! answered sooner on 7 of the 12 boards and 4-cycles on 2 (the (4,5)-leaper's 160×160: 0.16 s
//! against 1.4 s; its 240×240: 13.6 s against 6.6 s); flipping's luck turns on the cover, so
//! one board says little.

use super::random::Random;
use crate::leaper::Leaper;

/// Boards of at least this many squares have their flows seeded: below, a flow from nothing
/// takes milliseconds (43 ms on 128×128), and the covers it gives are the ones the smaller
/// boards' answers were measured with.
pub(super) const SEEDED_FROM_SQUARES: usize = 1 << 14;

/// A tiling of the plane by zigzags of a piece (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Tiling {
    /// The legs: `across` rows and `along` columns a move (or the other way round, `down`).
    across: i64,
    along: i64,
    /// Whether the zigzags run down columns.
    down: bool,
    shift: (i64, i64),
}

impl Tiling {
    /// A tiling of the zigzags of `piece`, a single leaper, its legs' order, direction and
    /// shift as `random` says; `None` for a piece of several leaps, whose flows start from
    /// nothing (a zigzag is of one leap, and says nothing of the others).
    pub(super) fn of(piece: Leaper, random: &mut Random) -> Option<Self> {
        piece.single().map(|legs| Self::random(legs, random))
    }

    /// A tiling of the zigzags of the leaper of legs `(a, b)`, its legs' order, direction and
    /// shift as `random` says.
    fn random((a, b): (u32, u32), random: &mut Random) -> Self {
        let (mut across, mut along) = (i64::from(a), i64::from(b));
        // A piece with a leg of 0 (the wazir's (0,1)) zigzags along one row: its long leg is
        // always the one along.
        if random.below(2) == 1 && across > 0 {
            (across, along) = (along, across);
        }
        let down = random.below(2) == 1;
        let span = (2 * (across + along)) as usize;
        let shift = (random.below(span) as i64, random.below(span) as i64);
        Self {
            across,
            along,
            down,
            shift,
        }
    }

    /// The two squares next to `(row, col)` on its zigzag, as offsets.
    pub(super) fn partners(self, row: i64, col: i64) -> [(i64, i64); 2] {
        let (row, col) = (row + self.shift.0, col + self.shift.1);
        let (across, along) = (self.across, self.along);
        let pair = if self.down { col } else { row };
        let to_other = match across {
            0 => 0,
            _ if pair.div_euclid(across) % 2 == 0 => across,
            _ => -across,
        };
        if self.down {
            [(-along, to_other), (along, to_other)]
        } else {
            [(to_other, -along), (to_other, along)]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tiling_pairs_squares_along_zigzags_of_the_piece() {
        // Each square's two partners are moves of the piece and name the square back, and a
        // zigzag stays in its two rows (or columns) as it crosses the board: the wazir's in one.
        let mut random = Random::seeded(&[7]);
        let wazir = Leaper::new(0, 1).unwrap();
        for piece in [
            Leaper::ZEBRA,
            Leaper::GIRAFFE,
            Leaper::new(3, 4).unwrap(),
            wazir,
        ] {
            let (a, b) = piece.single().unwrap();
            let legs = (i64::from(a), i64::from(b));
            for _ in 0..8 {
                let tiling = Tiling::of(piece, &mut random).unwrap();
                for row in -30..30 {
                    for col in -30..30 {
                        let partners = tiling.partners(row, col);
                        assert_ne!(partners[0], partners[1]);
                        for (dr, dc) in partners {
                            let (short, long) = (dr.abs().min(dc.abs()), dr.abs().max(dc.abs()));
                            assert_eq!((short, long), legs, "{tiling:?} at {row},{col}");
                            let back = tiling.partners(row + dr, col + dc);
                            assert!(back.contains(&(-dr, -dc)), "{tiling:?} at {row},{col}");
                        }
                    }
                }
                let (mut at, mut from) = ((0, 0), None);
                for _ in 0..40 {
                    let next = tiling
                        .partners(at.0, at.1)
                        .map(|(dr, dc)| (at.0 + dr, at.1 + dc))
                        .into_iter()
                        .find(|&next| Some(next) != from)
                        .unwrap();
                    (from, at) = (Some(at), next);
                }
                let (stayed, crossed) = if tiling.down {
                    (at.1, at.0)
                } else {
                    (at.0, at.1)
                };
                assert!(stayed.abs() <= tiling.across, "{tiling:?} ended at {at:?}");
                assert_eq!(
                    crossed.abs(),
                    40 * tiling.along,
                    "{tiling:?} ended at {at:?}"
                );
            }
        }
    }
}
