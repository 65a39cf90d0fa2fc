//! The starts map (`s`): made in the background while keys still work, cancelled by a change
//! of board, kind or method, kept once made, summed up in the panel, drawn with colours or
//! glyphs, and `Enter` on one of its squares starts the search there.

use knights_tour_engine::solve::{Outcome, Request, solve};
use knights_tour_engine::starts::StartOutcome;

use super::*;

/// Ticks until the starts map is made; something must be at work on it meanwhile.
pub(super) fn until_mapped(app: &mut App) {
    tick_until(app, "no map", |app| {
        assert!(
            app.shown_map().is_some() || app.map_progress().is_some(),
            "nothing at work"
        );
        app.shown_map().is_some()
    });
}

#[test]
fn s_maps_5x5_tours_from_13_squares_and_proofs_for_12() {
    let mut app = explorer(5, 5, (0, 0), Method::Backtrack);
    press(&mut app, "s");
    assert!(
        app.is_animating(),
        "the run loop keeps ticking while the map is made"
    );
    until_mapped(&mut app);
    let map = app.shown_map().unwrap();
    let tally = map.tally();
    assert_eq!((tally.tours, tally.no_tour, tally.gave_up), (13, 12, 0));
    // Each square's answer is what the solver says from it, tour validated.
    for answer in &map.answers {
        let request = Request::new(map.board, answer.square).method(Method::Backtrack);
        match (solve(&request).unwrap(), &answer.outcome) {
            (Outcome::Tour { tour, .. }, StartOutcome::Tour { .. }) => {
                validate(map.board, tour.squares(), false, Some(answer.square)).unwrap()
            }
            (Outcome::NoTour { .. }, StartOutcome::NoTour(_)) => {}
            (solved, mapped) => panic!("{}: {solved:?} against {mapped:?}", answer.square),
        }
    }
    assert!(!app.is_animating(), "the work is over");
    assert_screen!("starts_map_5x5", screen(&app, Look::standard(), 100, 32));
    assert_screen!("starts_map_5x5_ascii", screen(&app, plain_ascii(), 100, 32));
}

#[test]
fn the_map_of_8x8_sums_up_and_names_the_answer_under_the_cursor() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "s");
    until_mapped(&mut app);
    let text = screen(&app, Look::standard(), 100, 32);
    assert!(
        text.contains("Starts     64 give a tour, 0 proved"),
        "{text}"
    );
    assert!(text.contains("From here  a tour in"), "{text}");
    // The cells show the nodes each tour took, and the legend says so.
    assert!(text.contains("64 tour, its nodes"), "{text}");
    assert_screen!("starts_map_8x8", text);
    // One character a square in the shade zoom: the glyphs, and a legend of glyphs.
    press(&mut app, "z");
    let shade = screen(&app, plain_ascii(), 80, 24);
    assert_eq!(shade.matches("TTTTTTTT").count(), 8, "{shade}");
    assert!(shade.contains("T tour  - proved none"), "{shade}");
}

#[test]
fn a_change_of_kind_cancels_the_work_and_a_map_made_is_kept() {
    // naive on 8x8 takes seconds a start: the work is still going when the kind changes.
    let mut app = explorer(8, 8, (0, 0), Method::Naive);
    press(&mut app, "s");
    assert!(app.map_progress().is_some());
    press(&mut app, "m");
    assert_eq!(app.setup().method, Method::Construct);
    // The naive map's work is stopped; the construct map's is under way or done.
    until_mapped(&mut app);
    assert_eq!(app.shown_map().unwrap().method, Method::Construct);
    // Hidden and shown again, it is there at once: kept.
    press(&mut app, "ss");
    assert!(app.shown_map().is_some() && app.map_progress().is_none());
    // Keys work while the map is made: the cursor moves.
    press(&mut app, "o");
    press(&mut app, "l");
    assert_eq!(app.cursor(), Square::new(0, 1));
}

#[test]
fn enter_on_the_map_searches_from_that_square() {
    let mut app = explorer(6, 6, (0, 0), Method::Backtrack);
    press(&mut app, "s");
    until_mapped(&mut app);
    press(&mut app, "jjl\n");
    assert!(app.map_shown().is_none());
    assert_eq!(app.setup().start, Square::new(2, 1));
    assert_eq!(app.status(), Status::Searching);
    settle(&mut app);
    let tour = app.tour().expect("a tour from the chosen square");
    validate(tour.board(), tour.squares(), false, Some(Square::new(2, 1))).unwrap();
}
