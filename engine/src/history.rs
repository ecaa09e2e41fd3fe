//! The game history used for repetition detection: a fixed-size ring of Zobrist keys, each with
//! whether the side to move was in check there and the move that led there (xiangqi's perpetual
//! check and perpetual chase rules need them). It is the history of the positions a game went
//! through, not the search's move-ordering histories (killers, butterfly and continuation
//! histories: `search/histories.rs`); the search keeps one such ring for the game before its root
//! and the line it is searching.
//!
//! A repetition can only reach back to the last irreversible move (capture, pawn move, change of
//! castling rights), which the caller passes as the number of reversible plies. The ring keeps the
//! newest `N` keys; when it is full, pushing overwrites the oldest key. That is the defined behaviour
//! of a full history: a game may go on for ever, and repetitions are looked for only among the `N`
//! most recent positions, which is exact whenever the reversible stretch is shorter than `N` plies
//! (chess's fifty-move rule ends any game long before 1024 reversible plies).

/// Stands for "no move known" where a history entry or a past position records a move: the root
/// of a game, a null move, or a caller that did not say. A repetition cycle through such an entry
/// cannot be replayed, so it is never judged a perpetual chase.
pub const NO_MOVE: u16 = u16::MAX;

/// A position played before the root of a search: its key, whether the side to move was in check
/// (games without a perpetual-check rule may leave it `false`) and the move played from it
/// ([`NO_MOVE`] if unknown; the chase rule replays repetition cycles from these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PastPosition {
    /// Zobrist key.
    pub key: u64,
    /// The side to move was in check.
    pub in_check: bool,
    /// The move played from this position, as [`crate::game::Game::encode_move`] writes it.
    pub played: u16,
}

impl Default for PastPosition {
    fn default() -> Self {
        PastPosition::key_only(0)
    }
}

impl PastPosition {
    /// A position whose check status does not matter to the game's rules.
    pub const fn key_only(key: u64) -> PastPosition {
        PastPosition { key, in_check: false, played: NO_MOVE }
    }

    /// `position` as the game history of a later search remembers it: with its check status only
    /// where the game judges perpetual check (elsewhere that costs a check test for nothing), the
    /// move played from it unknown.
    pub fn of<G: crate::game::Game>(position: &G) -> PastPosition {
        PastPosition {
            key: position.hash(),
            in_check: G::PERPETUAL_CHECK_LOSES && position.in_check(),
            played: NO_MOVE,
        }
    }

    /// `position` as [`PastPosition::of`] remembers it, with `mv` the move played from it.
    pub fn before<G: crate::game::Game>(position: &G, mv: G::Move) -> PastPosition {
        PastPosition { played: G::encode_move(mv), ..PastPosition::of(position) }
    }
}

/// Keys of the positions played so far, newest last, at most `N` of them remembered.
#[derive(Clone, Copy, Debug)]
pub struct History<const N: usize> {
    keys: [u64; N],
    /// Per key: the side to move was in check.
    checks: [bool; N],
    /// Per key: the move that led to the position ([`NO_MOVE`] if unknown).
    arrivals: [u16; N],
    /// Total keys ever pushed minus those popped; may exceed `N`.
    len: usize,
    /// How many of the newest `len` keys are still held (at most `N`).
    remembered: usize,
}

impl<const N: usize> History<N> {
    const CAPACITY_IS_USEFUL: () = assert!(N >= 2, "a history needs room for at least two keys");

    /// An empty history.
    pub const fn new() -> Self {
        let () = Self::CAPACITY_IS_USEFUL;
        Self { keys: [0; N], checks: [false; N], arrivals: [NO_MOVE; N], len: 0, remembered: 0 }
    }

    /// Forgets every key.
    pub fn clear(&mut self) {
        self.len = 0;
        self.remembered = 0;
    }

    /// Records the key of a position that was reached.
    #[inline]
    pub fn push(&mut self, key: u64) {
        self.push_checked(key, false);
    }

