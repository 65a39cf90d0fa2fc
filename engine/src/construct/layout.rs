//! Boards with both sides at least 5: blocks, their pieces, and the joins that make one tour.
//!
//! The rows are cut into bands and the columns into stripes, each 5 to 11 squares wide, so the
//! board becomes a grid of blocks. Every block carries a closed tour of its own (a *tile*);
//! on a board with both sides odd, the block holding the start carries instead a path from the
//! start. Then, with the general splice of [`Links::splice`]:
//! - each block is joined to the block on its left: the left block's tour always holds the
//!   edge that cuts off its top-right corner, `(0, w−1)–(2, w−2)`; the right block's tile is
//!   searched with the edge `(1, 1)–(3, 0)`; the swap adds `(0, w−1)–(1, w+1)` and
//!   `(2, w−2)–(3, w)`;
//! - each band is joined to the band above it in the first stripe, by the transposed swap:
//!   the upper block's bottom-left corner edge `(h−1, 0)–(h−2, 2)` with the lower block's
//!   `(1, 1)–(0, 3)`.
//!
//! The joins form a spanning tree of the blocks and each removes two edges that no other join
//! touches, so the result is one cycle (or one path from the start). The cuts are runs of equal
//! bands and stripes (eights, then a few others), and only the folded board is laid (see
//! [`super::fold`]): each run of bands or stripes cut to a few. A band is built once per kind,
//! as a strip as wide as the folded board, and copied into every band of that kind. A
//! construction that tells its story folds nothing and builds every band itself.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::{Arc, Mutex, OnceLock};

pub use super::error::AssemblyError;
use super::fold::{Axis, KEEP, Runs, UNFOLDED};
use super::links::Links;
use super::meter::Meter;
use super::piece::{PieceOutcome, PieceSpec, Shape, cached, find_piece_within};
use super::walk::Folded;
use crate::board::{Board, Square};
use crate::search::Limit;

/// The node budget of one piece search (tiles need a few hundred nodes; a start block's path
/// a few thousand at most).
pub(super) const PIECE_BUDGET: u64 = 200_000;

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
fn port_edge(port: Port) -> Option<(Square, Square)> {
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

/// Tiles found so far, by size and port, with the nodes their search took.
type TileCache = Mutex<HashMap<(u32, u32, Port), (Option<Arc<Links>>, u64)>>;

/// The closed tour of a `rows × cols` block with the edge of `port`, found once per process
/// and shared; `None` if the block has none.
#[cfg(test)]
pub fn tile(rows: u32, cols: u32, port: Port) -> Option<Arc<Links>> {
    tile_within(rows, cols, port, &mut Meter::unlimited())
        .ok()
        .flatten()
}

/// [`tile`], its search's nodes charged to `meter` (see [`cached`]).
fn tile_within(
    rows: u32,
    cols: u32,
    port: Port,
    meter: &mut Meter,
) -> Result<Option<Arc<Links>>, Limit> {
    static TILES: OnceLock<TileCache> = OnceLock::new();
    let tiles = TILES.get_or_init(Default::default);
    let known = tiles
        .lock()
        .expect("tile cache")
        .get(&(rows, cols, port))
        .cloned();
    if let Some((found, nodes)) = known {
        meter.charge(nodes)?;
        return Ok(found);
    }
    let spec = PieceSpec {
        rows,
        cols,
        shape: Shape::Cycle,
        required: port_edge(port).into_iter().collect(),
        bridges: Vec::new(),
        parts: Vec::new(),
    };
    let before = meter.spent();
    let found = cached(&spec, PIECE_BUDGET, meter)?.and_then(|piece| {
        let board = Board::new(u64::from(rows), u64::from(cols)).ok()?;
        Some(Arc::new(Links::from_order(board, &piece.order, true)))
    });
    let nodes = meter.spent() - before;
    tiles
        .lock()
        .expect("tile cache")
        .insert((rows, cols, port), (found.clone(), nodes));
    Ok(found)
}

/// Cuts a side of `len` squares (at least 5) into blocks of 5 to 11: all even but at most one
/// (the last, when `len` is odd). Eights, then one or two blocks of what is left.
pub fn split(len: u32) -> Runs<u32> {
    // Eights while more than 12 are left.
    let eights = len.saturating_sub(5) / 8;
    let rest = len - 8 * eights;
    let mut blocks = Runs::of(8, eights);
    if rest <= 10 {
        blocks.push(rest, 1);
    } else {
        blocks.push(6, 1);
        blocks.push(rest - 6, 1);
    }
    blocks
}

/// Cuts an odd side of `len` squares into even blocks of 6 to 10 and one odd block of 5 to 11
/// that holds square `at`: every way of doing so, the odd block smallest first.
pub fn splits_around(len: u32, at: u32) -> Vec<Runs<u32>> {
    let mut found = Vec::new();
    for odd in [5, 7, 9, 11] {
        // The odd block starts after an even number of squares that even blocks can fill.
        let mut begin = at.min(len.saturating_sub(odd)) & !1;
        loop {
            let after = len.saturating_sub(begin + odd);
            let fits = |n: u32| n == 0 || n >= 6;
            if begin + odd <= len && begin + odd > at && fits(begin) && fits(after) {
                let mut blocks = if begin == 0 {
                    Runs::new()
                } else {
                    split(begin)
                };
                blocks.push(odd, 1);
                if after > 0 {
                    blocks.extend(&split(after));
                }
                found.push(blocks);
                break;
            }
            if begin < 2 || begin + odd <= at {
                break;
            }
            begin -= 2;
        }
    }
    found
}

/// Where the pieces go on the board that is laid (the folded board): the cut of its rows and of
/// its columns, and the block with a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Heights of the bands, top first.
    pub bands: Vec<u32>,
    /// Widths of the stripes, left first.
    pub stripes: Vec<u32>,
    /// The block `(band, stripe)` that carries a path from the start.
    pub path_block: Option<(usize, usize)>,
}

