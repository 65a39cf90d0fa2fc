//! What the engine's tests share, written once for both kinds: the integration tests in
//! `engine/tests/` take it as `mod common;`, and the unit tests inside the crate as
//! `crate::common` (`lib.rs` includes this file by its path under `#[cfg(test)]`). It names the
//! engine by its public paths, `knights_tour_engine::…`, which `lib.rs` makes valid inside the
//! crate too (`extern crate self as knights_tour_engine`, for its tests only).

// Each test binary uses the part it needs.
#![allow(dead_code)]

use knights_tour_engine::tour::Validator;
use knights_tour_engine::{Outcome, Request, solve};

/// Solves `request` and checks the answer: a tour passes the validator for the request's
/// piece, from its start, closed if it asks, ending on its end if it names one, and begins with
/// its partial tour if it has one. Returns the outcome for further checks.
pub fn solve_checked(request: &Request) -> Outcome {
    let outcome = solve(request).unwrap_or_else(|error| panic!("{request:?}: {error}"));
    if let Outcome::Tour { tour, .. } = &outcome {
        let mut validator = Validator::new(request.board, request.closed, Some(request.start))
            .with_piece(request.piece);
        if let Some(end) = request.end {
            validator = validator.ending_at(end);
        }
        let checked = tour
            .squares()
            .try_for_each(|square| validator.push(square))
            .and_then(|()| validator.finish());
        assert_eq!(checked, Ok(()), "{request:?}");
        if let Some(prefix) = &request.prefix {
            let begins = tour.squares().take(prefix.len()).eq(prefix.iter().copied());
            assert!(begins, "the tour begins with the partial tour: {request:?}");
        }
    }
    outcome
}

/// A small deterministic generator (xorshift), so that the boards a test draws are the same on
/// every run. The seed must not be 0.
pub struct Draw(pub u64);

impl Draw {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
