//! The two methods against each other, and both against OEIS.

use super::*;

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

fn count(request: CountRequest, method: CountMethod) -> BigUint {
    let counted = count_tours(&CountRequest {
        method: Some(method),
        ..request
    })
    .unwrap();
    assert_eq!(counted.method, method);
    counted.tours
}

#[test]
fn the_frontier_count_agrees_with_enumeration_on_small_boards() {
    for (rows, cols) in [
        (1, 1),
        (2, 3),
        (3, 3),
        (3, 4),
        (4, 3),
        (3, 5),
        (4, 4),
        (4, 5),
        (5, 4),
        (3, 7),
        (5, 5),
        (4, 6),
    ] {
        let board = board(rows, cols);
        for closed in [false, true] {
            let request = CountRequest {
                closed,
                ..CountRequest::new(board)
            };
            assert_eq!(
                count(request, CountMethod::Frontier),
                count(request, CountMethod::Enumeration),
                "{board} closed: {closed}"
            );
        }
        for start in board.squares() {
            let request = CountRequest {
                start: Some(start),
                ..CountRequest::new(board)
            };
            assert_eq!(
                count(request, CountMethod::Frontier),
                count(request, CountMethod::Enumeration),
                "{board} from {start}"
            );
        }
    }
}
#[test]
#[ignore]
fn scratch_timing() {
    let boards: Vec<(u64, u64, bool, usize)> = std::env::var("SCRATCH")
        .map(|s| {
            let v: Vec<u64> = s.split(',').map(|x| x.parse().unwrap()).collect();
            vec![(v[0], v[1], v[2] == 1, v[3] as usize)]
        })
        .unwrap_or(vec![
            (6u64, 6u64, false, 1usize),
            (6, 6, true, 1),
            (6, 6, false, 2),
            (3, 12, false, 1),
            (4, 10, false, 1),
            (5, 8, false, 2),
            (6, 7, true, 2),
        ]);
    for (r, c, closed, threads) in boards {
        let t = std::time::Instant::now();
        let counted = count_tours_reporting(
            &CountRequest {
                closed,
                threads,
                method: Some(CountMethod::Frontier),
                ..CountRequest::new(board(r, c))
            },
            &|p| {
                if std::env::var("LAYERS").is_ok() {
                    eprint!("{} ", p.states)
                }
            },
        )
        .unwrap();
        eprintln!(
            "{r}x{c} closed={closed} threads={threads}: {} peak {} states {} bytes in {:?}",
            counted.tours,
            counted.peak_states,
            counted.peak_bytes,
            t.elapsed()
        );
    }
}
