//! Partial tours, open, closed and to every end, on boards of at most 64 squares: every
//! verdict of the solver against an independent brute force (`brute/mod.rs`: every path of
//! the piece enumerated depth first over bit masks, cut only where no path can cover the
//! board; nothing shared with the engine but the board's size). The positions are
//! random walks from a seed the test takes from the clock, printed with every failure so that
//! the failure can be run again (`POSITIONS_SEED=… cargo test -p knights-tour-engine --test
//! positions`). Every tour goes through the validator; each of the position's proofs is also
//! seen to fire on a position the brute force calls dead.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::solve::{Outcome, Request, solve};
use knights_tour_engine::tour::Validator;

mod brute;
use brute::{completions, leaper_moves};

/// A xorshift stream from a seed.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The seed: `POSITIONS_SEED`, or the clock's nanoseconds.
fn seed() -> u64 {
    std::env::var("POSITIONS_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(1, |elapsed| elapsed.as_nanos() as u64)
        })
}

/// A random walk of the piece whose `moves` are given, from a random square, of at least
/// `shortest` squares unless it gets stuck first (at most all but one); half the time it
/// keeps to the squares with the fewest onward moves, which makes longer walks.
fn walk(moves: &[u64], random: &mut Random, shortest: usize) -> Vec<usize> {
    let area = moves.len();
    let length = shortest + random.below(area - shortest);
    let greedy = random.below(2) == 0;
    let mut path = vec![random.below(area)];
    let mut visited = 1u64 << path[0];
    while path.len() < length {
        let head = path[path.len() - 1];
        let mut open: Vec<usize> = (0..area)
            .filter(|&square| moves[head] & !visited & 1 << square != 0)
            .collect();
        let onward = |square: usize| (moves[square] & !visited).count_ones();
        if greedy && let Some(fewest) = open.iter().map(|&square| onward(square)).min() {
            open.retain(|&square| onward(square) == fewest);
        }
        if open.is_empty() {
            break;
        }
        let next = open[random.below(open.len())];
        visited |= 1 << next;
        path.push(next);
    }
    path
}

/// Checks the solver's verdicts on `prefix` (open, closed, and to every square as the end)
/// against the brute force's; `None` if the brute force gave up on it.
fn check(board: Board, piece: Leaper, moves: &[u64], prefix: &[usize], seed: u64) -> Option<()> {
    let visited = prefix.iter().fold(0u64, |mask, &square| mask | 1 << square);
    let found = completions(moves, prefix, 20_000_000)?;
    let ends = found.ends;
    let squares: Vec<Square> = prefix.iter().map(|&i| board.square_at(i as u32)).collect();
    let request = Request::new(board, squares[0])
        .piece(piece)
        .completing(Arc::<[Square]>::from(squares.clone()));
    let context = |what: &str| format!("seed {seed}: {piece} on {board}, {what}, {squares:?}");
    agree(&request, ends != 0, &context("open"));
    agree(
        &request.clone().closed(true),
        found.closes,
        &context("closed"),
    );
    for end in 0..moves.len() {
        if visited & 1 << end == 0 {
            let to_end = request.clone().ending_at(board.square_at(end as u32));
            let what = format!("to {}", board.square_at(end as u32));
            agree(&to_end, ends & 1 << end != 0, &context(&what));
        }
    }
    Some(())
}

/// Solves `request` and asserts that it answers as the brute force does: a validated tour
/// that begins with the prefix and ends where asked if `exists`, else a proof.
fn agree(request: &Request, exists: bool, context: &str) {
    let outcome = solve(request).unwrap_or_else(|error| panic!("{context}: {error}"));
    match outcome {
        Outcome::Tour { tour, .. } => {
            assert!(
                exists,
                "{context}: the solver found a tour the brute force did not"
            );
            let mut validator = Validator::new(request.board, request.closed, Some(request.start))
                .with_piece(request.piece);
            if let Some(end) = request.end {
                validator = validator.ending_at(end);
            }
            for square in tour.squares() {
                validator.push(square).unwrap();
            }
            validator.finish().unwrap();
            let squares: Vec<Square> = tour.squares().collect();
            assert!(squares.starts_with(request.prefix()), "{context}");
            if let Some(end) = request.end {
                assert_eq!(squares.last(), Some(&end), "{context}");
            }
        }
        Outcome::NoTour { reason, .. } => {
            assert!(
                !exists,
                "{context}: the solver says {reason}, the brute force found a tour"
            )
        }
        Outcome::BudgetExceeded { cause, .. } => panic!("{context}: gave up ({cause})"),
    }
}

/// Random positions of `piece` on each board: `count` walks of at least `shortest` squares.
fn random_positions(piece: Leaper, boards: &[(u64, u64, usize)], count: usize) {
    let seed = seed();
    let mut random = Random(seed | 1);
    for &(rows, cols, shortest) in boards {
        let board = Board::new(rows, cols).unwrap();
        let moves = leaper_moves(
            board,
            (
                i64::from(piece.single().unwrap().0),
                i64::from(piece.single().unwrap().1),
            ),
        );
        let checked = (0..count)
            .filter_map(|_| {
                check(
                    board,
                    piece,
                    &moves,
                    &walk(&moves, &mut random, shortest),
                    seed,
                )
            })
            .count();
        assert!(
            checked * 10 >= count * 9,
            "seed {seed}: the brute force gave up on {} of {count} positions of {board}",
            count - checked
        );
    }
}

#[test]
fn knight_positions_on_small_boards_agree_with_brute_force() {
    let boards = [
        (5, 5, 2),
        (5, 6, 2),
        (4, 5, 2),
        (4, 7, 2),
        (3, 8, 2),
        (6, 6, 8),
        (4, 9, 6),
        (7, 7, 24),
        (8, 8, 40),
    ];
    random_positions(Leaper::KNIGHT, &boards, 40);
}

#[test]
fn other_pieces_positions_agree_with_brute_force() {
    let wazir = Leaper::new(0, 1).unwrap();
    random_positions(wazir, &[(4, 4, 2), (5, 5, 3), (4, 6, 3), (6, 6, 12)], 40);
    random_positions(Leaper::ZEBRA, &[(5, 8, 2), (8, 8, 20)], 20);
    random_positions(Leaper::GIRAFFE, &[(5, 8, 2), (8, 8, 20)], 20);
    random_positions(Leaper::new(0, 3).unwrap(), &[(6, 6, 4)], 20);
}
