//! Folding: a board whose blocks repeat, held as a small board with every long run of equal
//! blocks cut short, and the map from the board's rows and columns to the small one's.
//!
//! A block's links after the joins depend only on its block tour and on which of its sides are
//! joined: a join rewires the same squares of a block along the same relative moves whoever
//! its neighbour is, and the links store moves, not squares. So the blocks of a run of equal
//! blocks (equal block tours, each joined on both sides) hold the same bytes, and the links of the
//! whole board are those of a *folded* board on which every run of more than [`KEEP`] equal
//! blocks keeps [`KEEP`] of them: its first, [`KEEP`] − 2 from its middle, and its last. The
//! construction lays and joins the folded board only (a few hundred squares a side, whatever
//! the board), and a walk reads the board's links through the folded one: each row and column
//! of the board has a row and column of the folded board ([`Axis`]), so square `(r, c)` holds
//! the byte of square `(rows(r), cols(c))` of the folded board.
//!
//! Within a run the `i`-th middle block folds onto middle block `1 + (i − 1) mod (KEEP − 2)`,
//! so the map shifts a whole stretch of `KEEP − 2` blocks by one amount ([`Window`]) and a walk
//! looks the map up again only when it leaves such a stretch. A construction that tells its
//! story folds nothing ([`UNFOLDED`]): the folded board is then the board itself.

use std::iter;

/// Blocks kept of a long run: its first, its last and eight from its middle.
pub const KEEP: u32 = 10;

/// A fold that keeps every block: the folded board is the board.
pub const UNFOLDED: u32 = u32::MAX;

/// Blocks along one side of a board, in order, as runs of equal blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Runs<T> {
    runs: Vec<(T, u32)>,
}

impl<T> Default for Runs<T> {
    fn default() -> Self {
        Self { runs: Vec::new() }
    }
}

impl<T: Copy + PartialEq> Runs<T> {
    /// No blocks.
    pub fn new() -> Self {
        Self::default()
    }

    /// One run of `count` blocks `item`.
    pub fn of(item: T, count: u32) -> Self {
        let mut runs = Self::new();
        runs.push(item, count);
        runs
    }

    /// Appends `count` blocks `item` (to the last run, if it holds the same block).
    pub fn push(&mut self, item: T, count: u32) {
        if count == 0 {
            return;
        }
        match self.runs.last_mut() {
            Some((last, n)) if *last == item => *n += count,
            _ => self.runs.push((item, count)),
        }
    }

    /// Appends the blocks of `other`.
    pub fn extend(&mut self, other: &Runs<T>) {
        for &(item, count) in &other.runs {
            self.push(item, count);
        }
    }

    /// The runs: each block and how many times it comes in a row.
    pub fn runs(&self) -> &[(T, u32)] {
        &self.runs
    }

    /// The same blocks in the opposite order.
    pub fn reversed(&self) -> Self {
        Self {
            runs: self.runs.iter().rev().copied().collect(),
        }
    }

    /// How many blocks.
    pub fn count(&self) -> u64 {
        self.runs.iter().map(|&(_, n)| u64::from(n)).sum()
    }

    /// Whether there are no blocks.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// The last block.
    pub fn last(&self) -> Option<T> {
        self.runs.last().map(|&(item, _)| item)
    }

    /// The blocks of the folded side, in order: each run cut to at most `keep` blocks.
    pub fn folded(&self, keep: u32) -> Vec<T> {
        self.runs
            .iter()
            .flat_map(|&(item, n)| iter::repeat_n(item, kept(n, keep) as usize))
            .collect()
    }

    /// Where block number `block` lies among the blocks of [`Runs::folded`] with `keep`:
    /// the block of the folded side that holds the same block tour.
    pub fn folded_index(&self, keep: u32, block: u64) -> Option<usize> {
        let (mut number, mut folded) = (0u64, 0usize);
        for &(_, count) in &self.runs {
            let kept = kept(count, keep);
            if block < number + u64::from(count) {
                let within = (block - number) as u32;
                let rep = if count == kept || within == 0 {
                    within
                } else if within == count - 1 {
                    kept - 1
                } else {
                    1 + (within - 1) % (kept - 2)
                };
                return Some(folded + rep as usize);
            }
            number += u64::from(count);
            folded += kept as usize;
        }
        None
    }

    /// The sum of `measure` over every block (a side's length, from the blocks' widths).
    #[cfg(test)]
    pub fn total(&self, measure: impl Fn(T) -> u32) -> u64 {
        self.runs
            .iter()
            .map(|&(item, n)| u64::from(measure(item)) * u64::from(n))
            .sum()
    }
}

impl Runs<u32> {
    /// The block that holds coordinate `x` of a side cut into these widths: its number and
    /// its first coordinate; `None` past the side's end.
    pub fn block_at(&self, x: u32) -> Option<(u64, u32)> {
        let (mut number, mut first) = (0u64, 0u32);
        for &(width, count) in &self.runs {
            let len = width * count;
            if x < first + len {
                let within = (x - first) / width;
                return Some((number + u64::from(within), first + within * width));
            }
            number += u64::from(count);
            first += len;
        }
        None
    }

