//! The existence theorems, as code: which boards have open and closed tours, and which starts
//! are ruled out by colour alone. Every answer here is O(1).
//!
//! - Closed tours (Schwenk 1991): an `m × n` board, `m ≤ n`, has one unless `m` and `n` are
//!   both odd, or `m ∈ {1, 2, 4}`, or `m = 3` and `n ∈ {4, 6, 8}`.
//! - Open tours (Cull & De Curtins 1978; Conrad et al. 1994): one exists iff the board is 1×1,
//!   3×4, 3×n with n ≥ 7, 4×n with n ≥ 5, or the shorter side is at least 5.
//! - On an odd-area board a tour starts and ends on the majority colour (that of `0,0`).
//! - On a board with a side of 4 (4×n, either way round) an open tour starts and ends on the
//!   two outer lines across that side (rows 0 and 3 of a board four rows high). Proof: call
//!   the squares of those lines *outer*, the others *inner*. Every move from an outer square
//!   lands on an inner one, so no two outer squares are consecutive on a path; a tour has `2n`
//!   of each among its `4n` squares, so the outer ones sit at every other place except across
//!   at most one pair of consecutive inner squares. Without such a pair all outer squares would
//!   share a parity of place, hence a colour; but the outer lines hold `n` squares of each
//!   colour. So the pair exists, outer squares take the first and the last place, and the
//!   path starts and ends outside. (This is the colouring behind Schwenk's 4×n clause; it
//!   covers 3×4 too, whose six inner squares have no tour.)
//!
//! The 1×1 board has the one-square open tour; it has no closed tour, because a square is not a
//! knight move from itself (Schwenk's clause `m = 1` agrees).
//!
//! Further starts with no open tour exist on some boards (3×7 and 3×8 among them); no theorem
//! here covers them, so the search proves them by exhausting its tree.
//!
//! Those are the knight's theorems. Other leapers have theorems of their own, in `leaper`
//! (colour, Knuth's connectivity theorem, parity); [`piece_verdict`] and
//! [`piece_route_verdict`] answer for any piece, the knight's by the theorems here, and so do
//! [`piece_end_verdict`] (an end from any start) and [`piece_board_verdict`] (every start), which
//! the count asks. The reasons, and the text that states them, are in `reason`
//! ([`NoTourReason`]).

mod clued;
mod leaper;
mod reason;

use crate::board::{Board, Square};
use crate::leaper::Leaper;

pub use self::clued::Endpoint;
pub use self::leaper::{LeaperObstacle, connectivity_obstacle};
pub use self::reason::{ClosedTourObstacle, NoTourReason};

/// Whether the board has an open tour from at least one square.
pub fn has_open_tour(board: Board) -> bool {
    let (m, n) = (board.short_side(), board.long_side());
    match m {
        1 => n == 1,
        2 => false,
        3 => n == 4 || n >= 7,
        4 => n >= 5,
        _ => true,
    }
}

/// The clause of Schwenk's theorem that forbids a closed tour, or `None` if one exists.
pub fn closed_tour_obstacle(board: Board) -> Option<ClosedTourObstacle> {
    let (m, n) = (board.short_side(), board.long_side());
    if m % 2 == 1 && n % 2 == 1 {
        Some(ClosedTourObstacle::BothSidesOdd)
    } else if matches!(m, 1 | 2 | 4) {
        Some(ClosedTourObstacle::NarrowSide)
    } else if m == 3 && matches!(n, 4 | 6 | 8) {
        Some(ClosedTourObstacle::ThreeRowException)
    } else {
        None
    }
}

/// Whether the board has a closed tour.
pub fn has_closed_tour(board: Board) -> bool {
    closed_tour_obstacle(board).is_none()
}

/// What the theorems alone say about a tour of `board` from `start`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No tour: proved.
    Impossible(NoTourReason),
    /// A tour is known to exist (a closed tour exists, so every start has one).
    Certain,
    /// The theorems allow it; only a search can tell.
    Open,
}

