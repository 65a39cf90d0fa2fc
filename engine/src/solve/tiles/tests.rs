//! The tiling's bands, the images of a block's tour, and the joined tour's swaps checked by the
//! validator; a walk keeps to the deadline.

use std::time::Instant;

use super::image::Image;
use super::joined::{Block, JoinedTour, PathRead};
use super::shapes::Shape;
use super::tiling::{BAND_SIDES, bands, side_pairs};
use crate::board::{Board, Square};
use crate::leaper::Leaper;
use crate::tour::Tour;

#[test]
fn bands_are_of_the_side_but_the_one_holding_the_start_which_takes_the_rest() {
    for side in BAND_SIDES {
        for length in [
            2 * side - 1,
            2 * side,
            2 * side + 1,
            3 * side - 1,
            363,
            1000,
            1001,
        ] {
            for start in [0, 1, length / 2, length - 2, length - 1] {
                let (sizes, holder) = bands(length, start, side);
                let case = format!("{length} from {start}, side {side}");
                assert_eq!(sizes.iter().sum::<u32>(), length, "{case}");
                let first: u32 = sizes[..holder].iter().sum();
                assert!((first..first + sizes[holder]).contains(&start), "{case}");
                for (place, &size) in sizes.iter().enumerate() {
                    if place != holder {
                        assert_eq!(size, side, "{case}: {sizes:?}");
                    }
                }
                assert!(
                    sizes[holder] < 2 * side || sizes.len() == 1,
                    "{case}: {sizes:?}"
                );
            }
        }
    }
}

#[test]
fn every_pair_of_sides_is_tried_once() {
    let pairs: Vec<_> = side_pairs().collect();
    assert_eq!(pairs.len(), BAND_SIDES.len() * BAND_SIDES.len());
    for (place, pair) in pairs.iter().enumerate() {
        assert!(!pairs[..place].contains(pair), "{pair:?} twice");
    }
}

/// The wazir's ring round a block two rows high: along the top, back along the bottom.
fn ring(cols: u32) -> Vec<u32> {
    (0..cols).chain((cols..2 * cols).rev()).collect()
}

#[test]
fn swaps_join_the_rings_of_a_comb_of_blocks_into_one_cycle() {
    let wazir = Leaper::new(0, 1).unwrap();
    let board = Board::new(4, 9).unwrap();
    let block = |top, left| Block {
        top,
        left,
        rows: 2,
        cols: 3,
    };
    let mut joined = JoinedTour::new(board, wazir).unwrap();
    for top in [0, 2] {
        for left in [0, 3, 6] {
            joined.lay(block(top, left), &ring(3), true);
        }
    }
    for top in [0, 2] {
        assert!(joined.join_blocks(block(top, 0), block(top, 3)));
        assert!(joined.join_blocks(block(top, 3), block(top, 6)));
    }
    assert!(joined.join_blocks(block(0, 0), block(2, 0)));
    let past = Instant::now();
    assert_eq!(joined.walk(Square::new(1, 4), Some(past)), PathRead::Late);
    let PathRead::Path(path) = joined.walk(Square::new(1, 4), None) else {
        panic!("a walk of 36 squares");
    };
    Tour::with_piece(board, wazir, path, true, Some(Square::new(1, 4))).unwrap();
}

#[test]
fn a_swap_splices_a_ring_into_an_open_path_keeping_its_ends() {
    let wazir = Leaper::new(0, 1).unwrap();
    let board = Board::new(3, 5).unwrap();
    // A snake through a 3×3 block from its corner, ending on 2,2; a 3×2 block's ring beside it.
    let snake = [0, 1, 2, 5, 4, 3, 6, 7, 8];
    let left = Block {
        top: 0,
        left: 0,
        rows: 3,
        cols: 3,
    };
    let right = Block {
        top: 0,
        left: 3,
        rows: 3,
        cols: 2,
    };
    let mut joined = JoinedTour::new(board, wazir).unwrap();
    joined.lay(left, &snake, false);
    joined.lay(right, &[0, 1, 3, 5, 4, 2], true);
    assert!(joined.join_blocks(left, right));
    let PathRead::Path(path) = joined.walk(Square::new(0, 0), None) else {
        panic!("a walk of 15 squares");
    };
    assert_eq!(path.last(), Some(&board.index(Square::new(2, 2))));
    Tour::with_piece(board, wazir, path, false, Some(Square::new(0, 0))).unwrap();
}

#[test]
fn no_swap_is_made_where_the_tours_have_no_steps_that_meet() {
    // Two wazir rings two columns apart: no move joins them.
    let wazir = Leaper::new(0, 1).unwrap();
    let board = Board::new(2, 8).unwrap();
    let block = |left| Block {
        top: 0,
        left,
        rows: 2,
        cols: 3,
    };
    let mut joined = JoinedTour::new(board, wazir).unwrap();
    joined.lay(block(0), &ring(3), true);
    joined.lay(block(5), &ring(3), true);
    assert!(!joined.join_blocks(block(0), block(5)));
}

#[test]
fn every_image_of_a_tour_is_a_tour_of_the_image_and_reads_back_to_it() {
    // An open tour of the (1,2)-leaper... the wazir's snake through 3×4 from its corner 0,0.
    let wazir = Leaper::new(0, 1).unwrap();
    let snake: Vec<u32> = vec![0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11];
    let shape = Shape {
        rows: 3,
        cols: 4,
        from: Some(Square::new(0, 0)),
    };
    let mut starts = Vec::new();
    for image in Image::ALL {
        let seen = image.of(shape);
        let start = seen.from.unwrap();
        assert_eq!(start, image.square(shape, Square::new(0, 0)));
        let board = Board::new(seen.rows.into(), seen.cols.into()).unwrap();
        let path = image.path_to(shape, &snake);
        Tour::with_piece(board, wazir, path.clone(), false, Some(start)).unwrap();
        assert_eq!(image.path_back(shape, &path), snake, "{image:?}");
        starts.push((seen.rows, start));
    }
    starts.sort_by_key(|&(rows, start)| (rows, start.row, start.col));
    starts.dedup();
    assert_eq!(starts.len(), 8, "eight questions: {starts:?}");
}
