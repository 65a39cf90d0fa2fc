//! The path view: a finished tour drawn as lines through the centres of its squares, over the
//! cells. A ratatui canvas draws the lines in Braille dots (in ASCII, line characters `-|/\\`);
//! only its dots are copied onto the board, so the squares' colours show through between them. Each move takes
//! the colour of its moment on the visit-order gradient, so the tour can be followed from the
//! start; a closed tour's move back to the start is dashed in a colour of its own.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::symbols::Marker;
use ratatui::widgets::Widget;
use ratatui::widgets::canvas::{Canvas, Line as CanvasLine};

use crate::explorer::ui::look::{GlyphSet, Role};
use knights_tour_engine::board::Square;

use super::{BoardViewport, BoardWidget};

/// Where along the closing move its dashes run, as fractions of its length.
const DASHES: [(f64, f64); 4] = [(0.0, 0.15), (0.28, 0.43), (0.57, 0.72), (0.85, 1.0)];

/// One move of the path as drawn.
#[derive(Debug, Clone, Copy)]
struct Segment {
    from: Square,
    to: Square,
    /// Its place in the tour: 0 for the first move.
    order: usize,
    /// Whether it is the move from the last square back to the start.
    closing: bool,
}

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
        if ascii {
            let project = |square: Square| {
                let (x, y) = project(square);
                (x, height - y)
            };
            self.render_ascii_path(buf, grid, &segments, project);
            return;
        }
        let plain = self.look.style(Role::Path).fg.unwrap_or(Color::Reset);
        let closing_colour = self.look.style(Role::Closing).fg.unwrap_or(Color::Reset);
        // Colours run over the whole tour, also while a replay shows part of it.
        let moves = self.scene.last_visit.saturating_sub(1).max(1) as f64;
        let canvas = Canvas::default()
            .marker(Marker::Braille)
            .x_bounds([0.0, width])
            .y_bounds([0.0, height])
            .paint(|ctx| {
                for segment in &segments {
                    let ((x1, y1), (x2, y2)) = (project(segment.from), project(segment.to));
                    if segment.closing {
                        // The move back to the start: dashed, in its own colour.
                        for (t1, t2) in DASHES {
                            ctx.draw(&CanvasLine {
                                x1: x1 + (x2 - x1) * t1,
                                y1: y1 + (y2 - y1) * t1,
                                x2: x1 + (x2 - x1) * t2,
                                y2: y1 + (y2 - y1) * t2,
                                color: closing_colour,
                            });
                        }
                    } else {
                        // Each move in the colour of its moment, so the order can be followed.
                        let color = self
                            .look
                            .gradient(segment.order as f64 / moves)
                            .unwrap_or(plain);
                        ctx.draw(&CanvasLine {
                            x1,
                            y1,
                            x2,
                            y2,
                            color,
                        });
                    }
                }
            });
        // The canvas paints its whole area; copy only its dots onto the squares.
        let mut layer = Buffer::empty(grid);
        canvas.render(grid, &mut layer);
        self.copy_dots(&layer, buf, grid);
    }

    /// Draws the moves with line characters, one character at a time along each move: `-`,
    /// `|`, `/` or `\\` by the move's direction on screen, and `.` for the closing move; the
    /// squares' centres stay clear for their marks. `project` gives a square's centre in columns
    /// and rows from the grid's corner.
    fn render_ascii_path(
        &self,
        buf: &mut Buffer,
        grid: Rect,
        segments: &[Segment],
        project: impl Fn(Square) -> (f64, f64),
    ) {
        let style = self.look.style(Role::Path);
        for segment in segments {
            let ((x1, y1), (x2, y2)) = (project(segment.from), project(segment.to));
            let (dx, dy) = (x2 - x1, y2 - y1);
            // A character is about twice as tall as wide: compare the slope as it looks.
            let slope = (2.0 * dy) / dx.abs().max(f64::EPSILON);
            let glyph = if segment.closing {
                "."
            } else if slope.abs() < 0.5 {
                "-"
            } else if slope.abs() > 4.0 {
                "|"
            } else if (dx > 0.0) == (dy < 0.0) {
                "/"
            } else {
                "\\"
            };
            let steps = (dx.abs().max(dy.abs()) * 2.0).ceil() as usize;
            let ends = [(x1.floor(), y1.floor()), (x2.floor(), y2.floor())];
            for i in 1..steps {
                let t = i as f64 / steps as f64;
                let (x, y) = ((x1 + dx * t).floor(), (y1 + dy * t).floor());
                if ends.contains(&(x, y)) || x < 0.0 || y < 0.0 {
                    continue;
                }
                let (x, y) = (grid.x as f64 + x, grid.y as f64 + y);
                if x < f64::from(grid.right()) && y < f64::from(grid.bottom()) {
                    let target = &mut buf[(x as u16, y as u16)];
                    target.set_symbol(glyph);
                    target.set_style(style);
                }
            }
        }
    }

    /// The moves of `path` (and the closing move back to the start, on a closed tour) with an
    /// end in the window; the other end may lie outside and is clipped.
    fn segments_in(&self, viewport: &BoardViewport, path: &[u32]) -> Vec<Segment> {
        let board = self.scene.board;
        let last = path.len() - 1;
        let closing = self.scene.closed.then(|| (last, path[last], path[0]));
        path.windows(2)
            .enumerate()
            .map(|(order, pair)| (order, pair[0], pair[1]))
            .chain(closing)
            .map(|(order, a, b)| Segment {
                from: board.square_at(a),
                to: board.square_at(b),
                order,
                closing: order == last,
            })
            .filter(|segment| viewport.shows(segment.from) || viewport.shows(segment.to))
            .collect()
    }

    /// Copies the dots of the canvas `layer` onto `buf` over `grid`, in the colours the canvas
    /// gave them (the path's style in monochrome).
    fn copy_dots(&self, layer: &Buffer, buf: &mut Buffer, grid: Rect) {
        let dot_style = self.look.style(Role::Path);
        for y in grid.top()..grid.bottom() {
            for x in grid.left()..grid.right() {
                let symbol = layer[(x, y)].symbol();
                if symbol == " " || symbol == "\u{2800}" {
                    continue;
                }
                // The canvas coloured each line; monochrome keeps the path's own style.
                let colour = match layer[(x, y)].fg {
                    Color::Reset => dot_style.fg.unwrap_or(Color::Reset),
                    colour => colour,
                };
                let target = &mut buf[(x, y)];
                target.set_symbol(symbol);
                target.set_style(Style::new().fg(colour));
                target.modifier |= dot_style.add_modifier;
            }
        }
    }
}
