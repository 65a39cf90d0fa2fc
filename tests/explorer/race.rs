//! The method race (`R`, `--race A,B`): the keys that drive it, that its lanes stay level in
//! nodes, its verdict checked against each method's own search run alone, and its screens.

use knights_tour::explorer::app::{Factor, Finish, LaneEnd, RaceStatus, factor_label};
use knights_tour::explorer::{ExplorerArgs, FRAME};
use knights_tour_engine::search::{Search, SearchEvent, SearchStats};

/// One frame at 60 frames a second.
const SIXTIETH: Duration = Duration::from_nanos(16_666_667);

use super::*;

/// Snapshots a race screen with the lanes' times (the figures that depend on the clock)
/// masked.
macro_rules! assert_race_screen {
    ($name:expr, $text:expr) => {
        insta::with_settings!({filters => vec![(r"\d+\.\d+ m?s\b *", "[time] ")]}, {
            insta::assert_snapshot!($name, $text);
        });
    };
}

/// An explorer on 8x8 open from `start` at `speed`.
fn on_8x8(start: (u32, u32), speed: Speed) -> App {
    let setup = Setup {
        board: Board::square(8).unwrap(),
        piece: knights_tour_engine::leaper::Leaper::KNIGHT,
        start: Square::new(start.0, start.1),
        closed: false,
        method: Method::Backtrack,
    };
    App::new(setup, speed)
}

/// `method`'s own stepped search of `board` from `start`, run alone to its end (no budget):
/// its last event and counters; a tour it finds must pass the validator.
fn alone(board: Board, start: Square, method: Method) -> (SearchEvent, SearchStats) {
    let config = method.search_config(false).unwrap();
    let mut search = Search::new(board, start, config).unwrap();
    loop {
        let event = search.step();
        if event.is_final() {
            if event == SearchEvent::Solved {
                let path: Vec<Square> = search.path().collect();
                validate(board, path, false, Some(start)).unwrap();
            }
            return (event, search.stats());
        }
    }
}

/// The race's lanes' ends, once the race is over.
fn ends(app: &App) -> [LaneEnd; 2] {
    let race = app.race().expect("a race is on");
    assert_eq!(race.status(), RaceStatus::Over);
    race.lanes().clone().map(|lane| lane.end().unwrap())
}

#[test]
fn capital_r_starts_a_race_of_naive_against_warnsdorff_and_r_or_esc_leaves_it() {
    let mut app = explorer(8, 8, (0, 0), Method::Backtrack);
    press(&mut app, "nnn");
    press(&mut app, "R");
    let race = app.race().expect("R starts a race");
    let methods = race.lanes().clone().map(|lane| lane.method());
    assert_eq!(methods, [Method::Naive, Method::Warnsdorff]);
    assert_eq!(race.status(), RaceStatus::Racing);
    assert_eq!(
        (race.board(), race.start()),
        (app.setup().board, Square::new(0, 0))
    );
    assert!(app.is_animating(), "the race plays at once");
    play_for(&mut app, 1.0);
    press(&mut app, "R");
    assert!(app.race().is_none(), "R again leaves it");
    // The explorer's own search waited underneath, paused where it was.
    assert_eq!((app.steps(), app.status()), (3, Status::Paused));
    assert!(!app.is_animating());
    press(&mut app, "R\x1b");
    assert!(app.race().is_none(), "Esc leaves it too");
    assert!(!app.should_quit());
}

#[test]
fn both_lanes_advance_by_the_same_nodes_every_frame() {
    // 600 nodes a second at 60 frames a second: 10 nodes a lane a frame.
    let mut app = on_8x8((0, 0), Speed::PerSecond(600));
    press(&mut app, "R");
    let mut clock = app.race().unwrap().clock();
    assert_eq!(clock, 1, "each lane starts with its start square");
    for frame in 0..200 {
        app.tick(SIXTIETH);
        let race = app.race().unwrap();
        assert_eq!(race.clock(), clock + 10, "frame {frame}");
        clock = race.clock();
        for lane in race.lanes() {
            if lane.is_over() {
                assert!(lane.nodes() <= clock, "an ended lane stays where it ended");
            } else {
                assert_eq!(lane.nodes(), clock, "{} at frame {frame}", lane.method());
            }
        }
    }
    // Warnsdorff's rule ended on the way, with a tour of 64 nodes; naive searches on.
    let [naive, warnsdorff] = app.race().unwrap().lanes().clone();
    assert_eq!(warnsdorff.end(), Some(LaneEnd::Tour { nodes: 64 }));
    assert_eq!((naive.end(), naive.nodes()), (None, 2001));
}

