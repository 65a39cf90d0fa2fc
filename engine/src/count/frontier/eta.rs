//! A rough estimate of the time a frontier count has left, for its progress reports.
//!
//! A step's time goes with the states it steps, so the estimate is the states still to step
//! times the seconds a state took in the last step of some size. The states to come are
//! guessed from the shape frontier counts have: the frontier grows square by square (here, as
//! it grew over the last row of squares, but half as fast, since the growth slows), until
//! the last two rows, over which it shrinks to nothing.

/// The fewest states a step must have stepped for its pace to be taken.
const TIMED_FROM: u64 = 1 << 16;

#[derive(Debug, Clone)]
pub(in crate::count) struct Estimate {
    /// The squares of a row in the order, and of the board.
    width: usize,
    squares: usize,
    /// The states of the frontier after each square taken (`states[0]` before any).
    states: Vec<u64>,
    /// Seconds a state took in the last step timed.
    pace: Option<f64>,
}

impl Estimate {
    pub(in crate::count) fn new(width: usize, squares: usize) -> Self {
        Self {
            width: width.max(1),
            squares,
            states: vec![1],
            pace: None,
        }
    }

    /// A square taken: it stepped `stepped` states in `seconds`, and made a frontier of
    /// `states`.
    pub(in crate::count) fn taken(&mut self, stepped: u64, seconds: f64, states: u64) {
        if stepped >= TIMED_FROM {
            self.pace = Some(seconds / stepped as f64);
        }
        self.states.push(states);
    }

    /// The seconds left, with `permille` thousandths of the square being taken done.
    pub(in crate::count) fn seconds_left(&self, permille: u32) -> Option<u64> {
        let pace = self.pace?;
        let v = self.states.len() - 1;
        let now = *self.states.last().expect("the states before any square") as f64;
        let row_ago = v
            .checked_sub(self.width)
            .map_or(1.0, |u| self.states[u].max(1) as f64);
        let growth = (now / row_ago).powf(1.0 / (2 * self.width) as f64).max(1.0);
        let shrinking_from = self.squares.saturating_sub(2 * self.width).max(v);
        let mut left = now * (1.0 - f64::from(permille) / 1000.0);
        let mut states = now;
        for u in v + 1..self.squares {
            if u <= shrinking_from {
                states *= growth;
            } else {
                let steps = (self.squares - shrinking_from) as f64;
                states -= states / (steps - (u - shrinking_from - 1) as f64);
            }
            left += states;
        }
        Some((left * pace).ceil() as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_waits_for_a_timed_step_and_falls_as_the_count_goes_on() {
        let mut estimate = Estimate::new(4, 16);
        estimate.taken(1, 0.1, 10);
        assert_eq!(estimate.seconds_left(0), None);
        for _ in 2..=8 {
            estimate.taken(1 << 20, 1.0, 1 << 20);
        }
        // A frontier that stays as large for the next square, then shrinks over the last
        // two rows: about 1 + 7/8 + ... of a step's second each.
        let left = estimate.seconds_left(0).unwrap();
        assert!((4..=6).contains(&left), "{left}");
        assert!(estimate.seconds_left(500).unwrap() < left);
    }
}
