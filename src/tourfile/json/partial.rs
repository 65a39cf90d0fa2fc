//! A partial tour's JSON (`solve --prefix`): the object `solve --format json` writes, its
//! `path` cut short, read by the same pull parser as a tour's, square by square, so that the
//! first square that breaks a rule is named as soon as it is read, whatever follows it. Only
//! the path is kept (as the solve needs it), within the room the caller gives.
//!
//! The object's own fields are held to what `check` holds a tour's to, wherever they stand in
//! it: its `rows` and `cols`, if given, must be the board's (`--size`), its `piece` the
//! piece's, its `start` its path's first square, and an `outcome` other than `"tour"` holds
//! no partial tour. `closed` is the request's to say (`--closed`): a path cut short cannot
//! show it; it and the other fields are skipped.

use std::io::Read;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::tour::Validator;

use super::super::CheckError;
use super::super::bytes::LineReader;
use super::super::kept::Kept;
use super::{Fields, Json, Path, Whole, no_tour};

/// Reads the partial tour of `piece` on `board` that the JSON object in `input` holds; its
/// squares, kept in `kept`.
pub(in crate::tourfile) fn read<R: Read>(
    input: &mut LineReader<R>,
    board: Board,
    piece: Leaper,
    kept: &mut Kept,
) -> Result<(), CheckError> {
    let mut json = Json { input };
    let mut fields = Fields::default();
    json.object(&mut fields, |json, fields| {
        no_tour(fields)?;
        agrees(fields, board, piece)?;
        let mut validator = Validator::new(board, false, None).with_piece(piece);
        json.squares(board, |square, at| {
            if kept.squares().is_empty() {
                starts_at(fields.start.as_ref(), square)
                    .map_err(|error| CheckError::Input(format!("{}: {error}", at())))?;
            }
            validator
                .push(square)
                .map_err(|error| CheckError::Invalid(format!("{}: {error}", at())))?;
            kept.push(square)
                .map_err(|error| CheckError::Input(format!("{}: {error}", at())))
        })?;
        let (first, last) = match kept.squares() {
            [first, .., last] => (*first, *last),
            [only] => (*only, *only),
            [] => return Err(json.error("the partial tour's 'path' is empty")),
        };
        Ok(Path {
            board,
            piece,
            first,
            last,
            closed_checked: false,
            tour: None,
            shape: None,
        })
    })?;
    // Fields that came after the path.
    no_tour(&fields)?;
    agrees(&fields, board, piece)?;
    if fields.path.is_none() {
        return Err(CheckError::Input(
            "the JSON object has no 'path' array of [row, col] squares".into(),
        ));
    }
    if let Some(&first) = kept.squares().first() {
        starts_at(fields.start.as_ref(), first).map_err(CheckError::Input)?;
    }
    Ok(())
}

/// Refuses a `start` that is not the path's first square, `first`.
fn starts_at(start: Option<&(Whole, Whole)>, first: Square) -> Result<(), String> {
    match start {
        Some((row, col))
            if (row.value, col.value) != (u64::from(first.row), u64::from(first.col)) =>
        {
            Err(format!(
                "the JSON says the partial tour starts at {row},{col}, but its path starts at \
                 {first}"
            ))
        }
        _ => Ok(()),
    }
}

/// Refuses fields read so far that disagree with the board or the piece asked for.
fn agrees(fields: &Fields, board: Board, piece: Leaper) -> Result<(), CheckError> {
    for (key, given, side) in [
        ("rows", fields.rows, board.rows()),
        ("cols", fields.cols, board.cols()),
    ] {
        if let Some(given) = given.filter(|&given| given != u64::from(side)) {
            return Err(CheckError::Input(format!(
                "'{key}' is {given}, but the board is {board}: give --size to match"
            )));
        }
    }
    match fields.piece {
        Some(named) if named != piece => Err(CheckError::Input(format!(
            "the partial tour is a {named}'s, but the tour asked for is a {piece}'s: give \
             --piece {}",
            named.label()
        ))),
        _ => Ok(()),
    }
}
