//! The panel's part of the map shown (starts or ends): the tally (tours, proved none, gave up)
//! or the progress of the work, the answer at the cursor's square, and the legend of the map's
//! colours and glyphs.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::board::{LegendMark, legend_marks, short_count};
use super::look::MapOutcome;
use super::panel::FIELD_WIDTH;
use super::{Role, Screen};
use crate::explorer::app::{MapKind, StartsView, count_of, map_method, thousands};
use knights_tour_engine::starts::{Source, StartOutcome};

impl Screen<'_> {
    /// The map's fields: what it sums up to (or how far its work is), and the answer at the
    /// cursor's square (`short`: without the method, the layer, the proof or the cause).
    pub(super) fn starts_fields(&self, short: bool) -> Vec<(&'static str, String, Style)> {
        let app = self.app;
        let text = self.style(Role::Text);
        let Some(kind) = app.map_shown() else {
            return Vec::new();
        };
        let (field, here_field, enter, squares) = match kind {
            MapKind::Starts => ("Starts", "From here", "Enter searches from here", "start"),
            MapKind::Ends => ("Ends", "To here", "Enter makes it the end", "end"),
        };
        if let Some(map) = app.shown_map() {
            let tally = map.tally();
            let sum = if short {
                format!(
                    "{}, {} none, {} gave up",
                    count_of(tally.tours, "tour"),
                    thousands(tally.no_tour),
                    thousands(tally.gave_up)
                )
            } else {
                let gives = if tally.tours == 1 { "gives" } else { "give" };
                format!(
                    "{} {gives} a tour, {} proved none, {} gave up ({})",
                    thousands(tally.tours),
                    thousands(tally.no_tour),
                    thousands(tally.gave_up),
                    map.method.name()
                )
            };
            let answer = map.answer(app.cursor());
            let nodes = count_of(answer.nodes, "node");
            let here = match (&answer.outcome, short) {
                (StartOutcome::Tour { source, .. }, true) if *source != Source::Solved => {
                    "a tour (reused)".to_string()
                }
                (StartOutcome::Tour { .. }, true) => format!("a tour in {nodes}"),
                (StartOutcome::Tour { layer, source }, false) if *source != Source::Solved => {
                    format!("a tour ({layer} layer): {source}; {enter}")
                }
                (StartOutcome::Tour { layer, .. }, false) => {
                    format!("a tour in {nodes} (the {layer} layer); {enter}")
                }
                (StartOutcome::NoTour(_), true) => "no tour (proved)".to_string(),
                (StartOutcome::NoTour(proof), false) => format!("no tour: {proof}"),
                (StartOutcome::BudgetExceeded { .. }, true) => format!("gave up after {nodes}"),
                (StartOutcome::BudgetExceeded { cause }, false) => {
                    format!("gave up after {nodes}: {cause}")
                }
                (StartOutcome::NotReached { .. }, true) => "not reached".to_string(),
                (StartOutcome::NotReached { cause }, false) => format!("not reached: {cause}"),
                (StartOutcome::Hole, _) => "a hole".to_string(),
            };
            return vec![
                (field, sum, self.style(Role::Key)),
                (here_field, here, text),
            ];
        }
        if let Some((done, total)) = app.map_progress() {
            let setup = app.setup();
            let method = map_method(&setup);
            let by = if method == setup.method {
                String::new()
            } else {
                format!(" by {}", method.name())
            };
            let working = format!(
                "working: {} of {} answered{by} (keys still work; {} hides the map)",
                thousands(done as u64),
                count_of(total as u64, squares),
                kind.key()
            );
            return vec![(field, working, self.style(Role::Warn))];
        }
        match app.map_failure() {
            Some(message) => vec![(field, message.to_string(), self.style(Role::Bad))],
            None => Vec::new(),
        }
    }

    /// The legend of the map: the nodes' gradient from the fewest to the most, and what the
    /// cells show (`room`: the columns of a cell's text, `None` in the shade zoom).
    pub(super) fn starts_legend(
        &self,
        view: &StartsView,
        width: u16,
        room: Option<u16>,
    ) -> Vec<Line<'static>> {
        let mut lines = self.nodes_legend(view, width);
        let marks = legend_marks(view, self.look, room);
        // A mark: its glyph, a space and its meaning, then a gap of two that may overhang the edge.
        let mark_width =
            |mark: &LegendMark| mark.glyph.chars().count() + 1 + mark.meaning.len() + 2;
        // Under the values where the longest mark fits there, else from the panel's edge.
        let margin = match marks.iter().map(mark_width).max() {
            Some(longest) if usize::from(width) < FIELD_WIDTH + longest => 0,
            _ => FIELD_WIDTH,
        };
        let indent = || vec![Span::raw(" ".repeat(margin))];
        let mut line = indent();
        let mut used = margin;
        for mark in marks {
            let taken = mark_width(&mark);
            if used + taken > usize::from(width) && line.len() > 1 {
                lines.push(Line::from(std::mem::replace(&mut line, indent())));
                used = margin;
            }
            line.push(Span::styled(
                mark.glyph,
                self.look.starts_fill(mark.outcome),
            ));
            line.push(Span::styled(
                format!(" {}  ", mark.meaning),
                self.style(Role::Muted),
            ));
            used += taken;
        }
        lines.push(Line::from(line));
        lines
    }

    /// The legend's nodes: the gradient from the fewest to the most, or without colour their
    /// range, read in the cells; nothing without a tour.
    fn nodes_legend(&self, view: &StartsView, width: u16) -> Vec<Line<'static>> {
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
        match (view.map.tally().tours, look.gradient(0.0)) {
            // Without a tour there is no range of nodes to shade.
            (0, _) => Vec::new(),
            (_, Some(_)) => vec![Line::from(nodes)],
            // Without colour the cells say the nodes themselves.
            (_, None) => {
                let value_room = usize::from(width).saturating_sub(FIELD_WIDTH).max(8);
                let range = format!("{least} to {most}, in the cells");
                self.field_lines("Nodes", &range, self.style(Role::Text), value_room)
            }
        }
    }
}
