//! The fold against the whole board's plan, and the layer's costs. Its answers are checked
//! against a brute force and published counts in `engine/tests/narrow.rs`.

use std::collections::BTreeSet;
use std::time::Duration;

use super::fold::Fold;
use crate::board::{Board, Square};
use crate::count::{FrontierState as State, Stepper, Successor};
use crate::leaper::Leaper;
use crate::solve::{GiveUp, Layer, Outcome, Request, SolveError, solve};

/// Every successor of `state` at place `v` of `stepper`, with its moves, in the order made.
fn successors(stepper: &Stepper, state: State, v: usize) -> Vec<(Successor, Vec<usize>)> {
    let mut made = Vec::new();
    stepper.successors(state, v, |next, chosen| made.push((next, chosen.to_vec())));
    made
}

/// Steps the whole board's frontier and the fold's short one side by side, from every state
/// the whole board reaches: each place of the board steps exactly as the place of the short
/// board that stands for it.
fn steps_alike(board: Board, piece: Leaper, ends: &[Square], fixed: &[Square], closed: bool) {
    let rows: Vec<usize> = ends
        .iter()
        .chain(fixed)
        .map(|&square| Fold::row_of(board, square))
        .collect();
    let fold = Fold::new(board, 2 * piece.reach() as usize + 3, &rows);
    assert!(
        fold.short().area() < board.area(),
        "{board} folds to {}",
        fold.short()
    );
    let whole = Stepper::new(board, piece, ends, closed).unwrap();
    let short_ends: Vec<Square> = ends.iter().map(|&end| fold.short_square_of(end)).collect();
    let short = Stepper::new(fold.short(), piece, &short_ends, closed).unwrap();
    let mut states = BTreeSet::from([0]);
    for v in 0..fold.squares() {
        let at = fold.short_position(v);
        assert_eq!(whole.square(v), fold.square(v));
        let mut next = BTreeSet::new();
        for &state in &states {
            let made = successors(&whole, state, v);
            assert_eq!(made, successors(&short, state, at), "{board} at {v}");
            next.extend(made.into_iter().filter_map(|(made, _)| match made {
                Successor::State(state) => Some(state),
                Successor::Tour => None,
            }));
        }
        states = next;
    }
}

#[test]
fn the_fold_steps_as_the_whole_board() {
    let knight = Leaper::KNIGHT;
    let (a, b) = (Square::new(0, 0), Square::new(2, 69));
    steps_alike(Board::new(3, 70).unwrap(), knight, &[a, b], &[], false);
    // An end in the middle, and a square fixed by a partial tour.
    let middle = Square::new(1, 35);
    steps_alike(Board::new(3, 71).unwrap(), knight, &[a, middle], &[], false);
    steps_alike(
        Board::new(50, 4).unwrap(),
        knight,
        &[Square::new(0, 0), Square::new(49, 3)],
        &[Square::new(25, 2)],
        false,
    );
    steps_alike(Board::new(3, 70).unwrap(), knight, &[], &[middle], true);
    // The wazir, whose moves reach one row.
    steps_alike(
        Board::new(4, 41).unwrap(),
        Leaper::new(0, 1).unwrap(),
        &[a],
        &[],
        false,
    );
}

fn routed(board: Board, start: Square, end: Square) -> Request {
    Request::new(board, start).ending_at(end)
}

#[test]
fn a_strip_of_any_length_costs_what_its_ends_cost() {
    let nodes = |cols: u64| {
        let board = Board::new(3, cols).unwrap();
        let outcome = solve(&routed(
            board,
            Square::new(0, 0),
            Square::new(2, cols as u32 - 1),
        ))
        .unwrap();
        assert_eq!(outcome.layer(), Layer::Frontier, "3x{cols}");
        assert!(
            matches!(outcome, Outcome::Tour { .. }),
            "3x{cols}: {outcome:?}"
        );
        outcome.stats().nodes
    };
    assert_eq!(nodes(1001), nodes(100_001));
}

#[test]
fn the_layer_obeys_the_node_budget_and_the_deadline() {
    let board = Board::new(4, 10_001).unwrap();
    let request = routed(board, Square::new(0, 0), Square::new(3, 10_000));
    let mut tight = request.clone();
    tight.node_budget = 1_000;
    let outcome = solve(&tight).unwrap();
    let Outcome::BudgetExceeded {
        cause,
        layer,
        stats,
    } = outcome
    else {
        panic!("{outcome:?}");
    };
    assert_eq!(
        (cause, layer),
        (GiveUp::NodeBudget { budget: 1_000 }, Layer::Frontier)
    );
    assert!(stats.nodes <= 1_000, "{stats:?}");
    let mut late = request;
    late.time_limit = Some(Duration::ZERO);
    let outcome = solve(&late).unwrap();
    assert!(
        matches!(
            outcome,
            Outcome::BudgetExceeded {
                cause: GiveUp::Deadline { .. },
                layer: Layer::Frontier,
                ..
            }
        ),
        "{outcome:?}"
    );
}

#[test]
fn a_strip_is_toured_within_the_memory_cap_or_refused_by_name() {
    // 3×10^6 squares in 32 MB: the tour is held, four bytes a square.
    let board = Board::new(3, 1_000_001).unwrap();
    let mut request = routed(board, Square::new(0, 0), Square::new(2, 1_000_000));
    request.memory_cap = Some(32 << 20);
    let outcome = solve(&request).unwrap();
    assert!(
        matches!(
            outcome,
            Outcome::Tour {
                layer: Layer::Frontier,
                ..
            }
        ),
        "{outcome:?}"
    );
    // 3×10^8 squares do not fit in 64 MB: refused before anything is allocated.
    let long = Board::new(3, 100_000_001).unwrap();
    let mut request = routed(long, Square::new(0, 0), Square::new(2, 100_000_000));
    request.memory_cap = Some(64 << 20);
    let refused = solve(&request).unwrap_err();
    assert!(
        matches!(refused, SolveError::TooLarge { .. }),
        "{refused:?}"
    );
    assert!(refused.to_string().contains("3x100000001"), "{refused}");
}
