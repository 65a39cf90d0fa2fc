//! knights-tour: knight's tours on any rectangular board, with proofs when none exists.
//!
//! The engine ([`board`], [`notation`], [`tour`], [`existence`], [`search`], [`solve`],
//! [`count`]) knows nothing of terminals; the command line ([`cli`]) and the explorer are thin
//! clients of it.

#![deny(missing_docs)]

pub mod board;
pub mod cli;
pub mod construct;
pub mod count;
pub mod existence;
pub mod explorer;
pub mod notation;
pub mod search;
pub mod solve;
pub mod tour;
