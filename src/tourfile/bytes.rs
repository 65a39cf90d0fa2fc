//! The bytes of a tour file, read in large blocks into one fixed buffer and handed out as
//! slices: nothing grows with the input. Keeps the line number and the column of the next
//! byte for messages, and goes back to an earlier byte when its [`Source`] can be read again
//! (a list without a size is read twice: once for its board, once to check it).

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};

/// Where the bytes come from: a source read once (standard input, a pipe), or one that can be
/// read again from an earlier byte (a regular file).
pub(super) trait Source: Read {
    /// Whether [`Source::seek_to`] can go back.
    fn rereadable(&self) -> bool;

    /// Goes back to byte `offset`, counted from where reading began (only when
    /// [`Source::rereadable`]).
    fn seek_to(&mut self, offset: u64) -> io::Result<()>;
}

/// A source read once.
pub(super) struct Once<R>(pub(super) R);

impl<R: Read> Read for Once<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        self.0.read(buffer)
    }
}

impl<R: Read> Source for Once<R> {
    fn rereadable(&self) -> bool {
        false
    }

    fn seek_to(&mut self, _offset: u64) -> io::Result<()> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "this input is read once",
        ))
    }
}

/// A regular file, read from where it stood when it was handed over.
pub(super) struct Rereadable {
    file: File,
    origin: u64,
}

impl Rereadable {
    pub(super) fn new(mut file: File) -> io::Result<Self> {
        let origin = file.stream_position()?;
        Ok(Self { file, origin })
    }
}

impl Read for Rereadable {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        self.file.read(buffer)
    }
}

impl Source for Rereadable {
    fn rereadable(&self) -> bool {
        true
    }

    fn seek_to(&mut self, offset: u64) -> io::Result<()> {
        self.file.seek(SeekFrom::Start(self.origin + offset))?;
        Ok(())
    }
}

/// A place in the input to come back to ([`LineReader::mark`], [`LineReader::rewind`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Mark {
    offset: u64,
    line: u64,
    line_start: u64,
}

/// The buffer: large reads for speed, fixed so that memory does not depend on the input.
const BUFFER: usize = 1 << 18;

/// What [`LineReader::line_upto`] found.
pub(super) enum Line<'a> {
    /// A line, without its line break.
    Text(&'a [u8]),
    /// The end of the input.
    End,
    /// A line longer than asked for.
    TooLong,
}

/// A reader of bytes with line numbers.
pub(super) struct LineReader<R> {
    reader: R,
    buffer: Box<[u8]>,
    /// The next byte to hand out.
    pos: usize,
    /// The end of the bytes read.
    end: usize,
    eof: bool,
    /// The line number of the byte at `pos`, 1-based.
    line: u64,
    /// Bytes dropped from the front of the buffer so far.
    dropped: u64,
    /// Where the line of `pos` begins, counted from the start of the input.
    line_start: u64,
}

/// The longest line a caller may ask for whole.
pub(super) const MAX_LINE: usize = BUFFER / 2;

impl<R: Read> LineReader<R> {
    pub(super) fn new(reader: R) -> Self {
        Self {
            reader,
            buffer: vec![0; BUFFER].into_boxed_slice(),
            pos: 0,
            end: 0,
            eof: false,
            line: 1,
            dropped: 0,
            line_start: 0,
        }
    }

    /// The bytes read and not yet consumed.
    #[inline(always)]
    pub(super) fn buffered(&self) -> &[u8] {
        &self.buffer[self.pos..self.end]
    }

    /// Reads until at least `want` bytes (at most half the buffer) are buffered or the input
    /// ends.
    pub(super) fn fill(&mut self, want: usize) -> io::Result<()> {
        debug_assert!(want <= MAX_LINE + 1);
        while self.end - self.pos < want && !self.eof {
            if self.buffer.len() - self.pos < want {
                self.buffer.copy_within(self.pos..self.end, 0);
                self.dropped += self.pos as u64;
                self.end -= self.pos;
                self.pos = 0;
            }
            match self.reader.read(&mut self.buffer[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(read) => self.end += read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
        Ok(())
    }

    /// The next byte without consuming it; `None` at the end.
    #[inline]
    pub(super) fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.pos == self.end {
            self.fill(1)?;
        }
        Ok(self.buffer[self.pos..self.end].first().copied())
    }

    /// Consumes `count` buffered bytes that hold no line break.
    #[inline(always)]
    pub(super) fn advance(&mut self, count: usize) {
        debug_assert!(self.pos + count <= self.end);
        self.pos += count;
    }

    /// Consumes `count` buffered bytes that end with the `lines`th line break among them.
    #[inline(always)]
    pub(super) fn advance_lines(&mut self, count: usize, lines: u64) {
        self.pos += count;
        if lines > 0 {
            self.line += lines;
            self.line_start = self.offset();
        }
    }

    /// Consumes one line break, the next byte.
    pub(super) fn newline(&mut self) {
        self.advance_lines(1, 1);
    }

    /// The line number of the next byte.
    pub(super) fn line(&self) -> u64 {
        self.line
    }

    /// The column of the next byte in its line, 1-based, in bytes.
    pub(super) fn column(&self) -> u64 {
        self.offset() - self.line_start + 1
    }

    fn offset(&self) -> u64 {
        self.dropped + self.pos as u64
    }

    /// The place of the next byte, to come back to.
    pub(super) fn mark(&self) -> Mark {
        Mark {
            offset: self.offset(),
            line: self.line,
            line_start: self.line_start,
        }
    }

    /// The next line, consumed, if it has at most `max` bytes; otherwise it stays unread (its
    /// first `max` bytes buffered).
    pub(super) fn line_upto(&mut self, max: usize) -> io::Result<Line<'_>> {
        debug_assert!(max <= MAX_LINE);
        loop {
            let available = self.buffered();
            let window = &available[..available.len().min(max + 1)];
            if let Some(at) = window.iter().position(|&byte| byte == b'\n') {
                let start = self.pos;
                self.advance_lines(at + 1, 1);
                return Ok(Line::Text(&self.buffer[start..start + at]));
            }
            if available.len() > max {
                return Ok(Line::TooLong);
            }
            if self.eof {
                if available.is_empty() {
                    return Ok(Line::End);
                }
                let (start, end) = (self.pos, self.end);
                self.pos = end;
                return Ok(Line::Text(&self.buffer[start..end]));
            }
            let want = available.len() + 1;
            self.fill(want)?;
        }
    }
}

impl<S: Source> LineReader<S> {
    /// Whether the input can be read again from a [`Mark`].
    pub(super) fn rereadable(&self) -> bool {
        self.reader.rereadable()
    }

    /// Goes back to `mark`: the bytes from there are read again.
    pub(super) fn rewind(&mut self, mark: Mark) -> io::Result<()> {
        self.reader.seek_to(mark.offset)?;
        (self.pos, self.end, self.eof) = (0, 0, false);
        self.dropped = mark.offset;
        self.line = mark.line;
        self.line_start = mark.line_start;
        Ok(())
    }
}

/// A number of one to nine digits at `start`, and where it ends.
#[inline(always)]
pub(super) fn short_number(bytes: &[u8], start: usize) -> Option<(u64, usize)> {
    let mut value = 0;
    let mut at = start;
    while let Some(&digit) = bytes.get(at).filter(|byte| byte.is_ascii_digit()) {
        if at - start == 9 {
            return None;
        }
        value = value * 10 + u64::from(digit - b'0');
        at += 1;
    }
    (at > start).then_some((value, at))
}
