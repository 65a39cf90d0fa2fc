//! Why no tour exists ([`NoTourReason`]), with the text every front end shows (and writes in
//! its JSON): the theorem or the rule that applies, and the condition that fails.

use std::fmt;

use crate::board::{Board, Square};
use crate::leaper::Leaper;
use crate::quote::counted;
use crate::search::DeadPosition;
use crate::shape::Clue;

use super::LeaperObstacle;
use super::clued::Endpoint;

/// Which clause of Schwenk's theorem rules out a closed tour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClosedTourObstacle {
    /// Both sides odd: the board has an odd number of squares, and a cycle alternates colours.
    BothSidesOdd,
    /// The shorter side is 1, 2 or 4.
    NarrowSide,
    /// 3×4, 3×6 or 3×8.
    ThreeRowException,
}

/// Why no tour exists: a theorem, a colour argument or an exhausted search. Never a time-out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoTourReason {
    /// The board has no open tour at all (Cull & De Curtins; Conrad et al.).
    NoOpenTour {
        /// The board.
        board: Board,
    },
    /// The board has no closed tour (Schwenk).
    NoClosedTour {
        /// The board.
        board: Board,
        /// The clause that applies.
        obstacle: ClosedTourObstacle,
    },
    /// An odd-area board, and the start has the minority colour.
    MinorityColourStart {
        /// The board.
        board: Board,
        /// The start asked for.
        start: Square,
    },
    /// A board with a side of 4, and the start is on one of the two inner lines across it.
    InnerLineStart {
        /// The board.
        board: Board,
        /// The start asked for.
        start: Square,
    },
    /// A complete search of every move sequence from the start found no tour.
    ExhaustiveSearch {
        /// The start searched from.
        start: Square,
        /// Search nodes expanded to prove it.
        nodes: u64,
    },
    /// The exact count of the tours asked for, by frontier dynamic programming on a narrow
    /// board, is 0: from the start (after a prefix of `prefix_len` squares, when more than
    /// one), ending on `end` when asked, closed when asked.
    FrontierCount {
        /// The board.
        board: Board,
        /// The first square of the tour.
        start: Square,
        /// The end asked for.
        end: Option<Square>,
        /// Squares of the prefix, the partial tour given (1: the start alone).
        prefix_len: u64,
        /// Whether a closed tour was asked for.
        closed: bool,
    },
    /// The end asked for is the start, on a board of more than one square.
    EndIsStart {
        /// The board.
        board: Board,
        /// The square asked for as both.
        square: Square,
    },
    /// The ends' colours rule the tour out: a path alternates colours, so on an even-area
    /// board its ends differ in colour, and on an odd-area board both have the majority colour.
    EndColour {
        /// The board.
        board: Board,
        /// The start.
        start: Square,
        /// The end asked for.
        end: Square,
    },
    /// A board with a side of 4, and the end is on one of the two inner lines across it.
    InnerLineEnd {
        /// The board.
        board: Board,
        /// The end asked for.
        end: Square,
    },
    /// The end asked for is already on the partial tour, before the board is covered.
    EndOnPrefix {
        /// The end asked for.
        end: Square,
    },
    /// The position a partial tour leaves has no tour, by one of the search's rules.
    DeadPosition {
        /// Which rule, and the squares it names.
        position: DeadPosition,
    },
    /// A theorem on leapers other than the knight (see [`LeaperObstacle`]).
    LeaperTheorem {
        /// The piece.
        piece: Leaper,
        /// The board.
        board: Board,
        /// Which theorem, and so which condition fails.
        obstacle: LeaperObstacle,
    },
    /// A complete search found no tour along the route asked for: from the start (after a
    /// prefix of `prefix_len` squares, when more than one), ending on `end` when asked.
    ExhaustiveRouteSearch {
        /// The first square of the tour.
        start: Square,
        /// The end asked for.
        end: Option<Square>,
        /// Squares of the prefix, the partial tour given (1: the start alone).
        prefix_len: u64,
        /// Search nodes expanded to prove it.
        nodes: u64,
    },
    /// No choice of moves gives every square the moves a tour gives it (two; one to the first
    /// and the last square, none of which ends a closed tour): a maximum flow from the squares
    /// of one colour to the other falls short (path flipping's proof).
    NoCover {
        /// The first square of the tour.
        start: Square,
        /// The end asked for.
        end: Option<Square>,
        /// Squares of the prefix, the partial tour given (1: the start alone).
        prefix_len: u64,
        /// Whether a closed tour was asked for.
        closed: bool,
        /// Ends of moves the squares need.
        needed: u64,
        /// Ends of moves the flow gives them.
        met: u64,
    },
    /// Choices of moves that give every square the moves a tour gives it exist, but the moves
    /// any of them can use (a maximum flow's, and those on a cycle of what it leaves) join the
    /// start to only some of the squares, so none is one path (path flipping's proof).
    SplitCover {
        /// The first square of the tour.
        start: Square,
        /// The end asked for.
        end: Option<Square>,
        /// Squares of the prefix, the partial tour given (1: the start alone).
        prefix_len: u64,
        /// Whether a closed tour was asked for.
        closed: bool,
        /// Squares those moves join to the square the tour goes on from.
        reached: u64,
        /// Squares the tour must still visit.
        squares: u64,
    },
    /// The tour's last square was split on, and a complete search toward each square it could
    /// end on found none. An open tour ends on a square that ends a choice of moves giving every
    /// square the moves a tour gives it (path flipping's first cover says which); a closed tour
    /// uses two of its start's moves, so, read in one of its two directions, it ends on one of
    /// the start's neighbours but any chosen one (`ends` squares).
    EveryEndSearched {
        /// The first square of the tour.
        start: Square,
        /// Squares of the prefix, the partial tour given (1: the start alone).
        prefix_len: u64,
        /// Whether a closed tour was asked for.
        closed: bool,
        /// The squares the tour could end on (for a closed tour, the start's neighbours but
        /// one), each searched toward to the end of its tree but `closing`.
        ends: u64,
        /// For an open tour from its start alone: the end a move from the start that was not
        /// searched toward, because a tour ending there closes into a closed tour, which,
        /// opened at its other move from the start, is a tour ending on one of the others.
        closing: Option<Square>,
        /// Search nodes expanded toward them, in all.
        nodes: u64,
    },

    /// A closed tour of fewer than three squares: on one square it makes no move, and on two
    /// it would take its one move back.
    ClosedTooSmall {
        /// The open squares.
        open: u64,
    },
    /// The start or the end asked for is not an open square of the board.
    EndpointNotOpen {
        /// Which end.
        role: Endpoint,
        /// The square asked for.
        square: Square,
    },
    /// The start or the end asked for disagrees with the numbers given: the square given 1
    /// (the number of open squares, for the end) is elsewhere, or the square asked for is
    /// given another number.
    EndpointAgainstClue {
        /// Which end.
        role: Endpoint,
        /// The square asked for.
        asked: Square,
        /// The number given that it contradicts.
        clue: Clue,
    },
    /// An open square that no move of the piece joins to another open square, on a board of
    /// more than one open square: a tour has to enter it or leave it.
    NoWayIn {
        /// The square.
        square: Square,
        /// The open squares.
        open: u64,
    },
    /// Squares with one way in (one open square a move away) can only end the tour, as a
    /// square the tour passes through needs a way in and a way out: a closed tour has no end,
    /// and an open one has two, minus those the question fixes elsewhere.
    DeadEnds {
        /// The squares with one way in that the question does not make ends.
        squares: Vec<Square>,
        /// The ends the question fixes (a start and an end, asked for or given 1 and the last
        /// number).
        fixed: Vec<Square>,
        /// Whether a closed tour was asked for.
        closed: bool,
    },
    /// A square with one way in is given a number that is neither the first nor the last, so
    /// the tour would have to enter it and leave it.
    NumberedDeadEnd {
        /// The square and its number.
        clue: Clue,
    },
    /// The open squares are not joined by the piece's moves over open squares.
    ShapeSplit {
        /// An open square.
        from: Square,
        /// An open square that no sequence of moves over open squares reaches from `from`.
        unreached: Square,
    },
    /// The piece changes colour at every move, so a tour alternates colours: an open tour of
    /// `k` squares visits `k / 2` of one colour and the rest of the other, a closed tour
    /// as many of each. The open squares' counts do not allow it.
    ShapeColourCount {
        /// Open squares of the colour of 0,0 (row + column even).
        even: u64,
        /// Open squares of the other colour.
        odd: u64,
        /// Whether a closed tour was asked for.
        closed: bool,
    },
    /// The piece changes colour at every move and the open squares hold one more of one
    /// colour: a tour starts and ends on that colour, so every odd visit is on it and every
    /// even visit on the other. A number given (or the start or end asked for, as visit 1 and
    /// the last) is on the wrong colour.
    ClueColour {
        /// The visit and its square.
        clue: Clue,
        /// Open squares of that square's colour.
        same: u64,
        /// Open squares of the other colour.
        other: u64,
    },
    /// The piece changes colour at every move, so visits `d` moves apart share a colour when
    /// `d` is even and differ when it is odd; two consecutive numbers given do not.
    ClueParity {
        /// The lower number.
        first: Clue,
        /// The next number given.
        second: Clue,
    },
    /// Visit `to` is farther from visit `from` (in moves of the piece over open squares) than
    /// the moves the tour has between them: `to.number - from.number`, or, when a closed tour
    /// comes back round to its first numbers, the open squares less that.
    ClueOutOfReach {
        /// The earlier visit.
        from: Clue,
        /// The later visit.
        to: Clue,
        /// The moves the tour has from one to the other.
        moves: u64,
        /// The fewest moves between their squares; `None` when none leads there.
        distance: Option<u64>,
        /// Whether the moves are those that close the tour, from the last number given back
        /// round to the first.
        closing: bool,
    },
    /// A cut square: without it the other open squares fall into `parts` parts that no move
    /// joins. A tour passes it once, and the rest of an open tour is at most two paths, each
    /// within one part, so at most two parts; the rest of a closed tour is one path, so one.
    CutSquare {
        /// The cut square.
        square: Square,
        /// The parts its removal leaves.
        parts: u64,
        /// Whether a closed tour was asked for.
        closed: bool,
    },
    /// A cut square between two parts: an open tour covers one part, then the cut square,
    /// then the other, so one part holds visits 1 to its size and the other the last ones. The
    /// numbers given (and the start and end asked for) fit neither order.
    CutOrder {
        /// The cut square.
        square: Square,
        /// The size of one part.
        first: u64,
        /// The size of the other.
        second: u64,
    },
    /// A complete search of every path over the open squares that keeps the numbers given
    /// found none.
    ExhaustiveShapeSearch {
        /// The start searched from; `None` when every open square was tried.
        start: Option<Square>,
        /// Search nodes expanded to prove it.
        nodes: u64,
    },
}

