//! How the explorer looks on a given terminal: the colour mode (truecolor, the 256-colour
//! palette, or none at all for `NO_COLOR`) and the glyph set (Unicode, or ASCII when the locale
//! is not UTF-8 or `--ascii` is given). One [`Look`] value carries both, so no colour or glyph is
//! chosen anywhere else.

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;

/// Which colours the terminal gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorMode {
    /// 24-bit colours (`COLORTERM` is `truecolor` or `24bit`).
    TrueColor,
    /// The 256-colour palette: safe over SSH and in most terminals.
    Palette256,
    /// No colours at all (`NO_COLOR`): reverse video, bold and glyphs carry the meaning.
    Monochrome,
}

/// Which characters the explorer may draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlyphSet {
    /// Unicode: the knight `♞`, rounded borders, `×` and `·` marks.
    Unicode,
    /// Plain ASCII: `N`, `+-|` borders, `x` and `.` marks.
    Ascii,
}

/// A colour as the theme names it, in both encodings.
#[derive(Debug, Clone, Copy)]
struct Tint {
    rgb: (u8, u8, u8),
    indexed: u8,
}

const fn tint(rgb: (u8, u8, u8), indexed: u8) -> Tint {
    Tint { rgb, indexed }
}

const LIGHT_SQUARE: Tint = tint((238, 220, 180), 223);
const DARK_SQUARE: Tint = tint((176, 128, 88), 137);
const INK_ON_LIGHT: Tint = tint((48, 48, 48), 236);
const INK_ON_DARK: Tint = tint((250, 250, 250), 255);
const KNIGHT: Tint = tint((255, 175, 0), 214);
const CANDIDATE: Tint = tint((175, 215, 135), 150);
const CHOSEN: Tint = tint((95, 215, 0), 76);
const UNDONE: Tint = tint((215, 135, 135), 174);
const DEAD_END: Tint = tint((215, 0, 0), 160);
const CURSOR: Tint = tint((0, 95, 255), 27);
const ACCENT: Tint = tint((95, 175, 255), 75);
const GOOD: Tint = tint((95, 215, 95), 77);
const BAD: Tint = tint((255, 95, 95), 203);
const WARN: Tint = tint((255, 215, 95), 221);
const MUTED: Tint = tint((138, 138, 138), 245);
const PATH: Tint = tint((0, 0, 135), 18);
const CLUE: Tint = tint((175, 215, 255), 153);
const HOLE_INK: Tint = tint((88, 88, 88), 240);

/// The visit-order gradient, first move to last: dark violet through teal to yellow, each step
/// brighter than the last, so the order reads on any background and in grey.
const GRADIENT: [(u8, u8, u8); 5] = [
    (68, 1, 84),
    (59, 82, 139),
    (33, 145, 140),
    (94, 201, 98),
    (253, 231, 37),
];
/// Squares not yet visited in the shade and overview zooms.
const UNVISITED: Tint = tint((58, 58, 58), 237);
/// The visit-order ramp without colour, first move to last: more ink, later move.
const RAMP: [&str; 9] = [".", ":", "-", "=", "+", "*", "#", "%", "@"];

/// What a styled thing is, so that the look decides how it appears.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A light square.
    LightSquare,
    /// A dark square.
    DarkSquare,
    /// The knight's square.
    Knight,
    /// A candidate square of the knight, labelled with its degree.
    Candidate,
    /// The candidate the search takes next.
    Chosen,
    /// The square the last backtrack took off the path.
    Undone,
    /// A square with no way on.
    DeadEnd,
    /// The cursor's brackets (or the whole cell when there is no room for brackets).
    Cursor,
    /// The start square's label.
    Start,
    /// File letters and rank numbers.
    Label,
    /// Borders and titles.
    Frame,
    /// Field names in the panel and key names in the key bar.
    Key,
    /// Ordinary text.
    Text,
    /// Secondary text.
    Muted,
    /// Good news: a validated tour.
    Good,
    /// A proof that there is no tour, or an error.
    Bad,
    /// A run that gave up or a greedy dead end (no proof either way).
    Warn,
    /// The tour's path drawn over the board.
    Path,
    /// The closing move of a closed tour in the path view.
    Closing,
    /// A seam between two blocks of a construction.
    Seam,
    /// A square the construction's last join linked.
    Join,
    /// A hole of the board: no tour enters it.
    Hole,
    /// A square given its visit number (a clue).
    Clue,
}