#[test]
fn the_finish_names_the_winner_and_the_factor_against_each_methods_own_search() {
    let board = Board::square(8).unwrap();
    let a1 = Square::new(7, 0);
    let (naive_end, naive) = alone(board, a1, Method::Naive);
    let (greedy_end, greedy) = alone(board, a1, Method::Warnsdorff);
    assert_eq!(
        (naive_end, greedy_end),
        (SearchEvent::Solved, SearchEvent::Solved)
    );
    let mut app = on_8x8((7, 0), Speed::PerSecond(10));
    press(&mut app, "Rf");
    settle(&mut app);
    assert_eq!(
        ends(&app),
        [
            LaneEnd::Tour { nodes: naive.nodes },
            LaneEnd::Tour {
                nodes: greedy.nodes
            }
        ]
    );
    let race = app.race().unwrap();
    for lane in race.lanes() {
        let tour = lane.tour().expect("a lane that ends in a tour keeps it");
        validate(board, tour.squares(), false, Some(a1)).unwrap();
        assert_eq!(lane.path(), tour.squares().collect::<Vec<_>>());
    }
    assert_eq!(race.outcome(), Some(Finish::Won { winner: 1 }));
    let ratio = naive.nodes as f64 / greedy.nodes as f64;
    assert_eq!(race.factor(), Some(Factor::Exactly(ratio)));
    assert_eq!(
        race.finish_line(),
        format!(
            "warnsdorff won: a tour in {} nodes against {} ({} fewer)",
            greedy.nodes,
            knights_tour::explorer::app::thousands(naive.nodes),
            factor_label(ratio)
        )
    );
    assert!(!app.is_animating(), "an ended race does not spin");
    assert_eq!(app.next_tick_in(FRAME), None);
}

#[test]
fn a_start_without_a_tour_is_proved_by_both_searches_or_refused_by_the_theorems() {
    // 3x7 from d2 (1,3): the theorems allow it, an exhausted search proves there is none.
    let board = Board::new(3, 7).unwrap();
    let d2 = Square::new(1, 3);
    let (_, backtrack) = alone(board, d2, Method::Backtrack);
    let (naive_end, naive) = alone(board, d2, Method::Naive);
    assert_eq!(naive_end, SearchEvent::Exhausted);
    let mut app =
        explorer(3, 7, (1, 3), Method::Naive).with_race([Method::Naive, Method::Backtrack]);
    press(&mut app, "f");
    settle(&mut app);
    assert_eq!(
        ends(&app),
        [
            LaneEnd::Proved { nodes: naive.nodes },
            LaneEnd::Proved {
                nodes: backtrack.nodes
            }
        ]
    );
    let race = app.race().unwrap();
    assert_eq!(race.winner(), Some(1), "pruning proves it in fewer nodes");
    assert!(
        race.finish_line()
            .starts_with("backtrack won: no tour from d2, proved in"),
        "{}",
        race.finish_line()
    );
    // Warnsdorff's greedy pass only gets stuck: the proof wins, with no factor to give.
    let mut app = explorer(3, 7, (1, 3), Method::Naive);
    press(&mut app, "Rf");
    settle(&mut app);
    let [naive_lane, greedy_lane] = ends(&app);
    assert_eq!(naive_lane, LaneEnd::Proved { nodes: naive.nodes });
    assert!(
        matches!(greedy_lane, LaneEnd::Stuck { .. }),
        "{greedy_lane:?}"
    );
    let race = app.race().unwrap();
    assert_eq!((race.winner(), race.factor()), (Some(0), None));
    assert!(race.finish_line().contains("warnsdorff got stuck at depth"));
    // 5x5 from b5: the minority colour of an odd board. Nothing runs.
    let mut app = explorer(5, 5, (0, 1), Method::Backtrack);
    press(&mut app, "R");
    let race = app.race().unwrap();
    assert_eq!(race.status(), RaceStatus::Over);
    assert!(matches!(race.outcome(), Some(Finish::Theorem(_))));
    assert!(
        race.finish_line()
            .starts_with("nothing to race: no tour starts at")
    );
    assert!(!app.is_animating());
}

