//! The chess evaluation's memory per search thread ([`Game::EvalCache`]): the pawn cache of the
//! hand-crafted evaluation, the network's accumulator stack, which of the two evaluations the
//! search uses (the shell's `Use NNUE` and `EvalFile`), and the endgame tables it may ask
//! (`SyzygyPath`), the exact evaluation of the positions they hold.
//!
//! [`Game::EvalCache`]: crate::Game::EvalCache

use super::eval::PawnCache;
#[cfg(not(feature = "compact"))]
use super::nnue::{Accumulator, Network, HIDDEN};
#[cfg(not(feature = "compact"))]
use super::position::Position;
use super::tablebase::EndgameTables;

/// The network's side of the cache: its accumulator stack, about 1 KiB a ply.
#[cfg(not(feature = "compact"))]
type NetworkCache = crate::nnue::NetworkCache<Position, { types::nnue::INPUTS }, HIDDEN>;
/// The compact build evaluates with the hand-crafted evaluation only: the network's 393 KiB of
/// weights fit no microcontroller's flash, and its accumulators would take a quarter of the RAM.
#[cfg(feature = "compact")]
type NetworkCache = crate::nnue::NoNetwork;

/// Per-thread memory of the chess evaluation. A fresh one evaluates with the hand-crafted
/// evaluation; [`EvalCache::set_network`] switches to a network.
#[derive(Default)]
pub struct EvalCache {
    pub(super) pawns: PawnCache,
    pub(super) network: NetworkCache,
    pub(super) tables: Option<EndgameTables>,
}

impl EvalCache {
    /// Probe `tables` in the next searches (`None`: none).
    pub fn set_tables(&mut self, tables: Option<EndgameTables>) {
        self.tables = tables;
    }
}

#[cfg(not(feature = "compact"))]
impl EvalCache {
    /// Evaluate with `network` from the next search on, or with the hand-crafted evaluation for
    /// `None`.
    pub fn set_network(&mut self, network: Option<&'static Network>) {
        self.network.set_network(network);
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
