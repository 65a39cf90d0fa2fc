//! Boards with both sides at least 5: blocks, their block tours, and the joins that make one tour.
//!
//! The rows are cut into bands and the columns into stripes, each 5 to 11 squares wide, so the
//! board becomes a grid of blocks. Every block carries a closed tour of its own (a *tile*),
//! but for the *path blocks* of [`super::corridor`]: on a board with both sides odd, the block
//! holding the start carries a path from the start; for a tour to a chosen end, the blocks on
//! the way from the start's block to the end's carry paths chained by knight moves. Then, with
//! the general splice of [`LinkedTour::splice`]:
//! - each block is joined to the block on its left: the left block's tour always holds the
//!   edge that cuts off its top-right corner, `(0, w−1)–(2, w−2)`; the right block's tile is
//!   searched with the edge `(1, 1)–(3, 0)`; the swap adds `(0, w−1)–(1, w+1)` and
//!   `(2, w−2)–(3, w)`;
//! - each band is joined to the band above it in the first stripe, by the transposed swap:
//!   the upper block's bottom-left corner edge `(h−1, 0)–(h−2, 2)` with the lower block's
//!   `(1, 1)–(0, 3)`.
//!
//! The joins form a spanning tree of the blocks and each removes two edges that no other join
//! touches, so the result is one cycle (or one path between the ends). A join of two path blocks is
//! their knight move instead (a *wire*), and a path block holds the edges of its other joins. The
//! cuts are runs of equal bands and stripes (eights, then a few others; for a path, the blocks of
//! its ends and the stretches between them runs of their own), and only the folded board is laid
//! (see [`super::fold`]): each run of bands or stripes cut to a few. Where no block tour fits,
//! other cuts are tried: around the start, when both sides are odd, so that its block is the odd
//! one; shifted, for an end on another board. A band is built once per kind, as a strip as wide as
//! the folded board, and copied into every band of that kind. A construction that tells its story
//! folds nothing and builds every band itself.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::iter;
use std::sync::{Arc, Mutex, OnceLock};

use super::block_tour::{BlockTourSpec, Shape, cached};
use super::corridor::{self, Anchor, Paths};
pub use super::error::AssemblyError;
use super::fold::{Axis, KEEP, Runs, UNFOLDED};
use super::joins::port_edge;
pub(super) use super::joins::{BLOCK_TOUR_BUDGET, Layout, Port};
use super::linked::LinkedTour;
use super::links::KnightLinks;
use super::meter::Meter;
use super::walk::Folded;
use crate::board::{Board, Square};
use crate::search::Limit;

/// Tiles found so far, by size and port, with the nodes their search took.
type TileCache = Mutex<HashMap<(u32, u32, Port), (Option<Arc<KnightLinks>>, u64)>>;

/// The closed tour of a `rows × cols` block with the edge of `port`, found once per process
/// and shared; `None` if the block has none.
#[cfg(test)]
pub fn tile(rows: u32, cols: u32, port: Port) -> Option<Arc<KnightLinks>> {
    tile_within(rows, cols, port, &mut Meter::unlimited())
        .ok()
        .flatten()
}

