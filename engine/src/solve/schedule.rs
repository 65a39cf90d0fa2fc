//! The solver's schedule, written once: every step that can decide a question, when it runs,
//! the share of the node budget it has, and the [`Layer`] its answer names. `solver.rs` runs
//! the steps in this order, each in a function named for its step; [`SCHEDULE`] holds the same
//! table as data, so that a test can check that every layer is some step's.
//!
//! The steps in the order `auto` tries them (the single methods run the theorems, then their
//! one step alone; `construct` runs as `auto` with the construction first). Budgets are shares
//! of the request's node budget; every step also keeps to the deadline.
//!
//! | # | Step (function) | Runs when | Budget | Layer | Holes / clues / several leaps |
//! |---|-----------------|-----------|--------|-------|---|
//! | 1 | theorems (`theorems`) | every method, first | none: O(1) | `Existence` | no: the rectangle's / no / no: single leapers' only |
//! | 2 | frontier (`frontier`) | `auto` with an end or a partial tour, short side ≤ 4 | the whole | `Frontier` | no / no / up to 8 moves |
//! | 3 | construction (`construct_layer`) | the knight, `auto` on ≥ [`DEFAULT_CONSTRUCT_THRESHOLD`] squares (configurable) and `construct`; else after step 7's capped first go gave up (`construct_fallback`) | the block tours' searches, within the whole | `Construct` | no / no / no: the knight's |
//! | 4 | greedy pass (`greedy`) | `auto` first; `warnsdorff` alone | O(squares) | `Warnsdorff` | yes / no: step 15 / up to 8 moves |
//! | 5 | position (`position`) | after a greedy pass that stops; the single methods before their search | the whole | `Position` | yes, and the clues' proofs first / the clues' proofs, then step 15 / up to 8 moves |
//! | 6 | anchored (`anchored`) | the knight, `auto`, no route | [`ANCHORED_PARTS`]: half of what is left | `Anchored` | no / no / no: the knight's |
//! | 7 | backtracking with restarts (`backtrack_with_restarts`) | the knight, `auto`, no route | first [`FIRST_SEARCH_NODES_PER_SQUARE`] a square (at least [`FIRST_SEARCH_NODES`]) where the construction covers the board, then the whole | `Backtrack` | no: step 8 instead / no / no: the knight's |
//! | 8 | backtracking's first share (`backtrack_first`) | `auto` with a route (the knight), or another piece whose greedy pass stopped within a [`NEAR_GREEDY_FRACTION`]th of a tour | [`KNIGHT_ROUTE_NODES_PER_SQUARE`] (at least [`KNIGHT_ROUTE_NODES`]); [`NEAR_GREEDY_NODES_PER_SQUARE`] | `Backtrack` | yes / no: step 15 / up to 8 moves |
//! | 9 | tiles (`tiles`) | another piece, `auto`, no route, ≥ [`TILES_FROM_SQUARES`] squares | a [`TILES_PARTS`]th, [`BLOCK_NODES_PER_SQUARE`] for each block shape | `Tiles` | no / no / when every move changes colour, up to 8 moves |
//! | 10 | path flipping (`flip_turn`) | by turns (`flip_and_backtrack`): another piece, `auto`; the knight's routes | doubling turns from [`TURN_NODES_PER_SQUARE`] a square plus [`TURN_NODES`] | `Flip` | yes / no: step 15 / when every move changes colour, up to 8 moves |
//! | 11 | search over moves (`propagate_turn`) | by turns, beside flipping | the same turns | `Propagate` | yes / no: step 15 / when every move changes colour, up to 8 moves |
//! | 12 | backtracking by turns (`backtrack_run`) | by turns, beside flipping, until the split takes its place | the same turns | `Backtrack` | yes / no: step 15 / up to 8 moves |
//! | 13 | split on the last square (`route_turns`) | by turns: toward each end the first cover allows when at most [`MOST_ROUTES`]; for another piece once a turn has [`SPLIT_FROM_NODES_PER_SQUARE`] | the same turns, shared among the ends | `Split` | yes / no: step 15 / with flipping |
//! | 14 | backtracking alone (`single_search`) | `backtrack`, `naive` | the whole | `Backtrack`, `Naive` | yes / no: step 15 / up to 8 moves |
//! | 15 | clue search (`clued`) | a board whose clues bind more than the start, or whose start is free, or a piece of more than 8 moves (`wide`); every method but `construct` | the whole | `Clues` | yes / yes / yes, of any moves |
//!
//! Steps 7, 8, 12 and 14 are one search, backtracking, on different shares: they name one
//! layer. Where a proof of "no tour" comes from an exhausted search that a rule ruled out
//! before its first step, the answer names `Position` (the rule), whatever step ran it.
//!
//! The last column ([`Step::holds_for`] in [`SCHEDULE`]) says which steps run, and hold, on
//! boards with holes, with given numbers (clues) and for pieces of several leaps. On a board of
//! any shape (`shaped.rs`) the clues' proofs come first whatever the method; a question whose
//! numbers bind more than its start, or whose start is free, goes to step 15 alone; the rest
//! runs steps 4, 5, 8 and 10 to 14 with the holes cut out. The rectangle's theorems and
//! constructions (steps 1, 2, 3, 6, 7 and 9) stand aside. A piece of several leaps gets no
//! single leaper's theorem; flipping and the search over moves take it only when every move
//! changes colour (their covers are flows between the colours) and it has at most 8 moves.
//! Every step but the theorems and the clue search keeps a square's moves in a byte, so a
//! piece of more than 8 moves (up to 64) gets the theorems, on a rectangle, and then step 15
//! alone, on its shape or its whole rectangle, a partial tour given as numbers (`shaped.rs`).
//!
//! [`DEFAULT_CONSTRUCT_THRESHOLD`]: super::request::DEFAULT_CONSTRUCT_THRESHOLD
//! [`MOST_ROUTES`]: super::split::MOST_ROUTES

