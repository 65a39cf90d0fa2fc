//! What `solve --format svg|png` settles before it solves: the picture options are only for a
//! picture, a PNG (binary) is never written to a terminal, a PNG's memory fits in what the
//! process may use, and `--numbers` has room in a PNG's squares. Each refusal is exit status 2,
//! before any work.

use std::io::{self, IsTerminal};

use super::{Failure, OutputFormat, SolveArgs};
use crate::tourfile::{PictureOptions, PngLayout, Scale};
use knights_tour_engine::quote::counted;
use knights_tour_engine::solve::Request;

/// The picture options of `args` for `request` (whose memory cap is the host's), or the
/// reason it cannot be drawn; `None` for a format that is not a picture.
pub(super) fn picture_options(
    args: &SolveArgs,
    request: &Request,
) -> Result<Option<PictureOptions>, Failure> {
    let board = request.board;
    let options = PictureOptions::for_board(board, args.numbers(), args.gradient);
    match args.format {
        OutputFormat::Grid | OutputFormat::List | OutputFormat::Json => {
            if args.numbers || args.no_numbers || args.gradient {
                return Err(Failure::bad_input(
                    "--numbers, --no-numbers and --gradient draw pictures: use them with \
                     --format svg or png",
                ));
            }
            return Ok(None);
        }
        OutputFormat::Svg => return Ok(Some(options)),
        OutputFormat::Png => {}
    }
    if io::stdout().is_terminal() {
        return Err(Failure::bad_input(
            "--format png writes binary image data, which a terminal cannot show: redirect \
             standard output to a file (> tour.png) or a program",
        ));
    }
    let layout = PngLayout::of(board);
    // The picture's own memory: the tour reads itself in visit order, walked where it was
    // constructed, and the solve counts what a held tour needs.
    let needed = layout.memory_needed(board);
    if let Some(cap) = request.memory_cap
        && needed > cap
    {
        return Err(Failure::bad_input(format!(
            "the PNG of a {board} tour needs {} MB of memory (the visit order of its \
             squares or pixels), more than the {} MB this process may use; --format svg \
             needs no more than the tour",
            needed.div_ceil(1 << 20),
            cap >> 20
        )));
    }
    if args.numbers() == Some(true) && layout.digit_scale(board).is_none() {
        let size = match layout.scale {
            Scale::Enlarged(pixels) => counted(pixels.into(), "pixel"),
            Scale::Reduced(k) => format!("1/{k} of a pixel"),
        };
        return Err(Failure::bad_input(format!(
            "--numbers: the squares of a {board} PNG are {size} wide, too small for visit \
             numbers; --format svg draws them on any board"
        )));
    }
    Ok(Some(options))
}
