//! Screens drawn to ratatui's `TestBackend` at the sizes people use, snapshot-tested: what a
//! person sees at each stage of a search.

use super::*;

#[test]
fn opening_screen_at_80x24_shows_the_whole_board_and_the_panel() {
    let app = explorer(8, 8, (0, 0), Method::Backtrack);
    let text = screen(&app, Look::standard(), 80, 24);
    for rank in 1..=8 {
        assert!(
            text.contains(&format!("│{rank} ")),
            "rank {rank} missing:\n{text}"
        );
    }
    for needle in ["a    b    c", "h", "Status     ready", "q quit", "? help"] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    assert_screen!("opening_80x24", text);
}

#[test]
fn mid_search_shows_candidates_with_their_degrees_and_the_next_move() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "nnn");
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(
        text.contains("›5‹"),
        "the chosen candidate is marked:\n{text}"
    );
    assert!(text.contains("next"), "{text}");
    assert!(text.contains("Next       d7 (degree 5)"), "{text}");
    assert_screen!("mid_search", text);
}

#[test]
fn a_backtrack_marks_the_square_taken_back() {
    // A greedy pass from g7 of 7x7 dies at depth 32; backtracking undoes it there.
    let mut app = explorer(7, 7, (0, 6), Method::Backtrack);
    let mut steps = 0;
    while !matches!(
        app.last_event(),
        Some(knights_tour_engine::search::SearchEvent::Backtrack { .. })
    ) {
        press(&mut app, "n");
        steps += 1;
        assert!(steps < 100, "no backtrack in 100 steps");
    }
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("back from"), "{text}");
    assert!(text.contains("×") || text.contains("✗"), "{text}");
    assert_screen!("backtrack", text);
}

#[test]
fn a_finished_tour_shows_every_visit_number_then_its_path() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "f");
    assert_eq!(app.status(), Status::TourFound);
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("tour found and"), "{text}");
    for number in [1, 2, 63] {
        assert!(text.contains(&format!(" {number} ")), "{number}:\n{text}");
    }
    assert_screen!("finished_tour", text);
    press(&mut app, "v");
    let path = screen(&app, Look::standard(), 80, 24);
    assert!(!path.contains(" 63 "), "the path view hides numbers");
    assert!(path.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c)));
    assert_screen!("finished_tour_path", path);
}

#[test]
fn a_board_without_a_tour_says_why_at_once() {
    // 5x5 from b5 (0,1): the minority colour of an odd board.
    let app = explorer(5, 5, (0, 1), Method::Backtrack);
    assert!(matches!(app.status(), Status::NoTour(_)));
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("no tour"), "{text}");
    assert!(text.contains("colour"), "{text}");
    assert_screen!("no_tour", text);
}

#[test]
fn no_color_and_ascii_give_a_plain_readable_board() {
    let look = Look::from_env(|name| (name == "NO_COLOR").then(|| "1".to_string()), true);
    assert_eq!(look.colors, ColorMode::Monochrome);
    assert_eq!(look.glyphs, GlyphSet::Ascii);
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "nnn");
    let (buffer, _) = draw(&app, look, 80, 24);
    for cell in buffer.content() {
        assert!(cell.symbol().is_ascii(), "{:?} is not ASCII", cell.symbol());
        assert_eq!(
            (cell.fg, cell.bg),
            (ratatui::style::Color::Reset, ratatui::style::Color::Reset)
        );
    }
    let text = screen(&app, look, 80, 24);
    assert!(text.contains(">5<") && text.contains(" N "), "{text}");
    assert_screen!("monochrome_ascii", text);
}

#[test]
fn a_terminal_too_small_gets_a_message_not_a_broken_board() {
    let app = explorer(8, 8, (0, 0), Method::Backtrack);
    let text = screen(&app, Look::standard(), 20, 6);
    assert!(text.contains("Terminal too small"), "{text}");
    assert_screen!("too_small", text);
    // Resizing back draws the board again.
    assert!(screen(&app, Look::standard(), 80, 24).contains("Status"));
}

