//! Tours between two chosen squares and completions of partial tours, against an independent
//! brute force (`brute/mod.rs`: every knight's path enumerated depth first on boards of up to
//! 64 squares, cut only where no path can cover the board, with no ordering and nothing shared
//! with the engine but the board's size). Every tour the solver returns goes through the
//! validator, first and last squares checked.

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::existence::{self, NoTourReason, Verdict};
use knights_tour_engine::solve::{Layer, Method, Outcome, Request};

mod common;
use common::solve_checked;

mod brute;
use brute::leaper_moves;

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

/// Every square a tour that begins with `prefix` (a knight's path) can end on, as a bit mask.
fn completions(board: Board, prefix: &[Square]) -> u64 {
    let moves = leaper_moves(board, (1, 2));
    let prefix: Vec<usize> = prefix.iter().map(|&s| board.index(s) as usize).collect();
    let found =
        brute::completions(&moves, &prefix, u64::MAX).expect("the brute force has no limit");
    found.ends
}

/// Every square a tour from `start` can end on, as a bit mask: all knight's paths from the
/// start enumerated, those that cover the board recorded by their last square.
fn reachable_ends(board: Board, start: Square) -> u64 {
    completions(board, &[start])
}

/// The images of `square` under the four symmetries of a rectangle (the identity, the two
/// mirrors and the half turn), which take knight's paths to knight's paths.
fn images(board: Board, square: Square) -> [Square; 4] {
    let (last_row, last_col) = (board.rows() - 1, board.cols() - 1);
    let Square { row, col } = square;
    [
        square,
        Square::new(last_row - row, col),
        Square::new(row, last_col - col),
        Square::new(last_row - row, last_col - col),
    ]
}

/// [`reachable_ends`] from every start, the brute force run once a symmetry class: the ends
/// from a mirror image of a start are the mirror images of its ends.
fn every_reachable_end(board: Board) -> Vec<u64> {
    let mut ends = vec![0u64; board.area() as usize];
    for start in board.squares() {
        let class = images(board, start);
        if class
            .iter()
            .any(|&image| board.index(image) < board.index(start))
        {
            continue;
        }
        let found = reachable_ends(board, start);
        for (symmetry, &image) in class.iter().enumerate() {
            ends[board.index(image) as usize] = board
                .squares()
                .filter(|&end| found & (1 << board.index(end)) != 0)
                .fold(0, |mask, end| {
                    mask | 1 << board.index(images(board, end)[symmetry])
                });
        }
    }
    ends
}

/// Every ordered pair of squares of `board`, decided by the solver, against the brute force;
/// returns how many unordered pairs of distinct squares have a tour between them.
fn decide_every_pair(board: Board) -> usize {
    let reachable = every_reachable_end(board);
    let mut pairs = 0;
    for start in board.squares() {
        let ends = reachable[board.index(start) as usize];
        for end in board.squares() {
            let request = Request::new(board, start).ending_at(end);
            let expected = ends & (1 << board.index(end)) != 0;
            match solve_checked(&request) {
                Outcome::Tour { .. } => {
                    assert!(expected, "{board}: a tour from {start} to {end}?");
                    if board.index(start) < board.index(end) {
                        pairs += 1;
                    }
                }
                Outcome::NoTour { reason, .. } => {
                    assert!(!expected, "{board}: {start} to {end}: {reason}");
                }
                other => panic!("{board}: {start} to {end}: {other:?}"),
            }
        }
    }
    pairs
}

#[test]
fn every_pair_of_small_boards_is_decided_as_brute_force_says() {
    for (rows, cols) in [(1, 1), (3, 4), (3, 7), (4, 5), (5, 5), (4, 6), (3, 8)] {
        decide_every_pair(board(rows, cols));
    }
}

#[test]
fn five_by_five_has_tours_between_42_of_its_78_majority_pairs() {
    // 5x5: 13 squares of the majority colour, 78 pairs of them; the colour rule leaves no
    // other pair.
    assert_eq!(decide_every_pair(board(5, 5)), 42);
}

