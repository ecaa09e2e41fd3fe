//! How the search is tuned for Othello: Multi-ProbCut in place of chess's shallow pruning, even
//! reductions and singular extensions from depth 4, all measured against NTest
//! (`docs/matches.md`).

use super::Position;
use crate::profile::{DeepProbes, ProbCut, Profile, SearchProfile, Singular};

impl SearchProfile for Position {
    /// ProbCut at 1.5 standard deviations: with the even reductions, nearly the full-width
    /// search's score against NTest over depths 6-9 (46.5% against 47.9%) for a ninth of its nodes;
    /// 2.0 scored within the noise of it at a fixed depth, for half as many nodes again, and lost
    /// at equal time (-67 ±66 at 6 s a game). Scoring the moves after the hash move lost at fixed
    /// depths (45.9% against 48.5% against NTest at depths 6-9). The table from depth 1 (the leaves
    /// stay out of it): from depth 2 the time to depth 12 was 1.25x shorter at 30 and 40 empties
    /// and longer at 52, 5% shorter over whole games at depth 12 against NTest, for up to half as
    /// many nodes again in `othello bench`; not worth the hash move one ply above the horizon.
    /// Singular extensions from depth 4 (chess's 8 never reached a depth-8 search's inner nodes):
    /// against NTest 68.3% at depth 8 and 66.1% at depth 10 where depth 8 scored 49.0% and 52.2%,
    /// and 56.0% against depth 8 at equal time (5 s a game); none at all lost at equal time
    /// (45.7%) for half the nodes to depth 12. Depths 2, 3 and 6 scored within the noise of 4 at
    /// fixed depths, for more nodes (2 and 3) or less gain (6). The probes gated at half their
    /// margin beyond the bound: nodes to depths 12-16 at 28, 36 and 44 empties 34-41% fewer (a
    /// gate at the bound itself saved 21-28%, at minus half the margin 1-6%, Edax's side), for
    /// 63.7% against NTest at depth 10 where the ungated search scored 66.1%, within the noise;
    /// 58.7% (+61, +17..+106) against the ungated search at equal time (5 s a game). From depth
    /// 9 the probes clear 1.1 standard deviations: 55.8% against NTest on a 30 s clock (NTest at
    /// depth 20, the depth nearest to equal time), 68.0% at depth 10, and at depth 8 the search
    /// is the same as before (62.5%); 1.1 at every depth scored 58.7% at depth 8.
    const PROFILE: Profile = Profile {
        probcut: Some(ProbCut {
            min_depth: 3,
            confidence: 150,
            deep: Some(DeepProbes { from_depth: 9, confidence: 110 }),
            eval_gate: Some(50),
        }),
        even_reductions: true,
        scores_after_hash_move: false,
        table_min_depth: 1,
        singular: Some(Singular { min_depth: 4, margin: 2 }),
    };

    /// Measured on 567 positions of the engine's games (full-width searches to depth 10, each
    /// depth against its probe's): the deviation falls from about 3.4 discs at 16-30 empties to
    /// 1.9 at 43-54 and grows a little with depth.
    fn probcut_sigma(&self, depth: i32) -> i32 {
        (475 - 6 * self.empties() as i32 + 15 * depth).max(150)
    }
}
