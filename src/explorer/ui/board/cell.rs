//! One square's cell: what it shows (a visit number, the knight, a candidate and its degree, the
//! square last taken back, a square a construction's join linked, play's moves and the squares
//! its verdict names) and how it is painted (the
//! square's colour, the cursor, the labels under the main text in cells tall enough for them,
//! and a construction's seams: a line in the cell's last column, an underline on its last row).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

use crate::explorer::app::{KnightState, PlayView, Scene};
use crate::explorer::ui::look::{Look, Role};
use knights_tour_engine::board::Square;

use super::CellSize;
use super::starts_squares::MapCell;

/// Draws one square's cell.
pub(super) struct CellPainter<'a> {
    /// What the board shows.
    pub(super) scene: &'a Scene<'a>,
    /// Colours and glyphs.
    pub(super) look: Look,
    /// The size of every cell.
    pub(super) cell: CellSize,
}

/// What a cell shows: its role, its main text and the label under it, and a fill of its own
/// (the starts map's) instead of the role's.
struct CellContent {
    role: Role,
    main: String,
    sub: String,
    fill: Option<Style>,
}

impl CellPainter<'_> {
    pub(super) fn paint(&self, buf: &mut Buffer, rect: Rect, square: Square) {
        let look = self.look;
        let glyphs = look.glyphs();
        if self.scene.is_hole(square) && self.scene.starts.is_none() {
            self.paint_hole(buf, rect, square);
            return;
        }
        let square_role = if (square.row + square.col).is_multiple_of(2) {
            Role::LightSquare
        } else {
            Role::DarkSquare
        };
        let base = look.style(square_role);
        let content = self.content(square, square_role);
        let fill = match content.fill {
            Some(own) => base.patch(own),
            None if content.role == square_role => base,
            None => base.patch(look.style(content.role)),
        };
        let is_cursor = square == self.scene.cursor;
        let wide = self.cell.is_wide();
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
        let text_room = self.cell.text_room();
        let marked = square == self.scene.start || Some(square) == self.scene.end;
        let main_style = if marked && content.role == square_role {
            fill.patch(look.style(Role::Start))
        } else {
            fill
        };
        let main = fit(&content.main, text_room);
        centre(buf, rect.x, main_row, rect.width, &main, main_style);
        // The label under the text is shown whole or not at all.
        let sub_fits = content.sub.chars().count() <= usize::from(rect.width);
        if self.cell.height >= 2 && !content.sub.is_empty() && sub_fits {
            centre(buf, rect.x, main_row + 1, rect.width, &content.sub, fill);
        }
        self.paint_seams(buf, rect, square);
        if is_cursor && wide {
            let cursor = fill.patch(look.style(Role::Cursor));
            buf.set_string(rect.x, main_row, glyphs.cursor.0, cursor);
            buf.set_string(rect.right() - 1, main_row, glyphs.cursor.1, cursor);
        }
    }

    /// A hole: its cell hatched with the hole glyph, the cursor's brackets over it.
    fn paint_hole(&self, buf: &mut Buffer, rect: Rect, square: Square) {
        let look = self.look;
        let mut style = look.style(Role::Hole);
        let is_cursor = square == self.scene.cursor;
        let wide = self.cell.is_wide();
        if is_cursor && !wide {
            style = style.patch(look.cursor_fill());
        }
        buf.set_style(rect, style);
        // Compact cells keep their last column blank, as between numbers.
        let right = if wide { rect.right() } else { rect.right() - 1 };
        for y in rect.top()..rect.bottom() {
            for x in rect.left()..rect.right() {
                let glyph = if x < right { look.glyphs().hole } else { " " };
                buf[(x, y)].set_symbol(glyph);
            }
        }
        if is_cursor && wide {
            let main_row = rect.y + (self.cell.height - 1) / 2;
            let cursor = look.style(Role::Cursor);
            buf.set_string(rect.x, main_row, look.glyphs().cursor.0, cursor);
            buf.set_string(rect.right() - 1, main_row, look.glyphs().cursor.1, cursor);
        }
    }

    /// The seams of a construction below and right of the cell (the last column of a cell is
    /// blank but for the cursor's bracket, so the line hides no text).
    fn paint_seams(&self, buf: &mut Buffer, rect: Rect, square: Square) {
        let (below, right) = self.scene.seams_after(square);
        if right {
            let style = self.look.style(Role::Seam);
            for y in rect.top()..rect.bottom() {
                let cell = &mut buf[(rect.right() - 1, y)];
                cell.set_symbol(self.look.glyphs().seam);
                cell.set_style(style);
            }
        }
        if below {
            let underline = Style::new().add_modifier(Modifier::UNDERLINED);
            for x in rect.left()..rect.right() {
                buf[(x, rect.bottom() - 1)].set_style(underline);
            }
        }
    }

    fn content(&self, square: Square, square_role: Role) -> CellContent {
        let scene = self.scene;
        let visit = scene
            .visits
            .get(scene.board.index(square) as usize)
            .copied();
        let visit = visit.filter(|&number| number > 0 && number <= scene.shown_up_to);
        let number = visit.map(|n| n.to_string()).unwrap_or_default();
        let is_end = Some(square) == scene.end;
        let under = if square == scene.start {
            "start"
        } else if is_end {
            "end"
        } else {
            ""
        };
        // The end asked for keeps its mark until the knight gets there.
        let number = match (number.is_empty() && is_end, self.look.glyphs().end) {
            (true, end) => end.to_string(),
            (false, _) => number,
        };
        if let Some(view) = &scene.starts {
            let cell = MapCell::of(view, square, self.look, self.cell.text_room());
            return CellContent {
                fill: Some(self.look.starts_fill(cell.outcome)),
                role: square_role,
                main: cell.text,
                sub: cell.word.to_string(),
            };
        }
        if let Some((knight, state)) = scene.knight
            && knight == square
        {
            return self.knight(state, number);
        }
        if let Some(play) = &scene.play
            && let Some(mark) = self.play_mark(play, square)
        {
            return mark;
        }
        if let Some(given) = scene.clue_at(square) {
            // A given number stands whatever the search does: set apart from visit numbers.
            let sub = if under.is_empty() { "clue" } else { under };
            return CellContent {
                fill: None,
                role: Role::Clue,
                main: self.look.clue_text(given, self.cell.text_room()),
                sub: sub.to_string(),
            };
        }
        if scene.joined.contains(&square) {
            return CellContent {
                fill: None,
                role: Role::Join,
                main: number,
                sub: "join".to_string(),
            };
        }
        if scene.path.is_some() {
            // The path's lines carry the order; the start keeps its mark.
            let main = if square == scene.start {
                self.look.glyphs().start
            } else if is_end {
                self.look.glyphs().end
            } else {
                ""
            };
            return CellContent {
                fill: None,
                role: square_role,
                main: main.to_string(),
                sub: under.to_string(),
            };
        }
        if let Some(at) = scene.candidates.iter().position(|c| c.square == square) {
            return self.candidate(at, scene.candidates[at].degree);
        }
        if let Some((undone, dead_end)) = scene.undone
            && undone == square
            && visit.is_none()
        {
            return self.undone(dead_end);
        }
        CellContent {
            fill: None,
            role: square_role,
            main: number,
            sub: under.to_string(),
        }
    }

    /// The knight's cell, in `state`, on the square numbered `number`.
    fn knight(&self, state: KnightState, number: String) -> CellContent {
        let glyphs = self.look.glyphs();
        let (role, sub) = match state {
            KnightState::Ready | KnightState::Done => (Role::Knight, number),
            KnightState::Exhausted => (Role::Undone, "back".to_string()),
            KnightState::DeadEnd => (Role::DeadEnd, "dead".to_string()),
        };
        let piece = glyphs.piece(self.scene.piece);
        let main = if state == KnightState::DeadEnd {
            format!("{piece}{}", glyphs.dead_end)
        } else {
            piece.to_string()
        };
        CellContent {
            role,
            main,
            sub,
            fill: None,
        }
    }

    /// The cell of the knight's untried candidate `at` (0 is the next), of `degree` onward moves.
    /// The degree is always in marks, `›6‹` or `(6)`, which no visit number has.
    fn candidate(&self, at: usize, degree: u8) -> CellContent {
        if at == 0 {
            let (open, close) = self.look.glyphs().chosen;
            CellContent {
                fill: None,
                role: Role::Chosen,
                main: format!("{open}{degree}{close}"),
                sub: "next".to_string(),
            }
        } else {
            CellContent {
                fill: None,
                role: Role::Candidate,
                main: format!("({degree})"),
                sub: String::new(),
            }
        }
    }

    /// A square play marks: a move, `n:d` (its number and its degree; the hint in the chosen
    /// candidate's colour and labelled `hint`), or a square a dead verdict names (`✗ dead`).
    fn play_mark(&self, play: &PlayView, square: Square) -> Option<CellContent> {
        let named = play.named.contains(&square);
        if let Some(step) = play.moves.iter().find(|step| step.square == square) {
            let hinted = play.hint == Some(square);
            let role = match (named, hinted) {
                (true, _) => Role::DeadEnd,
                (false, true) => Role::Chosen,
                (false, false) => Role::Candidate,
            };
            return Some(CellContent {
                role,
                main: format!("{}:{}", step.number, step.degree),
                sub: if hinted { "hint" } else { "" }.to_string(),
                fill: None,
            });
        }
        named.then(|| CellContent {
            role: Role::DeadEnd,
            main: self.look.glyphs().dead_end.to_string(),
            sub: "dead".to_string(),
            fill: None,
        })
    }

    /// The cell of the square the last backtrack took off the path.
    fn undone(&self, dead_end: bool) -> CellContent {
        let glyphs = self.look.glyphs();
        if dead_end {
            CellContent {
                fill: None,
                role: Role::DeadEnd,
                main: glyphs.dead_end.to_string(),
                sub: "dead".to_string(),
            }
        } else {
            CellContent {
                fill: None,
                role: Role::Undone,
                main: glyphs.undone.to_string(),
                sub: "back".to_string(),
            }
        }
    }
}

/// `text` cut to `room` columns. Cells are sized for the board's largest visit number and a
/// marked degree, so only the knight's two-glyph marks could ever be cut, in the narrowest cell.
fn fit(text: &str, room: u16) -> String {
    text.chars().take(usize::from(room)).collect()
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
