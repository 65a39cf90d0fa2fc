//! Path blocks: the blocks of a tour from a start, or between a start and a chosen end, that
//! carry paths instead of cycles, and the knight moves that chain those paths into one.
//!
//! Splicing a cycle into a path keeps the path's two ends, so the ends of the tour are placed
//! by the paths alone. The block holding the start carries a path from it. With an end in
//! another block, the tour runs from the start's block to the end's along the joins' own tree
//! (see [`super::layout`]: along the start's band to the first stripe, up or down the first
//! stripe to the end's band, along it to the end's block): each block on the way, the
//! *corridor*, carries a path from a square a knight's move from the last block's exit (its
//! *entry*) to a square a knight's move from the next block's entry (its *exit*), and the end's
//! block a path from its entry to the end. A join between two blocks of the corridor is that
//! knight move (a *wire*); every other join is a splice as before, so each path block holds
//! the edges of the splices with its other neighbours, and the joins still form a tree.
//!
//! Colours fix where entries may lie: every block but an odd one has as many squares of each
//! colour, so every entry after the start's block has one colour, which the start and the
//! size of its block give. The block tours are found by the block tour search, from the end's block
//! back to the start's: each block's exit is one of the few squares a knight's move from the
//! next block's entry, and its entry the first that has a path (backtracking when the block
//! before it finds none). Runs of equal blocks must hold equal bytes (see [`super::fold`]):
//! a corridor block that follows an equal one (the same size, sides, ports and colours)
//! enters at that kind's *periodic* entry, the first from which a path leaves a knight's move
//! from the same square of the next equal block, so that every block inside a run holds the
//! same block tour.

use std::collections::HashMap;

use super::block_tour::{BlockTourOutcome, BlockTourSpec, Shape, cached, find_block_tour_within};
use super::joins::{BLOCK_TOUR_BUDGET, Layout, join_edges};
use super::links::KnightLinks;
use super::meter::Meter;
use crate::board::{Board, KNIGHT_MOVES, Square};
use crate::search::Limit;

/// A block of the laid board: `(band, stripe)`.
pub type BlockAt = (usize, usize);

/// The node budget of one path searched between two given squares of a corridor block (a
/// path that exists is found in a few hundred nodes; the budget bounds the ones that do not).
const CORRIDOR_BUDGET: u64 = 20_000;

/// Block tour searches one corridor may try before it is given up.
const MAX_TRIES: u32 = 600;

/// Nodes the corridors of a tour to an end may spend, over all the cuts tried, before the end
/// is left to the search (a corridor that is found takes a few hundred thousand at most).
pub const ROUTE_NODES: u64 = 5_000_000;

/// A square of a block, given as the block and the square within it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Anchor {
    /// The block.
    pub block: BlockAt,
    /// The square, in the block's coordinates.
    pub square: Square,
}

/// The path blocks of a board and how they join: the block tours, and the wires between them.
#[derive(Debug)]
pub struct Paths {
    /// Each path block with its block tour, in the order the tour passes them.
    tours: Vec<(BlockAt, KnightLinks)>,
    /// Where each path block's tour is in `tours`.
    places: HashMap<BlockAt, usize>,
    /// The knight moves from each path block's last square to the next one's first, on the
    /// laid board.
    pub wires: Vec<(Square, Square)>,
    /// The tour's last square, in the last path block's coordinates.
    pub last: Square,
}

impl Paths {
    /// No path blocks: a board of cycles.
    pub fn none() -> Self {
        Self::new(Vec::new(), Vec::new(), Square::new(0, 0))
    }

    fn new(tours: Vec<(BlockAt, KnightLinks)>, wires: Vec<(Square, Square)>, last: Square) -> Self {
        let places = tours
            .iter()
            .enumerate()
            .map(|(place, &(at, _))| (at, place))
            .collect();
        Self {
            tours,
            places,
            wires,
            last,
        }
    }

    /// The block tour of the path block at `at`, if it is one.
    pub fn tour_at(&self, at: BlockAt) -> Option<&KnightLinks> {
        self.places.get(&at).map(|&place| &self.tours[place].1)
    }

