//! Who may log in: the public keys of an OpenSSH `authorized_keys` file, parsed by `ssh-key`
//! (through russh). The file is read at start, where a missing, unreadable or keyless file
//! stops the server with a message, and read again when it changes, as `sshd` reads it at
//! every login, so that keys added or removed apply to the next login.
//!
//! Only a key's algorithm and data count, never its comment. Keys of algorithms the server
//! cannot check (RSA: russh is built without it; security keys) are skipped, with a warning. A line whose options this server
//! cannot honour (`from=`, `command=`, `expiry-time=`, `no-pty`, ...) is skipped rather than
//! read as an unrestricted key: the server never lets in a key that `sshd` would hold back.
//! Options that only forbid what the server refuses anyway (`restrict`, `no-port-forwarding`,
//! `no-agent-forwarding`, `no-x11-forwarding`, `no-user-rc`) are fine.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use russh::keys::ssh_key::authorized_keys::ConfigOpts;
use russh::keys::{Algorithm, PublicKey};

use knights_tour_engine::quote::quoted;

/// The largest file read: a few thousand keys.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// Options that restrict only what the server never allows.
const HARMLESS_OPTIONS: [&str; 5] = [
    "restrict",
    "no-port-forwarding",
    "no-agent-forwarding",
    "no-x11-forwarding",
    "no-user-rc",
];

/// The keys of an `authorized_keys` file, kept in step with the file.
#[derive(Debug)]
pub struct AuthorizedKeys {
    path: PathBuf,
    loaded: Mutex<Loaded>,
}

/// The keys read, and what the file looked like when they were.
#[derive(Debug, Clone)]
struct Loaded {
    keys: Vec<PublicKey>,
    stamp: Option<(SystemTime, u64)>,
}

