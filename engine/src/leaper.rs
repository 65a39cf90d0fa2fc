//! The pieces the engine tours with: leapers, of which the knight is the `(1, 2)`-leaper.
//!
//! An `(a, b)`-leaper moves `a` squares along one axis and `b` along the other, in any of the
//! eight directions (four when `a = 0` or `a = b`, where the eight coincide in pairs). A
//! piece of several leaps, such as the king (`(0, 1)` and `(1, 1)`), is still a leaper in the
//! chess-variant sense, a *compound* leaper: it moves by any one of its leaps. A [`Leaper`]
//! holds one to eight leaps ([`Leaper::MAX_LEAPS`]), normalised (each `0 <= a <= b`, `b >= 1`,
//! sorted, no repeats), so that equal pieces compare equal: up to 64 moves in all
//! ([`Leaper::MAX_MOVES`]), such as the centaur `(0, 1)+(1, 1)+(1, 2)` with 16. The rectangle
//! search keeps a square's moves in one byte (the knight's search, its hot path, slowed by 13%
//! when the byte was a word), so it takes pieces of at most eight moves; a wider piece is asked
//! of the search over a graph of the open squares (`shape::clued`), which has no such limit.
//!
//! The named ones are the knight `(1, 2)`, the camel `(1, 3)`, the zebra `(2, 3)`, the giraffe
//! `(1, 4)`, the wazir `(0, 1)`, the ferz `(1, 1)`, the king `(0, 1)+(1, 1)` and the hopido
//! `(0, 3)+(2, 2)` (the moves of the Hopido puzzle). The wazir and the ferz were the `0,1`
//! and `1,1` leapers before they had names, and are still printed so (see
//! [`Leaper::name`]): their names are read, not written.
//!
//! A leaper's moves come in one fixed order, [`Leaper::moves`]: leap by leap, each leap's
//! clockwise; the knight's is exactly [`KNIGHT_MOVES`](crate::board::KNIGHT_MOVES), the order
//! every tie-break and every golden fixture relies on.
//!
//! What is proved of a single leaper (its theorems, its colour classes, its zigzags) is asked
//! of [`Leaper::single`], which a compound piece does not answer; what holds for every piece
//! is asked of the piece itself ([`Leaper::reach`], [`Leaper::changes_colour`]).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{Board, Square};
use crate::quote::quoted;

/// A leaper of one to [`Leaper::MAX_LEAPS`] leaps `(a, b)`, each with `0 <= a <= b` and
/// `1 <= b <= 16`, kept sorted and without repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leaper {
    /// The leaps, sorted; `(0, 0)` past the last.
    leaps: [(u8, u8); Leaper::MAX_LEAPS],
    /// How many leaps there are, at least one.
    len: u8,
}

/// Why a piece cannot be made: the value given, quoted in the message, and what is accepted.
/// A value without a comma is taken for a name and said to be unknown, the names first; one
/// with a comma is an `A,B` (or `A,B+C,D`) whose legs are out of range.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct LeaperError {
    /// The text that names no piece (for [`Leaper::new`] and [`Leaper::compound`], the legs
    /// as `A,B+C,D`).
    pub text: String,
}

impl fmt::Display for LeaperError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, max) = (quoted(&self.text), Leaper::MAX_LEG);
        let leaps = Leaper::MAX_LEAPS;
        let names = Leaper::NAMES.join(", ");
        if self.text.contains(',') {
            write!(
                f,
                "piece {text}: A,B needs 0 <= A <= B <= {max} and B >= 1, and A,B+C,D joins \
                 up to {leaps} of them; or {names}"
            )
        } else {
            write!(
                f,
                "piece {text} is unknown: {names}; or A,B for the (A,B)-leaper, with 0 <= A \
                 <= B <= {max} and B >= 1, or up to {leaps} of them joined by + (A,B+C,D)"
            )
        }
    }
}

impl Leaper {
    /// The longest leg of a leap.
    pub const MAX_LEG: u32 = 16;
    /// The most leaps a piece has.
    pub const MAX_LEAPS: usize = 8;
    /// The most moves a piece has, all its leaps together: eight a leap. The rectangle search
    /// takes at most eight (see the module doc); the others take any piece.
    pub const MAX_MOVES: usize = 8 * Leaper::MAX_LEAPS;

