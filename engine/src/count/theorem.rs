//! The theorems that make a count 0 before anything is counted: whatever `existence` proves
//! of the board, the start, the end and the piece ([`proof_of_none`]). A count of tours that
//! provably do not exist is 0, with the theorem as its reason.
//!
//! The theorems are about whole rectangles: a board with holes has none of them.

use crate::existence::{
    NoTourReason, Verdict, piece_board_verdict, piece_end_verdict, piece_route_verdict,
    piece_verdict,
};

use super::{CountError, CountRequest, check_ends};

/// The theorem that proves the count `request` asks for is 0, if one does, after refusing
/// what no count answers (a closed tour with an end, a square off the board): for closed
/// tours, or open ones from every start, the board's (`existence::piece_board_verdict`);
/// from a start, the start's; to an end from every start, the end's (a tour reversed is a
/// tour from its end); between two squares, the route's. None on a board with holes.
pub fn proof_of_none(request: &CountRequest) -> Result<Option<NoTourReason>, CountError> {
    check_ends(request)?;
    if !request.holes.is_empty() {
        return Ok(None);
    }
    let (piece, board) = (request.piece, request.board);
    let verdict = match (request.closed, request.start, request.end) {
        (true, _, _) | (false, None, None) => {
            return Ok(piece_board_verdict(piece, board, request.closed));
        }
        (false, Some(start), None) => piece_verdict(piece, board, start, false),
        (false, None, Some(end)) => piece_end_verdict(piece, board, end),
        (false, Some(start), Some(end)) => piece_route_verdict(piece, board, start, end),
    };
    Ok(match verdict {
        Verdict::Impossible(reason) => Some(reason),
        Verdict::Certain | Verdict::Open => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Square};
    use crate::count::{CountMethod, count_tours};
    use crate::leaper::Leaper;

    /// Every count a theorem makes 0 is 0 by enumeration, the search walking every tour with
    /// no theorem: the knight and other leapers on the boards of up to 24 squares, closed,
    /// from every start, from each start, to each end, and between pairs.
    #[test]
    fn every_count_a_theorem_makes_0_is_0_by_enumeration() {
        let pieces = [
            Leaper::KNIGHT,
            Leaper::CAMEL,
            Leaper::ZEBRA,
            Leaper::GIRAFFE,
            Leaper::new(0, 1).unwrap(),
            Leaper::new(1, 1).unwrap(),
            Leaper::new(2, 5).unwrap(),
        ];
        let mut proved = 0;
        for piece in pieces {
            for rows in 1..=4 {
                for cols in rows..=24 / rows {
                    let board = Board::new(rows, cols).unwrap();
                    for request in requests(board, piece) {
                        if let Some(reason) = proof_of_none(&request).unwrap() {
                            let counted = count_tours(&CountRequest {
                                method: Some(CountMethod::Enumeration),
                                ..request.clone()
                            })
                            .unwrap();
                            assert_eq!(counted.tours, 0u8.into(), "{request:?}: {reason}");
                            proved += 1;
                        }
                    }
                }
            }
        }
        assert!(proved > 1000, "{proved}");
    }

    /// The questions of a board: closed, open from every start, and from each start, to each
    /// end and between each start and end.
    fn requests(board: Board, piece: Leaper) -> Vec<CountRequest> {
        let any = CountRequest {
            piece,
            ..CountRequest::new(board)
        };
        let mut requests = vec![
            CountRequest {
                closed: true,
                ..any.clone()
            },
            any.clone(),
        ];
        let squares: Vec<Square> = board.squares().collect();
        for &square in &squares {
            requests.push(CountRequest {
                start: Some(square),
                ..any.clone()
            });
            requests.push(CountRequest {
                end: Some(square),
                ..any.clone()
            });
            for &end in &squares {
                requests.push(CountRequest {
                    start: Some(square),
                    end: Some(end),
                    ..any.clone()
                });
            }
        }
        requests
    }
}
