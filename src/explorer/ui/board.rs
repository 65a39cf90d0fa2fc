//! The board widget: a grid of cells about twice as wide as they are tall, with file letters and
//! rank numbers on the edges, drawn from a [`Scene`]. Its state ([`BoardViewport`]) is the
//! window onto a board larger than the screen, which follows the scene's focus, and the
//! geometry that maps a mouse click back to a square.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::symbols::Marker;
use ratatui::widgets::canvas::{Canvas, Line as CanvasLine};
use ratatui::widgets::{Block, StatefulWidget, Widget};

use crate::engine::board::{Board, Square};
use crate::engine::notation;

use super::look::{GlyphSet, Look, Role};
use crate::explorer::app::{KnightState, Scene};

/// A cell size in terminal columns and rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellSize {
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
}

/// Cell sizes from the largest down; the board takes the largest that shows it whole, and the
/// last (compact) one with a scrolling window when none does.
pub const CELL_SIZES: [CellSize; 3] = [
    CellSize {
        width: 7,
        height: 3,
    },
    CellSize {
        width: 5,
        height: 2,
    },
    CellSize {
        width: 3,
        height: 1,
    },
];

/// The window of the board on screen, kept between frames.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoardViewport {
    /// The first row shown.
    pub top: u32,
    /// The first column shown.
    pub left: u32,
    /// Rows shown.
    pub rows: u32,
    /// Columns shown.
    pub cols: u32,
    /// Where the cells were drawn (labels excluded).
    pub grid: Rect,
    /// The cell size used.
    pub cell: Option<CellSize>,
}

impl BoardViewport {
    /// The square drawn at terminal cell `(x, y)`, if any.
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        let cell = self.cell?;
        let grid = self.grid;
        if x < grid.x || y < grid.y || x >= grid.right() || y >= grid.bottom() {
            return None;
        }
        let col = u32::from((x - grid.x) / cell.width);
        let row = u32::from((y - grid.y) / cell.height);
        (col < self.cols && row < self.rows).then(|| Square::new(self.top + row, self.left + col))
    }

    /// Whether `square` is in the window.
    pub fn shows(&self, square: Square) -> bool {
        (self.top..self.top + self.rows).contains(&square.row)
            && (self.left..self.left + self.cols).contains(&square.col)
    }

    /// Scrolls so that index `focus` of a line of `len` squares, `shown` at a time, stays in
    /// view with a little margin; returns the new first index.
    fn follow(first: u32, focus: u32, shown: u32, len: u32) -> u32 {
        let margin = (shown / 4).min(2);
        let mut first = first;
        if focus < first + margin {
            first = focus.saturating_sub(margin);
        } else if focus + margin >= first + shown {
            first = focus + margin + 1 - shown;
        }
        first.min(len - shown)
    }
}

/// The board widget; see the module docs.
#[derive(Debug)]
pub struct BoardWidget<'a> {
    scene: &'a Scene<'a>,
    look: Look,
    title: String,
}

impl<'a> BoardWidget<'a> {
    /// A widget drawing `scene` in `look`, titled `title`.
    pub fn new(scene: &'a Scene<'a>, look: Look, title: String) -> Self {
        Self { scene, look, title }
    }

    /// The terminal size the board takes whole with the largest cells that fit in `room`
    /// (border included), or `room` itself when even compact cells need a window.
    pub fn size_in(board: Board, room: Rect) -> (u16, u16) {
        let labels = Labels::new(board);
        let inner = (room.width.saturating_sub(2), room.height.saturating_sub(2));
        for cell in CELL_SIZES {
            if let Some((width, height)) = labels.grid_fits(board, cell, inner) {
                return (width + 2, height + 2);
            }
        }
        (room.width, room.height)
    }
}

/// How the edges are labelled: as [`notation::row_label`] and [`notation::col_label`] say
/// (files and ranks on boards with algebraic names, 0-based numbers beyond).
#[derive(Debug, Clone, Copy)]
struct Labels {
    /// Columns taken by the rank numbers, with a space after them.
    rank_width: u16,
}

