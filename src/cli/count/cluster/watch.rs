//! Watching the threads of a cluster count, so that a lost process ends this one with one
//! line that names it and exit status 4, never a hang, a page of panics or an abort.
//!
//! timely dataflow does not report a lost connection: the thread that reads from it panics
//! ("timely communication error: reading data: socket closed"), which poisons the queues it
//! fed, so that the workers and the sending threads panic in turn ("MergeQueue poisoned.") as
//! soon as they next touch them; unwinding them can panic again in a destructor, which aborts
//! the process, and dropping the computation panics once more. So a panic hook takes the
//! first panic of any timely thread (their names start with `timely:`), the cause: it names it
//! on standard error and ends the process, a second later. The second keeps this process's
//! connections open while the other processes notice the lost one themselves: were it to end
//! at once, a process slower to notice could take this one for the lost one. A panic after the
//! first, or after the count has its answer (a process that ends while the others close their
//! connections), is an echo: its thread stops where it is, never unwinding, and the process
//! ends as it would have.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use crate::cli::{ExitStatus, Failure, exit_code};
use knights_tour_engine::quote::quoted;

/// Whether a timely thread has panicked since [`install`].
static PANICKED: Mutex<bool> = Mutex::new(false);

/// How long a process that lost another keeps its own connections before it ends.
const LINGER: Duration = Duration::from_secs(1);

/// From now on, the first panic of a timely thread before `answered` is set ends the process
/// a second later with status 4 and a line saying what happened (the lost process by its address in
/// `addresses`, the hostfile's lines); any later one stops its thread. Any other panic is
/// reported as before.
pub(super) fn install(addresses: Vec<String>, answered: &'static AtomicBool) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let current = thread::current();
        let name = current.name().unwrap_or_default();
        if !name.starts_with("timely:") {
            previous(info);
            return;
        }
        let mut panicked = PANICKED
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if *panicked || answered.load(Ordering::SeqCst) {
            drop(panicked);
            loop {
                thread::park();
            }
        }
        *panicked = true;
        drop(panicked);
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|text| text.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        let location = info
            .location()
            .map_or(String::new(), |at| format!("{}:{}", at.file(), at.line()));
        let cause = cause(name, &message, &location, &addresses);
        thread::sleep(LINGER);
        let _ = exit_code(Err(Failure::new(ExitStatus::ClusterFailed, cause)));
        std::process::exit(ExitStatus::ClusterFailed as i32);
    }));
}

/// What happened, in one line: the lost process by its line of the hostfile when a
/// connection failed, else the panic and where.
fn cause(thread: &str, message: &str, location: &str, addresses: &[String]) -> String {
    let lost = || {
        let what = message.strip_prefix("timely communication error: ")?;
        let process: usize = thread
            .strip_prefix("timely:recv-")
            .or_else(|| thread.strip_prefix("timely:send-"))?
            .parse()
            .ok()?;
        let address = addresses.get(process)?;
        Some(format!(
            "lost process {process} at {}: {what}; the count is not complete",
            quoted(address)
        ))
    };
    lost().unwrap_or_else(|| {
        format!(
            "the count failed, not complete: {thread} panicked at {location}: {}",
            quoted(message)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_connection_names_the_process_and_its_address() {
        let addresses = ["a:1", "b:2", "c:3"].map(String::from);
        let lost = cause(
            "timely:recv-2",
            "timely communication error: reading data: socket closed",
            "tcp.rs:22",
            &addresses,
        );
        assert_eq!(
            lost,
            "lost process 2 at 'c:3': reading data: socket closed; the count is not complete"
        );
        let other = cause("timely:work-0", "boom\n", "rounds.rs:9", &addresses);
        assert_eq!(
            other,
            "the count failed, not complete: timely:work-0 panicked at rounds.rs:9: 'boom\\n'"
        );
    }
}
