//! The tours and proofs a map reuses: each reused tour is made again here from the solve it
//! names, checked by a brute force of the test's own, and found only where the square's own
//! solve gave up (the knight) or before it (other pieces).

use std::ops::ControlFlow;

use super::*;
use crate::solve::{Outcome, solve};

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

fn map(request: &Request, threads: usize) -> StartsMap {
    let quietly = |_: usize, _: usize| ControlFlow::Continue(());
    map_starts(request, &MapSettings::threads(threads), &quietly).unwrap()
}

/// Whether `path` visits every square of `board` once by moves of `piece`, from `start` (and
/// back to it if `closed`): written here, not the engine's validator.
fn is_piece_tour(
    board: Board,
    piece: Leaper,
    path: &[Square],
    closed: bool,
    start: Square,
) -> bool {
    let step = |p: Square, q: Square| {
        let dr = (i64::from(p.row) - i64::from(q.row)).abs();
        let dc = (i64::from(p.col) - i64::from(q.col)).abs();
        piece.leaps().any(|(a, b)| {
            let (a, b) = (i64::from(a), i64::from(b));
            (dr, dc) == (a, b) || (dr, dc) == (b, a)
        })
    };
    let mut seen = vec![false; board.area() as usize];
    for &square in path {
        if square.row >= board.rows() || square.col >= board.cols() {
            return false;
        }
        let at = (square.row * board.cols() + square.col) as usize;
        if seen[at] {
            return false;
        }
        seen[at] = true;
    }
    path.len() as u64 == board.area()
        && path[0] == start
        && path.windows(2).all(|pair| step(pair[0], pair[1]))
        && (!closed || step(path[path.len() - 1], path[0]))
}

/// The tour of `request` from `square`, solved alone.
fn solved_from(request: &Request, square: Square) -> Vec<Square> {
    match solve(&Request {
        start: square,
        ..request.clone()
    })
    .unwrap()
    {
        Outcome::Tour { tour, .. } => tour.squares().collect(),
        other => panic!("from {square}: {other:?}"),
    }
}

/// The tour `source` names, made again by hand from a solve of `request`.
fn made_again(request: &Request, board: Board, square: Square, source: Source) -> Vec<Square> {
    match source {
        Source::Solved => solved_from(request, square),
        Source::Rotated { from } => {
            let cycle = solved_from(request, from);
            let at = cycle.iter().position(|&s| s == square).unwrap();
            [&cycle[at..], &cycle[..at]].concat()
        }
        Source::Mirrored { from, symmetry } => solved_from(request, from)
            .into_iter()
            .map(|s| symmetry.apply(board, s))
            .collect(),
        Source::Reversed { from, symmetry } => solved_from(request, from)
            .into_iter()
            .rev()
            .map(|s| symmetry.apply(board, s))
            .collect(),
    }
}

/// Checks every tour of `map` of `request`: made again from its source, it is a tour of the
/// piece from its square; a reused tour comes where the square's own solve gave up (for the
/// knight), and keeps that solve's nodes. Returns how many tours were reused.
fn check_tours(request: &Request, map: &StartsMap) -> usize {
    let mut reused = 0;
    for answer in &map.answers {
        let StartOutcome::Tour { source, .. } = answer.outcome else {
            continue;
        };
        let path = made_again(request, map.board, answer.square, source);
        assert!(
            is_piece_tour(map.board, request.piece, &path, map.closed, answer.square),
            "{} from {}: {source}",
            map.board,
            answer.square
        );
        if source == Source::Solved {
            continue;
        }
        reused += 1;
        if request.piece.is_knight() {
            let alone = solve(&Request {
                start: answer.square,
                ..request.clone()
            })
            .unwrap();
            assert!(
                matches!(alone, Outcome::BudgetExceeded { .. }),
                "{}: reused where its own solve answers: {alone:?}",
                answer.square
            );
            assert_eq!(answer.nodes, alone.stats().nodes, "{}", answer.square);
        }
    }
    reused
}

#[test]
fn a_closed_map_of_the_knight_gives_its_cycle_to_the_starts_that_gave_up_alone() {
    // With 60 nodes a start, 16 of 6x6's starts give up alone (the map said so before it
    // reused tours); the first closed tour found, begun at each, answers them.
    let mut request = Request::new(board(6, 6), Square::new(0, 0)).closed(true);
    request.node_budget = 60;
    let map = map(&request, 2);
    assert_eq!(map.tally().tours, 36);
    assert_eq!(check_tours(&request, &map), 16);
}

