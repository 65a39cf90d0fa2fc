//! What the board shows of the search right now ([`Scene`]): the visit numbers, the knight and
//! what it is doing, its candidates, the square last taken back, the tour's path when the
//! path view is on, and a construction's seams and joins.

use knights_tour_engine::board::{Board, Square};
use knights_tour_engine::leaper::Leaper;
use knights_tour_engine::search::{Candidate, SearchEvent};
use knights_tour_engine::shape::Shape;
use knights_tour_engine::starts::{StartOutcome, StartsMap};

use super::{App, Attempt, Mode, PlayView, RewindableSearch, Telling};

/// How a finished tour is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TourView {
    /// Visit numbers on the squares.
    Numbers,
    /// The knight's path as lines between the squares.
    Path,
}

/// How much of the board a screen shows, and how each square is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zoom {
    /// Cells wide enough for every visit number and a marked degree.
    Numbers,
    /// One character a square, coloured by visit order (a ramp of glyphs without colour).
    Shade,
    /// The whole board in the space there is, several squares a character.
    Overview,
}

impl Zoom {
    /// The level `z` goes to next.
    pub fn next(self) -> Self {
        match self {
            Zoom::Numbers => Zoom::Shade,
            Zoom::Shade => Zoom::Overview,
            Zoom::Overview => Zoom::Numbers,
        }
    }

    /// The level's name, as the panel writes it.
    pub fn name(self) -> &'static str {
        match self {
            Zoom::Numbers => "numbers",
            Zoom::Shade => "shade",
            Zoom::Overview => "overview",
        }
    }
}

/// What the board follows when it is larger than the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Follow {
    /// The cursor, after it moved.
    Cursor,
    /// The knight, while the search runs.
    Knight,
}

/// What the board shows of the search right now: the inputs of the board widget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scene<'a> {
    /// The board.
    pub board: Board,
    /// Its holes and clues, when it has any: holes are drawn as holes, clues as the numbers
    /// given, apart from the visit numbers.
    pub shape: Option<&'a Shape>,
    /// The piece that tours: the knight is drawn as a knight, another piece by its letter.
    pub piece: Leaper,
    /// Visit numbers by [`Board::index`], 0 for unvisited.
    pub visits: &'a [u32],
    /// Visit numbers above this are drawn as unvisited (a replay in progress).
    pub shown_up_to: u32,
    /// The number the visit-order gradient ends at: the board's area, or while a construction
    /// is shown, the squares of its largest block (its pieces are numbered in their own order).
    pub last_visit: u64,
    /// The knight's square and what it is doing.
    pub knight: Option<(Square, KnightState)>,
    /// The start square.
    pub start: Square,
    /// The square the tour must end on, if one is asked for.
    pub end: Option<Square>,
    /// The cursor.
    pub cursor: Square,
    /// The knight's untried candidates with their degrees, in the order they will be tried.
    pub candidates: Vec<Candidate>,
    /// The square the last backtrack took off the path, and whether it was a dead end.
    pub undone: Option<(Square, bool)>,
    /// The tour in visit order, when the path view is on.
    pub path: Option<&'a [u32]>,
    /// Whether the path closes (draw the last move back to the start).
    pub closed: bool,
    /// The square the viewport keeps in sight.
    pub focus: Square,
    /// The zoom level.
    pub zoom: Zoom,
    /// Changes each time the user asks to centre on the focus.
    pub centre_request: u32,
    /// A construction's seams: the first row and column of every block after the first.
    pub seams: Option<(&'a [u32], &'a [u32])>,
    /// The squares the construction's last join linked.
    pub joined: Vec<Square>,
    /// The starts map, when it is shown (it replaces the search on the board).
    pub starts: Option<StartsView<'a>>,
    /// Play's moves, hint and named squares, while play is on (the search is not shown).
    pub play: Option<PlayView>,
}

/// The starts map as the board draws it: the answers and the range of the nodes the tours took
/// (the shade runs over it, on a log scale).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartsView<'a> {
    /// The map.
    pub map: &'a StartsMap,
    /// The fewest nodes a tour from some square took.
    pub least: u64,
    /// The most.
    pub most: u64,
}

impl<'a> StartsView<'a> {
    /// The view of `map`.
    pub fn of(map: &'a StartsMap) -> Self {
        let tours = map
            .answers
            .iter()
            .filter(|answer| matches!(answer.outcome, StartOutcome::Tour { .. }))
            .map(|answer| answer.nodes.max(1));
        let (least, most) = tours.fold((u64::MAX, 1), |(least, most), nodes| {
            (least.min(nodes), most.max(nodes))
        });
        Self {
            map,
            least: least.min(most),
            most,
        }
    }

    /// Where `nodes` lies between the fewest and the most, on a log scale: 0 to 1.
    pub fn shade(&self, nodes: u64) -> f64 {
        let (least, most) = (self.least as f64, self.most as f64);
        if most <= least {
            return 0.0;
        }
        ((nodes.max(1) as f64).ln() - least.ln()) / (most.ln() - least.ln())
    }
}

impl Scene<'_> {
    /// The squares a tour visits: the board's, less its holes.
    pub fn squares(&self) -> u64 {
        self.shape.map_or(self.board.area(), Shape::open_count)
    }

    /// Whether `square` is a hole.
    pub fn is_hole(&self, square: Square) -> bool {
        self.shape.is_some_and(|shape| !shape.is_open(square))
    }

    /// The number given to `square`, if it is a clue.
    pub fn clue_at(&self, square: Square) -> Option<u32> {
        self.shape.and_then(|shape| shape.clue_at(square))
    }

    /// Whether a seam runs below `square` and whether one runs right of it.
    pub(crate) fn seams_after(&self, square: Square) -> (bool, bool) {
        self.seams.map_or((false, false), |(rows, cols)| {
            (
                rows.binary_search(&(square.row + 1)).is_ok(),
                cols.binary_search(&(square.col + 1)).is_ok(),
            )
        })
    }
}

