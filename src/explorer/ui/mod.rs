//! Drawing: the whole screen from an [`App`] and a [`Look`]. The board widget sits on the left,
//! the panel of live figures on the right (below the board on narrow terminals), the key bar on
//! the last line, and the help over everything when it is open. A whole board and its panel
//! narrower than the terminal are centred in it, the key bar under them. Drawing reads the app and
//! writes only the board's viewport. The board widget is `board`, the panel's contents `panel`,
//! the colours and glyphs `look`, an open prompt and a save's notice `bar`, play's fields and
//! legend `play_panel`. While the method race is on, `race` draws its screen instead.

mod bar;
mod board;
mod describe;
mod look;
mod panel;
mod piece;
mod play_panel;
mod race;
mod starts_panel;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, StatefulWidget, Widget, Wrap};

pub use board::{BoardViewport, BoardWidget, CellSize, cell_sizes, compact_cell, text_width};
pub use look::{ColorMode, GlyphSet, Glyphs, Look, Role};

use super::app::{App, METHODS, Status};
use super::keys::{KEYS, PLAY_BAR};
use knights_tour_engine::board::Board;

/// The smallest terminal the explorer draws in; below it, a message says so.
pub(crate) const MIN_SIZE: (u16, u16) = (24, 8);
/// Terminal columns the side panel needs; narrower terminals put the figures under the board.
const PANEL_WIDTH: u16 = 34;
/// The widest the side panel grows.
const PANEL_MAX_WIDTH: u16 = 48;
/// The narrowest side panel, taken when that lets the whole board fit beside it.
const PANEL_MIN_WIDTH: u16 = 24;
/// The fewest columns a scrolling board is left beside the full side panel; a narrower
/// terminal gives it the narrowest panel.
const WINDOW_MIN_WIDTH: u16 = 40;
/// Rows of the figures under the board when there is no room beside it.
const STRIP_HEIGHT: u16 = 2;

/// Where the figures go relative to the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Arrangement {
    /// In a panel on the right.
    Side { board_width: u16, panel_width: u16 },
    /// In a strip under the board.
    Below,
}

/// The arrangement that shows the whole board if any does, preferring the full side panel, then
/// a narrower one, then the figures below; a board too large for any scrolls beside the panel,
/// which takes a third of a wide terminal (up to [`PANEL_MAX_WIDTH`]) and its narrowest on a
/// terminal that would leave the board less than [`WINDOW_MIN_WIDTH`].
fn arrange(board: Board, body: Rect) -> Arrangement {
    let beside = |panel: u16| {
        let room = Rect {
            width: body.width.checked_sub(panel)?,
            ..body
        };
        let (board_width, _) = BoardWidget::whole_size_in(board, room)?;
        let panel_width = (body.width - board_width).min(PANEL_MAX_WIDTH);
        Some(Arrangement::Side {
            board_width,
            panel_width,
        })
    };
    let below = Rect {
        height: body.height.saturating_sub(STRIP_HEIGHT),
        ..body
    };
    let side_fits = body.width >= PANEL_WIDTH + MIN_SIZE.0;
    beside(PANEL_WIDTH)
        .filter(|_| side_fits)
        .or_else(|| beside(PANEL_MIN_WIDTH).filter(|_| body.width >= PANEL_MIN_WIDTH + MIN_SIZE.0))
        .or_else(|| BoardWidget::whole_size_in(board, below).map(|_| Arrangement::Below))
        .unwrap_or(if side_fits {
            let panel_width = if body.width < PANEL_WIDTH + WINDOW_MIN_WIDTH {
                PANEL_MIN_WIDTH
            } else {
                (body.width / 3).clamp(PANEL_WIDTH, PANEL_MAX_WIDTH)
            };
            Arrangement::Side {
                board_width: body.width - panel_width,
                panel_width,
            }
        } else {
            Arrangement::Below
        })
}

impl Arrangement {
    /// The part of `body` the board and the figures take: all of it, or a whole board and its
    /// panel centred, when the board's cells can grow no further and columns are left over.
    fn block(self, body: Rect) -> Rect {
        match self {
            Arrangement::Side {
                board_width,
                panel_width,
            } => body.centered_horizontally(Constraint::Length(board_width + panel_width)),
            Arrangement::Below => body,
        }
    }
}

/// The whole explorer screen; its state is the board's viewport.
#[derive(Debug)]
pub struct Screen<'a> {
    app: &'a App,
    look: Look,
}

impl<'a> Screen<'a> {
    /// The screen of `app` in `look`.
    pub fn new(app: &'a App, look: Look) -> Self {
        Self { app, look }
    }
}

