//! The theorems for leapers other than the knight (whose own are in the parent module), each
//! proved here or cited. For the `(a, b)`-leaper on an `m × n` board, `m <= n`:
//!
//! - **One or two squares.** The 1×1 board has the one-square open tour. A closed tour needs
//!   three squares at least: a square is not a move from itself, and a closed tour of two
//!   squares would take its one move back.
//! - **Colour-bound.** When `a + b` is even, a move changes the row and the column by numbers of
//!   the same parity, so `row + col` keeps its parity: the piece never leaves its colour. Every
//!   board of two squares or more has both colours, so it has no tour.
//! - **No move.** A move goes `a` squares along one side and `b >= a` along the other, so the
//!   short side needs `m >= a + 1` for any move at all; with `m <= a` (one row, or two rows and
//!   `a >= 2`) no square has a neighbour.
//! - **Two rows, `a = 1`.** Every move goes one row across and `b` columns along, so the column
//!   modulo `b` never changes; with `b >= 2` and `n >= 2`, columns 0 and 1 are never joined.
//! - **`a = 0`.** The `(0, b)`-leaper moves `b` squares straight: the row and the column modulo
//!   `b` never change, so for `b >= 2` two neighbouring squares (which differ by 1 in one of
//!   them) are never joined. For `b = 1` (the wazir) every square is joined to its
//!   neighbours, and the board is connected. (`b` even is colour-bound already.)
//! - **`a = b`** is colour-bound (`a + b = 2a`).
//! - **Connectivity** (Knuth, "Leaper graphs", *The Mathematical Gazette* 78, 1994): for
//!   `2 <= m <= n` and `0 < a < b`, the leaper's graph on the board is connected if and only
//!   if `gcd(a + b, b - a) = 1`, `n >= 2b` and `m >= a + b`. A board the piece cannot cover
//!   from one square has no tour.
//! - **Parity.** When `a + b` is odd every move changes colour, so a path alternates colours: a
//!   closed tour needs as many squares of each colour (an even area), and an open tour of an
//!   odd-area board starts and ends on the majority colour (that of `0,0`), as the knight's.
//!
//! Beyond these the search decides: it finds a tour, or proves there is none by exhausting its
//! tree.

use std::fmt;

use super::{NoTourReason, Verdict};
use crate::board::{Board, Square};
use crate::leaper::Leaper;

/// Which theorem rules out every tour of a leaper on a board (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeaperObstacle {
    /// A closed tour of one or two squares: a square is not a move from itself, and two
    /// squares would take their one move back.
    TooSmallToClose,
    /// `a + b` even: the piece keeps its colour, and the board has both.
    ColourBound,
    /// The short side leaves no room for any move.
    NoMove,
    /// Two rows and `a = 1`: the column modulo `b` never changes.
    TwoRows,
    /// `a = 0` and `b >= 2`: the row and the column modulo `b` never change.
    Straight,
    /// Knuth: `gcd(a + b, b - a)` is this factor, not 1.
    CommonFactor {
        /// The greatest common divisor of `a + b` and `b - a`.
        factor: u32,
    },
    /// Knuth: the long side is shorter than `2b`.
    LongSide,
    /// Knuth: the short side is shorter than `a + b`.
    ShortSide,
    /// `a + b` odd and an odd area: a closed tour alternates colours, which needs an even area.
    OddAreaClosed,
}

impl LeaperObstacle {
    /// Whether the obstacle is that the piece cannot reach every square.
    pub fn is_disconnection(self) -> bool {
        !matches!(
            self,
            Self::TooSmallToClose | Self::ColourBound | Self::OddAreaClosed
        )
    }
}

/// The reason's text: what fails, for `piece` on `board`.
pub(super) fn describe(
    f: &mut fmt::Formatter<'_>,
    piece: Leaper,
    board: Board,
    obstacle: LeaperObstacle,
) -> fmt::Result {
    let (a, b) = (piece.a(), piece.b());
    let (m, n) = (board.short_side(), board.long_side());
    const KNUTH: &str = "Knuth's theorem (\"Leaper graphs\", 1994)";
    let unreachable = format!(
        "no {piece} tour exists on the {board} board: the {piece} cannot reach every square, \
         because"
    );
    match obstacle {
        LeaperObstacle::TooSmallToClose => write!(
            f,
            "no closed tour exists on the {board} board: a closed tour needs three squares at \
             least (a square is not a move from itself, and two would take their one move back)"
        ),
        LeaperObstacle::ColourBound => write!(
            f,
            "no {piece} tour exists on the {board} board: {a} + {b} is even, so every move \
             keeps the colour of its square, and the board has squares of both colours"
        ),
        LeaperObstacle::OddAreaClosed => write!(
            f,
            "no closed {piece} tour exists on the odd-area {board} board: every move changes \
             colour, so a closed tour needs as many squares of each colour"
        ),
        LeaperObstacle::NoMove => write!(
            f,
            "{unreachable} a move goes {a} squares along one side and {b} along the other, and \
             a short side of {m} leaves room for none"
        ),
        LeaperObstacle::TwoRows => write!(
            f,
            "{unreachable} on a board two squares across every move goes {b} squares along, so \
             the place along the board modulo {b} never changes"
        ),
        LeaperObstacle::Straight => write!(
            f,
            "{unreachable} every move goes {b} squares straight, so the row and the column \
             modulo {b} never change"
        ),
        LeaperObstacle::CommonFactor { factor } => write!(
            f,
            "{unreachable} {KNUTH} needs gcd(a+b, b-a) = 1, and gcd({}, {}) = {factor}",
            a + b,
            b - a
        ),
        LeaperObstacle::LongSide => write!(
            f,
            "{unreachable} {KNUTH} needs the long side to be at least 2b = {}, and it is {n}",
            2 * b
        ),
        LeaperObstacle::ShortSide => write!(
            f,
            "{unreachable} {KNUTH} needs the short side to be at least a+b = {}, and it is {m}",
            a + b
        ),
    }
}

