//! The tour engine: everything that computes tours, and nothing else.
//!
//! - [`board`]: rows × cols, squares, knight moves;
//! - [`notation`]: the text forms of sizes and squares (`8x10`, `r,c`, `a1`);
//! - [`quote`]: how messages quote the text they were given (short, escaped);
//! - [`tour`]: tours and the strict validator every tour passes;
//! - [`existence`]: the O(1) theorems on which boards and starts have tours;
//! - [`search`]: the stepped, bounded search (greedy, Warnsdorff-ordered or fixed-order);
//! - [`construct`]: the linear-time construction of large boards from small pieces;
//! - [`solve`]: the layered solver that puts them together, with typed outcomes;
//! - [`starts`]: the solver's answer from every square of a board, with the board's
//!   symmetries;
//! - [`count`]: exhaustive counting on small boards, the cross-check of the search.
//!
//! The engine touches no terminal, parses no arguments, reads no file, no environment variable
//! and nothing of the operating system: limits (node budget, deadline, memory cap) come in as
//! values, and the front ends find them.

pub mod board;
pub mod construct;
pub mod count;
pub mod existence;
pub mod notation;
pub mod quote;
pub mod search;
pub mod solve;
pub mod starts;
pub mod tour;
