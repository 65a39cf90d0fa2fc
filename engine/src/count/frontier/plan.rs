//! The fixed order in which the frontier count takes the squares, and what each step needs to
//! know of it: which earlier squares a square is joined to, and which squares have seen their
//! last neighbour.
//!
//! The board is taken row by row along its shorter side (a board wider than tall is transposed:
//! the tours of a board and of its transpose correspond one to one), or along its longer side
//! when asked ([`FrontierSide::Long`]: the same count from a wider frontier). A square's moves to
//! earlier squares reach back at most [`Plan::window`] places in that order, so only the last
//! `window` squares can still gain a move: they are the frontier.
//!
//! A board may have holes: squares left out, which the tour never visits. A hole keeps its
//! place in the order (so the frontier is the rectangle's), but it is no vertex: no move leads
//! into it or out of it, it is never an end, and its cell needs nothing ([`Role::Hole`]), so it
//! splits no state; its step only moves each state one cell on (or drops it), with no merge.
//! The colour rule then counts the open squares only, and a state is taken for its mirror image
//! only where the holes still to come are symmetric about the middle column.
//!
//! Holes mostly make a count cheaper, but not always: a corner of the full board, with two
//! moves, forces both, and prunes the states early in the order; a board whose first row
//! lacks its corners has more states (6×8 open: 65.7 million states over all steps, 8.3
//! million at the peak; without its four corners 87.5 and 10.5 million, and 21 times the
//! tours). Most of them complete: 68.8 million of the 87.5 million lead to a tour, more than
//! the full board's states, so no sound pruning alone brings that board down to the full
//! board's states. Which end of the order the holes are at moves the count either way, by up
//! to twice on the boards tried, with no rule found that tells which beforehand.

use crate::board::{Board, Square};
use crate::count::FrontierSide;
use crate::leaper::Leaper;

/// The most squares a frontier may hold: each takes 4 bits of a 128-bit state, with room for
/// the labels of its path ends (at most 13 pairs) and the count of tour ends.
pub(in crate::count) const MAX_WINDOW: usize = 25;

/// What a square may be in the tours counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// An end of an open tour (`--start`, `--end`): exactly one move.
    End,
    /// Two moves, or one if it is one of the tour's free ends.
    Any,
    /// A hole: no move, and never an end.
    Hole,
}

/// The order, the moves back into the frontier and the squares that leave it, for one board
/// and piece.
#[derive(Debug, Clone)]
pub(super) struct Plan {
    /// The squares in processing order (on the board as given).
    order: Vec<Square>,
    /// For square `v` of the order, the distances back (1..=window) of its earlier neighbours:
    /// `back[v * 4 .. v * 4 + back_len[v]]`.
    back: Vec<u8>,
    back_len: Vec<u8>,
    /// For square `v`, the cells (0 = `v`, `d` = `d` places back) of the squares whose last
    /// neighbour is `v` or earlier: after `v` they can gain no move.
    leaving: Vec<u128>,
    /// For square `v`, the cells of the squares with one neighbour left after `v`: a square
    /// there that still needs two moves can no longer have them.
    one_left: Vec<u128>,
    /// For square `v`, the squares to come that have fewer than two neighbours still to come:
    /// they live on the moves the frontier can still give them.
    coming: Vec<Vec<Coming>>,
    /// For square `v`, the cells (after `v`, up to the one leaving, `window` places back) of
    /// majority-colour squares, and how many more majority-colour squares than minority ones
    /// `0..=v` holds.
    majority_cells: Vec<u128>,
    majority_lead: Vec<i32>,
    /// The role of each square in the order.
    roles: Vec<Role>,
    /// For square `v`, the tour ends fixed by the request among the squares after it.
    fixed_ends_after: Vec<u8>,
    /// The last square of the order that is not a hole: the one that closes the tour.
    last_open: usize,
    /// How many more majority-colour squares than minority ones the board holds, holes left
    /// out.
    colour_lead: i32,
    /// How far back a move reaches: the frontier's size.
    window: usize,
    /// The squares of a row in the order: the board's short side, or its long side when asked.
    width: usize,
    /// Whether every move joins squares of the two colours (a leaper `(a, b)` with `a + b` odd,
    /// the knight among them).
    changes_colour: bool,
    /// How a state after the last square of a row maps onto its mirror image, when no square
    /// is a fixed end (the board itself is symmetric about its middle column).
    mirror: Option<Mirror>,
    /// The first square of the rows whose holes, and those of every row after them, are
    /// symmetric about the middle column (0 with no holes): a state may be taken for its
    /// mirror image when the whole rows on its frontier start there or later.
    mirror_from: usize,
}

