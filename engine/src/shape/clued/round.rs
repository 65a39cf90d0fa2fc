//! What a round of a clued search is: the trait both searches (`search` and `numbers`)
//! implement, so that `rounds` can run them in turn, and why a round stops.

use super::ClueMemoryError;
use crate::search::Limit;

/// Why a run ended.
pub(super) enum Stop {
    /// The tours asked for were found.
    Enough,
    /// The whole tree was searched.
    Exhausted,
    /// A limit ran out.
    Limit(Limit),
    /// The round's nodes ran out: the search starts again, its ties broken another way.
    Restart,
}

/// A search that runs in rounds.
pub(super) trait Rounds {
    /// Searches until `wanted` tours are found (all of them when `None`), the tree is
    /// exhausted, a limit runs out or `nodes` more nodes are spent.
    fn round(&mut self, wanted: Option<u64>, nodes: u64) -> Result<Stop, ClueMemoryError>;
    /// Ends the search once it has spent `budget` nodes in all, whatever the question allows.
    fn cap_nodes(&mut self, budget: u64);
    /// Takes back every choice, and breaks ties another way from now on.
    fn restart(&mut self);
    /// Nodes expanded in all rounds.
    fn nodes(&self) -> u64;
    /// Tours found in all rounds.
    fn tours(&self) -> u64;
    /// The first tour found, as [`Board::index`](crate::board::Board::index)es in visit order.
    fn tour(&self) -> Vec<u32>;
}
