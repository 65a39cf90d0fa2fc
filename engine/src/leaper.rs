//! The pieces the engine tours with: the `(a, b)`-leapers, of which the knight is `(1, 2)`.
//!
//! An `(a, b)`-leaper moves `a` squares along one axis and `b` along the other, in any of the
//! eight directions (four when `a = 0` or `a = b`, where the eight coincide in pairs). The
//! named ones are the knight `(1, 2)`, the camel `(1, 3)`, the zebra `(2, 3)` and the giraffe
//! `(1, 4)`. A leaper's moves come in one fixed order, [`Leaper::moves`]; the knight's is
//! exactly [`KNIGHT_MOVES`](crate::board::KNIGHT_MOVES), the order every tie-break and every golden fixture relies on.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{Board, Square};
use crate::quote::quoted;

/// The `(a, b)`-leaper, with `0 <= a <= b` and `1 <= b <= 16`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leaper {
    a: u8,
    b: u8,
}

/// Why a piece cannot be made: the value given, quoted in the message, and what is accepted.
/// A value without a comma is taken for a name and said to be unknown, the names first; one
/// with a comma is an `A,B` whose legs are out of range.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct LeaperError {
    /// The text that names no piece (for [`Leaper::new`], the two legs as `A,B`).
    pub text: String,
}

impl fmt::Display for LeaperError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, max) = (quoted(&self.text), Leaper::MAX_LEG);
        if self.text.contains(',') {
            write!(
                f,
                "piece {text}: A,B needs 0 <= A <= B <= {max} and B >= 1; or knight, camel, \
                 zebra, giraffe"
            )
        } else {
            write!(
                f,
                "piece {text} is unknown: knight, camel, zebra, giraffe; or A,B for the \
                 (A,B)-leaper, with 0 <= A <= B <= {max} and B >= 1"
            )
        }
    }
}

impl Leaper {
    /// The longest leg of a leaper.
    pub const MAX_LEG: u32 = 16;

    /// The knight, `(1, 2)`.
    pub const KNIGHT: Leaper = Leaper { a: 1, b: 2 };
    /// The camel, `(1, 3)`: it never changes colour.
    pub const CAMEL: Leaper = Leaper { a: 1, b: 3 };
    /// The zebra, `(2, 3)`.
    pub const ZEBRA: Leaper = Leaper { a: 2, b: 3 };
    /// The giraffe, `(1, 4)`.
    pub const GIRAFFE: Leaper = Leaper { a: 1, b: 4 };
    /// The named leapers, in the order [`Leaper::next_named`] cycles through them.
    pub const NAMED: [Leaper; 4] = [Self::KNIGHT, Self::CAMEL, Self::ZEBRA, Self::GIRAFFE];
    /// The names of [`Leaper::NAMED`], in the same order.
    const NAMES: [&'static str; 4] = ["knight", "camel", "zebra", "giraffe"];

    /// The `(a, b)`-leaper, if `0 <= a <= b <= 16` and `b >= 1`.
    pub fn new(a: u32, b: u32) -> Result<Leaper, LeaperError> {
        if a <= b && (1..=Self::MAX_LEG).contains(&b) {
            // Both legs are at most 16 here.
            Ok(Leaper {
                a: a as u8,
                b: b as u8,
            })
        } else {
            Err(LeaperError {
                text: format!("{a},{b}"),
            })
        }
    }

    /// The piece named by `text`: `knight`, `camel`, `zebra`, `giraffe` (in any ASCII case) or
    /// `A,B` for the `(A, B)`-leaper.
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
        let (a, b) = text.split_once(',').ok_or_else(refused)?;
        let leg = |leg: &str| {
            let leg = leg.trim();
            // Digits only: `+1` or ` 1` are not legs, and a long run of digits is refused
            // below as too long rather than overflowing.
            (!leg.is_empty() && leg.len() <= 3 && leg.bytes().all(|b| b.is_ascii_digit()))
                .then(|| leg.parse::<u32>().ok())
                .flatten()
        };
        match (leg(a), leg(b)) {
            (Some(a), Some(b)) => Self::new(a, b).map_err(|_| refused()),
            _ => Err(refused()),
        }
    }

    /// The next named leaper: knight, camel, zebra, giraffe, and back to the knight; an
    /// unnamed leaper goes to the knight.
    pub fn next_named(self) -> Leaper {
        match Self::NAMED.iter().position(|&piece| piece == self) {
            Some(k) => Self::NAMED[(k + 1) % Self::NAMED.len()],
            None => Self::KNIGHT,
        }
    }

    /// The short leg.
    pub fn a(self) -> u32 {
        u32::from(self.a)
    }

    /// The long leg.
    pub fn b(self) -> u32 {
        u32::from(self.b)
    }

