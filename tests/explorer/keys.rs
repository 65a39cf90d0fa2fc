//! Key sequences through the real key map, and what they do to the explorer's state.

use super::*;

#[test]
fn the_cursor_stays_on_the_board() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "hhkk");
    assert_eq!(app.cursor(), Square::new(0, 0));
    press(&mut app, &"l".repeat(20));
    press(&mut app, &"j".repeat(20));
    assert_eq!(app.cursor(), Square::new(7, 7));
    press(&mut app, "hk");
    assert_eq!(app.cursor(), Square::new(6, 6));
}

#[test]
fn enter_makes_the_cursor_the_start_and_resets() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "nnnjjl\n");
    assert_eq!(app.setup().start, Square::new(2, 1));
    assert_eq!(app.steps(), 0);
    assert_eq!(app.status(), Status::Ready);
    assert_eq!(app.path(), vec![Square::new(2, 1)]);
}

#[test]
fn o_toggles_closed_and_the_theorems_answer_at_once() {
    let mut app = explorer(7, 7, (0, 0), Method::Backtrack);
    press(&mut app, "nn");
    press(&mut app, "o");
    assert!(app.setup().closed);
    match app.status() {
        Status::NoTour(reason) => assert!(reason.contains("both sides are odd"), "{reason}"),
        other => panic!("expected no tour, got {other:?}"),
    }
    press(&mut app, "o");
    assert!(!app.setup().closed);
    assert_eq!(app.status(), Status::Ready);
}

#[test]
fn stepping_back_undoes_each_step_exactly() {
    let mut app = explorer(6, 6, (0, 0), Method::Naive);
    let mut states = vec![(app.path(), app.figures(), app.last_event())];
    for _ in 0..400 {
        press(&mut app, "n");
        states.push((app.path(), app.figures(), app.last_event()));
    }
    for _ in 0..400 {
        press(&mut app, "b");
        states.pop();
        assert_eq!(
            Some(&(app.path(), app.figures(), app.last_event())),
            states.last()
        );
    }
    assert_eq!(app.steps(), 0);
    press(&mut app, "b");
    assert_eq!(app.message(), Some("at the beginning of the search"));
    // Back from a finished tour, then forward again, finds the same tour.
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "f");
    let tour = app.path();
    press(&mut app, "bb");
    assert_eq!(app.status(), Status::Paused);
    assert!(app.tour().is_none());
    press(&mut app, "nn");
    assert_eq!((app.status(), app.path()), (Status::TourFound, tour));
}

#[test]
fn resizing_keeps_the_start_on_the_board() {
    let mut app = explorer(8, 8, (7, 7), Method::Backtrack);
    press(&mut app, "<");
    assert_eq!(app.setup().board, Board::new(7, 7).unwrap());
    assert_eq!(app.setup().start, Square::new(6, 6));
    press(&mut app, "}]]");
    assert_eq!(app.setup().board, Board::new(8, 9).unwrap());
    press(&mut app, "{[>");
    assert_eq!(app.setup().board, Board::new(8, 9).unwrap());
    let mut tiny = explorer(1, 1, (0, 0), Method::Backtrack);
    press(&mut tiny, "<");
    assert_eq!(tiny.setup().board, Board::new(1, 1).unwrap());
    assert!(tiny.message().is_some());
}

#[test]
fn m_cycles_the_methods_and_each_one_answers() {
    let mut app = explorer(8, 8, (0, 0), Method::Warnsdorff);
    let mut seen = vec![app.setup().method];
    for _ in 0..5 {
        press(&mut app, "m");
        seen.push(app.setup().method);
    }
    assert_eq!(
        seen,
        [
            Method::Warnsdorff,
            Method::Backtrack,
            Method::Naive,
            Method::Construct,
            Method::Auto,
            Method::Warnsdorff,
        ]
    );
    // Warnsdorff's rule tours the chessboard from a corner in 64 nodes; the plain order
    // takes millions.
    press(&mut app, "f");
    assert_eq!((app.status(), app.figures().nodes), (Status::TourFound, 64));
    press(&mut app, "mmf");
    settle(&mut app);
    assert_eq!(app.setup().method, Method::Naive);
    assert_eq!(app.status(), Status::TourFound);
    assert!(app.figures().nodes > 1_000_000, "{:?}", app.figures());
    assert!(app.figures().nodes < FINISH_NODE_BUDGET);
    // Construction answers whole, in one step, and so does auto, naming its layer.
    press(&mut app, "mn");
    assert_eq!(app.setup().method, Method::Construct);
    assert_eq!(app.status(), Status::TourFound);
    validate(app.setup().board, app.path().iter().copied(), false, None).unwrap();
    press(&mut app, "mn");
    assert_eq!(app.setup().method, Method::Auto);
    assert_eq!(app.status(), Status::TourFound);
    validate(app.setup().board, app.path().iter().copied(), false, None).unwrap();
    let layer = app.answered_by().expect("auto's answer names its layer");
    let panel = screen(&app, Look::standard(), 100, 30);
    assert!(panel.contains(layer.name()), "{layer:?}:\n{panel}");
}