use super::request::Layer;

/// The knight's first go of backtracking below the construction threshold, on a board the
/// construction covers, has this many nodes a square (at least [`FIRST_SEARCH_NODES`]), so
/// that the construction can take over (thin strips can defeat the search at any size).
pub(super) const FIRST_SEARCH_NODES_PER_SQUARE: u64 = 64;

/// The nodes the knight's first go has at least: see [`FIRST_SEARCH_NODES_PER_SQUARE`].
pub(crate) const FIRST_SEARCH_NODES: u64 = 200_000;

/// The anchored step has the budget left divided by this many.
pub(super) const ANCHORED_PARTS: u64 = 2;

/// The knight's backtracking along a route has this many nodes a square, and at least
/// [`KNIGHT_ROUTE_NODES`], before path flipping and the other searches take their turns.
/// Random partial tours of 5×5 to 16×16 are answered in at most 600 nodes (the
/// `prefix_sweep` example); one known 16×16 walk took 415,052 nodes there, and flipping
/// completes it in 908.
pub(super) const KNIGHT_ROUTE_NODES_PER_SQUARE: u64 = 64;
/// See [`KNIGHT_ROUTE_NODES_PER_SQUARE`].
pub(super) const KNIGHT_ROUTE_NODES: u64 = 20_000;

/// Another piece's greedy pass that stops within one square in this many of a tour is left
/// to backtracking first: on the giraffe's 1000×1000 it stops 25 squares short, and
/// backtracking with restarts finds a tour in 6 M nodes, where a turn of flipping first made
/// a cover of a million squares, and the search over moves its links, for nothing; on its
/// 100×100, 23 squares short, 24 thousand nodes in place of 94 thousand.
pub(super) const NEAR_GREEDY_FRACTION: u64 = 256;
/// Backtracking after a near greedy pass has this many nodes a square before flipping and
/// the other searches take their turns.
pub(super) const NEAR_GREEDY_NODES_PER_SQUARE: u64 = 8;

