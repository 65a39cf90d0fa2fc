//! The connections of a cluster count once they are open: every byte timely sends travels in
//! a frame sealed under a key only the holders of the cluster's key can derive, so that a
//! stranger on the path can neither read a count's states nor change, drop, repeat or reorder
//! them unseen.
//!
//! A frame is its payload's length (4 bytes, little-endian), the payload (1 to [`MAX_FRAME`]
//! bytes) encrypted with AES-256-GCM under the sending end's frame key (`key`), and GCM's tag
//! of the length and the encrypted payload. The nonce is the frame's number in its direction
//! (8 bytes, after 4 zero bytes), which each key uses once. The number is not sent: both ends
//! count, so a frame dropped, repeated or moved fails the check of the next. A payload is
//! handed to timely only once its whole frame has passed; a frame that fails ends the
//! connection with [`TAMPERED`], which the watch (`watch`) turns into exit status 4 naming the
//! peer, never a count. AES-GCM, with the processor's AES instructions, seals about five times
//! as fast as HMAC-SHA256 checked these frames before (6.6 against 1.35 GB/s here).
//!
//! [`Sealed`] is timely's `Stream`: timely clones it once and sends on one handle and reads
//! on the other, so each handle counts the frames of the one direction it uses.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};

use ring::aead::{Aad, LessSafeKey, NONCE_LEN, Nonce};
use timely::communication::allocator::zero_copy::stream::Stream;

/// The largest payload of a frame: timely writes through a buffer of 64 KiB, and a larger
/// write is cut into frames of this size.
pub(super) const MAX_FRAME: usize = 1 << 18;

/// The bytes of a frame's tag.
const TAG: usize = 16;

/// What a connection says when a frame fails its check.
pub(super) const TAMPERED: &str = "a frame failed its check: changed on the way, or not sent by \
                                   a holder of the cluster's key";

/// A connection of a cluster count whose frames are checked.
pub(super) struct Sealed {
    socket: TcpStream,
    /// Seals the frames this end sends.
    send_key: LessSafeKey,
    /// Opens the frames the other end sends.
    receive_key: LessSafeKey,
    /// The number of the next frame sent.
    sent: u64,
    /// The number of the next frame received.
    received: u64,
    /// A frame being sent: its length, sealed payload and tag.
    outgoing: Vec<u8>,
    /// The last frame's payload received, opened, and how much of it timely has read.
    incoming: Vec<u8>,
    read_to: usize,
}

/// The nonce of frame `number`: 4 zero bytes and the number.
fn nonce(number: u64) -> Nonce {
    let mut nonce = [0u8; NONCE_LEN];
    nonce[4..].copy_from_slice(&number.to_le_bytes());
    Nonce::assume_unique_for_key(nonce)
}

impl Sealed {
    /// `socket`, its frames sealed with `send_key` and opened with `receive_key`.
    pub(super) fn new(socket: TcpStream, send_key: LessSafeKey, receive_key: LessSafeKey) -> Self {
        Self {
            socket,
            send_key,
            receive_key,
            sent: 0,
            received: 0,
            outgoing: Vec::new(),
            incoming: Vec::new(),
            read_to: 0,
        }
    }

    /// The socket underneath.
    pub(super) fn socket(&self) -> &TcpStream {
        &self.socket
    }

    /// Reads the next frame and checks it: `false` if the connection ended between frames.
    fn next_frame(&mut self) -> io::Result<bool> {
        let mut length = [0u8; 4];
        if !read_or_end(&mut self.socket, &mut length)? {
            return Ok(false);
        }
        let payload = u32::from_le_bytes(length) as usize;
        if payload == 0 || payload > MAX_FRAME {
            return Err(io::Error::new(io::ErrorKind::InvalidData, TAMPERED));
        }
        self.incoming.clear();
        self.incoming.resize(payload + TAG, 0);
        self.socket
            .read_exact(&mut self.incoming)
            .map_err(inside_a_frame)?;
        let opened = self.receive_key.open_in_place(
            nonce(self.received),
            Aad::from(length),
            &mut self.incoming,
        );
        if opened.is_err() {
            return Err(io::Error::new(io::ErrorKind::InvalidData, TAMPERED));
        }
        self.incoming.truncate(payload);
        self.read_to = 0;
        self.received += 1;
        Ok(true)
    }
}

