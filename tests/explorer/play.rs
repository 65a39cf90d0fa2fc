//! Play (`P`): a tour played by hand, a move at a time, with the engine judging each position.
//! The judge's verdicts are checked against a brute force written here (every continuation of
//! the path enumerated, nothing shared with the engine but the board's geometry); tours go
//! through the validator; moves that are not a knight's move are refused; a hint never leads
//! into a dead position while a live one exists; screens at 80x24, 60x20 and 160x50, in
//! colour and in ASCII without colour, are snapshots.

use std::fs;

use knights_tour::explorer::app::{Judgement, Standing};
use knights_tour_engine::board::KNIGHT_MOVES;
use knights_tour_engine::existence::NoTourReason;
use knights_tour_engine::solve::{Outcome, Request, solve};

use super::files::{answer_prompt, notice, read_back};
use super::*;

/// An explorer on `rows x cols` from `start`, open, in play.
fn player(rows: u64, cols: u64, start: (u32, u32)) -> App {
    let mut app = explorer(rows, cols, start, Method::Backtrack);
    press(&mut app, "P");
    assert!(app.play().is_some(), "P plays");
    app
}

/// Lets the run loop's ticks come until the judge has said what it had to say (the judge
/// runs on its own thread, in real time).
pub(super) fn await_verdict(app: &mut App) {
    app.tick(TICK);
    tick_until(app, "the judge never answered", |app| !app.is_animating());
}

/// The judge's standing on the position on the board.
pub(super) fn standing(app: &App) -> Standing<'_> {
    app.play().expect("in play").standing()
}

/// Asserts that the judge says a tour completes the position on the board.
pub(super) fn assert_completes(app: &App) {
    assert!(
        matches!(standing(app), Standing::Judged(Judgement::Completes { .. })),
        "{:?}",
        standing(app)
    );
}

/// The number key that moves a knight on `from` to `to`.
pub(super) fn key_between(board: Board, from: Square, to: Square) -> char {
    let number = KNIGHT_MOVES
        .iter()
        .position(|&delta| from.offset(delta, board) == Some(to))
        .unwrap_or_else(|| panic!("{to} is not a knight's move from {from}"));
    char::from(b'1' + number as u8)
}

/// Plays the moves of `path` after its first square (the knight's square) by their numbers,
/// waiting for the judge after each when `wait`; the path played then ends with `path`.
pub(super) fn play_path(app: &mut App, path: &[Square], wait: bool) {
    let board = app.setup().board;
    for pair in path.windows(2) {
        press(app, &key_between(board, pair[0], pair[1]).to_string());
        if wait {
            await_verdict(app);
        }
    }
    assert!(app.play().unwrap().path().ends_with(path));
}

/// Whether some knight's tour of `board` begins with `path` (and closes when `closed`): the
/// continuations enumerated depth first, cut only where an unvisited square that is not next
/// to the knight has no unvisited square next to it (nothing can enter it any more).
fn completes(board: Board, path: &[Square], closed: bool) -> bool {
    let area = board.area() as usize;
    let index = |square: Square| board.index(square) as usize;
    let mut visited = vec![false; area];
    for &square in path {
        visited[index(square)] = true;
    }
    let mut line = path.to_vec();
    // For each square beyond the path: the next of its moves to try.
    let mut next_move = vec![0];
    loop {
        let head = line[line.len() - 1];
        if line.len() == area && (!closed || head.is_knight_move_to(line[0])) {
            return true;
        }
        let stranded = board.squares().any(|square| {
            !visited[index(square)]
                && !head.is_knight_move_to(square)
                && board.neighbours(square).all(|other| visited[index(other)])
        });
        let depth = next_move.len() - 1;
        let step = (next_move[depth]..8).filter(|_| !stranded).find_map(|at| {
            let square = head.offset(KNIGHT_MOVES[at], board)?;
            (!visited[index(square)]).then_some((at, square))
        });
        match step {
            Some((at, square)) => {
                next_move[depth] = at + 1;
                visited[index(square)] = true;
                line.push(square);
                next_move.push(0);
            }
            None => {
                next_move.pop();
                if next_move.is_empty() {
                    return false;
                }
                let undone = line.pop().expect("beyond the path");
                visited[index(undone)] = false;
            }
        }
    }
}

