//! A first flow for the covers of large boards. Dinic's method spends a phase, a search of the
//! whole network, on each length of augmenting path; from an empty flow, its first phase
//! leaves thousands of squares short on a large board, and the last of them are mended by
//! paths across the board, one length after another: 225 phases and 53 s for the giraffe's
//! 1000×1000. So on boards of at least [`SEEDED_FROM_SQUARES`] squares the flow begins from
//! 4-cycles of the piece that tile the plane, and only the cycles the board's edges cut leave
//! squares short, next to one another.
//!
//! The tiling: with `u = (a, b)` and `v = (b, −a)`, the squares `x`, `x + u`, `x + u + v` and
//! `x + v` are a 4-cycle of the (a, b)-leaper, and `u` and `v` are orthogonal, of the same
//! length `n = a² + b²`. With `p = x · u` and `q = x · v`, a square's partner along `u` is
//! `x + u` where `⌊p / n⌋` is even and `x − u` where it is odd (`x + u` has `p + n`, so each is
//! the other's), and the same along `v` with `q`: the two partners of a square and their own
//! are the 4-cycle it lies on. A shift of the squares and the mirror `(b, a)` give other
//! tilings, one for each cover.

use std::time::Instant;

use super::cover::{Network, Stopped};
use super::graph::{Graph, NONE};
use super::random::Random;
use crate::leaper::Leaper;

/// Boards of at least this many squares have their flows seeded: below, a flow from nothing
/// takes milliseconds (43 ms on 128×128), and the covers it gives are the ones the smaller
/// boards' answers were measured with.
pub(super) const SEEDED_FROM_SQUARES: usize = 1 << 14;

/// A tiling of the plane by 4-cycles of a piece (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Tiling {
    u: (i64, i64),
    v: (i64, i64),
    shift: (i64, i64),
}

impl Tiling {
    /// A tiling of `piece`'s cycles, mirrored or not and shifted as `random` says.
    pub(super) fn random(piece: Leaper, random: &mut Random) -> Self {
        let (mut a, mut b) = (i64::from(piece.a()), i64::from(piece.b()));
        if random.below(2) == 1 {
            (a, b) = (b, a);
        }
        let span = (2 * (a * a + b * b)) as usize;
        let shift = (random.below(span) as i64, random.below(span) as i64);
        Self {
            u: (a, b),
            v: (b, -a),
            shift,
        }
    }

    /// The two squares next to `(row, col)` on its cycle, as offsets: along `u`, then `v`.
    fn partners(self, row: i64, col: i64) -> [(i64, i64); 2] {
        let (row, col) = (row + self.shift.0, col + self.shift.1);
        let n = self.u.0 * self.u.0 + self.u.1 * self.u.1;
        [self.u, self.v].map(|(dr, dc)| {
            let along = row * dr + col * dc;
            if along.div_euclid(n) % 2 == 0 {
                (dr, dc)
            } else {
                (-dr, -dc)
            }
        })
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
    fn every_tiling_pairs_squares_into_4_cycles_of_the_piece() {
        // Each square's two partners are moves of the piece, each names the square back, and
        // the four squares close up: a tiling of the plane by the piece's 4-cycles.
        let mut random = Random::seeded(&[7]);
        for piece in [Leaper::ZEBRA, Leaper::GIRAFFE, Leaper::new(3, 4).unwrap()] {
            for _ in 0..4 {
                let tiling = Tiling::random(piece, &mut random);
                for row in -30..30 {
                    for col in -30..30 {
                        let [u, v] = tiling.partners(row, col);
                        for (dr, dc) in [u, v] {
                            let legs = (dr.abs().min(dc.abs()), dr.abs().max(dc.abs()));
                            assert_eq!(legs, (piece.a().into(), piece.b().into()));
                        }
                        let [back_u, _] = tiling.partners(row + u.0, col + u.1);
                        let [_, back_v] = tiling.partners(row + v.0, col + v.1);
                        assert_eq!((back_u, back_v), ((-u.0, -u.1), (-v.0, -v.1)));
                        let [_, across] = tiling.partners(row + u.0, col + u.1);
                        assert_eq!(across, v, "the cycle of {row},{col} closes");
                    }
                }
            }
        }
    }
}
