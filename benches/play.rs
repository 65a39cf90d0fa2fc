//! How long play's verdicts take (`P` in the explorer), on 8×8, two ways; each sample is
//! 1,000 verdicts, and besides divan's time for the whole sample each prints the median, the
//! 90th and 99th percentiles and the longest, and how many verdicts were `unknown` (the goal:
//! a 99th percentile of 50 ms at most, none unknown).
//!
//! - `verdicts_in_play`: games played move by move, half by a random hand and half by
//!   Warnsdorff's rule (random among the fewest onward moves), from random starts, each move
//!   waited for until the judge has its verdict, as a player waits (a position on the line of
//!   a tour found before is judged at once).
//! - `fresh_positions`: random walks of random lengths from random starts, each judged from
//!   nothing as the judge asks the engine: `solve` completing the walk, in the judge's slices
//!   of growing deadline, the time until the slice that answers.
//!
//! - `puzzle_positions`: proper puzzles from the engine's generator on 8×8, 10×10 and 12×12
//!   (the knight, `--clues some`, seeds 1 onward), opened as `--board` opens them and played:
//!   mostly the solution's next square, now and then another move, judged, then taken back.
//!
//! Run with `cargo bench --bench play` (state the machine's load with the figures).

use std::thread::sleep;
use std::time::{Duration, Instant};

use knights_tour::explorer::app::{Judgement, Standing};
use knights_tour::explorer::keys::Action;
use knights_tour::explorer::{App, Setup, Speed};
use std::sync::Arc;

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::search::Limits;
use knights_tour_engine::shape::Shape;
use knights_tour_engine::shape::picture::Picture;
use knights_tour_engine::shape::puzzle::{self, Density, PuzzleOutcome, PuzzleRequest};
use knights_tour_engine::solve::{Method, Outcome, Request, solve};

fn main() {
    divan::main();
}

/// The positions judged in one sample.
const POSITIONS: usize = 1000;

/// A xorshift stream, the same every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The judge's standing on the position on the board.
fn standing(app: &App) -> Standing<'_> {
    app.play().expect("in play").standing()
}

/// Ticks the explorer until the judge has its verdict on the position on the board; how long
/// that took.
fn await_verdict(app: &mut App) -> Duration {
    let asked = Instant::now();
    while let Standing::Judging { .. } = standing(app) {
        app.tick(Duration::from_millis(1));
        sleep(Duration::from_micros(100));
    }
    asked.elapsed()
}

/// The waits for `POSITIONS` verdicts on 8×8, and how many were `unknown`.
fn judge_positions(random: &mut Random) -> (Vec<Duration>, usize) {
    let board = Board::new(8, 8).unwrap();
    let mut waits = Vec::with_capacity(POSITIONS);
    let mut unknown = 0;
    let mut game = 0;
    while waits.len() < POSITIONS {
        game += 1;
        let start = board.square_at(random.below(64) as u32);
        let setup = Setup {
            board,
            piece: Leaper::KNIGHT,
            start: Square::new(start.row, start.col),
            closed: false,
            method: Method::Backtrack,
        };
        let mut app = App::new(setup, Speed::PerSecond(10));
        app.update(Action::Play);
        await_verdict(&mut app);
        let greedy = game % 2 == 0;
        while waits.len() < POSITIONS {
            let mut moves = app.play().expect("in play").moves();
            if greedy && let Some(fewest) = moves.iter().map(|step| step.degree).min() {
                moves.retain(|step| step.degree == fewest);
            }
            if moves.is_empty() {
                break;
            }
            let number = moves[random.below(moves.len())].number;
            app.update(Action::MoveNumber(number));
            waits.push(await_verdict(&mut app));
            match standing(&app) {
                Standing::Judged(Judgement::Dead { .. }) | Standing::Complete => break,
                Standing::Judged(Judgement::Unknown { .. }) => unknown += 1,
                _ => {}
            }
        }
    }
    (waits, unknown)
}

