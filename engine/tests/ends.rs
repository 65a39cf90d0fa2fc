//! Tours between two chosen squares and completions of partial tours, against an independent
//! brute force: a plain depth-first enumeration of every knight's path on boards of up to 64
//! squares, cut only where an unvisited square can no longer be entered, with no ordering and
//! nothing shared with the engine but the board's geometry. Every tour the solver returns goes through the validator, first and last squares
//! checked.

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::existence::NoTourReason;
use knights_tour_engine::solve::{Layer, Method, Outcome, Request, solve};
use knights_tour_engine::tour::validate;

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

/// The knight's moves of every square of `board`, as bit masks over square indices.
fn neighbours(board: Board) -> Vec<u64> {
    board
        .squares()
        .map(|square| {
            board
                .squares()
                .filter(|&other| square.is_knight_move_to(other))
                .fold(0u64, |mask, other| mask | 1 << board.index(other))
        })
        .collect()
}

/// Every square a tour from `start` can end on, as a bit mask: all knight's paths from the
/// start enumerated, those that cover the board recorded by their last square.
fn reachable_ends(board: Board, start: Square) -> u64 {
    completions(board, &[start])
}

/// Every square a tour that begins with `prefix` (a knight's path) can end on, as a bit mask.
fn completions(board: Board, prefix: &[Square]) -> u64 {
    let moves = neighbours(board);
    let full = if board.area() == 64 {
        u64::MAX
    } else {
        (1u64 << board.area()) - 1
    };
    let mut ends = 0u64;
    let mut visited = prefix
        .iter()
        .fold(0u64, |mask, &square| mask | 1 << board.index(square));
    // An explicit stack of (square, moves left to try from it), from the prefix's last square.
    let head = board.index(*prefix.last().unwrap()) as usize;
    let mut stack = vec![(head, moves[head])];
    while let Some(&mut (square, ref mut untried)) = stack.last_mut() {
        if visited == full {
            ends |= 1 << square;
        }
        let open = *untried & !visited;
        if open == 0 || stranded(&moves, visited, full, square) {
            if stack.len() > 1 {
                visited &= !(1u64 << square);
            }
            stack.pop();
            continue;
        }
        let next = open.trailing_zeros() as usize;
        *untried &= !(1u64 << next);
        visited |= 1 << next;
        stack.push((next, moves[next]));
    }
    ends
}

/// Whether an unvisited square other than a neighbour of the head has no unvisited neighbour
/// left: nothing can enter it any more, so no path from here covers the board. (The one rule
/// the brute force uses to cut its tree; it needs nothing but the definition of a path.)
fn stranded(moves: &[u64], visited: u64, full: u64, head: usize) -> bool {
    let mut unvisited = full & !visited & !moves[head];
    while unvisited != 0 {
        let square = unvisited.trailing_zeros() as usize;
        unvisited &= unvisited - 1;
        if moves[square] & !visited == 0 {
            return true;
        }
    }
    false
}

/// Solves `request` and checks the answer: a tour passes the validator from the start and
/// ends where asked.
fn solve_checked(request: &Request) -> Outcome {
    let outcome = solve(request).unwrap_or_else(|error| panic!("{request:?}: {error}"));
    if let Outcome::Tour { tour, .. } = &outcome {
        let squares: Vec<Square> = tour.squares().collect();
        validate(
            request.board,
            squares.iter().copied(),
            request.closed,
            Some(request.start),
        )
        .unwrap();
        if let Some(end) = request.end {
            assert_eq!(squares.last(), Some(&end), "{request:?}");
        }
        if let Some(prefix) = &request.prefix {
            assert!(squares.starts_with(prefix), "{request:?}");
        }
    }
    outcome
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
            let closes = ends & neighbours(board)[board.index(start) as usize] != 0;
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
