//! What the layout and the corridor both need of the cut of a board into blocks: the
//! [`Layout`] (the heights of the bands and the widths of the stripes), the edges a block's
//! block tour must hold for the splices that join it to its neighbours ([`join_edges`], [`Port`]),
//! and the budget of one block tour search. Kept apart from `layout`, which assembles the tour,
//! and `corridor`, which threads a path to a chosen end, so that neither imports the other's
//! internals both ways.

use crate::board::Square;

/// The node budget of one block tour search (tiles need a few hundred nodes; a start block's path
/// a few thousand at most).
pub(super) const BLOCK_TOUR_BUDGET: u64 = 200_000;

/// Which required edge a tile carries for the join on its left or above it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Port {
    /// None: the first block of the board.
    Plain,
    /// `(1,1)–(3,0)`: joined to the block on its left.
    Left,
    /// `(1,1)–(0,3)`: joined to the block above.
    Top,
}

/// The required edge of a port, in block coordinates.
pub(super) fn port_edge(port: Port) -> Option<(Square, Square)> {
    match port {
        Port::Plain => None,
        Port::Left => Some((Square::new(1, 1), Square::new(3, 0))),
        Port::Top => Some((Square::new(1, 1), Square::new(0, 3))),
    }
}

/// The edge that cuts off a block's top-right corner (every closed tour has it).
fn right_edge(cols: u32) -> (Square, Square) {
    (Square::new(0, cols - 1), Square::new(2, cols - 2))
}

/// The edge that cuts off a block's bottom-left corner (every closed tour has it).
fn bottom_edge(rows: u32) -> (Square, Square) {
    (Square::new(rows - 1, 0), Square::new(rows - 2, 2))
}

/// Where the block tours go on the board that is laid (the folded board): the cut of its rows and
/// of its columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Heights of the bands, top first.
    pub bands: Vec<u32>,
    /// Widths of the stripes, left first.
    pub stripes: Vec<u32>,
}

/// The edges the path of the block at `at` must hold for the splices that join it to its
/// neighbours on the joins' tree, leaving out those in `wired` (joined by a knight move between
/// path ends instead): the port of the join on its left or above it, and the corner edges of
/// the joins on its right and below it.
pub(super) fn join_edges(
    layout: &Layout,
    (band, stripe): (usize, usize),
    wired: &[(usize, usize)],
) -> Vec<(Square, Square)> {
    let (rows, cols) = (layout.bands[band], layout.stripes[stripe]);
    let spliced = |neighbour: (usize, usize)| !wired.contains(&neighbour);
    let mut required = Vec::new();
    if stripe > 0 && spliced((band, stripe - 1)) {
        required.extend(port_edge(Port::Left));
    }
    if stripe + 1 < layout.stripes.len() && spliced((band, stripe + 1)) {
        required.push(right_edge(cols));
    }
    if stripe == 0 && band > 0 && spliced((band - 1, 0)) {
        required.extend(port_edge(Port::Top));
    }
    if stripe == 0 && band + 1 < layout.bands.len() && spliced((band + 1, 0)) {
        required.push(bottom_edge(rows));
    }
    required
}
