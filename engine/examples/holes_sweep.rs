//! A sweep of random boards with holes (issue 46's goal: none of up to 16×16, with 10–30% of
//! the squares holes, gives up within 2 s). For each size, `COUNT` boards with a random share
//! of holes, each asked from a random open start, open or closed at random, under
//! `DEADLINE_MS`. Prints for each size the time taken, the slowest answer, the most nodes an
//! answer took and a tally of the answers by layer, and each board that gave up as a `GAVE UP`
//! line on standard error, with its holes.
//!
//! ```sh
//! cargo run --release -p knights-tour-engine --example holes_sweep -- \
//!     SEED COUNT DEADLINE_MS [PIECE] ["8x8;10x12"]
//! ```
//!
//! The defaults: seed 1, 100 boards, 2000 ms, the knight, the square boards from 5×5 to 16×16.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::shape::Shape;
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

/// `board` with 10–30% of its squares drawn as holes (at least one square left open).
fn random_shape(board: Board, rng: &mut Rng) -> Shape {
    let percent = 10 + rng.below(21);
    let mut holes: Vec<Square> = board
        .squares()
        .filter(|_| rng.below(100) < percent)
        .collect();
    if holes.len() as u64 == board.area() {
        holes.pop();
    }
    Shape::new(board, &holes, &[]).expect("holes on the board leave a square open")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |k: usize, default: u64| args.get(k).map_or(default, |a| a.parse().unwrap());
    let mut rng = Rng(arg(0, 1).max(1));
    let count = arg(1, 100);
    let deadline = Duration::from_millis(arg(2, 2000));
    let piece = args
        .get(3)
        .map_or(Leaper::KNIGHT, |p| Leaper::parse(p).unwrap());
    let boards: Vec<Board> = match args.get(4) {
        Some(list) => list
            .split(';')
            .map(|size| knights_tour_engine::notation::parse_size(size).unwrap())
            .collect(),
        None => (5..=16).map(|n| Board::new(n, n).unwrap()).collect(),
    };
    let mut gave_up_total = 0;
    for board in boards {
        let began = Instant::now();
        let (mut slowest, mut most_nodes) = (Duration::ZERO, 0);
        let mut tally: BTreeMap<String, u64> = BTreeMap::new();
        for _ in 0..count {
            let shape = Arc::new(random_shape(board, &mut rng));
            let open: Vec<Square> = shape.open_squares().collect();
            let start = open[rng.below(open.len() as u64) as usize];
            let closed = rng.below(2) == 0;
            let mut request = Request::on_shape(Arc::clone(&shape), Some(start))
                .closed(closed)
                .piece(piece);
            request.time_limit = Some(deadline);
            request.node_budget = u64::MAX;
            let asked = Instant::now();
            let outcome = solve(&request).unwrap();
            let took = asked.elapsed();
            slowest = slowest.max(took);
            most_nodes = most_nodes.max(outcome.stats().nodes);
            let kind = match &outcome {
                Outcome::Tour { layer, .. } => format!("tour/{layer}"),
                Outcome::NoTour { layer, .. } => format!("none/{layer}"),
                Outcome::BudgetExceeded { layer, .. } => {
                    gave_up_total += 1;
                    eprintln!(
                        "GAVE UP {board} from {start} closed {closed} in {took:?}, holes {:?}",
                        shape.holes()
                    );
                    format!("gave-up/{layer}")
                }
            };
            *tally.entry(kind).or_default() += 1;
        }
        println!(
            "{board}: {count} boards in {:.2?}, slowest {slowest:.2?}, most nodes {most_nodes}, {tally:?}",
            began.elapsed()
        );
    }
    println!("gave up: {gave_up_total}");
}
