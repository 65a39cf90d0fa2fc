//! The batches states cross between workers in. Timely's own builder cuts a worker's sends into
//! containers of 8 KiB, 512 states with their counts; each crosses to another process as a
//! frame of its own, sealed and checked, with a wake-up of the threads that send and receive
//! it. A count sends hundreds of millions of states, so the containers here are 32 times
//! larger: a tenth of the frames and of the threads' wake-ups. Each worker holds at most one
//! such batch for each worker it sends to while it fills.

use std::collections::VecDeque;

use timely::container::{ContainerBuilder, LengthPreservingContainerBuilder, PushInto};

/// Bytes of states a batch holds before it is sent.
const BATCH_BYTES: usize = 1 << 18;

/// A container builder of batches of [`BATCH_BYTES`], in the order items came.
#[derive(Debug)]
pub(super) struct Batches<T> {
    /// The batch being filled.
    current: Vec<T>,
    /// A batch's room, given back by the channel, to fill again.
    empty: Option<Vec<T>>,
    /// Full batches, to be sent.
    full: VecDeque<Vec<T>>,
}

impl<T> Default for Batches<T> {
    fn default() -> Self {
        Self {
            current: Vec::new(),
            empty: None,
            full: VecDeque::new(),
        }
    }
}

impl<T> Batches<T> {
    /// Items a batch holds.
    const ITEMS: usize = {
        let size = std::mem::size_of::<T>();
        if size == 0 {
            BATCH_BYTES
        } else {
            BATCH_BYTES.div_ceil(size)
        }
    };
}

impl<T> PushInto<T> for Batches<T> {
    fn push_into(&mut self, item: T) {
        if self.current.capacity() == 0 {
            self.current = self.empty.take().unwrap_or_default();
            self.current.clear();
            self.current.reserve(Self::ITEMS);
        }
        self.current.push(item);
        if self.current.len() >= Self::ITEMS {
            self.full.push_back(std::mem::take(&mut self.current));
        }
    }
}

impl<T: Clone + 'static> ContainerBuilder for Batches<T> {
    type Container = Vec<T>;

    fn extract(&mut self) -> Option<&mut Vec<T>> {
        let batch = self.full.pop_front()?;
        self.empty = Some(batch);
        self.empty.as_mut()
    }

    fn finish(&mut self) -> Option<&mut Vec<T>> {
        if !self.current.is_empty() {
            self.full.push_back(std::mem::take(&mut self.current));
        }
        self.empty = self.full.pop_front();
        self.empty.as_mut()
    }
}

// Every item pushed comes out in one batch: the count of records is kept, as timely's
// progress tracking needs.
impl<T: Clone + 'static> LengthPreservingContainerBuilder for Batches<T> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_comes_out_once_in_order_in_batches_of_the_size() {
        let mut batches = Batches::<(u64, u64)>::default();
        let items = Batches::<(u64, u64)>::ITEMS;
        assert_eq!(items, BATCH_BYTES / 16);
        let mut out = Vec::new();
        for k in 0..(2 * items + 7) as u64 {
            batches.push_into((k, k));
            while let Some(batch) = batches.extract() {
                assert_eq!(batch.len(), items, "a full batch");
                out.append(batch);
            }
        }
        while let Some(batch) = batches.finish() {
            out.append(batch);
        }
        let expected: Vec<(u64, u64)> = (0..(2 * items + 7) as u64).map(|k| (k, k)).collect();
        assert_eq!(out, expected);
    }
}