    /// Remembers a position with whether its side to move is in check.
    #[inline]
    pub fn push_checked(&mut self, key: u64, in_check: bool) {
        self.push_arrived(key, in_check, NO_MOVE);
    }

    /// Remembers a position with whether its side to move is in check and the move that led to it
    /// (encoded, or [`NO_MOVE`]).
    #[inline]
    pub fn push_arrived(&mut self, key: u64, in_check: bool, arrived_by: u16) {
        self.keys[self.len % N] = key;
        self.checks[self.len % N] = in_check;
        self.arrivals[self.len % N] = arrived_by;
        self.len += 1;
        self.remembered = (self.remembered + 1).min(N);
    }

    /// Forgets the newest key (a move taken back). Returns it, or `None` when nothing is remembered
    /// (empty, or everything that was remembered has been popped or overwritten).
    #[inline]
    pub fn pop(&mut self) -> Option<u64> {
        if self.remembered == 0 {
            return None;
        }
        self.len -= 1;
        self.remembered -= 1;
        Some(self.keys[self.len % N])
    }

    /// Positions pushed and not popped, including ones that no longer fit.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True if nothing was pushed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many times `key` occurs among the last `reversible_plies + 1` remembered positions, looking
    /// only at every second one (same side to move) counting back from the newest, which is the
    /// current position itself if the caller pushed it.
    pub fn count_repetitions(&self, key: u64, reversible_plies: usize) -> usize {
        let window = (reversible_plies + 1).min(self.remembered);
        (0..window).step_by(2).filter(|&back| self.keys[(self.len - 1 - back) % N] == key).count()
    }
}

impl<const N: usize> History<N> {
    /// Plies back from the newest position (the current one, pushed by the caller) to the most
    /// recent earlier occurrence of `key` with the same side to move, within the reversible plies.
    pub fn previous_occurrence(&self, key: u64, reversible_plies: usize) -> Option<usize> {
        let window = (reversible_plies + 1).min(self.remembered);
        (2..window).step_by(2).find(|&back| self.keys[(self.len - 1 - back) % N] == key)
    }

    /// True if the side to move was in check in every second position from `first` plies back
    /// (0 = the newest) to before `end` plies back: one side's positions within a repetition cycle.
    pub fn checked_throughout(&self, first: usize, end: usize) -> bool {
        (first..end.min(self.remembered)).step_by(2).all(|back| self.checks[(self.len - 1 - back) % N])
    }
}

impl<const N: usize> History<N> {
    /// True if `reaches` holds for the key of one of the positions 3, 5, 7, .. plies back from the
    /// newest, up to `window` plies back (the caller's bound: the plies since the last irreversible
    /// move, and since the last null move of a search): the positions, with the other side to
    /// move, that the side to move now might return to with one move.
    #[inline]
    pub fn any_returnable(&self, window: usize, mut reaches: impl FnMut(u64) -> bool) -> bool {
        let window = window.min(self.remembered.saturating_sub(1));
        (3..=window).step_by(2).any(|back| reaches(self.keys[(self.len - 1 - back) % N]))
    }

    /// The moves from the position `back` plies back (0 = the newest) to the newest, oldest first,
    /// written into `out`: the moves of a repetition cycle. `None` if one of them is unknown (a null
    /// move, or a past position recorded without its move), was forgotten, or `out` is too short.
    pub fn moves_since<'a>(&self, back: usize, out: &'a mut [u16]) -> Option<&'a [u16]> {
        if back > out.len() || back >= self.remembered {
            return None;
        }
        for (slot, ago) in out.iter_mut().zip((0..back).rev()) {
            *slot = self.arrivals[(self.len - 1 - ago) % N];
            if *slot == NO_MOVE {
                return None;
            }
        }
        Some(&out[..back])
    }
}

