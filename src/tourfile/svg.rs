//! `solve --format svg` and the explorer's `e`: the board and the tour as an SVG picture,
//! streamed to the writer element by element (never built as one string), from any
//! [`VisitOrder`]: a tour held in memory, or a constructed tour walked as it is written.
//!
//! Every square is [`SQUARE`] user units wide, so square `(r, c)` spans `10c..10c+10` across
//! and `10r..10r+10` down and its centre is the whole point `(10c+5, 10r+5)`; the `viewBox`
//! is the board, and the picture scales cleanly to any size. Other lengths have at most one
//! decimal. From back to front:
//!
//! - `<g id="board">`: one `<rect>` of the board in the light colour and one `<rect>` a dark
//!   square (the square `(0,0)` is light), or, above [`PATTERN_ABOVE`] squares, a single
//!   `<rect>` filled with a two-by-two `<pattern>`, so that a large board costs a few bytes;
//! - on a board of any shape, `<g id="holes">`: one `<rect>` a hole, in the [`HOLE`] colour;
//! - `<polyline id="tour">` through the square centres in visit order; with
//!   [`PictureOptions::gradient`], `<g id="tour">` of up to [`GRADIENT_PIECES`] polylines, each
//!   beginning where the last ended and coloured along the visit-order [`Ramp`];
//! - `<line id="closing">`: a closed tour's move from its last square back to its first,
//!   dashed, in the end mark's red;
//! - `<circle id="start">` (a filled disc) and `<circle id="end">` (a ring);
//! - with [`PictureOptions::numbers`], `<g id="numbers">`: each square's visit number, in visit
//!   order, on a halo of the light colour so that the path never hides it; a square given
//!   its number (a clue) has it in bold. Holes have none.

use std::io::{self, Write};
use std::ops::Range;

use super::picture::{HOLE, PictureOptions, Ramp, board_title, hex};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::notation::short_name;
use knights_tour_engine::tour::VisitOrder;

/// User units a square is wide and high.
pub(crate) const SQUARE: u64 = 10;
/// Boards of more squares than this are drawn with a `<pattern>` instead of a `<rect>` a
/// square.
pub const PATTERN_ABOVE: u64 = 100_000;
/// The most pieces of a gradient path: a smooth colour change for a few bytes a piece.
pub(crate) const GRADIENT_PIECES: u64 = 128;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const PATH: &str = "#1f3b73";
const START: &str = "#2e7d32";
const END: &str = "#c62828";
const INK: &str = "#111111";
/// The path's width, in user units.
const PATH_WIDTH: &str = "1.5";
/// The longer side of the picture's default display size, in pixels, beyond 20 squares.
const DISPLAY_SIDE: u64 = 800;

/// Bytes gathered before they go to the writer, when an element is long.
const FLUSH_AT: usize = 1 << 16;

/// Writes `tour` as an SVG picture to `out`. A walked tour is read once for the path, once
/// more for the numbers when they are drawn.
pub fn write_svg(
    out: &mut impl Write,
    tour: &impl VisitOrder,
    options: &PictureOptions,
) -> io::Result<()> {
    let board = tour.board();
    let squares = tour.visit_count() as usize;
    let (first, last) = (
        board.square_at(tour.square_of_visit(0)),
        board.square_at(tour.square_of_visit(squares - 1)),
    );
    write_header(out, tour, first)?;
    write_board(out, board)?;
    if let Some(shape) = tour.shape().filter(|shape| !shape.holes().is_empty()) {
        write_holes(out, shape.holes())?;
    }
    if options.gradient {
        write_gradient_path(out, tour)?;
    } else {
        write!(
            out,
            "<polyline id=\"tour\" fill=\"none\" stroke=\"{PATH}\" stroke-width=\"{PATH_WIDTH}\" \
             stroke-linejoin=\"round\" stroke-linecap=\"round\" points=\""
        )?;
        write_points(out, tour, 0..squares)?;
        out.write_all(b"\"/>\n")?;
    }
    if tour.is_closed() && squares > 1 {
        let ([x1, y1], [x2, y2]) = (centre(last), centre(first));
        writeln!(
            out,
            "<line id=\"closing\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" \
             stroke=\"{END}\" stroke-width=\"{PATH_WIDTH}\" stroke-dasharray=\"3 2\"/>"
        )?;
    }
    let [x, y] = centre(first);
    writeln!(
        out,
        "<circle id=\"start\" cx=\"{x}\" cy=\"{y}\" r=\"3\" fill=\"{START}\"/>"
    )?;
    let [x, y] = centre(last);
    writeln!(
        out,
        "<circle id=\"end\" cx=\"{x}\" cy=\"{y}\" r=\"2.5\" fill=\"none\" stroke=\"{END}\" \
         stroke-width=\"1.5\"/>"
    )?;
    if options.numbers {
        write_numbers(out, tour)?;
    }
    out.write_all(b"</svg>\n")
}

