//! How long `b` (one step back through the search's history) takes after a long search: the
//! explorer's `App` after `f` has run a search to its end or to tens of millions of nodes, then
//! one press, and a thousand presses in a row (the time per press is the figure). A frame at
//! 60 fps has 16.7 ms; a press should take a small fraction of it at any history length.
//! `finish_2m_nodes` shows what keeping the history costs `f` (nodes a second).
//!
//! Run with `cargo bench --bench step_back`.

use std::sync::LazyLock;
use std::time::Duration;

use knights_tour::explorer::keys::Action;
use knights_tour::explorer::{App, Setup, Speed};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::solve::Method;

fn main() {
    divan::main();
}

/// A search run by `f` until it ends or has expanded `nodes` nodes.
struct Case {
    name: &'static str,
    rows: u64,
    cols: u64,
    start: (u32, u32),
    method: Method,
    nodes: u64,
}

const CASES: [Case; 4] = [
    // A tour found after 3,242,065 nodes (6.5 million events).
    Case {
        name: "naive_8x8_found",
        rows: 8,
        cols: 8,
        start: (0, 0),
        method: Method::Naive,
        nodes: 100_000_000,
    },
    // Paused after 20 million nodes (one press of f with its default budget), no tour yet.
    Case {
        name: "naive_8x8_20m_nodes",
        rows: 8,
        cols: 8,
        start: (0, 1),
        method: Method::Naive,
        nodes: 20_000_000,
    },
    // No tour from 1,2 of 3x8 (no theorem says so): the whole tree searched, 58,005 nodes.
    Case {
        name: "naive_3x8_exhausted",
        rows: 3,
        cols: 8,
        start: (1, 2),
        method: Method::Naive,
        nodes: 100_000_000,
    },
    // The same proof by Warnsdorff-ordered backtracking with its pruning (short, and each
    // replayed event costs more).
    Case {
        name: "backtrack_3x8_exhausted",
        rows: 3,
        cols: 8,
        start: (1, 2),
        method: Method::Backtrack,
        nodes: 100_000_000,
    },
];

/// The explorer after `f` on each case, built once.
static AFTER_LONG_SEARCH: LazyLock<Vec<App>> = LazyLock::new(|| {
    CASES
        .iter()
        .map(|case| {
            let setup = Setup {
                board: Board::new(case.rows, case.cols).unwrap(),
                piece: Leaper::KNIGHT,
                start: Square::new(case.start.0, case.start.1),
                closed: false,
                method: case.method,
            };
            let mut app = App::new(setup, Speed::Max).with_finish_budget(case.nodes);
            app.update(Action::Finish);
            while app.is_animating() {
                app.tick(Duration::from_millis(16));
            }
            eprintln!(
                "{}: {} events, {} nodes, {}",
                case.name,
                app.steps(),
                app.figures().nodes,
                app.status()
            );
            app
        })
        .collect()
});

fn names() -> impl Iterator<Item = &'static str> {
    CASES.iter().map(|case| case.name)
}

fn app_of(name: &str) -> &'static App {
    let at = CASES.iter().position(|case| case.name == name).unwrap();
    &AFTER_LONG_SEARCH[at]
}

/// One press of `b` right after the search.
#[divan::bench(args = names())]
fn first_press(bencher: divan::Bencher, name: &str) {
    let app = app_of(name);
    bencher
        .with_inputs(|| app.clone())
        .bench_local_refs(|app| app.update(Action::StepBack));
}

/// A thousand presses of `b` in a row (the figure per press is the time divided by 1000).
#[divan::bench(args = names(), sample_count = 20, sample_size = 1)]
fn thousand_presses(bencher: divan::Bencher, name: &str) {
    let app = app_of(name);
    bencher
        .counter(divan::counter::ItemsCount::new(1000usize))
        .with_inputs(|| app.clone())
        .bench_local_refs(|app| {
            for _ in 0..1000 {
                app.update(Action::StepBack);
            }
        });
}

/// What the history costs the forward way: `f` over two million nodes (four million events),
/// taking the checkpoints as it goes.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn finish_2m_nodes(bencher: divan::Bencher) {
    let setup = Setup {
        board: Board::new(8, 8).unwrap(),
        piece: Leaper::KNIGHT,
        start: Square::new(0, 1),
        closed: false,
        method: Method::Naive,
    };
    bencher
        .counter(divan::counter::ItemsCount::new(2_000_000usize))
        .with_inputs(|| App::new(setup, Speed::Max).with_finish_budget(2_000_000))
        .bench_local_refs(|app| {
            app.update(Action::Finish);
            while app.is_animating() {
                app.tick(Duration::from_millis(16));
            }
        });
}
