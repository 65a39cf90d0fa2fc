//! `N`: a new puzzle of the board's shape, made off the event loop from a seed the test does
//! not choose, checked to have exactly one solution by a search of the test's own, and played
//! to its end through the real key map with the hint key (`i`) and `Enter`.

use knights_tour_engine::shape::Shape;
use knights_tour_engine::tour::{ShapeRoute, check_on_shape};

use super::play::await_verdict;
use super::*;

/// The knight's moves.
const KNIGHT: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The open tours of the knight on `shape` that keep its clues, counted by plain backtracking
/// from the square given 1 up to `at_most`: a search that shares nothing with the engine's.
fn solutions(shape: &Shape, at_most: u64) -> u64 {
    let board = shape.board();
    let (rows, cols) = (board.rows() as i64, board.cols() as i64);
    let cells = (rows * cols) as usize;
    let mut given = vec![0u32; cells];
    for clue in shape.clues() {
        given[board.index(clue.square) as usize] = clue.number;
    }
    let mut open = vec![false; cells];
    for square in shape.open_squares() {
        open[board.index(square) as usize] = true;
    }
    let start = shape
        .clued_start()
        .expect("the explorer's puzzle gives its start");
    let last = shape.open_count() as u32;
    let mut seen = vec![false; cells];
    let at = |square: Square| (square.row as i64, square.col as i64);
    // Visits `(row, col)` as visit `number`; counts the tours that follow, up to `at_most`.
    fn walk(
        (row, col): (i64, i64),
        number: u32,
        grid: (&[bool], &[u32], &mut [bool], i64, i64),
        last: u32,
        found: &mut u64,
        at_most: u64,
    ) {
        let (open, given, seen, rows, cols) = grid;
        let index = (row * cols + col) as usize;
        seen[index] = true;
        if number == last {
            *found += 1;
        } else {
            // The square given the next number, if any, is the only way on.
            let wanted = given.contains(&(number + 1));
            for (dr, dc) in KNIGHT {
                let (r, c) = (row + dr, col + dc);
                if !(0..rows).contains(&r) || !(0..cols).contains(&c) || *found >= at_most {
                    continue;
                }
                let next = (r * cols + c) as usize;
                let fits = if wanted {
                    given[next] == number + 1
                } else {
                    given[next] == 0
                };
                if open[next] && !seen[next] && fits {
                    let grid = (open, given, &mut *seen, rows, cols);
                    walk((r, c), number + 1, grid, last, found, at_most);
                }
            }
        }
        seen[index] = false;
    }
    let mut found = 0;
    let grid = (&open[..], &given[..], &mut seen[..], rows, cols);
    walk(at(start), 1, grid, last, &mut found, at_most);
    found
}

/// Ticks until the puzzle asked for is on the board and play has started on it.
fn await_puzzle(app: &mut App) {
    tick_until(app, "no puzzle came", |app| {
        app.play().is_some()
            && app
                .puzzle_line()
                .is_some_and(|line| !line.contains("making"))
    });
}

#[test]
fn n_makes_a_puzzle_with_one_solution_and_it_is_played_to_its_end_by_hints() {
    let mut app = explorer(6, 6, (0, 0), Method::Warnsdorff);
    press(&mut app, "N");
    await_puzzle(&mut app);
    let shape = app.shape().expect("a puzzle has clues").clone();
    assert!(shape.clues().len() >= 2, "{shape}");
    assert_eq!(solutions(&shape, 2), 1, "the puzzle {shape} is not proper");
    let seed = app.puzzle_line().unwrap();
    assert!(seed.starts_with("seed "), "{seed}");
    await_verdict(&mut app);
    let squares = shape.open_count() as usize;
    for _ in 1..squares {
        press(&mut app, "i");
        let hint = app.play().unwrap().hint().expect("a hint while unsolved");
        assert_eq!(app.cursor(), hint);
        press(&mut app, "\n");
        assert_eq!(app.play().unwrap().path().last(), Some(&hint));
        await_verdict(&mut app);
    }
    let tour = app
        .play()
        .unwrap()
        .tour()
        .expect("every number placed")
        .clone();
    let path: Vec<u32> = tour.squares().map(|s| shape.board().index(s)).collect();
    let route = ShapeRoute {
        closed: false,
        start: shape.clued_start(),
        end: None,
    };
    check_on_shape(&shape, app.setup().piece, &path, route).expect("a valid solution");
    let shown = screen(&app, Look::standard(), 80, 24);
    assert!(shown.contains("solved in"), "{shown}");
    assert!(
        shown.contains(&seed[..9]),
        "the seed stays in view: {shown}"
    );
}

#[test]
fn a_board_changed_while_its_puzzle_is_made_drops_the_puzzle_in_words() {
    let mut app = explorer(6, 6, (0, 0), Method::Warnsdorff);
    press(&mut app, "N");
    // One puzzle at a time: a key held down starts no more work.
    press(&mut app, "N");
    let said = app.message().unwrap_or_default();
    assert!(said.contains("being made already"), "{said}");
    press(&mut app, ">");
    tick_until(&mut app, "the making never ended", |app| {
        app.puzzle_line().is_none()
    });
    assert!(
        app.play().is_none(),
        "a puzzle for 6x6 is not played on 7x7"
    );
    assert_eq!(app.setup().board, Board::square(7).unwrap());
    let said = app.message().unwrap_or_default();
    assert!(said.contains("board changed"), "{said}");
}

#[test]
fn n_on_a_board_too_large_to_prove_says_what_is_accepted() {
    let mut app = explorer(30, 30, (0, 0), Method::Warnsdorff);
    press(&mut app, "N");
    let said = app.message().unwrap_or_default();
    assert!(said.contains("at most 400 open squares"), "{said}");
    assert!(said.contains("900"), "{said}");
    assert!(app.puzzle_line().is_none());
}
