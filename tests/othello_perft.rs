//! Othello perft: every depth of every position of `tests/data/othello/perft.txt` (copied from the
//! team's shared data; counts from Edax 4.6 and the kit's reference implementation) must match, and
//! so must Edax's counts from the start position. A forced pass is a ply; a finished game adds
//! nothing deeper.

use engine::othello::Position;
use engine::perft::{perft, perft_divide};

/// Counts above this many nodes are left to the release benchmark (`triskel bench` and the
/// `movegen` bench): the suite stays a few seconds long.
const MAX_NODES: u64 = 60_000_000;

mod support;

use support::perft_file::load;

#[test]
fn every_position_of_the_suite_matches() {
    let cases = load(include_str!("data/othello/perft.txt"));
    assert!(cases.len() >= 40, "the suite holds its positions");
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let mut position =
            Position::parse(&case.setup).unwrap_or_else(|error| panic!("line {}: {error}", case.line));
        assert_eq!(position.text().to_string(), case.setup, "line {}: the text round-trips", case.line);
        for &(depth, expected) in case.counts.iter().filter(|&&(_, count)| count <= MAX_NODES) {
            let counted = perft(&mut position, depth);
            checked += 1;
            if counted != expected {
                failures.push(format!(
                    "line {} depth {depth}: counted {counted}, expected {expected}",
                    case.line
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {checked} counts differ:\n{}", failures.len(), failures.join("\n"));
    assert!(checked > 200, "{checked} counts checked");
}

#[test]
fn the_start_position_matches_edax_to_depth_9() {
    let expected = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];
    let mut position = Position::startpos();
    for (depth, &count) in (1..).zip(&expected) {
        assert_eq!(perft(&mut position, depth), count, "depth {depth}");
    }
    assert_eq!(position, Position::startpos(), "perft leaves the position as it found it");
}

#[test]
fn divide_splits_the_start_into_four_symmetric_moves() {
    let mut position = Position::startpos();
    let mut split = Vec::new();
    let total = perft_divide(&mut position, 5, |mv, count| split.push((mv, count)));
    assert_eq!(total, 1396);
    assert_eq!(split.len(), 4);
    assert!(split.iter().all(|&(_, count)| count == 1396 / 4), "{split:?}");
}
