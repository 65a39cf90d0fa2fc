//! The construction told step by step, for a viewer that shows how a tour is built: each
//! block's tour as it is laid, and each join that makes two block tours one.
//!
//! The story is recorded by the construction itself as it works ([`super::tell`] runs the same
//! code as the construction, with a [`Story`] in its meter), so it is what the engine does,
//! not a retelling. Told, the construction skips its shortcuts (one band built per kind of
//! band and copied, long runs of equal blocks laid by doubling copies) and lays and joins
//! every block itself; the batch path, which keeps no story, is unchanged. Replaying the steps
//! on an empty board gives the construction's tour (a test checks it, link by link).

use std::collections::HashMap;
use std::sync::Arc;

use super::linked::LinkedTour;
use super::links::KnightLinks;
use crate::board::Square;

/// A block of the board: its top-left square and its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    /// The block's top-left square.
    pub corner: Square,
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
}

impl Block {
    /// Whether `square` lies in the block.
    pub fn contains(&self, square: Square) -> bool {
        (self.corner.row..self.corner.row + self.rows).contains(&square.row)
            && (self.corner.col..self.corner.col + self.cols).contains(&square.col)
    }
}

/// A block's tour as laid: one or more paths in the block (in block coordinates), each in
/// visit order, or one closed cycle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaidTour {
    /// The paths, each in visit order.
    pub parts: Vec<Vec<Square>>,
    /// Whether the block tour is a cycle (then it has one part, which closes).
    pub closed: bool,
}

impl LaidTour {
    /// The block tour held in `links`: every path from an open end, then what is left as a cycle.
    fn read(links: &KnightLinks) -> Self {
        let board = links.board();
        let mut seen = vec![false; board.area() as usize];
        let mut parts = Vec::new();
        let ends = board
            .squares()
            .filter(|&s| links.neighbours(s).iter().flatten().count() < 2);
        for end in ends.collect::<Vec<_>>() {
            if !seen[board.index(end) as usize] {
                parts.push(walk(links, end, &mut seen));
            }
        }
        let closed = parts.is_empty();
        if closed {
            parts.push(walk(links, Square::new(0, 0), &mut seen));
        }
        LaidTour { parts, closed }
    }

    /// Squares in the block tour.
    pub fn len(&self) -> usize {
        self.parts.iter().map(Vec::len).sum()
    }

    /// Whether the block tour has no squares (never, for a laid block tour).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The squares met walking the links from `at` until the path ends or comes back round.
fn walk(links: &KnightLinks, at: Square, seen: &mut [bool]) -> Vec<Square> {
    let board = links.board();
    let mut order = Vec::new();
    for square in links.walk_from(at) {
        let index = board.index(square) as usize;
        if seen[index] {
            break;
        }
        seen[index] = true;
        order.push(square);
    }
    order
}

/// One step of the construction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A block's tour laid on the board.
    Laid {
        /// Where.
        block: Block,
        /// The block tour, shared by the blocks that have the same one.
        tour: Arc<LaidTour>,
    },
    /// Two block tours made one by the general splice: the tour edges `out` taken away and the
    /// knight moves `into` put in their place.
    Spliced {
        /// The two edges removed.
        out: [(Square, Square); 2],
        /// The two moves added.
        into: [(Square, Square); 2],
    },
    /// Block tours joined by knight moves between their open ends, across the cut between two
    /// blocks of a strip.
    Wired {
        /// The moves added.
        moves: Vec<(Square, Square)>,
    },
}

impl Step {
    fn transposed(self) -> Self {
        let flip = |s: Square| Square::new(s.col, s.row);
        let flip_pair = |(a, b): (Square, Square)| (flip(a), flip(b));
        match self {
            Step::Laid { block, tour } => Step::Laid {
                block: Block {
                    corner: flip(block.corner),
                    rows: block.cols,
                    cols: block.rows,
                },
                tour: Arc::new(LaidTour {
                    parts: tour
                        .parts
                        .iter()
                        .map(|part| part.iter().map(|&s| flip(s)).collect())
                        .collect(),
                    closed: tour.closed,
                }),
            },
            Step::Spliced { out, into } => Step::Spliced {
                out: out.map(flip_pair),
                into: into.map(flip_pair),
            },
            Step::Wired { moves } => Step::Wired {
                moves: moves.into_iter().map(flip_pair).collect(),
            },
        }
    }
}

/// The steps of one construction, in the order it took them.
#[derive(Debug, Clone, Default)]
pub struct Story {
    steps: Vec<Step>,
    /// Each block tour read once, by its size and links.
    tours: HashMap<(u32, u32, Vec<u8>), Arc<LaidTour>>,
}

