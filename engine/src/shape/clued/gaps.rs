//! The *gap* pruning of `search`: the stretch from the head (visit `t`) to the next fixed visit
//! `m` at square `q`, over the squares still unvisited.
//!
//! Visits `t + 1` to `m - 1` are the `m - t - 1` *slots* of the stretch, and a square fills
//! one only if a path of `m - t` moves from the head to `q` over unvisited squares passes it.
//! The squares that must fill one are the unvisited squares whose latest visit (`latest`, from
//! the distances over all open squares, which are never longer) is at most `m`: no later gap
//! fits them. So, with `E` those squares:
//!
//! - *capacity*: `E` has at most `m - t - 1` squares; for a piece that changes colour, the
//!   slots alternate colours from the head's, and each colour of `E` fits in its slots;
//! - *reach*: `q` is at most `m - t` moves from the head over unvisited squares;
//! - *detour*: each square `x` of `E` lies on such a path, `d(head, x) + d(x, q) <= m - t`
//!   over unvisited squares.
//!
//! The distances come from two breadth-first searches, from `q` and from the head, bounded at
//! `m - t` moves; they run only when `E` is not empty or the stretch is short.

use super::ClueMemoryError;
use super::graph::{Mark, OpenGraph, filled, reserve};

/// The searches' memory, kept between calls (a distance is valid where its stamp carries the
/// current epoch).
pub(super) struct Gaps {
    stamp: [Vec<u32>; 2],
    distance: [Vec<u32>; 2],
    epoch: u32,
    queue: Vec<u32>,
    /// The squares of `E`.
    must: Vec<u32>,
    /// For [`Gaps::every_gap_dead`]: the gaps each vertex fits (valid where `fit_stamp` is
    /// `fit_epoch`), the last of them, and the vertices fitting one gap only, per gap and colour.
    fit_stamp: Vec<u32>,
    fit_epoch: u32,
    fits: Vec<u32>,
    only: Vec<u32>,
    exclusive: Vec<[u32; 2]>,
}

/// Every stretch left, for [`Gaps::every_gap_dead`].
pub(super) struct Rest<'a> {
    pub graph: &'a OpenGraph,
    pub visited: &'a [bool],
    pub number_at: &'a [u32],
    pub marks: &'a [Mark],
    /// The index of the next mark after the head.
    pub next: usize,
    pub head: u32,
    pub t: u32,
    pub n: u32,
    pub changes_colour: bool,
}

/// A stretch to check.
pub(super) struct Stretch<'a> {
    pub graph: &'a OpenGraph,
    pub visited: &'a [bool],
    /// The visit number given to each vertex, 0 for none.
    pub number_at: &'a [u32],
    /// The head, visit `t`.
    pub head: u32,
    pub t: u32,
    /// The next fixed visit and its square.
    pub number: u32,
    pub target: u32,
    /// The unvisited or visited squares whose latest visit is `t + 1` to `number`.
    pub candidates: &'a [u32],
    pub changes_colour: bool,
}

/// Stretches at most this long are always searched for their reach.
const SHORT: u32 = 6;

impl Gaps {
    /// The memory for a graph of `len` vertices.
    pub fn new(len: usize) -> Result<Self, ClueMemoryError> {
        let mut queue = Vec::new();
        reserve(&mut queue, len)?;
        let mut must = Vec::new();
        reserve(&mut must, len)?;
        Ok(Self {
            stamp: [filled(len, 0)?, filled(len, 0)?],
            distance: [filled(len, 0)?, filled(len, 0)?],
            epoch: 0,
            queue,
            must,
            fit_stamp: filled(len, 0)?,
            fit_epoch: 0,
            fits: filled(len, 0)?,
            only: filled(len, 0)?,
            exclusive: filled(len + 2, [0; 2])?,
        })
    }

    /// Whether the stretch proves that no tour follows (the module doc).
    pub fn dead(&mut self, stretch: &Stretch) -> bool {
        let moves = stretch.number - stretch.t;
        let slots = moves - 1;
        self.must.clear();
        let mut head_colour = 0u32;
        let head_even = stretch.graph.is_even(stretch.head);
        for &x in stretch.candidates {
            if !stretch.visited[x as usize] {
                self.must.push(x);
                head_colour += u32::from(stretch.graph.is_even(x) == head_even);
            }
        }
        let must = self.must.len() as u32;
        if must > slots {
            return true;
        }
        if stretch.changes_colour {
            // Slot `t + j` has the head's colour when `j` is even.
            let same_slots = slots / 2;
            if head_colour > same_slots || must - head_colour > slots - same_slots {
                return true;
            }
        }
        if must == 0 && moves > SHORT {
            return false;
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            for stamp in &mut self.stamp {
                stamp.fill(0);
            }
            self.epoch = 1;
        }
        let on = (stretch.graph, stretch.visited, stretch.number_at);
        self.flood(0, on, stretch.target, stretch.head, moves);
        if self.get(0, stretch.head).is_none_or(|d| d > moves) {
            return true;
        }
        if must == 0 {
            return false;
        }
        self.flood(1, on, stretch.head, stretch.target, moves);
        self.must
            .iter()
            .any(|&x| match (self.get(0, x), self.get(1, x)) {
                (Some(a), Some(b)) => a + b > moves,
                _ => true,
            })
    }