/// Every knight's path of `moves` moves from `start`, in the order of the move numbers.
fn paths(board: Board, start: Square, moves: usize) -> Vec<Vec<Square>> {
    let mut found = vec![vec![start]];
    for _ in 0..moves {
        found = found
            .into_iter()
            .flat_map(|path| {
                let head = path[path.len() - 1];
                board
                    .neighbours(head)
                    .filter(|square| !path.contains(square))
                    .map(|square| {
                        let mut longer = path.clone();
                        longer.push(square);
                        longer
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    found
}

/// The first position from a5 of 5x5, in the order of the move numbers, that no tour
/// completes while the one before it is completed, by the brute force.
fn first_dead_position() -> Vec<Square> {
    let board = Board::new(5, 5).unwrap();
    (1..=6)
        .flat_map(|moves| paths(board, Square::new(0, 0), moves))
        .find(|path| {
            !completes(board, path, false) && completes(board, &path[..path.len() - 1], false)
        })
        .expect("a dead position within six moves")
}

#[test]
fn the_start_is_judged_and_its_moves_are_numbered_with_their_degrees() {
    let mut app = player(5, 5, (0, 0));
    await_verdict(&mut app);
    assert_completes(&app);
    let play = app.play().unwrap();
    assert_eq!(play.moves_made(), 0);
    // From a5 (0,0): two up and one right is off the board; the moves are 3 (c4) and 4 (b3).
    let moves: Vec<(u8, Square, u8)> = play
        .moves()
        .iter()
        .map(|step| (step.number, step.square, step.degree))
        .collect();
    assert_eq!(
        moves,
        [(3, Square::new(1, 2), 5), (4, Square::new(2, 1), 5)],
        "c4 and b3 each have five unvisited squares a knight's move away"
    );
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("3:5") && text.contains("4:5"), "{text}");
    assert!(text.contains("Moves      0 of 24"), "{text}");
}

#[test]
fn a_dead_position_on_5x5_says_why_and_taking_it_back_revives_it() {
    let path = first_dead_position();
    let mut app = player(5, 5, (0, 0));
    await_verdict(&mut app);
    play_path(&mut app, &path, true);
    let Standing::Judged(Judgement::Dead { reason, .. }) = standing(&app) else {
        panic!(
            "{:?} is dead, but the judge says {:?}",
            path,
            standing(&app)
        );
    };
    assert!(
        !matches!(reason, NoTourReason::DeadPosition { .. }) || !named(&app).is_empty(),
        "{reason:?} names squares"
    );
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("Verdict    dead: "), "{text}");
    // Taken back: the position before is live, and was judged on the way, so its verdict is
    // there at once, before any tick; the dead move played again is dead at once too.
    press(&mut app, "u");
    assert_completes(&app);
    assert_eq!(app.play().unwrap().taken_back(), 1);
    assert!(!app.is_animating(), "nothing left to judge");
    let last = path.len() - 1;
    play_path(&mut app, &path[last - 1..], false);
    assert!(matches!(
        standing(&app),
        Standing::Judged(Judgement::Dead { .. })
    ));
    // In a dead position the hint says there is none.
    press(&mut app, "i");
    assert!(
        app.message().unwrap().starts_with("no move completes"),
        "{:?}",
        app.message()
    );
}

/// The squares the verdict on the board names.
fn named(app: &App) -> Vec<Square> {
    app.play().unwrap().named_squares()
}

/// The ways into `square` left in the position `path`: its unvisited neighbours, and the
/// knight's square if it is one.
fn ways_in(board: Board, path: &[Square], square: Square) -> usize {
    let head = path[path.len() - 1];
    board
        .neighbours(square)
        .filter(|other| !path.contains(other) || *other == head)
        .count()
}

/// The first position from a5 of 5x5, in the order of the move numbers, with a live position
/// before it, where two unvisited squares have one way in left each: both would have to be
/// the last square of the tour.
fn first_two_last_squares() -> Vec<Square> {
    let board = Board::new(5, 5).unwrap();
    (1..=6)
        .flat_map(|moves| paths(board, Square::new(0, 0), moves))
        .filter(|path| completes(board, &path[..path.len() - 1], false))
        .find(|path| {
            let one_way_in = board
                .squares()
                .filter(|square| !path.contains(square) && ways_in(board, path, *square) == 1);
            one_way_in.count() >= 2
        })
        .expect("two squares with one way in within six moves")
}

#[test]
fn squares_a_dead_verdict_rests_on_are_named_and_marked() {
    let path = first_two_last_squares();
    let board = Board::new(5, 5).unwrap();
    let mut app = player(5, 5, (0, 0));
    play_path(&mut app, &path, true);
    assert!(!completes(board, &path, false));
    let Standing::Judged(Judgement::Dead { reason, .. }) = standing(&app) else {
        panic!("{path:?} is dead, but the judge says {:?}", standing(&app));
    };
    assert!(
        matches!(reason, NoTourReason::DeadPosition { .. }),
        "{reason:?}: the position is dead before any step"
    );
    let named = named(&app);
    assert!(!named.is_empty());
    for &square in &named {
        assert_eq!(ways_in(board, &path, square), 1, "{square} in {named:?}");
    }
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(
        text.contains("each have") && text.contains("one way in left"),
        "{text}"
    );
    assert_screen!("play_dead_80x24", text);
    assert_screen!("play_dead_80x24_ascii", screen(&app, plain_ascii(), 80, 24));
}

#[test]
fn a_whole_5x5_tour_played_by_hand_is_validated_and_written_with_w() {
    let board = Board::new(5, 5).unwrap();
    let start = Square::new(0, 0);
    let Outcome::Tour { tour, .. } = solve(&Request::new(board, start)).unwrap() else {
        panic!("5x5 has a tour from a5");
    };
    let squares: Vec<Square> = tour.squares().collect();
    validate(board, squares.iter().copied(), false, Some(start)).unwrap();
    let mut app = player(5, 5, (0, 0));
    // A move taken back on the way and played again.
    play_path(&mut app, &squares[..10], false);
    press(&mut app, "u");
    play_path(&mut app, &squares[8..], false);
    let play = app.play().unwrap();
    assert_eq!(play.standing(), Standing::Complete);
    assert_eq!(play.taken_back(), 1);
    assert!(play.time_taken().is_some());
    let played = app.tour().expect("the tour played, validated");
    assert_eq!(played.indices(), tour.indices());
    validate(board, played.squares(), false, Some(start)).unwrap();
    assert!(!played.is_closed());
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("tour complete and validated:"), "{text}");
    assert!(text.contains("Taken back 1"), "{text}");
    assert_screen!("play_complete_80x24", text);
    // w writes it in the list format, and it reads back the same, valid.
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("mine.txt");
    press(&mut app, "w");
    answer_prompt(&mut app, path.to_str().unwrap());
    assert!(
        notice(&app).starts_with("wrote the tour (25 squares)"),
        "{}",
        notice(&app)
    );
    assert_eq!(&read_back(&path, board), app.tour().unwrap());
    // e draws it, and g#k has no timeline to go to in play.
    let picture = folder.path().join("mine.svg");
    press(&mut app, "e");
    answer_prompt(&mut app, picture.to_str().unwrap());
    assert!(
        notice(&app).starts_with("wrote the picture of the tour"),
        "{}",
        notice(&app)
    );
    fs::remove_file(&picture).unwrap();
    press(&mut app, "g");
    answer_prompt(&mut app, "#3");
    assert_eq!(
        app.message(),
        Some("go to #k: there is no tour to step through yet")
    );
    // u takes the last move back: the tour is no longer complete, and w says so.
    press(&mut app, "uw");
    assert_eq!(notice(&app), "the tour is not complete: 1 square to go");
    assert_eq!(fs::read_dir(folder.path()).unwrap().count(), 1);
}

#[test]
fn a_closed_tour_played_to_its_end_is_called_closed() {
    let board = Board::new(6, 6).unwrap();
    let start = Square::new(0, 0);
    let request = Request::new(board, start).closed(true);
    let Outcome::Tour { tour, .. } = solve(&request).unwrap() else {
        panic!("6x6 has a closed tour");
    };
    let squares: Vec<Square> = tour.squares().collect();
    validate(board, squares.iter().copied(), true, Some(start)).unwrap();
    let mut app = player(6, 6, (0, 0));
    press(&mut app, "o");
    assert!(app.setup().closed, "o changes the kind in play");
    play_path(&mut app, &squares, false);
    assert!(app.tour().unwrap().is_closed());
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("validated: closed"), "{text}");
    // v shows the tour played as its path, the closing move included.
    press(&mut app, "v");
    assert_eq!(app.scene().path, Some(tour.indices()));
    assert!(app.scene().closed);
}

#[test]
fn squares_that_are_not_a_knights_move_away_are_refused() {
    let mut app = player(5, 5, (0, 0));
    await_verdict(&mut app);
    // Enter on the knight's own square, on a square no knight's move away, on a number with
    // no move, and a click on a square two steps right.
    press(&mut app, "\n");
    assert_eq!(
        app.message(),
        Some("the knight is on a5: pick a numbered square")
    );
    press(&mut app, "ll\n");
    assert_eq!(
        app.message(),
        Some("c5 is not a knight's move from a5: pick a numbered square")
    );
    press(&mut app, "1");
    assert_eq!(
        app.message(),
        Some("no move 1 from a5: the numbered squares are the moves")
    );
    app.pick(Square::new(2, 2));
    assert_eq!(
        app.message(),
        Some("c3 is not a knight's move from a5: pick a numbered square")
    );
    assert_eq!(app.play().unwrap().path(), [Square::new(0, 0)]);
    // A click on a numbered square moves there; Enter on the start from two squares on is
    // refused: a tour visits each square once.
    app.pick(Square::new(1, 2));
    press(&mut app, "5");
    assert_eq!(app.play().unwrap().moves_made(), 2);
    press(&mut app, "kkhh\n");
    assert_eq!(app.cursor(), Square::new(0, 0));
    assert_eq!(
        app.message(),
        Some("a5 is the start: a tour visits each square once")
    );
    assert_eq!(app.play().unwrap().moves_made(), 2);
    // Search keys are not play's: they say what play's keys are.
    press(&mut app, "n");
    assert!(app.message().unwrap().starts_with("in play:"));
    // u back to the start, and no further.
    press(&mut app, "uuu");
    assert_eq!(app.message(), Some("at the start: no move to take back"));
    assert_eq!(app.play().unwrap().taken_back(), 2);
}

#[test]
fn the_hint_never_points_into_a_dead_position_when_a_live_one_exists() {
    for (rows, cols, start, moves) in [(5, 5, (0, 0), 4), (5, 5, (2, 2), 3), (4, 5, (0, 0), 4)] {
        let board = Board::new(rows, cols).unwrap();
        let start = Square::new(start.0, start.1);
        for path in paths(board, start, moves) {
            let mut app = player(rows, cols, (start.row, start.col));
            play_path(&mut app, &path, false);
            await_verdict(&mut app);
            let live = completes(board, &path, false);
            press(&mut app, "i");
            let hint = app.play().unwrap().hint();
            match (live, hint) {
                (true, Some(hint)) => {
                    let mut next = path.clone();
                    next.push(hint);
                    assert!(
                        completes(board, &next, false),
                        "{board} {path:?}: the hint {hint} leads into a dead position"
                    );
                    assert_eq!(app.cursor(), hint, "the cursor goes to the hint");
                }
                (false, None) => {
                    assert!(app.message().unwrap().starts_with("no move completes"))
                }
                (live, hint) => panic!("{board} {path:?}: live {live}, hint {hint:?}"),
            }
        }
    }
}

#[test]
fn p_leaves_play_and_the_explorer_is_as_it_was() {
    let mut app = explorer(6, 6, (0, 0), Method::Backtrack);
    press(&mut app, "nnn");
    let before = app.steps();
    press(&mut app, "P34u");
    assert!(app.play().is_some());
    press(&mut app, "P");
    assert!(app.play().is_none());
    assert_eq!(app.steps(), before, "the search waited");
    assert_eq!(
        app.message(),
        Some("left play: P plays again from the start")
    );
    press(&mut app, "3");
    assert_eq!(
        app.message(),
        Some("the numbers and i (a hint) are for play: P plays")
    );
}

#[test]
fn a_100x100_position_is_judged_in_the_background() {
    let mut app = player(100, 100, (0, 0));
    press(&mut app, "34343");
    // Keys were answered at once; the judge answers in its time.
    assert_eq!(app.play().unwrap().moves_made(), 5);
    await_verdict(&mut app);
    assert_completes(&app);
    press(&mut app, "i");
    let hint = app.play().unwrap().hint().expect("a hint");
    let head = app.play().unwrap().path()[5];
    assert!(head.is_knight_move_to(hint));
}

#[test]
fn play_screens_at_80x24_60x20_and_160x50() {
    let mut app = player(8, 8, (0, 0));
    await_verdict(&mut app);
    for moves in ["3", "4", "5"] {
        press(&mut app, moves);
        await_verdict(&mut app);
    }
    press(&mut app, "i");
    await_verdict(&mut app);
    assert_screen!("play_80x24", screen(&app, Look::standard(), 80, 24));
    assert_screen!("play_60x20", screen(&app, Look::standard(), 60, 20));
    assert_screen!("play_160x50", screen(&app, Look::standard(), 160, 50));
    assert_screen!("play_80x24_ascii", screen(&app, plain_ascii(), 80, 24));
    // Too narrow for a panel: the strip under the board gives the moves and the verdict.
    let strip = screen(&app, Look::standard(), 40, 24);
    assert!(
        strip.contains("8x8 open play, 3 of 63 moves, 0 back"),
        "{strip}"
    );
    assert!(strip.contains("verdict: completes"), "{strip}");
    // The shade zoom shows the path played so far on the visit-order ramp, the knight on top.
    press(&mut app, "z");
    let shade = screen(&app, plain_ascii(), 80, 24);
    assert!(shade.contains('N') && shade.contains("Order"), "{shade}");
}
