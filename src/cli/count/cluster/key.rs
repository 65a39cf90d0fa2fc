//! The secret the processes of a cluster count share, and what is derived from it.
//!
//! Every process reads the same key, from the file `--cluster-key` names or from the variable
//! `KNIGHTS_TOUR_CLUSTER_KEY`, at least [`MIN_KEY_BYTES`] bytes. Nothing derived from it is
//! ever reused: each connection's proofs and frame keys are HMAC-SHA256 of the key over the
//! two hellos of that connection, which carry a fresh random nonce from each end
//! (`handshake`). So a stranger who reads every byte of a run learns nothing it can replay in
//! another, and one who changes a byte is caught (`sealed`).

use std::fs;
use std::io::Read;
use std::path::Path;

use ring::rand::{SecureRandom, SystemRandom};
use ring::{aead, hmac};

use crate::cli::Failure;
use knights_tour_engine::quote::quoted_bytes;

/// The variable a key may come from.
pub(super) const KEY_VARIABLE: &str = "KNIGHTS_TOUR_CLUSTER_KEY";

/// The fewest bytes a key may have.
pub(super) const MIN_KEY_BYTES: usize = 16;

/// The most bytes of a key file read: a key is short, and a large file is no key.
const MAX_KEY_BYTES: usize = 4096;

/// How to make a key, for the messages that ask for one.
const MAKE_ONE: &str = "make one with `(umask 077; head -c 32 /dev/urandom | base64 > \
                        cluster.key)` and give every process the same (deploy/README.md)";

/// The bytes of a random nonce.
pub(super) const NONCE_BYTES: usize = 32;

/// Which end of a connection a proof or a frame key is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum End {
    /// The process that dialled (the later one of the hostfile).
    Dialler,
    /// The process that accepted.
    Acceptor,
}

impl End {
    fn label(self) -> &'static [u8] {
        match self {
            End::Dialler => b"dialler",
            End::Acceptor => b"acceptor",
        }
    }
}

/// The cluster's shared secret, as an HMAC-SHA256 key.
pub(super) struct ClusterKey {
    key: hmac::Key,
}

impl ClusterKey {
    /// The key from `file`, else from [`KEY_VARIABLE`]; a missing, short or unreadable key is
    /// bad usage, said with how to make one.
    pub(super) fn find(file: Option<&Path>) -> Result<Self, Failure> {
        match file {
            Some(path) => Self::read(path),
            None => match std::env::var_os(KEY_VARIABLE) {
                Some(value) => Self::from_secret(value.as_encoded_bytes(), KEY_VARIABLE),
                None => Err(Failure::bad_input(format!(
                    "a cluster count needs a key its processes share: give --cluster-key FILE \
                     or set {KEY_VARIABLE} (at least {MIN_KEY_BYTES} bytes); {MAKE_ONE}"
                ))),
            },
        }
    }

    /// The key in the file at `path`: a regular file, not readable or writable by every user
    /// of the host, its text with the surrounding white space (a final newline) taken off.
    fn read(path: &Path) -> Result<Self, Failure> {
        let name = quoted_bytes(path.as_os_str().as_encoded_bytes());
        let cannot = |error: std::io::Error| {
            Failure::bad_input(format!("cannot read --cluster-key {name}: {error}"))
        };
        let metadata = fs::metadata(path).map_err(cannot)?;
        if !metadata.is_file() {
            return Err(Failure::bad_input(format!(
                "--cluster-key {name} is not a regular file: give a file that holds the key"
            )));
        }
        if others_may_use(&metadata) {
            return Err(Failure::bad_input(format!(
                "--cluster-key {name} can be read or written by every user of this host: \
                 `chmod 600` it (or 400)"
            )));
        }
        let mut bytes = Vec::new();
        fs::File::open(path)
            .and_then(|file| file.take(MAX_KEY_BYTES as u64 + 1).read_to_end(&mut bytes))
            .map_err(cannot)?;
        if bytes.len() > MAX_KEY_BYTES {
            return Err(Failure::bad_input(format!(
                "--cluster-key {name} has more than {MAX_KEY_BYTES} bytes: a key is short; \
                 {MAKE_ONE}"
            )));
        }
        Self::from_secret(&bytes, &format!("--cluster-key {name}"))
    }

    /// The key of `secret` (from `source`, as messages name it), trimmed of white space.
    fn from_secret(secret: &[u8], source: &str) -> Result<Self, Failure> {
        let secret = secret.trim_ascii();
        if secret.len() < MIN_KEY_BYTES {
            return Err(Failure::bad_input(format!(
                "{source} holds {} bytes, fewer than a key's {MIN_KEY_BYTES}; {MAKE_ONE}",
                secret.len()
            )));
        }
        Ok(Self::from_bytes(secret))
    }

