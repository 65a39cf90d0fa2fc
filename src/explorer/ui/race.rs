//! The method race's screen: a line saying what is raced, the lanes, the finish line and the
//! race's own key bar. Each lane's board is the explorer's [`BoardWidget`] drawing the lane's
//! [`Scene`](crate::explorer::app::Scene), under its counters (nodes, backtracks, depth,
//! elapsed). Where two whole boards fit side by side (an 8x8 board at 80x24 with compact cells,
//! with tall cells on a wide terminal) both are shown; else one lane's board (`h` `l` pick
//! which) beside or above both lanes' counters; a board too large for any of these gets a
//! window centred on each knight. Two boards narrower than the terminal are centred, and the
//! lines above and below them start at their left edge.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, StatefulWidget, Widget};

use super::panel::{FIELD_WIDTH, wrap};
use super::piece::piece_prefix;
use super::{BoardViewport, BoardWidget, Role, Screen};
use crate::explorer::app::{Finish, LaneEnd, Race, RaceStatus, Speed, count_of, thousands};
use knights_tour_engine::board::Board;
use knights_tour_engine::notation::short_name;

/// Rows of the finish line (wrapped) and a message under it.
const FINISH_ROWS: u16 = 3;
/// The narrowest column of counters.
const COLUMN_MIN: u16 = 22;
/// Columns below which the counters drop their field names for a compact form.
const NAMED_COUNTERS_MIN: u16 = FIELD_WIDTH as u16 + 20;
/// Columns between two lanes.
const GAP: u16 = 2;

/// The race's keys in its key bar, in the order they are dropped from the end when the bar is
/// too narrow; [`BAR_TAIL`] is always shown.
const BAR_KEYS: [(&str, &str); 6] = [
    ("Space", "play"),
    ("f", "finish"),
    ("hl", "board"),
    ("r", "restart"),
    ("+-", "speed"),
    ("nb", "node"),
];
/// The keys the race's key bar always ends with.
const BAR_TAIL: [(&str, &str); 3] = [("R", "back"), ("?", "help"), ("q", "quit")];

/// Where the lanes go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Arrangement {
    /// Both boards side by side, of this size (whole, or a window), each over its counters.
    Pair { board: (u16, u16) },
    /// The shown lane's board on the left and the counters beside it: in two columns, or
    /// one lane over the other (`stacked`).
    Beside { board: (u16, u16), stacked: bool },
    /// The shown lane's board over both lanes' counters in two columns.
    Below { board: (u16, u16) },
}

impl Arrangement {
    /// Whether both boards are shown.
    fn shows_both(self) -> bool {
        matches!(self, Arrangement::Pair { .. })
    }
}

/// The first of these that shows a whole board: two boards side by side; one board with two
/// columns of counters beside it, or both lanes' counters stacked beside it; one board over
/// the counters. A board too large for any gets windows: two if each can be
/// [`COLUMN_MIN`] wide, else one. `counter_rows` says how many rows a lane's counters take in
/// a column of a given width (long values wrap).
fn arrange(board: Board, main: Rect, counter_rows: impl Fn(u16) -> u16) -> Arrangement {
    let room = |width: u16, height: u16| Rect {
        width,
        height,
        ..main
    };
    let half = main.width.saturating_sub(GAP) / 2;
    let under = main.height.saturating_sub(counter_rows(half));
    if let Some(size) = BoardWidget::whole_size_in(board, room(half, under)) {
        return Arrangement::Pair { board: size };
    }
    let beside = |columns: u16| {
        let width = main.width.checked_sub(columns * COLUMN_MIN + GAP)?;
        BoardWidget::whole_size_in(board, room(width, main.height))
    };
    if let Some(size) = beside(2) {
        return Arrangement::Beside {
            board: size,
            stacked: false,
        };
    }
    let stacked_fits = |size: (u16, u16)| {
        let column = main.width.saturating_sub(size.0 + GAP);
        2 * counter_rows(column) < main.height
    };
    if let Some(size) = beside(1).filter(|&size| stacked_fits(size)) {
        return Arrangement::Beside {
            board: size,
            stacked: true,
        };
    }
    let above = main.height.saturating_sub(counter_rows(half));
    if let Some(size) = BoardWidget::whole_size_in(board, room(main.width, above)) {
        return Arrangement::Below { board: size };
    }
    if half >= COLUMN_MIN {
        Arrangement::Pair {
            board: BoardWidget::size_in(board, room(half, under)),
        }
    } else {
        Arrangement::Below {
            board: BoardWidget::size_in(board, room(main.width, above)),
        }
    }
}