#[test]
fn the_node_budget_ends_a_lane_and_is_never_a_proof() {
    let mut app = on_8x8((7, 0), Speed::PerSecond(10)).with_finish_budget(1000);
    press(&mut app, "Rf");
    settle(&mut app);
    assert_eq!(
        ends(&app),
        [
            LaneEnd::OutOfBudget { nodes: 1000 },
            LaneEnd::Tour { nodes: 64 }
        ]
    );
    let race = app.race().unwrap();
    assert_eq!(race.factor(), Some(Factor::AtLeast(1000.0 / 64.0)));
    assert_eq!(
        race.finish_line(),
        "warnsdorff won: a tour in 64 nodes; naive ran out of its budget at 1,000 nodes \
         (over 16x fewer)"
    );
    // A budget that ends both: no winner.
    let mut app = on_8x8((7, 0), Speed::PerSecond(10)).with_finish_budget(10);
    press(&mut app, "Rf");
    settle(&mut app);
    let out = LaneEnd::OutOfBudget { nodes: 10 };
    assert_eq!(ends(&app), [out.clone(), out]);
    let race = app.race().unwrap();
    assert_eq!(race.outcome(), Some(Finish::NoAnswer));
    assert!(
        race.finish_line()
            .starts_with("no winner: naive ran out of its budget")
    );
}

#[test]
fn keys_in_the_race_pause_step_finish_restart_and_change_the_speed() {
    let mut app = on_8x8((7, 0), Speed::PerSecond(10));
    press(&mut app, "R ");
    let race = app.race().unwrap();
    assert_eq!(race.status(), RaceStatus::Ready);
    assert!(!app.is_animating(), "paused, the race waits for a key");
    assert_eq!(app.next_tick_in(FRAME), None);
    press(&mut app, "nnnn");
    let race = app.race().unwrap();
    assert_eq!(race.status(), RaceStatus::Paused);
    for lane in race.lanes() {
        assert_eq!(lane.nodes(), 5, "n: one node more for each lane");
    }
    press(&mut app, "++");
    assert_eq!(app.race().unwrap().speed(), Speed::PerSecond(50));
    press(&mut app, "-");
    assert_eq!(app.race().unwrap().speed(), Speed::PerSecond(20));
    assert_eq!(
        app.speed(),
        Speed::PerSecond(10),
        "the explorer keeps its own speed"
    );
    press(&mut app, "lh");
    assert_eq!(app.race().unwrap().shown_lane(), 0);
    press(&mut app, "l");
    assert_eq!(app.race().unwrap().shown_lane(), 1);
    // The explorer's keys wait until the race is left.
    press(&mut app, "jm");
    assert_eq!(app.setup().method, Method::Backtrack);
    assert_eq!(app.cursor(), Square::new(7, 0));
    assert!(app.message().unwrap().contains("R or Esc goes back"));
    press(&mut app, " ");
    assert_eq!(app.race().unwrap().status(), RaceStatus::Racing);
    press(&mut app, "f");
    assert_eq!(app.race().unwrap().status(), RaceStatus::Finishing);
    settle(&mut app);
    assert_eq!(app.race().unwrap().winner(), Some(1));
    press(&mut app, " ");
    assert!(app.message().unwrap().starts_with("the race is over"));
    press(&mut app, "r");
    let race = app.race().unwrap();
    assert_eq!((race.status(), race.clock()), (RaceStatus::Racing, 1));
    assert!(
        race.lanes()
            .iter()
            .all(|lane| lane.nodes() == 1 && !lane.is_over())
    );
}

/// The race's lanes as a test compares them: each lane's nodes, backtracks, path and end.
fn lanes_now(app: &App) -> Vec<(u64, u64, Vec<Square>, Option<LaneEnd>)> {
    let race = app.race().expect("a race is on");
    race.lanes()
        .iter()
        .map(|lane| {
            (
                lane.nodes(),
                lane.figures().backtracks,
                lane.path(),
                lane.end(),
            )
        })
        .collect()
}

