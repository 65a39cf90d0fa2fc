//! What a solve is asked: the board, the start, open or closed, where the tour must end and
//! what it must begin with, the method (the one vocabulary of methods, with their names and
//! descriptions) and the limits.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use crate::board::{Board, Square};
use crate::leaper::Leaper;
use crate::search::SearchConfig;
use crate::shape::Shape;

/// The node budget when none is given: a few seconds of search at most.
pub const DEFAULT_NODE_BUDGET: u64 = 100_000_000;

/// The board size, in squares, from which `auto` constructs instead of searching: 32×32. The
/// search is quick and natural-looking below it; above it the construction is faster and never
/// fails.
pub const DEFAULT_CONSTRUCT_THRESHOLD: u64 = 1024;

/// Which solver to run: the one vocabulary of methods. The command line's `--method`, the
/// explorer's method cycle and its panel, and the JSON's `layer` all take their names from here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The layered engine: for another piece than the knight, the theorems and the search (the
    /// construction is the knight's).
    Auto,
    /// Divide-and-conquer construction for large boards: knight's tours only; another piece
    /// is refused once the theorems have answered what they can
    /// ([`SolveError::ConstructKnightOnly`](super::SolveError::ConstructKnightOnly)).
    Construct,
    /// One greedy Warnsdorff pass.
    Warnsdorff,
    /// Warnsdorff-ordered backtracking with pruning.
    Backtrack,
    /// Backtracking in the fixed move order, without pruning.
    Naive,
}

impl Method {
    /// Every method, in the order the command line lists them.
    pub const ALL: [Method; 5] = [
        Method::Auto,
        Method::Construct,
        Method::Warnsdorff,
        Method::Backtrack,
        Method::Naive,
    ];

    /// The name on the command line and in output.
    pub fn name(self) -> &'static str {
        self.words().0
    }

    /// What the method is, in one line (the command line's help).
    pub fn description(self) -> &'static str {
        self.words().1
    }

    /// What the method is, in a word or two (the explorer's panel).
    pub fn brief(self) -> &'static str {
        self.words().2
    }

    /// The configuration of the one search this method runs alone (`warnsdorff`, `backtrack`,
    /// `naive`), or `None` for the methods that combine layers (`auto`, `construct`).
    pub fn search_config(self, closed: bool) -> Option<SearchConfig> {
        match self {
            Method::Warnsdorff => Some(SearchConfig::greedy(closed)),
            Method::Backtrack => Some(SearchConfig::backtracking(closed)),
            Method::Naive => Some(SearchConfig::naive(closed)),
            Method::Auto | Method::Construct => None,
        }
    }

    /// The method of this name, if there is one.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|method| method.name() == name)
    }

    /// Name, description and brief, written once.
    fn words(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Method::Auto => ("auto", "The layered engine", "layered"),
            Method::Construct => ("construct", "Divide-and-conquer construction", "whole tour"),
            Method::Warnsdorff => ("warnsdorff", "One greedy Warnsdorff pass", "greedy"),
            Method::Backtrack => ("backtrack", "Warnsdorff-ordered backtracking", "Warnsdorff"),
            Method::Naive => (
                "naive",
                "Fixed-order backtracking, no pruning",
                "fixed order",
            ),
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The layer that gave the answer: the existence theorems, or the layer of one of the methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// The existence theorems.
    Existence,
    /// The position's proofs, before any search: colours, squares with one way in,
    /// connectivity and cut squares (see [`Search::prove_position`](crate::search::Search::prove_position)).
    Position,
    /// The construction.
    Construct,
    /// The greedy Warnsdorff pass.
    Warnsdorff,
    /// A closed tour found from a corner, the tour from the start cut out of it (part of `auto`,
    /// for the knight, no method alone).
    Anchored,
    /// Warnsdorff-ordered backtracking.
    Backtrack,
    /// Fixed-order backtracking.
    Naive,
    /// Path flipping, for leapers other than the knight (part of `auto`, no method alone).
    Flip,
    /// Frontier dynamic programming on a narrow board: exact, so a tour read back from it or a
    /// count of 0 (a tour with an end, or a partial tour, of `auto`).
    Frontier,
    /// The search over moves (each in or out, the rest drawn by rules), for leapers other than
    /// the knight (part of `auto`, no method alone).
    Propagate,
    /// A large board cut into blocks whose own tours are spliced into one, for leapers other
    /// than the knight (part of `auto`, no method alone).
    Tiles,
    /// Backtracking toward each square a tour can end on, whose searches, each exhausted, are
    /// a proof for another piece (part of `auto`, no method alone).
    Split,
    /// The search that keeps given numbers, on a board of any shape whose clues bind more than
    /// the start or whose start is free, with the clues' own proofs before it.
    Clues,
}

impl Layer {
    /// The method that runs this layer alone; `None` for the theorems and the position's
    /// proofs, which every method consults, and for the layers only `auto` runs.
    pub fn method(self) -> Option<Method> {
        match self {
            Layer::Existence
            | Layer::Position
            | Layer::Anchored
            | Layer::Flip
            | Layer::Frontier
            | Layer::Propagate
            | Layer::Tiles
            | Layer::Split
            | Layer::Clues => None,
            Layer::Construct => Some(Method::Construct),
            Layer::Warnsdorff => Some(Method::Warnsdorff),
            Layer::Backtrack => Some(Method::Backtrack),
            Layer::Naive => Some(Method::Naive),
        }
    }

