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
//! - **Lines apart** (Schwenk's argument for the knight's 4×n board, for any leaper with
//!   `a + b` odd and `a >= 1`). Call a set of the lines across one side *apart* when no two of
//!   them differ by `a` or `b`: no move joins two of their squares, whatever the other side.
//!   A path never has two squares of apart lines in a row. Let `O` be apart lines holding at
//!   least half the board.
//!   - More than half the board (`|O| > L/2` of the `L` lines; the other side has at least two
//!     squares): a path of `N` squares has at most `⌈N/2⌉` squares none of which follow each
//!     other, so **no tour**.
//!   - Exactly half (`|O| = L/2`, `N` even): the squares of `O` sit at every other place of a
//!     tour, except across at most one pair of consecutive squares outside `O`. Without such a
//!     pair, they would all share a parity of place, hence (colours alternate) a colour, but
//!     each line holds both colours. So the pair exists: **a closed tour is impossible**, and
//!     **an open tour starts and ends on `O`**.
//!   - Two such halves `O ≠ O'` (on one side, or one on each): say the pair outside `O` comes
//!     first, at places `j, j+1`, and the pair outside `O'` at `j', j'+1`, `j <= j'`. Before
//!     `j` the squares of `O` and of `O'` both take the places of one parity; from `j+1` to `j'`
//!     those of `O` take the other parity, those of `O'` still the first; after `j'` both the
//!     other. A square outside `O` but inside `O'` can then only stand between `j+1` and `j'`,
//!     at the first parity: all such squares share a colour. There are some (`O ≠ O'`, both
//!     half), on lines (or, for two sides, rectangles of lines) that hold both colours: **no
//!     tour**. (If `j = j'`, the squares of `O` and `O'` take the same places: `O = O'`.)
//!
//!   The apart lines of a side are found by dynamic programming over the lines (sides of at
//!   most 64 lines, leapers with `b <= 8`; longer sides never have half their lines apart for
//!   the leapers with `b <= 5`). For example the zebra's rows 0, 1, 5, 6, 10, 11 of twelve are
//!   apart, and so are the giraffe's 0, 2, 5, 7 of eight.
//!
//! Beyond these the search decides: it finds a tour, or proves there is none by exhausting its
//! tree.
//!
//! **Pieces of several leaps.** The theorems above are of a single leaper, and none is applied
//! to a piece of several leaps (the king, the hopido, any `A,B+C,D`): their moves join what a
//! single leap's leave apart. Such a piece keeps only what holds for every graph: the closed
//! tour of one or two squares, the one-square tour, and, when every one of its leaps changes
//! colour, the parity (a path of such moves alternates colours whatever the leaps). Everything
//! else is [`Verdict::Open`], for the search to find a tour or to prove, by exhausting its tree
//! or by the facts of the graph it is given, that none exists.

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
    /// Lines apart (see the module doc) holding more than half the board.
    CrowdedLines {
        /// Whether the lines are rows (else columns).
        rows: bool,
        /// The lines, a bit each.
        lines: u64,
    },
    /// Two different sets of lines apart, each holding half the board.
    TwoHalves {
        /// Whether the first set's lines are rows (else columns).
        rows: bool,
        /// The first set, a bit a line.
        lines: u64,
        /// Whether the second set's lines are rows.
        other_rows: bool,
        /// The second set.
        other: u64,
    },
    /// Lines apart holding half the board: no closed tour; with a square, an open tour neither
    /// starts nor ends there, off those lines.
    HalfLines {
        /// Whether the lines are rows (else columns).
        rows: bool,
        /// The lines, a bit each.
        lines: u64,
        /// The start (or with `end`, the end) off the lines; `None` for a closed tour.
        square: Option<Square>,
        /// Whether the square is the end asked for.
        end: bool,
    },
}

