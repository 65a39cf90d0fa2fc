//! Turns on a host's work threads: a fair semaphore that several explorers share, so that
//! their background work (finishing a search, play, the race, a starts map) together keeps to
//! a few threads of the machine.
//!
//! A [`WorkPool`] holds `threads` permits. Each explorer has a [`Seat`] at it; whoever works
//! for the explorer (its run loop, its map's thread) asks the seat for a [`Permit`] before a
//! slice of work and drops it after, so a seat works on at most one thread at a time. A
//! permit that comes free goes to the waiting seat that has used the pool least (start-time
//! fair queueing: each seat's tag grows by the time it held its permits, never starting below
//! the tag of the last seat served), so a seat whose slices are long (a map's solves) cannot
//! starve one whose slices are short (a finishing search), nor the other way round, and a
//! seat that comes back after a pause is served next, once.
//!
//! A waiter that gives up (its timeout passed) leaves no trace in the queue: only those
//! waiting now are served, so a session busy drawing or gone holds nothing up.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Permits of work threads, shared by the seats taken at it; cloning shares the pool.
#[derive(Debug, Clone)]
pub struct WorkPool {
    pool: Arc<Pool>,
}

#[derive(Debug)]
struct Pool {
    threads: usize,
    state: Mutex<State>,
    changed: Condvar,
    next_seat: AtomicU64,
}

#[derive(Debug, Default)]
struct State {
    /// Permits not held.
    free: usize,
    /// The tag of the seat served last: a seat's tag never starts below it.
    served: u64,
    /// Tickets of those waiting now, with their seats.
    waiting: Vec<(u64, u64)>,
    next_ticket: u64,
    seats: HashMap<u64, SeatState>,
}

#[derive(Debug, Default)]
struct SeatState {
    /// Nanoseconds of work the seat has had, on the pool's virtual clock.
    tag: u64,
    /// Whether one of its permits is out.
    busy: bool,
}

impl State {
    /// The ticket the next free permit goes to: of the waiting seats not working now, the
    /// one with the smallest tag, the first to ask among equals.
    fn chosen(&self) -> Option<u64> {
        if self.free == 0 {
            return None;
        }
        self.waiting
            .iter()
            .filter_map(|&(ticket, seat)| {
                let state = self.seats.get(&seat)?;
                (!state.busy).then_some((state.tag, ticket))
            })
            .min()
            .map(|(_, ticket)| ticket)
    }
}

impl WorkPool {
    /// A pool of `threads` permits (at least one).
    pub fn new(threads: usize) -> Self {
        let threads = threads.max(1);
        Self {
            pool: Arc::new(Pool {
                threads,
                state: Mutex::new(State {
                    free: threads,
                    ..State::default()
                }),
                changed: Condvar::new(),
                next_seat: AtomicU64::new(0),
            }),
        }
    }

    /// The permits in all.
    pub fn threads(&self) -> usize {
        self.pool.threads
    }

    /// A new seat at the pool: one explorer's.
    pub fn seat(&self) -> Seat {
        let id = self.pool.next_seat.fetch_add(1, Ordering::Relaxed);
        self.pool.lock().seats.insert(id, SeatState::default());
        Seat {
            taken: Arc::new(Taken {
                pool: Arc::clone(&self.pool),
                id,
            }),
        }
    }
}

impl Pool {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One explorer's place at a [`WorkPool`]; cloning shares the place (the explorer's map thread
/// works from the same seat as its run loop).
#[derive(Debug, Clone)]
pub struct Seat {
    taken: Arc<Taken>,
}

/// A seat while any clone of it lives; its going frees its place.
#[derive(Debug)]
struct Taken {
    pool: Arc<Pool>,
    id: u64,
}

impl Drop for Taken {
    fn drop(&mut self) {
        self.pool.lock().seats.remove(&self.id);
        self.pool.changed.notify_all();
    }
}

impl Seat {
    /// Waits for a permit, at most `timeout` (`None`, or a wait past what the clock can hold:
    /// as long as it takes); `None` when the time ran out first.
    pub fn wait(&self, timeout: Option<Duration>) -> Option<Permit> {
        let pool = &self.taken.pool;
        let deadline = timeout.and_then(|timeout| Instant::now().checked_add(timeout));
        let mut state = pool.lock();
        let ticket = state.next_ticket;
        state.next_ticket += 1;
        state.waiting.push((ticket, self.taken.id));
        loop {
            if state.chosen() == Some(ticket) {
                state.waiting.retain(|&(waiting, _)| waiting != ticket);
                state.free -= 1;
                let served = state.served;
                let seat = state
                    .seats
                    .get_mut(&self.taken.id)
                    .expect("a seat is in the pool while it lives");
                seat.busy = true;
                seat.tag = seat.tag.max(served);
                state.served = seat.tag;
                drop(state);
                // Another waiter may be served by a permit still free.
                pool.changed.notify_all();
                return Some(Permit {
                    taken: Arc::clone(&self.taken),
                    since: Instant::now(),
                });
            }
            state = match deadline {
                None => pool
                    .changed
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner),
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        state.waiting.retain(|&(waiting, _)| waiting != ticket);
                        drop(state);
                        pool.changed.notify_all();
                        return None;
                    }
                    pool.changed
                        .wait_timeout(state, left)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0
                }
            };
        }
    }
}

