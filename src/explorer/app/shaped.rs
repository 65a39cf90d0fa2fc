//! Boards of any shape: holes, and clues (squares given their visit numbers), as `--board`
//! opens them and the keys draw them. A board with neither is the rectangle, and every key
//! does on it exactly what it always did: the app holds a shape only while it has a hole or a
//! clue.
//!
//! - `x` makes the cursor's square a hole, or opens it again. The start cannot be a hole, nor
//!   the last open square; a clue on the square goes with it, and a clue whose number is then
//!   larger than the open squares is dropped, with a word.
//! - `#` asks for the number of the cursor's square (a clue), or clears the one it has. A
//!   number out of range, given twice, on a hole or on the start (which is visit 1) is refused
//!   with one line in the panel. A clue 1 is the start: the start moves there.
//! - Resizing (`{ } [ ] < >`) keeps the holes and the clues still inside the board.
//!
//! What the keys do on such a board: the stepped searches (`n`, `Space`, `f`) and the race step
//! the engine's search with the holes cut out ([`Search::with_holes`]); a board with clues is
//! answered whole by the engine's solve on the shape (its search that keeps clues, after its
//! proofs), since the stepped search keeps no clue, and the explorer shows only what the
//! engine does: a path that breaks a clue is never shown. The maps answer the open squares.
//! Play keeps the clues (see `play`). `w` writes the board in the `--board` format beside the
//! tour ([`App::save`]).
//!
//! Every change of the board goes through [`App::set_shape`], the one way in for a board
//! made elsewhere too (a puzzle generator's, say): it checks the shape, moves the start and
//! the end onto it, and starts a new search.
//!
//! [`Search::with_holes`]: knights_tour_engine::search::Search::with_holes

use std::sync::Arc;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::notation::short_name;
use knights_tour_engine::quote::quoted;
use knights_tour_engine::shape::picture::Picture;
use knights_tour_engine::shape::{Clue, Shape};

use super::{App, Notice, PromptPurpose};

impl App {
    /// The board's shape, when it has holes or clues (`None` on a whole rectangle).
    pub fn shape(&self) -> Option<&Shape> {
        self.shape.as_deref()
    }

    /// The shape, shared, when there is one.
    pub(super) fn shared_shape(&self) -> Option<Arc<Shape>> {
        self.shape.clone()
    }

    /// Whether the board carries clues (given numbers).
    pub fn has_clues(&self) -> bool {
        self.shape
            .as_deref()
            .is_some_and(|shape| !shape.clues().is_empty())
    }

    /// Whether the clues bind more than the start (a number other than 1): the stepped
    /// searches keep none, so the engine's solve answers the board whole.
    pub fn clues_bind(&self) -> bool {
        self.shape
            .as_deref()
            .is_some_and(|shape| shape.clues().iter().any(|clue| clue.number != 1))
    }

    /// The squares a tour visits: the board's, less its holes.
    pub fn squares(&self) -> u64 {
        self.shape
            .as_deref()
            .map_or(self.setup.board.area(), Shape::open_count)
    }

    /// The board in words: `8x8`, `8x8 less 28 holes, 3 clues`.
    pub fn board_text(&self) -> String {
        match &self.shape {
            Some(shape) => shape.to_string(),
            None => self.setup.board.to_string(),
        }
    }

    /// Whether `square` is a hole of the board.
    pub fn is_hole(&self, square: Square) -> bool {
        self.shape
            .as_deref()
            .is_some_and(|shape| shape.board().contains(square) && !shape.is_open(square))
    }

    /// The explorer on the board of `picture` (`--board`): its shape, and its start unless
    /// `start` (a `--start` given) says otherwise; why not when that start is a hole or
    /// carries a number other than 1.
    pub fn with_picture(mut self, picture: Picture, start: Option<Square>) -> Result<Self, String> {
        let board = picture.shape().board();
        let start = start.or(picture.start());
        let shape = picture.into_shape();
        if let Some(start) = start {
            if !shape.is_open(start) {
                return Err(format!(
                    "--start {} is a hole of the board",
                    short_name(board, start)
                ));
            }
            if let Some(number) = shape.clue_at(start).filter(|&number| number != 1) {
                return Err(format!(
                    "--start {} is given the number {number}, and a tour's start is visit 1",
                    short_name(board, start)
                ));
            }
        }
        self.setup.board = board;
        self.setup.start = start
            .or(shape.clued_start())
            .or_else(|| shape.open_squares().next())
            .expect("a shape has an open square");
        self.cursor = self.setup.start;
        self.end = None;
        self.set_shape(shape);
        self.notice = None;
        Ok(self)
    }

