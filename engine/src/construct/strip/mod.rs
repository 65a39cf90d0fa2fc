//! Boards with a side of 3 or 4: strips built from blocks joined by two *wires* each.
//!
//! No two cycles of a 3- or 4-row strip can be joined by one swap, and 4×n has no closed tour
//! at all, so these boards are built another way. The strip is cut into blocks across its
//! length; at every cut two fixed knight moves (the wires) cross it. A block's tour is then
//! one or two paths that meet the wires at its sides:
//! - a *turn* at an end of the strip: one path between the two wires of its inner side;
//! - a *lane* block: two paths, each from a wire on one side to a wire on the other;
//! - the *start block*: a path from the start, its end free, passing out through the wires of
//!   each side that has blocks beyond it and back in through the other.
//!
//! The block tour search sees the two wires of a side as one *bridge* (a step between two squares
//! that stands for the rest of the tour beyond that side), so every block tour is one path with
//! bridges. Block tours left of the start use one geometry, block tours right of it its mirror
//! image, so the turns at both ends are the same block tour. On 4×n the side where the tour ends
//! has three wires a cut instead (out, back and out again; see [`open`] for the parity argument
//! that asks for it), its lanes three paths each and its last block a turn and the tour's end. A
//! closed tour of a 3×n strip is a turn, lanes and a turn of the other side. Long runs of equal
//! lanes are cut to a few on the board that is laid (see [`super::fold`]). Every block tour is
//! checked before use, and so is the tour.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use super::block_tour::{BlockTour, BlockTourSpec, Shape, cached};
use super::fold::{Axis, KEEP, Runs, UNFOLDED};
use super::layout::{Assembled, AssemblyError, BLOCK_TOUR_BUDGET};
use super::links::KnightLinks;
use super::meter::Meter;
use super::walk::Folded;
use crate::board::{Board, Square};

/// A knight move across a cut: `left` on the block before it (column −1 or −2 from the cut),
/// `right` on the block after it (column 0 or 1).
#[derive(Debug, Clone, Copy)]
struct Wire {
    left: (u32, u32),
    right: (u32, u32),
}

/// The wires of a strip height and the block widths that have block tours (found by the block tour
/// search; the construction checks each one it uses).
struct Geometry {
    wires: [Wire; 2],
    turns: &'static [u32],
    lanes: &'static [u32],
    /// Turns of the right end in the unmirrored geometry (closed tours only).
    ends: &'static [u32],
    /// Three wires a cut, for the side of a 4×n start where the tour ends: out, back and out
    /// again (a parity argument rules out two there; see [`open`]).
    three: Option<[Wire; 3]>,
    /// Widths of three-wire lanes.
    lanes3: &'static [u32],
    /// Widths of the last block of a three-wire side.
    ends3: &'static [u32],
}

/// The wire from `left` (row, columns back from the cut) to `right` (row, column after it).
const fn wire(left: (u32, u32), right: (u32, u32)) -> Wire {
    Wire { left, right }
}

fn geometry(height: u32) -> Geometry {
    // `left.1` is the distance back from the cut: 1 is the last column before it.
    if height == 3 {
        Geometry {
            wires: [wire((1, 2), (2, 0)), wire((2, 2), (1, 0))],
            turns: &[8, 10, 12],
            lanes: &[8, 4, 10, 12],
            ends: &[4, 8, 10, 12],
            three: None,
            lanes3: &[],
            ends3: &[],
        }
    } else {
        Geometry {
            wires: [wire((0, 1), (2, 0)), wire((3, 1), (1, 0))],
            turns: &[6, 5, 7, 8, 9, 10],
            lanes: &[8, 4, 5, 6, 7, 9, 10, 11, 12],
            ends: &[],
            three: Some([
                wire((1, 2), (0, 0)),
                wire((3, 1), (1, 0)),
                wire((3, 2), (2, 0)),
            ]),
            lanes3: &[8, 6],
            ends3: &[6, 4, 5, 7, 8],
        }
    }
}

