//! Unit tests of the search: degrees restored on undo, the events a step reports, proofs of
//! no tour and budgets.

use super::*;

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

fn degrees(search: &Search) -> Vec<Option<u8>> {
    search.board().squares().map(|s| search.degree(s)).collect()
}

#[test]
fn greedy_warnsdorff_tours_the_chessboard_in_64_nodes() {
    let mut search =
        Search::new(board(8, 8), Square::new(0, 0), SearchConfig::greedy(false)).unwrap();
    assert_eq!(search.run(), SearchEvent::Solved);
    assert_eq!(search.stats().nodes, 64);
    assert_eq!(search.stats().backtracks, 0);
    search.tour().unwrap();
}

#[test]
fn undo_restores_every_degree_exactly() {
    let chess = board(6, 6);
    let mut search = Search::new(chess, Square::new(0, 0), SearchConfig::naive(false)).unwrap();
    let mut snapshots = vec![degrees(&search)];
    for _ in 0..2000 {
        match search.step() {
            SearchEvent::Advance { .. } => snapshots.push(degrees(&search)),
            SearchEvent::Backtrack { .. } => {
                snapshots.pop();
                assert_eq!(snapshots.last(), Some(&degrees(&search)));
            }
            other => panic!("unexpected {other:?}"),
        }
        assert_eq!(snapshots.len() as u32, search.depth());
    }
}

#[test]
fn advance_events_report_the_choice_with_degrees() {
    let chess = board(8, 8);
    let mut search =
        Search::new(chess, Square::new(0, 0), SearchConfig::backtracking(false)).unwrap();
    let before = search.choices();
    let SearchEvent::Advance {
        from,
        to,
        depth,
        choices,
    } = search.step()
    else {
        panic!("expected an advance");
    };
    assert_eq!((from, depth), (Square::new(0, 0), 2));
    assert_eq!(choices.all(), before.all());
    assert_eq!(choices.tried().last().map(|c| c.square), Some(to));
    let degrees: Vec<u8> = choices.all().iter().map(|c| c.degree).collect();
    assert!(degrees.is_sorted(), "{degrees:?}");
    for candidate in choices.all() {
        let unvisited = chess
            .neighbours(candidate.square)
            .filter(|&n| n != Square::new(0, 0))
            .count();
        assert_eq!(usize::from(candidate.degree), unvisited);
    }
}

#[test]
fn exhaustive_search_proves_no_tour_from_a_bad_start() {
    // 3x4 has open tours, but none from its centre-left square 1,1 (row 1 is the middle).
    let small = board(3, 4);
    let mut search =
        Search::new(small, Square::new(1, 1), SearchConfig::backtracking(false)).unwrap();
    assert_eq!(search.run(), SearchEvent::Exhausted);
    let mut naive = Search::new(small, Square::new(1, 1), SearchConfig::naive(false)).unwrap();
    assert_eq!(naive.run(), SearchEvent::Exhausted);
}

#[test]
fn budgets_stop_a_run_without_claiming_no_tour() {
    let config = SearchConfig::naive(false).with_limits(Limits {
        node_budget: 1000,
        deadline: None,
    });
    let mut search = Search::new(board(8, 8), Square::new(0, 0), config).unwrap();
    assert_eq!(search.run(), SearchEvent::BudgetExceeded(Limit::Nodes));
    assert_eq!(search.stats().nodes, 1000);
    search.set_limits(Limits {
        node_budget: 2000,
        deadline: None,
    });
    assert_eq!(search.run(), SearchEvent::BudgetExceeded(Limit::Nodes));
    assert_eq!(search.stats().nodes, 2000);
}

/// A run stopped by its node budget and run on, slice after slice, explores the same tree as
/// one run: the split on the last square keeps its searches from turn to turn, and its proof
/// that no tour exists is their exhaustion.
#[test]
fn a_run_resumed_in_slices_exhausts_the_tree_one_run_exhausts() {
    let small = board(3, 4);
    let start = Square::new(1, 1);
    let mut whole = Search::new(small, start, SearchConfig::backtracking(false)).unwrap();
    assert_eq!(whole.run(), SearchEvent::Exhausted);
    let slice = 3;
    let config = SearchConfig::backtracking(false).with_limits(Limits {
        node_budget: slice,
        deadline: None,
    });
    let mut sliced = Search::new(small, start, config).unwrap();
    let mut slices = 1;
    while sliced.run() == SearchEvent::BudgetExceeded(Limit::Nodes) {
        slices += 1;
        sliced.set_limits(Limits {
            node_budget: sliced.stats().nodes + slice,
            deadline: None,
        });
    }
    assert!(slices > 2, "the tree takes more than two slices");
    assert_eq!(sliced.stats(), whole.stats());
}

/// A config of each kind with `deadline`.
fn configs_with(deadline: Option<Instant>) -> [SearchConfig; 3] {
    let limits = Limits {
        node_budget: u64::MAX,
        deadline,
    };
    [
        SearchConfig::greedy(false).with_limits(limits),
        SearchConfig::backtracking(true).with_limits(limits),
        SearchConfig::naive(false).with_limits(limits),
    ]
}

#[test]
fn a_passed_deadline_stops_the_setup_of_a_large_board() {
    let large = board(2000, 2000);
    for config in configs_with(Some(Instant::now())) {
        let stopped = Search::bounded(large, Square::new(0, 0), config, &[]);
        assert_eq!(
            stopped.err(),
            Some(SetupError::Stopped(Limit::Deadline)),
            "{config:?}"
        );
        // Without the bound the setup runs to its end; the run stops at its first look.
        let mut search = Search::with_holes(large, Square::new(0, 0), config, &[]).unwrap();
        assert_eq!(search.run(), SearchEvent::BudgetExceeded(Limit::Deadline));
    }
}

