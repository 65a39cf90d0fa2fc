//! Verdicts on boards of at most 36 open squares agree with an exhaustive search of this file's
//! own (issue 46): boards with holes, for the knight and other pieces, open and closed, from a
//! fixed start or from anywhere, and clue puzzles cut from tours.
//!
//! The exhaustive search, [`Walk`], shares nothing with the engine but the shape's open squares
//! and the piece's leaps. It is a depth-first search over the open squares as bits of a `u64`,
//! with a neighbour mask a square, and it cuts only branches that provably hold no tour (each
//! cut is argued where it is made): the unvisited squares must stay connected to the head, no
//! square may be stranded, the colours must still alternate for a piece that changes colour,
//! and each clue must stay within reach in its number of moves. It remembers the states
//! (visited squares, head) it has searched to the end, which holds because what can still
//! follow a path depends on nothing else. It counts tours up to a bound, so that one search
//! both decides and counts.
//!
//! The boards are drawn by a seeded generator, the same on every run: 160 boards with holes of
//! 31 to 36 open squares (each asked of the engine's `solve` and checked against the search),
//! 60 clue puzzles cut from the search's own tours (their counts compared with the engine's
//! `count`, exactly where they have at most 2,000 solutions and up to 3 where more, and their
//! verdicts with its `solve`), and 12 puzzles with a clue moved so that no tour keeps them. The
//! whole file runs in about 2 s (`cargo test` builds tests at opt-level 3). Every failure prints the board's picture, its piece, whether it is
//! closed, and its start.

use std::sync::Arc;

use knights_tour_engine::search::Limits;
use knights_tour_engine::shape::clued::{self, ClueCount, ClueQuestion};
use knights_tour_engine::shape::picture::Picture;
use knights_tour_engine::shape::{Clue, Shape};
use knights_tour_engine::solve::DEFAULT_NODE_BUDGET;
use knights_tour_engine::{Board, Leaper, Outcome, Request, Square, solve};
use rustc_hash::FxHashMap;

mod common;
use common::Draw;

/// The most open squares the search takes: a state's key packs the visited squares in 40 bits.
const MAX_OPEN: usize = 40;

/// The most solutions a clue puzzle may have for its count to be compared exactly.
const EXACT_UP_TO: u64 = 2_000;

/// The most states the search remembers, so that its memory stays under about 50 MB.
const MEMO_CAP: usize = 1 << 21;

/// The open squares of a shape as a graph for the exhaustive search: square `k` is bit `k`.
struct Graph {
    /// The open squares, in the shape's order.
    squares: Vec<Square>,
    /// The squares a move away from each, as bit masks.
    moves: Vec<u64>,
    /// Every open square.
    full: u64,
    /// For a piece whose every leap changes the colour of the square (a + b odd), the squares
    /// of one colour; `None` for another piece.
    dark: Option<u64>,
    /// The clues as (number, square), by number.
    clues: Vec<(usize, usize)>,
    /// The squares given a number.
    clued: u64,
}

impl Graph {
    fn new(shape: &Shape, piece: Leaper) -> Self {
        let board = shape.board();
        let squares: Vec<Square> = shape.open_squares().collect();
        assert!(squares.len() <= MAX_OPEN, "{} open squares", squares.len());
        let mut number = vec![None; board.area() as usize];
        for (k, square) in squares.iter().enumerate() {
            number[board.index(*square) as usize] = Some(k);
        }
        let mut leaps = Vec::new();
        for (a, b) in piece.leaps() {
            let (a, b) = (i64::from(a), i64::from(b));
            for (dr, dc) in [(a, b), (b, a)] {
                for (sr, sc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    if !leaps.contains(&(sr * dr, sc * dc)) {
                        leaps.push((sr * dr, sc * dc));
                    }
                }
            }
        }
        let (rows, cols) = (i64::from(board.rows()), i64::from(board.cols()));
        let moves = squares
            .iter()
            .map(|square| {
                let (row, col) = (i64::from(square.row), i64::from(square.col));
                leaps
                    .iter()
                    .map(|&(dr, dc)| (row + dr, col + dc))
                    .filter(|&(r, c)| (0..rows).contains(&r) && (0..cols).contains(&c))
                    .filter_map(|(r, c)| number[(r * cols + c) as usize])
                    .fold(0u64, |mask, k| mask | 1 << k)
            })
            .collect();
        let changes_colour = piece.leaps().all(|(a, b)| (a + b) % 2 == 1);
        let dark = changes_colour.then(|| {
            squares
                .iter()
                .enumerate()
                .filter(|(_, square)| (square.row + square.col) % 2 == 1)
                .fold(0u64, |mask, (k, _)| mask | 1 << k)
        });
        let clues: Vec<(usize, usize)> = shape
            .clues()
            .iter()
            .map(|clue| {
                let k = number[board.index(clue.square) as usize].expect("a clue is open");
                (clue.number as usize, k)
            })
            .collect();
        let clued = clues.iter().fold(0u64, |mask, &(_, k)| mask | 1 << k);
        Self {
            full: (1u64 << squares.len()) - 1,
            squares,
            moves,
            dark,
            clues,
            clued,
        }
    }