impl Labels {
    fn new(board: Board) -> Self {
        // Labels grow monotonically from one edge to the other: the ends are the widest.
        let widest = [0, board.rows() - 1]
            .map(|row| notation::row_label(board, row).len())
            .into_iter()
            .max()
            .unwrap_or(1);
        Self {
            rank_width: widest as u16 + 1,
        }
    }

    /// The size of labels and cells when the whole board fits in `inner` with `cell`.
    fn grid_fits(&self, board: Board, cell: CellSize, inner: (u16, u16)) -> Option<(u16, u16)> {
        let width = u32::from(self.rank_width) + board.cols() * u32::from(cell.width);
        let height = board.rows() * u32::from(cell.height) + 1;
        (width <= u32::from(inner.0) && height <= u32::from(inner.1))
            .then_some((width as u16, height as u16))
    }
}

impl StatefulWidget for BoardWidget<'_> {
    type State = BoardViewport;

    fn render(self, area: Rect, buf: &mut Buffer, viewport: &mut BoardViewport) {
        let scene = self.scene;
        let board = scene.board;
        let glyphs = self.look.glyphs();
        let block = Block::bordered()
            .border_set(glyphs.border)
            .border_style(self.look.style(Role::Frame))
            .title(self.title.as_str());
        let inner = block.inner(area);
        block.render(area, buf);
        let labels = Labels::new(board);
        let fits = CELL_SIZES
            .iter()
            .find(|&&cell| {
                labels
                    .grid_fits(board, cell, (inner.width, inner.height))
                    .is_some()
            })
            .copied();
        let cell = fits.unwrap_or(CELL_SIZES[CELL_SIZES.len() - 1]);
        let room_w = inner.width.saturating_sub(labels.rank_width) / cell.width;
        let room_h = inner.height.saturating_sub(1) / cell.height;
        if room_w == 0 || room_h == 0 {
            *viewport = BoardViewport::default();
            return;
        }
        let cols = board.cols().min(u32::from(room_w));
        let rows = board.rows().min(u32::from(room_h));
        let left = BoardViewport::follow(viewport.left, scene.focus.col, cols, board.cols());
        let top = BoardViewport::follow(viewport.top, scene.focus.row, rows, board.rows());
        // Centre the grid in the room left over.
        let used_w = labels.rank_width + cols as u16 * cell.width;
        let used_h = rows as u16 * cell.height + 1;
        let origin_x = inner.x + (inner.width - used_w) / 2;
        let origin_y = inner.y + (inner.height - used_h) / 2;
        let grid = Rect::new(
            origin_x + labels.rank_width,
            origin_y,
            cols as u16 * cell.width,
            rows as u16 * cell.height,
        );
        *viewport = BoardViewport {
            top,
            left,
            rows,
            cols,
            grid,
            cell: Some(cell),
        };
        self.render_labels(buf, viewport, labels);
        let painter = CellPainter {
            scene,
            look: self.look,
            cell,
        };
        for row in top..top + rows {
            for col in left..left + cols {
                let rect = Rect::new(
                    grid.x + (col - left) as u16 * cell.width,
                    grid.y + (row - top) as u16 * cell.height,
                    cell.width,
                    cell.height,
                );
                painter.paint(buf, rect, Square::new(row, col));
            }
        }
        if let Some(path) = scene.path {
            self.render_path(buf, viewport, path);
            // The start and the knight stay on top of the lines.
            let (last, _) = scene.knight.unwrap_or((scene.start, KnightState::Done));
            for square in [scene.start, last] {
                if viewport.shows(square) {
                    let rect = Rect::new(
                        grid.x + (square.col - left) as u16 * cell.width,
                        grid.y + (square.row - top) as u16 * cell.height,
                        cell.width,
                        cell.height,
                    );
                    painter.paint(buf, rect, square);
                }
            }
        }
    }
}