/// The centre of `square`, in user units.
fn centre(square: Square) -> [u64; 2] {
    [
        u64::from(square.col) * SQUARE + SQUARE / 2,
        u64::from(square.row) * SQUARE + SQUARE / 2,
    ]
}

/// The XML declaration, the `<svg>` element with its `viewBox` and display size, and a title
/// naming the tour's first square.
fn write_header(out: &mut impl Write, tour: &impl VisitOrder, first: Square) -> io::Result<()> {
    let board = tour.board();
    let (cols, rows) = (u64::from(board.cols()), u64::from(board.rows()));
    let longer = cols.max(rows);
    let (width, height) = if longer <= 20 {
        (cols * 40, rows * 40)
    } else {
        let scaled = |side: u64| (side * DISPLAY_SIDE).div_ceil(longer).max(1);
        (scaled(cols), scaled(rows))
    };
    let kind = if tour.is_closed() { "Closed" } else { "Open" };
    writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{width}\" \
         height=\"{height}\">",
        cols * SQUARE,
        rows * SQUARE
    )?;
    writeln!(
        out,
        "<title>{kind} {}'s tour of {} from {}</title>",
        tour.piece(),
        board_title(tour),
        short_name(board, first)
    )
}

/// The light and dark squares.
fn write_board(out: &mut impl Write, board: Board) -> io::Result<()> {
    let (cols, rows) = (u64::from(board.cols()), u64::from(board.rows()));
    let (width, height) = (cols * SQUARE, rows * SQUARE);
    if board.area() > PATTERN_ABOVE {
        let two = 2 * SQUARE;
        writeln!(
            out,
            "<defs><pattern id=\"squares\" width=\"{two}\" height=\"{two}\" \
             patternUnits=\"userSpaceOnUse\"><rect width=\"{two}\" height=\"{two}\" \
             fill=\"{LIGHT}\"/><rect x=\"{SQUARE}\" width=\"{SQUARE}\" height=\"{SQUARE}\" \
             fill=\"{DARK}\"/><rect y=\"{SQUARE}\" width=\"{SQUARE}\" height=\"{SQUARE}\" \
             fill=\"{DARK}\"/></pattern></defs>"
        )?;
        return writeln!(
            out,
            "<g id=\"board\"><rect width=\"{width}\" height=\"{height}\" \
             fill=\"url(#squares)\"/></g>"
        );
    }
    writeln!(
        out,
        "<g id=\"board\"><rect width=\"{width}\" height=\"{height}\" fill=\"{LIGHT}\"/>"
    )?;
    writeln!(out, "<g fill=\"{DARK}\">")?;
    let mut text = Vec::with_capacity(FLUSH_AT + 64);
    let mut digits = itoa::Buffer::new();
    for row in 0..rows {
        for col in (1 - row % 2..cols).step_by(2) {
            text.extend_from_slice(b"<rect x=\"");
            text.extend_from_slice(digits.format(col * SQUARE).as_bytes());
            text.extend_from_slice(b"\" y=\"");
            text.extend_from_slice(digits.format(row * SQUARE).as_bytes());
            text.extend_from_slice(b"\" width=\"10\" height=\"10\"/>\n");
            if text.len() >= FLUSH_AT {
                out.write_all(&text)?;
                text.clear();
            }
        }
    }
    out.write_all(&text)?;
    out.write_all(b"</g></g>\n")
}