    /// The same blocks, each tagged with the stretch it lies in, so that every block numbered in
    /// `marks` is a run of its own and no run reaches across one: runs of equal tagged blocks then
    /// hold equal block tours when the block tours depend on where a block lies from the marks.
    pub fn marked(&self, marks: &[u64]) -> Runs<(u32, u32)> {
        let mut marks = marks.to_vec();
        marks.sort_unstable();
        marks.dedup();
        let tag = |block: u64| {
            let before = marks.partition_point(|&mark| mark < block);
            if marks.get(before) == Some(&block) {
                2 * before as u32 + 1
            } else {
                2 * before as u32
            }
        };
        let mut tagged = Runs::new();
        let mut number = 0u64;
        for &(width, count) in &self.runs {
            let end = number + u64::from(count);
            while number < end {
                // The stretch of this run up to the next mark, or the mark itself.
                let next_mark = marks
                    .iter()
                    .copied()
                    .find(|&mark| mark >= number)
                    .unwrap_or(u64::MAX);
                let stretch_end = if next_mark == number {
                    number + 1
                } else {
                    next_mark.min(end)
                };
                tagged.push((width, tag(number)), (stretch_end - number) as u32);
                number = stretch_end;
            }
        }
        tagged
    }
}

/// Blocks a run of `count` keeps under a fold of `keep` (at least 3).
fn kept(count: u32, keep: u32) -> u32 {
    count.min(keep.max(3))
}

/// One run of equal blocks on an axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    /// First coordinate on the board.
    full: u32,
    /// First coordinate on the folded board.
    folded: u32,
    /// Width of each block.
    width: u32,
    /// Blocks in the run.
    count: u32,
    /// Blocks kept on the folded board.
    kept: u32,
}

/// Where a coordinate of the board lies on the folded board, and the stretch of coordinates
/// around it that the fold shifts by the same amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The coordinate on the folded board.
    pub folded: u32,
    /// The first coordinate of the stretch.
    pub first: u32,
    /// How many coordinates the stretch holds.
    pub len: u32,
}

/// How the rows (or the columns) of a board map to those of its folded board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Axis {
    spans: Vec<Span>,
    len: u32,
    folded_len: u32,
}

impl Axis {
    /// The axis of blocks given as runs of `(width, count)`, each run folded to at most `keep`
    /// blocks as [`Runs::folded`] folds it.
    pub fn new(runs: impl IntoIterator<Item = (u32, u32)>, keep: u32) -> Self {
        let mut spans = Vec::new();
        let (mut full, mut folded) = (0u32, 0u32);
        for (width, count) in runs {
            if count == 0 {
                continue;
            }
            let kept = kept(count, keep);
            spans.push(Span {
                full,
                folded,
                width,
                count,
                kept,
            });
            full += width * count;
            folded += width * kept;
        }
        Self {
            spans,
            len: full,
            folded_len: folded,
        }
    }

    /// An axis of `len` coordinates that folds nothing.
    pub fn whole(len: u32) -> Self {
        Self::new([(len, 1)], UNFOLDED)
    }

    /// The axis of `runs` of blocks, `width` giving each block's width.
    pub fn of<T: Copy + PartialEq>(runs: &Runs<T>, keep: u32, width: impl Fn(T) -> u32) -> Self {
        Self::new(runs.runs().iter().map(|&(item, n)| (width(item), n)), keep)
    }

    /// Coordinates on the board.
    pub fn len(&self) -> u32 {
        self.len
    }

    /// Coordinates on the folded board.
    pub fn folded_len(&self) -> u32 {
        self.folded_len
    }

