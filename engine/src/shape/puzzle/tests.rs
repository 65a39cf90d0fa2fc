//! Puzzles checked by code that shares nothing with their making: a brute force of this file
//! that counts every tour keeping the clues, on boards small enough to try every path, with
//! seeds fixed and seeds drawn from the clock (named in every message, to run again).

use std::time::{SystemTime, UNIX_EPOCH};

use super::*;
use crate::board::{Board, Square};

/// Every tour of a small shape that keeps its clues, by depth-first search over bit sets; a
/// clue cuts a path that reaches its square at another number, or cannot reach it in time.
struct Brute {
    /// The open squares.
    squares: Vec<Square>,
    /// Each open square's neighbours, as bits of `squares`.
    neighbours: Vec<u64>,
    /// The square given each number (index 0 for number 1), if any.
    numbered: Vec<Option<usize>>,
    /// The squares that carry a clue.
    clued: u64,
    /// Moves between two squares over the open squares, visited or not: a lower bound.
    distance: Vec<Vec<u32>>,
    closed: bool,
}

impl Brute {
    fn new(shape: &Shape, piece: Leaper, closed: bool) -> Self {
        let squares: Vec<Square> = shape.open_squares().collect();
        assert!(
            squares.len() <= 64,
            "the brute force takes at most 64 squares"
        );
        let bit = |square: Square| squares.iter().position(|&s| s == square);
        let neighbours: Vec<u64> = squares
            .iter()
            .map(|&from| {
                squares
                    .iter()
                    .enumerate()
                    .filter(|&(_, &to)| piece.is_move(from, to))
                    .fold(0, |mask, (i, _)| mask | 1 << i)
            })
            .collect();
        let mut numbered = vec![None; squares.len()];
        let mut clued = 0u64;
        for clue in shape.clues() {
            let i = bit(clue.square).expect("a clue is on an open square");
            numbered[clue.number as usize - 1] = Some(i);
            clued |= 1 << i;
        }
        let distance = (0..squares.len())
            .map(|from| {
                let mut far = vec![u32::MAX; squares.len()];
                let (mut seen, mut front, mut steps) = (1u64 << from, 1u64 << from, 0);
                while front != 0 {
                    for (i, d) in far.iter_mut().enumerate() {
                        if front >> i & 1 == 1 {
                            *d = steps;
                        }
                    }
                    let mut next = 0;
                    for (i, &mask) in neighbours.iter().enumerate() {
                        if front >> i & 1 == 1 {
                            next |= mask;
                        }
                    }
                    front = next & !seen;
                    seen |= front;
                    steps += 1;
                }
                far
            })
            .collect();
        Brute {
            squares,
            neighbours,
            numbered,
            clued,
            distance,
            closed,
        }
    }

    /// The tours, up to `at_most`, as lists of squares.
    fn tours(&self, at_most: usize) -> Vec<Vec<Square>> {
        let mut found = Vec::new();
        let mut path = Vec::new();
        let starts: Vec<usize> = match self.numbered[0] {
            Some(start) => vec![start],
            None => (0..self.squares.len())
                .filter(|&i| self.clued >> i & 1 == 0)
                .collect(),
        };
        for start in starts {
            path.push(start);
            self.extend(&mut path, 1 << start, at_most, &mut found);
            path.pop();
        }
        found
    }

    fn extend(
        &self,
        path: &mut Vec<usize>,
        seen: u64,
        at_most: usize,
        found: &mut Vec<Vec<Square>>,
    ) {
        if found.len() >= at_most {
            return;
        }
        let at = path[path.len() - 1];
        let number = path.len();
        if number == self.squares.len() {
            if !self.closed || (number > 2 && self.neighbours[at] >> path[0] & 1 == 1) {
                found.push(path.iter().map(|&i| self.squares[i]).collect());
            }
            return;
        }
        // The next clue must be reachable in the moves left before it.
        if let Some((later, square)) = (number..self.squares.len())
            .find_map(|k| self.numbered[k].map(|square| (k + 1, square)))
            && self.distance[at][square] as usize > later - number
        {
            return;
        }
        let mut next = self.neighbours[at] & !seen;
        next &= match self.numbered[number] {
            Some(square) => 1 << square,
            None => !self.clued,
        };
        while next != 0 {
            let i = next.trailing_zeros() as usize;
            next &= next - 1;
            path.push(i);
            self.extend(path, seen | 1 << i, at_most, found);
            path.pop();
        }
    }
}

/// A seed from the clock, so that the tests meet seeds nobody chose.
fn clock_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    now.as_nanos() as u64
}

fn request(
    shape: &Shape,
    piece: Leaper,
    closed: bool,
    seed: u64,
    density: Density,
) -> PuzzleRequest<'_> {
    PuzzleRequest {
        shape,
        piece,
        closed,
        seed,
        density,
        limits: Limits {
            node_budget: 50_000_000,
            deadline: None,
        },
    }
}

/// The puzzle `request` makes, which must be one.
fn made(request: &PuzzleRequest, what: &str) -> Puzzle {
    match make(request) {
        Ok(PuzzleOutcome::Made(puzzle)) => puzzle,
        other => panic!("{what}: no puzzle: {other:?}"),
    }
}

