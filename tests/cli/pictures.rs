//! `solve --format svg` and `--format png` as people making pictures use them: the SVG parsed
//! as XML, its path the tour's square centres in visit order (the tour taken from `--format
//! list` for the same request and passed through the validator), the board's squares, the
//! marks, the numbers and the gradient; the PNG decoded, its size, and its colours getting
//! lighter along the tour; and the refusals (memory, a terminal, numbers without room).

use std::io::{Cursor, Read};
use std::process::Stdio;

use knights_tour::tourfile::{RAMP_LEN, Ramp, luma};

use super::*;
use crate::svg::{by_id, tour_points};

/// The tour `solve ARGS --format list` prints, validated on `board` from its first square.
fn tour_of(args: &[&str], board: Board, closed: bool) -> Vec<Square> {
    let run = solve(&[args, &["--format", "list"]].concat());
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    let path = parse_list(&run.stdout);
    assert_tour(board, &path, closed, path[0], &format!("{args:?}"));
    path
}

/// What `solve ARGS --format svg` prints.
fn svg_of(args: &[&str]) -> String {
    let run = solve(&[args, &["--format", "svg"]].concat());
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    run.stdout
}

/// The centre of a square in the SVG's units: ten a square.
fn centre(square: Square) -> (u64, u64) {
    (
        u64::from(square.col) * 10 + 5,
        u64::from(square.row) * 10 + 5,
    )
}

fn number(node: roxmltree::Node, name: &str) -> u64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("{name} of {node:?}"))
        .parse()
        .unwrap_or_else(|_| panic!("{name} of {node:?} is not a whole number"))
}

