//! The tokens of the JSON reader: blanks, keys, strings (kept up to [`KEPT`] bytes, at most
//! [`MAX_STRING`]), literals, whole numbers (named as written past a `u64`) and any value
//! skipped with its syntax checked (at most [`MAX_DEPTH`] deep), each read from the buffer as
//! it arrives. A number has at most [`MAX_DIGITS`] digits, leading zeros counted; a longer one
//! is named where it begins.

use std::fmt;
use std::io::Read;

use knights_tour_engine::board::Board;
use knights_tour_engine::quote::quoted_bytes;

use super::super::{CheckError, number_text};
use super::{Json, KEPT, MAX_BLANKS, MAX_DEPTH, MAX_DIGITS, MAX_STRING};

impl<R: Read> Json<'_, R> {
    /// Where the next byte is, for a message.
    pub(super) fn at(&self) -> String {
        format!("line {}, column {}", self.input.line(), self.input.column())
    }

    /// Not a tour file, here.
    pub(super) fn error(&self, message: impl std::fmt::Display) -> CheckError {
        CheckError::Input(format!("{}: {message}", self.at()))
    }

    /// Not what was expected, here.
    pub(super) fn unexpected(&mut self, what: &str) -> CheckError {
        if let Err(error) = self.input.fill(16) {
            return error.into();
        }
        let next = self.input.buffered();
        let found = if next.is_empty() {
            "the end of the input".to_string()
        } else {
            quoted_bytes(&next[..next.len().min(16)]).to_string()
        };
        self.error(format!("expected {what}, found {found}"))
    }

    /// Skips whitespace; the next byte, not consumed.
    pub(super) fn blank(&mut self) -> Result<Option<u8>, CheckError> {
        let mut run = 0;
        loop {
            match self.input.peek()? {
                Some(b' ' | b'\t' | b'\r') => self.input.advance(1),
                Some(b'\n') => self.input.newline(),
                other => return Ok(other),
            }
            run += 1;
            if run > MAX_BLANKS {
                return Err(self.error(format!(
                    "more than {MAX_BLANKS} blanks in a row, more than any tour file holds"
                )));
            }
        }
    }

    pub(super) fn expect_byte(&mut self, byte: u8, what: &str) -> Result<(), CheckError> {
        if self.blank()? == Some(byte) {
            self.input.advance(1);
            Ok(())
        } else {
            Err(self.unexpected(what))
        }
    }

    /// A key and its colon.
    pub(super) fn key(&mut self) -> Result<Vec<u8>, CheckError> {
        self.expect_byte(b'"', "a key in double quotes")?;
        let key = self.string()?;
        self.expect_byte(b':', "':' after the key")?;
        Ok(key)
    }

    /// The rest of a string whose opening quote is consumed: its first [`KEPT`] bytes as
    /// written (escapes not decoded). A string of more than [`MAX_STRING`] bytes is refused,
    /// naming where it begins.
    pub(super) fn string(&mut self) -> Result<Vec<u8>, CheckError> {
        let mut kept = Vec::new();
        let start = (self.input.line(), self.input.column());
        let mut length = 0u64;
        loop {
            // At least an escape or a character ahead, unless the input ends.
            self.input.fill(8)?;
            let bytes = self.input.buffered();
            let Some(&byte) = bytes.first() else {
                return Err(self.unexpected("the end of the string ('\"')"));
            };
            let plain = bytes
                .iter()
                .position(|&byte| byte == b'"' || byte == b'\\' || !(0x20..0x80).contains(&byte))
                .unwrap_or(bytes.len());
            let size = match byte {
                _ if plain > 0 => plain,
                b'"' => {
                    self.input.advance(1);
                    return Ok(kept);
                }
                b'\\' => match bytes.get(1) {
                    Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => 2,
                    Some(b'u')
                        if bytes.len() >= 6 && bytes[2..6].iter().all(u8::is_ascii_hexdigit) =>
                    {
                        6
                    }
                    _ => return Err(self.unexpected("an escape such as \\n or \\u00e9")),
                },
                0x00..=0x1f => {
                    return Err(self.unexpected("text in a string (not a control character)"));
                }
                _ => match utf8_length(bytes) {
                    Some(length) => length,
                    None => {
                        return Err(self.error(format!(
                            "not text: a string holds bytes that are not UTF-8 ({})",
                            quoted_bytes(&bytes[..bytes.len().min(4)])
                        )));
                    }
                },
            };
            let room = KEPT.saturating_sub(kept.len()).min(size);
            kept.extend_from_slice(&bytes[..room]);
            length += size as u64;
            self.input.advance(size);
            if length > MAX_STRING {
                return Err(CheckError::Input(format!(
                    "line {}, column {}: a string of more than {MAX_STRING} bytes, more than any \
                     tour file holds: {}",
                    start.0,
                    start.1,
                    quoted_bytes(&kept)
                )));
            }
        }
    }

    /// `true` or `false`.
    pub(super) fn boolean(&mut self) -> Result<bool, CheckError> {
        match self.blank()? {
            Some(b't') => self.literal(b"true").map(|()| true),
            Some(b'f') => self.literal(b"false").map(|()| false),
            _ => Err(self.unexpected("true or false")),
        }
    }

    pub(super) fn literal(&mut self, word: &[u8]) -> Result<(), CheckError> {
        self.input.fill(word.len())?;
        if self.input.buffered().starts_with(word) {
            self.input.advance(word.len());
            Ok(())
        } else {
            let word = String::from_utf8_lossy(word).into_owned();
            Err(self.unexpected(&word))
        }
    }

    /// A whole number of digits (no sign, fraction or exponent), for `what`; at most
    /// [`MAX_DIGITS`] digits, leading zeros counted.
    pub(super) fn whole_number(&mut self, what: &str) -> Result<Whole, CheckError> {
        if !matches!(self.blank()?, Some(b'0'..=b'9')) {
            let what = format!("a whole number >= 0 for {}", what);
            return Err(self.unexpected(&what));
        }
        let at = self.at();
        let mut number = Whole::default();
        let mut count = 0u64;
        loop {
            if self.input.buffered().is_empty() {
                self.input.fill(1)?;
            }
            let bytes = self.input.buffered();
            // One digit past the most is enough to refuse the number.
            let room = (MAX_DIGITS + 1 - count) as usize;
            let digits = bytes
                .iter()
                .take(room)
                .take_while(|byte| byte.is_ascii_digit())
                .count();
            count += digits as u64;
            if count > MAX_DIGITS {
                return Err(too_many_digits(&at));
            }
            bytes[..digits].iter().for_each(|&digit| number.push(digit));
            let more = digits == bytes.len() && !bytes.is_empty();
            self.input.advance(digits);
            if !more {
                break;
            }
        }
        if let Some(b'.' | b'e' | b'E') = self.input.peek()? {
            let what = format!("a whole number >= 0 for {}", what);
            return Err(self.unexpected(&what));
        }
        Ok(number)
    }

    /// A side of the board, `what` (`'rows'` or `'cols'`), refused where it is written if it
    /// is larger than any board's.
    pub(super) fn side(&mut self, what: &str) -> Result<u64, CheckError> {
        self.blank()?;
        let at = self.at();
        let side = self.whole_number(what)?;
        if side.value > Board::MAX_SQUARES {
            return Err(CheckError::Input(format!(
                "{at}: {what} {side} is not a board size: a board has at most {} squares",
                Board::MAX_SQUARES
            )));
        }
        Ok(side.value)
    }

    /// `[r,c]`.
    pub(super) fn pair(&mut self) -> Result<(Whole, Whole), CheckError> {
        self.expect_byte(b'[', "a square [r,c]")?;
        let row = self.whole_number("the row")?;
        self.expect_byte(b',', "',' between row and column")?;
        let col = self.whole_number("the column")?;
        self.expect_byte(b']', "']' after the column")?;
        Ok((row, col))
    }

    /// Any JSON value, read and dropped, its syntax checked.
    pub(super) fn skip_value(&mut self) -> Result<(), CheckError> {
        let mut closers: Vec<u8> = Vec::new();
        let mut want_value = true;
        loop {
            if want_value {
                match self.blank()? {
                    Some(open @ (b'{' | b'[')) => {
                        if closers.len() == MAX_DEPTH {
                            return Err(self.error(format!("nested more than {MAX_DEPTH} deep")));
                        }
                        self.input.advance(1);
                        let close = if open == b'{' { b'}' } else { b']' };
                        if self.blank()? == Some(close) {
                            self.input.advance(1);
                            want_value = false;
                        } else {
                            closers.push(close);
                            if open == b'{' {
                                self.key()?;
                            }
                        }
                        continue;
                    }
                    Some(b'"') => {
                        self.input.advance(1);
                        self.string()?;
                    }
                    Some(b'-' | b'0'..=b'9') => self.skip_number()?,
                    Some(b't') => self.literal(b"true")?,
                    Some(b'f') => self.literal(b"false")?,
                    Some(b'n') => self.literal(b"null")?,
                    _ => return Err(self.unexpected("a JSON value")),
                }
                want_value = false;
            } else {
                let Some(&close) = closers.last() else {
                    return Ok(());
                };
                match self.blank()? {
                    Some(b',') => {
                        self.input.advance(1);
                        if close == b'}' {
                            self.key()?;
                        }
                        want_value = true;
                    }
                    Some(byte) if byte == close => {
                        self.input.advance(1);
                        closers.pop();
                    }
                    _ => {
                        let what = format!("',' or '{}'", char::from(close));
                        return Err(self.unexpected(&what));
                    }
                }
            }
        }
    }

    /// A number: a sign, digits, a fraction, an exponent; at most [`MAX_DIGITS`] digits.
    pub(super) fn skip_number(&mut self) -> Result<(), CheckError> {
        let at = self.at();
        let mut digits = 0;
        loop {
            match self.input.peek()? {
                Some(byte @ (b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')) => {
                    digits += u64::from(byte.is_ascii_digit());
                    if digits > MAX_DIGITS {
                        return Err(too_many_digits(&at));
                    }
                    self.input.advance(1);
                }
                _ if digits > 0 => return Ok(()),
                _ => return Err(self.unexpected("a digit")),
            }
        }
    }
}