#[test]
fn four_by_eight_has_tours_between_64_of_its_256_admissible_pairs() {
    assert_eq!(decide_every_pair(board(4, 8)), 64);
}

#[test]
fn the_colour_rule_answers_without_a_search() {
    let chess = board(8, 8);
    let same_colour =
        solve_checked(&Request::new(chess, Square::new(0, 0)).ending_at(Square::new(7, 7)));
    assert!(
        matches!(
            same_colour,
            Outcome::NoTour {
                layer: Layer::Existence,
                reason: NoTourReason::EndColour { .. },
                ..
            }
        ),
        "{same_colour:?}"
    );
    // Conrad et al.: on n x n, n >= 6, opposite colours always have a tour.
    for method in [Method::Auto, Method::Backtrack] {
        let request = Request::new(chess, Square::new(0, 0))
            .ending_at(Square::new(7, 6))
            .method(method);
        assert!(
            matches!(solve_checked(&request), Outcome::Tour { .. }),
            "{method}"
        );
    }
}

/// Every knight's path of `len` squares from `start` on `board`.
fn paths(board: Board, start: Square, len: usize) -> Vec<Vec<Square>> {
    let mut found = Vec::new();
    let mut path = vec![start];
    fn extend(board: Board, path: &mut Vec<Square>, len: usize, found: &mut Vec<Vec<Square>>) {
        if path.len() == len {
            found.push(path.clone());
            return;
        }
        let head = *path.last().unwrap();
        for next in board.squares().filter(|&next| head.is_knight_move_to(next)) {
            if !path.contains(&next) {
                path.push(next);
                extend(board, path, len, found);
                path.pop();
            }
        }
    }
    extend(board, &mut path, len, &mut found);
    found
}

#[test]
fn every_partial_tour_of_five_squares_is_completed_or_refused_as_brute_force_says() {
    for (rows, cols, start) in [
        (5, 5, Square::new(0, 0)),
        (5, 6, Square::new(2, 2)),
        (3, 7, Square::new(0, 0)),
    ] {
        let board = board(rows, cols);
        for prefix in paths(board, start, 5) {
            let ends = completions(board, &prefix);
            let request = Request::new(board, start).completing(prefix.clone());
            match solve_checked(&request) {
                Outcome::Tour { .. } => assert_ne!(ends, 0, "{board} {prefix:?}"),
                Outcome::NoTour { reason, .. } => {
                    assert_eq!(ends, 0, "{board} {prefix:?}: {reason}")
                }
                other => panic!("{board} {prefix:?}: {other:?}"),
            }
            // The same prefix closed: a tour that ends a knight's move from the start.
            let closes = ends & leaper_moves(board, (1, 2))[board.index(start) as usize] != 0;
            match solve_checked(&request.clone().closed(true)) {
                Outcome::Tour { tour, .. } => {
                    assert!(closes && tour.is_closed(), "{board} {prefix:?} closed")
                }
                Outcome::NoTour { reason, .. } => {
                    assert!(!closes, "{board} {prefix:?} closed: {reason}")
                }
                other => panic!("{board} {prefix:?} closed: {other:?}"),
            }
            // The same prefix to each end.
            for end in board.squares() {
                let expected = ends & (1 << board.index(end)) != 0;
                let to_end = request.clone().ending_at(end);
                match solve_checked(&to_end) {
                    Outcome::Tour { .. } => assert!(expected, "{board} {prefix:?} to {end}"),
                    Outcome::NoTour { reason, .. } => {
                        assert!(!expected, "{board} {prefix:?} to {end}: {reason}")
                    }
                    other => panic!("{board} {prefix:?} to {end}: {other:?}"),
                }
            }
        }
    }
}

fn quietly(_: usize, _: usize) -> std::ops::ControlFlow<()> {
    std::ops::ControlFlow::Continue(())
}

