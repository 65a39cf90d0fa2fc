//! A first flow for the covers of large boards. Dinic's method spends a phase, a search of the
//! whole network, on each length of augmenting path; from an empty flow, its first phase
//! leaves thousands of squares short on a large board, and the last of them are mended by
//! paths across the board, one length after another: 225 phases and 53 s for the giraffe's
//! 1000×1000. So on boards of at least [`SEEDED_FROM_SQUARES`] squares the flow begins from
//! zigzags of the piece that cross the board, and only their ends, at its edges, are short.
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
//! small cycles leaves it to take in thousands of them. With 4-cycles, the (4,5)-leaper's
//! 160×160 took 1.4 s, and with zigzags 0.16 s.

use std::time::Instant;

use super::cover::{Network, Stopped};
use super::graph::{Graph, NONE};
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
    /// A tiling of `piece`'s zigzags, its legs' order, direction and shift as `random` says.
    pub(super) fn random(piece: Leaper, random: &mut Random) -> Self {
        let (mut across, mut along) = (i64::from(piece.a()), i64::from(piece.b()));
        if random.below(2) == 1 {
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
    fn partners(self, row: i64, col: i64) -> [(i64, i64); 2] {
        let (row, col) = (row + self.shift.0, col + self.shift.1);
        let (across, along) = (self.across, self.along);
        let pair = if self.down { col } else { row };
        let to_other = if pair.div_euclid(across) % 2 == 0 {
            across
        } else {
            -across
        };
        if self.down {
            [(-along, to_other), (along, to_other)]
        } else {
            [(to_other, -along), (to_other, along)]
        }
    }
}

impl Network {
    /// Puts a unit on each move of `tiling`'s cycles between a square of the first colour
    /// and one of the second that both still want one, from `source` through them to `sink`:
    /// the units laid. The network is [`Network::cover`]'s, before its flow.
    pub(super) fn seed(
        &mut self,
        graph: &Graph,
        tiling: Tiling,
        (source, sink): (u32, u32),
        deadline: Option<Instant>,
    ) -> Result<u64, Stopped> {
        let (rows, cols) = (graph.rows() as i64, graph.cols() as i64);
        let mut laid = 0;
        for square in 0..graph.area() as u32 {
            if square % (1 << 16) == 0
                && deadline.is_some_and(|deadline| Instant::now() >= deadline)
            {
                return Err(Stopped);
            }
            if graph.is_out(square) || graph.colour(square) != 0 {
                continue;
            }
            let (row, col) = (i64::from(square) / cols, i64::from(square) % cols);
            for (dr, dc) in tiling.partners(row, col) {
                let (to_row, to_col) = (row + dr, col + dc);
                if !(0..rows).contains(&to_row) || !(0..cols).contains(&to_col) {
                    continue;
                }
                let to = (to_row * cols + to_col) as u32;
                let supply = self.arc_between(square, source);
                let step = self.arc_between(square, to);
                let demand = self.arc_between(to, sink);
                let (Some(supply), Some(step), Some(demand)) = (supply, step, demand) else {
                    continue;
                };
                // `supply` runs from the square back to the source: its reverse carries the
                // square's want.
                let path = [supply ^ 1, step, demand];
                if path.iter().all(|&arc| self.capacity[arc as usize] > 0) {
                    for arc in path {
                        self.capacity[arc as usize] -= 1;
                        self.capacity[arc as usize ^ 1] += 1;
                    }
                    laid += 1;
                }
            }
        }
        Ok(laid)
    }

    /// The arc from `from` to `to`, if the network has one.
    fn arc_between(&self, from: u32, to: u32) -> Option<u32> {
        let mut arc = self.first[from as usize];
        while arc != NONE {
            if self.to[arc as usize] == to {
                return Some(arc);
            }
            arc = self.next[arc as usize];
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tiling_pairs_squares_along_zigzags_of_the_piece() {
        // Each square's two partners are moves of the piece and name the square back, and a
        // zigzag stays in its two rows (or columns) as it crosses the board.
        let mut random = Random::seeded(&[7]);
        for piece in [Leaper::ZEBRA, Leaper::GIRAFFE, Leaper::new(3, 4).unwrap()] {
            let legs = (i64::from(piece.a()), i64::from(piece.b()));
            for _ in 0..8 {
                let tiling = Tiling::random(piece, &mut random);
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
