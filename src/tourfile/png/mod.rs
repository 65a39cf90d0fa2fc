//! `solve --format png`: the tour as a raster picture, each square coloured by when the tour
//! visits it (the visit-order [`Ramp`]: dark violet first, yellow last), so that the order of
//! a construction's blocks and the way a search winds show at a glance.
//!
//! The size follows the board ([`PngLayout::of`]): a board of at most [`MAX_PICTURE_SIDE`]
//! squares a side gets whole pixels a square, as many as bring its longer side near
//! [`TARGET_SIDE`] pixels (at most [`MOST_PIXELS_PER_SQUARE`]); from [`PATH_FROM_PIXELS`]
//! pixels a square the path is drawn too (a dark line on a white halo through the centres,
//! the start a green disc, the end a red ring, a closed tour's closing move dashed red), and
//! where the squares have room the visit numbers. A larger board is scaled down: each pixel
//! stands for a block of `k × k` squares, coloured by their mean visit order, `k` the least
//! that brings the picture within 4096 pixels a side.
//!
//! On a board of any shape a hole is white ([`HOLE`]), with no number; a block of squares is
//! coloured by the mean order of its open squares, and white when it has none.
//!
//! Memory: the visit order of each square (or the sum over each pixel's block) as one `u32`,
//! reserved fallibly and stated up front by [`PngLayout::memory_needed`]. The tour is read in
//! visit order through [`VisitOrder`], so a constructed tour is walked, never held: the PNG of a
//! 10^9-square board takes the picture's memory alone. The picture itself is streamed to the
//! `png` crate's `StreamWriter` one band of rows at a time, compressed at its balanced level (a
//! 4096×4096 tour: 128 KB in about 0.2 s, where its fastest level writes 1.8 MB in 0.13 s).

use std::io::{self, Write};

use ::png::{BitDepth, ColorType, Compression, EncodingError};

mod draw;

use super::picture::{HOLE, PictureOptions, RAMP_LEN, Ramp, board_title};
use draw::{Band, Path, centre, draw_path};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::notation::short_name;
use knights_tour_engine::quote::counted;
use knights_tour_engine::tour::VisitOrder;

/// The longest side of a picture in pixels, and of a board drawn one pixel a square.
pub const MAX_PICTURE_SIDE: u32 = 4096;
/// The longer side a small board's picture is enlarged toward, in pixels.
pub(crate) const TARGET_SIDE: u32 = 1024;
/// The most pixels a square is wide.
pub(crate) const MOST_PIXELS_PER_SQUARE: u32 = 40;
/// From this many pixels a square the path is drawn over the squares.
pub(crate) const PATH_FROM_PIXELS: u32 = 8;
/// Bytes the encoder may hold besides the rows (its compressor's state and chunk buffer).
const ENCODER_MEMORY: u64 = 4 << 20;

/// How the board's squares become pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// Each square is drawn as this many pixels a side.
    Enlarged(u32),
    /// Each pixel stands for a block of this many squares a side.
    Reduced(u32),
}

/// The picture's size and scale, which follow from the board alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PngLayout {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Pixels a square, or squares a pixel.
    pub scale: Scale,
}

impl PngLayout {
    /// The layout of the picture of a tour of `board`.
    pub fn of(board: Board) -> Self {
        let (rows, cols) = (board.rows(), board.cols());
        let longer = rows.max(cols);
        if longer > MAX_PICTURE_SIDE {
            let k = longer.div_ceil(MAX_PICTURE_SIDE);
            Self {
                width: cols.div_ceil(k),
                height: rows.div_ceil(k),
                scale: Scale::Reduced(k),
            }
        } else {
            let pixels = (TARGET_SIDE / longer).clamp(1, MOST_PIXELS_PER_SQUARE);
            Self {
                width: cols * pixels,
                height: rows * pixels,
                scale: Scale::Enlarged(pixels),
            }
        }
    }

    /// Whether the path, the marks and the closing move are drawn over the squares.
    pub fn draws_path(&self) -> bool {
        matches!(self.scale, Scale::Enlarged(pixels) if pixels >= PATH_FROM_PIXELS)
    }

