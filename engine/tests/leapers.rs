//! Leapers other than the knight: the facts of issue 23 reproduced (tours found, and proofs that
//! none exist, by theorem or by an exhausted search), every tour checked by a validator of this
//! file that knows only the leap `(a, b)`; Knuth's connectivity theorem against a flood fill;
//! counts against a brute force of this file.

use std::ops::ControlFlow;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::count::{CountMethod, CountRequest, MAX_ENUMERATED_SQUARES, count_tours};
use knights_tour_engine::existence::{LeaperObstacle, NoTourReason, connectivity_obstacle};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::solve::{Layer, Method, Outcome, Request, solve};
use knights_tour_engine::starts::{MapSettings, Proof, StartOutcome, map_ends, map_starts};
use knights_tour_engine::tour::{Tour, TourError};

#[path = "leapers/compound.rs"]
mod compound;
#[path = "leapers/covers.rs"]
mod covers;
#[path = "leapers/mid_size.rs"]
mod mid_size;
#[path = "leapers/tiles.rs"]
mod tiles;

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

fn wazir() -> Leaper {
    Leaper::new(0, 1).unwrap()
}

/// Whether square numbers `from` and `to` of a board `cols` wide are one `(a, b)` leap apart.
fn leaps(a: u32, b: u32, cols: u32, from: u32, to: u32) -> bool {
    let rows_apart = (from / cols).abs_diff(to / cols);
    let cols_apart = (from % cols).abs_diff(to % cols);
    (rows_apart, cols_apart) == (a, b) || (rows_apart, cols_apart) == (b, a)
}

/// Whether `path` (square numbers) is a tour of the `(a, b)`-leaper on a `rows × cols` board:
/// written here from the definition alone, sharing nothing with the engine but the numbering.
fn is_leaper_tour(a: u32, b: u32, rows: u32, cols: u32, path: &[u32], closed: bool) -> bool {
    let area = (rows * cols) as usize;
    let mut seen = vec![false; area];
    for &index in path {
        if index as usize >= area || std::mem::replace(&mut seen[index as usize], true) {
            return false;
        }
    }
    let leap = |from: u32, to: u32| leaps(a, b, cols, from, to);
    path.len() == area
        && path.windows(2).all(|step| leap(step[0], step[1]))
        && (!closed || leap(path[area - 1], path[0]))
}

/// The tour the engine finds for `piece` on `board` from the corner, checked by the engine's
/// validator (it is a `Tour`) and by [`is_leaper_tour`].
fn tour_of(piece: Leaper, board: Board, closed: bool) -> Tour {
    let request = Request::new(board, Square::new(0, 0))
        .piece(piece)
        .closed(closed);
    let Outcome::Tour { tour, .. } = solve(&request).unwrap() else {
        panic!("the {piece} has a tour of {board} (closed: {closed})");
    };
    assert_eq!(tour.piece(), piece);
    assert_eq!(tour.is_closed(), closed);
    let (a, b, rows, cols) = (
        piece.single().unwrap().0,
        piece.single().unwrap().1,
        board.rows(),
        board.cols(),
    );
    assert!(
        is_leaper_tour(a, b, rows, cols, tour.indices(), closed),
        "{tour:?}"
    );
    tour
}

/// The engine's answer for `piece` on `board` from the corner, which must be a proof.
fn no_tour_reason(piece: Leaper, board: Board, closed: bool) -> (NoTourReason, Layer) {
    let request = Request::new(board, Square::new(0, 0))
        .piece(piece)
        .closed(closed);
    match solve(&request).unwrap() {
        Outcome::NoTour { reason, layer, .. } => (reason, layer),
        other => panic!("{piece} on {board} (closed: {closed}): {other:?}"),
    }
}

/// Asserts that no open tour of `piece` starts anywhere on `board`: every square proved by a
/// theorem, a search or a symmetry of a proved square (the starts map).
fn assert_no_open_tour_from_any_square(piece: Leaper, board: Board) {
    let request = Request::new(board, Square::new(0, 0)).piece(piece);
    let quiet = |_: usize, _: usize| ControlFlow::Continue(());
    let map = map_starts(&request, &MapSettings::threads(2), &quiet).unwrap();
    for answer in &map.answers {
        assert!(
            matches!(answer.outcome, StartOutcome::NoTour(_)),
            "{piece} on {board} from {}: {:?}",
            answer.square,
            answer.outcome
        );
    }
}

