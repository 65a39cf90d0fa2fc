//! A sweep of random partial tours (issue 29's goal: none of 5×5 to 16×16 gives up within
//! 2 s). For each board, `COUNT` random walks of random lengths from random starts, half of
//! them among the squares with the fewest onward moves; of every four, two are completed as
//! open tours, one to a random end and one as a closed tour, each under `DEADLINE_MS`. Prints
//! for each board the time taken, the slowest answer, the most nodes an answer took and a
//! tally of the answers by layer and reason, and each position that gave up as a `GAVE UP`
//! line on standard error.
//!
//! ```sh
//! cargo run --release -p knights-tour-engine --example prefix_sweep -- \
//!     SEED COUNT DEADLINE_MS [PIECE] ["8x8;10x12"]
//! ```
//!
//! The defaults: seed 1, 100 walks, 2000 ms, the knight, the square boards from 5×5 to 16×16.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::existence::NoTourReason;
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::solve::{Outcome, Request, solve};

/// A xorshift stream.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random walk of `piece` on `board` of a random length (shorter if it gets stuck), among
/// the squares with the fewest onward moves if `greedy`.
fn walk(board: Board, piece: Leaper, rng: &mut Rng, greedy: bool) -> Vec<Square> {
    let start = board.square_at(rng.below(board.area()) as u32);
    let len = 1 + rng.below(board.area() - 1) as usize;
    let mut seen = vec![false; board.area() as usize];
    seen[board.index(start) as usize] = true;
    let mut path = vec![start];
    while path.len() < len {
        let head = *path.last().unwrap();
        let mut next: Vec<Square> = piece
            .neighbours(board, head)
            .filter(|s| !seen[board.index(*s) as usize])
            .collect();
        if greedy {
            let deg = |s: &Square| {
                piece
                    .neighbours(board, *s)
                    .filter(|t| !seen[board.index(*t) as usize])
                    .count()
            };
            if let Some(min) = next.iter().map(deg).min() {
                next.retain(|s| deg(s) == min);
            }
        }
        if next.is_empty() {
            break;
        }
        let to = next[rng.below(next.len() as u64) as usize];
        seen[board.index(to) as usize] = true;
        path.push(to);
    }
    path
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).map_or(1, |s| s.parse().unwrap());
    let count: usize = args.get(2).map_or(100, |s| s.parse().unwrap());
    let deadline = Duration::from_millis(args.get(3).map_or(2000, |s| s.parse().unwrap()));
    let piece = args
        .get(4)
        .map_or(Leaper::KNIGHT, |s| Leaper::parse(s).unwrap());
    let sizes: Vec<(u64, u64)> = match args.get(5) {
        Some(s) => s
            .split(';')
            .map(|rc| {
                let (r, c) = rc.split_once('x').unwrap();
                (r.parse().unwrap(), c.parse().unwrap())
            })
            .collect(),
        None => (5..=16).map(|n| (n, n)).collect(),
    };
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    for (rows, cols) in sizes {
        let board = Board::new(rows, cols).unwrap();
        let mut tally: BTreeMap<String, usize> = BTreeMap::new();
        let mut slow = Duration::ZERO;
        let mut total = Duration::ZERO;
        let mut most_nodes = 0u64;
        for i in 0..count {
            let kind = i % 4; // 0,1: plain; 2: to an end; 3: closed
            let path = walk(board, piece, &mut rng, i % 2 == 0);
            let mut request = Request::new(board, path[0])
                .piece(piece)
                .completing(Arc::<[Square]>::from(path.clone()));
            let mut end = None;
            if kind == 2 {
                let e = board.square_at(rng.below(board.area()) as u32);
                if !path.contains(&e) {
                    request = request.ending_at(e);
                    end = Some(e);
                }
            }
            if kind == 3 {
                request = request.closed(true);
            }
            request.time_limit = Some(deadline);
            let began = Instant::now();
            let outcome = solve(&request).unwrap();
            let took = began.elapsed();
            total += took;
            slow = slow.max(took);
            most_nodes = most_nodes.max(outcome.stats().nodes);
            let key = match &outcome {
                Outcome::Tour { layer, .. } => format!("tour/{layer}"),
                Outcome::NoTour { layer, reason, .. } => {
                    let reason = match reason {
                        NoTourReason::DeadPosition { position } => format!("{position:?}"),
                        reason => format!("{reason:?}"),
                    };
                    let reason = reason.split(['{', '(', ' ']).next().unwrap_or_default();
                    format!("none/{layer}/{reason}")
                }
                Outcome::BudgetExceeded { .. } => {
                    let text: Vec<String> = path
                        .iter()
                        .map(|s| format!("{},{}", s.row, s.col))
                        .collect();
                    eprintln!(
                        "GAVE UP {board} {} end {end:?} closed {}: {}",
                        piece,
                        kind == 3,
                        text.join(" ")
                    );
                    "gave up".into()
                }
            };
            *tally.entry(key).or_default() += 1;
        }
        println!(
            "{board}: total {:?}, slowest {:?}, most nodes {most_nodes}: {:?}",
            total, slow, tally
        );
    }
}
