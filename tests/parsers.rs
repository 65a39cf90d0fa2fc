//! Property tests of the text the command line reads: board sizes (`parse_size`), squares
//! (`SquareSpec` parsed, then resolved on a board) and tours to check (`check_tour`).
//!
//! None of them may panic on any input, and an error names the text at fault. Sizes and
//! squares written out round-trip to the board and square they name, with `a1` the bottom-left
//! corner. Tours the solver finds, written as a grid or a list, are accepted by `check_tour`,
//! and exchanging two of their squares makes them rejected. A list given no size gets the
//! verdict it gets on the board its squares span, whether it is held (read once) or read
//! twice from a file.

use std::str::FromStr;

use knights_tour::cli::{write_grid, write_json, write_list};
use knights_tour::options::parse_duration;
use knights_tour::tourfile::{
    BoardFrom, CheckError, CheckedTour, Expectations, InputFormat, check_file, check_tour,
};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::notation::{NotationError, SquareSpec, parse_size};
use knights_tour_engine::quote::quoted as shown_safely;
use knights_tour_engine::solve::{Outcome, Request, solve};
use knights_tour_engine::tour::Tour;
use proptest::prelude::*;
use proptest::sample::Index;

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

/// Boards of every shape: mostly small, some long and thin, some large.
fn any_board() -> impl Strategy<Value = Board> {
    prop_oneof![
        (1u64..=30, 1u64..=30),
        (1u64..=3, 1u64..=2000),
        (1u64..=2000, 1u64..=3),
        (1u64..=30_000, 1u64..=30_000),
    ]
    .prop_map(|(rows, cols)| board(rows, cols))
}

/// Text that looks like a size, or nearly.
fn size_like() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9]{0,12}",
        "[0-9 ]{0,6}[xX×*,][0-9 ]{0,6}",
        "[+-]?[0-9]{1,3}[xX][+-]?[0-9]{1,3}[xX]?[0-9]{0,2}",
    ]
}

/// Text that looks like a square, or nearly.
fn square_like() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-zA-Z]?[0-9]{0,4}",
        "[a-z][0-9]{15,25}",
        "[0-9 ]{0,5},[0-9 ]{0,5}",
        "[+-]?[0-9]{0,3},[+-]?[0-9]{0,3}(,[0-9])?",
        "[0-9]{15,25},[0-9]{1,2}",
    ]
}

/// Text that `check_tour` should really read: numbers in lines, as a grid or as a list, with
/// the odd stray character.
fn tour_like() -> impl Strategy<Value = String> {
    let number = prop_oneof![0u64..=70, any::<u64>()].prop_map(|n| n.to_string());
    let separator = prop_oneof![Just(" "), Just("  "), Just(","), Just(", "), Just("\t")];
    let line = prop::collection::vec((number, separator), 0..=9).prop_map(|items| {
        items
            .into_iter()
            .map(|(number, separator)| format!("{number}{separator}"))
            .collect::<String>()
    });
    prop_oneof![
        prop::collection::vec(line, 0..=12).prop_map(|lines| lines.join("\n")),
        "[0-9 ,\n]{0,300}",
        "([0-9]{1,2} [0-9]{1,2}\n){0,70}",
        "(([0-9]{1,2} ){5}[0-9]{1,2}\r?\n){0,7}[0-9 x-]{0,4}",
    ]
}

fn any_format() -> impl Strategy<Value = InputFormat> {
    prop_oneof![
        Just(InputFormat::Auto),
        Just(InputFormat::Grid),
        Just(InputFormat::List),
    ]
}

fn any_expectations() -> impl Strategy<Value = Expectations> {
    let size = prop::option::of((1u64..=10, 1u64..=10).prop_map(|(r, c)| board(r, c)));
    let text = prop_oneof![
        3 => (0u32..10, 0u32..10).prop_map(|(row, col)| format!("{row},{col}")),
        2 => "[a-j](10|[1-9])",
        1 => square_like(),
    ];
    let start =
        prop::option::of(text.prop_filter_map("a square", |text| SquareSpec::from_str(&text).ok()));
    (size, any::<bool>(), start).prop_map(|(size, closed, start)| Expectations {
        size,
        piece: None,
        closed,
        start,
        end: None,
        memory_cap: None,
        keep_tour: None,
        shape: None,
    })
}

