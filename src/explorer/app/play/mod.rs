//! Play (`P`): the player finds a tour, a move at a time, on the board, start and kind on
//! screen, and the engine judges each position as it is reached.
//!
//! The piece (the knight, or the leaper on screen) stands on the start; the squares it may move
//! to are numbered 1 to 8 (1 to 4 for a piece of four moves) in the piece's move order
//! ([`Leaper::moves`]: for the knight clockwise from two up and one right) and marked with their
//! Warnsdorff degree. `Enter` or a click on one of them, or its number, moves there; any other square is
//! refused with a short message; `u` (`b`, `Backspace`) takes the last move back. After every
//! move the judge (`judge`, on a thread of its own) says whether a tour completes the position
//! ([`Judgement`]); judgements are kept by position (`positions`), so a move taken back and
//! played again is judged at once, and the squares along a tour the judge found are judged by
//! it without asking again. `i` shows the next square of that tour: a move into a position a
//! tour completes. When every square is visited, the path goes through the validator and is
//! the tour on screen: `w` and `e` write it. A game begun with an end marked (`E`) asks for a
//! tour to it: the judge completes each position to that end, and a tour that covers the board
//! but ends elsewhere is not the one asked for ([`Play::missed_end`]); the end stays for the
//! game.
//!
//! This file holds [`Play`], the game; `actions` what the explorer's keys do in play and the
//! board it shows; `view` the moves and marks play adds to the board; `judge` the judge;
//! `positions` the judgements kept.

mod actions;
mod judge;
mod positions;
mod view;

use std::sync::Arc;
use std::time::{Duration, Instant};

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::notation::short_name;
use knights_tour_engine::shape::Shape;
use knights_tour_engine::tour::{ShapeRoute, Tour};

use crate::explorer::allowance::Allowance;
use judge::{Job, Judge, Report};
use positions::{Case, Positions};

pub use judge::Judgement;
pub use view::{PlayMove, PlayView};

/// Where the judge stands on the position on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing<'a> {
    /// At work; a slice that ran out already spent `so_far` nodes.
    Judging {
        /// Nodes of the last slice that ran out, if one did.
        so_far: Option<u64>,
    },
    /// Its judgement.
    Judged(&'a Judgement),
    /// Every square is visited: nothing left to judge.
    Complete,
}

/// The tour the judge found last, which completes every position along it.
#[derive(Debug, Clone)]
struct FoundTour {
    tour: Arc<Tour>,
    /// Whether it was found for a closed tour (it then completes an open one too).
    closed: bool,
    nodes: u64,
}

/// A job asked of the judge and not yet answered.
#[derive(Debug, Clone, Copy)]
struct Asked {
    /// The judge's id of the job.
    id: u64,
    /// The position it judges, and its kind.
    case: Case,
}

/// What the judge said when a slice ran out: how far it got.
#[derive(Debug, Clone, Copy)]
struct Interim {
    /// The position being judged, and its kind.
    case: Case,
    /// The nodes the slice spent.
    nodes: u64,
}

/// A game whose every square is visited.
#[derive(Debug, Clone)]
struct Finished {
    /// The tour, or why the validator refused the path.
    tour: Result<Tour, String>,
    /// The time from `P` to the last square.
    took: Duration,
}

/// A game; see the module docs.
#[derive(Debug, Clone)]
pub struct Play {
    board: Board,
    /// The board's holes and clues, when it has any: the knight never enters a hole, the
    /// given numbers stand (the square given the next number is the one move there is, and
    /// no other move enters a square given a number), and the judge keeps them.
    shape: Option<Arc<Shape>>,
    /// The piece the player moves.
    piece: Leaper,
    closed: bool,
    /// The square the tour must end on, if the game asks for one (fixed for the game).
    end: Option<Square>,
    /// The knight's path, the start first.
    path: Vec<Square>,
    /// The position after each square of the path.
    line: Vec<u32>,
    /// Visit numbers by square index, 0 for unvisited.
    visits: Vec<u32>,
    positions: Positions,
    judge: Judge,
    /// The jobs asked of the judge and not yet answered.
    asked: Vec<Asked>,
    /// What the judge may use: the explorer's host's threads, and memory.
    allowance: Allowance,
    memory: u64,
    /// The last slice that ran out.
    interim: Option<Interim>,
    found: Option<FoundTour>,
    hint: Option<Square>,
    taken_back: u64,
    began: Instant,
    /// Once every square is visited: the tour (or why the validator refused it) and the time
    /// it took.
    finished: Option<Finished>,
}

