//! The end square (`E`): a search, the race and play asked for a tour that ends on a chosen
//! square give validated tours that end there; a pair the theorems refuse is explained before
//! any search; a closed tour has no end (marking one opens the tour, `o` to closed clears it);
//! screens with an end at 80x24 and 160x50 are snapshots.

use knights_tour::explorer::app::{Judgement, LaneEnd, Standing};
use knights_tour_engine::existence::NoTourReason;

use knights_tour_engine::solve::{Outcome, Request, solve};

use super::play::{assert_completes, await_verdict, play_path};
use super::*;

/// An explorer on `side x side` from `start` with the end marked on `end` (through `g` and
/// `E`, as a user marks it).
fn to_end(side: u64, start: (u32, u32), end: &str, method: Method) -> App {
    let mut app = explorer(side, side, start, method);
    press(&mut app, &format!("g{end}\nE"));
    app
}

/// The tour on screen validated from `start`, and its last square.
fn last_square(app: &App, start: Square) -> Square {
    let tour = app.tour().expect("a tour");
    validate(tour.board(), tour.squares(), false, Some(start)).unwrap();
    tour.squares().last().unwrap()
}

#[test]
fn an_end_marked_before_f_gives_a_validated_tour_that_ends_there() {
    for (side, end, method) in [
        (8, "g1", Method::Backtrack),
        (8, "d4", Method::Warnsdorff),
        (6, "e1", Method::Naive),
        (5, "e1", Method::Backtrack),
        (8, "b8", Method::Construct),
    ] {
        let mut app = to_end(side, (0, 0), end, method);
        let end = app.end().expect("E marks the end");
        assert_eq!(app.cursor(), end);
        press(&mut app, "f");
        settle(&mut app);
        assert_eq!(app.status(), Status::TourFound, "{side} {end} {method:?}");
        assert_eq!(last_square(&app, Square::new(0, 0)), end, "{method:?}");
        if method != Method::Construct {
            // The panel's figures count the end, which the search keeps off its path.
            assert_eq!(u64::from(app.figures().depth), app.setup().board.area());
        }
    }
}

#[test]
fn the_status_names_the_route_and_the_end_is_marked_on_the_board() {
    let mut app = to_end(8, (0, 0), "g1", Method::Backtrack);
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("tour from a8 to g1"), "{text}");
    assert!(text.contains("End        g1 (7,6)"), "{text}");
    // Its own mark: a glyph on the board in colour and in ASCII, kept when the cursor leaves.
    press(&mut app, "c");
    let plain = screen(&app, plain_ascii(), 80, 24);
    let row_1 = plain.lines().find(|line| line.contains("|1 ")).unwrap();
    assert!(row_1.contains(" E "), "{plain}");
    assert_screen!("end_ready_80x24", text);
    press(&mut app, "f");
    settle(&mut app);
    let found = screen(&app, Look::standard(), 160, 50);
    assert!(
        found.contains("tour from a8 to g1: tour found and"),
        "{found}"
    );
    assert_screen!("end_found_160x50", found);
    assert_screen!("end_found_80x24_ascii", screen(&app, plain_ascii(), 80, 24));
}

#[test]
fn a_pair_the_theorems_refuse_is_explained_without_a_search() {
    // a8 and h1 share a colour: an open tour of 8x8 has ends of two colours.
    let mut app = to_end(8, (0, 0), "h1", Method::Backtrack);
    let Status::NoTour(reason) = app.status() else {
        panic!("{:?}", app.status());
    };
    assert!(reason.contains("alternates colours"), "{reason}");
    press(&mut app, "n");
    assert_eq!(
        (app.steps(), app.figures().nodes),
        (0, 0),
        "nothing searched"
    );
    // The inner lines of a 4xn board cannot hold an end.
    let mut app = explorer(4, 6, (0, 0), Method::Backtrack);
    press(&mut app, "gc3\nE");
    assert!(
        matches!(app.status(), Status::NoTour(reason) if reason.contains("inner")),
        "{:?}",
        app.status()
    );
    // The start is not an end: E there says why and marks nothing.
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "E");
    assert_eq!(app.end(), None);
    let expected = NoTourReason::EndIsStart {
        board: app.setup().board,
        square: Square::new(0, 0),
    };
    assert_eq!(app.message(), Some(expected.to_string().as_str()));
}

#[test]
fn e_again_or_on_the_start_clears_the_end() {
    let mut app = to_end(8, (0, 0), "g1", Method::Backtrack);
    press(&mut app, "E");
    assert_eq!(app.end(), None);
    press(&mut app, "gg8\nE");
    assert_eq!(app.end(), Some(Square::new(0, 6)));
    press(&mut app, "ga8\nE");
    assert_eq!(app.end(), None);
    assert!(app.message().unwrap().starts_with("end cleared"));
}