/// Asserts that no closed tour of `piece` exists on `board`: a closed tour passes the corner, so
/// the proof from the corner is the proof for the board.
fn assert_no_closed_tour(piece: Leaper, board: Board) {
    let (reason, _) = no_tour_reason(piece, board, true);
    let by_theorem = matches!(
        reason,
        NoTourReason::LeaperTheorem {
            obstacle: LeaperObstacle::OddAreaClosed
                | LeaperObstacle::CrowdedLines { .. }
                | LeaperObstacle::TwoHalves { .. }
                | LeaperObstacle::HalfLines { .. },
            ..
        }
    );
    let by_search = matches!(
        reason,
        NoTourReason::ExhaustiveSearch { .. }
            | NoTourReason::NoCover { .. }
            | NoTourReason::SplitCover { .. }
            | NoTourReason::EveryEndSearched { .. }
            | NoTourReason::DeadPosition { .. }
    );
    assert!(by_theorem || by_search, "{piece} on {board}: {reason}");
}

#[test]
fn the_giraffe_tours_9x9_open_and_10x10_closed() {
    tour_of(Leaper::GIRAFFE, board(9, 9), false);
    tour_of(Leaper::GIRAFFE, board(10, 10), true);
}

#[test]
fn the_giraffe_has_no_open_tour_of_7x7_by_knuths_theorem() {
    let (reason, layer) = no_tour_reason(Leaper::GIRAFFE, board(7, 7), false);
    assert_eq!(layer, Layer::Existence);
    assert!(matches!(
        reason,
        NoTourReason::LeaperTheorem {
            obstacle: LeaperObstacle::LongSide,
            ..
        }
    ));
    assert!(
        reason.to_string().contains("at least 2b = 8, and it is 7"),
        "{reason}"
    );
}

/// Rows (and columns) 0, 2, 5, 7 of eight are never a move apart: half the board each way.
#[test]
fn the_giraffe_has_no_tour_of_8x8_by_its_lines_apart() {
    for closed in [false, true] {
        let (reason, layer) = no_tour_reason(Leaper::GIRAFFE, board(8, 8), closed);
        assert_eq!(layer, Layer::Existence);
        assert!(
            matches!(
                reason,
                NoTourReason::LeaperTheorem {
                    obstacle: LeaperObstacle::TwoHalves { .. },
                    ..
                }
            ),
            "{reason}"
        );
        assert!(
            reason
                .to_string()
                .contains("rows 0, 2, 5, 7, nor two of columns 0, 2, 5, 7"),
            "{reason}"
        );
    }
}

#[test]
fn the_giraffe_has_no_closed_tour_of_11x11_by_parity() {
    let (reason, layer) = no_tour_reason(Leaper::GIRAFFE, board(11, 11), true);
    assert_eq!(layer, Layer::Existence);
    assert!(reason.to_string().contains("odd-area 11x11"), "{reason}");
}

#[test]
fn the_zebra_tours_10x10_open_and_closed_and_closes_on_5x16() {
    tour_of(Leaper::ZEBRA, board(10, 10), false);
    tour_of(Leaper::ZEBRA, board(10, 10), true);
    // OEIS A152138: the smallest closed {r, r+1}-leaper tours on (2r+1) x N boards.
    tour_of(Leaper::ZEBRA, board(5, 16), true);
    tour_of(Leaper::ZEBRA, board(16, 5), true);
}

