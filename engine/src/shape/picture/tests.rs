//! The published puzzles read as published, every refusal names its place, and the canonical
//! form reads back to the same picture.
//!
//! The puzzles are in `tests/fixtures/puzzles/`, pasted as published; the counts below were
//! counted by hand from the pages, not by this code. Sources:
//!
//! - `holy-knight.txt`: <https://rosettacode.org/wiki/Solve_a_Holy_Knight%27s_tour>, the task's
//!   example (its first two lines end in a space on the page's source);
//!   `holy-knight-solution.txt` is the Raku solution's output on that page (its "84 tries"
//!   line left out).
//! - `holy-knight-13.txt`: the same page's extra credit, the 13×13 board the Python and 11l
//!   solutions pass as one string of 169 cells, laid out 13 a row as they read it (row by row,
//!   `s` the start, `x` open, `.` a hole) and as the Go and Zig solutions write it.
//! - `hidato.txt`: <https://rosettacode.org/wiki/Solve_a_Hidato_puzzle>, the Raku solution's
//!   input (the task shows it as a picture); `hidato-dots.txt` the C solution's (holes `.` and
//!   `..`, a leading space); `hidato-blank.txt` and `hidato-solution.txt` the task's pictures as
//!   text, holes blank (the Nemotron-CC rendering of the page).
//! - `numbrix-1.txt`, `numbrix-2.txt` and their solutions:
//!   <https://rosettacode.org/wiki/Solve_a_Numbrix_puzzle>, the task's two examples.
//! - `hopido.txt`: <https://rosettacode.org/wiki/Solve_a_Hopido_puzzle>, the task's example as
//!   the page shows it; `hopido-solution.txt` the Raku solution's output (trailing spaces
//!   kept, "59 tries" left out).

use proptest::prelude::*;

use super::*;

const HOLY_KNIGHT: &str = include_str!("../../../../tests/fixtures/puzzles/holy-knight.txt");
const HOLY_KNIGHT_SOLUTION: &str =
    include_str!("../../../../tests/fixtures/puzzles/holy-knight-solution.txt");
const HOLY_KNIGHT_13: &str = include_str!("../../../../tests/fixtures/puzzles/holy-knight-13.txt");
const HIDATO: &str = include_str!("../../../../tests/fixtures/puzzles/hidato.txt");
const HIDATO_DOTS: &str = include_str!("../../../../tests/fixtures/puzzles/hidato-dots.txt");
const HIDATO_BLANK: &str = include_str!("../../../../tests/fixtures/puzzles/hidato-blank.txt");
const HIDATO_SOLUTION: &str =
    include_str!("../../../../tests/fixtures/puzzles/hidato-solution.txt");
const NUMBRIX_1: &str = include_str!("../../../../tests/fixtures/puzzles/numbrix-1.txt");
const NUMBRIX_1_SOLUTION: &str =
    include_str!("../../../../tests/fixtures/puzzles/numbrix-1-solution.txt");
const NUMBRIX_2: &str = include_str!("../../../../tests/fixtures/puzzles/numbrix-2.txt");
const NUMBRIX_2_SOLUTION: &str =
    include_str!("../../../../tests/fixtures/puzzles/numbrix-2-solution.txt");
const HOPIDO: &str = include_str!("../../../../tests/fixtures/puzzles/hopido.txt");
const HOPIDO_SOLUTION: &str =
    include_str!("../../../../tests/fixtures/puzzles/hopido-solution.txt");

