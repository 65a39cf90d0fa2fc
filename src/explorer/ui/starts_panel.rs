//! The panel's part of the starts map: the tally (tours, proved none, gave up) or the progress
//! of the work, the answer from the cursor's square, and the legend of the map's colours and
//! glyphs.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::board::short_count;
use super::look::MapOutcome;
use super::panel::FIELD_WIDTH;
use super::{Role, Screen};
use crate::explorer::app::{StartsView, count_of, thousands};
use knights_tour_engine::starts::StartOutcome;

impl Screen<'_> {
    /// The map's fields: what it sums up to (or how far its work is), and the answer from the
    /// cursor's square.
    pub(super) fn starts_fields(&self) -> Vec<(&'static str, String, Style)> {
        let app = self.app;
        let text = self.style(Role::Text);
        if let Some(map) = app.starts_map() {
            let tally = map.tally();
            let gives = if tally.tours == 1 { "gives" } else { "give" };
            let sum = format!(
                "{} {gives} a tour, {} proved none, {} gave up ({})",
                thousands(tally.tours),
                thousands(tally.no_tour),
                thousands(tally.gave_up),
                map.method.name()
            );
            let answer = map.answer(app.cursor());
            let here = match &answer.outcome {
                StartOutcome::Tour { layer } => format!(
                    "a tour in {} (the {layer} layer); Enter searches from here",
                    count_of(answer.nodes, "node")
                ),
                StartOutcome::NoTour(proof) => format!("no tour: {proof}"),
                StartOutcome::BudgetExceeded { cause } => {
                    format!("gave up after {}: {cause}", count_of(answer.nodes, "node"))
                }
                StartOutcome::NotReached { cause } => format!("not reached: {cause}"),
            };
            return vec![
                ("Starts", sum, self.style(Role::Key)),
                ("From here", here, text),
            ];
        }
        if let Some((done, total)) = app.starts_progress() {
            let working = format!(
                "working: {} of {} answered (keys still work; s hides the map)",
                thousands(done as u64),
                count_of(total as u64, "start")
            );
            return vec![("Starts", working, self.style(Role::Warn))];
        }
        match app.starts_failure() {
            Some(message) => vec![("Starts", message.to_string(), self.style(Role::Bad))],
            None => Vec::new(),
        }
    }

    /// The legend of the map: the nodes' gradient from the fewest to the most, and the glyphs.
    pub(super) fn starts_legend(&self, view: &StartsView, width: u16) -> Vec<Line<'static>> {
        let look = self.look;
        let key = self.style(Role::Key);
        let (least, most) = (short_count(view.least), short_count(view.most));
        let room = usize::from(width)
            .saturating_sub(FIELD_WIDTH + least.len() + most.len() + 2)
            .clamp(1, 16);
        let mut nodes = vec![
            Span::styled(format!("{:<FIELD_WIDTH$}", "Nodes"), key),
            Span::raw(format!("{least} ")),
        ];
        for i in 0..room {
            let shade = i as f64 / (room.max(2) - 1) as f64;
            nodes.push(Span::styled(
                " ",
                look.starts_fill(MapOutcome::Tour { shade }),
            ));
        }
        nodes.push(Span::raw(format!(" {most}")));
        let mut lines = match (view.map.tally().tours, look.gradient(0.0)) {
            // Without a tour there is no range of nodes to shade.
            (0, _) => Vec::new(),
            (_, Some(_)) => vec![Line::from(nodes)],
            // Without colour the cells say the nodes themselves.
            (_, None) => {
                let value_room = usize::from(width).saturating_sub(FIELD_WIDTH).max(8);
                let range = format!("{least} to {most}, in the cells");
                self.field_lines("Nodes", &range, self.style(Role::Text), value_room)
            }
        };
        let indent = || vec![Span::raw(" ".repeat(FIELD_WIDTH))];
        let mut line = indent();
        let mut used = FIELD_WIDTH;
        for (glyph, outcome, meaning) in [
            ("T", MapOutcome::Tour { shade: 0.0 }, "tour"),
            ("-", MapOutcome::NoTour, "proved none"),
            ("?", MapOutcome::GaveUp, "gave up"),
        ] {
            let len = meaning.len() + 4;
            if used + len > usize::from(width) && line.len() > 1 {
                lines.push(Line::from(std::mem::replace(&mut line, indent())));
                used = FIELD_WIDTH;
            }
            line.push(Span::styled(glyph, look.starts_fill(outcome)));
            line.push(Span::styled(
                format!(" {meaning}  "),
                self.style(Role::Muted),
            ));
            used += len;
        }
        lines.push(Line::from(line));
        lines
    }
}
