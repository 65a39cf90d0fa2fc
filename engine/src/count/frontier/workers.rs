//! Work spread over the count's threads: each worker takes its work from a queue the
//! workers share, so that fewer threads than asked for only take longer; and the pace of
//! their work, reported about once a second.

use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::Instant;

/// `work(worker)` for each of `workers` workers, on a thread each when there are several,
/// else here; the results of the workers that ran.
///
/// This thread is worker 0. A thread the system will not start (address space or a limit on
/// threads run out) is not asked for again in this call, and its work is left to the others:
/// every caller's workers take their work from a queue they share, so the workers that run
/// do all of it, and fewer threads only take longer.
pub(super) fn on_workers<R: Send>(workers: usize, work: impl Fn(usize) -> R + Sync) -> Vec<R> {
    on_workers_starting(workers, work, |_| true)
}

/// [`on_workers`], asking the system for a thread for `worker` only where `ask(worker)`:
/// the tests refuse some, as a system out of threads would.
fn on_workers_starting<R: Send>(
    workers: usize,
    work: impl Fn(usize) -> R + Sync,
    ask: impl Fn(usize) -> bool,
) -> Vec<R> {
    if workers <= 1 {
        return vec![work(0)];
    }
    let work = &work;
    thread::scope(|scope| {
        let mut handles = Vec::with_capacity(workers - 1);
        for worker in 1..workers {
            let started = ask(worker)
                .then(|| {
                    thread::Builder::new()
                        .spawn_scoped(scope, move || work(worker))
                        .ok()
                })
                .flatten();
            match started {
                Some(handle) => handles.push(handle),
                None => break,
            }
        }
        let mut results = Vec::with_capacity(handles.len() + 1);
        results.push(work(0));
        results.extend(
            handles
                .into_iter()
                .map(|handle| handle.join().expect("a counting thread does not panic")),
        );
        results
    })
}

/// The blocks of the old frontier stepped, reported about once a second.
pub(super) struct Pace<'r> {
    blocks: u64,
    stepped: AtomicU64,
    started: Instant,
    /// Milliseconds from the start of the step to the next report.
    next_report: AtomicU64,
    report: &'r (dyn Fn(u32) + Sync),
}

impl<'r> Pace<'r> {
    pub(super) fn new(blocks: usize, report: &'r (dyn Fn(u32) + Sync)) -> Self {
        Self {
            blocks: blocks.max(1) as u64,
            stepped: AtomicU64::new(0),
            started: Instant::now(),
            next_report: AtomicU64::new(REPORT_EVERY_MS),
            report,
        }
    }

    /// A block stepped.
    pub(super) fn stepped(&self) {
        let stepped = self.stepped.fetch_add(1, Ordering::Relaxed) + 1;
        let now = self.started.elapsed().as_millis() as u64;
        let due = self.next_report.load(Ordering::Relaxed);
        if now >= due
            && self
                .next_report
                .compare_exchange(
                    due,
                    now + REPORT_EVERY_MS,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                )
                .is_ok()
        {
            (self.report)((stepped * 1000 / self.blocks).min(999) as u32);
        }
    }
}

/// How often a step reports.
const REPORT_EVERY_MS: u64 = 1000;

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use std::sync::Mutex;

    use super::*;

    /// Workers that take their work from one queue, as a step's do: however many threads
    /// the system starts, every item is taken once, and this thread takes part.
    #[test]
    fn a_thread_the_system_will_not_start_leaves_its_work_to_the_others() {
        for refused_from in [1, 2, 3, 4] {
            let queue = Mutex::new((0..1000u64).collect::<Vec<_>>());
            let taken = AtomicUsize::new(0);
            let sums = on_workers_starting(
                4,
                |worker| {
                    let mut sum = 0;
                    while let Some(item) = queue.lock().unwrap().pop() {
                        sum += item;
                        taken.fetch_add(1, Ordering::Relaxed);
                    }
                    (worker, sum)
                },
                |worker| worker < refused_from,
            );
            let workers: Vec<usize> = sums.iter().map(|&(worker, _)| worker).collect();
            assert_eq!(workers, (0..refused_from).collect::<Vec<_>>());
            assert_eq!(taken.load(Ordering::Relaxed), 1000);
            assert_eq!(
                sums.iter().map(|&(_, sum)| sum).sum::<u64>(),
                999 * 1000 / 2
            );
        }
    }
}