/// A message about `text` quotes it as every message does (at most 60 characters, control
/// characters escaped) and stays one short line with no control characters of its own.
fn message_names_safely(message: &str, text: &str) -> Result<(), TestCaseError> {
    let shown = shown_safely(text).to_string();
    prop_assert!(
        message.contains(&shown),
        "{message:?} does not quote {shown}"
    );
    prop_assert!(!message.chars().any(char::is_control), "{message:?}");
    prop_assert!(message.chars().count() <= 200, "{message:?}");
    Ok(())
}

/// Text that looks like a duration, or nearly.
fn duration_like() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9]{0,25}(ns|us|ms|s|m|h|d|w|y)?",
        "[0-9]{1,4}[a-z]{1,3} ?[0-9]{0,4}[a-z]{0,3}",
        "\\PC{0,5}[\\x00-\\x1f\\x7f]{1,3}\\PC{0,5}",
    ]
}

/// The `n`th line (1-based) of `text`, as `check_tour` numbers them.
fn line_of(text: &str, n: usize) -> Option<&str> {
    text.split('\n').nth(n.checked_sub(1)?)
}

/// The parts of `message` between single quotes.
fn quoted(message: &str) -> Vec<&str> {
    message.split('\'').skip(1).step_by(2).collect()
}

/// What every `check_tour` error must satisfy: one short line without control characters
/// (file contents are quoted with escapes), and a message about line N (`line N: ` or
/// `line N, column C: `) names a line that exists and quotes text from it.
fn check_error_is_sound(text: &str, error: &CheckError) -> Result<(), TestCaseError> {
    let message = error.to_string();
    message_is_safe(&message)?;
    if let Some(rest) = message.strip_prefix("line ") {
        let number: usize = rest
            .split([':', ','])
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| TestCaseError::fail(format!("no line number: {message:?}")))?;
        let line = line_of(text, number);
        prop_assert!(line.is_some(), "{message:?} but the text has fewer lines");
        // Quoted text is escaped and cut; what is plain must come from the line (but for the
        // forms the message names).
        let pieces: Vec<&str> = quoted(&message)
            .into_iter()
            .map(|piece| piece.trim_end_matches('…'))
            // (One punctuation mark quoted is what the parser expected: `','` or `'}'`.)
            .filter(|piece| !(piece.len() == 1 && piece.chars().all(|c| c.is_ascii_punctuation())))
            .filter(|piece| !piece.contains('\\') && !["r c", "r,c"].contains(piece))
            .collect();
        // (A quote in the line itself would confuse the split into pieces.)
        if !pieces.is_empty() && !line.unwrap().contains('\'') {
            prop_assert!(
                pieces.iter().any(|piece| line.unwrap().contains(piece)),
                "{message:?} quotes nothing of line {number}: {:?}",
                line.unwrap()
            );
        }
    }
    if let CheckError::Notation(notation) = error {
        prop_assert!(
            matches!(notation, NotationError::OffBoard { .. }),
            "{notation:?}"
        );
    }
    Ok(())
}

/// A message fit for a terminal: not empty, one line, no control characters, a few hundred
/// bytes at most.
fn message_is_safe(message: &str) -> Result<(), TestCaseError> {
    prop_assert!(!message.is_empty());
    prop_assert!(
        !message.chars().any(char::is_control),
        "control character in {message:?}"
    );
    prop_assert!(message.len() <= 400, "{} bytes: {message:?}", message.len());
    Ok(())
}