#[test]
fn a_large_board_is_constructed_at_once_with_f_and_replays() {
    // 300x300: far past one block, so the tour is joined from many tiles.
    let mut app = explorer(300, 300, (150, 151), Method::Construct);
    press(&mut app, "f");
    assert_eq!(app.status(), Status::TourFound);
    let board = app.setup().board;
    let start = Square::new(150, 151);
    validate(board, app.path().iter().copied(), false, Some(start)).unwrap();
    let figures = app.figures();
    assert_eq!((figures.depth, figures.max_depth), (90_000, 90_000));
    press(&mut app, "p");
    assert_eq!(app.status(), Status::Replaying);
    play_for(&mut app, 1.0);
    assert_eq!(app.scene().knight.unwrap().0, app.path()[10]);
    // f ends the replay at once: the whole tour, and nothing left running.
    press(&mut app, "f");
    assert_eq!(app.status(), Status::TourFound);
    assert!(!app.is_animating());
    assert!(app.scene().shown_up_to as usize >= app.path().len());
}

#[test]
fn finish_stops_at_its_node_budget_and_says_so() {
    let mut app = explorer(8, 8, (0, 0), Method::Naive).with_finish_budget(1000);
    press(&mut app, "f");
    settle(&mut app);
    assert_eq!(app.status(), Status::BudgetExhausted { nodes: 1000 });
    assert!(app.status().to_string().contains("not a proof"));
    press(&mut app, "f");
    settle(&mut app);
    assert_eq!(app.status(), Status::BudgetExhausted { nodes: 2000 });
}

#[test]
fn a_greedy_dead_end_is_not_called_a_proof() {
    let mut app = explorer(7, 7, (0, 6), Method::Warnsdorff);
    press(&mut app, "f");
    assert_eq!(app.status(), Status::Stuck { depth: 32 });
    assert!(app.status().to_string().contains("not a proof"));
    let (knight, state) = app.scene().knight.unwrap();
    assert_eq!(knight, *app.path().last().unwrap());
    assert_eq!(state, knights_tour::explorer::app::KnightState::DeadEnd);
}

#[test]
fn play_takes_steps_at_the_chosen_speed_and_pauses() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, " ");
    assert_eq!(app.status(), Status::Searching);
    play_for(&mut app, 1.0);
    assert_eq!(app.steps(), 10);
    press(&mut app, "+");
    assert_eq!(app.speed(), Speed::PerSecond(20));
    play_for(&mut app, 1.0);
    assert_eq!(app.steps(), 30);
    press(&mut app, " ");
    assert_eq!(app.status(), Status::Paused);
    assert!(!app.is_animating());
    assert_eq!(app.next_tick_in(Duration::from_millis(16)), None);
    play_for(&mut app, 1.0);
    assert_eq!(app.steps(), 30);
    press(&mut app, "--------------------");
    assert_eq!(app.speed(), Speed::PerSecond(1));
    press(&mut app, &"+".repeat(20));
    assert_eq!(app.speed(), Speed::Max);
}

#[test]
fn a_found_tour_replays_square_by_square() {
    let mut app = explorer(6, 6, (0, 0), Method::Backtrack);
    press(&mut app, "p");
    assert!(app.message().is_some(), "nothing to replay yet");
    press(&mut app, "fp");
    assert_eq!(app.status(), Status::Replaying);
    play_for(&mut app, 1.0);
    let scene = app.scene();
    assert_eq!(scene.shown_up_to, 11);
    let (knight, _) = scene.knight.unwrap();
    assert_eq!(knight, app.path()[10]);
    press(&mut app, "b");
    assert_eq!(app.scene().shown_up_to, 10);
    press(&mut app, " ");
    play_for(&mut app, 3.0);
    assert_eq!(app.status(), Status::TourFound);
}

#[test]
fn q_and_ctrl_c_quit() {
    for key in [
        key_of('q'),
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
    ] {
        let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
        app.update(action(key).unwrap());
        assert!(app.should_quit(), "{key:?}");
    }
}

#[test]
fn esc_closes_the_help_and_never_quits() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    // On the board, mid-search: nothing happens, the search stays where it was.
    press(&mut app, "nnn");
    let before = screen(&app, Look::standard(), 80, 24);
    press(&mut app, "\x1b\x1b");
    assert!(!app.should_quit(), "Esc on the board quit the explorer");
    assert_eq!(screen(&app, Look::standard(), 80, 24), before);
    // With the help open: Esc closes it, and a second Esc does not quit.
    press(&mut app, "?");
    assert!(app.help_open());
    press(&mut app, "\x1b");
    assert!(!app.help_open() && !app.should_quit());
    press(&mut app, "\x1b");
    assert!(!app.should_quit(), "a second Esc quit the explorer");
    assert_eq!(screen(&app, Look::standard(), 80, 24), before);
    // The help and the key bar say how to quit.
    press(&mut app, "?");
    let help = screen(&app, Look::standard(), 80, 24);
    assert!(
        help.contains("q Ctrl-C") && help.contains("quit (Esc does not)"),
        "{help}"
    );
    assert!(before.contains("q quit"), "{before}");
    // While a search plays, Esc does not stop it either.
    press(&mut app, "\x1b ");
    press(&mut app, "\x1b");
    assert!(app.is_animating() && !app.should_quit());
}