#[test]
fn a_closed_map_of_the_zebra_solves_until_a_cycle_and_begins_it_everywhere() {
    // With 100 nodes a start, the zebra's closed tour of 10x10 is found from 0,1 but not from
    // 0,0 or 0,2: solved in batches of 1 and 2, the first three squares are solved, the rest
    // take 0,1's tour, and the two that gave up take it too, keeping their nodes.
    let mut request = Request::new(board(10, 10), Square::new(0, 0))
        .closed(true)
        .piece(Leaper::ZEBRA);
    request.node_budget = 100;
    for threads in [1, 3] {
        let map = map(&request, threads);
        assert_eq!(map.tally().tours, 100);
        assert_eq!(check_tours(&request, &map), 99);
        let from = |square: Square| match map.answer(square).outcome {
            StartOutcome::Tour {
                source: Source::Rotated { from },
                ..
            } => Some(from),
            _ => None,
        };
        assert_eq!(from(Square::new(0, 0)), Some(Square::new(0, 1)));
        assert_eq!(from(Square::new(0, 2)), Some(Square::new(0, 1)));
        assert!(map.answer(Square::new(0, 0)).nodes > 0, "its own solve ran");
        assert_eq!(map.answer(Square::new(0, 3)).nodes, 0, "no solve ran");
        let alone = solve(&request).unwrap();
        assert!(matches!(alone, Outcome::BudgetExceeded { .. }), "{alone:?}");
    }
}

#[test]
fn a_proof_that_no_closed_tour_exists_from_one_start_answers_every_start() {
    // No closed tour of the zebra on 5x10 (a maximum flow proves it): proved from 0,0, then
    // copied; each start's own solve proves it too.
    let request = Request::new(board(5, 10), Square::new(0, 0))
        .closed(true)
        .piece(Leaper::ZEBRA);
    let map = map(&request, 2);
    assert_eq!(map.tally().no_tour, 50);
    for answer in &map.answers {
        let alone = solve(&Request {
            start: answer.square,
            ..request.clone()
        })
        .unwrap();
        assert!(matches!(alone, Outcome::NoTour { .. }), "{alone:?}");
        if answer.square == Square::new(0, 0) {
            continue;
        }
        let StartOutcome::NoTour(proof @ Proof::Cycle { from, .. }) = &answer.outcome else {
            panic!("{}: {:?}", answer.square, answer.outcome);
        };
        assert_eq!(*from, Square::new(0, 0));
        assert_eq!(answer.nodes, 0);
        let text = proof.to_string();
        assert!(text.contains("passes through every square"), "{text}");
    }
}

#[test]
fn an_open_map_gives_starts_that_gave_up_a_tour_that_ends_there_reversed() {
    // The knight on 4x6 and 7x7 with a few nodes a start: some starts give up alone, and take
    // a tour that ends there, run backwards, or a mirror's tour.
    for (rows, cols, budget) in [(4, 6, 100), (7, 7, 50), (3, 10, 50)] {
        let mut request = Request::new(board(rows, cols), Square::new(0, 0));
        request.node_budget = budget;
        let map = map(&request, 2);
        let reused = check_tours(&request, &map);
        let reversed = map.answers.iter().any(|answer| {
            matches!(
                answer.outcome,
                StartOutcome::Tour {
                    source: Source::Reversed { .. },
                    ..
                }
            )
        });
        assert!(reused > 0 && reversed, "{rows}x{cols}: {reused}");
    }
}

#[test]
fn an_open_map_of_the_zebra_gives_each_representatives_tour_to_its_images() {
    let request = Request::new(board(10, 10), Square::new(0, 0)).piece(Leaper::ZEBRA);
    let map = map(&request, 2);
    let mirrored = map
        .answers
        .iter()
        .filter(|answer| {
            matches!(
                answer.outcome,
                StartOutcome::Tour {
                    source: Source::Mirrored { .. },
                    ..
                }
            )
        })
        .inspect(|answer| assert_eq!(answer.nodes, 0))
        .count();
    assert!(mirrored > 50, "{mirrored}");
    check_tours(&request, &map);
    assert_eq!(map, self::map(&request, 1), "the threads change nothing");
}

#[test]
fn an_ends_map_of_the_zebra_mirrors_tours_across_the_symmetries_that_keep_the_start() {
    let request = Request::new(board(10, 10), Square::new(0, 0)).piece(Leaper::ZEBRA);
    let quietly = |_: usize, _: usize| ControlFlow::Continue(());
    let map = map_ends(&request, &MapSettings::threads(2), &quietly).unwrap();
    let mut mirrored = 0;
    for answer in &map.answers {
        let StartOutcome::Tour { source, .. } = answer.outcome else {
            continue;
        };
        let (from, symmetry) = match source {
            Source::Solved => (answer.square, Symmetry::Identity),
            Source::Mirrored { from, symmetry } => (from, symmetry),
            other => panic!("{}: {other:?}", answer.square),
        };
        mirrored += usize::from(from != answer.square);
        let path: Vec<Square> = match solve(&request.clone().ending_at(from)).unwrap() {
            Outcome::Tour { tour, .. } => tour
                .squares()
                .map(|s| symmetry.apply(map.board, s))
                .collect(),
            other => panic!("to {from}: {other:?}"),
        };
        assert_eq!(path.last(), Some(&answer.square));
        assert!(is_piece_tour(
            map.board,
            Leaper::ZEBRA,
            &path,
            false,
            Square::new(0, 0)
        ));
    }
    assert!(mirrored > 0);
}

#[test]
fn other_methods_reuse_no_tours() {
    let mut request = Request::new(board(6, 6), Square::new(0, 0))
        .closed(true)
        .method(Method::Backtrack);
    request.node_budget = 36;
    let map = map(&request, 2);
    assert!(map.tally().gave_up > 0);
    assert_eq!(check_tours(&request, &map), 0);
}