/// OEIS A152138 (Jelliss; Knuth, "Leaper graphs", Mathematical Gazette 78, 1994): the
/// {r, r+1}-leaper's first closed tour of a board 2r + 1 rows high is 16 columns long for the
/// zebra, 22 for the (3,4)-leaper and 46 for the (4,5)-leaper. Every shorter board from 2r + 2
/// columns (below, the middle square has no move: Knuth's Theorem 1) is proved to have none.
#[test]
fn the_r_r_plus_1_leapers_first_close_where_oeis_a152138_says() {
    let leaper = |a, b| Leaper::new(a, b).unwrap();
    for (piece, rows, first) in [
        (Leaper::ZEBRA, 5, 16),
        (leaper(3, 4), 7, 22),
        (leaper(4, 5), 9, 46),
    ] {
        for cols in u64::from(2 * piece.single().unwrap().1)..first {
            assert_no_closed_tour(piece, board(rows, cols));
        }
        tour_of(piece, board(rows, first), true);
    }
}

#[test]
fn a_greedy_pass_that_stops_near_a_tour_is_finished_in_64_mib() {
    // On 700×700 the giraffe's greedy pass stops 48 squares short of a tour, the
    // (2,5)-leaper's 24: backtracking finishes both before path flipping, whose cover of
    // 490,000 squares would need more than 100 MB. So a cap of 64 MiB is enough.
    let board = board(700, 700);
    for piece in [Leaper::GIRAFFE, Leaper::new(2, 5).unwrap()] {
        let mut request = Request::new(board, Square::new(0, 0)).piece(piece);
        request.memory_cap = Some(64 << 20);
        let outcome = solve(&request).unwrap();
        let Outcome::Tour { tour, .. } = outcome else {
            panic!("the {piece} on {board} in 64 MiB: {outcome:?}");
        };
        let (a, b) = (piece.single().unwrap().0, piece.single().unwrap().1);
        assert!(is_leaper_tour(a, b, 700, 700, tour.indices(), false));
    }
}

#[test]
fn the_knight_closes_on_3x10() {
    tour_of(Leaper::KNIGHT, board(3, 10), true);
}

/// Sides of 6, 7 and 8 have lines apart that leave no tour (see `existence::leaper`).
#[test]
fn the_zebra_has_no_tour_of_6x6_to_8x8() {
    for side in 6..=8 {
        assert_no_open_tour_from_any_square(Leaper::ZEBRA, board(side, side));
        assert_no_closed_tour(Leaper::ZEBRA, board(side, side));
    }
}

/// Every start: the flow finds no cover (or the search exhausts its tree).
#[test]
fn the_zebra_has_no_tour_of_9x9() {
    assert_no_open_tour_from_any_square(Leaper::ZEBRA, board(9, 9));
    assert_no_closed_tour(Leaper::ZEBRA, board(9, 9));
}

#[test]
fn the_zebra_cannot_reach_every_square_of_5x5() {
    for closed in [false, true] {
        let (reason, layer) = no_tour_reason(Leaper::ZEBRA, board(5, 5), closed);
        assert_eq!(layer, Layer::Existence);
        let NoTourReason::LeaperTheorem { obstacle, .. } = reason else {
            panic!("{reason}");
        };
        assert!(obstacle.is_disconnection(), "{obstacle:?}");
    }
}

#[test]
fn the_camel_tours_no_board_of_more_than_one_square() {
    for rows in 1..=12 {
        for cols in 1..=12 {
            let board = board(rows, cols);
            for closed in [false, true] {
                let request = Request::new(board, Square::new(0, 0))
                    .piece(Leaper::CAMEL)
                    .closed(closed);
                let outcome = solve(&request).unwrap();
                if board.area() == 1 && !closed {
                    assert!(matches!(outcome, Outcome::Tour { .. }), "{outcome:?}");
                    continue;
                }
                let Outcome::NoTour { reason, layer, .. } = outcome else {
                    panic!("{board}: {outcome:?}");
                };
                assert_eq!(layer, Layer::Existence, "{board}");
                // One or two squares close no tour, whatever the piece.
                if board.area() > 2 || !closed {
                    assert!(reason.to_string().contains("1 + 3 is even"), "{reason}");
                }
            }
        }
    }
}

#[test]
fn the_wazir_tours_5x5() {
    let tour = tour_of(wazir(), board(5, 5), false);
    assert_eq!(tour.indices().len(), 25);
}