#[test]
fn a_narrow_terminal_puts_the_figures_under_the_board() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "nn");
    let text = screen(&app, Look::standard(), 40, 20);
    assert!(text.contains("8x8 open backtrack paused"), "{text}");
    assert_screen!("narrow", text);
}

#[test]
fn a_large_board_scrolls_to_follow_the_knight_and_the_cursor() {
    let mut app = explorer(100, 100, (0, 0), Method::Warnsdorff);
    let (_, viewport) = draw(&app, Look::standard(), 80, 24);
    assert!(viewport.cols < 100 && viewport.rows < 100, "{viewport:?}");
    press(&mut app, "f");
    assert_eq!(app.status(), Status::TourFound);
    let (_, viewport) = draw(&app, Look::standard(), 80, 24);
    let (knight, _) = app.scene().knight.unwrap();
    assert!(
        viewport.shows(knight),
        "{viewport:?} hides the knight at {knight}"
    );
    press(&mut app, "l");
    let (_, viewport) = draw(&app, Look::standard(), 80, 24);
    assert!(viewport.shows(app.cursor()), "{viewport:?}");
    assert_screen!("large_board_cursor", screen(&app, Look::standard(), 80, 24));
}

#[test]
fn help_lists_every_key_and_closes_on_any_key() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "?");
    let text = screen(&app, Look::standard(), 80, 24);
    for line in knights_tour::explorer::keys::KEYS {
        assert!(text.contains(line.keys), "{} missing:\n{text}", line.keys);
        assert!(text.contains(line.does), "{} cut:\n{text}", line.does);
    }
    press(&mut app, "\x1b");
    assert!(!app.help_open() && !app.should_quit());
    press(&mut app, "?n");
    assert!(!app.help_open() && !app.should_quit());
    assert_eq!(
        app.steps(),
        0,
        "the key that closes the help does nothing else"
    );
    press(&mut app, "?q");
    assert!(app.should_quit(), "q quits from the help");
}

#[test]
fn a_click_on_a_square_makes_it_the_start() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    let (_, viewport) = draw(&app, Look::standard(), 80, 24);
    let grid = viewport.grid;
    let cell = viewport.cell.unwrap();
    // The middle of the square three columns right and two rows down.
    let square = viewport
        .square_at(grid.x + 3 * cell.width + 1, grid.y + 2 * cell.height)
        .unwrap();
    assert_eq!(square, Square::new(2, 3));
    app.pick(square);
    assert_eq!(app.setup().start, Square::new(2, 3));
    assert_eq!(app.cursor(), Square::new(2, 3));
}