    /// Whether the join of the neighbouring blocks `a` and `b` is a wire (both carry paths)
    /// rather than a splice.
    pub fn wired(&self, a: BlockAt, b: BlockAt) -> bool {
        self.places.contains_key(&a) && self.places.contains_key(&b)
    }

    /// Whether band `band` holds a path block.
    pub fn in_band(&self, band: usize) -> bool {
        self.tours.iter().any(|&((b, _), _)| b == band)
    }
}

/// The blocks on the joins' tree from `from` to `to`, both included, in order.
pub fn tree_path(from: BlockAt, to: BlockAt) -> Vec<BlockAt> {
    let along = |band: usize, first: usize, last: usize| -> Vec<BlockAt> {
        if first <= last {
            (first..=last).map(|stripe| (band, stripe)).collect()
        } else {
            (last..=first).rev().map(|stripe| (band, stripe)).collect()
        }
    };
    if from.0 == to.0 {
        return along(from.0, from.1, to.1);
    }
    let mut path = along(from.0, from.1, 0);
    let bands: Vec<usize> = if from.0 < to.0 {
        (from.0 + 1..to.0).collect()
    } else {
        (to.0 + 1..from.0).rev().collect()
    };
    path.extend(bands.into_iter().map(|band| (band, 0)));
    path.extend(along(to.0, 0, to.1));
    path
}

/// A side of a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Side {
    Left,
    Right,
    Up,
    Down,
}

impl Side {
    /// The side of block `from` that faces its neighbour `to`.
    fn towards(from: BlockAt, to: BlockAt) -> Self {
        match (from.0 == to.0, to.1 > from.1, to.0 > from.0) {
            (true, true, _) => Side::Right,
            (true, false, _) => Side::Left,
            (false, _, true) => Side::Down,
            (false, _, false) => Side::Up,
        }
    }
}

/// What makes two corridor blocks hold the same block tour when they enter at the same square:
/// their size, the sides the corridor enters and leaves by, the edges their splices need and
/// the colour of their first square.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Kind {
    rows: u32,
    cols: u32,
    entry: Option<Side>,
    exit: Option<Side>,
    required: Vec<(Square, Square)>,
    colour: u32,
}

/// A path found for one block: its entry and exit (block coordinates) and its squares.
#[derive(Debug, Clone)]
struct Choice {
    entry: Square,
    exit: Square,
    order: Vec<Square>,
}

/// One block of the backward search: the pairs of entry and exit to try, and what it chose.
struct Frame {
    /// The block's place on the corridor.
    place: usize,
    pairs: Vec<(Square, Square)>,
    next: usize,
    chosen: Option<Choice>,
    /// Entries from which the blocks before this one found no way.
    dead: Vec<Square>,
}

/// Finds the path blocks of `layout` for a tour from `from` to `to` (its end free when
/// `None`): `None` when a block tour cannot be found. The searches' nodes are charged to `meter`.
pub fn plan(
    layout: &Layout,
    from: Anchor,
    to: Option<Anchor>,
    meter: &mut Meter,
) -> Result<Option<Paths>, Limit> {
    let corridor = Corridor::new(layout, from, to);
    match to {
        Some(to) if to.block != from.block => corridor.thread(to, meter),
        _ => corridor.single(to, meter),
    }
}

/// The corridor of one layout: its blocks and where they lie.
struct Corridor<'a> {
    layout: &'a Layout,
    blocks: Vec<BlockAt>,
    from: Anchor,
    /// The first row of each band and the first column of each stripe.
    tops: Vec<u32>,
    lefts: Vec<u32>,
    /// The colour (`(row + col) % 2` on the laid board) of every entry after the first block.
    entry_colour: u32,
}

/// The first coordinate of each block of a side cut into `widths`.
fn firsts(widths: &[u32]) -> Vec<u32> {
    widths
        .iter()
        .scan(0, |first, &width| {
            let this = *first;
            *first += width;
            Some(this)
        })
        .collect()
}