impl Story {
    /// The steps.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The blocks laid, in order.
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.steps.iter().filter_map(|step| match step {
            Step::Laid { block, .. } => Some(block),
            _ => None,
        })
    }

    /// The first row of every block below the top one, and the first column of every block
    /// right of the first: where the seams between blocks are. Sorted, without repeats.
    pub fn cuts(&self) -> (Vec<u32>, Vec<u32>) {
        let mut rows: Vec<u32> = self
            .blocks()
            .map(|b| b.corner.row)
            .filter(|&r| r > 0)
            .collect();
        let mut cols: Vec<u32> = self
            .blocks()
            .map(|b| b.corner.col)
            .filter(|&c| c > 0)
            .collect();
        for cuts in [&mut rows, &mut cols] {
            cuts.sort_unstable();
            cuts.dedup();
        }
        (rows, cols)
    }

    pub(super) fn laid(&mut self, tour: &KnightLinks, corner: Square) {
        let board = tour.board();
        let read = self
            .tours
            .entry((board.rows(), board.cols(), tour.cells().to_vec()))
            .or_insert_with(|| Arc::new(LaidTour::read(tour)));
        self.steps.push(Step::Laid {
            block: Block {
                corner,
                rows: board.rows(),
                cols: board.cols(),
            },
            tour: Arc::clone(read),
        });
    }

    pub(super) fn spliced(&mut self, (a1, a2): (Square, Square), (b1, b2): (Square, Square)) {
        self.steps.push(Step::Spliced {
            out: [(a1, a2), (b1, b2)],
            into: [(a1, b1), (a2, b2)],
        });
    }

    pub(super) fn wired(&mut self, moves: &[(Square, Square)]) {
        self.steps.push(Step::Wired {
            moves: moves.to_vec(),
        });
    }

    /// The story of a construction built on the transposed board (an upright strip).
    pub(crate) fn transposed(self) -> Self {
        Story {
            steps: self.steps.into_iter().map(Step::transposed).collect(),
            tours: HashMap::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::construct::tell;
    use crate::search::Limits;

    /// The links the story's steps make, laid on an empty board one by one.
    fn replay(board: Board, story: &Story) -> KnightLinks {
        let mut links = KnightLinks::new(board).unwrap();
        for step in story.steps() {
            match step {
                Step::Laid { block, tour } => {
                    let at =
                        |s: Square| Square::new(block.corner.row + s.row, block.corner.col + s.col);
                    for part in &tour.parts {
                        for pair in part.windows(2) {
                            links.connect(at(pair[0]), at(pair[1]));
                        }
                    }
                    if tour.closed {
                        let part = &tour.parts[0];
                        links.connect(at(part[part.len() - 1]), at(part[0]));
                    }
                }
                Step::Spliced { out, .. } => links.splice(out[0], out[1]),
                Step::Wired { moves } => {
                    for &(a, b) in moves {
                        links.connect(a, b);
                    }
                }
            }
        }
        links
    }

    fn neighbour_sets(links: &KnightLinks) -> Vec<[Option<Square>; 2]> {
        let board = links.board();
        board
            .squares()
            .map(|s| {
                let mut pair = links.neighbours(s);
                pair.sort();
                pair
            })
            .collect()
    }

    #[test]
    fn replaying_the_story_gives_the_construction_link_for_link() {
        let cases = [
            (Board::new(20, 20).unwrap(), Square::new(0, 0), true),
            (Board::new(27, 33).unwrap(), Square::new(13, 15), false),
            (Board::new(3, 40).unwrap(), Square::new(0, 0), true),
            (Board::new(3, 41).unwrap(), Square::new(1, 5), false),
            (Board::new(4, 60).unwrap(), Square::new(0, 7), false),
            (Board::new(60, 4).unwrap(), Square::new(9, 0), false),
        ];
        for (board, start, closed) in cases {
            let (construction, story) = tell(board, start, closed, Limits::NONE).unwrap();
            let blocks = story.blocks().count();
            assert_eq!(
                blocks,
                construction.blocks(),
                "{board}: every block is told"
            );
            let covered: u64 = story.blocks().map(|b| u64::from(b.rows * b.cols)).sum();
            assert_eq!(
                covered,
                board.area(),
                "{board}: the blocks cover the board once"
            );
            let told = replay(board, &story);
            let built = if construction.transposed {
                let path = construction.path().unwrap();
                let order: Vec<Square> = path.iter().map(|&i| board.square_at(i)).collect();
                KnightLinks::from_order(board, &order, closed)
            } else {
                construction.folded.links.clone()
            };
            assert_eq!(neighbour_sets(&told), neighbour_sets(&built), "{board}");
            let path = construction.path().unwrap();
            crate::tour::Tour::new(board, path, closed, Some(start)).unwrap();
        }
    }
}
