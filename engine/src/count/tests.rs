//! The two methods against each other, and both against OEIS.

use super::*;

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

fn count(request: CountRequest, method: CountMethod) -> BigUint {
    let counted = count_tours(&CountRequest {
        method: Some(method),
        ..request
    })
    .unwrap();
    assert_eq!(counted.method, method);
    counted.tours
}

#[test]
fn the_frontier_count_agrees_with_enumeration_on_small_boards() {
    for (rows, cols) in [
        (1, 1),
        (2, 3),
        (3, 3),
        (3, 4),
        (4, 3),
        (3, 5),
        (4, 4),
        (4, 5),
        (5, 4),
        (3, 7),
        (5, 5),
        (4, 6),
    ] {
        let board = board(rows, cols);
        for closed in [false, true] {
            let request = CountRequest {
                closed,
                ..CountRequest::new(board)
            };
            assert_eq!(
                count(request, CountMethod::Frontier),
                count(request, CountMethod::Enumeration),
                "{board} closed: {closed}"
            );
        }
        for start in board.squares() {
            let request = CountRequest {
                start: Some(start),
                ..CountRequest::new(board)
            };
            assert_eq!(
                count(request, CountMethod::Frontier),
                count(request, CountMethod::Enumeration),
                "{board} from {start}"
            );
        }
    }
}
