//! The chess evaluation's memory per search thread ([`Game::EvalCache`]): the pawn cache of the
//! hand-crafted evaluation, the network's accumulator stack, which of the two evaluations the
//! search uses (the shell's `Use NNUE` and `EvalFile`), and the endgame tables it may ask
//! (`SyzygyPath`), the exact evaluation of the positions they hold.
//!
//! [`Game::EvalCache`]: crate::Game::EvalCache

use super::eval::PawnCache;
use super::nnue::{Accumulator, Network, HIDDEN};
use super::position::Position;
use super::tablebase::EndgameTables;

/// Per-thread memory of the chess evaluation. A fresh one evaluates with the hand-crafted
/// evaluation; [`EvalCache::set_network`] switches to a network.
#[derive(Default)]
pub struct EvalCache {
    pub(super) pawns: PawnCache,
    pub(super) network: crate::nnue::NetworkCache<Position, { types::nnue::INPUTS }, HIDDEN>,
    pub(super) tables: Option<EndgameTables>,
}

impl EvalCache {
    /// Evaluate with `network` from the next search on, or with the hand-crafted evaluation for
    /// `None`.
    pub fn set_network(&mut self, network: Option<&'static Network>) {
        self.network.set_network(network);
    }

    /// Probe `tables` in the next searches (`None`: none).
    pub fn set_tables(&mut self, tables: Option<EndgameTables>) {
        self.tables = tables;
    }

    /// The network the search evaluates with, `None` for the hand-crafted evaluation.
    pub fn network(&self) -> Option<&'static Network> {
        self.network.network()
    }

    /// The network's accumulators at the current ply of the line the cache follows, which must be
    /// `position` (`None` with the hand-crafted evaluation): what the tests compare with a fresh
    /// computation.
    pub fn accumulator(&mut self, position: &Position) -> Option<&Accumulator> {
        self.network.accumulator(position)
    }
}
