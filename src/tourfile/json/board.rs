//! The board of any shape a JSON object may give before its path: `holes`, the squares left
//! out (`[[r,c],...]`), and `clues`, the squares given their visit numbers (`[[k,[r,c]],...]`,
//! the square `[r,c]` is visit `k`, 1-based), as `solve --format json` writes them on a board
//! with holes or clues. Each is held (at most [`Shape::MAX_SQUARES`] entries, eight bytes a
//! hole and twelve a clue, reserved fallibly) until the path needs the shape. With `--board`,
//! the object's holes and clues, when it gives them, must be the board's.

use std::io::Read;
use std::sync::Arc;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::shape::{Clue, Shape};

use super::super::shaped::first_difference;
use super::super::{CheckError, Expectations, shape_error};
use super::{Fields, Json};

impl<R: Read> Json<'_, R> {
    /// The array of `holes`, `[[r,c],...]`.
    pub(super) fn holes(&mut self) -> Result<Vec<Square>, CheckError> {
        let mut holes = Vec::new();
        self.array("'holes', an array of [r,c] squares", |json| {
            let square = json.square()?;
            json.room(&mut holes, "holes")?;
            holes.push(square);
            Ok(())
        })?;
        Ok(holes)
    }

    /// The array of `clues`, `[[k,[r,c]],...]`.
    pub(super) fn clues(&mut self) -> Result<Vec<Clue>, CheckError> {
        let mut clues = Vec::new();
        self.array("'clues', an array of [k,[r,c]] clues", |json| {
            json.expect_byte(b'[', "a clue [k,[r,c]]")?;
            json.blank()?;
            let at = json.at();
            let number = json.whole_number("the visit number")?;
            let number = u32::try_from(number.value).map_err(|_| {
                CheckError::Input(format!(
                    "{at}: the visit number {number} is more than any board has squares"
                ))
            })?;
            json.expect_byte(b',', "',' between the visit number and its square")?;
            let square = json.square()?;
            json.expect_byte(b']', "']' after the clue's square")?;
            json.room(&mut clues, "clues")?;
            clues.push(Clue { number, square });
            Ok(())
        })?;
        Ok(clues)
    }

    /// `[item,...]`, each item read by `item`.
    fn array(
        &mut self,
        what: &str,
        mut item: impl FnMut(&mut Self) -> Result<(), CheckError>,
    ) -> Result<(), CheckError> {
        self.expect_byte(b'[', what)?;
        if self.blank()? == Some(b']') {
            self.input.advance(1);
            return Ok(());
        }
        loop {
            item(self)?;
            match self.blank()? {
                Some(b',') => self.input.advance(1),
                Some(b']') => {
                    self.input.advance(1);
                    return Ok(());
                }
                _ => return Err(self.unexpected("',' or ']'")),
            }
        }
    }

    /// A square `[r,c]`, refused where it is written if it is off every board.
    fn square(&mut self) -> Result<Square, CheckError> {
        self.blank()?;
        let at = self.at();
        let (row, col) = self.pair()?;
        match (u32::try_from(row.value), u32::try_from(col.value)) {
            (Ok(row), Ok(col)) => Ok(Square::new(row, col)),
            _ => Err(CheckError::Input(format!(
                "{at}: square {row},{col} is off every board"
            ))),
        }
    }

    /// Room for one more entry of `what` in `list`: at most [`Shape::MAX_SQUARES`].
    fn room<T>(&self, list: &mut Vec<T>, what: &str) -> Result<(), CheckError> {
        if list.len() as u64 >= Shape::MAX_SQUARES {
            return Err(self.error(format!(
                "more {what} than a board of any shape has squares ({})",
                Shape::MAX_SQUARES
            )));
        }
        list.try_reserve(1)
            .map_err(|_| self.error(format!("no memory to hold the {what}")))
    }
}

/// The shape the path of a JSON object on `board` is checked on: the one given
/// ([`Expectations::shape`]), which the object's `holes` and `clues` must agree with, else the
/// object's own; `None` for the whole rectangle.
pub(super) fn shape_of(
    fields: &Fields,
    board: Board,
    expect: &Expectations,
) -> Result<Option<Arc<Shape>>, CheckError> {
    let Some(given) = &expect.shape else {
        if fields.holes.is_none() && fields.clues.is_none() {
            return Ok(None);
        }
        let holes = fields.holes.as_deref().unwrap_or_default();
        let clues = fields.clues.as_deref().unwrap_or_default();
        let shape = Shape::new(board, holes, clues).map_err(shape_error)?;
        return Ok((!shape.is_rectangle()).then(|| Arc::new(shape)));
    };
    if let Some(holes) = &fields.holes {
        let difference = first_difference(holes, given)
            .map_err(|_| CheckError::Input("no memory to compare the holes".into()))?;
        match difference {
            Some((square, true)) => {
                return Err(CheckError::Invalid(format!(
                    "the JSON has a hole at {square}, where the board of --board is open"
                )));
            }
            Some((square, false)) => {
                return Err(CheckError::Invalid(format!(
                    "the board of --board has a hole at {square}, which the JSON does not list \
                     in 'holes'"
                )));
            }
            None => {}
        }
    }
    if let Some(clues) = &fields.clues {
        let mut sorted = Vec::new();
        sorted
            .try_reserve_exact(clues.len())
            .map_err(|_| CheckError::Input("no memory to compare the clues".into()))?;
        sorted.extend_from_slice(clues);
        // Both by number, then square: each looked up in the other by halves.
        sorted.sort_unstable();
        sorted.dedup();
        if let Some(clue) = sorted
            .iter()
            .find(|clue| given.clues().binary_search(clue).is_err())
        {
            return Err(CheckError::Invalid(format!(
                "the JSON gives {} the number {}, which the board of --board does not",
                clue.square, clue.number
            )));
        }
        if let Some(clue) = given
            .clues()
            .iter()
            .find(|clue| sorted.binary_search(clue).is_err())
        {
            return Err(CheckError::Invalid(format!(
                "the board of --board gives {} the number {}, which the JSON's 'clues' do not",
                clue.square, clue.number
            )));
        }
    }
    Ok(Some(Arc::clone(given)).filter(|shape| !shape.is_rectangle()))
}
