//! The validator's tests: real tours pass, and each way to break one is named.
use super::*;

/// An open tour of 3x4 (3x4 has no closed tour).
fn open_3x4() -> Vec<Square> {
    // Visit numbers of a known open tour of 3x4, row by row.
    let grid = [[1, 4, 7, 10], [8, 11, 2, 5], [3, 6, 9, 12]];
    let mut path = vec![Square::new(0, 0); 12];
    for (row, line) in grid.iter().enumerate() {
        for (col, &n) in line.iter().enumerate() {
            path[n - 1] = Square::new(row as u32, col as u32);
        }
    }
    path
}

#[test]
fn a_check_past_its_deadline_gives_no_verdict() {
    for (rows, cols) in [(1500, 1500), (2_000_000, 3)] {
        let board = Board::new(rows, cols).unwrap();
        let start = Square::new(0, 0);
        let construction = crate::construct::construct(board, start, false).unwrap();
        let path = construction.path().unwrap();
        let passed = Some(Instant::now());
        assert!(
            Tour::new_within(
                board,
                Leaper::KNIGHT,
                path.clone(),
                false,
                Some(start),
                passed
            )
            .is_none()
        );
        let later = Some(Instant::now() + std::time::Duration::from_secs(3600));
        let tour = Tour::new_within(
            board,
            Leaper::KNIGHT,
            path.clone(),
            false,
            Some(start),
            later,
        );
        assert_eq!(tour, Some(Tour::new(board, path, false, Some(start))));
    }
}

#[test]
fn accepts_a_real_tour_and_names_each_violation() {
    let board = Board::new(3, 4).unwrap();
    let path = open_3x4();
    assert_eq!(validate(board, path.clone(), false, None), Ok(()));
    assert_eq!(
        validate(board, path.clone(), false, Some(Square::new(0, 0))),
        Ok(())
    );
    assert!(matches!(
        validate(board, path.clone(), true, None),
        Err(TourError::NotClosed { .. })
    ));
    assert_eq!(
        validate(board, path.clone(), false, Some(Square::new(1, 1))),
        Err(TourError::WrongStart {
            expected: Square::new(1, 1),
            found: Square::new(0, 0)
        })
    );
    // The tour ends on 2,3 (visit 12).
    let ending = |end| {
        let mut validator = Validator::new(board, false, None).ending_at(end);
        path.iter().try_for_each(|&square| validator.push(square))?;
        validator.finish()
    };
    assert_eq!(ending(Square::new(2, 3)), Ok(()));
    assert_eq!(
        ending(Square::new(0, 3)),
        Err(TourError::WrongEnd {
            expected: Square::new(0, 3),
            found: Square::new(2, 3),
        })
    );
    assert_eq!(
        validate(board, path[..11].to_vec(), false, None),
        Err(TourError::Incomplete {
            visited: 11,
            squares: 12
        })
    );
    let mut swapped = path.clone();
    swapped.swap(3, 4);
    let err = validate(board, swapped, false, None).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("step 3 → 4 is not a knight move"),
        "{err}"
    );
    let mut twice = path[..3].to_vec();
    twice.push(path[1]);
    assert_eq!(
        validate(board, twice, false, None),
        Err(TourError::Revisited {
            square: path[1],
            step: 4
        })
    );
    assert_eq!(
        validate(board, Vec::new(), false, None),
        Err(TourError::Empty)
    );
}

#[test]
fn revisits_and_off_board_squares_are_caught() {
    let board = Board::new(5, 5).unwrap();
    let back_and_forth = [Square::new(0, 0), Square::new(1, 2), Square::new(0, 0)];
    assert_eq!(
        validate(board, back_and_forth, false, None),
        Err(TourError::Revisited {
            square: Square::new(0, 0),
            step: 3
        })
    );
    let off = [Square::new(0, 0), Square::new(5, 1)];
    assert!(matches!(
        validate(board, off, false, None),
        Err(TourError::OffBoard { step: 2, .. })
    ));
}

#[test]
fn the_one_square_board_has_an_open_tour_but_no_closed_one() {
    let board = Board::new(1, 1).unwrap();
    assert_eq!(validate(board, [Square::new(0, 0)], false, None), Ok(()));
    assert!(validate(board, [Square::new(0, 0)], true, None).is_err());
}

#[test]
fn tour_new_checks_square_numbers() {
    let board = Board::new(3, 4).unwrap();
    let indices: Vec<u32> = open_3x4().iter().map(|&s| board.index(s)).collect();
    let tour = Tour::new(board, indices.clone(), false, None).unwrap();
    assert_eq!(tour.visit_numbers().unwrap()[0], 1);
    assert_eq!(tour.visit_numbers().unwrap()[11], 12);
    let mut bad = indices;
    bad[5] = 99;
    assert!(matches!(
        Tour::new(board, bad, false, None),
        Err(TourError::OffBoard { step: 6, .. })
    ));
}