/// A square still to come that depends on the frontier for its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Coming {
    /// The cells of its neighbours taken so far (the lowest bit of each).
    pub(super) taken_neighbours: u128,
    /// How many of its neighbours are still to come (0 or 1).
    pub(super) untaken_neighbours: u8,
    /// Whether it must be an end of the tour.
    pub(super) fixed_end: bool,
}

/// Why a board cannot be counted this way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct TooWide {
    /// The frontier the board would need.
    pub(super) window: usize,
}

/// How far back in the order a move of `piece` reaches on `board` taken along `side`, the
/// frontier's size: a move `(dr, dc)` back, one that the board holds (`|dr|` under its rows
/// in the order and `|dc|` under its width), goes `-(dr * width + dc)` places back. At least 1.
pub(in crate::count) fn window(board: Board, side: FrontierSide, piece: Leaper) -> usize {
    let (width, height, _) = laid(board, side);
    let (width, height) = (width as i128, height as i128);
    piece
        .moves()
        .into_iter()
        .filter_map(|(dr, dc)| {
            let (dr, dc) = (i128::from(dr), i128::from(dc));
            let back = -(dr * width + dc);
            let held = dr.abs() < height && dc.abs() < width && back > 0;
            held.then(|| usize::try_from(back).unwrap_or(usize::MAX))
        })
        .max()
        .unwrap_or(1)
}

/// How `board` is laid along `side`: the squares of a row of the order, the rows, and whether
/// a row of the order is a column of the board (the board transposed).
fn laid(board: Board, side: FrontierSide) -> (usize, usize, bool) {
    let (rows, cols) = (board.rows() as usize, board.cols() as usize);
    let transpose = side.width(board) as usize != cols;
    if transpose {
        (rows, cols, true)
    } else {
        (cols, rows, false)
    }
}

impl Plan {
    /// The plan for `board` and `piece` along the board's short side, with the squares of
    /// `ends` as the tour's fixed ends and those of `holes` left out (on the board as given;
    /// the caller keeps the ends off the holes).
    pub(super) fn new(
        board: Board,
        piece: Leaper,
        ends: &[Square],
        holes: &[Square],
    ) -> Result<Self, TooWide> {
        Self::along(board, FrontierSide::Short, piece, ends, holes)
    }

