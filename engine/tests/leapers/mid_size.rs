//! Leapers on boards where the search alone gave up (issue 29): every start of small boards
//! against walking every path, the flow's proofs against the frontier count, starts maps that
//! never give up, tours of mid-size boards checked by this crate's validator, the lines apart.

use super::*;

/// The answer of `auto` for `piece` from `start`: whether it found a tour (checked by
/// [`is_leaper_tour`]) or proved there is none; it must not give up.
fn answers_tour(piece: Leaper, board: Board, start: Square, closed: bool) -> (bool, Layer) {
    let request = Request::new(board, start).piece(piece).closed(closed);
    match solve(&request).unwrap() {
        Outcome::Tour { tour, layer, .. } => {
            let (a, b) = (piece.single().unwrap().0, piece.single().unwrap().1);
            let path = tour.indices();
            assert!(
                is_leaper_tour(a, b, board.rows(), board.cols(), path, closed),
                "{piece} on {board} from {start}: {path:?}"
            );
            assert_eq!(path[0], board.index(start));
            (true, layer)
        }
        Outcome::NoTour { layer, .. } => (false, layer),
        other => panic!("{piece} on {board} from {start}: {other:?}"),
    }
}

/// Every start of boards small enough to walk every path: the solver finds a tour exactly where
/// walking the paths does, and proves there is none elsewhere (by the lines apart, the flow or
/// an exhausted search).
#[test]
fn every_start_of_small_boards_agrees_with_walking_every_path() {
    let cases = [
        (Leaper::GIRAFFE, 5, 8),
        (Leaper::GIRAFFE, 8, 5),
        (Leaper::ZEBRA, 5, 8),
        (Leaper::ZEBRA, 6, 5),
        (Leaper::ZEBRA, 5, 7),
        (wazir(), 3, 4),
        (wazir(), 4, 5),
        (Leaper::new(2, 5).unwrap(), 2, 7),
    ];
    let (mut tours, mut proofs) = (0, 0);
    for (piece, rows, cols) in cases {
        let board = board(rows, cols);
        let walks = brute_force_walks(piece.single().unwrap().0, piece.single().unwrap().1, board);
        for start in board.squares() {
            let (open, closing) = walks[board.index(start) as usize];
            let (found, _) = answers_tour(piece, board, start, false);
            assert_eq!(found, open > 0, "{piece} on {board} from {start}");
            let (closes, _) = answers_tour(piece, board, start, true);
            assert_eq!(closes, closing > 0, "{piece} on {board} closed");
            tours += usize::from(found);
            proofs += usize::from(!found);
        }
    }
    assert!(tours > 20 && proofs > 100, "{tours} tours, {proofs} proofs");
}

/// The flow's proofs where walking every path would take too long: the frontier count (which
/// shares no code with the flow) finds no tour from any start of the zebra's 5x9 to 5x11.
#[test]
fn the_flow_proves_no_tour_where_the_count_finds_none() {
    let mut by_flow = 0;
    for cols in 9..=11 {
        let board = board(5, cols);
        for start in board.squares() {
            let request = Request::new(board, start).piece(Leaper::ZEBRA);
            let Outcome::NoTour { reason, .. } = solve(&request).unwrap() else {
                panic!("{board} from {start}");
            };
            by_flow += usize::from(matches!(reason, NoTourReason::NoCover { .. }));
            let count = CountRequest {
                piece: Leaper::ZEBRA,
                start: Some(start),
                ..CountRequest::new(board)
            };
            assert_eq!(count_tours(&count).unwrap().tours, 0u8.into(), "{start}");
        }
    }
    assert!(by_flow > 50, "{by_flow}");
}

/// Mid-size boards where the search alone gave up: every start answered, tours by flipping.
#[test]
fn starts_maps_of_leapers_on_mid_size_boards_never_give_up() {
    let cases = [
        (Leaper::ZEBRA, 12, 13, 78),
        (Leaper::GIRAFFE, 12, 12, 144),
        (Leaper::ZEBRA, 14, 14, 196),
        (Leaper::new(2, 5).unwrap(), 14, 14, 196),
        (wazir(), 12, 12, 144),
    ];
    let quiet = |_: usize, _: usize| ControlFlow::Continue(());
    for (piece, rows, cols, tours) in cases {
        let board = board(rows, cols);
        let request = Request::new(board, Square::new(0, 0)).piece(piece);
        let map = map_starts(&request, &MapSettings::threads(2), &quiet).unwrap();
        let tally = map.tally();
        assert_eq!(
            (tally.tours, tally.gave_up),
            (tours, 0),
            "{piece} on {board}"
        );
    }
}

/// Tours of mid-size boards, open and closed, from inner squares, checked by the validator of
/// this file; the same request twice gets the same tour.
#[test]
fn leapers_tour_mid_size_boards_and_the_same_request_gets_the_same_tour() {
    let cases = [
        (Leaper::ZEBRA, 16, 16, 7, true),
        (Leaper::GIRAFFE, 15, 15, 7, false),
        (Leaper::GIRAFFE, 14, 16, 6, true),
        (Leaper::new(2, 5).unwrap(), 14, 14, 6, true),
        (Leaper::new(3, 4).unwrap(), 14, 14, 5, true),
        (Leaper::new(4, 5).unwrap(), 18, 18, 9, false),
        (wazir(), 21, 21, 10, false),
    ];
    let mut flipped = 0;
    for (piece, rows, cols, at, closed) in cases {
        let board = board(rows, cols);
        let start = Square::new(at, at);
        let (found, layer) = answers_tour(piece, board, start, closed);
        assert!(found, "{piece} on {board}");
        flipped += usize::from(layer == Layer::Flip);
        let request = Request::new(board, start).piece(piece).closed(closed);
        let tour = |outcome| match outcome {
            Outcome::Tour { tour, .. } => tour,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            tour(solve(&request).unwrap()).indices(),
            tour(solve(&request).unwrap()).indices()
        );
    }
    assert!(flipped >= 3, "{flipped}");
}

/// The lines apart: the zebra's rows 0, 1, 5, 6, 10, 11 of twelve hold half the board, so no
/// closed tour and no tour from another row (ends too); a tour from one of them.
#[test]
fn the_zebra_on_twelve_rows_starts_and_ends_on_the_lines_apart() {
    let board = board(12, 13);
    let (reason, layer) = no_tour_reason(Leaper::ZEBRA, board, true);
    assert_eq!(layer, Layer::Existence);
    assert!(
        reason.to_string().contains("rows 0, 1, 5, 6, 10, 11"),
        "{reason}"
    );
    let inner = Request::new(board, Square::new(3, 4)).piece(Leaper::ZEBRA);
    let Outcome::NoTour { reason, .. } = solve(&inner).unwrap() else {
        panic!("no tour from an inner row");
    };
    assert!(
        reason.to_string().contains("no zebra tour starts at 3,4"),
        "{reason}"
    );
    let to_inner = Request::new(board, Square::new(0, 0))
        .piece(Leaper::ZEBRA)
        .ending_at(Square::new(2, 1));
    let Outcome::NoTour { reason, .. } = solve(&to_inner).unwrap() else {
        panic!("no tour to an inner row");
    };
    assert!(
        reason.to_string().contains("no zebra tour ends at 2,1"),
        "{reason}"
    );
    assert!(answers_tour(Leaper::ZEBRA, board, Square::new(5, 6), false).0);
}
