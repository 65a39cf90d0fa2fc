//! `puzzle`: a proper puzzle (exactly one solution, proved by an exhaustive count) on a board of
//! `--size` or `--board`'s shape, for any piece, written as the picture `--board` reads, or with
//! `--format json` with its solution and the work a solver needs.

use std::io::Write;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use super::args::{PuzzleArgs, PuzzleFormat};
use super::{ExitStatus, Failure, report, with_stdout};
use crate::options::read_board;
use crate::tourfile::{write_piece_field, write_shape_fields};
use knights_tour_engine::board::Board;
use knights_tour_engine::search::Limits;
use knights_tour_engine::shape::Shape;
use knights_tour_engine::shape::picture::Picture;
use knights_tour_engine::shape::puzzle::{self, Puzzle, PuzzleOutcome, PuzzleRequest};

/// Makes the puzzle `args` ask for and writes it.
pub fn puzzle(args: &PuzzleArgs) -> Result<ExitStatus, Failure> {
    let shape = match &args.shape.board {
        Some(path) => read_board(path).map_err(Failure::bad_input)?.into_shape(),
        None => Shape::full(args.size).map_err(Failure::bad_input)?,
    };
    let seed = match args.seed {
        Some(seed) => seed,
        None => {
            let seed = seed_from_the_clock();
            report(format_args!("knights-tour: puzzle seed {seed}"));
            seed
        }
    };
    let started = Instant::now();
    let request = PuzzleRequest {
        shape: &shape,
        piece: args.piece.piece,
        closed: args.closed,
        seed,
        density: args.clues.density(),
        limits: Limits {
            node_budget: args.node_budget,
            deadline: started.checked_add(args.deadline),
        },
    };
    let made = match puzzle::make(&request).map_err(Failure::bad_input)? {
        PuzzleOutcome::Made(made) => made,
        PuzzleOutcome::NoTour(reason) => {
            return Err(Failure::bad_input(format!(
                "no puzzle on {shape}: it has no tour for the {}: {reason}",
                args.piece.piece
            )));
        }
        PuzzleOutcome::GaveUp { limit, nodes } => {
            let what = limit.ran_out();
            return Err(Failure::new(
                ExitStatus::GaveUp,
                format!(
                    "gave up: {what} after {nodes} nodes, before the puzzle's one solution was \
                     proved (a smaller board, more clues or a longer --deadline may do)"
                ),
            ));
        }
    };
    let picture = Picture::new(made.shape.clone(), None)
        .ok_or_else(|| Failure::bad_input("the puzzle's numbers give no start"))?;
    with_stdout(|out| match args.format {
        PuzzleFormat::Board => write!(out, "{picture}"),
        PuzzleFormat::Json => write_json(out, args, seed, &made, &picture),
    })?;
    Ok(ExitStatus::Success)
}

/// A seed for a run that names none: the clock's nanoseconds.
fn seed_from_the_clock() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    now.as_secs().wrapping_mul(1_000_000_007) ^ u64::from(now.subsec_nanos())
}

/// The puzzle as one JSON object on one line: the board, its holes and clues, the seed, the
/// solution, the solver's work and the picture.
fn write_json(
    out: &mut impl Write,
    args: &PuzzleArgs,
    seed: u64,
    made: &Puzzle,
    picture: &Picture,
) -> std::io::Result<()> {
    let board: Board = made.shape.board();
    write!(
        out,
        "{{\"rows\":{},\"cols\":{},",
        board.rows(),
        board.cols()
    )?;
    write_piece_field(out, args.piece.piece)?;
    write_shape_fields(out, &made.shape)?;
    write!(
        out,
        "\"closed\":{},\"seed\":{seed},\"density\":\"{}\",\"open\":{},\"given\":{},\
         \"solve_nodes\":{},\"nodes\":{},\"path\":[",
        args.closed,
        args.clues.density().name(),
        made.shape.open_count(),
        made.shape.clues().len(),
        made.solve_nodes,
        made.nodes,
    )?;
    for (n, square) in made.solution.squares().enumerate() {
        let comma = if n == 0 { "" } else { "," };
        write!(out, "{comma}[{},{}]", square.row, square.col)?;
    }
    // The picture holds digits, dots, spaces, `s` and line breaks only.
    let text = picture.to_string().replace('\n', "\\n");
    writeln!(out, "],\"picture\":\"{text}\"}}")
}
