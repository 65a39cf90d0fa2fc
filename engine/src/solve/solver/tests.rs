use std::time::Duration;

use super::*;
use crate::board::Board;

fn request(side: u64, method: Method) -> Request {
    Request::new(Board::new(side, side).unwrap(), Square::new(0, 0)).method(method)
}

#[test]
fn a_deadline_that_has_passed_ends_every_method_in_its_own_layer() {
    let layers = [
        (Method::Auto, Layer::Construct),
        (Method::Construct, Layer::Construct),
        (Method::Warnsdorff, Layer::Warnsdorff),
        (Method::Backtrack, Layer::Backtrack),
        (Method::Naive, Layer::Naive),
    ];
    for (method, layer) in layers {
        let mut request = request(2000, method);
        request.time_limit = Some(Duration::ZERO);
        let outcome = Solver::new(&request).run().unwrap();
        let Outcome::BudgetExceeded { cause, .. } = outcome else {
            panic!("{method}: {outcome:?}");
        };
        assert_eq!(
            cause,
            GiveUp::Deadline {
                allowed: Duration::ZERO
            },
            "{method}"
        );
        assert_eq!(outcome.layer(), layer, "{method}");
    }
}

#[test]
fn the_memory_cap_refuses_every_method_on_a_large_board_and_none_on_a_small_one() {
    for method in Method::ALL {
        let mut large = request(3000, method);
        large.memory_cap = Some(1 << 20);
        let refused = Solver::new(&large).run();
        assert!(
            matches!(refused, Err(SolveError::TooLarge { .. })),
            "{method}: {refused:?}"
        );
        let mut small = request(5, method);
        small.memory_cap = Some(1 << 20);
        let outcome = Solver::new(&small).run().unwrap();
        assert!(
            matches!(outcome, Outcome::Tour { .. }),
            "{method}: {outcome:?}"
        );
    }
}

#[test]
fn the_largest_budget_and_deadline_are_no_limit() {
    // Boards every method tours quickly (naive backtracking only small ones).
    for (method, side) in Method::ALL.into_iter().zip([40, 40, 40, 40, 5]) {
        let mut request = request(side, method);
        request.node_budget = u64::MAX;
        request.time_limit = Some(Duration::MAX);
        let outcome = Solver::new(&request).run().unwrap();
        assert!(
            matches!(
                outcome,
                Outcome::Tour { .. }
                    | Outcome::BudgetExceeded {
                        cause: GiveUp::GreedyDeadEnd { .. },
                        ..
                    }
            ),
            "{method}: {outcome:?}"
        );
    }
}