    /// The knight, `(1, 2)`.
    pub const KNIGHT: Leaper = Leaper::leap(1, 2);
    /// The camel, `(1, 3)`: it never changes colour.
    pub const CAMEL: Leaper = Leaper::leap(1, 3);
    /// The zebra, `(2, 3)`.
    pub const ZEBRA: Leaper = Leaper::leap(2, 3);
    /// The giraffe, `(1, 4)`.
    pub const GIRAFFE: Leaper = Leaper::leap(1, 4);
    /// The wazir, `(0, 1)`: one square straight (Numbrix's moves).
    pub const WAZIR: Leaper = Leaper::leap(0, 1);
    /// The ferz, `(1, 1)`: one square diagonally; it never changes colour.
    pub const FERZ: Leaper = Leaper::leap(1, 1);
    /// The king, `(0, 1)+(1, 1)`: the wazir's and the ferz's moves (Hidato's).
    pub const KING: Leaper = Leaper::pair((0, 1), (1, 1));
    /// The hopido, `(0, 3)+(2, 2)`: the moves of the Hopido puzzle.
    pub const HOPIDO: Leaper = Leaper::pair((0, 3), (2, 2));
    /// The named leapers, in the order [`Leaper::next_named`] cycles through them.
    pub const NAMED: [Leaper; 8] = [
        Self::KNIGHT,
        Self::CAMEL,
        Self::ZEBRA,
        Self::GIRAFFE,
        Self::WAZIR,
        Self::FERZ,
        Self::KING,
        Self::HOPIDO,
    ];
    /// The names of [`Leaper::NAMED`], in the same order.
    const NAMES: [&'static str; 8] = [
        "knight", "camel", "zebra", "giraffe", "wazir", "ferz", "king", "hopido",
    ];
    /// Whether each of [`Leaper::NAMED`] is printed by its name: the wazir and the ferz are
    /// printed by their legs, as they were before they had names, so that no output of theirs
    /// changed.
    const PRINTS_NAME: [bool; 8] = [true, true, true, true, false, false, true, true];

    /// The single leaper `(a, b)`, with no check: for the constants.
    const fn leap(a: u8, b: u8) -> Leaper {
        let mut leaps = [(0, 0); Leaper::MAX_LEAPS];
        leaps[0] = (a, b);
        Leaper { leaps, len: 1 }
    }

    /// The leaper of the leaps `first` and `second` (sorted, distinct), with no check: for the
    /// constants.
    const fn pair(first: (u8, u8), second: (u8, u8)) -> Leaper {
        let mut leaps = [(0, 0); Leaper::MAX_LEAPS];
        leaps[0] = first;
        leaps[1] = second;
        Leaper { leaps, len: 2 }
    }

    /// Whether `(a, b)` is a leap: `0 <= a <= b <= 16` and `b >= 1`.
    fn is_leap(a: u32, b: u32) -> bool {
        a <= b && (1..=Self::MAX_LEG).contains(&b)
    }

    /// The `(a, b)`-leaper, if `0 <= a <= b <= 16` and `b >= 1`.
    pub fn new(a: u32, b: u32) -> Result<Leaper, LeaperError> {
        Self::compound(&[(a, b)])
    }

    /// The leaper of the leaps `leaps`, one to [`Leaper::MAX_LEAPS`], each `(a, b)` with
    /// `0 <= a <= b <= 16` and `b >= 1`; repeats count once, and the order does not matter. A
    /// single leap is [`Leaper::new`]'s piece.
    pub fn compound(leaps: &[(u32, u32)]) -> Result<Leaper, LeaperError> {
        let mut distinct: Vec<(u32, u32)> = leaps.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        if leaps.is_empty()
            || distinct.len() > Self::MAX_LEAPS
            || !leaps.iter().all(|&(a, b)| Self::is_leap(a, b))
        {
            let text = leaps
                .iter()
                .map(|(a, b)| format!("{a},{b}"))
                .collect::<Vec<_>>()
                .join("+");
            return Err(LeaperError { text });
        }
        let mut piece = Leaper {
            leaps: [(0, 0); Self::MAX_LEAPS],
            len: 0,
        };
        // Sorted, without repeats, at most eight; both legs are at most 16 here.
        for (slot, &(a, b)) in piece.leaps.iter_mut().zip(&distinct) {
            *slot = (a as u8, b as u8);
        }
        piece.len = distinct.len() as u8;
        Ok(piece)
    }