#[test]
fn every_visit_number_is_shown_in_full_at_every_board_size() {
    for (side, method) in [(12, Method::Backtrack), (40, Method::Warnsdorff)] {
        let mut app = explorer(side, side, (0, 0), method);
        press(&mut app, "f");
        assert_eq!(app.status(), Status::TourFound, "{side}x{side}");
        for look in [Look::standard(), plain_ascii()] {
            let text = screen(&app, look, 80, 24);
            let (_, viewport) = draw(&app, look, 80, 24);
            let board_side: String = text
                .lines()
                .map(|line| line.split("││").next().unwrap_or(""))
                .collect();
            assert!(
                !board_side.contains('·'),
                "{side}x{side}: a placeholder\n{text}"
            );
            // Every square in view shows its own visit number (the knight's cell shows the
            // knight, and the cursor's may be marked).
            let visits = app.scene().visits.to_vec();
            for row in viewport.top..viewport.top + viewport.rows {
                for col in viewport.left..viewport.left + viewport.cols {
                    let square = Square::new(row, col);
                    let visit = visits[(u64::from(row) * side + u64::from(col)) as usize];
                    let knight = app.scene().knight.map(|(square, _)| square);
                    if square != app.cursor() && Some(square) != knight {
                        assert!(
                            text.contains(&format!(" {visit} ")),
                            "{side}x{side}: visit {visit} at {square} missing\n{text}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn degrees_are_marked_apart_from_visit_numbers_without_colour() {
    for side in [8, 12, 100] {
        let mut app = explorer(side, side, (0, 0), Method::Backtrack);
        press(&mut app, "nnn");
        let text = screen(&app, plain_ascii(), 80, 24);
        let next = app.scene().candidates[0].degree;
        assert!(
            text.contains(&format!(">{next}<")),
            "{side}x{side}:\n{text}"
        );
        for candidate in &app.scene().candidates[1..] {
            let marked = format!("({})", candidate.degree);
            assert!(text.contains(&marked), "{side}x{side}: {marked}\n{text}");
        }
    }
}

#[test]
fn a_60x20_terminal_shows_the_whole_8x8_board_with_its_files() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "nn");
    let text = screen(&app, Look::standard(), 60, 20);
    let (_, viewport) = draw(&app, Look::standard(), 60, 20);
    assert_eq!((viewport.rows, viewport.cols), (8, 8), "{text}");
    assert!(text.contains("a   b   c   d   e   f   g   h"), "{text}");
    assert!(
        text.contains("Status"),
        "the panel stays beside it:\n{text}"
    );
    assert_screen!("layout_60x20", text);
}

/// The panel's fields as drawn on `text`: each field's name and value, with the lines its value
/// wrapped to, read inside the panel's frame.
fn panel_fields(text: &str) -> Vec<String> {
    let lines: Vec<Vec<char>> = text.lines().map(|line| line.chars().collect()).collect();
    let title: Vec<char> = "╭ knight's tour".chars().collect();
    let left = lines[0]
        .windows(title.len())
        .position(|window| window == title.as_slice())
        .expect("a panel")
        + 1;
    let mut fields: Vec<String> = Vec::new();
    for line in &lines[1..] {
        let Some(inside) = line.get(left..line.len() - 1) else {
            continue;
        };
        let inside: String = inside.iter().collect();
        match fields.last_mut() {
            Some(field) if inside.starts_with("           ") && !inside.trim().is_empty() => {
                field.push('\n');
                field.push_str(inside.trim());
            }
            _ if inside.starts_with(char::is_uppercase) => fields.push(inside.trim().to_string()),
            _ => {}
        }
    }
    fields
}

#[test]
fn a_60x20_terminal_leaves_fields_out_whole_and_never_cuts_one() {
    let mut searching = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut searching, "nn");
    let mut found = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut found, "f");
    let refused = explorer(5, 5, (0, 1), Method::Backtrack);
    let mut mapped = explorer(8, 8, (0, 0), Method::Backtrack);
    show_starts_map(&mut mapped);
    let mut large = explorer(100, 100, (0, 0), Method::Backtrack);
    press(&mut large, "nn");
    let (_, window) = draw(&large, Look::standard(), 60, 20);
    assert!(
        window.grid.width >= 30,
        "the board scrolls in half the width or more: {window:?}"
    );
    let kept = [
        (&searching, ["Status", "Nodes", "Depth", "Next"].as_slice()),
        (&large, &["Status", "Nodes", "Depth", "Next"]),
        (&found, &["Status", "Nodes", "Depth", "Move"]),
        (&refused, &["Status", "Nodes", "Depth"]),
        (&mapped, &["Starts", "From here", "Cursor"]),
    ];
    for (app, needed) in kept {
        let small = screen(app, Look::standard(), 60, 20);
        // As tall as it takes to show every field: the board and the panel as wide.
        let tall = screen(app, Look::standard(), 60, 60);
        let all = panel_fields(&tall);
        let shown = panel_fields(&small);
        for field in &shown {
            assert!(
                all.contains(field),
                "{field:?} is cut at 60x20:\n{small}\nwhole at 60x60:\n{tall}"
            );
        }
        for name in needed {
            assert!(
                shown.iter().any(|field| field.starts_with(name)),
                "{name} left out:\n{small}"
            );
        }
        let status = app.status().to_string();
        if app.shown_map().is_none() {
            let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
            let status_field = shown.iter().find(|field| field.starts_with("Status"));
            assert_eq!(
                status_field.map(|field| words(field)),
                Some(words(&format!("Status {status}"))),
                "{small}"
            );
        }
    }
}

/// The blank columns left and right of what is drawn on a screen `width` columns wide.
fn margins(text: &str, width: u16) -> (usize, usize) {
    let width = usize::from(width);
    let drawn = text.lines().filter(|line| !line.trim().is_empty());
    let left = drawn
        .clone()
        .map(|line| line.chars().take_while(|&c| c == ' ').count())
        .min()
        .unwrap_or(width);
    let right = drawn
        .map(|line| width - line.chars().count())
        .min()
        .unwrap_or(width);
    (left, right)
}

/// Asserts that `text`, drawn `width` columns wide, is centred: its margins differ by at most
/// one column.
fn assert_centred(text: &str, width: u16, what: &str) {
    let (left, right) = margins(text, width);
    assert!(
        left.abs_diff(right) <= 1,
        "{what}: {left} columns blank on the left, {right} on the right:\n{text}"
    );
}

/// Presses `s` and ticks until the starts map is made.
fn show_starts_map(app: &mut App) {
    press(app, "s");
    tick_until(app, "no starts map", |app| app.shown_map().is_some());
}

#[test]
fn a_240x60_terminal_gives_the_board_large_cells() {
    let app = explorer(8, 8, (0, 0), Method::Backtrack);
    let text = screen(&app, Look::standard(), 240, 60);
    let (_, viewport) = draw(&app, Look::standard(), 240, 60);
    let cell = viewport.cell.unwrap();
    assert!(cell.height >= 6, "{cell:?}");
    assert_screen!("layout_240x60", text);
}

#[test]
fn a_whole_board_and_its_panel_are_centred_on_a_wide_terminal() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "nnn");
    for (width, height) in [(240, 60), (300, 80)] {
        for look in [Look::standard(), plain_ascii()] {
            let what = format!("8x8 at {width}x{height}");
            let text = screen(&app, look, width, height);
            let (_, viewport) = draw(&app, look, width, height);
            assert_eq!((viewport.rows, viewport.cols), (8, 8), "{what}:\n{text}");
            // Cells as tall as the height allows (a taller one would not fit the rows above
            // the key bar with the files and the border), about twice as wide as tall.
            let cell = viewport.cell.unwrap();
            assert!((cell.height + 1) * 8 + 3 > height - 1, "{what}: {cell:?}");
            assert_eq!(cell.width, 2 * cell.height + 1, "{what}: {cell:?}");
            assert_centred(&text, width, &what);
            let (left, _) = margins(&text, width);
            assert!(left > 0, "{what}: nothing left over?\n{text}");
            let bar = text.lines().nth(usize::from(height) - 1).unwrap();
            assert!(
                bar.starts_with(&format!("{} hjkl move", " ".repeat(left))),
                "{what}: the key bar starts under the board:\n{text}"
            );
        }
    }
}