/// The kinds of block tour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    /// The left end of the strip: a path between the wires of its right side.
    Turn,
    /// Two paths across the block.
    Lane,
    /// The right end of a closed strip: a path between the wires of its left side.
    End,
    /// Three paths across the block, each from a wire to the same wire.
    Lane3,
    /// The last block of a three-wire side: a path between its first two wires, and one from
    /// its third wire to the tour's end.
    End3,
}

impl Geometry {
    /// The ends of the wires on the left side of a block (its first columns).
    fn left_ports(&self) -> [Square; 2] {
        self.wires.map(|w| Square::new(w.right.0, w.right.1))
    }

    /// The ends of the wires on the right side of a block `width` wide.
    fn right_ports(&self, width: u32) -> [Square; 2] {
        self.wires.map(|w| Square::new(w.left.0, width - w.left.1))
    }

    fn spec(&self, height: u32, width: u32, kind: Kind) -> BlockTourSpec {
        let path = |from: Square, to: Option<Square>| Shape::Path { from, to };
        let (shape, bridges, parts) = match kind {
            Kind::Turn | Kind::Lane | Kind::End => {
                let [la, lb] = self.left_ports();
                let [ra, rb] = self.right_ports(width);
                match kind {
                    Kind::Turn => (path(ra, Some(rb)), vec![], vec![]),
                    Kind::Lane => (path(la, Some(lb)), vec![(ra, rb)], vec![]),
                    _ => (path(la, Some(lb)), vec![], vec![]),
                }
            }
            Kind::Lane3 | Kind::End3 => {
                let [y1, y2, y3] = self.left_ports3();
                let [x1, x2, x3] = self.right_ports3(width);
                if kind == Kind::Lane3 {
                    (
                        path(y1, Some(x3)),
                        vec![(x1, x2), (y2, y3)],
                        vec![(y1, Some(x1)), (x2, Some(y2)), (y3, Some(x3))],
                    )
                } else {
                    (
                        path(y1, None),
                        vec![(y2, y3)],
                        vec![(y1, Some(y2)), (y3, None)],
                    )
                }
            }
        };
        BlockTourSpec {
            rows: height,
            cols: width,
            shape,
            required: Vec::new(),
            bridges,
            parts,
        }
    }

    /// The ends of the three wires on the left side of a block.
    fn left_ports3(&self) -> [Square; 3] {
        self.three
            .expect("a geometry with three wires")
            .map(|w| Square::new(w.right.0, w.right.1))
    }

    /// The ends of the three wires on the right side of a block `width` wide.
    fn right_ports3(&self, width: u32) -> [Square; 3] {
        self.three
            .expect("a geometry with three wires")
            .map(|w| Square::new(w.left.0, width - w.left.1))
    }

    /// Joins the blocks on both sides of the cut before column `cut` by the three wires.
    fn connect3(&self, links: &mut KnightLinks, cut: u32, meter: &mut Meter) {
        let moves = self
            .three
            .expect("a geometry with three wires")
            .map(|wire| {
                let left = Square::new(wire.left.0, cut - wire.left.1);
                let right = Square::new(wire.right.0, cut + wire.right.1);
                links.connect(left, right);
                (left, right)
            });
        meter.wired(&moves);
    }

    /// The blocks of a three-wire side `len` wide, from the start outwards: lanes, then the
    /// last block.
    fn region3(&self, len: u32) -> Option<Runs<(u32, Kind)>> {
        self.ends3.iter().find_map(|&end| {
            let lanes = fill(self.lanes3, len.checked_sub(end)?)?;
            let mut blocks = Runs::new();
            for &(width, count) in lanes.runs() {
                blocks.push((width, Kind::Lane3), count);
            }
            blocks.push((end, Kind::End3), 1);
            Some(blocks)
        })
    }

    /// Joins the blocks on both sides of the cut before column `cut`, mirrored or not.
    fn connect(&self, links: &mut KnightLinks, cut: u32, mirrored: bool, meter: &mut Meter) {
        let moves = self.wires.map(|wire| {
            let (left, right) = if mirrored {
                (
                    Square::new(wire.right.0, cut - 1 - wire.right.1),
                    Square::new(wire.left.0, cut - 1 + wire.left.1),
                )
            } else {
                (
                    Square::new(wire.left.0, cut - wire.left.1),
                    Square::new(wire.right.0, cut + wire.right.1),
                )
            };
            links.connect(left, right);
            (left, right)
        });
        meter.wired(&moves);
    }

