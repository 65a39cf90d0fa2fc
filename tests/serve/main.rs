//! `knights-tour serve`: a server on an ephemeral port driven by a russh client, as a person's
//! `ssh` would drive it: sessions drawn at the client's size, keys, resizes and exit statuses;
//! what is refused; the limits; the host key; the binary itself stopped by a signal; and,
//! through the real OpenSSH client, what a session's background work may take.
//!
//! Every test starts its own server on port 0 of 127.0.0.1, with keys in a temporary folder.

mod support;

mod host_key;
mod limits;
mod load;
mod openssh;
mod process;
mod refusals;
mod sessions;
mod work;