#[test]
fn a_board_that_scrolls_takes_the_width_beside_a_full_panel() {
    let app = explorer(100, 100, (0, 0), Method::Backtrack);
    for (width, height) in [(240, 60), (300, 80)] {
        let text = screen(&app, Look::standard(), width, height);
        assert_eq!(
            margins(&text, width),
            (0, 0),
            "100x100 at {width}x{height}:\n{text}"
        );
        assert!(
            text.contains("│Board      100x100 (10,000 squares), open "),
            "the panel at its widest, the value on one line:\n{text}"
        );
    }
}

#[test]
fn the_race_and_the_starts_map_are_centred_on_a_wide_terminal() {
    for side in [8, 100] {
        let mut app = explorer(side, side, (0, 0), Method::Backtrack);
        press(&mut app, "Rnnn");
        for (width, height) in [(240, 60), (300, 80)] {
            let text = screen(&app, Look::standard(), width, height);
            let what = format!("the race on {side}x{side} at {width}x{height}");
            assert_centred(&text, width, &what);
            assert_eq!(text.matches("Nodes      4").count(), 2, "{what}:\n{text}");
        }
    }
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    show_starts_map(&mut app);
    for (width, height) in [(240, 60), (300, 80)] {
        let text = screen(&app, Look::standard(), width, height);
        assert!(text.contains("64 give a tour"), "{text}");
        assert_centred(&text, width, &format!("the starts map at {width}x{height}"));
    }
}

