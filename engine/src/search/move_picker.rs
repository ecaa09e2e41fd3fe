//! The order a node tries its moves in: ordering keys (the hash move, captures by victim and
//! attacker and their capture history, killers, the counter move, quiet moves by their histories)
//! and the selection of the next move. Each ply's moves and keys live in the thread's
//! [`super::SearchState`], so a node's picker is its ply's two arrays and the index it has reached,
//! and nothing is copied.

use super::control::Control;
use super::histories::{continuation_rows, Histories, HISTORY_MAX};
use super::searcher::Searcher;
use crate::game::Game;

/// Ordering key of the hash move, above every other key.
const TT_MOVE_KEY: i32 = 3_000_000;
/// Ordering keys of captures (plus their victim-and-attacker order): winning ones, and captures
/// not yet checked by exchange evaluation, above the killers; losing ones below every quiet move.
const GOOD_CAPTURE_KEY: i32 = 2_000_000;
const BAD_CAPTURE_KEY: i32 = -2_000_000;
/// A capture's history is added to its key divided by this: at most a few pawns of victim, so it
/// orders captures within a victim and reorders victims of near value, and no more.
const CAPTURE_HISTORY_DIVISOR: i32 = 8;
/// The lowest key a capture not yet checked by exchange evaluation can have.
const UNCHECKED_CAPTURE_FLOOR: i32 = GOOD_CAPTURE_KEY - HISTORY_MAX / CAPTURE_HISTORY_DIVISOR;
/// Ordering keys of the killers, newest first, then of the counter move: above every other quiet
/// move. Alpha-beta reduces moves from [`COUNTER_MOVE_KEY`] up less.
const FIRST_KILLER_KEY: i32 = 1_000_001;
const SECOND_KILLER_KEY: i32 = 1_000_000;
pub(super) const COUNTER_MOVE_KEY: i32 = 999_999;

// A quiet move's key is its butterfly history plus two continuation histories.
const _: () = assert!(3 * HISTORY_MAX < COUNTER_MOVE_KEY && COUNTER_MOVE_KEY < SECOND_KILLER_KEY);
// A capture's history never takes an unchecked capture down among the killers.
const _: () = assert!(FIRST_KILLER_KEY < UNCHECKED_CAPTURE_FLOOR);

impl<G: Game, C: Control> Searcher<'_, '_, G, C> {
    /// Prepares `ply`'s freshly generated moves for [`Self::next_move`]: scores them all, or, where
    /// the game asks for it ([`Profile::scores_after_hash_move`]), only puts the hash move first, to
    /// be searched before the others are scored. Says whether the moves are scored.
    ///
    /// [`Profile::scores_after_hash_move`]: crate::profile::Profile::scores_after_hash_move
    pub(super) fn order_moves(&mut self, position: &G, tt_move: Option<u16>, ply: usize) -> bool {
        let scored = !(G::PROFILE.scores_after_hash_move && self.hoist_tt_move(ply, tt_move));
        if scored {
            self.score_moves(position, tt_move, ply, 0, self.state.move_lists[ply].len());
        }
        scored
    }

    /// The `index`-th move to try of the first `count` in `ply`'s list, scoring the moves after the
    /// hash move first if [`Self::order_moves`] left them unscored (`scored`).
    #[inline]
    pub(super) fn next_move(
        &mut self,
        position: &G,
        tt_move: Option<u16>,
        ply: usize,
        index: usize,
        count: usize,
        scored: &mut bool,
    ) -> G::Move {
        if !*scored && index > 0 {
            self.score_moves(position, tt_move, ply, 1, count);
            *scored = true;
        }
        if *scored {
            self.pick_checked(position, ply, index, count)
        } else {
            self.state.move_lists[ply][0]
        }
    }

    /// [`Self::next_move`] for a node that may not have generated its quiet moves yet
    /// (`quiets_pending`, see [`Profile::staged_quiets`]): once the best move left is a capture
    /// that loses material, or none is left, the quiet moves are appended and scored (only those
    /// that give check if `only_checks`), `count` grows to take them, and the selection goes on
    /// among all. `None` when every move is taken.
    ///
    /// [`Profile::staged_quiets`]: crate::profile::Profile::staged_quiets
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn next_staged_move(
        &mut self,
        position: &G,
        tt_move: Option<u16>,
        ply: usize,
        index: usize,
        count: &mut usize,
        scored: &mut bool,
        quiets_pending: &mut bool,
        only_checks: bool,
    ) -> Option<G::Move> {
        loop {
            if index < *count {
                let mv = self.next_move(position, tt_move, ply, index, *count, scored);
                if !*quiets_pending || self.state.move_keys[ply][index] >= UNCHECKED_CAPTURE_FLOOR {
                    return Some(mv);
                }
            } else if !*quiets_pending {
                return None;
            }
            *count = self.append_quiets(position, tt_move, ply, scored, only_checks);
            *quiets_pending = false;
        }
    }

    /// Appends `ply`'s quiet moves to its list, keeps only those that give check if `only_checks`
    /// (before scoring: a node whose futility prunes the others saves their scoring), and scores
    /// them (the other moves after the first too, if they were left unscored behind the hash
    /// move); returns the end of the moves to select from.
    fn append_quiets(
        &mut self,
        position: &G,
        tt_move: Option<u16>,
        ply: usize,
        scored: &mut bool,
        only_checks: bool,
    ) -> usize {
        let appended_from = self.state.move_lists[ply].len();
        let from = if *scored { appended_from } else { 1 };
        position.append_quiet_moves(&mut self.state.move_lists[ply]);
        let mut end = self.state.move_lists[ply].len();
        if only_checks {
            // The appended moves are all quiet: dropping the quiet ones keeps the checks (their
            // keys are written by the scoring below).
            end = self.drop_quiets(position, ply, appended_from, end, true);
        }
        self.score_moves(position, tt_move, ply, from, end);
        *scored = true;
        end
    }

