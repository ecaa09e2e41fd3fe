//! The xiangqi evaluation's memory per search thread ([`Game::EvalCache`]): the network's stack of
//! accumulators, and which evaluation the search uses: the network (the shell's `Use NNUE` and
//! `EvalFile`), else the linear evaluation with all its terms or fewer (UCCI's `knowledge`).
//!
//! [`Game::EvalCache`]: crate::Game::EvalCache

use super::eval::EvalTerms;
use super::nnue::{Accumulator, Network, HIDDEN};
use super::position::Position;
use types::nnue::XIANGQI_INPUTS;

/// Per-thread memory of the xiangqi evaluation. A fresh one evaluates with the linear evaluation,
/// every term of it; [`EvalCache::set_network`] switches to a network.
#[derive(Default)]
pub struct EvalCache {
    pub(super) network: crate::nnue::NetworkCache<Position, XIANGQI_INPUTS, HIDDEN>,
    /// The linear evaluation's terms the search uses where it has no network.
    pub(super) terms: EvalTerms,
}

impl EvalCache {
    /// Evaluate with `network` from the next search on, or with the linear evaluation for `None`.
    pub fn set_network(&mut self, network: Option<&'static Network>) {
        self.network.set_network(network);
    }

    /// The network the search evaluates with, `None` for the linear evaluation.
    pub fn network(&self) -> Option<&'static Network> {
        self.network.network()
    }

    /// Without a network, evaluate with `terms` of the linear evaluation from the next search on.
    pub fn set_terms(&mut self, terms: EvalTerms) {
        self.terms = terms;
    }

    /// The network's accumulators at the current ply of the line the cache follows, which must be
    /// `position` (`None` with the linear evaluation): what the tests compare with a fresh
    /// computation.
    pub fn accumulator(&mut self, position: &Position) -> Option<&Accumulator> {
        self.network.accumulator(position)
    }
}