    /// The size of one digit's dots in pixels when the visit numbers of `board` are drawn;
    /// `None` when its squares have no room for them.
    pub(crate) fn digit_scale(&self, board: Board) -> Option<u32> {
        let Scale::Enlarged(pixels) = self.scale else {
            return None;
        };
        let digits = board.area().to_string().len() as u32;
        // Three dots and a gap a digit, within six tenths of a square across and half of it
        // down.
        let scale = (pixels * 6 / 10 / (4 * digits - 1)).min(pixels / 10);
        (scale >= 1 && self.draws_path()).then_some(scale)
    }

    /// The grid the visit order is kept in: a cell a square, or a cell a pixel when reduced.
    fn cells(&self, board: Board) -> (u32, u32) {
        match self.scale {
            Scale::Enlarged(_) => (board.rows(), board.cols()),
            Scale::Reduced(_) => (self.height, self.width),
        }
    }

    /// Bytes the picture of a tour of `board` holds besides the tour: four a cell, a band of
    /// rows and the encoder.
    pub fn memory_needed(&self, board: Board) -> u64 {
        let (rows, cols) = self.cells(board);
        let band = match self.scale {
            Scale::Enlarged(pixels) => u64::from(pixels),
            Scale::Reduced(_) => 1,
        };
        u64::from(rows) * u64::from(cols) * 4 + band * u64::from(self.width) * 3 + ENCODER_MEMORY
    }
}

/// Writes `tour` as a PNG picture to `out`. Only `options.numbers` matters: the squares are
/// always coloured by visit order. Numbers are drawn where the squares have room
/// (`PngLayout::digit_scale`).
pub fn write_png(
    out: &mut impl Write,
    tour: &impl VisitOrder,
    options: &PictureOptions,
) -> io::Result<()> {
    let board = tour.board();
    let layout = PngLayout::of(board);
    let order = CellOrder::of(tour, &layout)?;
    let mut watched = Watched {
        inner: out,
        broken: false,
    };
    let result = encode(&mut watched, tour, &layout, &order, options);
    // The encoder turns every failure of the writer into its own error; a closed pipe must
    // stay one, so that `| head` ends quietly.
    match result {
        Err(_) if watched.broken => Err(io::ErrorKind::BrokenPipe.into()),
        Err(EncodingError::IoError(error)) => Err(error),
        Err(error) => Err(io::Error::other(error)),
        Ok(()) => Ok(()),
    }
}

/// A writer that remembers whether the reader went away.
struct Watched<W> {
    inner: W,
    broken: bool,
}

impl<W: Write> Write for Watched<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(data);
        self.broken |= matches!(&written, Err(e) if e.kind() == io::ErrorKind::BrokenPipe);
        written
    }

    fn flush(&mut self) -> io::Result<()> {
        let flushed = self.inner.flush();
        self.broken |= matches!(&flushed, Err(e) if e.kind() == io::ErrorKind::BrokenPipe);
        flushed
    }
}

