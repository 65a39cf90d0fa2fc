//! The prompts: *go to* (`g`), where a square (`r,c` or algebraic) moves the cursor there and
//! a move number (`#123`) puts the timeline of a found tour at that move, *write* (`w`),
//! which asks where to save the tour, *picture* (`e`), which asks where to save its SVG
//! picture, *overwrite*, the yes-or-no question before a save replaces a file (see
//! `files`), and *number* (`#`), the clue to give the cursor's square (see `shaped`). While a prompt is open, keys are typed into it rather than mapped to actions;
//! `Enter` goes, `Esc` cancels. Pasted text (a terminal's bracketed paste) is typed in up to
//! its first line break, never pressed as keys.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use knights_tour_engine::notation::SquareSpec;
use knights_tour_engine::quote::quoted;

use super::{App, Follow, Motion, Notice, Overlay};
use crate::tourfile::Replace;

/// The longest text a prompt takes, in bytes: the longest path Linux takes (`PATH_MAX`, 4096
/// bytes with the closing NUL). A longer name is refused with a notice, never cut short.
pub const MAX_PROMPT_BYTES: usize = 4095;

/// What an open prompt asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptPurpose {
    /// A square or a move to go to.
    Goto,
    /// The file to write the tour to.
    Write,
    /// The file to write the tour's picture to.
    Picture,
    /// Whether to replace the file named (the prompt's text): `y` or `n`.
    Overwrite,
    /// The number to give the cursor's square (`#`): a clue.
    Clue,
    /// The file to write a board with holes or clues to (`w` on such a board).
    Board,
}

impl PromptPurpose {
    /// What the key bar calls the prompt.
    pub fn label(self) -> &'static str {
        match self {
            PromptPurpose::Goto => "go to",
            PromptPurpose::Write => "write the tour to",
            PromptPurpose::Picture => "write the picture to",
            PromptPurpose::Overwrite => "overwrite",
            PromptPurpose::Clue => "number for the square",
            PromptPurpose::Board => "write the board to",
        }
    }

    /// What the key bar says after the typed text.
    pub fn hint(self) -> &'static str {
        match self {
            PromptPurpose::Goto => "(3,4  d5  #12)  Enter go  Esc cancel",
            PromptPurpose::Write => "(list format)  Enter writes  Esc cancels",
            PromptPurpose::Picture => "(SVG)  Enter writes  Esc cancels",
            PromptPurpose::Overwrite => "(y/n)",
            PromptPurpose::Clue => "(its visit number)  Enter gives it  Esc cancels",
            PromptPurpose::Board => {
                "(--board format, the tour beside it)  Enter writes  Esc cancels"
            }
        }
    }
}

/// An open prompt: what it asks for and what is typed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Prompt {
    purpose: PromptPurpose,
    /// The text typed; for [`PromptPurpose::Overwrite`], the name asked about.
    text: String,
    /// For [`PromptPurpose::Overwrite`], what a yes writes: the tour (`Write`) or its picture.
    writes: PromptPurpose,
}

impl App {
    /// Opens the goto prompt.
    pub(super) fn open_goto(&mut self) {
        self.open_prompt(PromptPurpose::Goto, String::new());
    }

    /// Opens the prompt for `purpose` (a file to write) with `default` typed in.
    pub(super) fn open_write(&mut self, purpose: PromptPurpose, default: String) {
        self.open_prompt(purpose, default);
    }

    /// Asks whether to replace `name` with what `writes` writes (the tour or its picture).
    pub(super) fn ask_to_overwrite(&mut self, writes: PromptPurpose, name: String) {
        self.overlay = Some(Overlay::Prompt(Prompt {
            purpose: PromptPurpose::Overwrite,
            text: name,
            writes,
        }));
    }

    pub(super) fn open_prompt(&mut self, purpose: PromptPurpose, text: String) {
        self.overlay = Some(Overlay::Prompt(Prompt {
            purpose,
            text,
            writes: purpose,
        }));
    }

    /// Closes the open prompt, if one is, and gives it back.
    fn close_prompt(&mut self) -> Option<Prompt> {
        match self.overlay.take() {
            Some(Overlay::Prompt(prompt)) => Some(prompt),
            other => {
                self.overlay = other;
                None
            }
        }
    }

    /// The open prompt: what it asks for and the text typed so far.
    pub fn prompt(&self) -> Option<(PromptPurpose, &str)> {
        match &self.overlay {
            Some(Overlay::Prompt(prompt)) => Some((prompt.purpose, prompt.text.as_str())),
            _ => None,
        }
    }

