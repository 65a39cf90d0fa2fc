//! The brute force the engine's tests judge it by, written from the definitions alone: a
//! leaper's moves from its two legs, and every path of the piece enumerated depth first over
//! bit masks (boards of at most 64 squares), cut only where no path from here can cover the
//! board. Nothing is shared with the engine but the board's size. The test files that judge
//! the engine by it (`ends.rs`, `narrow.rs`, `positions.rs`) take it as `mod brute;`.

// Each test binary uses the part it needs.
#![allow(dead_code)]

use knights_tour_engine::board::Board;

/// The squares one move of the `(a, b)`-leaper from each square of `board` (`a` along one
/// axis and `b` along the other), as bit masks over square numbers row by row.
pub fn leaper_moves(board: Board, (a, b): (i64, i64)) -> Vec<u64> {
    let (rows, cols) = (i64::from(board.rows()), i64::from(board.cols()));
    let mut leaps = Vec::new();
    for (dr, dc) in [(a, b), (b, a)] {
        for (sr, sc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if !leaps.contains(&(sr * dr, sc * dc)) {
                leaps.push((sr * dr, sc * dc));
            }
        }
    }
    (0..rows * cols)
        .map(|square| {
            let (row, col) = (square / cols, square % cols);
            leaps
                .iter()
                .map(|&(dr, dc)| (row + dr, col + dc))
                .filter(|&(r, c)| (0..rows).contains(&r) && (0..cols).contains(&c))
                .fold(0u64, |mask, (r, c)| mask | 1 << (r * cols + c))
        })
        .collect()
}

/// What the brute force found of the paths that begin with a given path and cover the board.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Completions {
    /// How many there are.
    pub paths: u64,
    /// Their last squares, as a bit mask.
    pub ends: u64,
    /// Whether one ends a move from the first square, closing a cycle of three squares or more.
    pub closes: bool,
}

/// Every path of the piece (`moves`, as from [`leaper_moves`]) that begins with `prefix`
/// (square numbers, a path of the piece) and covers the board; `None` if that takes more than
/// `limit` nodes.
pub fn completions(moves: &[u64], prefix: &[usize], limit: u64) -> Option<Completions> {
    let squares = moves.len();
    let full = if squares == 64 {
        u64::MAX
    } else {
        (1u64 << squares) - 1
    };
    let (first, head) = (prefix[0], prefix[prefix.len() - 1]);
    let mut found = Completions::default();
    let mut visited = prefix.iter().fold(0u64, |mask, &square| mask | 1 << square);
    let mut nodes = 0u64;
    // An explicit stack of (square, moves left to try from it), from the prefix's last square.
    let mut stack = vec![(head, moves[head])];
    while let Some(&mut (square, ref mut untried)) = stack.last_mut() {
        nodes += 1;
        if nodes > limit {
            return None;
        }
        if visited == full {
            found.paths += 1;
            found.ends |= 1 << square;
            found.closes |= moves[square] & 1 << first != 0 && squares > 2;
        }
        let open = *untried & !visited;
        if open == 0 || stranded(moves, visited, full, square) {
            if stack.len() > 1 {
                visited &= !(1u64 << square);
            }
            stack.pop();
            continue;
        }
        let next = open.trailing_zeros() as usize;
        *untried &= !(1u64 << next);
        visited |= 1 << next;
        stack.push((next, moves[next]));
    }
    Some(found)
}

/// Whether the path can no longer cover the board: an unvisited square that cannot be entered
/// (no unvisited neighbour, nor the head), or two that could be entered but never left (one
/// such way each), since only the path's last square is not left.
fn stranded(moves: &[u64], visited: u64, full: u64, head: usize) -> bool {
    let mut unvisited = full & !visited;
    let mut dead_ends = 0;
    while unvisited != 0 {
        let square = unvisited.trailing_zeros() as usize;
        unvisited &= unvisited - 1;
        let ways =
            (moves[square] & !visited).count_ones() + u32::from(moves[head] & 1 << square != 0);
        match ways {
            0 => return true,
            1 => dead_ends += 1,
            _ => {}
        }
    }
    dead_ends > 1
}