    /// The piece named by `text`: a name (`knight`, `camel`, `zebra`, `giraffe`, `wazir`,
    /// `ferz`, `king`, `hopido`, in any ASCII case), `A,B` for the `(A, B)`-leaper, or up to
    /// [`Leaper::MAX_LEAPS`] of those joined by `+` (`0,1+1,1`) for the piece of all their
    /// leaps.
    pub fn parse(text: &str) -> Result<Leaper, LeaperError> {
        let refused = || LeaperError {
            text: text.to_owned(),
        };
        if let Some(k) = Self::NAMES
            .iter()
            .position(|name| name.eq_ignore_ascii_case(text))
        {
            return Ok(Self::NAMED[k]);
        }
        let leg = |leg: &str| {
            let leg = leg.trim();
            // Digits only: `+1` or ` 1` are not legs, and a long run of digits is refused
            // below as too long rather than overflowing.
            (!leg.is_empty() && leg.len() <= 3 && leg.bytes().all(|b| b.is_ascii_digit()))
                .then(|| leg.parse::<u32>().ok())
                .flatten()
        };
        let mut leaps = [(0u32, 0u32); Self::MAX_LEAPS];
        let mut len = 0;
        for part in text.split('+') {
            let (a, b) = part.split_once(',').ok_or_else(refused)?;
            let (Some(a), Some(b)) = (leg(a), leg(b)) else {
                return Err(refused());
            };
            if len == Self::MAX_LEAPS {
                return Err(refused());
            }
            leaps[len] = (a, b);
            len += 1;
        }
        Self::compound(&leaps[..len]).map_err(|_| refused())
    }

    /// The next named leaper: knight, camel, zebra, giraffe, wazir, ferz, king, hopido, and
    /// back to the knight; an unnamed leaper goes to the knight.
    pub fn next_named(self) -> Leaper {
        match Self::NAMED.iter().position(|&piece| piece == self) {
            Some(k) => Self::NAMED[(k + 1) % Self::NAMED.len()],
            None => Self::KNIGHT,
        }
    }

    /// The leaps as stored.
    fn stored(&self) -> &[(u8, u8)] {
        &self.leaps[..usize::from(self.len)]
    }

    /// The leaps `(a, b)`, `a <= b`, in their order (sorted).
    pub fn leaps(self) -> impl ExactSizeIterator<Item = (u32, u32)> {
        let len = usize::from(self.len);
        self.leaps
            .into_iter()
            .take(len)
            .map(|(a, b)| (u32::from(a), u32::from(b)))
    }

    /// The legs `(a, b)` of a single leaper; `None` for a piece of several leaps, to which no
    /// fact of a single leaper applies.
    pub fn single(self) -> Option<(u32, u32)> {
        (self.len == 1).then(|| (u32::from(self.leaps[0].0), u32::from(self.leaps[0].1)))
    }

    /// How far a move goes along a side at most: the longest leg of all the leaps. A border
    /// this wide keeps every move of a square of the board within the padded board.
    pub fn reach(self) -> u32 {
        self.stored()
            .iter()
            .map(|&(_, b)| u32::from(b))
            .max()
            .unwrap_or(0)
    }