impl LeaperObstacle {
    /// Whether the obstacle is that the piece cannot reach every square.
    pub fn is_disconnection(self) -> bool {
        !matches!(
            self,
            Self::TooSmallToClose
                | Self::ColourBound
                | Self::OddAreaClosed
                | Self::CrowdedLines { .. }
                | Self::TwoHalves { .. }
                | Self::HalfLines { .. }
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
    // Only the obstacles that hold for every piece are found for a piece of several leaps,
    // and their texts name no leg.
    let (a, b) = piece.single().unwrap_or((0, 0));
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
        LeaperObstacle::CrowdedLines { rows, lines } => write!(
            f,
            "no {piece} tour exists on the {board} board: no move joins two squares of {}, \
             which hold more than half the board, so a tour would have two of them in a row",
            Lines(rows, lines)
        ),
        LeaperObstacle::TwoHalves {
            rows,
            lines,
            other_rows,
            other,
        } => write!(
            f,
            "no {piece} tour exists on the {board} board: no move joins two squares of {}, \
             nor two of {}, each half the board, so a tour alternates in and out of each but \
             once, and between those two places the squares in the second and out of the \
             first would all have one colour (Schwenk's argument for the knight's 4xn board)",
            Lines(rows, lines),
            Lines(other_rows, other)
        ),
        LeaperObstacle::HalfLines {
            rows,
            lines,
            square: None,
            ..
        } => write!(
            f,
            "no closed {piece} tour exists on the {board} board: no move joins two squares \
             of {}, half the board, so a closed tour alternates in and out of them, and all \
             their squares would have one colour (Schwenk's argument for the knight's 4xn \
             board)",
            Lines(rows, lines)
        ),
        LeaperObstacle::HalfLines {
            rows,
            lines,
            square: Some(square),
            end,
        } => write!(
            f,
            "no {piece} tour {} at {square} on the {board} board: no move joins two squares \
             of {}, half the board, so a tour starts and ends on them (Schwenk's argument for \
             the knight's 4xn board), and {square} is not on them",
            if end { "ends" } else { "starts" },
            Lines(rows, lines)
        ),
    }
}

/// Lines of the board, for a message: `rows 0, 1, 5` or `columns 2, 7`.
struct Lines(bool, u64);

impl fmt::Display for Lines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Lines(rows, mut lines) = *self;
        f.write_str(if rows { "rows " } else { "columns " })?;
        let mut first = true;
        while lines != 0 {
            let line = lines.trailing_zeros();
            lines &= lines - 1;
            if !first {
                f.write_str(", ")?;
            }
            write!(f, "{line}")?;
            first = false;
        }
        Ok(())
    }
}

fn gcd(x: u32, y: u32) -> u32 {
    if y == 0 { x } else { gcd(y, x % y) }
}

/// Why `piece` cannot reach every square of `board` from any one of them (the first condition
/// that fails), or `None` when its graph on the board is connected. Colour-bound pieces are
/// judged too (their graph is never connected on two squares or more). `None` for a piece of
/// several leaps, which no theorem here covers.
pub fn connectivity_obstacle(piece: Leaper, board: Board) -> Option<LeaperObstacle> {
    let (a, b) = piece.single()?;
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

/// What the lines across a side hold apart (see the module doc): the most lines apart, found
/// by dynamic programming over the lines, and their set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Apart {
    /// Fewer than half the lines, or a side this code does not look at.
    Less,
    /// Exactly half, in one way only: these lines, a bit each.
    Half(u64),
    /// Exactly half, in two ways at least: two of them.
    TwoHalves(u64, u64),
    /// More than half: these.
    More(u64),
}

