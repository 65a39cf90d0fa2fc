//! knights-tour: knight's tours on any rectangular board, with proofs when none exists.
//!
//! The crate has three parts (see `ARCHITECTURE.md`):
//! - [`engine`]: computes tours; no terminal, no arguments, no files, no environment;
//! - `cli` (feature `cli`): the scripted command line;
//! - `explorer` (feature `explorer`): the interactive terminal explorer.
//!
//! With `default-features = false` the crate is the engine alone.

#![deny(missing_docs)]

#[cfg(feature = "cli")]
pub mod cli;
pub mod engine;
#[cfg(feature = "explorer")]
pub mod explorer;
#[cfg(feature = "cli")]
pub mod options;
