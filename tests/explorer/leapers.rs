//! The other leapers in the explorer: `K` changes the piece, the panel names it, the board draws
//! it by its letter, and the search, `f`, the starts map and play are the piece's. Tours found
//! go through a validator written here that knows only the leap, and the library's.

use knights_tour::explorer::app::piece_sentence;
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::tour::Validator;

use super::starts::until_mapped;
use super::*;

/// An explorer of `piece` on `side x side` from a corner, open, backtracking.
pub(super) fn leaper_explorer(side: u64, piece: Leaper) -> App {
    let setup = Setup {
        board: Board::square(side).unwrap(),
        piece,
        start: Square::new(0, 0),
        closed: false,
        method: Method::Backtrack,
    };
    App::new(setup, Speed::PerSecond(10))
}

/// Whether each step of `path` is a leap of `a` one way and `b` the other.
fn leaps_only(path: &[Square], (a, b): (u32, u32)) -> bool {
    path.windows(2).all(|pair| {
        let (dr, dc) = (
            pair[0].row.abs_diff(pair[1].row),
            pair[0].col.abs_diff(pair[1].col),
        );
        (dr, dc) == (a, b) || (dr, dc) == (b, a)
    })
}

#[test]
fn k_cycles_the_eight_named_pieces_and_says_which() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    assert_eq!(app.setup().piece, Leaper::KNIGHT);
    for expected in [
        Leaper::CAMEL,
        Leaper::ZEBRA,
        Leaper::GIRAFFE,
        Leaper::WAZIR,
        Leaper::FERZ,
        Leaper::KING,
        Leaper::HOPIDO,
        Leaper::KNIGHT,
    ] {
        press(&mut app, "K");
        assert_eq!(app.setup().piece, expected);
        assert_eq!(app.message(), Some(piece_sentence(expected).as_str()));
    }
    // An unnamed leaper goes to the knight.
    let mut unnamed = leaper_explorer(5, Leaper::new(2, 5).unwrap());
    press(&mut unnamed, "K");
    assert_eq!(unnamed.setup().piece, Leaper::KNIGHT);
}

#[test]
fn the_panel_names_the_piece_and_the_board_draws_its_letter() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    let knight = screen(&app, Look::standard(), 80, 24);
    assert!(knight.contains("knight's tour"), "{knight}");
    assert!(
        !knight.contains("Piece"),
        "the knight's panel is as it was:\n{knight}"
    );
    press(&mut app, "KK");
    let zebra = screen(&app, Look::standard(), 80, 24);
    for needle in [
        "zebra's tour",
        "Piece      zebra (2,3)",
        " Z ",
        "8x8 zebra open",
    ] {
        assert!(zebra.contains(needle), "{needle} missing:\n{zebra}");
    }
    assert!(
        !zebra.contains('♞'),
        "the zebra is not drawn as a knight:\n{zebra}"
    );
    let ascii = screen(&app, plain_ascii(), 80, 24);
    assert!(ascii.contains(" Z "), "{ascii}");
    // The shade and the overview draw the piece by its letter too.
    for zoom in ["z", "z"] {
        press(&mut app, zoom);
        for look in [Look::standard(), plain_ascii()] {
            let text = screen(&app, look, 80, 24);
            // The board's part of each line, left of the panel's border.
            let mut board = text.lines().map(|line| {
                let border = line.find("││").or_else(|| line.find("||"));
                &line[..border.unwrap_or(line.len())]
            });
            assert!(board.any(|line| line.contains('Z')), "{text}");
            assert!(!text.contains('♞') && !text.contains(" N "), "{text}");
        }
    }
    let leaper = leaper_explorer(5, Leaper::new(0, 1).unwrap());
    let text = screen(&leaper, plain_ascii(), 80, 24);
    assert!(text.contains("(0,1)-leaper's tour"), "{text}");
    assert!(
        text.contains(" L "),
        "an unnamed leaper is drawn L:\n{text}"
    );
}

#[test]
fn f_finds_a_zebra_tour_of_10x10_that_only_the_zebra_makes() {
    let mut app = explorer(10, 10, (0, 0), Method::Backtrack);
    press(&mut app, "KKf");
    settle(&mut app);
    assert_eq!(app.status(), Status::TourFound);
    let tour = app.tour().expect("a tour").clone();
    assert_eq!(tour.piece(), Leaper::ZEBRA);
    let path: Vec<Square> = tour.squares().collect();
    assert!(leaps_only(&path, (2, 3)), "every step a zebra's leap");
    let mut validator =
        Validator::new(tour.board(), false, Some(Square::new(0, 0))).with_piece(Leaper::ZEBRA);
    for &square in &path {
        validator.push(square).unwrap();
    }
    validator.finish().unwrap();
    assert!(
        validate(tour.board(), path.iter().copied(), false, None).is_err(),
        "no knight's tour"
    );
}

