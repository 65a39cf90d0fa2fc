//! The construction's own rules: its tiles, the block tours' checks, its limits and its caches.

use std::time::Duration;

use super::block_tour::{BlockTourOutcome, BlockTourSpec, Shape, find_block_tour};
use super::layout::{Port, tile};
use super::linked::LinkedTour;
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
fn the_block_tour_searches_spend_the_node_budget_the_same_every_time() {
    let later = Some(Instant::now() + Duration::from_secs(3600));
    for (board, start, closed) in kinds() {
        let mut first = meter(u64::MAX, later);
        let built = construct_within(board, start, closed, &mut first).unwrap();
        assert!(first.spent() > 0, "{board}: tours are searched");
        // Found again from the process's caches, the block tours cost the same.
        let mut again = meter(u64::MAX, later);
        construct_within(board, start, closed, &mut again).unwrap();
        assert_eq!(again.spent(), first.spent(), "{board}");
        let path = built.path_within(later).unwrap();
        crate::tour::Tour::new(board, path, closed, Some(start)).unwrap();
        // One node short of what the block tours took, the construction stops.
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
                let spec = BlockTourSpec {
                    rows,
                    cols,
                    shape: Shape::Cycle,
                    required: required.clone(),
                    bridges: vec![],
                    parts: vec![],
                };
                let BlockTourOutcome::Found(tour) = find_block_tour(&spec, 200_000) else {
                    panic!("no {rows}x{cols} tile with {port:?}");
                };
                assert!(tour.is_valid());
                let block = board(rows.into(), cols.into());
                crate::tour::validate(block, tour.order.iter().copied(), true, None).unwrap();
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
fn block_tours_that_break_the_rules_are_rejected() {
    let spec = BlockTourSpec {
        rows: 5,
        cols: 6,
        shape: Shape::Cycle,
        required: vec![],
        bridges: vec![],
        parts: vec![],
    };
    let BlockTourOutcome::Found(mut tour) = find_block_tour(&spec, 200_000) else {
        panic!("5x6 has closed tours");
    };
    assert!(tour.is_valid());
    tour.order.swap(3, 4);
    assert!(!tour.is_valid());
    // 5x5 has no closed tour: the search proves it.
    let odd = BlockTourSpec {
        rows: 5,
        cols: 5,
        ..spec
    };
    assert_eq!(
        find_block_tour(&odd, 10_000_000),
        BlockTourOutcome::Exhausted
    );
}

/// Whether the theorems allow a tour from `start` to `end` on `board`.
fn admissible(board: Board, start: Square, end: Square) -> bool {
    !matches!(
        existence::route_verdict(board, start, end),
        existence::Verdict::Impossible(_)
    )
}

/// The tour of `board` from `start` to `end` the construction builds with `meter`, validated,
/// its last square checked.
fn route(board: Board, start: Square, end: Square, meter: &mut Meter) -> Vec<u32> {
    assert!(
        admissible(board, start, end),
        "{board} from {start} to {end}"
    );
    let built = construct_to_within(board, start, end, meter)
        .unwrap_or_else(|error| panic!("{board} from {start} to {end}: {error}"));
    let path = built.path().unwrap();
    assert_eq!(
        path.last(),
        Some(&board.index(end)),
        "{board} {start} {end}"
    );
    crate::tour::Tour::new(board, path, false, Some(start))
        .unwrap_or_else(|error| panic!("{board} from {start} to {end}: {error}"))
        .into_indices()
}

#[test]
fn every_admissible_pair_of_boards_of_a_few_blocks_is_constructed() {
    // Even, odd-by-odd (both ends on the majority colour) and narrow boards.
    for (rows, cols) in [(16, 16), (11, 11), (9, 13), (7, 20), (6, 21), (14, 17)] {
        let board = board(rows, cols);
        for start in board.squares() {
            for end in board.squares().filter(|&end| admissible(board, start, end)) {
                route(board, start, end, &mut Meter::unlimited());
            }
        }
    }
}

#[test]
fn a_tour_to_an_end_is_laid_folded_as_it_is_laid_whole() {
    // Long runs of equal blocks on the corridor's way (along a band, down the first stripe,
    // along another band), which the fold cuts short: the folded board must hold the bytes of
    // every block it stands for, as the board laid whole (as a told construction lays it) does.
    for (rows, cols, start, end) in [
        (170, 200, Square::new(100, 150), Square::new(3, 190)),
        (170, 200, Square::new(2, 3), Square::new(169, 197)),
        (171, 201, Square::new(85, 121), Square::new(170, 200)),
        (203, 185, Square::new(202, 184), Square::new(0, 0)),
    ] {
        let board = board(rows, cols);
        let folded = route(board, start, end, &mut Meter::unlimited());
        let whole = route(board, start, end, &mut Meter::unlimited().telling());
        assert!(folded == whole, "{board} from {start} to {end}");
    }
}

#[test]
fn a_tour_to_an_end_stops_at_the_deadline_and_costs_the_same_every_time() {
    let later = Some(Instant::now() + Duration::from_secs(3600));
    for (rows, cols, start, end) in [
        (600, 600, Square::new(0, 0), Square::new(599, 598)),
        (601, 601, Square::new(300, 300), Square::new(0, 600)),
    ] {
        let board = board(rows, cols);
        let stopped = construct_to_within(
            board,
            start,
            end,
            &mut meter(u64::MAX, Some(Instant::now())),
        );
        assert_eq!(
            stopped.err(),
            Some(ConstructError::Stopped {
                limit: Limit::Deadline
            })
        );
        let mut first = meter(u64::MAX, later);
        route(board, start, end, &mut first);
        assert!(first.spent() > 0, "{board}: tours are searched");
        let mut again = meter(u64::MAX, later);
        route(board, start, end, &mut again);
        assert_eq!(again.spent(), first.spent(), "{board}");
        let mut short = meter(first.spent() - 1, None);
        assert_eq!(
            construct_to_within(board, start, end, &mut short).err(),
            Some(ConstructError::Stopped {
                limit: Limit::Nodes
            }),
            "{board}"
        );
    }
}

#[test]
fn an_end_is_placed_only_on_boards_cut_into_blocks() {
    for (rows, cols) in [(4, 300), (300, 3), (2, 2)] {
        let board = board(rows, cols);
        let built = construct_to(board, Square::new(0, 0), Square::new(0, 1));
        assert_eq!(
            built.err(),
            Some(ConstructError::EndOutOfReach { board }),
            "{board}"
        );
    }
}
