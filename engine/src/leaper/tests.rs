//! The leapers' moves, names and limits, against what they are by definition.

use super::*;
use crate::board::{Board, KNIGHT_MOVES};

#[test]
fn the_knight_moves_in_the_fixed_order() {
    assert_eq!(Leaper::KNIGHT.moves().as_slice(), &KNIGHT_MOVES);
}

#[test]
fn moves_are_distinct_and_are_moves() {
    for b in 1..=Leaper::MAX_LEG {
        for a in 0..=b {
            let piece = Leaper::new(a, b).unwrap();
            let moves = piece.moves();
            let expected = if a == 0 || a == b { 4 } else { 8 };
            assert_eq!(moves.len(), expected, "{piece}");
            let centre = Square::new(20, 20);
            for (dr, dc) in moves {
                let to = Square::new((20 + dr) as u32, (20 + dc) as u32);
                assert!(piece.is_move(centre, to), "{piece} {dr},{dc}");
            }
            let board = Board::square(41).unwrap();
            let reached = board
                .squares()
                .filter(|&s| piece.is_move(centre, s))
                .count();
            assert_eq!(reached, expected, "{piece}");
            assert_eq!(piece.changes_colour(), (a + b) % 2 == 1);
            assert_eq!(piece.single(), Some((a, b)));
            assert_eq!(piece.reach(), b);
        }
    }
}

/// A single leaper's moves as they were made before pieces had several leaps: the eight
/// clockwise, repeats dropped.
fn single_moves(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut moves = Vec::new();
    for delta in [
        (-b, a),
        (-a, b),
        (a, b),
        (b, a),
        (b, -a),
        (a, -b),
        (-a, -b),
        (-b, -a),
    ] {
        if !moves.contains(&delta) {
            moves.push(delta);
        }
    }
    moves
}

#[test]
fn a_compound_piece_moves_leap_by_leap() {
    let king = Leaper::KING;
    let expected: Vec<_> = [single_moves(0, 1), single_moves(1, 1)].concat();
    assert_eq!(king.moves().as_slice(), expected.as_slice());
    assert_eq!(king.moves().len(), 8);
    assert_eq!(Leaper::HOPIDO.moves().len(), 8);
    assert!(!king.changes_colour());
    assert_eq!(king.single(), None);
    assert_eq!(Leaper::HOPIDO.reach(), 3);
    let straight = Leaper::compound(&[(0, 3), (0, 1)]).unwrap();
    assert_eq!(straight.moves().len(), 8);
    assert_eq!(straight.reach(), 3);
    assert!(straight.changes_colour());
    let centaur = Leaper::parse("0,1+1,1+1,2").unwrap();
    let expected: Vec<_> = [single_moves(0, 1), single_moves(1, 1), single_moves(1, 2)].concat();
    assert_eq!(centaur.moves().as_slice(), expected.as_slice());
    assert_eq!(centaur.move_count(), 16);
    let eight: Vec<(u32, u32)> = (1..=8).map(|b| (1, b + 1)).collect();
    let widest = Leaper::compound(&eight).unwrap();
    assert_eq!(widest.moves().len(), Leaper::MAX_MOVES);
    assert_eq!(widest.move_count(), Leaper::MAX_MOVES);
    assert_eq!(widest.reach(), 9);
    assert!(!widest.changes_colour());
    let centre = Square::new(20, 20);
    let board = Board::square(41).unwrap();
    for piece in [king, Leaper::HOPIDO, straight, centaur, widest] {
        assert_eq!(piece.move_count(), piece.moves().len(), "{piece}");
        let reached: Vec<_> = board
            .squares()
            .filter(|&s| piece.is_move(centre, s))
            .collect();
        let moved: Vec<_> = piece.neighbours(board, centre).collect();
        assert_eq!(reached.len(), moved.len(), "{piece}");
        assert!(
            moved.iter().all(|square| reached.contains(square)),
            "{piece}"
        );
    }
}

#[test]
fn leaps_are_normalised_so_equal_pieces_are_equal() {
    let king = Leaper::compound(&[(1, 1), (0, 1)]).unwrap();
    assert_eq!(king, Leaper::KING);
    assert_eq!(
        Leaper::compound(&[(0, 1), (1, 1), (0, 1)]),
        Ok(Leaper::KING)
    );
    assert_eq!(Leaper::compound(&[(1, 2), (1, 2)]), Ok(Leaper::KNIGHT));
    assert_eq!(Leaper::parse("2,2+0,3"), Ok(Leaper::HOPIDO));
    assert!(Leaper::compound(&[]).is_err());
    assert_eq!(Leaper::compound(&[(0, 1); 5]), Ok(Leaper::WAZIR));
    // Up to eight distinct leaps, of any moves; a ninth is refused.
    assert!(Leaper::compound(&[(0, 1), (1, 2)]).is_ok());
    assert!(Leaper::compound(&[(0, 1), (0, 2), (1, 1)]).is_ok());
    let nine: Vec<(u32, u32)> = (1..=9).map(|b| (0, b)).collect();
    assert!(Leaper::compound(&nine[..8]).is_ok());
    assert!(Leaper::compound(&nine).is_err());
    let repeated: Vec<(u32, u32)> = nine[..8].iter().chain(&nine[..8]).copied().collect();
    assert_eq!(Leaper::compound(&repeated), Leaper::compound(&nine[..8]));
    assert!(Leaper::compound(&[(0, 1), (2, 1)]).is_err());
    assert!(Leaper::compound(&[(0, 1), (0, 0)]).is_err());
    assert!(Leaper::compound(&[(0, 1), (1, 17)]).is_err());
}

