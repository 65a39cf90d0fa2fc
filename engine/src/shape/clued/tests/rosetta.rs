//! Rosetta Code's published puzzles, pasted as published: Numbrix (the wazir's moves) with its
//! unique solutions reproduced exactly, and the Holy Knight's tour.

use super::*;

/// A numbers grid: `0` open, a number a clue, one row a line of blank-separated cells.
fn numbers(text: &str) -> (Shape, Vec<Vec<u32>>) {
    let grid: Vec<Vec<u32>> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            line.split_whitespace()
                .map(|cell| cell.parse().unwrap())
                .collect()
        })
        .collect();
    let board = Board::new(grid.len() as u64, grid[0].len() as u64).unwrap();
    let clues: Vec<Clue> = board
        .squares()
        .filter_map(|s| {
            let number = grid[s.row as usize][s.col as usize];
            (number != 0).then_some(Clue { number, square: s })
        })
        .collect();
    (Shape::new(board, &[], &clues).unwrap(), grid)
}

/// Solves a Numbrix puzzle and compares it with the published solution, number by number.
fn numbrix(problem: &str, solution: &str) {
    let (shape, _) = numbers(problem);
    let (_, expected) = numbers(solution);
    let q = question(&shape, Leaper::new(0, 1).unwrap(), false, None, None);
    assert_eq!(prove(&q), None);
    let ClueAnswer::Found { path, .. } = find(&q).unwrap() else {
        panic!("no tour found");
    };
    check_path(&q, &path).unwrap();
    let cols = shape.board().cols();
    for (k, &index) in path.iter().enumerate() {
        assert_eq!(
            expected[(index / cols) as usize][(index % cols) as usize],
            k as u32 + 1
        );
    }
    assert!(matches!(
        count(&q, Some(2)).unwrap(),
        ClueCount::Exact { tours: 1, .. }
    ));
}

#[test]
fn numbrix_example_1_has_its_published_solution() {
    numbrix(
        "
 0  0  0  0  0  0  0  0  0
 0  0 46 45  0 55 74  0  0
 0 38  0  0 43  0  0 78  0
 0 35  0  0  0  0  0 71  0
 0  0 33  0  0  0 59  0  0
 0 17  0  0  0  0  0 67  0
 0 18  0  0 11  0  0 64  0
 0  0 24 21  0  1  2  0  0
 0  0  0  0  0  0  0  0  0",
        "
49 50 51 52 53 54 75 76 81
48 47 46 45 44 55 74 77 80
37 38 39 40 43 56 73 78 79
36 35 34 41 42 57 72 71 70
31 32 33 14 13 58 59 68 69
30 17 16 15 12 61 60 67 66
29 18 19 20 11 62 63 64 65
28 25 24 21 10  1  2  3  4
27 26 23 22  9  8  7  6  5",
    );
}

#[test]
fn numbrix_example_2_has_its_published_solution() {
    numbrix(
        "
 0  0  0  0  0  0  0  0  0
 0 11 12 15 18 21 62 61  0
 0  6  0  0  0  0  0 60  0
 0 33  0  0  0  0  0 57  0
 0 32  0  0  0  0  0 56  0
 0 37  0  1  0  0  0 73  0
 0 38  0  0  0  0  0 72  0
 0 43 44 47 48 51 76 77  0
 0  0  0  0  0  0  0  0  0",
        "
 9 10 13 14 19 20 63 64 65
 8 11 12 15 18 21 62 61 66
 7  6  5 16 17 22 59 60 67
34 33  4  3 24 23 58 57 68
35 32 31  2 25 54 55 56 69
36 37 30  1 26 53 74 73 70
39 38 29 28 27 52 75 72 71
40 43 44 47 48 51 76 77 78
41 42 45 46 49 50 81 80 79",
    );
}

/// A Holy Knight's tour board as Rosetta Code's solutions spell it, row by row: `x` open, `s`
/// the start, `.` a hole.
fn holy_knight(size: u64, cells: &str) {
    let board = Board::new(size, size).unwrap();
    let bytes = cells.as_bytes();
    let at = |s: Square| bytes[(s.row as u64 * size + s.col as u64) as usize];
    let holes: Vec<Square> = board.squares().filter(|&s| at(s) == b'.').collect();
    let start = board.squares().find(|&s| at(s) == b's').unwrap();
    let shape = Shape::new(board, &holes, &[]).unwrap();
    let q = question(&shape, Leaper::KNIGHT, false, Some(start), None);
    assert_eq!(prove(&q), None);
    let ClueAnswer::Found { path, .. } = find(&q).unwrap() else {
        panic!("no tour found");
    };
    check_path(&q, &path).unwrap();
}

#[test]
fn holy_knights_tours_are_found() {
    holy_knight(
        8,
        ".xxx.....x.xx....xxxxxxxxxx..x.xx.x..xxxsxxxxxx...xx.x.....xxx..",
    );
    holy_knight(
        13,
        ".....s.x..........x.x.........xxxxx.........xxx.......x..x.x..x..xxxxx...xxxxx..xx.....xx..xxxxx...xxxxx..x..x.x..x.......xxx.........xxxxx.........x.x..........x.x.....",
    );
}
