//! knights-tour: knight's tours on any rectangular board, with a proof when none exists.
//!
//! The crate has three parts (`ARCHITECTURE.md` in the repository is the map):
//! - [`engine`]: computes tours: boards, notation, the validator, the existence theorems, the
//!   stepped search, the linear-time construction, the layered solver, counting. It touches no
//!   terminal, parses no arguments, reads no file and no environment: limits come in as values.
//! - `cli` (feature `cli`): the scripted command line: `solve`, `starts`, `check`, `count`,
//!   `cses`.
//! - `explorer` (feature `explorer`): the interactive terminal explorer.
//! - `options` and `tourfile` (feature `cli`): what the front ends share: options, and reading
//!   and writing tour files, pictures (SVG, PNG) included.
//!
//! The default features build the whole program. With `default-features = false` the crate is
//! the engine alone, and depends on nothing but `thiserror` and `humantime`.
//!
//! # Solving a board from Rust
//!
//! Every answer is typed: a validated tour, a proof that none exists, or a run that gave up
//! within its budget.
//!
//! ```
//! use knights_tour::engine::board::{Board, Square};
//! use knights_tour::engine::solve::{Outcome, Request, solve};
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
//! use knights_tour::engine::board::{Board, Square};
//! use knights_tour::engine::solve::{Layer, Outcome, Request, solve};
//!
//! let board = Board::new(3, 4)?;
//! let outcome = solve(&Request::new(board, Square::new(1, 1)))?;
//! assert!(matches!(outcome, Outcome::NoTour { layer: Layer::Existence, .. }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

#[cfg(feature = "cli")]
pub mod cli;
pub mod engine;
#[cfg(feature = "explorer")]
pub mod explorer;
#[cfg(feature = "cli")]
pub mod options;
#[cfg(feature = "cli")]
pub mod tourfile;
