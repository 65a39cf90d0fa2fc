//! The panel in play: the moves made, the judge's verdict on the position (with the squares or
//! the search it rests on, and its node count), the moves taken back, the hint, and once the
//! tour is complete its kind and the time it took; the strip that replaces the panel on a
//! narrow terminal, and the legend of play's marks.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::piece::{piece_prefix, piece_word};
use super::{Role, Screen};
use crate::explorer::app::{Judgement, Play, Standing, count_of, thousands};
use knights_tour_engine::board::Board;
use knights_tour_engine::existence::NoTourReason;
use knights_tour_engine::notation::short_name;
use knights_tour_engine::search::DeadPosition;
use knights_tour_engine::solve::GiveUp;

impl Screen<'_> {
    /// The panel's fields in play (`short`: the short forms).
    pub(super) fn play_fields(
        &self,
        play: &Play,
        short: bool,
    ) -> Vec<(&'static str, String, Style)> {
        let text = self.style(Role::Text);
        let mut fields = self.setup_fields(short);
        // The method searches; play is judged by the engine's layers, whatever it is.
        fields.retain(|&(name, ..)| name != "Method");
        let board = self.app.setup().board;
        let (status, role) = match (play.tour(), play.refused()) {
            (Some(_), _) if let Some(end) = play.missed_end() => {
                let last = play.path().last().copied().unwrap_or(end);
                (
                    format!(
                        "a validated tour, not the one asked: it ends on {}, not {}",
                        short_name(board, last),
                        short_name(board, end)
                    ),
                    Role::Warn,
                )
            }
            (Some(_), _) if play.has_clues() => {
                let took = play.time_taken().unwrap_or_default().as_secs_f64();
                (
                    format!("solved in {took:.2} s: every number placed, validated"),
                    Role::Good,
                )
            }
            (Some(tour), _) => {
                let kind = if tour.is_closed() { "closed" } else { "open" };
                (format!("tour complete and validated: {kind}"), Role::Good)
            }
            (None, Some(why)) => (why.to_string(), Role::Bad),
            (None, None) if short => ("playing".to_string(), Role::Key),
            (None, None) => (
                "playing: Enter or 1-8 moves, u takes back, i hints".to_string(),
                Role::Key,
            ),
        };
        fields.push(("Status", status, self.style(role)));
        let moves = format!(
            "{} of {}",
            thousands(play.moves_made()),
            thousands(play.moves_in_a_tour())
        );
        fields.push(("Moves", moves, self.style(Role::Key)));
        let (verdict, role) = verdict_text(play, self.app.setup().board, short);
        fields.push(("Verdict", verdict, self.style(role)));
        fields.push(("Taken back", thousands(play.taken_back()), text));
        if let Some(took) = play.time_taken() {
            fields.push(("Elapsed", format!("{:.2} s", took.as_secs_f64()), text));
        }
        if let Some(hint) = play.hint() {
            let number = play
                .moves()
                .iter()
                .find(|step| step.square == hint)
                .map_or(0, |step| step.number);
            let board = self.app.setup().board;
            let value = if short {
                format!("{} ({number})", short_name(board, hint))
            } else {
                format!(
                    "{} (move {number}): a tour completes from there",
                    short_name(board, hint)
                )
            };
            fields.push(("Hint", value, self.style(Role::Good)));
        }
        fields.extend(self.cursor_and_view_fields(short));
        fields
    }

    /// The marks of play on the board, for the legend: each drawn as the board draws it.
    pub(super) fn play_marks(&self) -> Vec<(String, Style, &'static str)> {
        let glyphs = self.look.glyphs();
        let on_square = |role: Role| self.style(Role::LightSquare).patch(self.style(role));
        let piece = self.app.setup().piece;
        vec![
            (
                glyphs.piece(piece).to_string(),
                on_square(Role::Knight),
                piece_word(piece),
            ),
            (
                format!("{}{}", glyphs.cursor.0, glyphs.cursor.1),
                self.style(Role::Cursor),
                "cursor",
            ),
            (
                "3:2".to_string(),
                on_square(Role::Candidate),
                "move 3 (2 onward)",
            ),
            ("5:4".to_string(), on_square(Role::Chosen), "hint"),
            (
                glyphs.dead_end.to_string(),
                on_square(Role::DeadEnd),
                "named in the verdict",
            ),
        ]
    }

    /// Two lines under the board in play, for terminals too narrow for the panel: the moves,
    /// and the verdict in brief (the squares a dead one names are marked on the board).
    pub(super) fn render_play_strip(&self, play: &Play, area: Rect, buf: &mut Buffer) {
        let setup = self.app.setup();
        let kind = match self.app.end() {
            Some(end) => format!("to {}", short_name(setup.board, end)),
            None if setup.closed => "closed".to_string(),
            None => "open".to_string(),
        };
        let (verdict, role) = match play.standing() {
            Standing::Judged(Judgement::Dead { nodes, .. }) => {
                (format!("dead ({})", count_of(*nodes, "node")), Role::Bad)
            }
            _ => verdict_text(play, setup.board, true),
        };
        let lines = vec![
            Line::from(vec![
                Span::styled(
                    format!("{} {}{kind} play, ", setup.board, piece_prefix(setup.piece)),
                    self.style(Role::Key),
                ),
                Span::styled(
                    format!(
                        "{} of {} moves, {} back",
                        thousands(play.moves_made()),
                        thousands(play.moves_in_a_tour()),
                        thousands(play.taken_back())
                    ),
                    self.style(Role::Text),
                ),
            ]),
            Line::styled(format!("verdict: {verdict}"), self.style(role)),
        ];
        Paragraph::new(lines).render(area, buf);
    }
}

