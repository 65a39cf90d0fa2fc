//! Time and steps: stepping forward and back through the search, play and pause, finishing in
//! slices that keep the screen drawn, the replay of a tour found, the answer of a method that
//! answers whole, and the clock that drives them ([`App::tick`]). `f` on a piece other than
//! the knight asks `auto` first, as the command line does, and shows its answer whole (see
//! `answer_by_auto`): the stepped methods alone give up on mid-size boards that its layers
//! answer in milliseconds.

use std::time::{Duration, Instant};

use knights_tour_engine::construct::{self, story::Story};
use knights_tour_engine::search::Limits;
use knights_tour_engine::solve::{self, Layer, Method, Outcome, Request};

use super::{App, Attempt, Follow, Mode, Motion, Notice, Owed, Speed, TourShown, count_of};
use crate::explorer::allowance::capped;
use crate::explorer::stepped::{RunLength, SteppedSearch};
use crate::options::with_memory_cap;

/// The longest a burst of search steps may run before the screen is drawn again.
const SLICE: Duration = Duration::from_millis(12);
/// The most time one tick makes up for (after the process was suspended, say).
const MAX_TICK: Duration = Duration::from_millis(250);
/// How often the starts map's progress is looked at while nothing else moves.
const STARTS_POLL: Duration = Duration::from_millis(100);
/// The longest a method that answers whole (construct) may hold the screen: it runs on this
/// thread, so past this it gives up, as the command line does at its `--deadline`.
const WHOLE_ANSWER_DEADLINE: Duration = Duration::from_secs(2);

impl App {
    /// Whether something runs on its own, so the run loop must come back without a key.
    pub fn is_animating(&self) -> bool {
        let running = match &self.mode {
            Mode::Race { race, .. } => race.is_running(),
            Mode::Explore { .. } | Mode::Play(_) => self.motion.runs() || self.play_working(),
        };
        running || self.map_working() || self.making_puzzle()
    }

    /// How long the run loop may wait for a key before [`App::tick`] is due, at most; `None`
    /// when nothing runs on its own (wait for a key for ever: no CPU while idle).
    pub fn next_tick_in(&self, frame: Duration) -> Option<Duration> {
        if let Mode::Race { race, .. } = &self.mode {
            return race.next_tick_in(frame);
        }
        if !self.motion.runs() {
            return if self.play_working() || self.making_puzzle() {
                Some(frame)
            } else if self.map_working() {
                // The starts map's progress, a few times a second.
                Some(STARTS_POLL.max(frame))
            } else {
                None
            };
        }
        match (self.motion, self.clock.speed) {
            (Motion::Finishing { .. }, _) | (_, Speed::Max) => Some(frame),
            (_, Speed::PerSecond(rate)) => Some(self.clock.owed.wait(rate, frame)),
        }
    }

    /// Lets `elapsed` of wall-clock time pass: play and finishing take the steps due.
    pub fn tick(&mut self, elapsed: Duration) {
        let elapsed = elapsed.min(MAX_TICK);
        self.poll_maps();
        self.poll_making();
        self.poll_play();
        self.maps_make_way_for_judge();
        // Play, finishing and the race compute in turns of the host's work threads.
        let Some(_turn) = self.tick_turn() else {
            return;
        };
        if let Mode::Race { race, .. } = &mut self.mode {
            race.tick(elapsed);
            return;
        }
        match self.motion {
            Motion::Still | Motion::Replay { playing: false, .. } => {}
            Motion::Finishing { .. } => {
                self.clock.searching += elapsed;
                self.finish_slice();
            }
            Motion::Replay { playing: true, .. } => {
                self.clock.replaying += elapsed;
                let due = self.steps_due(elapsed);
                self.advance_replay(due);
            }
            Motion::Playing => {
                if self.telling().is_none() {
                    // Showing a construction already made is not the construction's time.
                    self.clock.searching += elapsed;
                }
                let due = self.steps_due(elapsed);
                if self.telling().is_some() {
                    self.build_forward(due);
                } else {
                    self.run_steps(due, u64::MAX);
                }
            }
        }
    }

