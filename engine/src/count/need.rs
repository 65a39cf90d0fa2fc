//! What a frontier count is known to need before it starts ([`least_need`]): a floor under the
//! most states one of its frontiers will hold, and the bytes those take as the count holds
//! them (a state and its count, 16 bytes on frontiers of up to 17 squares, 32 on wider ones;
//! the count holds more beside them, about twice as much at its peak). A count whose floor is
//! past its memory cap is refused at once, not after the minutes or hours it would take to
//! get there; a count under the floor's cap may still outgrow its cap as it runs, and stops
//! then, as before.
//!
//! The floors are the knight's ([`FLOORS`]), as this count takes the board (along its short
//! side), from its peaks measured with one thread:
//!
//! | board | closed | open, every start | open, least from one start or to one end measured |
//! |---|---|---|---|
//! | 5×8 | 12,843 | 223,589 | 26,935 (to every end: 2,1) |
//! | 5×10 | 33,896 | 382,031 | 135,828 (every start: 2,1) |
//! | 5×12, 5×14 | 40,911 | 418,612 | 375,143 (0,0) |
//! | 6×6 | 19,014 | 1,121,450 | 641,572 (0,0) |
//! | 6×7 | 149,362 | 4,051,911 | 683,112 (every start: 1,4) |
//! | 6×8 | 519,497 | 8,460,191 | 5,798,359 (0,0) |
//! | 6×10 | 992,955 | 11,459,414 | 9,379,869 (0,0) |
//! | 6×12 | 1,044,684 | 11,749,260 | 9,880,014 (0,0) |
//! | 7×7 | — | 83,442,846 | — |
//! | 7×8 | 13,974,791 | — | — |
//! | 8×8 | 460 million (`count --size 8 --closed`, GUIDE.md) | — | — |
//!
//! What they show, and what the floors rest on:
//! - A board at least as long, or at least as wide, never peaked lower: on 5×n (n = 5 to 14)
//!   and 6×n (n = 6 to 12) each kind's peak grows with n, levelling off past n ≈ 12, and
//!   each 6-wide peak is many times the 5-wide one. So a floor measured on `w × l` is one on
//!   every board whose short side is at least `w` and long side at least `l`.
//! - Open tours from every start peaked at 10 to 59 times the closed ones on every board with
//!   both: the open floor of a board with no open figure is 4 times its closed one.
//! - A fixed start or end peaked at twice the closed ones at the least (over the starts and
//!   ends above): its floor is half the closed one. Both fixed peaked lower (1.6 times the
//!   closed one from 2,3 to 1,3 on 6×8, and a pair with no tour may peak lower still): they
//!   have no floor.
//!
//! The floors are far below the peaks: 8×8 open from 0,0, whose floor is 230 million states,
//! held 787 million after 35 of its 64 squares, where it outgrew a cap of 18.3 GB.
//!
//! Other pieces have no floors: their counts are refused only as they run, if at all; nor
//! have boards with holes: the floors are the full rectangle's, and a board with holes, its
//! peaks not measured, may need far less.

use super::frontier::{state_bytes, window};
use super::{CountRequest, FrontierSide};
use crate::board::Board;

/// What a count needs at the least.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Need {
    /// States in its largest frontier, at the least.
    pub states: u64,
    /// The bytes those states take as the count holds them.
    pub bytes: u64,
}

/// The tours a floor is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tours {
    /// Closed tours.
    Closed,
    /// Open tours from every start to every end.
    Open,
    /// Open tours with a start or an end fixed, not both.
    OneEnd,
}

/// A floor under the knight's peak on boards at least `short` by `long`.
struct Floor {
    short: u32,
    long: u32,
    tours: Tours,
    states: u64,
}

/// 8×8 closed, measured: 460 million states at the peak.
const CLOSED_8X8: u64 = 460_000_000;
/// 7×7 open from every start, measured.
const OPEN_7X7: u64 = 83_442_846;
/// 7×8 closed, measured.
const CLOSED_7X8: u64 = 13_974_791;

