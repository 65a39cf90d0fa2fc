//! `e` writes the tour on screen as an SVG picture: whole (no temporary file left), its path
//! through the centres of the tour's squares in visit order, coloured along the visit order
//! as on screen, and a failure is a message that leaves nothing behind.

use std::fs;

use knights_tour::explorer::app::PromptPurpose;

use super::files::{answer_prompt, notice};
use super::*;
use crate::svg;

/// The `x,y` points of the tour's path in `svg`, the pieces of a gradient path joined.
fn tour_points(svg: &str) -> Vec<(u64, u64)> {
    let document = roxmltree::Document::parse(svg).expect("the picture is well-formed XML");
    svg::tour_points(&document).0
}

#[test]
fn e_writes_the_picture_of_the_tour_on_screen() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = explorer(6, 6, (0, 0), Method::Backtrack);
    press(&mut app, "e");
    assert!(notice(&app).contains("no tour to draw yet"));
    assert_eq!(app.prompt(), None);
    press(&mut app, "f");
    settle(&mut app);
    press(&mut app, "e");
    assert_eq!(
        app.prompt(),
        Some((PromptPurpose::Picture, "tour-6x6-a6.svg")),
        "the default names the board and the start"
    );
    let path = folder.path().join("six.svg");
    answer_prompt(&mut app, path.to_str().unwrap());
    let message = notice(&app);
    assert!(
        message.starts_with("wrote the picture of the tour (36 squares)"),
        "{message}"
    );
    let svg = fs::read_to_string(&path).unwrap();
    let tour = app.tour().unwrap();
    let centres: Vec<(u64, u64)> = tour
        .squares()
        .map(|square| {
            (
                u64::from(square.col) * 10 + 5,
                u64::from(square.row) * 10 + 5,
            )
        })
        .collect();
    assert_eq!(tour_points(&svg), centres);
    assert!(
        svg.matches("<polyline").count() > 1,
        "coloured along the visit order, as on screen"
    );
    assert_eq!(svg.matches("<text").count(), 36, "numbers on a small board");
    let names: Vec<_> = fs::read_dir(folder.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporary file left: {names:?}");
}

#[test]
fn a_picture_that_cannot_be_written_is_a_message_and_leaves_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = explorer(5, 5, (0, 0), Method::Backtrack);
    press(&mut app, "f");
    settle(&mut app);
    press(&mut app, "e");
    let missing = folder.path().join("no such folder").join("tour.svg");
    answer_prompt(&mut app, missing.to_str().unwrap());
    let message = notice(&app);
    assert!(message.starts_with("could not write"), "{message}");
    assert!(message.contains("nothing written"), "{message}");
    assert!(!app.should_quit() && app.tour().is_some());
    press(&mut app, "e\x1b");
    assert_eq!(app.prompt(), None, "Esc cancels");
    assert!(fs::read_dir(folder.path()).unwrap().next().is_none());
}