#[test]
fn the_ends_map_agrees_with_brute_force_and_shares_proofs_across_the_start_s_symmetries() {
    use knights_tour_engine::starts::{MapSettings, Proof, StartOutcome, map_ends};
    let mut symmetric_proofs = 0;
    for (rows, cols) in [(5, 5), (3, 8), (4, 5)] {
        let board = board(rows, cols);
        let reachable = every_reachable_end(board);
        for start in board.squares() {
            let request = Request::new(board, start);
            let map = map_ends(&request, &MapSettings::threads(2), &quietly).unwrap();
            assert_eq!(map.start, Some(start));
            for answer in &map.answers {
                let expected =
                    reachable[board.index(start) as usize] & (1 << board.index(answer.square)) != 0;
                let what = format!("{board} from {start} to {}", answer.square);
                match &answer.outcome {
                    StartOutcome::Tour { .. } => assert!(expected, "{what}"),
                    StartOutcome::NoTour(proof) => {
                        assert!(!expected, "{what}: {proof}");
                        if let Proof::Symmetric { .. } = proof {
                            symmetric_proofs += 1;
                            assert_eq!(answer.nodes, 0);
                            assert!(proof.to_string().contains("keeps"), "{proof}");
                        }
                    }
                    other => panic!("{what}: {other:?}"),
                }
            }
        }
    }
    assert!(
        symmetric_proofs > 0,
        "the symmetries that keep a start carry proofs"
    );
}

#[test]
fn the_ends_map_refuses_closed_tours() {
    use knights_tour_engine::starts::{MapSettings, StartsError, map_ends};
    let request = Request::new(board(6, 6), Square::new(0, 0)).closed(true);
    assert_eq!(
        map_ends(&request, &MapSettings::threads(1), &quietly),
        Err(StartsError::ClosedEnds)
    );
}

/// A seeded stream of squares (xorshift): the same pairs every run.
struct Squares {
    state: u64,
}

impl Squares {
    fn seeded(seed: u64) -> Self {
        Self { state: seed | 1 }
    }

    fn below(&mut self, n: u32) -> u32 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        (self.state % u64::from(n)) as u32
    }

    fn on(&mut self, board: Board) -> Square {
        Square::new(self.below(board.rows()), self.below(board.cols()))
    }

    /// A start and an end the theorems allow a tour between, at random.
    fn admissible_pair(&mut self, board: Board) -> (Square, Square) {
        loop {
            let (start, end) = (self.on(board), self.on(board));
            if !matches!(
                existence::route_verdict(board, start, end),
                Verdict::Impossible(_)
            ) {
                return (start, end);
            }
        }
    }
}

/// The corners of `board` and a few squares near them and in the middle: the places a
/// construction from blocks could get wrong.
fn awkward_squares(board: Board) -> Vec<Square> {
    let (last_row, last_col) = (board.rows() - 1, board.cols() - 1);
    let mut squares = Vec::new();
    for (row, col) in [(0, 0), (0, 1), (1, 2), (2, 1), (2, 2)] {
        squares.extend([
            Square::new(row, col),
            Square::new(last_row - row, col),
            Square::new(row, last_col - col),
            Square::new(last_row - row, last_col - col),
        ]);
    }
    squares.push(Square::new(last_row / 2, last_col / 2));
    squares
}

/// Solves `request` and checks that the construction answered with a tour from its start to
/// its end, which the validator passed.
fn constructed_route(request: &Request) {
    let outcome = solve_checked(request);
    let Outcome::Tour { tour, layer, .. } = &outcome else {
        panic!("{request:?}: {outcome:?}");
    };
    assert_eq!(*layer, Layer::Construct, "{request:?}");
    assert_eq!(tour.start(), request.start);
    assert_eq!(tour.squares().last(), request.end);
}

#[test]
fn the_construction_places_the_end_on_boards_from_the_threshold_to_60x60() {
    let mut squares = Squares::seeded(2024);
    // Even, odd-by-even and odd-by-odd boards of at least 1024 squares (where `auto`
    // constructs first), narrow ones included.
    let boards = [
        (32, 32),
        (33, 33),
        (32, 33),
        (31, 35),
        (25, 41),
        (6, 180),
        (7, 147),
        (9, 121),
        (34, 47),
        (40, 40),
        (45, 45),
        (47, 52),
        (51, 51),
        (57, 59),
        (60, 60),
    ];
    for (rows, cols) in boards {
        let board = board(rows, cols);
        let mut pairs: Vec<(Square, Square)> =
            (0..40).map(|_| squares.admissible_pair(board)).collect();
        let awkward = awkward_squares(board);
        for &start in &awkward {
            for &end in &awkward {
                if !matches!(
                    existence::route_verdict(board, start, end),
                    Verdict::Impossible(_)
                ) {
                    pairs.push((start, end));
                }
            }
        }
        for (start, end) in pairs {
            constructed_route(&Request::new(board, start).ending_at(end));
        }
    }
}

