//! The path view: a finished tour drawn as lines through the centres of its squares, over the
//! cells. A ratatui canvas draws the lines in Braille dots (or plain dots in ASCII); only its dots
//! are copied onto the board, so the squares' colours show through between them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::symbols::Marker;
use ratatui::widgets::Widget;
use ratatui::widgets::canvas::{Canvas, Line as CanvasLine};

use crate::engine::board::Square;
use crate::explorer::ui::look::{GlyphSet, Role};

use super::{BoardViewport, BoardWidget};

impl BoardWidget<'_> {
    /// Draws the tour as lines through the centres of its squares.
    pub(super) fn render_path(&self, buf: &mut Buffer, viewport: &BoardViewport, path: &[u32]) {
        let cell = viewport.cell.expect("set before the path");
        let grid = viewport.grid;
        let (width, height) = (f64::from(grid.width), f64::from(grid.height));
        let segments = self.segments_in(viewport, path);
        let project = |square: Square| {
            // Squares outside the window still have coordinates: signed, so lines leave it.
            let x = (f64::from(square.col) - f64::from(viewport.left)) * f64::from(cell.width)
                + f64::from(cell.width) / 2.0;
            let y = (f64::from(square.row) - f64::from(viewport.top)) * f64::from(cell.height)
                + f64::from(cell.height) / 2.0;
            (x, height - y)
        };
        let ascii = self.look.glyphs == GlyphSet::Ascii;
        let color = self.look.style(Role::Path).fg.unwrap_or(Color::Reset);
        let canvas = Canvas::default()
            .marker(if ascii { Marker::Dot } else { Marker::Braille })
            .x_bounds([0.0, width])
            .y_bounds([0.0, height])
            .paint(|ctx| {
                for &(a, b) in &segments {
                    let ((x1, y1), (x2, y2)) = (project(a), project(b));
                    ctx.draw(&CanvasLine {
                        x1,
                        y1,
                        x2,
                        y2,
                        color,
                    });
                }
            });
        // The canvas paints its whole area; copy only its dots onto the squares.
        let mut layer = Buffer::empty(grid);
        canvas.render(grid, &mut layer);
        self.copy_dots(&layer, buf, grid);
    }

    /// The moves of `path` (and the closing move back to the start, on a closed tour) with an
    /// end in the window; the other end may lie outside and is clipped.
    fn segments_in(&self, viewport: &BoardViewport, path: &[u32]) -> Vec<(Square, Square)> {
        let board = self.scene.board;
        let closing = self.scene.closed.then(|| (path[path.len() - 1], path[0]));
        path.windows(2)
            .map(|pair| (pair[0], pair[1]))
            .chain(closing)
            .map(|(a, b)| (board.square_at(a), board.square_at(b)))
            .filter(|&(a, b)| viewport.shows(a) || viewport.shows(b))
            .collect()
    }

    /// Copies the dots of the canvas `layer` onto `buf` over `grid`, in the path's style (one
    /// plain dot glyph for every mark in ASCII).
    fn copy_dots(&self, layer: &Buffer, buf: &mut Buffer, grid: Rect) {
        let ascii = self.look.glyphs == GlyphSet::Ascii;
        let dot_style = self.look.style(Role::Path);
        for y in grid.top()..grid.bottom() {
            for x in grid.left()..grid.right() {
                let symbol = layer[(x, y)].symbol();
                if symbol == " " || symbol == "\u{2800}" {
                    continue;
                }
                let symbol = if ascii {
                    self.look.glyphs().path_dot
                } else {
                    symbol
                };
                let target = &mut buf[(x, y)];
                target.set_symbol(symbol);
                target.set_style(Style::new().fg(dot_style.fg.unwrap_or(Color::Reset)));
                target.modifier |= dot_style.add_modifier;
            }
        }
    }
}
