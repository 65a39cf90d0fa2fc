//! Why a board could not be assembled, shared by the layout, the strips and the links (a room
//! of its own, so that none of them imports another for it).

use crate::search::Limit;

/// Why a board could not be assembled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssemblyError {
    /// A tile or a path block could not be found for this board and start.
    NoBlockTour,
    /// The memory for the links could not be had.
    Memory,
    /// The node budget or the deadline ran out.
    Stopped(Limit),
}

impl From<Limit> for AssemblyError {
    fn from(limit: Limit) -> Self {
        AssemblyError::Stopped(limit)
    }
}