#[test]
fn the_construction_places_the_end_of_square_boards_below_the_threshold_when_asked() {
    // Conrad et al.: every pair the colour rule allows has a tour on n x n, n >= 6. From 12
    // on, a board is cut into several blocks.
    let mut squares = Squares::seeded(7);
    for side in 12..=31 {
        let board = board(side, side);
        for _ in 0..30 {
            let (start, end) = squares.admissible_pair(board);
            let request = Request::new(board, start)
                .ending_at(end)
                .method(Method::Construct);
            constructed_route(&request);
        }
    }
}

/// Solves `request` streaming and checks the walked tour with the validator's one bit a square,
/// its first and last squares, and that the construction answered.
fn walked_route(request: &Request) {
    use knights_tour_engine::solve::{SolvedTour, solve_streaming};
    use knights_tour_engine::tour::{Validator, VisitOrder};
    let outcome = solve_streaming(request).unwrap();
    let Outcome::Tour { tour, layer, .. } = &outcome else {
        panic!("{request:?}: {outcome:?}");
    };
    assert_eq!(*layer, Layer::Construct);
    assert!(
        matches!(tour, SolvedTour::Walked(_)),
        "a constructed tour is walked"
    );
    let board = request.board;
    let mut validator = Validator::new(board, false, Some(request.start));
    let mut last = None;
    let squares = board.area() as usize;
    tour.try_for_each_run(0..squares, |_, run| {
        for &index in run {
            validator.push(board.square_at(index))?;
        }
        last = run.last().map(|&index| board.square_at(index));
        Ok::<(), knights_tour_engine::tour::TourError>(())
    })
    .unwrap();
    validator.finish().unwrap();
    assert_eq!(last, request.end);
}

#[test]
fn large_tours_to_an_end_are_walked_and_checked_a_bit_a_square() {
    for (rows, cols, start, end) in [
        (1000, 1000, Square::new(0, 0), Square::new(999, 998)),
        (1000, 1000, Square::new(500, 3), Square::new(2, 776)),
        (1001, 1001, Square::new(0, 0), Square::new(1000, 1000)),
        (2000, 3001, Square::new(0, 0), Square::new(1999, 3000)),
        (2000, 3001, Square::new(1234, 2999), Square::new(17, 5)),
    ] {
        walked_route(&Request::new(board(rows, cols), start).ending_at(end));
    }
}

#[test]
fn where_no_piece_places_the_end_the_search_answers() {
    // Ends in the block of the start where no path of the block joins them (on 12x13 and
    // 6x12, one block of every cut holds both squares): the search finds the tour.
    for (rows, cols, start, end) in [
        (12, 13, Square::new(4, 2), Square::new(5, 0)),
        (6, 12, Square::new(0, 5), Square::new(2, 4)),
    ] {
        let request = Request::new(board(rows, cols), start)
            .ending_at(end)
            .method(Method::Construct);
        let outcome = solve_checked(&request);
        assert!(matches!(outcome, Outcome::Tour { .. }), "{outcome:?}");
    }
    // A strip is not cut into blocks: the frontier decides it, well within a budget the
    // search spent in vain.
    let mut strip = Request::new(board(3, 400), Square::new(0, 0)).ending_at(Square::new(2, 399));
    strip.node_budget = 100_000;
    let outcome = solve_checked(&strip);
    assert!(
        matches!(
            outcome,
            Outcome::Tour {
                layer: Layer::Frontier,
                ..
            }
        ),
        "{outcome:?}"
    );
}