fn gcd(x: u32, y: u32) -> u32 {
    if y == 0 { x } else { gcd(y, x % y) }
}

/// Why `piece` cannot reach every square of `board` from any one of them (the first condition
/// that fails), or `None` when its graph on the board is connected. Colour-bound pieces are
/// judged too (their graph is never connected on two squares or more).
pub fn connectivity_obstacle(piece: Leaper, board: Board) -> Option<LeaperObstacle> {
    let (a, b) = (piece.a(), piece.b());
    let (m, n) = (board.short_side(), board.long_side());
    if board.area() == 1 {
        return None;
    }
    if !piece.changes_colour() {
        return Some(LeaperObstacle::ColourBound);
    }
    if a == 0 {
        return (b >= 2).then_some(LeaperObstacle::Straight);
    }
    if m <= a {
        return Some(LeaperObstacle::NoMove);
    }
    if m == 2 {
        // a = 1 here, and b >= 2 (b = 1 is colour-bound).
        return Some(LeaperObstacle::TwoRows);
    }
    let factor = gcd(a + b, b - a);
    if factor != 1 {
        Some(LeaperObstacle::CommonFactor { factor })
    } else if n < 2 * b {
        Some(LeaperObstacle::LongSide)
    } else if m < a + b {
        Some(LeaperObstacle::ShortSide)
    } else {
        None
    }
}

/// The theorems' verdict for a tour of `piece` (not the knight) on `board` from `start`.
pub(super) fn verdict(piece: Leaper, board: Board, start: Square, closed: bool) -> Verdict {
    let refuse = |obstacle| {
        Verdict::Impossible(NoTourReason::LeaperTheorem {
            piece,
            board,
            obstacle,
        })
    };
    if closed && board.area() <= 2 {
        return refuse(LeaperObstacle::TooSmallToClose);
    }
    if board.area() == 1 {
        return Verdict::Certain;
    }
    if let Some(obstacle) = connectivity_obstacle(piece, board) {
        return refuse(obstacle);
    }
    if board.has_odd_area() {
        if closed {
            return refuse(LeaperObstacle::OddAreaClosed);
        }
        if !start.is_majority_colour() {
            return Verdict::Impossible(NoTourReason::MinorityColourStart { board, start });
        }
    }
    Verdict::Open
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: u64, cols: u64) -> Board {
        Board::new(rows, cols).unwrap()
    }

    #[test]
    fn each_obstacle_is_named_with_the_condition_that_fails() {
        let giraffe = Leaper::GIRAFFE;
        let text = |piece, b| match verdict(piece, b, Square::new(0, 0), false) {
            Verdict::Impossible(reason) => reason.to_string(),
            other => panic!("{piece} on {b}: {other:?}"),
        };
        assert_eq!(
            text(giraffe, board(5, 5)),
            "no giraffe tour exists on the 5x5 board: the giraffe cannot reach every square, \
             because Knuth's theorem (\"Leaper graphs\", 1994) needs the long side to be at \
             least 2b = 8, and it is 5"
        );
        assert!(text(giraffe, board(4, 9)).contains("short side to be at least a+b = 5"));
        assert!(text(Leaper::CAMEL, board(8, 8)).contains("1 + 3 is even"));
        let three_six = Leaper::new(3, 6).unwrap();
        assert!(text(three_six, board(12, 12)).contains("gcd(9, 3) = 3"));
        assert!(text(Leaper::ZEBRA, board(2, 9)).contains("short side of 2 leaves room"));
        assert!(text(giraffe, board(2, 9)).contains("modulo 4 never changes"));
        assert!(text(Leaper::new(0, 3).unwrap(), board(3, 3)).contains("3 squares straight"));
    }

    #[test]
    fn parity_rules_closed_tours_and_starts_on_odd_boards() {
        let wazir = Leaper::new(0, 1).unwrap();
        let five = board(5, 5);
        assert_eq!(
            verdict(wazir, five, Square::new(0, 0), false),
            Verdict::Open
        );
        assert!(matches!(
            verdict(wazir, five, Square::new(0, 1), false),
            Verdict::Impossible(NoTourReason::MinorityColourStart { .. })
        ));
        assert!(matches!(
            verdict(Leaper::GIRAFFE, board(11, 11), Square::new(0, 0), true),
            Verdict::Impossible(NoTourReason::LeaperTheorem {
                obstacle: LeaperObstacle::OddAreaClosed,
                ..
            })
        ));
        let one = board(1, 1);
        assert_eq!(
            verdict(Leaper::CAMEL, one, Square::new(0, 0), false),
            Verdict::Certain
        );
        assert!(matches!(
            verdict(Leaper::CAMEL, one, Square::new(0, 0), true),
            Verdict::Impossible(_)
        ));
    }
}
