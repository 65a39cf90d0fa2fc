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
