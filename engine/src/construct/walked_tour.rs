//! A constructed tour that is never held whole: checked by walking it once, then read by
//! walking it again, a run of visits at a time ([`WalkedTour`]).
//!
//! **Validated before anyone sees it.** [`Construction::walk_within`] walks the tour from the
//! start and gives every square to the validator's fast check ([`PathCheck`]: on the board, a
//! knight move from the last, not seen before; one bit a square), then checks the start, the
//! count and, for a closed tour, the last step. On large boards the walk and the check run on
//! two threads, the walk handing runs of squares to the check through a few buffers.
//!
//! While it checks, the walk notes where it stands at the start of every run of
//! [`VISITS_PER_READ`] visits (a [`Stand`]: a square and a link; twelve bytes a run). A reading
//! starts from the stand at or before its first visit and walks the same links by the same code
//! as the check did, so it gives exactly the squares the check was given. The construction is
//! not trusted: a broken link would have failed the check, and then no walked tour exists.
//!
//! The deadline bounds the answer: the construction and this checking walk, which looks at the
//! clock every [`SQUARES_PER_LOOK`] squares or so. Reading a validated tour is not cut short,
//! as writing a tour held in memory never was.

use std::ops::Range;
use std::sync::mpsc;
use std::time::Instant;

use super::walk::{Stand, Walker};
use super::{ConstructError, Construction, SQUARES_PER_LOOK, check_clock};
use crate::board::{Board, Square};
use crate::leaper::Leaper;
use crate::search::Limit;
use crate::tour::{PathCheck, TourError, VISITS_PER_READ, VisitOrder};

/// Bytes of the folded board of `board` with its walks' table, at most: seventeen a square of
/// the folded board, which has at most as many squares as the board and, its sides a few
/// hundred squares at most, fewer than 2^16.
pub(super) fn folded_bytes(board: Board) -> u64 {
    17 * board.area().min(1 << 16)
}

/// Runs between two looks at the clock.
const RUNS_PER_LOOK: usize = SQUARES_PER_LOOK / VISITS_PER_READ;

/// Runs handed from the walk to the check and not yet checked, at most.
const RUNS_IN_FLIGHT: usize = 4;

/// Tours from which the walk and the check run on two threads.
const TWO_THREADS_FROM: u64 = 1 << 20;

/// Bytes a tour of `board` walked and checked holds at its peak: the check's bit a square, the
/// stands of its runs, the runs in flight and the folded board.
pub fn walk_memory_needed(board: Board) -> u64 {
    let squares = board.area();
    let runs = squares.div_ceil(VISITS_PER_READ as u64);
    let run_bytes = 4 * squares.min(VISITS_PER_READ as u64);
    squares.div_ceil(64) * 8
        + runs * size_of::<Stand>() as u64
        + (RUNS_IN_FLIGHT as u64 + 2) * run_bytes
        + folded_bytes(board)
}

/// A validated constructed tour: the construction, and where its checking walk stood at the
/// start of every run of visits. See the module doc.
#[derive(Debug)]
pub struct WalkedTour {
    construction: Construction,
    board: Board,
    closed: bool,
    /// Where the walk stood at visits 0, R, 2R, … (R is [`VISITS_PER_READ`]).
    stands: Vec<Stand>,
}

/// Why a checking walk ended without a tour.
enum Stop {
    Invalid(TourError),
    Late,
    Memory,
}

impl From<TourError> for Stop {
    fn from(error: TourError) -> Self {
        Stop::Invalid(error)
    }
}

impl From<Limit> for Stop {
    fn from(_: Limit) -> Self {
        Stop::Late
    }
}

impl Construction {
    /// Checks the tour by walking it (see the module doc) and keeps it as a [`WalkedTour`] to
    /// be read by walking again: closed if `closed` (a cycle is read from `start` either way),
    /// from `start`, before `deadline` (looked at every 2^20 squares or so).
    pub fn walk_within(
        self,
        closed: bool,
        start: Square,
        deadline: Option<Instant>,
    ) -> Result<WalkedTour, ConstructError> {
        self.walk_checked(closed, (start, None), deadline)
    }

    /// [`Construction::walk_within`] of an open tour that must end on `end`: the walk's last
    /// square is checked too.
    pub fn walk_to_within(
        self,
        start: Square,
        end: Square,
        deadline: Option<Instant>,
    ) -> Result<WalkedTour, ConstructError> {
        self.walk_checked(false, (start, Some(end)), deadline)
    }

