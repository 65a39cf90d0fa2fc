//! Benchmarks of the puzzle generator (`shape::puzzle::make`): the bars are p95 over 20
//! seeds of ≤ 1 s for the knight's 8×8, ≤ 5 s for 10×10, and ≤ 1 s for Numbrix's size (the wazir
//! on 9×9). `seeds` makes 20 puzzles of each and tells the median, p95 and slowest, the clues
//! given and the work; the single cases time one seed each. Seeds 1 to 20: the sweep is the same
//! on every run.

use std::time::{Duration, Instant};

use divan::Bencher;
use knights_tour_engine::board::Board;
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::search::Limits;
use knights_tour_engine::shape::Shape;
use knights_tour_engine::shape::puzzle::{Density, PuzzleOutcome, PuzzleRequest, make};

fn main() {
    divan::main();
}

/// The cases: a name, the side, the piece, how many clues.
const CASES: [(&str, u64, Leaper, Density); 6] = [
    ("knight 8x8 some", 8, Leaper::KNIGHT, Density::Some),
    ("knight 8x8 few", 8, Leaper::KNIGHT, Density::Few),
    ("knight 10x10 some", 10, Leaper::KNIGHT, Density::Some),
    ("knight 10x10 few", 10, Leaper::KNIGHT, Density::Few),
    ("wazir 9x9 some", 9, Leaper::WAZIR, Density::Some),
    ("wazir 9x9 few", 9, Leaper::WAZIR, Density::Few),
];

/// Makes one puzzle: how long it took, the clues given and its work.
fn made(side: u64, piece: Leaper, density: Density, seed: u64) -> (Duration, usize, u64) {
    let shape = Shape::full(Board::square(side).unwrap()).unwrap();
    let began = Instant::now();
    let request = PuzzleRequest {
        shape: &shape,
        piece,
        closed: false,
        seed,
        density,
        limits: Limits {
            node_budget: 100_000_000,
            deadline: Some(began + Duration::from_secs(60)),
        },
    };
    match make(&request) {
        Ok(PuzzleOutcome::Made(puzzle)) => (
            began.elapsed(),
            puzzle.shape.clues().len(),
            puzzle.solve_nodes,
        ),
        other => panic!("{side}x{side} {piece} seed {seed}: {other:?}"),
    }
}

/// 20 seeds of every case: the median, p95 (the 19th of 20) and slowest times, the clues given
/// (fewest to most) and the largest work. `PUZZLE_CASES` (words of the case names, comma
/// separated, such as `8x8,wazir`) runs part of it.
#[divan::bench(sample_count = 1, sample_size = 1)]
fn seeds() {
    let only = std::env::var("PUZZLE_CASES").ok();
    for (name, side, piece, density) in CASES {
        if only
            .as_deref()
            .is_some_and(|only| !only.split(',').any(|word| name.contains(word)))
        {
            continue;
        }
        let mut runs: Vec<(Duration, usize, u64)> = (1..=20)
            .map(|seed| made(side, piece, density, seed))
            .collect();
        let most_work = runs.iter().map(|run| run.2).max().unwrap_or(0);
        let fewest = runs.iter().map(|run| run.1).min().unwrap_or(0);
        let most = runs.iter().map(|run| run.1).max().unwrap_or(0);
        runs.sort();
        eprintln!(
            "{name}: median {:?}, p95 {:?}, slowest {:?}; {fewest}-{most} clues; work up to {most_work} nodes",
            runs[9].0, runs[18].0, runs[19].0
        );
    }
}

/// One puzzle of each case, seed 1.
#[divan::bench(args = [0, 2, 4], sample_count = 10, sample_size = 1)]
fn one(bencher: Bencher, case: usize) {
    let (_, side, piece, density) = CASES[case];
    bencher.bench(|| made(side, piece, density, 1));
}
