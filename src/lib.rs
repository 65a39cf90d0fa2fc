//! knights-tour: the front ends of the knight's tour engine (`knights-tour-engine`).
//!
//! The engine crate computes tours; this crate holds what people use it through
//! (`ARCHITECTURE.md` in the repository is the map):
//! - [`cli`]: the scripted command line: `solve`, `starts`, `ends`, `check`, `count`, `cses`;
//! - [`explorer`]: the interactive terminal explorer;
//! - [`serve`]: the explorer over SSH, one per connection;
//! - [`options`] and [`tourfile`]: what the front ends share: options, and reading and writing
//!   tour files, pictures (SVG, PNG) included.
//!
//! The binary `knights-tour` (`src/main.rs`) parses the command line and hands the request to
//! one of them. The modules are public for the binary and the tests; to compute tours from Rust,
//! use the engine crate.

#![warn(missing_docs)]

pub mod cli;
pub mod explorer;
pub mod options;
pub mod serve;
pub mod tourfile;