/// The open squares as rows of `x` (open) and `.` (hole), for comparing with a hand count.
fn open_rows(shape: &Shape) -> Vec<String> {
    let board = shape.board();
    (0..board.rows())
        .map(|row| {
            (0..board.cols())
                .map(|col| {
                    if shape.is_open(Square::new(row, col)) {
                        'x'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}

/// Reads `text`, checking the size, open squares, clues and start counted from the page.
fn expect(
    text: &str,
    size: (u32, u32),
    open: u64,
    clues: usize,
    start: Option<(u32, u32)>,
) -> Picture {
    let picture = read(text).unwrap_or_else(|e| panic!("{e}"));
    let shape = picture.shape();
    assert_eq!((shape.board().rows(), shape.board().cols()), size);
    assert_eq!(shape.open_count(), open);
    assert_eq!(shape.clues().len(), clues);
    assert_eq!(picture.start(), start.map(|(r, c)| Square::new(r, c)));
    picture
}

#[test]
fn the_holy_knights_tour_reads_as_published() {
    let picture = expect(HOLY_KNIGHT, (8, 8), 36, 1, Some((5, 0)));
    // The Python solution's string of the same board, eight cells a row.
    let python = ".xxx.....x.xx....xxxxxxxxxx..x.xx.x..xxxsxxxxxx...xx.x.....xxx..";
    let rows: Vec<String> = python
        .as_bytes()
        .chunks(8)
        .map(|row| String::from_utf8(row.to_vec()).unwrap().replace('s', "x"))
        .collect();
    assert_eq!(open_rows(picture.shape()), rows);
    assert_eq!(picture.shape().clue_at(Square::new(5, 0)), Some(1));
}

#[test]
fn the_13x13_extra_credit_reads_as_the_python_solution_does() {
    let picture = expect(HOLY_KNIGHT_13, (13, 13), 56, 0, Some((0, 5)));
    let expected: Vec<String> = HOLY_KNIGHT_13
        .lines()
        .map(|row| row.replace('s', "x"))
        .collect();
    assert_eq!(open_rows(picture.shape()), expected);
}

#[test]
fn the_hidato_reads_the_same_in_its_three_published_forms() {
    let picture = expect(HIDATO, (8, 8), 40, 15, Some((4, 6)));
    let expected = [
        "xxxxx...", "xxxxx...", "xxxxxx..", "xxxxxx..", "xxxxxxx.", "..xxxxx.", "....xxxx",
        "......xx",
    ];
    assert_eq!(open_rows(picture.shape()), expected);
    assert_eq!(
        picture.shape().clued_end(),
        Some(Square::new(3, 4)),
        "40 is the end"
    );
    assert_eq!(read(HIDATO_DOTS), Ok(picture.clone()));
    assert_eq!(read(HIDATO_BLANK), Ok(picture));
}

#[test]
fn the_numbrix_examples_read_as_published_and_are_their_own_canonical_form() {
    let first = expect(NUMBRIX_1, (9, 9), 81, 20, Some((7, 5)));
    let second = expect(NUMBRIX_2, (9, 9), 81, 25, Some((5, 3)));
    assert_eq!(first.shape().square_numbered(74), Some(Square::new(1, 6)));
    assert_eq!(second.shape().square_numbered(77), Some(Square::new(7, 7)));
    assert_eq!(first.to_string(), NUMBRIX_1);
    assert_eq!(second.to_string(), NUMBRIX_2);
}

#[test]
fn the_hopido_reads_as_the_page_shows_it_and_as_its_source_has_it() {
    let picture = expect(HOPIDO, (6, 7), 27, 0, None);
    let expected = [
        ".xx.xx.", "xxxxxxx", "xxxxxxx", ".xxxxx.", "..xxx..", "...x...",
    ];
    assert_eq!(open_rows(picture.shape()), expected);
    let source: String = HOPIDO.lines().map(|line| format!(" {line}\n")).collect();
    assert_eq!(read(&source), Ok(picture.clone()));
    assert_eq!(
        picture.to_string(),
        HOPIDO,
        "the page's form is the canonical form"
    );
}

/// A published solution: every open square numbered, 1 to the last, each a move of `leaps`
/// from the one before, on the puzzle's open squares and keeping its clues.
fn check_solution(puzzle: &str, solution: &str, leaps: &[(u32, u32)]) {
    let puzzle = read(puzzle).unwrap().into_shape();
    let solution = read(solution)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_shape();
    assert_eq!(solution.board(), puzzle.board());
    assert_eq!(open_rows(&solution), open_rows(&puzzle));
    assert_eq!(solution.clues().len() as u64, puzzle.open_count());
    for clue in puzzle.clues() {
        assert_eq!(solution.clue_at(clue.square), Some(clue.number));
    }
    for pair in solution.clues().windows(2) {
        let (a, b) = (pair[0].square, pair[1].square);
        let step = (a.row.abs_diff(b.row), a.col.abs_diff(b.col));
        let is_leap = leaps.iter().any(|&(x, y)| step == (x, y) || step == (y, x));
        assert!(
            is_leap,
            "{} at {a} to {} at {b}",
            pair[0].number, pair[1].number
        );
    }
}

#[test]
fn the_published_solutions_read_and_solve_their_puzzles() {
    check_solution(HOLY_KNIGHT, HOLY_KNIGHT_SOLUTION, &[(1, 2)]);
    check_solution(HIDATO, HIDATO_SOLUTION, &[(0, 1), (1, 1)]);
    check_solution(NUMBRIX_1, NUMBRIX_1_SOLUTION, &[(0, 1)]);
    check_solution(NUMBRIX_2, NUMBRIX_2_SOLUTION, &[(0, 1)]);
    check_solution(HOPIDO, HOPIDO_SOLUTION, &[(0, 3), (2, 2)]);
}

#[test]
fn line_ends_marks_blank_lines_and_comments_do_not_change_the_picture() {
    let plain = read(HOLY_KNIGHT).unwrap();
    let crlf = HOLY_KNIGHT.replace('\n', "\r\n");
    assert_eq!(read(&crlf), Ok(plain.clone()));
    let framed = format!("\u{feff}# Holy Knight's tour\n\n  \n{HOLY_KNIGHT}\n\n# the end\n");
    assert_eq!(read(&framed), Ok(plain.clone()));
    let no_final_newline = HOLY_KNIGHT.trim_end_matches('\n');
    assert_eq!(read(no_final_newline), Ok(plain.clone()));
    let trailing: String = HOLY_KNIGHT
        .lines()
        .map(|line| format!("{line}    \n"))
        .collect();
    assert_eq!(read(&trailing), Ok(plain));
    // Tabs separate cells when every line has as many.
    assert_eq!(read("0\t0\t.\n0\t1\t0\n"), read("0 0 .\n0 1 0\n"));
}

#[test]
fn a_blank_column_is_a_hole_and_blank_margins_are_not_part_of_the_board() {
    let picture = read("    0 0\n      0 0\n").unwrap();
    assert_eq!(open_rows(picture.shape()), ["xx.", ".xx"]);
    let picture = read(" 1 __\n __ __ __\n").unwrap();
    assert_eq!(open_rows(picture.shape()), ["xx.", "xxx"]);
    // A margin of dots is part of the board: dots are holes written out.
    let picture = read(". . .\n. 0 .\n").unwrap();
    assert_eq!(open_rows(picture.shape()), ["...", ".x."]);
}

#[test]
fn a_one_column_board_reads_a_cell_a_line() {
    let picture = read("0\n12\n0\n").unwrap_err();
    assert!(matches!(
        picture,
        PictureError::NumberTooLarge {
            line: 2,
            column: 1,
            ..
        }
    ));
    let picture = read(" 0\n 3\n s\n").unwrap();
    assert_eq!(
        (
            picture.shape().board().rows(),
            picture.shape().board().cols()
        ),
        (3, 1)
    );
    assert_eq!(picture.start(), Some(Square::new(2, 0)));
}

/// `text`'s error, checked to be one line naming `line, column`.
fn error(text: &str) -> (PictureError, String) {
    let error = read(text).unwrap_err();
    let message = error.to_string();
    assert!(!message.contains('\n'), "{message}");
    (error, message)
}

#[test]
fn every_refusal_names_its_line_and_column() {
    let cases: [(&str, &str); 12] = [
        ("0 0 0\n0 q 0\n", "line 2, column 3: unknown cell 'q'"),
        (
            "0 0\n0 0 0 100 0\n",
            "line 2, column 5: 5 cells where line 1 has 2",
        ),
        (
            "0 100 0\n0 0\n",
            "line 2, column 4: 2 cells where line 1 has 3",
        ),
        (
            "0 5 0\n0 0 5\n",
            "line 2, column 5: the number 5 is given twice (first at line 1, column 3)",
        ),
        (
            "\n0 0\n0 7\n",
            "line 3, column 3: the number '7' is larger than the 4 open squares",
        ),
        (
            "0 99999999999999999999\n",
            "line 1, column 3: the number '99999999999999999999' is larger than the 2 open squares",
        ),
        (
            "\n\n . .\n. .\n",
            "line 3, column 2: the picture has no open square",
        ),
        ("", "line 1, column 1: the picture has no open square"),
        (
            "s 0\n0 s\n",
            "line 2, column 3: a second start (the first at line 1, column 1)",
        ),
        (
            "1 0\n0 s\n",
            "line 2, column 3: a second start (the first at line 1, column 1)",
        ),
        (
            "0 0\n\n0 0\n",
            "line 2, column 1: a blank line inside the picture",
        ),
        ("0 0\n  0\t0\t0\n", "line 2, column 4: a tab"),
    ];
    for (text, expected) in cases {
        let (_, message) = error(text);
        assert!(message.starts_with(expected), "{text:?}: {message}");
    }
}

#[test]
fn bad_text_is_quoted_inert_and_the_message_says_what_is_accepted() {
    let (unknown, message) = error("0 0\n0 \x1b[2J\n");
    assert_eq!(
        unknown,
        PictureError::UnknownCell {
            line: 2,
            column: 3,
            cell: "\x1b[2J".to_string()
        }
    );
    assert!(
        message.contains(r"'\e[2J'") && message.contains("a cell is 0, _, __ or x"),
        "{message}"
    );
    // A character a cell: the unknown one is named where it stands.
    let (dense, _) = error("..s..\n.xxq.\n");
    assert_eq!(
        dense,
        PictureError::UnknownCell {
            line: 2,
            column: 4,
            cell: "q".to_string()
        }
    );
}

#[test]
fn a_picture_too_large_is_refused_before_it_is_held() {
    let wide = "0 ".repeat(Shape::MAX_SQUARES as usize + 1);
    assert!(matches!(
        error(&wide).0,
        PictureError::TooLarge { line: 1, .. }
    ));
    let dense = format!(
        "{}\n{}\n",
        "x".repeat(1 << 19),
        "x.".repeat(1 << 18).repeat(2)
    );
    assert!(matches!(
        error(&dense).0,
        PictureError::TooLarge { line: 2, .. }
    ));
}

fn any_picture() -> impl Strategy<Value = Picture> {
    (1u32..=7, 1u32..=7)
        .prop_flat_map(|(rows, cols)| {
            let area = (rows * cols) as usize;
            (
                Just((rows, cols)),
                prop::collection::vec(any::<bool>(), area),
                prop::collection::vec(any::<prop::sample::Index>(), 0..area),
                any::<Option<prop::sample::Index>>(),
            )
        })
        .prop_filter_map(
            "an open square",
            |((rows, cols), holes, numbered, start)| {
                let board = Board::new(u64::from(rows), u64::from(cols)).unwrap();
                let holes: Vec<Square> = board
                    .squares()
                    .zip(&holes)
                    .filter(|&(_, &hole)| hole)
                    .map(|(s, _)| s)
                    .collect();
                let full = Shape::new(board, &holes, &[]).ok()?;
                let open: Vec<Square> = full.open_squares().collect();
                let mut numbers: Vec<u32> = (1..=open.len() as u32).collect();
                let mut clues = Vec::new();
                for (k, index) in numbered.iter().enumerate().take(open.len()) {
                    let number = numbers.swap_remove(index.index(numbers.len()));
                    clues.push(Clue {
                        number,
                        square: open[k],
                    });
                }
                let shape = Shape::new(board, &holes, &clues).ok()?;
                let start = start.map(|index| open[index.index(open.len())]);
                Picture::new(shape.clone(), start).or_else(|| Picture::new(shape, None))
            },
        )
}

proptest! {
    #[test]
    fn the_canonical_form_reads_back_to_the_same_picture(picture in any_picture()) {
        let text = picture.to_string();
        prop_assert_eq!(read(&text), Ok(picture), "{}", text);
    }
}

#[test]
fn other_solutions_forms_of_the_same_puzzles_read_the_same() {
    // The Perl solution's 13x13: `-` a hole, `0` open, `1` the start (and a clue 1).
    let perl = "-----1-0-----\n-----0-0-----\n----00000----\n-----000-----\n--0--0-0--0--\n\
                00000---00000\n--00-----00--\n00000---00000\n--0--0-0--0--\n-----000-----\n\
                ----00000----\n-----0-0-----\n-----0-0-----\n";
    let python = read(HOLY_KNIGHT_13).unwrap();
    let perl = read(perl).unwrap();
    assert_eq!(open_rows(perl.shape()), open_rows(python.shape()));
    assert_eq!(perl.start(), python.start());
    // The Ruby solution's Hidato: numbers right-aligned three wide, the holes at the end of a
    // line left out, `0` open.
    let ruby = "  0 33 35  0  0\n  0  0 24 22  0\n  0  0  0 21  0  0\n  0 26  0 13 40 11\n\
                \x2027  0  0  0  9  0  1\n  .  .  0  0 18  0  0\n  .  .  .  .  0  7  0  0\n\
                \x20 .  .  .  .  .  .  5  0\n";
    assert_eq!(read(ruby), read(HIDATO));
    // The Numbrix example as a course's exercise types it: the numbers not quite in columns.
    let sloppy = "0  0  0  0\n0 12  0  0\n0  0  0 16\n0  0  0  0\n";
    let sloppy = read(sloppy).unwrap();
    assert_eq!(open_rows(sloppy.shape()), ["xxxx"; 4]);
    assert_eq!(sloppy.shape().square_numbered(12), Some(Square::new(1, 1)));
}

#[test]
fn a_start_must_be_an_open_square_that_is_or_may_be_numbered_1() {
    let picture = read("0 0 .\n0 3 0\n").unwrap();
    let shape = picture.into_shape();
    assert!(
        Picture::new(shape.clone(), Some(Square::new(0, 2))).is_none(),
        "a hole"
    );
    assert!(
        Picture::new(shape.clone(), Some(Square::new(1, 1))).is_none(),
        "numbered 3"
    );
    let started = Picture::new(shape, Some(Square::new(0, 0))).unwrap();
    assert_eq!(started.to_string(), "s 0 .\n0 3 0\n");
    assert_eq!(read(&started.to_string()), Ok(started));
}
