//! What a tour file's board of any shape ([`Shape`]: holes, and clues) is compared with: the
//! holes a file gives against those of the shape asked for. The tour itself is checked by the
//! engine's [`Validator`](knights_tour_engine::tour::Validator), made on the shape.

use std::collections::TryReserveError;

use knights_tour_engine::board::Square;
use knights_tour_engine::shape::Shape;

/// Where `holes` (as a file gives them) and the holes of `shape` first disagree: the square,
/// and whether the file has it as a hole. Both in any order; repeats count once.
pub(super) fn first_difference(
    holes: &[Square],
    shape: &Shape,
) -> Result<Option<(Square, bool)>, TryReserveError> {
    let mut given = Vec::new();
    given.try_reserve_exact(holes.len())?;
    given.extend_from_slice(holes);
    given.sort_unstable();
    given.dedup();
    let (mut a, mut b) = (given.iter().peekable(), shape.holes().iter().peekable());
    loop {
        return Ok(match (a.peek(), b.peek()) {
            (None, None) => None,
            (Some(&&x), Some(&&y)) if x == y => {
                a.next();
                b.next();
                continue;
            }
            (Some(&&x), Some(&&y)) if x < y => Some((x, true)),
            (Some(_), Some(&&y)) | (None, Some(&&y)) => Some((y, false)),
            (Some(&&x), None) => Some((x, true)),
        });
    }
}
