//! What a partial tour asks of the frontier's steps ([`Rules`]): its moves are the tour's.
//!
//! The frontier decides each move once, at the later of its two squares in its order, as one
//! of the moves back that square takes. A partial tour `p0, p1, …, pk` then constrains those
//! choices, and nothing else:
//! - each of its moves `pi–pi+1` must be taken, by whichever of the two squares comes later;
//! - a square whose moves it already holds all of — each inner square, and the start of an
//!   open tour, which has one — takes no other move: no move back from it, and no move back
//!   to it from a later square.
//!
//! The last square `pk` keeps one move free (and a closed tour's start, the move that closes
//! it). Every tour the steps then make holds the partial tour's moves, and its squares have
//! no others, so the tour read from its start runs through the partial tour first; and every
//! tour that begins with the partial tour is among them. The frontier's own pruning still
//! holds, since every such tour is a tour.

/// The moves a partial tour fixes, by their place in the frontier's order.
#[derive(Debug, Clone, Default)]
pub(super) struct Rules {
    /// The partial tour's places, in the order of the tour.
    places: Vec<usize>,
    /// The same, sorted, each with its number in the tour.
    sorted: Vec<(usize, u32)>,
    /// Whether the tour is closed (its start then has a move free).
    closed: bool,
    /// How far back a move reaches.
    window: usize,
}

/// What a partial tour asks of one step.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Rule {
    /// The moves back (distances, 0 for none) the step must take.
    required: [usize; 2],
    /// Whether the square takes no move but the required ones.
    only_required: bool,
    /// Bit `d`: the move `d` back is to a square that takes no other move.
    closed_off: u64,
}

impl Rules {
    /// The rules of the partial tour at `places` (its squares' places in the order; one
    /// place, the start alone, asks nothing), for moves reaching `window` places back.
    pub(super) fn new(places: Vec<usize>, closed: bool, window: usize) -> Self {
        if places.len() < 2 {
            return Self::default();
        }
        let mut sorted: Vec<(usize, u32)> = places
            .iter()
            .enumerate()
            .map(|(at, &place)| (place, at as u32))
            .collect();
        sorted.sort_unstable();
        Self {
            places,
            sorted,
            closed,
            window,
        }
    }

    /// Whether the partial tour's square number `at` has all its moves in it.
    fn is_full(&self, at: usize) -> bool {
        let last = self.places.len() - 1;
        at < last && (at > 0 || !self.closed)
    }

    /// The rule of the step at place `v`, if the partial tour asks anything of it.
    pub(super) fn at(&self, v: usize) -> Option<Rule> {
        let from = self
            .sorted
            .partition_point(|&(place, _)| place + self.window < v);
        let near = self.sorted[from..]
            .iter()
            .take_while(|&&(place, _)| place <= v);
        let mut rule = None::<Rule>;
        for &(place, at) in near {
            let rule = rule.get_or_insert_default();
            let at = at as usize;
            if place < v {
                if self.is_full(at) {
                    rule.closed_off |= 1 << (v - place);
                }
                continue;
            }
            rule.only_required = self.is_full(at);
            let neighbours = [at.checked_sub(1), Some(at + 1)];
            let mut slots = rule.required.iter_mut();
            for other in neighbours.into_iter().flatten() {
                if let Some(&earlier) = self.places.get(other).filter(|&&other| other < v)
                    && let Some(slot) = slots.next()
                {
                    *slot = v - earlier;
                }
            }
        }
        rule
    }
}

impl Rule {
    /// Whether the moves back `chosen` keep the rule.
    pub(super) fn allows(&self, chosen: &[usize]) -> bool {
        let required = |d: usize| self.required.contains(&d);
        self.required.iter().all(|&d| d == 0 || chosen.contains(&d))
            && chosen
                .iter()
                .all(|&d| required(d) || (!self.only_required && self.closed_off & (1 << d) == 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moves_of_a_partial_tour_are_required_and_its_full_squares_closed_off() {
        // An open tour's partial tour at places 0, 7, 2 (window 7).
        let rules = Rules::new(vec![0, 7, 2], false, 7);
        // Place 2, the last square: its move back to 7 comes later; nothing back from it to 0.
        let last = rules.at(2).unwrap();
        assert!(last.allows(&[1]));
        assert!(!last.allows(&[2]), "0 is the start, with its one move");
        // Place 7: both its moves, back to 0 and to 2, must be taken, and nothing else.
        let inner = rules.at(7).unwrap();
        assert!(inner.allows(&[7, 5]));
        assert!(!inner.allows(&[7]));
        assert!(!inner.allows(&[7, 3]));
        // Place 8 may not take a move back to 7, which is full.
        assert!(!rules.at(8).unwrap().allows(&[1]));
        assert!(rules.at(8).unwrap().allows(&[6]));
        // Far from it, nothing is asked.
        assert_eq!(rules.at(20), None);
    }

    #[test]
    fn a_closed_tour_keeps_its_start_open_and_a_lone_start_asks_nothing() {
        let rules = Rules::new(vec![0, 7, 2], true, 7);
        assert!(rules.at(2).unwrap().allows(&[2]));
        assert_eq!(Rules::new(vec![5], false, 7).at(5), None);
    }
}