/// The holes of a board of any shape, a square each.
fn write_holes(out: &mut impl Write, holes: &[Square]) -> io::Result<()> {
    writeln!(out, "<g id=\"holes\" fill=\"{}\">", hex(HOLE))?;
    let mut text = Vec::with_capacity(FLUSH_AT + 64);
    let mut digits = itoa::Buffer::new();
    for hole in holes {
        text.extend_from_slice(b"<rect x=\"");
        text.extend_from_slice(digits.format(u64::from(hole.col) * SQUARE).as_bytes());
        text.extend_from_slice(b"\" y=\"");
        text.extend_from_slice(digits.format(u64::from(hole.row) * SQUARE).as_bytes());
        text.extend_from_slice(b"\" width=\"10\" height=\"10\"/>\n");
        if text.len() >= FLUSH_AT {
            out.write_all(&text)?;
            text.clear();
        }
    }
    out.write_all(&text)?;
    out.write_all(b"</g>\n")
}

/// The centres of the squares of the visits `visits`, `x,y` separated by spaces.
fn write_points(
    out: &mut impl Write,
    tour: &impl VisitOrder,
    visits: Range<usize>,
) -> io::Result<()> {
    let board = tour.board();
    let first_visit = visits.start;
    let mut text = Vec::with_capacity(FLUSH_AT + 64);
    let mut digits = itoa::Buffer::new();
    tour.try_for_each_run(visits, |first, run| -> io::Result<()> {
        for (step, &index) in (first..).zip(run) {
            if step > first_visit {
                text.push(b' ');
            }
            let [x, y] = centre(board.square_at(index));
            text.extend_from_slice(digits.format(x).as_bytes());
            text.push(b',');
            text.extend_from_slice(digits.format(y).as_bytes());
            if text.len() >= FLUSH_AT {
                out.write_all(&text)?;
                text.clear();
            }
        }
        Ok(())
    })?;
    out.write_all(&text)
}

/// The path as consecutive pieces coloured along the ramp: piece `i` of `n` takes the moves
/// from `i·m/n` to `(i+1)·m/n` of the tour's `m`, and the colour of its middle.
fn write_gradient_path(out: &mut impl Write, tour: &impl VisitOrder) -> io::Result<()> {
    let moves = tour.visit_count() - 1;
    let pieces = moves.clamp(1, GRADIENT_PIECES);
    let ramp = Ramp::new();
    writeln!(
        out,
        "<g id=\"tour\" fill=\"none\" stroke-width=\"{PATH_WIDTH}\" stroke-linejoin=\"round\" \
         stroke-linecap=\"round\">"
    )?;
    for piece in 0..pieces {
        let (from, to) = (piece * moves / pieces, (piece + 1) * moves / pieces);
        let middle = (from + to) as f64 / 2.0 / moves.max(1) as f64;
        write!(
            out,
            "<polyline stroke=\"{}\" points=\"",
            hex(ramp.fraction(middle))
        )?;
        write_points(out, tour, from as usize..to as usize + 1)?;
        out.write_all(b"\"/>\n")?;
    }
    out.write_all(b"</g>\n")
}