impl BoardWidget<'_> {
    fn render_labels(&self, buf: &mut Buffer, viewport: &BoardViewport, labels: Labels) {
        let board = self.scene.board;
        let style = self.look.style(Role::Label);
        let cell = viewport.cell.expect("set before the labels");
        let grid = viewport.grid;
        for i in 0..viewport.rows {
            let row = viewport.top + i;
            let text = format!(
                "{:>width$}",
                notation::row_label(board, row),
                width = usize::from(labels.rank_width - 1)
            );
            let y = grid.y + i as u16 * cell.height + (cell.height - 1) / 2;
            buf.set_string(grid.x - labels.rank_width, y, text, style);
        }
        // Column numbers wider than a cell label every few columns.
        let widest = notation::col_label(board, board.cols() - 1).len() as u16;
        let every = u32::from((widest + 1).div_ceil(cell.width)).max(1);
        let y = grid.bottom();
        for i in 0..viewport.cols {
            let col = viewport.left + i;
            if !col.is_multiple_of(every) {
                continue;
            }
            let text = notation::col_label(board, col);
            let x = grid.x + i as u16 * cell.width + (cell.width - 1) / 2;
            let room = usize::from(grid.right().saturating_sub(x));
            buf.set_stringn(x, y, text, room, style);
        }
    }

    /// Draws the tour as lines through the centres of its squares.
    fn render_path(&self, buf: &mut Buffer, viewport: &BoardViewport, path: &[u32]) {
        let board = self.scene.board;
        let cell = viewport.cell.expect("set before the path");
        let grid = viewport.grid;
        let (width, height) = (f64::from(grid.width), f64::from(grid.height));
        // Segments with an end in the window; the other end may lie outside and is clipped.
        let closing = self.scene.closed.then(|| (path[path.len() - 1], path[0]));
        let segments: Vec<(Square, Square)> = path
            .windows(2)
            .map(|pair| (pair[0], pair[1]))
            .chain(closing)
            .map(|(a, b)| (board.square_at(a), board.square_at(b)))
            .filter(|&(a, b)| viewport.shows(a) || viewport.shows(b))
            .collect();
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

/// Draws one square's cell.
struct CellPainter<'a> {
    scene: &'a Scene<'a>,
    look: Look,
    cell: CellSize,
}

/// What a cell shows: its role, its main text and the label under it.
struct CellContent {
    role: Role,
    main: String,
    sub: String,
}

