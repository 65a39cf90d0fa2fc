//! The key map: a pure function from a key press to an [`Action`], and the table of keys that
//! the key bar and the help screen are drawn from. Tests and the `demo.tape` replay drive the
//! app through [`action`] exactly as the terminal does.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// Something the user asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor one square up.
    CursorUp,
    /// Move the cursor one square down.
    CursorDown,
    /// Move the cursor one square left.
    CursorLeft,
    /// Move the cursor one square right.
    CursorRight,
    /// Move the cursor a page up (the rows in view).
    PageUp,
    /// Move the cursor a page down.
    PageDown,
    /// Move the cursor a page left (the columns in view).
    PageLeft,
    /// Move the cursor a page right.
    PageRight,
    /// Follow the knight again, with the window centred on it.
    CentreKnight,
    /// Ask for a square or a move number to go to.
    Goto,
    /// Make the cursor square the start, and reset.
    SetStart,
    /// Toggle open and closed tours, and reset.
    ToggleClosed,
    /// Take one search event (or one square of a replay).
    Step,
    /// Go back one search event (or one square of a replay).
    StepBack,
    /// Play or pause.
    PlayPause,
    /// Run the search to its end, under a node budget.
    Finish,
    /// Back to the start of the search.
    Reset,
    /// Next method.
    NextMethod,
    /// Next piece: knight, camel, zebra, giraffe, wazir, ferz, king, hopido, and back to the
    /// knight.
    NextPiece,
    /// Faster play.
    Faster,
    /// Slower play.
    Slower,
    /// One more row.
    AddRow,
    /// One row fewer.
    RemoveRow,
    /// One more column.
    AddColumn,
    /// One column fewer.
    RemoveColumn,
    /// One more row and column.
    Grow,
    /// One row and column fewer.
    Shrink,
    /// Replay the tour found, square by square.
    Replay,
    /// Replay from the tour's first move, paused.
    TourStart,
    /// Show the whole tour (the end of a replay).
    TourEnd,
    /// Show the tour as visit numbers or as its path.
    ToggleView,
    /// Write the tour to a file (asks for the name).
    WriteTour,
    /// Write a picture of the tour to an SVG file (asks for the name).
    WritePicture,
    /// Show or hide the starts map.
    StartsMap,
    /// Show or hide the ends map: every square as the end of an open tour from the start.
    EndsMap,
    /// Make the cursor's square the end of the tour, or clear the end.
    MarkEnd,
    /// The next zoom level: numbers, shade, overview.
    Zoom,
    /// Race two methods side by side on this board and start, or leave the race.
    Race,
    /// Play your own tour on this board, start and kind, or leave play.
    Play,
    /// In play, move the knight along the knight's move of this number (1 to 8, clockwise
    /// from two up and one right).
    MoveNumber(u8),
    /// In play, show the next move of a tour that completes the position.
    Hint,
    /// Make the cursor's square a hole of the board, or open it again.
    ToggleHole,
    /// Give the cursor's square its visit number (a clue; asks for it), or clear it.
    Clue,
    /// Make a new puzzle of the board's shape, with one solution, and play it.
    NewPuzzle,
    /// Open or close the help.
    Help,
    /// Clear the terminal and draw the whole screen again (after something else wrote on it).
    Redraw,
    /// Close the help (`Esc`); never leaves the explorer.
    Escape,
    /// Leave the explorer (`q`, `Ctrl-C`).
    Quit,
}