    /// Makes `shape` the board (a whole rectangle without clues is held as no shape): the
    /// start goes to the square given 1, or off a hole to the first open square; an end on a
    /// hole or a clue is cleared; then a new search. The one way a board changes shape.
    pub(crate) fn set_shape(&mut self, shape: Shape) {
        let board = shape.board();
        self.setup.board = board;
        if let Some(first) = shape.clued_start() {
            self.setup.start = first;
        } else if !shape.is_open(self.setup.start) || shape.clue_at(self.setup.start).is_some() {
            self.setup.start = shape
                .open_squares()
                .find(|&square| shape.clue_at(square).is_none())
                .or_else(|| shape.open_squares().next())
                .expect("a shape has an open square");
        }
        if let Some(end) = self.end
            && (!shape.is_open(end) || shape.clue_at(end).is_some() || end == self.setup.start)
        {
            self.end = None;
        }
        self.shape = (!shape.is_rectangle()).then(|| Arc::new(shape));
        self.reset();
    }

    /// Why `square` cannot be the start, on a board with holes or clues: a hole, a square
    /// given another number than 1, or any square but the one given 1.
    pub(super) fn start_refused(&self, square: Square) -> Option<String> {
        let shape = self.shape.as_deref()?;
        let board = self.setup.board;
        let name = short_name(board, square);
        if !shape.is_open(square) {
            return Some(format!(
                "{name} is a hole: the start is an open square (x opens it)"
            ));
        }
        if let Some(first) = shape.clued_start()
            && first != square
        {
            return Some(format!(
                "the start is {}, given the number 1 (# there clears it)",
                short_name(board, first)
            ));
        }
        shape
            .clue_at(square)
            .filter(|&number| number != 1)
            .map(|number| format!("{name} is given {number}: the start is visit 1"))
    }

    /// Why `square` cannot be the end, on a board with holes or clues: a hole, or a square
    /// given another number than the last.
    pub(super) fn end_refused(&self, square: Square) -> Option<String> {
        let shape = self.shape.as_deref()?;
        let name = short_name(self.setup.board, square);
        if !shape.is_open(square) {
            return Some(format!("{name} is a hole: the end is an open square"));
        }
        let last = shape.open_count();
        shape
            .clue_at(square)
            .filter(|&number| u64::from(number) != last)
            .map(|number| format!("{name} is given {number}: the end is visit {last}"))
    }

    /// The holes and clues of the board (none on a whole rectangle).
    fn holes_and_clues(&self) -> (Vec<Square>, Vec<Clue>) {
        match &self.shape {
            Some(shape) => (shape.holes().to_vec(), shape.clues().to_vec()),
            None => (Vec::new(), Vec::new()),
        }
    }

    /// `x`: the cursor's square becomes a hole, or an open square again.
    pub(super) fn toggle_hole(&mut self) {
        let square = self.cursor;
        let board = self.setup.board;
        let name = short_name(board, square);
        let (mut holes, mut clues) = self.holes_and_clues();
        if let Some(at) = holes.iter().position(|&hole| hole == square) {
            holes.remove(at);
            self.edit_shape(&holes, &clues, format!("{name} is open again"));
            return;
        }
        if square == self.setup.start {
            self.notice = Some(Notice::Message(format!(
                "{name} is the start, which cannot be a hole: Enter on another square moves it"
            )));
            return;
        }
        if self.squares() <= 1 {
            self.notice = Some(Notice::Message(
                "the last open square cannot be a hole".into(),
            ));
            return;
        }
        holes.push(square);
        let mut said = format!("{name} is a hole");
        if let Some(at) = clues.iter().position(|clue| clue.square == square) {
            said += &format!(", its number {} gone", clues.remove(at).number);
        }
        let open = board.area() - holes.len() as u64;
        let dropped: Vec<String> = clues
            .iter()
            .filter(|clue| u64::from(clue.number) > open)
            .map(|clue| clue.number.to_string())
            .collect();
        if !dropped.is_empty() {
            clues.retain(|clue| u64::from(clue.number) <= open);
            said += &format!(
                "; {} dropped, past the {open} open squares",
                dropped.join(", ")
            );
        }
        self.edit_shape(&holes, &clues, said);
    }