impl<'a> Corridor<'a> {
    fn new(layout: &'a Layout, from: Anchor, to: Option<Anchor>) -> Self {
        let blocks = match to {
            Some(to) => tree_path(from.block, to.block),
            None => vec![from.block],
        };
        let tops = firsts(&layout.bands);
        let lefts = firsts(&layout.stripes);
        let (band, stripe) = from.block;
        let start = Square::new(
            tops[band] + from.square.row,
            lefts[stripe] + from.square.col,
        );
        let area = layout.bands[band] * layout.stripes[stripe];
        Self {
            layout,
            blocks,
            from,
            tops,
            lefts,
            entry_colour: (start.row + start.col + area) % 2,
        }
    }

    /// The top-left square of the block at `at` and its size.
    fn geometry(&self, at: BlockAt) -> (Square, u32, u32) {
        let corner = Square::new(self.tops[at.0], self.lefts[at.1]);
        (corner, self.layout.bands[at.0], self.layout.stripes[at.1])
    }

    /// The corridor's `k`-th block's neighbours on the corridor.
    fn neighbours(&self, k: usize) -> (Option<BlockAt>, Option<BlockAt>) {
        let before = k.checked_sub(1).map(|j| self.blocks[j]);
        (before, self.blocks.get(k + 1).copied())
    }

    /// The kind of the corridor's `k`-th block.
    fn kind(&self, k: usize) -> Kind {
        let at = self.blocks[k];
        let (corner, rows, cols) = self.geometry(at);
        let (before, after) = self.neighbours(k);
        let wired: Vec<BlockAt> = before.into_iter().chain(after).collect();
        Kind {
            rows,
            cols,
            entry: before.map(|b| Side::towards(at, b)),
            exit: after.map(|a| Side::towards(at, a)),
            required: join_edges(self.layout, at, &wired),
            colour: (corner.row + corner.col) % 2,
        }
    }

    /// The one path block of a tour whose ends both lie in the start's block.
    fn single(&self, to: Option<Anchor>, meter: &mut Meter) -> Result<Option<Paths>, Limit> {
        let at = self.from.block;
        let (_, rows, cols) = self.geometry(at);
        let required = join_edges(self.layout, at, &[]);
        let spec = path_spec(
            rows,
            cols,
            self.from.square,
            to.map(|to| to.square),
            required,
        );
        let Some(order) = search_path(&spec, BLOCK_TOUR_BUDGET, false, meter)? else {
            return Ok(None);
        };
        let links = tour_links(rows, cols, &order);
        let last = *order.last().expect("a tour has squares");
        Ok(Some(Paths::new(vec![(at, links)], Vec::new(), last)))
    }

    /// Squares near `side` of a `rows × cols` block whose corner has colour `colour` that have
    /// the entries' colour, the line along the side first.
    fn entries_near(&self, side: Side, rows: u32, cols: u32, colour: u32) -> Vec<Square> {
        // The two lines along the side, the outer first, and whether they are columns.
        let (lines, columns) = match side {
            Side::Left => ([0, 1], true),
            Side::Right => ([cols - 1, cols - 2], true),
            Side::Up => ([0, 1], false),
            Side::Down => ([rows - 1, rows - 2], false),
        };
        let len = if columns { rows } else { cols };
        let squares = lines.into_iter().flat_map(|line| {
            (0..len).map(move |at| {
                if columns {
                    Square::new(at, line)
                } else {
                    Square::new(line, at)
                }
            })
        });
        squares
            .filter(|square| (colour + square.row + square.col) % 2 == self.entry_colour)
            .collect()
    }

    /// The squares of the block at `at` a knight's move from `target` (laid board coordinates,
    /// which may lie past the board's edge), in the block's coordinates.
    fn exits_to(&self, at: BlockAt, target: (i64, i64)) -> Vec<Square> {
        let (corner, rows, cols) = self.geometry(at);
        KNIGHT_MOVES
            .iter()
            .filter_map(|&(dr, dc)| {
                let row = target.0 + i64::from(dr) - i64::from(corner.row);
                let col = target.1 + i64::from(dc) - i64::from(corner.col);
                let inside =
                    (0..i64::from(rows)).contains(&row) && (0..i64::from(cols)).contains(&col);
                inside.then(|| Square::new(row as u32, col as u32))
            })
            .collect()
    }

