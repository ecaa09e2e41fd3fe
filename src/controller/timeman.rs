//! Time management: from the `go` clock parameters to two limits.
//!
//! * The **soft** limit is checked after each completed iteration: past it, no new iteration starts.
//!   It is scaled by how stable the best move has been and by how much work refuting the other
//!   moves took (see [`TimeLimits::soft_for`]).
//! * The **hard** limit is never exceeded: the search polls it every 2048 nodes and aborts.
//!
//! With `horizon = movestogo` clamped to 1..=50 (30 in sudden death, or `movestogo 0`), `available = max(time_left -
//! overhead, 0)` and the time for the whole horizon,
//! `budget = max(time_left + (horizon - 1) * increment - (horizon + 2) * overhead, 0)`:
//!
//! ```text
//! soft = min(budget / horizon, 2/5 * available)
//! hard = min(4 * soft, 4/5 * available)
//! ```
//!
//! Every move therefore leaves at least a fifth of the available time plus the overhead on the clock,
//! and the budget keeps an overhead in reserve for every move to come, so neither sudden death with
//! increment nor a repeating control runs the clock out; with little time both limits shrink towards
//! zero and the search answers with its first result (the core always has a legal move in hand). A forced move (one legal reply) gets a zero soft limit: one iteration, then answer.
//! `movetime t` gives `hard = max(t - move_overhead, 1 ms)` and no soft limit (the time is meant to be
//! used); together with a clock, the smaller hard limit wins. Pondering and `infinite` start no clock
//! here: the session starts the clock at `ponderhit`.

use std::time::Duration;

/// Moves assumed to remain in sudden death.
const SUDDEN_DEATH_HORIZON: i64 = 30;
/// Largest `movestogo` taken at its word.
const MAX_HORIZON: i64 = 50;

/// The clock of the side to move, in milliseconds as the GUI sent them (possibly zero or negative).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub time_ms: i64,
    pub increment_ms: i64,
    pub movestogo: Option<u32>,
}

/// The two limits of one search; `None` means no limit of that kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TimeLimits {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

impl TimeLimits {
    /// No time limit at all (`infinite`, `depth`, `nodes`, `mate`, analysis).
    pub const NONE: TimeLimits = TimeLimits { soft: None, hard: None };

    /// Computes the limits of a search.
    pub fn new(clock: Option<Clock>, movetime_ms: Option<i64>, overhead_ms: u64, forced: bool) -> TimeLimits {
        let overhead = overhead_ms.min(i64::MAX as u64) as i64;
        let mut limits = match clock {
            Some(clock) => {
                let available = clock.time_ms.saturating_sub(overhead).max(0);
                // `movestogo 0` is absent, as Stockfish reads it (some GUIs send it in sudden death).
                let horizon = clock
                    .movestogo
                    .filter(|&moves| moves > 0)
                    .map_or(SUDDEN_DEATH_HORIZON, |moves| i64::from(moves).clamp(1, MAX_HORIZON));
                let increment = clock.increment_ms.max(0);
                // The time for the whole horizon: the increments still to come, less an overhead for
                // every move, of which this one pays its share.
                let budget = clock
                    .time_ms
                    .saturating_add(increment.saturating_mul(horizon - 1))
                    .saturating_sub(overhead.saturating_mul(horizon + 2))
                    .max(0);
                let soft = (budget / horizon).min(fraction(available, 2, 5));
                let hard = soft.saturating_mul(4).min(fraction(available, 4, 5));
                TimeLimits { soft: Some(millis(if forced { 0 } else { soft })), hard: Some(millis(hard)) }
            }
            None => TimeLimits::NONE,
        };
        if let Some(movetime) = movetime_ms {
            let hard = millis(movetime.saturating_sub(overhead).max(1));
            limits.hard = Some(limits.hard.map_or(hard, |clock_hard| clock_hard.min(hard)));
            if clock.is_none() {
                limits.soft = forced.then_some(Duration::ZERO);
            }
        }
        limits
    }

    /// The soft limit after an iteration, `soft` scaled twice:
    /// * by stability: 120% when the best move just changed, 10% less for each iteration in a row
    ///   that kept it (`stable_iterations`), down to 60%;
    /// * by effort: the best move's share of the root's nodes (`best_move_effort`, per mille) is
    ///   high when the other moves fell at once, and low when refuting them took work, which says
    ///   the choice is close. The factor is `2 * (1 - share) + 0.4` within 0.5 and 2: 0.6 at a
    ///   share of 90%, 1.4 at 50%.
    pub fn soft_for(&self, stable_iterations: u32, best_move_effort: u32) -> Option<Duration> {
        let stability_percent = 120 - 10 * stable_iterations.min(6);
        let effort_per_mille = (2 * (1000 - best_move_effort.min(1000)) + 400).clamp(500, 2000);
        self.soft.map(|soft| soft * stability_percent / 100 * effort_per_mille / 1000)
    }
}

/// `value * numerator / denominator`, exact for every clock (`value * 4` overflows an `i64` for
/// clocks past 2^61 ms, which a GUI may send as `wtime 9223372036854775807`).
fn fraction(value: i64, numerator: i64, denominator: i64) -> i64 {
    (i128::from(value) * i128::from(numerator) / i128::from(denominator)) as i64
}