/// A number written at `at` with more than [`MAX_DIGITS`] digits: not a tour file.
fn too_many_digits(at: &str) -> CheckError {
    CheckError::Input(format!(
        "{at}: a number of more than {MAX_DIGITS} digits (leading zeros count), more than any \
         tour file holds"
    ))
}

/// A whole number as written: its value, and its digits when it is beyond a `u64`.
#[derive(Default)]
pub(super) struct Whole {
    /// The value, or `u64::MAX` for a number beyond.
    pub(super) value: u64,
    /// The number as written (its first 21 digits, enough for [`number_text`]) once it is
    /// beyond a `u64`.
    pub(super) beyond: Option<String>,
}

impl Whole {
    /// Appends a digit (an ASCII byte).
    pub(super) fn push(&mut self, digit: u8) {
        if let Some(written) = &mut self.beyond {
            if written.len() <= 20 {
                written.push(char::from(digit));
            }
            return;
        }
        let value = self
            .value
            .checked_mul(10)
            .and_then(|value| value.checked_add(u64::from(digit - b'0')));
        match value {
            Some(value) => self.value = value,
            None => {
                let mut written = self.value.to_string();
                written.push(char::from(digit));
                self.beyond = Some(written);
                self.value = u64::MAX;
            }
        }
    }
}

impl fmt::Display for Whole {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.beyond {
            Some(written) => out.write_str(&number_text(written.as_bytes())),
            None => write!(out, "{}", self.value),
        }
    }
}

/// The length of the UTF-8 character at the start of `bytes` (at least four buffered, or the
/// end of the input), if it is one.
fn utf8_length(bytes: &[u8]) -> Option<usize> {
    let length = match bytes[0] {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return None,
    };
    let character = bytes.get(..length)?;
    std::str::from_utf8(character).ok().map(|_| length)
}