    /// As [`Plan::new`], with the rows taken along `side` of the board.
    pub(super) fn along(
        board: Board,
        side: FrontierSide,
        piece: Leaper,
        ends: &[Square],
        holes: &[Square],
    ) -> Result<Self, TooWide> {
        let (width, height, transpose) = laid(board, side);
        let area = width * height;
        let order: Vec<Square> = (0..area)
            .map(|v| {
                let (row, col) = ((v / width) as u32, (v % width) as u32);
                if transpose {
                    Square::new(col, row)
                } else {
                    Square::new(row, col)
                }
            })
            .collect();
        // Offsets in the order: a move (dr, dc) reaches dr * width + dc places on. The piece's
        // moves are symmetric, so the transposed board has the same.
        let reach = |v: usize, (dr, dc): (i32, i32)| -> Option<usize> {
            let row = (v / width) as i64 + i64::from(dr);
            let col = (v % width) as i64 + i64::from(dc);
            ((0..height as i64).contains(&row) && (0..width as i64).contains(&col))
                .then(|| row as usize * width + col as usize)
        };
        let mut hole = vec![false; area];
        for square in holes {
            let (row, col) = if transpose {
                (square.col, square.row)
            } else {
                (square.row, square.col)
            };
            hole[row as usize * width + col as usize] = true;
        }
        let mut backs: Vec<Vec<usize>> = vec![Vec::new(); area];
        let mut aheads: Vec<Vec<usize>> = vec![Vec::new(); area];
        let moves = piece.moves();
        for v in (0..area).filter(|&v| !hole[v]) {
            for &delta in moves.as_slice() {
                match reach(v, delta).filter(|&u| !hole[u]) {
                    Some(u) if u < v => backs[v].push(v - u),
                    Some(u) if u > v => aheads[v].push(u),
                    _ => {}
                }
            }
            backs[v].sort_unstable();
            backs[v].dedup();
            aheads[v].sort_unstable();
            aheads[v].dedup();
        }
        // How many of square p's neighbours come after square v.
        let left_after = |p: usize, v: usize| aheads[p].iter().filter(|&&u| u > v).count();
        // Holes take moves away, but the frontier stays the rectangle's.
        let window = self::window(board, side, piece);
        debug_assert!(backs.iter().flatten().all(|&d| d <= window));
        if window > MAX_WINDOW {
            return Err(TooWide { window });
        }
        let mut back = vec![0; area * 4];
        let mut back_len = vec![0; area];
        for (v, distances) in backs.iter().enumerate() {
            // A leaper has at most four moves back (and two when one leg is 0).
            for (slot, &d) in distances.iter().enumerate() {
                back[v * 4 + slot] = d as u8;
            }
            back_len[v] = distances.len() as u8;
        }
        let cells_with = |left: usize| -> Vec<u128> {
            (0..area)
                .map(|v| {
                    (0..=window.min(v))
                        .filter(|&d| left_after(v - d, v) == left)
                        .fold(0u128, |mask, d| mask | (0xF << (4 * d)))
                })
                .collect()
        };
        let leaving = cells_with(0);
        let one_left = cells_with(1);
        let roles: Vec<Role> = order
            .iter()
            .zip(&hole)
            .map(|(square, &hole)| {
                if hole {
                    Role::Hole
                } else if ends.contains(square) {
                    Role::End
                } else {
                    Role::Any
                }
            })
            .collect();
        let coming = (0..area)
            .map(|v| {
                (v + 1..area.min(v + 1 + window))
                    .filter(|&u| !hole[u])
                    .filter_map(|u| {
                        let neighbours = backs[u]
                            .iter()
                            .map(|&d| u - d)
                            .chain(aheads[u].iter().copied());
                        let (mut taken, mut untaken) = (0u128, 0u8);
                        for p in neighbours {
                            if p <= v {
                                taken |= 1 << (4 * (v - p));
                            } else {
                                untaken += 1;
                            }
                        }
                        (untaken < 2).then_some(Coming {
                            taken_neighbours: taken,
                            untaken_neighbours: untaken,
                            fixed_end: ends.contains(&order[u]),
                        })
                    })
                    .collect()
            })
            .collect();
        let majority = |v: usize| order[v].is_majority_colour();
        let majority_cells = (0..area)
            .map(|v| {
                (0..=window.min(v))
                    .filter(|&d| majority(v - d))
                    .fold(0u128, |mask, d| mask | (0xF << (4 * d)))
            })
            .collect();
        let majority_lead: Vec<i32> = (0..area)
            .scan(0i32, |lead, v| {
                *lead += match (hole[v], majority(v)) {
                    (true, _) => 0,
                    (false, true) => 1,
                    (false, false) => -1,
                };
                Some(*lead)
            })
            .collect();
        let colour_lead = majority_lead.last().copied().unwrap_or(0);
        let last_open = (0..area).rev().find(|&v| !hole[v]).unwrap_or(0);
        let mirror_from = mirror_from(&hole, width);
        let mut fixed_ends_after = vec![0u8; area];
        let mut later = 0u8;
        for v in (0..area).rev() {
            fixed_ends_after[v] = later;
            later += u8::from(roles[v] == Role::End);
        }
        Ok(Self {
            order,
            back,
            back_len,
            leaving,
            one_left,
            coming,
            majority_cells,
            majority_lead,
            roles,
            fixed_ends_after,
            last_open,
            colour_lead,
            window,
            width,
            mirror: ends.is_empty().then(|| Mirror::new(width, window)),
            mirror_from,
            changes_colour: piece.changes_colour(),
        })
    }