/// Prints the figures of `waits` and asserts that no verdict was unknown.
fn report(what: &str, mut waits: Vec<Duration>, unknown: usize) {
    waits.sort();
    let at = |share: f64| waits[((waits.len() - 1) as f64 * share).round() as usize];
    println!(
        "{what}: {} verdicts, {unknown} unknown; median {:?}, 90% {:?}, 99% {:?}, longest {:?}",
        waits.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
    assert_eq!(unknown, 0, "every verdict is completes or dead");
}

/// 1,000 verdicts in games on 8×8, each waited for.
#[divan::bench(sample_count = 1, sample_size = 1)]
fn verdicts_in_play(bencher: divan::Bencher) {
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    bencher.bench_local(|| {
        let (waits, unknown) = judge_positions(&mut random);
        report("8x8 in play", waits, unknown);
    });
}

/// The deadlines of the judge's slices (`explorer::app::play::judge::SLICES`).
const SLICES: [Duration; 3] = [
    Duration::from_millis(50),
    Duration::from_millis(250),
    Duration::from_millis(1250),
];

/// A random walk of the knight on `board` from a random square, of a random length (shorter
/// if it gets stuck), half the time among the squares with the fewest onward moves.
fn walk(board: Board, random: &mut Random) -> Vec<Square> {
    let knight = Leaper::KNIGHT;
    let length = 1 + random.below(board.area() as usize - 1);
    let greedy = random.below(2) == 0;
    let mut path = vec![board.square_at(random.below(board.area() as usize) as u32)];
    while path.len() < length {
        let head = path[path.len() - 1];
        let onward = |square: Square, path: &[Square]| {
            knight
                .neighbours(board, square)
                .filter(|next| !path.contains(next))
                .count()
        };
        let mut open: Vec<Square> = knight
            .neighbours(board, head)
            .filter(|next| !path.contains(next))
            .collect();
        if greedy && let Some(fewest) = open.iter().map(|&next| onward(next, &path)).min() {
            open.retain(|&next| onward(next, &path) == fewest);
        }
        if open.is_empty() {
            break;
        }
        path.push(open[random.below(open.len())]);
    }
    path
}

/// 1,000 random positions of 8×8, each judged from nothing.
#[divan::bench(sample_count = 1, sample_size = 1)]
fn fresh_positions(bencher: divan::Bencher) {
    let board = Board::new(8, 8).unwrap();
    let mut random = Random(0x2545_f491_4f6c_dd1d);
    bencher.bench_local(|| {
        let mut waits = Vec::with_capacity(POSITIONS);
        let mut unknown = 0;
        for _ in 0..POSITIONS {
            let path: Arc<[Square]> = walk(board, &mut random).into();
            let asked = Instant::now();
            let answered = SLICES.iter().any(|&slice| {
                let mut request = Request::new(board, path[0]).completing(Arc::clone(&path));
                request.time_limit = Some(slice);
                !matches!(solve(&request), Ok(Outcome::BudgetExceeded { .. }))
            });
            waits.push(asked.elapsed());
            if !answered {
                let squares: Vec<String> = path
                    .iter()
                    .map(|s| format!("{},{}", s.row, s.col))
                    .collect();
                eprintln!(
                    "GAVE UP 8x8 knight end None closed false: {}",
                    squares.join(" ")
                );
            }
            unknown += usize::from(!answered);
        }
        report("8x8 fresh positions", waits, unknown);
    });
}

/// A proper puzzle of the knight on the `side`×`side` board from `seed`, opened in the
/// explorer as `--board` opens it, and its one solution.
fn puzzle_explorer(side: u32, seed: u64) -> (App, Vec<Square>) {
    let board = Board::new(side.into(), side.into()).unwrap();
    let shape = Shape::new(board, &[], &[]).unwrap();
    let request = PuzzleRequest {
        shape: &shape,
        piece: Leaper::KNIGHT,
        closed: false,
        seed,
        density: Density::Some,
        limits: Limits::NONE,
    };
    let Ok(PuzzleOutcome::Made(made)) = puzzle::make(&request) else {
        panic!("{side}x{side} has a puzzle from seed {seed}");
    };
    let solution: Vec<Square> = made.solution.squares().collect();
    let picture = Picture::new(made.shape, Some(solution[0])).unwrap();
    let setup = Setup {
        board,
        piece: Leaper::KNIGHT,
        start: solution[0],
        closed: false,
        method: Method::Backtrack,
    };
    let app = App::new(setup, Speed::PerSecond(10))
        .with_picture(picture, Some(solution[0]))
        .unwrap();
    (app, solution)
}

/// The waits for `POSITIONS` verdicts on puzzles of `side`×`side`, the waits of those off the
/// solution's line among them (judged from nothing), and how many were `unknown`: each puzzle
/// played along its solution, a fifth of the moves another move first (judged, then taken
/// back).
fn judge_puzzles(side: u32, random: &mut Random) -> (Vec<Duration>, Vec<Duration>, usize) {
    let mut waits = Vec::with_capacity(POSITIONS);
    let mut astray_waits = Vec::new();
    let mut unknown = 0;
    let mut seed = 0;
    while waits.len() < POSITIONS {
        seed += 1;
        let (mut app, solution) = puzzle_explorer(side, seed);
        app.update(Action::Play);
        await_verdict(&mut app);
        for &next in &solution[1..] {
            let moves = app.play().expect("in play").moves();
            let astray: Vec<u8> = moves
                .iter()
                .filter(|step| step.square != next)
                .map(|step| step.number)
                .collect();
            if !astray.is_empty() && random.below(5) == 0 {
                app.update(Action::MoveNumber(astray[random.below(astray.len())]));
                let wait = await_verdict(&mut app);
                waits.push(wait);
                astray_waits.push(wait);
                unknown += usize::from(matches!(
                    standing(&app),
                    Standing::Judged(Judgement::Unknown { .. })
                ));
                app.update(Action::StepBack);
                await_verdict(&mut app);
            }
            let Some(step) = moves.iter().find(|step| step.square == next) else {
                panic!("the solution's next square is a move of play");
            };
            app.update(Action::MoveNumber(step.number));
            waits.push(await_verdict(&mut app));
            if waits.len() >= POSITIONS {
                break;
            }
        }
    }
    (waits, astray_waits, unknown)
}

/// 1,000 verdicts on proper puzzles of each side, each waited for.
#[divan::bench(args = [8, 10, 12], sample_count = 1, sample_size = 1)]
fn puzzle_positions(bencher: divan::Bencher, side: u32) {
    let mut random = Random(0x6a09_e667_f3bc_c908);
    bencher.bench_local(|| {
        let (waits, astray, unknown) = judge_puzzles(side, &mut random);
        report(&format!("{side}x{side} puzzles, off the line"), astray, 0);
        report(&format!("{side}x{side} puzzles"), waits, unknown);
    });
}
