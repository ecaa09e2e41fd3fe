//! The fuzz targets by name: one per parser and one per protocol session. `fuzz_targets/NAME.rs`
//! hands libFuzzer's bytes to [`run`], and the replay test hands it every file of
//! `corpus/NAME/` and `regressions/NAME/`, so both check an input the same way.

use crate::{parsers, session};

/// Every target, as `cargo fuzz` names it (a parser's name with `_` for `-`; `PROTOCOL_session`).
pub const TARGETS: [&str; 15] = [
    "chess_fen",
    "chess_move",
    "xiangqi_fen",
    "xiangqi_move",
    "othello_board",
    "othello_move",
    "ggf",
    "uci_line",
    "ucci_line",
    "clock",
    "lenient_fen",
    "uci_session",
    "ucci_session",
    "nboard_session",
    "gtp_session",
];

/// Runs one input of `target`; panics with a report if a check fails (libFuzzer keeps the input as
/// a crash).
pub fn run(target: &str, data: &[u8]) {
    match target.strip_suffix("_session") {
        Some(protocol) => session::fuzz_one(protocol, data),
        None => parsers::fuzz_one(&target.replace('_', "-"), data),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parser_target_has_a_fuzz_target() {
        for parser in parsers::TARGETS {
            assert!(TARGETS.contains(&parser.replace('-', "_").as_str()), "{parser}");
        }
    }
}
