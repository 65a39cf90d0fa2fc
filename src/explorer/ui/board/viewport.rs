//! Where the board goes on screen: the cell sizes, the edge labels' room, and the window onto a
//! board larger than the screen ([`BoardViewport`]), which follows the scene's focus and maps a
//! mouse click back to a square. Arithmetic only: nothing here draws.

use ratatui::layout::Rect;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::notation;

/// A cell size in terminal columns and rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellSize {
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
}

/// The tallest cell the board is drawn with (an 8×8 board gets 7 rows on a 240×60 terminal, 9
/// on 300×80); a board whose cells can grow no further is centred with its panel.
const TALLEST_CELL: u16 = 10;

/// The characters a cell's text needs on `board`: its largest visit number in full, and at
/// least three, so that a candidate's degree is always shown in marks (`(6)`, `›6‹`) that no
/// visit number has, with or without colour.
pub fn text_width(board: Board) -> u16 {
    let digits = board.area().max(1).ilog10() as u16 + 1;
    digits.max(3)
}

/// The cell sizes for `board`, from the largest down: cells about twice as wide as tall (so
/// squares look square) and always wide enough for the board's text, with a column for the
/// cursor's marks each side in cells two or more rows tall and one blank column between
/// compact (one-row) cells. The board takes the largest that shows it whole, and the last
/// (compact) one with a scrolling window when none does.
pub fn cell_sizes(board: Board) -> impl Iterator<Item = CellSize> {
    let text = text_width(board);
    (1..=TALLEST_CELL).rev().map(move |height| {
        let width = if height == 1 {
            text + 1
        } else {
            (2 * height + 1).max(text + 2)
        };
        CellSize { width, height }
    })
}

/// The shade zoom's cell: one character a square.
pub const SHADE_CELL: CellSize = CellSize {
    width: 1,
    height: 1,
};

/// The compact cell of `board`: one row, its text and a blank column.
pub fn compact_cell(board: Board) -> CellSize {
    CellSize {
        width: text_width(board) + 1,
        height: 1,
    }
}

impl CellSize {
    /// Whether the cell is tall enough for the cursor's marks and a label under its text.
    pub(crate) fn is_wide(self) -> bool {
        self.height >= 2
    }

    /// The columns of the cell's text: brackets take a column each side in wide cells, and
    /// compact cells keep one blank column so that neighbouring numbers do not run together.
    pub(crate) fn text_room(self) -> u16 {
        if self.is_wide() {
            self.width - 2
        } else {
            self.width - 1
        }
    }
}

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
    /// The last request to centre on the focus that was carried out.
    pub centred: u32,
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

    /// Centres index `focus` of a line of `len` squares, `shown` at a time, as far as the ends
    /// allow; returns the first index.
    fn centre(focus: u32, shown: u32, len: u32) -> u32 {
        focus.saturating_sub(shown / 2).min(len - shown)
    }

    /// The window for `board` in `inner` (the area inside the border) with cells of `cell`,
    /// following `focus` from where the window stood last frame (`self`), or centred on it when
    /// `centre_request` is new; `None` when not even one cell fits.
    pub(super) fn laid_out(
        &self,
        board: Board,
        labels: Labels,
        inner: Rect,
        focus: Square,
        centre_request: u32,
        cell: CellSize,
    ) -> Option<Self> {
        let room_w = inner.width.saturating_sub(labels.rank_width) / cell.width;
        let room_h = inner.height.saturating_sub(1) / cell.height;
        if room_w == 0 || room_h == 0 {
            return None;
        }
        let cols = board.cols().min(u32::from(room_w));
        let rows = board.rows().min(u32::from(room_h));
        let (left, top) = if centre_request == self.centred {
            (
                Self::follow(self.left, focus.col, cols, board.cols()),
                Self::follow(self.top, focus.row, rows, board.rows()),
            )
        } else {
            (
                Self::centre(focus.col, cols, board.cols()),
                Self::centre(focus.row, rows, board.rows()),
            )
        };
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
        Some(Self {
            top,
            left,
            rows,
            cols,
            grid,
            cell: Some(cell),
            centred: centre_request,
        })
    }

    /// The terminal cells of `square`, which must be in the window.
    pub fn cell_rect(&self, square: Square) -> Rect {
        let cell = self.cell.expect("laid out before drawing");
        Rect::new(
            self.grid.x + (square.col - self.left) as u16 * cell.width,
            self.grid.y + (square.row - self.top) as u16 * cell.height,
            cell.width,
            cell.height,
        )
    }
}

/// How the edges are labelled: as [`notation::row_label`] and [`notation::col_label`] say
/// (files and ranks on boards with algebraic names, 0-based numbers beyond).
#[derive(Debug, Clone, Copy)]
pub(super) struct Labels {
    /// Columns taken by the rank numbers, with a space after them.
    pub(super) rank_width: u16,
}

impl Labels {
    /// The labels of `board`.
    pub(super) fn new(board: Board) -> Self {
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
    pub(super) fn grid_fits(
        &self,
        board: Board,
        cell: CellSize,
        inner: (u16, u16),
    ) -> Option<(u16, u16)> {
        let width = u32::from(self.rank_width) + board.cols() * u32::from(cell.width);
        let height = board.rows() * u32::from(cell.height) + 1;
        (width <= u32::from(inner.0) && height <= u32::from(inner.1))
            .then_some((width as u16, height as u16))
    }

    /// The largest cell that shows `board` whole in `inner`, else the compact one.
    pub(super) fn cell_in(&self, board: Board, inner: Rect) -> CellSize {
        cell_sizes(board)
            .find(|&cell| {
                self.grid_fits(board, cell, (inner.width, inner.height))
                    .is_some()
            })
            .unwrap_or_else(|| compact_cell(board))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_hold_every_visit_number_and_a_marked_degree() {
        for (rows, cols, text) in [
            (8, 8, 3),
            (12, 12, 3),
            (32, 32, 4),
            (100, 100, 5),
            (1000, 1000, 7),
        ] {
            let board = Board::new(rows, cols).unwrap();
            assert_eq!(text_width(board), text, "{board}");
            let area_digits = board.area().to_string().len() as u16;
            for cell in cell_sizes(board).chain([compact_cell(board)]) {
                assert!(cell.text_room() >= area_digits.max(3), "{board}: {cell:?}");
                assert!(
                    cell.width >= 2 * cell.height - 1,
                    "{board}: {cell:?} looks tall"
                );
            }
        }
    }

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
        // Centring stops at the ends.
        assert_eq!(BoardViewport::centre(50, 20, 100), 40);
        assert_eq!(BoardViewport::centre(3, 20, 100), 0);
        assert_eq!(BoardViewport::centre(99, 20, 100), 80);
    }

    #[test]
    fn clicks_map_back_to_the_squares_drawn() {
        let viewport = BoardViewport {
            top: 10,
            left: 20,
            rows: 5,
            cols: 6,
            grid: Rect::new(4, 2, 18, 5),
            cell: Some(CellSize {
                width: 3,
                height: 1,
            }),
            centred: 0,
        };
        assert_eq!(viewport.square_at(4, 2), Some(Square::new(10, 20)));
        assert_eq!(viewport.square_at(9, 3), Some(Square::new(11, 21)));
        assert_eq!(viewport.square_at(21, 6), Some(Square::new(14, 25)));
        assert_eq!(viewport.square_at(3, 2), None);
        assert_eq!(viewport.square_at(22, 2), None);
    }
}
