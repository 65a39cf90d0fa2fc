use super::*;
use crate::board::Square;
use crate::leaper::Leaper;
use crate::tour::Tour;

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

fn prove(question: &Question, budget: u64) -> Answer {
    let mut prover = Prover::new(question).unwrap();
    prover.run(Limits {
        node_budget: budget,
        deadline: None,
    })
}

fn question(board: Board, piece: Leaper, prefix: &[Square], closed: bool) -> Question<'_> {
    Question {
        board,
        piece,
        prefix,
        closed,
        end: None,
        holes: &[],
    }
}

/// Whether a path of `piece` from `prefix` covers `board` (closed, or ending on `end`), by
/// walking every path: the test's own oracle.
fn brute_force(
    board: Board,
    piece: Leaper,
    prefix: &[Square],
    closed: bool,
    end: Option<Square>,
) -> bool {
    struct Walk {
        board: Board,
        piece: Leaper,
        seen: Vec<bool>,
        first: Square,
        closed: bool,
        end: Option<Square>,
    }
    impl Walk {
        fn extend(&mut self, at: Square, left: usize) -> bool {
            if left == 0 {
                let closes = || {
                    self.piece
                        .neighbours(self.board, at)
                        .any(|to| to == self.first)
                };
                return (!self.closed || closes()) && self.end.is_none_or(|end| end == at);
            }
            let next: Vec<Square> = self.piece.neighbours(self.board, at).collect();
            for to in next {
                let index = self.board.index(to) as usize;
                if !self.seen[index] {
                    self.seen[index] = true;
                    let found = self.extend(to, left - 1);
                    self.seen[index] = false;
                    if found {
                        return true;
                    }
                }
            }
            false
        }
    }
    let area = board.area() as usize;
    let mut seen = vec![false; area];
    for &square in prefix {
        seen[board.index(square) as usize] = true;
    }
    let mut walk = Walk {
        board,
        piece,
        seen,
        first: prefix[0],
        closed,
        end,
    };
    walk.extend(*prefix.last().unwrap(), area - prefix.len())
}

#[test]
fn the_rules_alone_rule_out_the_zebras_11x11_from_every_start() {
    let board = board(11, 11);
    for square in board.squares().filter(|square| square.is_majority_colour()) {
        let answer = prove(&question(board, Leaper::ZEBRA, &[square], false), 10_000);
        assert_eq!(answer, Answer::NoTour { branches: 0 }, "from {square}");
    }
}

#[test]
fn tours_found_pass_the_validator_open_closed_to_an_end_and_after_a_partial_tour() {
    let zebra = Leaper::ZEBRA;
    let ten = board(10, 10);
    let start = [Square::new(0, 0)];
    for closed in [false, true] {
        let Answer::Tour(path) = prove(&question(ten, zebra, &start, closed), 10_000_000) else {
            panic!("the zebra tours 10x10, closed: {closed}");
        };
        Tour::with_piece(ten, zebra, path, closed, Some(start[0])).unwrap();
    }
    let prefix = [Square::new(0, 0), Square::new(2, 3), Square::new(4, 0)];
    let end = Square::new(9, 8);
    let asked = Question {
        end: Some(end),
        ..question(ten, zebra, &prefix, false)
    };
    let Answer::Tour(path) = prove(&asked, 10_000_000) else {
        panic!("a zebra's tour of 10x10 along the route");
    };
    let tour = Tour::with_piece(ten, zebra, path, false, Some(prefix[0])).unwrap();
    assert!(tour.squares().take(3).eq(prefix));
    assert_eq!(tour.squares().last(), Some(end));
}

#[test]
fn verdicts_agree_with_walking_every_path_on_small_boards() {
    let wazir = Leaper::new(0, 1).unwrap();
    let cases = [
        (board(4, 5), wazir),
        (board(3, 6), wazir),
        (board(5, 5), wazir),
        (board(5, 8), Leaper::ZEBRA),
        (board(5, 8), Leaper::GIRAFFE),
        (board(3, 4), Leaper::KNIGHT),
        (board(4, 5), Leaper::KNIGHT),
    ];
    for (board, piece) in cases {
        for square in board.squares() {
            for closed in [false, true] {
                let prefix = [square];
                let expected = brute_force(board, piece, &prefix, closed, None);
                let answer = prove(&question(board, piece, &prefix, closed), u64::MAX);
                match answer {
                    Answer::Tour(path) => {
                        Tour::with_piece(board, piece, path, closed, Some(square)).unwrap();
                        assert!(expected, "{piece} on {board} from {square}: a tour");
                    }
                    Answer::NoTour { .. } => {
                        assert!(
                            !expected,
                            "{piece} on {board} from {square}, closed: {closed}"
                        );
                    }
                    Answer::Stopped(_) => unreachable!(),
                }
            }
        }
    }
}

#[test]
fn ends_and_partial_tours_agree_with_walking_every_path() {
    let piece = Leaper::KNIGHT;
    let board = board(4, 5);
    let start = Square::new(0, 0);
    for end in board.squares().filter(|&end| end != start) {
        let prefix = [start];
        let asked = Question {
            end: Some(end),
            ..question(board, piece, &prefix, false)
        };
        let expected = brute_force(board, piece, &prefix, false, Some(end));
        let found = matches!(prove(&asked, u64::MAX), Answer::Tour(_));
        assert_eq!(found, expected, "to {end}");
    }
    let wazir = Leaper::new(0, 1).unwrap();
    let four = self::board(4, 4);
    let prefix = [Square::new(1, 1), Square::new(1, 2), Square::new(2, 2)];
    for closed in [false, true] {
        let expected = brute_force(four, wazir, &prefix, closed, None);
        let answer = prove(&question(four, wazir, &prefix, closed), u64::MAX);
        match answer {
            Answer::Tour(path) => {
                let tour = Tour::with_piece(four, wazir, path, closed, Some(prefix[0])).unwrap();
                assert!(tour.squares().take(3).eq(prefix));
                assert!(expected);
            }
            other => assert!(!expected, "{other:?}"),
        }
    }
}

#[test]
fn a_search_stopped_goes_on_where_it_stopped() {
    let board = board(5, 19);
    let prefix = [Square::new(0, 4)];
    let asked = question(board, Leaper::ZEBRA, &prefix, false);
    let whole = prove(&asked, u64::MAX);
    let mut prover = Prover::new(&asked).unwrap();
    let limits = Limits {
        node_budget: 1000,
        deadline: None,
    };
    let mut answer = prover.run(limits);
    while answer == Answer::Stopped(Limit::Nodes) {
        answer = prover.run(limits);
    }
    assert_eq!(answer, whole);
    assert!(matches!(whole, Answer::NoTour { branches } if branches > 0));
}