    /// The number of squares.
    pub(super) fn len(&self) -> usize {
        self.order.len()
    }

    /// Square `v` of the order, on the board as given.
    pub(super) fn square(&self, v: usize) -> Square {
        self.order[v]
    }

    /// The same plan with no state taken for its mirror image: for reading a tour back from
    /// the frontiers, where a state stands for the partial tours that made it, not for their
    /// reflections.
    pub(super) fn unmirrored(self) -> Self {
        Self {
            mirror: None,
            ..self
        }
    }

    /// The frontier's size.
    pub(super) fn window(&self) -> usize {
        self.window
    }

    /// The distances back to square `v`'s earlier neighbours.
    pub(super) fn back(&self, v: usize) -> &[u8] {
        &self.back[v * 4..v * 4 + usize::from(self.back_len[v])]
    }

    /// The cells that must hold no pending move once `v` is done.
    pub(super) fn leaving(&self, v: usize) -> u128 {
        self.leaving[v]
    }

    /// The cells that may not still need two moves once `v` is done.
    pub(super) fn one_left(&self, v: usize) -> u128 {
        self.one_left[v]
    }

    /// The squares after `v` that depend on the frontier for their moves.
    pub(super) fn coming(&self, v: usize) -> &[Coming] {
        &self.coming[v]
    }

    /// Whether every move joins squares of the two colours.
    pub(super) fn changes_colour(&self) -> bool {
        self.changes_colour
    }

    /// How many more majority-colour squares than minority ones the board holds, holes left
    /// out: an open tour's ends are two of the majority colour if 1, one of each if 0, two of
    /// the minority colour if -1 (and there is none otherwise).
    pub(super) fn colour_lead(&self) -> i32 {
        self.colour_lead
    }

    /// Whether square `v` is the last of the order that is not a hole: the one whose last
    /// move closes the tour.
    pub(super) fn closes_tour(&self, v: usize) -> bool {
        v == self.last_open
    }

    /// The frontier's cells (after `v`, and the cell leaving it) of majority-colour squares.
    pub(super) fn majority_cells(&self, v: usize) -> u128 {
        self.majority_cells[v]
    }

    /// How many more majority-colour squares than minority ones the squares up to `v` hold.
    pub(super) fn majority_lead(&self, v: usize) -> i32 {
        self.majority_lead[v]
    }

    /// What square `v` may be.
    pub(super) fn role(&self, v: usize) -> Role {
        self.roles[v]
    }

    /// How a state after square `v` maps onto its mirror image, if it may be taken for it:
    /// after the last square of a row, when no square is a fixed end.
    ///
    /// The squares still to come are then whole rows, which the reflection about the middle
    /// column maps onto themselves, moves onto moves; so the tours that complete a state and
    /// those that complete its mirror image correspond one to one, and the two states can be
    /// counted as one. With holes, only where the holes of those rows and of the whole rows
    /// on the frontier are symmetric too: a hole's image must be a hole, or a square of the
    /// image could need a move that no square can give it.
    pub(super) fn mirror_after(&self, v: usize) -> Option<&Mirror> {
        self.mirror.as_ref().filter(|mirror| {
            (v + 1).is_multiple_of(self.width)
                && (v + 1).saturating_sub(mirror.image.len()) >= self.mirror_from
        })
    }

    /// The cells of a frontier: `0..window`.
    pub(super) fn frontier_cells(&self) -> u128 {
        cells_below(self.window)
    }

    /// The cells a step reads: the frontier's and the one leaving it, `0..=window`.
    pub(super) fn step_cells(&self) -> u128 {
        cells_below(self.window + 1)
    }