impl StatefulWidget for Screen<'_> {
    type State = BoardViewport;

    fn render(self, area: Rect, buf: &mut Buffer, viewport: &mut BoardViewport) {
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            *viewport = BoardViewport::default();
            self.render_too_small(area, buf);
            return;
        }
        if let Some(race) = self.app.race() {
            self.render_race(race, area, buf, viewport);
            return;
        }
        let [body, bar] = area.layout(&Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(1),
        ]));
        let app = self.app;
        let setup = app.setup();
        let title = format!(
            " {} {}{} ",
            setup.board,
            piece::piece_prefix(setup.piece),
            if setup.closed { "closed" } else { "open" }
        );
        let scene = app.scene();
        let board = BoardWidget::new(&scene, self.look, title);
        let arrangement = arrange(setup.board, body);
        let block = arrangement.block(body);
        match arrangement {
            Arrangement::Side {
                board_width,
                panel_width,
            } => {
                let [board_area, panel_area] = block.layout(&Layout::horizontal([
                    Constraint::Length(board_width),
                    Constraint::Length(panel_width),
                ]));
                board.render(board_area, buf, viewport);
                self.render_panel(panel_area, buf, viewport);
            }
            Arrangement::Below => {
                let [board_area, strip] = block.layout(&Layout::vertical([
                    Constraint::Fill(1),
                    Constraint::Length(STRIP_HEIGHT),
                ]));
                board.render(board_area, buf, viewport);
                self.render_strip(strip, buf);
            }
        }
        // The key bar starts under the board's left edge.
        let bar = Rect {
            x: block.x,
            width: bar.right() - block.x,
            ..bar
        };
        self.render_key_bar(bar, buf);
        if let Some(notice) = app.notice() {
            self.render_notice(notice, bar, buf);
        }
        if app.help_open() {
            self.render_help(area, buf);
        }
    }
}

impl Screen<'_> {
    fn style(&self, role: Role) -> Style {
        self.look.style(role)
    }

    /// The status as the panel and the strip write it: with an end marked, the route first
    /// (`tour from a8 to h1: ready`).
    fn status_text(&self, status: &Status) -> String {
        match self.app.end() {
            Some(_) => format!("{}: {status}", self.app.route_text()),
            None => status.to_string(),
        }
    }

    fn status_style(&self, status: &Status) -> Style {
        self.style(match status {
            Status::TourFound => Role::Good,
            Status::NoTour(_) | Status::Failed(_) => Role::Bad,
            Status::BudgetExhausted { .. } | Status::Stuck { .. } => Role::Warn,
            _ => Role::Key,
        })
    }

    fn render_too_small(&self, area: Rect, buf: &mut Buffer) {
        let text = format!(
            "Terminal too small ({}x{}): enlarge it to at least {}x{}, or q to quit.",
            area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
        );
        Paragraph::new(text)
            .style(self.style(Role::Warn))
            .wrap(Wrap { trim: true })
            .render(area, buf);
    }

    /// The key bar: as many of the main keys as fit, always ending with help and quit.
    fn render_key_bar(&self, area: Rect, buf: &mut Buffer) {
        let key = self.style(Role::Key);
        let text = self.style(Role::Muted);
        if let Some((purpose, typed)) = self.app.prompt() {
            self.render_prompt(purpose, typed, area, buf);
            return;
        }
        let items: Vec<(&str, &str)> = match self.app.play() {
            Some(_) => PLAY_BAR.to_vec(),
            None => KEYS.iter().filter_map(|help| help.bar).collect(),
        };
        let width = |items: &[(&str, &str)]| -> usize {
            items
                .iter()
                .map(|(keys, does)| keys.len() + does.len() + 3)
                .sum()
        };
        let (main, tail) = items.split_at(items.len().saturating_sub(2));
        let mut shown = main.to_vec();
        while !shown.is_empty() && width(&shown) + width(tail) > usize::from(area.width) {
            shown.pop();
        }
        let spans: Vec<Span> = shown
            .iter()
            .chain(tail)
            .flat_map(|(keys, does)| {
                [
                    Span::styled(format!(" {keys}"), key),
                    Span::styled(format!(" {does} "), text),
                ]
            })
            .collect();
        Line::from(spans).render(area, buf);
    }

    /// The help over the screen: every key, its description wrapped to the terminal's width,
    /// scrolled by the app's help offset when it is taller than the terminal.
    fn render_help(&self, area: Rect, buf: &mut Buffer) {
        let key = self.style(Role::Key);
        let keys_width = KEYS
            .iter()
            .map(|help| help.keys.chars().count() + 1)
            .max()
            .unwrap_or(16);
        let widest = KEYS
            .iter()
            .map(|help| keys_width + help.does.chars().count() + 3)
            .max()
            .unwrap_or(40) as u16;
        let width = widest.min(area.width);
        let room = usize::from(width).saturating_sub(keys_width + 3).max(8);
        let mut lines: Vec<Line> = Vec::new();
        for help in KEYS {
            for (i, part) in panel::wrap(help.does, room).into_iter().enumerate() {
                let keys = if i == 0 { help.keys } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!(" {keys:<keys_width$}"), key),
                    Span::raw(part),
                ]));
            }
        }
        let methods = format!(
            "Methods: {}",
            METHODS.map(|method| method.name()).join(", ")
        );
        let inside = usize::from(width.saturating_sub(3)).max(8);
        for part in panel::wrap(&methods, inside) {
            lines.push(Line::styled(format!(" {part}"), self.style(Role::Muted)));
        }
        let height = (lines.len() as u16 + 2).min(area.height);
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        let shown = usize::from(height.saturating_sub(2));
        let hidden = lines.len().saturating_sub(shown);
        let scroll = usize::from(self.app.help_scroll()).min(hidden);
        let title = if hidden > 0 {
            format!(
                " keys {}/{} (j k scroll, Esc closes) ",
                scroll + shown,
                lines.len()
            )
        } else {
            " keys (Esc closes) ".to_string()
        };
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .scroll((scroll as u16, 0))
            .block(
                Block::bordered()
                    .border_set(self.look.glyphs().border)
                    .border_style(self.style(Role::Frame))
                    .title(title),
            )
            .render(popup, buf);
    }
}