    /// The steps `elapsed` owes at the play speed.
    fn steps_due(&mut self, elapsed: Duration) -> u64 {
        match self.clock.speed {
            Speed::Max => u64::MAX,
            Speed::PerSecond(rate) => self.clock.owed.take(elapsed, rate),
        }
    }

    pub(super) fn step_forward(&mut self) {
        self.motion = self.motion.paused();
        if let Motion::Replay { .. } = self.motion {
            self.advance_replay(1);
            return;
        }
        if self.telling().is_some() {
            self.build_forward(1);
            return;
        }
        if matches!(self.attempt, Attempt::Whole(None)) {
            self.answer_whole();
            self.build_forward(1);
            return;
        }
        if self.run_steps(1, u64::MAX) == 0 {
            self.notice = Some(Notice::Message(self.why_no_step()));
        }
    }

    pub(super) fn step_back(&mut self) {
        self.view.follow = Follow::Knight;
        if let Motion::Replay { shown, .. } = self.motion {
            self.motion = Motion::Replay {
                shown: shown.saturating_sub(1).max(1),
                playing: false,
            };
            return;
        }
        self.motion = Motion::Still;
        if self.build_back() {
            return;
        }
        let _turn = self.turn_to_step_back();
        let Attempt::Stepped(stepped) = &mut self.attempt else {
            self.notice = Some(Notice::Message(
                "this method has no steps to go back through".into(),
            ));
            return;
        };
        match stepped.step_back() {
            Ok(true) => {}
            Ok(false) => {
                self.notice = Some(Notice::Message("at the beginning of the search".into()));
                return;
            }
            Err(error) => {
                self.notice = Some(Notice::Message(error.to_string()));
                return;
            }
        }
        self.budget_hit = false;
    }

    pub(super) fn play_pause(&mut self) {
        match self.motion {
            Motion::Replay { shown, playing } => {
                self.motion = Motion::Replay {
                    shown,
                    playing: !playing,
                };
                return;
            }
            Motion::Playing | Motion::Finishing { .. } => {
                self.motion = Motion::Still;
                return;
            }
            Motion::Still => {}
        }
        if self.telling().is_some() {
            self.motion = Motion::Playing;
            return;
        }
        if matches!(self.attempt, Attempt::Whole(None)) {
            self.answer_whole();
            if self.telling().is_some() {
                self.clock.owed = Owed::default();
                self.motion = Motion::Playing;
            }
            return;
        }
        if self.set_search_going(|_| Motion::Playing) {
            return;
        }
        if self.tour().is_some() {
            self.replay();
        } else {
            self.notice = Some(Notice::Message(self.why_no_step()));
        }
    }

    pub(super) fn finish(&mut self) {
        if let Motion::Replay { .. } = self.motion {
            // Finishing a replay shows the whole tour, and nothing runs on.
            self.motion = Motion::Still;
            return;
        }
        if self.telling().is_some() {
            self.build_to_end();
            return;
        }
        if matches!(self.attempt, Attempt::Whole(None)) {
            self.answer_whole();
            self.build_to_end();
            return;
        }
        if self.answer_by_auto() {
            return;
        }
        let budget = self.finish_budget;
        let going = self.set_search_going(|session| {
            let nodes = session.nodes();
            Motion::Finishing {
                until_nodes: (nodes / budget).saturating_add(1).saturating_mul(budget),
            }
        });
        if !going {
            self.notice = Some(Notice::Message(self.why_no_step()));
        } else if matches!(self.motion, Motion::Finishing { .. })
            && let Some(_turn) = self.turn_now()
        {
            // Small searches end at once, before the screen is drawn again.
            let started = Instant::now();
            self.finish_slice();
            self.clock.searching += started.elapsed();
        }
    }

