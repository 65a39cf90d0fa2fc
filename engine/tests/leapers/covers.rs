//! What every cover can use (issue 29): the giraffe's 11x11, where covers exist but none is one
//! path, against a counting argument written here; the same proof on small boards against
//! walking every path; and 9x10 from 4,1, whose tour must end on one of two corners.

use super::*;

/// The engine's proof for `piece` on `board` from `start` (open), with its layer.
fn proof_from(piece: Leaper, board: Board, start: Square) -> (NoTourReason, Layer) {
    let request = Request::new(board, start).piece(piece);
    match solve(&request).unwrap() {
        Outcome::NoTour { reason, layer, .. } => (reason, layer),
        other => panic!("{piece} on {board} from {start}: {other:?}"),
    }
}

/// No open giraffe's tour of 11x11 from any of the 13 starts that no theorem or flow refused:
/// the engine's proof, and a proof of this file. The squares of rows and columns 0, 2, 8 and 10
/// of the corners' colour, and 5,5, are 17 squares with no move between them (a move changes
/// colour) and all their moves into 16 others. A path through all 121 squares, cut at those 16,
/// falls into at most 17 pieces; but the 17 squares are 17 pieces alone, and the other 88
/// squares at least one more.
#[test]
fn the_giraffe_has_no_open_tour_of_11x11_as_its_covers_split() {
    let board = board(11, 11);
    let cols = board.cols();
    let lines = [0, 2, 8, 10];
    let mut closed_off: Vec<u32> = lines
        .iter()
        .flat_map(|&row| lines.iter().map(move |&col| row * cols + col))
        .collect();
    closed_off.push(5 * cols + 5);
    let beside: std::collections::BTreeSet<u32> = (0..121)
        .filter(|&square| closed_off.iter().any(|&at| leaps(1, 4, cols, at, square)))
        .collect();
    assert_eq!((closed_off.len(), beside.len()), (17, 16));
    assert!(closed_off.iter().all(|at| !beside.contains(at)));
    assert!(closed_off.len() + beside.len() < 121);
    let starts = [
        (0, 0),
        (0, 2),
        (0, 8),
        (0, 10),
        (2, 0),
        (2, 10),
        (5, 5),
        (8, 0),
        (8, 10),
        (10, 0),
        (10, 2),
        (10, 8),
        (10, 10),
    ];
    for (row, col) in starts {
        let start = Square::new(row, col);
        let (reason, layer) = proof_from(Leaper::GIRAFFE, board, start);
        assert_eq!(layer, Layer::Flip, "{start}");
        assert!(
            matches!(
                reason,
                NoTourReason::SplitCover {
                    reached: 33,
                    squares: 121,
                    ..
                }
            ),
            "{start}: {reason}"
        );
        assert!(
            reason.to_string().contains("join only 33 of the 121"),
            "{reason}"
        );
    }
}

/// Where the covers split on boards small enough to walk every path, no path covers the board.
#[test]
fn a_split_cover_agrees_with_walking_every_path() {
    let board = board(5, 8);
    let walks = brute_force_walks(1, 4, board);
    let mut split = 0;
    for start in board.squares() {
        let request = Request::new(board, start).piece(Leaper::GIRAFFE);
        if let Outcome::NoTour {
            reason: NoTourReason::SplitCover { .. },
            ..
        } = solve(&request).unwrap()
        {
            split += 1;
            assert_eq!(walks[board.index(start) as usize].0, 0, "{start}");
        }
    }
    assert!(split >= 4, "{split}");
}

/// From 4,1 of 9x10 the giraffe's tour must end on 0,0 or 8,0 (each a corner of two moves,
/// one of them to 4,1, so a tour ending on either opens onto the other): backtracking toward
/// one of them finds one where the searches without an end gave up.
#[test]
fn the_giraffe_tours_9x10_from_4_1_to_a_corner() {
    let board = board(9, 10);
    let start = Square::new(4, 1);
    let request = Request::new(board, start).piece(Leaper::GIRAFFE);
    let Outcome::Tour { tour, layer, .. } = solve(&request).unwrap() else {
        panic!("a giraffe's tour of 9x10 from 4,1");
    };
    assert_eq!(layer, Layer::Split, "backtracking toward an end");
    let path = tour.indices();
    assert!(is_leaper_tour(1, 4, 9, 10, path, false), "{path:?}");
    assert_eq!(path[0], board.index(start));
    let corners = [Square::new(0, 0), Square::new(8, 0)].map(|corner| board.index(corner));
    assert!(corners.contains(&path[89]), "{path:?}");
}
