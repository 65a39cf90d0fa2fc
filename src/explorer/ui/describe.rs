//! The panel's sentences about what happened and what comes next: the last search event, the
//! next move, a construction's step and where a tour's timeline stands.

use knights_tour_engine::board::Square;
use knights_tour_engine::construct::story::Step;
use knights_tour_engine::notation::short_name;
use knights_tour_engine::search::SearchEvent;

use super::Screen;
use crate::explorer::app::KnightState;

impl Screen<'_> {
    /// Where the tour's timeline stands, before its end: the last move shown and the next.
    pub(super) fn describe_timeline(&self) -> Option<(String, Option<String>)> {
        let app = self.app;
        let (shown, total) = app.timeline()?;
        if shown >= total {
            return None;
        }
        let tour = app.tour()?;
        let board = tour.board();
        let arrow = self.look.glyphs().arrow;
        let describe = |visit: u64| {
            let at = |k: u64| short_name(board, board.square_at(tour.indices()[k as usize - 1]));
            format!("{} {arrow} {} (visit {visit})", at(visit - 1), at(visit))
        };
        let last = if shown > 1 {
            describe(shown)
        } else {
            format!("the start, {}", short_name(board, tour.start()))
        };
        Some((last, Some(describe(shown + 1))))
    }

    /// A step of a construction, in words.
    pub(super) fn describe_step(&self, step: &Step) -> String {
        let board = self.app.setup().board;
        let name = |square| short_name(board, square);
        let moves = |pairs: &[(Square, Square)]| {
            pairs
                .iter()
                .map(|&(a, b)| format!("{}-{}", name(a), name(b)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match step {
            Step::Laid { block, tour } => {
                let shape = match (tour.closed, tour.parts.len()) {
                    (true, _) => "a cycle".to_string(),
                    (false, 1) => "a path".to_string(),
                    (false, parts) => format!("{parts} paths"),
                };
                format!(
                    "laid {}x{} piece ({shape}) at {}",
                    block.rows,
                    block.cols,
                    name(block.corner)
                )
            }
            Step::Spliced { out, into } => {
                format!("splice: {} out, {} in", moves(out), moves(into))
            }
            Step::Wired { moves: wires } => format!("wires across a cut: {}", moves(wires)),
        }
    }

    /// The search's last event, in words.
    pub(super) fn describe_last_event(&self) -> Option<String> {
        let board = self.app.setup().board;
        let name = |square| short_name(board, square);
        let arrow = self.look.glyphs().arrow;
        Some(match self.app.last_event()? {
            SearchEvent::Advance {
                from, to, choices, ..
            } => format!(
                "{} {arrow} {} ({} of {})",
                name(from),
                name(to),
                choices.tried().len(),
                choices.all().len()
            ),
            SearchEvent::Backtrack {
                undone, dead_end, ..
            } => format!(
                "back from {}{}",
                name(undone),
                if dead_end { " (dead end)" } else { "" }
            ),
            SearchEvent::Solved => "every square visited".to_string(),
            SearchEvent::Exhausted => "every branch searched".to_string(),
            SearchEvent::Stuck => "no move left".to_string(),
            SearchEvent::BudgetExceeded(_) => "a limit ran out".to_string(),
        })
    }

    /// The move the search takes next (or the square it takes back), in words.
    pub(super) fn describe_next_move(&self) -> Option<String> {
        let scene = self.app.scene();
        let running = self.app.last_event().is_none_or(|event| !event.is_final());
        if let Some((knight, KnightState::Exhausted | KnightState::DeadEnd)) = scene.knight
            && running
        {
            return Some(format!("take {} back", short_name(scene.board, knight)));
        }
        let next = scene.candidates.first()?;
        Some(format!(
            "{} (degree {})",
            short_name(scene.board, next.square),
            next.degree
        ))
    }
}
