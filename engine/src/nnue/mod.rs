//! The networks' inference (NNUE), once for every game that has a network: a perspective network
//! (`INPUTS` -> `HIDDEN`) x 2 -> 1 with a squared clipped ReLU, trained by `tuner train` on
//! positions and labels of the engine's own games, with `i16` accumulators updated incrementally
//! and a few integer SIMD loops.
//!
//! - **Generic over the game.** [`Network`] is sized by its inputs and width (const generics: no
//!   allocation, no dispatch), [`Accumulator`], [`AccumulatorStack`] and [`NetworkCache`] run any
//!   game that is a [`Board`]: its feature function (`types::nnue`), its pieces and its side to
//!   move. A game's own module keeps only its glue: the [`Change`] of a move, the `Board` impl,
//!   its embedded network (`chess::nnue`, `xiangqi::nnue`) and its `Game` impl's `*_cached` moves.
//! - **Accumulators** ([`accumulator`]): one entry per ply of the search's line, updated lazily
//!   by the pieces each move moved; a game's `EvalCache` owns the stack (in a [`NetworkCache`])
//!   and the search pushes and pops it through the `Game` trait's `*_cached` moves.
//! - **Output**: `(sum(clamp(acc, 0, QA)^2 * w) / QA + b) * SCALE / (QA * QB)` centipawns, `w`
//!   and `b` those of the position's output bucket (its piece count; one bucket in a network of
//!   one output)
//!   (`types::nnue`, which the trainer and `tablegen` share).
//! - **SIMD** ([`simd`]): AVX2 when the shell has seen it on the CPU, portable loops elsewhere,
//!   the same integers on both.

pub mod accumulator;
mod board;
mod network;
pub mod simd;

pub use accumulator::{Accumulator, AccumulatorStack, Change};
pub use board::Board;
pub use network::{LoadError, Network};

/// A game's embedded network, expanded in its `weights.rs`: the source `tablegen` generated for the
/// committed file (`HIDDEN`, `BUCKETS`, `MIRRORED`, `FILE_BYTES` and `FILE` through
/// `include_bytes!`, from `engine/build.rs`),
/// the checks of its shape at compile time (`static_assertions`: the size, the width, the whole
/// [`Format::check`](types::nnue::Format::check)), and `EMBEDDED`, the game's `Network` decoded from
/// the little-endian bytes at compile time (the same numbers on any target, no alignment assumed).
macro_rules! embedded_network {
    ($source:literal, $format:expr) => {
        include!(concat!(env!("OUT_DIR"), "/", $source));

        static_assertions::const_assert_eq!(
            FILE_BYTES,
            $format.file_bytes(types::nnue::Layout { hidden: HIDDEN, buckets: BUCKETS, mirrored: MIRRORED })
        );
        static_assertions::const_assert!(
            HIDDEN % types::nnue::HIDDEN_STEP == 0 && HIDDEN <= types::nnue::MAX_HIDDEN
        );
        static_assertions::const_assert!(matches!(
            $format.check(FILE),
            Ok(types::nnue::Layout { hidden: HIDDEN, buckets: BUCKETS, mirrored: MIRRORED })
        ));
        static_assertions::const_assert_eq!(core::mem::size_of::<Network>() % 64, 0);

        /// The network the engine ships with, decoded once, at compile time.
        pub static EMBEDDED: Network = Network::decode($format, FILE);
    };
}
pub(crate) use embedded_network;

/// The [`Game`](crate::Game) methods of a game whose evaluation cache follows the moves with a
/// network's accumulators (`cache.network`), written once for chess and xiangqi: the root sets the
/// stack's base, each move or null move pushes its change (computed only if the network is on),
/// each unmake pops it. Expanded in the game's `impl Game`, where `nnue`, `Position`, `Move`,
/// `Undo` and `EvalCache` are the game's own.
macro_rules! network_cached_moves {
    () => {
        fn set_eval_root(&self, cache: &mut EvalCache) {
            cache.network.set_root(self);
        }

        #[inline(always)]
        fn make_move_cached(&mut self, mv: Move, cache: &mut EvalCache) -> Undo {
            cache.network.push(|| nnue::change_of(self, mv));
            Position::make_move(self, mv)
        }

        #[inline(always)]
        fn unmake_move_cached(&mut self, mv: Move, undo: Undo, cache: &mut EvalCache) {
            Position::unmake_move(self, mv, undo);
            cache.network.pop();
        }

        #[inline(always)]
        fn make_null_move_cached(&mut self, cache: &mut EvalCache) -> Undo {
            cache.network.push(|| nnue::Change::NONE);
            Position::make_null_move(self)
        }

        #[inline(always)]
        fn unmake_null_move_cached(&mut self, undo: Undo, cache: &mut EvalCache) {
            Position::unmake_null_move(self, undo);
            cache.network.pop();
        }
    };
}
pub(crate) use network_cached_moves;