#[test]
fn names_and_pairs_parse_and_print_back() {
    assert_eq!("Giraffe".parse(), Ok(Leaper::GIRAFFE));
    assert_eq!(Leaper::parse("ZEBRA"), Ok(Leaper::ZEBRA));
    assert_eq!(Leaper::parse("1,2"), Ok(Leaper::KNIGHT));
    assert_eq!(Leaper::parse("0,1"), Leaper::new(0, 1));
    assert_eq!(Leaper::parse("wazir"), Ok(Leaper::WAZIR));
    assert_eq!(Leaper::parse("Ferz"), Leaper::new(1, 1));
    assert_eq!(Leaper::parse("0,1+1,1"), Ok(Leaper::KING));
    let piece = Leaper::parse("3,5").unwrap();
    assert_eq!(piece.to_string(), "(3,5)-leaper");
    assert_eq!(piece.label(), "3,5");
    // The wazir and the ferz print as they did before they had names.
    assert_eq!(Leaper::WAZIR.label(), "0,1");
    assert_eq!(Leaper::FERZ.to_string(), "(1,1)-leaper");
    assert_eq!(Leaper::KING.label(), "king");
    let compound = Leaper::parse("0,3+0,1").unwrap();
    assert_eq!(compound.label(), "0,1+0,3");
    assert_eq!(compound.to_string(), "(0,1)+(0,3)-leaper");
    for named in Leaper::NAMED {
        assert_eq!(Leaper::parse(&named.label()), Ok(named));
        assert_eq!(Leaper::parse(&named.legs()), Ok(named));
    }
    // Every piece of one or two of the short leaps reads back from its label.
    let short: Vec<(u32, u32)> = (1..=4).flat_map(|b| (0..=b).map(move |a| (a, b))).collect();
    let moves = |(a, b): (u32, u32)| if a == 0 || a == b { 4 } else { 8 };
    for (i, &x) in short.iter().enumerate() {
        for &y in &short[i..] {
            {
                {
                    let piece = Leaper::compound(&[y, x]);
                    let piece = piece.unwrap();
                    let count = if x == y {
                        moves(x)
                    } else {
                        moves(x) + moves(y)
                    };
                    assert_eq!(piece.moves().len(), count, "{piece}");
                    assert_eq!(Leaper::parse(&piece.label()), Ok(piece), "{piece}");
                    assert_eq!(Leaper::parse(&piece.legs()), Ok(piece), "{piece}");
                }
            }
        }
    }
}

#[test]
fn bad_pieces_are_named_in_the_message() {
    let error = Leaper::parse("5,3").unwrap_err();
    assert_eq!(
        error.to_string(),
        "piece '5,3': A,B needs 0 <= A <= B <= 16 and B >= 1, and A,B+C,D joins up to 8 \
         of them; or knight, camel, zebra, giraffe, wazir, ferz, king, hopido"
    );
    let error = Leaper::parse("bishop").unwrap_err();
    assert_eq!(
        error.to_string(),
        "piece 'bishop' is unknown: knight, camel, zebra, giraffe, wazir, ferz, king, \
         hopido; or A,B for the (A,B)-leaper, with 0 <= A <= B <= 16 and B >= 1, or up \
         to 8 of them joined by + (A,B+C,D)"
    );
    for bad in [
        "0,0",
        "1,17",
        "bishop",
        "",
        "1,",
        "-1,2",
        "1,2,3",
        "99999999999,1",
        "\u{1b}",
        "1,2+",
        "+1,2",
        "1,2++0,1",
        "0,1+0,2+0,3+0,4+0,5+0,6+0,7+0,8+0,9",
        "0,1+0,2+0,3+0,4+0,5+0,6+0,7+0,8+0,1",
        "1,2+king",
        "1,2+0,0",
    ] {
        let error = Leaper::parse(bad).unwrap_err();
        assert!(error.to_string().starts_with("piece '"), "{bad}: {error}");
        assert!(!error.to_string().contains('\u{1b}'), "{error}");
        assert!(!error.to_string().contains('\n'), "{error}");
    }
    assert!(Leaper::new(2, 1).is_err());
    assert!(Leaper::new(0, 16).is_ok());
    assert!(Leaper::parse("0,1+0,2").is_ok());
    assert!(Leaper::parse("0,1+0,2+0,3").is_ok());
    assert!(Leaper::parse("0,1+0,2+0,3+0,4+0,5+0,6+0,7+0,8").is_ok());
}

#[test]
fn next_named_cycles_through_the_named_pieces() {
    let mut piece = Leaper::KNIGHT;
    let mut seen = Vec::new();
    for _ in 0..8 {
        seen.push(piece);
        piece = piece.next_named();
    }
    assert_eq!(seen, Leaper::NAMED);
    assert_eq!(piece, Leaper::KNIGHT);
    assert_eq!(Leaper::new(3, 5).unwrap().next_named(), Leaper::KNIGHT);
}
