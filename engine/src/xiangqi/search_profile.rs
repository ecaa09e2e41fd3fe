//! How the search is tuned for xiangqi: chess's shallow pruning, every move scored at once.

use super::Position;
use crate::profile::{Profile, SearchProfile, Singular};

impl SearchProfile for Position {
    /// Scoring the moves after the hash move, as chess does, lost -30 ±41 at fixed nodes. Staging
    /// the quiet moves cost 3.9% more instructions a node in the bench (the generator's set-up,
    /// the pins, runs twice at a node that needs its quiet moves). Sparing the quiet checks from
    /// futility gained +51 ±38 at fixed nodes.
    const PROFILE: Profile = Profile {
        probcut: None,
        even_reductions: false,
        scores_after_hash_move: false,
        staged_quiets: false,
        table_min_depth: 0,
        singular: Some(Singular { min_depth: 8, margin: 2 }),
        spares_quiet_checks: true,
    };
}