#[test]
fn a_bounded_setup_with_time_left_is_the_same_search() {
    let later = Instant::now() + std::time::Duration::from_secs(3600);
    for config in configs_with(Some(later)) {
        let chess = board(8, 8);
        let mut bounded = Search::bounded(chess, Square::new(0, 0), config, &[]).unwrap();
        let mut plain = Search::new(chess, Square::new(0, 0), config).unwrap();
        assert_eq!(degrees(&bounded), degrees(&plain));
        assert_eq!(bounded.run(), plain.run());
        assert!(bounded.path().eq(plain.path()));
    }
}

#[test]
fn degrees_on_the_empty_board_count_the_moves_within_it() {
    for rows in 1..=9 {
        for cols in 1..=9 {
            let board = board(rows, cols);
            let start = Square::new(0, 0);
            let search = Search::new(board, start, SearchConfig::naive(false)).unwrap();
            for square in board.squares().filter(|&s| s != start) {
                let moves = board.neighbours(square).count() as u8;
                let taken = u8::from(square.is_knight_move_to(start));
                assert_eq!(
                    search.degree(square),
                    Some(moves - taken),
                    "{board} {square}"
                );
            }
        }
    }
}

#[test]
fn the_start_s_connectivity_check_leaves_no_mark() {
    let config = SearchConfig::backtracking(false);
    let search = Search::new(board(30, 30), Square::new(0, 0), config).unwrap();
    assert!(search.cells.iter().all(|&cell| cell & 0x20 == 0));
    // On 3x3 the centre cannot be reached: no tour, proved before the first move.
    let mut cut = Search::new(board(3, 3), Square::new(0, 0), config).unwrap();
    assert_eq!(cut.run(), SearchEvent::Exhausted);
}

#[test]
fn the_tour_made_in_the_search_s_memory_is_the_tour() {
    let chess = board(8, 8);
    for config in [
        SearchConfig::greedy(true),
        SearchConfig::backtracking(false),
    ] {
        let mut search = Search::new(chess, Square::new(0, 0), config).unwrap();
        assert_eq!(search.run(), SearchEvent::Solved);
        let copied = search.tour().unwrap();
        let made = search.into_tour(None).unwrap().unwrap();
        assert_eq!(made, copied);
    }
}

#[test]
fn the_memory_a_search_needs_covers_what_it_keeps() {
    let board = board(100, 100);
    let padded = 104 * 104;
    assert!(Search::memory_needed(board, &SearchConfig::greedy(false)) >= padded + 4 * 10_000);
    assert!(
        Search::memory_needed(board, &SearchConfig::backtracking(false))
            >= 5 * padded + 8 * 10_000 + 4 * 10_000
    );
}

#[test]
fn another_piece_proves_at_every_node_toward_an_end_only_on_boards_up_to_512_squares() {
    let piece = Leaper::new(4, 5).unwrap();
    let config = SearchConfig::backtracking(false).with_piece(piece);
    let start = [Square::new(0, 0)];
    let walk = [Square::new(0, 0), Square::new(4, 5)];
    let proving = |board: Board, prefix: &[Square], end: Option<Square>| {
        Rules::of(board, Route { prefix, end }, &config).proving()
    };
    let end = Some(Square::new(8, 8));
    // The split's searches toward an end: 9×38 (342 squares) proves, 18×39 (702) flips.
    assert!(proving(board(9, 38), &start, end));
    assert!(proving(board(16, 32), &start, end));
    assert!(!proving(board(17, 31), &start, end));
    assert!(!proving(board(18, 39), &start, end));
    // A partial tour proves up to 1024 squares, toward an end or not; a bare start never.
    assert!(proving(board(18, 39), &walk, None));
    assert!(proving(board(32, 32), &walk, end));
    assert!(!proving(board(32, 33), &walk, end));
    assert!(!proving(board(9, 38), &start, None));
    // The knight proves only after a partial tour.
    let knight = SearchConfig::backtracking(false);
    let route = Route {
        prefix: &start,
        end,
    };
    assert!(!Rules::of(board(9, 38), route, &knight).proving());
}

#[test]
fn a_piece_of_more_than_eight_moves_is_refused_at_setup() {
    let centaur = Leaper::parse("0,1+1,1+1,2").unwrap();
    assert!(!Search::takes(centaur));
    assert!(Search::takes(Leaper::KING) && Search::takes(Leaper::KNIGHT));
    let config = SearchConfig::backtracking(false).with_piece(centaur);
    let refused = SetupError::TooManyMoves { piece: centaur };
    let chess = board(8, 8);
    let start = Square::new(0, 0);
    assert_eq!(
        Search::new(chess, start, config).err(),
        Some(refused.clone())
    );
    assert_eq!(
        Search::bounded(chess, start, config, &[]).err(),
        Some(refused.clone())
    );
    let route = Route {
        prefix: &[start, Square::new(1, 2)],
        end: None,
    };
    assert_eq!(
        Search::completing(chess, route, config).err(),
        Some(refused.clone())
    );
    assert_eq!(
        refused.to_string(),
        "the (0,1)+(1,1)+(1,2)-leaper has 16 moves, more than the 8 this search takes"
    );
}