/// Where two lanes of boards `width` wide go in `main`, centred: the first lane's left edge and
/// the width of each lane's column (at least [`COLUMN_MIN`] for its counters).
fn pair_columns(width: u16, main: Rect) -> (u16, u16) {
    let column = width
        .max(COLUMN_MIN)
        .min(main.width.saturating_sub(GAP) / 2);
    let used = 2 * column + GAP;
    (main.x + main.width.saturating_sub(used) / 2, column)
}

impl Screen<'_> {
    /// The race's screen (and the help over it when it is open). No board keeps a viewport:
    /// a click picks no square during the race.
    pub(super) fn render_race(
        &self,
        race: &Race,
        area: Rect,
        buf: &mut Buffer,
        viewport: &mut BoardViewport,
    ) {
        *viewport = BoardViewport::default();
        let [head, main, finish, bar] = area.layout(&Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(FINISH_ROWS),
            Constraint::Length(1),
        ]));
        let counter_rows = |width: u16| {
            (0..2)
                .map(|lane| self.lane_lines(race, lane, width).len() as u16)
                .max()
                .unwrap_or(0)
        };
        let arrangement = arrange(race.board(), main, counter_rows);
        // The lines above and below the lanes start at their left edge.
        let left = match arrangement {
            Arrangement::Pair { board: (width, _) } => pair_columns(width, main).0,
            _ => main.x,
        };
        let from_left = |line: Rect| Rect {
            x: left,
            width: line.right() - left,
            ..line
        };
        self.render_race_head(race, from_left(head), buf);
        match arrangement {
            Arrangement::Pair {
                board: (width, height),
            } => {
                let (x, column) = pair_columns(width, main);
                for lane in 0..2 {
                    let left = x + lane as u16 * (column + GAP);
                    let board = Rect::new(left, main.y, width.min(column), height);
                    self.render_lane_board(race, lane, board, buf);
                    let counters = Rect::new(
                        left,
                        main.y + height,
                        column,
                        main.height.saturating_sub(height),
                    );
                    self.render_counters(race, &[lane], counters, buf);
                }
            }
            Arrangement::Beside {
                board: (width, height),
                stacked,
            } => {
                let board = Rect::new(main.x, main.y, width, height);
                self.render_lane_board(race, race.shown_lane(), board, buf);
                let rest = Rect {
                    x: main.x + width + GAP,
                    width: main.width.saturating_sub(width + GAP),
                    ..main
                };
                if stacked {
                    self.render_counters(race, &[0, 1], rest, buf);
                } else {
                    self.render_counter_columns(race, rest, buf);
                }
            }
            Arrangement::Below {
                board: (width, height),
            } => {
                let board = Rect::new(main.x, main.y, width.min(main.width), height);
                self.render_lane_board(race, race.shown_lane(), board, buf);
                let rest = Rect {
                    y: main.y + height,
                    height: main.height.saturating_sub(height),
                    ..main
                };
                self.render_counter_columns(race, rest, buf);
            }
        }
        self.render_finish(race, from_left(finish), buf);
        self.render_race_keys(from_left(bar), buf, arrangement.shows_both());
        if self.app.help_open() {
            self.render_help(area, buf);
        }
    }

    /// What is raced, and how: the race's status, the board, the speed and the budget.
    fn render_race_head(&self, race: &Race, area: Rect, buf: &mut Buffer) {
        let status = match race.status() {
            RaceStatus::Ready => "ready",
            RaceStatus::Racing => "racing",
            RaceStatus::Paused => "paused",
            RaceStatus::Finishing => "finishing",
            RaceStatus::Over => "over",
        };
        let board = race.board();
        // The race runs the explorer's piece (K waits while it is on).
        let piece = piece_prefix(self.app.setup().piece);
        let kind = if race.closed() { "closed" } else { "open" };
        let speed = match race.speed() {
            Speed::PerSecond(1) => "1 node/s each".to_string(),
            Speed::PerSecond(rate) => format!("{} nodes/s each", thousands(u64::from(rate))),
            Speed::Max => "full speed".to_string(),
        };
        let muted = self.style(Role::Muted);
        let mut spans = vec![
            Span::styled(" Race: ", self.style(Role::Key)),
            Span::styled(status, self.style(Role::Text)),
            Span::styled(" | ", muted),
            Span::styled(
                match race.end_square() {
                    Some(end) => format!(
                        "{board} {piece}from {} to {}",
                        short_name(board, race.start()),
                        short_name(board, end)
                    ),
                    None => format!(
                        "{board} {piece}{kind} from {}",
                        short_name(board, race.start())
                    ),
                },
                self.style(Role::Text),
            ),
            Span::styled(format!(" | {speed}"), muted),
            Span::styled(
                format!(" | budget {}", count_of(race.budget(), "node")),
                muted,
            ),
        ];
        // What does not fit goes whole, from the end.
        while spans.len() > 4 && Line::from(spans.clone()).width() > usize::from(area.width) {
            spans.pop();
        }
        Line::from(spans).render(area, buf);
    }

    /// One lane's board, titled with its method, in `area`; a window on a board larger than
    /// the area is centred on the knight.
    fn render_lane_board(&self, race: &Race, lane: usize, area: Rect, buf: &mut Buffer) {
        let method = race.lanes()[lane].method();
        let full = format!(" {} ({}) ", method.name(), method.brief());
        let title = if full.chars().count() + 2 <= usize::from(area.width) {
            full
        } else {
            format!(" {} ", method.name())
        };
        match race.lanes()[lane].scene(race.closed(), self.app.zoom()) {
            Some(mut scene) => {
                // A fresh viewport each frame: a new centre request centres it on the knight.
                scene.centre_request = 1;
                let mut viewport = BoardViewport::default();
                BoardWidget::new(&scene, self.look, title).render(area, buf, &mut viewport);
            }
            None => Block::bordered()
                .border_set(self.look.glyphs().border)
                .border_style(self.style(Role::Frame))
                .title(title)
                .render(area, buf),
        }
    }

    /// Both lanes' counters side by side in `area`.
    fn render_counter_columns(&self, race: &Race, area: Rect, buf: &mut Buffer) {
        let [left, _, right] = area.layout(&Layout::horizontal([
            Constraint::Fill(1),
            Constraint::Length(GAP),
            Constraint::Fill(1),
        ]));
        self.render_counters(race, &[0], left, buf);
        self.render_counters(race, &[1], right, buf);
    }

    /// The counters of `lanes`, one after the other, in `area`.
    fn render_counters(&self, race: &Race, lanes: &[usize], area: Rect, buf: &mut Buffer) {
        let mut lines: Vec<Line<'static>> = Vec::new();
        for &lane in lanes {
            let counters = self.lane_lines(race, lane, area.width);
            // A blank line between two lanes, where there is room for it.
            if !lines.is_empty() && lines.len() + 1 + counters.len() <= usize::from(area.height) {
                lines.push(Line::default());
            }
            lines.extend(counters);
        }
        Paragraph::new(lines).render(area, buf);
    }

    /// One lane's counters: its method (and the winner's mark), status, nodes, backtracks,
    /// depth and the time its steps took, values wrapped to `width`.
    fn lane_lines(&self, race: &Race, lane: usize, width: u16) -> Vec<Line<'static>> {
        let this = &race.lanes()[lane];
        let method = this.method();
        let key = self.style(Role::Key);
        let text = self.style(Role::Text);
        let mark = match race.outcome() {
            Some(Finish::Won { winner }) if winner == lane => "  winner",
            Some(Finish::Tie) => "  tie",
            _ => "",
        };
        let mut name = format!("{} ({})", method.name(), method.brief());
        if name.len() + mark.len() > usize::from(width) {
            name = method.name().to_string();
        }
        let header = vec![
            Span::styled(name, key),
            Span::styled(mark, self.style(Role::Good)),
        ];
        let (status, status_style) = match this.end() {
            Some(LaneEnd::Tour { .. }) => ("tour found, validated".into(), Role::Good),
            Some(LaneEnd::Proved { .. }) => ("no tour: proved".into(), Role::Bad),
            Some(LaneEnd::Stuck { depth, .. }) => {
                (format!("stuck at depth {depth} (no proof)"), Role::Warn)
            }
            Some(LaneEnd::OutOfBudget { .. }) => ("out of budget (no proof)".into(), Role::Warn),
            Some(LaneEnd::Theorem(_)) => ("no tour: a theorem".into(), Role::Bad),
            Some(LaneEnd::Failed(message)) => (message, Role::Bad),
            None => {
                let doing = match race.status() {
                    RaceStatus::Racing => "searching",
                    RaceStatus::Finishing => "finishing",
                    RaceStatus::Ready => "ready",
                    RaceStatus::Paused | RaceStatus::Over => "paused",
                };
                (doing.into(), Role::Key)
            }
        };
        let figures = this.figures();
        let area = thousands(race.board().area());
        let (depth, deepest) = (figures.depth.into(), figures.max_depth.into());
        let mut lines = vec![Line::from(header)];
        if width < NAMED_COUNTERS_MIN {
            // A narrow column: each value says what it is, without a column of names.
            let values = [
                (status, self.style(status_style)),
                (count_of(figures.nodes, "node"), text),
                (count_of(figures.backtracks, "backtrack"), text),
                (
                    format!(
                        "depth {}/{area}, max {}",
                        thousands(depth),
                        thousands(deepest)
                    ),
                    text,
                ),
                (duration(this.elapsed()), text),
            ];
            for (value, style) in values {
                let chunks = wrap(&value, usize::from(width).max(8));
                lines.extend(chunks.into_iter().map(|chunk| Line::styled(chunk, style)));
            }
            return lines;
        }
        let depth = format!(
            "{} of {area} (deepest {})",
            thousands(depth),
            thousands(deepest)
        );
        let fields = [
            ("Status", status, self.style(status_style)),
            ("Nodes", thousands(figures.nodes), text),
            ("Backtracks", thousands(figures.backtracks), text),
            ("Depth", depth, text),
            ("Elapsed", duration(this.elapsed()), text),
        ];
        let room = usize::from(width.saturating_sub(FIELD_WIDTH as u16)).max(8);
        for (name, value, style) in fields {
            for (i, chunk) in wrap(&value, room).into_iter().enumerate() {
                let label = if i == 0 { name } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!("{label:<FIELD_WIDTH$}"), key),
                    Span::styled(chunk, style),
                ]));
            }
        }
        lines
    }

    /// The finish line (or how the race stands before it), then any message, wrapped.
    fn render_finish(&self, race: &Race, area: Rect, buf: &mut Buffer) {
        let style = match race.outcome() {
            None => self.style(Role::Text),
            Some(Finish::Won { .. } | Finish::Tie) => self.style(Role::Good),
            Some(Finish::Theorem(_)) => self.style(Role::Bad),
            Some(Finish::NoAnswer) => self.style(Role::Warn),
        };
        let width = usize::from(area.width.saturating_sub(1)).max(8);
        let mut lines: Vec<Line> = wrap(&race.finish_line(), width)
            .into_iter()
            .map(|chunk| Line::styled(format!(" {chunk}"), style))
            .collect();
        if let Some(message) = self.app.message() {
            // The message is the newest news: it keeps the last row.
            lines.truncate(usize::from(FINISH_ROWS) - 1);
            lines.extend(
                wrap(message, width)
                    .into_iter()
                    .take(1)
                    .map(|chunk| Line::styled(format!(" {chunk}"), self.style(Role::Warn))),
            );
        }
        Paragraph::new(lines).render(area, buf);
    }

    /// The race's key bar: as many of its keys as fit, always ending with back, help and quit.
    /// `h l` is shown only when one board is.
    fn render_race_keys(&self, area: Rect, buf: &mut Buffer, both_boards: bool) {
        let key = self.style(Role::Key);
        let text = self.style(Role::Muted);
        let width = |items: &[(&str, &str)]| -> usize {
            items
                .iter()
                .map(|(keys, does)| keys.len() + does.len() + 3)
                .sum()
        };
        let mut shown: Vec<(&str, &str)> = BAR_KEYS
            .into_iter()
            .filter(|&(keys, _)| !(both_boards && keys == "hl"))
            .collect();
        while !shown.is_empty() && width(&shown) + width(&BAR_TAIL) > usize::from(area.width) {
            shown.pop();
        }
        let spans: Vec<Span> = shown
            .iter()
            .chain(&BAR_TAIL)
            .flat_map(|(keys, does)| {
                [
                    Span::styled(format!(" {keys}"), key),
                    Span::styled(format!(" {does} "), text),
                ]
            })
            .collect();
        Line::from(spans).render(area, buf);
    }
}

