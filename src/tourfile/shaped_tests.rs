//! Tour files on boards of any shape: a tour with holes and clues written in each text format
//! and checked back, the pictures' holes, and each rule broken named at its square and step
//! in every format alike. The tours come from a hand-checked tour of the 3x3 ring and from a
//! brute-force search of the test's own.

use std::sync::Arc;

use super::*;
use knights_tour_engine::shape::Clue;
use knights_tour_engine::solve::{Layer, Outcome, Request, Stats};
use knights_tour_engine::tour::check_on_shape;

/// The knight's moves, written out here rather than taken from the engine.
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

fn clue(number: u32, row: u32, col: u32) -> Clue {
    Clue {
        number,
        square: Square::new(row, col),
    }
}

/// The 3x3 board without its centre, and its closed knight's tour from the corner, checked by
/// hand: 1 4 7 / 6 . 2 / 3 8 5.
fn ring(clues: &[Clue]) -> (Arc<Shape>, Vec<u32>) {
    let board = board(3, 3);
    let shape = Shape::new(board, &[Square::new(1, 1)], clues).unwrap();
    let path = [
        (0, 0),
        (1, 2),
        (2, 0),
        (0, 1),
        (2, 2),
        (1, 0),
        (0, 2),
        (2, 1),
    ]
    .map(|(row, col)| board.index(Square::new(row, col)));
    (Arc::new(shape), path.to_vec())
}

/// An open knight's tour of the open squares of `board` less `holes`, by a plain depth-first
/// search of this test's own; `None` if there is none.
fn brute_tour(board: Board, holes: &[Square]) -> Option<Vec<u32>> {
    fn extend(board: Board, open: &[bool], path: &mut Vec<u32>, used: &mut [bool]) -> bool {
        if path.len() == open.iter().filter(|&&open| open).count() {
            return true;
        }
        let here = board.square_at(*path.last().unwrap());
        for (dr, dc) in KNIGHT {
            let (row, col) = (here.row as i32 + dr, here.col as i32 + dc);
            if row < 0 || col < 0 || row >= board.rows() as i32 || col >= board.cols() as i32 {
                continue;
            }
            let index = board.index(Square::new(row as u32, col as u32));
            if open[index as usize] && !used[index as usize] {
                used[index as usize] = true;
                path.push(index);
                if extend(board, open, path, used) {
                    return true;
                }
                path.pop();
                used[index as usize] = false;
            }
        }
        false
    }
    let mut open = vec![true; board.area() as usize];
    for &hole in holes {
        open[board.index(hole) as usize] = false;
    }
    (0..board.area() as u32).find_map(|start| {
        if !open[start as usize] {
            return None;
        }
        let mut used = vec![false; open.len()];
        used[start as usize] = true;
        let mut path = vec![start];
        extend(board, &open, &mut path, &mut used).then_some(path)
    })
}

/// A 4x5 board less two corners, clues at visits 1, 7 and the last cut from its tour.
fn holed_4x5() -> (Arc<Shape>, Vec<u32>) {
    let board = board(4, 5);
    let holes = [Square::new(0, 0), Square::new(3, 4)];
    let path = brute_tour(board, &holes).expect("4x5 less two corners has an open tour");
    let clues: Vec<Clue> = [1, 7, path.len()]
        .iter()
        .map(|&k| Clue {
            number: k as u32,
            square: board.square_at(path[k - 1]),
        })
        .collect();
    (Arc::new(Shape::new(board, &holes, &clues).unwrap()), path)
}

fn expect_on(shape: Option<Arc<Shape>>, closed: bool) -> Expectations {
    Expectations {
        size: None,
        piece: None,
        closed,
        start: None,
        end: None,
        memory_cap: Some(64 << 20),
        keep_tour: Some(1 << 20),
        shape,
    }
}

fn tour_on(shape: &Arc<Shape>, path: &[u32], closed: bool) -> Tour {
    let route = ShapeRoute {
        closed,
        ..ShapeRoute::default()
    };
    Tour::on_shape(shape, Leaper::KNIGHT, path.to_vec(), route).unwrap()
}