/// Checks that the brute force finds the puzzle's solution and no other.
fn has_one_solution(puzzle: &Puzzle, piece: Leaper, closed: bool, what: &str) {
    let tours = Brute::new(&puzzle.shape, piece, closed).tours(2);
    let picture = crate::shape::picture::Picture::new(puzzle.shape.clone(), None)
        .map_or_else(String::new, |picture| picture.to_string());
    assert_eq!(
        tours.len(),
        1,
        "{what}: {} solutions of\n{picture}",
        tours.len()
    );
    let solution: Vec<Square> = puzzle.solution.squares().collect();
    assert_eq!(
        tours[0], solution,
        "{what}: the one solution is not the puzzle's\n{picture}"
    );
}

#[test]
fn puzzles_have_exactly_one_solution_by_brute_force() {
    let board = |rows, cols| Board::new(rows, cols).unwrap();
    let with_holes = Shape::new(
        board(5, 6),
        &[Square::new(0, 0), Square::new(2, 3), Square::new(4, 5)],
        &[],
    )
    .unwrap();
    let cases = [
        (Shape::full(board(5, 5)).unwrap(), Leaper::KNIGHT, false),
        (Shape::full(board(6, 6)).unwrap(), Leaper::KNIGHT, false),
        (Shape::full(board(6, 6)).unwrap(), Leaper::KNIGHT, true),
        (Shape::full(board(3, 7)).unwrap(), Leaper::KNIGHT, false),
        (with_holes, Leaper::KNIGHT, false),
        (Shape::full(board(5, 5)).unwrap(), Leaper::WAZIR, false),
        (Shape::full(board(4, 6)).unwrap(), Leaper::WAZIR, true),
        (Shape::full(board(4, 4)).unwrap(), Leaper::KING, false),
        (Shape::full(board(5, 5)).unwrap(), Leaper::HOPIDO, false),
    ];
    let seeds = [1, 2, clock_seed(), clock_seed() ^ 0x5bd1_e995];
    for (shape, piece, closed) in &cases {
        for seed in seeds {
            for density in Density::ALL {
                let what = format!(
                    "{shape} {piece} closed {closed} seed {seed} clues {}",
                    density.name()
                );
                let puzzle = made(&request(shape, *piece, *closed, seed, density), &what);
                has_one_solution(&puzzle, *piece, *closed, &what);
            }
        }
    }
}

#[test]
fn a_seed_gives_one_puzzle_and_other_seeds_others() {
    let shape = Shape::full(Board::square(8).unwrap()).unwrap();
    let seed = clock_seed();
    let ask = |seed| {
        made(
            &request(&shape, Leaper::KNIGHT, false, seed, Density::Some),
            "8x8",
        )
    };
    let first = ask(seed);
    assert_eq!(first, ask(seed), "seed {seed}");
    let others: Vec<Puzzle> = (1..=4).map(|n| ask(seed.wrapping_add(n))).collect();
    assert!(
        others.iter().all(|other| other.shape != first.shape),
        "seed {seed}: another seed gave the same puzzle"
    );
}

#[test]
fn fewer_clues_are_given_for_fewer_asked() {
    let shape = Shape::full(Board::square(8).unwrap()).unwrap();
    let seed = clock_seed();
    let given: Vec<usize> = Density::ALL
        .iter()
        .map(|&density| {
            let puzzle = made(
                &request(&shape, Leaper::KNIGHT, false, seed, density),
                "8x8",
            );
            puzzle.shape.clues().len()
        })
        .collect();
    assert!(
        given[0] <= given[1] && given[1] <= given[2],
        "seed {seed}: {given:?}"
    );
    assert!(
        given[1] >= 64 / 3 && given[2] >= 32,
        "seed {seed}: {given:?}"
    );
    // A proper 8x8 knight's puzzle needs far fewer than a third of the squares.
    assert!(given[0] < 64 / 3, "seed {seed}: {given:?}");
}

#[test]
fn a_board_without_a_tour_is_a_proof_not_a_puzzle() {
    let four = Shape::full(Board::square(4).unwrap()).unwrap();
    let outcome = make(&request(&four, Leaper::KNIGHT, false, 1, Density::Some)).unwrap();
    assert!(
        matches!(
            outcome,
            PuzzleOutcome::NoTour(NoTourReason::NoOpenTour { .. })
        ),
        "{outcome:?}"
    );
    // Two halves no move joins.
    let apart = Shape::new(
        Board::new(2, 5).unwrap(),
        &[Square::new(0, 2), Square::new(1, 2)],
        &[],
    )
    .unwrap();
    let outcome = make(&request(&apart, Leaper::WAZIR, false, 1, Density::Some)).unwrap();
    assert!(matches!(outcome, PuzzleOutcome::NoTour(_)), "{outcome:?}");
}

#[test]
fn limits_end_the_making_without_a_puzzle() {
    let shape = Shape::full(Board::square(10).unwrap()).unwrap();
    let mut asked = request(&shape, Leaper::KNIGHT, false, 1, Density::Few);
    asked.limits.node_budget = 5_000;
    let outcome = make(&asked).unwrap();
    assert!(
        matches!(
            outcome,
            PuzzleOutcome::GaveUp {
                limit: Limit::Nodes,
                ..
            }
        ),
        "{outcome:?}"
    );
    let wide = Shape::full(Board::square(21).unwrap()).unwrap();
    let error = make(&request(&wide, Leaper::KNIGHT, false, 1, Density::Some)).unwrap_err();
    assert_eq!(
        error,
        PuzzleError::TooLarge {
            open: 441,
            max: MAX_OPEN
        }
    );
}
