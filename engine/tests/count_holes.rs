//! Counts on boards with holes (issue 46): every count, by the frontier and by enumeration,
//! against a brute force of this file's own, a plain depth-first search over the open squares
//! that shares nothing with the engine but the question; the frontier against enumeration on
//! boards too large for the brute force to finish quickly; and the requests no count answers.

use std::sync::Arc;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::count::{BigUint, CountError, CountMethod, CountRequest, count_tours};
use knights_tour_engine::leaper::Leaper;

/// The paths of a leaper `(a, b)` over the open squares of a `rows × cols` board, found by
/// walking every one: `paths[s][e]` directed paths from open square `s` to open square `e`
/// that visit every open square once.
struct Brute {
    /// The open squares, in row-major order.
    open: Vec<Square>,
    /// For each open square, the open squares one leap away.
    next: Vec<Vec<usize>>,
    paths: Vec<Vec<u64>>,
}

impl Brute {
    fn new(rows: u32, cols: u32, leap: (i32, i32), holes: &[Square]) -> Self {
        let open: Vec<Square> = (0..rows)
            .flat_map(|row| (0..cols).map(move |col| Square::new(row, col)))
            .filter(|square| !holes.contains(square))
            .collect();
        let index = |row: i32, col: i32| {
            open.iter()
                .position(|square| (square.row as i32, square.col as i32) == (row, col))
        };
        let (a, b) = leap;
        let mut deltas = Vec::new();
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if !deltas.contains(&(x * sx, y * sy)) {
                    deltas.push((x * sx, y * sy));
                }
            }
        }
        let next: Vec<Vec<usize>> = open
            .iter()
            .map(|square| {
                deltas
                    .iter()
                    .filter_map(|&(dr, dc)| index(square.row as i32 + dr, square.col as i32 + dc))
                    .collect()
            })
            .collect();
        let n = open.len();
        let mut paths = vec![vec![0u64; n]; n];
        for (start, row) in paths.iter_mut().enumerate() {
            let mut visited = vec![false; n];
            visited[start] = true;
            walk(&next, &mut visited, start, 1, row);
        }
        Self { open, next, paths }
    }

    fn at(&self, square: Square) -> usize {
        self.open.iter().position(|&s| s == square).unwrap()
    }

    /// Directed open tours, from `start` (or every square), to `end` (or any).
    fn open_tours(&self, start: Option<Square>, end: Option<Square>) -> u64 {
        let starts: Vec<usize> = match start {
            Some(start) => vec![self.at(start)],
            None => (0..self.open.len()).collect(),
        };
        starts
            .iter()
            .map(|&s| match end {
                Some(end) => self.paths[s][self.at(end)],
                None => self.paths[s].iter().sum(),
            })
            .sum()
    }

    /// Closed tours as undirected cycles: the paths from the first open square that end one
    /// leap from it, each cycle walked once each way round. A cycle has at least 3 squares.
    fn closed_tours(&self) -> u64 {
        if self.open.len() < 3 {
            return 0;
        }
        self.next[0].iter().map(|&e| self.paths[0][e]).sum::<u64>() / 2
    }
}

/// Walks on from `at`, `depth` squares visited, adding each whole path to `ends` by its end.
fn walk(next: &[Vec<usize>], visited: &mut [bool], at: usize, depth: usize, ends: &mut [u64]) {
    if depth == visited.len() {
        ends[at] += 1;
        return;
    }
    for &to in &next[at] {
        if !visited[to] {
            visited[to] = true;
            walk(next, visited, to, depth + 1, ends);
            visited[to] = false;
        }
    }
}

/// A small random generator (splitmix64), so the holes come from fixed seeds.
struct Seeded(u64);