impl<const N: usize> Default for History<N> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_repetitions_within_the_reversible_window() {
        let mut history = History::<16>::new();
        for key in [1, 2, 3, 4, 1, 2, 3, 4, 1] {
            history.push(key);
        }
        assert_eq!(history.count_repetitions(1, 8), 3);
        assert_eq!(history.count_repetitions(1, 4), 2); // the first occurrence is before the window
        assert_eq!(history.count_repetitions(1, 0), 1);
        assert_eq!(history.count_repetitions(2, 8), 0); // other side to move
    }

    #[test]
    fn cycles_tell_who_checked_throughout() {
        let mut history = History::<16>::new();
        // Side A to move at even entries (never in check), side B at odd ones (always in check):
        // A checks perpetually.
        for (ply, key) in [1, 2, 3, 4, 1].into_iter().enumerate() {
            history.push_checked(key, ply % 2 == 1);
        }
        assert_eq!(history.previous_occurrence(1, 10), Some(4));
        assert_eq!(history.previous_occurrence(1, 3), None, "outside the reversible plies");
        assert!(!history.checked_throughout(0, 4), "A, to move now, was never checked");
        assert!(history.checked_throughout(1, 4), "B was checked after each of A's moves");
    }

    #[test]
    fn a_cycle_gives_back_its_moves_oldest_first() {
        let mut history = History::<16>::new();
        history.push_arrived(1, false, NO_MOVE);
        for (key, mv) in [(2, 10), (3, 11), (4, 12), (1, 13)] {
            history.push_arrived(key, false, mv);
        }
        let mut out = [0u16; 8];
        assert_eq!(history.moves_since(4, &mut out), Some(&[10, 11, 12, 13][..]));
        assert_eq!(history.moves_since(2, &mut out), Some(&[12, 13][..]));
        assert_eq!(history.moves_since(5, &mut out), None, "older than anything remembered");
        assert_eq!(history.moves_since(4, &mut [0u16; 3]), None, "no room for the moves");
        history.push_arrived(2, false, NO_MOVE); // a null move
        history.push_arrived(3, false, 14);
        assert_eq!(history.moves_since(1, &mut out), Some(&[14][..]));
        assert_eq!(history.moves_since(2, &mut out), None, "a cycle through a null move");
    }

    #[test]
    fn returnable_positions_are_every_second_one_from_three_back_within_the_window() {
        let mut history = History::<16>::new();
        for key in 1..=8 {
            history.push(key);
        }
        let (mut seen, mut count) = ([0; 4], 0);
        assert!(!history.any_returnable(100, |key| {
            seen[count] = key;
            count += 1;
            false
        }));
        assert_eq!(seen[..count], [5, 3, 1], "3, 5 and 7 plies back from key 8");
        assert!(history.any_returnable(5, |key| key == 3));
        assert!(!history.any_returnable(4, |key| key == 3), "5 plies back is outside the window");
        assert!(!history.any_returnable(2, |_| true), "no position 3 plies back in the window");
        assert!(!History::<16>::new().any_returnable(100, |_| true));
    }

    #[test]
    fn a_full_history_overwrites_the_oldest_keys_and_keeps_working() {
        let mut history = History::<8>::new();
        for key in 0..1_000u64 {
            history.push(key % 4);
        }
        assert_eq!(history.len(), 1_000);
        // Only the 8 newest keys are remembered: 0..3 twice; key 3 is the newest.
        assert_eq!(history.count_repetitions(3, 10_000), 2);
        assert_eq!(history.count_repetitions(1, 10_000), 2);
        for expected in [3, 2, 1, 0, 3, 2, 1, 0] {
            assert_eq!(history.pop(), Some(expected));
        }
        assert_eq!(history.pop(), None, "overwritten keys cannot be popped");
        history.clear();
        assert!(history.is_empty());
        assert_eq!(history.pop(), None);
        assert_eq!(history.count_repetitions(0, 5), 0);
    }
}
