//! The ends map (`t`): from the start on screen, every square as the end of an open tour. Its
//! answers are the engine's `map_ends` run directly, and on 5x5 a brute force written here
//! (every knight's path from the start enumerated, nothing shared with the engine but the
//! board's geometry); it is made in the background and a change of start cancels it, so no
//! stale answer is shown; `Enter` on one of its squares makes it the end.

use std::ops::ControlFlow;

use knights_tour::explorer::app::MapKind;
use knights_tour_engine::solve::Request;
use knights_tour_engine::starts::{MapSettings, StartOutcome, StartsMap, map_ends};

use super::starts::until_mapped;
use super::*;

/// Every square a knight's tour of `board` from `start` can end on, by a plain depth-first
/// enumeration of the knight's paths from the start (at most 64 squares).
fn brute_force_ends(board: Board, start: Square) -> Vec<bool> {
    let area = board.area() as usize;
    let moves: Vec<Vec<usize>> = board
        .squares()
        .map(|square| {
            board
                .squares()
                .filter(|&other| square.is_knight_move_to(other))
                .map(|other| board.index(other) as usize)
                .collect()
        })
        .collect();
    let mut ends = vec![false; area];
    let mut visited = vec![false; area];
    let first = board.index(start) as usize;
    visited[first] = true;
    // The path and, for each of its squares, the next of its moves to try.
    let mut stack = vec![(first, 0)];
    while let Some(&(square, next)) = stack.last() {
        if stack.len() == area {
            ends[square] = true;
        }
        match moves[square].get(next) {
            Some(&to) => {
                stack.last_mut().expect("not empty").1 += 1;
                if !visited[to] {
                    visited[to] = true;
                    stack.push((to, 0));
                }
            }
            None => {
                visited[square] = false;
                stack.pop();
            }
        }
    }
    ends
}

/// Whether `outcome` is a tour found.
fn is_tour(outcome: &StartOutcome) -> bool {
    matches!(outcome, StartOutcome::Tour { .. })
}

/// Asserts that `map` has a tour exactly at the squares `expected` marks (by square index)
/// and no square where the search gave up.
fn assert_tours_where(map: &StartsMap, expected: &[bool]) {
    assert_eq!(map.tally().gave_up, 0);
    for answer in &map.answers {
        let index = map.board.index(answer.square) as usize;
        assert_eq!(
            is_tour(&answer.outcome),
            expected[index],
            "{}: {:?}",
            answer.square,
            answer.outcome
        );
    }
}