/// A board tour laid out as links, with where its walk begins and ends.
#[derive(Debug)]
pub struct Assembled {
    /// The board's links, held folded.
    pub folded: Folded,
    /// The far end of the path (its last square), or `None` for a cycle.
    pub end: Option<Square>,
    /// How many blocks were joined (1: the board is one piece, found by the piece search).
    pub blocks: u64,
}

/// The path of the block holding `start` on a board with both sides odd, with the edges its
/// joins need; `None` when the search finds none. Its search's nodes are charged to `meter`.
fn path_piece(
    layout: &Layout,
    origin: Square,
    start: Square,
    meter: &mut Meter,
) -> Result<Option<(Links, Square)>, Limit> {
    let Some((band, stripe)) = layout.path_block else {
        return Ok(None);
    };
    let (rows, cols) = (layout.bands[band], layout.stripes[stripe]);
    let mut required = Vec::new();
    if stripe > 0 {
        required.extend(port_edge(Port::Left));
    }
    if stripe + 1 < layout.stripes.len() {
        required.push(right_edge(cols));
    }
    if stripe == 0 && band > 0 {
        required.extend(port_edge(Port::Top));
    }
    if stripe == 0 && band + 1 < layout.bands.len() {
        required.push(bottom_edge(rows));
    }
    let local = Square::new(start.row - origin.row, start.col - origin.col);
    let spec = PieceSpec {
        rows,
        cols,
        shape: Shape::Path {
            from: local,
            to: None,
        },
        required,
        bridges: Vec::new(),
        parts: Vec::new(),
    };
    let allowed = PIECE_BUDGET.min(meter.nodes_left());
    let (outcome, nodes) = find_piece_within(&spec, allowed, meter.deadline());
    meter.charge(nodes)?;
    Ok(match outcome {
        PieceOutcome::Found(piece) if piece.is_valid() => {
            let Ok(board) = Board::new(u64::from(rows), u64::from(cols)) else {
                return Ok(None);
            };
            let end = *piece.order.last().expect("a piece has squares");
            let links = Links::from_order(board, &piece.order, false);
            Some((
                links,
                Square::new(origin.row + end.row, origin.col + end.col),
            ))
        }
        PieceOutcome::GaveUp if allowed < PIECE_BUDGET => return Err(Limit::Nodes),
        PieceOutcome::Late => return Err(Limit::Deadline),
        _ => None,
    })
}

