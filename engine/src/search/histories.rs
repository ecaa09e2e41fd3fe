//! What a search thread learns about move order and about its evaluation's errors, and how a search
//! updates it: killers, counter moves, the butterfly and continuation histories of quiet moves, the
//! capture history, and the correction histories of static evaluations. (The game's past positions,
//! for repetitions, are [`crate::history`], another thing.)
//!
//! The tables outlive a search: the next search of the same game starts from them, and only
//! [`Histories::clear`] (UCI `ucinewgame`) forgets them.

use core::mem::MaybeUninit;
use core::ptr::addr_of_mut;

use crate::footprint::{
    CAPTURE_HISTORY, CAPTURE_HISTORY_ENTRIES, CONTINUATION_HISTORY, CONTINUATION_ROWS, CORRECTION_ENTRIES,
    PIECE_CORRECTION, PIECE_CORRECTION_ENTRIES,
};
use crate::game::{Game, HISTORY_SLOTS, VICTIM_KINDS};
use crate::score::{Score, MAX_PLY};

/// Killers per ply.
const KILLERS: usize = 2;
/// History scores stay within this magnitude (the "gravity" update keeps them bounded), which
/// also lets the continuation tables store them as `i16`.
pub(super) const HISTORY_MAX: i32 = 16_384;
/// Correction-history entries are kept in 1/256 of an evaluation unit.
const CORRECTION_GRAIN: i32 = 256;
/// Largest correction, in evaluation units.
const CORRECTION_MAX: i32 = 64;

/// Continuation history: how good a quiet move was right after another move (one or two plies
/// earlier), indexed `[earlier move's slot][move's slot]`. A few MiB, so the tables are built in
/// place ([`Histories::init_in`]) rather than on the stack.
type ContinuationTable = [[i16; HISTORY_SLOTS]; CONTINUATION_ROWS];

/// The continuation-history rows a quiet move at some ply is scored and rewarded in: the history
/// slots of the moves played one and two plies before it (`None` across a null move or before the
/// root). The first is also the move a counter move answers.
pub(super) type ContinuationRows = [Option<usize>; 2];

/// One search thread's move-ordering memory and evaluation corrections.
pub(super) struct Histories<G: Game> {
    /// The last quiet moves that cut off at each ply, newest first.
    killers: [[G::Move; KILLERS]; MAX_PLY + 1],
    /// The butterfly history, by [`Game::history_index`]: quiet moves that cut off gain, the quiet
    /// moves tried before them lose. Within `±HISTORY_MAX`, so `i16`, as the continuation tables.
    butterfly: [i16; HISTORY_SLOTS],
    continuation: ContinuationTable,
    /// The capture history, by [`Histories::capture_slot`] (capturing piece, target and victim):
    /// captures that cut off gain, the captures tried before a cut-off lose. It orders captures
    /// of the same victim that the victim-and-attacker order ties, and a capture that keeps
    /// failing below one that keeps working.
    capture: [i16; CAPTURE_HISTORY_ENTRIES],
    /// Correction history: by [`Game::correction_key`], a running average of how far searches
    /// came out from the static evaluation, added to later static evaluations of the same key.
    correction: [i16; CORRECTION_ENTRIES],
    /// The same by each side's [`Game::piece_correction_keys`], first player's first.
    piece_correction: [[i16; PIECE_CORRECTION_ENTRIES]; 2],
    /// The quiet move that last refuted each move (indexed by the refuted move's history slot).
    counter_moves: [G::Move; HISTORY_SLOTS],
}

/// The rows of `ply` (see [`ContinuationRows`]), from the history slots of the moves played to
/// reach each ply.
#[inline]
pub(super) fn continuation_rows(played: &[Option<usize>; MAX_PLY + 1], ply: usize) -> ContinuationRows {
    [played[ply], if ply >= 1 { played[ply - 1] } else { None }]
}

/// What a cut-off at `depth` is worth to the histories. Large enough that a few cut-offs move a
/// history by thousands: the reduction and pruning thresholds read the histories in those units.
#[inline]
fn history_bonus(depth: i32) -> i32 {
    (16 * depth * depth + 128 * depth - 128).clamp(16, HISTORY_MAX / 8)
}

/// The gravity update: moves `value` towards `±HISTORY_MAX` by `bonus`, less as it gets there.
#[inline]
fn nudge(value: i32, bonus: i32) -> i32 {
    value + bonus - value * bonus.abs() / HISTORY_MAX
}