    /// The fixed tour ends after `v` in the order.
    pub(super) fn fixed_ends_after(&self, v: usize) -> u8 {
        self.fixed_ends_after[v]
    }
}

/// The cells `0..count`, as a mask.
fn cells_below(count: usize) -> u128 {
    if count >= 32 {
        !0
    } else {
        (1u128 << (4 * count)) - 1
    }
}

/// The first square of the order from which every row still to come has its holes symmetric
/// about the middle column (its image in the row is a hole too): a state after it may be
/// taken for its mirror image. 0 when there are no holes, the area when the last row's holes
/// are not symmetric.
fn mirror_from(hole: &[bool], width: usize) -> usize {
    let mut from = hole.len();
    for row in (0..hole.len() / width).rev() {
        let start = row * width;
        let symmetric = (0..width).all(|i| hole[start + i] == hole[start + width - 1 - i]);
        if !symmetric {
            break;
        }
        from = start;
    }
    from
}

/// The reflection of a frontier about the board's middle column, after the last square of a
/// row: the cells of the whole rows it holds, each onto its image.
#[derive(Debug, Clone)]
pub(super) struct Mirror {
    /// The cells of the whole rows on the frontier; a state with any other cell not done is
    /// its own image.
    pub(super) whole_rows: u128,
    /// For cell `d` of those rows, the cell of its image: as many rows back, as many places
    /// from the row's first square as `d` is from its last.
    pub(super) image: Vec<u8>,
}

impl Mirror {
    fn new(width: usize, window: usize) -> Self {
        let rows_cells = window / width * width;
        Self {
            whole_rows: cells_below(rows_cells),
            image: (0..rows_cells)
                .map(|d| (d / width * width + (width - 1 - d % width)) as u8)
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knight_reaches_two_rows_and_one_square_back() {
        let plan = Plan::new(Board::new(8, 8).unwrap(), Leaper::KNIGHT, &[], &[]).unwrap();
        assert_eq!(plan.window(), 17);
        // d4 in the middle of the board: (3,3) sees (1,2), (1,4), (2,1) and (2,5).
        assert_eq!(plan.back(3 * 8 + 3), &[6, 10, 15, 17]);
        // The corner at the start has no earlier neighbour.
        assert!(plan.back(0).is_empty());
    }

    #[test]
    fn a_wide_board_is_taken_along_its_short_side() {
        let plan = Plan::new(Board::new(3, 10).unwrap(), Leaper::KNIGHT, &[], &[]).unwrap();
        assert_eq!(plan.window(), 2 * 3 + 1);
        assert_eq!(plan.order[1], Square::new(1, 0));
        assert_eq!(plan.len(), 30);
    }

    #[test]
    fn a_wide_board_is_taken_along_its_long_side_when_asked() {
        let board = Board::new(3, 10).unwrap();
        assert_eq!(
            window(board, FrontierSide::Long, Leaper::KNIGHT),
            2 * 10 + 1
        );
        let plan = Plan::along(board, FrontierSide::Long, Leaper::KNIGHT, &[], &[]).unwrap();
        assert_eq!(plan.window(), 2 * 10 + 1);
        assert_eq!(plan.order[1], Square::new(0, 1));
        let tall = Plan::along(
            board.transposed(),
            FrontierSide::Long,
            Leaper::KNIGHT,
            &[],
            &[],
        );
        assert_eq!(tall.unwrap().order[1], Square::new(1, 0));
    }

    #[test]
    fn the_last_square_leaves_with_every_cell() {
        let plan = Plan::new(Board::new(5, 5).unwrap(), Leaper::KNIGHT, &[], &[]).unwrap();
        let last = plan.len() - 1;
        let every: u128 = (0..=plan.window()).fold(0, |mask, d| mask | (0xF << (4 * d)));
        assert_eq!(plan.leaving(last), every);
    }

    #[test]
    fn too_wide_a_frontier_is_refused() {
        let error = Plan::new(Board::new(13, 13).unwrap(), Leaper::KNIGHT, &[], &[]).unwrap_err();
        assert_eq!(error.window, 27);
    }
}