/// The colour mode and glyph set in force, and the styles and characters they give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    /// The colour mode.
    pub colors: ColorMode,
    /// The glyph set.
    pub glyphs: GlyphSet,
}

impl Look {
    /// Reads `NO_COLOR`, `COLORTERM` and the locale (`LC_ALL`, `LC_CTYPE`, `LANG`) from the
    /// environment; `force_ascii` (`--ascii`) wins over the locale.
    pub(crate) fn detect(force_ascii: bool) -> Self {
        Self::from_env(|name| std::env::var(name).ok(), force_ascii)
    }

    /// As `Look::detect`, reading variables through `var` (so tests need not touch the
    /// process environment).
    pub fn from_env(var: impl Fn(&str) -> Option<String>, force_ascii: bool) -> Self {
        let set = |name: &str| var(name).filter(|value| !value.is_empty());
        let colors = if set("NO_COLOR").is_some() {
            ColorMode::Monochrome
        } else if set("COLORTERM").is_some_and(|value| {
            let value = value.to_ascii_lowercase();
            value == "truecolor" || value == "24bit"
        }) {
            ColorMode::TrueColor
        } else {
            ColorMode::Palette256
        };
        // The first of these that is set decides, as the C library does.
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].into_iter().find_map(set);
        let utf8 = locale.is_some_and(|locale| {
            let locale = locale.to_ascii_lowercase();
            locale.contains("utf-8") || locale.contains("utf8")
        });
        let glyphs = if utf8 && !force_ascii {
            GlyphSet::Unicode
        } else {
            GlyphSet::Ascii
        };
        Self { colors, glyphs }
    }

    /// The 256-colour palette with Unicode glyphs: the look of a typical terminal.
    pub const fn standard() -> Self {
        Self {
            colors: ColorMode::Palette256,
            glyphs: GlyphSet::Unicode,
        }
    }

    fn color(&self, tint: Tint) -> Option<Color> {
        match self.colors {
            ColorMode::TrueColor => Some(Color::Rgb(tint.rgb.0, tint.rgb.1, tint.rgb.2)),
            ColorMode::Palette256 => Some(Color::Indexed(tint.indexed)),
            ColorMode::Monochrome => None,
        }
    }

    fn fg(&self, tint: Tint) -> Style {
        match self.color(tint) {
            Some(color) => Style::new().fg(color),
            None => Style::new(),
        }
    }

    fn on(&self, background: Tint, ink: Tint) -> Style {
        match (self.color(background), self.color(ink)) {
            (Some(background), Some(ink)) => Style::new().bg(background).fg(ink),
            _ => Style::new(),
        }
    }

    /// The style of `role`. In monochrome, dark squares are reverse video and marks are bold or
    /// underlined, so nothing depends on colour.
    pub fn style(&self, role: Role) -> Style {
        let mono = self.colors == ColorMode::Monochrome;
        let bold = Modifier::BOLD;
        match role {
            Role::LightSquare => self.on(LIGHT_SQUARE, INK_ON_LIGHT),
            Role::DarkSquare if mono => Style::new().add_modifier(Modifier::REVERSED),
            Role::DarkSquare => self.on(DARK_SQUARE, INK_ON_DARK),
            Role::Knight => self.on(KNIGHT, INK_ON_LIGHT).add_modifier(bold),
            Role::Candidate if mono => Style::new().add_modifier(Modifier::UNDERLINED),
            Role::Candidate => self.on(CANDIDATE, INK_ON_LIGHT),
            Role::Chosen if mono => Style::new().add_modifier(bold | Modifier::UNDERLINED),
            Role::Chosen => self.on(CHOSEN, INK_ON_LIGHT).add_modifier(bold),
            Role::Undone => self.on(UNDONE, INK_ON_LIGHT),
            Role::DeadEnd => self.on(DEAD_END, INK_ON_DARK).add_modifier(bold),
            Role::Cursor => self.fg(CURSOR).add_modifier(bold),
            Role::Start => Style::new().add_modifier(Modifier::ITALIC),
            Role::Label | Role::Muted => self.fg(MUTED),
            Role::Frame => self.fg(ACCENT),
            Role::Key => self.fg(ACCENT).add_modifier(bold),
            Role::Text => Style::new(),
            Role::Good => self.fg(GOOD).add_modifier(bold),
            Role::Bad => self.fg(BAD).add_modifier(bold),
            Role::Warn => self.fg(WARN).add_modifier(bold),
            Role::Path => self.fg(PATH).add_modifier(bold),
            Role::Closing => self.fg(DEAD_END).add_modifier(bold),
            Role::Seam => self.fg(PATH).add_modifier(bold),
            Role::Join if mono => Style::new().add_modifier(bold | Modifier::UNDERLINED),
            Role::Join => self.on(KNIGHT, INK_ON_LIGHT).add_modifier(bold),
            Role::Hole => self.fg(HOLE_INK),
            Role::Clue if mono => Style::new().add_modifier(bold),
            Role::Clue => self.on(CLUE, INK_ON_LIGHT).add_modifier(bold),
        }
    }

    /// A clue's number as a cell shows it in `room` columns: in monochrome or ASCII marked
    /// (`#12`), where colour cannot set it apart from the visit numbers, when the mark fits.
    pub fn clue_text(&self, number: u32, room: u16) -> String {
        let marked = self.colors == ColorMode::Monochrome || self.glyphs == GlyphSet::Ascii;
        let text = format!("{}{number}", self.glyphs().clue);
        if marked && text.chars().count() <= usize::from(room) {
            text
        } else {
            number.to_string()
        }
    }

    /// Whether the cursor needs reverse video to be seen (compact cells have no room for
    /// brackets, and monochrome has no cursor colour).
    pub(crate) fn cursor_fill(&self) -> Style {
        match self.color(CURSOR) {
            Some(color) => Style::new()
                .bg(color)
                .fg(Color::Indexed(255))
                .add_modifier(Modifier::BOLD),
            None => Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
        }
    }

    /// The colour of the moment `fraction` of a tour (0 the first move, 1 the last) on the
    /// visit-order gradient; `None` in monochrome, where [`Look::ramp`] carries the order.
    pub fn gradient(&self, fraction: f64) -> Option<Color> {
        let fraction = fraction.clamp(0.0, 1.0);
        let scaled = fraction * (GRADIENT.len() - 1) as f64;
        let low = (scaled.floor() as usize).min(GRADIENT.len() - 2);
        let within = scaled - low as f64;
        let mix =
            |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * within).round() as u8;
        let (from, to) = (GRADIENT[low], GRADIENT[low + 1]);
        let rgb = (mix(from.0, to.0), mix(from.1, to.1), mix(from.2, to.2));
        match self.colors {
            ColorMode::TrueColor => Some(Color::Rgb(rgb.0, rgb.1, rgb.2)),
            ColorMode::Palette256 => Some(Color::Indexed(nearest_in_cube(rgb))),
            ColorMode::Monochrome => None,
        }
    }

    /// The fill of a square of the starts map: a tour on the gradient by `shade` (0 the fewest
    /// nodes, 1 the most), proved none in red, gave up in grey; in monochrome, plain (the
    /// map's glyphs say the outcome).
    pub(crate) fn starts_fill(&self, outcome: MapOutcome) -> Style {
        if self.colors == ColorMode::Monochrome {
            return match outcome {
                MapOutcome::NoTour => Style::new().add_modifier(Modifier::BOLD),
                _ => Style::new(),
            };
        }
        match outcome {
            MapOutcome::Tour { shade } => {
                let ink = if shade < 0.6 {
                    INK_ON_DARK
                } else {
                    INK_ON_LIGHT
                };
                let style = self.fg(ink);
                match self.gradient(shade) {
                    Some(colour) => style.bg(colour),
                    None => style,
                }
            }
            MapOutcome::NoTour => self.on(DEAD_END, INK_ON_DARK),
            MapOutcome::GaveUp => self.on(UNVISITED, INK_ON_DARK),
        }
    }

    /// The colour of squares not yet visited in the shade and overview zooms.
    pub(crate) fn unvisited(&self) -> Option<Color> {
        self.color(UNVISITED)
    }

    /// The glyph of the moment `fraction` of a tour where there is no colour: `.` first, `@`
    /// last.
    pub fn ramp(fraction: f64) -> &'static str {
        let at = (fraction.clamp(0.0, 1.0) * (RAMP.len() - 1) as f64).round() as usize;
        RAMP[at]
    }

    /// Characters of this glyph set.
    pub fn glyphs(&self) -> &'static Glyphs {
        match self.glyphs {
            GlyphSet::Unicode => &UNICODE,
            GlyphSet::Ascii => &ASCII,
        }
    }
}

