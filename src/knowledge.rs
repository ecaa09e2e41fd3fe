//! How much of its evaluation a search uses (UCCI's `knowledge`): a search setting that each game
//! interprets ([`crate::games::Variant::set_knowledge`]), so it sits below both the games and the
//! controller.

use crate::nnue::SearchNetworks;

/// How much of its evaluation a search uses, least first (UCCI's `knowledge`): less knows less
/// and costs less per node. A game without the smaller evaluations uses its hand-crafted one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Knowledge {
    /// Material alone.
    Material,
    /// Material and piece-square tables.
    Tables,
    /// The game's hand-crafted evaluation, whatever `Use NNUE` says.
    HandCrafted,
    /// The evaluation `Use NNUE` chooses: the game's network, or its hand-crafted evaluation.
    #[default]
    Full,
}

impl Knowledge {
    /// The networks a search evaluates with, of those `Use NNUE` would have it use: none below
    /// the full evaluation.
    pub fn networks(self, networks: SearchNetworks) -> SearchNetworks {
        match self {
            Knowledge::Full => networks,
            _ => SearchNetworks::default(),
        }
    }
}
