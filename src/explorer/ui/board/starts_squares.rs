//! The starts map on the board: each square's answer as its cell — the nodes a tour from it
//! took, on the gradient from the fewest to the most (log scale), `-` where none starts
//! (proved), `?` where the solve gave up — or, one character a square, as a glyph (`T`, `-`,
//! `?`) on the same colours. Without colour the glyphs carry the outcome.

use ratatui::buffer::Buffer;
use ratatui::style::Style;

use crate::explorer::app::StartsView;
use crate::explorer::ui::look::{Look, MapOutcome};
use knights_tour_engine::board::Square;
use knights_tour_engine::starts::StartOutcome;

use super::{BoardViewport, BoardWidget};

/// How a square of the map is drawn: its outcome, its glyph and the text of its cell.
pub(super) struct MapCell {
    pub(super) outcome: MapOutcome,
    /// One character: `T`, `-` or `?`.
    pub(super) glyph: &'static str,
    /// The text of a cell `room` wide: a tour's nodes (with `T` before them without colour),
    /// else the glyph.
    pub(super) text: String,
    /// A word for the line under the text, in cells tall enough.
    pub(super) word: &'static str,
}

impl MapCell {
    /// The cell of `square` in `view`, for a cell with `room` columns of text, in `look`.
    pub(super) fn of(view: &StartsView, square: Square, look: Look, room: u16) -> Self {
        let answer = view.map.answer(square);
        let mono = look.gradient(0.0).is_none();
        // The square every tour of the map shares (an ends map's start, a starts map's end)
        // is marked as such: no tour both starts and ends there.
        let fixed = match (view.map.start, view.map.end) {
            (Some(start), _) if start == square => Some((look.glyphs().start, "start")),
            (_, Some(end)) if end == square => Some((look.glyphs().end, "end")),
            _ => None,
        };
        if let Some((glyph, word)) = fixed {
            return MapCell {
                outcome: MapOutcome::NoTour,
                glyph,
                text: glyph.to_string(),
                word,
            };
        }
        match answer.outcome {
            StartOutcome::Tour { .. } => {
                let count = short_count(answer.nodes);
                let text = if mono { format!("T{count}") } else { count };
                let fits = text.chars().count() <= usize::from(room);
                MapCell {
                    outcome: MapOutcome::Tour {
                        shade: view.shade(answer.nodes),
                    },
                    glyph: "T",
                    text: if fits { text } else { "T".to_string() },
                    word: "tour",
                }
            }
            StartOutcome::NoTour(_) => MapCell {
                outcome: MapOutcome::NoTour,
                glyph: "-",
                text: "-".to_string(),
                word: "none",
            },
            StartOutcome::BudgetExceeded { .. } | StartOutcome::NotReached { .. } => MapCell {
                outcome: MapOutcome::GaveUp,
                glyph: "?",
                text: "?".to_string(),
                word: "budget",
            },
        }
    }
}

/// A node count in at most four characters: `64`, `999`, `1.2k`, `12k`, `3.2M`, `12G`.
pub fn short_count(nodes: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1_000_000_000, "G"), (1_000_000, "M"), (1_000, "k")];
    if nodes < 1000 {
        return nodes.to_string();
    }
    let (unit, suffix) = UNITS
        .into_iter()
        .find(|&(unit, _)| nodes >= unit)
        .expect("a thousand or more");
    let value = nodes as f64 / unit as f64;
    if value < 9.95 {
        format!("{value:.1}{suffix}")
    } else {
        format!("{}{suffix}", value.round() as u64)
    }
}

impl BoardWidget<'_> {
    /// Draws the map one character a square (the shade and overview zooms).
    pub(super) fn render_starts_shade(
        &self,
        buf: &mut Buffer,
        viewport: &BoardViewport,
        view: &StartsView,
    ) {
        let look = self.look;
        for row in viewport.top..viewport.top + viewport.rows {
            for col in viewport.left..viewport.left + viewport.cols {
                let square = Square::new(row, col);
                let rect = viewport.cell_rect(square);
                let cell = MapCell::of(view, square, look, 1);
                let mut style: Style = look.starts_fill(cell.outcome);
                if square == self.scene.cursor {
                    style = style.patch(look.cursor_fill());
                }
                buf.set_string(rect.x, rect.y, cell.glyph, style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::short_count;

    #[test]
    fn counts_fit_four_characters() {
        for (nodes, text) in [
            (0, "0"),
            (64, "64"),
            (999, "999"),
            (1_000, "1.0k"),
            (1_234, "1.2k"),
            (12_345, "12k"),
            (999_499, "999k"),
            (3_242_065, "3.2M"),
            (20_000_000, "20M"),
        ] {
            assert_eq!(short_count(nodes), text, "{nodes}");
        }
    }
}