    /// Types `key` into the open prompt: a character, `Backspace`, `Enter` (go) or `Esc`
    /// (cancel), or to the overwrite question `y` or `n` (`Esc`: no); `Ctrl-C` still quits.
    /// Returns whether the prompt took the key (it takes every key while open, so none
    /// reaches the key map).
    pub fn type_key(&mut self, key: KeyEvent) -> bool {
        let Some(Overlay::Prompt(prompt)) = &mut self.overlay else {
            return false;
        };
        if key.kind == KeyEventKind::Release {
            return true;
        }
        self.notice = None;
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            if key.code == KeyCode::Char('c') {
                self.close_prompt();
                self.quit = true;
            }
            return true;
        }
        if prompt.purpose == PromptPurpose::Overwrite {
            self.answer_overwrite(key.code);
            return true;
        }
        match key.code {
            KeyCode::Char(c) if !c.is_control() => {
                let mut typed = [0; 4];
                self.type_text(c.encode_utf8(&mut typed));
            }
            KeyCode::Backspace => {
                prompt.text.pop();
            }
            KeyCode::Esc => {
                self.close_prompt();
            }
            KeyCode::Enter => {
                if let Some(Prompt { purpose, text, .. }) = self.close_prompt() {
                    match purpose {
                        PromptPurpose::Goto => self.go_to(text.trim()),
                        PromptPurpose::Clue => self.set_clue(text.trim()),
                        PromptPurpose::Write | PromptPurpose::Picture | PromptPurpose::Board => {
                            self.save(purpose, text.trim(), Replace::Never)
                        }
                        PromptPurpose::Overwrite => {}
                    }
                }
            }
            _ => {}
        }
        true
    }

    /// Text pasted into the terminal (bracketed paste): typed into the open prompt up to its
    /// first line break, which is not taken as `Enter`; control characters are left out.
    /// Without a prompt, or to the overwrite question, a paste does nothing. Returns whether
    /// the screen changed.
    pub fn paste(&mut self, text: &str) -> bool {
        match self.prompt() {
            Some((purpose, _)) if purpose != PromptPurpose::Overwrite => {
                let line = text.split(['\n', '\r']).next().unwrap_or_default();
                let kept: String = line.chars().filter(|c| !c.is_control()).collect();
                self.notice = None;
                self.type_text(&kept);
                true
            }
            _ => false,
        }
    }

    /// Adds `text` to the open prompt's text whole, or refuses it with a notice when the
    /// text would pass [`MAX_PROMPT_BYTES`].
    fn type_text(&mut self, text: &str) {
        let Some(Overlay::Prompt(prompt)) = &mut self.overlay else {
            return;
        };
        if prompt.text.len() + text.len() > MAX_PROMPT_BYTES {
            self.notice = Some(Notice::not_saved(format!(
                "a name is at most {MAX_PROMPT_BYTES} bytes (the longest path the system \
                 takes): {} not taken",
                quoted(text)
            )));
            return;
        }
        prompt.text.push_str(text);
    }

    /// The answer to the overwrite question: `y` writes, `n` or `Esc` does not; other keys
    /// leave the question open.
    fn answer_overwrite(&mut self, key: KeyCode) {
        match key {
            KeyCode::Char('y' | 'Y') => {
                if let Some(Prompt { text, writes, .. }) = self.close_prompt() {
                    self.save(writes, &text, Replace::Allowed);
                }
            }
            KeyCode::Char('n' | 'N') | KeyCode::Esc => {
                if let Some(Prompt { text, .. }) = self.close_prompt() {
                    self.notice = Some(Notice::not_saved(format!(
                        "nothing written: {} is as it was",
                        quoted(&text)
                    )));
                }
            }
            _ => {}
        }
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
                self.view.follow = Follow::Cursor;
            }
            Err(error) => self.notice = Some(Notice::Message(format!("go to: {error}"))),
        }
    }

    fn go_to_move(&mut self, number: &str) {
        let Some((_, total)) = self.timeline() else {
            self.notice = Some(Notice::Message(
                "go to #k: there is no tour to step through yet".into(),
            ));
            return;
        };
        match number.trim().parse::<u64>() {
            Ok(k) if (1..=total).contains(&k) => {
                self.motion = if k < total {
                    Motion::Replay {
                        shown: k as u32,
                        playing: false,
                    }
                } else {
                    Motion::Still
                };
                self.view.follow = Follow::Knight;
            }
            _ => {
                self.notice = Some(Notice::Message(format!(
                    "go to: move {} is not one of 1 to {total}",
                    quoted(number)
                )))
            }
        }
    }
}
