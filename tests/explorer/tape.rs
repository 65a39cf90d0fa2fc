//! `demo.tape` kept honest: its keystrokes replayed through the key map, its sleeps as
//! simulated time, and the state it ends in checked.

use super::*;
use clap::Parser;
use knights_tour::explorer::ExplorerArgs;

/// `knights-tour tui`'s options, parsed by the explorer's own argument definitions.
#[derive(Parser)]
struct Tui {
    #[command(flatten)]
    args: ExplorerArgs,
}
use knights_tour::explorer::app::{TourView, Zoom};
use knights_tour_engine::solve::Layer;
use knights_tour_engine::tour::{ShapeRoute, check_on_shape};

/// A VHS duration: `500ms`, `2s`, `1.5s`.
fn duration(text: &str) -> Duration {
    let text = text.trim();
    if let Some(ms) = text.strip_suffix("ms") {
        Duration::from_millis(ms.parse().unwrap())
    } else if let Some(s) = text.strip_suffix('s') {
        Duration::from_secs_f64(s.parse().unwrap())
    } else {
        panic!("bad duration {text:?}")
    }
}

/// The text between the first and last double quote.
fn quoted(line: &str) -> &str {
    let start = line.find('"').expect("a quoted string") + 1;
    let end = line.rfind('"').unwrap();
    &line[start..end]
}

