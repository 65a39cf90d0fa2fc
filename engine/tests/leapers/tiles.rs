//! Large boards of the leapers whose greedy pass stops far from a tour: tours joined from the
//! tours of blocks (the `tiles` layer), checked by this file's validator, within the budget and
//! the deadline.

use std::time::Duration;

use knights_tour_engine::solve::GiveUp;

use super::*;

/// The tiled tour of `piece` on a `rows × cols` board from `start`, checked by
/// [`is_leaper_tour`].
fn assert_tiled_tour(piece: Leaper, rows: u32, cols: u32, start: Square, closed: bool) {
    let request = Request::new(board(rows.into(), cols.into()), start)
        .piece(piece)
        .closed(closed);
    let outcome = solve(&request).unwrap();
    let Outcome::Tour { tour, layer, .. } = outcome else {
        panic!("the {piece} on {rows}x{cols} from {start:?}: {outcome:?}");
    };
    assert_eq!(layer, Layer::Tiles, "{piece} on {rows}x{cols}");
    assert_eq!(tour.start(), start);
    let (a, b) = (piece.single().unwrap().0, piece.single().unwrap().1);
    assert!(is_leaper_tour(a, b, rows, cols, tour.indices(), closed));
}

/// The (3,4)-leaper's greedy pass stops far from a tour on large boards: before the tiling,
/// the searches gave up on 700×700 and 1000×1000 after 100 M nodes (12 to 17 s), and took 3.4 s
/// on 363×363. Smaller boards keep the test quick: a closed tour of 400×400, and an open tour
/// of a board of odd area, whose start's block carries a path.
#[test]
fn the_3_4_leaper_tours_large_boards_from_tiles() {
    let piece = Leaper::new(3, 4).unwrap();
    assert_tiled_tour(piece, 400, 400, Square::new(0, 0), true);
    assert_tiled_tour(piece, 363, 365, Square::new(200, 100), false);
}

/// The (4,5)-leaper has no closed tour of many block shapes (none of 32×32 or 40×40 at all),
/// so the tiling looks further for its sides.
#[test]
fn the_4_5_leaper_tours_large_boards_from_tiles() {
    let piece = Leaper::new(4, 5).unwrap();
    assert_tiled_tour(piece, 500, 500, Square::new(3, 7), true);
    assert_tiled_tour(piece, 363, 365, Square::new(1, 1), false);
}

/// Boards a tester found the (4,5)-leaper's tiling gave up on (issue 44): no pair of sides
/// then made block shapes that all had tours found (it has none with a side of 24, 30, 32 or
/// 40, and the solver gave up on many odd shapes), and the searches after it gave up at 100 M
/// nodes, in 61 s and 46 s. A tiling has at most four shapes now, and each shape is asked
/// of its mirror images too.
#[test]
fn the_4_5_leaper_tours_the_boards_its_tiling_gave_up_on() {
    let piece = Leaper::new(4, 5).unwrap();
    assert_tiled_tour(piece, 380, 589, Square::new(245, 316), false);
    assert_tiled_tour(piece, 549, 959, Square::new(403, 25), false);
}

#[test]
fn the_tiling_keeps_to_the_budget_and_the_deadline() {
    let piece = Leaper::new(3, 4).unwrap();
    let mut request = Request::new(board(400, 400), Square::new(0, 0)).piece(piece);
    request.node_budget = 300_000;
    let outcome = solve(&request).unwrap();
    let Outcome::BudgetExceeded { cause, stats, .. } = outcome else {
        panic!("300,000 nodes: {outcome:?}");
    };
    assert_eq!(cause, GiveUp::NodeBudget { budget: 300_000 });
    assert!(stats.nodes <= 300_000, "{} nodes", stats.nodes);

    let allowed = Duration::from_millis(30);
    let mut request = Request::new(board(1000, 1000), Square::new(0, 0)).piece(piece);
    request.time_limit = Some(allowed);
    let outcome = solve(&request).unwrap();
    let Outcome::BudgetExceeded { cause, .. } = outcome else {
        panic!("30 ms: {outcome:?}");
    };
    assert_eq!(cause, GiveUp::Deadline { allowed });
}
