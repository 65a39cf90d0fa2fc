//! A terminal's bytes as crossterm's events, the one parser of both explorers: the local
//! terminal's reader (`explorer::events`) and an SSH client's channel (`serve::connection`)
//! feed it what they read, so the key map sees the same events from both.
//!
//! Keys (arrows, `Enter`, `Esc`, `Ctrl-` keys, UTF-8), SGR mouse reports and bracketed pastes
//! are parsed by `terminput` (crossterm's own escape-sequence parser, published on its own)
//! and turned into crossterm's events by `terminput-crossterm`. Bytes are fed one at a time to
//! a short pending sequence, as crossterm's reader does: the parser says an event,
//! "incomplete" or "not an event" (dropped). A lone `Esc` is the `Esc` key only when nothing
//! follows it in the same read: terminals send an escape sequence in one write, so `ESC [ A`
//! arriving together is the up arrow.
//!
//! The pending sequence is bounded ([`MAX_PENDING`]): a sequence that never ends (a flood,
//! garbage) is dropped, never grows memory. A bracketed paste too long to keep is dropped to
//! its end marker, so that its text never becomes keys.

use crossterm::event::Event;

/// The longest sequence kept while incomplete: longer than any key or mouse report, and a
/// paste of the longest name a prompt takes (4095 bytes) between its markers; longer pastes
/// are dropped whole.
pub(crate) const MAX_PENDING: usize = 8192;
/// The most bytes of a paste too long to keep that are dropped while its end is awaited: a
/// terminal that never ends its paste gets its keys back after this many.
const MAX_PASTE_DROPPED: usize = 1 << 20;

const ESC: u8 = 0x1b;
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// Turns a stream of a terminal's bytes into events; keeps an incomplete sequence between
/// reads.
#[derive(Debug, Default)]
pub(crate) struct KeyParser {
    pending: Vec<u8>,
    /// Dropping the rest of a paste too long to keep.
    dropping: Option<DroppedPaste>,
}

/// How far into a paste too long to keep the parser is.
#[derive(Debug)]
struct DroppedPaste {
    /// Bytes of [`PASTE_END`] matched so far.
    matched: usize,
    /// Bytes dropped so far.
    dropped: usize,
}

impl KeyParser {
    /// A parser with nothing pending.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Parses `bytes` (one read from the terminal), giving each complete event to `emit`.
    pub(crate) fn feed(&mut self, bytes: &[u8], mut emit: impl FnMut(Event)) {
        for (index, &byte) in bytes.iter().enumerate() {
            if let Some(paste) = &mut self.dropping {
                paste.dropped += 1;
                // No proper prefix of the end marker recurs in it but `ESC`.
                paste.matched = match byte {
                    _ if byte == PASTE_END[paste.matched] => paste.matched + 1,
                    ESC => 1,
                    _ => 0,
                };
                if paste.matched == PASTE_END.len() || paste.dropped >= MAX_PASTE_DROPPED {
                    self.dropping = None;
                }
                continue;
            }
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
                // Not an event, or one that never ends: drop it, and a paste to its end.
                Ok(None) | Err(_) => {
                    if self.pending.starts_with(PASTE_START) {
                        let matched = (1..PASTE_END.len())
                            .rev()
                            .find(|&k| self.pending.ends_with(&PASTE_END[..k]))
                            .unwrap_or(0);
                        self.dropping = Some(DroppedPaste {
                            matched,
                            dropped: 0,
                        });
                    }
                    self.pending.clear();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEventKind};

    fn parse(reads: &[&[u8]]) -> Vec<Event> {
        let mut parser = KeyParser::new();
        let mut events = Vec::new();
        for bytes in reads {
            parser.feed(bytes, |event| events.push(event));
        }
        events
    }

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    #[test]
    fn keys_arrows_and_a_lone_esc_come_out_as_crossterm_gives_them() {
        let events = parse(&[b"n", b"\x1b[A\r", b"\x03", b"\x1b", "é".as_bytes()]);
        assert_eq!(
            events,
            [
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
        assert_eq!(events[2], key(KeyCode::Down, KeyModifiers::NONE));
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
        parser.feed(&[ESC; 10_000], |event| events.push(event));
        assert!(parser.pending.len() < MAX_PENDING);
        // An unknown sequence that never ends, longer than the parser keeps.
        parser.feed(&[b"\x1b[".as_slice(), &[b'1'; 20_000]].concat(), |event| {
            events.push(event)
        });
        assert!(parser.pending.len() < MAX_PENDING);
        parser.feed(b"\x1b[\xff\xfe", |event| events.push(event));
        parser.feed(b"q", |event| events.push(event));
        assert_eq!(
            events.last(),
            Some(&key(KeyCode::Char('q'), KeyModifiers::NONE))
        );
    }

    #[test]
    fn a_paste_is_one_event_and_one_too_long_is_dropped_never_keys() {
        let events = parse(&[b"\x1b[200~tour.txt\nnnn\x1b[201~"]);
        assert_eq!(events, [Event::Paste("tour.txt\nnnn".into())]);
        // The longest name a prompt takes, pasted, comes whole.
        let name = "x".repeat(crate::explorer::app::MAX_PROMPT_BYTES);
        let events = parse(&[format!("\x1b[200~{name}\x1b[201~").as_bytes()]);
        assert_eq!(events, [Event::Paste(name)]);
        // Longer than the parser keeps, in reads of several sizes, the end marker split
        // between two reads: none of its text comes out as keys, and the key after it does.
        let long = [
            b"\x1b[200~".as_slice(),
            &b"n\r".repeat(20_000),
            b"\x1b[201~q",
        ]
        .concat();
        let in_marker = long.len() - 4;
        for cuts in [vec![], vec![4096, in_marker], vec![9000, 30_000, in_marker]] {
            let mut reads = Vec::new();
            let mut from = 0;
            for &cut in cuts.iter().chain([&long.len()]) {
                reads.push(&long[from..cut]);
                from = cut;
            }
            let events = parse(&reads);
            assert!(
                events == [key(KeyCode::Char('q'), KeyModifiers::NONE)],
                "reads cut at {cuts:?}: {} events, the last {:?}",
                events.len(),
                events.last()
            );
        }
        // A paste that never ends gives the keys back after a bound.
        let mut parser = KeyParser::new();
        let mut events = Vec::new();
        parser.feed(PASTE_START, |event| events.push(event));
        let held = MAX_PENDING - PASTE_START.len();
        parser.feed(&vec![b'x'; held + MAX_PASTE_DROPPED], |event| {
            events.push(event)
        });
        parser.feed(b"q", |event| events.push(event));
        assert_eq!(events, [key(KeyCode::Char('q'), KeyModifiers::NONE)]);
    }
}
