//! What the two pictures of a tour (`svg` and `png`) share: their options
//! ([`PictureOptions`]: visit numbers, on by default up to 16x16, and the colour along the
//! tour) and the visit-order colour [`Ramp`]: the explorer's gradient, dark violet through
//! blue and teal to yellow (viridis), so that a tour looks the same on screen and on paper.
//!
//! Brightness never falls along the ramp: its luma (Rec. 601, `299 R + 587 G + 114 B`) is
//! non-decreasing from the first entry to the last, so a picture read in grey still shows the
//! order of the tour, later squares lighter.
//!
//! A hole of a board of any shape is drawn [`HOLE`], white: the square cut out of the picture,
//! a colour neither on the ramp nor on the board. It has no visit number.

use knights_tour_engine::board::Board;
use knights_tour_engine::tour::VisitOrder;

/// Boards whose sides are both at most this get visit numbers unless told otherwise.
pub const NUMBERS_UP_TO_SIDE: u32 = 16;

/// How a picture of a tour is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PictureOptions {
    /// Each square's visit number written in it.
    pub numbers: bool,
    /// The path coloured along the visit order (an SVG; a PNG's squares always are).
    pub gradient: bool,
}

impl PictureOptions {
    /// The options for `board`: `numbers` when given, else numbers on boards of at most
    /// [`NUMBERS_UP_TO_SIDE`] squares a side.
    pub fn for_board(board: Board, numbers: Option<bool>, gradient: bool) -> Self {
        let small = board.rows().max(board.cols()) <= NUMBERS_UP_TO_SIDE;
        Self {
            numbers: numbers.unwrap_or(small),
            gradient,
        }
    }
}

/// The colour of a hole: the paper the board is cut from.
pub const HOLE: [u8; 3] = [255, 255, 255];

/// What a picture's title calls the board: `8x8`, or `8x8 less 28 holes, 3 clues`.
pub(crate) fn board_title(tour: &impl VisitOrder) -> String {
    match tour.shape() {
        Some(shape) => shape.to_string(),
        None => tour.board().to_string(),
    }
}

/// The stops of the ramp, first move to last (the explorer's `GRADIENT`).
const STOPS: [[u8; 3]; 5] = [
    [68, 1, 84],
    [59, 82, 139],
    [33, 145, 140],
    [94, 201, 98],
    [253, 231, 37],
];

/// Entries in a [`Ramp`]: finer than any eye tells apart, coarse enough to build at once.
pub const RAMP_LEN: usize = 4096;

/// The luma of a colour, `299 R + 587 G + 114 B` (Rec. 601, in thousandths).
pub fn luma([r, g, b]: [u8; 3]) -> u32 {
    299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)
}

/// The ramp as a table of [`RAMP_LEN`] colours, first move to last.
pub struct Ramp {
    colours: Vec<[u8; 3]>,
}

impl Ramp {
    /// The table, interpolated between the stops. An entry whose rounding would make it darker
    /// than the one before takes that one's colour instead, so luma never falls.
    pub fn new() -> Self {
        let mut colours: Vec<[u8; 3]> = Vec::with_capacity(RAMP_LEN);
        for entry in 0..RAMP_LEN {
            let colour = interpolate(entry as f64 / (RAMP_LEN - 1) as f64);
            let colour = match colours.last() {
                Some(&last) if luma(colour) < luma(last) => last,
                _ => colour,
            };
            colours.push(colour);
        }
        Self { colours }
    }

    /// The colour of entry `entry` (clamped to the last).
    #[inline]
    pub fn at(&self, entry: usize) -> [u8; 3] {
        self.colours[entry.min(RAMP_LEN - 1)]
    }

    /// The colour of the moment `fraction` of a tour, 0 the first square and 1 the last.
    pub fn fraction(&self, fraction: f64) -> [u8; 3] {
        let entry = (fraction.clamp(0.0, 1.0) * (RAMP_LEN - 1) as f64).round();
        self.at(entry as usize)
    }
}

impl Default for Ramp {
    fn default() -> Self {
        Self::new()
    }
}

/// The colour at `fraction` of the way along the stops, each channel rounded.
fn interpolate(fraction: f64) -> [u8; 3] {
    let scaled = fraction.clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let low = (scaled.floor() as usize).min(STOPS.len() - 2);
    let within = scaled - low as f64;
    let (from, to) = (STOPS[low], STOPS[low + 1]);
    std::array::from_fn(|channel| {
        let (a, b) = (f64::from(from[channel]), f64::from(to[channel]));
        (a + (b - a) * within).round() as u8
    })
}

/// `colour` as `#rrggbb`.
pub fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ramp_runs_from_the_first_stop_to_the_last_and_never_darkens() {
        let ramp = Ramp::new();
        assert_eq!(ramp.at(0), STOPS[0]);
        assert_eq!(ramp.at(RAMP_LEN - 1), STOPS[4]);
        assert_eq!(ramp.fraction(1.0), STOPS[4]);
        for entry in 1..RAMP_LEN {
            assert!(luma(ramp.at(entry)) >= luma(ramp.at(entry - 1)), "{entry}");
        }
        // Plateaus are a few entries at most: the order shows at any scale.
        assert!(luma(ramp.at(64)) > luma(ramp.at(0)));
        for entry in (64..RAMP_LEN).step_by(64) {
            assert!(luma(ramp.at(entry)) > luma(ramp.at(entry - 64)), "{entry}");
        }
    }

    #[test]
    fn colours_are_written_as_css_hex() {
        assert_eq!(hex([68, 1, 84]), "#440154");
        assert_eq!(hex([253, 231, 37]), "#fde725");
    }
}
