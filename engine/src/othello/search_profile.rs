//! How the search is tuned for Othello: Multi-ProbCut in place of chess's shallow pruning, even
//! reductions and singular extensions from depth 4, all measured against NTest
//! (`docs/matches/`).

use super::Position;
use crate::profile::{DeepProbes, ProbCut, Profile, SearchProfile, Singular};

impl SearchProfile for Position {
    /// Othello's positions are judged well by a shallow search, so Multi-ProbCut (at 1.5 standard
    /// deviations, 1.1 from depth 9, its probes gated by the static evaluation) replaces chess's
    /// shallow pruning; reductions stay even so that a depth keeps its parity; the leaves stay out
    /// of the table; singular extensions start at depth 4, where a depth-8 search has inner nodes.
    /// Each value is the one that measured best against NTest at fixed depths and at equal time
    /// (the November match log's Othello sections).
    const PROFILE: Profile = Profile {
        probcut: Some(ProbCut {
            min_depth: 3,
            confidence: 150,
            deep: Some(DeepProbes { from_depth: 9, confidence: 110 }),
            eval_gate: Some(50),
        }),
        even_reductions: true,
        scores_after_hash_move: false,
        staged_quiets: false,
        table_min_depth: 1,
        singular: Some(Singular { min_depth: 4, margin: 2 }),
        spares_quiet_checks: false, // no checks in Othello
    };

    /// Measured on 567 positions of the engine's games (full-width searches to depth 10, each
    /// depth against its probe's): the deviation falls from about 3.4 discs at 16-30 empties to
    /// 1.9 at 43-54 and grows a little with depth.
    fn probcut_sigma(&self, depth: i32) -> i32 {
        (475 - 6 * self.empties() as i32 + 15 * depth).max(150)
    }
}
