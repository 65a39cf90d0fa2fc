//! Each proof fires on a board built to need it (its soundness, that it never fires where the
//! brute force finds a tour, is checked on random boards in the parent module).

use super::*;
use crate::existence::NoTourReason as R;

/// A shape from a picture: `x` open, `.` a hole, one row a line.
fn picture(rows: &[&str], clues: &[(u32, u32, u32)]) -> Shape {
    let board = Board::new(rows.len() as u64, rows[0].len() as u64).unwrap();
    let holes: Vec<Square> = board
        .squares()
        .filter(|s| rows[s.row as usize].as_bytes()[s.col as usize] == b'.')
        .collect();
    let clues: Vec<Clue> = clues
        .iter()
        .map(|&(number, row, col)| Clue {
            number,
            square: Square::new(row, col),
        })
        .collect();
    Shape::new(board, &holes, &clues).unwrap()
}

fn wazir() -> Leaper {
    Leaper::new(0, 1).unwrap()
}

/// The proof on `shape`, checked to be what the brute force and the search agree on.
fn proof(shape: &Shape, piece: Leaper, closed: bool, start: Option<Square>) -> R {
    let q = question(shape, piece, closed, start, None);
    let reason = prove(&q).expect("a proof");
    assert!(!reason.to_string().is_empty());
    assert_eq!(brute_force(&q).0, 0, "{reason}");
    assert!(matches!(find(&q).unwrap(), ClueAnswer::Exhausted { .. }));
    reason
}

#[test]
fn the_question_itself_can_rule_out_every_tour() {
    let line = picture(&["xx"], &[]);
    assert_eq!(
        proof(&line, wazir(), true, None),
        R::ClosedTooSmall { open: 2 }
    );
    let holed = picture(&["x.x", "xxx"], &[(1, 1, 0)]);
    assert!(matches!(
        proof(&holed, wazir(), false, Some(Square::new(0, 1))),
        R::EndpointNotOpen { .. }
    ));
    assert!(matches!(
        proof(&holed, wazir(), false, Some(Square::new(0, 0))),
        R::EndpointAgainstClue { .. }
    ));
}

#[test]
fn ways_in_rule_out_squares_a_tour_cannot_pass() {
    let full = picture(&["xxx", "xxx", "xxx"], &[]);
    assert!(matches!(
        proof(&full, Leaper::KNIGHT, false, None),
        R::NoWayIn { square, .. } if square == Square::new(1, 1)
    ));
    let plus = picture(&[".x.", "xxx", ".x."], &[]);
    assert!(matches!(
        proof(&plus, wazir(), false, None),
        R::DeadEnds { closed: false, .. }
    ));
    let line = picture(&["xxx"], &[]);
    assert!(matches!(
        proof(&line, wazir(), true, None),
        R::DeadEnds { closed: true, .. }
    ));
    let numbered = picture(&["xxx"], &[(2, 0, 0)]);
    assert!(matches!(
        proof(&numbered, wazir(), false, None),
        R::NumberedDeadEnd { .. }
    ));
}

#[test]
fn open_squares_in_two_parts_have_no_tour() {
    let split = picture(&["xx.xx", "xx.xx"], &[]);
    assert!(matches!(
        proof(&split, wazir(), false, None),
        R::ShapeSplit { .. }
    ));
}

#[test]
fn colours_rule_out_counts_and_numbers() {
    let uneven = picture(&["xxxx", "xx.x", "x.xx", "xxxx"], &[]);
    assert!(matches!(
        proof(&uneven, wazir(), false, None),
        R::ShapeColourCount {
            even: 8,
            odd: 6,
            closed: false
        }
    ));
    let odd = picture(&["xxx", "xxx", "xxx"], &[]);
    assert!(matches!(
        proof(&odd, wazir(), true, None),
        R::ShapeColourCount { closed: true, .. }
    ));
    let minority_start = picture(&["xxx", "xxx", "xxx"], &[(1, 0, 1)]);
    assert!(matches!(
        proof(&minority_start, wazir(), false, None),
        R::ClueColour { .. }
    ));
    let parity = picture(&["xxx", "xxx"], &[(1, 0, 0), (3, 0, 1)]);
    assert!(matches!(
        proof(&parity, wazir(), false, None),
        R::ClueParity { .. }
    ));
}

#[test]
fn a_number_out_of_reach_rules_out_the_puzzle() {
    let far = picture(&["xxxx", "xxxx", "xxxx"], &[(1, 0, 0), (4, 2, 3)]);
    assert!(matches!(
        proof(&far, wazir(), false, None),
        R::ClueOutOfReach {
            distance: Some(5),
            moves: 3,
            closing: false,
            ..
        }
    ));
    let closing = picture(&["xxxx", "xxxx", "xxxx", "xxxx"], &[(1, 0, 0), (13, 3, 3)]);
    assert!(matches!(
        proof(&closing, wazir(), true, None),
        R::ClueOutOfReach {
            distance: Some(6),
            moves: 4,
            closing: true,
            ..
        }
    ));
    let start = picture(&["xxxx", "xxxx", "xxxx"], &[(4, 2, 3)]);
    assert!(matches!(
        proof(&start, wazir(), false, Some(Square::new(0, 0))),
        R::ClueOutOfReach { .. }
    ));
}

#[test]
fn cut_squares_rule_out_tours_that_would_pass_them_twice() {
    let three_ways = picture(&["xx.xx", "xxxxx", "..x.."], &[]);
    assert!(matches!(
        proof(&three_ways, wazir(), false, None),
        R::CutSquare { square, parts: 3, closed: false } if square == Square::new(1, 2)
    ));
    let bridge = picture(&["xxxxxx", "xx..xx"], &[]);
    assert!(matches!(
        proof(&bridge, wazir(), true, None),
        R::CutSquare {
            parts: 2,
            closed: true,
            ..
        }
    ));
    let both_sides = picture(&["xxxxxx", "xx..xx"], &[(1, 0, 0), (9, 1, 1)]);
    assert!(matches!(
        proof(&both_sides, wazir(), false, None),
        R::CutOrder { .. }
    ));
    // One order fits: no proof, and tours exist.
    let fits = picture(&["xxxxxx", "xx..xx"], &[(1, 0, 0), (5, 0, 2)]);
    let q = question(&fits, wazir(), false, None, None);
    assert_eq!(prove(&q), None);
    assert!(brute_force(&q).0 > 0);
}

#[test]
fn an_exhausted_search_is_told_as_a_proof() {
    // Two numbers on a 3x4 board that no cheap proof refutes, yet no tour keeps.
    let board = Board::new(3, 4).unwrap();
    let squares: Vec<Square> = board.squares().collect();
    let mut told = 0;
    for &a in &squares {
        for &b in &squares {
            if a == b {
                continue;
            }
            let clues = [
                Clue {
                    number: 1,
                    square: a,
                },
                Clue {
                    number: 6,
                    square: b,
                },
            ];
            let shape = Shape::new(board, &[], &clues).unwrap();
            let q = question(&shape, wazir(), false, None, None);
            if prove(&q).is_some() {
                continue;
            }
            let answer = find(&q).unwrap();
            assert_eq!(
                brute_force(&q).0 == 0,
                matches!(answer, ClueAnswer::Exhausted { .. })
            );
            if let Some(reason) = exhausted_reason(&q, &answer) {
                assert!(
                    matches!(reason, R::ExhaustiveShapeSearch { start: Some(s), .. } if s == a)
                );
                told += 1;
            }
        }
    }
    assert!(told > 0);
}
