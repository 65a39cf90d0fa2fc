//! Benchmarks of the clued search on boards of any shape: knight puzzles cut from random
//! knight's tours of 8×8 to 12×12, keeping 10–30% of the numbers as clues (with and without
//! the 1, which otherwise leaves the start to the search), each proved or searched within a
//! 2 s deadline. `sweep` runs 100 puzzles a size and tells how many gave up; the single sizes
//! time one puzzle each.

use std::time::{Duration, Instant};

use divan::Bencher;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::search::Limits;
use knights_tour_engine::shape::clued::{ClueAnswer, ClueQuestion, find, prove};
use knights_tour_engine::shape::{Clue, Shape};

fn main() {
    divan::main();
}

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % n
    }
}

/// A random knight's tour of `board`: Warnsdorff's rule from a random square with random
/// tie-breaks, tried again until it covers the board.
fn random_tour(rng: &mut Rng, board: Board) -> Vec<Square> {
    let area = board.area() as usize;
    loop {
        let mut visited = vec![false; area];
        let mut head = board.square_at(rng.below(area as u64) as u32);
        let mut tour = vec![head];
        visited[board.index(head) as usize] = true;
        let free = |visited: &[bool], s: Square| !visited[board.index(s) as usize];
        while tour.len() < area {
            let mut best: Option<(usize, u64, Square)> = None;
            for next in Leaper::KNIGHT.neighbours(board, head) {
                if !free(&visited, next) {
                    continue;
                }
                let onward = Leaper::KNIGHT
                    .neighbours(board, next)
                    .filter(|&s| free(&visited, s))
                    .count();
                let key = (onward, rng.below(1 << 20), next);
                if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                    best = Some(key);
                }
            }
            let Some((_, _, next)) = best else { break };
            visited[board.index(next) as usize] = true;
            tour.push(next);
            head = next;
        }
        if tour.len() == area {
            return tour;
        }
    }
}

/// A puzzle cut from a random tour of the n×n board: 10–30% of its numbers, with the 1 if
/// `with_one`.
fn puzzle(rng: &mut Rng, n: u64, with_one: bool) -> Shape {
    let board = Board::new(n, n).unwrap();
    let tour = random_tour(rng, board);
    let area = tour.len() as u64;
    let keep = area * (10 + rng.below(21)) / 100;
    let mut numbers: Vec<u64> = (1..area).collect();
    for k in 0..numbers.len() {
        let j = k + rng.below((numbers.len() - k) as u64) as usize;
        numbers.swap(k, j);
    }
    numbers.truncate(keep as usize);
    if with_one {
        numbers.push(0);
    }
    let clues: Vec<Clue> = numbers
        .iter()
        .map(|&k| Clue {
            number: k as u32 + 1,
            square: tour[k as usize],
        })
        .collect();
    Shape::new(board, &[], &clues).unwrap()
}

/// Proves or searches `shape` within 2 s: whether it was answered, and how long it took.
fn answer(shape: &Shape) -> (bool, Duration) {
    let began = Instant::now();
    let question = ClueQuestion {
        shape,
        piece: Leaper::KNIGHT,
        closed: false,
        start: None,
        end: None,
        limits: Limits {
            node_budget: u64::MAX,
            deadline: Some(began + Duration::from_secs(2)),
        },
    };
    let answered = prove(&question).is_some()
        || matches!(
            find(&question),
            Ok(ClueAnswer::Found { .. } | ClueAnswer::Exhausted { .. })
        );
    (answered, began.elapsed())
}

/// 100 puzzles of each size from 8×8 to 12×12, with and without the 1: how many give up, the
/// median time and the slowest. `SWEEP_SIZES` (sizes, comma separated) and `SWEEP_ONE`
/// (`with` or `without`) run part of it, and `SWEEP_COUNT` fewer puzzles a size: each size's
/// puzzles stay the same puzzles.
#[divan::bench(sample_count = 1, sample_size = 1)]
fn sweep() {
    let sizes: Vec<u64> = std::env::var("SWEEP_SIZES")
        .map(|v| v.split(',').filter_map(|s| s.trim().parse().ok()).collect())
        .unwrap_or_else(|_| (8..=12).collect());
    let only = std::env::var("SWEEP_ONE").ok();
    let count: usize = std::env::var("SWEEP_COUNT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    for with_one in [true, false] {
        if only.as_deref().is_some_and(|o| (o == "with") != with_one) {
            continue;
        }
        for &n in &sizes {
            // Each size and variant its own generator, so that part of the sweep sees the
            // puzzles the whole one does.
            let mut rng = Rng(2024 + n + 100 * u64::from(with_one));
            let mut times = Vec::new();
            let mut gave_up = 0;
            for _ in 0..count {
                let shape = puzzle(&mut rng, n, with_one);
                let (answered, took) = answer(&shape);
                gave_up += u32::from(!answered);
                times.push(took);
            }
            times.sort();
            eprintln!(
                "{n}x{n}, with 1: {with_one}: {gave_up} of {count} gave up; median {:?}, slowest {:?}",
                times[times.len() / 2],
                times[times.len() - 1]
            );
        }
    }
}

/// One puzzle of the n×n board, with the 1.
#[divan::bench(args = [8, 10, 12], sample_count = 10, sample_size = 1)]
fn one_puzzle(bencher: Bencher, n: u64) {
    let mut rng = Rng(n);
    let shape = puzzle(&mut rng, n, true);
    bencher.bench(|| answer(&shape).0);
}
