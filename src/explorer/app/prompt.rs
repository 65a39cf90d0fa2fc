//! The prompts: *go to* (`g`), where a square (`r,c` or algebraic) moves the cursor there and
//! a move number (`#123`) puts the timeline of a found tour at that move, *write* (`w`),
//! which asks where to save the tour, and *picture* (`e`), which asks where to save its SVG
//! picture (see `files`). While a prompt is open, keys are typed into
//! it rather than mapped to actions; `Enter` goes, `Esc` cancels.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use knights_tour_engine::notation::SquareSpec;
use knights_tour_engine::quote::quoted;

use super::{App, Follow, Motion};

/// The longest text a prompt takes: any square, move number or reasonable file name fits.
const MAX_PROMPT: usize = 200;

/// What an open prompt asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptPurpose {
    /// A square or a move to go to.
    Goto,
    /// The file to write the tour to.
    Write,
    /// The file to write the tour's picture to.
    Picture,
}

impl PromptPurpose {
    /// What the key bar calls the prompt.
    pub fn label(self) -> &'static str {
        match self {
            PromptPurpose::Goto => "go to",
            PromptPurpose::Write => "write the tour to",
            PromptPurpose::Picture => "write the picture to",
        }
    }

    /// What the key bar says after the typed text.
    pub fn hint(self) -> &'static str {
        match self {
            PromptPurpose::Goto => "(3,4  d5  #12)  Enter go  Esc cancel",
            PromptPurpose::Write => "(list format)  Enter writes  Esc cancels",
            PromptPurpose::Picture => "(SVG)  Enter writes  Esc cancels",
        }
    }
}

/// An open prompt: what it asks for and what is typed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Prompt {
    purpose: PromptPurpose,
    text: String,
}

impl App {
    /// Opens the goto prompt.
    pub(super) fn open_goto(&mut self) {
        self.prompt = Some(Prompt {
            purpose: PromptPurpose::Goto,
            text: String::new(),
        });
    }

    /// Opens the prompt for `purpose` (a file to write) with `default` typed in.
    pub(super) fn open_write(&mut self, purpose: PromptPurpose, default: String) {
        self.prompt = Some(Prompt {
            purpose,
            text: default,
        });
    }

    /// The open prompt: what it asks for and the text typed so far.
    pub fn prompt(&self) -> Option<(PromptPurpose, &str)> {
        self.prompt
            .as_ref()
            .map(|prompt| (prompt.purpose, prompt.text.as_str()))
    }

    /// Types `key` into the open prompt: a character, `Backspace`, `Enter` (go) or `Esc`
    /// (cancel); `Ctrl-C` still quits. Returns whether the prompt took the key (it takes
    /// every key while open, so none reaches the key map).
    pub fn type_key(&mut self, key: KeyEvent) -> bool {
        let Some(Prompt { text, .. }) = &mut self.prompt else {
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
                if let Some(Prompt { purpose, text }) = self.prompt.take() {
                    match purpose {
                        PromptPurpose::Goto => self.go_to(text.trim()),
                        PromptPurpose::Write => self.write_tour(text.trim()),
                        PromptPurpose::Picture => self.write_picture(text.trim()),
                    }
                }
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
