//! The construction told step by step ([`Building`]): with `construct` on a board built from
//! blocks, the explorer shows the engine's own story of the construction (see
//! [`knights_tour_engine::construct::story`]) — the seams between blocks, each block's piece as it is
//! laid, numbered in its own order, and each join that makes two pieces one — stepped with `n`
//! and `b`, played with `Space`, finished with `f`. At its end the validated tour is shown, and
//! its timeline takes over.

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::construct::story::{Step, Story};
use knights_tour_engine::tour::Tour;

use super::{App, Motion, Notice};

/// A construction being shown step by step.
#[derive(Debug, Clone)]
pub struct Building {
    story: Story,
    /// Steps shown so far.
    shown: usize,
    /// Squares of the blocks laid so far.
    squares_laid: u64,
    /// Blocks laid before each step, and after the last.
    laid_before: Vec<u32>,
    /// The first rows and columns of the blocks after the first: the seams.
    cuts: (Vec<u32>, Vec<u32>),
    /// The most squares a block has: where the gradient of a piece's order ends.
    largest_block: u32,
    /// The tour the construction gave (validated), shown once every step is.
    tour: Tour,
    /// Its visit numbers, by square.
    tour_visits: Vec<u32>,
}

impl Building {
    /// A construction of `tour` told by `story`, nothing shown yet.
    pub(super) fn new(story: Story, tour: Tour, tour_visits: Vec<u32>) -> Self {
        let mut laid_before = Vec::with_capacity(story.steps().len() + 1);
        let mut laid = 0;
        for step in story.steps() {
            laid_before.push(laid);
            laid += u32::from(matches!(step, Step::Laid { .. }));
        }
        laid_before.push(laid);
        let largest_block = story.blocks().map(|b| b.rows * b.cols).max().unwrap_or(1);
        let cuts = story.cuts();
        Self {
            story,
            shown: 0,
            squares_laid: 0,
            laid_before,
            cuts,
            largest_block,
            tour,
            tour_visits,
        }
    }

    /// Whether every step is shown.
    pub(super) fn is_complete(&self) -> bool {
        self.shown == self.story.steps().len()
    }

    /// Blocks laid so far, and in all.
    pub fn blocks(&self) -> (u32, u32) {
        (
            self.laid_before[self.shown],
            *self.laid_before.last().expect("one entry at least"),
        )
    }

    /// Joins made so far, and in all.
    pub fn joins(&self) -> (u32, u32) {
        let (laid, blocks) = self.blocks();
        let total = self.story.steps().len() as u32 - blocks;
        (self.shown as u32 - laid, total)
    }

    /// Steps shown so far.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// Squares of the blocks laid so far.
    pub(crate) fn squares_laid(&self) -> u64 {
        self.squares_laid
    }

    /// The rows and columns where a block begins (after the first): the seams.
    pub(crate) fn cuts(&self) -> (&[u32], &[u32]) {
        (&self.cuts.0, &self.cuts.1)
    }

    /// Where the gradient of a piece's order ends.
    pub(crate) fn largest_block(&self) -> u32 {
        self.largest_block
    }

    /// The last step shown.
    pub(crate) fn last_step(&self) -> Option<&Step> {
        self.shown.checked_sub(1).map(|i| &self.story.steps()[i])
    }

    /// The step shown next.
    pub(crate) fn next_step(&self) -> Option<&Step> {
        self.story.steps().get(self.shown)
    }

    /// The squares the last step joined (the ends of the moves it added).
    pub(crate) fn joined_squares(&self) -> Vec<Square> {
        match self.last_step() {
            Some(Step::Spliced { into, .. }) => into.iter().flat_map(|&(a, b)| [a, b]).collect(),
            Some(Step::Wired { moves }) => moves.iter().flat_map(|&(a, b)| [a, b]).collect(),
            _ => Vec::new(),
        }
    }

    /// Numbers the squares of the block `step` lays with its tour's own order (1 first) in
    /// `visits`, or clears them; returns the block's squares (0 for a join).
    fn mark(board: Board, step: &Step, visits: &mut [u32], laid: bool) -> u64 {
        let Step::Laid { block, tour } = step else {
            return 0;
        };
        let order = tour.parts.iter().flatten();
        for (number, &square) in order.enumerate() {
            let on_board =
                Square::new(block.corner.row + square.row, block.corner.col + square.col);
            visits[board.index(on_board) as usize] = if laid { number as u32 + 1 } else { 0 };
        }
        tour.len() as u64
    }
}

impl App {
    /// The construction being shown step by step, while it is not complete.
    pub fn building(&self) -> Option<&Building> {
        self.building.as_deref().filter(|b| !b.is_complete())
    }

    /// Shows up to `steps` more steps of the construction; at its end, the tour.
    pub(super) fn build_forward(&mut self, steps: u64) {
        let board = self.setup.board;
        let Some(building) = self.building.as_deref_mut() else {
            return;
        };
        let total = building.story.steps().len();
        let until = total.min(
            building
                .shown
                .saturating_add(steps.min(total as u64) as usize),
        );
        while building.shown < until {
            let step = &building.story.steps()[building.shown];
            building.squares_laid += Building::mark(board, step, &mut self.visits, true);
            building.shown += 1;
        }
        if building.is_complete() {
            std::mem::swap(&mut self.visits, &mut building.tour_visits);
            self.tour = Some(building.tour.clone());
            self.motion = Motion::Still;
        }
    }

    /// Takes the last step of the construction back; from the end, the tour goes and the
    /// pieces come back.
    pub(super) fn build_back(&mut self) -> bool {
        let board = self.setup.board;
        let Some(building) = self.building.as_deref_mut() else {
            return false;
        };
        if building.shown == 0 {
            self.notice = Some(Notice::Message(
                "at the beginning of the construction".into(),
            ));
            return true;
        }
        if building.is_complete() {
            std::mem::swap(&mut self.visits, &mut building.tour_visits);
            self.tour = None;
        }
        building.shown -= 1;
        let step = &building.story.steps()[building.shown];
        building.squares_laid -= Building::mark(board, step, &mut self.visits, false);
        true
    }

    /// Shows the whole construction at once: the tour.
    pub(super) fn build_to_end(&mut self) {
        self.build_forward(u64::MAX);
    }
}
