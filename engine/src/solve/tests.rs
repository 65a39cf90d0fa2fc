//! The solver's own switches: the fallbacks proved with parts of the engine turned off
//! ([`Ablation`]), and the hand-over from the search's first go to the construction
//! ([`FIRST_SEARCH_NODES`]); the answers name the step that gave them.

use super::request::Ablation;
use super::schedule::FIRST_SEARCH_NODES;
use super::*;
use crate::board::{Board, Square};
use crate::common::solve_checked;
use crate::existence::NoTourReason;

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

#[test]
fn the_fallback_finds_tours_without_warnsdorff_ordering_or_a_greedy_pass() {
    let ablations = [
        Ablation {
            fixed_ordering: true,
            fail_greedy: true,
        },
        Ablation {
            fixed_ordering: false,
            fail_greedy: true,
        },
    ];
    for ablation in ablations {
        for (rows, cols, start, closed) in [
            (5, 5, (0, 0), false),
            (5, 5, (2, 2), false),
            (6, 6, (0, 0), true),
            (6, 6, (1, 3), false),
            (7, 7, (3, 3), false),
            (8, 8, (0, 0), false),
        ] {
            let mut request =
                Request::new(board(rows, cols), Square::new(start.0, start.1)).closed(closed);
            request.ablation = ablation;
            let outcome = solve_checked(&request);
            assert!(
                matches!(
                    outcome,
                    Outcome::Tour {
                        // Backtracking from the start, or from a corner for the anchored cycle.
                        layer: Layer::Backtrack | Layer::Anchored,
                        ..
                    }
                ),
                "{request:?}: {outcome:?}"
            );
        }
    }
}

#[test]
fn auto_falls_back_to_the_construction_when_the_search_gives_up() {
    // A strip the search finds hard, with a budget that holds the search's first go and the
    // construction's pieces (whose search nodes count too) but not a whole search.
    let first_go = FIRST_SEARCH_NODES;
    let mut request = Request::new(board(3, 40), Square::new(1, 20)).closed(true);
    request.node_budget = first_go + 1000;
    let outcome = solve(&request).unwrap();
    assert!(matches!(outcome, Outcome::Tour { .. }), "{outcome:?}");
    assert_eq!(outcome.layer(), Layer::Construct);
    assert!(outcome.stats().nodes <= request.node_budget);
    // A budget too small for the pieces gives up rather than answering past it.
    request.node_budget = 10;
    let outcome = solve(&request).unwrap();
    assert!(
        matches!(
            outcome,
            Outcome::BudgetExceeded {
                cause: GiveUp::NodeBudget { budget: 10 },
                ..
            }
        ),
        "{outcome:?}"
    );
    assert!(outcome.stats().nodes <= 10, "{outcome:?}");
}

#[test]
fn below_the_threshold_a_strip_the_search_finds_hard_is_constructed_quickly() {
    // Closed tours of 3xn defeat the search from n = 22 on; auto gives it a first go of
    // FIRST_SEARCH_NODES nodes, then constructs.
    let outcome = solve(&Request::new(board(3, 40), Square::new(1, 20)).closed(true)).unwrap();
    assert_eq!(outcome.layer(), Layer::Construct);
    // The search's first go, and the construction's piece searches (a few hundred nodes).
    let first_go = FIRST_SEARCH_NODES;
    assert!(outcome.stats().nodes <= first_go + 1000, "{outcome:?}");
    // Where no piece fits because no tour exists, the search still proves it.
    let proved = solve(&Request::new(board(3, 8), Square::new(1, 2))).unwrap();
    assert!(matches!(
        proved,
        Outcome::NoTour {
            reason: NoTourReason::ExhaustiveSearch { .. },
            ..
        }
    ));
}

/// From 1,3 of 7x7 Warnsdorff's pass dead-ends after 30 squares (`--method warnsdorff` gives
/// up there); `auto` finds a closed tour of the board without the start from a corner and
/// enters it from the start, and its answer names that step, not the greedy pass.
#[test]
fn a_tour_cut_from_a_corners_closed_tour_names_the_anchored_layer() {
    let request = Request::new(board(7, 7), Square::new(1, 3));
    let greedy = solve(&request.clone().method(Method::Warnsdorff)).unwrap();
    assert!(
        matches!(greedy, Outcome::BudgetExceeded { .. }),
        "{greedy:?}"
    );
    let outcome = solve_checked(&request);
    assert!(
        matches!(
            outcome,
            Outcome::Tour {
                layer: Layer::Anchored,
                ..
            }
        ),
        "{outcome:?}"
    );
}
