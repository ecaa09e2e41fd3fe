//! The game-independent search, written once and monomorphized per game: no allocation and no
//! dynamic dispatch. Time, stop requests and output reach it through the small [`Control`] and
//! [`Reporter`] traits; what the game is, through [`Game`] and its [`SearchProfile`].
//!
//! One file per job, as in Stockfish and Viridithas:
//! - `iterative`: iterative deepening at the root, aspiration windows, MultiPV, reporting, and
//!   the entry point [`search`];
//! - `alpha_beta`: the principal variation search of every other node, with its pruning,
//!   reductions and extensions;
//! - `quiescence`: the search of captures at the horizon;
//! - `searcher`: one search's context and the steps alpha-beta and quiescence nodes share;
//! - `move_picker`: ordering keys and the selection of the next move;
//! - `histories`: killers, counter moves, butterfly, continuation and correction histories;
//! - `repetition`: the verdict on a repeated position (draws, perpetual check, chases);
//! - `state`: the per-thread memory all of these work in ([`SearchState`]);
//! - [`tt`]: the transposition table over a caller-provided slice;
//! - `tables`: the late-move reduction table `tablegen` builds.
//!
//! What each game tuned ([`Profile`]) is [`crate::profile`], re-exported here: the [`Game`] trait
//! needs it too, and it lives outside the search so that the game trait does not depend on the
//! search that depends on it.
//!
//! [`Game`]: crate::Game

mod alpha_beta;
mod control;
mod histories;
mod iterative;
mod limits;
mod move_picker;
mod quiescence;
mod repetition;
mod report;
mod searcher;
mod state;
mod tables;
pub mod tt;
pub mod tunables;

pub use crate::profile::{DeepProbes, ProbCut, Profile, SearchProfile, Singular};
pub use control::{Control, Iteration, LimitsOnly, Selectivity};
pub use iterative::search;
pub use limits::Limits;
pub use report::{Reporter, SearchInfo, SearchOutcome, Silent};
pub use state::SearchState;
pub use tt::{Bound, TranspositionTable, TtEntry};
