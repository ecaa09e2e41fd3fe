//! Every size of the core's fixed memory that a build can choose, in one place: the full build's,
//! sized for a desktop's caches, and the `compact` feature's, sized for a microcontroller with 64 KiB
//! of RAM (`docs/embedded.md` gives the budget these make up).
//!
//! The two sizes every game's code relies on, [`MAX_MOVES`] and [`HISTORY_SLOTS`], are the same in
//! both builds; the game trait re-exports them.
//!
//! None of these changes a rule. A smaller [`MAX_PLY`] bounds how deep a line the search follows and
//! how far away a mate it can score; the smaller tables make the search forget sooner. A compact
//! search is therefore weaker per node, never wrong.

/// Whether this build is the compact one.
pub const COMPACT: bool = cfg!(feature = "compact");

/// Most legal moves any position of any of the engine's games has, rounded up: bounds the move lists
/// and the search's per-move score arrays.
pub const MAX_MOVES: usize = 256;

/// Size of the history tables the search keeps; every game's `Game::history_index` fits (a moving
/// piece and its target: chess 12 x 64, xiangqi 14 x 90, Othello 64). Continuation histories are
/// indexed by two slots, so this also sizes a `HISTORY_SLOTS`² table: kept tight on purpose.
pub const HISTORY_SLOTS: usize = 1280;

/// Deepest ply the search can reach; bounds each ply's move list and key arrays, the principal
/// variations and the mate range. Sixteen plies hold a depth-8 search with its extensions and a
/// few captures of quiescence; deeper lines end at the static evaluation.
pub const MAX_PLY: usize = if COMPACT { 16 } else { 128 };

/// Positions of the game before the root that repetition detection keeps, plus the search's line.
/// The compact build keeps more than the 100 plies a fifty-move rule can reach back.
pub const KEY_HISTORY: usize = if COMPACT { 128 } else { 1024 };

/// Entries of the correction history (a power of two).
pub const CORRECTION_ENTRIES: usize = if COMPACT { 1 << 8 } else { 1 << 14 };

/// Whether the search corrects its evaluation by each side's pieces too: the compact search
/// corrects by the structure alone.
pub const PIECE_CORRECTION: bool = !COMPACT;

/// Entries of each side's piece correction history (a power of two, or none).
pub const PIECE_CORRECTION_ENTRIES: usize = if PIECE_CORRECTION { 1 << 14 } else { 0 };

/// Whether the search keeps a continuation history. Its table is `HISTORY_SLOTS x HISTORY_SLOTS`
/// `i16`s, over 3 MiB, so the compact search orders quiet moves by the butterfly history, the
/// killers and the counter move only.
pub const CONTINUATION_HISTORY: bool = !COMPACT;

/// Rows of the continuation history: one per history slot, or none.
pub const CONTINUATION_ROWS: usize = if CONTINUATION_HISTORY { HISTORY_SLOTS } else { 0 };

/// Kinds of piece a capture can take, as the capture history tells them apart: chess's six and
/// xiangqi's seven, with room for a tactical move that takes nothing (a chess promotion).
pub const VICTIM_KINDS: usize = 8;

/// Whether the search keeps a capture history, `HISTORY_SLOTS x VICTIM_KINDS` `i16`s (20 KiB): the
/// compact search orders captures by victim and attacker alone.
pub const CAPTURE_HISTORY: bool = !COMPACT;

/// Entries of the capture history: one per capturing piece, target square and victim, or none.
pub const CAPTURE_HISTORY_ENTRIES: usize = if CAPTURE_HISTORY { HISTORY_SLOTS * VICTIM_KINDS } else { 0 };

/// Entries of the chess pawn cache, 32 bytes each (a power of two): 128 KiB in the full build.
pub const PAWN_CACHE_ENTRIES: usize = if COMPACT { 1 << 5 } else { 1 << 12 };

/// Root moves the search keeps, with their principal variations. The full build keeps as many as
/// a move list holds. The compact one keeps 224, above the 218 that are the most any legal chess
/// position has (and xiangqi's and Othello's lists hold fewer); a position beyond that, which only
/// a contrived FEN can set up, is searched over its first 224 moves.
pub const ROOT_MOVES: usize = if COMPACT { 224 } else { MAX_MOVES };
