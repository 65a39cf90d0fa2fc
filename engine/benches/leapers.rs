//! Benchmarks of other leapers' tours: open tours of the giraffe and the zebra on 100×100 and
//! 1000×1000 from a corner, by the layered solver (the theorems, then the search with its
//! restarts), each tour validated before it is returned. The knight's construction takes no
//! part: these boards are searched. And one proof that no tour exists by the split on the last
//! square, whose searches toward the ends are kept from turn to turn: minutes, not for CI; and
//! one tour that flipping finds once the split has begun, on a board too large for the split's
//! searches to prove at every node; one tour flipping finds on a large board; and tours of
//! larger boards joined from the tours of blocks (the tiling).

use divan::Bencher;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::existence::NoTourReason;
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::solve::{Layer, Outcome, Request, solve};

fn main() {
    divan::main();
}

/// An open tour of `piece` on the n×n board from the top-left corner.
fn open_tour(bencher: Bencher, piece: Leaper, n: u64) {
    let request = Request::new(Board::new(n, n).unwrap(), Square::new(0, 0)).piece(piece);
    solve_to(bencher, &request, |outcome| {
        matches!(outcome, Outcome::Tour { .. })
    });
}

/// The giraffe, (1,4).
#[divan::bench(args = [100, 1000], sample_count = 3, sample_size = 1)]
fn giraffe(bencher: Bencher, n: u64) {
    open_tour(bencher, Leaper::GIRAFFE, n);
}

/// The zebra, (2,3).
#[divan::bench(args = [100, 1000], sample_count = 3, sample_size = 1)]
fn zebra(bencher: Bencher, n: u64) {
    open_tour(bencher, Leaper::ZEBRA, n);
}

/// No open tour of the (4,5)-leaper's 9×38 starts at 0,2: 137 squares end a cover, 4,7 is a
/// move away and closes, and each of the other 136 is searched to the end of its tree (about
/// 20 M nodes in all, two and a half minutes; before the split's searches were kept, it gave
/// up at the default budget of 100 M).
#[divan::bench(sample_count = 1, sample_size = 1)]
fn split_proof(bencher: Bencher) {
    let request = Request::new(Board::new(9, 38).unwrap(), Square::new(0, 2))
        .piece(Leaper::new(4, 5).unwrap());
    solve_to(bencher, &request, |outcome| {
        matches!(
            outcome,
            Outcome::NoTour {
                reason: NoTourReason::EveryEndSearched { .. },
                ..
            }
        )
    });
}

/// The (4,5)-leaper's 18×39 from 3,17: flipping finds a tour after 8.7 M nodes, well after the
/// split on the last square has begun. On 702 squares the split's searches toward the ends do
/// not prove at every node; when they did, the same nodes took 124 s in place of 5.
#[divan::bench(sample_count = 1, sample_size = 1)]
fn flip_beside_the_split(bencher: Bencher) {
    let request = Request::new(Board::new(18, 39).unwrap(), Square::new(3, 17))
        .piece(Leaper::new(4, 5).unwrap());
    solve_to(bencher, &request, is_flipped_tour);
}

/// The (3,4)-leaper's 330×330 from 2,3: its greedy pass stops after a few thousand squares,
/// and flipping finds the tour over covers whose flows began from zigzags of the piece. With
/// flows from nothing (a second each here), the search gave up at 100 M nodes, in 11 s.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn flip_on_a_large_board(bencher: Bencher) {
    let request = Request::new(Board::new(330, 330).unwrap(), Square::new(2, 3))
        .piece(Leaper::new(3, 4).unwrap());
    solve_to(bencher, &request, is_flipped_tour);
}

/// The (3,4)-leaper's n×n from a corner: its greedy pass stops after about a thousand squares,
/// and flipping gave up at 100 M nodes (17 s on 700×700, 12 s on 1000×1000); the tiling joins
/// the tours of blocks of a few shapes.
#[divan::bench(args = [700, 1000], sample_count = 3, sample_size = 1)]
fn tiles_3_4(bencher: Bencher, n: u64) {
    let request = Request::new(Board::new(n, n).unwrap(), Square::new(0, 0))
        .piece(Leaper::new(3, 4).unwrap());
    solve_to(bencher, &request, is_tiled_tour);
}

/// The (4,5)-leaper's closed tour of 1000×1000, which has no closed tour of 32×32 or 40×40
/// blocks: the tiling tries other sides.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn tiles_closed_4_5(bencher: Bencher) {
    let request = Request::new(Board::new(1000, 1000).unwrap(), Square::new(0, 0))
        .piece(Leaper::new(4, 5).unwrap())
        .closed(true);
    solve_to(bencher, &request, is_tiled_tour);
}

/// Whether `outcome` is a tour from the tiling.
fn is_tiled_tour(outcome: &Outcome) -> bool {
    matches!(
        outcome,
        Outcome::Tour {
            layer: Layer::Tiles,
            ..
        }
    )
}

/// Whether `outcome` is a tour from the flip layer.
fn is_flipped_tour(outcome: &Outcome) -> bool {
    matches!(
        outcome,
        Outcome::Tour {
            layer: Layer::Flip,
            ..
        }
    )
}

/// Solves `request` as the bench, asserting that the answer is the one `expected` accepts.
fn solve_to(bencher: Bencher, request: &Request, expected: fn(&Outcome) -> bool) {
    bencher.bench(|| {
        let outcome = solve(request).unwrap();
        assert!(expected(&outcome), "{outcome:?}");
        outcome
    });
}
