//! `count --board` of a board whose numbers bind more than its start, or with `--at-most`: the
//! number of its solutions, by the engine's search that keeps clues (the frontier count knows
//! nothing of numbers). The clues' proofs answer 0 first; the search then counts every tour to
//! the end of its tree, or stops at `--at-most`, or at the deadline. A path and its reverse,
//! where both keep the numbers, are two solutions.

use std::io::Write;
use std::time::Instant;

use super::super::args::{CountArgs, CountFormat};
use super::super::{ExitStatus, Failure, with_stdout};
use knights_tour_engine::board::Board;
use knights_tour_engine::search::Limits;
use knights_tour_engine::shape::Shape;
use knights_tour_engine::shape::clued::{self, ClueCount, ClueQuestion};
use knights_tour_engine::shape::picture::Picture;

/// Whether `shape`'s numbers ask more than a start: a number other than 1.
pub(super) fn binds_more_than_the_start(shape: &Shape) -> bool {
    shape.clues().iter().any(|clue| clue.number != 1)
}

/// What a count of solutions found, as it is written.
struct Solutions {
    /// The solutions counted.
    count: u64,
    /// Whether that is every solution (else at least that many).
    exact: bool,
    /// Search nodes.
    nodes: u64,
    /// The proof of none, when the clues' proofs gave it.
    reason: Option<String>,
}

/// Counts the solutions of `picture` as `args` ask and writes the count.
pub(super) fn count_solutions(args: &CountArgs, picture: &Picture) -> Result<ExitStatus, Failure> {
    let shape = picture.shape();
    let board = shape.board();
    let square = |spec: &Option<knights_tour_engine::notation::SquareSpec>| {
        spec.as_ref()
            .map(|spec| spec.resolve(board))
            .transpose()
            .map_err(Failure::bad_input)
    };
    let question = ClueQuestion {
        shape,
        piece: args.piece.piece,
        closed: args.closed,
        start: square(&args.start)?.or(picture.start()),
        end: square(&args.end)?,
        limits: Limits {
            node_budget: u64::MAX,
            deadline: args
                .deadline
                .and_then(|allowed| Instant::now().checked_add(allowed)),
        },
    };
    let solutions = match clued::prove(&question) {
        Some(reason) => Solutions {
            count: 0,
            exact: true,
            nodes: 0,
            reason: Some(reason.to_string()),
        },
        None => match clued::count(&question, args.at_most).map_err(Failure::bad_input)? {
            ClueCount::Exact { tours, nodes } => Solutions {
                count: tours,
                exact: true,
                nodes,
                reason: None,
            },
            ClueCount::AtLeast { tours, nodes } => Solutions {
                count: tours,
                exact: false,
                nodes,
                reason: None,
            },
            ClueCount::GaveUp { tours, limit, .. } => {
                let what = limit.ran_out();
                return Err(Failure::new(
                    ExitStatus::GaveUp,
                    format!("gave up: {what} after {tours} solutions of {shape}"),
                ));
            }
        },
    };
    with_stdout(|out| match args.format {
        CountFormat::Text if solutions.exact => writeln!(out, "{}", solutions.count),
        CountFormat::Text => writeln!(out, "at least {}", solutions.count),
        CountFormat::Json => write_json(out, board, args, &solutions),
    })?;
    Ok(ExitStatus::Success)
}

/// Writes `solutions` as one JSON object on one line: the board, the kind, `"method":"search"`,
/// the count, whether it is exact, the nodes, and the proof of none where one was given.
fn write_json(
    out: &mut impl Write,
    board: Board,
    args: &CountArgs,
    solutions: &Solutions,
) -> std::io::Result<()> {
    write!(
        out,
        "{{\"board\":\"{board}\",\"rows\":{},\"cols\":{},\"kind\":\"{}\"",
        board.rows(),
        board.cols(),
        if args.closed { "closed" } else { "open" }
    )?;
    if !args.piece.piece.is_knight() {
        write!(out, ",\"piece\":\"{}\"", args.piece.piece.label())?;
    }
    write!(
        out,
        ",\"method\":\"search\",\"count\":{},\"exact\":{},\"nodes\":{}",
        solutions.count, solutions.exact, solutions.nodes
    )?;
    if let Some(reason) = &solutions.reason {
        out.write_all(b",\"reason\":")?;
        serde_json::to_writer(&mut *out, reason)?;
    }
    writeln!(out, "}}")
}
