//! The host key: created on the first start with mode 0600, the same on later starts (the
//! fingerprint the client sees), refused when others may read it.

use std::os::unix::fs::PermissionsExt;

use knights_tour::serve::Server;

use crate::support::{Keys, connect, set_mode};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_key_is_created_private_reused_and_refused_when_readable() {
    let keys = Keys::new();
    let path = keys.host_key();
    assert!(!path.exists());

    let server = Server::start(keys.settings(&[]).unwrap()).await.unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "created private");
    let first = server.fingerprint().to_string();
    assert!(first.starts_with("SHA256:"), "{first}");
    let (_handle, client) = connect(server.local_addr()).await;
    assert_eq!(client.host_key.lock().unwrap().as_deref(), Some(&*first));
    server.shutdown(15).await;

    let again = Server::start(keys.settings(&[]).unwrap()).await.unwrap();
    assert_eq!(again.fingerprint(), first, "the same key on the next start");
    let (_handle, client) = connect(again.local_addr()).await;
    assert_eq!(client.host_key.lock().unwrap().as_deref(), Some(&*first));
    again.shutdown(15).await;

    set_mode(&path, 0o644);
    let refused = keys.settings(&[]).unwrap_err();
    assert!(
        refused.contains("may be read by others") && refused.contains("chmod 600"),
        "{refused}"
    );
}

#[test]
fn a_host_key_folder_is_created_private() {
    let keys = Keys::new();
    let path = keys
        .dir
        .path()
        .join("new")
        .join("folder")
        .join("host_ed25519");
    let settings = keys.settings(&["--host-key", path.to_str().unwrap()]);
    assert!(settings.is_ok());
    let folder = std::fs::metadata(path.parent().unwrap()).unwrap();
    assert_eq!(folder.permissions().mode() & 0o777, 0o700);
}

#[test]
fn an_authorized_keys_file_others_may_write_or_without_keys_is_refused() {
    let keys = Keys::new();
    let file = keys.dir.path().join("authorized_keys");
    set_mode(&file, 0o666);
    let refused = keys.settings(&[]).unwrap_err();
    assert!(refused.contains("may be written by others"), "{refused}");
    set_mode(&file, 0o600);
    std::fs::write(&file, "# nobody\n").unwrap();
    let refused = keys.settings(&[]).unwrap_err();
    assert!(refused.contains("no key"), "{refused}");
    let missing = keys.settings(&["--authorized-keys", "/nonexistent/keys"]);
    assert!(missing.unwrap_err().contains("--open"));
}