/// The default file: `~/.ssh/authorized_keys`. `var` reads the environment.
pub(crate) fn default_path(var: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf, String> {
    match var("HOME").map(PathBuf::from) {
        Some(home) if home.is_absolute() => Ok(home.join(".ssh").join("authorized_keys")),
        _ => Err(
            "cannot find ~/.ssh/authorized_keys: HOME is not set; give a file with \
                  --authorized-keys PATH, or let anyone in with --open"
                .into(),
        ),
    }
}

impl AuthorizedKeys {
    /// Reads the file at `path`; an error names the file and what is wrong.
    pub fn load(path: &Path) -> Result<Self, String> {
        let loaded = read(path)?;
        if loaded.keys.is_empty() {
            return Err(format!(
                "{} holds no key this server can use (ssh-ed25519 or ecdsa-sha2-*), so nobody \
                 could log in; add one, or let anyone in with --open",
                shown(path)
            ));
        }
        Ok(Self {
            path: path.to_path_buf(),
            loaded: Mutex::new(loaded),
        })
    }

    /// Keys given directly, for the tests.
    #[cfg(test)]
    pub(crate) fn from_keys(keys: Vec<PublicKey>) -> Self {
        Self {
            path: PathBuf::new(),
            loaded: Mutex::new(Loaded { keys, stamp: None }),
        }
    }

    /// The file the keys come from (empty for keys given directly).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How many keys are let in now.
    pub fn len(&self) -> usize {
        self.lock().keys.len()
    }

    /// Whether no key is let in.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `key` may log in. The file is read again first if it changed; a file that can
    /// no longer be read leaves the keys read last (the log says so).
    pub fn allows(&self, key: &PublicKey) -> bool {
        self.refresh();
        self.lock()
            .keys
            .iter()
            .any(|known| known.key_data() == key.key_data())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Loaded> {
        self.loaded
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Reads the file again if its time or length changed.
    fn refresh(&self) {
        if self.path.as_os_str().is_empty() {
            return;
        }
        let now = stamp(&self.path);
        if now.is_some() && now == self.lock().stamp {
            return;
        }
        match read(&self.path) {
            Ok(loaded) => {
                tracing::info!(
                    path = %self.path.display(),
                    keys = loaded.keys.len(),
                    "read the authorized keys again"
                );
                *self.lock() = loaded;
            }
            Err(message) => tracing::warn!(
                error = %message,
                "kept the authorized keys read last"
            ),
        }
    }
}

/// The file's modification time and length, if it can be read.
fn stamp(path: &Path) -> Option<(SystemTime, u64)> {
    let metadata = fs::metadata(path).ok()?;
    Some((metadata.modified().ok()?, metadata.len()))
}

fn shown(path: &Path) -> String {
    quoted(&path.display().to_string()).to_string()
}

/// Reads and parses the file.
fn read(path: &Path) -> Result<Loaded, String> {
    let metadata = fs::metadata(path).map_err(|error| {
        format!(
            "cannot read the authorized keys {}: {error}; give a file with --authorized-keys \
             PATH, or let anyone in with --open",
            shown(path)
        )
    })?;
    if !metadata.is_file() {
        return Err(format!("the authorized keys {} is not a file", shown(path)));
    }
    if metadata.len() > MAX_FILE_BYTES {
        return Err(format!(
            "the authorized keys {} is larger than {} bytes",
            shown(path),
            MAX_FILE_BYTES
        ));
    }
    check_not_writable_by_others(&metadata, path)?;
    let text = fs::read_to_string(path)
        .map_err(|error| format!("cannot read the authorized keys {}: {error}", shown(path)))?;
    let (keys, skipped) = parse(&text);
    if skipped > 0 {
        tracing::warn!(
            path = %path.display(),
            skipped,
            "skipped authorized keys lines that are not keys this server can use, or whose \
             options it cannot honour"
        );
    }
    Ok(Loaded {
        keys,
        stamp: stamp(path),
    })
}

/// As `sshd`'s `StrictModes`: a file others may write could let them add their keys.
#[cfg(unix)]
fn check_not_writable_by_others(metadata: &fs::Metadata, path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let mode = metadata.permissions().mode() & 0o777;
    if mode & 0o022 != 0 {
        return Err(format!(
            "the authorized keys {} may be written by others (mode {mode:04o}): chmod go-w it",
            shown(path)
        ));
    }
    Ok(())
}

#[cfg(not(unix))]
fn check_not_writable_by_others(_metadata: &fs::Metadata, _path: &Path) -> Result<(), String> {
    Ok(())
}

/// The keys of an `authorized_keys` text, and how many lines were skipped (not a key, or with
/// an option the server cannot honour). Comments and blank lines are not counted.
pub fn parse(text: &str) -> (Vec<PublicKey>, usize) {
    let mut keys = Vec::new();
    let mut skipped = 0;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match parse_line(line).filter(usable) {
            Some(key) => keys.push(key),
            None => skipped += 1,
        }
    }
    (keys, skipped)
}

/// Whether the server can check a signature of `key`: Ed25519 and ECDSA (russh is built
/// without RSA, and does not take security keys).
fn usable(key: &PublicKey) -> bool {
    matches!(
        key.algorithm(),
        Algorithm::Ed25519 | Algorithm::Ecdsa { .. }
    )
}

/// The key of one line, if it is one and its options (if any) only forbid what the server
/// refuses anyway. (`ssh-key`'s own `Entry` parser takes a line of options and a key without a
/// comment for a key of an unknown algorithm, so the options are split off here.)
fn parse_line(line: &str) -> Option<PublicKey> {
    if let Ok(key) = PublicKey::from_openssh(line) {
        return Some(key);
    }
    let (options, key) = split_options(line)?;
    let options = ConfigOpts::new(options).ok()?;
    let harmless = options.iter().all(|option| {
        HARMLESS_OPTIONS
            .iter()
            .any(|harmless| option.eq_ignore_ascii_case(harmless))
    });
    harmless
        .then(|| PublicKey::from_openssh(key.trim_start()).ok())
        .flatten()
}

/// The options and the rest of a line: they end at the first space outside double quotes.
fn split_options(line: &str) -> Option<(&str, &str)> {
    let mut quoted = false;
    for (index, byte) in line.bytes().enumerate() {
        match byte {
            b'"' => quoted = !quoted,
            b' ' | b'\t' if !quoted => return Some((&line[..index], &line[index + 1..])),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const ED: &str =
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE52ZKPMa+hc7PYVcIrOVQ/Bt7S4GbUHXmrVFnJKqd7g";

    #[test]
    fn keys_are_read_and_restricted_lines_skipped() {
        let text = format!(
            "# a comment\n\n{ED} alice@laptop\nrestrict,no-port-forwarding {ED}\n\
             no-agent-forwarding {ED} bob with spaces\nfrom=\"10.0.0.1\" {ED}\n\
             command=\"ls -l\" {ED} c\nno-pty {ED}\nnot a key\n"
        );
        let (keys, skipped) = parse(&text);
        assert_eq!(keys.len(), 3);
        assert_eq!(skipped, 4);
    }

    #[test]
    fn rsa_keys_are_skipped() {
        let rsa = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC0gNXdjmbk37cn1vqvrSskr/xSoLsI0ldMM2dVtD70SEfs44ZWtrIsNS5dJu+PyDsLSu3UWh5ik6ps7q6XZiu2wG2I8zQWm2h8bigQS3WAwTUKBRnwKw39+ZXwY3YcepfUWYFmTlHMOBfsOxBgBNtURQwqxQ21RfY7UruyhntA/d3Y/gLkhmMqAxKoIywSNis+Qi1hR6urZqZqYGqPi3l6lvVdAMK1h/EcNcO9Jq36WkJ2NJ84ioGLybrffWgR65lbTi5LZsjghqqwq++g/Itra5dlkdLR0XVRuCugI/qPKDOBRMHcCiZ1Ztwzr0SCtOqPpro2MWWyE+2VOrytL6tx rsa";
        assert!(parse_line(rsa).is_some(), "an RSA key is read");
        let (keys, skipped) = parse(&format!("{rsa}\n{ED}\n"));
        assert_eq!((keys.len(), skipped), (1, 1), "but not used");
    }

    #[test]
    fn a_key_is_known_by_its_data_not_its_comment() {
        let (keys, _) = parse(&format!("{ED} someone"));
        let mut other = keys[0].clone();
        other.set_comment("someone else");
        assert!(AuthorizedKeys::from_keys(keys).allows(&other));
    }
}