impl fmt::Display for NoTourReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ClosedTooSmall { .. }
            | Self::EndpointNotOpen { .. }
            | Self::EndpointAgainstClue { .. }
            | Self::NoWayIn { .. }
            | Self::DeadEnds { .. }
            | Self::NumberedDeadEnd { .. }
            | Self::ShapeSplit { .. }
            | Self::ShapeColourCount { .. }
            | Self::ClueColour { .. }
            | Self::ClueParity { .. }
            | Self::ClueOutOfReach { .. }
            | Self::CutSquare { .. }
            | Self::CutOrder { .. }
            | Self::ExhaustiveShapeSearch { .. } => super::clued::describe(self, f),
            Self::NoOpenTour { board } => write!(
                f,
                "no open tour exists on a {board} board (open tours exist only on 1x1, 3x4, \
                 3xn with n >= 7, 4xn with n >= 5, and boards with both sides >= 5)"
            ),
            Self::NoClosedTour { board, obstacle } => {
                let why = match obstacle {
                    ClosedTourObstacle::BothSidesOdd => {
                        "both sides are odd, and a closed tour needs as many squares of each colour"
                    }
                    ClosedTourObstacle::NarrowSide => "a side of 1, 2 or 4 admits none",
                    ClosedTourObstacle::ThreeRowException => "3x4, 3x6 and 3x8 admit none",
                };
                write!(
                    f,
                    "no closed tour exists on a {board} board: {why} (Schwenk 1991)"
                )
            }
            Self::MinorityColourStart { board, start } => write!(
                f,
                "no tour starts at {start}: on the odd-area {board} board every tour starts on \
                 the colour of 0,0 (row + column even), and {start} is the other colour"
            ),
            Self::InnerLineStart { board, start } => write!(
                f,
                "no tour starts at {start}: on a {board} board every open tour starts and ends \
                 on the two outer lines across its side of 4, and {start} is on an inner line"
            ),
            Self::ExhaustiveSearch { start, nodes } => write!(
                f,
                "no tour starts at {start}: an exhaustive search of {} found none",
                counted(*nodes, "node")
            ),
            Self::FrontierCount {
                board,
                start,
                end,
                prefix_len,
                closed,
            } => frontier_count(f, *board, *start, *end, *prefix_len, *closed),
            Self::EndIsStart { board, square } => write!(
                f,
                "no tour of the {board} board starts and ends at {square}: a tour visits every \
                 square once"
            ),
            Self::EndColour { board, start, end } if board.has_odd_area() => write!(
                f,
                "no tour ends at {end}: on the odd-area {board} board every tour starts and ends \
                 on the colour of 0,0 (row + column even), and {end} is the other colour"
            ),
            Self::EndColour { board, start, end } => write!(
                f,
                "no tour from {start} ends at {end}: a tour of the even-area {board} board \
                 alternates colours, so its ends differ in colour, and {start} and {end} share one"
            ),
            Self::InnerLineEnd { board, end } => write!(
                f,
                "no tour ends at {end}: on a {board} board every open tour starts and ends on \
                 the two outer lines across its side of 4, and {end} is on an inner line"
            ),
            Self::EndOnPrefix { end } => write!(
                f,
                "no tour ends at {end}: the partial tour passes it before the board is covered"
            ),
            Self::DeadPosition { position } => {
                write!(f, "no tour completes the position: {position}")
            }
            Self::LeaperTheorem {
                piece,
                board,
                obstacle,
            } => super::leaper::describe(f, *piece, *board, *obstacle),
            Self::ExhaustiveRouteSearch {
                start,
                end,
                prefix_len,
                nodes,
            } => {
                write!(f, "no tour ")?;
                if *prefix_len > 1 {
                    write!(
                        f,
                        "extends the partial tour of {prefix_len} squares from {start}"
                    )?;
                } else {
                    write!(f, "from {start}")?;
                }
                if let Some(end) = end {
                    write!(f, " ends at {end}")?;
                } else if *prefix_len > 1 {
                    write!(f, " to a whole tour")?;
                } else {
                    write!(f, " exists")?;
                }
                write!(
                    f,
                    ": an exhaustive search of {} found none",
                    counted(*nodes, "node")
                )
            }
            Self::NoCover {
                start,
                end,
                prefix_len,
                closed,
                needed,
                met,
            } => {
                no_tour_from(f, *start, *end, *prefix_len, *closed)?;
                let ends = cover_ends(*closed);
                write!(
                    f,
                    ": a tour gives every square it passes two of its moves{ends}, and no choice \
                     of moves does (a maximum flow of moves from one colour to the other meets \
                     {met} of the {needed} move ends needed)"
                )
            }
            Self::SplitCover {
                start,
                end,
                prefix_len,
                closed,
                reached,
                squares,
            } => {
                no_tour_from(f, *start, *end, *prefix_len, *closed)?;
                let ends = cover_ends(*closed);
                write!(
                    f,
                    ": a tour gives every square it passes two of its moves{ends}, and the moves \
                     that any such choice can use (a maximum flow's, and those on a cycle of the \
                     flow's residual network) join only {reached} of the {squares} squares to \
                     visit, so no choice is one path"
                )
            }
            Self::EveryEndSearched {
                start,
                prefix_len,
                closed,
                ends,
                closing,
                nodes,
            } => {
                no_tour_from(f, *start, None, *prefix_len, *closed)?;
                let end_choices = match ends {
                    1 => "1 square ends".to_string(),
                    _ => format!("{ends} squares end"),
                };
                if let Some(closing) = closing {
                    write!(
                        f,
                        ": only {end_choices} a choice of moves that gives every square the \
                         moves a tour gives it, and {closing}, one of them, is a move from \
                         {start}: a tour ending on {closing} closes into a closed tour, which, \
                         opened at its other move from {start}, is a tour ending on another of \
                         them; "
                    )?;
                    match ends - 1 {
                        0 => write!(f, "there is no other"),
                        1 => write!(
                            f,
                            "a complete search toward the other found none ({nodes} nodes)"
                        ),
                        others => write!(
                            f,
                            "a complete search toward each of the other {others} found none \
                             ({nodes} nodes in all)"
                        ),
                    }
                } else if *closed && *ends == 1 {
                    write!(
                        f,
                        ": a closed tour uses both moves of {start}, so it is a path from {start} \
                         to the square of one of them, and a complete search toward that square \
                         found none ({nodes} nodes)"
                    )
                } else if *closed {
                    write!(
                        f,
                        ": a closed tour uses two of the {} moves of {start}, so it is a path from \
                         {start} to the square of one of the first {ends} of them (one of the two \
                         it uses is among them), and a complete search toward each of those \
                         {ends} squares found none ({nodes} nodes in all)",
                        ends + 1
                    )
                } else {
                    write!(
                        f,
                        ": only {end_choices} a choice of moves that gives every square the moves \
                         a tour gives it, and a complete search toward each of them found none \
                         ({nodes} nodes in all)"
                    )
                }
            }
        }
    }
}

