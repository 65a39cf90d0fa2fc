//! A random tour of a shape: from any tour, random *backbite* moves. A backbite takes one end of
//! a path and a square a move away from it, say the path's `i`-th, and reverses the part of the
//! path after `i`, so that the old end follows square `i`: a path over the same squares, ending
//! elsewhere. Backbites walk among the paths over the same squares for any board and piece: the
//! move by which random Hamiltonian walks of a lattice are drawn (M. L. Mansfield, J. Chem.
//! Phys. 77, 1554 (1982); R. Oberdorf, A. Ferguson, J. L. Jacobsen and J. Kondev, Phys. Rev. E
//! 74, 051801 (2006)).
//!
//! A closed tour is walked as a path and kept whenever its ends are a move apart again, so a
//! closed tour is drawn among closed tours.

use crate::board::Board;
use crate::leaper::Leaper;
use crate::shape::Shape;

use super::draw::Draw;
use super::{PuzzleError, reserve};

/// Backbites per square of the tour: enough to leave the tour it started from far behind.
const MOVES_PER_SQUARE: usize = 20;

/// A tour being walked: the squares' [`Board::index`] in visit order, and each square's place.
struct Walk<'a> {
    shape: &'a Shape,
    piece: Leaper,
    board: Board,
    path: Vec<u32>,
    /// Each square's place in `path`, by `Board::index`; unused for holes.
    place: Vec<u32>,
}

impl Walk<'_> {
    /// The squares a move away from `square`, open ones only.
    fn neighbours(&self, square: u32, into: &mut Vec<u32>) {
        into.clear();
        let at = self.board.square_at(square);
        into.extend(
            self.piece
                .neighbours(self.board, at)
                .filter(|&next| self.shape.is_open(next))
                .map(|next| self.board.index(next)),
        );
    }

    /// One backbite at the last square (`at_head`) or at the first.
    fn backbite(&mut self, at_head: bool, draw: &mut Draw, scratch: &mut Vec<u32>) {
        let last = self.path.len() - 1;
        let end = if at_head {
            self.path[last]
        } else {
            self.path[0]
        };
        self.neighbours(end, scratch);
        if scratch.is_empty() {
            return;
        }
        let pick = scratch[draw.below(scratch.len())] as usize;
        let i = self.place[pick] as usize;
        let (from, to) = if at_head { (i + 1, last) } else { (0, i - 1) };
        // The end's own neighbour in the path leaves the path as it is.
        if from >= to {
            return;
        }
        self.path[from..=to].reverse();
        for (offset, &square) in self.path[from..=to].iter().enumerate() {
            self.place[square as usize] = (from + offset) as u32;
        }
    }

    /// Whether the path's ends are a move apart: a closed tour.
    fn closes(&self) -> bool {
        let first = self.board.square_at(self.path[0]);
        let last = self.board.square_at(self.path[self.path.len() - 1]);
        self.piece.is_move(first, last)
    }
}

/// A tour of `shape` drawn at random by backbites from `tour` (squares' [`Board::index`] in
/// visit order), closed if `closed` (then `tour` must be closed). The result visits the same
/// squares, by moves of `piece`.
pub(super) fn shuffle(
    shape: &Shape,
    piece: Leaper,
    closed: bool,
    tour: Vec<u32>,
    draw: &mut Draw,
) -> Result<Vec<u32>, PuzzleError> {
    let board = shape.board();
    if tour.len() < 3 {
        return Ok(tour);
    }
    let mut place = Vec::new();
    reserve(&mut place, board.area() as usize)?;
    place.resize(board.area() as usize, 0);
    for (i, &square) in tour.iter().enumerate() {
        place[square as usize] = i as u32;
    }
    let mut walk = Walk {
        shape,
        piece,
        board,
        path: tour,
        place,
    };
    let mut scratch = Vec::with_capacity(Leaper::MAX_MOVES);
    let moves = MOVES_PER_SQUARE * walk.path.len();
    let mut kept = walk.path.clone();
    for _ in 0..moves {
        let at_head = draw.below(2) == 0;
        walk.backbite(at_head, draw, &mut scratch);
        if closed && walk.closes() {
            kept.copy_from_slice(&walk.path);
        }
    }
    if !closed {
        return Ok(walk.path);
    }
    // A closed tour has no first square of its own: turn it to a random one and direction.
    let turn = draw.below(kept.len());
    kept.rotate_left(turn);
    if draw.below(2) == 0 {
        kept.reverse();
    }
    Ok(kept)
}