/// An answer of the starts map, as it is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum MapOutcome {
    /// A tour, shaded by its nodes (0 the fewest on the map, 1 the most).
    Tour {
        /// Where its nodes lie on the map's range.
        shade: f64,
    },
    /// No tour, proved.
    NoTour,
    /// The solve gave up.
    GaveUp,
}

/// The 256-colour palette's entry in its 6×6×6 colour cube nearest to `rgb`.
fn nearest_in_cube(rgb: (u8, u8, u8)) -> u8 {
    let level = |c: u8| (u16::from(c) * 5 + 127) / 255;
    (16 + 36 * level(rgb.0) + 6 * level(rgb.1) + level(rgb.2)) as u8
}

/// The characters the explorer draws.
#[derive(Debug)]
pub struct Glyphs {
    /// The knight.
    pub knight: &'static str,
    /// Marks the square a backtrack took off the path.
    pub undone: &'static str,
    /// Marks a dead end.
    pub dead_end: &'static str,
    /// The cursor's left and right brackets.
    pub cursor: (&'static str, &'static str),
    /// The chosen candidate's marks, left and right of its degree.
    pub chosen: (&'static str, &'static str),
    /// The arrow between two squares in text.
    pub arrow: &'static str,
    /// The start square in the shade and overview zooms.
    pub start: &'static str,
    /// The end square asked for (`E`), wherever it is not yet visited.
    pub end: &'static str,
    /// The seam between two blocks of a construction, right of a cell.
    pub seam: &'static str,
    /// Two squares stacked in one character of the overview (upper half drawn in the
    /// foreground colour), if the glyph set has it.
    pub upper_half: Option<&'static str>,
    /// Fills a hole of the board, every character of its cell.
    pub hole: &'static str,
    /// Marks a clue's number where colour cannot (`#12`).
    pub clue: &'static str,
    /// A clue not yet visited in the shade and overview zooms.
    pub clue_dot: &'static str,
    /// Borders.
    pub border: border::Set<'static>,
}

