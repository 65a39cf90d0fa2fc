//! Other leapers on mid-size boards, answered as the command line answers them: another
//! piece's maps are `auto`'s whatever the method on screen (the theorems, a greedy pass, then
//! path flipping, the search over moves and backtracking by turns), `f` asks `auto`, and play's
//! judge reads a verdict where it read "unknown". The knight's maps and `f` stay the method's
//! on screen. Tours go through the library's validator as the piece's, and through a leap
//! check written here.

use knights_tour::explorer::app::{Judgement, Standing, map_method};
use knights_tour_engine::existence::NoTourReason;
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::search::DeadPosition;
use knights_tour_engine::solve::{Outcome, Request, solve};
use knights_tour_engine::tour::{Tour, Validator};

use super::leapers::leaper_explorer;
use super::play::await_verdict;
use super::starts::until_mapped;
use super::*;

/// Asserts that `tour` is an open tour of `piece` from `start`: every step a leap of the
/// piece's (checked here), every square once (the library's validator, told the piece).
fn assert_tour_of(tour: &Tour, piece: Leaper, start: Square) {
    let path: Vec<Square> = tour.squares().collect();
    assert_eq!(path.len() as u64, tour.board().area());
    assert_eq!(path[0], start);
    for pair in path.windows(2) {
        let leap = (
            pair[0].row.abs_diff(pair[1].row),
            pair[0].col.abs_diff(pair[1].col),
        );
        let (a, b) = (piece.single().unwrap().0, piece.single().unwrap().1);
        assert!(
            leap == (a, b) || leap == (b, a),
            "{} to {}",
            pair[0],
            pair[1]
        );
    }
    let mut validator = Validator::new(tour.board(), false, Some(start)).with_piece(piece);
    for square in path {
        validator.push(square).unwrap();
    }
    validator.finish().unwrap();
}

#[test]
fn the_giraffes_starts_map_of_12x12_answers_every_start_by_auto() {
    let mut app = leaper_explorer(12, Leaper::GIRAFFE);
    assert_eq!(map_method(&app.setup()), Method::Auto);
    press(&mut app, "s");
    let text = screen(&app, Look::standard(), 240, 60);
    assert!(
        text.contains("by auto"),
        "the panel names the map's method: {text}"
    );
    until_mapped(&mut app);
    let map = app.shown_map().unwrap();
    assert_eq!(map.method, Method::Auto);
    let tally = map.tally();
    assert_eq!((tally.tours, tally.no_tour, tally.gave_up), (144, 0, 0));
    // A tour from a square of each kind (corner, edge, centre), as the command line finds it.
    let board = map.board;
    for square in [Square::new(11, 11), Square::new(0, 5), Square::new(6, 6)] {
        let request = Request::new(board, square).piece(Leaper::GIRAFFE);
        let Outcome::Tour { tour, .. } = solve(&request).unwrap() else {
            panic!("no tour from {square}");
        };
        assert_tour_of(&tour, Leaper::GIRAFFE, square);
    }
    let text = screen(&app, Look::standard(), 240, 60);
    assert!(text.contains("starts map by auto"), "{text}");
    // At 80x24 the panel wraps it: `starts map by`, then `auto`.
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("starts map by"), "{text}");
    // Another method on screen: the same map, kept.
    press(&mut app, "m");
    assert!(
        app.shown_map().is_some(),
        "the map is auto's whatever the method"
    );
    // 3,0 is not the first square of its orbit: its tour is the first one's, mirrored, and
    // the panel says so.
    press(&mut app, "jjj");
    let text = screen(&app, Look::standard(), 240, 60);
    assert!(text.contains("taken here by"), "{text}");
    // Enter on a square of the map shows the tour the map promised: auto's.
    press(&mut app, "\n");
    assert_eq!(app.status(), Status::TourFound);
    let tour = app.tour().expect("a tour").clone();
    assert_tour_of(&tour, Leaper::GIRAFFE, Square::new(3, 0));
    // The knight's maps are the method's on screen.
    let knight = explorer(5, 5, (0, 0), Method::Naive);
    assert_eq!(map_method(&knight.setup()), Method::Naive);
}

#[test]
fn the_zebras_maps_of_12x12_are_proved_empty_at_once() {
    // Schwenk's argument for the zebra: rows 0, 1, 5, 6, 10, 11 never a move apart.
    let mut app = leaper_explorer(12, Leaper::ZEBRA);
    assert!(matches!(app.status(), Status::NoTour(_)));
    for keys in ["s", "st"] {
        press(&mut app, keys);
        until_mapped(&mut app);
        let tally = app.shown_map().unwrap().tally();
        assert_eq!((tally.tours, tally.no_tour, tally.gave_up), (0, 144, 0));
    }
}

#[test]
fn f_on_the_giraffes_12x12_shows_autos_tour_and_the_knights_f_is_the_search() {
    let mut app = leaper_explorer(12, Leaper::GIRAFFE);
    press(&mut app, "nnf");
    settle(&mut app);
    assert_eq!(app.status(), Status::TourFound);
    assert!(app.answered_by_auto());
    let layer = app.answered_by().expect("answered whole");
    assert_tour_of(app.tour().unwrap(), Leaper::GIRAFFE, Square::new(0, 0));
    let text = screen(&app, Look::standard(), 240, 60);
    assert!(
        text.contains(&format!("by auto, its {layer} layer")),
        "{text}"
    );
    // r gives the search on screen back.
    press(&mut app, "r");
    assert_eq!(app.status(), Status::Ready);
    assert!(!app.answered_by_auto());
    // The knight's f finishes the search on screen.
    let mut knight = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut knight, "f");
    settle(&mut knight);
    assert_eq!(knight.status(), Status::TourFound);
    assert!(!knight.answered_by_auto());
    assert_eq!(knight.answered_by(), None);
}

