//! The perft suites: every depth of every position must match the reference counts exactly.
//!
//! Data: `tests/data/chess/perft.epd` and `perft960.epd`, copied from the team's shared data (counts
//! from Stockfish 15.1, cross-checked with python-chess). Format: `FEN ;D1 n ;D2 n ...`.

use engine::chess::Position;
use engine::perft::perft;

mod support;

use support::perft_file::load;

/// Runs every depth of every case and reports every mismatch at once rather than stopping at the first.
fn run_suite(name: &str, text: &str, expected_chess960: bool) {
    let cases = load(text);
    assert!(!cases.is_empty(), "{name} holds positions");
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let mut position =
            Position::from_fen(&case.setup).unwrap_or_else(|error| panic!("{name}:{}: {error}", case.line));
        if expected_chess960 && position.castling_rights() != 0 {
            assert!(position.is_chess960(), "{name}:{}: Shredder-FEN castling selects Chess960", case.line);
        }
        for &(depth, expected) in &case.counts {
            let counted = perft(&mut position, depth);
            checked += 1;
            if counted != expected {
                failures.push(format!(
                    "{name}:{} depth {depth}: counted {counted}, expected {expected} ({})",
                    case.line, case.setup
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} perft counts wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn standard_suite_matches_every_count() {
    run_suite("perft.epd", include_str!("data/chess/perft.epd"), false);
}

#[test]
fn chess960_suite_matches_every_count() {
    run_suite("perft960.epd", include_str!("data/chess/perft960.epd"), true);
}
