//! The squares of a partial tour kept as they are read ([`Kept`]), eight bytes a square within
//! the room the memory cap leaves: what `solve --prefix` reads a list or a JSON path into.

use knights_tour_engine::board::Square;

use super::megabytes;

/// The squares of a partial tour as they are read, in at most the room given.
pub(super) struct Kept {
    squares: Vec<Square>,
    /// The most bytes the squares may take, and the memory cap that leaves them that room;
    /// `None`: what the system gives.
    room: Option<(u64, u64)>,
}

impl Kept {
    /// No squares yet, to be kept in at most `room` bytes (with the memory cap it is the room
    /// left of).
    pub(super) fn new(room: Option<(u64, u64)>) -> Self {
        Self {
            squares: Vec::new(),
            room,
        }
    }

    /// The squares kept so far.
    pub(super) fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The squares kept, all of them.
    pub(super) fn into_squares(self) -> Vec<Square> {
        self.squares
    }

    /// Keeps `square` after the others; an error says why there is no room for it.
    #[inline(always)]
    pub(super) fn push(&mut self, square: Square) -> Result<(), String> {
        if self.squares.len() == self.squares.capacity() {
            self.grow()?;
        }
        self.squares.push(square);
        Ok(())
    }

    /// Room for more squares, doubling; the old list and the new are both held while it
    /// moves, and both must fit in the room.
    #[cold]
    fn grow(&mut self) -> Result<(), String> {
        const SQUARE: u64 = size_of::<Square>() as u64;
        let (length, capacity) = (self.squares.len(), self.squares.capacity() as u64);
        let most = self.room.map_or(u64::MAX, |(room, _)| {
            (room / SQUARE).saturating_sub(capacity)
        });
        let wanted = (capacity * 2).max(64).min(most);
        let refused = || match self.room {
            Some((_, cap)) => format!(
                "a partial tour is held as it is read, {SQUARE} bytes a square, and one of more \
                 than {length} squares needs more than the {} this process may use",
                megabytes(cap)
            ),
            None => format!("no memory to hold more than {length} squares of the partial tour"),
        };
        if wanted <= length as u64 {
            return Err(refused());
        }
        self.squares
            .try_reserve_exact(wanted as usize - length)
            .map_err(|_| refused())
    }
}
