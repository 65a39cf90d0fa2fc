//! The connectivity check with its seals kept, against one made afresh at every step.

use super::Connectivity;

/// A board of `rows` × `cols` with a border `border` wide, as the search lays it out:
/// blocked cells, and the cell offsets of `moves`.
struct Toy {
    blocked: Vec<bool>,
    offsets: Vec<isize>,
}

impl Toy {
    fn new(rows: usize, cols: usize, moves: &[(isize, isize)]) -> Self {
        let border = moves
            .iter()
            .map(|&(r, c)| r.abs().max(c.abs()))
            .max()
            .unwrap() as usize;
        let width = cols + 2 * border;
        let height = rows + 2 * border;
        let mut blocked = vec![true; width * height];
        for row in 0..rows {
            for col in 0..cols {
                blocked[(row + border) * width + col + border] = false;
            }
        }
        let offsets = moves.iter().map(|&(r, c)| r * width as isize + c).collect();
        Self { blocked, offsets }
    }

    fn open(&self, cell: usize) -> u8 {
        let mut open = 0;
        for (k, &offset) in self.offsets.iter().enumerate() {
            if !self.blocked[cell.wrapping_add_signed(offset)] {
                open |= 1 << k;
            }
        }
        open
    }
}

/// A generator of pseudo-random numbers (xorshift), so that every run walks the same.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Walks `toy` at random as the search does (a step forward, checked; or back), and
/// compares each check of one `Connectivity` kept from step to step, its seals taken in,
/// with a fresh one's, which grows every group anew: the same answer every time. Returns
/// how many times a seal was taken in.
fn walk(toy: &mut Toy, start: usize, steps: usize, seed: u64) -> usize {
    let mut state = seed;
    let mut kept = Connectivity::with_stamps(vec![0; toy.blocked.len()]);
    let mut path = vec![start as u32];
    toy.blocked[start] = true;
    for _ in 0..steps {
        let head = *path.last().unwrap() as usize;
        let open = toy.open(head);
        let back = path.len() > 1 && (open == 0 || next(&mut state).is_multiple_of(8));
        if back {
            // Back a few squares at times, as the search backtracks.
            for _ in 0..1 + next(&mut state) % 3 {
                if path.len() > 1 {
                    let cell = path.pop().unwrap();
                    toy.blocked[cell as usize] = false;
                }
            }
            continue;
        }
        if open == 0 {
            break;
        }
        let choices: Vec<usize> = (0..8).filter(|&k| open & 1 << k != 0).collect();
        // Mostly the first move, so the walk runs along the board and cuts it.
        let k = if next(&mut state).is_multiple_of(4) {
            choices[next(&mut state) as usize % choices.len()]
        } else {
            choices[0]
        };
        let cell = head.wrapping_add_signed(toy.offsets[k]);
        toy.blocked[cell] = true;
        path.push(cell as u32);
        let open = toy.open(cell);
        let blocked = &toy.blocked;
        let is_open = |cell: usize| !blocked[cell];
        let mut fresh = Connectivity::with_stamps(vec![0; blocked.len()]);
        let expected = fresh.splits(cell, open, &path, &toy.offsets, is_open);
        let found = kept.splits(cell, open, &path, &toy.offsets, is_open);
        assert_eq!(found, expected, "seed {seed}, path {path:?}");
        if found {
            // A dead end: the search takes it back.
            toy.blocked[cell] = false;
            path.pop();
        }
    }
    kept.taken
}

#[test]
fn a_kept_seal_answers_as_a_fresh_check_does() {
    let wazir = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let knight = [
        (-2, 1),
        (-1, 2),
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
    ];
    let mut taken = 0;
    for (rows, cols, moves) in [
        (2, 300, &wazir[..]),
        (3, 200, &wazir),
        (4, 150, &wazir),
        (9, 40, &wazir),
        (5, 120, &knight),
        (8, 30, &knight),
    ] {
        for seed in 1..=6 {
            // From the top-left corner, mostly along the first move (right, for the
            // wazir): every step across cuts off the row behind, as in a strip's search.
            let mut toy = Toy::new(rows, cols, moves);
            let start = (0..toy.blocked.len())
                .find(|&cell| !toy.blocked[cell])
                .unwrap();
            taken += walk(&mut toy, start, 4000, seed * 7919);
        }
    }
    // The walks did cut off sides large enough to seal, and took them in again.
    assert!(taken > 1000, "seals taken in {taken} times");
}