/// The knight's floors (see the module doc): measured, or derived from a closed figure.
const FLOORS: [Floor; 7] = [
    Floor {
        short: 7,
        long: 7,
        tours: Tours::Open,
        states: OPEN_7X7,
    },
    Floor {
        short: 7,
        long: 8,
        tours: Tours::Closed,
        states: CLOSED_7X8,
    },
    Floor {
        short: 7,
        long: 8,
        tours: Tours::Open,
        states: 4 * CLOSED_7X8,
    },
    Floor {
        short: 7,
        long: 8,
        tours: Tours::OneEnd,
        states: CLOSED_7X8 / 2,
    },
    Floor {
        short: 8,
        long: 8,
        tours: Tours::Closed,
        states: CLOSED_8X8,
    },
    Floor {
        short: 8,
        long: 8,
        tours: Tours::Open,
        states: 4 * CLOSED_8X8,
    },
    Floor {
        short: 8,
        long: 8,
        tours: Tours::OneEnd,
        states: CLOSED_8X8 / 2,
    },
];

/// What the frontier count `request` asks is known to need at the least, if anything is
/// known: the largest floor of a board it covers, for its kind of tours. The floors are of
/// the short side's frontier: a count along the long side has none.
pub(super) fn least_need(request: &CountRequest) -> Option<Need> {
    if !request.piece.is_knight()
        || !request.holes.is_empty()
        || request.frontier_side != FrontierSide::Short
    {
        return None;
    }
    let tours = match (request.closed, request.start, request.end) {
        (true, _, _) => Tours::Closed,
        (false, None, None) => Tours::Open,
        (false, Some(_), None) | (false, None, Some(_)) => Tours::OneEnd,
        (false, Some(_), Some(_)) => return None,
    };
    let states = floor(request.board, tours)?;
    let bytes = states.saturating_mul(state_bytes(window(
        request.board,
        FrontierSide::Short,
        request.piece,
    )));
    Some(Need { states, bytes })
}

/// The largest floor for `tours` of a board `board` covers.
fn floor(board: Board, tours: Tours) -> Option<u64> {
    FLOORS
        .iter()
        .filter(|floor| {
            floor.tours == tours
                && board.short_side() >= floor.short
                && board.long_side() >= floor.long
        })
        .map(|floor| floor.states)
        .max()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leaper::Leaper;

    fn need(rows: u64, cols: u64, tours: Tours) -> Option<Need> {
        let board = Board::new(rows, cols).unwrap();
        let request = CountRequest {
            closed: tours == Tours::Closed,
            start: (tours == Tours::OneEnd).then_some(crate::board::Square::new(0, 0)),
            ..CountRequest::new(board)
        };
        least_need(&request)
    }

    #[test]
    fn a_floor_covers_boards_at_least_as_long_and_as_wide_either_way_round() {
        assert_eq!(need(6, 12, Tours::Open), None);
        assert_eq!(need(7, 6, Tours::Open), None);
        let seven = need(7, 7, Tours::Open).unwrap();
        assert_eq!((seven.states, seven.bytes), (OPEN_7X7, 16 * OPEN_7X7));
        // 7x7's open figure is above four times 7x8's closed one.
        assert_eq!(need(20, 7, Tours::Open).unwrap().states, OPEN_7X7);
        assert_eq!(need(7, 9, Tours::OneEnd).unwrap().states, CLOSED_7X8 / 2);
        assert_eq!(need(8, 8, Tours::Open).unwrap().states, 4 * CLOSED_8X8);
        assert_eq!(need(8, 8, Tours::OneEnd).unwrap().states, CLOSED_8X8 / 2);
        assert_eq!(need(7, 7, Tours::OneEnd), None);
        assert_eq!(need(7, 7, Tours::Closed), None);
        // Past 8 wide a state takes 128 bits.
        let nine = need(9, 10, Tours::Closed).unwrap();
        assert_eq!((nine.states, nine.bytes), (CLOSED_8X8, 32 * CLOSED_8X8));
    }

    #[test]
    fn other_pieces_have_no_floor() {
        let request = CountRequest {
            piece: Leaper::ZEBRA,
            ..CountRequest::new(Board::new(8, 8).unwrap())
        };
        assert_eq!(least_need(&request), None);
    }
}
