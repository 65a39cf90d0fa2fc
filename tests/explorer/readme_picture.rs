//! The README's picture of the explorer, `docs/explorer.png`, kept true: it is the screen the
//! explorer draws where `demo.tape` takes its `Screenshot`, the tape's keys replayed through
//! the key map (as `tape.rs` replays them), drawn on a terminal of [`SIZE`] in truecolor and
//! Unicode glyphs, each cell 8×16 pixels of GNU Unifont (the `unifont` crate's bitmaps). A
//! change to what the explorer draws there fails this test until the picture is made again,
//! by the one command:
//!
//! ```sh
//! UPDATE_PICTURE=1 cargo test --test explorer readme_picture
//! ```

use std::path::PathBuf;

use ratatui::style::{Color, Modifier};

use super::*;
use tape::upto;

/// The terminal the picture is drawn on, in cells (a cell is 8×16 pixels).
const SIZE: (u16, u16) = (100, 30);
/// The picture, from the top of the repository.
const PICTURE: &str = "docs/explorer.png";
/// The pixels of a cell.
const CELL: (usize, usize) = (8, 16);
/// The terminal's own colours, where the explorer leaves a cell's colour as it is.
const DEFAULT_INK: Rgb = [0xdc, 0xdc, 0xdc];
const DEFAULT_PAPER: Rgb = [0x16, 0x16, 0x1a];

type Rgb = [u8; 3];

/// A picture: its size in pixels and its pixels, three bytes each, row after row.
#[derive(PartialEq)]
struct Picture {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Picture {
    /// The screen in `buffer` as a terminal shows it: each cell's paper, then its character
    /// in its ink (bold one pixel wider, italic leaning, underlined, reversed, dimmed).
    fn of(buffer: &Buffer) -> Self {
        let area = buffer.area;
        let (width, height) = (
            usize::from(area.width) * CELL.0,
            usize::from(area.height) * CELL.1,
        );
        let mut picture = Self {
            width,
            height,
            rgb: vec![0; width * height * 3],
        };
        for y in 0..area.height {
            for x in 0..area.width {
                let cell = &buffer[(x, y)];
                let origin = (usize::from(x) * CELL.0, usize::from(y) * CELL.1);
                picture.paint(origin, cell.symbol(), cell.fg, cell.bg, cell.modifier);
            }
        }
        picture
    }

    fn paint(&mut self, origin: (usize, usize), symbol: &str, fg: Color, bg: Color, how: Modifier) {
        let (mut ink, mut paper) = (rgb(fg, DEFAULT_INK), rgb(bg, DEFAULT_PAPER));
        if how.contains(Modifier::REVERSED) {
            std::mem::swap(&mut ink, &mut paper);
        }
        if how.contains(Modifier::DIM) {
            ink = std::array::from_fn(|i| ((u16::from(ink[i]) + u16::from(paper[i])) / 2) as u8);
        }
        let glyph = symbol.chars().next();
        for dy in 0..CELL.1 {
            // Italic leans: the upper half one pixel to the right.
            let lean = usize::from(how.contains(Modifier::ITALIC) && dy < CELL.1 / 2);
            for dx in 0..CELL.0 {
                let inked = |dx: usize| dx.checked_sub(lean).is_some_and(|dx| lit(glyph, dx, dy));
                let on = inked(dx)
                    || (how.contains(Modifier::BOLD) && dx > 0 && inked(dx - 1))
                    || (how.contains(Modifier::UNDERLINED) && dy == CELL.1 - 2)
                    || (how.contains(Modifier::CROSSED_OUT) && dy == CELL.1 / 2);
                let colour = if on && !how.contains(Modifier::HIDDEN) {
                    ink
                } else {
                    paper
                };
                let at = ((origin.1 + dy) * self.width + origin.0 + dx) * 3;
                self.rgb[at..at + 3].copy_from_slice(&colour);
            }
        }
    }

    /// The picture as a PNG file.
    fn png(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, self.width as u32, self.height as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::High);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&self.rgb).unwrap();
        writer.finish().unwrap();
        bytes
    }

    /// The picture in a PNG file, as 8-bit RGB.
    fn read(bytes: &[u8]) -> Self {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut rgb = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut rgb).unwrap();
        assert_eq!(
            (info.color_type, info.bit_depth),
            (png::ColorType::Rgb, png::BitDepth::Eight)
        );
        rgb.truncate(info.buffer_size());
        Self {
            width: info.width as usize,
            height: info.height as usize,
            rgb,
        }
    }
}