    /// Widths for a run of lanes `len` wide.
    fn lanes_for(&self, len: u32) -> Option<Runs<u32>> {
        fill(self.lanes, len)
    }

    /// Whether [`Geometry::region`] finds blocks for `len` (0 is an empty side).
    fn region_fits(&self, len: u32) -> bool {
        len == 0
            || self
                .turns
                .iter()
                .any(|&turn| len >= turn && fits(self.lanes, len - turn))
    }

    /// Whether [`Geometry::region3`] finds blocks for `len`.
    fn region3_fits(&self, len: u32) -> bool {
        self.ends3
            .iter()
            .any(|&end| len >= end && fits(self.lanes3, len - end))
    }

    /// The blocks of a region `len` wide that ends a strip: a turn, then lanes (in order away
    /// from the end).
    fn region(&self, len: u32) -> Option<Runs<(u32, Kind)>> {
        self.turns.iter().find_map(|&turn| {
            let lanes = self.lanes_for(len.checked_sub(turn)?)?;
            let mut blocks = Runs::of((turn, Kind::Turn), 1);
            for &(width, count) in lanes.runs() {
                blocks.push((width, Kind::Lane), count);
            }
            Some(blocks)
        })
    }
}

/// Widths from `sizes` adding up to `len`: eights while far from the end, then the fewest
/// blocks that fit exactly (a small table over the rest).
fn fill(sizes: &[u32], len: u32) -> Option<Runs<u32>> {
    let (eights, rest) = split_eights(sizes, len);
    let mut widths = Runs::of(8, eights);
    for width in fill_rest(sizes, rest)? {
        widths.push(width, 1);
    }
    Some(widths)
}

/// Whether [`fill`] succeeds, without building the widths.
fn fits(sizes: &[u32], len: u32) -> bool {
    fill_rest(sizes, split_eights(sizes, len).1).is_some()
}

/// How many blocks of 8 [`fill`] takes first, and what is left.
fn split_eights(sizes: &[u32], len: u32) -> (u32, u32) {
    if len > 48 && sizes.contains(&8) {
        let eights = (len - 48).div_ceil(8);
        (eights, len - 8 * eights)
    } else {
        (0, len)
    }
}

/// The fewest widths from `sizes` adding up to `rest` (at most a few dozen).
fn fill_rest(sizes: &[u32], rest: u32) -> Option<Vec<u32>> {
    let mut best: Vec<Option<u32>> = vec![None; rest as usize + 1];
    let mut count = vec![u32::MAX; rest as usize + 1];
    count[0] = 0;
    for total in 1..=rest {
        for &size in sizes {
            if size <= total && count[(total - size) as usize] != u32::MAX {
                let through = count[(total - size) as usize] + 1;
                if through < count[total as usize] {
                    count[total as usize] = through;
                    best[total as usize] = Some(size);
                }
            }
        }
    }
    let mut widths = Vec::new();
    let mut rest = rest;
    while rest > 0 {
        let size = best[rest as usize]?;
        widths.push(size);
        rest -= size;
    }
    Some(widths)
}

/// The links of a block tour (its bridges left open), mirrored left to right when asked.
fn tour_links(tour: &BlockTour, mirrored: bool) -> Result<KnightLinks, AssemblyError> {
    let (height, width) = (tour.spec.rows, tour.spec.cols);
    let board =
        Board::new(u64::from(height), u64::from(width)).map_err(|_| AssemblyError::NoBlockTour)?;
    let flip = |s: Square| {
        if mirrored {
            Square::new(s.row, width - 1 - s.col)
        } else {
            s
        }
    };
    let order: Vec<Square> = tour.order.iter().map(|&s| flip(s)).collect();
    let bridges: Vec<(Square, Square)> = tour
        .spec
        .bridges
        .iter()
        .map(|&(a, b)| (flip(a), flip(b)))
        .collect();
    Ok(KnightLinks::with_bridges(board, &order, false, &bridges))
}