fn encode(
    out: &mut impl Write,
    tour: &impl VisitOrder,
    layout: &PngLayout,
    order: &CellOrder,
    options: &PictureOptions,
) -> Result<(), EncodingError> {
    let board = tour.board();
    let mut encoder = ::png::Encoder::new(out, layout.width, layout.height);
    encoder.set_color(ColorType::Rgb);
    encoder.set_depth(BitDepth::Eight);
    // Pictures are kept and shared: a file a tenth the size is worth half as long again.
    encoder.set_compression(Compression::Balanced);
    let kind = if tour.is_closed() { "Closed" } else { "Open" };
    let title = format!(
        "{kind} {}'s tour of {} from {}",
        tour.piece(),
        board_title(tour),
        short_name(board, board.square_at(tour.square_of_visit(0)))
    );
    encoder.add_text_chunk("Title".into(), title)?;
    let scale = match layout.scale {
        Scale::Enlarged(pixels) => format!("{} a square", counted(pixels.into(), "pixel")),
        Scale::Reduced(k) => format!("each pixel a block of {k}x{k} squares, their mean order"),
    };
    let holes = if tour.shape().is_some_and(|shape| !shape.holes().is_empty()) {
        ", holes white"
    } else {
        ""
    };
    encoder.add_text_chunk(
        "Description".into(),
        format!("Coloured by visit order, dark violet first, yellow last{holes}; {scale}"),
    )?;
    encoder.add_text_chunk("Software".into(), "knights-tour".into())?;
    let mut png = encoder.write_header()?;
    // Image data in chunks of 64 KB.
    let mut writer = png.stream_writer_with_size(1 << 16)?;
    let ramp = Ramp::new();
    let row_bytes = layout.width as usize * 3;
    match layout.scale {
        Scale::Reduced(k) => {
            let mut row = vec![0u8; row_bytes];
            for y in 0..layout.height {
                let tall = k.min(board.rows() - y * k);
                for x in 0..layout.width {
                    let wide = k.min(board.cols() - x * k);
                    let colour = order.colour(&ramp, y, x, u64::from(tall) * u64::from(wide));
                    let at = x as usize * 3;
                    row[at..at + 3].copy_from_slice(&colour);
                }
                writer.write_all(&row)?;
            }
        }
        Scale::Enlarged(pixels) => {
            let digits = options.numbers.then(|| layout.digit_scale(board)).flatten();
            let path = layout.draws_path().then(|| Path::of(tour));
            let mut band = Band {
                pixels: vec![0u8; row_bytes * pixels as usize],
                width: layout.width,
                top: 0,
                height: pixels,
            };
            for row in 0..board.rows() {
                band.top = row * pixels;
                // The band's first pixel row, square by square, then copied down the band.
                let (first, rest) = band.pixels.split_at_mut(row_bytes);
                for (col, square) in first.chunks_exact_mut(pixels as usize * 3).enumerate() {
                    let colour = order.colour(&ramp, row, col as u32, 1);
                    for pixel in square.chunks_exact_mut(3) {
                        pixel.copy_from_slice(&colour);
                    }
                }
                for copy in rest.chunks_exact_mut(row_bytes) {
                    copy.copy_from_slice(first);
                }
                if let Some(path) = &path {
                    draw_path(&mut band, path, pixels, row);
                }
                if let Some(dot) = digits {
                    for col in 0..board.cols() {
                        let step = order.cells[(row * board.cols() + col) as usize];
                        if step == NO_VISIT {
                            continue;
                        }
                        let centre = centre(Square::new(row, col), pixels);
                        band.number(step as u64 + 1, centre, dot);
                    }
                }
                writer.write_all(&band.pixels)?;
            }
        }
    }
    writer.finish()?;
    png.finish()
}

/// The step of a square the tour does not visit: a hole.
const NO_VISIT: u32 = u32::MAX;

/// When the tour visits each cell: the step of each square ([`NO_VISIT`] on a hole), or the
/// sum over each pixel's block of the steps scaled so that the last is `u32::MAX / block` (a
/// block's sum fits 32 bits).
struct CellOrder {
    cells: Vec<u32>,
    cols: u32,
    /// On a board with holes, reduced: the open squares of each pixel's block.
    open: Option<Vec<u32>>,
    /// Ramp entries per unit of a cell's value, for a cell of one square.
    entries_per_unit: f64,
}