/// Boards of at least this many squares are tiled (a little over 362×362). Below it, flipping
/// answers the leapers it reaches in a few seconds (the (3,4)-leaper's 330×330 from 2,3 in
/// half a second), and its tours are the search's own.
pub(super) const TILES_FROM_SQUARES: u64 = 1 << 17;
/// The tiling has the request's budget divided by this many, from where it begins.
pub(super) const TILES_PARTS: u64 = 4;
/// The nodes a square the solver has for one image of a block shape.
pub(super) const BLOCK_NODES_PER_SQUARE: u64 = 32;

/// The first turn of backtracking with restarts, and of the searches by turns, has this many
/// nodes a square, plus [`TURN_NODES`]; each turn after has twice the one before.
pub(super) const TURN_NODES_PER_SQUARE: u64 = 2;
/// See [`TURN_NODES_PER_SQUARE`].
pub(super) const TURN_NODES: u64 = 1000;

/// The split on the last square begins when a turn has this many nodes a square.
pub(super) const SPLIT_FROM_NODES_PER_SQUARE: u64 = 1024;

/// The nodes of the first turn on a board of `squares`: see [`TURN_NODES_PER_SQUARE`].
pub(super) fn first_turn(squares: u64) -> u64 {
    TURN_NODES_PER_SQUARE * squares + TURN_NODES
}

/// Whether a step holds on boards of another shape, with given numbers, or for pieces of
/// several leaps: what the engine does there today, in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HoldsFor {
    /// On a board with holes.
    pub holes: &'static str,
    /// With given visit numbers (clues).
    pub clues: &'static str,
    /// For a piece of several leaps.
    pub several_leaps: &'static str,
}

/// One step of the solver's schedule ([`SCHEDULE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// Its name, in words.
    pub name: &'static str,
    /// The function of the solver that runs it (in `engine/src/solve/`).
    pub function: &'static str,
    /// The layer its answer names.
    pub layer: Layer,
    /// Whether it holds for holes, clues and several leaps.
    pub holds_for: HoldsFor,
}

/// The solver's schedule: every step that can decide a question, in the order `auto` tries
/// them, each with the [`Layer`] its answer names. The budget each step has, and when it runs,
/// are in the table of `engine/src/solve/schedule.rs`, which lists the same steps (the
/// backtracking of `backtrack` and of `naive` there one row).
pub const SCHEDULE: [Step; 16] = [
    step(
        "theorems",
        "theorems",
        Layer::Existence,
        holds("no: the rectangle's", "no", "no: single leapers' only"),
    ),
    step(
        "frontier",
        "frontier",
        Layer::Frontier,
        holds("no", "no", "up to 8 moves"),
    ),
    step(
        "construction",
        "construct_layer",
        Layer::Construct,
        holds("no", "no", "no: the knight's"),
    ),
    step(
        "greedy pass",
        "greedy",
        Layer::Warnsdorff,
        holds("yes", "no: step 15", "up to 8 moves"),
    ),
    step(
        "position",
        "position",
        Layer::Position,
        holds(
            "yes, and the clues' proofs first",
            "the clues' proofs, then step 15",
            "up to 8 moves",
        ),
    ),
    step(
        "anchored",
        "anchored",
        Layer::Anchored,
        holds("no", "no", "no: the knight's"),
    ),
    step(
        "backtracking with restarts",
        "backtrack_with_restarts",
        Layer::Backtrack,
        holds("no: step 8 instead", "no", "no: the knight's"),
    ),
    step(
        "backtracking's first share",
        "backtrack_first",
        Layer::Backtrack,
        holds("yes", "no: step 15", "up to 8 moves"),
    ),
    step(
        "tiles",
        "tiles",
        Layer::Tiles,
        holds("no", "no", "when every move changes colour, up to 8 moves"),
    ),
    step(
        "path flipping",
        "flip_turn",
        Layer::Flip,
        holds(
            "yes",
            "no: step 15",
            "when every move changes colour, up to 8 moves",
        ),
    ),
    step(
        "search over moves",
        "propagate_turn",
        Layer::Propagate,
        holds(
            "yes",
            "no: step 15",
            "when every move changes colour, up to 8 moves",
        ),
    ),
    step(
        "backtracking by turns",
        "backtrack_run",
        Layer::Backtrack,
        holds("yes", "no: step 15", "up to 8 moves"),
    ),
    step(
        "split on the last square",
        "route_turns",
        Layer::Split,
        holds("yes", "no: step 15", "with flipping"),
    ),
    step(
        "backtracking alone",
        "single_search",
        Layer::Backtrack,
        holds("yes", "no: step 15", "up to 8 moves"),
    ),
    step(
        "naive backtracking alone",
        "single_search",
        Layer::Naive,
        holds("yes", "no: step 15", "up to 8 moves"),
    ),
    Step {
        name: "clue search",
        function: "clued",
        layer: Layer::Clues,
        holds_for: HoldsFor {
            holes: "yes",
            clues: "yes",
            several_leaps: "yes, of any moves",
        },
    },
];