/// The links of each kind of block on a side, by width and kind, with its block tour's last square.
type SideTours = HashMap<(u32, Kind), (KnightLinks, Square)>;

/// The links of each kind of block on a side, found once however often the block repeats, and
/// the last square of its block tour.
fn side_tours(
    geometry: &Geometry,
    height: u32,
    blocks: &[(u32, Kind)],
    mirrored: bool,
    meter: &mut Meter,
) -> Result<SideTours, AssemblyError> {
    let mut made = HashMap::new();
    for &(width, kind) in blocks {
        if let Entry::Vacant(entry) = made.entry((width, kind)) {
            let tour = cached(
                &geometry.spec(height, width, kind),
                BLOCK_TOUR_BUDGET,
                meter,
            )?
            .ok_or(AssemblyError::NoBlockTour)?;
            let last = *tour.order.last().expect("a tour has squares");
            entry.insert((tour_links(&tour, mirrored)?, last));
        }
    }
    Ok(made)
}

/// Lays the blocks of one side of the strip: `blocks` in order from the strip's end, the side
/// beginning at column `from` (`mirrored`: ending at column `from`, going leftwards), each
/// joined to the block before it. A three-wire side runs from the start block rightwards and
/// its first block is joined to the start block too; for it the last square of its last
/// block's tour is returned, in that block's coordinates.
fn lay_side(
    links: &mut KnightLinks,
    geometry: &Geometry,
    blocks: &[(u32, Kind)],
    from: u32,
    mirrored: bool,
    meter: &mut Meter,
) -> Result<Option<Square>, AssemblyError> {
    let three = blocks.iter().any(|&(_, kind)| kind == Kind::End3);
    let made = side_tours(geometry, links.board().rows(), blocks, mirrored, meter)?;
    let mut cut = from;
    for (i, &(width, kind)) in blocks.iter().enumerate() {
        meter.check_clock()?;
        let first_column = if mirrored { cut - width } else { cut };
        let (tour, _) = &made[&(width, kind)];
        links.lay(tour, Square::new(0, first_column));
        meter.laid(tour, Square::new(0, first_column));
        if three {
            geometry.connect3(links, cut, meter);
        } else if i > 0 {
            geometry.connect(links, cut, mirrored, meter);
        }
        cut = if mirrored { cut - width } else { cut + width };
    }
    Ok(blocks.last().map(|block| made[block].1))
}

/// The blocks a construction lays of a run: all of them when it tells its story, else a few
/// (see [`super::fold`]).
fn keep(meter: &Meter) -> u32 {
    if meter.is_telling() { UNFOLDED } else { KEEP }
}

/// The columns `blocks` take.
fn length(blocks: &[(u32, Kind)]) -> u32 {
    blocks.iter().map(|&(width, _)| width).sum()
}

/// The board laid: `height` rows of `len` columns.
fn laid_board(height: u32, len: u32) -> Result<Board, AssemblyError> {
    Board::new(u64::from(height), u64::from(len)).map_err(|_| AssemblyError::Memory)
}

/// The widths of `blocks`' runs, for an [`Axis`].
fn widths(blocks: &Runs<(u32, Kind)>) -> impl Iterator<Item = (u32, u32)> + '_ {
    blocks
        .runs()
        .iter()
        .map(|&((width, _), count)| (width, count))
}