/// A lane's time: microseconds show as fractions of a millisecond.
fn duration(time: std::time::Duration) -> String {
    let ms = time.as_secs_f64() * 1000.0;
    if ms < 1.0 {
        format!("{ms:.3} ms")
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_by_eight_races_side_by_side_at_80x24_and_one_board_at_60x20() {
        let board = Board::square(8).unwrap();
        // The body of an 80x24 screen: the head, finish rows and key bar taken off.
        let main = Rect::new(0, 1, 80, 24 - 1 - FINISH_ROWS - 1);
        assert!(matches!(
            arrange(board, main, |_| 6),
            Arrangement::Pair { .. }
        ));
        let main = Rect::new(0, 1, 60, 20 - 1 - FINISH_ROWS - 1);
        assert!(matches!(
            arrange(board, main, |_| 6),
            Arrangement::Beside { stacked: true, .. }
        ));
        // Wide and tall: two boards of tall cells.
        let main = Rect::new(0, 1, 160, 50 - 1 - FINISH_ROWS - 1);
        let Arrangement::Pair { board: (_, height) } = arrange(board, main, |_| 6) else {
            panic!("two boards at 160x50");
        };
        assert!(height > 8 * 3, "cells at least three rows tall: {height}");
    }

    #[test]
    fn durations_keep_three_figures_at_least() {
        use std::time::Duration;
        assert_eq!(duration(Duration::from_micros(12)), "0.012 ms");
        assert_eq!(duration(Duration::from_micros(305_356)), "305.4 ms");
        assert_eq!(duration(Duration::from_millis(1_250)), "1.25 s");
    }
}
