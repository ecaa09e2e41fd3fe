//! Xiangqi perft: every position of `tests/data/xiangqi/perft.epd` (copied from the team's shared
//! data; counts from Fairy-Stockfish 11.1, re-checked by an independent generator) must match at every
//! depth. The default run takes the depths up to [`MAX_NODES`] leaves, so it stays a few seconds long
//! in release; the ignored test takes them all (`cargo test --release --test xiangqi_perft --
//! --ignored`), the start position's depth 5 (133,312,995) included.

use engine::perft::perft;
use engine::xiangqi::Position;

mod support;

use support::perft_file::load;

/// Counts above this many leaves are left to the ignored test.
const MAX_NODES: u64 = 2_000_000;

const SUITE: &str = include_str!("data/xiangqi/perft.epd");

/// Runs every depth whose count is at most `max_nodes` and reports every mismatch at once.
fn run_suite(max_nodes: u64, extra: &[(&str, u32, u64)]) {
    let cases = load(SUITE);
    assert_eq!(cases.len(), 64, "perft.epd holds 64 positions");
    let mut failures = Vec::new();
    let mut checked = 0;
    let all = cases
        .iter()
        .flat_map(|case| {
            case.counts.iter().map(move |&(depth, count)| (case.line, case.setup.as_str(), depth, count))
        })
        .chain(extra.iter().map(|&(fen, depth, count)| (0, fen, depth, count)));
    for (line, setup, depth, expected) in all {
        if expected > max_nodes {
            continue;
        }
        let mut position =
            Position::from_fen(setup).unwrap_or_else(|error| panic!("perft.epd:{line}: {error}"));
        let counted = perft(&mut position, depth);
        checked += 1;
        if counted != expected {
            failures.push(format!(
                "perft.epd:{line} depth {depth}: counted {counted}, expected {expected} ({setup})"
            ));
        }
    }
    assert!(checked > 64, "every position checked at least once");
    assert!(
        failures.is_empty(),
        "{} of {checked} perft counts wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn suite_matches_up_to_two_million_leaves() {
    run_suite(MAX_NODES, &[]);
}

#[test]
fn start_position_counts() {
    let mut position = Position::startpos();
    for (depth, expected) in [(1, 44), (2, 1_920), (3, 79_666), (4, 3_290_240)] {
        assert_eq!(perft(&mut position, depth), expected, "depth {depth}");
    }
}

#[test]
#[ignore = "minutes in release: every depth of the suite and the start position's depth 5"]
fn suite_matches_at_every_depth() {
    run_suite(u64::MAX, &[(engine::xiangqi::STARTPOS, 5, 133_312_995)]);
}
