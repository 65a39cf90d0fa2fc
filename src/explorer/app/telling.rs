//! The construction told step by step ([`Telling`]): with `construct` on a board built from
//! blocks, the explorer tells the engine's own [`Story`] of the construction (see
//! [`knights_tour_engine::construct::story`]) — the seams between blocks, each block's piece as it is
//! laid, numbered in its own order, and each join that makes two pieces one — stepped with `n`
//! and `b`, played with `Space`, finished with `f`. At its end the validated tour is shown, and
//! its timeline takes over.

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::construct::story::{Step, Story};
use knights_tour_engine::tour::Tour;

use super::{App, Motion, Notice, TourShown};

/// The engine's story of a construction, being told step by step: how far, and what the board
/// needs to show it.
#[derive(Debug, Clone)]
pub struct Telling {
    story: Story,
    /// Steps shown so far.
    shown: usize,
    /// Squares of the blocks laid so far.
    squares_laid: u64,
    /// Blocks laid before each step, and after the last.
    laid_before: Vec<u32>,
    /// The first row of each block after the first: the seams across the board.
    seam_rows: Vec<u32>,
    /// The first column of each block after the first: the seams down the board.
    seam_cols: Vec<u32>,
    /// The most squares a block has: where the gradient of a piece's order ends.
    largest_block: u32,
    /// The visit numbers the board does not show now, swapped with the board's at the story's
    /// end and back: the tour's until every step is shown, then the pieces'.
    set_aside: Vec<u32>,
}

impl Telling {
    /// The telling of `story`, nothing told yet, with the visit numbers of the tour it tells.
    fn new(story: Story, tour_visits: Vec<u32>) -> Self {
        let mut laid_before = Vec::with_capacity(story.steps().len() + 1);
        let mut laid = 0;
        for step in story.steps() {
            laid_before.push(laid);
            laid += u32::from(matches!(step, Step::Laid { .. }));
        }
        laid_before.push(laid);
        let largest_block = story.blocks().map(|b| b.rows * b.cols).max().unwrap_or(1);
        let (seam_rows, seam_cols) = story.cuts();
        Self {
            story,
            shown: 0,
            squares_laid: 0,
            laid_before,
            seam_rows,
            seam_cols,
            largest_block,
            set_aside: tour_visits,
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
        (&self.seam_rows, &self.seam_cols)
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

    /// Tells up to `steps` more steps, marking the pieces laid in `visits` (of a board of
    /// `board`); at the story's end, `visits` becomes the tour's. Returns whether the story is
    /// told to its end.
    fn forward(&mut self, board: Board, visits: &mut Vec<u32>, steps: u64) -> bool {
        if self.is_complete() {
            return true;
        }
        let total = self.story.steps().len();
        let until = total.min(self.shown.saturating_add(steps.min(total as u64) as usize));
        while self.shown < until {
            let step = &self.story.steps()[self.shown];
            self.squares_laid += Self::mark(board, step, visits, true);
            self.shown += 1;
        }
        if self.is_complete() {
            std::mem::swap(visits, &mut self.set_aside);
        }
        self.is_complete()
    }

    /// Takes the last step told back, clearing its piece from `visits`; from the end, the
    /// pieces come back in place of the tour. `false` at the beginning.
    fn back(&mut self, board: Board, visits: &mut Vec<u32>) -> bool {
        if self.shown == 0 {
            return false;
        }
        if self.is_complete() {
            std::mem::swap(visits, &mut self.set_aside);
        }
        self.shown -= 1;
        let step = &self.story.steps()[self.shown];
        self.squares_laid -= Self::mark(board, step, visits, false);
        true
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

impl TourShown {
    /// `tour`, with its visit numbers, to be shown after the construction `story` tells:
    /// nothing of it shown yet.
    pub(super) fn told(tour: Tour, visits: Vec<u32>, story: Story) -> Self {
        let pieces = vec![0; visits.len()];
        Self {
            tour,
            visits: pieces,
            telling: Some(Telling::new(story, visits)),
        }
    }
}

impl App {
    /// The construction being told step by step, while it is not told to its end.
    pub fn telling(&self) -> Option<&Telling> {
        self.attempt
            .shown()?
            .telling
            .as_ref()
            .filter(|telling| !telling.is_complete())
    }

    /// The construction being told, whole or not, and the visit numbers it lays on the board.
    fn told_mut(&mut self) -> Option<(&mut Vec<u32>, &mut Telling)> {
        match self.attempt.shown_mut()? {
            TourShown {
                visits,
                telling: Some(telling),
                ..
            } => Some((visits, telling)),
            TourShown { telling: None, .. } => None,
        }
    }

    /// Tells up to `steps` more steps of the construction; at its end, the tour is shown.
    pub(super) fn build_forward(&mut self, steps: u64) {
        let board = self.setup.board;
        let Some((visits, telling)) = self.told_mut() else {
            return;
        };
        if telling.forward(board, visits, steps) {
            self.motion = Motion::Still;
        }
    }

    /// Takes the last step of the construction back; from the end, the tour goes and the
    /// pieces come back. `false` when no construction is told.
    pub(super) fn build_back(&mut self) -> bool {
        let board = self.setup.board;
        let Some((visits, telling)) = self.told_mut() else {
            return false;
        };
        if !telling.back(board, visits) {
            self.notice = Some(Notice::Message(
                "at the beginning of the construction".into(),
            ));
        }
        true
    }

    /// Shows the whole construction at once: the tour.
    pub(super) fn build_to_end(&mut self) {
        self.build_forward(u64::MAX);
    }
}