    /// Whether some square fits no stretch left, or a stretch cannot hold the squares that fit
    /// it alone, or cannot join its ends over unvisited squares in time.
    pub fn every_gap_dead(&mut self, rest: &Rest) -> bool {
        let Some(first) = rest.marks.get(rest.next) else {
            return false;
        };
        self.fit_epoch = self.fit_epoch.wrapping_add(1);
        if self.fit_epoch == 0 {
            self.fit_stamp.fill(0);
            self.fit_epoch = 1;
        }
        let on = (rest.graph, rest.visited, rest.number_at);
        let stretches = rest.marks.len() - rest.next;
        let mut ends = (rest.head, rest.t, first.vertex, first.number);
        for g in 0..=stretches {
            let (a, from, b, to) = ends;
            if g < stretches {
                if let Some(mark) = rest.marks.get(rest.next + g + 1) {
                    ends = (b, to, mark.vertex, mark.number);
                } else {
                    ends = (b, to, u32::MAX, rest.n);
                }
            }
            let moves = to - from;
            self.exclusive[g] = [0; 2];
            if moves == 0 {
                continue;
            }
            self.epoch = self.epoch.wrapping_add(1);
            if self.epoch == 0 {
                for stamp in &mut self.stamp {
                    stamp.fill(0);
                }
                self.epoch = 1;
            }
            self.flood(0, on, a, b, moves);
            if b != u32::MAX {
                if self.get(0, b).is_none_or(|d| d > moves) {
                    return true;
                }
                self.flood(1, on, b, a, moves);
            }
            for k in 0..self.queue.len() {
                let x = self.queue[k];
                let i = x as usize;
                if x == a || x == b || rest.visited[i] || rest.number_at[i] != 0 {
                    continue;
                }
                let fits = match (self.get(0, x), b) {
                    (Some(_), u32::MAX) => true,
                    (Some(d0), _) => self.get(1, x).is_some_and(|d1| d0 + d1 <= moves),
                    (None, _) => false,
                };
                if fits {
                    if self.fit_stamp[i] != self.fit_epoch {
                        self.fit_stamp[i] = self.fit_epoch;
                        self.fits[i] = 0;
                    }
                    self.fits[i] += 1;
                    self.only[i] = g as u32;
                }
            }
        }
        for x in 0..rest.graph.len() {
            if rest.visited[x] || rest.number_at[x] != 0 {
                continue;
            }
            if self.fit_stamp[x] != self.fit_epoch {
                return true;
            }
            if self.fits[x] == 1 {
                let g = self.only[x] as usize;
                self.exclusive[g][usize::from(rest.graph.is_even(x as u32))] += 1;
            }
        }
        let mut ends = (rest.head, rest.t, first.number);
        for g in 0..=stretches {
            let (a, from, to) = ends;
            if g < stretches {
                let next = rest
                    .marks
                    .get(rest.next + g + 1)
                    .map_or(rest.n, |m| m.number);
                ends = (rest.marks[rest.next + g].vertex, to, next);
            }
            let [odd, even] = self.exclusive[g];
            let moves = to - from;
            let slots = if g == stretches {
                moves
            } else {
                moves.saturating_sub(1)
            };
            if odd + even > slots {
                return true;
            }
            if rest.changes_colour && g < stretches {
                // Slot `from + j` has `a`'s colour when `j` is even.
                let same = if rest.graph.is_even(a) { even } else { odd };
                if same > slots / 2 || odd + even - same > slots - slots / 2 {
                    return true;
                }
            }
        }
        false
    }

    fn get(&self, side: usize, v: u32) -> Option<u32> {
        (self.stamp[side][v as usize] == self.epoch).then(|| self.distance[side][v as usize])
    }

    /// Distances from `source` over unvisited squares that carry no number, up to `bound`
    /// moves, and to `end`, visited or not, where paths stop.
    fn flood(
        &mut self,
        side: usize,
        (graph, visited, number_at): (&OpenGraph, &[bool], &[u32]),
        source: u32,
        end: u32,
        bound: u32,
    ) {
        let epoch = self.epoch;
        let (stamp, distance) = (&mut self.stamp[side], &mut self.distance[side]);
        self.queue.clear();
        self.queue.push(source);
        stamp[source as usize] = epoch;
        distance[source as usize] = 0;
        let mut next = 0;
        while next < self.queue.len() {
            let v = self.queue[next];
            next += 1;
            let d = distance[v as usize] + 1;
            if d > bound || v == end {
                continue;
            }
            for &w in graph.neighbours(v) {
                let i = w as usize;
                if stamp[i] != epoch && (w == end || (!visited[i] && number_at[i] == 0)) {
                    stamp[i] = epoch;
                    distance[i] = d;
                    self.queue.push(w);
                }
            }
        }
    }
}
