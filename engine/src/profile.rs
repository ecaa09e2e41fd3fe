//! Per-game search tuning: the choices of the search that are measured per game rather than
//! dictated by its rules. The rules' side (which prunings are sound, how repetitions end) stays on
//! [`Game`]; what was tuned against matches lives here, one [`Profile`] per game, defined next to
//! the game (`chess/search_profile.rs`, ...), so that retuning a game touches neither the trait nor
//! the search.
//!
//! A module of its own, below both [`Game`] (whose supertrait [`SearchProfile`] is) and the search
//! (which reads it), so that neither the game trait nor the search depends on the other through
//! it. The search re-exports it as `search::{Profile, ProbCut, SearchProfile}`.
//!
//! [`Game`]: crate::game::Game

/// What one game's measurements chose among the search's options. A plain const, read through
/// [`SearchProfile::PROFILE`]: every branch on it folds away when the search is monomorphized.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Multi-ProbCut in place of the shallow pruning tuned for chess (reverse futility, null move,
    /// futility, late-move, history and SEE pruning, internal iterative reductions), for games
    /// where a shallow search predicts a deep one well (Othello): those prunings judge a node by
    /// its static evaluation or its move count, and cost such a game more accuracy per node saved.
    /// `None` keeps them.
    pub probcut: Option<ProbCut>,
    /// Round late-move reductions down to an even number of plies, where searches whose depths
    /// differ by an odd number of plies disagree systematically (Othello: the side that moved last
    /// before the leaves stands better), so that a reduced search is not biased against the
    /// full-depth ones it is compared with.
    pub even_reductions: bool,
    /// Search a node's hash move before scoring its other moves, so that their order reads the
    /// histories the hash move's subtree just updated (and the scoring is saved when the hash move
    /// cuts). Whether that pays differs by game, so each game's profile says what it measured.
    pub scores_after_hash_move: bool,
    /// Generate a node's quiet moves only once its hash move and winning captures are searched
    /// ([`Game::append_quiet_moves`]), outside check: most nodes are cut before, and their quiet
    /// moves were generated and scored for nothing. The order of moves is the same but for moves
    /// of equal keys.
    ///
    /// [`Game::append_quiet_moves`]: crate::game::Game::append_quiet_moves
    pub staged_quiets: bool,
    /// The shallowest depth whose nodes probe and store the transposition table (the quiescence
    /// search is depth 0). Where the horizon is the static evaluation alone and leaves are most of
    /// the nodes (Othello), an entry there saves less than the cache miss of probing for it.
    pub table_min_depth: i32,
    /// Singular extensions (and their multi-cut): from which depth, and with what margin; `None`
    /// for none.
    pub singular: Option<Singular>,
    /// Prune a quiet move that gives check ([`Game::gives_check`]) only as a losing capture is
    /// pruned, never by the futility, history or quiet-SEE rules, which judge a move by what it
    /// wins in material or history: a check's worth is the reply it forces, which a mate shows
    /// only plies later. Late-move pruning still drops it with the other quiet moves.
    ///
    /// [`Game::gives_check`]: crate::game::Game::gives_check
    pub spares_quiet_checks: bool,
}

/// Singular extensions: at a node of at least `min_depth` whose hash move holds a lower bound,
/// the other moves are searched at half the depth against the hash move's score less `margin` a
/// ply of depth; when all of them fail low the hash move is the only good one and is searched a
/// ply deeper, and when they reach beta anyway the node is cut (multi-cut).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Singular {
    /// Shallowest depth that is tested.
    pub min_depth: i32,
    /// Evaluation units a ply of depth below the hash move's score.
    pub margin: i32,
}

/// A game's search tuning: its [`Profile`], and the one tuned quantity that depends on the
/// position. A supertrait of [`Game`], so the search reaches it through its `G: Game` bound alone.
///
/// [`Game`]: crate::game::Game
pub trait SearchProfile {
    /// The game's choices among the search's options.
    const PROFILE: Profile;

    /// The standard deviation, in evaluation units, of a `depth`-ply search's score minus that of
    /// a [`ProbCut::shallow_depth`] search of this position: the unit of ProbCut's margins. Only
    /// asked when [`Profile::probcut`] is set; the default makes margins no probe clears.
    fn probcut_sigma(&self, _depth: i32) -> i32 {
        i32::MAX / 4
    }
}

/// Buro's Multi-ProbCut: a null-window search [`ProbCut::shallow_depth`] plies deep whose score
/// lies beyond beta (or below alpha) by `confidence` standard deviations of the difference between
/// the two depths' scores ([`SearchProfile::probcut_sigma`]) ends the node without the deep search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbCut {
    /// Shallowest depth that is probed.
    pub min_depth: i32,
    /// Standard deviations a probe must clear, in hundredths.
    pub confidence: i32,
    /// A different confidence for the deep nodes, from a set depth on: a cut there saves a
    /// subtree many times the size of a shallow node's, and a clock's searches spend most of
    /// their time under such nodes, while a fixed shallow depth never reaches them. `None`: one
    /// confidence at every depth.
    pub deep: Option<DeepProbes>,
    /// A gate on the probes by the node's static evaluation, in hundredths of the probe's margin:
    /// a probe above beta only where the evaluation already stands this far above beta, one below
    /// alpha only where it stands this far below alpha (Edax gates its probes too, more loosely: a
    /// negative gate). A probe the evaluation does not back nearly always fails, and a failing
    /// probe is the expensive kind of null-window search, the one that tries every move; skipping
    /// it costs no accuracy, since the node is then searched in full. `None`: every node probes.
    pub eval_gate: Option<i32>,
}

/// The confidence of [`ProbCut`]'s deep nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeepProbes {
    /// Shallowest depth that takes this confidence.
    pub from_depth: i32,
    /// Standard deviations a probe must clear there, in hundredths.
    pub confidence: i32,
}

impl ProbCut {
    /// The probe's depth: about half the depth and of the same parity, since an odd and an even
    /// depth disagree systematically in games where moving last gains (see
    /// [`Profile::even_reductions`]).
    pub const fn shallow_depth(depth: i32) -> i32 {
        2 * (depth / 4) + (depth & 1)
    }

    /// The confidence a probe at `depth` must clear, in hundredths of a standard deviation.
    pub const fn confidence_at(&self, depth: i32) -> i32 {
        match self.deep {
            Some(deep) if depth >= deep.from_depth => deep.confidence,
            _ => self.confidence,
        }
    }

    /// How far beyond the bound a probe at `depth` must land, in evaluation units, for a
    /// deviation `sigma`.
    pub const fn margin(&self, sigma: i32, depth: i32) -> i32 {
        sigma.saturating_mul(self.confidence_at(depth)) / 100
    }

    /// Whether a probe beyond `bound` (above beta where `high`, else below alpha) is worth its
    /// search at a node whose static evaluation is `eval` and whose probes clear `margin` (see
    /// [`ProbCut::eval_gate`]).
    pub const fn worth_probing(&self, high: bool, eval: i32, bound: i32, margin: i32) -> bool {
        match self.eval_gate {
            None => true,
            Some(gate) => {
                let lead = margin.saturating_mul(gate) / 100;
                if high {
                    eval >= bound.saturating_add(lead)
                } else {
                    eval <= bound.saturating_sub(lead)
                }
            }
        }
    }
}