/// A work thread's turn, held for one slice of work; dropping it gives the thread back.
#[derive(Debug)]
pub struct Permit {
    taken: Arc<Taken>,
    since: Instant,
}

impl Drop for Permit {
    fn drop(&mut self) {
        let held = u64::try_from(self.since.elapsed().as_nanos()).unwrap_or(u64::MAX);
        let pool = &self.taken.pool;
        let mut state = pool.lock();
        state.free += 1;
        let served = state.served;
        if let Some(seat) = state.seats.get_mut(&self.taken.id) {
            seat.busy = false;
            seat.tag = seat.tag.max(served).saturating_add(held);
        }
        drop(state);
        pool.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    const SHORT: Duration = Duration::from_millis(20);

    #[test]
    fn a_seat_works_on_one_thread_at_a_time_and_the_pool_on_its_threads() {
        let pool = WorkPool::new(2);
        let first = pool.seat();
        let held = first.wait(Some(SHORT)).expect("a free permit");
        assert!(
            first.clone().wait(Some(SHORT)).is_none(),
            "the same seat waits while it works"
        );
        let second = pool.seat();
        let other = second.wait(Some(SHORT)).expect("the second permit");
        assert!(pool.seat().wait(Some(SHORT)).is_none(), "both are held");
        drop(held);
        assert!(pool.seat().wait(Some(SHORT)).is_some(), "one came back");
        drop(other);
    }

    #[test]
    fn a_seat_that_held_long_waits_for_one_that_held_briefly() {
        let pool = WorkPool::new(1);
        let (long, brief) = (pool.seat(), pool.seat());
        let permit = long.wait(None).unwrap();
        // Held a while, so that its seat has used more than the other's.
        std::thread::sleep(Duration::from_millis(30));
        drop(permit);
        drop(brief.wait(None).unwrap());
        // Both ask while the permit is out: it goes to the one that used the pool less.
        let blocker = pool.seat().wait(None).unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let threads: Vec<_> = [("long", long), ("brief", brief)]
            .into_iter()
            .map(|(name, seat)| {
                let order = Arc::clone(&order);
                std::thread::spawn(move || {
                    let _permit = seat.wait(None).unwrap();
                    order.lock().unwrap().push(name);
                })
            })
            .collect();
        while pool.pool.lock().waiting.len() < 2 {
            std::thread::yield_now();
        }
        drop(blocker);
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(*order.lock().unwrap(), ["brief", "long"]);
    }

    #[test]
    fn seats_share_the_threads_fairly_under_load() {
        // Four seats want work all the time on two threads: each gets about a quarter.
        let pool = WorkPool::new(2);
        let slices: Vec<_> = (0..4).map(|_| Arc::new(AtomicUsize::new(0))).collect();
        let (busy, most_busy, total) = (
            Arc::new(AtomicUsize::new(0)),
            Arc::new(AtomicUsize::new(0)),
            Arc::new(AtomicUsize::new(0)),
        );
        let threads: Vec<_> = slices
            .iter()
            .map(|count| {
                let (seat, count) = (pool.seat(), Arc::clone(count));
                let (busy, most_busy) = (Arc::clone(&busy), Arc::clone(&most_busy));
                let total = Arc::clone(&total);
                std::thread::spawn(move || {
                    while total.fetch_add(1, Ordering::SeqCst) < 400 {
                        let _permit = seat.wait(None).unwrap();
                        let now = busy.fetch_add(1, Ordering::SeqCst) + 1;
                        most_busy.fetch_max(now, Ordering::SeqCst);
                        // A permit held a while, so that the threads overlap if they can.
                        std::thread::sleep(Duration::from_millis(1));
                        busy.fetch_sub(1, Ordering::SeqCst);
                        count.fetch_add(1, Ordering::SeqCst);
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert!(
            most_busy.load(Ordering::SeqCst) <= 2,
            "never more than the pool's threads"
        );
        let counts: Vec<usize> = slices.iter().map(|c| c.load(Ordering::SeqCst)).collect();
        let (least, most) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
        assert!(*least > 0 && most / least < 3, "slices by seat: {counts:?}");
    }

    #[test]
    fn a_waiter_that_gives_up_holds_nobody_up() {
        let pool = WorkPool::new(1);
        let (first, second) = (pool.seat(), pool.seat());
        let permit = first.wait(None).unwrap();
        assert!(second.wait(Some(SHORT)).is_none());
        drop(permit);
        assert!(first.wait(Some(SHORT)).is_some(), "the pool is free again");
    }
}