    /// Removes the quiet moves from `ply`'s list between `from` and `to`, keeping the others (with
    /// their keys) in order, and the checks too if `keep_checks`, and returns the new end. Once a
    /// node prunes all its remaining quiet moves, selecting each of them only to skip it would
    /// cost a scan of the list apiece.
    pub(super) fn drop_quiets(
        &mut self,
        position: &G,
        ply: usize,
        from: usize,
        to: usize,
        keep_checks: bool,
    ) -> usize {
        let state = &mut *self.state;
        let (moves, keys) = (&mut state.move_lists[ply], &mut state.move_keys[ply]);
        let mut kept = from;
        for index in from..to {
            let mv = moves[index];
            if position.is_tactical(mv) || keep_checks && position.gives_check(mv) {
                moves[kept] = moves[index];
                keys[kept] = keys[index];
                kept += 1;
            }
        }
        kept
    }

    /// Puts the hash move, if it is in `ply`'s list, first with its ordering key, and says whether
    /// it was there; the other moves are left unscored (see [`Profile::scores_after_hash_move`]).
    /// The hash move then stands where [`Self::score_moves`] and [`Self::pick_at`] would put it: it
    /// has the one top key.
    ///
    /// [`Profile::scores_after_hash_move`]: crate::profile::Profile::scores_after_hash_move
    fn hoist_tt_move(&mut self, ply: usize, tt_move: Option<u16>) -> bool {
        let Some(tt_move) = tt_move else { return false };
        let state = &mut *self.state;
        let moves = &mut state.move_lists[ply];
        let Some(found) = moves.iter().position(|&mv| G::encode_move(mv) == tt_move) else {
            return false;
        };
        moves.swap(0, found);
        state.move_keys[ply][0] = TT_MOVE_KEY;
        true
    }

    /// Ordering keys of the moves from `from` on in `ply`'s list: the hash move, captures by victim
    /// and attacker and then their capture history, killers, quiet moves by history. Every capture
    /// starts among the winning ones; [`Self::pick_checked`] moves one that loses material below
    /// the quiet moves when it comes up.
    fn score_moves(&mut self, position: &G, tt_move: Option<u16>, ply: usize, from: usize, to: usize) {
        let state = &mut *self.state;
        let rows = continuation_rows(&state.played, ply);
        let histories = &state.histories;
        let killers = histories.killers(ply);
        let counter = histories.counter_move(rows);
        let moves: &[G::Move] = &state.move_lists[ply];
        for (mv, score) in moves[..to].iter().zip(state.move_keys[ply].iter_mut()).skip(from) {
            *score = if Some(G::encode_move(*mv)) == tt_move {
                TT_MOVE_KEY
            } else if position.is_tactical(*mv) {
                let slot =
                    Histories::<G>::capture_slot(position.history_index(*mv), position.victim_kind(*mv));
                let history = histories.capture_score(slot);
                GOOD_CAPTURE_KEY + position.tactical_order(*mv) + history / CAPTURE_HISTORY_DIVISOR
            } else if *mv == killers[0] {
                FIRST_KILLER_KEY
            } else if *mv == killers[1] {
                SECOND_KILLER_KEY
            } else if Some(*mv) == counter {
                COUNTER_MOVE_KEY
            } else {
                histories.quiet_score(position.history_index(*mv), rows)
            };
        }
    }

    /// Selection step over the first `count` moves of `ply`'s list: swaps the best remaining move
    /// into `index`.
    #[inline]
    fn pick_at(&mut self, ply: usize, index: usize, count: usize) -> G::Move {
        let state = &mut *self.state;
        pick(&mut state.move_lists[ply][..count], &mut state.move_keys[ply][..count], index)
    }

    /// Selection step that checks a capture's exchange only when the capture comes up: one that
    /// loses material takes a losing capture's key and the selection repeats. Most nodes are cut
    /// before their later captures come up, and their exchange evaluations would be wasted; the
    /// order is the same as if every capture had been checked while scoring, but for the order of
    /// moves with equal keys.
    fn pick_checked(&mut self, position: &G, ply: usize, index: usize, count: usize) -> G::Move {
        loop {
            let mv = self.pick_at(ply, index, count);
            let key = &mut self.state.move_keys[ply][index];
            if (UNCHECKED_CAPTURE_FLOOR..TT_MOVE_KEY).contains(key) && !position.see_at_least(mv, 0) {
                *key += BAD_CAPTURE_KEY - GOOD_CAPTURE_KEY;
                continue;
            }
            return mv;
        }
    }
}

/// Selection step: swaps the best remaining move into `index` (the first of equal keys stays
/// ahead, which the node counts depend on).
///
/// Two passes, the largest key and then the first place that holds it, rather than one that
/// tracks the best so far: each pass is a branch-free loop the compiler vectorizes, where the one
/// pass branched on every comparison of keys in no predictable order.
#[inline(always)]
fn pick<M: Copy>(moves: &mut [M], scores: &mut [i32], index: usize) -> M {
    let remaining = &scores[index..];
    let best_key = remaining.iter().fold(i32::MIN, |best, &key| best.max(key));
    let best = index + remaining.iter().position(|&key| key == best_key).unwrap_or(0);
    moves.swap(index, best);
    scores.swap(index, best);
    moves[index]
}