/// The O(1) verdict for a tour of `board` from `start`, closed if `closed`.
pub fn verdict(board: Board, start: Square, closed: bool) -> Verdict {
    if closed {
        return match closed_tour_obstacle(board) {
            Some(obstacle) => Verdict::Impossible(NoTourReason::NoClosedTour { board, obstacle }),
            None => Verdict::Certain,
        };
    }
    if !has_open_tour(board) {
        return Verdict::Impossible(NoTourReason::NoOpenTour { board });
    }
    if board.has_odd_area() && !start.is_majority_colour() {
        return Verdict::Impossible(NoTourReason::MinorityColourStart { board, start });
    }
    if is_inner_line_of_four(board, start) {
        return Verdict::Impossible(NoTourReason::InnerLineStart { board, start });
    }
    if has_closed_tour(board) || board.area() == 1 {
        Verdict::Certain
    } else {
        Verdict::Open
    }
}

/// The O(1) verdict for an open tour of `board` from `start` that ends on `end`: the start's
/// own verdict, then the end's (a tour reversed is a tour from its end), then the ends'
/// colours. On an n×n board with n ≥ 6 the colour condition is also sufficient (Conrad,
/// Hindrichs, Morsy & Wegener, *Discrete Applied Mathematics* 50, 1994): a tour exists.
pub fn route_verdict(board: Board, start: Square, end: Square) -> Verdict {
    if let Some(verdict) =
        route_by_start_and_colours(board, start, end, true, || verdict(board, start, false))
    {
        return verdict;
    }
    if is_inner_line_of_four(board, end) {
        return Verdict::Impossible(NoTourReason::InnerLineEnd { board, end });
    }
    if board.rows() == board.cols() && board.rows() >= 6 {
        Verdict::Certain
    } else {
        Verdict::Open
    }
}

/// The O(1) verdict for a tour of `piece` on `board` from `start`, closed if `closed`: the
/// knight's by its own theorems ([`verdict`]), another leaper's by those of the `leaper` module
/// (see the module doc).
pub fn piece_verdict(piece: Leaper, board: Board, start: Square, closed: bool) -> Verdict {
    if piece.is_knight() {
        verdict(board, start, closed)
    } else {
        leaper::verdict(piece, board, start, closed)
    }
}

/// The O(1) verdict for an open tour of `piece` on `board` from `start` that ends on `end`: the
/// knight's by [`route_verdict`]; another leaper's by the start's verdict, the end's (a tour
/// reversed is a tour), and, for a piece that changes colour at every move, the ends' colours
/// and the lines apart (a single leaper's; a piece of several leaps has none).
pub fn piece_route_verdict(piece: Leaper, board: Board, start: Square, end: Square) -> Verdict {
    if piece.is_knight() {
        return route_verdict(board, start, end);
    }
    route_by_start_and_colours(board, start, end, piece.changes_colour(), || {
        leaper::verdict(piece, board, start, false)
    })
    .or_else(|| leaper::end_verdict(piece, board, end))
    .unwrap_or(Verdict::Open)
}

/// The O(1) verdict for an open tour of `piece` on `board` that ends on `end`, from any start:
/// a tour reversed is a tour from its end, so it is the verdict from `end` (for the knight,
/// [`verdict`]), with each reason that names the square told of the end. On an odd-area board
/// a minority-colour end is [`NoTourReason::EndColour`] with `end` in both places, whose text
/// names the end alone.
pub fn piece_end_verdict(piece: Leaper, board: Board, end: Square) -> Verdict {
    match piece_verdict(piece, board, end, false) {
        Verdict::Impossible(reason) => Verdict::Impossible(told_of_the_end(reason, end)),
        other => other,
    }
}

/// `reason`, which refuses the tours from `end`, told of the tours that end there.
fn told_of_the_end(reason: NoTourReason, end: Square) -> NoTourReason {
    match reason {
        NoTourReason::MinorityColourStart { board, .. } => NoTourReason::EndColour {
            board,
            start: end,
            end,
        },
        NoTourReason::InnerLineStart { board, .. } => NoTourReason::InnerLineEnd { board, end },
        NoTourReason::LeaperTheorem {
            piece,
            board,
            obstacle:
                LeaperObstacle::HalfLines {
                    rows,
                    lines,
                    square,
                    ..
                },
        } => NoTourReason::LeaperTheorem {
            piece,
            board,
            obstacle: LeaperObstacle::HalfLines {
                rows,
                lines,
                square,
                end: true,
            },
        },
        other => other,
    }
}

