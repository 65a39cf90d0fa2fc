//! The zooms that colour squares by visit order instead of numbering them: *shade*, one
//! character a square in a scrolling window, and *overview*, the whole board in the space there
//! is with several squares a character (two stacked in each character with half blocks). The
//! order runs on the look's gradient from the first move to the last, or on a ramp of glyphs
//! (`.` … `@`) without colour; the knight, the start and the cursor stay marked at every level.
//! A board's holes keep the hole glyph (in the overview, a character whose squares are all
//! holes), and a clue not yet visited a dot of the clue's style.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

use crate::explorer::app::Scene;
use crate::explorer::ui::look::{Look, Role};
use knights_tour_engine::board::Square;

use super::{BoardViewport, BoardWidget};

/// The visit order of one square or block of squares: the moment the tour first reached it,
/// from 0 (the first move) to 1 (the last); `None` when none of it is visited. (The first
/// visit, not the mean: a constructed tour passes through each region more than once, and the
/// mean of every large region is the middle of the tour, while the first visit shows the order
/// in which the construction's blocks are entered.)
type Order = Option<f64>;

impl BoardWidget<'_> {
    /// Draws the squares in the window one character each.
    pub(super) fn render_shade(&self, buf: &mut Buffer, viewport: &BoardViewport) {
        let scene = self.scene;
        let order = VisitOrder::of(scene);
        for row in viewport.top..viewport.top + viewport.rows {
            for col in viewport.left..viewport.left + viewport.cols {
                let square = Square::new(row, col);
                let rect = viewport.cell_rect(square);
                let visited = order.of_square(square);
                let (symbol, style) = match visited {
                    _ if scene.is_hole(square) => {
                        (self.look.glyphs().hole, self.look.style(Role::Hole))
                    }
                    None if scene.clue_at(square).is_some() => {
                        (self.look.glyphs().clue_dot, self.look.style(Role::Clue))
                    }
                    _ => self.order_cell(visited, None),
                };
                let (symbol, mut style) = self.marked(square, symbol, style);
                if scene.seams_after(square).0 {
                    // A construction's seam below: no column to spare for one beside.
                    style = style.add_modifier(Modifier::UNDERLINED);
                }
                buf.set_string(rect.x, rect.y, symbol, style);
            }
        }
    }

    /// Draws the whole board in `inner`, `scale` × `scale` squares to each half character (a
    /// whole character without half blocks), and returns the viewport it shows.
    pub(super) fn render_overview(&self, buf: &mut Buffer, inner: Rect) -> BoardViewport {
        let scene = self.scene;
        let board = scene.board;
        let halves = self.look.glyphs().upper_half.is_some();
        let rows_per_char = if halves { 2 } else { 1 };
        let (width, height) = (u32::from(inner.width), u32::from(inner.height));
        if width == 0 || height == 0 {
            return BoardViewport::default();
        }
        let scale = board
            .cols()
            .div_ceil(width)
            .max(board.rows().div_ceil(height * rows_per_char))
            .max(1);
        let block_rows = board.rows().div_ceil(scale);
        let chars_wide = board.cols().div_ceil(scale);
        let chars_high = block_rows.div_ceil(rows_per_char);
        let x0 = inner.x + ((width - chars_wide) / 2) as u16;
        let y0 = inner.y + ((height - chars_high) / 2) as u16;
        let order = VisitOrder::of(scene);
        let mut upper = vec![None; chars_wide as usize];
        let mut lower = vec![None; chars_wide as usize];
        for char_row in 0..chars_high {
            let top_block = char_row * rows_per_char;
            order.of_blocks(top_block, scale, &mut upper);
            if halves && top_block + 1 < block_rows {
                order.of_blocks(top_block + 1, scale, &mut lower);
            } else {
                lower.fill(None);
            }
            for char_col in 0..chars_wide {
                let i = char_col as usize;
                let (symbol, style) = if halves {
                    self.order_cell(upper[i], Some(lower[i]))
                } else {
                    self.order_cell(upper[i], None)
                };
                let rows = top_block * scale..((top_block + rows_per_char) * scale);
                let cols = char_col * scale..(char_col + 1) * scale;
                let (symbol, style) = if self.all_holes(rows.clone(), cols.clone()) {
                    (self.look.glyphs().hole, self.look.style(Role::Hole))
                } else {
                    (symbol, style)
                };
                let (symbol, style) = self.marked_block(rows, cols, symbol, style);
                buf.set_string(x0 + char_col as u16, y0 + char_row as u16, symbol, style);
            }
        }
        let note = format!(" {scale}×{} squares a character ", scale * rows_per_char);
        if inner.y > 0 && inner.width as usize > note.chars().count() + 2 {
            let style = self.look.style(Role::Frame);
            buf.set_string(inner.x + 1, inner.bottom(), note, style);
        }
        BoardViewport {
            top: 0,
            left: 0,
            rows: board.rows(),
            cols: board.cols(),
            grid: Rect::new(x0, y0, chars_wide as u16, chars_high as u16),
            cell: None,
            centred: scene.centre_request,
        }
    }

    /// Whether every square of the board in `rows` × `cols` is a hole (a block of the
    /// overview drawn as one).
    fn all_holes(&self, rows: std::ops::Range<u32>, cols: std::ops::Range<u32>) -> bool {
        let scene = self.scene;
        if scene.shape.is_none() {
            return false;
        }
        let board = scene.board;
        let rows = rows.start..rows.end.min(board.rows());
        let cols = cols.start..cols.end.min(board.cols());
        !rows.is_empty()
            && !cols.is_empty()
            && rows
                .flat_map(|row| cols.clone().map(move |col| Square::new(row, col)))
                .all(|square| scene.is_hole(square))
    }

    /// The symbol and style of a character showing `upper` (and `lower` below it, with half
    /// blocks) on the gradient, or as a glyph of the ramp without colour (the earlier of the two).
    fn order_cell(&self, upper: Order, lower: Option<Order>) -> (&'static str, Style) {
        let look = self.look;
        let colour = |order: Order| match order {
            Some(fraction) => look.gradient(fraction),
            None => look.unvisited(),
        };
        if look.gradient(0.0).is_none() {
            let order = match lower {
                Some(lower) => earlier(upper, lower),
                None => upper,
            };
            return (order.map_or(" ", Look::ramp), Style::new());
        }
        match lower {
            Some(lower) => {
                let mut style = Style::new();
                if let Some(fg) = colour(upper) {
                    style = style.fg(fg);
                }
                if let Some(bg) = colour(lower) {
                    style = style.bg(bg);
                }
                (look.glyphs().upper_half.unwrap_or(" "), style)
            }
            None => {
                let style = colour(upper).map_or(Style::new(), |bg| Style::new().bg(bg));
                (" ", style)
            }
        }
    }

    /// `symbol` and `style`, or the mark of the knight, the start or the cursor if one of them
    /// is on `square`.
    fn marked(&self, square: Square, symbol: &'static str, style: Style) -> (&'static str, Style) {
        self.marked_block(
            square.row..square.row + 1,
            square.col..square.col + 1,
            symbol,
            style,
        )
    }

    /// As [`Self::marked`], for the block of squares in `rows` × `cols`.
    fn marked_block(
        &self,
        rows: std::ops::Range<u32>,
        cols: std::ops::Range<u32>,
        symbol: &'static str,
        style: Style,
    ) -> (&'static str, Style) {
        let scene = self.scene;
        let look = self.look;
        let glyphs = look.glyphs();
        let inside = |square: Square| rows.contains(&square.row) && cols.contains(&square.col);
        let (symbol, style) = match scene.knight {
            Some((knight, _)) if inside(knight) => {
                (glyphs.piece(scene.piece), look.style(Role::Knight))
            }
            _ if inside(scene.start) => (glyphs.start, style.patch(look.style(Role::Knight))),
            _ if scene.end.is_some_and(inside) => {
                (glyphs.end, style.patch(look.style(Role::Knight)))
            }
            _ => (symbol, style),
        };
        if inside(scene.cursor) {
            (symbol, style.patch(look.cursor_fill()))
        } else {
            (symbol, style)
        }
    }
}

