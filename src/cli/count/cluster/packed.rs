//! The bytes a batch of states crosses to another process in: each state with its count in as
//! few bytes as their values need, rather than 16 to 32 bytes whatever they hold.
//!
//! A state is written as one byte of lengths, then the low bytes of its word, then the low
//! bytes of its count, little-endian: the low four bits of the first byte say how many bytes
//! of the word follow, less one, and the high four bits the count's. A 6x8 count's states
//! take 8.9 bytes each this way, and 8x8 closed's 10.4, where `(u64, u64)` took 16: fewer
//! bytes to seal, copy and send. Each word and count is written and read as a whole `u64` or
//! `u128`, the bytes past its length taken back or masked off, so that neither takes a loop
//! over its bytes.
//!
//! The bytes come from another process of the cluster, whose frames are checked with the
//! cluster's key; even so, a batch that does not read as whole states is refused, never
//! read past its end.

use super::number::Fixed;

/// Appends `states` to `out`, packed.
pub(super) fn pack<W: Fixed, C: Fixed>(states: &[(W, C)], out: &mut Vec<u8>) {
    out.reserve(states.len() * (1 + W::BYTES + C::BYTES));
    for &(word, count) in states {
        let (word_bytes, count_bytes) = (word.needs(), count.needs());
        out.push(((word_bytes - 1) | ((count_bytes - 1) << 4)) as u8);
        // Each whole number is written, and the bytes past its length taken back.
        word.put(out);
        out.truncate(out.len() - (W::BYTES - word_bytes));
        count.put(out);
        out.truncate(out.len() - (C::BYTES - count_bytes));
    }
}

/// A batch's bytes that do not read as whole states of this count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Malformed;

/// Calls `each` with every state of `bytes`, packed by [`pack`], in order, until it says to
/// stop (`false`); or stops at the first that does not read as one.
pub(super) fn unpack<W: Fixed, C: Fixed>(
    bytes: &[u8],
    mut each: impl FnMut(W, C) -> bool,
) -> Result<(), Malformed> {
    let mut at = 0;
    while let Some(&lengths) = bytes.get(at) {
        let word_bytes = usize::from(lengths & 0xf) + 1;
        let count_bytes = usize::from(lengths >> 4) + 1;
        let word = read::<W>(bytes, at + 1, word_bytes)?;
        at += 1 + word_bytes;
        let count = read::<C>(bytes, at, count_bytes)?;
        at += count_bytes;
        if !each(word, count) {
            break;
        }
    }
    Ok(())
}

/// The number in the `length` bytes of `bytes` from `at`.
#[inline]
fn read<T: Fixed>(bytes: &[u8], at: usize, length: usize) -> Result<T, Malformed> {
    if length > T::BYTES {
        return Err(Malformed);
    }
    if let Some(whole) = bytes.get(at..at + T::BYTES) {
        return Ok(T::read(whole, length));
    }
    // The last state's number, with fewer bytes after it than its type's.
    let tail = bytes.get(at..at + length).ok_or(Malformed)?;
    let mut whole = [0; 16];
    whole[..length].copy_from_slice(tail);
    Ok(T::read(&whole[..T::BYTES], length))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn unpacked<W: Fixed, C: Fixed>(bytes: &[u8]) -> Result<Vec<(W, C)>, Malformed> {
        let mut states = Vec::new();
        unpack(bytes, |word, count| {
            states.push((word, count));
            true
        })?;
        Ok(states)
    }

    #[test]
    fn small_numbers_take_few_bytes_and_the_largest_all_of_theirs() {
        let mut bytes = Vec::new();
        pack(&[(0u64, 1u64)], &mut bytes);
        assert_eq!(bytes, [0x00, 0, 1], "a byte of lengths and one byte each");
        bytes.clear();
        pack(&[(0x1_0000u64, 0x100u64)], &mut bytes);
        assert_eq!(bytes, [0x12, 0, 0, 1, 0, 1], "three bytes and two");
        bytes.clear();
        pack(&[(u128::MAX, u64::MAX)], &mut bytes);
        assert_eq!(bytes.len(), 1 + 16 + 8);
        assert_eq!(bytes[0], 0x7f);
        assert_eq!(
            unpacked::<u128, u64>(&bytes),
            Ok(vec![(u128::MAX, u64::MAX)])
        );
    }

    #[test]
    fn bytes_that_are_no_whole_states_are_refused() {
        let mut bytes = Vec::new();
        pack(&[(5u64, 7u64), (1 << 40, 3)], &mut bytes);
        for cut in 1..bytes.len() {
            if cut != 3 {
                assert_eq!(
                    unpacked::<u64, u64>(&bytes[..cut]),
                    Err(Malformed),
                    "cut at {cut}"
                );
            }
        }
        // Lengths past a u64's eight bytes.
        assert_eq!(unpacked::<u64, u64>(&[0x08; 20]), Err(Malformed));
        assert_eq!(unpacked::<u64, u64>(&[0x80; 20]), Err(Malformed));
        // Within a u128's sixteen: two states of 11 bytes.
        assert_eq!(
            unpacked::<u128, u64>(&[0x08; 22]).map(|states| states.len()),
            Ok(2)
        );
    }

    proptest! {
        #[test]
        fn every_batch_reads_back_as_it_was(
            narrow in proptest::collection::vec((any::<u64>(), any::<u64>()), 0..200),
            wide in proptest::collection::vec((any::<u128>(), any::<u128>()), 0..200),
            shift in 0u32..64,
        ) {
            // Numbers of every length, not only the large ones most random numbers are.
            let narrow: Vec<(u64, u64)> = narrow
                .iter()
                .map(|&(word, count)| (word >> shift, count >> (63 - shift)))
                .collect();
            let mut bytes = Vec::new();
            pack(&narrow, &mut bytes);
            let most = narrow.len() * 17;
            prop_assert!(bytes.len() <= most);
            prop_assert_eq!(unpacked::<u64, u64>(&bytes), Ok(narrow));
            let wide: Vec<(u128, u128)> = wide
                .iter()
                .map(|&(word, count)| (word >> (2 * shift), count >> shift))
                .collect();
            bytes.clear();
            pack(&wide, &mut bytes);
            prop_assert_eq!(unpacked::<u128, u128>(&bytes), Ok(wide));
        }
    }
}