/// The lines apart across a side of `len` squares for `piece`, with line `forbidden` left out.
fn apart_lines(piece: Leaper, len: u32, forbidden: Option<u32>) -> Apart {
    // Lines apart are a single leap's: a piece of several leaps is left to the search.
    let Some((a, b)) = piece.single() else {
        return Apart::Less;
    };
    if a == 0 || b > 8 || !(2..=64).contains(&len) {
        return Apart::Less;
    }
    // best[x][mask]: the most lines apart among the first x, and (up to 2) in how many ways,
    // bit i of mask telling whether line x - 1 - i is one of them.
    let states = 1usize << b;
    let full = states - 1;
    let mut best = vec![vec![(-1i32, 0u8); states]; len as usize + 1];
    best[0][0] = (0, 1);
    let joined = |mask: usize| (mask >> (a - 1)) & 1 == 1 || (mask >> (b - 1)) & 1 == 1;
    for x in 0..len as usize {
        for mask in 0..states {
            let (value, ways) = best[x][mask];
            if value < 0 {
                continue;
            }
            let shifted = (mask << 1) & full;
            merge(&mut best[x + 1][shifted], (value, ways));
            if !joined(mask) && forbidden != Some(x as u32) {
                merge(&mut best[x + 1][shifted | 1], (value + 1, ways));
            }
        }
    }
    let last = &best[len as usize];
    let most = last.iter().map(|&(value, _)| value).max().unwrap_or(0);
    let ways = last
        .iter()
        .filter(|&&(value, _)| value == most)
        .fold(0u8, |sum, &(_, ways)| sum.saturating_add(ways));
    if 2 * most < len as i32 {
        return Apart::Less;
    }
    // One set of that size, traced back from the end.
    let mut mask = last
        .iter()
        .position(|&(value, _)| value == most)
        .unwrap_or(0);
    let mut lines = 0u64;
    for x in (1..=len as usize).rev() {
        let chosen = mask & 1;
        if chosen == 1 {
            lines |= 1 << (x - 1);
        }
        let target = best[x][mask].0 - chosen as i32;
        mask = [mask >> 1, mask >> 1 | 1 << (b - 1)]
            .into_iter()
            .find(|&before| best[x - 1][before].0 == target && (chosen == 0 || !joined(before)))
            .unwrap_or(mask >> 1);
    }
    if 2 * most > len as i32 {
        Apart::More(lines)
    } else if ways == 1 || forbidden.is_some() {
        Apart::Half(lines)
    } else {
        // Another half: leave out one of this one's lines.
        (0..len)
            .filter(|&line| lines >> line & 1 == 1)
            .find_map(|line| match apart_lines(piece, len, Some(line)) {
                Apart::Half(other) | Apart::More(other) => Some(Apart::TwoHalves(lines, other)),
                _ => None,
            })
            .unwrap_or(Apart::Half(lines))
    }
}

/// Keeps the larger of two counts, adding up the ways of equal ones (up to 2).
fn merge(into: &mut (i32, u8), (value, ways): (i32, u8)) {
    if value > into.0 {
        *into = (value, ways);
    } else if value == into.0 {
        into.1 = into.1.saturating_add(ways).min(2);
    }
}

/// Whether the lines `lines` hold lines of both parities.
fn both_parities(lines: u64) -> bool {
    const EVEN: u64 = 0x5555_5555_5555_5555;
    lines & EVEN != 0 && lines & !EVEN != 0
}