    /// The walk checked from `ends.0` (to `ends.1` if given), kept as a [`WalkedTour`].
    fn walk_checked(
        self,
        closed: bool,
        ends: (Square, Option<Square>),
        deadline: Option<Instant>,
    ) -> Result<WalkedTour, ConstructError> {
        let board = self.board();
        let stands = self
            .check_walk(closed, ends, deadline)
            .map_err(|stop| match stop {
                Stop::Invalid(error) => ConstructError::Invalid(error),
                Stop::Late => ConstructError::Stopped {
                    limit: Limit::Deadline,
                },
                Stop::Memory => ConstructError::Memory {
                    board,
                    bytes: walk_memory_needed(board),
                },
            })?;
        Ok(WalkedTour {
            construction: self,
            board,
            closed,
            stands,
        })
    }

    /// The walk of the whole tour from the start, each run checked; where it stood at the start
    /// of each run.
    fn check_walk(
        &self,
        closed: bool,
        (start, end): (Square, Option<Square>),
        deadline: Option<Instant>,
    ) -> Result<Vec<Stand>, Stop> {
        let board = self.board();
        let squares = board.area();
        let mut check = PathCheck::new(board, 1).map_err(|_| Stop::Memory)?;
        let stands = if squares < TWO_THREADS_FROM {
            self.walk(deadline, |run| Ok(check.push(run)?))
        } else {
            // Both walk and check take about as long a square.
            self.walk_beside(&mut check, deadline)
        }?;
        let (first, last) = check.first().zip(check.last()).ok_or(TourError::Empty)?;
        let (first, last) = (board.square_at(first), board.square_at(last));
        if first != start {
            return Err(TourError::WrongStart {
                expected: start,
                found: first,
            }
            .into());
        }
        if check.count() != squares {
            return Err(TourError::Incomplete {
                visited: check.count(),
                squares,
            }
            .into());
        }
        if let Some(expected) = end
            && last != expected
        {
            return Err(TourError::WrongEnd {
                expected,
                found: last,
            }
            .into());
        }
        if closed && !last.is_knight_move_to(first) {
            let piece = Leaper::KNIGHT;
            return Err(TourError::NotClosed { piece, last, first }.into());
        }
        Ok(stands)
    }

    /// Walks the tour from the start a run at a time, handing each run to `take` (which may
    /// end the walk, and may swap the run's buffer for another); where it stood at the start
    /// of each run.
    fn walk(
        &self,
        deadline: Option<Instant>,
        mut take: impl FnMut(&mut Vec<u32>) -> Result<(), Stop>,
    ) -> Result<Vec<Stand>, Stop> {
        let squares = self.board().area();
        let (first, _) = self.ends();
        let mut walker = Walker::new(&self.folded, first, self.numbering());
        let mut stands = Vec::new();
        let mut run = Vec::new();
        let mut done = 0;
        while done < squares {
            if stands.len().is_multiple_of(RUNS_PER_LOOK) {
                check_clock(deadline)?;
            }
            stands.try_reserve(1).map_err(|_| Stop::Memory)?;
            stands.push(walker.stand());
            let len = (squares - done).min(VISITS_PER_READ as u64) as usize;
            run.try_reserve_exact(len.saturating_sub(run.len()))
                .map_err(|_| Stop::Memory)?;
            run.resize(len, 0);
            walker.fill(&mut run);
            take(&mut run)?;
            done += len as u64;
        }
        Ok(stands)
    }

    /// [`Construction::walk`] on another thread, its runs checked on this one as they come
    /// (both on this one when the system will not start another thread).
    fn walk_beside(
        &self,
        check: &mut PathCheck,
        deadline: Option<Instant>,
    ) -> Result<Vec<Stand>, Stop> {
        std::thread::scope(|scope| {
            // Runs go to the check, and their buffers come back to be filled again.
            let (runs, walked) = mpsc::sync_channel::<Vec<u32>>(RUNS_IN_FLIGHT);
            let (free, freed) = mpsc::channel::<Vec<u32>>();
            let walk = move || {
                self.walk(deadline, |run| {
                    let full = std::mem::replace(run, freed.try_recv().unwrap_or_default());
                    // A closed channel: the check ended at an error, which it reports.
                    runs.send(full).map_err(|_| Stop::Late)
                })
            };
            let walker = match std::thread::Builder::new().spawn_scoped(scope, walk) {
                Ok(walker) => walker,
                Err(_) => return self.walk(deadline, |run| Ok(check.push(run)?)),
            };
            let checked = walked.iter().try_for_each(|run| {
                check.push(&run)?;
                // The walk may be done already; then the buffer is simply dropped.
                let _ = free.send(run);
                Ok::<(), TourError>(())
            });
            // The walk stops at its next run once the check has stopped listening.
            drop(walked);
            let stands = walker.join().expect("walking the links does not panic");
            checked?;
            stands
        })
    }
}

impl WalkedTour {
    /// The construction walked.
    pub fn construction(&self) -> &Construction {
        &self.construction
    }
}

impl VisitOrder for WalkedTour {
    fn board(&self) -> Board {
        self.board
    }

    fn is_closed(&self) -> bool {
        self.closed
    }

