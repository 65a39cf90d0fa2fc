//! The construction's own rules: its tiles, the pieces' checks, its limits and its caches.

use std::time::Duration;

use super::layout::{Port, tile};
use super::piece::{PieceOutcome, PieceSpec, Shape, find_piece};
use super::*;
use crate::search::Limits;

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

/// One request of each way of building: tiles joined (closed, and a path on an odd board),
/// a closed 3×n strip, open 3×n and 4×n strips, and an upright strip.
fn kinds() -> [(Board, Square, bool); 6] {
    [
        (board(600, 600), Square::new(0, 0), true),
        (board(601, 601), Square::new(300, 300), false),
        (board(3, 200_000), Square::new(0, 0), true),
        (board(3, 200_001), Square::new(1, 5), false),
        (board(4, 200_000), Square::new(0, 7), false),
        (board(200_000, 4), Square::new(9, 0), false),
    ]
}

fn meter(node_budget: u64, deadline: Option<Instant>) -> Meter {
    Meter::new(Limits {
        node_budget,
        deadline,
    })
}

#[test]
fn a_passed_deadline_stops_every_kind_of_construction() {
    for (board, start, closed) in kinds() {
        let stopped = construct_within(
            board,
            start,
            closed,
            &mut meter(u64::MAX, Some(Instant::now())),
        );
        assert_eq!(
            stopped.err(),
            Some(ConstructError::Stopped {
                limit: Limit::Deadline
            }),
            "{board} from {start}"
        );
        let built = construct(board, start, closed).unwrap();
        let late = built.path_within(Some(Instant::now()));
        assert_eq!(
            late.err(),
            Some(ConstructError::Stopped {
                limit: Limit::Deadline
            })
        );
    }
}

#[test]
fn the_folded_board_stays_small_whatever_the_board() {
    let extremes = [
        (board(31622, 31622), Square::new(0, 0), true),
        (board(31621, 31621), Square::new(15810, 15810), false),
        (board(5, 199_999_999), Square::new(2, 100_000_000), false),
        (board(3, 333_333_333), Square::new(1, 166_666_667), false),
        (board(250_000_000, 4), Square::new(125_000_000, 0), false),
    ];
    for (board, start, closed) in kinds().into_iter().chain(extremes) {
        let built = construct(board, start, closed).unwrap();
        let folded = built.folded.links.board().area();
        assert!(folded < 1 << 16, "{board}: {folded}");
    }
}

#[test]
fn the_pieces_searches_spend_the_node_budget_the_same_every_time() {
    let later = Some(Instant::now() + Duration::from_secs(3600));
    for (board, start, closed) in kinds() {
        let mut first = meter(u64::MAX, later);
        let built = construct_within(board, start, closed, &mut first).unwrap();
        assert!(first.spent() > 0, "{board}: pieces are searched");
        // Found again from the process's caches, the pieces cost the same.
        let mut again = meter(u64::MAX, later);
        construct_within(board, start, closed, &mut again).unwrap();
        assert_eq!(again.spent(), first.spent(), "{board}");
        let path = built.path_within(later).unwrap();
        crate::tour::Tour::new(board, path, closed, Some(start)).unwrap();
        // One node short of what the pieces took, the construction stops.
        let mut short = meter(first.spent() - 1, None);
        let stopped = construct_within(board, start, closed, &mut short);
        assert_eq!(
            stopped.err(),
            Some(ConstructError::Stopped {
                limit: Limit::Nodes
            }),
            "{board}"
        );
    }
}

#[test]
fn every_tile_is_found_by_the_search_and_passes_the_checks() {
    for rows in 5..=11u32 {
        for cols in 5..=11u32 {
            if rows % 2 == 1 && cols % 2 == 1 {
                continue;
            }
            for port in [Port::Plain, Port::Left, Port::Top] {
                // The tile the construction uses, rebuilt from scratch by the search.
                let required = match port {
                    Port::Plain => vec![],
                    Port::Left => vec![(Square::new(1, 1), Square::new(3, 0))],
                    Port::Top => vec![(Square::new(1, 1), Square::new(0, 3))],
                };
                let spec = PieceSpec {
                    rows,
                    cols,
                    shape: Shape::Cycle,
                    required: required.clone(),
                    bridges: vec![],
                    parts: vec![],
                };
                let PieceOutcome::Found(piece) = find_piece(&spec, 200_000) else {
                    panic!("no {rows}x{cols} tile with {port:?}");
                };
                assert!(piece.is_valid());
                let block = board(rows.into(), cols.into());
                crate::tour::validate(block, piece.order.iter().copied(), true, None).unwrap();
                // The edges the joins swap: the port, and the two corner edges every closed
                // tour has.
                let links = tile(rows, cols, port).expect("the construction finds it too");
                let corners = [
                    (Square::new(0, cols - 1), Square::new(2, cols - 2)),
                    (Square::new(rows - 1, 0), Square::new(rows - 2, 2)),
                ];
                for (a, b) in required.into_iter().chain(corners) {
                    assert!(links.linked(a, b), "{rows}x{cols} {port:?} lacks {a}-{b}");
                }
            }
        }
    }
}

#[test]
fn pieces_that_break_the_rules_are_rejected() {
    let spec = PieceSpec {
        rows: 5,
        cols: 6,
        shape: Shape::Cycle,
        required: vec![],
        bridges: vec![],
        parts: vec![],
    };
    let PieceOutcome::Found(mut piece) = find_piece(&spec, 200_000) else {
        panic!("5x6 has closed tours");
    };
    assert!(piece.is_valid());
    piece.order.swap(3, 4);
    assert!(!piece.is_valid());
    // 5x5 has no closed tour: the search proves it.
    let odd = PieceSpec {
        rows: 5,
        cols: 5,
        ..spec
    };
    assert_eq!(find_piece(&odd, 10_000_000), PieceOutcome::Exhausted);
}