    /// The key of exactly `secret`.
    pub(super) fn from_bytes(secret: &[u8]) -> Self {
        Self {
            key: hmac::Key::new(hmac::HMAC_SHA256, secret),
        }
    }

    /// What `end` of a connection sends to prove it holds the key: a MAC of the connection's
    /// `transcript` (both hellos, each with its nonce).
    pub(super) fn proof(&self, end: End, transcript: &[u8]) -> hmac::Tag {
        self.derive(b"proof", end, transcript)
    }

    /// Whether `proof` is what `end` of the connection of `transcript` sends, compared in
    /// constant time.
    pub(super) fn proves(&self, end: End, transcript: &[u8], proof: &[u8]) -> bool {
        hmac::verify(&self.key, &labelled(b"proof", end, transcript), proof).is_ok()
    }

    /// The AES-256-GCM key that seals the frames `end` sends on the connection of
    /// `transcript`.
    pub(super) fn frame_key(&self, end: End, transcript: &[u8]) -> aead::LessSafeKey {
        let derived = self.derive(b"frames", end, transcript);
        let key = aead::UnboundKey::new(&aead::AES_256_GCM, derived.as_ref())
            .expect("HMAC-SHA256's 32 bytes are an AES-256 key");
        aead::LessSafeKey::new(key)
    }

    /// The key that seals this cluster's checkpoints (`saved`): a checkpoint sealed under
    /// another key is refused.
    pub(super) fn checkpoint_key(&self) -> hmac::Key {
        // No label of `labelled` ends after its purpose, so this signs bytes none of them do.
        let derived = hmac::sign(&self.key, b"knights-tour-cluster/2\0checkpoints\0");
        hmac::Key::new(hmac::HMAC_SHA256, derived.as_ref())
    }

    fn derive(&self, purpose: &[u8], end: End, transcript: &[u8]) -> hmac::Tag {
        hmac::sign(&self.key, &labelled(purpose, end, transcript))
    }
}

/// What a derivation signs: what it is for, then the transcript, each label ended by a zero
/// byte (no label holds one), so that no two derivations sign the same bytes.
fn labelled(purpose: &[u8], end: End, transcript: &[u8]) -> Vec<u8> {
    [
        &b"knights-tour-cluster/2\0"[..],
        purpose,
        b"\0",
        end.label(),
        b"\0",
        transcript,
    ]
    .concat()
}

/// A fresh random nonce from the operating system.
pub(super) fn nonce() -> Result<[u8; NONCE_BYTES], Failure> {
    let mut nonce = [0u8; NONCE_BYTES];
    SystemRandom::new().fill(&mut nonce).map_err(|_| {
        Failure::bad_input("the operating system gave no random bytes for the cluster's nonces")
    })?;
    Ok(nonce)
}

/// Whether users other than the owner (and the group) may read or write the file.
#[cfg(unix)]
fn others_may_use(metadata: &fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    metadata.permissions().mode() & 0o006 != 0
}

#[cfg(not(unix))]
fn others_may_use(_: &fs::Metadata) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_end_and_each_purpose_derive_their_own_bytes() {
        let key = ClusterKey::from_bytes(b"0123456789abcdef");
        let transcript = b"hello one\nhello two\n";
        let dialler = key.proof(End::Dialler, transcript);
        let acceptor = key.proof(End::Acceptor, transcript);
        assert_ne!(dialler.as_ref(), acceptor.as_ref());
        assert!(key.proves(End::Dialler, transcript, dialler.as_ref()));
        assert!(!key.proves(End::Acceptor, transcript, dialler.as_ref()));
        assert!(!key.proves(End::Dialler, b"hello one\nhello 2\n", dialler.as_ref()));
        let other = ClusterKey::from_bytes(b"0123456789abcdeF");
        assert!(!other.proves(End::Dialler, transcript, dialler.as_ref()));
        let seal = |end: End| {
            let mut frame = *b"frame";
            let nonce = aead::Nonce::assume_unique_for_key([0; aead::NONCE_LEN]);
            let tag = key
                .frame_key(end, transcript)
                .seal_in_place_separate_tag(nonce, aead::Aad::empty(), &mut frame)
                .unwrap();
            (frame, tag.as_ref().to_vec())
        };
        assert_ne!(seal(End::Dialler), seal(End::Acceptor));
    }

    #[test]
    fn a_short_key_is_refused_saying_how_to_make_one() {
        let error = ClusterKey::from_secret(b"  short \n", "the test")
            .err()
            .unwrap();
        let message = error.message;
        assert!(message.contains("5 bytes"), "{message}");
        assert!(message.contains("/dev/urandom"), "{message}");
        assert!(ClusterKey::from_secret(b"0123456789abcdef\n", "the test").is_ok());
    }

    #[test]
    fn nonces_differ() {
        assert_ne!(nonce().unwrap(), nonce().unwrap());
    }
}