/// Plays `path` (after its first square, the piece's) by the numbers play shows.
fn play_leaps(app: &mut App, path: &[(u32, u32)]) {
    for &(row, col) in &path[1..] {
        let to = Square::new(row, col);
        let play = app.play().expect("in play");
        let number = play
            .moves()
            .iter()
            .find(|step| step.square == to)
            .unwrap_or_else(|| panic!("{to} is no move from {:?}", play.path().last()))
            .number;
        press(app, &number.to_string());
    }
    let played: Vec<Square> = path.iter().map(|&(r, c)| Square::new(r, c)).collect();
    assert_eq!(app.play().unwrap().path(), played.as_slice());
}

#[test]
fn play_on_the_giraffes_12x12_reads_verdicts_not_unknown() {
    let mut app = leaper_explorer(12, Leaper::GIRAFFE);
    press(&mut app, "P");
    await_verdict(&mut app);
    // Off the tour the judge found from the start: judged by auto's layers.
    play_leaps(&mut app, &[(0, 0), (4, 1), (0, 2), (4, 3)]);
    await_verdict(&mut app);
    let play = app.play().unwrap();
    let Standing::Judged(Judgement::Completes { next, .. }) = play.standing() else {
        panic!("{:?}", play.standing());
    };
    let next = next.expect("squares are left");
    assert!(Leaper::GIRAFFE.is_move(Square::new(4, 3), next), "{next}");
    // a12 b8 f9 e5, then i4: a4 (8,0) has one way in left, so it would have to be last, and
    // it has the wrong colour for the squares left.
    press(&mut app, "uuu");
    play_leaps(&mut app, &[(0, 0), (4, 1), (3, 5), (7, 4), (8, 8)]);
    await_verdict(&mut app);
    let play = app.play().unwrap();
    let Standing::Judged(Judgement::Dead { reason, .. }) = play.standing() else {
        panic!("{:?}", play.standing());
    };
    assert!(
        matches!(
            reason,
            NoTourReason::DeadPosition {
                position: DeadPosition::LastColour { .. }
            }
        ),
        "{reason:?}"
    );
    assert_eq!(play.named_squares(), vec![Square::new(8, 0)]);
    let text = screen(&app, Look::standard(), 100, 30);
    assert!(text.contains("dead"), "{text}");
}

#[test]
fn closed_play_on_the_giraffes_12x12_is_judged_past_its_first_move() {
    // A closed tour after a partial tour is flipped as a path that ends next to the start;
    // before, the judge read "unknown" here after 269,984 nodes.
    let mut app = leaper_explorer(12, Leaper::GIRAFFE);
    press(&mut app, "o");
    assert!(app.setup().closed);
    press(&mut app, "P");
    await_verdict(&mut app);
    play_leaps(&mut app, &[(0, 0), (1, 4)]);
    await_verdict(&mut app);
    let play = app.play().unwrap();
    let Standing::Judged(Judgement::Completes { next, .. }) = play.standing() else {
        panic!("{:?}", play.standing());
    };
    let next = next.expect("squares are left");
    assert!(Leaper::GIRAFFE.is_move(Square::new(1, 4), next), "{next}");
    // The command line completes the same partial tour as a closed tour of the giraffe.
    let walked = vec![Square::new(0, 0), Square::new(1, 4)];
    let request = Request::new(Board::square(12).unwrap(), walked[0])
        .piece(Leaper::GIRAFFE)
        .closed(true)
        .completing(walked);
    let Ok(Outcome::Tour { tour, .. }) = solve(&request) else {
        panic!("no closed tour after a12 e11");
    };
    let mut validator =
        Validator::new(tour.board(), true, Some(Square::new(0, 0))).with_piece(Leaper::GIRAFFE);
    for square in tour.squares() {
        validator.push(square).unwrap();
    }
    validator.finish().unwrap();
}

#[test]
fn a_race_of_the_giraffe_that_no_lane_answers_says_where_the_answer_is() {
    // Warnsdorff's rule gets stuck on the giraffe's 12x12 from a12, in both lanes.
    let mut app = leaper_explorer(12, Leaper::GIRAFFE).with_race([Method::Warnsdorff; 2]);
    press(&mut app, "f");
    settle(&mut app);
    let line = app.race().expect("racing").finish_line();
    assert!(line.starts_with("no winner:"), "{line}");
    assert!(
        line.ends_with("(auto's layers answer it: R, then f)"),
        "{line}"
    );
    press(&mut app, "Rf");
    assert_eq!(app.status(), Status::TourFound);
    // The knight's line is as it was.
    let mut knight = explorer(8, 8, (0, 0), Method::Backtrack).with_race([Method::Warnsdorff; 2]);
    press(&mut knight, "f");
    settle(&mut knight);
    assert!(!knight.race().unwrap().finish_line().contains("auto"));
}
