//! How long one frame of the explorer takes to draw: a finished 100x100 tour (every square
//! numbered), a 200x200 board mid-search, and the shade and overview zooms (a 1000x1000 tour
//! whole), on a large terminal (200x60) and at 80x24.
//! A frame at 60 fps has 16.7 ms; the figures here should be a small fraction of it.
//!
//! Run with `cargo bench --bench render`.

use knights_tour::explorer::keys::Action;
use knights_tour::explorer::{App, BoardViewport, Look, Screen, Setup, Speed};
use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::solve::Method;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn main() {
    divan::main();
}

fn app(n: u64, method: Method) -> App {
    let setup = Setup {
        board: Board::square(n).unwrap(),
        piece: Leaper::KNIGHT,
        start: Square::new(0, 0),
        closed: false,
        method,
    };
    App::new(setup, Speed::Max)
}

fn bench_frame(bencher: divan::Bencher, app: &App, size: (u16, u16)) {
    let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
    let mut viewport = BoardViewport::default();
    let look = Look::standard();
    bencher.bench_local(|| {
        terminal
            .draw(|frame| {
                frame.render_stateful_widget(Screen::new(app, look), frame.area(), &mut viewport)
            })
            .unwrap();
    });
}

#[divan::bench(args = [(200, 60), (80, 24)])]
fn finished_100x100(bencher: divan::Bencher, size: (u16, u16)) {
    let mut app = app(100, Method::Warnsdorff);
    app.update(Action::Finish);
    bench_frame(bencher, &app, size);
}

#[divan::bench(args = [(200, 60), (80, 24)])]
fn path_view_100x100(bencher: divan::Bencher, size: (u16, u16)) {
    let mut app = app(100, Method::Warnsdorff);
    app.update(Action::Finish);
    app.update(Action::ToggleView);
    bench_frame(bencher, &app, size);
}

#[divan::bench(args = [(200, 60)])]
fn mid_search_200x200(bencher: divan::Bencher, size: (u16, u16)) {
    let mut app = app(200, Method::Backtrack);
    for _ in 0..20_000 {
        app.update(Action::Step);
    }
    bench_frame(bencher, &app, size);
}

/// The overview zoom of a finished (constructed) 1000x1000 tour: every square read each frame.
#[divan::bench(args = [(200, 60)])]
fn overview_1000x1000(bencher: divan::Bencher, size: (u16, u16)) {
    let mut app = app(1000, Method::Construct);
    app.update(Action::Finish);
    app.update(Action::Zoom);
    app.update(Action::Zoom);
    assert!(app.tour().is_some());
    bench_frame(bencher, &app, size);
}

/// The shade zoom of a finished 100x100 tour: one character a square.
#[divan::bench(args = [(200, 60)])]
fn shade_100x100(bencher: divan::Bencher, size: (u16, u16)) {
    let mut app = app(100, Method::Warnsdorff);
    app.update(Action::Finish);
    app.update(Action::Zoom);
    bench_frame(bencher, &app, size);
}