/// Fills `buffer` from `socket`: `false` if the connection ended before its first byte, an
/// error if it ended inside it.
fn read_or_end(socket: &mut TcpStream, buffer: &mut [u8]) -> io::Result<bool> {
    let mut filled = 0;
    while filled < buffer.len() {
        match socket.read(&mut buffer[filled..]) {
            Ok(0) if filled == 0 => return Ok(false),
            Ok(0) => return Err(inside_a_frame(io::ErrorKind::UnexpectedEof.into())),
            Ok(read) => filled += read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(true)
}

/// A connection that ended inside a frame says so; any other error is as it was.
fn inside_a_frame(error: io::Error) -> io::Error {
    if error.kind() == io::ErrorKind::UnexpectedEof {
        io::Error::new(
            io::ErrorKind::UnexpectedEof,
            "the connection closed inside a frame",
        )
    } else {
        error
    }
}

impl Read for Sealed {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if buffer.is_empty() {
            return Ok(0);
        }
        if self.read_to == self.incoming.len() && !self.next_frame()? {
            return Ok(0);
        }
        let available = &self.incoming[self.read_to..];
        let taken = available.len().min(buffer.len());
        buffer[..taken].copy_from_slice(&available[..taken]);
        self.read_to += taken;
        Ok(taken)
    }
}

impl Write for Sealed {
    fn write(&mut self, buffer: &[u8]) -> io::Result<usize> {
        if buffer.is_empty() {
            return Ok(0);
        }
        let payload = &buffer[..buffer.len().min(MAX_FRAME)];
        let length = (payload.len() as u32).to_le_bytes();
        self.outgoing.clear();
        self.outgoing.extend_from_slice(&length);
        self.outgoing.extend_from_slice(payload);
        // The frame's number is counted, not sent: it is the nonce.
        let tag = self
            .send_key
            .seal_in_place_separate_tag(
                nonce(self.sent),
                Aad::from(length),
                &mut self.outgoing[4..],
            )
            .map_err(|_| io::Error::other("a frame could not be sealed"))?;
        self.outgoing.extend_from_slice(tag.as_ref());
        self.socket.write_all(&self.outgoing)?;
        self.sent += 1;
        Ok(payload.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.socket.flush()
    }
}

impl Stream for Sealed {
    fn try_clone(&self) -> io::Result<Self> {
        Ok(Self {
            socket: self.socket.try_clone()?,
            send_key: self.send_key.clone(),
            receive_key: self.receive_key.clone(),
            sent: self.sent,
            received: self.received,
            outgoing: Vec::new(),
            incoming: Vec::new(),
            read_to: 0,
        })
    }

    fn set_nonblocking(&self, nonblocking: bool) -> io::Result<()> {
        self.socket.set_nonblocking(nonblocking)
    }

    fn shutdown(&self, how: Shutdown) -> io::Result<()> {
        self.socket.shutdown(how)
    }
}

#[cfg(test)]
mod tests {
    use std::net::TcpListener;

    use ring::aead::{AES_256_GCM, UnboundKey};

    use super::*;

    fn key(byte: u8) -> LessSafeKey {
        LessSafeKey::new(UnboundKey::new(&AES_256_GCM, &[byte; 32]).unwrap())
    }

    /// A connection on 127.0.0.1: a plain socket at one end, to write anything, and a sealed
    /// end at the other that takes frames signed with `key(1)`.
    fn raw_to_sealed() -> (TcpStream, Sealed) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let raw = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (accepted, _) = listener.accept().unwrap();
        (raw, Sealed::new(accepted, key(2), key(1)))
    }

    /// Frame number `number` of `payload`, as sent, sealed with `key`.
    fn frame(key: &LessSafeKey, number: u64, payload: &[u8]) -> Vec<u8> {
        let length = (payload.len() as u32).to_le_bytes();
        let mut frame = length.to_vec();
        frame.extend_from_slice(payload);
        let tag = key
            .seal_in_place_separate_tag(nonce(number), Aad::from(length), &mut frame[4..])
            .unwrap();
        frame.extend_from_slice(tag.as_ref());
        frame
    }

    #[test]
    fn what_is_written_is_read_in_order_across_frames() {
        let (raw, mut reader) = raw_to_sealed();
        let mut writer = Sealed::new(raw, key(1), key(2));
        let big: Vec<u8> = (0..MAX_FRAME * 2 + 17).map(|at| (at % 251) as u8).collect();
        let sent = big.clone();
        let writing = std::thread::spawn(move || {
            writer.write_all(b"first").unwrap();
            writer.write_all(&sent).unwrap();
            writer.flush().unwrap();
        });
        let mut read = vec![0u8; 5 + big.len()];
        reader.read_exact(&mut read).unwrap();
        writing.join().unwrap();
        assert_eq!(&read[..5], b"first");
        assert_eq!(&read[5..], &big[..]);
        // The writer is gone: the connection ends between frames.
        assert_eq!(reader.read(&mut [0u8; 8]).unwrap(), 0);
    }

    #[test]
    fn what_crosses_the_wire_is_not_the_payload() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let socket = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (mut raw, _) = listener.accept().unwrap();
        let mut writer = Sealed::new(socket, key(1), key(2));
        let payload = b"the states of a count, which a stranger must not read";
        writer.write_all(payload).unwrap();
        let mut crossed = vec![0u8; 4 + payload.len() + TAG];
        raw.read_exact(&mut crossed).unwrap();
        assert_eq!(crossed, frame(&key(1), 0, payload));
        assert!(
            !crossed
                .windows(10)
                .any(|window| payload.windows(10).any(|p| p == window))
        );
    }

    #[test]
    fn a_genuine_frame_is_read() {
        let (mut raw, mut reader) = raw_to_sealed();
        raw.write_all(&frame(&key(1), 0, b"abc")).unwrap();
        let mut read = [0u8; 3];
        reader.read_exact(&mut read).unwrap();
        assert_eq!(&read, b"abc");
    }

    #[test]
    fn a_changed_byte_fails_the_check() {
        let (mut raw, mut reader) = raw_to_sealed();
        let mut changed = frame(&key(1), 0, b"abc");
        changed[4] = b'x';
        raw.write_all(&changed).unwrap();
        assert_eq!(
            reader.read(&mut [0u8; 8]).unwrap_err().to_string(),
            TAMPERED
        );
    }

    #[test]
    fn a_repeated_or_skipped_frame_fails_the_check() {
        for second in [0, 2] {
            let (mut raw, mut reader) = raw_to_sealed();
            raw.write_all(&frame(&key(1), 0, b"abc")).unwrap();
            raw.write_all(&frame(&key(1), second, b"abc")).unwrap();
            reader.read_exact(&mut [0u8; 3]).unwrap();
            let error = reader.read(&mut [0u8; 8]).unwrap_err();
            assert_eq!(error.to_string(), TAMPERED, "frame {second} after frame 0");
        }
    }

    #[test]
    fn a_frame_under_another_key_fails_the_check() {
        let (mut raw, mut reader) = raw_to_sealed();
        // Signed with the reader's own sending key, as a reflected frame would be.
        raw.write_all(&frame(&key(2), 0, b"abc")).unwrap();
        assert_eq!(
            reader.read(&mut [0u8; 8]).unwrap_err().to_string(),
            TAMPERED
        );
    }

    #[test]
    fn a_frame_of_no_size_or_past_the_largest_is_refused_unread() {
        for length in [0, MAX_FRAME as u32 + 1, u32::MAX] {
            let (mut raw, mut reader) = raw_to_sealed();
            raw.write_all(&length.to_le_bytes()).unwrap();
            let error = reader.read(&mut [0u8; 8]).unwrap_err();
            assert_eq!(error.to_string(), TAMPERED, "a length of {length}");
            assert!(reader.incoming.capacity() < 1024, "a length of {length}");
        }
    }

    #[test]
    fn a_connection_that_ends_inside_a_frame_says_so() {
        let (mut raw, mut reader) = raw_to_sealed();
        raw.write_all(&frame(&key(1), 0, b"abc")[..6]).unwrap();
        drop(raw);
        let error = reader.read(&mut [0u8; 8]).unwrap_err();
        assert!(error.to_string().contains("inside a frame"), "{error}");
    }
}
