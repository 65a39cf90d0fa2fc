//! Every strip block tour the geometries list is found and valid, and the block widths add up for
//! every strip length.

use super::*;
use crate::construct::block_tour::{BlockTourOutcome, find_block_tour};

/// Every block tour the geometries list is found afresh by the search and passes the check.
#[test]
fn every_listed_strip_tour_is_found_and_valid() {
    for height in [3, 4] {
        let geometry = geometry(height);
        let mut kinds: Vec<(Kind, &[u32])> = vec![
            (Kind::Turn, geometry.turns),
            (Kind::Lane, geometry.lanes),
            (Kind::End, geometry.ends),
        ];
        if geometry.three.is_some() {
            kinds.extend([(Kind::Lane3, geometry.lanes3), (Kind::End3, geometry.ends3)]);
        }
        for (kind, widths) in kinds {
            for &width in widths {
                let spec = geometry.spec(height, width, kind);
                let BlockTourOutcome::Found(tour) = find_block_tour(&spec, BLOCK_TOUR_BUDGET)
                else {
                    panic!("no {kind:?} tour {height}x{width}");
                };
                assert!(tour.is_valid(), "{kind:?} {height}x{width}");
            }
        }
    }
}

#[test]
fn widths_add_up_for_every_length() {
    let four = geometry(4);
    let three = geometry(3);
    for len in 1..500 {
        if let Some(widths) = fill(four.lanes, len) {
            assert_eq!(widths.total(|w| w), u64::from(len));
        }
        assert_eq!(four.region(len).is_some(), four.region_fits(len), "{len}");
        assert_eq!(four.region3(len).is_some(), four.region3_fits(len), "{len}");
        assert_eq!(three.region(len).is_some(), three.region_fits(len), "{len}");
        // Past the smallest blocks every length has a side.
        if len >= 12 {
            assert!(four.region_fits(len) && four.region3_fits(len), "{len}");
        }
        if len >= 8 && len % 2 == 0 {
            assert!(three.region_fits(len), "{len}");
        }
    }
}
