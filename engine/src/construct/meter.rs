//! What a construction may spend: the solve's node budget, which the searches for its block tours
//! draw on, and the deadline, which every stage looks at between blocks, bands and chunks of
//! squares, so that a construction of any size stops within a few milliseconds of it. A meter
//! may also carry a [`Story`], in which the construction tells each block it lays and each
//! join it makes (see [`super::story`]).

use std::time::Instant;

use super::links::KnightLinks;
pub use super::links::SQUARES_PER_LOOK;
use super::story::Story;
use crate::board::Square;
pub(crate) use crate::search::check_clock;
use crate::search::{Limit, Limits};

/// The node budget and deadline of one construction, and the nodes its block tour searches have
/// spent. A block tour found earlier in the process costs the nodes its search took all the same,
/// so that the same request spends the same nodes every time.
#[derive(Debug, Clone)]
pub struct Meter {
    limits: Limits,
    spent: u64,
    /// The story being told, when one is asked for.
    story: Option<Box<Story>>,
}

impl Meter {
    /// A meter for `limits`, nothing spent.
    pub fn new(limits: Limits) -> Self {
        Self {
            limits,
            spent: 0,
            story: None,
        }
    }

    /// The same meter, asking the construction to tell its story.
    pub fn telling(mut self) -> Self {
        self.story = Some(Box::default());
        self
    }

    /// Whether the construction is telling its story (then it lays and joins every block
    /// itself, with no copies of bands or runs of blocks).
    pub fn is_telling(&self) -> bool {
        self.story.is_some()
    }

    /// The story told, taken out of the meter.
    pub fn take_story(&mut self) -> Option<Story> {
        self.story.take().map(|story| *story)
    }

    /// Forgets the steps told so far (of an attempt given up).
    pub fn forget_story(&mut self) {
        if let Some(story) = &mut self.story {
            **story = Story::default();
        }
    }

    /// Tells that `tour` was laid with its top-left corner at `corner`.
    pub fn laid(&mut self, tour: &KnightLinks, corner: Square) {
        if let Some(story) = &mut self.story {
            story.laid(tour, corner);
        }
    }

    /// Tells that the edges `a` and `b` were spliced (see
    /// [`LinkedTour::splice`](super::linked::LinkedTour::splice)).
    pub fn spliced(&mut self, a: (Square, Square), b: (Square, Square)) {
        if let Some(story) = &mut self.story {
            story.spliced(a, b);
        }
    }

    /// Tells that `moves` were added across a cut.
    pub fn wired(&mut self, moves: &[(Square, Square)]) {
        if let Some(story) = &mut self.story {
            story.wired(moves);
        }
    }

    /// No budget and no deadline.
    pub fn unlimited() -> Self {
        Self::new(Limits::NONE)
    }

    /// Nodes spent so far by the block tour searches.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Nodes left in the budget.
    pub fn nodes_left(&self) -> u64 {
        self.limits.node_budget.saturating_sub(self.spent)
    }

    /// The deadline.
    pub fn deadline(&self) -> Option<Instant> {
        self.limits.deadline
    }

    /// Spends `nodes`; fails when the budget does not hold them (which is then spent).
    pub fn charge(&mut self, nodes: u64) -> Result<(), Limit> {
        if nodes > self.nodes_left() {
            self.spent = self.limits.node_budget;
            return Err(Limit::Nodes);
        }
        self.spent += nodes;
        Ok(())
    }

    /// Fails once the deadline has passed.
    pub fn check_clock(&self) -> Result<(), Limit> {
        check_clock(self.limits.deadline)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn charges_stop_at_the_budget_even_the_largest() {
        let mut meter = Meter::new(Limits {
            node_budget: 10,
            deadline: None,
        });
        assert_eq!(meter.charge(4), Ok(()));
        assert_eq!(meter.charge(7), Err(Limit::Nodes));
        assert_eq!((meter.spent(), meter.nodes_left()), (10, 0));
        let mut unlimited = Meter::unlimited();
        assert_eq!(unlimited.charge(u64::MAX - 1), Ok(()));
        assert_eq!(unlimited.charge(1), Ok(()));
        assert_eq!(unlimited.charge(1), Err(Limit::Nodes));
        assert_eq!(unlimited.check_clock(), Ok(()));
    }

    #[test]
    fn a_passed_deadline_stops_and_a_later_one_does_not() {
        let passed = Instant::now();
        assert_eq!(check_clock(Some(passed)), Err(Limit::Deadline));
        let later = Instant::now() + Duration::from_secs(3600);
        assert_eq!(check_clock(Some(later)), Ok(()));
    }
}