impl<G: Game> Histories<G> {
    /// Builds empty tables directly in `slot` (inside a [`super::SearchState`] being built in
    /// place), so that their megabytes never pass through the stack.
    pub(super) fn init_in(slot: &mut MaybeUninit<Self>) -> &mut Self {
        let none = G::Move::default();
        let histories = slot.as_mut_ptr();
        // SAFETY: `histories` points to writable, aligned, uninitialised memory for a `Histories`.
        // Every field is written exactly once below (`assert_every_field_is_written` fails to
        // compile when a field is added and not listed) before the reference is created; the
        // continuation table holds only integers, for which all-zero bytes are a valid value.
        unsafe {
            addr_of_mut!((*histories).killers).write([[none; KILLERS]; MAX_PLY + 1]);
            addr_of_mut!((*histories).butterfly).write([0; HISTORY_SLOTS]);
            addr_of_mut!((*histories).continuation).write_bytes(0, 1);
            addr_of_mut!((*histories).capture).write_bytes(0, 1);
            addr_of_mut!((*histories).correction).write([0; CORRECTION_ENTRIES]);
            addr_of_mut!((*histories).piece_correction).write_bytes(0, 1);
            addr_of_mut!((*histories).counter_moves).write([none; HISTORY_SLOTS]);
            slot.assume_init_mut()
        }
    }

    /// Forgets everything (a new game). In place: a table assigned whole may be built on the stack
    /// first, kilobytes a microcontroller does not have.
    pub(super) fn clear(&mut self) {
        self.killers.fill([G::Move::default(); KILLERS]);
        self.butterfly.fill(0);
        for row in self.continuation.iter_mut() {
            row.fill(0);
        }
        self.capture.fill(0);
        self.correction.fill(0);
        for table in self.piece_correction.iter_mut() {
            table.fill(0);
        }
        self.counter_moves.fill(G::Move::default());
    }

    /// Readies the tables for a new search: the killers belonged to the plies of another root, and
    /// halving the butterfly history lets the new position's cut-offs soon outweigh the old ones.
    pub(super) fn age(&mut self) {
        self.killers = [[G::Move::default(); KILLERS]; MAX_PLY + 1];
        for value in self.butterfly.iter_mut() {
            *value /= 2;
        }
    }

    /// The killers of `ply`, newest first.
    #[inline]
    pub(super) fn killers(&self, ply: usize) -> [G::Move; KILLERS] {
        self.killers[ply]
    }

    /// The quiet move that last refuted the previous move (the first of `rows`), if there was one.
    #[inline]
    pub(super) fn counter_move(&self, rows: ContinuationRows) -> Option<G::Move> {
        rows[0].map(|slot| self.counter_moves[slot])
    }

    /// The ordering key of a quiet move with history slot `slot`: its butterfly history plus its
    /// continuation histories after the moves of `rows`.
    #[inline]
    pub(super) fn quiet_score(&self, slot: usize, rows: ContinuationRows) -> i32 {
        if !CONTINUATION_HISTORY {
            return i32::from(self.butterfly[slot]);
        }
        let [one_back, two_back] = rows;
        i32::from(self.butterfly[slot])
            + one_back.map_or(0, |row| i32::from(self.continuation[row][slot]))
            + two_back.map_or(0, |row| i32::from(self.continuation[row][slot]))
    }

    /// Rewards the quiet move `mv` that cut off at `ply` after a `depth`-ply search, and punishes
    /// the quiet moves `tried` before it there.
    pub(super) fn reward_quiet(
        &mut self,
        position: &G,
        mv: G::Move,
        ply: usize,
        rows: ContinuationRows,
        depth: i32,
        tried: &[G::Move],
    ) {
        let killers = &mut self.killers[ply];
        if killers[0] != mv {
            killers[1] = killers[0];
            killers[0] = mv;
        }
        if let Some(previous) = rows[0] {
            self.counter_moves[previous] = mv;
        }
        let bonus = history_bonus(depth);
        self.update_quiet_history(position.history_index(mv), rows, bonus);
        for &other in tried {
            self.update_quiet_history(position.history_index(other), rows, -bonus);
        }
    }

    /// The capture history's entry of a tactical move, from its [`Game::history_index`] and
    /// [`Game::victim_kind`] (both read before the move is made).
    #[inline]
    pub(super) fn capture_slot(history_slot: usize, victim_kind: usize) -> usize {
        history_slot * VICTIM_KINDS + victim_kind
    }

    /// The capture history of the capture in `slot` (0 where the build keeps none).
    #[inline]
    pub(super) fn capture_score(&self, slot: usize) -> i32 {
        if CAPTURE_HISTORY {
            i32::from(self.capture[slot])
        } else {
            0
        }
    }

    /// After a `depth`-ply cut-off: rewards the capture that cut off (`cut`, none when a quiet move
    /// did) and punishes the captures `tried` before it, which were searched and did not.
    pub(super) fn reward_captures(&mut self, cut: Option<usize>, tried: &[usize], depth: i32) {
        if !CAPTURE_HISTORY {
            return;
        }
        let bonus = history_bonus(depth);
        if let Some(slot) = cut {
            self.capture[slot] = nudge(i32::from(self.capture[slot]), bonus) as i16;
        }
        for &slot in tried {
            self.capture[slot] = nudge(i32::from(self.capture[slot]), -bonus) as i16;
        }
    }