#[test]
fn ctrl_l_asks_for_a_full_redraw_and_changes_nothing_else() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "nnn?");
    let before = screen(&app, Look::standard(), 80, 24);
    assert!(!app.take_full_redraw(), "nothing asked yet");
    let ctrl_l = KeyEvent::new(KeyCode::Char('l'), KeyModifiers::CONTROL);
    app.update(action(ctrl_l).expect("Ctrl-L is a key"));
    assert!(app.take_full_redraw(), "Ctrl-L asks for a full redraw");
    assert!(!app.take_full_redraw(), "once");
    // The help stays open and the search where it was.
    assert!(app.help_open());
    assert_eq!(screen(&app, Look::standard(), 80, 24), before);
    assert_eq!(app.figures().nodes, 4);
}

#[test]
fn back_from_a_found_tour_is_not_called_a_dead_end() {
    for closed in [false, true] {
        let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
        if closed {
            press(&mut app, "o");
        }
        press(&mut app, "f");
        settle(&mut app);
        assert_eq!(app.status(), Status::TourFound, "closed: {closed}");
        press(&mut app, "b");
        // The knight stands on the last square of a complete path: the next step reports the
        // tour. Nothing is dead.
        assert_eq!(app.figures().depth, 64);
        let (knight, state) = app.scene().knight.unwrap();
        assert_eq!(knight, *app.path().last().unwrap());
        assert_ne!(state, KnightState::DeadEnd, "closed: {closed}");
        let text = screen(&app, Look::standard(), 80, 24);
        // The board, and the panel above its legend (which names every mark).
        let board: String = text
            .lines()
            .map(|line| line.split("││").next().unwrap())
            .collect();
        let panel = text.split("Legend").next().unwrap();
        let shown = format!("{board}{panel}");
        assert!(!shown.contains("dead"), "closed: {closed}\n{text}");
        assert!(!shown.contains("take"), "closed: {closed}\n{text}");
        press(&mut app, "n");
        assert_eq!(app.status(), Status::TourFound, "closed: {closed}");
    }
}

/// What a step back must restore exactly: events taken, the path, the counters, the last event
/// and every square's visit number.
fn position(app: &App) -> String {
    let board = app.setup().board;
    let visits: Vec<Option<u32>> = board.squares().map(|sq| app.visit_number(sq)).collect();
    format!(
        "{} {:?} {:?} {:?} {:?}",
        app.steps(),
        app.path(),
        app.figures(),
        app.last_event(),
        visits
    )
}

#[test]
fn many_steps_back_after_a_long_search_restore_each_earlier_position_exactly() {
    // Found: f stops just short of the tour (3,242,065 nodes), single steps go on to it.
    // Not found: f spends two million nodes, then single steps go on.
    for (start, budget, steps) in [((0, 0), 3_240_000, None), ((0, 1), 2_000_000, Some(20_000))] {
        let mut app = explorer(8, 8, start, Method::Naive).with_finish_budget(budget);
        press(&mut app, "f");
        settle(&mut app);
        assert!(
            matches!(app.status(), Status::BudgetExhausted { .. }),
            "{:?}",
            app.status()
        );
        let mut positions = vec![position(&app)];
        loop {
            press(&mut app, "n");
            positions.push(position(&app));
            let done = match steps {
                None => app.status() == Status::TourFound,
                Some(steps) => positions.len() > steps,
            };
            if done {
                break;
            }
        }
        assert!(app.steps() > 4_000_000, "{} events only", app.steps());
        positions.pop();
        while let Some(expected) = positions.pop() {
            press(&mut app, "b");
            assert_eq!(position(&app), expected, "{} presses back", positions.len());
        }
        assert!(app.tour().is_none());
    }
}

#[test]
fn method_auto_opens_from_the_command_line_and_answers_whole_for_any_piece() {
    use knights_tour_engine::leaper::Leaper;
    use knights_tour_engine::solve::Layer;
    use knights_tour_engine::tour::Validator;
    let args = ["--method", "auto", "--piece", "giraffe", "--size", "10"];
    let mut app = super::files::explorer_of(&args).unwrap();
    assert_eq!(app.setup().method, Method::Auto);
    let board = app.setup().board;
    // The giraffe's tour of 10x10 is path flipping's, a layer no stepped method shows.
    press(&mut app, "f");
    assert_eq!(app.status(), Status::TourFound);
    assert_eq!(app.answered_by(), Some(Layer::Flip));
    let mut validator = Validator::new(board, false, Some(Square::new(0, 0)));
    validator = validator.with_piece(Leaper::GIRAFFE);
    for square in app.path() {
        validator.push(square).unwrap();
    }
    validator.into_tour().unwrap();
}