/// The theorem that rules out every tour of `piece` on `board`, closed if `closed`, from
/// whichever square: for a closed tour the board's own ([`piece_verdict`] from any square,
/// since a closed tour passes through them all); for an open one the knight's
/// [`has_open_tour`], or another leaper's connectivity and lines apart (`leaper`), never a
/// theorem on one start. `None` when the theorems allow a tour from some square.
pub fn piece_board_verdict(piece: Leaper, board: Board, closed: bool) -> Option<NoTourReason> {
    if closed {
        return match piece_verdict(piece, board, Square::new(0, 0), true) {
            Verdict::Impossible(reason) => Some(reason),
            _ => None,
        };
    }
    if piece.is_knight() {
        return (!has_open_tour(board)).then_some(NoTourReason::NoOpenTour { board });
    }
    leaper::board_obstacle(piece, board).map(|obstacle| NoTourReason::LeaperTheorem {
        piece,
        board,
        obstacle,
    })
}

/// What every piece's route verdict begins with: the end on the start (a tour of one square
/// only), the start's own verdict (`from_start`), then, for a piece every move of which
/// changes colour (`colours`), the ends' colours (the board passed its theorems from the
/// start, so from the end only its colour can fail). `None` if they allow the route.
fn route_by_start_and_colours(
    board: Board,
    start: Square,
    end: Square,
    colours: bool,
    from_start: impl FnOnce() -> Verdict,
) -> Option<Verdict> {
    if start == end {
        return Some(if board.area() == 1 {
            Verdict::Certain
        } else {
            Verdict::Impossible(NoTourReason::EndIsStart {
                board,
                square: start,
            })
        });
    }
    if let Verdict::Impossible(reason) = from_start() {
        return Some(Verdict::Impossible(reason));
    }
    if colours && !ends_colours_fit(board, start, end) {
        return Some(Verdict::Impossible(NoTourReason::EndColour {
            board,
            start,
            end,
        }));
    }
    None
}

/// Whether a path of a piece that changes colour at every move can run from `start` to `end`
/// over the whole board: on an odd-area board both ends have the majority colour, on an
/// even-area one they differ.
fn ends_colours_fit(board: Board, start: Square, end: Square) -> bool {
    if board.has_odd_area() {
        end.is_majority_colour()
    } else {
        start.is_majority_colour() != end.is_majority_colour()
    }
}

