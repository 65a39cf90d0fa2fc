//! [`find`] and [`count`]: which search answers a question, and the rounds it runs in.
//!
//! Two searches answer a clued question, both exhaustive but for their limits, so that an
//! exhausted tree is a proof:
//! - the path search (`search`) places squares one after another from the start, with the
//!   path's prunings (ways in, reach, connection);
//! - the search over the numbers (`numbers`) keeps the squares every number can still have
//!   and branches on the number of fewest. It serves the questions that fix some visit (a
//!   number given, a start or an end asked for) on at most `numbers::MAX_VERTICES` open squares.
//!
//! [`find`] searches in rounds: the first breaks ties in a fixed order, each next one by a hash
//! of its number, with 20% more nodes, until a tour is found, a round exhausts its tree or a
//! limit of the question ends it. The rounds are fixed, so the same question gets the same
//! tour. [`count`] runs one round to the end.

use crate::search::Limit;

use super::numbers::NumberSearch;
use super::round::{Rounds, Stop};
use super::search::Search;
use super::{ClueAnswer, ClueCount, ClueMemoryError, ClueQuestion};

/// The nodes of the first round of [`find`]; each next round has 20% more.
const FIRST_ROUND_NODES: u64 = 1000;

/// The rounds of the two searches take turns, the numbers' search with one node for every
/// this many of the path search's. Its nodes cost far more (about 6 µs each on a hard 11×11
/// puzzle, searched alone), so it gets most of the time. The share is the bench's: on its
/// 11×11 and 12×12 puzzles, 1 in 8 left 2 of 400 unanswered within 2 s, 1 in 20 left 4.
const NUMBER_NODE_COST: u64 = 8;

/// A search for a tour of `question`: the first tour found, the proof that none exists (the
/// whole tree searched), or the limit that ended it.
pub fn find(question: &ClueQuestion) -> Result<ClueAnswer, ClueMemoryError> {
    let Some(mut search) = Search::new(question)? else {
        return Ok(ClueAnswer::Exhausted { nodes: 0 });
    };
    if search.numbers_fit() {
        return match search.by_numbers()? {
            Some(mut numbers) => find_in_rounds(&mut search, Some(&mut numbers)),
            None => Ok(ClueAnswer::Exhausted { nodes: 0 }),
        };
    }
    find_in_rounds(&mut search, None)
}

/// [`find`] by the path search, its rounds taking turns with those of the search over the
/// numbers if given.
fn find_in_rounds(
    path: &mut Search,
    mut numbers: Option<&mut NumberSearch>,
) -> Result<ClueAnswer, ClueMemoryError> {
    let budget = path.node_budget();
    let mut round_nodes = FIRST_ROUND_NODES;
    let (stop, tour) = loop {
        // The two searches share the question's node budget.
        let spent_on_numbers = numbers.as_deref().map_or(0, Rounds::nodes);
        path.cap_nodes(budget.saturating_sub(spent_on_numbers));
        match path.round(Some(1), round_nodes)? {
            Stop::Restart => path.restart(),
            stop => break (stop, path.tour()),
        }
        if let Some(numbers) = numbers.as_deref_mut() {
            numbers.cap_nodes(budget.saturating_sub(path.nodes()));
            let share = (round_nodes / NUMBER_NODE_COST).max(1);
            match numbers.round(Some(1), share)? {
                Stop::Restart => numbers.restart(),
                stop => break (stop, numbers.tour()),
            }
        }
        round_nodes = round_nodes.saturating_mul(6) / 5;
    };
    let nodes = path.nodes() + numbers.map_or(0, |numbers| numbers.nodes());
    Ok(match stop {
        Stop::Enough => ClueAnswer::Found { path: tour, nodes },
        Stop::Exhausted => ClueAnswer::Exhausted { nodes },
        // A round never ends the loop above; a restart is a node limit.
        Stop::Restart => ClueAnswer::GaveUp {
            limit: Limit::Nodes,
            nodes,
        },
        Stop::Limit(limit) => ClueAnswer::GaveUp { limit, nodes },
    })
}

/// The number of tours of `question`, exact when the whole tree is searched; the count stops
/// once it reaches `at_most`, if given (`Some(2)` says whether a puzzle has exactly one
/// solution). Tours are sequences of squares: a path and its reverse are two, when nothing
/// fixes their ends.
pub fn count(question: &ClueQuestion, at_most: Option<u64>) -> Result<ClueCount, ClueMemoryError> {
    let Some(mut search) = Search::new(question)? else {
        return Ok(ClueCount::Exact { tours: 0, nodes: 0 });
    };
    if at_most == Some(0) {
        return Ok(ClueCount::AtLeast { tours: 0, nodes: 0 });
    }
    if search.numbers_fit() {
        return match search.by_numbers()? {
            Some(mut numbers) => count_to_the_end(&mut numbers, at_most),
            None => Ok(ClueCount::Exact { tours: 0, nodes: 0 }),
        };
    }
    count_to_the_end(&mut search, at_most)
}

/// [`count`] by one search.
fn count_to_the_end(
    search: &mut impl Rounds,
    at_most: Option<u64>,
) -> Result<ClueCount, ClueMemoryError> {
    let stop = search.round(at_most, u64::MAX)?;
    let (tours, nodes) = (search.tours(), search.nodes());
    Ok(match stop {
        Stop::Enough => ClueCount::AtLeast { tours, nodes },
        Stop::Exhausted => ClueCount::Exact { tours, nodes },
        // One round without end never restarts; a restart is a node limit.
        Stop::Restart => ClueCount::GaveUp {
            tours,
            limit: Limit::Nodes,
            nodes,
        },
        Stop::Limit(limit) => ClueCount::GaveUp {
            tours,
            limit,
            nodes,
        },
    })
}
