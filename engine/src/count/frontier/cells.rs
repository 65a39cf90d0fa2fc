//! A frontier state and its step: what the squares still to come need to know of the part of
//! the board already taken, packed in a machine word ([`Word`]).
//!
//! Cell `d` (4 bits at `4 * d`) describes the square `d` places back in the order (cell 0 is
//! the square being taken). A cell holds:
//! - [`DONE`]: the square needs no more moves (or is not on the board yet);
//! - [`FREE`]: the square has no move yet and needs two;
//! - [`LOOSE`]: the square needs one more move, and the other end of its path fragment is an
//!   end of the tour (or the square is itself an end with no move yet);
//! - a label from [`FIRST_LABEL`]: the square needs one more move, and it ends a path fragment
//!   whose other end is the one other cell with the same label.
//!
//! Labels are renumbered in order of first appearance ([`canonical`]), so states that differ
//! only in their names are one state. The tour ends placed are not stored: each is the far
//! end of one [`LOOSE`] cell's fragment ([`Cells::ends`]).

use super::plan::Mirror;
use super::word::Word;

/// The square needs nothing more.
pub(super) const DONE: u8 = 0;
/// The square has no move yet and needs two.
pub(super) const FREE: u8 = 1;
/// The square needs one move; its fragment's other end is an end of the tour.
pub(super) const LOOSE: u8 = 2;
/// The first label of a fragment with two ends on the frontier.
pub(super) const FIRST_LABEL: u8 = 3;

/// A state: a code for each cell of the frontier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Cells<W>(pub(super) W);

/// Where the other end of a fragment is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OtherEnd {
    /// At this cell.
    Cell(usize),
    /// Off the frontier: an end of the tour.
    TourEnd,
}

/// What adding a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Joined {
    /// Two fragments became one, still open on the frontier.
    Fragment,
    /// The move joined the two ends of one fragment: a cycle.
    Cycle,
    /// The move joined two fragments that each run to a tour end: a whole path.
    Path,
}

impl<W: Word> Cells<W> {
    /// The state before any square: nothing on the frontier, no tour end placed.
    pub(super) const EMPTY: Self = Cells(W::ZERO);

    /// Cell `d`.
    pub(super) fn get(self, d: usize) -> u8 {
        (self.0 >> (4 * d as u32)).low_cell()
    }

    /// Sets cell `d`.
    pub(super) fn set(&mut self, d: usize, code: u8) {
        let shift = 4 * d as u32;
        self.0 = (self.0 & !(W::from_code(0xF) << shift)) | (W::from_code(code) << shift);
    }

    /// The tour ends placed so far: each is the far end of a fragment whose near end is
    /// [`LOOSE`] (until the two meet, which closes the tour).
    pub(super) fn ends(self) -> u8 {
        let x = self.0 ^ (W::ONES * W::from_code(LOOSE));
        let nonzero = (x | (x >> 1) | (x >> 2) | (x >> 3)) & W::ONES;
        (W::ONES & !nonzero).count_ones() as u8
    }

    /// Whether every cell of `mask` is [`DONE`].
    pub(super) fn clear_in(self, mask: W) -> bool {
        self.0 & mask == W::ZERO
    }

    /// The cells of `mask` that need a move, as a mask.
    pub(super) fn needing(self, mask: W) -> W {
        let x = self.0 & mask;
        // One bit a cell, then spread over its nibble (no nibble carries into the next).
        ((x | (x >> 1) | (x >> 2) | (x >> 3)) & W::ONES) * W::from_code(0xF)
    }

    /// The cells of `mask` that are [`FREE`], as a mask.
    pub(super) fn free(self, mask: W) -> W {
        // XOR with the pattern of ones makes a FREE nibble zero.
        let x = (self.0 ^ W::ONES) & mask;
        let nonzero = (x | (x >> 1) | (x >> 2) | (x >> 3)) & W::ONES;
        (mask & W::ONES & !nonzero) * W::from_code(0xF)
    }

    /// The state one square on: every cell of the frontier (`frontier`, a mask) one place
    /// further back, cell 0 empty.
    pub(super) fn shifted(self, frontier: W) -> Self {
        Cells((self.0 & frontier) << 4)
    }

    /// The state without the cells off the frontier (`frontier`, a mask): the one that has
    /// just left it.
    pub(super) fn truncated(self, frontier: W) -> Self {
        Cells(self.0 & frontier)
    }