#[test]
fn z_cycles_the_zoom_and_the_panel_names_it() {
    let mut app = explorer(20, 20, (0, 0), Method::Warnsdorff);
    press(&mut app, "f");
    for (level, cell_width) in [("shade", Some(1)), ("overview", None), ("numbers", Some(4))] {
        press(&mut app, "z");
        let text = screen(&app, Look::standard(), 80, 24);
        assert!(
            text.contains(&format!("View       {level}")),
            "{level}:\n{text}"
        );
        let (_, viewport) = draw(&app, Look::standard(), 80, 24);
        assert_eq!(viewport.cell.map(|cell| cell.width), cell_width, "{level}");
        assert!(
            viewport.shows(app.scene().knight.unwrap().0),
            "{level}: the knight is off screen"
        );
    }
}

#[test]
fn shade_and_overview_snapshots_on_20x20_and_100x100() {
    for side in [20, 100] {
        let mut app = explorer(side, side, (0, 0), Method::Warnsdorff);
        press(&mut app, "f");
        // f's first slice is 12 ms of the clock: on a loaded machine the rest takes frames.
        settle(&mut app);
        press(&mut app, "z");
        let shade = screen(&app, plain_ascii(), 80, 24);
        assert!(shade.contains("Order      1 ."), "{shade}");
        assert_screen!(format!("shade_{side}x{side}"), shade);
        press(&mut app, "z");
        let overview = screen(&app, plain_ascii(), 80, 24);
        let (_, viewport) = draw(&app, plain_ascii(), 80, 24);
        assert_eq!((viewport.rows, viewport.cols), (side as u32, side as u32));
        assert!(
            overview.contains("N") && overview.contains("S"),
            "{overview}"
        );
        assert_screen!(format!("overview_{side}x{side}"), overview);
    }
}

#[test]
fn the_overview_fits_a_1000x1000_tour_in_a_200x60_terminal() {
    let mut app = explorer(1000, 1000, (0, 0), Method::Construct);
    press(&mut app, "f");
    settle(&mut app);
    assert_eq!(app.status(), Status::TourFound);
    press(&mut app, "zz");
    let text = screen(&app, Look::standard(), 200, 60);
    let (_, viewport) = draw(&app, Look::standard(), 200, 60);
    assert_eq!((viewport.rows, viewport.cols), (1000, 1000));
    assert!(
        viewport.grid.width <= 200 && viewport.grid.height <= 60,
        "{viewport:?}"
    );
    assert!(text.contains("squares a character"), "{text}");
    assert!(text.contains('♞'), "the knight is marked:\n{text}");
}

#[test]
fn the_path_view_marks_the_start_and_dashes_the_closing_move() {
    let mut app = explorer(6, 6, (0, 0), Method::Backtrack);
    press(&mut app, "o");
    press(&mut app, "f");
    assert_eq!(app.status(), Status::TourFound);
    press(&mut app, "v");
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains('◆'), "the start is marked:\n{text}");
    assert!(text.contains('♞'), "the end is marked:\n{text}");
    // The closing move is drawn in its own colour, the moves on the gradient.
    let (buffer, _) = draw(&app, Look::standard(), 80, 24);
    let colours: std::collections::HashSet<_> = buffer
        .content()
        .iter()
        .filter(|cell| ('\u{2801}'..='\u{28ff}').contains(&cell.symbol().chars().next().unwrap()))
        .map(|cell| cell.fg)
        .collect();
    assert!(colours.len() >= 5, "moves in many colours: {colours:?}");
    let ascii = screen(&app, plain_ascii(), 80, 24);
    assert!(
        ascii.contains('/') && ascii.contains('\\') && ascii.contains('S'),
        "{ascii}"
    );
    assert!(ascii.contains('.'), "the closing move is dotted:\n{ascii}");
    assert_screen!("path_closed_ascii", ascii);
}

