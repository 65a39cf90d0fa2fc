//! How every message quotes text it was given: an argument, an environment variable, a line of
//! a tour file.
//!
//! Such text can be anything: 100 kB long, not UTF-8, or carrying escape sequences that would
//! clear or repaint the terminal the message is printed on. [`Quoted`] shows at most
//! [`MAX_QUOTED_CHARS`] characters between single quotes (then `…`), with control characters,
//! invalid UTF-8, the bidirectional overrides that can disguise text, and the characters that
//! show nothing (a byte-order mark, a zero-width space, a soft hyphen) written as escapes
//! (`\n`, `\e`, `\x07`, `\xff`, `\u{202e}`, `\u{feff}`), so a message is always one short,
//! inert line that shows every character it quotes.
//! [`escaped`] escapes the same characters in text shown whole (what is typed into a prompt).
//!
//! Messages count things too: [`counted`] says `1 node` and `2 nodes`, never `1 nodes`.

use std::fmt::{self, Display, Formatter, Write};

/// `n` and `noun`, the noun plural unless `n` is one: `1 node`, `0 nodes`, `25 squares`. For
/// nouns whose plural adds an `s`.
pub fn counted(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The most characters of the given text a message shows; the rest is cut to `…`.
pub const MAX_QUOTED_CHARS: usize = 60;

/// Text shown safely inside a message: `'8x8'`, `'\e[2J…'`. Build it with [`quoted`] or
/// [`quoted_bytes`].
#[derive(Debug, Clone, Copy)]
pub struct Quoted<'a> {
    bytes: &'a [u8],
}

/// `text`, quoted for a message.
pub fn quoted(text: &str) -> Quoted<'_> {
    Quoted {
        bytes: text.as_bytes(),
    }
}

/// `bytes` (which need not be UTF-8), quoted for a message.
pub fn quoted_bytes(bytes: &[u8]) -> Quoted<'_> {
    Quoted { bytes }
}

impl Display for Quoted<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char('\'')?;
        let mut shown = 0;
        for chunk in self.bytes.utf8_chunks() {
            for c in chunk.valid().chars() {
                if shown == MAX_QUOTED_CHARS {
                    return f.write_str("…'");
                }
                write_char_escaped(f, c)?;
                shown += 1;
            }
            for byte in chunk.invalid() {
                if shown == MAX_QUOTED_CHARS {
                    return f.write_str("…'");
                }
                write!(f, "\\x{byte:02x}")?;
                shown += 1;
            }
        }
        f.write_char('\'')
    }
}

/// `text` with control characters and bidirectional overrides escaped as [`quoted`] escapes
/// them, but neither quoted nor shortened: what a prompt shows of the text typed into it.
pub fn escaped(text: &str) -> Escaped<'_> {
    Escaped { text }
}

/// Text shown inert but whole: built with [`escaped`].
#[derive(Debug, Clone, Copy)]
pub struct Escaped<'a> {
    text: &'a str,
}

impl Display for Escaped<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.text.chars().try_for_each(|c| write_char_escaped(f, c))
    }
}

fn write_char_escaped(f: &mut Formatter<'_>, c: char) -> fmt::Result {
    match c {
        '\n' => f.write_str("\\n"),
        '\r' => f.write_str("\\r"),
        '\t' => f.write_str("\\t"),
        '\x1b' => f.write_str("\\e"),
        '\0'..='\x1f' | '\x7f' => write!(f, "\\x{:02x}", c as u32),
        c if c.is_control() || is_bidi_control(c) || is_invisible(c) => {
            write!(f, "\\u{{{:x}}}", c as u32)
        }
        c => f.write_char(c),
    }
}

/// The characters that reorder how a line is displayed ("trojan source").
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Characters that take no room when shown, or break the line: Unicode's format characters
/// (category Cf, the bidirectional controls among them) and the line and paragraph separators.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{ad}'
        | '\u{600}'..='\u{605}'
        | '\u{61c}'
        | '\u{6dd}'
        | '\u{70f}'
        | '\u{890}'..='\u{891}'
        | '\u{8e2}'
        | '\u{180e}'
        | '\u{200b}'..='\u{200f}'
        | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{206f}'
        | '\u{feff}'
        | '\u{fff9}'..='\u{fffb}'
        | '\u{110bd}'
        | '\u{110cd}'
        | '\u{13430}'..='\u{1343f}'
        | '\u{1bca0}'..='\u{1bca3}'
        | '\u{1d173}'..='\u{1d17a}'
        | '\u{e0001}'
        | '\u{e0020}'..='\u{e007f}')
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn any_bytes_are_shown_short_and_inert(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
            let shown = quoted_bytes(&bytes).to_string();
            prop_assert!(!shown.chars().any(|c| c.is_control() || is_bidi_control(c) || is_invisible(c)), "{shown:?}");
            prop_assert!(shown.starts_with('\'') && shown.ends_with('\''));
            // At most the limit of characters, each escaped in at most 10 (`\u{10ffff}`).
            prop_assert!(shown.chars().count() <= MAX_QUOTED_CHARS * 10 + 3, "{shown:?}");
        }

        #[test]
        fn printable_text_within_the_limit_is_shown_as_typed(text in "[^\\p{C}\\p{Zl}\\p{Zp}]{0,60}") {
            prop_assert_eq!(quoted(&text).to_string(), format!("'{text}'"));
        }
    }

    #[test]
    fn plain_text_is_quoted_as_typed() {
        assert_eq!(quoted("8x8").to_string(), "'8x8'");
        assert_eq!(quoted("").to_string(), "''");
        assert_eq!(quoted("ünïcode ×").to_string(), "'ünïcode ×'");
    }

    #[test]
    fn control_characters_and_bad_bytes_are_escaped() {
        assert_eq!(quoted("\x1b[2Jx\n\x07").to_string(), r"'\e[2Jx\n\x07'");
        assert_eq!(
            quoted("a\u{202e}b\u{9b}").to_string(),
            r"'a\u{202e}b\u{9b}'"
        );
        assert_eq!(quoted_bytes(b"a\xffb").to_string(), r"'a\xffb'");
    }

    #[test]
    fn characters_that_show_nothing_are_escaped() {
        // A byte-order mark before a hostfile's first line, a zero-width space, a soft hyphen,
        // a word joiner and a line separator.
        assert_eq!(quoted("\u{feff}a:1").to_string(), r"'\u{feff}a:1'");
        assert_eq!(
            quoted("a\u{200b}b\u{ad}c\u{2060}d\u{2028}").to_string(),
            r"'a\u{200b}b\u{ad}c\u{2060}d\u{2028}'"
        );
    }

    #[test]
    fn escaped_text_is_whole_and_inert() {
        let long = format!("{}\u{202e}\x1b", "9".repeat(100));
        assert_eq!(
            escaped(&long).to_string(),
            format!("{}\\u{{202e}}\\e", "9".repeat(100))
        );
        assert_eq!(escaped("tour ü.txt").to_string(), "tour ü.txt");
    }

    #[test]
    fn long_text_is_cut_after_the_limit() {
        let long = "9".repeat(100_000);
        let shown = quoted(&long).to_string();
        assert_eq!(shown, format!("'{}…'", "9".repeat(MAX_QUOTED_CHARS)));
        let exact = "9".repeat(MAX_QUOTED_CHARS);
        assert_eq!(quoted(&exact).to_string(), format!("'{exact}'"));
    }
}