    /// The laid board's coordinates of `square` of the block at `at`.
    fn laid(&self, at: BlockAt, square: Square) -> Square {
        let (corner, _, _) = self.geometry(at);
        Square::new(corner.row + square.row, corner.col + square.col)
    }

    /// A path over the corridor's `k`-th block from `entry` to `exit`, if the search finds one.
    fn path(
        &self,
        k: usize,
        entry: Square,
        exit: Square,
        meter: &mut Meter,
    ) -> Result<Option<Vec<Square>>, Limit> {
        let kind = self.kind(k);
        let spec = path_spec(kind.rows, kind.cols, entry, Some(exit), kind.required);
        // The corridor's inner blocks hold block tours of a few kinds, shared across requests; the
        // first and last depend on the request's squares.
        let shared = k > 0 && k + 1 < self.blocks.len();
        search_path(&spec, CORRIDOR_BUDGET, shared, meter)
    }

    /// The entry of a periodic kind (the `k`-th block's): the first from which a path leaves
    /// a knight's move from the same square of the next block of the same kind.
    fn periodic_entry(
        &self,
        k: usize,
        tries: &mut u32,
        meter: &mut Meter,
    ) -> Result<Option<Square>, Limit> {
        let kind = self.kind(k);
        let (Some(entry_side), Some(exit_side)) = (kind.entry, kind.exit) else {
            return Ok(None);
        };
        let at = self.blocks[k];
        let (rows, cols) = (i64::from(kind.rows), i64::from(kind.cols));
        let shift = match exit_side {
            Side::Left => (0, -cols),
            Side::Right => (0, cols),
            Side::Up => (-rows, 0),
            Side::Down => (rows, 0),
        };
        for entry in self.entries_near(entry_side, kind.rows, kind.cols, kind.colour) {
            let laid = self.laid(at, entry);
            let next = (i64::from(laid.row) + shift.0, i64::from(laid.col) + shift.1);
            for exit in self.exits_to(at, next) {
                if *tries >= MAX_TRIES {
                    return Ok(None);
                }
                *tries += 1;
                if exit != entry && self.path(k, entry, exit, meter)?.is_some() {
                    return Ok(Some(entry));
                }
            }
        }
        Ok(None)
    }

    /// The pairs of entry and exit the corridor's `k`-th block may use when the next block
    /// enters at `next_entry` (laid board; `None` for the end's block).
    fn pairs(
        &self,
        k: usize,
        next_entry: Option<Square>,
        to: Anchor,
        periodic: &mut HashMap<Kind, Option<Square>>,
        tries: &mut u32,
        meter: &mut Meter,
    ) -> Result<Vec<(Square, Square)>, Limit> {
        let at = self.blocks[k];
        let exits = match next_entry {
            None => vec![to.square],
            Some(next) => self.exits_to(at, (i64::from(next.row), i64::from(next.col))),
        };
        let kind = self.kind(k);
        let follows_its_kind = k >= 2 && k + 1 < self.blocks.len() && self.kind(k - 1) == kind;
        let entries = if k == 0 {
            vec![self.from.square]
        } else if follows_its_kind {
            let entry = match periodic.get(&kind) {
                Some(&entry) => entry,
                None => {
                    let entry = self.periodic_entry(k, tries, meter)?;
                    periodic.insert(kind.clone(), entry);
                    entry
                }
            };
            entry.into_iter().collect()
        } else {
            let side = kind.entry.expect("a block after the first has an entry");
            self.entries_near(side, kind.rows, kind.cols, kind.colour)
        };
        Ok(entries
            .iter()
            .flat_map(|&entry| exits.iter().map(move |&exit| (entry, exit)))
            .filter(|(entry, exit)| entry != exit)
            .collect())
    }