/// The race's screen at 80x24 without its `Elapsed` lines, the time the steps took.
fn untimed_screen(app: &App) -> String {
    let text = screen(app, plain_ascii(), 80, 24);
    let kept: Vec<&str> = text
        .lines()
        .filter(|line| !line.contains("Elapsed"))
        .collect();
    assert!(
        kept.len() < text.lines().count(),
        "the screen shows the lanes' times"
    );
    kept.join("\n")
}

#[test]
fn b_puts_both_lanes_where_a_race_to_that_node_stands_and_an_ended_lane_runs_again() {
    // From a1 Warnsdorff's rule ends with a tour at 64 nodes; naive backtracks on.
    let mut ahead = on_8x8((0, 0), Speed::PerSecond(10));
    press(&mut ahead, "R ");
    press(&mut ahead, &"n".repeat(120));
    let race = ahead.race().unwrap();
    assert_eq!(race.clock(), 121);
    assert_eq!(race.lanes()[1].end(), Some(LaneEnd::Tour { nodes: 64 }));
    let mut compared = 0;
    for back in [10, 40, 30, 40] {
        press(&mut ahead, &"b".repeat(back));
        let clock = ahead.race().unwrap().clock();
        let mut fresh = on_8x8((0, 0), Speed::PerSecond(10));
        press(&mut fresh, "R ");
        press(&mut fresh, &"n".repeat(clock as usize - 1));
        assert_eq!(fresh.race().unwrap().clock(), clock);
        assert_eq!(lanes_now(&ahead), lanes_now(&fresh), "at clock {clock}");
        assert_eq!(
            untimed_screen(&ahead),
            untimed_screen(&fresh),
            "the boards, the counters and the finish line at clock {clock}"
        );
        compared += 1;
    }
    assert_eq!(compared, 4);
    // Back at the start (clock 1): the lanes stand on their start squares; b goes no further.
    let race = ahead.race().unwrap();
    assert_eq!(race.clock(), 1);
    assert!(
        race.lanes()
            .iter()
            .all(|lane| lane.path().len() == 1 && !lane.is_over())
    );
    press(&mut ahead, "b");
    assert_eq!(ahead.race().unwrap().clock(), 1);
    assert_eq!(ahead.message(), Some("at the start of the race"));
    // Forward again, Warnsdorff's rule finds its tour where it found it first.
    press(&mut ahead, &"n".repeat(70));
    assert_eq!(
        ahead.race().unwrap().lanes()[1].end(),
        Some(LaneEnd::Tour { nodes: 64 })
    );
    assert!(ahead.race().unwrap().lanes()[1].tour().is_some());
}