/// Stripes laid between two looks at the clock.
const STRIPES_PER_LOOK: usize = 1 << 12;

/// Builds band `band` of `layout` (its first row `top`) as a strip as wide as the board: its
/// blocks laid and joined left to right.
fn build_band(
    layout: &Layout,
    band: usize,
    top: u32,
    cols: u32,
    path: Option<&(Links, Square)>,
    meter: &mut Meter,
) -> Result<Links, AssemblyError> {
    let rows = layout.bands[band];
    let strip_board =
        Board::new(u64::from(rows), u64::from(cols)).map_err(|_| AssemblyError::Memory)?;
    let mut strip = Links::new_within(strip_board, meter.deadline())?;
    // The few tiles this band uses, kept at hand: a band of a long board has millions of
    // stripes, and the shared cache takes a lock and a hash a lookup.
    let mut tiles: Vec<((u32, Port), Arc<Links>)> = Vec::new();
    let mut left = 0;
    for (stripe, &width) in layout.stripes.iter().enumerate() {
        if stripe.is_multiple_of(STRIPES_PER_LOOK) {
            meter.check_clock()?;
        }
        let at = Square::new(0, left);
        if layout.path_block == Some((band, stripe)) {
            let (piece, _) = path.ok_or(AssemblyError::NoPiece)?;
            strip.lay(piece, at);
            meter.laid(piece, Square::new(top, left));
        } else {
            let port = match (band, stripe) {
                (0, 0) => Port::Plain,
                (_, 0) => Port::Top,
                _ => Port::Left,
            };
            let piece = match tiles.iter().find(|(key, _)| *key == (width, port)) {
                Some((_, piece)) => Arc::clone(piece),
                None => {
                    let piece =
                        tile_within(rows, width, port, meter)?.ok_or(AssemblyError::NoPiece)?;
                    tiles.push(((width, port), Arc::clone(&piece)));
                    piece
                }
            };
            strip.lay(&piece, at);
            meter.laid(&piece, Square::new(top, left));
        }
        if stripe > 0 {
            // Join to the block on the left, whose right edge ends at column `left - 1`.
            let a1 = Square::new(0, left - 1);
            let a2 = Square::new(2, left - 2);
            let b1 = Square::new(1, left + 1);
            let b2 = Square::new(3, left);
            strip.splice((a1, a2), (b1, b2));
            let down = |s: Square| Square::new(s.row + top, s.col);
            meter.spliced((down(a1), down(a2)), (down(b1), down(b2)));
        }
        left += width;
    }
    Ok(strip)
}

/// Lays out and joins the tour of `board` (both sides at least 5): a closed tour when
/// `path_from` is `None`, else (both sides odd) a path from that square; within the budget and
/// deadline of `meter`. Unless the construction tells its story, only the folded board is laid.
pub fn assemble(
    board: Board,
    path_from: Option<Square>,
    meter: &mut Meter,
) -> Result<Assembled, AssemblyError> {
    let cuts: Vec<(Runs<u32>, Runs<u32>)> = match path_from {
        None => vec![(split(board.rows()), split(board.cols()))],
        Some(start) => {
            let mut cuts = Vec::new();
            for bands in splits_around(board.rows(), start.row) {
                for stripes in splits_around(board.cols(), start.col) {
                    cuts.push((bands.clone(), stripes));
                }
            }
            cuts
        }
    };
    let keep = if meter.is_telling() { UNFOLDED } else { KEEP };
    for (bands, stripes) in cuts {
        let layout = Layout {
            bands: bands.folded(keep),
            stripes: stripes.folded(keep),
            path_block: None,
        };
        let (layout, path) = match path_from {
            None => (layout, None),
            Some(start) => {
                let layout = Layout {
                    path_block: Some((odd_block(&layout.bands), odd_block(&layout.stripes))),
                    ..layout
                };
                // The path block's corner on the board: the blocks before the odd one.
                let origin = Square::new(before_odd(&bands), before_odd(&stripes));
                match path_piece(&layout, origin, start, meter)? {
                    Some(found) => (layout, Some(found)),
                    None => continue,
                }
            }
        };
        // A layout given up tells nothing.
        meter.forget_story();
        let laid = Board::new(
            layout.bands.iter().map(|&h| u64::from(h)).sum(),
            layout.stripes.iter().map(|&w| u64::from(w)).sum(),
        )
        .map_err(|_| AssemblyError::Memory)?;
        match assemble_layout(laid, &layout, path.as_ref(), meter) {
            Err(AssemblyError::NoPiece) => continue,
            Err(other) => return Err(other),
            Ok(links) => {
                let rows = Axis::of(&bands, keep, |h| h);
                let cols = Axis::of(&stripes, keep, |w| w);
                return Ok(Assembled {
                    folded: Folded::new(links, rows, cols).map_err(|_| AssemblyError::Memory)?,
                    end: path.map(|(_, end)| end),
                    blocks: bands.count() * stripes.count(),
                });
            }
        }
    }
    Err(AssemblyError::NoPiece)
}