    /// The name in output: its method's name, `existence`, `position`, `anchored`, `flip`,
    /// `frontier`, `propagate`, `tiles`, `split` or `clues`.
    pub fn name(self) -> &'static str {
        match self {
            Layer::Position => "position",
            Layer::Anchored => "anchored",
            Layer::Split => "split",
            Layer::Flip => "flip",
            Layer::Frontier => "frontier",
            Layer::Propagate => "propagate",
            Layer::Tiles => "tiles",
            Layer::Clues => "clues",
            layer => layer.method().map_or("existence", Method::name),
        }
    }
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Switches that disable parts of the engine, so tests can prove the fallbacks work.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Ablation {
    /// Backtracking orders moves by the fixed order instead of Warnsdorff's rule.
    pub fixed_ordering: bool,
    /// The greedy pass is skipped as if it had failed.
    pub fail_greedy: bool,
}

/// One solve: the board, the start and how hard to try.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The board.
    pub board: Board,
    /// The piece that tours: the knight unless another leaper is asked for.
    pub piece: Leaper,
    /// The first square of the tour.
    pub start: Square,
    /// Whether the tour must be closed.
    pub closed: bool,
    /// The square an open tour must end on, if any.
    pub end: Option<Square>,
    /// A partial tour to complete: a path of the piece whose first square is [`Request::start`]
    /// and whose last is where the search goes on from. `None`, or the start alone, asks for
    /// a tour from the start.
    pub prefix: Option<Arc<[Square]>>,
    /// Which solver.
    pub method: Method,
    /// The most search nodes, over all layers.
    pub node_budget: u64,
    /// The most wall-clock time, from the solve's start (the solver turns it into a deadline,
    /// an instant, as every layer's limits hold it).
    pub time_limit: Option<Duration>,
    /// Disabled parts, for tests.
    pub(crate) ablation: Ablation,
    /// `auto` constructs boards of at least this many squares instead of searching them.
    pub construct_threshold: u64,
    /// The most bytes a solve may take, whatever its method (the front ends find what the host
    /// has free); each layer checks what it needs against it before it allocates. `None`
    /// leaves it to the allocations themselves, which fail cleanly.
    pub memory_cap: Option<u64>,
    /// Whether the caller will number the squares by visit (to print a grid): four bytes a
    /// square beside the tour, counted when each layer checks its memory.
    pub visit_numbers: bool,
    /// The board's shape, when it has holes or clues ([`Request::on_shape`]); `None` asks about
    /// the whole rectangle, [`Request::board`].
    pub shape: Option<Arc<Shape>>,
    /// Whether the tour may start on any open square of the shape ([`Request::start`] is then
    /// only where the search looks first): a shape's question where neither the caller nor a
    /// clue 1 fixes the start, as Hopido asks.
    pub any_start: bool,
}

impl Request {
    /// An open knight's tour of `board` from `start`, by the layered engine, with the default
    /// budget.
    pub fn new(board: Board, start: Square) -> Self {
        Self {
            board,
            piece: Leaper::KNIGHT,
            start,
            closed: false,
            end: None,
            prefix: None,
            method: Method::Auto,
            node_budget: DEFAULT_NODE_BUDGET,
            time_limit: None,
            ablation: Ablation::default(),
            construct_threshold: DEFAULT_CONSTRUCT_THRESHOLD,
            memory_cap: None,
            visit_numbers: false,
            shape: None,
            any_start: false,
        }
    }

    /// An open knight's tour of `shape` (a board of any shape, with its clues), from `start`,
    /// or, where neither `start` nor a clue 1 fixes the start, from any open square. A shape
    /// that is the whole rectangle with no clue asks exactly what [`Request::new`] asks.
    pub fn on_shape(shape: Arc<Shape>, start: Option<Square>) -> Self {
        let fixed = start.or(shape.clued_start());
        let first_open = || {
            shape
                .open_squares()
                .next()
                .expect("a shape has an open square")
        };
        let mut request = Self::new(shape.board(), fixed.unwrap_or_else(first_open));
        request.any_start = fixed.is_none();
        request.shape = (!shape.is_rectangle() || request.any_start).then_some(shape);
        request
    }

    /// The same request for a tour of `piece`.
    pub fn piece(self, piece: Leaper) -> Self {
        Self { piece, ..self }
    }

    /// The same request for a closed tour (or an open one).
    pub fn closed(self, closed: bool) -> Self {
        Self { closed, ..self }
    }

    /// The same request for an open tour that ends on `end`.
    pub fn ending_at(self, end: Square) -> Self {
        Self {
            end: Some(end),
            ..self
        }
    }

    /// The same request for a tour that begins with `prefix` (a path of the piece, first square
    /// first; not empty): the start becomes its first square. The solve checks the path.
    pub fn completing(self, prefix: impl Into<Arc<[Square]>>) -> Self {
        let prefix: Arc<[Square]> = prefix.into();
        Self {
            start: prefix.first().copied().unwrap_or(self.start),
            prefix: Some(prefix),
            ..self
        }
    }

    /// The prefix the tour must begin with: the one given, or the start alone.
    pub fn prefix(&self) -> &[Square] {
        match &self.prefix {
            Some(prefix) if !prefix.is_empty() => prefix,
            _ => std::slice::from_ref(&self.start),
        }
    }

    /// Whether more is asked than a tour from the start: an end, or a prefix of more than
    /// one square.
    pub fn has_route(&self) -> bool {
        self.end.is_some() || self.prefix().len() > 1
    }

    /// The same request by another method.
    pub fn method(self, method: Method) -> Self {
        Self { method, ..self }
    }

    /// Whether the construction has the first go: always for `construct`, for `auto` on boards
    /// of at least [`Request::construct_threshold`] squares (the knight's only), never for a
    /// single-layer method.
    pub(super) fn constructs_first(&self) -> bool {
        match self.method {
            Method::Construct => true,
            Method::Auto => self.piece.is_knight() && self.board.area() >= self.construct_threshold,
            Method::Warnsdorff | Method::Backtrack | Method::Naive => false,
        }
    }
}