fn millis(ms: i64) -> Duration {
    Duration::from_millis(ms.max(0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(time_ms: i64, increment_ms: i64, movestogo: Option<u32>) -> Option<Clock> {
        Some(Clock { time_ms, increment_ms, movestogo })
    }

    fn ms(duration: Option<Duration>) -> u128 {
        duration.unwrap().as_millis()
    }

    #[test]
    fn sudden_death_budgets_the_increments_to_come() {
        let limits = TimeLimits::new(clock(60_000, 1_000, None), None, 30, false);
        assert_eq!(ms(limits.soft), (60_000 + 29 * 1_000 - 32 * 30) / 30);
        assert_eq!(ms(limits.hard), 4 * ms(limits.soft));
        // At a best-move share of 70% the effort factor is 1: stability alone decides.
        assert!(
            ms(limits.soft_for(0, 700)) > ms(limits.soft) && ms(limits.soft_for(9, 700)) < ms(limits.soft)
        );
        assert_eq!(ms(limits.soft_for(3, 700)), ms(limits.soft) * 90 / 100);
        // A close choice (the best move took half the nodes) gets more time than a clear one.
        assert!(ms(limits.soft_for(3, 500)) > ms(limits.soft_for(3, 700)));
        assert!(ms(limits.soft_for(3, 950)) < ms(limits.soft_for(3, 700)));
        // The factor stays within 0.5 and 2, whatever the share says.
        assert_eq!(ms(limits.soft_for(4, 0)), ms(limits.soft) * 80 / 100 * 2);
        assert_eq!(ms(limits.soft_for(4, 1000)), ms(limits.soft) * 80 / 100 / 2);
    }

    /// No single move can lose on time: the hard limit plus the overhead fits in the clock.
    #[test]
    fn the_hard_limit_plus_the_overhead_always_fits_in_the_clock() {
        for time in [1, 29, 30, 31, 100, 300, 1_000, 60_000, 10_000_000] {
            for increment in [0, 10, 1_000, 100_000] {
                for movestogo in [None, Some(1), Some(2), Some(40), Some(1_000)] {
                    let limits = TimeLimits::new(clock(time, increment, movestogo), None, 30, false);
                    assert!(limits.soft <= limits.hard);
                    assert!(ms(limits.hard) as i64 + 30 <= time.max(30), "{time}+{increment}/{movestogo:?}");
                }
            }
        }
    }

    /// Plays whole games on paper and checks that the clock never runs out. Each move overshoots its
    /// soft limit (taken at its most generous) twice over, within the hard limit, plus a lag.
    #[test]
    fn whole_games_never_flag() {
        // (start ms, increment ms, movestogo, lag per move ms, moves). Sudden death without increment
        // cannot survive a fixed lag on every move forever, whatever the plan: it gets 60 moves.
        for (start, increment, movestogo, lag, moves) in [
            (3_000, 50, None, 15, 300),
            (1_000, 0, None, 2, 60),
            (10_000, 0, Some(40), 15, 300),
            (500, 10, Some(1), 15, 300),
            (60_000, 0, Some(2), 15, 300),
            (100, 100, None, 15, 300),
        ] {
            let mut time_left: i64 = start;
            for ply in 0..moves {
                let to_go = movestogo.map(|moves: u32| moves - (ply % moves));
                let limits = TimeLimits::new(clock(time_left, increment, to_go), None, 30, false);
                let used = ms(limits.hard).min(2 * ms(limits.soft_for(0, 0))) as i64 + lag;
                time_left -= used;
                assert!(time_left > 0, "flagged at ply {ply} of {start}+{increment}/{movestogo:?}");
                time_left += increment;
                if to_go == Some(1) {
                    time_left += start; // a new control
                }
            }
        }
    }

    #[test]
    fn movestogo_divides_the_time_and_one_move_to_go_keeps_a_reserve() {
        let limits = TimeLimits::new(clock(2_000, 100, Some(5)), None, 30, false);
        assert_eq!(ms(limits.soft), (2_000 + 4 * 100 - 7 * 30) / 5);
        assert!(ms(limits.hard) <= 1_970 * 4 / 5);
        let last = TimeLimits::new(clock(2_000, 0, Some(1)), None, 30, false);
        assert_eq!(ms(last.hard), 1_970 * 4 / 5);
    }

    #[test]
    fn no_time_zero_time_and_negative_time_answer_at_once() {
        for time in [0, -500, 20] {
            let limits = TimeLimits::new(clock(time, 0, None), None, 30, false);
            assert_eq!((ms(limits.soft), ms(limits.hard)), (0, 0));
        }
        assert_eq!(TimeLimits::new(None, None, 30, false), TimeLimits::NONE);
    }

    #[test]
    fn movetime_is_a_hard_limit_less_the_overhead() {
        let limits = TimeLimits::new(None, Some(300), 30, false);
        assert_eq!((limits.soft, ms(limits.hard)), (None, 270));
        assert_eq!(ms(TimeLimits::new(None, Some(10), 30, false).hard), 1);
        let both = TimeLimits::new(clock(1_000, 0, None), Some(5_000), 30, false);
        assert_eq!(ms(both.hard), ms(TimeLimits::new(clock(1_000, 0, None), None, 30, false).hard));
    }

    /// `go wtime 9223372036854775807`: the largest clock plans as a large one does (the fifths of
    /// the available time once overflowed, and the engine moved at once).
    #[test]
    fn the_largest_clocks_plan_like_large_ones() {
        let huge = TimeLimits::new(clock(i64::MAX, 4_131_982, Some(21)), None, 1_964, false);
        let large = TimeLimits::new(clock(i64::MAX / 463, 4_131_982, Some(21)), None, 1_964, false);
        assert!(huge.soft >= large.soft && huge.hard >= large.hard, "{huge:?} {large:?}");
        assert!(ms(huge.soft) > 0);
    }

    #[test]
    fn a_forced_move_gets_no_soft_time() {
        let limits = TimeLimits::new(clock(60_000, 0, None), None, 30, true);
        assert_eq!(ms(limits.soft), 0);
        assert!(ms(limits.hard) > 0);
    }
}