#[test]
fn a_giraffes_tour_read_as_a_knights_is_refused_at_its_first_step() {
    let board = board(9, 9);
    let tour = tour_of(Leaper::GIRAFFE, board, false);
    let path = tour.indices().to_vec();
    let error = Tour::new(board, path.clone(), false, None).unwrap_err();
    let (from, to) = (board.square_at(path[0]), board.square_at(path[1]));
    assert_eq!(
        error,
        TourError::NotAMove {
            piece: Leaper::KNIGHT,
            step: 1,
            from,
            to
        }
    );
    assert!(
        error.to_string().contains("is not a knight move"),
        "{error}"
    );
    assert!(Tour::with_piece(board, Leaper::GIRAFFE, path, false, None).is_ok());
}

/// Whether the `(a, b)`-leaper's graph on `board` is connected, by a flood fill from `0,0`.
fn flood_connected(a: u32, b: u32, board: Board) -> bool {
    let (rows, cols) = (board.rows() as i64, board.cols() as i64);
    let (a, b) = (i64::from(a), i64::from(b));
    let mut seen = vec![false; (rows * cols) as usize];
    let mut stack = vec![(0i64, 0i64)];
    seen[0] = true;
    let mut reached = 1;
    while let Some((r, c)) = stack.pop() {
        for (dr, dc) in [(a, b), (b, a)] {
            for (sr, sc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (nr, nc) = (r + sr * dr, c + sc * dc);
                if (0..rows).contains(&nr) && (0..cols).contains(&nc) {
                    let index = (nr * cols + nc) as usize;
                    if !std::mem::replace(&mut seen[index], true) {
                        reached += 1;
                        stack.push((nr, nc));
                    }
                }
            }
        }
    }
    reached == rows * cols
}

#[test]
fn knuths_theorem_and_the_first_principles_agree_with_a_flood_fill() {
    let mut disconnected = 0;
    for b in 1..=5 {
        for a in 0..=b.min(4) {
            let piece = Leaper::new(a, b).unwrap();
            for rows in 1..=12 {
                for cols in 1..=12 {
                    let board = board(rows, cols);
                    let connected = flood_connected(a, b, board);
                    disconnected += usize::from(!connected);
                    assert_eq!(
                        connectivity_obstacle(piece, board).is_none(),
                        connected,
                        "{piece} on {board}"
                    );
                }
            }
        }
    }
    assert!(disconnected > 1000, "{disconnected}");
}

/// For each start of `board`, the directed open tours from it and the closed ones through it
/// walked from it (each cycle twice, once each way round) of the `(a, b)`-leaper, from
/// [`brute_force_ends`].
fn brute_force_walks(a: u32, b: u32, board: Board) -> Vec<(u64, u64)> {
    let cols = board.cols();
    let ends = brute_force_ends(a, b, board);
    (0..ends.len() as u32)
        .map(|start| {
            let open = ends[start as usize].iter().sum();
            // A tour that ends a move from its start is a closed tour walked from it.
            let closed = (0..ends.len() as u32)
                .filter(|&end| board.area() > 2 && leaps(a, b, cols, start, end))
                .map(|end| ends[start as usize][end as usize])
                .sum();
            (open, closed)
        })
        .collect()
}

/// For each start of `board` and each square, the directed open tours of the `(a, b)`-leaper
/// from the start that end on the square, from [`brute_force_ends_from`].
fn brute_force_ends(a: u32, b: u32, board: Board) -> Vec<Vec<u64>> {
    (0..board.area() as usize)
        .map(|start| brute_force_ends_from(a, b, board, start))
        .collect()
}

/// For each square of `board`, the directed open tours of the `(a, b)`-leaper from `start`
/// (its square number) that end on it, by walking every path: written here from the
/// definition alone.
fn brute_force_ends_from(a: u32, b: u32, board: Board, start: usize) -> Vec<u64> {
    let (rows, cols) = (board.rows(), board.cols());
    let area = (rows * cols) as usize;
    let neighbours: Vec<Vec<usize>> = (0..area as u32)
        .map(|from| {
            (0..area as u32)
                .filter(|&to| leaps(a, b, cols, from, to))
                .map(|to| to as usize)
                .collect()
        })
        .collect();
    fn walk(
        at: usize,
        depth: usize,
        seen: &mut [bool],
        neighbours: &[Vec<usize>],
        ends: &mut [u64],
    ) {
        if depth == seen.len() {
            ends[at] += 1;
            return;
        }
        for &next in &neighbours[at] {
            if !seen[next] {
                seen[next] = true;
                walk(next, depth + 1, seen, neighbours, ends);
                seen[next] = false;
            }
        }
    }
    let mut ends = vec![0; area];
    let mut seen = vec![false; area];
    seen[start] = true;
    walk(start, 1, &mut seen, &neighbours, &mut ends);
    ends
}

