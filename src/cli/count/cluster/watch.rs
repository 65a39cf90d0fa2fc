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
//!
//! The deadline is watched here too: the workers stop together at the first round that ends
//! past it, but a process whose peer is stopped (or whose host is cut off) waits inside a
//! round. So [`give_up_at`] ends the process with status 3 if it has no answer
//! [`DEADLINE_GRACE`] after the deadline.
//!
//! Only one way of ending speaks: the first to [`claim`] the end.

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use super::super::keep::end_now;
use super::sealed::TAMPERED;
use crate::cli::{ExitStatus, Failure, exit_code};
use knights_tour_engine::quote::quoted;

/// Whether the process's end has been claimed: by its answer, a timely panic or the deadline.
static ENDED: AtomicBool = AtomicBool::new(false);

/// How long past the deadline a process waits for the round under way to end everywhere.
pub(super) const DEADLINE_GRACE: Duration = Duration::from_millis(1500);

/// Claims the end of the process: `true` for the first caller alone, which then says how the
/// count ended; a later caller must stop where it is and let the first end the process.
pub(super) fn claim() -> bool {
    !ENDED.swap(true, Ordering::SeqCst)
}

/// Stops the calling thread for good: another has claimed the end and is ending the process.
pub(super) fn stand_by() -> ! {
    loop {
        thread::park();
    }
}

/// From now on, a process with no answer [`DEADLINE_GRACE`] after `deadline` ends with status
/// 3, saying that the count is not complete.
pub(super) fn give_up_at(deadline: Instant) {
    let watching = thread::Builder::new()
        .name("cluster:deadline".to_string())
        .spawn(move || {
            let at = deadline.checked_add(DEADLINE_GRACE).unwrap_or(deadline);
            thread::sleep(at.saturating_duration_since(Instant::now()));
            if claim() {
                let message = format!(
                    "gave up: the deadline passed, and the round under way did not end on every \
                     process within {:.1} s of it (a process may be stopped, or cut off); the \
                     count is not complete",
                    DEADLINE_GRACE.as_secs_f64()
                );
                let _ = exit_code(Err(Failure::new(ExitStatus::GaveUp, message)));
                end_now(ExitStatus::GaveUp as i32);
            }
        });
    // Without the thread, the workers' own look at the clock between states still stops a
    // count whose processes all answer.
    drop(watching);
}

/// How long a process that lost another keeps its own connections before it ends.
const LINGER: Duration = Duration::from_secs(1);

/// From now on, the first panic of a timely thread, unless the end is claimed already, ends
/// the process a second later with status 4 and a line saying what happened (the lost
/// process by its address in `addresses`, the hostfile's lines); any later one stops its
/// thread. Any other panic is reported as before.
pub(super) fn install(addresses: Vec<String>) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let current = thread::current();
        let name = current.name().unwrap_or_default();
        if !name.starts_with("timely:") {
            previous(info);
            return;
        }
        if !claim() {
            stand_by();
        }
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
        end_now(ExitStatus::ClusterFailed as i32);
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
        let address = quoted(addresses.get(process)?);
        Some(if what.ends_with(TAMPERED) {
            format!(
                "process {process} at {address} sent a frame that failed its check (changed \
                 on the way, or not sent by a holder of the cluster's key); the count is not \
                 complete"
            )
        } else {
            format!("lost process {process} at {address}: {what}; the count is not complete")
        })
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
        let tampered = cause(
            "timely:recv-1",
            &format!("timely communication error: reading data: {TAMPERED}"),
            "tcp.rs:75",
            &addresses,
        );
        assert!(
            tampered.starts_with("process 1 at 'b:2' sent a frame that failed its check"),
            "{tampered}"
        );
        let other = cause("timely:work-0", "boom\n", "rounds.rs:9", &addresses);
        assert_eq!(
            other,
            "the count failed, not complete: timely:work-0 panicked at rounds.rs:9: 'boom\\n'"
        );
    }
}
