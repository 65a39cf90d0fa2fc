//! The eight images of a block under the rectangle's symmetries (a mirror of the rows, of the
//! columns, or both, each transposed or not), and a path of an image read back onto the block.
//!
//! A piece's moves are the same in every image, so a tour of an image is a tour of the block,
//! and a question asked of another image is another question to the solver: flipping seeds
//! its choices by the question, so each image is a fresh try where the last one gave up.

use super::Shape;
use crate::board::Square;

/// One symmetry of a rectangle: the mirrors first, then the transpose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Image {
    /// Whether the rows are read bottom to top.
    rows_mirrored: bool,
    /// Whether the columns are read right to left.
    cols_mirrored: bool,
    /// Whether rows become columns.
    transposed: bool,
}

impl Image {
    /// The block as it is.
    pub(super) const SAME: Image = Image::new(false, false, false);
    /// The block transposed.
    pub(super) const TRANSPOSED: Image = Image::new(false, false, true);
    /// Every image, the block's own first, each followed by its transpose.
    pub(super) const ALL: [Image; 8] = [
        Image::SAME,
        Image::TRANSPOSED,
        Image::new(true, true, false),
        Image::new(true, true, true),
        Image::new(true, false, false),
        Image::new(true, false, true),
        Image::new(false, true, false),
        Image::new(false, true, true),
    ];

    const fn new(rows_mirrored: bool, cols_mirrored: bool, transposed: bool) -> Self {
        Self {
            rows_mirrored,
            cols_mirrored,
            transposed,
        }
    }

    /// The image of `shape`: its sides, and the image of the start its open tour leaves from.
    pub(super) fn of(self, shape: Shape) -> Shape {
        let (rows, cols) = match self.transposed {
            true => (shape.cols, shape.rows),
            false => (shape.rows, shape.cols),
        };
        Shape {
            rows,
            cols,
            from: shape.from.map(|square| self.square(shape, square)),
        }
    }

    /// The image of `square` of `shape`.
    pub(super) fn square(self, shape: Shape, square: Square) -> Square {
        let row = match self.rows_mirrored {
            true => shape.rows - 1 - square.row,
            false => square.row,
        };
        let col = match self.cols_mirrored {
            true => shape.cols - 1 - square.col,
            false => square.col,
        };
        match self.transposed {
            true => Square::new(col, row),
            false => Square::new(row, col),
        }
    }

    /// The square of `shape` whose image is `square`.
    fn back(self, shape: Shape, square: Square) -> Square {
        let (row, col) = match self.transposed {
            true => (square.col, square.row),
            false => (square.row, square.col),
        };
        Square::new(
            if self.rows_mirrored {
                shape.rows - 1 - row
            } else {
                row
            },
            if self.cols_mirrored {
                shape.cols - 1 - col
            } else {
                col
            },
        )
    }

    /// A path on the image of `shape` (square numbers of the image, row by row) as the path of
    /// `shape` it is the image of.
    pub(super) fn path_back(self, shape: Shape, path: &[u32]) -> Vec<u32> {
        let image_cols = self.of(shape).cols;
        path.iter()
            .map(|&index| {
                let square = self.back(shape, Square::new(index / image_cols, index % image_cols));
                square.row * shape.cols + square.col
            })
            .collect()
    }

    /// A path of `shape` as the path of its image.
    pub(super) fn path_to(self, shape: Shape, path: &[u32]) -> Vec<u32> {
        let image_cols = self.of(shape).cols;
        path.iter()
            .map(|&index| {
                let square =
                    self.square(shape, Square::new(index / shape.cols, index % shape.cols));
                square.row * image_cols + square.col
            })
            .collect()
    }
}
