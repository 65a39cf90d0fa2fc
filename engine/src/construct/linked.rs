//! A tour kept as links ([`LinkedTour`]): each square's two neighbours on it, one of them
//! missing at the end of a path. While a tour is being joined the links hold several cycles
//! and paths, and the general splice makes two of them one; once joined, a walk reads the tour
//! from a square, leaving every square by the link it did not come by.
//!
//! The construction keeps its boards this way, one byte a square ([`super::links`]), and so
//! does the solver's tiles layer for the tours of its blocks, one square number a link: both
//! splice and walk through this trait, so the swap and the walk are written once.

/// Cycles and paths kept as each square's two neighbours on them; see the module doc.
pub(crate) trait LinkedTour {
    /// How the links name a square.
    type Square: Copy + Eq + std::fmt::Display;

    /// The two neighbours of `square` (`None` at the end of a path).
    fn neighbours(&self, square: Self::Square) -> [Option<Self::Square>; 2];

    /// Replaces the link of `square` towards `old` (its open end when `None`) by one towards
    /// `new`.
    fn relink(&mut self, square: Self::Square, old: Option<Self::Square>, new: Self::Square);

    /// Whether `a` and `b` are neighbours.
    fn linked(&self, a: Self::Square, b: Self::Square) -> bool {
        self.neighbours(a).contains(&Some(b))
    }

    /// The general splice: removes the edges `a1–a2` and `b1–b2` and adds `a1–b1` and
    /// `a2–b2`. When the two edges lie on different cycles or paths, the result is one: two
    /// cycles make a cycle, a cycle and a path a path, whichever way round each was walked.
    fn splice(
        &mut self,
        (a1, a2): (Self::Square, Self::Square),
        (b1, b2): (Self::Square, Self::Square),
    ) {
        debug_assert!(self.linked(a1, a2), "no edge {a1}–{a2}");
        debug_assert!(self.linked(b1, b2), "no edge {b1}–{b2}");
        self.relink(a1, Some(a2), b1);
        self.relink(a2, Some(a1), b2);
        self.relink(b1, Some(b2), a1);
        self.relink(b2, Some(b1), a2);
    }

    /// The squares met walking the links from `start`: at the start, along its first link (or
    /// its only one), then always by the link not come by. It ends at the end of a path; round
    /// a cycle it goes on for ever, so the caller bounds it.
    fn walk_from(&self, start: Self::Square) -> LinkedWalk<'_, Self> {
        LinkedWalk {
            links: self,
            before: None,
            here: Some(start),
        }
    }
}

/// A walk along the links of a [`LinkedTour`]: see [`LinkedTour::walk_from`].
pub(crate) struct LinkedWalk<'a, L: LinkedTour + ?Sized> {
    links: &'a L,
    before: Option<L::Square>,
    here: Option<L::Square>,
}

impl<L: LinkedTour + ?Sized> Iterator for LinkedWalk<'_, L> {
    type Item = L::Square;

    fn next(&mut self) -> Option<L::Square> {
        let here = self.here?;
        let [first, second] = self.links.neighbours(here);
        let next = if first != self.before { first } else { second };
        (self.before, self.here) = (Some(here), next);
        Some(here)
    }
}