    /// The other end of the fragment that ends at cell `d` (which needs a move).
    fn other_end(self, d: usize) -> OtherEnd {
        match self.get(d) {
            FREE => OtherEnd::Cell(d),
            LOOSE => OtherEnd::TourEnd,
            label => {
                let same = self.cells_holding(label) & !(W::ONE << (4 * d as u32));
                if same == W::ZERO {
                    OtherEnd::TourEnd
                } else {
                    OtherEnd::Cell(same.trailing_zeros() as usize / 4)
                }
            }
        }
    }

    /// The lowest bit of every cell holding `code`.
    fn cells_holding(self, code: u8) -> W {
        // XOR zeroes the nibbles that hold the code.
        let x = self.0 ^ (W::ONES * W::from_code(code));
        W::ONES & !((x | (x >> 1) | (x >> 2) | (x >> 3)) & W::ONES)
    }

    /// The lowest bit of every cell holding a label (a code of 3 or more).
    fn labelled_cells(self) -> W {
        let bit = |shift: u32| (self.0 >> shift) & W::ONES;
        bit(3) | bit(2) | (bit(1) & bit(0))
    }

    /// A label no cell holds.
    fn unused_label(self) -> u8 {
        let mut used = 0u32;
        let mut cells = self.labelled_cells();
        while cells != W::ZERO {
            used |= 1 << self.get(cells.trailing_zeros() as usize / 4);
            cells = cells & (cells - W::ONE);
        }
        (FIRST_LABEL..16)
            .find(|&label| used & (1 << label) == 0)
            .expect("a frontier of at most MAX_WINDOW cells has a label to spare")
    }

    /// Adds the move between cells `a` and `b`, both needing a move: their fragments become
    /// one, or close into a [`Joined::Cycle`] or a whole [`Joined::Path`] (the caller decides
    /// whether that may happen here).
    pub(super) fn join(&mut self, a: usize, b: usize) -> Joined {
        let (end_a, end_b) = (self.other_end(a), self.other_end(b));
        let joined = if end_a == OtherEnd::Cell(b) {
            Joined::Cycle
        } else if (end_a, end_b) == (OtherEnd::TourEnd, OtherEnd::TourEnd) {
            Joined::Path
        } else {
            Joined::Fragment
        };
        for d in [a, b] {
            // A free square is now a fragment's end (relabelled below); one that needed a
            // single move needs none.
            let after = if self.get(d) == FREE { FREE } else { DONE };
            self.set(d, after);
        }
        if joined != Joined::Fragment {
            return joined;
        }
        match (end_a, end_b) {
            (OtherEnd::Cell(x), OtherEnd::Cell(y)) => {
                // Clear the ends' old labels first, so the new one is unused by both.
                self.set(x, DONE);
                self.set(y, DONE);
                let label = self.unused_label();
                self.set(x, label);
                self.set(y, label);
            }
            (OtherEnd::Cell(x), OtherEnd::TourEnd) | (OtherEnd::TourEnd, OtherEnd::Cell(x)) => {
                self.set(x, LOOSE);
            }
            (OtherEnd::TourEnd, OtherEnd::TourEnd) => unreachable!("a whole path returned above"),
        }
        Joined::Fragment
    }
}

/// Of a state after the last square of a row and its mirror image about the middle column,
/// the one with the smaller code, with its labels renumbered (see [`canonical`]). A state
/// with a cell not done outside the whole rows of the frontier is its own image.
pub(super) fn canonical_mirrored<W: Word>(cells: Cells<W>, mirror: &Mirror) -> Cells<W> {
    let plain = canonical(cells);
    if cells.0 & !W::narrow(mirror.whole_rows) != W::ZERO {
        return plain;
    }
    let mut image = Cells::EMPTY;
    for (d, &to) in mirror.image.iter().enumerate() {
        image.set(usize::from(to), cells.get(d));
    }
    plain.min(canonical(image))
}

/// `cells` with its labels renumbered from [`FIRST_LABEL`] in order of first appearance.
pub(super) fn canonical<W: Word>(cells: Cells<W>) -> Cells<W> {
    let mut renamed = [0u8; 16];
    let mut next = FIRST_LABEL;
    let mut out = cells;
    let mut labelled = cells.labelled_cells();
    while labelled != W::ZERO {
        let d = labelled.trailing_zeros() as usize / 4;
        labelled = labelled & (labelled - W::ONE);
        let slot = &mut renamed[usize::from(cells.get(d))];
        if *slot == 0 {
            *slot = next;
            next += 1;
        }
        out.set(d, *slot);
    }
    out
}