    fn len(&self) -> usize {
        self.squares.len()
    }

    /// The square given `number`, if any.
    fn numbered(&self, number: usize) -> Option<usize> {
        self.clues
            .iter()
            .find(|&&(n, _)| n == number)
            .map(|&(_, k)| k)
    }

    fn index_of(&self, square: Square) -> usize {
        self.squares
            .iter()
            .position(|&s| s == square)
            .expect("an open square")
    }
}

/// The depth-first search for tours of a [`Graph`], from one start at a time.
struct Walk<'a> {
    graph: &'a Graph,
    closed: bool,
    /// The count stops here: the search finds `min(tours, bound)`.
    bound: u64,
    start: usize,
    /// The square given the last number, which must be the last square.
    end: Option<usize>,
    /// Tie-breaks among the moves of equal onward degree, a number a square.
    order: Vec<u64>,
    /// The states searched to the end, by key ([`Walk::key`]), with their tours up to the bound.
    memo: FxHashMap<u64, u64>,
    path: Vec<usize>,
    /// The first tour found.
    first: Option<Vec<usize>>,
}

impl<'a> Walk<'a> {
    fn new(graph: &'a Graph, closed: bool, bound: u64, order: Vec<u64>) -> Self {
        Self {
            graph,
            closed,
            bound,
            start: 0,
            end: graph.numbered(graph.len()),
            order,
            memo: FxHashMap::default(),
            path: Vec::new(),
            first: None,
        }
    }

    /// The tours from `start`, up to the bound.
    fn from(&mut self, start: usize) -> u64 {
        let g = self.graph;
        // A tour's first square is the square given 1, and a square given another number is
        // not first.
        if g.numbered(1).is_some_and(|one| one != start)
            || (g.clued >> start & 1 == 1 && g.numbered(1) != Some(start))
        {
            return 0;
        }
        self.start = start;
        self.path = vec![start];
        self.completions(1 << start, start)
    }

    /// What can still follow a path depends only on the squares it visited (which give its
    /// length too), its last square and, for a closed tour, its first: the key of the state.
    fn key(&self, visited: u64, head: usize) -> u64 {
        let start = if self.closed { self.start } else { 0 };
        visited | (head as u64) << MAX_OPEN | (start as u64) << (MAX_OPEN + 8)
    }

    /// The tours that continue the path (`visited`, ending on `head`), up to the bound.
    fn completions(&mut self, visited: u64, head: usize) -> u64 {
        let g = self.graph;
        if visited == g.full {
            let closes = g.len() >= 3 && g.moves[head] >> self.start & 1 == 1;
            if self.closed && !closes {
                return 0;
            }
            if self.first.is_none() {
                self.first = Some(self.path.clone());
            }
            return 1;
        }
        let key = self.key(visited, head);
        if let Some(&tours) = self.memo.get(&key) {
            return tours;
        }
        let tours = if self.hopeless(visited, head) {
            0
        } else {
            self.extend(visited, head)
        };
        if self.memo.len() < MEMO_CAP {
            self.memo.insert(key, tours);
        }
        tours
    }