/// What a cover gives the ends of a tour beside the two moves of every square it passes:
/// nothing for a closed tour; one move to the last square and the first of an open one.
fn cover_ends(closed: bool) -> &'static str {
    if closed {
        ""
    } else {
        ", its last square one and the first one"
    }
}

/// The first words of the cover's proofs ([`NoTourReason::NoCover`],
/// [`NoTourReason::SplitCover`]): the tour asked for.
fn no_tour_from(
    f: &mut fmt::Formatter<'_>,
    start: Square,
    end: Option<Square>,
    prefix_len: u64,
    closed: bool,
) -> fmt::Result {
    if closed {
        return write!(f, "no closed tour exists");
    }
    match (end, prefix_len > 1) {
        (Some(end), false) => write!(f, "no tour from {start} ends at {end}"),
        (Some(end), true) => write!(
            f,
            "no tour extends the partial tour of {prefix_len} squares from {start} to {end}"
        ),
        (None, false) => write!(f, "no tour starts at {start}"),
        (None, true) => write!(
            f,
            "no tour extends the partial tour of {prefix_len} squares from {start}"
        ),
    }
}

/// The text of [`NoTourReason::FrontierCount`]: the route asked for, then the count.
fn frontier_count(
    f: &mut fmt::Formatter<'_>,
    board: Board,
    start: Square,
    end: Option<Square>,
    prefix_len: u64,
    closed: bool,
) -> fmt::Result {
    let kind = if closed { "closed tour" } else { "tour" };
    match (prefix_len > 1, end) {
        (true, Some(end)) => write!(
            f,
            "no {kind} extends the partial tour of {prefix_len} squares from {start} \
             and ends at {end}"
        )?,
        (true, None) => write!(
            f,
            "no {kind} extends the partial tour of {prefix_len} squares from {start}"
        )?,
        (false, Some(end)) => write!(f, "no {kind} from {start} ends at {end}")?,
        (false, None) => write!(f, "no {kind} starts at {start}")?,
    }
    write!(
        f,
        ": the exact count of such tours of the {board} board, by frontier dynamic programming \
         over its rows, is 0"
    )
}