#[test]
fn a_path_too_large_to_follow_is_shown_as_the_shade() {
    let mut app = explorer(30, 30, (0, 0), Method::Warnsdorff);
    press(&mut app, "f");
    press(&mut app, "v");
    assert_eq!(app.zoom(), knights_tour::explorer::app::Zoom::Shade);
    assert!(app.message().unwrap().contains("cannot be followed"));
}

#[test]
fn the_panel_explains_every_mark_on_the_board() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "nn");
    for look in [Look::standard(), plain_ascii()] {
        let text = screen(&app, look, 80, 24);
        let glyphs = look.glyphs();
        let (open, close) = glyphs.chosen;
        for needle in [
            "Legend".to_string(),
            format!("{} knight", glyphs.knight),
            format!("{}{} cursor", glyphs.cursor.0, glyphs.cursor.1),
            format!("{open}5{close} next move"),
            "(3) candidate".to_string(),
            format!("{} taken back", glyphs.undone),
            format!("{} dead end", glyphs.dead_end),
        ] {
            assert!(text.contains(&needle), "{needle} missing:\n{text}");
        }
    }
    press(&mut app, "z");
    let shade = screen(&app, Look::standard(), 80, 24);
    assert!(shade.contains("◆ start"), "{shade}");
    assert!(
        shade.contains("Order      1"),
        "the gradient's legend:\n{shade}"
    );
}

#[test]
fn the_help_wraps_and_scrolls_on_a_small_terminal() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "?");
    // Everything the help says, read by scrolling through it at 60x20.
    let mut seen = String::new();
    for _ in 0..40 {
        seen.push_str(&screen(&app, Look::standard(), 60, 20));
        press(&mut app, "j");
    }
    assert!(app.help_open(), "j scrolls, it does not close");
    let words: String = seen.split_whitespace().collect::<Vec<_>>().join(" ");
    for line in knights_tour::explorer::keys::KEYS {
        assert!(
            seen.contains(line.keys),
            "{} never shown:\n{seen}",
            line.keys
        );
        for word in line.does.split_whitespace() {
            assert!(
                words.contains(word),
                "{word:?} of {:?} never shown",
                line.does
            );
        }
    }
    assert!(seen.contains("Methods"), "the end is reachable");
    press(&mut app, "\x1b");
    assert!(!app.help_open() && !app.should_quit());
}

#[test]
fn the_panel_says_which_layer_answered_for_construct() {
    let mut small = explorer(8, 8, (0, 0), Method::Construct);
    press(&mut small, "f");
    let layer = small.answered_by().expect("a whole answer");
    assert_ne!(
        layer.method(),
        Some(Method::Construct),
        "8x8 is one block: searched"
    );
    let text = screen(&small, Look::standard(), 80, 24);
    assert!(
        text.contains(&format!("Answered   by the {layer} layer")),
        "{text}"
    );

    let mut large = explorer(40, 40, (0, 0), Method::Construct);
    press(&mut large, "f");
    assert_eq!(
        large.answered_by().and_then(|layer| layer.method()),
        Some(Method::Construct)
    );
    let text = screen(&large, Look::standard(), 80, 24);
    assert!(!text.contains("Answered"), "{text}");
}

#[test]
fn a_count_of_one_names_one_thing() {
    let mut app = explorer(1, 1, (0, 0), Method::Backtrack);
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("Board      1x1 (1 square), open"), "{text}");
    show_starts_map(&mut app);
    let text = screen(&app, Look::standard(), 80, 24);
    for needle in [
        "Starts     1 gives a tour",
        "From here  a tour in 1 node (the",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    let mut race = explorer(8, 8, (0, 0), Method::Backtrack).with_finish_budget(1);
    press(&mut race, "R");
    let text = screen(&race, Look::standard(), 100, 24);
    assert!(text.contains("| budget 1 node\n"), "{text}");
}
