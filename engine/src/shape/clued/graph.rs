//! The open squares as a graph: each open square numbered 0.. in row order (its *vertex*), with
//! the vertices a move of the piece away kept in the piece's move order, and the *marks*: the
//! visits a question fixes (the numbers given, the start asked for as visit 1, the end asked for
//! as the last visit).

use std::time::Instant;

use crate::board::{Board, Square};
use crate::existence::{Endpoint, NoTourReason};
use crate::shape::Clue;

use super::{ClueMemoryError, ClueQuestion};

/// No vertex: a hole, in [`OpenGraph::vertex_of`]'s table.
const NONE: u32 = u32::MAX;

/// The open squares and the piece's moves among them.
pub(super) struct OpenGraph {
    /// The rectangle.
    pub board: Board,
    /// Each vertex's square.
    pub squares: Vec<Square>,
    /// Each square's vertex, by [`Board::index`]; [`NONE`] for a hole.
    vertex_of: Vec<u32>,
    /// Where each vertex's neighbours start in `targets`; one more entry than vertices.
    offsets: Vec<u32>,
    /// The neighbours, vertex after vertex, in the piece's move order.
    targets: Vec<u32>,
}

/// A visit the question fixes: visit `number` is at `vertex`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Mark {
    pub number: u32,
    pub vertex: u32,
}

/// Reserves room for `len` items more, or says how many bytes could not be had.
pub(super) fn reserve<T>(vec: &mut Vec<T>, len: usize) -> Result<(), ClueMemoryError> {
    vec.try_reserve_exact(len).map_err(|_| ClueMemoryError {
        bytes: len.saturating_mul(size_of::<T>()) as u64,
    })
}

/// A vector of `len` copies of `value`, allocated fallibly.
pub(super) fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, ClueMemoryError> {
    let mut vec = Vec::new();
    reserve(&mut vec, len)?;
    vec.resize(len, value);
    Ok(vec)
}

/// Whether `deadline` has passed.
pub(super) fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|deadline| Instant::now() >= deadline)
}

impl OpenGraph {
    /// The graph of `question`'s shape under its piece.
    pub fn build(question: &ClueQuestion) -> Result<Self, ClueMemoryError> {
        let (shape, piece) = (question.shape, question.piece);
        let board = shape.board();
        let open = shape.open_count() as usize;
        let mut squares = Vec::new();
        reserve(&mut squares, open)?;
        let mut vertex_of = filled(board.area() as usize, NONE)?;
        for square in shape.open_squares() {
            vertex_of[board.index(square) as usize] = squares.len() as u32;
            squares.push(square);
        }
        let mut offsets = Vec::new();
        reserve(&mut offsets, open + 1)?;
        let mut targets = Vec::new();
        reserve(&mut targets, open.saturating_mul(piece.move_count()))?;
        offsets.push(0);
        for &square in &squares {
            for next in piece.neighbours(board, square) {
                let vertex = vertex_of[board.index(next) as usize];
                if vertex != NONE {
                    if targets.len() == targets.capacity() {
                        reserve(&mut targets, open)?;
                    }
                    targets.push(vertex);
                }
            }
            offsets.push(targets.len() as u32);
        }
        Ok(Self {
            board,
            squares,
            vertex_of,
            offsets,
            targets,
        })
    }

    /// Keeps the moves `(x, y)` for which `keep` holds, in their order: `keep` must be
    /// symmetric, so that the moves stay both ways.
    pub fn retain(
        &mut self,
        mut keep: impl FnMut(u32, u32) -> bool,
    ) -> Result<(), ClueMemoryError> {
        let mut targets = Vec::new();
        reserve(&mut targets, self.targets.len())?;
        let mut offsets = Vec::new();
        reserve(&mut offsets, self.offsets.len())?;
        offsets.push(0);
        for x in 0..self.len() as u32 {
            targets.extend(self.neighbours(x).iter().copied().filter(|&y| keep(x, y)));
            offsets.push(targets.len() as u32);
        }
        self.targets = targets;
        self.offsets = offsets;
        Ok(())
    }

    /// The open squares.
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// The vertices a move from `vertex`, in the piece's move order.
    pub fn neighbours(&self, vertex: u32) -> &[u32] {
        let v = vertex as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The open squares a move from `vertex`.
    pub fn degree(&self, vertex: u32) -> u32 {
        let v = vertex as usize;
        self.offsets[v + 1] - self.offsets[v]
    }

    /// The vertex of `square`, if it is an open square.
    pub fn vertex_of(&self, square: Square) -> Option<u32> {
        if !self.board.contains(square) {
            return None;
        }
        let vertex = self.vertex_of[self.board.index(square) as usize];
        (vertex != NONE).then_some(vertex)
    }

    /// Whether `vertex` has the colour of 0,0 (row + column even).
    pub fn is_even(&self, vertex: u32) -> bool {
        self.squares[vertex as usize].is_majority_colour()
    }

    /// Breadth-first distances from `source` over the open squares into `dist` (as many
    /// entries as vertices; `u32::MAX` for none), stopping once `target` is reached, if given.
    pub fn distances(
        &self,
        source: u32,
        target: Option<u32>,
        dist: &mut [u32],
        queue: &mut Vec<u32>,
    ) {
        dist.fill(u32::MAX);
        queue.clear();
        dist[source as usize] = 0;
        queue.push(source);
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            if Some(v) == target {
                return;
            }
            let d = dist[v as usize] + 1;
            for &w in self.neighbours(v) {
                if dist[w as usize] == u32::MAX {
                    dist[w as usize] = d;
                    queue.push(w);
                }
            }
        }
    }

    /// The visit fixed at a vertex as a [`Clue`].
    pub fn clue(&self, mark: Mark) -> Clue {
        Clue {
            number: mark.number,
            square: self.squares[mark.vertex as usize],
        }
    }
}

/// The visits `question` fixes, by number: the numbers given, its start as visit 1 and its end
/// as the last visit; or the proof that they contradict each other.
pub(super) fn marks(question: &ClueQuestion, graph: &OpenGraph) -> Result<Vec<Mark>, NoTourReason> {
    let shape = question.shape;
    let last = graph.len() as u32;
    let mut marks: Vec<Mark> = Vec::with_capacity(shape.clues().len() + 2);
    for clue in shape.clues() {
        // The shape keeps its clues on open squares.
        if let Some(vertex) = graph.vertex_of(clue.square) {
            marks.push(Mark {
                number: clue.number,
                vertex,
            });
        }
    }
    let asked = [
        (Endpoint::Start, question.start, 1),
        (Endpoint::End, question.end, last),
    ];
    if let (Some(start), Some(end)) = (question.start, question.end)
        && start == end
        && last > 1
    {
        return Err(NoTourReason::EndIsStart {
            board: graph.board,
            square: start,
        });
    }
    for (role, square, number) in asked {
        let Some(square) = square else { continue };
        let Some(vertex) = graph.vertex_of(square) else {
            return Err(NoTourReason::EndpointNotOpen { role, square });
        };
        let against = marks
            .iter()
            .find(|mark| (mark.number == number) != (mark.vertex == vertex));
        if let Some(&mark) = against {
            return Err(NoTourReason::EndpointAgainstClue {
                role,
                asked: square,
                clue: graph.clue(mark),
            });
        }
        if !marks.iter().any(|mark| mark.number == number) {
            marks.push(Mark { number, vertex });
        }
    }
    marks.sort_unstable_by_key(|mark| mark.number);
    Ok(marks)
}