/// A closed tour of a 3×n strip laid out along its columns (n even, at least 10), within the
/// budget and deadline of `meter`.
pub fn closed(board: Board, meter: &mut Meter) -> Result<Assembled, AssemblyError> {
    let (height, len) = (board.rows(), board.cols());
    let geometry = geometry(height);
    if len <= 12 {
        // Short enough to be one block.
        let spec = BlockTourSpec {
            rows: height,
            cols: len,
            shape: Shape::Cycle,
            required: Vec::new(),
            bridges: Vec::new(),
            parts: Vec::new(),
        };
        let tour = cached(&spec, BLOCK_TOUR_BUDGET, meter)?.ok_or(AssemblyError::NoBlockTour)?;
        let links = KnightLinks::from_order(board, &tour.order, true);
        meter.laid(&links, Square::new(0, 0));
        return Ok(Assembled {
            folded: Folded::whole(links).map_err(|_| AssemblyError::Memory)?,
            end: None,
            blocks: 1,
        });
    }
    let keep = keep(meter);
    for &end in geometry.ends {
        let Some(mut blocks) = geometry.region(len - end) else {
            continue;
        };
        blocks.push((end, Kind::End), 1);
        let laid = blocks.folded(keep);
        let laid_board = laid_board(height, length(&laid))?;
        let mut links = KnightLinks::new_within(laid_board, meter.deadline())?;
        lay_side(&mut links, &geometry, &laid, 0, false, meter)?;
        let cols = Axis::new(widths(&blocks), keep);
        return Ok(Assembled {
            folded: Folded::new(links, Axis::whole(height), cols)
                .map_err(|_| AssemblyError::Memory)?,
            end: None,
            blocks: blocks.count(),
        });
    }
    Err(AssemblyError::NoBlockTour)
}

/// An open tour of a 3×n or 4×n strip (laid out along its columns) from `start`.
///
/// The blocks left of the start block form a two-wire side (a turn at the strip's end, then
/// lanes); those right of it another, mirrored, or on 4×n boards a three-wire side. Why three:
/// on 4×n no two squares of the outer rows are a move apart, and every wire square on the
/// start block's side of a two-wire cut is on an inner row (the turn at the far end needs both
/// outer ones), so a start block with two-wire sides left and right would hold more path ends
/// on inner rows than its outer squares can pair with. The tour then goes out and back on one
/// side, and out, back and out again on the other, where it ends.
pub fn open(board: Board, start: Square, meter: &mut Meter) -> Result<Assembled, AssemblyError> {
    let (height, len) = (board.rows(), board.cols());
    let geometry = geometry(height);
    let mut candidates = start_blocks(&geometry, len, start.col, false);
    if geometry.three.is_some() {
        candidates.extend(start_blocks(&geometry, len, start.col, true));
    }
    for (begin, width, three) in candidates {
        let block = StartBlock {
            begin,
            width,
            three,
            has_left: begin > 0,
            has_right: begin + width < len,
        };
        let local = Square::new(start.row, start.col - begin);
        let Some(spec) = block.spec(&geometry, height, local) else {
            continue;
        };
        let Some(tour) = cached(&spec, START_BUDGET, meter)? else {
            continue;
        };
        return block.assemble(board, &geometry, &tour, meter);
    }
    Err(AssemblyError::NoBlockTour)
}

/// Where the start block of an open strip lies, and what it joins.
#[derive(Debug, Clone, Copy)]
struct StartBlock {
    /// Its first column.
    begin: u32,
    width: u32,
    /// Whether the side right of it is a three-wire side (4×n).
    three: bool,
    has_left: bool,
    has_right: bool,
}

impl StartBlock {
    /// The block tour this block needs: a path from `local` (the start, in the block), bridging the
    /// wires of its sides; `None` where the path would have to end where it starts.
    fn spec(&self, geometry: &Geometry, height: u32, local: Square) -> Option<BlockTourSpec> {
        let mut bridges = Vec::new();
        if self.has_left {
            let [la, lb] = geometry.left_ports();
            bridges.push((la, lb));
        }
        let mut to = None;
        if self.three {
            let [x1, x2, x3] = geometry.right_ports3(self.width);
            bridges.push((x1, x2));
            to = Some(x3);
        } else if self.has_right {
            let [la, lb] = geometry.left_ports();
            let mirror = |s: Square| Square::new(s.row, self.width - 1 - s.col);
            bridges.push((mirror(la), mirror(lb)));
        }
        (to != Some(local)).then(|| BlockTourSpec {
            rows: height,
            cols: self.width,
            shape: Shape::Path { from: local, to },
            required: Vec::new(),
            bridges,
            parts: Vec::new(),
        })
    }