    /// Sets the search going with the motion `motion` gives for it, following the knight;
    /// `false` when no search is left to run.
    fn set_search_going(&mut self, motion: impl FnOnce(&SteppedSearch) -> Motion) -> bool {
        match &self.attempt {
            Attempt::Stepped(stepped) if !stepped.is_over() => {
                self.motion = motion(stepped);
                self.view.follow = Follow::Knight;
                self.budget_hit = false;
                true
            }
            _ => false,
        }
    }

    fn finish_slice(&mut self) {
        if let Motion::Finishing { until_nodes } = self.motion {
            self.run_steps(u64::MAX, until_nodes);
            if let (Motion::Finishing { .. }, Attempt::Stepped(stepped)) =
                (self.motion, &self.attempt)
                && stepped.nodes() >= until_nodes
            {
                self.motion = Motion::Still;
                self.budget_hit = true;
            }
        }
    }

    pub(super) fn replay(&mut self) {
        if self.tour().is_none() {
            self.notice = Some(Notice::Message(
                "no tour to replay yet: find one first".into(),
            ));
            return;
        }
        self.clock.owed = Owed::default();
        self.view.follow = Follow::Knight;
        self.motion = Motion::Replay {
            shown: 1,
            playing: true,
        };
    }

    /// The timeline at the tour's first move, paused there.
    pub(super) fn replay_from_start(&mut self) {
        if self.tour().is_none() {
            self.notice = Some(Notice::Message(
                "no tour yet: its timeline starts once one is found".into(),
            ));
            return;
        }
        self.view.follow = Follow::Knight;
        self.motion = Motion::Replay {
            shown: 1,
            playing: false,
        };
    }

    /// The timeline at its end: the whole tour shown.
    pub(super) fn replay_to_end(&mut self) {
        if self.tour().is_none() {
            self.notice = Some(Notice::Message(
                "no tour yet: its timeline starts once one is found".into(),
            ));
            return;
        }
        self.view.follow = Follow::Knight;
        self.motion = Motion::Still;
    }

    fn advance_replay(&mut self, squares: u64) {
        let (Motion::Replay { shown, playing }, Some(tour)) = (self.motion, self.tour()) else {
            return;
        };
        let total = tour.indices().len() as u64;
        let shown = u64::from(shown).saturating_add(squares);
        self.motion = if shown >= total {
            Motion::Still
        } else {
            Motion::Replay {
                shown: shown as u32,
                playing,
            }
        };
    }

    /// `f` on another piece's search: the question goes to `auto`, as `knights-tour solve
    /// --piece …` asks it (the theorems, a greedy pass, then path flipping, the search over
    /// moves and backtracking by turns), once a reset, and its tour or proof is shown whole in
    /// place of the search, the layer that answered named in the panel; `true` if it answered.
    /// Where `auto` gives up (or for the knight, or a search already over), `f` finishes the
    /// search on screen as ever.
    fn answer_by_auto(&mut self) -> bool {
        let searching = matches!(&self.attempt, Attempt::Stepped(stepped) if !stepped.is_over());
        if self.setup.piece.is_knight() || !searching || self.auto_asked {
            return false;
        }
        self.auto_asked = true;
        let started = Instant::now();
        let solved = self.solve_whole(Method::Auto);
        self.clock.searching += started.elapsed();
        let method = self.setup.method;
        match solved {
            Ok(Outcome::BudgetExceeded { stats, cause, .. }) => {
                self.notice = Some(Notice::Message(format!(
                    "auto gave up after {} ({cause}): f finishes the {method} search",
                    count_of(stats.nodes, "node")
                )));
                false
            }
            Err(message) => {
                self.notice = Some(Notice::Message(format!(
                    "{message}: f finishes the {method} search"
                )));
                false
            }
            solved => {
                self.motion = Motion::Still;
                self.show_whole(solved);
                true
            }
        }
    }

