//! Tests of the clued searches against sources they do not share code with: a brute force of
//! every path written here, a checker written here, boards built to need each proof, and
//! Rosetta Code's published puzzles.

use super::*;
use crate::board::Board;
use crate::shape::Clue;

mod brute;
mod proofs;
mod rosetta;

use self::brute::{brute_force, check_path};

/// The question on `shape` with no limit.
fn question(
    shape: &Shape,
    piece: Leaper,
    closed: bool,
    start: Option<Square>,
    end: Option<Square>,
) -> ClueQuestion<'_> {
    ClueQuestion {
        shape,
        piece,
        closed,
        start,
        end,
        limits: Limits::NONE,
    }
}

/// A small deterministic generator (splitmix64), so that every run sees the same boards.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random board of `rows × cols` with 10–30% of its squares holes.
fn random_holes(rng: &mut Rng, board: Board) -> Vec<Square> {
    let area = board.area();
    let holes = (area * (10 + rng.below(21))).div_ceil(100);
    let mut squares: Vec<Square> = board.squares().collect();
    for k in 0..squares.len() {
        let j = k + rng.below((squares.len() - k) as u64) as usize;
        squares.swap(k, j);
    }
    squares.truncate(holes as usize);
    squares
}

/// Checks `find` and `count` against the brute force on one question.
fn agrees(q: &ClueQuestion, what: &str) -> u64 {
    let (tours, _) = brute_force(q);
    let found = find(q).unwrap();
    match &found {
        ClueAnswer::Found { path, .. } => {
            assert!(tours > 0, "{what}: found a tour the brute force has not");
            check_path(q, path).unwrap_or_else(|e| panic!("{what}: {e}"));
        }
        ClueAnswer::Exhausted { .. } => assert_eq!(tours, 0, "{what}: exhausted but tours exist"),
        ClueAnswer::GaveUp { .. } => panic!("{what}: gave up with no limit"),
    }
    match count(q, None).unwrap() {
        ClueCount::Exact { tours: counted, .. } => assert_eq!(counted, tours, "{what}: count"),
        other => panic!("{what}: count without a bound is {other:?}"),
    }
    match count(q, Some(2)).unwrap() {
        ClueCount::Exact { tours: counted, .. } => {
            assert!(
                tours < 2 && counted == tours,
                "{what}: bounded count {counted} of {tours}"
            )
        }
        ClueCount::AtLeast { tours: counted, .. } => {
            assert!(
                tours >= 2 && counted == 2,
                "{what}: bounded count at least {counted} of {tours}"
            )
        }
        other => panic!("{what}: {other:?}"),
    }
    if tours > 0 {
        assert_eq!(
            prove(q),
            None,
            "{what}: a proof on a board with {tours} tours"
        );
    }
    tours
}

/// The pieces tested: the knight, the wazir-like (0,1) and the ferz-like (1,1).
fn pieces() -> [Leaper; 3] {
    [
        Leaper::KNIGHT,
        Leaper::new(0, 1).unwrap(),
        Leaper::new(1, 1).unwrap(),
    ]
}

