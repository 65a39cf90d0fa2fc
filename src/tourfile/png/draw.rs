//! Drawing over a PNG's enlarged squares, one band of pixel rows (one board row) at a time:
//! the path as a dark line on a white halo through the square centres, the start a green disc,
//! the end a red ring, a closed tour's closing move dashed red, and visit numbers in a font of
//! three by five dots. Everything is clipped to the band, so the picture never has to be held
//! whole.

use knights_tour_engine::board::Square;
use knights_tour_engine::tour::VisitOrder;

const HALO: [u8; 3] = [255, 255, 255];
const LINE: [u8; 3] = [20, 20, 32];
const START: [u8; 3] = [46, 125, 50];
const END: [u8; 3] = [198, 40, 40];

/// The centre of `square` in pixels, with squares `pixels` wide.
pub(super) fn centre(square: Square, pixels: u32) -> [f32; 2] {
    let half = pixels as f32 / 2.0;
    [
        (square.col * pixels) as f32 + half,
        (square.row * pixels) as f32 + half,
    ]
}

/// The tour as the picture draws it: its moves as (step, from, to), a closed tour's closing
/// move last (its step is the tour's last), and its first and last squares. Read once, for
/// boards whose squares are large enough for the path: at most a few tens of thousands.
pub(super) struct Path {
    moves: Vec<(usize, Square, Square)>,
    start: Square,
    end: Square,
    /// The closing move's step: the tour's last visit's.
    closing_step: usize,
}

impl Path {
    pub(super) fn of(tour: &impl VisitOrder) -> Self {
        let board = tour.board();
        let squares = tour.visit_count() as usize;
        let mut path = Vec::with_capacity(squares);
        tour.for_each_run(0..squares, |_, run| path.extend_from_slice(run));
        let closing = (tour.is_closed() && squares > 1).then(|| (squares - 1, path[0]));
        let moves = path
            .windows(2)
            .enumerate()
            .map(|(step, pair)| (step, pair[0], pair[1]))
            .chain(closing.map(|(step, first)| (step, path[step], first)))
            .map(|(step, from, to)| (step, board.square_at(from), board.square_at(to)))
            .collect();
        Self {
            moves,
            start: board.square_at(path[0]),
            end: board.square_at(path[squares - 1]),
            closing_step: squares - 1,
        }
    }
}

/// The path, its marks and the closing move where they cross the band of board row `row`.
/// A move spans at most three rows, so only moves whose upper square is within two rows above
/// can reach the band.
pub(super) fn draw_path(band: &mut Band, path: &Path, pixels: u32, row: u32) {
    let core = (pixels as f32 / 12.0).max(1.0);
    let halo = core + 2.0;
    let near: Vec<(usize, Square, Square)> = path
        .moves
        .iter()
        .copied()
        .filter(|(_, from, to)| {
            let upper = from.row.min(to.row);
            upper + 2 >= row && upper <= row
        })
        .collect();
    for (_, from, to) in &near {
        band.segment(centre(*from, pixels), centre(*to, pixels), halo, HALO, None);
    }
    for &(step, from, to) in &near {
        let (colour, dash) = if step == path.closing_step {
            (END, Some(pixels as f32 / 4.0))
        } else {
            (LINE, None)
        };
        band.segment(centre(from, pixels), centre(to, pixels), core, colour, dash);
    }
    let radius = pixels as f32 * 0.22;
    for (square, colour, hollow) in [(path.start, START, false), (path.end, END, true)] {
        if square.row == row {
            let at = centre(square, pixels);
            band.disc(at, radius + 1.5, HALO);
            band.disc(at, radius, colour);
            if hollow {
                band.disc(at, radius * 0.45, HALO);
            }
        }
    }
}

/// A band of pixel rows being drawn: everything is clipped to it.
pub(super) struct Band {
    /// RGB, row by row.
    pub(super) pixels: Vec<u8>,
    /// Pixels a row.
    pub(super) width: u32,
    /// The picture row of the band's first row.
    pub(super) top: u32,
    /// Rows.
    pub(super) height: u32,
}

impl Band {
    fn put(&mut self, x: u32, y: u32, colour: [u8; 3]) {
        if x < self.width && (self.top..self.top + self.height).contains(&y) {
            let at = ((y - self.top) as usize * self.width as usize + x as usize) * 3;
            self.pixels[at..at + 3].copy_from_slice(&colour);
        }
    }