/// The network's evaluation of `position` in centipawns from the side to move, computed from
/// scratch (unclamped): what the search's incremental accumulators must always agree with.
pub fn evaluate<B: Board, const INPUTS: usize, const HIDDEN: usize>(
    position: &B,
    network: &Network<INPUTS, HIDDEN>,
) -> i32 {
    let mut accumulator = Accumulator::ZERO;
    accumulator.refresh(position, network);
    accumulator.evaluate(position.side_to_move_index(), position.piece_count(), network)
}

/// The compact build's stand-in for a [`NetworkCache`]: a game whose networks do not fit the
/// board's memory evaluates with its own evaluation, and its `*_cached` moves cost nothing. It has
/// the cache's search-side methods, so the game's `Game` impl reads the same in both builds.
#[derive(Default)]
pub struct NoNetwork;

impl NoNetwork {
    /// Always `None`: the game's own evaluation.
    #[inline(always)]
    pub fn evaluate<B>(&mut self, _position: &B) -> Option<i32> {
        None
    }

    /// Nothing to set up.
    #[inline(always)]
    pub fn set_root<B>(&mut self, _position: &B) {}

    /// Nothing follows the line.
    #[inline(always)]
    pub fn push(&mut self, _change: impl FnOnce() -> Change) {}

    /// Nothing follows the line.
    #[inline(always)]
    pub fn pop(&mut self) {}
}

/// What a game's per-thread evaluation cache keeps for its network: the network the search
/// evaluates with (`None`: the game's own evaluation) and the stack of accumulators that follows
/// the search's line. The game's `Game` impl calls these from its `*_cached` moves.
pub struct NetworkCache<B, const INPUTS: usize, const HIDDEN: usize> {
    accumulators: AccumulatorStack<B, HIDDEN>,
    network: Option<&'static Network<INPUTS, HIDDEN>>,
}

impl<B, const INPUTS: usize, const HIDDEN: usize> Default for NetworkCache<B, INPUTS, HIDDEN> {
    fn default() -> Self {
        NetworkCache { accumulators: AccumulatorStack::default(), network: None }
    }
}

impl<B: Board, const INPUTS: usize, const HIDDEN: usize> NetworkCache<B, INPUTS, HIDDEN> {
    /// Evaluate with `network` from the next search on, or with the game's own evaluation for
    /// `None`.
    pub fn set_network(&mut self, network: Option<&'static Network<INPUTS, HIDDEN>>) {
        self.network = network;
    }

    /// The network the search evaluates with, `None` for the game's own evaluation.
    #[inline(always)]
    pub fn network(&self) -> Option<&'static Network<INPUTS, HIDDEN>> {
        self.network
    }

    /// The network's evaluation of `position`, the current ply of the line (unclamped), or `None`
    /// without a network.
    #[inline(always)]
    pub fn evaluate(&mut self, position: &B) -> Option<i32> {
        // Debug builds compare every such evaluation with a fresh one (in the stack's `evaluate`).
        let network = self.network?;
        Some(self.accumulators.evaluate(position, network))
    }

    /// The search starts at `position`: the root's accumulators from scratch.
    pub fn set_root(&mut self, position: &B) {
        if let Some(network) = self.network {
            self.accumulators.reset(position, network);
        }
    }

    /// A move is being made that changes what `change` says (called only with a network, so
    /// the hand-crafted evaluation pays nothing for it).
    #[inline(always)]
    pub fn push(&mut self, change: impl FnOnce() -> Change) {
        if self.network.is_some() {
            self.accumulators.push(change());
        }
    }

    /// The last move (or null move) was taken back.
    #[inline(always)]
    pub fn pop(&mut self) {
        if self.network.is_some() {
            self.accumulators.pop();
        }
    }

    /// The accumulators at the current ply of the line, which must be `position` (`None` without a
    /// network): what the tests compare with a fresh computation.
    pub fn accumulator(&mut self, position: &B) -> Option<&Accumulator<HIDDEN>> {
        let network = self.network?;
        Some(self.accumulators.current(position, network))
    }
}
