//! The batches states cross between workers in. A worker sorts the states it makes by the
//! worker that owns them into a batch for each ([`Outbox`]), and hands the dataflow a batch
//! once it is full: one record for thousands of states, so that timely's exchange, its
//! containers and its progress counts work once a batch rather than once a state. A batch
//! crosses to another process packed (`packed`), as one frame, sealed and checked, with one
//! wake-up of the threads that send and receive it. (Through timely's exchange state by state,
//! in containers of 16,384 states, a 6x8 count over two processes spent about 10% of its time
//! there: 7,446 of 75,923 samples of perf.)
//!
//! A worker holds one batch for each worker, itself included, while it fills: of at most
//! [`BATCH_BYTES`], and smaller in a cluster of many workers, so that they hold at most
//! [`WORKER_BYTES`] in all, up to 8,192 workers; past that, 8 KiB each.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};
use timely::container::{ContainerBuilder, LengthPreservingContainerBuilder, PushInto};

/// Bytes of states a batch holds before it is sent, at most.
const BATCH_BYTES: usize = 1 << 18;

/// Bytes of states a worker holds in its batches while they fill, at most.
const WORKER_BYTES: usize = 1 << 26;

/// The batch being filled for each worker.
#[derive(Debug)]
pub(super) struct Outbox<T> {
    batches: Vec<Vec<T>>,
    /// The states a batch holds when full.
    items: usize,
}

impl<T> Outbox<T> {
    /// Empty batches for each of `peers` workers.
    pub(super) fn new(peers: usize) -> Self {
        let bytes = (WORKER_BYTES / peers.max(1)).clamp(1 << 13, BATCH_BYTES);
        Self {
            batches: (0..peers).map(|_| Vec::new()).collect(),
            items: bytes.div_ceil(size_of::<T>().max(1)),
        }
    }

    /// Adds `item` to the batch for worker `to`: that batch, to send, once it is full.
    #[inline]
    pub(super) fn push(&mut self, to: usize, item: T) -> Option<Vec<T>> {
        let batch = &mut self.batches[to];
        if batch.capacity() == 0 {
            batch.reserve_exact(self.items);
        }
        batch.push(item);
        (batch.len() >= self.items).then(|| std::mem::take(batch))
    }

    /// Gives back the room of the batch for worker `to`, emptied, to fill again.
    pub(super) fn refill(&mut self, to: usize, mut batch: Vec<T>) {
        batch.clear();
        self.batches[to] = batch;
    }

    /// Every batch that holds a state, each with the worker it is for, emptied.
    pub(super) fn rest(&mut self) -> impl Iterator<Item = (usize, Vec<T>)> + '_ {
        (self.batches.iter_mut().enumerate())
            .filter(|(_, batch)| !batch.is_empty())
            .map(|(to, batch)| (to, std::mem::take(batch)))
    }
}

/// A batch of states and their counts, with the worker it goes to.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) enum Batch<W, C> {
    /// To a worker of the same process, which takes the states as they are.
    Here(u64, Vec<(W, C)>),
    /// To a worker of another process, packed ([`super::packed`]).
    Away(u64, #[serde(with = "serde_bytes")] Vec<u8>),
}

impl<W, C> Batch<W, C> {
    /// The worker it goes to.
    pub(super) fn to(&self) -> u64 {
        match self {
            Batch::Here(to, _) | Batch::Away(to, _) => *to,
        }
    }
}

/// A container builder that lets each record go on at once, alone: a record is a whole batch,
/// which should not wait in a container for others.
#[derive(Debug)]
pub(super) struct OneEach<T> {
    ready: VecDeque<T>,
    /// The container handed on last.
    current: Vec<T>,
}

impl<T> Default for OneEach<T> {
    fn default() -> Self {
        Self {
            ready: VecDeque::new(),
            current: Vec::new(),
        }
    }
}

impl<T> PushInto<T> for OneEach<T> {
    fn push_into(&mut self, item: T) {
        self.ready.push_back(item);
    }
}

impl<T: Clone + 'static> ContainerBuilder for OneEach<T> {
    type Container = Vec<T>;

    fn extract(&mut self) -> Option<&mut Vec<T>> {
        let item = self.ready.pop_front()?;
        self.current.clear();
        self.current.push(item);
        Some(&mut self.current)
    }

    fn finish(&mut self) -> Option<&mut Vec<T>> {
        self.extract()
    }
}

// Every record pushed comes out alone: the count of records is kept, as timely's progress
// tracking needs.
impl<T: Clone + 'static> LengthPreservingContainerBuilder for OneEach<T> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_comes_out_once_in_a_batch_for_its_worker() {
        let mut outbox = Outbox::<(u64, u64)>::new(3);
        let items = outbox.items;
        assert_eq!(items, BATCH_BYTES / 16, "a batch of the largest size");
        let mut out: Vec<Vec<(u64, u64)>> = vec![Vec::new(); 3];
        let total = (2 * items + 7) as u64;
        for k in 0..total {
            if let Some(batch) = outbox.push((k % 3) as usize, (k, k)) {
                assert_eq!(batch.len(), items, "a full batch");
                assert!(
                    batch.iter().all(|item| item.0 % 3 == k % 3),
                    "for one worker"
                );
                out[(k % 3) as usize].extend(batch);
            }
        }
        for (to, batch) in outbox.rest() {
            out[to].extend(batch);
        }
        assert_eq!(outbox.rest().count(), 0, "nothing left");
        for (to, got) in out.iter().enumerate() {
            let expected: Vec<(u64, u64)> = (0..total)
                .filter(|k| k % 3 == to as u64)
                .map(|k| (k, k))
                .collect();
            assert_eq!(
                *got, expected,
                "worker {to}'s states, in the order they came"
            );
        }
    }

    #[test]
    fn many_workers_get_smaller_batches_within_a_worker_s_bound() {
        let outbox = Outbox::<(u64, u64)>::new(4096);
        assert!(outbox.items * 16 * 4096 <= WORKER_BYTES);
        assert!(outbox.items < BATCH_BYTES / 16);
    }

    #[test]
    fn each_record_goes_on_alone_at_once() {
        let mut builder = OneEach::<u32>::default();
        builder.push_into(1);
        builder.push_into(2);
        assert_eq!(builder.extract().cloned(), Some(vec![1]));
        assert_eq!(builder.finish().cloned(), Some(vec![2]));
        assert_eq!(builder.finish(), None);
    }
}