impl Seeded {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// `count` distinct random holes of a `rows × cols` board.
fn random_holes(rows: u32, cols: u32, count: usize, seeded: &mut Seeded) -> Vec<Square> {
    let mut holes = Vec::new();
    while holes.len() < count.min((rows * cols) as usize) {
        let square = Square::new(
            seeded.below(u64::from(rows)) as u32,
            seeded.below(u64::from(cols)) as u32,
        );
        if !holes.contains(&square) {
            holes.push(square);
        }
    }
    holes
}

fn request(board: Board, piece: Leaper, holes: &[Square]) -> CountRequest {
    CountRequest {
        piece,
        holes: Arc::from(holes),
        ..CountRequest::new(board)
    }
}

/// The count by `method`, as a `u64`.
fn by(request: &CountRequest, method: CountMethod) -> u64 {
    let counted = count_tours(&CountRequest {
        method: Some(method),
        ..request.clone()
    })
    .unwrap_or_else(|error| panic!("{request:?} by {method}: {error}"));
    u64::try_from(counted.tours).unwrap()
}

/// Every count of the board, holes and piece, by both methods, against the brute force:
/// closed, open from every start, from each start, to each end, and between each start and a
/// few ends. Returns how many counts were not 0.
fn check_board(rows: u32, cols: u32, leap: (i32, i32), holes: &[Square]) -> usize {
    let board = Board::new(u64::from(rows), u64::from(cols)).unwrap();
    let piece = Leaper::new(leap.0 as u32, leap.1 as u32).unwrap();
    let brute = Brute::new(rows, cols, leap, holes);
    let any = request(board, piece, holes);
    let mut cases = vec![
        (
            CountRequest {
                closed: true,
                ..any.clone()
            },
            brute.closed_tours(),
        ),
        (any.clone(), brute.open_tours(None, None)),
    ];
    for (i, &square) in brute.open.iter().enumerate() {
        cases.push((
            CountRequest {
                start: Some(square),
                ..any.clone()
            },
            brute.open_tours(Some(square), None),
        ));
        cases.push((
            CountRequest {
                end: Some(square),
                ..any.clone()
            },
            brute.open_tours(None, Some(square)),
        ));
        // Between pairs: each start to the square after it in the order, and to itself.
        for end in [brute.open[(i + 1) % brute.open.len()], square] {
            cases.push((
                CountRequest {
                    start: Some(square),
                    end: Some(end),
                    ..any.clone()
                },
                brute.open_tours(Some(square), Some(end)),
            ));
        }
    }
    let mut tours = 0;
    for (request, expected) in cases {
        let context = format!("{board} {piece} holes {holes:?}: {request:?}");
        assert_eq!(by(&request, CountMethod::Frontier), expected, "{context}");
        assert_eq!(
            by(&request, CountMethod::Enumeration),
            expected,
            "{context}"
        );
        tours += usize::from(expected > 0);
    }
    tours
}

/// Every board up to 4×5 (either way round) with 0 to 3 holes drawn from fixed seeds, for
/// the knight and for the wazir (whose holes can leave the minority colour ahead, so that
/// both ends of an open tour have it): the frontier and enumeration count what the brute
/// force counts.
#[test]
fn counts_with_holes_agree_with_a_brute_force_on_every_small_board() {
    let mut seeded = Seeded(46);
    let mut counted = 0;
    for leap in [(1, 2), (0, 1)] {
        for rows in 1..=5u32 {
            for cols in 1..=5u32 {
                if rows * cols > 20 {
                    continue;
                }
                for holes in 0..=3 {
                    for _ in 0..2 {
                        let holes = random_holes(rows, cols, holes, &mut seeded);
                        counted += check_board(rows, cols, leap, &holes);
                    }
                }
            }
        }
    }
    // The brute force finds tours on many of them: the agreement is not all zeros.
    assert!(counted > 500, "{counted}");
}

/// Holes in mirror image about the middle column (the frontier may then count a state with
/// its image), and holes on one side only, on a board the frontier takes along rows of 4.
#[test]
fn symmetric_and_lopsided_holes_agree_with_the_brute_force() {
    let sq = Square::new;
    for holes in [
        vec![sq(4, 0), sq(4, 3)],
        vec![sq(0, 0), sq(0, 3)],
        vec![sq(0, 0), sq(0, 3), sq(4, 0), sq(4, 3)],
        vec![sq(4, 0)],
        vec![sq(0, 0), sq(1, 2)],
        vec![sq(1, 0), sq(3, 3)],
    ] {
        assert!(check_board(5, 4, (1, 2), &holes) > 0, "{holes:?}");
        assert!(check_board(4, 5, (1, 2), &swap(&holes)) > 0, "{holes:?}");
    }
}

fn swap(squares: &[Square]) -> Vec<Square> {
    squares
        .iter()
        .map(|square| Square::new(square.col, square.row))
        .collect()
}

/// On boards too large for every count to be walked here, the frontier and enumeration agree:
/// 5×5 and 5×6 with holes, open from every start and closed, and from a start; 5x5's open
/// tours from a corner also against the brute force.
#[test]
fn the_frontier_and_enumeration_agree_on_larger_boards_with_holes() {
    let sq = Square::new;
    let mut seeded = Seeded(6);
    let mut boards = vec![
        (5, 5, vec![sq(2, 2)]),
        (5, 6, vec![sq(0, 0), sq(4, 5)]),
        (6, 5, vec![sq(1, 2), sq(3, 3), sq(5, 0)]),
    ];
    for holes in 1..=3 {
        boards.push((5, 5, random_holes(5, 5, holes, &mut seeded)));
        boards.push((5, 6, random_holes(5, 6, holes, &mut seeded)));
    }
    for (rows, cols, holes) in boards {
        let board = Board::new(rows, cols).unwrap();
        let any = request(board, Leaper::KNIGHT, &holes);
        let start = (0..rows as u32)
            .flat_map(|row| (0..cols as u32).map(move |col| sq(row, col)))
            .find(|square| !holes.contains(square))
            .unwrap();
        for request in [
            any.clone(),
            CountRequest {
                closed: true,
                ..any.clone()
            },
            CountRequest {
                start: Some(start),
                ..any.clone()
            },
        ] {
            assert_eq!(
                by(&request, CountMethod::Frontier),
                by(&request, CountMethod::Enumeration),
                "{request:?}"
            );
        }
    }
    let holes = [sq(2, 2)];
    let brute = Brute::new(5, 5, (1, 2), &holes);
    let from_corner = CountRequest {
        start: Some(sq(0, 0)),
        ..request(Board::new(5, 5).unwrap(), Leaper::KNIGHT, &holes)
    };
    let expected = brute.open_tours(Some(sq(0, 0)), None);
    assert!(expected > 0);
    assert_eq!(by(&from_corner, CountMethod::Frontier), expected);
}

/// Asked for no method, a count with holes takes no theorem (they are the rectangle's): 4×4
/// has no open tour, but with a corner cut out it has some.
#[test]
fn a_board_with_holes_is_counted_not_settled_by_the_rectangles_theorems() {
    let four = Board::new(4, 4).unwrap();
    let holes = [Square::new(0, 0)];
    let counted = count_tours(&request(four, Leaper::KNIGHT, &holes)).unwrap();
    assert_ne!(counted.method, CountMethod::Theorem);
    let brute = Brute::new(4, 4, (1, 2), &holes);
    assert_eq!(counted.tours, BigUint::from(brute.open_tours(None, None)));
    assert!(brute.open_tours(None, None) > 0);
}

/// A start or an end on a hole, or a hole off the board, is refused with a message that names
/// it; a board all holes has no tour.
#[test]
fn a_start_or_end_on_a_hole_and_a_hole_off_the_board_are_refused() {
    let board = Board::new(5, 5).unwrap();
    let hole = Square::new(1, 2);
    let with_hole = request(board, Leaper::KNIGHT, &[hole]);
    for (request, which) in [
        (
            CountRequest {
                start: Some(hole),
                ..with_hole.clone()
            },
            "start",
        ),
        (
            CountRequest {
                end: Some(hole),
                ..with_hole.clone()
            },
            "end",
        ),
    ] {
        for method in [
            None,
            Some(CountMethod::Frontier),
            Some(CountMethod::Enumeration),
        ] {
            let error = count_tours(&CountRequest {
                method,
                ..request.clone()
            })
            .unwrap_err();
            assert!(
                matches!(error, CountError::OnHole { square, .. } if square == hole),
                "{error:?}"
            );
            let message = error.to_string();
            assert!(
                message.contains(which) && message.contains("1,2") && message.contains("hole"),
                "{message}"
            );
        }
    }
    let off = Square::new(7, 0);
    let error = count_tours(&request(board, Leaper::KNIGHT, &[off])).unwrap_err();
    assert!(
        matches!(error, CountError::HoleOffBoard { square, .. } if square == off),
        "{error:?}"
    );
    assert!(error.to_string().contains("off the"), "{error}");
    let all: Vec<Square> = board.squares().collect();
    for method in [CountMethod::Frontier, CountMethod::Enumeration] {
        assert_eq!(by(&request(board, Leaper::KNIGHT, &all), method), 0);
    }
}