impl CellOrder {
    fn of(tour: &impl VisitOrder, layout: &PngLayout) -> io::Result<Self> {
        let board = tour.board();
        let (rows, cols) = layout.cells(board);
        let count = rows as usize * cols as usize;
        let mut cells = Vec::new();
        cells.try_reserve_exact(count).map_err(|_| {
            io::Error::new(
                io::ErrorKind::OutOfMemory,
                format!(
                    "the PNG of a {board} board needs {} MB more memory than is free",
                    layout.memory_needed(board).div_ceil(1 << 20)
                ),
            )
        })?;
        let holes = tour.shape().map_or(&[][..], |shape| shape.holes());
        let visits = tour.visit_count() as usize;
        let enlarged = matches!(layout.scale, Scale::Enlarged(_));
        cells.resize(count, if enlarged { NO_VISIT } else { 0 });
        let mut open = None;
        let last = tour.visit_count().saturating_sub(1).max(1);
        let top = match layout.scale {
            Scale::Enlarged(_) => {
                tour.for_each_run(0..visits, |first, run| {
                    for (step, &index) in (first..).zip(run) {
                        cells[index as usize] = step as u32;
                    }
                });
                last
            }
            Scale::Reduced(k) => {
                let block = u64::from(k.min(board.rows())) * u64::from(k.min(board.cols()));
                let top = u64::from(u32::MAX) / block;
                if !holes.is_empty() {
                    open = Some(open_squares(board, k, (rows, cols), holes)?);
                }
                // Each step adds `top / last` in 32.32 fixed point, rounded down, so the last
                // step's value is at most `top`. Divisions by multiplications: this loop runs
                // once a square, up to 10^9 times.
                let increment = (top << 32) / last;
                let (by_cols, by_k) = (Divider::new(board.cols()), Divider::new(k));
                let mut value = 0u64;
                tour.for_each_run(0..visits, |_, run| {
                    for &index in run {
                        let row = by_cols.divide(index);
                        let col = index - row * board.cols();
                        let cell =
                            by_k.divide(row) as usize * cols as usize + by_k.divide(col) as usize;
                        cells[cell] += (value >> 32) as u32;
                        value += increment;
                    }
                });
                top
            }
        };
        Ok(Self {
            cells,
            cols,
            open,
            entries_per_unit: (RAMP_LEN - 1) as f64 / top as f64,
        })
    }

    /// The colour of the cell at `row`, `col`, which holds `count` squares: the ramp's at
    /// their mean order, or [`HOLE`] where the tour visits none of them.
    #[inline]
    fn colour(&self, ramp: &Ramp, row: u32, col: u32, count: u64) -> [u8; 3] {
        let cell = row as usize * self.cols as usize + col as usize;
        let count = match &self.open {
            Some(open) => u64::from(open[cell]),
            None => count,
        };
        // A block's sum stays below `NO_VISIT`: its squares' values are distinct and at most
        // `u32::MAX / block`.
        if count == 0 || self.cells[cell] == NO_VISIT {
            return HOLE;
        }
        ramp.at(self.entry(cell, count))
    }

    /// The ramp entry of cell `cell`, which holds `count` squares the tour visits: their mean
    /// order, rounded (a multiplication is monotone, so a later square is never darker).
    #[inline]
    fn entry(&self, cell: usize, count: u64) -> usize {
        let sum = self.cells[cell];
        // Rounded by adding a half: `f64::round` is a call into the C library.
        (f64::from(sum) * self.entries_per_unit / count as f64 + 0.5) as usize
    }
}

/// The open squares of each block of `k × k` squares of `board` (`cells` rows and columns of
/// blocks), less `holes`.
fn open_squares(
    board: Board,
    k: u32,
    (rows, cols): (u32, u32),
    holes: &[Square],
) -> io::Result<Vec<u32>> {
    let mut open = Vec::new();
    open.try_reserve_exact(rows as usize * cols as usize)
        .map_err(|_| io::Error::new(io::ErrorKind::OutOfMemory, "no memory for the holes"))?;
    for y in 0..rows {
        let tall = k.min(board.rows() - y * k);
        open.extend((0..cols).map(|x| tall * k.min(board.cols() - x * k)));
    }
    for hole in holes {
        open[(hole.row / k) as usize * cols as usize + (hole.col / k) as usize] -= 1;
    }
    Ok(open)
}

/// Division of 32-bit numbers by a fixed divisor as a multiplication: `n * ceil(2^64 / d) >>
/// 64` is exactly `n / d` for every 32-bit `n` and `d` of at least 2.
#[derive(Debug, Clone, Copy)]
struct Divider {
    divisor: u32,
    magic: u64,
}

