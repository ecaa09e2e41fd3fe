//! What bounds one search: a leaf every search file can import without going through the module
//! that re-exports them all.

/// What bounds one search, besides the [`Control`](super::control::Control)'s clock and stop flag.
#[derive(Clone, Copy, Debug)]
pub struct Limits<'a, M> {
    /// Deepest iteration (plies); `None` for no limit.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is proved.
    pub mate: Option<u32>,
    /// Principal variations to report, best first (UCI `MultiPV`).
    pub multipv: usize,
    /// Only these root moves are searched (UCI `searchmoves`); empty for all.
    pub searchmoves: &'a [M],
    /// Apply the game's chase rule ([`crate::game::Game::JUDGES_CHASES`]); `false` scores a
    /// perpetual chase as a draw, for arbiters that do not judge chases.
    pub judge_chases: bool,
}

impl<M> Default for Limits<'_, M> {
    fn default() -> Self {
        Limits { depth: None, nodes: None, mate: None, multipv: 1, searchmoves: &[], judge_chases: true }
    }
}
