//! The positions of a game and what the judge said of them, so that a move taken back and
//! played again is judged at once. A position is the path so far; positions are kept as a
//! tree (each the position before it and one more square), which holds any number of lines
//! tried from one start in the squares it takes.

use std::collections::HashMap;

use super::judge::Judgement;

/// The most positions kept; past it, only the line on the board is kept.
const MAX_POSITIONS: usize = 1 << 20;

/// A position to judge, for a closed tour or an open one: what a judgement is kept by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Case {
    /// The position's number.
    pub(super) position: u32,
    /// Whether the tour asked for is closed.
    pub(super) closed: bool,
}

/// A move played from a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Played {
    /// The position it was played from.
    from: u32,
    /// The square it went to (a square index).
    square: u32,
}

/// The positions seen and their judgements; see the module docs. Position 0 is the start.
#[derive(Debug, Clone)]
pub(super) struct Positions {
    /// The knight's square in each position (a square index).
    squares: Vec<u32>,
    /// The position after each move played.
    after: HashMap<Played, u32>,
    /// The judgement of each position, for a closed tour or an open one.
    judged: HashMap<Case, Judgement>,
}

impl Positions {
    /// The start alone, on the square numbered `start`.
    pub(super) fn new(start: u32) -> Self {
        Self {
            squares: vec![start],
            after: HashMap::new(),
            judged: HashMap::new(),
        }
    }

    /// The position after moving to `square` from `position`, made if new.
    pub(super) fn after(&mut self, position: u32, square: u32) -> u32 {
        let played = Played {
            from: position,
            square,
        };
        if let Some(&next) = self.after.get(&played) {
            return next;
        }
        let next = self.squares.len() as u32;
        self.squares.push(square);
        self.after.insert(played, next);
        next
    }

    /// The judgement of `position` for a closed tour or an open one, if it was judged.
    pub(super) fn judged(&self, position: u32, closed: bool) -> Option<&Judgement> {
        self.judged.get(&Case { position, closed })
    }

    /// Records the judgement of `position`.
    pub(super) fn record(&mut self, position: u32, closed: bool, judgement: Judgement) {
        self.judged.insert(Case { position, closed }, judgement);
    }

    /// Whether more positions are kept than [`MAX_POSITIONS`].
    pub(super) fn too_many(&self) -> bool {
        self.squares.len() > MAX_POSITIONS
    }

    /// Only the positions of `line` (the start's first, each after the one before it) are
    /// kept, with their judgements; returns their new numbers, in the same order.
    pub(super) fn keep_only(&mut self, line: &[u32]) -> Vec<u32> {
        let mut kept = Positions::new(self.squares[0]);
        let mut numbers = vec![0];
        for &old in &line[1..] {
            let next = kept.after(numbers[numbers.len() - 1], self.squares[old as usize]);
            numbers.push(next);
        }
        for (&old, &new) in line.iter().zip(&numbers) {
            for closed in [false, true] {
                let case = Case {
                    position: old,
                    closed,
                };
                if let Some(judgement) = self.judged.remove(&case) {
                    kept.record(new, closed, judgement);
                }
            }
        }
        *self = kept;
        numbers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn completes(nodes: u64) -> Judgement {
        Judgement::Completes { next: None, nodes }
    }

    #[test]
    fn a_line_played_again_finds_its_positions_and_their_judgements() {
        let mut positions = Positions::new(0);
        let first = positions.after(0, 7);
        let second = positions.after(first, 14);
        positions.record(second, false, completes(5));
        let other = positions.after(first, 10);
        assert_ne!(other, second);
        assert_eq!(positions.after(0, 7), first);
        assert_eq!(positions.after(first, 14), second);
        assert_eq!(positions.judged(second, false), Some(&completes(5)));
        assert_eq!(positions.judged(second, true), None, "the kinds are apart");
    }

    #[test]
    fn keeping_one_line_keeps_its_judgements_and_forgets_the_rest() {
        let mut positions = Positions::new(0);
        let first = positions.after(0, 7);
        let aside = positions.after(first, 10);
        positions.record(aside, false, completes(1));
        let second = positions.after(first, 14);
        positions.record(second, true, completes(2));
        let numbers = positions.keep_only(&[0, first, second]);
        assert_eq!(numbers.len(), 3);
        assert_eq!(positions.judged(numbers[2], true), Some(&completes(2)));
        assert_eq!(positions.after(numbers[1], 14), numbers[2]);
        assert_eq!(positions.squares.len(), 3, "the line aside is gone");
    }
}