/// Whether `board` has a side of 4 across which `start` is on one of the two inner lines.
fn is_inner_line_of_four(board: Board, start: Square) -> bool {
    (board.rows() == 4 && matches!(start.row, 1 | 2))
        || (board.cols() == 4 && matches!(start.col, 1 | 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: u64, cols: u64) -> Board {
        Board::new(rows, cols).unwrap()
    }

    /// The split on the last square names what was split and how much was searched: for an
    /// open tour the squares a cover can end on, for a closed one the start's moves.
    #[test]
    fn every_end_searched_says_which_ends_and_how_many_nodes() {
        let start = Square::new(0, 1);
        let open = NoTourReason::EveryEndSearched {
            start,
            prefix_len: 1,
            closed: false,
            ends: 138,
            closing: None,
            nodes: 15_360_346,
        };
        assert_eq!(
            open.to_string(),
            "no tour starts at 0,1: only 138 squares end a choice of moves that gives every \
             square the moves a tour gives it, and a complete search toward each of them found \
             none (15360346 nodes in all)"
        );
        let closed = |ends| NoTourReason::EveryEndSearched {
            start: Square::new(0, 0),
            prefix_len: 1,
            closed: true,
            ends,
            closing: None,
            nodes: 39_018_931,
        };
        assert_eq!(
            closed(1).to_string(),
            "no closed tour exists: a closed tour uses both moves of 0,0, so it is a path from \
             0,0 to the square of one of them, and a complete search toward that square found \
             none (39018931 nodes)"
        );
        assert_eq!(
            closed(2).to_string(),
            "no closed tour exists: a closed tour uses two of the 3 moves of 0,0, so it is a \
             path from 0,0 to the square of one of the first 2 of them (one of the two it uses \
             is among them), and a complete search toward each of those 2 squares found none \
             (39018931 nodes in all)"
        );
        let closing = |ends, nodes| NoTourReason::EveryEndSearched {
            start: Square::new(0, 4),
            prefix_len: 1,
            closed: false,
            ends,
            closing: Some(Square::new(3, 0)),
            nodes,
        };
        assert_eq!(
            closing(2, 40_000_000).to_string(),
            "no tour starts at 0,4: only 2 squares end a choice of moves that gives every square \
             the moves a tour gives it, and 3,0, one of them, is a move from 0,4: a tour ending \
             on 3,0 closes into a closed tour, which, opened at its other move from 0,4, is a \
             tour ending on another of them; a complete search toward the other found none \
             (40000000 nodes)"
        );
        let three = closing(3, 40_000_000);
        assert!(
            three
                .to_string()
                .ends_with("toward each of the other 2 found none (40000000 nodes in all)"),
            "{three}"
        );
        let alone = closing(1, 0);
        assert!(
            alone.to_string().starts_with(
                "no tour starts at 0,4: only 1 square ends a choice of moves that gives every \
                 square the moves a tour gives it, and 3,0"
            ) && alone
                .to_string()
                .ends_with("another of them; there is no other"),
            "{alone}"
        );
    }

    #[test]
    fn open_tour_table_matches_the_theorem_in_both_orientations() {
        let with_open: Vec<(u64, u64)> = (1..=8)
            .flat_map(|m| (m..=8).map(move |n| (m, n)))
            .filter(|&(m, n)| has_open_tour(board(m, n)))
            .filter(|&(m, n)| m < 5 || n < 5)
            .collect();
        assert_eq!(
            with_open,
            vec![
                (1, 1),
                (3, 4),
                (3, 7),
                (3, 8),
                (4, 5),
                (4, 6),
                (4, 7),
                (4, 8)
            ]
        );
        for (m, n) in [(3, 7), (4, 5), (6, 9)] {
            assert_eq!(has_open_tour(board(m, n)), has_open_tour(board(n, m)));
        }
    }

    #[test]
    fn closed_tour_clauses() {
        assert_eq!(
            closed_tour_obstacle(board(5, 5)),
            Some(ClosedTourObstacle::BothSidesOdd)
        );
        assert_eq!(
            closed_tour_obstacle(board(4, 10)),
            Some(ClosedTourObstacle::NarrowSide)
        );
        assert_eq!(
            closed_tour_obstacle(board(8, 3)),
            Some(ClosedTourObstacle::ThreeRowException)
        );
        assert_eq!(
            closed_tour_obstacle(board(1, 1)),
            Some(ClosedTourObstacle::BothSidesOdd)
        );
        for (m, n) in [(3, 10), (3, 12), (5, 6), (6, 6), (8, 8), (7, 10)] {
            assert!(has_closed_tour(board(m, n)), "{m}x{n}");
        }
    }

    #[test]
    fn minority_colour_starts_are_refused_on_odd_boards_only() {
        let five = board(5, 5);
        assert!(matches!(
            verdict(five, Square::new(0, 1), false),
            Verdict::Impossible(NoTourReason::MinorityColourStart { .. })
        ));
        assert_eq!(verdict(five, Square::new(2, 2), false), Verdict::Open);
        assert_eq!(
            verdict(board(6, 6), Square::new(0, 1), false),
            Verdict::Certain
        );
        assert_eq!(
            verdict(board(3, 4), Square::new(0, 0), false),
            Verdict::Open
        );
    }

    #[test]
    fn four_line_boards_refuse_inner_starts_in_both_orientations() {
        assert!(matches!(
            verdict(board(4, 9), Square::new(2, 5), false),
            Verdict::Impossible(NoTourReason::InnerLineStart { .. })
        ));
        assert!(matches!(
            verdict(board(9, 4), Square::new(5, 1), false),
            Verdict::Impossible(NoTourReason::InnerLineStart { .. })
        ));
        assert_eq!(
            verdict(board(4, 9), Square::new(3, 5), false),
            Verdict::Open
        );
        assert_eq!(
            verdict(board(9, 4), Square::new(5, 0), false),
            Verdict::Open
        );
    }
}