#[test]
fn a_closed_tour_has_no_end_the_later_choice_wins() {
    let mut app = to_end(8, (0, 0), "g1", Method::Backtrack);
    press(&mut app, "o");
    assert!(app.setup().closed);
    assert_eq!(app.end(), None);
    assert_eq!(
        app.message(),
        Some("a closed tour has no end: the end g1 is cleared")
    );
    press(&mut app, "E");
    assert!(!app.setup().closed, "marking an end opens the tour");
    assert_eq!(app.end(), Some(Square::new(7, 6)));
    assert!(
        app.message()
            .unwrap()
            .starts_with("a closed tour has no end")
    );
}

#[test]
fn the_race_runs_both_methods_to_the_end() {
    let mut app = to_end(6, (0, 0), "e1", Method::Backtrack);
    press(&mut app, "Rf");
    settle(&mut app);
    let race = app.race().expect("R races");
    assert_eq!(race.end_square(), Some(Square::new(5, 4)));
    // Naive backtracking finds one; Warnsdorff's greedy pass may reach a dead end, which is
    // no proof. A tour either finds ends on e1.
    let [naive, greedy] = race.lanes();
    assert!(naive.tour().is_some(), "{:?}", naive.end());
    for lane in race.lanes() {
        match lane.tour() {
            Some(tour) => {
                validate(tour.board(), tour.squares(), false, Some(Square::new(0, 0))).unwrap();
                assert_eq!(tour.squares().last(), Some(Square::new(5, 4)));
            }
            None => assert!(
                matches!(lane.end(), Some(LaneEnd::Stuck { .. })),
                "{greedy:?}"
            ),
        }
    }
    assert!(screen(&app, Look::standard(), 80, 24).contains("6x6 from a6 to e1"));
}

#[test]
fn play_to_an_end_is_judged_for_it_and_hints_lead_there() {
    let mut app = to_end(6, (0, 0), "e1", Method::Backtrack);
    press(&mut app, "P");
    await_verdict(&mut app);
    // Hint after hint: the judge's tours end on e1, and so does the tour played.
    while app.play().unwrap().tour().is_none() {
        assert_completes(&app);
        press(&mut app, "i\n");
        await_verdict(&mut app);
    }
    assert_eq!(last_square(&app, Square::new(0, 0)), Square::new(5, 4));
    assert_eq!(app.play().unwrap().missed_end(), None);
    let text = screen(&app, Look::standard(), 160, 50);
    assert!(text.contains("tour complete and validated"), "{text}");
    // The end may not change in the game: E and o say so.
    press(&mut app, "E");
    assert!(app.message().unwrap().contains("P leaves play"));
    assert_eq!(app.end(), Some(Square::new(5, 4)));
}

#[test]
fn in_play_a_tour_that_ends_elsewhere_is_not_the_one_asked() {
    let board = Board::square(6).unwrap();
    let a6 = Square::new(0, 0);
    // A tour from a6 to c1, played by hand in a game that asks for one to e1.
    let request = Request::new(board, a6)
        .method(Method::Backtrack)
        .ending_at(Square::new(5, 2));
    let Outcome::Tour { tour, .. } = solve(&request).unwrap() else {
        panic!("6x6 has a tour from a6 to c1");
    };
    let mut app = to_end(6, (0, 0), "e1", Method::Backtrack);
    press(&mut app, "P");
    let path: Vec<Square> = tour.squares().collect();
    play_path(&mut app, &path, false);
    let play = app.play().unwrap();
    assert_eq!(last_square(&app, a6), Square::new(5, 2), "validated");
    assert_eq!(play.missed_end(), Some(Square::new(5, 4)));
    let text = screen(&app, Look::standard(), 160, 50);
    assert!(text.contains("a validated tour, not the one"), "{text}");
    assert!(text.contains("it ends on c1, not e1"), "{text}");
}

#[test]
fn in_play_the_end_reached_early_is_a_dead_position() {
    // e1 is three moves from a6: a6 c5 d3 e1, with 32 squares left unvisited.
    let mut app = to_end(6, (0, 0), "e1", Method::Backtrack);
    press(&mut app, "P");
    await_verdict(&mut app);
    for square in ["c5", "d3", "e1"] {
        press(&mut app, &format!("g{square}\n\n"));
    }
    await_verdict(&mut app);
    let play = app.play().unwrap();
    assert_eq!(play.path().last(), Some(&Square::new(5, 4)));
    assert!(
        matches!(
            play.standing(),
            Standing::Judged(Judgement::Dead {
                reason: NoTourReason::EndOnPrefix { .. },
                ..
            })
        ),
        "{:?}",
        play.standing()
    );
}