fn written(write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> String {
    let mut out = Vec::new();
    write(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn json_of(tour: &Tour, shape: &Arc<Shape>) -> String {
    let request = Request::on_shape(Arc::clone(shape), Some(tour.start())).closed(tour.is_closed());
    let outcome = Outcome::Tour {
        tour: tour.clone(),
        layer: Layer::Backtrack,
        stats: Stats::default(),
    };
    written(|out| write_json(out, &request, &outcome))
}

fn check_text(text: &str, expect: &Expectations) -> Result<CheckedTour, CheckError> {
    check_tour(text.as_bytes(), InputFormat::Auto, expect)
}

#[test]
fn the_ring_is_written_with_its_hole_and_clues_where_they_stand() {
    let (shape, path) = ring(&[clue(2, 1, 2), clue(5, 2, 2)]);
    let tour = tour_on(&shape, &path, true);
    assert_eq!(
        written(|out| write_grid(out, &tour, true)),
        "1 4 7\n6 . 2\n3 8 5\n"
    );
    assert_eq!(
        written(|out| write_list(out, &tour)),
        "0 0\n1 2\n2 0\n0 1\n2 2\n1 0\n0 2\n2 1\n"
    );
    let json = json_of(&tour, &shape);
    assert!(
        json.starts_with(
            "{\"rows\":3,\"cols\":3,\"holes\":[[1,1]],\"clues\":[[2,[1,2]],[5,[2,2]]],\
             \"closed\":true,\"start\":[0,0],"
        ),
        "{json}"
    );
    // A grid of wider numbers pads the dot as it pads them.
    let (shape, path) = holed_4x5();
    let grid = written(|out| write_grid(out, &tour_on(&shape, &path, false), true));
    let lines: Vec<&str> = grid.lines().collect();
    assert!(lines[0].starts_with(" . "), "{grid}");
    assert!(lines[3].ends_with("  ."), "{grid}");
    assert!(lines.iter().all(|line| line.len() == 14), "{grid}");
}

#[test]
fn a_tour_with_holes_and_clues_reads_back_from_every_text_format() {
    for (shape, path, closed) in [
        {
            let (shape, path) = ring(&[clue(2, 1, 2), clue(5, 2, 2)]);
            (shape, path, true)
        },
        {
            let (shape, path) = holed_4x5();
            (shape, path, false)
        },
    ] {
        let tour = tour_on(&shape, &path, closed);
        let texts = [
            ("aligned grid", written(|out| write_grid(out, &tour, true))),
            ("cses grid", written(|out| write_grid(out, &tour, false))),
            ("list", written(|out| write_list(out, &tour))),
            ("json", json_of(&tour, &shape)),
        ];
        for (format, text) in &texts {
            let checked = check_text(text, &expect_on(Some(Arc::clone(&shape)), closed))
                .unwrap_or_else(|error| panic!("{format}: {error}\n{text}"));
            assert_eq!(checked.board, shape.board(), "{format}");
            assert_eq!(checked.start, tour.start(), "{format}");
            assert_eq!(checked.tour.as_ref(), Some(&tour), "{format}");
            assert_eq!(checked.shape.as_deref(), Some(&*shape), "{format}");
            // Given no board, a grid draws its holes and a JSON object gives its holes and
            // clues: the same board, but a grid has no clues to give.
            if *format == "list" {
                continue;
            }
            let alone = check_text(text, &expect_on(None, closed))
                .unwrap_or_else(|error| panic!("{format} alone: {error}"));
            let read = alone.shape.expect("the holes read");
            assert_eq!(read.holes(), shape.holes(), "{format}");
            let clues = if *format == "json" {
                shape.clues()
            } else {
                &[]
            };
            assert_eq!(read.clues(), clues, "{format}");
        }
    }
}

#[test]
fn each_rule_broken_is_named_at_its_square_in_every_format() {
    let (shape, path) = ring(&[clue(2, 1, 2), clue(5, 0, 0)]);
    let hole_free = Shape::new(shape.board(), shape.holes(), &[]).unwrap();
    let tour = tour_on(&Arc::new(hole_free.clone()), &path, true);
    let given = || expect_on(Some(Arc::clone(&shape)), true);
    let grid = written(|out| write_grid(out, &tour, true));
    let list = written(|out| write_list(out, &tour));
    let json = json_of(&tour, &Arc::new(hole_free));
    // Visit 5 is 2,2, not the 0,0 the clue gives.
    let broken = "the number 5 is at 0,0, but the tour visits 2,2 then";
    for (format, text) in [("grid", &grid), ("list", &list), ("json", &json)] {
        match check_text(text, &given()) {
            Err(CheckError::Invalid(message)) if message.contains(broken) => {}
            other => panic!("{format}: {other:?}"),
        }
    }
    let full = || expect_on(Some(Arc::new(Shape::full(board(3, 3)).unwrap())), true);
    // A number where the board has a hole, a hole where it has a square.
    let holed = "1 4 7\n6 . 2\n3 8 5\n";
    let filled = "1 4 7\n6 9 2\n3 8 5\n";
    let (shape_given, _) = ring(&[]);
    let on_ring = || expect_on(Some(Arc::clone(&shape_given)), true);
    for (text, expect, needle) in [
        (
            filled,
            on_ring(),
            "line 2: square 1,1 holds 9, but it is a hole",
        ),
        (
            holed,
            full(),
            "line 2: square 1,1 is a hole ('.'), but the board of --board has it open",
        ),
    ] {
        match check_text(text, &expect) {
            Err(CheckError::Invalid(message)) if message.contains(needle) => {}
            other => panic!("{text:?}: {other:?}"),
        }
    }
    // A step onto the hole, in a list and a JSON path.
    let onto_hole = "0 0\n1 2\n1 1\n";
    match check_text(onto_hole, &on_ring()) {
        Err(CheckError::Invalid(message)) => {
            assert_eq!(message, "line 3: step 3: square 1,1 is a hole")
        }
        other => panic!("{other:?}"),
    }
    let json_onto_hole = "{\"rows\":3,\"cols\":3,\"holes\":[[1,1]],\"path\":[[0,0],[1,1]]}";
    match check_text(json_onto_hole, &expect_on(None, false)) {
        Err(CheckError::Invalid(message)) => {
            assert!(
                message.ends_with("step 2: square 1,1 is a hole"),
                "{message}"
            )
        }
        other => panic!("{other:?}"),
    }
    // A JSON object whose holes are not --board's, either way (one that lists none is
    // checked on --board's, as a list is).
    for (text, needle) in [
        (
            json.replace("[[1,1]]", "[[1,1],[0,0]]"),
            "the JSON has a hole at 0,0",
        ),
        (
            json.replace("[[1,1]]", "[]"),
            "which the JSON does not list",
        ),
    ] {
        match check_text(&text, &given()) {
            Err(CheckError::Invalid(message)) if message.contains(needle) => {}
            other => panic!("{text}: {other:?}"),
        }
    }
    // Holes after a path, which was checked without them (and is a tour of the rectangle).
    let late = "{\"rows\":1,\"cols\":2,\"piece\":\"0,1\",\"path\":[[0,0],[0,1]],\"holes\":[[0,1]]}";
    match check_text(late, &expect_on(None, false)) {
        Err(CheckError::Input(message)) => assert!(message.contains("comes after 'path'")),
        other => panic!("{other:?}"),
    }
}

/// A small generator of the test's own, so that the cases are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % bound as u64) as usize
    }
}

/// The grid of `path` on `shape`, 1-based, a hole `.`.
fn grid_of(shape: &Shape, path: &[u32]) -> String {
    let board = shape.board();
    let mut numbers = vec![0; board.area() as usize];
    for (step, &index) in path.iter().enumerate() {
        numbers[index as usize] = step + 1;
    }
    let mut text = String::new();
    for row in numbers.chunks(board.cols() as usize) {
        let cells: Vec<String> = row
            .iter()
            .map(|&n| if n == 0 { ".".into() } else { n.to_string() })
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

#[test]
fn every_format_gives_the_verdict_of_the_engines_check_on_a_shape() {
    // Two visits swapped: a step no move, or a clue broken, whichever comes first in visit
    // order; the list, the grid and the JSON path each name what the engine names.
    let (shape, path) = holed_4x5();
    let mut random = Lcg(46);
    let mut named = std::collections::HashSet::new();
    for _ in 0..300 {
        let mut swapped = path.clone();
        let (a, b) = (random.below(path.len()), random.below(path.len()));
        swapped.swap(a, b);
        let closed = random.below(4) == 0;
        let route = ShapeRoute {
            closed,
            ..ShapeRoute::default()
        };
        let verdict = check_on_shape(&shape, Leaper::KNIGHT, &swapped, route);
        let board = shape.board();
        let list: String = swapped
            .iter()
            .map(|&index| {
                let square = board.square_at(index);
                format!("{} {}\n", square.row, square.col)
            })
            .collect();
        let pairs: Vec<String> = swapped
            .iter()
            .map(|&index| {
                let square = board.square_at(index);
                format!("[{},{}]", square.row, square.col)
            })
            .collect();
        let json = format!("{{\"rows\":4,\"cols\":5,\"path\":[{}]}}", pairs.join(","));
        for (format, text) in [
            ("list", list),
            ("grid", grid_of(&shape, &swapped)),
            ("json", json),
        ] {
            let checked = check_text(&text, &expect_on(Some(Arc::clone(&shape)), closed));
            match (&verdict, checked) {
                (Ok(()), Ok(checked)) => assert_eq!(checked.start, board.square_at(swapped[0])),
                (Err(error), Err(CheckError::Invalid(message))) => {
                    assert!(
                        message.ends_with(&error.to_string()),
                        "{format}: {message} / {error}"
                    );
                    named.insert(std::mem::discriminant(error));
                }
                (verdict, checked) => panic!("{format}: {verdict:?} / {checked:?}\n{text}"),
            }
        }
    }
    assert!(
        named.len() >= 2,
        "both a step no move and a clue broken were met"
    );
}

#[test]
fn the_pictures_draw_the_holes_and_number_the_open_squares_only() {
    let (shape, path) = ring(&[clue(2, 1, 2)]);
    let tour = tour_on(&shape, &path, true);
    let options = PictureOptions {
        numbers: true,
        gradient: false,
    };
    let svg = written(|out| write_svg(out, &tour, &options));
    assert!(
        svg.contains("<title>Closed knight's tour of 3x3 less 1 hole, 1 clue from a3"),
        "{svg}"
    );
    assert!(
        svg.contains("<g id=\"holes\" fill=\"#ffffff\">\n<rect x=\"10\" y=\"10\" width=\"10\" height=\"10\"/>\n</g>"),
        "{svg}"
    );
    let numbers: Vec<&str> = svg
        .lines()
        .filter(|line| line.starts_with("<text"))
        .collect();
    assert_eq!(numbers.len(), 8, "one number an open square");
    assert!(
        !numbers
            .iter()
            .any(|text| text.starts_with("<text x=\"15\" y=\"1"))
    );
    assert_eq!(
        numbers.iter().filter(|text| text.contains("bold")).count(),
        1,
        "the clue, in bold"
    );
    // The PNG: the hole's square mostly white (the path may cross it), the first square in
    // the ramp's first colour at its corner.
    let png = {
        let mut out = Vec::new();
        write_png(&mut out, &tour, &options).unwrap();
        out
    };
    let mut reader = ::png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    let side = frame.width / 3;
    let at = |x: u32, y: u32| {
        let i = ((y * frame.width + x) * 3) as usize;
        [pixels[i], pixels[i + 1], pixels[i + 2]]
    };
    let white = (side..2 * side)
        .flat_map(|y| (side..2 * side).map(move |x| (x, y)))
        .filter(|&(x, y)| at(x, y) == picture::HOLE)
        .count() as u32;
    assert!(white * 2 > side * side, "{white} of {}", side * side);
    assert_eq!(at(1, 1), Ramp::new().at(0));
    assert_ne!(at(2 * side + 1, 1), picture::HOLE);
}

#[test]
fn a_json_free_to_start_anywhere_names_the_tours_own_start() {
    let (shape, path) = ring(&[]);
    // Started from 1,2: the ring turned.
    let turned: Vec<u32> = path[1..].iter().chain(&path[..1]).copied().collect();
    let tour = tour_on(&shape, &turned, true);
    let request = Request::on_shape(Arc::clone(&shape), None);
    assert!(request.any_start);
    let outcome = Outcome::Tour {
        tour,
        layer: Layer::Backtrack,
        stats: Stats::default(),
    };
    let json = written(|out| write_json(out, &request, &outcome));
    assert!(json.contains("\"start\":[1,2]"), "{json}");
    check_text(&json, &expect_on(None, false)).unwrap();
}

#[test]
fn a_grid_hole_is_a_dot_or_a_run_of_dots_and_nothing_else() {
    let (shape, path) = ring(&[]);
    for text in ["1 4 7\n6 . 2\n3 8 5\n", " 1  4  7\n 6 ..  2\n 3  8  5\n"] {
        let checked = check_text(text, &expect_on(None, true)).unwrap();
        assert_eq!(checked.tour, Some(tour_on(&shape, &path, true)), "{text:?}");
    }
    for bad in ["1 4 7\n6 .x 2\n3 8 5\n", "1 4 7\n6 _ 2\n3 8 5\n"] {
        assert!(
            matches!(
                check_text(bad, &expect_on(None, true)),
                Err(CheckError::Input(_))
            ),
            "{bad:?}"
        );
    }
    // Holes count out of the visit numbers: 9 is past the ring's 8.
    match check_text("1 4 7\n6 . 2\n3 9 5\n", &expect_on(None, true)) {
        Err(CheckError::Invalid(message)) => {
            assert_eq!(
                message,
                "square 2,1 holds 9, outside the visit numbers 1..=8"
            )
        }
        other => panic!("{other:?}"),
    }
}