#[test]
fn race_names_two_methods_that_search_step_by_step() {
    #[derive(clap::Parser)]
    struct Command {
        #[command(flatten)]
        explorer: ExplorerArgs,
    }
    use clap::Parser;
    let args = Command::try_parse_from(["tui", "--race", "backtrack,naive", "--start", "a1"])
        .unwrap()
        .explorer;
    let app = args.app().unwrap();
    let race = app.race().expect("--race opens on the race");
    let methods = race.lanes().clone().map(|lane| lane.method());
    assert_eq!(methods, [Method::Backtrack, Method::Naive]);
    assert_eq!(race.start(), Square::new(7, 0));
    assert_eq!(app.racers(), [Method::Backtrack, Method::Naive]);
    let no_race = Command::try_parse_from(["tui"]).unwrap().explorer;
    assert!(no_race.app().unwrap().race().is_none());
    for (value, says) in [
        ("naive,fool", "'fool' is not a method the race can run"),
        (
            "construct,naive",
            "'construct' is not a method the race can run",
        ),
        ("naive", "expected two methods separated by a comma"),
    ] {
        let output = assert_cmd::Command::cargo_bin("knights-tour")
            .unwrap()
            .args(["tui", "--race", value])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{value}: {stderr}");
        assert!(stderr.contains(says), "{value}: {stderr}");
        assert!(
            stderr.contains("warnsdorff, backtrack or naive"),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

#[test]
fn the_race_at_80x24_shows_two_boards_over_their_counters_then_the_finish_line() {
    let mut app = on_8x8((7, 0), Speed::PerSecond(10));
    press(&mut app, "R");
    play_for(&mut app, 2.0);
    let text = screen(&app, Look::standard(), 80, 24);
    for needle in [
        "naive (fixed order) ─",
        "warnsdorff (greedy) ─",
        "Race: racing | 8x8 open from a1 | 10 nodes/s each",
        "naive against warnsdorff: 21 nodes each so far",
        "Space play",
        "R back",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    assert_eq!(text.matches("Nodes      21").count(), 2, "{text}");
    assert_race_screen!("race_80x24_racing", text);
    press(&mut app, "f");
    settle(&mut app);
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("warnsdorff (greedy)  winner"), "{text}");
    assert!(
        text.contains("warnsdorff won: a tour in 64 nodes against 8,250,733"),
        "{text}"
    );
    assert_race_screen!("race_80x24_finished", text);
}

#[test]
fn the_race_at_160x50_gives_both_boards_tall_cells() {
    let mut app = on_8x8((7, 0), Speed::PerSecond(10));
    press(&mut app, "Rf");
    settle(&mut app);
    let text = screen(&app, Look::standard(), 160, 50);
    // Tall cells have room for the label under the start's number, on both boards.
    assert_eq!(text.matches(" start ").count(), 2, "{text}");
    assert!(text.contains("(128,918x fewer)"), "{text}");
    assert_race_screen!("race_160x50_finished", text);
}

#[test]
fn a_small_terminal_shows_one_board_and_both_lanes_counters() {
    let mut app = on_8x8((7, 0), Speed::PerSecond(10));
    press(&mut app, "R");
    play_for(&mut app, 2.0);
    let text = screen(&app, Look::standard(), 60, 20);
    assert!(text.contains("naive (fixed order) ─"), "{text}");
    assert!(
        !text.contains("warnsdorff (greedy) ─"),
        "one board:\n{text}"
    );
    let counters = text.lines().filter(|line| line.ends_with("  21 nodes"));
    assert_eq!(counters.count(), 2, "both lanes' counters:\n{text}");
    assert!(text.contains("hl board"), "{text}");
    assert_race_screen!("race_60x20", text);
    press(&mut app, "l");
    let text = screen(&app, Look::standard(), 60, 20);
    assert!(
        text.contains("warnsdorff (greedy) ─"),
        "l shows the other:\n{text}"
    );
}

#[test]
fn the_race_without_colour_or_unicode_is_plain_and_readable() {
    let mut app = on_8x8((7, 0), Speed::PerSecond(10));
    press(&mut app, "Rf");
    settle(&mut app);
    let look = plain_ascii();
    let (buffer, _) = draw(&app, look, 80, 24);
    for cell in buffer.content() {
        assert!(cell.symbol().is_ascii(), "{:?} is not ASCII", cell.symbol());
        assert_eq!(
            (cell.fg, cell.bg),
            (ratatui::style::Color::Reset, ratatui::style::Color::Reset)
        );
    }
    let text = screen(&app, look, 80, 24);
    assert!(text.contains("+ naive (fixed order) -"), "{text}");
    assert!(
        text.contains("winner") && text.contains("128,918x fewer"),
        "{text}"
    );
    assert_race_screen!("race_80x24_ascii", text);
}

#[test]
fn help_opens_over_the_race_and_closes_back_to_it() {
    let mut app = on_8x8((7, 0), Speed::PerSecond(10));
    press(&mut app, "R?");
    let text = screen(&app, Look::standard(), 80, 24);
    assert!(text.contains("race two methods"), "{text}");
    press(&mut app, "\x1b");
    assert!(
        !app.help_open() && app.race().is_some(),
        "Esc closes the help only"
    );
}

#[test]
fn a_race_begun_over_a_map_gives_the_map_back_and_play_puts_it_away() {
    use knights_tour::explorer::app::MapKind;
    let mut app = explorer(5, 5, (0, 0), Method::Backtrack);
    press(&mut app, "s");
    assert_eq!(app.map_shown(), Some(MapKind::Starts));
    press(&mut app, "R");
    assert!(app.race().is_some() && app.map_shown().is_none());
    press(&mut app, "R");
    assert!(app.race().is_none());
    assert_eq!(app.map_shown(), Some(MapKind::Starts), "back to the map");
    press(&mut app, "P");
    assert!(app.play().is_some() && app.map_shown().is_none());
    press(&mut app, "R");
    assert!(
        app.race().is_none() && app.play().is_some(),
        "no race in play"
    );
    press(&mut app, "P");
    assert!(app.play().is_none());
    assert_eq!(app.map_shown(), None, "play put the map away");
}
