//! The side panel (and the strip that replaces it on narrow terminals): the live figures, where
//! the window stands on a large board (rows and columns in view, a minimap), the legend of the
//! marks and of the visit-order colours. Values wrap; none is cut. A narrow panel gives short
//! forms of its values, and one too short for every field leaves out whole fields, those the
//! board already shows or that matter least first.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::piece::{piece_prefix, piece_value, piece_word};
use super::{BoardViewport, CellSize, Look, Role, Screen};
use crate::explorer::app::{TourView, Zoom, count_of, thousands};
use knights_tour_engine::notation::{full_name, short_name};

/// Columns of the field names in the panel.
pub(super) const FIELD_WIDTH: usize = 11;

/// Columns for values below which the panel gives the short forms of its values: the method
/// without its description, the depth without the deepest, the cursor without its row and
/// column, the zoom without its key.
const SHORT_VALUES_BELOW: usize = 19;

/// The fields a panel too short for all of them leaves out, the first first: each is on the
/// board or its title, or matters less than the status and the counters, which stay.
const LEFT_OUT_FIRST: [&str; 15] = [
    "Replayed",
    "Elapsed",
    "Steps",
    "View",
    "Board",
    "Start",
    "End",
    "Cursor",
    "Speed",
    "Taken back",
    "Backtracks",
    "Joins",
    "Tour",
    "Method",
    "Last",
];

