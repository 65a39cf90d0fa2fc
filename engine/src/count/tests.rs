//! The two methods against each other, and both against OEIS; the method a count asked for
//! none takes, and the floor that refuses a count before it starts.

use super::*;

fn board(rows: u64, cols: u64) -> Board {
    Board::new(rows, cols).unwrap()
}

fn count(request: &CountRequest, method: CountMethod) -> BigUint {
    let counted = count_tours(&CountRequest {
        method: Some(method),
        ..request.clone()
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
                count(&request, CountMethod::Frontier),
                count(&request, CountMethod::Enumeration),
                "{board} closed: {closed}"
            );
        }
        for start in board.squares() {
            let request = CountRequest {
                start: Some(start),
                ..CountRequest::new(board)
            };
            assert_eq!(
                count(&request, CountMethod::Frontier),
                count(&request, CountMethod::Enumeration),
                "{board} from {start}"
            );
        }
    }
}

fn auto(request: &CountRequest) -> Result<Count, CountError> {
    count_tours(request)
}

/// Issue 44: a count the theorems settle is 0 at once, whatever the board's size, by the
/// theorem (the camel keeps its colour; the (2,5)-leaper cannot reach every square of 5×6:
/// Knuth's long side of 2b); asked for a method, the count is that method's.
#[test]
fn a_count_a_theorem_settles_is_0_by_the_theorem() {
    for request in [
        CountRequest {
            piece: Leaper::CAMEL,
            ..CountRequest::new(board(20, 20))
        },
        CountRequest {
            piece: Leaper::new(2, 5).unwrap(),
            start: Some(Square::new(4, 1)),
            ..CountRequest::new(board(5, 6))
        },
        CountRequest {
            closed: true,
            ..CountRequest::new(board(101, 101))
        },
    ] {
        let counted = auto(&request).unwrap();
        assert_eq!(
            (counted.tours, counted.method),
            (BigUint::ZERO, CountMethod::Theorem),
            "{request:?}"
        );
        assert!(proof_of_none(&request).unwrap().is_some());
    }
    let asked = CountRequest {
        piece: Leaper::new(2, 5).unwrap(),
        start: Some(Square::new(4, 1)),
        method: Some(CountMethod::Enumeration),
        ..CountRequest::new(board(5, 6))
    };
    assert_eq!(count(&asked, CountMethod::Enumeration), BigUint::ZERO);
    let unproved = auto(&CountRequest {
        method: Some(CountMethod::Theorem),
        ..CountRequest::new(board(5, 5))
    });
    assert!(
        matches!(unproved, Err(CountError::Unproved { .. })),
        "{unproved:?}"
    );
}

/// A board too wide for the frontier count whose piece has so few moves that the search is
/// short is enumerated: the (1,6)-leaper's 7×12 from a corner (a frontier of 43 squares).
#[test]
fn a_board_too_wide_for_the_frontier_is_enumerated_when_the_search_is_short() {
    let request = CountRequest {
        piece: Leaper::new(1, 6).unwrap(),
        start: Some(Square::new(0, 0)),
        ..CountRequest::new(board(7, 12))
    };
    assert_eq!(auto(&request).unwrap().method, CountMethod::Enumeration);
    let frontier = auto(&CountRequest {
        method: Some(CountMethod::Frontier),
        ..request.clone()
    });
    assert!(
        matches!(frontier, Err(CountError::TooWide { window: 43, .. })),
        "{frontier:?}"
    );
}

/// A count whose floor (the `need` module) is past its cap is refused before it starts; one
/// whose floor fits starts (and here stops at its deadline, already past).
#[test]
fn a_count_past_its_memory_cap_by_its_floor_is_refused_before_it_starts() {
    let gigabytes = |n: u64| Some(n * 1_000_000_000);
    let past = Some(std::time::Instant::now());
    for (rows, closed, cap, refused) in [
        (8, false, gigabytes(20), true),
        (8, true, gigabytes(7), true),
        (8, true, gigabytes(10), false),
        (7, false, gigabytes(1), true),
        (7, false, gigabytes(2), false),
    ] {
        let request = CountRequest {
            closed,
            memory_cap: cap,
            deadline: past,
            ..CountRequest::new(board(rows, rows))
        };
        let error = auto(&request).unwrap_err();
        match error {
            CountError::NeedsMore { need, cap: c, .. } if refused => {
                assert!(need.bytes > c, "{error}");
                assert!(error.to_string().contains("memory cap of"), "{error}");
            }
            CountError::Deadline { .. } if !refused => {}
            error => panic!("{rows}x{rows} closed {closed} within {cap:?}: {error:?}"),
        }
    }
}

/// Along the long side the frontier is wider and the count the same: against OEIS (3×n:
/// A118067 directed open, A070030 closed; 4×5: A079137, twice 82; 5×6 closed: A175881), and
/// with holes, a start and an end against enumeration.
#[test]
fn a_count_along_the_long_side_is_the_count_along_the_short_one() {
    let along = |request: &CountRequest, side: FrontierSide| {
        let counted = count_tours(&CountRequest {
            method: Some(CountMethod::Frontier),
            frontier_side: side,
            ..request.clone()
        })
        .unwrap();
        (counted.tours, counted.peak_states)
    };
    for (rows, cols, closed, oeis) in [
        (3, 10, false, 6_096u64),
        (10, 3, true, 16),
        (3, 12, true, 176),
        (4, 5, false, 2 * 82),
        (6, 5, true, 8),
    ] {
        let request = CountRequest {
            closed,
            ..CountRequest::new(board(rows, cols))
        };
        let (short, narrow) = along(&request, FrontierSide::Short);
        let (long, wide) = along(&request, FrontierSide::Long);
        assert_eq!(
            (&short, &long),
            (&oeis.into(), &oeis.into()),
            "{rows}x{cols}"
        );
        assert!(
            wide > narrow,
            "{rows}x{cols}: {wide} states along, {narrow} across"
        );
    }
    let sq = Square::new;
    let holes: Arc<[Square]> = Arc::from([sq(0, 0), sq(2, 3)]);
    for request in [
        CountRequest {
            holes: holes.clone(),
            ..CountRequest::new(board(5, 6))
        },
        CountRequest {
            holes: holes.clone(),
            closed: true,
            ..CountRequest::new(board(5, 6))
        },
        CountRequest {
            holes: holes.clone(),
            start: Some(sq(0, 1)),
            ..CountRequest::new(board(5, 6))
        },
        CountRequest {
            holes: holes.clone(),
            start: Some(sq(0, 1)),
            end: Some(sq(4, 4)),
            ..CountRequest::new(board(5, 6))
        },
    ] {
        let enumerated = count(&request, CountMethod::Enumeration);
        assert!(enumerated > BigUint::ZERO, "{request:?}");
        assert_eq!(along(&request, FrontierSide::Short).0, enumerated);
        assert_eq!(along(&request, FrontierSide::Long).0, enumerated);
    }
}