/// Issue 44: the (1,6)-leaper's 7×12 needs a frontier of 43 squares, past the frontier
/// count's 25, and has 84 squares, past enumeration's 40; but the piece has two or three
/// moves a square, so walking every tour from a corner is short, and the count asked for no
/// method enumerates them: as many as walking every path here finds.
#[test]
fn a_sparse_leaper_s_board_too_wide_for_the_frontier_is_counted_by_enumeration() {
    let (piece, board) = (Leaper::new(1, 6).unwrap(), board(7, 12));
    let walked = brute_force_ends_from(1, 6, board, 0);
    for end in [None, Some(Square::new(6, 11))] {
        let count = count_tours(&CountRequest {
            piece,
            start: Some(Square::new(0, 0)),
            end,
            ..CountRequest::new(board)
        })
        .unwrap();
        let expected: u64 = match end {
            None => walked.iter().sum(),
            Some(end) => walked[board.index(end) as usize],
        };
        assert_eq!(
            (count.tours, count.method),
            (expected.into(), CountMethod::Enumeration),
            "to {end:?}"
        );
    }
}

/// The split on the last square leaves out one end a move from the start (the solver's
/// `take_closing_end`): a tour ending there closes into a closed tour, which, opened at its
/// other move from the start, is a tour ending on another square a move away. Walking every
/// path agrees: wherever a tour ends a move from its start, another ends on another square a
/// move from it, as often.
#[test]
fn a_tour_ending_next_to_its_start_has_a_partner_ending_next_to_it_elsewhere() {
    let mut seen = 0;
    for (piece, rows, cols) in [
        (wazir(), 3, 4),
        (wazir(), 4, 4),
        (wazir(), 4, 5),
        (wazir(), 4, 6),
        (Leaper::new(1, 4).unwrap(), 5, 8),
        (Leaper::ZEBRA, 5, 8),
    ] {
        let board = board(rows, cols);
        let (a, b) = (piece.single().unwrap().0, piece.single().unwrap().1);
        for (start, ends) in brute_force_ends(a, b, board).iter().enumerate() {
            let next_to_start = |end: &usize| leaps(a, b, cols as u32, start as u32, *end as u32);
            let closing: Vec<usize> = (0..ends.len())
                .filter(|end| ends[*end] > 0 && next_to_start(end))
                .collect();
            for &end in &closing {
                seen += 1;
                let others: u64 = closing
                    .iter()
                    .filter(|&&other| other != end)
                    .map(|&other| ends[other])
                    .sum();
                assert!(
                    others >= ends[end],
                    "{piece} on {board}: from {start} to {end}"
                );
            }
        }
    }
    assert!(seen > 20, "{seen}");
}

/// Directed open tours (from every start) and undirected closed tours of the `(a, b)`-leaper on
/// `board`, from [`brute_force_walks`].
fn brute_force_counts(a: u32, b: u32, board: Board) -> (u64, u64) {
    let walks = brute_force_walks(a, b, board);
    let open = walks.iter().map(|walks| walks.0).sum();
    let closed: u64 = walks.iter().map(|walks| walks.1).sum();
    // Each cycle was walked from each of its squares, both ways round.
    (open, closed / (2 * board.area()))
}

