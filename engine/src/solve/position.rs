//! The position layer: the position's proofs ([`Search::prove_position`]: squares with one way
//! in, colours, connectivity, cut squares), on a request with a partial tour, and on a
//! request of a piece other than the knight to an end (its tours from a bare start are left to
//! the flow's proofs and to flipping, in `flipping`). A single-layer method runs them after
//! the theorems, before its layer; `auto` runs them where its greedy pass fails,
//! before anything else: a pass that finds a tour costs what it did, and a pass that cannot
//! go on hands the position to the proofs before any backtracking. (The pass's own setup
//! applies the pruning's rules to the whole board, so the cheapest proofs come first either
//! way, and a rule of the setup that rules the position out is this layer's answer too.) The
//! knight's tours from a bare start keep the layers they always had, to an end too: there the
//! theorems of the ends' colours and the pass's setup say what these proofs would (the board
//! is whole but the start, and the knight's graph on it has no cut square that the setup's
//! rules miss on the boards the theorems leave), and the maps of ends, which ask one start
//! for every end, are not slowed by a pass over the board that finds nothing.
//!
//! The proofs take a pass or two over the board, with the memory of a greedy search and a
//! depth-first search's; where the request's memory cap cannot hold that, the layer stands
//! aside.

use super::memory::{check_memory, search_needs};
use super::outcome::Answer;
use super::request::Layer;
use super::solver::{Halt, Solver};
use crate::existence::NoTourReason;
use crate::search::{Route, Search, SearchConfig, SetupError};

impl Solver<'_> {
    /// The position's proofs: the proof that no tour completes the request's position, if
    /// one of them has it.
    pub(super) fn position(&mut self) -> Result<Option<Answer>, Halt> {
        let request = self.request;
        let other_to_end = !request.piece.is_knight() && request.end.is_some();
        if request.prefix().len() < 2 && !other_to_end && request.shape.is_none() {
            return Ok(None);
        }
        let board = request.board;
        let config = SearchConfig::greedy(request.closed)
            .with_piece(request.piece)
            .with_limits(self.limits());
        let needed =
            search_needs(request, &config) + Search::position_memory_needed(board, &config);
        if check_memory(board, needed, request.memory_cap).is_err() {
            return Ok(None);
        }
        let prefix = request.prefix();
        let route = Route {
            prefix,
            end: request.end.filter(|end| !prefix.contains(end)),
        };
        let proved = Search::bounded_route(board, route, config, self.holes())
            .and_then(|mut search| search.prove_position(self.deadline));
        match proved {
            Ok(None) | Err(SetupError::Capacity(_) | SetupError::TooManyMoves { .. }) => Ok(None),
            Ok(Some(position)) => Ok(Some(
                self.no_tour(NoTourReason::DeadPosition { position }, Layer::Position),
            )),
            Err(SetupError::Stopped(limit)) => {
                Err(Halt::GaveUp(self.budget_cause(limit), Layer::Position))
            }
        }
    }
}
