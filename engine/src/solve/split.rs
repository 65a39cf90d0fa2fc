//! The routes of `auto`'s search layers for leapers (see `flipping`): backtracking toward each
//! square a tour can end on, and for a piece other than the knight the split of the question
//! on its last square, whose searches, each exhausted, are the proof that no tour exists.
//!
//! A split's searches are kept from turn to turn and run on, up to [`KEPT_SEARCH_BYTES`] of
//! them: an end's tree is then explored once, where a restart in each turn explored again the
//! part the turn before had seen. The (3,4)-leaper's 7×32 from 0,4 ends on 3,0 or 4,1, and the
//! search toward 4,1 exhausts its tree in 14 M nodes when kept, where restarts took 37 M; the
//! whole proof takes 38 M nodes, where it took 96 M. From 0,5 the restarts gave up at 200 M;
//! the search kept exhausts its tree in 18 M, 42 M in all.

use super::memory::search_needs;
use super::outcome::{Answer, SolveError};
use super::request::Layer;
use super::solver::{Goal, Halt, Solver};
use crate::board::{Board, Square};
use crate::existence::NoTourReason;
use crate::leaper::Leaper;
use crate::search::{Limit, Search, SearchConfig, SearchEvent};

/// A split's searches are kept from turn to turn while together they need at most this many
/// bytes (and half the request's memory cap); the others restart in each turn. A fixed figure,
/// not the host's free memory, so that the answers are the same on every host: 7,000 searches
/// of a 40×40 board.
const KEPT_SEARCH_BYTES: u64 = 256 << 20;

/// The most squares an open tour's end may be on for the knight's backtracking to take a
/// route to each.
pub(super) const MOST_ROUTES: usize = 4;

/// The search of one route: the square backtracking takes a route to, and in a split, the
/// search toward it, kept from turn to turn once it has begun.
pub(super) struct EndSearch {
    end: Square,
    kept: Option<Search>,
}

/// Another piece's split on its last square, as it goes: the number of ends the cover left
/// when it began, the end left out because it closes (see [`take_closing_end`]), and the
/// nodes spent toward ends so far. When every end has been searched to the end of its tree,
/// these are the proof's figures.
#[derive(Debug, Clone, Copy)]
pub(super) struct Split {
    ends: u64,
    closing: Option<Square>,
    pub(super) nodes: u64,
}

/// The nodes of one turn of backtracking toward the ends: `allowance` each, or, for a split on
/// the last square (which takes the turn of backtracking without an end), twice `allowance`
/// shared among them, each an equal part of what those before it left; in the last turn an
/// equal part of what is left each.
#[derive(Debug, Clone, Copy)]
pub(super) struct RouteTurn {
    pub(super) allowance: u64,
    pub(super) last: bool,
    pub(super) split: bool,
}

/// The nodes of one run in a round of turns, when `left` are left: its `allowance`, or what
/// is left if less; in the last round, when a doubled round would not fit, an equal part of
/// what is left for each of the `to_go` runs still to come in it, this one included.
pub(super) fn run_share(left: u64, allowance: u64, last: bool, to_go: u64) -> u64 {
    if last {
        left / to_go.max(1)
    } else {
        allowance.min(left)
    }
}

/// The routes backtracking takes (see the `flipping` module doc), once flipping's first cover
/// has said where an open tour can end (`ends`, square numbers), and for another piece the
/// split they begin: for an open tour with no end asked, those squares when at most
/// [`MOST_ROUTES`], or all of them but one that closes ([`take_closing_end`]) for a piece
/// other than the knight; for another piece's closed tour from the start alone, the start's
/// neighbours but one (a closed tour uses two of the start's moves). `None` until the cover
/// has said.
pub(super) fn routes_to(
    ends: Option<&[u32]>,
    goal: Goal,
    board: Board,
    piece: Leaper,
) -> Option<(Vec<EndSearch>, Option<Split>)> {
    let mut squares: Vec<Square> = if goal.end.is_some() {
        Vec::new()
    } else if goal.closed {
        if piece.is_knight() || goal.prefix.len() > 1 {
            Vec::new()
        } else {
            let mut around: Vec<Square> = piece.neighbours(board, goal.prefix[0]).collect();
            around.pop();
            around
        }
    } else {
        let ends = ends?;
        if ends.len() > MOST_ROUTES && piece.is_knight() {
            Vec::new()
        } else {
            ends.iter().map(|&end| board.square_at(end)).collect()
        }
    };
    let split = (!squares.is_empty() && !piece.is_knight()).then(|| {
        // The proof counts the ends the cover left, the one that closes among them.
        let ends = squares.len() as u64;
        let closing = take_closing_end(&mut squares, goal, board, piece);
        Split {
            ends,
            closing,
            nodes: 0,
        }
    });
    let routes = squares
        .into_iter()
        .map(|end| EndSearch { end, kept: None })
        .collect();
    Some((routes, split))
}

/// Takes out of `ends`, the squares an open tour from the start alone can end on, the first
/// that is a move from the start, and returns it: a tour ending there closes into a closed
/// tour, and that closed tour opened at its other move from the start is a tour ending on
/// another of `ends`, so the search toward those others answers for it. On the (3,4)-leaper's
/// 7×32 every tour from 0,4 ends on 3,0 or 4,1, both a move away, so one route decides it.
fn take_closing_end(
    ends: &mut Vec<Square>,
    goal: Goal,
    board: Board,
    piece: Leaper,
) -> Option<Square> {
    let [start] = goal.prefix else {
        return None;
    };
    if goal.closed || goal.end.is_some() || board.area() <= 2 {
        return None;
    }
    let at = ends.iter().position(|&end| piece.is_move(*start, end))?;
    Some(ends.remove(at))
}

