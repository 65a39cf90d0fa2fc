//! The board widget: a grid of cells about twice as wide as they are tall, with file letters and
//! rank numbers on the edges, drawn from a [`Scene`]. Its state ([`BoardViewport`]) is the
//! window onto a board larger than the screen, which follows the scene's focus, and the
//! geometry that maps a mouse click back to a square.
//!
//! - this file: the widget, its frame and its edge labels;
//! - `viewport`: where the grid goes and which squares it shows (arithmetic only);
//! - `cell`: what one square's cell shows and how it is painted;
//! - `path`: the path view's lines over the cells;
//! - `shade`: the shade and overview zooms, squares coloured by visit order;
//! - `starts_squares`: the starts map's squares.

mod cell;
mod path;
mod shade;
mod starts_squares;
mod viewport;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, StatefulWidget, Widget};

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::notation;

use super::look::{Look, Role};
use crate::explorer::app::{KnightState, Scene, Zoom};
use cell::CellPainter;
use viewport::Labels;

pub use starts_squares::short_count;
pub(super) use starts_squares::{LegendMark, legend_marks};
pub use viewport::{BoardViewport, CellSize, SHADE_CELL, cell_sizes, compact_cell, text_width};

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
    pub(crate) fn size_in(board: Board, room: Rect) -> (u16, u16) {
        Self::whole_size_in(board, room).unwrap_or((room.width, room.height))
    }

    /// The terminal size the whole board takes with the largest cells that fit in `room`
    /// (border included); `None` when it needs a scrolling window.
    pub(crate) fn whole_size_in(board: Board, room: Rect) -> Option<(u16, u16)> {
        let labels = Labels::new(board);
        let inner = (room.width.saturating_sub(2), room.height.saturating_sub(2));
        cell_sizes(board)
            .chain([compact_cell(board)])
            .find_map(|cell| labels.grid_fits(board, cell, inner))
            .map(|(width, height)| (width + 2, height + 2))
    }
}

impl StatefulWidget for BoardWidget<'_> {
    type State = BoardViewport;

    fn render(self, area: Rect, buf: &mut Buffer, viewport: &mut BoardViewport) {
        let scene = self.scene;
        let block = Block::bordered()
            .border_set(self.look.glyphs().border)
            .border_style(self.look.style(Role::Frame))
            .title(self.title.as_str());
        let inner = block.inner(area);
        block.render(area, buf);
        // The starts map (at most 256x256) has no overview: a character a square.
        if scene.zoom == Zoom::Overview && scene.starts.is_none() {
            *viewport = self.render_overview(buf, inner);
            return;
        }
        let labels = Labels::new(scene.board);
        let cell = match scene.zoom {
            Zoom::Shade | Zoom::Overview => SHADE_CELL,
            Zoom::Numbers => labels.cell_in(scene.board, inner),
        };
        let focus = scene.focus;
        let Some(laid_out) = viewport.laid_out(
            scene.board,
            labels,
            inner,
            focus,
            scene.centre_request,
            cell,
        ) else {
            *viewport = BoardViewport::default();
            return;
        };
        *viewport = laid_out;
        self.render_labels(buf, viewport, labels);
        if scene.zoom != Zoom::Numbers {
            match &scene.starts {
                Some(view) => self.render_starts_shade(buf, viewport, view),
                None => self.render_shade(buf, viewport),
            }
            return;
        }
        let painter = CellPainter {
            scene,
            look: self.look,
            cell: viewport.cell.expect("just laid out"),
        };
        for row in viewport.top..viewport.top + viewport.rows {
            for col in viewport.left..viewport.left + viewport.cols {
                let square = Square::new(row, col);
                painter.paint(buf, viewport.cell_rect(square), square);
            }
        }
        if let Some(path) = scene.path {
            self.render_path(buf, viewport, path);
            // The start and the knight stay on top of the lines.
            let (last, _) = scene.knight.unwrap_or((scene.start, KnightState::Done));
            for square in [scene.start, last] {
                if viewport.shows(square) {
                    painter.paint(buf, viewport.cell_rect(square), square);
                }
            }
        }
    }
}

impl BoardWidget<'_> {
    /// Writes the rank labels left of the grid and the file labels under it.
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
}