/// Whether pixel `(x, y)` of a cell is inked by the character `glyph`: a Braille pattern (the
/// path view's lines) as a terminal draws it, dots evenly spaced on a grid of 4 pixels across
/// cells; any other character by its Unifont bitmap, and one Unifont draws two cells wide
/// squeezed into one (the explorer draws no wide characters, only a few symbols that Unifont
/// draws wide, such as `✗`).
fn lit(glyph: Option<char>, x: usize, y: usize) -> bool {
    const BRAILLE: u32 = 0x2800;
    let Some(glyph) = glyph else {
        return false;
    };
    if let Some(dots) = u32::from(glyph)
        .checked_sub(BRAILLE)
        .and_then(|dots| u8::try_from(dots).ok())
    {
        // Unicode's order of the eight dots: down the left column, down the right, then the
        // bottom row.
        const BIT: [[u8; 2]; 4] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]];
        let in_dot = (1..=2).contains(&(x % 4)) && (1..=2).contains(&(y % 4));
        return in_dot && dots & BIT[y / 4][x / 4] != 0;
    }
    match unifont::get_glyph(glyph) {
        None => false,
        Some(bitmap) if bitmap.is_fullwidth() => {
            bitmap.get_pixel(2 * x, y) || bitmap.get_pixel(2 * x + 1, y)
        }
        Some(bitmap) => bitmap.get_pixel(x, y),
    }
}

/// The colour a terminal shows for `colour` (`default` for the terminal's own): xterm's
/// palette for the 16 named colours and the 256 indexed ones.
fn rgb(colour: Color, default: Rgb) -> Rgb {
    const NAMED: [Rgb; 16] = [
        [0x00, 0x00, 0x00],
        [0xcd, 0x00, 0x00],
        [0x00, 0xcd, 0x00],
        [0xcd, 0xcd, 0x00],
        [0x00, 0x00, 0xee],
        [0xcd, 0x00, 0xcd],
        [0x00, 0xcd, 0xcd],
        [0xe5, 0xe5, 0xe5],
        [0x7f, 0x7f, 0x7f],
        [0xff, 0x00, 0x00],
        [0x00, 0xff, 0x00],
        [0xff, 0xff, 0x00],
        [0x5c, 0x5c, 0xff],
        [0xff, 0x00, 0xff],
        [0x00, 0xff, 0xff],
        [0xff, 0xff, 0xff],
    ];
    let indexed = |index: u8| -> Rgb {
        match index {
            0..16 => NAMED[usize::from(index)],
            16..232 => {
                let level = |k: u8| if k == 0 { 0 } else { 55 + 40 * k };
                let k = index - 16;
                [level(k / 36), level(k / 6 % 6), level(k % 6)]
            }
            _ => [8 + 10 * (index - 232); 3],
        }
    };
    match colour {
        Color::Reset => default,
        Color::Rgb(r, g, b) => [r, g, b],
        Color::Indexed(index) => indexed(index),
        Color::Black => indexed(0),
        Color::Red => indexed(1),
        Color::Green => indexed(2),
        Color::Yellow => indexed(3),
        Color::Blue => indexed(4),
        Color::Magenta => indexed(5),
        Color::Cyan => indexed(6),
        Color::Gray => indexed(7),
        Color::DarkGray => indexed(8),
        Color::LightRed => indexed(9),
        Color::LightGreen => indexed(10),
        Color::LightYellow => indexed(11),
        Color::LightBlue => indexed(12),
        Color::LightMagenta => indexed(13),
        Color::LightCyan => indexed(14),
        Color::White => indexed(15),
    }
}

#[test]
fn the_readme_picture_is_the_screen_at_the_tapes_screenshot() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        readme.contains(&format!("]({PICTURE})")),
        "README.md shows {PICTURE}"
    );
    let app = upto("\nScreenshot ");
    let look = Look {
        colors: ColorMode::TrueColor,
        glyphs: GlyphSet::Unicode,
    };
    let (buffer, _) = draw(&app, look, SIZE.0, SIZE.1);
    let drawn = Picture::of(&buffer);
    let file = root.join(PICTURE);
    if std::env::var_os("UPDATE_PICTURE").is_some() {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, drawn.png()).unwrap();
        return;
    }
    let kept = std::fs::read(&file).unwrap_or_else(|error| panic!("{PICTURE}: {error}"));
    assert!(
        Picture::read(&kept) == drawn,
        "{PICTURE} is not the screen the explorer draws at demo.tape's Screenshot: make it \
         again with UPDATE_PICTURE=1 cargo test --test explorer readme_picture, and look at it"
    );
}

#[test]
fn a_cell_is_painted_in_its_colours_and_its_glyph() {
    let mut buffer = Buffer::empty(ratatui::layout::Rect::new(0, 0, 2, 1));
    buffer[(0, 0)]
        .set_symbol("│")
        .set_fg(Color::Rgb(255, 0, 0))
        .set_bg(Color::Indexed(16));
    buffer[(1, 0)].set_symbol(" ").set_bg(Color::Indexed(231));
    let picture = Picture::of(&buffer);
    assert_eq!((picture.width, picture.height), (16, 16));
    let pixel = |x: usize, y: usize| &picture.rgb[(y * 16 + x) * 3..][..3];
    // The box-drawing line runs down the middle of its cell, the paper around it.
    assert_eq!(pixel(4, 8), [255, 0, 0]);
    assert_eq!(pixel(0, 8), [0, 0, 0]);
    // A blank cell is all paper: index 231 is the cube's white.
    assert!((0..16).all(|y| (8..16).all(|x| pixel(x, y) == [255, 255, 255])));
    assert_eq!(
        Picture::read(&picture.png()).rgb,
        picture.rgb,
        "a PNG round trip"
    );
}