fn odd_block(blocks: &[u32]) -> usize {
    blocks
        .iter()
        .position(|&b| b % 2 == 1)
        .expect("an odd side has an odd block")
}

/// The squares before the odd block of a side.
fn before_odd(blocks: &Runs<u32>) -> u32 {
    let mut before = 0;
    for &(width, count) in blocks.runs() {
        if width % 2 == 1 {
            break;
        }
        before += width * count;
    }
    before
}

/// The links of the laid board `board` (the folded board, unless the story is told) with every
/// band laid and joined.
fn assemble_layout(
    board: Board,
    layout: &Layout,
    path: Option<&(Links, Square)>,
    meter: &mut Meter,
) -> Result<Links, AssemblyError> {
    let mut links = if meter.is_telling() {
        every_band(board, layout, path, meter)?
    } else {
        shared_bands(board, layout, path, meter)?
    };
    // Join each band to the one above it in the first stripe.
    let mut top = 0;
    for (band, &height) in layout.bands.iter().enumerate() {
        if band > 0 {
            let a1 = Square::new(top - 1, 0);
            let a2 = Square::new(top - 2, 2);
            let b1 = Square::new(top + 1, 1);
            let b2 = Square::new(top, 3);
            links.splice((a1, a2), (b1, b2));
            meter.spliced((a1, a2), (b1, b2));
        }
        top += height;
    }
    Ok(links)
}

/// The board's links with every band laid and its blocks joined, each kind of band built once
/// and copied to every band of that kind.
fn shared_bands(
    board: Board,
    layout: &Layout,
    path: Option<&(Links, Square)>,
    meter: &mut Meter,
) -> Result<Links, AssemblyError> {
    let cols = board.cols();
    // One strip per kind of band: its height, whether it is the first, whether it has the path.
    let mut strips: HashMap<(u32, bool, bool), Links> = HashMap::new();
    let mut links = Links::new_within(board, meter.deadline())?;
    let mut begin = 0;
    for (band, &height) in layout.bands.iter().enumerate() {
        let with_path = layout.path_block.is_some_and(|(b, _)| b == band);
        let kind = (height, band == 0, with_path);
        if let Entry::Vacant(entry) = strips.entry(kind) {
            entry.insert(build_band(layout, band, 0, cols, path, meter)?);
        }
        let strip = strips[&kind].cells();
        links.cells_mut()[begin..begin + strip.len()].copy_from_slice(strip);
        begin += strip.len();
    }
    Ok(links)
}

/// The board's links with every band built and laid by itself, as a construction that tells
/// its story does (so that every block is told where it lies).
fn every_band(
    board: Board,
    layout: &Layout,
    path: Option<&(Links, Square)>,
    meter: &mut Meter,
) -> Result<Links, AssemblyError> {
    let cols = board.cols();
    let mut links = Links::new_within(board, meter.deadline())?;
    let mut top = 0;
    for (band, &height) in layout.bands.iter().enumerate() {
        let strip = build_band(layout, band, top, cols, path, meter)?;
        let begin = (top * cols) as usize;
        links.cells_mut()[begin..begin + strip.cells().len()].copy_from_slice(strip.cells());
        top += height;
    }
    Ok(links)
}