    fn visits<'a>(&'a self, visits: Range<usize>, scratch: &'a mut Vec<u32>) -> &'a [u32] {
        // Every slot is written below: a scratch kept from an earlier run of the same length
        // is not cleared first.
        scratch.resize(visits.len(), 0);
        if visits.is_empty() {
            return scratch;
        }
        let k = visits.start / VISITS_PER_READ;
        let c = &self.construction;
        let mut walker = Walker::new(&c.folded, self.stands[k], c.numbering());
        walker.skip((visits.start - k * VISITS_PER_READ) as u64);
        walker.fill(scratch);
        scratch
    }
}

#[cfg(test)]
mod tests {
    use super::super::walk::Folded;
    use super::super::{construct, construct_to};
    use super::*;
    use crate::board::Square;

    fn board(rows: u64, cols: u64) -> Board {
        Board::new(rows, cols).unwrap()
    }

    #[test]
    fn any_run_of_visits_reads_as_the_path_has_it() {
        // Beyond 2^20 squares the check walks on its own thread; a strip built transposed
        // numbers its squares as the board asked for.
        for (board, start, closed) in [
            (board(1100, 1000), Square::new(0, 0), true),
            (board(301, 301), Square::new(150, 150), false),
            (board(200_001, 3), Square::new(7, 1), false),
        ] {
            let path = construct(board, start, closed).unwrap().path().unwrap();
            let walked = construct(board, start, closed)
                .unwrap()
                .walk_within(closed, start, None)
                .unwrap();
            let n = path.len();
            let run = VISITS_PER_READ;
            let mut scratch = Vec::new();
            let ranges = [
                0..n,
                0..1,
                5..run + 3,
                run - 1..2 * run + 1,
                n - 7..n,
                n / 2..n / 2,
            ];
            for range in ranges.map(|r| r.start.min(n)..r.end.min(n)) {
                let got = walked.visits(range.clone(), &mut scratch);
                assert_eq!(got, &path[range.clone()], "{board}: {range:?}");
            }
            let numbers = walked.visit_numbers().unwrap();
            assert!(
                path.iter()
                    .enumerate()
                    .all(|(i, &s)| numbers[s as usize] == i as u32 + 1)
            );
        }
    }

    #[test]
    fn a_broken_link_fails_the_check_and_no_walked_tour_is_made() {
        let board = board(1100, 1000);
        let start = Square::new(0, 0);
        let mut construction = construct(board, start, true).unwrap();
        let folded = &construction.folded;
        let mut links = folded.links.clone();
        // A square's first link turned to a knight move that is neither of its links.
        let cell = links.board().index(Square::new(20, 20)) as usize;
        let byte = links.cells()[cell];
        let (first, second) = (byte & 0xf, byte >> 4);
        let other = (first + 1..first + 8)
            .map(|code| code & 7)
            .find(|&code| code != second)
            .unwrap();
        links.cells_mut()[cell] = (byte & 0xf0) | other;
        construction.folded = Folded::new(links, folded.rows.clone(), folded.cols.clone()).unwrap();
        let checked = construction.walk_within(true, start, None);
        assert!(
            matches!(checked, Err(ConstructError::Invalid(_))),
            "{:?}",
            checked.map(|_| ())
        );
        // The wrong start or closure is named too.
        let walked = construct(board, start, true).unwrap();
        let wrong = walked.walk_within(true, Square::new(1, 2), None);
        assert!(matches!(
            wrong,
            Err(ConstructError::Invalid(TourError::WrongStart { .. }))
        ));
    }

    #[test]
    fn a_walk_to_an_end_is_checked_to_end_there() {
        let board = board(1100, 1000);
        let (start, end) = (Square::new(3, 4), Square::new(1099, 997));
        let walked = construct_to(board, start, end)
            .unwrap()
            .walk_to_within(start, end, None)
            .unwrap();
        assert_eq!(walked.square_of_visit(0), board.index(start));
        let last = board.area() as usize - 1;
        assert_eq!(walked.square_of_visit(last), board.index(end));
        // The same tour asked to end elsewhere is refused, naming both squares.
        let elsewhere = Square::new(0, 1);
        let wrong = construct_to(board, start, end)
            .unwrap()
            .walk_to_within(start, elsewhere, None);
        assert!(matches!(
            wrong,
            Err(ConstructError::Invalid(TourError::WrongEnd { expected, found }))
                if expected == elsewhere && found == end
        ));
    }

    #[test]
    fn a_passed_deadline_stops_the_checking_walk() {
        for board in [board(300, 300), board(1100, 1000)] {
            let start = Square::new(0, 0);
            let late = construct(board, start, true).unwrap().walk_within(
                true,
                start,
                Some(Instant::now()),
            );
            assert!(matches!(
                late,
                Err(ConstructError::Stopped {
                    limit: Limit::Deadline
                })
            ));
        }
    }
}