impl Play {
    /// A game on `board` from `start` (to `end`, if given), for a closed tour or an open one,
    /// its start judged within `limits` and in `memory` bytes.
    fn new(
        (board, piece): (Board, Leaper),
        (start, end): (Square, Option<Square>),
        closed: bool,
        (allowance, memory): (Allowance, u64),
        shape: Option<Arc<Shape>>,
    ) -> Self {
        let mut visits = vec![0; board.area() as usize];
        visits[board.index(start) as usize] = 1;
        let mut play = Self {
            board,
            shape,
            piece,
            closed,
            end,
            path: vec![start],
            line: vec![0],
            visits,
            positions: Positions::new(board.index(start)),
            judge: Judge::default(),
            asked: Vec::new(),
            allowance,
            memory,
            interim: None,
            found: None,
            hint: None,
            taken_back: 0,
            began: Instant::now(),
            finished: None,
        };
        play.finish_if_covered();
        play.consult();
        play
    }

    /// The knight's path, the start first.
    pub fn path(&self) -> &[Square] {
        &self.path
    }

    /// Moves made so far.
    pub fn moves_made(&self) -> u64 {
        self.path.len() as u64 - 1
    }

    /// Moves a whole tour has: one fewer than the squares.
    pub fn moves_in_a_tour(&self) -> u64 {
        self.squares() - 1
    }

    /// The squares a tour visits: the board's, less its holes.
    pub fn squares(&self) -> u64 {
        self.shape
            .as_deref()
            .map_or(self.board.area(), Shape::open_count)
    }

    /// Whether the board carries clues (given numbers).
    pub fn has_clues(&self) -> bool {
        self.shape
            .as_deref()
            .is_some_and(|shape| !shape.clues().is_empty())
    }

    /// Moves taken back since play began.
    pub fn taken_back(&self) -> u64 {
        self.taken_back
    }

    /// The hint shown, until the next move.
    pub fn hint(&self) -> Option<Square> {
        self.hint
    }

    /// The validated tour, once every square is visited.
    pub fn tour(&self) -> Option<&Tour> {
        self.finished.as_ref()?.tour.as_ref().ok()
    }

    /// Why the validator refused the path that visits every square (it never should).
    pub fn refused(&self) -> Option<&str> {
        self.finished
            .as_ref()?
            .tour
            .as_ref()
            .err()
            .map(String::as_str)
    }

    /// The time from `P` to the last square, once every square is visited.
    pub fn time_taken(&self) -> Option<Duration> {
        self.finished.as_ref().map(|finished| finished.took)
    }

    /// The end the game asks for, when the complete tour ends elsewhere: a tour, but not the
    /// one asked for.
    pub fn missed_end(&self) -> Option<Square> {
        self.finished.as_ref()?;
        self.end.filter(|&end| end != self.head())
    }