/// The action of a key press, or `None` for a key the explorer does not use (and for key
/// releases, which some terminals report too).
pub fn action(key: KeyEvent) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c') => Some(Action::Quit),
            KeyCode::Char('l') => Some(Action::Redraw),
            _ => None,
        };
    }
    Some(match key.code {
        KeyCode::Up | KeyCode::Char('k') => Action::CursorUp,
        KeyCode::Down | KeyCode::Char('j') => Action::CursorDown,
        KeyCode::Left | KeyCode::Char('h') => Action::CursorLeft,
        KeyCode::Right | KeyCode::Char('l') => Action::CursorRight,
        KeyCode::PageUp => Action::PageUp,
        KeyCode::PageDown => Action::PageDown,
        KeyCode::Home => Action::PageLeft,
        KeyCode::End => Action::PageRight,
        KeyCode::Char('c') => Action::CentreKnight,
        KeyCode::Char('g') => Action::Goto,
        KeyCode::Enter => Action::SetStart,
        KeyCode::Char('o') => Action::ToggleClosed,
        KeyCode::Char('n') => Action::Step,
        KeyCode::Char('b' | 'u') | KeyCode::Backspace => Action::StepBack,
        KeyCode::Char(' ') => Action::PlayPause,
        KeyCode::Char('f') => Action::Finish,
        KeyCode::Char('r') => Action::Reset,
        KeyCode::Char('m') => Action::NextMethod,
        KeyCode::Char('K') => Action::NextPiece,
        KeyCode::Char('+' | '=') => Action::Faster,
        KeyCode::Char('-' | '_') => Action::Slower,
        KeyCode::Char('}') => Action::AddRow,
        KeyCode::Char('{') => Action::RemoveRow,
        KeyCode::Char(']') => Action::AddColumn,
        KeyCode::Char('[') => Action::RemoveColumn,
        KeyCode::Char('>' | '.') => Action::Grow,
        KeyCode::Char('<' | ',') => Action::Shrink,
        KeyCode::Char('p') => Action::Replay,
        KeyCode::Char('0') => Action::TourStart,
        KeyCode::Char('$') => Action::TourEnd,
        KeyCode::Char('v') => Action::ToggleView,
        KeyCode::Char('w') => Action::WriteTour,
        KeyCode::Char('e') => Action::WritePicture,
        KeyCode::Char('s') => Action::StartsMap,
        KeyCode::Char('t') => Action::EndsMap,
        KeyCode::Char('E') => Action::MarkEnd,
        KeyCode::Char('z') => Action::Zoom,
        KeyCode::Char('R') => Action::Race,
        KeyCode::Char('P') => Action::Play,
        KeyCode::Char('i') => Action::Hint,
        KeyCode::Char('x') => Action::ToggleHole,
        KeyCode::Char('#') => Action::Clue,
        KeyCode::Char('N') => Action::NewPuzzle,
        KeyCode::Char(digit @ '1'..='8') => Action::MoveNumber(digit as u8 - b'0'),
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char('q') => Action::Quit,
        KeyCode::Esc => Action::Escape,
        _ => return None,
    })
}

/// One line of the help: the keys and what they do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyHelp {
    /// The keys, as written in the help.
    pub keys: &'static str,
    /// What they do.
    pub does: &'static str,
    /// The short form in the key bar (keys, what they do), if the key is in it.
    pub bar: Option<(&'static str, &'static str)>,
}

const fn key(
    keys: &'static str,
    does: &'static str,
    bar: Option<(&'static str, &'static str)>,
) -> KeyHelp {
    KeyHelp { keys, does, bar }
}

/// The key bar in play: the keys that move, take back, hint and leave, then help and quit.
pub const PLAY_BAR: &[(&str, &str)] = &[
    ("Enter 1-8", "move"),
    ("u", "back"),
    ("i", "hint"),
    ("P", "leave"),
    ("hjkl", "cursor"),
    ("?", "help"),
    ("q", "quit"),
];