impl CellPainter<'_> {
    fn paint(&self, buf: &mut Buffer, rect: Rect, square: Square) {
        let look = self.look;
        let glyphs = look.glyphs();
        let square_role = if (square.row + square.col).is_multiple_of(2) {
            Role::LightSquare
        } else {
            Role::DarkSquare
        };
        let base = look.style(square_role);
        let content = self.content(square, square_role);
        let fill = if content.role == square_role {
            base
        } else {
            base.patch(look.style(content.role))
        };
        let is_cursor = square == self.scene.cursor;
        let wide = self.cell.width >= 5;
        let fill = if is_cursor && !wide {
            fill.patch(look.cursor_fill())
        } else {
            fill
        };
        buf.set_style(rect, fill);
        for y in rect.top()..rect.bottom() {
            for x in rect.left()..rect.right() {
                buf[(x, y)].set_symbol(" ");
            }
        }
        let main_row = rect.y + (self.cell.height - 1) / 2;
        // Brackets take a column each side in wide cells; compact cells keep one blank column
        // so that neighbouring numbers do not run together.
        let text_room = if wide { rect.width - 2 } else { rect.width - 1 };
        let main_style = if square == self.scene.start && content.role == square_role {
            fill.patch(look.style(Role::Start))
        } else {
            fill
        };
        let main = fit(&content.main, text_room, glyphs.visited);
        centre(buf, rect.x, main_row, rect.width, &main, main_style);
        if self.cell.height >= 2 && !content.sub.is_empty() {
            let sub = fit(&content.sub, rect.width, "");
            centre(buf, rect.x, main_row + 1, rect.width, &sub, fill);
        }
        if is_cursor && wide {
            let cursor = fill.patch(look.style(Role::Cursor));
            buf.set_string(rect.x, main_row, glyphs.cursor.0, cursor);
            buf.set_string(rect.right() - 1, main_row, glyphs.cursor.1, cursor);
        }
    }

    fn content(&self, square: Square, square_role: Role) -> CellContent {
        let scene = self.scene;
        let glyphs = self.look.glyphs();
        let board = scene.board;
        let visit = scene.visits.get(board.index(square) as usize).copied();
        let visit = visit.filter(|&number| number > 0 && number <= scene.shown_up_to);
        let is_start = square == scene.start;
        let number = visit.map(|n| n.to_string()).unwrap_or_default();
        let under = if is_start { "start" } else { "" };
        if let Some((knight, state)) = scene.knight
            && knight == square
        {
            let (role, sub) = match state {
                KnightState::Ready | KnightState::Done => (Role::Knight, number),
                KnightState::Exhausted => (Role::Undone, "back".to_string()),
                KnightState::DeadEnd => (Role::DeadEnd, "dead".to_string()),
            };
            let main = if state == KnightState::DeadEnd {
                format!("{}{}", glyphs.knight, glyphs.dead_end)
            } else {
                glyphs.knight.to_string()
            };
            return CellContent { role, main, sub };
        }
        if scene.path.is_some() {
            return CellContent {
                role: square_role,
                main: String::new(),
                sub: under.to_string(),
            };
        }
        if let Some(at) = scene.candidates.iter().position(|c| c.square == square) {
            let degree = scene.candidates[at].degree;
            return if at == 0 {
                let (open, close) = glyphs.chosen;
                CellContent {
                    role: Role::Chosen,
                    main: if self.cell.width >= 5 {
                        format!("{open}{degree}{close}")
                    } else {
                        degree.to_string()
                    },
                    sub: "next".to_string(),
                }
            } else {
                CellContent {
                    role: Role::Candidate,
                    main: if self.cell.width >= 5 {
                        format!("({degree})")
                    } else {
                        degree.to_string()
                    },
                    sub: String::new(),
                }
            };
        }
        if let Some((undone, dead_end)) = scene.undone
            && undone == square
            && visit.is_none()
        {
            return CellContent {
                role: if dead_end {
                    Role::DeadEnd
                } else {
                    Role::Undone
                },
                main: if dead_end {
                    glyphs.dead_end
                } else {
                    glyphs.undone
                }
                .to_string(),
                sub: if dead_end { "dead" } else { "back" }.to_string(),
            };
        }
        CellContent {
            role: square_role,
            main: number,
            sub: under.to_string(),
        }
    }
}

/// `text` if it fits in `room` columns, else `instead`.
fn fit(text: &str, room: u16, instead: &str) -> String {
    if text.chars().count() <= usize::from(room) {
        text.to_string()
    } else {
        instead.to_string()
    }
}

/// Writes `text` centred in the `width` columns from `x`.
fn centre(buf: &mut Buffer, x: u16, y: u16, width: u16, text: &str, style: Style) {
    let len = text.chars().count() as u16;
    let offset = width.saturating_sub(len) / 2;
    buf.set_stringn(
        x + offset,
        y,
        text,
        usize::from(width - offset.min(width)),
        style,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_follows_its_focus_with_a_margin() {
        // 100 squares, 20 shown: the focus stays two squares from the edges.
        assert_eq!(BoardViewport::follow(0, 10, 20, 100), 0);
        assert_eq!(BoardViewport::follow(0, 18, 20, 100), 1);
        assert_eq!(BoardViewport::follow(50, 51, 20, 100), 49);
        assert_eq!(BoardViewport::follow(0, 99, 20, 100), 80);
        assert_eq!(BoardViewport::follow(70, 0, 20, 100), 0);
        // A board that fits never scrolls.
        assert_eq!(BoardViewport::follow(0, 7, 8, 8), 0);
    }

    #[test]
    fn clicks_map_back_to_the_squares_drawn() {
        let viewport = BoardViewport {
            top: 10,
            left: 20,
            rows: 5,
            cols: 6,
            grid: Rect::new(4, 2, 18, 5),
            cell: Some(CELL_SIZES[2]),
        };
        assert_eq!(viewport.square_at(4, 2), Some(Square::new(10, 20)));
        assert_eq!(viewport.square_at(9, 3), Some(Square::new(11, 21)));
        assert_eq!(viewport.square_at(21, 6), Some(Square::new(14, 25)));
        assert_eq!(viewport.square_at(3, 2), None);
        assert_eq!(viewport.square_at(22, 2), None);
    }
}
