//! The layered solver: the cheapest decision first, and a typed answer every time.
//!
//! Which step runs when, on what share of the node budget, and which [`Layer`] its answer
//! names, is one table: `schedule.rs` (and [`SCHEDULE`], the same steps as data). The node
//! budget and the deadline reach every step. Every tour returned has passed the validator;
//! "no tour" is only ever a theorem or an exhausted search, never a time-out.
//!
//! - `request`: what is asked ([`Method`], [`Request`]);
//! - `outcome`: what is answered ([`Outcome`], [`Stats`], [`GiveUp`], [`SolveError`]);
//! - `schedule`: the steps in order, their budgets and their layers;
//! - `solver`: the bookkeeping of one solve, and the steps run in the schedule's order;
//! - `construction`: the construction layer, its tour validated and told apart from a
//!   single block's (which is really a search); [`solve_streaming`] keeps a constructed tour
//!   as the construction, checked by walking it, instead of reading it into memory;
//! - `position`: the position's proofs, after the theorems, for a partial tour, and for a
//!   piece other than the knight to an end;
//! - `memory`: what each layer needs (the construction, each search with its tour) checked
//!   against [`Request::memory_cap`] before anything is allocated, for every method;
//! - `anchored`: the search strategies of `auto` beyond one greedy pass: a closed tour found
//!   from a corner and entered from the start, and backtracking restarted with other
//!   tie-breaks;
//! - `flipping`: `auto`'s searches for other leapers (and the knight's hard routes): path
//!   flipping, the search over moves and backtracking by turns on doubling shares;
//! - `split`: the routes those turns backtrack along, toward each square a tour can end on,
//!   and another piece's split on its last square, whose searches are kept from turn to turn
//!   and whose exhaustion is a proof;
//! - `tiles`: `auto`'s tour of a large board for leapers other than the knight, where the
//!   greedy pass stops far from a tour: the tours of small blocks, each found by the solver
//!   itself, spliced into one, before flipping;
//! - `narrow`: a tour with an end, or a partial tour, on a board whose short side is at most 4,
//!   decided exactly by the frontier count's dynamic programming (a tour read back from its
//!   states, or a count of 0), before the construction and the search.

mod anchored;
mod construction;
mod flipping;
mod memory;
mod narrow;
mod outcome;
mod position;
mod request;
mod route;
mod schedule;
mod shaped;
mod solver;
mod split;
#[cfg(test)]
mod tests;
mod tiles;

pub use outcome::{GiveUp, Outcome, SolveError, SolvedTour, Stats};
pub use request::{DEFAULT_CONSTRUCT_THRESHOLD, DEFAULT_NODE_BUDGET, Layer, Method, Request};
pub use route::RouteError;
pub use schedule::{HoldsFor, SCHEDULE, Step};

/// Runs one solve; its tour is held in memory.
pub fn solve(request: &Request) -> Result<Outcome, SolveError> {
    let outcome = solver::Solver::new(request).run()?;
    Ok(outcome.map_tour(|tour| match tour {
        SolvedTour::Held(tour) => tour,
        SolvedTour::Walked(_) => unreachable!("a solve that is not walking holds its tour"),
    }))
}

/// Runs one solve whose constructed tour is not held but kept as its construction, checked by
/// walking it and read by walking it again ([`SolvedTour::Walked`]): a tour of 10^8 squares
/// needs one or two bits a square instead of four bytes. Tours from a search are held as
/// [`solve`] holds them.
pub fn solve_streaming(request: &Request) -> Result<Outcome<SolvedTour>, SolveError> {
    solver::Solver::new(request).walking().run()
}