/// The verdict on the position in play, in words (`short`: without the explanations), and the
/// role it is drawn in.
fn verdict_text(play: &Play, board: Board, short: bool) -> (String, Role) {
    let nodes = |n: u64| count_of(n, "node");
    match play.standing() {
        Standing::Complete => ("the tour is complete".to_string(), Role::Good),
        Standing::Judging { so_far: None } => ("judging...".to_string(), Role::Key),
        Standing::Judging { so_far: Some(n) } if short => (
            format!("unknown so far ({}), judging on", nodes(n)),
            Role::Warn,
        ),
        Standing::Judging { so_far: Some(n) } => (
            format!("unknown so far: no answer in {}; still judging", nodes(n)),
            Role::Warn,
        ),
        Standing::Judged(Judgement::Completes { nodes: n, .. }) if short => {
            (format!("completes ({})", nodes(*n)), Role::Good)
        }
        Standing::Judged(Judgement::Completes { nodes: n, .. }) => (
            format!("completes: the engine found a tour in {}", nodes(*n)),
            Role::Good,
        ),
        Standing::Judged(Judgement::Dead { reason, nodes: n }) => {
            (format!("dead: {}", why_dead(board, reason, *n)), Role::Bad)
        }
        Standing::Judged(Judgement::Unknown { cause, nodes: n }) => {
            let ran_out = match cause {
                GiveUp::Deadline { .. } => "the judge's time ran out",
                _ => "the node budget ran out",
            };
            (
                format!("unknown: no answer in {}; {ran_out}", nodes(*n)),
                Role::Warn,
            )
        }
        Standing::Judged(Judgement::Failed(why)) => (format!("unknown: {why}"), Role::Warn),
    }
}

/// Why no tour completes the position, with the squares named as the board names them, and
/// the nodes the proof took.
fn why_dead(board: Board, reason: &NoTourReason, nodes: u64) -> String {
    let name = |square| short_name(board, square);
    let count = count_of(nodes, "node");
    let why = match reason {
        NoTourReason::DeadPosition { position } => match *position {
            DeadPosition::Unreachable(square) => {
                format!("{} can no longer be reached", name(square))
            }
            DeadPosition::TwoLast(first, second) => format!(
                "{} and {} each have one way in left: both would have to be last",
                name(first),
                name(second)
            ),
            DeadPosition::LastElsewhere(square) => format!(
                "{} has one way in left, so it would have to be last, but the tour must end \
                 next to the start",
                name(square)
            ),
            DeadPosition::NoWayToEnd => {
                "no free square is left next to the start for the tour to close".to_string()
            }
            DeadPosition::Split(_) => "the unvisited squares are cut apart".to_string(),
            DeadPosition::NoMove(square) => {
                format!("no move from {} reaches a free square", name(square))
            }
            DeadPosition::LastColour { square, left } => format!(
                "{} has one way in left, so it would have to be last, but the last of the {} \
                 left is the other colour",
                name(square),
                count_of(left, "square")
            ),
            DeadPosition::ColourCount {
                head, own, needed, ..
            } => format!(
                "the squares left hold {own} of the colour of {}, and a path needs {needed}",
                name(head)
            ),
            DeadPosition::CutThreeWays(square) => format!(
                "{} is a cut square: three parts or more hang on it, and a path joins two",
                name(square)
            ),
            DeadPosition::CutFromEnd(square) => format!(
                "{} is a cut square, and the part beyond it cannot hold the last square",
                name(square)
            ),
            DeadPosition::BehindEnd { anchor, .. } => format!(
                "some squares can be reached only through {}, where the tour ends",
                name(anchor)
            ),
            DeadPosition::ForcedTooMany(square) => format!(
                "squares with two ways in must use both, and those moves meet at {} too often",
                name(square)
            ),
            DeadPosition::ForcedStranded(square) => format!(
                "squares with two ways in must use both, and those moves leave {} too few ways \
                 in",
                name(square)
            ),
            DeadPosition::ForcedLoop(square) => format!(
                "squares with two ways in must use both, and those moves close a loop through {}",
                name(square)
            ),
            DeadPosition::ForcedShort(_) => "squares with two ways in must use both, and those \
                 moves reach the end before every square"
                .to_string(),
            DeadPosition::CutColour { cut, .. } => format!(
                "{} is a cut square, and the colours of the parts it joins do not alternate",
                name(cut)
            ),
        },
        NoTourReason::ExhaustiveRouteSearch { .. } | NoTourReason::ExhaustiveSearch { .. } => {
            return format!("no tour after an exhaustive search of {count}");
        }
        other => other.to_string(),
    };
    format!("{why} ({count})")
}