/// Each square's visit number at its centre, in visit order.
fn write_numbers(out: &mut impl Write, tour: &impl VisitOrder) -> io::Result<()> {
    let board = tour.board();
    let digits = tour.visit_count().to_string().len() as f64;
    // About four tenths of a square high, narrower for long numbers (a digit is about 0.6 of
    // the font size wide).
    let size = (14.5 / digits).min(4.0);
    let size = (size * 10.0).floor() / 10.0;
    let drop = (size * 3.5).round() / 10.0; // from the centre down to the baseline
    writeln!(
        out,
        "<g id=\"numbers\" font-family=\"sans-serif\" font-size=\"{size}\" \
         text-anchor=\"middle\" fill=\"{INK}\" stroke=\"{LIGHT}\" stroke-width=\"{}\" \
         stroke-linejoin=\"round\" paint-order=\"stroke\">",
        (size * 3.0).round() / 10.0
    )?;
    let mut text = Vec::with_capacity(FLUSH_AT + 64);
    let mut number = itoa::Buffer::new();
    let shape = tour.shape();
    let visits = tour.visit_count() as usize;
    tour.try_for_each_run(0..visits, |first, run| -> io::Result<()> {
        for (step, &index) in (first..).zip(run) {
            let [x, y] = centre(board.square_at(index));
            text.extend_from_slice(b"<text x=\"");
            text.extend_from_slice(number.format(x).as_bytes());
            text.extend_from_slice(b"\" y=\"");
            text.extend_from_slice(tenths(y as f64 + drop).as_bytes());
            let clue = shape.is_some_and(|shape| {
                u32::try_from(step + 1).is_ok_and(|k| shape.square_numbered(k).is_some())
            });
            if clue {
                text.extend_from_slice(b"\" font-weight=\"bold");
            }
            text.extend_from_slice(b"\">");
            text.extend_from_slice(number.format(step + 1).as_bytes());
            text.extend_from_slice(b"</text>\n");
            if text.len() >= FLUSH_AT {
                out.write_all(&text)?;
                text.clear();
            }
        }
        Ok(())
    })?;
    out.write_all(&text)?;
    out.write_all(b"</g>\n")
}

/// `value` with at most one decimal.
fn tenths(value: f64) -> String {
    let tenths = (value * 10.0).round() as u64;
    match tenths % 10 {
        0 => (tenths / 10).to_string(),
        decimal => format!("{}.{decimal}", tenths / 10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_tour_engine::solve::{Outcome, Request, solve};
    use knights_tour_engine::tour::Tour;

    fn tour(rows: u64, cols: u64, closed: bool) -> Tour {
        let board = Board::new(rows, cols).unwrap();
        match solve(&Request::new(board, Square::new(0, 0)).closed(closed)).unwrap() {
            Outcome::Tour { tour, .. } => tour,
            other => panic!("{other:?}"),
        }
    }

    fn svg(tour: &Tour, options: PictureOptions) -> String {
        let mut out = Vec::new();
        write_svg(&mut out, tour, &options).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn lengths_have_at_most_one_decimal() {
        assert_eq!(tenths(6.4), "6.4");
        assert_eq!(tenths(6.0), "6");
        assert_eq!(tenths(12.96), "13");
        assert_eq!(tenths(0.05), "0.1");
    }

    #[test]
    fn a_gradient_path_is_the_tour_in_pieces_that_share_their_ends() {
        let tour = tour(6, 6, false);
        let text = svg(&tour, PictureOptions::for_board(tour.board(), None, true));
        let pieces: Vec<&str> = text
            .lines()
            .filter(|line| line.starts_with("<polyline stroke="))
            .collect();
        assert_eq!(
            pieces.len(),
            35,
            "one piece a move when there are few moves"
        );
        let points = |piece: &str| -> Vec<String> {
            let inside = piece.split("points=\"").nth(1).unwrap();
            let inside = inside.strip_suffix("\"/>").unwrap();
            inside.split(' ').map(str::to_string).collect()
        };
        assert_eq!(
            points(pieces[0])[0],
            "5,5",
            "the first piece begins at the start"
        );
        for pair in pieces.windows(2) {
            let (before, after) = (points(pair[0]), points(pair[1]));
            assert_eq!(before.len(), 2);
            assert_eq!(before.last(), after.first(), "{pair:?}");
        }
        // The colours run along the ramp: the first piece dark violet, the last yellow.
        assert!(pieces[0].contains("stroke=\"#4"), "{}", pieces[0]);
        assert!(pieces[34].contains("stroke=\"#f"), "{}", pieces[34]);
        assert!(!text.contains("<line id=\"closing\""));
    }

    #[test]
    fn a_one_square_board_is_a_point_marked_start_and_end() {
        let tour = tour(1, 1, false);
        let text = svg(&tour, PictureOptions::for_board(tour.board(), None, true));
        assert!(
            text.contains("<circle id=\"start\" cx=\"5\" cy=\"5\""),
            "{text}"
        );
        assert!(
            text.contains("<circle id=\"end\" cx=\"5\" cy=\"5\""),
            "{text}"
        );
        assert!(text.contains(">1</text>"), "{text}");
    }
}