impl<'a> Scene<'a> {
    /// The scene of a stepped search on its own, with `visits` kept in step with it: the
    /// knight, its candidates and the square last taken back, as the explorer's board shows
    /// them, with no cursor (a square off the board, which no cell matches) and the focus on
    /// the knight. Each lane of the method race is drawn from one.
    pub(crate) fn of_search(
        (session, shape): (&RewindableSearch, Option<&'a Shape>),
        visits: &'a [u32],
        closed: bool,
        zoom: Zoom,
    ) -> Self {
        let search = session.search();
        let board = search.board();
        let mut scene = Scene {
            board,
            shape,
            piece: search.config().piece,
            visits,
            shown_up_to: u32::MAX,
            last_visit: board.area(),
            knight: None,
            start: search.start(),
            end: search.end(),
            cursor: Square::new(u32::MAX, u32::MAX),
            candidates: Vec::new(),
            undone: None,
            path: None,
            closed,
            focus: search.start(),
            zoom,
            centre_request: 0,
            seams: None,
            joined: Vec::new(),
            starts: None,
            play: None,
        };
        show_search(session, &mut scene);
        if let Some((knight, _)) = scene.knight {
            scene.focus = knight;
        }
        scene
    }
}

/// What the knight is doing, for how its square is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnightState {
    /// Standing: candidates ahead, or the search has not started.
    Ready,
    /// Every candidate tried: the next step takes this square back.
    Exhausted,
    /// No candidate at all: a dead end.
    DeadEnd,
    /// The tour is complete.
    Done,
}

impl App {
    /// The board's contents for drawing.
    pub fn scene(&self) -> Scene<'_> {
        if let Mode::Play(play) = &self.mode {
            return self.play_scene(play);
        }
        let mut scene = Scene {
            board: self.setup.board,
            shape: self.shape.as_deref(),
            piece: self.setup.piece,
            visits: self.visits(),
            shown_up_to: u32::MAX,
            last_visit: self.setup.board.area(),
            knight: Some((self.setup.start, KnightState::Ready)),
            start: self.setup.start,
            end: self.end,
            cursor: self.cursor,
            candidates: Vec::new(),
            undone: None,
            path: None,
            closed: self.setup.closed,
            focus: self.cursor,
            zoom: self.view.zoom,
            centre_request: self.view.centre_requests,
            seams: self
                .attempt
                .shown()
                .and_then(|shown| shown.telling.as_ref())
                .map(Telling::cuts),
            joined: Vec::new(),
            starts: None,
            play: None,
        };
        if let Attempt::Stepped(stepped) = &self.attempt {
            show_search(stepped.rewindable(), &mut scene);
        }
        if let Some(telling) = self.telling() {
            scene.last_visit = u64::from(telling.largest_block());
            scene.joined = telling.joined_squares();
        }
        self.show_tour(&mut scene);
        if let Some(map) = self.shown_map() {
            // The map replaces the search on the board; the cursor picks a start.
            scene.starts = Some(StartsView::of(map));
            scene.knight = None;
            scene.candidates.clear();
            scene.undone = None;
            scene.path = None;
            scene.joined.clear();
            scene.seams = None;
            return scene;
        }
        if self.view.follow == Follow::Knight
            && let Some((square, _)) = scene.knight
        {
            scene.focus = square;
        }
        scene
    }

    /// The tour found, if any: the knight at its end (or where a replay stands) and, in the path
    /// view, the path.
    fn show_tour<'a>(&'a self, scene: &mut Scene<'a>) {
        let Some(tour) = self.tour() else { return };
        let board = self.setup.board;
        let path = tour.indices();
        match self.motion.replay_shown() {
            Some(shown) => {
                scene.shown_up_to = shown;
                let at = path[shown.saturating_sub(1) as usize];
                scene.knight = Some((board.square_at(at), KnightState::Ready));
                if self.view.tour_view == TourView::Path {
                    // The moves so far; the closing move comes with the last.
                    scene.path = Some(&path[..shown as usize]);
                    scene.closed = false;
                }
            }
            None => {
                let last = board.square_at(path[path.len() - 1]);
                scene.knight = Some((last, KnightState::Done));
                if self.view.tour_view == TourView::Path {
                    scene.path = Some(path);
                }
            }
        }
    }
}

/// A stepped search's part of the scene: the knight and what it is doing, its untried
/// candidates, and the square the last backtrack took off the path.
fn show_search(session: &RewindableSearch, scene: &mut Scene<'_>) {
    let search = session.search();
    let choices = search.choices();
    // Every square on the path (and back to the start, if closed): the next step reports the
    // tour. No candidates are left, but this is no dead end (as after `b` from a tour found).
    let to_end = u64::from(search.end().is_some());
    let complete = u64::from(search.depth()) + to_end == scene.squares()
        && (!scene.closed || scene.piece.is_move(search.head(), scene.start));
    let state = match session.last_event() {
        Some(SearchEvent::Solved) => KnightState::Done,
        _ if complete => KnightState::Ready,
        _ if choices.is_dead_end() => KnightState::DeadEnd,
        _ if choices.next().is_none() => KnightState::Exhausted,
        _ => KnightState::Ready,
    };
    scene.knight = Some((search.head(), state));
    if !session.is_over() {
        let tried = choices.tried().len();
        scene.candidates = choices.all()[tried..].to_vec();
    }
    if let Some(SearchEvent::Backtrack {
        undone, dead_end, ..
    }) = session.last_event()
    {
        scene.undone = Some((undone, dead_end));
    }
}
