//! Benchmarks of the starts map (`knights-tour starts`): 8×8 with each method (plain
//! backtracking under a budget of a million nodes a start, as the map of `naive` would take
//! about a minute and a half with the default budget) and 30×30 with `auto`, on the machine's
//! cores.

use std::ops::ControlFlow;

use divan::Bencher;
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::solve::{Method, Request};
use knights_tour_engine::starts::{MapSettings, map_starts};

fn main() {
    divan::main();
}

fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

fn map(side: u64, method: Method, node_budget: u64) -> u64 {
    let mut request =
        Request::new(Board::new(side, side).unwrap(), Square::new(0, 0)).method(method);
    request.node_budget = node_budget;
    let quiet = |_: usize, _: usize| ControlFlow::Continue(());
    map_starts(&request, &MapSettings::threads(threads()), &quiet)
        .unwrap()
        .tally()
        .tours
}

/// The map of 8×8 by each method.
#[divan::bench(
    args = [Method::Auto, Method::Warnsdorff, Method::Backtrack, Method::Construct, Method::Naive],
    sample_count = 3,
    sample_size = 1
)]
fn eight(bencher: Bencher, method: Method) {
    bencher.bench(|| map(8, method, 1_000_000));
}

/// The map of 30×30 by the layered solver.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn thirty_auto(bencher: Bencher) {
    bencher.bench(|| map(30, Method::Auto, 100_000_000));
}