/// The tile of a block (`tile` in tests), its search's nodes charged to `meter` (see [`cached`]).
fn tile_within(
    rows: u32,
    cols: u32,
    port: Port,
    meter: &mut Meter,
) -> Result<Option<Arc<KnightLinks>>, Limit> {
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
    let spec = BlockTourSpec {
        rows,
        cols,
        shape: Shape::Cycle,
        required: port_edge(port).into_iter().collect(),
        bridges: Vec::new(),
        parts: Vec::new(),
    };
    let before = meter.spent();
    let found = cached(&spec, BLOCK_TOUR_BUDGET, meter)?.and_then(|tour| {
        let board = Board::new(u64::from(rows), u64::from(cols)).ok()?;
        Some(Arc::new(KnightLinks::from_order(board, &tour.order, true)))
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

/// A board tour laid out as links, with where its walk begins and ends.
#[derive(Debug)]
pub struct Assembled {
    /// The board's links, held folded.
    pub folded: Folded,
    /// The far end of the path (its last square), or `None` for a cycle.
    pub end: Option<Square>,
    /// How many blocks were joined (1: the board is one block tour, found by the block tour
    /// search).
    pub blocks: u64,
}

/// Stripes laid between two looks at the clock.
const STRIPES_PER_LOOK: usize = 1 << 12;

/// Builds band `band` of `layout` (its first row `top`) as a strip as wide as the board: its
/// blocks laid and joined left to right.
fn build_band(
    layout: &Layout,
    paths: &Paths,
    band: usize,
    top: u32,
    cols: u32,
    meter: &mut Meter,
) -> Result<KnightLinks, AssemblyError> {
    let rows = layout.bands[band];
    let strip_board =
        Board::new(u64::from(rows), u64::from(cols)).map_err(|_| AssemblyError::Memory)?;
    let mut strip = KnightLinks::new_within(strip_board, meter.deadline())?;
    // The few tiles this band uses, kept at hand: a band of a long board has millions of
    // stripes, and the shared cache takes a lock and a hash a lookup.
    let mut tiles: Vec<((u32, Port), Arc<KnightLinks>)> = Vec::new();
    let mut left = 0;
    for (stripe, &width) in layout.stripes.iter().enumerate() {
        if stripe.is_multiple_of(STRIPES_PER_LOOK) {
            meter.check_clock()?;
        }
        let at = Square::new(0, left);
        if let Some(tour) = paths.tour_at((band, stripe)) {
            strip.lay(tour, at);
            meter.laid(tour, Square::new(top, left));
        } else {
            let port = match (band, stripe) {
                (0, 0) => Port::Plain,
                (_, 0) => Port::Top,
                _ => Port::Left,
            };
            let tour = match tiles.iter().find(|(key, _)| *key == (width, port)) {
                Some((_, tour)) => Arc::clone(tour),
                None => {
                    let tour =
                        tile_within(rows, width, port, meter)?.ok_or(AssemblyError::NoBlockTour)?;
                    tiles.push(((width, port), Arc::clone(&tour)));
                    tour
                }
            };
            strip.lay(&tour, at);
            meter.laid(&tour, Square::new(top, left));
        }
        if stripe > 0 && !paths.wired((band, stripe - 1), (band, stripe)) {
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

/// The ends of a tour laid as a path: its first square, and its last if it is prescribed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathEnds {
    /// The first square.
    pub from: Square,
    /// The last square, or `None` where the path may end anywhere.
    pub to: Option<Square>,
}

/// The cuts of `board`'s rows and columns to try for a tour with `path`'s ends (a cycle when
/// `None`), in order.
fn cuts(board: Board, path: Option<PathEnds>) -> Vec<(Runs<u32>, Runs<u32>)> {
    let (rows, cols) = (board.rows(), board.cols());
    let (row_cuts, col_cuts) = match path {
        None => return vec![(split(rows), split(cols))],
        // Both sides odd: the start's block is the one odd block.
        Some(PathEnds { from, .. }) if board.has_odd_area() => {
            (splits_around(rows, from.row), splits_around(cols, from.col))
        }
        Some(_) => (shifted_splits(rows), shifted_splits(cols)),
    };
    let mut cuts = Vec::new();
    for bands in &row_cuts {
        for stripes in &col_cuts {
            cuts.push((bands.clone(), stripes.clone()));
        }
    }
    cuts
}

/// Cuts of a side of `len` squares into blocks of 5 to 11 ([`split`]'s blocks, in turn
/// reversed and after a first block of 6 or 10), so that a square that falls where no block tour
/// fits in one cut lies elsewhere in a block in another.
pub fn shifted_splits(len: u32) -> Vec<Runs<u32>> {
    let mut found = vec![split(len), split(len).reversed()];
    for first in [6, 10] {
        if len >= first + 5 {
            let mut blocks = Runs::of(first, 1);
            blocks.extend(&split(len - first));
            found.push(blocks);
        }
    }
    let mut distinct: Vec<Runs<u32>> = Vec::new();
    for blocks in found {
        if !distinct.contains(&blocks) {
            distinct.push(blocks);
        }
    }
    distinct
}

/// Where coordinate `x` of a side cut into `blocks` lies: the block of the laid side (`keep`
/// blocks kept of a run, the runs `marked` as [`Runs::marked`] tags them), the coordinate
/// within the block and the block's first coordinate on the board.
fn locate(blocks: &Runs<u32>, marked: &Runs<(u32, u32)>, keep: u32, x: u32) -> (usize, u32, u32) {
    let (number, first) = blocks.block_at(x).expect("the square is on the board");
    let folded = marked
        .folded_index(keep, number)
        .expect("the marked side has the same blocks");
    (folded, x - first, first)
}

/// Lays out and joins the tour of `board` (both sides at least 5): a closed tour when `path`
/// is `None`, else a path between its ends (from any start on a board with both sides odd, to
/// a given end on any); within the budget and deadline of `meter`. Unless the construction
/// tells its story, only the folded board is laid.
pub fn assemble(
    board: Board,
    path: Option<PathEnds>,
    meter: &mut Meter,
) -> Result<Assembled, AssemblyError> {
    let keep = if meter.is_telling() { UNFOLDED } else { KEEP };
    // The blocks of the path's ends are runs of their own, and so is every stretch between
    // them: the block tours of the blocks there depend on where the ends lie.
    let ends: Vec<Square> = path
        .iter()
        .flat_map(|ends| iter::once(ends.from).chain(ends.to))
        .collect();
    let spent_before = meter.spent();
    for (bands, stripes) in cuts(board, path) {
        let marks = |blocks: &Runs<u32>, coordinate: fn(&Square) -> u32| -> Vec<u64> {
            ends.iter()
                .filter_map(|square| blocks.block_at(coordinate(square)))
                .map(|(number, _)| number)
                .collect()
        };
        let marked_bands = bands.marked(&marks(&bands, |s| s.row));
        let marked_stripes = stripes.marked(&marks(&stripes, |s| s.col));
        let layout = Layout {
            bands: marked_bands.folded(keep).iter().map(|&(h, _)| h).collect(),
            stripes: marked_stripes
                .folded(keep)
                .iter()
                .map(|&(w, _)| w)
                .collect(),
        };
        let anchor = |square: Square| {
            let (band, row, top) = locate(&bands, &marked_bands, keep, square.row);
            let (stripe, col, left) = locate(&stripes, &marked_stripes, keep, square.col);
            let anchor = Anchor {
                block: (band, stripe),
                square: Square::new(row, col),
            };
            (anchor, Square::new(top, left))
        };
        let (paths, end) = match path {
            None => (Paths::none(), None),
            Some(ends) => {
                let (from, corner) = anchor(ends.from);
                let to = ends.to.map(|to| anchor(to).0);
                let Some(paths) = corridor::plan(&layout, from, to, meter)? else {
                    // An end no cut has placed within bounds is left to the search.
                    if to.is_some() && meter.spent() - spent_before > corridor::ROUTE_NODES {
                        break;
                    }
                    continue;
                };
                // Without an end, the path ends in the start's block where its block tour does.
                let end = ends.to.unwrap_or(Square::new(
                    corner.row + paths.last.row,
                    corner.col + paths.last.col,
                ));
                (paths, Some(end))
            }
        };
        // A layout given up tells nothing.
        meter.forget_story();
        let laid = Board::new(
            layout.bands.iter().map(|&h| u64::from(h)).sum(),
            layout.stripes.iter().map(|&w| u64::from(w)).sum(),
        )
        .map_err(|_| AssemblyError::Memory)?;
        match assemble_layout(laid, &layout, &paths, meter) {
            Err(AssemblyError::NoBlockTour) => continue,
            Err(other) => return Err(other),
            Ok(links) => {
                let rows = Axis::of(&marked_bands, keep, |(h, _)| h);
                let cols = Axis::of(&marked_stripes, keep, |(w, _)| w);
                return Ok(Assembled {
                    folded: Folded::new(links, rows, cols).map_err(|_| AssemblyError::Memory)?,
                    end,
                    blocks: bands.count() * stripes.count(),
                });
            }
        }
    }
    Err(AssemblyError::NoBlockTour)
}

/// The links of the laid board `board` (the folded board, unless the story is told) with every
/// band laid and joined, and the path blocks wired.
fn assemble_layout(
    board: Board,
    layout: &Layout,
    paths: &Paths,
    meter: &mut Meter,
) -> Result<KnightLinks, AssemblyError> {
    let mut links = if meter.is_telling() {
        every_band(board, layout, paths, meter)?
    } else {
        shared_bands(board, layout, paths, meter)?
    };
    // Join each band to the one above it in the first stripe.
    let mut top = 0;
    for (band, &height) in layout.bands.iter().enumerate() {
        if band > 0 && !paths.wired((band - 1, 0), (band, 0)) {
            let a1 = Square::new(top - 1, 0);
            let a2 = Square::new(top - 2, 2);
            let b1 = Square::new(top + 1, 1);
            let b2 = Square::new(top, 3);
            links.splice((a1, a2), (b1, b2));
            meter.spliced((a1, a2), (b1, b2));
        }
        top += height;
    }
    for &(exit, entry) in &paths.wires {
        links.connect(exit, entry);
    }
    if !paths.wires.is_empty() {
        meter.wired(&paths.wires);
    }
    Ok(links)
}

/// The board's links with every band laid and its blocks joined, each kind of band built once
/// and copied to every band of that kind.
fn shared_bands(
    board: Board,
    layout: &Layout,
    paths: &Paths,
    meter: &mut Meter,
) -> Result<KnightLinks, AssemblyError> {
    let cols = board.cols();
    // One strip per kind of band: its height, whether it is the first, and the band itself
    // when it holds a path block.
    let mut strips: HashMap<(u32, bool, Option<usize>), KnightLinks> = HashMap::new();
    let mut links = KnightLinks::new_within(board, meter.deadline())?;
    let mut begin = 0;
    for (band, &height) in layout.bands.iter().enumerate() {
        let with_path = paths.in_band(band).then_some(band);
        let kind = (height, band == 0, with_path);
        if let Entry::Vacant(entry) = strips.entry(kind) {
            entry.insert(build_band(layout, paths, band, 0, cols, meter)?);
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
    paths: &Paths,
    meter: &mut Meter,
) -> Result<KnightLinks, AssemblyError> {
    let cols = board.cols();
    let mut links = KnightLinks::new_within(board, meter.deadline())?;
    let mut top = 0;
    for (band, &height) in layout.bands.iter().enumerate() {
        let strip = build_band(layout, paths, band, top, cols, meter)?;
        let begin = (top * cols) as usize;
        links.cells_mut()[begin..begin + strip.cells().len()].copy_from_slice(strip.cells());
        top += height;
    }
    Ok(links)
}