/// The earlier of two orders, or the one that is there.
fn earlier(a: Order, b: Order) -> Order {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Visit numbers read as moments of the tour.
struct VisitOrder<'a> {
    scene: &'a Scene<'a>,
    /// Visit numbers above this are not (yet) shown.
    shown_up_to: u32,
    /// The last visit number: the board's area (a construction's largest block while it is
    /// shown step by step).
    last: f64,
}

impl<'a> VisitOrder<'a> {
    fn of(scene: &'a Scene<'a>) -> Self {
        Self {
            scene,
            shown_up_to: scene.shown_up_to,
            last: (scene.last_visit.max(2) - 1) as f64,
        }
    }

    fn visit(&self, index: usize) -> Option<u32> {
        let number = *self.scene.visits.get(index)?;
        (number > 0 && number <= self.shown_up_to).then_some(number)
    }

    fn of_square(&self, square: Square) -> Order {
        let index = self.scene.board.index(square) as usize;
        self.visit(index)
            .map(|number| f64::from(number - 1) / self.last)
    }

    /// The orders of the blocks of `scale` × `scale` squares in block row `block_row`, one per
    /// entry of `blocks`.
    fn of_blocks(&self, block_row: u32, scale: u32, blocks: &mut [Order]) {
        let board = self.scene.board;
        let cols = board.cols() as usize;
        let rows = block_row * scale..((block_row + 1) * scale).min(board.rows());
        for (i, block) in blocks.iter_mut().enumerate() {
            let first_col = i * scale as usize;
            let last_col = (first_col + scale as usize).min(cols);
            let mut first: Option<u32> = None;
            for row in rows.clone() {
                let start = row as usize * cols;
                for index in start + first_col..start + last_col {
                    if let Some(number) = self.visit(index) {
                        first = Some(first.map_or(number, |seen| seen.min(number)));
                    }
                }
            }
            *block = first.map(|number| f64::from(number - 1) / self.last);
        }
    }
}