/// Every key, in the order of the help screen; the key bar shows those with a short form, in
/// this order, as many as fit.
pub const KEYS: &[KeyHelp] = &[
    key("arrows h j k l", "move the cursor", Some(("hjkl", "move"))),
    key(
        "PgUp PgDn Home End",
        "move the cursor a page up / down / left / right",
        None,
    ),
    key("c g", "centre on the knight; go to a square or #move", None),
    key(
        "Enter click",
        "make the square the start (resets)",
        Some(("Enter", "start")),
    ),
    key(
        "n",
        "one step: a search move, or a block or a join",
        Some(("n", "step")),
    ),
    key(
        "b u Backspace",
        "one step back through the history (in play: the last move)",
        Some(("b", "back")),
    ),
    key("Space", "play / pause", Some(("Space", "play"))),
    key(
        "f",
        "finish the search (node budget) or construction",
        Some(("f", "finish")),
    ),
    key("r", "reset the search", Some(("r", "reset"))),
    key(
        "m K",
        "next method / next named piece, knight to hopido",
        Some(("m", "method")),
    ),
    key(
        "o E",
        "open / closed tour; E: the cursor's square is the end",
        Some(("o", "closed")),
    ),
    key("+ -", "faster / slower", Some(("+-", "speed"))),
    key(
        "> < } { ] [",
        "board larger / smaller: both sides, rows, columns",
        Some(("<>", "size")),
    ),
    key(
        "p 0 $",
        "replay the tour; go to its first move / its end",
        Some(("p", "replay")),
    ),
    key(
        "v w e",
        "tour as numbers / its path; write it: list / SVG",
        None,
    ),
    key(
        "s t",
        "maps: every square as the start / the end (Enter picks)",
        Some(("s", "starts")),
    ),
    key(
        "z x #",
        "zoom (numbers, shade, overview); x hole, # given number",
        Some(("z", "zoom")),
    ),
    key(
        "R",
        "race two methods, fair in nodes (R or Esc leaves)",
        Some(("R", "race")),
    ),
    key(
        "P i 1-8 N",
        "play your tour, judged (1-8 move, i hint); N new puzzle",
        Some(("P", "play")),
    ),
    key(
        "? Esc",
        "this help (j k scroll it); Esc or another key closes it",
        Some(("?", "help")),
    ),
    key(
        "q Ctrl-C Ctrl-L",
        "quit (Esc does not); Ctrl-L redraws",
        Some(("q", "quit")),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> Option<Action> {
        action(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn the_required_keys_are_mapped() {
        for (code, expected) in [
            (KeyCode::Up, Action::CursorUp),
            (KeyCode::Char('k'), Action::CursorUp),
            (KeyCode::Char('j'), Action::CursorDown),
            (KeyCode::Char('h'), Action::CursorLeft),
            (KeyCode::Right, Action::CursorRight),
            (KeyCode::Enter, Action::SetStart),
            (KeyCode::Char('o'), Action::ToggleClosed),
            (KeyCode::Char('n'), Action::Step),
            (KeyCode::Char(' '), Action::PlayPause),
            (KeyCode::Char('f'), Action::Finish),
            (KeyCode::Char('r'), Action::Reset),
            (KeyCode::Char('q'), Action::Quit),
            (KeyCode::Esc, Action::Escape),
            (KeyCode::Char('P'), Action::Play),
            (KeyCode::Char('u'), Action::StepBack),
            (KeyCode::Char('i'), Action::Hint),
            (KeyCode::Char('1'), Action::MoveNumber(1)),
            (KeyCode::Char('8'), Action::MoveNumber(8)),
            (KeyCode::Char('E'), Action::MarkEnd),
            (KeyCode::Char('t'), Action::EndsMap),
            (KeyCode::Char('K'), Action::NextPiece),
            (KeyCode::Char('x'), Action::ToggleHole),
            (KeyCode::Char('#'), Action::Clue),
            (KeyCode::Char('N'), Action::NewPuzzle),
        ] {
            assert_eq!(press(code), Some(expected), "{code:?}");
        }
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action(ctrl_c), Some(Action::Quit));
        let ctrl_l = KeyEvent::new(KeyCode::Char('l'), KeyModifiers::CONTROL);
        assert_eq!(action(ctrl_l), Some(Action::Redraw));
    }

    #[test]
    fn releases_and_unknown_keys_do_nothing() {
        let mut release = KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(action(release), None);
        assert_eq!(press(KeyCode::Char('y')), None);
        assert_eq!(press(KeyCode::Char('9')), None, "a knight has eight moves");
        assert_eq!(press(KeyCode::F(5)), None);
        let ctrl_n = KeyEvent::new(KeyCode::Char('n'), KeyModifiers::CONTROL);
        assert_eq!(action(ctrl_n), None);
    }

    #[test]
    fn every_mapped_character_is_in_the_help() {
        let help: String = KEYS
            .iter()
            .map(|line| line.keys)
            .collect::<Vec<_>>()
            .join(" ");
        // A word of the help's keys names `c`: the key itself, or a range such as `1-8`.
        let names = |word: &str, c: char| match word.as_bytes() {
            &[low, b'-', high] => (low..=high).contains(&(c as u8)),
            _ => word == c.to_string(),
        };
        for c in (' '..='~').filter(|c| c.is_ascii_graphic()) {
            // Aliases for unshifted keys on US layouts are not listed separately.
            if "=_.,".contains(c) {
                continue;
            }
            if press(KeyCode::Char(c)).is_some() {
                assert!(
                    help.split(' ').any(|word| names(word, c)),
                    "{c:?} is mapped but not in the help"
                );
            }
        }
    }
}