    /// Each next square, fewest onward moves first, and the tours through it, summed up to the
    /// bound (so that the sum is `min(tours, bound)` exactly, as the memo keeps it).
    fn extend(&mut self, visited: u64, head: usize) -> u64 {
        let g = self.graph;
        let number = visited.count_ones() as usize + 1;
        let mut next = g.moves[head] & !visited;
        // The square given the next number is the next square; no other clued square is.
        next &= match g.numbered(number) {
            Some(k) => 1 << k,
            None => !g.clued,
        };
        let mut candidates = Vec::with_capacity(next.count_ones() as usize);
        while next != 0 {
            let k = next.trailing_zeros() as usize;
            next &= next - 1;
            let onward = (g.moves[k] & !visited).count_ones();
            candidates.push((onward, self.order[k], k));
        }
        candidates.sort_unstable();
        let mut tours = 0;
        for (_, _, k) in candidates {
            self.path.push(k);
            tours = (tours + self.completions(visited | 1 << k, k)).min(self.bound);
            self.path.pop();
            if tours == self.bound {
                break;
            }
        }
        tours
    }

    /// Whether no tour continues the path: each test names the fact that makes it sound.
    fn hopeless(&self, visited: u64, head: usize) -> bool {
        let g = self.graph;
        let unvisited = g.full & !visited;
        let left = unvisited.count_ones();
        let depth = visited.count_ones() as usize;
        // The squares after the head alternate colours, the first of the other colour: of
        // `left` squares, the other colour has half rounded up. A closed tour's last square is
        // of the other colour than its first, which it moves to.
        if let Some(dark) = g.dark {
            let head_dark = dark >> head & 1 == 1;
            let other = if head_dark { !dark } else { dark };
            if (unvisited & other).count_ones() != left.div_ceil(2) {
                return true;
            }
            let last_dark = head_dark ^ (left % 2 == 1);
            if self.closed && last_dark == (dark >> self.start & 1 == 1) {
                return true;
            }
            // The square given `n` is reached in `n - depth` moves, so its colour is the head's
            // exactly when that is even.
            for &(n, k) in &g.clues {
                if n > depth && (dark >> k & 1 == 1) != (head_dark ^ ((n - depth) % 2 == 1)) {
                    return true;
                }
            }
        }
        // A closed tour's last square is unvisited and moves to the first.
        if self.closed && g.moves[self.start] & unvisited == 0 {
            return true;
        }
        // The rest of the path runs from the head through unvisited squares only: each must be
        // reachable that way, and the square given `n` in at most `n - depth` moves.
        let mut reached = 0u64;
        let mut frontier = 1u64 << head;
        let mut moves = 0;
        while frontier != 0 {
            let mut next = 0u64;
            let mut bits = frontier;
            while bits != 0 {
                next |= g.moves[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            next &= unvisited & !reached;
            moves += 1;
            for &(n, k) in &g.clues {
                if n > depth && next >> k & 1 == 1 && moves > n - depth {
                    return true;
                }
            }
            reached |= next;
            frontier = next;
        }
        if reached != unvisited {
            return true;
        }
        // An unvisited square is entered from an unvisited square or the head, and left to an
        // unvisited square, or to the first for a closed tour's last; only an open tour's last
        // square is not left. So each needs two such neighbours (counted once if the head is
        // the first), but for one square of an open tour, its last, which needs one.
        let around = unvisited | 1 << head | if self.closed { 1 << self.start } else { 0 };
        let mut dead_ends = 0;
        let mut bits = unvisited;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            match (g.moves[k] & around).count_ones() {
                0 => return true,
                1 => {
                    dead_ends += 1;
                    if self.closed || dead_ends > 1 || self.end.is_some_and(|end| end != k) {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }
}

/// The tours of `graph` from `start` (or from any square), up to `bound`, and the first found
/// (its squares' numbers in the graph).
fn tours(
    graph: &Graph,
    closed: bool,
    start: Option<usize>,
    bound: u64,
    order: Vec<u64>,
) -> (u64, Option<Vec<usize>>) {
    let mut walk = Walk::new(graph, closed, bound, order);
    let starts: Vec<usize> = match start {
        Some(start) => vec![start],
        // A closed tour passes every square: whether one exists is asked from any one square.
        None if closed && bound == 1 && graph.clues.is_empty() => vec![0],
        None => (0..graph.len()).collect(),
    };
    let mut found = 0;
    for start in starts {
        if closed {
            // The memo's keys hold the start, but a fresh memo keeps it small.
            walk.memo.clear();
        }
        found = (found + walk.from(start)).min(bound);
        if found == bound {
            break;
        }
    }
    (found, walk.first)
}

/// Whether a tour exists, by the exhaustive search.
fn exists(graph: &Graph, closed: bool, start: Option<usize>) -> bool {
    tours(graph, closed, start, 1, vec![0; graph.len()]).0 == 1
}

/// A board and its question, as every message names it.
struct Board36 {
    shape: Arc<Shape>,
    piece: Leaper,
    closed: bool,
    start: Option<Square>,
}

impl Board36 {
    /// The picture of the board, its piece, open or closed, and its start.
    fn name(&self) -> String {
        let picture = Picture::new((*self.shape).clone(), self.start).map_or_else(
            || format!("{:?}", self.shape),
            |picture| picture.to_string(),
        );
        let tour = if self.closed { "closed" } else { "open" };
        let start = self
            .start
            .map_or_else(|| "anywhere".to_owned(), |start| start.to_string());
        format!("{} {tour}, from {start}, on\n{picture}", self.piece.label())
    }

    /// Checks `squares` by this file's own rules: each open square once (so no hole), each
    /// step a leap of the piece, from the start asked for, closing if asked, every clue kept.
    fn keeps(&self, squares: &[Square]) -> Result<(), String> {
        let shape = &self.shape;
        if squares.len() as u64 != shape.open_count() {
            return Err(format!(
                "{} squares of {}",
                squares.len(),
                shape.open_count()
            ));
        }
        let mut seen = std::collections::HashSet::new();
        for &square in squares {
            if !shape.is_open(square) || !seen.insert(square) {
                return Err(format!("{square} is a hole or visited twice"));
            }
        }
        let leaps: Vec<(u32, u32)> = self.piece.leaps().collect();
        let is_move = |a: Square, b: Square| {
            let (dr, dc) = (a.row.abs_diff(b.row), a.col.abs_diff(b.col));
            leaps.contains(&(dr.min(dc), dr.max(dc)))
        };
        if let Some(pair) = squares.windows(2).find(|pair| !is_move(pair[0], pair[1])) {
            return Err(format!("{} to {} is not a move", pair[0], pair[1]));
        }
        if self.start.is_some_and(|start| squares[0] != start) {
            return Err(format!("it starts on {}", squares[0]));
        }
        if self.closed && !is_move(squares[squares.len() - 1], squares[0]) {
            return Err("it does not close".to_owned());
        }
        for clue in shape.clues() {
            if squares[clue.number as usize - 1] != clue.square {
                return Err(format!("{} is not numbered {}", clue.square, clue.number));
            }
        }
        Ok(())
    }

    /// Asks the engine's `solve` and checks its verdict against `expected` (whether the
    /// exhaustive search found a tour): a tour must keep the board, a proof must match no tour,
    /// and giving up fails. Returns whether a tour exists.
    fn solve_agrees(&self, expected: bool) -> bool {
        // The default budget, 100 million nodes, is generous here.
        let request = Request::on_shape(Arc::clone(&self.shape), self.start)
            .piece(self.piece)
            .closed(self.closed);
        let name = self.name();
        match solve(&request).unwrap_or_else(|error| panic!("{name}: {error}")) {
            Outcome::Tour { tour, .. } => {
                let squares: Vec<Square> = tour.squares().collect();
                if let Err(broken) = self.keeps(&squares) {
                    panic!("{name}: the engine's tour is wrong, {broken}: {squares:?}");
                }
                assert!(
                    expected,
                    "{name}: the engine found a tour, the exhaustive search none: {squares:?}"
                );
                true
            }
            Outcome::NoTour { reason, .. } => {
                assert!(
                    !expected,
                    "{name}: the engine proves no tour ({reason}), the exhaustive search found one"
                );
                false
            }
            Outcome::BudgetExceeded { cause, .. } => {
                panic!("{name}: the engine gave up: {cause:?}")
            }
        }
    }
}

/// A shape of `rows × cols` with `holes` squares drawn as holes.
fn draw_shape(draw: &mut Draw, rows: u64, cols: u64, holes: u64) -> Shape {
    let board = Board::new(rows, cols).unwrap();
    let mut squares: Vec<Square> = board.squares().collect();
    for k in 0..holes as usize {
        let j = k + draw.below((squares.len() - k) as u64) as usize;
        squares.swap(k, j);
    }
    Shape::new(board, &squares[..holes as usize], &[]).unwrap()
}

/// A board of 31 to 36 open squares: 6×7 less 6–11, 5×7 less 0–4, 4×9 less 0–3, 6×6 whole, or
/// 8×8 less 28–33 (a Holy Knight's board, often in pieces).
fn draw_board(draw: &mut Draw) -> Shape {
    match draw.below(10) {
        0..=3 => {
            let holes = 6 + draw.below(6);
            draw_shape(draw, 6, 7, holes)
        }
        4..=5 => {
            let holes = draw.below(5);
            draw_shape(draw, 5, 7, holes)
        }
        6..=7 => {
            let holes = draw.below(4);
            draw_shape(draw, 4, 9, holes)
        }
        8 => draw_shape(draw, 6, 6, 0),
        _ => {
            let holes = 28 + draw.below(6);
            draw_shape(draw, 8, 8, holes)
        }
    }
}

/// The pieces asked: the knight half the time, else the wazir, the king, the hopido (0,3+2,2),
/// the (1,3)-leaper (bound to one colour) or the knight and wazir together.
fn draw_piece(draw: &mut Draw) -> Leaper {
    match draw.below(10) {
        0..=4 => Leaper::KNIGHT,
        5 => Leaper::WAZIR,
        6 => Leaper::KING,
        7 => Leaper::HOPIDO,
        8 => Leaper::new(1, 3).unwrap(),
        _ => Leaper::compound(&[(0, 1), (1, 2)]).unwrap(),
    }
}

#[test]
fn verdicts_on_boards_of_up_to_36_open_squares_agree_with_the_exhaustive_search() {
    let mut draw = Draw(0x4636_2046_0031_0036);
    let (mut tours, mut proofs) = (0, 0);
    let mut other_pieces = 0;
    for _ in 0..160 {
        let shape = Arc::new(draw_board(&mut draw));
        let piece = draw_piece(&mut draw);
        let closed = draw.below(3) == 0;
        let graph = Graph::new(&shape, piece);
        let start =
            (draw.below(4) != 0).then(|| graph.squares[draw.below(graph.len() as u64) as usize]);
        let board = Board36 {
            shape,
            piece,
            closed,
            start,
        };
        let expected = exists(&graph, closed, start.map(|s| graph.index_of(s)));
        if board.solve_agrees(expected) {
            tours += 1;
        } else {
            proofs += 1;
        }
        other_pieces += usize::from(!piece.is_knight());
    }
    assert!(
        tours >= 30 && proofs >= 30 && other_pieces >= 40,
        "{tours} tours, {proofs} proofs, {other_pieces} of other pieces"
    );
}

/// Counts the tours of a clue puzzle both ways, the engine's `count` up to `at_most`, and
/// checks `solve` agrees. Returns the exhaustive search's count (up to the bound).
fn count_agrees(board: &Board36, at_most: Option<u64>) -> u64 {
    let graph = Graph::new(&board.shape, board.piece);
    let start = board.start.map(|s| graph.index_of(s));
    let order = vec![0; graph.len()];
    // The engine counts solutions one by one: a puzzle with more than EXACT_UP_TO of them is
    // compared up to a bound of 3.
    let (many, _) = tours(&graph, board.closed, start, EXACT_UP_TO + 1, order.clone());
    let at_most = if many > EXACT_UP_TO { Some(3) } else { at_most };
    let (expected, _) = tours(
        &graph,
        board.closed,
        start,
        at_most.unwrap_or(u64::MAX),
        order,
    );
    let question = ClueQuestion {
        shape: &board.shape,
        piece: board.piece,
        closed: board.closed,
        start: board.start,
        end: None,
        limits: Limits {
            node_budget: DEFAULT_NODE_BUDGET,
            deadline: None,
        },
    };
    let name = board.name();
    let counted =
        clued::count(&question, at_most).unwrap_or_else(|error| panic!("{name}: {error}"));
    match counted {
        ClueCount::Exact { tours, .. } => assert!(
            tours == expected && at_most.is_none_or(|bound| tours < bound),
            "{name}: the engine counts exactly {tours}, the exhaustive search {expected}"
        ),
        ClueCount::AtLeast { tours, .. } => assert!(
            at_most == Some(tours) && expected == tours,
            "{name}: the engine counts at least {tours}, the exhaustive search {expected}"
        ),
        ClueCount::GaveUp { tours, limit, .. } => {
            panic!("{name}: the engine's count gave up at {tours} ({limit:?})")
        }
    }
    board.solve_agrees(expected > 0);
    expected
}

#[test]
fn clue_puzzles_of_up_to_36_open_squares_count_as_the_exhaustive_search_counts() {
    let mut draw = Draw(0x4636_2046_c10e_0036);
    let (mut puzzles, mut proper, mut none) = (0, 0, 0);
    while puzzles < 60 {
        let bare = draw_board(&mut draw);
        let piece = draw_piece(&mut draw);
        let closed = draw.below(4) == 0;
        let graph = Graph::new(&bare, piece);
        // A tour of the search's own, its ties broken at random so that the tours vary.
        let order = (0..graph.len()).map(|_| draw.next()).collect();
        let (_, Some(tour)) = tours(&graph, closed, None, 1, order) else {
            continue;
        };
        let n = tour.len() as u64;
        let keep = (n * (10 + draw.below(31))).div_ceil(100);
        let mut clues: Vec<Clue> = Vec::new();
        while (clues.len() as u64) < keep {
            let k = draw.below(n) as usize;
            if clues.iter().all(|clue| clue.number as usize != k + 1) {
                clues.push(Clue {
                    number: k as u32 + 1,
                    square: graph.squares[tour[k]],
                });
            }
        }
        let shape = Arc::new(Shape::new(bare.board(), bare.holes(), &clues).unwrap());
        // From the tour's start now and then; else from anywhere, or the square given 1.
        let start = (draw.below(4) == 0).then(|| graph.squares[tour[0]]);
        let board = Board36 {
            shape,
            piece,
            closed,
            start,
        };
        // An exact count where the clues are many; else up to 3.
        let at_most = (keep * 100 < n * 25).then_some(3);
        let counted = count_agrees(&board, at_most);
        assert!(
            counted > 0,
            "{}: the tour it was cut from is lost",
            board.name()
        );
        puzzles += 1;
        proper += usize::from(counted == 1);
        // The same puzzle with a clue moved to another square, until no tour keeps it.
        if none < 12 {
            for _ in 0..8 {
                let mut moved = clues.clone();
                let k = draw.below(moved.len() as u64) as usize;
                let square = graph.squares[draw.below(n) as usize];
                if moved.iter().any(|clue| clue.square == square) {
                    continue;
                }
                moved[k].square = square;
                let shape = Arc::new(Shape::new(bare.board(), bare.holes(), &moved).unwrap());
                let moved_board = Board36 {
                    shape,
                    piece,
                    closed,
                    start: None,
                };
                let moved_graph = Graph::new(&moved_board.shape, piece);
                if !exists(&moved_graph, closed, None) {
                    assert_eq!(count_agrees(&moved_board, Some(3)), 0);
                    none += 1;
                    break;
                }
            }
        }
    }
    assert!(
        proper >= 5 && none == 12,
        "{proper} proper puzzles, {none} without a tour"
    );
}
