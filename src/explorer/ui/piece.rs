//! How the explorer shows the piece that tours: its mark on the board ([`Glyphs::piece`]: the
//! knight's glyph, or a letter for any other piece) and its name in the panel, the legend and
//! the titles. The knight's screens are what they were: it is named in the panel's title, as
//! it always was, and in no field.

use knights_tour_engine::leaper::Leaper;

use super::look::Glyphs;

impl Glyphs {
    /// How `piece` is drawn: the knight by its glyph, the camel, the zebra, the giraffe, the
    /// king and the hopido by their initials `C`, `Z`, `G`, `K`, `H`, and any other leaper by
    /// `L` (letters in every glyph set).
    pub fn piece(&self, piece: Leaper) -> &'static str {
        match piece {
            Leaper::KNIGHT => self.knight,
            Leaper::CAMEL => "C",
            Leaper::ZEBRA => "Z",
            Leaper::GIRAFFE => "G",
            Leaper::KING => "K",
            Leaper::HOPIDO => "H",
            _ => "L",
        }
    }
}

/// The piece in the legend: its name, or `leaper`.
pub(super) fn piece_word(piece: Leaper) -> &'static str {
    piece.name().unwrap_or("leaper")
}

/// The piece's panel field: `zebra (2,3)`, `king (0,1+1,1)`, `(2,5)-leaper`; short: `zebra`,
/// `2,5`.
pub(super) fn piece_value(piece: Leaper, short: bool) -> String {
    match (piece.name(), short) {
        (Some(name), true) => name.to_string(),
        (Some(name), false) => format!("{name} ({})", piece.legs()),
        (None, true) => piece.label(),
        (None, false) => piece.to_string(),
    }
}

/// The piece before the kind of tour in the strip under the board: nothing for the knight,
/// `zebra ` for another.
pub(super) fn piece_prefix(piece: Leaper) -> String {
    match piece {
        piece if piece.is_knight() => String::new(),
        piece => format!("{} ", piece.label()),
    }
}