    /// Where the judge stands on the position on the board.
    pub fn standing(&self) -> Standing<'_> {
        if self.finished.is_some() {
            return Standing::Complete;
        }
        let case = self.case();
        match self.positions.judged(case.position, case.closed) {
            Some(judgement) => Standing::Judged(judgement),
            None => Standing::Judging {
                so_far: self
                    .interim
                    .filter(|interim| interim.case == case)
                    .map(|interim| interim.nodes),
            },
        }
    }

    fn head(&self) -> Square {
        self.path[self.path.len() - 1]
    }

    fn position(&self) -> u32 {
        self.line[self.line.len() - 1]
    }

    /// The position on the board, for the kind of tour asked.
    fn case(&self) -> Case {
        Case {
            position: self.position(),
            closed: self.closed,
        }
    }

    /// Whether `square` is open and not yet visited.
    fn is_free(&self, square: Square) -> bool {
        self.visits[self.board.index(square) as usize] == 0
            && self
                .shape
                .as_deref()
                .is_none_or(|shape| shape.is_open(square))
    }

    /// Why the next square cannot be `square` on a board with clues: the next number is
    /// given elsewhere, or `square` is given another number.
    fn clue_refusal(&self, square: Square) -> Option<String> {
        let shape = self.shape.as_deref()?;
        let next = self.path.len() as u32 + 1;
        let name = |square| short_name(self.board, square);
        match shape.square_numbered(next) {
            Some(given) if given != square => {
                return Some(format!("the number {next} is given at {}", name(given)));
            }
            _ => {}
        }
        shape
            .clue_at(square)
            .filter(|&number| number != next)
            .map(|number| format!("{} is given {number}; this move is {next}", name(square)))
    }

    /// Moves the knight to `square`, or says why it cannot go there.
    fn advance(&mut self, square: Square) -> Result<(), String> {
        let board = self.board;
        let name = |square| short_name(board, square);
        let head = self.head();
        if self.finished.is_some() {
            return Err("every square is visited: u takes the last move back".into());
        }
        if square == head {
            return Err(format!(
                "the {} is on {}: pick a numbered square",
                self.piece,
                name(square)
            ));
        }
        if self
            .shape
            .as_deref()
            .is_some_and(|shape| !shape.is_open(square))
        {
            return Err(format!(
                "{} is a hole: a tour never enters it",
                name(square)
            ));
        }
        let visit = self.visits[board.index(square) as usize];
        if visit == 1 {
            return Err(format!(
                "{} is the start: a tour visits each square once",
                name(square)
            ));
        }
        if visit > 0 {
            return Err(format!(
                "{} was visited at move {}: a tour visits each square once",
                name(square),
                visit - 1
            ));
        }
        if !self.piece.is_move(head, square) {
            return Err(format!(
                "{} is not a {}'s move from {}: pick a numbered square",
                name(square),
                self.piece,
                name(head)
            ));
        }
        if let Some(refusal) = self.clue_refusal(square) {
            return Err(refusal);
        }
        let index = board.index(square);
        let position = self.positions.after(self.position(), index);
        self.path.push(square);
        self.line.push(position);
        self.visits[index as usize] = self.path.len() as u32;
        self.hint = None;
        if self.positions.too_many() {
            self.line = self.positions.keep_only(&self.line);
            // The jobs under way were for positions renumbered: their answers are not kept.
            self.asked.clear();
            self.interim = None;
        }
        self.finish_if_covered();
        self.consult();
        Ok(())
    }

    /// Takes the last move back; `false` at the start.
    fn take_back(&mut self) -> bool {
        if self.path.len() < 2 {
            return false;
        }
        let square = self.path.pop().expect("longer than the start");
        self.line.pop();
        self.visits[self.board.index(square) as usize] = 0;
        self.hint = None;
        self.finished = None;
        self.taken_back += 1;
        self.consult();
        true
    }

    /// Judges the board for a closed tour or an open one.
    fn set_closed(&mut self, closed: bool) {
        self.closed = closed;
        self.hint = None;
        self.consult();
    }

    /// The next square of the tour that completes the position, shown as the hint; or why
    /// there is none.
    fn ask_hint(&mut self) -> Result<Square, String> {
        match self.standing() {
            Standing::Judged(Judgement::Completes {
                next: Some(next), ..
            }) => {
                let next = *next;
                self.hint = Some(next);
                Ok(next)
            }
            Standing::Complete | Standing::Judged(Judgement::Completes { next: None, .. }) => {
                Err("every square is visited: no move is left".into())
            }
            Standing::Judged(Judgement::Dead { .. }) => {
                Err("no move completes this position: u takes the last move back".into())
            }
            Standing::Judged(Judgement::Unknown { .. } | Judgement::Failed(_)) => Err(
                "no hint: the judge found no tour from here in its time (nor proved there is none)"
                    .into(),
            ),
            Standing::Judging { .. } => {
                Err("no hint yet: the judge is still at work on this position".into())
            }
        }
    }

    /// Validates the path once it covers the board: closed if its last square is a piece's
    /// move from its first.
    fn finish_if_covered(&mut self) {
        if self.path.len() as u64 != self.squares() {
            return;
        }
        let closes = self.path.len() > 2 && self.piece.is_move(self.head(), self.path[0]);
        let indices = self.path.iter().map(|&s| self.board.index(s)).collect();
        let start = Some(self.path[0]);
        let tour = match &self.shape {
            Some(shape) => {
                let route = ShapeRoute {
                    closed: closes,
                    start,
                    end: None,
                };
                Tour::on_shape(shape, self.piece, indices, route)
            }
            None => Tour::with_piece(self.board, self.piece, indices, closes, start),
        }
        .map_err(|error| format!("the path failed the validator: {error}"));
        self.finished = Some(Finished {
            tour,
            took: self.began.elapsed(),
        });
    }

    /// Sees that the position on the board is judged: by a judgement kept, along the tour
    /// found last, or by the judge (asked again to go on, or asked anew). The judge's work on
    /// any other position stops.
    fn consult(&mut self) {
        let case = self.case();
        if self.finished.is_some()
            || self.positions.judged(case.position, case.closed).is_some()
            || self.judged_along_found_tour()
        {
            self.judge.want_nothing();
            return;
        }
        let under_way = self
            .asked
            .iter()
            .find(|asked| asked.case == case)
            .is_some_and(|asked| self.judge.ask_again(asked.id));
        if !under_way {
            let id = self.judge.ask(Job {
                board: self.board,
                shape: self.shape.clone(),
                piece: self.piece,
                path: self.path.as_slice().into(),
                closed: case.closed,
                end: self.end,
                allowance: self.allowance.clone(),
                memory: self.memory,
            });
            self.asked.push(Asked { id, case });
            // Where no thread could be started, the judge has answered already.
            self.take_reports();
        }
    }

    /// Judges the position by the tour found last, when that tour begins with the path (a
    /// closed tour completes an open question too); `false` when it does not.
    fn judged_along_found_tour(&mut self) -> bool {
        let Some(found) = &self.found else {
            return false;
        };
        let indices = found.tour.indices();
        let board = self.board;
        let kind_fits = found.closed || !self.closed;
        let begins_with_path = indices.len() >= self.path.len()
            && self
                .path
                .iter()
                .zip(indices)
                .all(|(&square, &index)| board.index(square) == index);
        if !(kind_fits && begins_with_path) {
            return false;
        }
        let judgement = Judgement::Completes {
            next: indices
                .get(self.path.len())
                .map(|&index| board.square_at(index)),
            nodes: found.nodes,
        };
        self.positions
            .record(self.position(), self.closed, judgement);
        true
    }

    /// Takes in what the judge has said since last asked; `true` if anything came.
    fn take_reports(&mut self) -> bool {
        let reports = self.judge.reports();
        for report in &reports {
            let id = report.id();
            let Some(&Asked { case, .. }) = self.asked.iter().find(|asked| asked.id == id) else {
                continue;
            };
            match report {
                Report::Interim { nodes, .. } => {
                    self.interim = Some(Interim {
                        case,
                        nodes: *nodes,
                    })
                }
                Report::Final {
                    judgement, tour, ..
                } => {
                    if let (Some(tour), Judgement::Completes { nodes, .. }) = (tour, judgement) {
                        self.found = Some(FoundTour {
                            tour: Arc::clone(tour),
                            closed: case.closed,
                            nodes: *nodes,
                        });
                    }
                    self.positions
                        .record(case.position, case.closed, judgement.clone());
                }
                Report::Dropped { .. } => {}
            }
            if !matches!(report, Report::Interim { .. }) {
                self.asked.retain(|asked| asked.id != id);
            }
        }
        !reports.is_empty()
    }
}