impl Solver<'_> {
    /// One turn of backtracking toward each of `routes` (see [`RouteTurn`]): a tour, or a
    /// deadline that ran out; a route searched to the end of its tree is dropped.
    pub(super) fn route_turns(
        &mut self,
        routes: &mut Vec<EndSearch>,
        goal: Goal,
        config: SearchConfig,
        turn: RouteTurn,
    ) -> Result<Option<Answer>, Halt> {
        let RouteTurn {
            allowance,
            last,
            split,
        } = turn;
        // A split's routes share twice the allowance, each an equal part of what the routes
        // before it left over: a tree exhausted early leaves its nodes to the others.
        let mut split_left = allowance.saturating_mul(2);
        let needs = search_needs(self.request, &config);
        let room = KEPT_SEARCH_BYTES.min(self.request.memory_cap.map_or(u64::MAX, |cap| cap / 2));
        let mut kept = routes.iter().filter(|route| route.kept.is_some()).count() as u64 * needs;
        let mut k = 0;
        while k < routes.len() {
            let to_go = (routes.len() - k) as u64;
            let per_route = if split {
                (split_left / to_go).max(1)
            } else {
                allowance
            };
            let share = run_share(self.limits().node_budget, per_route, last, to_go);
            let before = self.stats.nodes;
            let (search, event, mut keeps) = match routes[k].kept.take() {
                Some(mut search) => {
                    let event = self.resume_run(&mut search, share);
                    (search, event, true)
                }
                None => {
                    // A closed tour is a path from the start to one of its neighbours.
                    let routed = Goal {
                        end: Some(routes[k].end),
                        closed: false,
                        ..goal
                    };
                    let (search, event) = self.backtrack_run(routed, config, share)?;
                    (search, event, false)
                }
            };
            split_left = split_left.saturating_sub(self.stats.nodes - before);
            match event {
                SearchEvent::Exhausted => {
                    routes.remove(k);
                }
                SearchEvent::BudgetExceeded(Limit::Nodes) => {
                    if !keeps && split && kept + needs <= room {
                        kept += needs;
                        keeps = true;
                    }
                    if keeps {
                        routes[k].kept = Some(search);
                    }
                    k += 1;
                }
                SearchEvent::Solved if goal.closed => {
                    return Ok(Some(self.closed_route(search, goal)?));
                }
                _ => return Ok(Some(self.settle(event, search, Layer::Split)?)),
            }
        }
        Ok(None)
    }

    /// A path found from the start to one of its neighbours, validated as the closed tour of
    /// `goal`.
    fn closed_route(&mut self, search: Search, goal: Goal) -> Result<Answer, Halt> {
        let layer = Layer::Split;
        if self.request.shape.is_some() {
            return self.flipped_tour(search.into_indices(), goal, layer);
        }
        let Some(checked) = search.into_tour(self.deadline) else {
            return Err(Halt::GaveUp(self.budget_cause(Limit::Deadline), layer));
        };
        let path = checked
            .map_err(|error| SolveError::InvalidTour { layer, error })?
            .into_indices();
        self.flipped_tour(path, goal, layer)
    }

    /// The proof that each of the ends of `split`, the squares the tour (`closed` or open)
    /// could end on, was searched to the end of its tree.
    pub(super) fn every_end_searched(&mut self, closed: bool, split: Split) -> Answer {
        let request = self.request;
        let reason = NoTourReason::EveryEndSearched {
            start: request.start,
            prefix_len: request.prefix().len() as u64,
            closed,
            ends: split.ends,
            closing: split.closing,
            nodes: split.nodes,
        };
        self.no_tour(reason, Layer::Split)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On the (3,4)-leaper's 7×32 every tour from 0,4 ends on 3,0 or 4,1, both a move away:
    /// the first is left out of the split, and only for an open tour from the start alone.
    #[test]
    fn a_closing_end_is_left_out_only_of_an_open_tour_from_its_start_alone() {
        let board = Board::new(7, 32).unwrap();
        let piece = Leaper::new(3, 4).unwrap();
        let start = Square::new(0, 4);
        let far = Square::new(2, 16);
        let both = [Square::new(3, 0), Square::new(4, 1)];
        let take = |goal: Goal, ends: &[Square]| {
            let mut ends = ends.to_vec();
            let closing = take_closing_end(&mut ends, goal, board, piece);
            (closing, ends)
        };
        let open = Goal::from(&start, false, &[]);
        assert_eq!(take(open, &both), (Some(both[0]), vec![both[1]]));
        assert_eq!(take(open, &[far, both[1]]), (Some(both[1]), vec![far]));
        assert_eq!(take(open, &[far]), (None, vec![far]));
        let closed = Goal::from(&start, true, &[]);
        assert_eq!(take(closed, &both), (None, both.to_vec()));
        let prefix = [start, Square::new(4, 1)];
        let partial = Goal {
            prefix: &prefix,
            ..open
        };
        assert_eq!(take(partial, &both), (None, both.to_vec()));
        let to_an_end = Goal {
            end: Some(far),
            ..open
        };
        assert_eq!(take(to_an_end, &both), (None, both.to_vec()));
    }
}