    /// The corridor's block tours from the start's block to `to`'s, found from the end back (see
    /// the module doc).
    fn thread(&self, to: Anchor, meter: &mut Meter) -> Result<Option<Paths>, Limit> {
        let mut periodic = HashMap::new();
        let mut tries = 0;
        let last = self.blocks.len() - 1;
        let pairs = self.pairs(last, None, to, &mut periodic, &mut tries, meter)?;
        let mut frames = vec![Frame {
            place: last,
            pairs,
            next: 0,
            chosen: None,
            dead: Vec::new(),
        }];
        while let Some(frame) = frames.last_mut() {
            let k = frame.place;
            let mut found = None;
            while let Some(&(entry, exit)) = frame.pairs.get(frame.next) {
                frame.next += 1;
                if frame.dead.contains(&entry) {
                    continue;
                }
                if tries >= MAX_TRIES {
                    return Ok(None);
                }
                tries += 1;
                if let Some(order) = self.path(k, entry, exit, meter)? {
                    found = Some(Choice { entry, exit, order });
                    break;
                }
            }
            let Some(choice) = found else {
                frames.pop();
                if let Some(after) = frames.last_mut()
                    && let Some(choice) = after.chosen.take()
                {
                    after.dead.push(choice.entry);
                }
                continue;
            };
            let entry = self.laid(self.blocks[k], choice.entry);
            frame.chosen = Some(choice);
            if k == 0 {
                return Ok(Some(self.paths(&frames)));
            }
            let pairs = self.pairs(k - 1, Some(entry), to, &mut periodic, &mut tries, meter)?;
            frames.push(Frame {
                place: k - 1,
                pairs,
                next: 0,
                chosen: None,
                dead: Vec::new(),
            });
        }
        Ok(None)
    }

    /// The path blocks of the choices in `frames` (the end's block first).
    fn paths(&self, frames: &[Frame]) -> Paths {
        let choices: Vec<&Choice> = frames
            .iter()
            .rev()
            .map(|frame| frame.chosen.as_ref().expect("every block chose"))
            .collect();
        let tours = choices
            .iter()
            .zip(&self.blocks)
            .map(|(choice, &at)| {
                let (_, rows, cols) = self.geometry(at);
                (at, tour_links(rows, cols, &choice.order))
            })
            .collect();
        let wires = choices
            .windows(2)
            .zip(self.blocks.windows(2))
            .map(|(pair, blocks)| {
                (
                    self.laid(blocks[0], pair[0].exit),
                    self.laid(blocks[1], pair[1].entry),
                )
            })
            .collect();
        let last = choices.last().expect("a corridor has blocks").exit;
        Paths::new(tours, wires, last)
    }
}

/// The spec of a path over a `rows × cols` block from `from` (to `to` if given) that holds
/// `required`.
fn path_spec(
    rows: u32,
    cols: u32,
    from: Square,
    to: Option<Square>,
    required: Vec<(Square, Square)>,
) -> BlockTourSpec {
    BlockTourSpec {
        rows,
        cols,
        shape: Shape::Path { from, to },
        required,
        bridges: Vec::new(),
        parts: Vec::new(),
    }
}

/// The links of a path block tour of a `rows × cols` block.
fn tour_links(rows: u32, cols: u32, order: &[Square]) -> KnightLinks {
    let board = Board::new(u64::from(rows), u64::from(cols)).expect("a block is a board");
    KnightLinks::from_order(board, order, false)
}

/// The squares of the path `spec` asks for, searched within `budget` (kept in the process's
/// cache of block tours when `shared`); `None` when the search finds none. Its nodes are charged
/// to `meter`; it fails when the meter's budget or deadline runs out first.
fn search_path(
    spec: &BlockTourSpec,
    budget: u64,
    shared: bool,
    meter: &mut Meter,
) -> Result<Option<Vec<Square>>, Limit> {
    if shared {
        return Ok(cached(spec, budget, meter)?.map(|tour| tour.order.clone()));
    }
    let allowed = budget.min(meter.nodes_left());
    let (outcome, nodes) = find_block_tour_within(spec, allowed, meter.deadline());
    meter.charge(nodes)?;
    Ok(match outcome {
        BlockTourOutcome::Found(tour) if tour.is_valid() => Some(tour.order),
        BlockTourOutcome::GaveUp if allowed < budget => return Err(Limit::Nodes),
        BlockTourOutcome::Late => return Err(Limit::Deadline),
        _ => None,
    })
}
