//! Boards with holes, asked with a fixed start: every tour the solver gives keeps off the holes
//! and visits every other square once (checked here, by code of this file), and its verdicts
//! agree with a brute force of this file's own on every small board drawn.

use std::sync::Arc;

use knights_tour_engine::shape::Shape;
use knights_tour_engine::{Board, Leaper, Method, Outcome, Request, Square, solve};

mod common;
use common::Draw;

/// A plain depth-first search for a path over every open square: the brute force.
struct Brute<'a> {
    open: &'a [Vec<bool>],
    moves: Vec<(i64, i64)>,
    seen: Vec<Vec<bool>>,
    total: usize,
    start: (usize, usize),
    closed: bool,
}

impl Brute<'_> {
    fn step(&self, (r, c): (usize, usize), (dr, dc): (i64, i64)) -> Option<(usize, usize)> {
        let (r, c) = (r as i64 + dr, c as i64 + dc);
        let on = r >= 0 && c >= 0 && (r as usize) < self.open.len();
        let on = on && (c as usize) < self.open[0].len();
        (on && self.open[r as usize][c as usize]).then_some((r as usize, c as usize))
    }

    fn go(&mut self, at: (usize, usize), depth: usize) -> bool {
        if depth == self.total {
            let closes = self
                .moves
                .iter()
                .any(|&m| self.step(at, m) == Some(self.start));
            return !self.closed || (self.total > 2 && closes);
        }
        for k in 0..self.moves.len() {
            if let Some(next) = self.step(at, self.moves[k])
                && !self.seen[next.0][next.1]
            {
                self.seen[next.0][next.1] = true;
                if self.go(next, depth + 1) {
                    return true;
                }
                self.seen[next.0][next.1] = false;
            }
        }
        false
    }
}

/// Whether `piece` has a path over every open square from `start` (closing on it if `closed`),
/// by plain depth-first search.
fn brute_force(open: &[Vec<bool>], piece: Leaper, start: (usize, usize), closed: bool) -> bool {
    let mut brute = Brute {
        open,
        moves: piece
            .moves()
            .into_iter()
            .map(|(r, c)| (r.into(), c.into()))
            .collect(),
        seen: vec![vec![false; open[0].len()]; open.len()],
        total: open.iter().flatten().filter(|&&o| o).count(),
        start,
        closed,
    };
    brute.seen[start.0][start.1] = true;
    brute.go(start, 1)
}

/// Checks `tour` by this file's own rules: the open squares each once, moves of `piece`,
/// from `start`, closing if `closed`.
fn keeps_the_board(
    open: &[Vec<bool>],
    piece: Leaper,
    squares: &[Square],
    start: Square,
    closed: bool,
) -> bool {
    let total = open.iter().flatten().filter(|&&o| o).count();
    let mut seen = std::collections::HashSet::new();
    let is_move = |a: Square, b: Square| {
        let d = (a.row.abs_diff(b.row) as i32, a.col.abs_diff(b.col) as i32);
        piece
            .moves()
            .into_iter()
            .any(|(r, c)| (r.abs(), c.abs()) == d)
    };
    squares.len() == total
        && squares[0] == start
        && squares
            .iter()
            .all(|s| open[s.row as usize][s.col as usize] && seen.insert(*s))
        && squares.windows(2).all(|w| is_move(w[0], w[1]))
        && (!closed || is_move(squares[squares.len() - 1], squares[0]))
}

#[test]
fn verdicts_on_small_boards_with_holes_agree_with_brute_force() {
    let mut draw = Draw(0x9e37_79b9_7f4a_7c15);
    let mut tours = 0;
    let mut proofs = 0;
    for _ in 0..150 {
        let (rows, cols) = (4 + draw.below(2) as usize, 4 + draw.below(3) as usize);
        let percent = 5 + draw.below(16);
        let open: Vec<Vec<bool>> = (0..rows)
            .map(|_| (0..cols).map(|_| draw.below(100) >= percent).collect())
            .collect();
        let holes: Vec<Square> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| !open[r][c])
            .map(|(r, c)| Square::new(r as u32, c as u32))
            .collect();
        let open_squares: Vec<(usize, usize)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| open[r][c])
            .collect();
        if open_squares.is_empty() {
            continue;
        }
        let start = open_squares[draw.below(open_squares.len() as u64) as usize];
        let closed = draw.below(3) == 0;
        let board = Board::new(rows as u64, cols as u64).unwrap();
        let shape = Arc::new(Shape::new(board, &holes, &[]).unwrap());
        let start_square = Square::new(start.0 as u32, start.1 as u32);
        for method in [Method::Auto, Method::Backtrack] {
            let request = Request::on_shape(Arc::clone(&shape), Some(start_square))
                .closed(closed)
                .method(method);
            let expected = brute_force(&open, Leaper::KNIGHT, start, closed);
            match solve(&request).unwrap() {
                Outcome::Tour { tour, .. } => {
                    let squares: Vec<Square> = tour.squares().collect();
                    assert!(
                        expected,
                        "{shape} from {start_square}: a tour where none exists"
                    );
                    assert!(
                        keeps_the_board(&open, Leaper::KNIGHT, &squares, start_square, closed),
                        "{shape} from {start_square}: {squares:?}"
                    );
                    tours += 1;
                }
                Outcome::NoTour { reason, .. } => {
                    assert!(
                        !expected,
                        "{shape} from {start_square} closed {closed}: {reason}"
                    );
                    proofs += 1;
                }
                other => panic!("{shape} from {start_square}: {other:?}"),
            }
        }
    }
    assert!(tours > 20 && proofs > 20, "{tours} tours, {proofs} proofs");
}

#[test]
fn a_map_of_starts_answers_every_open_square_and_marks_the_holes() {
    use knights_tour_engine::starts::{MapSettings, StartOutcome, map_starts};
    let board = Board::new(5, 5).unwrap();
    let holes = [Square::new(0, 4), Square::new(2, 2)];
    let open: Vec<Vec<bool>> = (0..5)
        .map(|r| {
            (0..5)
                .map(|c| !holes.contains(&Square::new(r, c)))
                .collect()
        })
        .collect();
    let shape = Arc::new(Shape::new(board, &holes, &[]).unwrap());
    for closed in [false, true] {
        let request = Request::on_shape(Arc::clone(&shape), None).closed(closed);
        let map = map_starts(&request, &MapSettings::threads(2), &|_, _| {
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
        for square in board.squares() {
            let at = (square.row as usize, square.col as usize);
            let answer = &map.answer(square).outcome;
            match answer {
                StartOutcome::Hole => assert!(holes.contains(&square)),
                StartOutcome::Tour { .. } => {
                    assert!(brute_force(&open, Leaper::KNIGHT, at, closed), "{square}")
                }
                StartOutcome::NoTour(_) => {
                    assert!(!brute_force(&open, Leaper::KNIGHT, at, closed), "{square}")
                }
                other => panic!("{square}: {other:?}"),
            }
        }
        let tally = map.tally();
        assert_eq!(
            tally.tours + tally.no_tour,
            23,
            "closed {closed}: {tally:?}"
        );
        assert!(closed || tally.tours > 0, "{tally:?}");
    }
}