/// A row of [`SCHEDULE`].
const fn step(
    name: &'static str,
    function: &'static str,
    layer: Layer,
    holds_for: HoldsFor,
) -> Step {
    Step {
        name,
        function,
        layer,
        holds_for,
    }
}

/// What a step does on boards with `holes`, with `clues` and for `several_leaps`, in words.
const fn holds(holes: &'static str, clues: &'static str, several_leaps: &'static str) -> HoldsFor {
    HoldsFor {
        holes,
        clues,
        several_leaps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every layer, listed by a match that stops compiling when a layer is added, so that a
    /// new layer cannot be missed here.
    fn every_layer() -> Vec<Layer> {
        let all = [
            Layer::Existence,
            Layer::Position,
            Layer::Construct,
            Layer::Warnsdorff,
            Layer::Anchored,
            Layer::Backtrack,
            Layer::Naive,
            Layer::Flip,
            Layer::Frontier,
            Layer::Propagate,
            Layer::Tiles,
            Layer::Split,
            Layer::Clues,
        ];
        for layer in all {
            match layer {
                Layer::Existence
                | Layer::Position
                | Layer::Construct
                | Layer::Warnsdorff
                | Layer::Anchored
                | Layer::Backtrack
                | Layer::Naive
                | Layer::Flip
                | Layer::Frontier
                | Layer::Propagate
                | Layer::Tiles
                | Layer::Split
                | Layer::Clues => {}
            }
        }
        all.to_vec()
    }

    #[test]
    fn every_layer_is_some_steps() {
        for layer in every_layer() {
            assert!(
                SCHEDULE.iter().any(|step| step.layer == layer),
                "{layer} is no step's layer"
            );
        }
    }

    #[test]
    fn the_table_in_the_docs_names_every_step_in_order() {
        let source = include_str!("schedule.rs");
        let rows: Vec<&str> = source
            .lines()
            .filter(|line| line.starts_with("//! | ") && !line.starts_with("//! | #"))
            .collect();
        let mut rows = rows.iter();
        for step in SCHEDULE {
            // Step 14's two layers are one row of the table.
            if step.layer == Layer::Naive {
                continue;
            }
            let row = rows.next().expect("a row for every step");
            assert!(
                row.contains(&format!("`{}`)", step.function)) && row.contains(step.name),
                "{row} is not {step:?}"
            );
            assert!(row.contains(&format!("`{:?}`", step.layer)), "{row}");
            let HoldsFor {
                holes,
                clues,
                several_leaps,
            } = step.holds_for;
            assert!(
                row.ends_with(&format!("| {holes} / {clues} / {several_leaps} |")),
                "{row} does not say what {step:?} holds for"
            );
        }
        assert_eq!(rows.next(), None, "a row of the table with no step");
    }

    #[test]
    fn every_step_runs_a_function_of_the_solver() {
        let solve = [
            include_str!("solver.rs"),
            include_str!("anchored.rs"),
            include_str!("construction.rs"),
            include_str!("flipping.rs"),
            include_str!("position.rs"),
            include_str!("split.rs"),
            include_str!("shaped.rs"),
            include_str!("narrow/mod.rs"),
            include_str!("tiles/mod.rs"),
        ]
        .concat();
        for step in SCHEDULE {
            assert!(
                solve.contains(&format!("fn {}(", step.function)),
                "no function {} for {}",
                step.function,
                step.name
            );
        }
    }
}