    /// The pixel rows of `y0..y1` within the band.
    fn rows(&self, y0: f32, y1: f32) -> std::ops::Range<u32> {
        let first = (y0.floor().max(0.0) as u32).max(self.top);
        let last = (y1.ceil().max(0.0) as u32).min(self.top + self.height);
        first..last.max(first)
    }

    fn fill_rect(&mut self, x: u32, y: u32, wide: u32, tall: u32, colour: [u8; 3]) {
        for y in self.rows(y as f32, (y + tall) as f32) {
            for x in x..(x + wide).min(self.width) {
                self.put(x, y, colour);
            }
        }
    }

    /// The pixels whose centres lie within `radius` of `at`.
    fn disc(&mut self, [cx, cy]: [f32; 2], radius: f32, colour: [u8; 3]) {
        for y in self.rows(cy - radius, cy + radius) {
            let x0 = (cx - radius).floor().max(0.0) as u32;
            for x in x0..(cx + radius).ceil() as u32 {
                let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
                if dx * dx + dy * dy <= radius * radius {
                    self.put(x, y, colour);
                }
            }
        }
    }

    /// The pixels whose centres lie within `width / 2` of the segment from `a` to `b`; with
    /// `dash`, only every other stretch of that length along it.
    fn segment(
        &mut self,
        a: [f32; 2],
        b: [f32; 2],
        width: f32,
        colour: [u8; 3],
        dash: Option<f32>,
    ) {
        let reach = width / 2.0;
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let length_squared = dx * dx + dy * dy;
        let length = length_squared.sqrt();
        for y in self.rows(a[1].min(b[1]) - reach, a[1].max(b[1]) + reach) {
            let x0 = (a[0].min(b[0]) - reach).floor().max(0.0) as u32;
            let x1 = (a[0].max(b[0]) + reach).ceil() as u32;
            for x in x0..x1 {
                let (px, py) = (x as f32 + 0.5 - a[0], y as f32 + 0.5 - a[1]);
                let along = ((px * dx + py * dy) / length_squared).clamp(0.0, 1.0);
                let (ex, ey) = (px - along * dx, py - along * dy);
                let on = ex * ex + ey * ey <= reach * reach;
                let shown =
                    dash.is_none_or(|dash| ((along * length / dash) as u32).is_multiple_of(2));
                if on && shown {
                    self.put(x, y, colour);
                }
            }
        }
    }

    /// `number` in dots of `dot` pixels, centred on `at`, dark on a light halo.
    pub(super) fn number(&mut self, number: u64, [cx, cy]: [f32; 2], dot: u32) {
        let text = number.to_string();
        let wide = (text.len() as u32 * 4 - 1) * dot;
        let left = (cx - wide as f32 / 2.0).round() as u32;
        let top = (cy - (5 * dot) as f32 / 2.0).round() as u32;
        for ink in [false, true] {
            for (place, digit) in text.bytes().enumerate() {
                let glyph = DIGITS[usize::from(digit - b'0')];
                for (line, bits) in glyph.iter().enumerate() {
                    for column in 0..3u32 {
                        if bits & (0b100 >> column) == 0 {
                            continue;
                        }
                        let x = left + (place as u32 * 4 + column) * dot;
                        let y = top + line as u32 * dot;
                        if ink {
                            self.fill_rect(x, y, dot, dot, LINE);
                        } else {
                            self.fill_rect(
                                x.saturating_sub(1),
                                y.saturating_sub(1),
                                dot + 2,
                                dot + 2,
                                HALO,
                            );
                        }
                    }
                }
            }
        }
    }
}

/// Digits of three by five dots, a row of three bits a line, top to bottom.
const DIGITS: [[u8; 5]; 10] = [
    [0b111, 0b101, 0b101, 0b101, 0b111],
    [0b010, 0b110, 0b010, 0b010, 0b111],
    [0b111, 0b001, 0b111, 0b100, 0b111],
    [0b111, 0b001, 0b111, 0b001, 0b111],
    [0b101, 0b101, 0b111, 0b001, 0b001],
    [0b111, 0b100, 0b111, 0b001, 0b111],
    [0b111, 0b100, 0b111, 0b101, 0b111],
    [0b111, 0b001, 0b001, 0b001, 0b001],
    [0b111, 0b101, 0b111, 0b101, 0b111],
    [0b111, 0b101, 0b111, 0b001, 0b111],
];