#[test]
fn find_and_count_agree_with_the_brute_force_on_random_small_boards() {
    let mut rng = Rng(46);
    let (mut solvable, mut unsolvable) = (0, 0);
    for round in 0..300 {
        let rows = 3 + rng.below(3);
        let cols = 3 + rng.below(4);
        let board = Board::new(rows, cols).unwrap();
        let holes = random_holes(&mut rng, board);
        let Ok(bare) = Shape::new(board, &holes, &[]) else {
            continue;
        };
        if bare.open_count() > 18 {
            continue;
        }
        for piece in pieces() {
            for closed in [false, true] {
                let what =
                    format!("round {round}, {board} less {holes:?}, {piece}, closed {closed}");
                let q = question(&bare, piece, closed, None, None);
                let (tours, example) = brute_force(&q);
                agrees(&q, &what);
                // Clues cut from a real tour: 10–60% of its numbers, so that some numbers
                // are squeezed between close clues.
                if let Some(tour) = example {
                    let n = tour.len() as u64;
                    let keep = (n * (10 + rng.below(51))).div_ceil(100).max(1);
                    let mut clues = Vec::new();
                    for _ in 0..keep {
                        let k = rng.below(n) as usize;
                        let clue = Clue {
                            number: k as u32 + 1,
                            square: tour[k],
                        };
                        if !clues.contains(&clue) {
                            clues.push(clue);
                        }
                    }
                    let shape = Shape::new(board, &holes, &clues).unwrap();
                    let q = question(&shape, piece, closed, None, None);
                    assert!(agrees(&q, &format!("{what}, clues {clues:?}")) > 0);
                    let q = question(&shape, piece, closed, Some(tour[0]), None);
                    agrees(&q, &format!("{what}, clues {clues:?}, start"));
                    if !closed {
                        let q = question(&shape, piece, false, None, tour.last().copied());
                        agrees(&q, &format!("{what}, clues {clues:?}, end"));
                    }
                }
                // Random clues, mostly inconsistent.
                let open: Vec<Square> = bare.open_squares().collect();
                let n = open.len() as u64;
                let mut clues: Vec<Clue> = Vec::new();
                for _ in 0..1 + rng.below(3) {
                    let clue = Clue {
                        number: 1 + rng.below(n) as u32,
                        square: open[rng.below(n) as usize],
                    };
                    if clues
                        .iter()
                        .all(|c| c.number != clue.number && c.square != clue.square)
                    {
                        clues.push(clue);
                    }
                }
                let shape = Shape::new(board, &holes, &clues).unwrap();
                let q = question(&shape, piece, closed, None, None);
                let with_clues = agrees(&q, &format!("{what}, random clues {clues:?}"));
                let start = open[rng.below(n) as usize];
                let end = open[rng.below(n) as usize];
                let q = question(
                    &bare,
                    piece,
                    closed,
                    Some(start),
                    Some(end).filter(|_| !closed),
                );
                agrees(&q, &format!("{what}, from {start} to {end}"));
                if tours + with_clues > 0 {
                    solvable += 1;
                } else {
                    unsolvable += 1;
                }
            }
        }
    }
    assert!(
        solvable > 50 && unsolvable > 50,
        "{solvable} solvable, {unsolvable} not"
    );
}

#[test]
fn a_search_stops_at_its_node_budget() {
    let shape = Shape::full(Board::new(6, 6).unwrap()).unwrap();
    let mut q = question(&shape, Leaper::KNIGHT, true, Some(Square::new(0, 0)), None);
    q.limits.node_budget = 3;
    assert_eq!(
        find(&q).unwrap(),
        ClueAnswer::GaveUp {
            limit: Limit::Nodes,
            nodes: 3
        }
    );
    assert!(matches!(
        count(&q, None).unwrap(),
        ClueCount::GaveUp {
            limit: Limit::Nodes,
            ..
        }
    ));
}

#[test]
fn the_two_searches_share_one_node_budget() {
    let mut rng = Rng(2046);
    let board = Board::new(12, 12).unwrap();
    let full = Shape::full(board).unwrap();
    let (mut found, mut gave_up) = (0, 0);
    for round in 0..20 {
        let start = board.square_at(rng.below(144) as u32);
        let q = question(&full, Leaper::KNIGHT, false, Some(start), None);
        let ClueAnswer::Found { path, .. } = find(&q).unwrap() else {
            panic!("no tour of 8×8 from {start}");
        };
        // A few clues far apart, so that both searches take rounds.
        let clues: Vec<Clue> = (0..8)
            .map(|_| {
                let k = 1 + rng.below(143) as u32;
                Clue {
                    number: k + 1,
                    square: board.square_at(path[k as usize]),
                }
            })
            .collect();
        let Ok(shape) = Shape::new(board, &[], &clues) else {
            continue;
        };
        // Budgets of every size, and many around where the first rounds end.
        let budgets = std::iter::once(1 + rng.below(20_000)).chain((900..1300).step_by(7));
        for budget in budgets {
            let mut q = question(&shape, Leaper::KNIGHT, false, None, None);
            q.limits.node_budget = budget;
            let what = format!("round {round}, budget {budget}");
            match find(&q).unwrap() {
                ClueAnswer::Found { path, nodes } => {
                    assert!(nodes <= budget, "{what}: {nodes} nodes");
                    check_path(&q, &path).unwrap_or_else(|e| panic!("{what}: {e}"));
                    found += 1;
                }
                ClueAnswer::GaveUp { limit, nodes } => {
                    assert_eq!(limit, Limit::Nodes);
                    assert_eq!(nodes, budget, "{what}");
                    gave_up += 1;
                }
                ClueAnswer::Exhausted { .. } => panic!("{what}: a puzzle cut from a tour"),
            }
        }
    }
    assert!(found > 0 && gave_up > 0, "{found} found, {gave_up} gave up");
}