/// The lines apart that rule out every tour of `piece` on `board` (a board the piece's graph
/// connects), or, for `square` (the start, or with `end` the end), every tour from (or to) it;
/// with no square, every closed tour. See the module doc.
fn lines_obstacle(
    piece: Leaper,
    board: Board,
    square: Option<Square>,
    end: bool,
) -> Option<LeaperObstacle> {
    let rows = apart_lines(piece, board.rows(), None);
    let cols = apart_lines(piece, board.cols(), None);
    let all_rows = u64::MAX >> (64 - board.rows().min(64));
    let half = |rows: bool, lines: u64| {
        let line = square.map(|square| if rows { square.row } else { square.col });
        match line {
            Some(line) if lines >> line & 1 == 1 => None,
            _ => Some(LeaperObstacle::HalfLines {
                rows,
                lines,
                square,
                end,
            }),
        }
    };
    match (rows, cols) {
        (Apart::More(lines), _) => Some(LeaperObstacle::CrowdedLines { rows: true, lines }),
        (_, Apart::More(lines)) => Some(LeaperObstacle::CrowdedLines { rows: false, lines }),
        (Apart::TwoHalves(lines, other), _) => Some(LeaperObstacle::TwoHalves {
            rows: true,
            lines,
            other_rows: true,
            other,
        }),
        (_, Apart::TwoHalves(lines, other)) => Some(LeaperObstacle::TwoHalves {
            rows: false,
            lines,
            other_rows: false,
            other,
        }),
        // The squares in the columns and out of the rows must hold both colours.
        (Apart::Half(lines), Apart::Half(other))
            if both_parities(!lines & all_rows) || both_parities(other) =>
        {
            Some(LeaperObstacle::TwoHalves {
                rows: true,
                lines,
                other_rows: false,
                other,
            })
        }
        (Apart::Half(lines), Apart::Less) => half(true, lines),
        (Apart::Less, Apart::Half(lines)) => half(false, lines),
        _ => None,
    }
}

/// The theorem that rules out every open tour of `piece` (not the knight) on `board`, from
/// any start: the piece's graph not connected, lines apart holding more than half the board,
/// or two halves (see the module doc). Half the board in lines apart rules out closed tours
/// and some starts, not every open tour.
pub(super) fn board_obstacle(piece: Leaper, board: Board) -> Option<LeaperObstacle> {
    if board.area() == 1 {
        return None;
    }
    connectivity_obstacle(piece, board).or_else(|| {
        lines_obstacle(piece, board, None, false).filter(|obstacle| {
            matches!(
                obstacle,
                LeaperObstacle::CrowdedLines { .. } | LeaperObstacle::TwoHalves { .. }
            )
        })
    })
}

/// The theorems' verdict for an open tour of `piece` (not the knight) on `board` that ends on
/// `end`, beyond those of its start and the ends' colours: the lines apart.
pub(super) fn end_verdict(piece: Leaper, board: Board, end: Square) -> Option<Verdict> {
    let obstacle = lines_obstacle(piece, board, Some(end), true)?;
    Some(Verdict::Impossible(NoTourReason::LeaperTheorem {
        piece,
        board,
        obstacle,
    }))
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
    if piece.single().is_none() {
        return compound_verdict(piece, board, start, closed);
    }
    if let Some(obstacle) = connectivity_obstacle(piece, board) {
        return refuse(obstacle);
    }
    if let Some(obstacle) = lines_obstacle(piece, board, (!closed).then_some(start), false) {
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

/// The verdict for a tour of `piece`, of several leaps, on `board` (of two squares or more)
/// from `start`: only the parity, which holds for any piece every move of which changes
/// colour (see the module doc); [`Verdict::Open`] otherwise.
fn compound_verdict(piece: Leaper, board: Board, start: Square, closed: bool) -> Verdict {
    if piece.changes_colour() && board.has_odd_area() {
        if closed {
            return Verdict::Impossible(NoTourReason::LeaperTheorem {
                piece,
                board,
                obstacle: LeaperObstacle::OddAreaClosed,
            });
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
    fn lines_apart_are_found_across_a_side() {
        let zebra = Leaper::ZEBRA;
        assert_eq!(apart_lines(zebra, 5, None), Apart::Less);
        assert_eq!(apart_lines(zebra, 7, None), Apart::More(0b110_0011));
        assert!(matches!(apart_lines(zebra, 6, None), Apart::TwoHalves(..)));
        assert!(matches!(apart_lines(zebra, 8, None), Apart::TwoHalves(..)));
        assert_eq!(apart_lines(zebra, 12, None), Apart::Half(0b1100_0110_0011));
        assert_eq!(
            apart_lines(Leaper::GIRAFFE, 8, None),
            Apart::Half(0b1010_0101)
        );
        assert_eq!(apart_lines(Leaper::GIRAFFE, 9, None), Apart::Less);
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