    /// The piece's name, if it is printed by one (`knight`, `camel`, `zebra`, `giraffe`,
    /// `king`, `hopido`). The wazir and the ferz are named when read but printed by their
    /// legs, as they always were.
    pub fn name(self) -> Option<&'static str> {
        Self::NAMED
            .iter()
            .position(|&piece| piece == self)
            .filter(|&k| Self::PRINTS_NAME[k])
            .map(|k| Self::NAMES[k])
    }

    /// The leaps as an argument gives them: `A,B`, or `A,B+C,D`.
    pub fn legs(self) -> String {
        self.leaps()
            .map(|(a, b)| format!("{a},{b}"))
            .collect::<Vec<_>>()
            .join("+")
    }

    /// The piece as an argument names it: its name, or `A,B` (`A,B+C,D` for several leaps);
    /// [`Leaper::parse`] reads it back.
    pub fn label(self) -> String {
        match self.name() {
            Some(name) => name.to_owned(),
            None => self.legs(),
        }
    }

    /// The distinct moves as `(row delta, col delta)`: leap by leap in the leaps' order, each
    /// leap's eight (four when `a = 0` or `a = b`) clockwise from "b up, a right", as
    /// [`KNIGHT_MOVES`](crate::board::KNIGHT_MOVES) does for the knight, whose moves they are
    /// exactly, in its order. Two different leaps never share a move.
    pub fn moves(self) -> Moves {
        let mut moves = Moves {
            deltas: [(0, 0); Leaper::MAX_MOVES],
            len: 0,
        };
        for delta in self.deltas() {
            moves.deltas[moves.len] = delta;
            moves.len += 1;
        }
        moves
    }

    /// The moves of [`Leaper::moves`], one at a time, with no array of them built.
    fn deltas(self) -> impl Iterator<Item = (i32, i32)> {
        self.leaps().flat_map(|(a, b)| {
            let (deltas, len) = leap_deltas(a as i32, b as i32);
            deltas.into_iter().take(len)
        })
    }

    /// The squares of `board` one move from `square`, in [`Leaper::moves`] order.
    pub fn neighbours(self, board: Board, square: Square) -> impl Iterator<Item = Square> {
        self.deltas()
            .filter_map(move |delta| square.offset(delta, board))
    }

    /// How many moves the piece has, [`Leaper::moves`]'s length: eight a leap, four when
    /// `a = 0` or `a = b`.
    pub fn move_count(self) -> usize {
        self.stored()
            .iter()
            .map(|&(a, b)| if a == 0 || a == b { 4 } else { 8 })
            .sum()
    }

    /// Whether one move of this piece (by any of its leaps) takes it from `from` to `to`.
    pub fn is_move(self, from: Square, to: Square) -> bool {
        let dr = from.row.abs_diff(to.row);
        let dc = from.col.abs_diff(to.col);
        self.leaps()
            .any(|(a, b)| (dr == a && dc == b) || (dr == b && dc == a))
    }

    /// Whether every move changes the colour of the square (`a + b` odd for every leap). A
    /// single leaper that never does is bound to the squares of its start's colour.
    pub fn changes_colour(self) -> bool {
        self.stored().iter().all(|&(a, b)| (a + b) % 2 == 1)
    }

    /// Whether this is the knight.
    pub fn is_knight(self) -> bool {
        self == Self::KNIGHT
    }
}

/// The moves of the one leap `(a, b)`: its eight clockwise from "b up, a right", the repeats
/// dropped (four are left when `a = 0` or `a = b`), and how many there are.
fn leap_deltas(a: i32, b: i32) -> ([(i32, i32); 8], usize) {
    let all = [
        (-b, a),
        (-a, b),
        (a, b),
        (b, a),
        (b, -a),
        (a, -b),
        (-a, -b),
        (-b, -a),
    ];
    let mut deltas = [(0, 0); 8];
    let mut len = 0;
    for delta in all {
        if !deltas[..len].contains(&delta) {
            deltas[len] = delta;
            len += 1;
        }
    }
    (deltas, len)
}

impl Default for Leaper {
    /// The knight.
    fn default() -> Self {
        Self::KNIGHT
    }
}

impl FromStr for Leaper {
    type Err = LeaperError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse(text)
    }
}

impl fmt::Display for Leaper {
    /// The name, or `(A,B)-leaper`, or `(A,B)+(C,D)-leaper` for several leaps.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = self.name() {
            return f.write_str(name);
        }
        for (k, (a, b)) in self.leaps().enumerate() {
            if k > 0 {
                f.write_str("+")?;
            }
            write!(f, "({a},{b})")?;
        }
        f.write_str("-leaper")
    }
}

/// A leaper's distinct moves, at most [`Leaper::MAX_MOVES`], in its fixed order
/// ([`Leaper::moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moves {
    deltas: [(i32, i32); Leaper::MAX_MOVES],
    len: usize,
}

impl Moves {
    /// The moves as `(row delta, col delta)`.
    pub fn as_slice(&self) -> &[(i32, i32)] {
        &self.deltas[..self.len]
    }

    /// How many moves there are: 8 or 4 a leap.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none (never: every leaper moves).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl IntoIterator for Moves {
    type Item = (i32, i32);
    type IntoIter = std::iter::Take<std::array::IntoIter<(i32, i32), { Leaper::MAX_MOVES }>>;

    fn into_iter(self) -> Self::IntoIter {
        self.deltas.into_iter().take(self.len)
    }
}

#[cfg(test)]
mod tests;
