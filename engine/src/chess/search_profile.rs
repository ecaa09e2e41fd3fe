//! How the search is tuned for chess: the shallow pruning the search was first tuned on, and the
//! hash move searched before the other moves are scored.

use super::Position;
use crate::profile::{Profile, SearchProfile, Singular};

impl SearchProfile for Position {
    /// Scoring the moves after the hash move gained +20 ±33 at fixed nodes.
    const PROFILE: Profile = Profile {
        probcut: None,
        even_reductions: false,
        scores_after_hash_move: true,
        table_min_depth: 0,
        singular: Some(Singular { min_depth: 8, margin: 2 }),
    };
}
