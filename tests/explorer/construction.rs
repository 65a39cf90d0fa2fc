//! The construction shown step by step: blocks laid with their pieces' own numbers, joins
//! marked, seams drawn, stepped back and forth, played, and ending in the validated tour the
//! command line gives.

use knights_tour_engine::solve::{self, Layer, Outcome, Request};
use ratatui::style::Modifier;

use super::*;

/// The tour `solve --method construct` gives for the explorer's setup.
fn solved(app: &App) -> Vec<u32> {
    let setup = app.setup();
    let request = Request::new(setup.board, setup.start)
        .closed(setup.closed)
        .method(Method::Construct);
    match solve::solve(&request).unwrap() {
        Outcome::Tour { tour, layer, .. } => {
            assert_eq!(layer, Layer::Construct);
            tour.indices().to_vec()
        }
        other => panic!("no tour: {other:?}"),
    }
}

/// The visit numbers on the board now (0 for an empty square).
fn numbers(app: &App) -> Vec<u32> {
    let board = app.setup().board;
    board
        .squares()
        .map(|square| app.scene().visits[board.index(square) as usize])
        .collect()
}

#[test]
fn n_lays_one_block_at_a_time_and_the_last_step_shows_the_validated_tour() {
    let mut app = explorer(20, 20, (0, 0), Method::Construct);
    press(&mut app, "n");
    let telling = app.telling().expect("20x20 is built from blocks");
    assert_eq!(telling.blocks(), (1, 9));
    assert_eq!(telling.joins(), (0, 8));
    // The first block's piece, numbered in its own order: 1 to its size, once each.
    let mut laid: Vec<u32> = numbers(&app).into_iter().filter(|&n| n > 0).collect();
    laid.sort_unstable();
    assert_eq!(laid, (1..=laid.len() as u32).collect::<Vec<_>>());
    assert_eq!(app.tour(), None, "no tour before the last join");
    assert!(matches!(app.status(), Status::Telling { playing: false }));

    let mut steps = 1;
    while app.telling().is_some() {
        press(&mut app, "n");
        steps += 1;
        assert!(steps <= 17, "9 blocks and 8 joins");
    }
    assert_eq!(steps, 17);
    let tour = app.tour().expect("the tour once every step is shown");
    validate(tour.board(), tour.squares(), false, Some(Square::new(0, 0))).unwrap();
    assert_eq!(
        tour.indices(),
        solved(&app),
        "the same tour as the command line"
    );
    assert_eq!(app.status(), Status::TourFound);
    assert_eq!(app.timeline(), Some((400, 400)));
}

#[test]
fn b_goes_back_through_the_construction_even_from_the_finished_tour() {
    let mut app = explorer(20, 20, (0, 0), Method::Construct);
    press(&mut app, "f");
    assert!(app.tour().is_some() && app.telling().is_none());
    press(&mut app, "b");
    let telling = app.telling().expect("back in the construction");
    assert_eq!((telling.blocks(), telling.joins()), ((9, 9), (7, 8)));
    assert_eq!(app.tour(), None);
    assert!(numbers(&app).iter().all(|&n| (1..=64).contains(&n)));
    press(&mut app, &"b".repeat(16));
    assert_eq!(app.telling().map(|b| b.blocks()), Some((0, 9)));
    assert!(
        numbers(&app).iter().all(|&n| n == 0),
        "every block taken away"
    );
    press(&mut app, "b");
    assert_eq!(app.message(), Some("at the beginning of the construction"));
    press(&mut app, "f");
    assert!(app.tour().is_some(), "f shows the whole tour again");
}

#[test]
fn space_plays_the_construction_at_the_chosen_speed_apart_from_its_time() {
    let mut app = explorer(40, 40, (0, 0), Method::Construct);
    press(&mut app, " ");
    let computed = app.elapsed();
    assert!(matches!(app.status(), Status::Telling { playing: true }));
    play_for(&mut app, 0.5);
    assert_eq!(
        app.telling().map(|b| b.shown()),
        Some(5),
        "10 steps a second"
    );
    assert_eq!(
        app.elapsed(),
        computed,
        "showing it is not the construction's time"
    );
    press(&mut app, " ");
    play_for(&mut app, 1.0);
    assert_eq!(app.telling().map(|b| b.shown()), Some(5), "paused");
    press(&mut app, "+++++++++++++++");
    press(&mut app, " ");
    settle(&mut app);
    assert!(app.tour().is_some(), "played to the end");
}

#[test]
fn the_panel_counts_blocks_and_joins_and_says_what_each_step_did() {
    let mut app = explorer(20, 20, (0, 0), Method::Construct);
    press(&mut app, "nnn");
    let text = screen(&app, Look::standard(), 160, 40);
    assert!(text.contains("Blocks     2 of 9"), "{text}");
    assert!(text.contains("Joins      1 of 8"), "{text}");
    assert!(
        text.contains("Last       splice: h20-g18 j19-i17 out"),
        "{text}"
    );
    assert!(
        text.contains("Next       laid 8x6 piece (a cycle) at o20"),
        "{text}"
    );
    assert!(text.contains("seam between blocks"), "the legend: {text}");

    let mut strip = explorer(3, 40, (0, 0), Method::Construct);
    press(&mut strip, "nnn");
    let text = screen(&strip, Look::standard(), 200, 30);
    assert!(text.contains("Last       wires across a cut:"), "{text}");
}

#[test]
fn seams_are_drawn_between_blocks_with_and_without_colour() {
    let mut app = explorer(20, 20, (0, 0), Method::Construct);
    press(&mut app, "nnnnn");
    assert_screen!(
        "construction_midway_20x20",
        screen(&app, Look::standard(), 120, 36)
    );
    assert_screen!(
        "construction_midway_20x20_ascii",
        screen(&app, plain_ascii(), 120, 36)
    );
    // The blocks of 20 are 8, 6 and 6 wide: a seam right of columns h and n, under rows
    // 13 and 7 (the eighth and fourteenth rows from the top), in every look.
    for look in [Look::standard(), plain_ascii()] {
        let (buffer, viewport) = draw(&app, look, 120, 36);
        let seam = look.glyphs().seam;
        for row in 0..20 {
            for col in 0..20 {
                let rect = viewport.cell_rect(Square::new(row, col));
                let right = buffer[(rect.right() - 1, rect.y)].symbol() == seam;
                assert_eq!(right, col == 7 || col == 13, "({row},{col})");
                // (Without colour, the squares just joined are underlined too.)
                let joined = app.scene().joined.contains(&Square::new(row, col));
                let under = buffer[(rect.x + 1, rect.bottom() - 1)]
                    .modifier
                    .contains(Modifier::UNDERLINED);
                assert_eq!(
                    under,
                    row == 7 || row == 13 || (joined && look == plain_ascii()),
                    "({row},{col})"
                );
            }
        }
    }
}