impl Divider {
    fn new(divisor: u32) -> Self {
        Self {
            divisor,
            magic: u64::MAX / u64::from(divisor.max(2)) + 1,
        }
    }

    #[inline(always)]
    fn divide(self, n: u32) -> u32 {
        if self.divisor == 1 {
            return n;
        }
        ((u128::from(n) * u128::from(self.magic)) >> 64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(rows: u64, cols: u64) -> PngLayout {
        PngLayout::of(Board::new(rows, cols).unwrap())
    }

    #[test]
    fn small_boards_are_enlarged_large_ones_one_pixel_a_square_larger_ones_reduced() {
        let eight = layout(8, 8);
        assert_eq!((eight.width, eight.height), (320, 320));
        assert_eq!(eight.scale, Scale::Enlarged(40));
        assert!(eight.draws_path());
        assert_eq!(layout(100, 100).scale, Scale::Enlarged(10));
        assert_eq!(layout(200, 200).scale, Scale::Enlarged(5));
        assert!(!layout(200, 200).draws_path());
        assert_eq!(layout(4096, 4096).scale, Scale::Enlarged(1));
        assert_eq!(
            (layout(4096, 4096).width, layout(4096, 4096).height),
            (4096, 4096)
        );
        let reduced = layout(5000, 9000);
        assert_eq!(reduced.scale, Scale::Reduced(3));
        assert_eq!((reduced.width, reduced.height), (3000, 1667));
        let strip = layout(3, 100_000);
        assert_eq!(strip.scale, Scale::Reduced(25));
        assert_eq!((strip.width, strip.height), (4000, 1));
    }

    #[test]
    fn numbers_fit_the_squares_of_boards_up_to_about_forty_a_side() {
        let board = |side| Board::new(side, side).unwrap();
        assert_eq!(PngLayout::of(board(8)).digit_scale(board(8)), Some(3));
        assert!(PngLayout::of(board(40)).digit_scale(board(40)).is_some());
        assert_eq!(PngLayout::of(board(41)).digit_scale(board(41)), None);
        assert_eq!(PngLayout::of(board(5000)).digit_scale(board(5000)), None);
    }

    #[test]
    fn the_memory_needed_is_four_bytes_a_cell_and_the_rows_in_flight() {
        let board = Board::new(4096, 4096).unwrap();
        let needed = PngLayout::of(board).memory_needed(board);
        assert_eq!(needed, 4096 * 4096 * 4 + 4096 * 3 + ENCODER_MEMORY);
        // Reduced, the cells are the picture's pixels, whatever the board.
        let board = Board::new(30_000, 30_000).unwrap();
        let layout = PngLayout::of(board);
        assert_eq!(layout.scale, Scale::Reduced(8));
        assert_eq!(
            layout.memory_needed(board),
            3750 * 3750 * 4 + 3750 * 3 + ENCODER_MEMORY
        );
    }

    #[test]
    fn division_by_multiplication_is_exact() {
        for divisor in [1, 2, 3, 7, 10, 12, 4097, 31_622, 1_000_000_000, u32::MAX] {
            let by = Divider::new(divisor);
            for n in [
                0,
                1,
                divisor - 1,
                divisor,
                u32::MAX / 2,
                u32::MAX - 1,
                u32::MAX,
            ] {
                assert_eq!(by.divide(n), n / divisor, "{n} / {divisor}");
            }
        }
    }

    #[test]
    fn a_closed_pipe_stays_a_closed_pipe_through_the_encoder() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let board = Board::new(5, 5).unwrap();
        let request = knights_tour_engine::solve::Request::new(board, Square::new(0, 0));
        let knights_tour_engine::solve::Outcome::Tour { tour, .. } =
            knights_tour_engine::solve::solve(&request).unwrap()
        else {
            panic!("5x5 has a tour from a corner");
        };
        let error = write_png(&mut Closed, &tour, &PictureOptions::default()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::BrokenPipe);
    }
}