    /// `#`: clears the cursor's clue, or asks for the number to give its square.
    pub(super) fn ask_clue(&mut self) {
        let square = self.cursor;
        let name = short_name(self.setup.board, square);
        let (holes, mut clues) = self.holes_and_clues();
        if let Some(at) = clues.iter().position(|clue| clue.square == square) {
            let number = clues.remove(at).number;
            self.edit_shape(
                &holes,
                &clues,
                format!("{name}: the number {number} cleared"),
            );
            return;
        }
        if self.is_hole(square) {
            self.notice = Some(Notice::Message(format!(
                "{name} is a hole, and takes no number: x opens it"
            )));
            return;
        }
        self.open_clue_prompt();
    }

    /// The number typed for the cursor's square (`#`'s prompt), or why it cannot be given.
    pub(super) fn set_clue(&mut self, text: &str) {
        let square = self.cursor;
        let board = self.setup.board;
        let name = short_name(board, square);
        let open = self.squares();
        let number = match text.parse::<u32>() {
            Ok(number) if number >= 1 && u64::from(number) <= open => number,
            _ => {
                self.notice = Some(Notice::Message(format!(
                    "number for {name}: {} is not one of 1 to {open}, the open squares",
                    quoted(text)
                )));
                return;
            }
        };
        let (holes, mut clues) = self.holes_and_clues();
        if let Some(other) = clues.iter().find(|clue| clue.number == number) {
            self.notice = Some(Notice::Message(format!(
                "the number {number} is given already, at {}: # there clears it",
                short_name(board, other.square)
            )));
            return;
        }
        if square == self.setup.start && number != 1 {
            self.notice = Some(Notice::Message(format!(
                "{name} is the start, visit 1: Enter on another square moves the start"
            )));
            return;
        }
        clues.push(Clue { number, square });
        let mut said = format!("{name} is given {number}");
        if number == 1 && square != self.setup.start {
            said += ": the start";
        }
        self.edit_shape(&holes, &clues, said);
    }

    /// The board with `holes` and `clues`, then `said` in the panel; or why it cannot be.
    fn edit_shape(&mut self, holes: &[Square], clues: &[Clue], said: String) {
        match Shape::new(self.setup.board, holes, clues) {
            Ok(shape) => {
                self.set_shape(shape);
                self.notice = Some(Notice::Message(said));
            }
            Err(error) => self.notice = Some(Notice::Message(error.to_string())),
        }
    }

    /// The shape on `board` (the board resized): the holes and clues still inside it, the
    /// clues past its open squares dropped; `None` when no square of it would be open.
    pub(super) fn shape_resized(&self, board: Board) -> Option<Result<Shape, String>> {
        let shape = self.shape.as_deref()?;
        let holes: Vec<Square> = shape
            .holes()
            .iter()
            .copied()
            .filter(|&hole| board.contains(hole))
            .collect();
        let open = board.area() - holes.len() as u64;
        let clues: Vec<Clue> = shape
            .clues()
            .iter()
            .copied()
            .filter(|clue| board.contains(clue.square) && u64::from(clue.number) <= open)
            .collect();
        Some(Shape::new(board, &holes, &clues).map_err(|error| error.to_string()))
    }

    /// The board as the `--board` format writes it, the start marked, when it has a shape.
    pub(super) fn board_picture(&self) -> Option<Picture> {
        let shape = self.shape.as_deref()?.clone();
        Picture::new(shape, Some(self.setup.start))
    }

    fn open_clue_prompt(&mut self) {
        self.open_prompt(PromptPurpose::Clue, String::new());
    }
}