#[test]
fn t_maps_the_ends_of_6x6_as_map_ends_does_and_tallies_them() {
    let mut app = explorer(6, 6, (0, 0), Method::Backtrack);
    press(&mut app, "t");
    assert_eq!(app.map_shown(), Some(MapKind::Ends));
    assert!(app.is_animating(), "the map is made in the background");
    until_mapped(&mut app);
    let map = app.shown_map().unwrap().clone();
    let board = map.board;
    assert_eq!(map.start, Some(Square::new(0, 0)));
    let request = Request::new(board, Square::new(0, 0)).method(Method::Backtrack);
    let direct = map_ends(&request, &MapSettings::threads(1), &|_, _| {
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(map.tally(), direct.tally());
    for (shown, engine) in map.answers.iter().zip(&direct.answers) {
        assert_eq!(shown.square, engine.square);
        assert_eq!(
            is_tour(&shown.outcome),
            is_tour(&engine.outcome),
            "{}",
            shown.square
        );
    }
    // On 6x6 the colour decides (Conrad et al.): the 18 squares of the other colour.
    let tally = map.tally();
    assert_eq!((tally.tours, tally.no_tour, tally.gave_up), (18, 18, 0));
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("Ends       18 give a tour, 18"), "{text}");
    assert!(text.contains("To here"), "{text}");
    assert_screen!("ends_map_6x6_80x24", text);
    assert_screen!(
        "ends_map_6x6_160x50",
        screen(&app, Look::standard(), 160, 50)
    );
    assert_screen!(
        "ends_map_6x6_80x24_ascii",
        screen(&app, plain_ascii(), 80, 24)
    );
    // A narrow terminal gets the tally in short.
    let narrow = screen(&app, Look::standard(), 60, 20);
    assert!(narrow.contains("18 tours"), "{narrow}");
}

#[test]
fn the_ends_map_of_5x5_is_where_a_brute_force_finds_tours_end() {
    for start in [(0, 0), (0, 2), (2, 2)] {
        let mut app = explorer(5, 5, start, Method::Backtrack);
        press(&mut app, "t");
        until_mapped(&mut app);
        let map = app.shown_map().unwrap();
        let start = Square::new(start.0, start.1);
        let ends = brute_force_ends(map.board, start);
        assert!(ends.iter().any(|&end| end), "5x5 has tours from {start}");
        assert_tours_where(map, &ends);
    }
}

#[test]
fn enter_on_the_ends_map_makes_the_square_the_end() {
    let mut app = explorer(6, 6, (0, 0), Method::Backtrack);
    press(&mut app, "t");
    until_mapped(&mut app);
    // e1: a tour ends there.
    press(&mut app, "ge1\n");
    assert_eq!(app.cursor(), Square::new(5, 4));
    press(&mut app, "\n");
    assert_eq!(app.map_shown(), None, "the map is left");
    assert_eq!(app.end(), Some(Square::new(5, 4)));
    assert_eq!(app.setup().start, Square::new(0, 0), "the start stays");
    press(&mut app, "f");
    settle(&mut app);
    let tour = app.tour().expect("a tour to the end picked");
    validate(tour.board(), tour.squares(), false, Some(Square::new(0, 0))).unwrap();
    assert_eq!(tour.squares().last(), Some(Square::new(5, 4)));
}

#[test]
fn a_change_of_start_cancels_the_map_and_no_stale_answer_is_shown() {
    // naive takes a while on 7x7: the map of a7 is still at work when the start changes.
    let mut app = explorer(7, 7, (0, 0), Method::Naive);
    press(&mut app, "t");
    assert!(app.map_progress().is_some());
    app.pick(Square::new(2, 2));
    assert_eq!(app.setup().start, Square::new(2, 2));
    assert_eq!(app.map_shown(), Some(MapKind::Ends), "the map stays shown");
    // Whatever is shown from now on is the map of the new start.
    tick_until(&mut app, "no ends map of c5", |app| {
        app.shown_map().is_some()
    });
    let map = app.shown_map().unwrap();
    assert_eq!(map.start, Some(Square::new(2, 2)), "a stale map");
    // Back to a7: its map was cancelled, so it is made anew, not shown half made.
    app.pick(Square::new(0, 0));
    assert!(
        app.shown_map()
            .is_none_or(|map| map.start == Some(Square::new(0, 0))),
        "a stale map"
    );
}

#[test]
fn a_closed_tour_has_no_ends_map() {
    let mut app = explorer(6, 6, (0, 0), Method::Backtrack);
    press(&mut app, "ot");
    assert!(app.shown_map().is_none());
    let failure = app.map_failure().expect("a closed tour has no end");
    assert!(failure.starts_with("a closed tour has no end"), "{failure}");
    // Open again, the map is made.
    press(&mut app, "o");
    until_mapped(&mut app);
    assert!(app.shown_map().is_some());
}

#[test]
fn the_starts_map_with_an_end_answers_for_tours_to_it() {
    let mut app = explorer(5, 5, (0, 0), Method::Backtrack);
    press(&mut app, "ge1\nEs");
    until_mapped(&mut app);
    let map = app.shown_map().unwrap();
    let end = Square::new(4, 4);
    assert_eq!(map.end, Some(end));
    // A tour from s to e1 is a tour from e1 to s, reversed: the brute force from e1.
    assert_tours_where(map, &brute_force_ends(map.board, end));
}