    /// Where `x` lies on the folded board, with the stretch around it that folds by the same
    /// shift; `None` off the board.
    pub fn locate(&self, x: u32) -> Option<Window> {
        if x >= self.len {
            return None;
        }
        let at = self.spans.partition_point(|span| span.full <= x) - 1;
        let Span {
            full,
            folded,
            width,
            count,
            kept,
        } = self.spans[at];
        let (block, within) = ((x - full) / width, (x - full) % width);
        // Blocks `first .. end` of the run fold onto blocks `rep - (block - first) ..`.
        let (rep, first, end) = if count == kept {
            (block, 0, count)
        } else {
            let period = kept - 2;
            if block == count - 1 {
                (kept - 1, block, count)
            } else if block <= period {
                (block, 0, period + 1)
            } else {
                let t = (block - 1) / period;
                let first = 1 + t * period;
                (
                    1 + (block - 1) % period,
                    first,
                    (first + period).min(count - 1),
                )
            }
        };
        Some(Window {
            folded: folded + rep * width + within,
            first: full + first * width,
            len: (end - first) * width,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The folded coordinate of every coordinate, block by block, as the folding rule says.
    fn by_rule(runs: &[(u32, u32)], keep: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut folded_start = 0;
        for &(width, count) in runs {
            let kept = kept(count, keep);
            for block in 0..count {
                let rep = if count == kept {
                    block
                } else if block == 0 {
                    0
                } else if block == count - 1 {
                    kept - 1
                } else {
                    1 + (block - 1) % (kept - 2)
                };
                for within in 0..width {
                    out.push(folded_start + rep * width + within);
                }
            }
            folded_start += kept * width;
        }
        out
    }

    #[test]
    fn every_coordinate_folds_by_the_rule_and_its_window_shifts_alike() {
        let cases: [&[(u32, u32)]; 5] = [
            &[(8, 1)],
            &[(8, 3), (6, 1)],
            &[(8, 40), (6, 1), (10, 1)],
            &[(6, 1), (8, 11), (7, 1), (8, 12), (10, 1)],
            &[(3, 100), (4, 9), (5, 10), (8, 25)],
        ];
        for runs in cases {
            for keep in [3, 4, KEEP, UNFOLDED] {
                let axis = Axis::new(runs.iter().copied(), keep);
                let expected = by_rule(runs, keep);
                assert_eq!(axis.len() as usize, expected.len());
                for (x, &folded) in expected.iter().enumerate() {
                    let window = axis.locate(x as u32).unwrap();
                    assert_eq!(window.folded, folded, "{runs:?} keep {keep}: {x}");
                    assert!((window.first..window.first + window.len).contains(&(x as u32)));
                    for y in window.first..window.first + window.len {
                        let shifted = i64::from(window.folded) + i64::from(y) - x as i64;
                        assert_eq!(shifted, i64::from(expected[y as usize]), "{runs:?}: {y}");
                    }
                }
                assert_eq!(axis.locate(axis.len()), None);
                let folded_len = expected.iter().max().map_or(0, |&m| m + 1);
                assert_eq!(axis.folded_len(), folded_len, "{runs:?} keep {keep}");
            }
        }
    }

    #[test]
    fn marks_cut_runs_so_that_each_marked_block_folds_on_its_own() {
        let mut runs = Runs::of(8u32, 40);
        runs.push(6, 1);
        runs.push(8, 30);
        // Blocks 0, 17 and 41 marked, and 17 twice.
        let marked = runs.marked(&[41, 17, 0, 17]);
        assert_eq!(marked.count(), runs.count());
        let widths: Vec<u32> = marked.folded(UNFOLDED).iter().map(|&(w, _)| w).collect();
        assert_eq!(widths, runs.folded(UNFOLDED));
        for block in [0, 17, 41] {
            let folded = marked.folded_index(KEEP, block).unwrap();
            let tag = marked.folded(KEEP)[folded].1;
            // Nothing else folds onto a marked block.
            let sharing = (0..marked.count())
                .filter(|&other| {
                    marked.folded(KEEP)[marked.folded_index(KEEP, other).unwrap()].1 == tag
                })
                .count();
            assert_eq!(sharing, 1, "block {block}");
        }
        // Every block folds where the axis of the marked runs puts its first coordinate.
        let axis = Axis::of(&marked, KEEP, |(w, _)| w);
        let folded = marked.folded(KEEP);
        let len = runs.total(|w| w) as u32;
        assert_eq!(runs.block_at(len - 1), Some((runs.count() - 1, len - 8)));
        assert_eq!(runs.block_at(len), None);
        for block in 0..marked.count() {
            let start: u32 = (0..block).map(|b| if b == 40 { 6 } else { 8 }).sum();
            assert_eq!(runs.block_at(start), Some((block, start)));
            let index = marked.folded_index(KEEP, block).unwrap();
            let folded_start: u32 = folded[..index].iter().map(|&(w, _)| w).sum();
            assert_eq!(
                axis.locate(start).unwrap().folded,
                folded_start,
                "block {block}"
            );
        }
    }

    #[test]
    fn runs_merge_equal_neighbours_and_fold_each_run() {
        let mut runs = Runs::of(8u32, 5);
        runs.push(8, 20);
        runs.push(6, 1);
        runs.push(6, 0);
        assert_eq!(runs.runs(), &[(8, 25), (6, 1)]);
        assert_eq!(runs.count(), 26);
        assert_eq!(runs.total(|w| w), 206);
        assert_eq!(runs.folded(KEEP), [vec![8; 10], vec![6]].concat());
        assert_eq!(runs.folded(UNFOLDED).len(), 26);
        assert_eq!(runs.reversed().runs(), &[(6, 1), (8, 25)]);
        let axis = Axis::of(&runs, KEEP, |w| w);
        assert_eq!(axis.folded_len(), 86);
        assert_eq!(Axis::whole(7).locate(6).unwrap().len, 7);
    }
}