proptest! {
    #[test]
    fn parse_size_never_panics_and_errors_quote_the_text(text in size_like()) {
        match parse_size(&text) {
            Ok(board) => {
                prop_assert!(board.rows() >= 1 && board.cols() >= 1);
                prop_assert!(board.area() <= Board::MAX_SQUARES);
            }
            Err(error) => {
                let message = error.to_string();
                message_names_safely(&message, &text)?;
            }
        }
    }

    #[test]
    fn durations_never_panic_and_errors_quote_the_text_safely(text in duration_like()) {
        if let Err(message) = parse_duration(&text) {
            message_names_safely(&message, &text)?;
            prop_assert!(message.contains("250ms"), "{message:?} names no accepted form");
        }
    }

    #[test]
    fn long_or_hostile_sizes_and_squares_are_quoted_short_and_inert(
        text in prop_oneof!["[0-9x]{61,5000}", "[0-9]{0,3}[\\x00-\\x1f\\x7f\\u{80}-\\u{9f}\\u{202e}]{1,4}[0-9x,]{0,3}"],
    ) {
        if let Err(error) = parse_size(&text) {
            message_names_safely(&error.to_string(), &text)?;
        }
        if let Err(error) = SquareSpec::from_str(&text).and_then(|spec| spec.resolve(board(8, 8))) {
            message_names_safely(&error.to_string(), &text)?;
        }
    }

    #[test]
    fn a_written_size_parses_to_its_rows_and_columns(
        rows in 1u64..=1000,
        cols in 1u64..=1000,
        cross in prop::sample::select(vec!["x", "X", "×"]),
    ) {
        let parsed = parse_size(&format!("{rows}{cross}{cols}")).unwrap();
        prop_assert_eq!((u64::from(parsed.rows()), u64::from(parsed.cols())), (rows, cols));
        prop_assert_eq!(parse_size(&format!(" {rows}x{cols}\n")).unwrap(), parsed);
        let square = parse_size(&rows.to_string()).unwrap();
        prop_assert_eq!((u64::from(square.rows()), u64::from(square.cols())), (rows, rows));
    }

    #[test]
    fn a_size_with_a_zero_side_is_refused_by_name(side in 0u64..=1000, zero_first: bool) {
        let text = if zero_first { format!("0x{side}") } else { format!("{side}x0") };
        let message = parse_size(&text).unwrap_err().to_string();
        message_names_safely(&message, &text)?;
    }

    #[test]
    fn squares_never_panic_and_errors_quote_the_text(
        text in square_like(),
        board in any_board(),
    ) {
        match SquareSpec::from_str(&text) {
            Err(error) => {
                let message = error.to_string();
                message_names_safely(&message, &text)?;
            }
            Ok(spec) => {
                prop_assert_eq!(spec.to_string(), text.clone());
                match spec.resolve(board) {
                    Ok(square) => prop_assert!(board.contains(square)),
                    Err(error) => {
                        let message = error.to_string();
                        message_names_safely(&message, &text)?;
                        prop_assert!(message.contains(&board.to_string()), "{message:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn row_col_resolves_exactly_when_on_the_board(
        row in 0u64..1100,
        col in 0u64..1100,
        rows in 1u64..=1000,
        cols in 1u64..=1000,
        spaced: bool,
    ) {
        let board = board(rows, cols);
        let text = if spaced { format!("{row}, {col}") } else { format!("{row},{col}") };
        let resolved = text.parse::<SquareSpec>().unwrap().resolve(board);
        if row < rows && col < cols {
            prop_assert_eq!(resolved, Ok(Square::new(row as u32, col as u32)));
        } else {
            let message = resolved.unwrap_err().to_string();
            message_names_safely(&message, &text)?;
        }
    }

    #[test]
    fn algebraic_squares_count_ranks_from_the_bottom_row(
        rows in 1u64..=200,
        cols in 1u64..=26,
        file in 0u8..26,
        rank in 0u64..=210,
    ) {
        let board = board(rows, cols);
        let a1 = "a1".parse::<SquareSpec>().unwrap().resolve(board);
        prop_assert_eq!(a1, Ok(Square::new(rows as u32 - 1, 0)));
        let text = format!("{}{rank}", char::from(b'a' + file));
        let resolved = text.parse::<SquareSpec>().unwrap().resolve(board);
        if u64::from(file) < cols && (1..=rows).contains(&rank) {
            prop_assert_eq!(resolved, Ok(Square::new((rows - rank) as u32, u32::from(file))));
        } else {
            let message = resolved.unwrap_err().to_string();
            message_names_safely(&message, &text)?;
        }
    }

    #[test]
    fn algebraic_squares_are_refused_on_boards_wider_than_26(
        rows in 1u64..=100,
        cols in 27u64..=300,
    ) {
        let error = "a1".parse::<SquareSpec>().unwrap().resolve(board(rows, cols)).unwrap_err();
        prop_assert!(error.to_string().contains("'a1'"), "{error}");
    }

    #[test]
    fn check_tour_never_panics_on_any_string(
        text in any::<String>(),
        format in any_format(),
        expect in any_expectations(),
    ) {
        if let Err(error) = check_tour(text.as_bytes(), format, &expect) {
            check_error_is_sound(&text, &error)?;
        }
    }

    #[test]
    fn check_tour_never_panics_on_any_bytes(
        bytes in prop::collection::vec(any::<u8>(), 0..200),
        format in any_format(),
        expect in any_expectations(),
    ) {
        if let Err(error) = check_tour(bytes.as_slice(), format, &expect) {
            message_is_safe(&error.to_string())?;
        }
    }

    #[test]
    fn check_tour_never_panics_on_grids_and_lists(
        text in tour_like(),
        format in any_format(),
        expect in any_expectations(),
    ) {
        match check_tour(text.as_bytes(), format, &expect) {
            Ok(CheckedTour { board, start, .. }) => prop_assert!(board.contains(start)),
            Err(error) => check_error_is_sound(&text, &error)?,
        }
    }
}

/// A tour of a board of 5..=8 rows and columns from any square it can start on, open or closed.
fn small_tours() -> impl Strategy<Value = Tour> {
    (5u64..=8, 5u64..=8, any::<Index>(), any::<bool>()).prop_map(|(rows, cols, at, closed)| {
        let board = board(rows, cols);
        let mut start = board.square_at(at.index(board.area() as usize) as u32);
        if board.has_odd_area() && !start.is_majority_colour() {
            // No tour starts on the minority colour of an odd board: move one square over.
            start = board.square_at((board.index(start) + 1) % board.area() as u32);
        }
        let closed = closed && !board.has_odd_area();
        match solve(&Request::new(board, start).closed(closed)).unwrap() {
            Outcome::Tour { tour, .. } => tour,
            other => panic!("{board} from {start}, closed {closed}: {other:?}"),
        }
    })
}

fn expectations(tour: &Tour, size: Option<Board>) -> Expectations {
    let start = tour.start();
    Expectations {
        size,
        piece: None,
        closed: tour.is_closed(),
        start: Some(format!("{},{}", start.row, start.col).parse().unwrap()),
        end: None,
        memory_cap: None,
        keep_tour: None,
        shape: None,
    }
}

fn grid_bytes(tour: &Tour, aligned: bool) -> Vec<u8> {
    let mut out = Vec::new();
    write_grid(&mut out, tour, aligned).unwrap();
    out
}

/// The tour as `solve --format json` writes it.
fn json_bytes(tour: &Tour) -> Vec<u8> {
    let request = Request::new(tour.board(), tour.start()).closed(tour.is_closed());
    let outcome = solve(&request).unwrap();
    let mut out = Vec::new();
    write_json(&mut out, &request, &outcome).unwrap();
    out
}

fn list_bytes(tour: &Tour) -> Vec<u8> {
    let mut out = Vec::new();
    write_list(&mut out, tour).unwrap();
    out
}

/// Two distinct visit positions in `0..=n-2`: never the last square, so that the exchange is
/// provably not a tour (an interior square exchanged with another needs its two path
/// neighbours among the at most two squares a knight move from both, which they cannot be; an
/// exchange with the first square moves the start).
fn two_positions(n: usize, a: Index, b: Index) -> (usize, usize) {
    let i = a.index(n - 1);
    let mut j = b.index(n - 1);
    if i == j {
        j = (j + 1) % (n - 1);
    }
    (i.min(j), i.max(j))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn solved_tours_written_as_grids_and_lists_pass_the_check(tour in small_tours()) {
        let board = tour.board();
        let found = CheckedTour { board, piece: tour.piece(), start: tour.start(), closed: tour.is_closed(), tour: None, shape: None };
        // Asked to keep it, every format gives back the very tour that was written.
        let kept = CheckedTour { tour: Some(tour.clone()), ..found.clone() };
        let mut keeping = expectations(&tour, Some(board));
        keeping.keep_tour = Some(board.area());
        for bytes in [grid_bytes(&tour, true), list_bytes(&tour), json_bytes(&tour)] {
            prop_assert_eq!(check_tour(bytes.as_slice(), InputFormat::Auto, &keeping).unwrap(), kept.clone());
        }
        keeping.keep_tour = Some(board.area() - 1);
        for bytes in [grid_bytes(&tour, true), list_bytes(&tour), json_bytes(&tour)] {
            let refused = check_tour(bytes.as_slice(), InputFormat::Auto, &keeping).unwrap_err();
            prop_assert!(refused.to_string().contains("more than the"), "{}", refused);
        }
        for aligned in [true, false] {
            let grid = grid_bytes(&tour, aligned);
            for format in [InputFormat::Auto, InputFormat::Grid] {
                let checked = check_tour(grid.as_slice(), format, &expectations(&tour, None));
                prop_assert_eq!(checked.unwrap(), found.clone());
            }
            let sized = check_tour(grid.as_slice(), InputFormat::Auto, &expectations(&tour, Some(board)));
            prop_assert_eq!(sized.unwrap(), found.clone());
        }
        let list = list_bytes(&tour);
        for format in [InputFormat::Auto, InputFormat::List] {
            for size in [None, Some(board)] {
                let checked = check_tour(list.as_slice(), format, &expectations(&tour, size));
                prop_assert_eq!(checked.unwrap(), found.clone());
            }
        }
        keeping.size = None;
        keeping.keep_tour = Some(board.area());
        let checked = check_tour(list.as_slice(), InputFormat::List, &keeping);
        prop_assert_eq!(checked.unwrap(), kept);
        let json = json_bytes(&tour);
        for format in [InputFormat::Auto, InputFormat::Json] {
            for size in [None, Some(board)] {
                let checked = check_tour(json.as_slice(), format, &expectations(&tour, size));
                prop_assert_eq!(checked.unwrap(), found.clone());
            }
        }
    }

    #[test]
    fn a_changed_byte_of_a_json_tour_never_panics_and_is_named_safely(
        tour in small_tours(),
        at in any::<Index>(),
        byte in any::<u8>(),
        format in any_format(),
    ) {
        let mut json = json_bytes(&tour);
        let at = at.index(json.len());
        json[at] = byte;
        let text = String::from_utf8_lossy(&json).into_owned();
        if let Err(error) = check_tour(json.as_slice(), format, &expectations(&tour, None)) {
            if std::str::from_utf8(&json).is_ok() {
                check_error_is_sound(&text, &error)?;
            } else {
                message_is_safe(&error.to_string())?;
            }
        }
    }

    #[test]
    fn exchanging_two_squares_of_a_tour_is_rejected(
        tour in small_tours(),
        a in any::<Index>(),
        b in any::<Index>(),
    ) {
        let board = tour.board();
        let mut path: Vec<Square> = tour.squares().collect();
        let (i, j) = two_positions(path.len(), a, b);
        path.swap(i, j);

        let list: String = path.iter().map(|s| format!("{} {}\n", s.row, s.col)).collect();
        let verdict = check_tour(list.as_bytes(), InputFormat::List, &expectations(&tour, Some(board)));
        prop_assert!(
            matches!(verdict, Err(CheckError::Invalid(_))),
            "list with steps {} and {} exchanged: {:?}", i + 1, j + 1, verdict
        );

        let mut numbers = vec![0; board.area() as usize];
        for (step, &square) in path.iter().enumerate() {
            numbers[board.index(square) as usize] = step + 1;
        }
        let grid: String = numbers
            .chunks(board.cols() as usize)
            .map(|row| row.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        let verdict = check_tour(grid.as_bytes(), InputFormat::Auto, &expectations(&tour, None));
        prop_assert!(
            matches!(verdict, Err(CheckError::Invalid(_))),
            "grid with visits {} and {} exchanged: {:?}", i + 1, j + 1, verdict
        );
    }
}

/// A line of a list as people write it: a square (its numbers perhaps padded with zeros), a
/// blank line, or a line that is no square.
fn list_line() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => (0u64..8, 0u64..8, 0usize..25)
            .prop_map(|(row, col, width)| format!("{row:0>width$} {col}")),
        1 => Just(String::new()),
        1 => prop_oneof![Just("x 1"), Just("1 2 3"), Just("-1 0")].prop_map(String::from),
    ]
}

/// Lists to check without a size: a tour's, one line of it replaced, or lines at random.
fn lists_without_size() -> impl Strategy<Value = String> {
    let changed = (small_tours(), any::<Index>(), list_line()).prop_map(|(tour, at, line)| {
        let text = String::from_utf8(list_bytes(&tour)).unwrap();
        let mut lines: Vec<&str> = text.lines().collect();
        let at = at.index(lines.len());
        lines[at] = &line;
        lines.join("\n") + "\n"
    });
    let random = prop::collection::vec(list_line(), 1..40)
        .prop_map(|lines| format!("0 0\n{}\n", lines.join("\n")));
    prop_oneof![changed, random]
}

/// The board the squares of `text` span up to its first line that is no square, as a person
/// reads it; 1x1 for none.
fn spanned_board(text: &str) -> Board {
    let (mut rows, mut cols) = (1, 1);
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let numbers: Vec<Option<u64>> = line.split(' ').map(|n| n.parse().ok()).collect();
        let [Some(row), Some(col)] = numbers[..] else {
            break;
        };
        (rows, cols) = (rows.max(row + 1), cols.max(col + 1));
    }
    board(rows, cols)
}

/// The line (from 1) of `text`'s first square named again or step that is no knight's move,
/// before any line that is no square; blank lines count as lines but hold no square.
fn first_stop(text: &str) -> Option<usize> {
    let mut seen = std::collections::HashSet::new();
    let mut last: Option<(i64, i64)> = None;
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let numbers: Vec<Option<u32>> = line.split(' ').map(|n| n.parse().ok()).collect();
        let [Some(row), Some(col)] = numbers[..] else {
            return None;
        };
        let (row, col) = (i64::from(row), i64::from(col));
        let knight_move = last.is_none_or(|(r, c)| {
            let (dr, dc) = ((row - r).abs(), (col - c).abs());
            (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
        });
        if !seen.insert((row, col)) || !knight_move {
            return Some(index + 1);
        }
        last = Some((row, col));
    }
    None
}

/// An error as text, and whether it says the tour is invalid (rather than the text no list).
fn verdict_of<T>(checked: Result<T, CheckError>) -> Result<T, (bool, String)> {
    checked.map_err(|error| (matches!(error, CheckError::Invalid(_)), error.to_string()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_list_without_size_gets_the_verdict_of_the_board_it_spans(text in lists_without_size()) {
        let board = spanned_board(&text);
        let expect = |size| Expectations {
            size,
            piece: None,
            closed: false,
            start: None,
            end: None,
            memory_cap: None,
            keep_tour: None,
            shape: None,
        };
        let on_board = verdict_of(check_tour(text.as_bytes(), InputFormat::List, &expect(Some(board))));
        let held = verdict_of(check_tour(text.as_bytes(), InputFormat::List, &expect(None)));
        let mut file = tempfile::NamedTempFile::new().unwrap();
        std::io::Write::write_all(&mut file, text.as_bytes()).unwrap();
        let twice = verdict_of(check_file(file.path(), InputFormat::List, &expect(None)));
        if let Some(line) = first_stop(&text) {
            // A square named again or a step that is no move, which no board's tour has: the
            // first reading stops there, and the verdict names that line and the board the
            // lines before it span.
            let before: String = text.lines().take(line - 1).map(|l| format!("{l}\n")).collect();
            let suffix = format!(" (board {}, inferred from the list up to line {line})", spanned_board(&before));
            for verdict in [twice.map(|_| ()), held.map(|_| ())] {
                let stopped = matches!(&verdict, Err((true, message))
                    if message.starts_with(&format!("line {line}: ")) && message.ends_with(&suffix));
                prop_assert!(stopped, "{:?} does not stop at line {} with {:?}", verdict, line, suffix);
            }
            return Ok(());
        }
        // The same tour, or the same error; an invalid tour's names the board it was checked on.
        let expected = on_board.map(|tour| (tour, BoardFrom::Inferred)).map_err(|(invalid, message)| {
            if invalid {
                (true, format!("{message} (board {board}, inferred from the list)"))
            } else {
                (false, message)
            }
        });
        prop_assert_eq!(&twice, &expected);
        prop_assert_eq!(held, expected.map(|(tour, _)| tour));
    }
}
