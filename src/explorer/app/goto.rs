//! The goto prompt (`g`): a square (`r,c` or algebraic) moves the cursor there, a move number
//! (`#123`) puts the timeline of a found tour at that move. While the prompt is open, keys are
//! typed into it rather than mapped to actions; `Enter` goes, `Esc` cancels.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::engine::notation::SquareSpec;
use crate::engine::quote::quoted;

use super::{App, Follow, Motion};

/// The longest text the prompt takes: any square or move number fits.
const MAX_PROMPT: usize = 40;

impl App {
    /// Opens the goto prompt.
    pub(super) fn open_goto(&mut self) {
        self.prompt = Some(String::new());
    }

    /// The goto prompt's text, while it is open.
    pub fn prompt(&self) -> Option<&str> {
        self.prompt.as_deref()
    }

    /// Types `key` into the open prompt: a character, `Backspace`, `Enter` (go) or `Esc`
    /// (cancel); `Ctrl-C` still quits. Returns whether the prompt took the key (it takes
    /// every key while open, so none reaches the key map).
    pub fn type_key(&mut self, key: KeyEvent) -> bool {
        let Some(text) = &mut self.prompt else {
            return false;
        };
        if key.kind == KeyEventKind::Release {
            return true;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            if key.code == KeyCode::Char('c') {
                self.prompt = None;
                self.quit = true;
            }
            return true;
        }
        match key.code {
            KeyCode::Char(c) if !c.is_control() && text.chars().count() < MAX_PROMPT => {
                text.push(c)
            }
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Esc => self.prompt = None,
            KeyCode::Enter => {
                let text = self.prompt.take().unwrap_or_default();
                self.go_to(text.trim());
            }
            _ => {}
        }
        true
    }

    /// Goes where `text` says: `#k` to move `k` of the tour found, else a square.
    fn go_to(&mut self, text: &str) {
        if let Some(number) = text.strip_prefix('#') {
            self.go_to_move(number);
            return;
        }
        let board = self.setup.board;
        match text
            .parse::<SquareSpec>()
            .and_then(|spec| spec.resolve(board))
        {
            Ok(square) => {
                self.cursor = square;
                self.follow = Follow::Cursor;
            }
            Err(error) => self.message = Some(format!("go to: {error}")),
        }
    }

    fn go_to_move(&mut self, number: &str) {
        let Some((_, total)) = self.timeline() else {
            self.message = Some("go to #k: there is no tour to step through yet".into());
            return;
        };
        match number.trim().parse::<u64>() {
            Ok(k) if (1..=total).contains(&k) => {
                self.replay = (k < total).then_some(k as u32);
                self.follow = Follow::Knight;
                self.motion = Motion::Still;
            }
            _ => {
                self.message = Some(format!(
                    "go to: move {} is not one of 1 to {total}",
                    quoted(number)
                ))
            }
        }
    }
}
