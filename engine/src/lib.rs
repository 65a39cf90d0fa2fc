//! The tour engine: everything that computes tours, and nothing else: the knight's, and those
//! of any other leaper.
//!
//! What a caller needs to ask for a tour is at the crate's root: a [`Request`] on a [`Board`]
//! from a [`Square`], for a [`Leaper`] (the knight by default) and by a [`Method`] (`auto` by
//! default), given to [`solve()`], which answers an [`Outcome`]: a validated [`Tour`], a proof
//! that none exists, or a run that gave up within its budget ([`SolveError`] when the request
//! cannot be answered at all). The modules hold the rest:
//!
//! - [`board`]: rows × cols, squares, knight moves;
//! - [`leaper`]: the pieces, `(a, b)`-leapers, of which the knight is `(1, 2)`;
//! - [`notation`]: the text forms of sizes and squares (`8x10`, `r,c`, `a1`);
//! - [`tour`]: tours and the strict validator every tour passes;
//! - [`existence`]: the O(1) theorems on which boards and starts have tours;
//! - [`search`]: the stepped, bounded search (greedy, Warnsdorff-ordered or fixed-order);
//! - [`construct`]: the linear-time construction of large boards from small pieces;
//! - [`solve`](mod@solve): the layered solver that puts them together, with typed outcomes;
//! - [`shape`]: boards of any shape (holes) and the visit numbers given on them (clues);
//! - [`starts`]: the solver's answer from every square of a board, with the board's
//!   symmetries;
//! - [`count`]: exhaustive counting on small boards, the cross-check of the search.
//!
//! The engine touches no terminal, parses no arguments, reads no file, no environment variable
//! and nothing of the operating system: limits (node budget, deadline, memory cap) come in as
//! values, and the front ends find them. The program `knights-tour` (a terminal explorer, a
//! command line and an SSH server) is built on this crate. One module is public for the
//! program alone and hidden from these docs: `quote`, how the engine's messages and the
//! program's quote the text they were given; it is not part of the engine's API and may
//! change in any release.
//!
//! # Solving a board from Rust
//!
//! Every answer is typed: a validated tour, a proof that none exists, or a run that gave up
//! within its budget.
//!
//! ```
//! use knights_tour_engine::{Board, Outcome, Request, Square, solve};
//!
//! let board = Board::new(8, 8)?;
//! let request = Request::new(board, Square::new(0, 0)).closed(true);
//! match solve(&request)? {
//!     Outcome::Tour { tour, layer, .. } => {
//!         // The tour passed the validator before it was returned.
//!         assert_eq!(tour.squares().len(), 64);
//!         assert!(tour.is_closed());
//!         println!("found by the {layer} layer:");
//!         for square in tour.squares() {
//!             println!("{square}");
//!         }
//!     }
//!     Outcome::NoTour { reason, .. } => println!("no tour: {reason}"),
//!     Outcome::BudgetExceeded { cause, .. } => println!("gave up: {cause}"),
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A board with no tour from the start is answered by a theorem, in constant time:
//!
//! ```
//! use knights_tour_engine::solve::Layer;
//! use knights_tour_engine::{Board, Outcome, Request, Square, solve};
//!
//! let board = Board::new(3, 4)?;
//! let outcome = solve(&Request::new(board, Square::new(1, 1)))?;
//! assert!(matches!(outcome, Outcome::NoTour { layer: Layer::Existence, .. }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Other pieces
//!
//! The knight is the `(1,2)`-leaper; a request may name another [`Leaper`] (the camel,
//! the zebra, the giraffe or any `(a,b)`). Its theorems answer first, then the search; the
//! construction builds knight's tours only.
//!
//! ```
//! use knights_tour_engine::solve::Layer;
//! use knights_tour_engine::{Board, Leaper, Outcome, Request, Square, solve};
//!
//! let giraffe = Leaper::GIRAFFE;
//! let ten = Board::new(10, 10)?;
//! let request = Request::new(ten, Square::new(0, 0)).piece(giraffe).closed(true);
//! let Outcome::Tour { tour, .. } = solve(&request)? else {
//!     panic!("the giraffe has a closed tour of 10x10");
//! };
//! assert_eq!(tour.piece(), giraffe);
//!
//! // On 7x7 the giraffe cannot reach every square (Knuth's theorem): no search runs.
//! let seven = Board::new(7, 7)?;
//! let outcome = solve(&Request::new(seven, Square::new(0, 0)).piece(giraffe))?;
//! assert!(matches!(outcome, Outcome::NoTour { layer: Layer::Existence, .. }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # A tour to a chosen end, and a partial tour completed
//!
//! A request may name the square the tour must end on, and a path already walked (a prefix)
//! that the tour must begin with. The answer is a tour that does, or the proof that none
//! does: a theorem, the rule that rules the position out, or an exhausted search.
//!
//! ```
//! use knights_tour_engine::existence::NoTourReason;
//! use knights_tour_engine::{Board, Outcome, Request, Square, solve};
//!
//! let board = Board::new(8, 8)?;
//! let a1 = Square::new(7, 0);
//! let h1 = Square::new(7, 7);
//! let Outcome::Tour { tour, .. } = solve(&Request::new(board, a1).ending_at(h1))? else {
//!     panic!("a1 to h1 has a tour: the squares differ in colour on 8x8");
//! };
//! assert_eq!(tour.squares().last(), Some(h1));
//!
//! // The same colour at both ends: no tour, by the colour rule, with no search.
//! let h8 = Square::new(0, 7);
//! let outcome = solve(&Request::new(board, a1).ending_at(h8))?;
//! assert!(matches!(outcome, Outcome::NoTour { reason: NoTourReason::EndColour { .. }, .. }));
//!
//! // Three moves played by hand: the tour found begins with them.
//! let played = vec![a1, Square::new(5, 1), Square::new(7, 2)];
//! let Outcome::Tour { tour, .. } = solve(&Request::new(board, a1).completing(played.clone()))?
//! else {
//!     panic!("the position can still be finished");
//! };
//! assert!(tour.squares().take(3).eq(played));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod board;
pub mod construct;
pub mod count;
pub mod existence;
mod flip;
pub mod leaper;
pub mod notation;
mod propagate;
// The program's (its messages quote as the engine's do), not the engine's API: hidden from the
// docs, and free to change in any release.
#[doc(hidden)]
pub mod quote;
pub mod search;
pub mod shape;
pub mod solve;
pub mod starts;
pub mod tour;

// The engine's tests name it by its public paths inside the crate as outside, so that its unit
// tests share their helpers with its integration tests (`tests/common/mod.rs`).
#[cfg(test)]
extern crate self as knights_tour_engine;
#[cfg(test)]
#[path = "../tests/common/mod.rs"]
mod common;

pub use board::{Board, Square};
pub use leaper::Leaper;
pub use solve::{Method, Outcome, Request, SolveError, solve};
pub use tour::Tour;
