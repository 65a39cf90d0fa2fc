//! A brute force of every path, and a checker of one path, that share no code with the search:
//! squares are compared directly, moves tested with `Leaper::is_move`.

use super::*;

/// Whether the full sequence `path` of squares answers `q`.
fn keeps(q: &ClueQuestion, path: &[Square]) -> Result<(), String> {
    let shape = q.shape;
    let open: Vec<Square> = shape.open_squares().collect();
    if path.len() != open.len() {
        return Err(format!("{} squares of {}", path.len(), open.len()));
    }
    for (k, &square) in path.iter().enumerate() {
        if !shape.is_open(square) {
            return Err(format!("{square} is not open"));
        }
        if path[..k].contains(&square) {
            return Err(format!("{square} visited twice"));
        }
        if k > 0 && !q.piece.is_move(path[k - 1], square) {
            return Err(format!("{} to {square} is not a move", path[k - 1]));
        }
    }
    for clue in shape.clues() {
        if path[clue.number as usize - 1] != clue.square {
            return Err(format!("clue {clue:?} broken"));
        }
    }
    if q.start.is_some_and(|start| path[0] != start) {
        return Err("wrong start".into());
    }
    if q.end.is_some_and(|end| path[path.len() - 1] != end) {
        return Err("wrong end".into());
    }
    if q.closed && (path.len() < 3 || !q.piece.is_move(path[path.len() - 1], path[0])) {
        return Err("not closed".into());
    }
    Ok(())
}

/// Checks a path of [`Board::index`]es as the search gives it.
pub(super) fn check_path(q: &ClueQuestion, path: &[u32]) -> Result<(), String> {
    let board = q.shape.board();
    let squares: Vec<Square> = path
        .iter()
        .map(|&index| Square::new(index / board.cols(), index % board.cols()))
        .collect();
    keeps(q, &squares)
}

/// Every tour answering `q`, by trying every path: how many, and the first.
pub(super) fn brute_force(q: &ClueQuestion) -> (u64, Option<Vec<Square>>) {
    let open: Vec<Square> = q.shape.open_squares().collect();
    let mut path = Vec::new();
    let mut tours = 0;
    let mut first = None;
    for &start in &open {
        path.push(start);
        extend(q, &open, &mut path, &mut tours, &mut first);
        path.pop();
    }
    (tours, first)
}

fn extend(
    q: &ClueQuestion,
    open: &[Square],
    path: &mut Vec<Square>,
    tours: &mut u64,
    first: &mut Option<Vec<Square>>,
) {
    // A clue broken so far ends the path: visit k must be at the clue's square.
    let k = path.len() as u32;
    let last = path[path.len() - 1];
    if let Some(number) = q.shape.clue_at(last)
        && number != k
    {
        return;
    }
    if q.shape
        .square_numbered(k)
        .is_some_and(|square| square != last)
    {
        return;
    }
    if path.len() == open.len() {
        if keeps(q, path).is_ok() {
            *tours += 1;
            if first.is_none() {
                *first = Some(path.clone());
            }
        }
        return;
    }
    for &next in open {
        if !path.contains(&next) && q.piece.is_move(last, next) {
            path.push(next);
            extend(q, open, path, tours, first);
            path.pop();
        }
    }
}