static UNICODE: Glyphs = Glyphs {
    knight: "♞",
    undone: "×",
    dead_end: "✗",
    cursor: ("[", "]"),
    chosen: ("›", "‹"),
    arrow: "→",
    start: "◆",
    end: "◎",
    seam: "│",
    upper_half: Some("▀"),
    hole: "░",
    clue: "#",
    clue_dot: "•",
    border: border::ROUNDED,
};

static ASCII: Glyphs = Glyphs {
    knight: "N",
    undone: "x",
    dead_end: "X",
    cursor: ("[", "]"),
    chosen: (">", "<"),
    arrow: "->",
    start: "S",
    end: "E",
    seam: "|",
    upper_half: None,
    hole: "/",
    clue: "#",
    clue_dot: "o",
    border: border::Set {
        top_left: "+",
        top_right: "+",
        bottom_left: "+",
        bottom_right: "+",
        vertical_left: "|",
        vertical_right: "|",
        horizontal_top: "-",
        horizontal_bottom: "-",
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    fn look(vars: &[(&str, &str)], ascii: bool) -> Look {
        Look::from_env(
            |name| {
                vars.iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| value.to_string())
            },
            ascii,
        )
    }

    #[test]
    fn no_color_means_monochrome_and_an_empty_one_does_not() {
        let vars = [("NO_COLOR", "1"), ("LANG", "en_US.UTF-8")];
        assert_eq!(look(&vars, false).colors, ColorMode::Monochrome);
        let empty = [("NO_COLOR", ""), ("LANG", "en_US.UTF-8")];
        assert_eq!(look(&empty, false).colors, ColorMode::Palette256);
        let mono = look(&vars, false);
        for role in [Role::DarkSquare, Role::Knight, Role::Cursor, Role::Chosen] {
            let style = mono.style(role);
            assert_eq!((style.fg, style.bg), (None, None), "{role:?}");
        }
    }

    #[test]
    fn truecolor_only_when_colorterm_says_so() {
        assert_eq!(
            look(&[("COLORTERM", "truecolor")], false).colors,
            ColorMode::TrueColor
        );
        assert_eq!(
            look(&[("COLORTERM", "24bit")], false).colors,
            ColorMode::TrueColor
        );
        assert_eq!(look(&[], false).colors, ColorMode::Palette256);
        let palette = look(&[], false).style(Role::DarkSquare);
        assert!(matches!(palette.bg, Some(Color::Indexed(_))));
    }

    #[test]
    fn the_locale_decides_the_glyphs_in_the_c_library_order() {
        assert_eq!(
            look(&[("LANG", "en_US.UTF-8")], false).glyphs,
            GlyphSet::Unicode
        );
        assert_eq!(look(&[("LANG", "C.utf8")], false).glyphs, GlyphSet::Unicode);
        assert_eq!(look(&[], false).glyphs, GlyphSet::Ascii);
        let overridden = [("LC_ALL", "C"), ("LANG", "en_US.UTF-8")];
        assert_eq!(look(&overridden, false).glyphs, GlyphSet::Ascii);
        assert_eq!(
            look(&[("LANG", "en_US.UTF-8")], true).glyphs,
            GlyphSet::Ascii
        );
    }

    #[test]
    fn the_gradient_runs_from_dark_to_light_in_every_colour_mode() {
        let brightness = |color: Option<Color>| match color {
            Some(Color::Rgb(r, g, b)) => u32::from(r) + u32::from(g) + u32::from(b),
            Some(Color::Indexed(i)) => {
                let i = u32::from(i) - 16;
                i / 36 + i / 6 % 6 + i % 6
            }
            other => panic!("{other:?}"),
        };
        for colors in [ColorMode::TrueColor, ColorMode::Palette256] {
            let look = Look {
                colors,
                glyphs: GlyphSet::Unicode,
            };
            let first = brightness(look.gradient(0.0));
            let last = brightness(look.gradient(1.0));
            assert!(first < brightness(look.gradient(0.5)), "{colors:?}");
            assert!(brightness(look.gradient(0.5)) < last, "{colors:?}");
        }
        let mono = Look {
            colors: ColorMode::Monochrome,
            glyphs: GlyphSet::Ascii,
        };
        assert_eq!(mono.gradient(0.3), None);
        assert_eq!((Look::ramp(0.0), Look::ramp(1.0)), (".", "@"));
        assert_eq!(Look::ramp(7.0), "@");
    }

    #[test]
    fn ascii_glyphs_are_ascii() {
        let glyphs = Look {
            colors: ColorMode::Monochrome,
            glyphs: GlyphSet::Ascii,
        }
        .glyphs();
        let border = glyphs.border;
        let all = [
            glyphs.knight,
            glyphs.undone,
            glyphs.dead_end,
            glyphs.cursor.0,
            glyphs.cursor.1,
            glyphs.chosen.0,
            glyphs.chosen.1,
            glyphs.arrow,
            glyphs.start,
            glyphs.end,
            glyphs.hole,
            glyphs.clue,
            glyphs.clue_dot,
            border.top_left,
            border.horizontal_top,
            border.vertical_left,
        ];
        assert!(all.iter().all(|glyph| glyph.is_ascii()), "{all:?}");
    }
}