#[test]
fn counts_of_the_wazir_and_the_zebra_match_a_brute_force() {
    let cases = [
        (wazir(), 3, 3),
        (wazir(), 3, 4),
        (wazir(), 4, 4),
        (wazir(), 2, 6),
        (wazir(), 1, 2),
        (wazir(), 2, 2),
        (Leaper::ZEBRA, 5, 6),
        (Leaper::ZEBRA, 6, 5),
        (Leaper::GIRAFFE, 5, 8),
        (Leaper::ZEBRA, 5, 8),
    ];
    for (piece, rows, cols) in cases {
        let board = board(rows, cols);
        let (open, closed) =
            brute_force_counts(piece.single().unwrap().0, piece.single().unwrap().1, board);
        for method in [CountMethod::Enumeration, CountMethod::Frontier] {
            if method == CountMethod::Enumeration && board.area() > MAX_ENUMERATED_SQUARES {
                continue;
            }
            for (is_closed, expected) in [(false, open), (true, closed)] {
                let request = CountRequest {
                    piece,
                    closed: is_closed,
                    method: Some(method),
                    ..CountRequest::new(board)
                };
                let count = count_tours(&request).unwrap();
                assert_eq!(
                    count.tours,
                    expected.into(),
                    "{piece} on {board} by {method} (closed: {is_closed})"
                );
            }
        }
    }
    // The brute force itself, against OEIS: Hamiltonian paths of the 4x4 grid (A096969, 276
    // undirected) and its Hamiltonian cycles (A003763, 6).
    assert_eq!(brute_force_counts(0, 1, board(4, 4)), (2 * 276, 6));
}

#[test]
fn construct_builds_knights_tours_only_and_auto_searches_for_other_pieces() {
    let board = board(40, 40);
    let request = Request::new(board, Square::new(0, 0)).piece(Leaper::ZEBRA);
    let error = solve(&request.clone().method(Method::Construct)).unwrap_err();
    assert!(error.to_string().contains("knight's tours only"), "{error}");
    let Outcome::Tour { layer, tour, .. } = solve(&request).unwrap() else {
        panic!("auto finds the zebra's tour of {board}");
    };
    assert_ne!(layer, Layer::Construct);
    assert!(is_leaper_tour(2, 3, 40, 40, tour.indices(), false));
}

#[test]
fn solve_and_count_agree_on_every_small_board() {
    let pieces = [
        wazir(),
        Leaper::ZEBRA,
        Leaper::GIRAFFE,
        Leaper::new(1, 6).unwrap(),
    ];
    let mut tours = 0;
    for piece in pieces {
        for rows in 1..=5 {
            for cols in 1..=6 {
                let board = board(rows, cols);
                let start = Square::new(0, 0);
                for closed in [false, true] {
                    let request = Request::new(board, start).piece(piece).closed(closed);
                    let found = match solve(&request).unwrap() {
                        Outcome::Tour { tour, .. } => {
                            let path = tour.indices();
                            assert!(is_leaper_tour(
                                piece.single().unwrap().0,
                                piece.single().unwrap().1,
                                rows as u32,
                                cols as u32,
                                path,
                                closed
                            ));
                            true
                        }
                        Outcome::NoTour { .. } => false,
                        other => panic!("{piece} on {board}: {other:?}"),
                    };
                    let count = CountRequest {
                        piece,
                        closed,
                        start: (!closed).then_some(start),
                        ..CountRequest::new(board)
                    };
                    let counted = count_tours(&count).unwrap().tours;
                    assert_eq!(
                        found,
                        counted > 0u8.into(),
                        "{piece} on {board}, closed: {closed}"
                    );
                    tours += usize::from(found);
                }
            }
        }
    }
    assert!(tours > 20, "{tours}");
}

#[test]
fn two_squares_make_an_open_tour_of_the_wazir_but_no_closed_one() {
    let board = board(1, 2);
    assert!(Tour::with_piece(board, wazir(), vec![0, 1], false, None).is_ok());
    assert_eq!(
        Tour::with_piece(board, wazir(), vec![0, 1], true, None),
        Err(TourError::TwoSquareCycle)
    );
}

/// From 128×128 the covers' flows start from zigzags of the piece; the wazir's, one leg 0,
/// run along a row (they divided by 0 and panicked, on every closed board from 128×128 to
/// 256×256, the larger ones now tiled).
#[test]
fn the_wazir_closes_boards_whose_covers_start_from_zigzags() {
    for n in [128, 200] {
        tour_of(wazir(), board(n, n), true);
    }
}