    /// Runs the construction (or whichever whole-answer method) and shows its answer: where the
    /// construct layer built it from blocks, its story, to be shown step by step.
    fn answer_whole(&mut self) {
        let started = Instant::now();
        let solved = self.solve_whole(self.setup.method);
        self.show_whole(solved);
        self.clock.searching += started.elapsed();
    }

    /// The current setup's question answered whole by `method`, within the `f` budget and
    /// [`WHOLE_ANSWER_DEADLINE`].
    fn solve_whole(&self, method: Method) -> Result<Outcome, String> {
        let setup = self.setup;
        let asked = match self.shared_shape() {
            // The engine's schedule on the shape: its proofs, then its searches, the one that
            // keeps clues among them.
            Some(shape) => Request::on_shape(shape, Some(setup.start)),
            None => Request::new(setup.board, setup.start),
        };
        let mut request = asked.piece(setup.piece).closed(setup.closed).method(method);
        if let Some(end) = self.end {
            request = request.ending_at(end);
        }
        request.node_budget = self.finish_budget;
        request.time_limit = Some(WHOLE_ANSWER_DEADLINE);
        // The memory the host has free caps the construction, as on the command line, and so
        // does the explorer's own budget.
        with_memory_cap(request).and_then(|request| {
            let request = capped(request, self.allowance().searches());
            solve::solve(&request).map_err(|error| error.to_string())
        })
    }

    /// Shows a whole answer: the tour (where the construct layer built it from blocks, its
    /// story, to be shown step by step), the proof, or why there is none.
    fn show_whole(&mut self, solved: Result<Outcome, String>) {
        let outcome = match solved {
            Ok(Outcome::Tour { tour, layer, stats }) => {
                let Ok(visits) = tour.visit_numbers() else {
                    let board = tour.board();
                    self.attempt =
                        Attempt::Failed(format!("no memory to show the tour of {board}"));
                    return;
                };
                let story = (layer == Layer::Construct)
                    .then(|| self.tell_story())
                    .flatten();
                let shown = match story {
                    Some(story) => TourShown::told(tour, visits, story),
                    None => TourShown::whole(tour, visits),
                };
                Outcome::Tour {
                    tour: shown,
                    layer,
                    stats,
                }
            }
            Ok(Outcome::NoTour {
                reason,
                layer,
                stats,
            }) => Outcome::NoTour {
                reason,
                layer,
                stats,
            },
            Ok(Outcome::BudgetExceeded {
                cause,
                layer,
                stats,
            }) => Outcome::BudgetExceeded {
                cause,
                layer,
                stats,
            },
            Err(message) => {
                self.attempt = Attempt::Failed(message);
                return;
            }
        };
        self.attempt = Attempt::Whole(Some(Box::new(outcome)));
    }

    /// The story of the construction of the current setup, when it joins several blocks (and
    /// can be told within the limits of a whole answer); a tour to an end has none (the story
    /// is of a tour from a start alone).
    fn tell_story(&self) -> Option<Story> {
        let setup = self.setup;
        // The construction builds the knight's tours alone.
        if self.end.is_some() || !setup.piece.is_knight() {
            return None;
        }
        let limits = Limits {
            node_budget: self.finish_budget,
            deadline: Some(Instant::now() + WHOLE_ANSWER_DEADLINE),
        };
        let (_, story) = construct::tell(setup.board, setup.start, setup.closed, limits).ok()?;
        (story.blocks().count() > 1).then_some(story)
    }

    /// Takes up to `steps` search events, stopping at the end of the search, at `node_limit`
    /// nodes or after one time slice; returns the events taken.
    fn run_steps(&mut self, steps: u64, node_limit: u64) -> u64 {
        let Attempt::Stepped(stepped) = &mut self.attempt else {
            return 0;
        };
        let taken = stepped.run(RunLength {
            events: steps,
            nodes: node_limit,
            slice: Some(SLICE),
        });
        if stepped.is_over() {
            self.motion = Motion::Still;
        }
        taken
    }
}
