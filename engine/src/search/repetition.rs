//! Repetitions inside the search: the positions of the game and of the current line, and the
//! verdict on a position that repeats one of them. A draw, except where the game's rules say
//! otherwise: perpetual check loses ([`Game::PERPETUAL_CHECK_LOSES`]), and so may perpetual chasing
//! ([`Game::JUDGES_CHASES`]). Also the look-ahead that counts a repetition the side to move can
//! play at once ([`Game::DETECTS_UPCOMING_REPETITION`]).

use super::control::Control;
use super::searcher::Searcher;
use super::state::{RepetitionKeys, KEY_HISTORY};
use crate::game::{CycleVerdict, Game};
use crate::history::{PastPosition, NO_MOVE};
use crate::score::{Score, MAX_PLY};

/// Longest repetition cycle the chase rule replays; longer ones are draws. Xiangqi's 60-move rule
/// ends a game after 120 plies without a capture, a few more with checks discounted.
const MAX_CYCLE_PLIES: usize = 256;

/// Fills `keys` with the positions played before `root` (`game_keys`, oldest first, as many of
/// the newest as leave room for a line of [`MAX_PLY`] plies) and `root` itself, each with the move
/// that led to it.
pub(super) fn remember_game<G: Game>(keys: &mut RepetitionKeys, root: &G, game_keys: &[PastPosition]) {
    keys.clear();
    let first_kept = game_keys.len().saturating_sub(KEY_HISTORY - MAX_PLY - 1);
    let arrival = |index: usize| index.checked_sub(1).map_or(NO_MOVE, |before| game_keys[before].played);
    for (index, past) in game_keys.iter().enumerate().skip(first_kept) {
        keys.push_arrived(past.key, past.in_check, arrival(index));
    }
    let root_in_check = G::PERPETUAL_CHECK_LOSES && root.in_check();
    keys.push_arrived(root.hash(), root_in_check, arrival(game_keys.len()));
}

impl<G: Game, C: Control> Searcher<'_, '_, G, C> {
    /// Pushes the position just reached by `arrived_by` (encoded; [`NO_MOVE`] after a null move) onto
    /// the repetition history, with its check status only where the game's rules judge perpetual
    /// check (elsewhere that costs a check test for nothing).
    #[inline]
    pub(super) fn remember(&mut self, position: &G, arrived_by: u16) {
        let past = PastPosition::of(position);
        self.state.keys.push_arrived(past.key, past.in_check, arrived_by);
    }

    /// The score of a position that repeats one earlier in the game or the search, `ply` plies from
    /// the root, if it does: a draw, except under a perpetual-check rule, where the side that gave
    /// check with every move of the cycle (and was not checked throughout itself) loses, and under
    /// a chase rule, which the game judges over the cycle's moves when nobody checked throughout.
    pub(super) fn repetition_score(&self, position: &G, ply: usize) -> Option<Score> {
        let keys = &self.state.keys;
        let back = keys.previous_occurrence(position.hash(), position.reversible_plies())?;
        if !G::PERPETUAL_CHECK_LOSES {
            return Some(self.draw_score(ply));
        }
        // Positions `0, 2, ..` back have the side to move now to move (checked by the opponent's
        // moves); `1, 3, ..` the opponent (checked by ours).
        let checked_by_opponent = keys.checked_throughout(0, back);
        let checked_by_us = keys.checked_throughout(1, back);
        Some(match (checked_by_opponent, checked_by_us) {
            (true, false) => Score::mate_in(ply),
            (false, true) => Score::mated_in(ply),
            (true, true) => self.draw_score(ply),
            (false, false) => self.chase_score(position, back, ply),
        })
    }

    /// True if the side to move, `ply` plies from the root, has a move back to a position played
    /// earlier in the game or the search, since the last irreversible move and the last null move
    /// (a line through a null move is no game). The caller counts that as at least a draw of 0,
    /// which is no bound where the control values draws below 0 for this side: then false, and
    /// the search finds the repetition by playing it.
    #[inline]
    pub(super) fn can_repeat(&self, position: &G, ply: usize) -> bool {
        if self.draw_score(ply) < Score::DRAW {
            return false;
        }
        let reversible = position.reversible_plies();
        if reversible < 3 {
            return false;
        }
        let since_null = (1..=ply).rev().take_while(|&at| self.state.played[at].is_some()).count();
        let window = if since_null < ply { reversible.min(since_null) } else { reversible };
        self.state.keys.any_returnable(window, |earlier| position.reaches_in_one_move(earlier))
    }

    /// The score of a repetition `back` plies long in which nobody checked throughout, by the game's
    /// chase rule (a draw where the game has none, or the cycle cannot be replayed).
    fn chase_score(&self, position: &G, back: usize, ply: usize) -> Score {
        if !G::JUDGES_CHASES || !self.judge_chases {
            return self.draw_score(ply);
        }
        let mut buffer = [NO_MOVE; MAX_CYCLE_PLIES];
        let Some(cycle) = self.state.keys.moves_since(back, &mut buffer) else {
            return self.draw_score(ply);
        };
        match position.judge_repetition_cycle(cycle) {
            CycleVerdict::Draw => self.draw_score(ply),
            CycleVerdict::SideToMoveWins => Score::mate_in(ply),
            CycleVerdict::SideToMoveLoses => Score::mated_in(ply),
        }
    }
}
