//! Taking clues away from a fully numbered tour while the puzzle keeps exactly one solution.
//!
//! A tour with every square numbered is a puzzle with one solution. The clues are then tried in
//! a random order: each is taken away and the puzzle counted up to two solutions. A count that
//! searches its whole tree and finds one solution proves that the clue was not needed, and it
//! stays away; a second solution, or a count that needs more than its share of nodes to finish,
//! puts it back. So every step keeps a puzzle whose one solution is proved, and the puzzle
//! returned is one.

use crate::board::Board;
use crate::leaper::Leaper;
use crate::search::{Limit, Limits};
use crate::shape::clued::{self, ClueCount, ClueQuestion};
use crate::shape::{Clue, Shape};

use super::draw::Draw;
use super::{PuzzleError, spent_out};

/// The most nodes a count deciding one clue may take; a clue whose count needs more stays. It
/// bounds how hard a puzzle gets as well as how long it takes to make: a solver needs about as
/// many nodes to solve a puzzle as a count to show it has one solution.
pub const ATTEMPT_NODES: u64 = 20_000;

/// What taking clues away came to.
pub(super) enum Thinned {
    /// A puzzle with exactly one solution, and the nodes its counts took.
    Proper { shape: Shape, nodes: u64 },
    /// The request's node budget or deadline ran out first.
    GaveUp { limit: Limit, nodes: u64 },
}

/// The puzzle for one shape: its holes, the piece, the solution, the clues to keep at least.
pub(super) struct Thinning<'a> {
    /// The board without clues.
    pub shape: &'a Shape,
    pub piece: Leaper,
    pub closed: bool,
    /// The solution: squares' [`Board::index`] in visit order.
    pub solution: &'a [u32],
    /// Stop once no more than this many clues are left.
    pub keep_at_least: usize,
    /// The request's limits, for every count together.
    pub limits: Limits,
}

impl Thinning<'_> {
    /// The clues of the solution whose numbers `kept` marks (number `k` at `kept[k - 1]`).
    fn clues(&self, board: Board, kept: &[bool]) -> Vec<Clue> {
        self.solution
            .iter()
            .zip(kept)
            .enumerate()
            .filter(|(_, (_, kept))| **kept)
            .map(|(i, (&square, _))| Clue {
                number: i as u32 + 1,
                square: board.square_at(square),
            })
            .collect()
    }

    /// Takes away every clue it can, in an order drawn from `draw`, down to `keep_at_least`.
    pub fn run(&self, draw: &mut Draw) -> Result<Thinned, PuzzleError> {
        let board = self.shape.board();
        let mut kept = vec![true; self.solution.len()];
        let mut left = kept.len();
        let mut order: Vec<usize> = (0..kept.len()).collect();
        draw.shuffle(&mut order);
        let mut spent = 0u64;
        for number in order {
            if left <= self.keep_at_least {
                break;
            }
            if let Some(limit) = spent_out(&self.limits, spent) {
                return Ok(Thinned::GaveUp {
                    limit,
                    nodes: spent,
                });
            }
            kept[number] = false;
            let trial = Shape::new(board, self.shape.holes(), &self.clues(board, &kept))
                .map_err(PuzzleError::Shape)?;
            let share = ATTEMPT_NODES.min(self.limits.node_budget.saturating_sub(spent));
            let question = ClueQuestion {
                shape: &trial,
                piece: self.piece,
                closed: self.closed,
                start: None,
                end: None,
                limits: Limits {
                    node_budget: share,
                    deadline: self.limits.deadline,
                },
            };
            let count = clued::count(&question, Some(2))?;
            let one = match count {
                ClueCount::Exact { tours, nodes } => {
                    spent += nodes;
                    debug_assert!(tours >= 1, "the solution keeps every clue");
                    tours == 1
                }
                ClueCount::AtLeast { nodes, .. } => {
                    spent += nodes;
                    false
                }
                ClueCount::GaveUp { limit, nodes, .. } => {
                    spent += nodes;
                    if limit == Limit::Deadline {
                        return Ok(Thinned::GaveUp {
                            limit,
                            nodes: spent,
                        });
                    }
                    false
                }
            };
            if one {
                left -= 1;
            } else {
                kept[number] = true;
            }
        }
        let shape = Shape::new(board, self.shape.holes(), &self.clues(board, &kept))
            .map_err(PuzzleError::Shape)?;
        Ok(Thinned::Proper {
            shape,
            nodes: spent,
        })
    }
}
