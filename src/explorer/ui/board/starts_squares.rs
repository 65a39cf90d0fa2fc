//! The starts map on the board: each square's answer as its cell — the nodes a tour from it
//! took, on the gradient from the fewest to the most (log scale; without colour after a `T`,
//! and `T` alone where they do not fit), `-` where none starts (proved), `?` where the solve
//! gave up — or, one character a square, as a glyph (`T`, `-`, `?`) on the same colours.
//! Without colour the glyphs carry the outcome. [`legend_marks`] says the same for the
//! legend, from the same rules.

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
                let text = tour_text(answer.nodes, mono);
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
            StartOutcome::Hole => MapCell {
                outcome: MapOutcome::NoTour,
                glyph: ".",
                text: ".".to_string(),
                word: "hole",
            },
        }
    }
}

/// The text of a tour's cell where it fits: its nodes, after a `T` without colour.
fn tour_text(nodes: u64, mono: bool) -> String {
    let count = short_count(nodes);
    if mono { format!("T{count}") } else { count }
}

/// A mark of the map's legend: what a cell shows, on its colours, and what that means.
pub(in crate::explorer::ui) struct LegendMark {
    pub(in crate::explorer::ui) glyph: String,
    pub(in crate::explorer::ui) outcome: MapOutcome,
    pub(in crate::explorer::ui) meaning: String,
}

/// The legend's marks of `view` in `look`: what its cells show, as [`MapCell::of`] draws
/// them. `room`: the columns of a cell's text, `None` where a square is one character (the
/// shade zoom), whose tours are `T`. Where the cells hold text, a tour's is the nodes it took
/// (the fewest shown as the example), and `T` where a count does not fit its cell.
pub(in crate::explorer::ui) fn legend_marks(
    view: &StartsView,
    look: Look,
    room: Option<u16>,
) -> Vec<LegendMark> {
    let mark = |glyph: String, outcome, meaning: &str| LegendMark {
        glyph,
        outcome,
        meaning: meaning.to_string(),
    };
    let tour = MapOutcome::Tour { shade: 0.0 };
    let mut marks = Vec::new();
    match room {
        None => marks.push(mark("T".into(), tour, "tour")),
        Some(room) => {
            let mono = look.gradient(0.0).is_none();
            let fits = |nodes| tour_text(nodes, mono).chars().count() <= usize::from(room);
            // The fewest nodes a cell shows, and whether a cell shows `T` instead.
            let (shown, cut) = view
                .map
                .answers
                .iter()
                .filter(|answer| matches!(answer.outcome, StartOutcome::Tour { .. }))
                .fold((None, false), |(shown, cut), answer| {
                    match fits(answer.nodes) {
                        true => {
                            let least =
                                shown.map_or(answer.nodes, |least: u64| least.min(answer.nodes));
                            (Some(least), cut)
                        }
                        false => (shown, true),
                    }
                });
            if let Some(nodes) = shown {
                marks.push(mark(tour_text(nodes, mono), tour, "tour, its nodes"));
            }
            if cut {
                marks.push(mark("T".into(), tour, "tour, nodes not shown"));
            }
        }
    }
    marks.push(mark("-".into(), MapOutcome::NoTour, "proved none"));
    marks.push(mark("?".into(), MapOutcome::GaveUp, "gave up"));
    marks
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
    use super::*;
    use crate::explorer::ui::look::{ColorMode, GlyphSet};
    use knights_tour_engine::board::Board;
    use knights_tour_engine::solve::{GiveUp, Layer, Method};
    use knights_tour_engine::starts::{Source, StartAnswer, StartsMap};

    /// A map of 1x4 whose starts' answers are tours in `nodes`, then a start that gave up.
    fn map_of(nodes: &[u64]) -> StartsMap {
        let tour = |nodes| {
            (
                StartOutcome::Tour {
                    layer: Layer::Backtrack,
                    source: Source::Solved,
                },
                nodes,
            )
        };
        let gave_up = StartOutcome::BudgetExceeded {
            cause: GiveUp::NodeBudget { budget: 10 },
        };
        let answers = nodes
            .iter()
            .map(|&nodes| tour(nodes))
            .chain([(gave_up, 10)])
            .enumerate()
            .map(|(col, (outcome, nodes))| StartAnswer {
                square: Square::new(0, col as u32),
                outcome,
                nodes,
            })
            .collect::<Vec<_>>();
        StartsMap {
            board: Board::new(1, answers.len() as u64).unwrap(),
            closed: false,
            method: Method::Backtrack,
            start: None,
            end: None,
            answers,
        }
    }

    /// The legend's marks, glyph and meaning, for `map` in `look` with `room`.
    fn marks(map: &StartsMap, look: Look, room: Option<u16>) -> Vec<(String, String)> {
        let view = StartsView::of(map);
        legend_marks(&view, look, room)
            .into_iter()
            .map(|mark| (mark.glyph, mark.meaning))
            .collect()
    }

    #[test]
    fn the_legend_shows_what_the_cells_show() {
        let colour = Look::standard();
        let mono = Look {
            colors: ColorMode::Monochrome,
            glyphs: GlyphSet::Ascii,
        };
        let map = map_of(&[1_234, 25, 64]);
        let view = StartsView::of(&map);
        let pair = |glyph: &str, meaning: &str| (glyph.to_string(), meaning.to_string());
        let (none, gave_up) = (pair("-", "proved none"), pair("?", "gave up"));
        for (look, room, tours) in [
            // A character a square: every tour is a T.
            (colour, None, vec![pair("T", "tour")]),
            // Room for every count, the fewest as the example.
            (colour, Some(4), vec![pair("25", "tour, its nodes")]),
            // 1.2k does not fit three columns: T there.
            (
                colour,
                Some(3),
                vec![
                    pair("25", "tour, its nodes"),
                    pair("T", "tour, nodes not shown"),
                ],
            ),
            // Without colour, the counts come after a T.
            (
                mono,
                Some(4),
                vec![
                    pair("T25", "tour, its nodes"),
                    pair("T", "tour, nodes not shown"),
                ],
            ),
            (mono, Some(5), vec![pair("T25", "tour, its nodes")]),
        ] {
            let expected = [tours, vec![none.clone(), gave_up.clone()]].concat();
            assert_eq!(marks(&map, look, room), expected, "{room:?}");
            // Each mark is what some cell of the map shows with this room.
            for (glyph, _) in &expected[..expected.len() - 2] {
                let shown = map.answers.iter().any(|answer| {
                    let cell = MapCell::of(&view, answer.square, look, room.unwrap_or(1));
                    match room {
                        Some(_) => &cell.text == glyph,
                        None => cell.glyph == glyph,
                    }
                });
                assert!(shown, "{glyph} in no cell, room {room:?}");
            }
        }
        // Without a tour, no tour's mark where the cells hold text.
        let none_found = map_of(&[]);
        assert_eq!(marks(&none_found, colour, Some(4)), [none, gave_up]);
    }

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