    /// The whole strip around this block's `tour`: the blocks of both sides (built only for
    /// the start block that was found), laid and joined to it.
    fn assemble(
        &self,
        board: Board,
        geometry: &Geometry,
        tour: &BlockTour,
        meter: &mut Meter,
    ) -> Result<Assembled, AssemblyError> {
        let Self {
            begin,
            width,
            three,
            has_left,
            has_right,
        } = *self;
        let (height, len) = (board.rows(), board.cols());
        let left = if has_left {
            geometry.region(begin).ok_or(AssemblyError::NoBlockTour)?
        } else {
            Runs::new()
        };
        let right_len = len - begin - width;
        let right = match (has_right, three) {
            (false, _) => Runs::new(),
            (true, false) => geometry
                .region(right_len)
                .ok_or(AssemblyError::NoBlockTour)?,
            (true, true) => geometry
                .region3(right_len)
                .ok_or(AssemblyError::NoBlockTour)?,
        };
        // The board laid: both sides folded, the start block between them.
        let keep = keep(meter);
        let (left_laid, right_laid) = (left.folded(keep), right.folded(keep));
        let at = length(&left_laid);
        let laid_len = at + width + length(&right_laid);
        let mut links = KnightLinks::new_within(laid_board(height, laid_len)?, meter.deadline())?;
        lay_side(&mut links, geometry, &left_laid, 0, false, meter)?;
        let start_tour = tour_links(tour, false)?;
        links.lay(&start_tour, Square::new(0, at));
        meter.laid(&start_tour, Square::new(0, at));
        if !left.is_empty() {
            geometry.connect(&mut links, at, false, meter);
        }
        // The right side's blocks from left to right, as the axis lists them.
        let (end, right_runs) = if three {
            let last = lay_side(&mut links, geometry, &right_laid, at + width, false, meter)?
                .ok_or(AssemblyError::NoBlockTour)?;
            let (last_width, _) = right.last().ok_or(AssemblyError::NoBlockTour)?;
            (Square::new(last.row, len - last_width + last.col), right)
        } else {
            lay_side(&mut links, geometry, &right_laid, laid_len, true, meter)?;
            if !right.is_empty() {
                geometry.connect(&mut links, at + width, true, meter);
            }
            let end = tour.order.last().expect("a tour has squares");
            (Square::new(end.row, begin + end.col), right.reversed())
        };
        let cols = Axis::new(
            widths(&left).chain([(width, 1)]).chain(widths(&right_runs)),
            keep,
        );
        Ok(Assembled {
            folded: Folded::new(links, Axis::whole(height), cols)
                .map_err(|_| AssemblyError::Memory)?,
            end: Some(end),
            blocks: left.count() + 1 + right_runs.count(),
        })
    }
}

/// The node budget of one start block's search.
const START_BUDGET: u64 = 100_000;

/// The widest start block tried.
const START_WIDTHS: std::ops::RangeInclusive<u32> = 3..=16;

/// Start blocks to try for a start in column `col` (see [`Candidate`]), narrow blocks with the
/// start near their middle first.
fn start_blocks(geometry: &Geometry, len: u32, col: u32, three: bool) -> Vec<Candidate> {
    let mut found = Vec::new();
    for width in START_WIDTHS.filter(|&w| w <= len) {
        let mut begins: Vec<u32> = (col.saturating_sub(width - 1)..=col.min(len - width)).collect();
        begins.sort_by_key(|&b| (2 * (col - b)).abs_diff(width - 1));
        for begin in begins {
            let right = len - begin - width;
            let right_fits = if three {
                right > 0 && geometry.region3_fits(right)
            } else {
                geometry.region_fits(right)
            };
            // On 4×n two two-wire sides cannot both meet the start block (the parity
            // argument of [`open`]): no search for those.
            let both_two_wire = !three && geometry.three.is_some() && begin > 0 && right > 0;
            if geometry.region_fits(begin) && right_fits && !both_two_wire {
                found.push((begin, width, three));
            }
        }
    }
    if !three && len <= 16 && !found.iter().any(|&(b, w, _)| b == 0 && w == len) {
        found.push((0, len, false));
    }
    found
}

/// A start block to try: its first column, its width, and whether the side right of it has
/// three wires.
type Candidate = (u32, u32, bool);

#[cfg(test)]
mod tests;