fn named_key(name: &str) -> Option<KeyEvent> {
    let code = match name {
        "Enter" => KeyCode::Enter,
        "Space" => KeyCode::Char(' '),
        "Backspace" => KeyCode::Backspace,
        "Escape" => KeyCode::Esc,
        "Tab" => KeyCode::Tab,
        "Up" => KeyCode::Up,
        "Down" => KeyCode::Down,
        "Left" => KeyCode::Left,
        "Right" => KeyCode::Right,
        _ => {
            let letter = name.strip_prefix("Ctrl+")?;
            let c = letter.to_ascii_lowercase().chars().next()?;
            return Some(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
        }
    };
    Some(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Lets `time` pass in frames of 1/60 s, as the run loop does. In play, the judge works on
/// its own thread in real time, as a puzzle being made does: each has up to `time` of it to
/// answer, as in the recording.
fn pass(app: &mut App, time: Duration) {
    let frame = Duration::from_secs_f64(1.0 / 60.0);
    let mut left = time;
    while left > Duration::ZERO {
        let step = left.min(frame);
        app.tick(step);
        left -= step;
    }
    let started = std::time::Instant::now();
    let waited_for = |app: &App| app.play().is_some() || app.making_puzzle();
    while waited_for(app) && app.is_animating() && started.elapsed() < time {
        // The thread has the rest of the recording's pause, in real time, to answer.
        std::thread::sleep(Duration::from_millis(1));
        app.tick(Duration::ZERO);
    }
}

/// Replays the tape; returns the app and the number of keys it pressed.
fn replay(tape: &str) -> (App, usize) {
    let mut app: Option<App> = None;
    let mut typing = Duration::from_millis(50);
    let mut pressed = 0;
    for (number, raw) in tape.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let (name, speed) = match command.split_once('@') {
            Some((name, speed)) => (name, Some(duration(speed))),
            None => (command, None),
        };
        let delay = speed.unwrap_or(typing);
        let keys: Vec<KeyEvent> = match name {
            // (`Screenshot` marks the README's picture: `readme_picture.rs` draws it.)
            "Output" | "Require" | "Env" | "Hide" | "Show" | "Screenshot" => continue,
            "Set" => {
                if let Some(value) = rest.strip_prefix("TypingSpeed ") {
                    typing = duration(value);
                }
                continue;
            }
            "Sleep" => {
                if let Some(app) = app.as_mut() {
                    pass(app, duration(rest));
                }
                continue;
            }
            "Type" if app.is_none() => {
                // The command line that opens the explorer, parsed by the explorer's options.
                let mut words = quoted(line).split_whitespace();
                if words.next() != Some("knights-tour") || words.next() != Some("tui") {
                    panic!("line {}: the tape must open `knights-tour tui`", number + 1);
                }
                let words = std::iter::once("knights-tour tui").chain(words);
                let tui = Tui::try_parse_from(words).expect("the tape's command parses");
                app = Some(tui.args.app().expect("the tape's options are valid"));
                continue;
            }
            "Type" => quoted(line).chars().map(key_of).collect(),
            // The Enter that runs the command line.
            "Enter" if pressed == 0 && app.as_ref().is_some_and(|a| a.steps() == 0) => {
                if rest.is_empty() {
                    continue;
                }
                panic!("line {}: repeated Enter before any key", number + 1);
            }
            _ => {
                let key = named_key(name).unwrap_or_else(|| {
                    panic!("line {}: unknown tape command {name:?}", number + 1)
                });
                let count = if rest.is_empty() {
                    1
                } else {
                    rest.parse().unwrap()
                };
                vec![key; count]
            }
        };
        let app = app.as_mut().expect("keys come after the explorer opens");
        for key in keys {
            // An open prompt takes every key, as in the run loop.
            if app.type_key(key) {
                pressed += 1;
                pass(app, delay);
                continue;
            }
            let action = action(key)
                .unwrap_or_else(|| panic!("line {}: the explorer has no key {key:?}", number + 1));
            app.update(action);
            pressed += 1;
            pass(app, delay);
        }
    }
    (app.expect("the tape opens the explorer"), pressed)
}

#[test]
fn demo_tape_tells_the_story_it_claims() {
    let tape = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/demo.tape"))
        .expect("demo.tape at the top level");
    let (app, pressed) = replay(&tape);
    assert!(pressed > 40, "only {pressed} keys");
    // The construction's story, where it ends.
    let built = upto("# Boards of any shape");
    let setup = built.setup();
    assert_eq!(setup.board, Board::new(40, 40).unwrap());
    assert!(setup.closed);
    assert_eq!(setup.start, Square::new(0, 6));
    assert_eq!(setup.method, Method::Construct);
    assert_eq!(built.answered_by(), Some(Layer::Construct));
    assert_eq!(built.status(), Status::TourFound);
    let tour = built.tour().unwrap();
    assert!(tour.is_closed());
    validate(tour.board(), tour.squares(), true, Some(setup.start)).unwrap();
    assert_eq!(built.timeline(), Some((1600, 1600)));
    assert_eq!(built.zoom(), Zoom::Numbers);
    assert_eq!(built.speed(), Speed::PerSecond(20));
    // The last scene: a puzzle of the 6x6 board drawn without its corners, solved by hints.
    let shape = app.shape().expect("the board drawn, its numbers given");
    let corners = [(0, 0), (0, 5), (5, 0), (5, 5)].map(|(row, col)| Square::new(row, col));
    assert_eq!(shape.board(), Board::new(6, 6).unwrap());
    assert_eq!(shape.holes().len(), 4);
    assert!(corners.iter().all(|&corner| !shape.is_open(corner)));
    assert!(
        app.puzzle_line()
            .is_some_and(|line| line.starts_with("seed "))
    );
    let play = app.play().expect("the puzzle is played");
    let solved = play.tour().expect("solved by hints");
    let path: Vec<u32> = solved.squares().map(|s| shape.board().index(s)).collect();
    let route = ShapeRoute {
        closed: false,
        start: shape.clued_start(),
        end: None,
    };
    check_on_shape(shape, app.setup().piece, &path, route).expect("every number kept");
    // About two minutes of keys and pauses, as the tape says: its own time, added up from
    // its lines (no clock is read, so a loaded machine cannot change it).
    let seconds = tape_seconds(&tape);
    assert!((100.0..=130.0).contains(&seconds), "{seconds} s");
}

/// The time the tape takes: its sleeps and its keys at their typing speeds.
fn tape_seconds(tape: &str) -> f64 {
    let mut typing = 0.05;
    let mut total = 0.0;
    for line in tape.lines().map(str::trim) {
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let (name, speed) = match command.split_once('@') {
            Some((name, speed)) => (name, Some(duration(speed).as_secs_f64())),
            None => (command, None),
        };
        match name {
            "Set" if rest.starts_with("TypingSpeed ") => {
                typing = duration(&rest["TypingSpeed ".len()..]).as_secs_f64()
            }
            "Sleep" => total += duration(rest).as_secs_f64(),
            "Type" => total += quoted(line).chars().count() as f64 * speed.unwrap_or(typing),
            _ if named_key(name).is_some() => {
                total += rest.parse::<f64>().unwrap_or(1.0) * speed.unwrap_or(typing)
            }
            _ => {}
        }
    }
    total
}

/// The explorer where `demo.tape` stands just before its first `marker`.
pub(super) fn upto(marker: &str) -> App {
    let tape = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/demo.tape")).unwrap();
    let at = tape.find(marker).expect(marker);
    replay(&tape[..at]).0
}

#[test]
fn the_story_goes_on_to_the_construction_zoom_and_timeline() {
    let path_view = upto("# The construction:");
    assert_eq!(path_view.setup().board, Board::new(12, 12).unwrap());
    assert_eq!(path_view.view(), TourView::Path);
    assert!(path_view.tour().unwrap().is_closed());
    let stepped = upto("# Play the rest");
    let telling = stepped.telling().expect("the construction, step by step");
    assert_eq!(
        telling.blocks(),
        (3, 25),
        "five steps: three blocks, two splices"
    );
    let played = upto("# The finished tour");
    assert_eq!(played.status(), Status::TourFound);
    let overview = upto("# The timeline");
    assert_eq!(overview.zoom(), Zoom::Overview);
    let at_move = upto("Type \"$\"");
    assert_eq!(at_move.timeline(), Some((800, 1600)));
}

#[test]
fn the_story_passes_through_a_backtrack_a_tour_to_an_end_and_a_proof_of_no_tour() {
    // The tape's first half, cut where it claims a backtrack, a tour to a1 and a closed 7x7
    // board.
    let at_backtrack = upto("# Play:");
    assert!(
        matches!(
            at_backtrack.last_event(),
            Some(knights_tour_engine::search::SearchEvent::Backtrack { dead_end: true, .. })
        ),
        "{:?}",
        at_backtrack.last_event()
    );
    let played = upto("# An end square");
    assert_eq!(played.status(), Status::TourFound);
    let to_end = upto("# A closed tour has no end");
    let a1 = Square::new(6, 0);
    assert_eq!(to_end.end(), Some(a1));
    assert_eq!(to_end.status(), Status::TourFound);
    let tour = to_end.tour().unwrap();
    validate(tour.board(), tour.squares(), false, Some(Square::new(0, 6))).unwrap();
    assert_eq!(
        tour.squares().last(),
        Some(a1),
        "the tour ends on the end marked"
    );
    let closed = upto("# A larger board");
    assert_eq!(closed.end(), None, "o to a closed tour cleared the end");
    assert!(matches!(closed.status(), Status::NoTour(reason) if reason.contains("odd")));
}

#[test]
fn the_story_plays_moves_takes_one_back_and_shows_a_dead_verdict() {
    use knights_tour::explorer::app::{Judgement, Standing};
    use knights_tour_engine::existence::NoTourReason;
    let played = upto("# u takes the last move back");
    let play = played.play().expect("in play");
    assert_eq!(play.path()[0], Square::new(0, 6), "from g7");
    assert_eq!(play.moves_made(), 3);
    assert!(matches!(
        play.standing(),
        Standing::Judged(Judgement::Completes { .. })
    ));
    let taken_back = upto("# Two squares left");
    let play = taken_back.play().unwrap();
    assert_eq!((play.moves_made(), play.taken_back()), (2, 1));
    let dead = upto("# P leaves play");
    let play = dead.play().unwrap();
    let Standing::Judged(Judgement::Dead { reason, .. }) = play.standing() else {
        panic!("{:?}", play.standing());
    };
    assert!(
        matches!(reason, NoTourReason::DeadPosition { .. }),
        "{reason:?}"
    );
    assert_eq!(play.named_squares().len(), 2, "both squares marked");
    let left = upto("# An end square");
    assert!(left.play().is_none());
}

#[test]
fn an_unknown_key_in_a_tape_fails_the_replay() {
    let tape = "Type \"knights-tour tui\"\nEnter\nType \"y\"\n";
    let result = std::panic::catch_unwind(|| replay(tape));
    assert!(result.is_err());
}