#[test]
fn boards_of_one_to_six_squares_with_one_clue_agree_with_the_brute_force() {
    for (rows, cols) in [(1, 1), (1, 2), (1, 3), (2, 2), (1, 6), (2, 3)] {
        let board = Board::new(rows, cols).unwrap();
        for piece in pieces() {
            for square in board.squares() {
                for number in 1..=board.area() as u32 {
                    let shape = Shape::new(board, &[], &[Clue { number, square }]).unwrap();
                    for closed in [false, true] {
                        let q = question(&shape, piece, closed, None, None);
                        agrees(
                            &q,
                            &format!("{board}, {piece}, {number} at {square}, {closed}"),
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_two_searches_count_the_same_tours_of_puzzles_too_large_for_the_brute_force() {
    use super::round::{Rounds, Stop};
    use super::search::Search;
    let mut rng = Rng(4646);
    let (mut compared, mut most) = (0, 0);
    let cases = [
        (Leaper::KNIGHT, 5, 6, 15),
        (Leaper::KNIGHT, 6, 6, 20),
        (Leaper::parse("king").unwrap(), 5, 5, 40),
        (Leaper::new(0, 1).unwrap(), 6, 6, 15),
    ];
    for (piece, rows, cols, percent) in cases {
        let board = Board::new(rows, cols).unwrap();
        let full = Shape::full(board).unwrap();
        for round in 0..6 {
            let start = board.square_at(rng.below(board.area()) as u32);
            let q = question(&full, piece, false, Some(start), None);
            let ClueAnswer::Found { path, .. } = find(&q).unwrap() else {
                continue;
            };
            let n = path.len() as u64;
            let clues: Vec<Clue> = (0..n * percent / 100)
                .map(|_| rng.below(n) as usize)
                .map(|k| Clue {
                    number: k as u32 + 1,
                    square: board.square_at(path[k]),
                })
                .collect();
            let mut clues_once = clues.clone();
            clues_once.sort_by_key(|c| c.number);
            clues_once.dedup_by_key(|c| c.number);
            let Ok(shape) = Shape::new(board, &[], &clues_once) else {
                continue;
            };
            let what = format!("{piece} on {board}, round {round}, clues {clues_once:?}");
            let q = question(&shape, piece, false, None, None);
            let mut by_path = Search::new(&q).unwrap().unwrap();
            let mut by_numbers = by_path.by_numbers().unwrap().unwrap();
            assert!(matches!(by_path.round(None, u64::MAX), Ok(Stop::Exhausted)));
            assert!(matches!(
                by_numbers.round(None, u64::MAX),
                Ok(Stop::Exhausted)
            ));
            assert!(by_path.tours() >= 1, "{what}: the tour it was cut from");
            assert_eq!(by_path.tours(), by_numbers.tours(), "{what}");
            compared += 1;
            most = most.max(by_path.tours());
        }
    }
    assert!(
        compared >= 20 && most > 1,
        "{compared} puzzles, at most {most} tours"
    );
}
