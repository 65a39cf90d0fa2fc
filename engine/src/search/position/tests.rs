//! The position's proofs, each alone, against a brute force written here.

use std::collections::BTreeSet;
use std::mem::discriminant;

use super::*;
use crate::board::Square;
use crate::leaper::Leaper;
use crate::search::{Route, SearchConfig};

/// Whether a path of `piece` from the last square of `prefix` covers the rest of `board`,
/// ending on `end`, or next to the first square when `closed`: every path tried, over bit
/// masks, the only cut a square nothing can enter any more.
fn completes(
    board: Board,
    piece: Leaper,
    prefix: &[Square],
    end: Option<Square>,
    closed: bool,
) -> bool {
    let index = |square: Square| board.index(square) as usize;
    let moves: Vec<u64> = board
        .squares()
        .map(|square| {
            piece
                .neighbours(board, square)
                .fold(0, |mask, to| mask | 1 << index(to))
        })
        .collect();
    let full = (1u64 << board.area()) - 1;
    let mut visited = prefix
        .iter()
        .fold(0u64, |mask, &square| mask | 1 << index(square));
    let mut stack = vec![(index(prefix[prefix.len() - 1]), u64::MAX)];
    while let Some(&mut (square, ref mut untried)) = stack.last_mut() {
        if visited == full {
            let fits = match (end, closed) {
                (Some(end), _) => square == index(end),
                (None, true) => moves[square] & 1 << index(prefix[0]) != 0,
                (None, false) => true,
            };
            if fits {
                return true;
            }
        }
        let cut = (0..moves.len()).any(|other| {
            visited & 1 << other == 0
                && moves[square] & 1 << other == 0
                && moves[other] & !visited == 0
        });
        let open = moves[square] & !visited & *untried;
        if open == 0 || cut {
            if stack.len() > 1 {
                visited &= !(1 << square);
            }
            stack.pop();
            continue;
        }
        let next = open.trailing_zeros() as usize;
        *untried &= !(1 << next);
        visited |= 1 << next;
        stack.push((next, u64::MAX));
    }
    false
}

/// Each rule alone, on random walks of the knight and the wazir on boards of at most 30
/// squares, open, closed and to an end: a proof only where the brute force finds no
/// tour; and every proof seen at least once.
#[test]
fn every_proof_is_sound_alone_and_each_is_seen() {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut below = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut seen = BTreeSet::new();
    let wazir = Leaper::new(0, 1).unwrap();
    for (rows, cols, piece) in [
        (5, 5, Leaper::KNIGHT),
        (5, 6, Leaper::KNIGHT),
        (3, 8, Leaper::KNIGHT),
        (4, 6, Leaper::KNIGHT),
        (4, 5, wazir),
        (5, 5, wazir),
    ] {
        let board = Board::new(rows, cols).unwrap();
        for _ in 0..400 {
            let mut path = vec![board.square_at(below(board.area()) as u32)];
            let length = (board.area() / 4 + below(board.area() * 3 / 4 - 1)) as usize;
            while path.len() < length {
                let head = path[path.len() - 1];
                let open: Vec<Square> = piece
                    .neighbours(board, head)
                    .filter(|s| !path.contains(s))
                    .collect();
                if open.is_empty() {
                    break;
                }
                path.push(open[below(open.len() as u64) as usize]);
            }
            let end = board.square_at(below(board.area()) as u32);
            let (end, closed) = match below(3) {
                0 if !path.contains(&end) => (Some(end), false),
                1 => (None, true),
                _ => (None, false),
            };
            let exists = completes(board, piece, &path, end, closed);
            let config = SearchConfig::backtracking(closed).with_piece(piece);
            let route = Route { prefix: &path, end };
            let search = Search::completing(board, route, config).unwrap();
            let Some(mut proof) = search.proof_facts() else {
                continue;
            };
            // The cut squares with nothing forced and no square known to be last; the ways
            // in; then, with what they found, the forced moves and the cut squares after them.
            let Scratch {
                mut graph,
                mut walk,
            } = *Scratch::new(&search).unwrap();
            graph.build(&search, &proof, None).unwrap();
            let mut claims = vec![search.cut_squares(&proof, &graph, &mut walk, None).unwrap()];
            claims.push(search.ways_in(&mut proof, None).unwrap());
            if claims[1].is_none() {
                graph.build(&search, &proof, None).unwrap();
                claims.push(graph.force(&search, &proof, None).unwrap());
                claims.push(search.cut_squares(&proof, &graph, &mut walk, None).unwrap());
            }
            for claim in claims.into_iter().flatten() {
                assert!(
                    !exists,
                    "{board} {piece} {path:?} to {end:?} closed {closed}: {claim}"
                );
                seen.insert(format!("{:?}", discriminant(&claim)));
            }
        }
    }
    let every = [
        DeadPosition::Unreachable(Square::new(0, 0)),
        DeadPosition::TwoLast(Square::new(0, 0), Square::new(0, 0)),
        DeadPosition::LastElsewhere(Square::new(0, 0)),
        DeadPosition::Split(Leaper::KNIGHT),
        DeadPosition::LastColour {
            square: Square::new(0, 0),
            left: 0,
        },
        DeadPosition::CutThreeWays(Square::new(0, 0)),
        DeadPosition::CutFromEnd(Square::new(0, 0)),
        DeadPosition::BehindEnd {
            anchor: Square::new(0, 0),
            closed: false,
        },
        DeadPosition::CutColour {
            cut: Square::new(0, 0),
            before: 0,
            beyond: 0,
        },
        DeadPosition::ForcedTooMany(Square::new(0, 0)),
        DeadPosition::ForcedStranded(Square::new(0, 0)),
        DeadPosition::ForcedLoop(Square::new(0, 0)),
        DeadPosition::ForcedShort(Square::new(0, 0)),
    ];
    for proof in every {
        assert!(
            seen.contains(&format!("{:?}", discriminant(&proof))),
            "{proof:?} never seen"
        );
    }
}