    /// The piece's name, if it has one (`knight`, `camel`, `zebra`, `giraffe`).
    pub fn name(self) -> Option<&'static str> {
        Self::NAMED
            .iter()
            .position(|&piece| piece == self)
            .map(|k| Self::NAMES[k])
    }

    /// The piece as an argument names it: its name, or `A,B`; [`Leaper::parse`] reads it back.
    pub fn label(self) -> String {
        match self.name() {
            Some(name) => name.to_owned(),
            None => format!("{},{}", self.a, self.b),
        }
    }

    /// The distinct moves as `(row delta, col delta)`: eight, or four when `a = 0` or `a = b`.
    /// They run clockwise from "b up, a right", as [`KNIGHT_MOVES`](crate::board::KNIGHT_MOVES) does for the knight, whose
    /// moves they are exactly, in its order.
    pub fn moves(self) -> Moves {
        let (a, b) = (i32::from(self.a), i32::from(self.b));
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
        if 0 < a && a < b {
            // Eight distinct moves: every search is set up with them, so no search for repeats.
            return Moves {
                deltas: all,
                len: 8,
            };
        }
        let mut moves = Moves {
            deltas: [(0, 0); 8],
            len: 0,
        };
        for delta in all {
            if !moves.as_slice().contains(&delta) {
                moves.deltas[moves.len] = delta;
                moves.len += 1;
            }
        }
        moves
    }

    /// The squares of `board` one move from `square`, in [`Leaper::moves`] order.
    pub fn neighbours(self, board: Board, square: Square) -> impl Iterator<Item = Square> {
        self.moves()
            .into_iter()
            .filter_map(move |delta| square.offset(delta, board))
    }

    /// Whether one move of this piece takes it from `from` to `to`.
    pub fn is_move(self, from: Square, to: Square) -> bool {
        let dr = from.row.abs_diff(to.row);
        let dc = from.col.abs_diff(to.col);
        let (a, b) = (self.a(), self.b());
        (dr == a && dc == b) || (dr == b && dc == a)
    }

    /// Whether every move changes the colour of the square (`a + b` odd). A piece that never
    /// does is bound to the squares of its start's colour.
    pub fn changes_colour(self) -> bool {
        (self.a + self.b) % 2 == 1
    }

    /// Whether this is the knight.
    pub fn is_knight(self) -> bool {
        self == Self::KNIGHT
    }
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
    /// The name, or `(A,B)-leaper`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "({},{})-leaper", self.a, self.b),
        }
    }
}

/// A leaper's distinct moves, at most eight, in its fixed order ([`Leaper::moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moves {
    deltas: [(i32, i32); 8],
    len: usize,
}

impl Moves {
    /// The moves as `(row delta, col delta)`.
    pub fn as_slice(&self) -> &[(i32, i32)] {
        &self.deltas[..self.len]
    }

    /// How many moves there are: 8, or 4.
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
    type IntoIter = std::iter::Take<std::array::IntoIter<(i32, i32), 8>>;

    fn into_iter(self) -> Self::IntoIter {
        self.deltas.into_iter().take(self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, KNIGHT_MOVES};

    #[test]
    fn the_knight_moves_in_the_fixed_order() {
        assert_eq!(Leaper::KNIGHT.moves().as_slice(), &KNIGHT_MOVES);
    }

    #[test]
    fn moves_are_distinct_and_are_moves() {
        for b in 1..=Leaper::MAX_LEG {
            for a in 0..=b {
                let piece = Leaper::new(a, b).unwrap();
                let moves = piece.moves();
                let expected = if a == 0 || a == b { 4 } else { 8 };
                assert_eq!(moves.len(), expected, "{piece}");
                let centre = Square::new(20, 20);
                for (dr, dc) in moves {
                    let to = Square::new((20 + dr) as u32, (20 + dc) as u32);
                    assert!(piece.is_move(centre, to), "{piece} {dr},{dc}");
                }
                let board = Board::square(41).unwrap();
                let reached = board
                    .squares()
                    .filter(|&s| piece.is_move(centre, s))
                    .count();
                assert_eq!(reached, expected, "{piece}");
                assert_eq!(piece.changes_colour(), (a + b) % 2 == 1);
            }
        }
    }

    #[test]
    fn names_and_pairs_parse_and_print_back() {
        assert_eq!("Giraffe".parse(), Ok(Leaper::GIRAFFE));
        assert_eq!(Leaper::parse("ZEBRA"), Ok(Leaper::ZEBRA));
        assert_eq!(Leaper::parse("1,2"), Ok(Leaper::KNIGHT));
        assert_eq!(Leaper::parse("0,1"), Leaper::new(0, 1));
        let piece = Leaper::parse("3,5").unwrap();
        assert_eq!(piece.to_string(), "(3,5)-leaper");
        assert_eq!(piece.label(), "3,5");
        assert_eq!(Leaper::parse(&piece.label()), Ok(piece));
        for named in Leaper::NAMED {
            assert_eq!(Leaper::parse(&named.label()), Ok(named));
            assert_eq!(Some(named.to_string().as_str()), named.name());
        }
    }

    #[test]
    fn bad_pieces_are_named_in_the_message() {
        let error = Leaper::parse("5,3").unwrap_err();
        assert_eq!(
            error.to_string(),
            "piece '5,3': A,B needs 0 <= A <= B <= 16 and B >= 1; or knight, camel, zebra, \
             giraffe"
        );
        let error = Leaper::parse("bishop").unwrap_err();
        assert_eq!(
            error.to_string(),
            "piece 'bishop' is unknown: knight, camel, zebra, giraffe; or A,B for the \
             (A,B)-leaper, with 0 <= A <= B <= 16 and B >= 1"
        );
        for bad in [
            "0,0",
            "1,17",
            "bishop",
            "",
            "1,",
            "-1,2",
            "1,2,3",
            "99999999999,1",
            "\u{1b}",
        ] {
            let error = Leaper::parse(bad).unwrap_err();
            assert!(error.to_string().starts_with("piece '"), "{bad}: {error}");
            assert!(!error.to_string().contains('\u{1b}'), "{error}");
        }
        assert!(Leaper::new(2, 1).is_err());
        assert!(Leaper::new(0, 16).is_ok());
    }

    #[test]
    fn next_named_cycles_through_the_named_pieces() {
        let mut piece = Leaper::KNIGHT;
        let mut seen = Vec::new();
        for _ in 0..4 {
            seen.push(piece);
            piece = piece.next_named();
        }
        assert_eq!(seen, Leaper::NAMED);
        assert_eq!(piece, Leaper::KNIGHT);
        assert_eq!(Leaper::new(3, 5).unwrap().next_named(), Leaper::KNIGHT);
    }
}