#[test]
fn the_camel_is_refused_at_once_with_the_colour_theorem() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "K");
    assert!(matches!(app.status(), Status::NoTour(_)));
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("colour"), "{text}");
}

#[test]
fn the_starts_map_is_the_pieces_and_a_new_piece_remakes_it() {
    // The wazir tours 3x3 from the corners and the centre only (the colour of an odd board).
    let mut app = leaper_explorer(3, Leaper::new(0, 1).unwrap());
    press(&mut app, "s");
    until_mapped(&mut app);
    let map = app.shown_map().unwrap();
    for answer in &map.answers {
        let Square { row, col } = answer.square;
        let majority = (row + col) % 2 == 0;
        assert_eq!(
            matches!(
                answer.outcome,
                knights_tour_engine::starts::StartOutcome::Tour { .. }
            ),
            majority,
            "{}",
            answer.square
        );
    }
    // The zebra cannot reach every square of 5x5: the theorems answer every square.
    let mut zebra = leaper_explorer(5, Leaper::ZEBRA);
    press(&mut zebra, "s");
    until_mapped(&mut zebra);
    let tally = zebra.shown_map().unwrap().tally();
    assert_eq!((tally.tours, tally.no_tour), (0, 25));
    // A map under way for the knight (naive on 8x8 takes seconds a square) is dropped when
    // the piece changes, and the camel's is made: no tour from anywhere, by colour.
    let mut app = explorer(8, 8, (0, 0), Method::Naive);
    press(&mut app, "s");
    assert!(app.map_progress().is_some(), "at work");
    press(&mut app, "K");
    until_mapped(&mut app);
    let tally = app.shown_map().unwrap().tally();
    assert_eq!((tally.tours, tally.no_tour), (0, 64));
}

#[test]
fn play_moves_the_piece_by_its_own_leaps() {
    let mut app = leaper_explorer(10, Leaper::GIRAFFE);
    press(&mut app, "P");
    let play = app.play().expect("play is on");
    let moves = play.moves();
    assert!(!moves.is_empty());
    for step in &moves {
        assert!(
            leaps_only(&[Square::new(0, 0), step.square], (1, 4)),
            "{}",
            step.square
        );
    }
    let key = char::from(b'0' + moves[0].number);
    press(&mut app, &key.to_string());
    let path = app.play().unwrap().path().to_vec();
    assert_eq!(path, vec![Square::new(0, 0), moves[0].square]);
}

#[test]
fn the_giraffe_on_10x10_at_80x24() {
    let mut app = leaper_explorer(10, Leaper::GIRAFFE);
    press(&mut app, "nnn");
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("giraffe's tour"), "{text}");
    assert_screen!("giraffe_10x10_80x24", text);
    assert_screen!(
        "giraffe_10x10_80x24_ascii",
        screen(&app, plain_ascii(), 80, 24)
    );
}

#[test]
fn a_tour_file_of_another_piece_is_read_as_that_piece_only_when_it_says_so() {
    let folder = tempfile::tempdir().unwrap();
    let solved = |format: &str| {
        let output = assert_cmd::Command::cargo_bin("knights-tour")
            .unwrap()
            .args([
                "solve", "--piece", "zebra", "--size", "10", "--format", format,
            ])
            .output()
            .unwrap();
        assert!(output.status.success());
        let path = folder.path().join(format!("zebra.{format}"));
        std::fs::write(&path, output.stdout).unwrap();
        path.to_str().unwrap().to_string()
    };
    let (list, json) = (solved("list"), solved("json"));
    // The JSON names its piece; a list does not, and is read as the knight's unless told.
    for args in [
        &["--tour", &json][..],
        &["--piece", "zebra", "--tour", &list],
    ] {
        let app = super::files::explorer_of(args).unwrap();
        assert_eq!(app.setup().piece, Leaper::ZEBRA, "{args:?}");
        let tour = app.tour().unwrap();
        let path: Vec<Square> = tour.squares().collect();
        assert!(leaps_only(&path, (2, 3)), "{args:?}");
        // `w` offers a name that says whose tour it is.
        assert_eq!(app.default_tour_name(), "tour-zebra-10x10-a10.txt");
    }
    let refused = super::files::explorer_of(&["--tour", &list]).unwrap_err();
    let refused = refused
        .downcast_ref::<knights_tour::explorer::TourFileError>()
        .expect("a tour file error");
    assert!(refused.invalid, "{}", refused.message);
    assert!(
        refused.message.contains("not a knight move"),
        "{}",
        refused.message
    );
}
