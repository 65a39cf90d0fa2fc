//! The client's bytes as terminal events: keys (arrows, `Enter`, `Esc`, `Ctrl-` keys, UTF-8),
//! SGR mouse reports and pastes, parsed by `terminput` (crossterm's own escape-sequence parser)
//! and turned into crossterm's events by `terminput-crossterm`, so the explorer's key map sees
//! exactly what a local terminal gives it.
//!
//! Bytes are fed one at a time to a short pending sequence, as crossterm's reader does: the
//! parser says an event, "incomplete" or "not an event" (dropped). A lone `Esc` is the `Esc` key
//! only when nothing follows it in the same read: terminals send an escape sequence in one
//! write, so `ESC [ A` arriving together is the up arrow. The pending sequence is bounded: a
//! sequence that never ends (a flood, garbage) is dropped, never grows memory.

use crossterm::event::Event;

/// The longest sequence kept while incomplete: longer than any key or mouse report, and a
/// paste of a few lines (longer pastes are dropped: the explorer takes no text).
pub const MAX_PENDING: usize = 4096;

const ESC: u8 = 0x1b;

/// Turns a stream of bytes into events; keeps an incomplete sequence between reads.
#[derive(Debug, Default)]
pub struct KeyParser {
    pending: Vec<u8>,
}

impl KeyParser {
    /// A parser with nothing pending.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses `bytes` (one read from the client), giving each complete event to `emit`.
    pub fn feed(&mut self, bytes: &[u8], mut emit: impl FnMut(Event)) {
        for (index, &byte) in bytes.iter().enumerate() {
            self.pending.push(byte);
            let more_follows = index + 1 < bytes.len();
            // A lone Esc with more in this read starts a sequence; at the end of a read it is
            // the key itself.
            if more_follows && self.pending == [ESC] {
                continue;
            }
            match terminput::Event::parse_from(&self.pending) {
                Ok(Some(event)) => {
                    self.pending.clear();
                    if let Ok(event) = terminput_crossterm::to_crossterm(event) {
                        emit(event);
                    }
                }
                Ok(None) if self.pending.len() < MAX_PENDING => {}
                // Not an event, or one that never ends: drop it.
                Ok(None) | Err(_) => self.pending.clear(),
            }
        }
    }

    /// The bytes of an incomplete sequence held for the next read.
    pub fn pending(&self) -> usize {
        self.pending.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEventKind};

    fn parse(chunks: &[&[u8]]) -> Vec<Event> {
        let mut parser = KeyParser::new();
        let mut events = Vec::new();
        for chunk in chunks {
            parser.feed(chunk, |event| events.push(event));
        }
        events
    }

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    #[test]
    fn keys_come_out_as_crossterm_gives_them() {
        let events = parse(&[b"n", b"\x1b[A", b"\r", b"\x03", b"\x1b", "é".as_bytes()]);
        assert_eq!(
            events,
            vec![
                key(KeyCode::Char('n'), KeyModifiers::NONE),
                key(KeyCode::Up, KeyModifiers::NONE),
                key(KeyCode::Enter, KeyModifiers::NONE),
                key(KeyCode::Char('c'), KeyModifiers::CONTROL),
                key(KeyCode::Esc, KeyModifiers::NONE),
                key(KeyCode::Char('é'), KeyModifiers::NONE),
            ]
        );
        assert!(events.iter().all(|event| matches!(
            event,
            Event::Key(key) if key.kind == KeyEventKind::Press
        )));
    }

    #[test]
    fn several_keys_in_one_read_and_a_sequence_split_across_reads() {
        let events = parse(&[b"nn\x1b[B", b"\x1b[", b"C"]);
        assert_eq!(events.len(), 4);
        assert_eq!(events[3], key(KeyCode::Right, KeyModifiers::NONE));
    }

    #[test]
    fn sgr_mouse_clicks_are_read() {
        let events = parse(&[b"\x1b[<0;10;5M"]);
        let Event::Mouse(mouse) = &events[0] else {
            panic!("a mouse event: {events:?}")
        };
        assert!(matches!(mouse.kind, MouseEventKind::Down(_)));
        assert_eq!((mouse.column, mouse.row), (9, 4));
    }

    #[test]
    fn garbage_and_endless_sequences_are_dropped_without_growing() {
        let mut parser = KeyParser::new();
        let mut events = Vec::new();
        let endless = [b"\x1b[200~".as_slice(), &[b'x'; 10_000]].concat();
        parser.feed(&endless, |event| events.push(event));
        assert!(parser.pending() < MAX_PENDING);
        parser.feed(b"\x1b[\xff\xfe", |event| events.push(event));
        parser.feed(b"q", |event| events.push(event));
        assert_eq!(
            events.last(),
            Some(&key(KeyCode::Char('q'), KeyModifiers::NONE))
        );
    }
}