#[test]
fn the_starts_map_of_the_wazir_on_5x5_has_a_tour_from_every_majority_square() {
    let request = Request::new(board(5, 5), Square::new(0, 0)).piece(wazir());
    let quiet = |_: usize, _: usize| ControlFlow::Continue(());
    let map = map_starts(&request, &MapSettings::threads(2), &quiet).unwrap();
    for answer in &map.answers {
        let square = answer.square;
        if square.is_majority_colour() {
            assert!(
                matches!(answer.outcome, StartOutcome::Tour { .. }),
                "{square}: {:?}",
                answer.outcome
            );
            let one = solve(&Request::new(board(5, 5), square).piece(wazir())).unwrap();
            let Outcome::Tour { tour, .. } = one else {
                panic!("{square}: {one:?}");
            };
            assert!(is_leaper_tour(0, 1, 5, 5, tour.indices(), false));
        } else {
            assert!(
                matches!(
                    &answer.outcome,
                    StartOutcome::NoTour(Proof::Theorem(NoTourReason::MinorityColourStart { .. }))
                ),
                "{square}: {:?}",
                answer.outcome
            );
        }
    }
}

#[test]
fn the_ends_map_of_the_zebra_on_10x10_matches_one_solve_an_end() {
    let mut request = Request::new(board(10, 10), Square::new(0, 0)).piece(Leaper::ZEBRA);
    request.node_budget = 2_000_000;
    let quiet = |_: usize, _: usize| ControlFlow::Continue(());
    let map = map_ends(&request, &MapSettings::threads(2), &quiet).unwrap();
    let mut tours = 0;
    for answer in &map.answers {
        let end = answer.square;
        match &answer.outcome {
            StartOutcome::Tour { .. } => {
                tours += 1;
                let Outcome::Tour { tour, .. } = solve(&request.clone().ending_at(end)).unwrap()
                else {
                    panic!("the map found a tour ending at {end}");
                };
                assert_eq!(tour.squares().last(), Some(end));
                assert!(is_leaper_tour(2, 3, 10, 10, tour.indices(), false));
            }
            StartOutcome::NoTour(_) => {
                let outcome = solve(&request.clone().ending_at(end)).unwrap();
                assert!(
                    matches!(outcome, Outcome::NoTour { .. }),
                    "{end}: {outcome:?}"
                );
            }
            other => assert!(other.gave_up(), "{end}: {other:?}"),
        }
    }
    // Half the squares have the other colour than the start's, where a tour may end.
    assert!(tours > 25, "{tours}");
}

/// A search run by hand (as the explorer steps it) and a streamed solve (as the command line
/// prints it) hand back the piece's own tour, validated as that piece's.
#[test]
fn a_stepped_search_and_a_streamed_solve_give_the_pieces_own_tour() {
    use knights_tour_engine::search::{Search, SearchConfig, SearchEvent};
    use knights_tour_engine::solve::solve_streaming;
    use knights_tour_engine::tour::VisitOrder;

    let (zebra, ten) = (Leaper::ZEBRA, board(10, 10));
    let config = SearchConfig::backtracking(false).with_piece(zebra);
    let mut search = Search::new(ten, Square::new(0, 0), config).unwrap();
    assert_eq!(search.run(), SearchEvent::Solved);
    let tour = search.tour().unwrap();
    assert_eq!(tour.piece(), zebra);
    assert!(is_leaper_tour(2, 3, 10, 10, tour.indices(), false));

    let giraffe = Leaper::GIRAFFE;
    let request = Request::new(board(9, 9), Square::new(0, 0)).piece(giraffe);
    let Outcome::Tour { tour, .. } = solve_streaming(&request).unwrap() else {
        panic!("the giraffe has an open tour of 9x9");
    };
    assert_eq!(VisitOrder::piece(&tour), giraffe);
    let mut scratch = Vec::new();
    let visits = tour.visits(0..81, &mut scratch).to_vec();
    assert!(is_leaper_tour(1, 4, 9, 9, &visits, false));
}
