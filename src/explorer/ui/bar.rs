//! The bottom of the screen when it is not the key list: an open prompt (what it asks, the text
//! typed with control and bidirectional characters escaped, its end when it is longer than the
//! line), and a notice (what became of a save), which every arrangement has room for, however
//! full the panel is: over the key bar, or just above an open prompt, wrapped to a few lines.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use super::{Role, Screen, panel};
use crate::explorer::app::{PromptPurpose, SaveNotice};
use knights_tour_engine::quote::escaped;

/// The most rows a notice takes, over the bottom of the board and the panel.
const NOTICE_MAX_ROWS: usize = 4;

impl Screen<'_> {
    /// The open prompt in the key bar `area`: ` write the tour to: NAME_  hint`, the hint left
    /// out and the text's start cut to `…` when the line is too narrow; the overwrite question
    /// as ` overwrite 'NAME'? (y/n)`.
    pub(super) fn render_prompt(
        &self,
        purpose: PromptPurpose,
        typed: &str,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let width = usize::from(area.width);
        let text = escaped(typed).to_string();
        let (asks, after, hint) = match purpose {
            PromptPurpose::Overwrite => (
                format!(" {} '", purpose.label()),
                "'?",
                format!(" {}", purpose.hint()),
            ),
            _ => (
                format!(" {}: ", purpose.label()),
                "_",
                format!("  {}", purpose.hint()),
            ),
        };
        let fixed = asks.chars().count() + after.chars().count();
        let mut spans = vec![Span::styled(asks, self.style(Role::Key))];
        let with_hint = fixed + text.chars().count() + hint.chars().count();
        let keep_hint = purpose == PromptPurpose::Overwrite || with_hint <= width;
        let room = width.saturating_sub(fixed + if keep_hint { hint.chars().count() } else { 0 });
        spans.push(Span::styled(
            tail_within(&text, room),
            self.style(Role::Text),
        ));
        spans.push(Span::styled(after, self.style(Role::Key)));
        if keep_hint {
            spans.push(Span::styled(hint, self.style(Role::Muted)));
        }
        Line::from(spans).render(area, buf);
    }

    /// The notice, wrapped, over the key bar `bar` (or, while a prompt is open there, ending
    /// just above it), styled as done or failed.
    pub(super) fn render_notice(&self, notice: &SaveNotice, bar: Rect, buf: &mut Buffer) {
        let width = usize::from(bar.width).saturating_sub(2).max(8);
        let mut lines = panel::wrap(&notice.text, width);
        let bottom = if self.app.prompt().is_some() {
            bar.y
        } else {
            bar.y + 1
        };
        let rows = lines.len().min(NOTICE_MAX_ROWS).min(usize::from(bottom));
        lines.truncate(rows);
        let area = Rect {
            x: bar.x,
            y: bottom - rows as u16,
            width: bar.width,
            height: rows as u16,
        };
        let role = if notice.done { Role::Good } else { Role::Bad };
        let lines: Vec<Line> = lines
            .into_iter()
            .map(|line| Line::from(format!(" {line}")))
            .collect();
        Clear.render(area, buf);
        Paragraph::new(lines)
            .style(self.style(role))
            .render(area, buf);
    }
}

/// The end of `text` in at most `room` characters: all of it when it fits, else `…` and as
/// much of its end as fits (the end is where typing goes on).
fn tail_within(text: &str, room: usize) -> String {
    let length = text.chars().count();
    if length <= room {
        return text.to_string();
    }
    let kept = room.saturating_sub(1);
    let mut tail = String::from("…");
    tail.extend(text.chars().skip(length - kept));
    tail
}

#[cfg(test)]
mod tests {
    use super::tail_within;

    #[test]
    fn a_long_text_shows_its_end() {
        assert_eq!(tail_within("tour.txt", 8), "tour.txt");
        assert_eq!(tail_within("/a/long/tour.txt", 9), "…tour.txt");
        assert_eq!(tail_within("abc", 0), "…");
    }
}