    /// Adds `bonus` (negative for a malus) to the move's butterfly and continuation histories.
    #[inline]
    fn update_quiet_history(&mut self, slot: usize, rows: ContinuationRows, bonus: i32) {
        let value = &mut self.butterfly[slot];
        *value = nudge(i32::from(*value), bonus) as i16;
        for row in rows.into_iter().flatten().filter(|_| CONTINUATION_HISTORY) {
            let value = &mut self.continuation[row][slot];
            *value = nudge(i32::from(*value), bonus) as i16;
        }
    }

    /// The position's entries in the correction histories, as far as its game keys them. A node
    /// computes them once: it reads them for its static evaluation and updates them after its
    /// search.
    #[inline]
    pub(super) fn correction_slots(position: &G) -> CorrectionSlots {
        let slot = |key: u64, entries: usize| (key >> (64 - entries.trailing_zeros())) as usize;
        CorrectionSlots {
            structure: position.correction_key().map(|key| slot(key, CORRECTION_ENTRIES)),
            pieces: position
                .piece_correction_keys()
                .filter(|_| PIECE_CORRECTION)
                .map(|keys| keys.map(|key| slot(key, PIECE_CORRECTION_ENTRIES))),
        }
    }

    /// The static evaluation `raw` corrected by what searches of positions with the same
    /// correction keys (entries `slots`) found: by the structure's entry alone, or, with each side's
    /// pieces keyed too, half by it and a quarter by each side's entry.
    #[inline]
    pub(super) fn corrected(&self, slots: CorrectionSlots, raw: Score) -> Score {
        let Some(structure) = slots.structure else { return raw };
        let structure = i32::from(self.correction[structure]);
        let correction = match slots.pieces {
            Some([first, second]) => {
                let pieces =
                    i32::from(self.piece_correction[0][first]) + i32::from(self.piece_correction[1][second]);
                (2 * structure + pieces) / (4 * CORRECTION_GRAIN)
            }
            None => structure / CORRECTION_GRAIN,
        };
        Score((raw.0 + correction).clamp(-Score::MATE_BOUND.0 + 1, Score::MATE_BOUND.0 - 1))
    }

    /// Moves the correction entries `slots` towards the error of a static evaluation `raw` that a
    /// search to `depth` revealed (`score`), the more the deeper the search.
    pub(super) fn update_correction(&mut self, slots: CorrectionSlots, raw: Score, score: Score, depth: i32) {
        let error = (score.0 - raw.0).clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN;
        let weight = (depth + 1).min(16);
        let update =
            |entry: &mut i16| *entry = ((i32::from(*entry) * (256 - weight) + error * weight) / 256) as i16;
        if let Some(slot) = slots.structure {
            update(&mut self.correction[slot]);
        }
        if let Some([first, second]) = slots.pieces {
            update(&mut self.piece_correction[0][first]);
            update(&mut self.piece_correction[1][second]);
        }
    }
}

/// A node's entries in the correction histories ([`Histories::correction_slots`]); none for a
/// node in check, which has no static evaluation.
#[derive(Clone, Copy, Default)]
pub(super) struct CorrectionSlots {
    /// In the structure's table, by [`Game::correction_key`].
    structure: Option<usize>,
    /// In each side's piece table, by [`Game::piece_correction_keys`].
    pieces: Option<[usize; 2]>,
}

/// Never called: the exhaustive pattern stops compiling when [`Histories`] gains a field, as a
/// reminder that [`Histories::init_in`] must write it too.
#[allow(dead_code)]
fn assert_every_field_is_written<G: Game>(histories: Histories<G>) {
    let Histories {
        killers: _,
        butterfly: _,
        continuation: _,
        capture: _,
        correction: _,
        piece_correction: _,
        counter_moves: _,
    } = histories;
}

#[cfg(test)]
mod tests {
    extern crate std;

    use crate::footprint::CAPTURE_HISTORY;
    use crate::search::histories::{Histories, HISTORY_MAX};
    use core::mem::MaybeUninit;
    use std::boxed::Box;

    #[test]
    fn a_capture_that_cuts_off_gains_and_the_captures_searched_before_it_lose() {
        let mut slot = Box::new(MaybeUninit::<Histories<crate::chess::Position>>::uninit());
        let histories = Histories::init_in(&mut slot);
        let (cut, tried, untouched) = (17, [3, 250], 40);
        histories.reward_captures(Some(cut), &tried, 8);
        if !CAPTURE_HISTORY {
            assert_eq!(histories.capture_score(cut), 0);
            return;
        }
        assert!(histories.capture_score(cut) > 0);
        assert!(tried.iter().all(|&slot| histories.capture_score(slot) < 0));
        assert_eq!(histories.capture_score(untouched), 0);
        // A quiet move's cut-off punishes the captures searched before it, and no capture gains.
        histories.reward_captures(None, &[untouched], 8);
        assert!(histories.capture_score(untouched) < 0);
        // However often a capture cuts off, its history stays within the bound.
        for _ in 0..1000 {
            histories.reward_captures(Some(cut), &[], 20);
        }
        assert!((HISTORY_MAX * 9 / 10..=HISTORY_MAX).contains(&histories.capture_score(cut)));
        histories.clear();
        assert_eq!(histories.capture_score(cut), 0);
    }
}
