//! The server's host key: Ed25519, in OpenSSH's private key format, created on the first start
//! and read again on every later one, so that clients see the same fingerprint and their
//! `known_hosts` stays valid. As `sshd` does, a key file that the group or others may read (or
//! write) is refused rather than used: a host key others can read lets them pose as the server.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use russh::keys::ssh_key::LineEnding;
use russh::keys::{Algorithm, HashAlg, PrivateKey, PublicKey};

use knights_tour_engine::quote::quoted;

/// The key's file name under the data directory.
const FILE_NAME: &str = "host_ed25519";

/// The host key's default place: `$XDG_DATA_HOME/knights-tour/host_ed25519`, or
/// `~/.local/share/knights-tour/host_ed25519` when `XDG_DATA_HOME` is unset or not absolute
/// (as the XDG base directory specification says). `var` reads the environment.
pub(crate) fn default_path(var: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf, String> {
    let data = var("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|path| path.is_absolute());
    let data = match data {
        Some(data) => data,
        None => match var("HOME").map(PathBuf::from) {
            Some(home) if home.is_absolute() => home.join(".local").join("share"),
            _ => {
                return Err("cannot find a place for the host key: HOME is not set; \
                            give one with --host-key PATH"
                    .into());
            }
        },
    };
    Ok(data.join("knights-tour").join(FILE_NAME))
}

/// The key at `path`, and whether it was created now. A missing key is created (its folders
/// too, private to the user) with mode 0600; an existing one must be private to its owner and
/// not encrypted.
pub(crate) fn load_or_create(path: &Path) -> Result<(PrivateKey, bool), String> {
    let shown = quoted(&path.display().to_string()).to_string();
    match fs::symlink_metadata(path) {
        Ok(_) => load(path, &shown).map(|key| (key, false)),
        Err(error) if error.kind() == io::ErrorKind::NotFound => match create(path) {
            Ok(key) => Ok((key, true)),
            // Another server created it in between: use that one.
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
                load(path, &shown).map(|key| (key, false))
            }
            Err(error) => Err(format!("cannot create the host key {shown}: {error}")),
        },
        Err(error) => Err(format!("cannot read the host key {shown}: {error}")),
    }
}

/// The key's SHA-256 fingerprint as OpenSSH shows it: `SHA256:` and 43 base64 characters.
pub fn fingerprint(key: &PublicKey) -> String {
    key.fingerprint(HashAlg::Sha256).to_string()
}

/// Reads the key at `path` after checking who may read it.
fn load(path: &Path, shown: &str) -> Result<PrivateKey, String> {
    let metadata =
        fs::metadata(path).map_err(|error| format!("cannot read the host key {shown}: {error}"))?;
    if !metadata.is_file() {
        return Err(format!("the host key {shown} is not a file"));
    }
    check_private(&metadata, shown)?;
    let text = fs::read_to_string(path)
        .map_err(|error| format!("cannot read the host key {shown}: {error}"))?;
    let key = PrivateKey::from_openssh(text.as_bytes())
        .map_err(|error| format!("the host key {shown} is not an OpenSSH private key ({error})"))?;
    if key.is_encrypted() {
        return Err(format!(
            "the host key {shown} is encrypted: the server needs it without a passphrase"
        ));
    }
    Ok(key)
}

/// Refuses a key file that anyone but its owner may read or write.
#[cfg(unix)]
fn check_private(metadata: &fs::Metadata, shown: &str) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let mode = metadata.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
        return Err(format!(
            "the host key {shown} may be read by others (mode {mode:04o}): a host key must be \
             private; chmod 600 it, or delete it to have a new one made"
        ));
    }
    Ok(())
}

#[cfg(not(unix))]
fn check_private(_metadata: &fs::Metadata, _shown: &str) -> Result<(), String> {
    Ok(())
}

/// Makes a new Ed25519 key and writes it to `path`, which must not exist, with mode 0600.
fn create(path: &Path) -> io::Result<PrivateKey> {
    let mut key = PrivateKey::random(&mut russh::keys::key::safe_rng(), Algorithm::Ed25519)
        .map_err(io::Error::other)?;
    key.set_comment("knights-tour host key");
    let text = key.to_openssh(LineEnding::LF).map_err(io::Error::other)?;
    if let Some(folder) = path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
    {
        create_private_folder(folder)?;
    }
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    let written = file
        .write_all(text.as_bytes())
        .and_then(|()| file.sync_all());
    if let Err(error) = written {
        // A half-written key would be refused at every start: leave none.
        let _ = fs::remove_file(path);
        return Err(error);
    }
    Ok(key)
}

/// Creates `folder` and its missing parents, private to the user (0700) where they are new.
fn create_private_folder(folder: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(folder)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_place_follows_xdg_then_home() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| OsString::from(value))
            }
        };
        assert_eq!(
            default_path(env(&[("XDG_DATA_HOME", "/data"), ("HOME", "/home/a")])).unwrap(),
            PathBuf::from("/data/knights-tour/host_ed25519")
        );
        // A relative XDG_DATA_HOME is ignored, as the specification says.
        assert_eq!(
            default_path(env(&[("XDG_DATA_HOME", "data"), ("HOME", "/home/a")])).unwrap(),
            PathBuf::from("/home/a/.local/share/knights-tour/host_ed25519")
        );
        assert!(default_path(env(&[])).unwrap_err().contains("--host-key"));
    }
}