impl Screen<'_> {
    /// The panel's lines in `width` columns and, if it can, `height` rows: field names and
    /// values, the legend of the map (whose marks depend on the board's `cell`) or of the visit
    /// order, then the message if there is one. Fields are left out whole ([`LEFT_OUT_FIRST`]) where they would not fit, never cut.
    fn panel_lines(&self, width: u16, height: u16, cell: Option<CellSize>) -> Vec<Line<'static>> {
        let room = usize::from(width.saturating_sub(FIELD_WIDTH as u16)).max(8);
        let mut fields = self.panel_fields(room < SHORT_VALUES_BELOW);
        let mut after_fields = Vec::new();
        if let Some(view) = self.app.scene().starts {
            // The columns of a cell's text when the cells hold text, not a character a square.
            let text_room = cell
                .filter(|_| self.app.zoom() == Zoom::Numbers)
                .map(CellSize::text_room);
            after_fields.extend(self.starts_legend(&view, width, text_room));
        } else if self.app.zoom() != Zoom::Numbers {
            after_fields.push(self.order_legend(width));
        }
        if let Some(message) = self.app.message() {
            after_fields.push(Line::default());
            let warn = self.style(Role::Warn);
            let wrapped = wrap(message, usize::from(width).max(8));
            after_fields.extend(wrapped.into_iter().map(|chunk| Line::styled(chunk, warn)));
        }
        let rows = |fields: &[(&str, String, Style)]| {
            let values: usize = fields
                .iter()
                .map(|(_, value, _)| wrap(value, room).len())
                .sum();
            values + after_fields.len()
        };
        for name in LEFT_OUT_FIRST {
            if rows(&fields) <= usize::from(height) {
                break;
            }
            fields.retain(|&(field, ..)| field != name);
        }
        let mut lines: Vec<Line<'static>> = fields
            .into_iter()
            .flat_map(|(name, value, style)| self.field_lines(name, &value, style, room))
            .collect();
        lines.extend(after_fields);
        lines
    }

    /// Where the window stands on a board larger than it: the rows and columns in view, and a
    /// minimap with the window drawn on it and the knight marked, in at most `room` lines of
    /// `width` columns. Nothing when the board fits.
    fn window_lines(
        &self,
        viewport: &BoardViewport,
        width: u16,
        room: usize,
    ) -> Vec<Line<'static>> {
        let board = self.app.setup().board;
        if viewport.rows >= board.rows() && viewport.cols >= board.cols() {
            return Vec::new();
        }
        let key = self.style(Role::Key);
        let text = self.style(Role::Text);
        let last = |first: u32, shown: u32| first + shown.max(1) - 1;
        let in_view = format!(
            "rows {}-{}, cols {}-{}",
            viewport.top,
            last(viewport.top, viewport.rows),
            viewport.left,
            last(viewport.left, viewport.cols)
        );
        let value_room = usize::from(width.saturating_sub(FIELD_WIDTH as u16)).max(8);
        let mut lines = self.field_lines("In view", &in_view, text, value_room);
        let map_room = (room.saturating_sub(lines.len())).min(8) as u32;
        if map_room < 2 {
            return lines;
        }
        let map_width = u32::from(width.saturating_sub(FIELD_WIDTH as u16)).clamp(4, 24);
        // Terminal cells are about twice as tall as wide: halve the rows to keep the shape.
        let map_height = (map_width * board.rows() / board.cols() / 2).clamp(2, map_room);
        let scene = self.app.scene();
        let knight = scene.knight.map(|(square, _)| square);
        let glyphs = self.look.glyphs();
        let piece = glyphs.piece(scene.piece);
        let (inside, outside) = match glyphs.upper_half {
            Some(_) => ("█", "·"),
            None => ("#", "."),
        };
        for y in 0..map_height {
            let rows = y * board.rows() / map_height..((y + 1) * board.rows()).div_ceil(map_height);
            let mut line = String::new();
            for x in 0..map_width {
                let cols =
                    x * board.cols() / map_width..((x + 1) * board.cols()).div_ceil(map_width);
                let overlaps = rows.start < viewport.top + viewport.rows
                    && viewport.top < rows.end
                    && cols.start < viewport.left + viewport.cols
                    && viewport.left < cols.end;
                let has_knight =
                    knight.is_some_and(|k| rows.contains(&k.row) && cols.contains(&k.col));
                line.push_str(if has_knight {
                    piece
                } else if overlaps {
                    inside
                } else {
                    outside
                });
            }
            lines.push(Line::from(vec![
                Span::styled(" ".repeat(FIELD_WIDTH), key),
                Span::styled(line, self.style(Role::Muted)),
            ]));
        }
        lines
    }

    /// What the marks on the board mean, each drawn as the board draws it, packed into lines
    /// of `width` columns.
    fn legend_lines(&self, width: u16) -> Vec<Line<'static>> {
        let glyphs = self.look.glyphs();
        let on_square = |role: Role| self.style(Role::LightSquare).patch(self.style(role));
        let (open, close) = glyphs.chosen;
        let app = self.app;
        let start_marked =
            app.zoom() != Zoom::Numbers || (app.view() == TourView::Path && app.tour().is_some());
        let piece = app.setup().piece;
        let mut marks: Vec<(String, Style, &str)> = vec![
            (
                glyphs.piece(piece).to_string(),
                on_square(Role::Knight),
                piece_word(piece),
            ),
            (glyphs.start.to_string(), self.style(Role::Text), "start"),
            (
                format!("{}{}", glyphs.cursor.0, glyphs.cursor.1),
                self.style(Role::Cursor),
                "cursor",
            ),
            (
                format!("{open}5{close}"),
                on_square(Role::Chosen),
                "next move (5 onward)",
            ),
            ("(3)".to_string(), on_square(Role::Candidate), "candidate"),
            (
                glyphs.undone.to_string(),
                on_square(Role::Undone),
                "taken back",
            ),
            (
                glyphs.dead_end.to_string(),
                on_square(Role::DeadEnd),
                "dead end",
            ),
        ];
        if !start_marked {
            // With numbers the start's cell says "start" (or shows visit 1) itself.
            marks.remove(1);
        }
        if app.play().is_some() {
            marks = self.play_marks();
        } else if app.scene().seams.is_some() {
            // A construction has no candidates, backtracks or dead ends: its own marks instead.
            let seam = self.style(Role::LightSquare).patch(self.style(Role::Seam));
            marks.truncate(if start_marked { 3 } else { 2 });
            marks.push((glyphs.seam.to_string(), seam, "seam between blocks"));
            marks.push(("7".to_string(), on_square(Role::Join), "just joined"));
        }
        if let Some(shape) = app.shape() {
            // A board's holes and clues, last: they stay on the board whatever it shows.
            if !shape.holes().is_empty() {
                let hole = glyphs.hole.repeat(2);
                marks.push((hole, self.style(Role::Hole), "hole"));
            }
            if !shape.clues().is_empty() {
                let clue = self.look.clue_text(7, 3);
                marks.push((clue, on_square(Role::Clue), "given number"));
            }
        }
        if app.end().is_some() {
            // After the knight (and the start, where it is marked).
            let at = if start_marked && app.play().is_none() {
                2
            } else {
                1
            };
            marks.insert(at, (glyphs.end.to_string(), self.style(Role::Text), "end"));
        }
        let muted = self.style(Role::Muted);
        let mut lines = vec![Line::styled("Legend", self.style(Role::Key))];
        let mut line: Vec<Span<'static>> = Vec::new();
        let mut used = 0;
        for (mark, style, meaning) in marks {
            let len = mark.chars().count() + 1 + meaning.chars().count() + 2;
            if used + len > usize::from(width) && !line.is_empty() {
                lines.push(Line::from(std::mem::take(&mut line)));
                used = 0;
            }
            line.push(Span::styled(mark, style));
            line.push(Span::styled(format!(" {meaning}  "), muted));
            used += len;
        }
        lines.push(Line::from(line));
        lines
    }

    /// The legend of the visit-order colours (or glyphs): the first move, the gradient, the last.
    fn order_legend(&self, width: u16) -> Line<'static> {
        let key = self.style(Role::Key);
        let last = thousands(self.app.scene().last_visit);
        let room = usize::from(width)
            .saturating_sub(FIELD_WIDTH + 3 + last.len())
            .clamp(1, 16);
        let mut spans = vec![
            Span::styled(format!("{:<FIELD_WIDTH$}", "Order"), key),
            Span::raw("1 "),
        ];
        for i in 0..room {
            let fraction = i as f64 / (room.max(2) - 1) as f64;
            spans.push(match self.look.gradient(fraction) {
                Some(colour) => Span::styled(" ", Style::new().bg(colour)),
                None => Span::raw(Look::ramp(fraction)),
            });
        }
        spans.push(Span::raw(format!(" {last}")));
        Line::from(spans)
    }

    /// One field of the panel: its name, then its value wrapped to `room` columns.
    pub(super) fn field_lines(
        &self,
        name: &str,
        value: &str,
        style: Style,
        room: usize,
    ) -> Vec<Line<'static>> {
        let key = self.style(Role::Key);
        wrap(value, room)
            .into_iter()
            .enumerate()
            .map(|(i, chunk)| {
                let label = if i == 0 { name } else { "" };
                Line::from(vec![
                    Span::styled(format!("{label:<FIELD_WIDTH$}"), key),
                    Span::styled(chunk, style),
                ])
            })
            .collect()
    }

    /// The panel's fields in order: name, value (its `short` form when asked) and the value's
    /// style.
    fn panel_fields(&self, short: bool) -> Vec<(&'static str, String, Style)> {
        let app = self.app;
        if let Some(play) = app.play() {
            return self.play_fields(play, short);
        }
        let text = self.style(Role::Text);
        let status = app.status();
        let mut fields = self.setup_fields(short);
        let board = app.setup().board;
        let name = |square| {
            if short {
                short_name(board, square)
            } else {
                full_name(board, square)
            }
        };
        if let (Some(kind), Some(map)) = (app.map_shown(), app.shown_map()) {
            // The map is on the board: its figures, not the search's.
            fields.extend(self.starts_fields(short));
            fields.push(("Cursor", name(app.cursor()), text));
            let mut view = format!("{} map", kind.squares());
            if map.method != app.setup().method {
                // Another piece's map is auto's, not the method's on screen: say so.
                view += &format!(" by {}", map.method.name());
            }
            if !short {
                view += &format!(" ({}: back to the search)", kind.key());
            }
            fields.push(("View", view, text));
            return fields;
        }
        fields.push((
            "Status",
            self.status_text(&status),
            self.status_style(&status),
        ));
        if app.map_shown().is_some() {
            fields.extend(self.starts_fields(short));
        }
        fields.extend(self.figure_fields(short));
        if let Some(telling) = app.telling() {
            let (laid, blocks) = telling.blocks();
            let (joined, joins) = telling.joins();
            let count = |done: u32, all: u32| {
                format!("{} of {}", thousands(done.into()), thousands(all.into()))
            };
            fields.push(("Blocks", count(laid, blocks), self.style(Role::Key)));
            fields.push(("Joins", count(joined, joins), text));
            if let Some(step) = telling.last_step() {
                fields.push(("Last", self.describe_step(step), text));
            }
            if let Some(step) = telling.next_step() {
                fields.push(("Next", self.describe_step(step), text));
            }
        }
        if let Some((last, next)) = self.describe_timeline() {
            fields.push(("Last", last, text));
            fields.extend(next.map(|next| ("Next", next, text)));
        } else {
            if let Some(last) = self.describe_last_event() {
                fields.push(("Last", last, text));
            }
            if let Some(next) = self.describe_next_move() {
                fields.push(("Next", next, text));
            }
        }
        fields.extend(self.cursor_and_view_fields(short));
        fields
    }

    /// The cursor's square (and its visit number) and the zoom (`short`: without the row and
    /// column and without the keys).
    pub(super) fn cursor_and_view_fields(&self, short: bool) -> Vec<(&'static str, String, Style)> {
        let app = self.app;
        let text = self.style(Role::Text);
        let board = app.setup().board;
        let cursor = app.cursor();
        let name = if short {
            short_name(board, cursor)
        } else {
            full_name(board, cursor)
        };
        let visit = app
            .visit_number(cursor)
            .map(|number| format!(", visit {}", thousands(u64::from(number))))
            .unwrap_or_default();
        let mut fields = vec![("Cursor", format!("{name}{visit}"), text)];
        let mut view = format!("{} (z: zoom", app.zoom().name());
        if short {
            view = app.zoom().name().to_string();
        } else if app.tour().is_some() && app.zoom() == Zoom::Numbers {
            view += match app.view() {
                TourView::Numbers => ", v: path",
                TourView::Path => ", v: numbers; path shown",
            };
        }
        if !short {
            view.push(')');
        }
        fields.push(("View", view, text));
        fields
    }

    /// What the user chose: the board, the method and the start (`short`: without the number
    /// of squares and the method's description).
    pub(super) fn setup_fields(&self, short: bool) -> Vec<(&'static str, String, Style)> {
        let setup = self.app.setup();
        let board = setup.board;
        let text = self.style(Role::Text);
        let kind = if setup.closed { "closed" } else { "open" };
        let shown = self.app.board_text();
        let (board_value, method) = if short {
            (format!("{shown}, {kind}"), setup.method.name().to_string())
        } else {
            (
                format!(
                    "{shown} ({}), {kind}",
                    count_of(self.app.squares(), "square")
                ),
                format!("{} ({})", setup.method.name(), setup.method.brief()),
            )
        };
        // The stepped search keeps no clue: such a board is the engine's solve's, whole.
        let method = match (self.app.clues_bind(), short) {
            (true, true) => "solve".to_string(),
            (true, false) => "the engine's solve, answered whole (clues)".to_string(),
            (false, _) => method,
        };
        let mut fields = vec![("Board", board_value, text)];
        // The knight is named in the panel's title alone, as it always was.
        if !setup.piece.is_knight() {
            fields.push(("Piece", piece_value(setup.piece, short), text));
        }
        fields.extend([
            ("Method", method, text),
            ("Start", full_name(board, setup.start), text),
        ]);
        if let Some(end) = self.app.end() {
            fields.push(("End", full_name(board, end), self.style(Role::Key)));
        }
        if let Some(source) = self.app.opened_from() {
            fields.push(("Tour", format!("from {source}, validated"), text));
        }
        if let Some(puzzle) = self.app.puzzle_line() {
            fields.push(("Puzzle", puzzle, self.style(Role::Key)));
        }
        // A method that answers whole may hand a small board to another layer, and another
        // piece's `f` asks auto: say which (not in play, whose answers are the judge's).
        let by_auto = self.app.answered_by_auto();
        if let Some(layer) = self.app.answered_by()
            && (layer.method() != Some(setup.method) || by_auto)
            && self.app.play().is_none()
        {
            let by = if by_auto {
                format!("by auto, its {layer} layer")
            } else {
                format!("by the {layer} layer")
            };
            fields.push(("Answered", by, self.style(Role::Warn)));
        }
        fields
    }

    /// The search's counters, its time and the play speed (`short`: the depth without the
    /// deepest).
    fn figure_fields(&self, short: bool) -> Vec<(&'static str, String, Style)> {
        let app = self.app;
        let figures = app.figures();
        let area = app.squares();
        let text = self.style(Role::Text);
        let mut depth = format!(
            "{} of {}",
            thousands(u64::from(figures.depth)),
            thousands(area)
        );
        if !short {
            depth += &format!(" (deepest {})", thousands(u64::from(figures.max_depth)));
        }
        let mut steps = thousands(app.steps());
        if app.timeline().is_some_and(|(shown, total)| shown < total) {
            // The figures above and this are the search's; the timeline is the Move line.
            steps += " (of the search)";
        }
        let mut fields = vec![
            ("Nodes", thousands(figures.nodes), text),
            ("Backtracks", thousands(figures.backtracks), text),
            ("Depth", depth, text),
            ("Steps", steps, text),
            (
                "Elapsed",
                format!("{:.2} s", app.elapsed().as_secs_f64()),
                text,
            ),
        ];
        if let Some((shown, total)) = app.timeline() {
            let moment = format!("{} of {}", thousands(shown), thousands(total));
            fields.push(("Move", moment, self.style(Role::Key)));
            if !app.replay_elapsed().is_zero() {
                let replayed = format!("{:.2} s", app.replay_elapsed().as_secs_f64());
                fields.push(("Replayed", replayed, text));
            }
        }
        fields.push(("Speed", app.speed().to_string(), text));
        fields
    }

    pub(super) fn render_panel(&self, area: Rect, buf: &mut Buffer, viewport: &BoardViewport) {
        let block = Block::bordered()
            .border_set(self.look.glyphs().border)
            .border_style(self.style(Role::Frame))
            .title(format!(" {}'s tour ", self.app.setup().piece));
        let inner = block.inner(area);
        block.render(area, buf);
        let mut lines = self.panel_lines(inner.width, inner.height, viewport.cell);
        if self.app.zoom() != Zoom::Overview && viewport.cell.is_some() {
            let room = usize::from(inner.height).saturating_sub(lines.len());
            lines.extend(self.window_lines(viewport, inner.width, room));
        }
        // The legend goes at the foot of the panel where there is room for all of it (the
        // starts map has its own, with its figures).
        let legend = match self.app.shown_map() {
            Some(_) => Vec::new(),
            None => self.legend_lines(inner.width),
        };
        let room = usize::from(inner.height).saturating_sub(lines.len());
        if room > legend.len() {
            lines.resize(usize::from(inner.height) - legend.len(), Line::default());
            lines.extend(legend);
        }
        Paragraph::new(Text::from(lines)).render(inner, buf);
    }

    /// Two lines of figures under the board, for terminals too narrow for the panel.
    pub(super) fn render_strip(&self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        if let Some(play) = app.play() {
            return self.render_play_strip(play, area, buf);
        }
        let setup = app.setup();
        let figures = app.figures();
        let status = app.status();
        let lines = vec![
            Line::from(vec![
                Span::styled(
                    format!(
                        "{} {}{} {} ",
                        app.board_text(),
                        piece_prefix(setup.piece),
                        if setup.closed { "closed" } else { "open" },
                        setup.method.name()
                    ),
                    self.style(Role::Key),
                ),
                Span::styled(self.status_text(&status), self.status_style(&status)),
            ]),
            Line::styled(
                format!(
                    "nodes {} back {} depth {}/{} {}",
                    thousands(figures.nodes),
                    thousands(figures.backtracks),
                    figures.depth,
                    app.squares(),
                    app.speed()
                ),
                self.style(Role::Text),
            ),
        ];
        Paragraph::new(lines).render(area, buf);
    }
}

/// Splits `text` into lines of at most `width` characters, at spaces where it can.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word.to_string();
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if needed > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        while word.chars().count() > width {
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            lines.push(head);
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrap_breaks_at_spaces_and_splits_long_words() {
        assert_eq!(
            wrap("tour found and validated", 12),
            ["tour found", "and", "validated"]
        );
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 4), [""]);
    }
}