fn rgb_of_hex(hex: &str) -> [u8; 3] {
    let hex = hex.strip_prefix('#').unwrap();
    std::array::from_fn(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
}

#[test]
fn svg_is_xml_whose_polyline_runs_through_the_tours_square_centres_in_visit_order() {
    let cases: [(&[&str], u64, u64, bool); 7] = [
        (&["--size", "8"], 8, 8, false),
        (&["--size", "5", "--start", "c3"], 5, 5, false),
        (&["--size", "6", "--closed"], 6, 6, true),
        (
            &["--size", "8x10", "--start", "a1", "--closed"],
            8,
            10,
            true,
        ),
        (&["--size", "3x4", "--start", "0,0"], 3, 4, false),
        (&["--size", "40x33", "--start", "7,9"], 40, 33, false),
        (&["--size", "1"], 1, 1, false),
    ];
    for (args, rows, cols, closed) in cases {
        let what = format!("solve {args:?} --format svg");
        let path = tour_of(args, board(rows, cols), closed);
        let text = svg_of(args);
        let document = roxmltree::Document::parse(&text).expect("well-formed XML");
        let svg = document.root_element();
        assert!(
            svg.has_tag_name(("http://www.w3.org/2000/svg", "svg")),
            "{what}"
        );
        let view = format!("0 0 {} {}", cols * 10, rows * 10);
        assert_eq!(svg.attribute("viewBox"), Some(view.as_str()), "{what}");
        let centres: Vec<(u64, u64)> = path.iter().copied().map(centre).collect();
        let (points, _) = tour_points(&document);
        assert_eq!(points, centres, "{what}");
        let polylines = document
            .descendants()
            .filter(|node| node.has_tag_name("polyline"))
            .count();
        assert_eq!(polylines, 1, "{what}: one polyline without --gradient");
        let mark = |id| {
            let node = by_id(&document, id).unwrap_or_else(|| panic!("{what}: {id}"));
            (number(node, "cx"), number(node, "cy"))
        };
        assert_eq!(mark("start"), centres[0], "{what}");
        assert_eq!(mark("end"), centres[centres.len() - 1], "{what}");
        match by_id(&document, "closing") {
            Some(line) => {
                assert!(closed, "{what}: an open tour has no closing move");
                let ends = (
                    (number(line, "x1"), number(line, "y1")),
                    (number(line, "x2"), number(line, "y2")),
                );
                assert_eq!(ends, (centres[centres.len() - 1], centres[0]), "{what}");
                assert!(
                    line.attribute("stroke-dasharray").is_some(),
                    "{what}: dashed"
                );
            }
            None => assert!(!closed, "{what}: the closing move is drawn"),
        }
    }
}

#[test]
fn svg_board_is_one_light_rect_and_a_rect_a_dark_square_with_a1_dark_on_8x8() {
    for (rows, cols) in [(8, 8), (5, 7)] {
        let size = format!("{rows}x{cols}");
        let text = svg_of(&["--size", &size]);
        let document = roxmltree::Document::parse(&text).unwrap();
        let squares = by_id(&document, "board").unwrap();
        let rects: Vec<_> = squares
            .descendants()
            .filter(|node| node.has_tag_name("rect"))
            .collect();
        let dark = (rows * cols) / 2;
        assert_eq!(rects.len() as u64, 1 + dark, "{size}");
        let whole = rects[0];
        assert_eq!(
            (number(whole, "width"), number(whole, "height")),
            (cols * 10, rows * 10)
        );
        let mut seen = std::collections::HashSet::new();
        for rect in &rects[1..] {
            let (x, y) = (number(*rect, "x"), number(*rect, "y"));
            assert_eq!((number(*rect, "width"), number(*rect, "height")), (10, 10));
            assert_eq!(
                (x / 10 + y / 10) % 2,
                1,
                "{size}: ({x},{y}) is a light square"
            );
            assert!(seen.insert((x, y)), "{size}: ({x},{y}) twice");
        }
    }
    // On 8x8, a1 (the bottom-left corner) is dark, as on a chessboard.
    let text = svg_of(&["--size", "8"]);
    assert!(text.contains("<rect x=\"0\" y=\"70\" width=\"10\" height=\"10\"/>"));
}

/// The numbers of the SVG, in document order, with their x.
fn numbers_of(text: &str) -> Vec<(u64, u64)> {
    let document = roxmltree::Document::parse(text).unwrap();
    document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .map(|node| (number(node, "x"), node.text().unwrap().parse().unwrap()))
        .collect()
}

#[test]
fn svg_numbers_are_on_by_default_up_to_16x16_and_follow_the_switches() {
    let path = tour_of(&["--size", "16"], board(16, 16), false);
    let numbers = numbers_of(&svg_of(&["--size", "16"]));
    assert_eq!(numbers.len(), 256);
    for (step, (x, shown)) in numbers.into_iter().enumerate() {
        assert_eq!(shown, step as u64 + 1);
        assert_eq!(x, centre(path[step]).0, "number {shown} in its square");
    }
    assert!(numbers_of(&svg_of(&["--size", "17"])).is_empty());
    assert!(numbers_of(&svg_of(&["--size", "16x17"])).is_empty());
    assert_eq!(
        numbers_of(&svg_of(&["--size", "17", "--numbers"])).len(),
        289
    );
    assert!(numbers_of(&svg_of(&["--size", "8", "--no-numbers"])).is_empty());
    // The last of the two switches wins.
    assert!(numbers_of(&svg_of(&["--size", "8", "--numbers", "--no-numbers"])).is_empty());
    assert_eq!(
        numbers_of(&svg_of(&["--size", "8", "--no-numbers", "--numbers"])).len(),
        64
    );
}

#[test]
fn svg_gradient_colours_the_path_darker_to_lighter_along_the_visit_order() {
    for (args, rows, closed) in [
        (&["--size", "12", "--closed"][..], 12, true),
        (&["--size", "30"], 30, false),
    ] {
        let path = tour_of(args, board(rows, rows), closed);
        let text = svg_of(&[args, &["--gradient"]].concat());
        let document = roxmltree::Document::parse(&text).unwrap();
        let (points, strokes) = tour_points(&document);
        let centres: Vec<(u64, u64)> = path.iter().copied().map(centre).collect();
        assert_eq!(points, centres, "{args:?}");
        assert!(strokes.len() > 20, "{args:?}: {} pieces", strokes.len());
        let lumas: Vec<u32> = strokes.iter().map(|hex| luma(rgb_of_hex(hex))).collect();
        assert!(
            lumas.windows(2).all(|pair| pair[0] <= pair[1]),
            "{strokes:?}"
        );
        assert!(lumas[0] + 100_000 < lumas[lumas.len() - 1], "{strokes:?}");
    }
}

#[test]
fn svg_of_a_large_board_draws_its_squares_as_a_pattern_and_stays_small() {
    let text = svg_of(&["--size", "400"]);
    let area = 400 * 400;
    assert!(
        text.len() < 10 * area + 4096,
        "{} bytes for {area} squares",
        text.len()
    );
    let document = roxmltree::Document::parse(&text).unwrap();
    assert!(by_id(&document, "squares").unwrap().has_tag_name("pattern"));
    let rects = document
        .descendants()
        .filter(|node| node.has_tag_name("rect"))
        .count();
    assert!(rects <= 4, "{rects} rects: no rect a square");
    let squares = by_id(&document, "board").unwrap();
    assert!(
        squares
            .descendants()
            .any(|node| node.attribute("fill") == Some("url(#squares)"))
    );
    // The path is a tour: its points, read back as squares, pass the validator.
    let (points, _) = tour_points(&document);
    let path: Vec<Square> = points
        .iter()
        .map(|&(x, y)| {
            assert_eq!((x % 10, y % 10), (5, 5), "({x},{y}) is a centre");
            Square::new((y / 10) as u32, (x / 10) as u32)
        })
        .collect();
    assert_tour(board(400, 400), &path, false, Square::new(0, 0), "400x400");
}

/// What `solve ARGS --format png` writes, decoded: width, height and RGB bytes.
fn png_of(args: &[&str]) -> (u32, u32, Vec<u8>) {
    let output = knights_tour()
        .arg("solve")
        .args(args)
        .args(["--format", "png"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
    let decoder = png::Decoder::new(Cursor::new(output.stdout));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(frame.color_type, png::ColorType::Rgb);
    assert_eq!(frame.bit_depth, png::BitDepth::Eight);
    pixels.truncate(frame.buffer_size());
    (frame.width, frame.height, pixels)
}

fn pixel(pixels: &[u8], width: u32, x: u32, y: u32) -> [u8; 3] {
    let at = (y as usize * width as usize + x as usize) * 3;
    [pixels[at], pixels[at + 1], pixels[at + 2]]
}

/// The colour most pixels of `square` have, with squares `side` pixels wide: its fill under
/// the path and the marks.
fn fill_of(pixels: &[u8], width: u32, square: Square, side: u32) -> [u8; 3] {
    let mut counts = std::collections::HashMap::new();
    for y in square.row * side..(square.row + 1) * side {
        for x in square.col * side..(square.col + 1) * side {
            *counts.entry(pixel(pixels, width, x, y)).or_insert(0) += 1;
        }
    }
    counts.into_iter().max_by_key(|&(_, n)| n).unwrap().0
}

#[test]
fn png_of_a_small_board_colours_each_square_lighter_along_the_tour() {
    let cases: [(&[&str], u64, u64, bool); 5] = [
        (&["--size", "8"], 8, 8, false),
        (&["--size", "5", "--start", "c3"], 5, 5, false),
        (&["--size", "6", "--closed"], 6, 6, true),
        (&["--size", "12x9", "--start", "5,4"], 12, 9, false),
        (&["--size", "3x10"], 3, 10, false),
    ];
    for (args, rows, cols, closed) in cases {
        let what = format!("solve {args:?} --format png");
        let path = tour_of(args, board(rows, cols), closed);
        let (width, height, pixels) = png_of(&[args, &["--no-numbers"]].concat());
        let side = width / cols as u32;
        assert_eq!(
            (width, height),
            (side * cols as u32, side * rows as u32),
            "{what}"
        );
        assert!(side >= 8, "{what}: {side} pixels a square, the path drawn");
        let fills: Vec<[u8; 3]> = path
            .iter()
            .map(|&square| fill_of(&pixels, width, square, side))
            .collect();
        let lumas: Vec<u32> = fills.iter().map(|&fill| luma(fill)).collect();
        for (step, pair) in lumas.windows(2).enumerate() {
            assert!(
                pair[0] <= pair[1],
                "{what}: square {} is darker than square {step}",
                step + 1
            );
        }
        let ramp = Ramp::new();
        assert_eq!(fills[0], ramp.at(0), "{what}: the first square");
        assert_eq!(fills[fills.len() - 1], ramp.at(RAMP_LEN - 1), "{what}");
        // The start and end marks sit at their squares' centres: green and red.
        let middle = |square: Square| {
            let (x, y) = (square.col * side + side / 2, square.row * side + side / 2);
            pixel(&pixels, width, x, y)
        };
        assert_eq!(middle(path[0]), [46, 125, 50], "{what}: the start's disc");
        assert_eq!(
            middle(path[path.len() - 1]),
            [255, 255, 255],
            "{what}: the end's ring, hollow"
        );
    }
    // Numbers are drawn on small boards unless told not to.
    let (_, _, with) = png_of(&["--size", "8"]);
    let (_, _, without) = png_of(&["--size", "8", "--no-numbers"]);
    assert_ne!(with, without);
}

#[test]
fn png_is_one_pixel_a_square_up_to_4096_and_blocks_of_squares_beyond() {
    // 4096 rows: one pixel a square, each exactly its square's colour on the ramp.
    let path = tour_of(&["--size", "4096x12"], board(4096, 12), false);
    let (width, height, pixels) = png_of(&["--size", "4096x12"]);
    assert_eq!((width, height), (12, 4096));
    let lumas: Vec<u32> = path
        .iter()
        .map(|square| luma(pixel(&pixels, width, square.col, square.row)))
        .collect();
    assert!(lumas.windows(2).all(|pair| pair[0] <= pair[1]));
    assert!(lumas[0] < lumas[lumas.len() - 1]);
    // 4100 rows: blocks of 2x2 squares a pixel, each between the darkest and the lightest
    // square of its block.
    let (rows, cols) = (4100u32, 12u32);
    let path = tour_of(&["--size", "4100x12"], board(4100, 12), false);
    let (width, height, pixels) = png_of(&["--size", "4100x12"]);
    assert_eq!((width, height), (6, 2050));
    let mut range = vec![(u64::MAX, 0u64); (width * height) as usize];
    for (step, square) in path.iter().enumerate() {
        let cell = &mut range[(square.row / 2 * width + square.col / 2) as usize];
        *cell = (cell.0.min(step as u64), cell.1.max(step as u64));
    }
    let ramp = Ramp::new();
    let last = u64::from(rows * cols - 1);
    let entry = |step: u64| (step * (RAMP_LEN as u64 - 1) / last) as usize;
    for y in 0..height {
        for x in 0..width {
            let (first, latest) = range[(y * width + x) as usize];
            let (low, high) = (entry(first).saturating_sub(1), entry(latest) + 2);
            let shown = luma(pixel(&pixels, width, x, y));
            assert!(
                luma(ramp.at(low)) <= shown && shown <= luma(ramp.at(high)),
                "pixel ({x},{y}) outside its squares' visit orders {first}..={latest}"
            );
        }
    }
}

#[test]
fn a_png_beyond_the_memory_cap_is_refused_before_solving() {
    // 2000x2000 a pixel a square: 16 MB of visit order.
    let run = run_quietly(
        &["solve", "--size", "2000", "--format", "png"],
        &[("KNIGHTS_TOUR_MEMORY", "8M")],
    );
    let line = assert_fails(&run, 2, &["PNG", "2000x2000", "MB"], "png under 8M");
    assert!(line.contains("--format svg"), "{line}");
    // A smaller board's picture fits under the same cap: a constructed tour is walked, not held.
    let output = knights_tour()
        .args(["solve", "--size", "1000", "--format", "png"])
        .env("KNIGHTS_TOUR_MEMORY", "8M")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.starts_with(b"\x89PNG\r\n\x1a\n"));
}

#[test]
fn picture_options_without_a_picture_and_numbers_without_room_are_bad_usage() {
    for args in [
        &["--gradient"][..],
        &["--numbers", "--format", "list"],
        &["--no-numbers", "--format", "json"],
    ] {
        let run = solve(args);
        assert_fails(&run, 2, &["--format svg or png"], &format!("{args:?}"));
    }
    let run = run_quietly(
        &["solve", "--size", "100", "--format", "png", "--numbers"],
        &[],
    );
    let what = "png --numbers on 100x100";
    let line = assert_fails(&run, 2, &["--numbers", "100x100", "10 pixels"], what);
    assert!(line.contains("--format svg"), "{line}");
    // One pixel a square is one pixel, not "1 pixels".
    let run = run_quietly(
        &["solve", "--size", "2000", "--format", "png", "--numbers"],
        &[],
    );
    assert_fails(&run, 2, &["are 1 pixel wide"], "png --numbers on 2000x2000");
}

#[test]
fn png_is_not_written_to_a_terminal_but_svg_is() {
    use portable_pty::{CommandBuilder, PtySize, native_pty_system};
    let in_terminal = |format: &str| {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 200,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_knights-tour"));
        command.args(["solve", "--size", "5", "--format", format]);
        let mut child = pair.slave.spawn_command(command).unwrap();
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let collected = std::thread::spawn(move || {
            let mut text = Vec::new();
            let mut chunk = [0u8; 4096];
            while let Ok(read @ 1..) = reader.read(&mut chunk) {
                text.extend_from_slice(&chunk[..read]);
            }
            text
        });
        let status = child.wait().unwrap();
        drop(pair.master);
        (status.exit_code(), collected.join().unwrap())
    };
    let (code, text) = in_terminal("png");
    let text = String::from_utf8(text).expect("no binary data on the terminal");
    assert_eq!(code, 2, "{text}");
    assert!(
        text.starts_with("knights-tour: --format png writes binary image data"),
        "{text}"
    );
    assert!(text.contains("> tour.png"), "{text}");
    let (code, text) = in_terminal("svg");
    assert_eq!(code, 0);
    assert!(String::from_utf8(text).unwrap().contains("</svg>"));
}

#[test]
fn a_png_into_a_closed_pipe_ends_quietly() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_knights-tour"))
        .args(["solve", "--size", "2000", "--format", "png"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut signature = [0u8; 8];
    child
        .stdout
        .take()
        .unwrap()
        .read_exact(&mut signature)
        .unwrap();
    assert_eq!(&signature, b"\x89PNG\r\n\x1a\n");
    // The pipe is closed here, long before the picture is done.
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}
