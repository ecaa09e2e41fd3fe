//! Time management: from the `go` clock parameters to two limits, and the rules that end a timed
//! search between them.
//!
//! * The **soft** limit is the move's planned time. It is scaled after each completed iteration by
//!   how stable the best move has been and by how much work refuting the other moves took (see
//!   [`TimeLimits::soft_for`]); past the scaled limit no new iteration starts.
//! * The **hard** limit is never exceeded: the search polls it every 2048 nodes and aborts.
//!
//! With `horizon = movestogo` clamped to 1..=50 (in sudden death, or `movestogo 0`, the game's
//! `Variant::SUDDEN_DEATH_MOVES`: 30 for chess, 22 for xiangqi), `available = max(time_left -
//! overhead, 0)` and the time for the whole horizon,
//! `budget = max(time_left + (horizon - 1) * increment - (horizon + 2) * overhead, 0)`:
//!
//! ```text
//! soft = min(budget / horizon, 2/5 * available)
//! hard = min(3 * soft, 4/5 * available)
//! ```
//!
//! Every move therefore leaves at least a fifth of the available time plus the overhead on the clock,
//! and the budget keeps an overhead in reserve for every move to come, so neither sudden death with
//! increment nor a repeating control runs the clock out; with little time both limits shrink towards
//! zero and the search answers with its first result (the core always has a legal move in hand).
//! A forced move (one legal reply) is the game's choice ([`ForcedMove`]): in chess and xiangqi the
//! soft limit at most [`FORCED_MOVE_SOFT_MS`], as Stockfish caps it, so that the answer still has
//! a true score and a ponder move; in Othello, where forced moves are common, one iteration.
//! `movetime t` gives `hard = max(t - move_overhead, 1 ms)` and no soft limit (the time is meant to be
//! used); together with a clock, the smaller hard limit wins.
//!
//! Between the limits, [`Pace`] keeps the time from going where it buys nothing. An iteration that
//! starts late and is cut off by the hard limit costs its whole time and, unless it found a better
//! move, changes nothing. So:
//! * an iteration is not started when it is not expected to finish: the next one is forecast from
//!   how the last ones grew (its nodes over the nodes of all before it), and it must end before the
//!   cut below;
//! * an iteration is cut at twice the scaled soft limit, and at the latest at three quarters of the
//!   hard limit, unless it has put the best move in doubt (the first line failed low, or another
//!   root move beat it): then it runs on to the hard limit, since that is the time that can change
//!   the move.
//!
//! Every limit counts from `go`, pondering included: after `ponderhit` the time already spent on
//! the move is spent, and the search goes on only as long as it would have without pondering. A
//! rule that fires while pondering ends the search at `ponderhit`.

use engine::search::Iteration;
use std::time::Duration;

/// Moves assumed to remain in sudden death, unless the game says otherwise
/// (`Variant::SUDDEN_DEATH_MOVES`).
pub const SUDDEN_DEATH_HORIZON: i64 = 30;
/// The most a forced move thinks on a clock under [`ForcedMove::Capped`] (Stockfish's 500 ms).
pub const FORCED_MOVE_SOFT_MS: i64 = 500;

/// How long a move with only one legal choice thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcedMove {
    /// Not forced: the planned time.
    No,
    /// The planned soft limit, at most [`FORCED_MOVE_SOFT_MS`], and a `movetime` in full: the
    /// move is known, but the GUI shows its score and the ponder move comes from the line (and
    /// lichess-bot judges draws and resignations on that score), so it is searched, briefly.
    Capped,
    /// One iteration (a zero soft limit), its score left unvalued.
    OneIteration,
}

/// Largest `movestogo` taken at its word.
const MAX_HORIZON: i64 = 50;
/// The hard limit in soft limits: room for an iteration that puts the best move in doubt.
const HARD_PER_SOFT: i64 = 3;
/// An iteration that leaves the best move unchallenged is cut at this many scaled soft limits...
const CUT_PER_SOFT: u32 = 2;
/// ...and at the latest at this part of the hard limit, whose rest is kept for iterations in doubt.
const CUT_OF_HARD: (u32, u32) = (3, 4);
/// The forecast's bounds on an iteration's nodes over the nodes of all before it, per mille. Over
/// the depths that matter the ratio runs from about 0.1 to 1.5, alternating with the depth's
/// parity, so the forecast takes the larger of the last two.
const GROWTH_PER_MILLE: (u64, u64) = (250, 2000);

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

    /// Computes the limits of a search whose game plans sudden death over `sudden_death_moves`.
    pub fn new(
        clock: Option<Clock>,
        movetime_ms: Option<i64>,
        overhead_ms: u64,
        forced: ForcedMove,
        sudden_death_moves: i64,
    ) -> TimeLimits {
        let overhead = overhead_ms.min(i64::MAX as u64) as i64;
        let mut limits = match clock {
            Some(clock) => {
                let available = clock.time_ms.saturating_sub(overhead).max(0);
                // `movestogo 0` is absent, as Stockfish reads it (some GUIs send it in sudden death).
                let horizon = clock
                    .movestogo
                    .filter(|&moves| moves > 0)
                    .map_or(sudden_death_moves.clamp(1, MAX_HORIZON), |moves| {
                        i64::from(moves).clamp(1, MAX_HORIZON)
                    });
                let increment = clock.increment_ms.max(0);
                // The time for the whole horizon: the increments still to come, less an overhead for
                // every move, of which this one pays its share.
                let budget = clock
                    .time_ms
                    .saturating_add(increment.saturating_mul(horizon - 1))
                    .saturating_sub(overhead.saturating_mul(horizon + 2))
                    .max(0);
                let soft = (budget / horizon).min(fraction(available, 2, 5));
                let hard = soft.saturating_mul(HARD_PER_SOFT).min(fraction(available, 4, 5));
                let soft = match forced {
                    ForcedMove::No => soft,
                    ForcedMove::Capped => soft.min(FORCED_MOVE_SOFT_MS),
                    ForcedMove::OneIteration => 0,
                };
                TimeLimits { soft: Some(millis(soft)), hard: Some(millis(hard)) }
            }
            None => TimeLimits::NONE,
        };
        if let Some(movetime) = movetime_ms {
            let hard = millis(movetime.saturating_sub(overhead).max(1));
            limits.hard = Some(limits.hard.map_or(hard, |clock_hard| clock_hard.min(hard)));
            if clock.is_none() {
                limits.soft = (forced == ForcedMove::OneIteration).then_some(Duration::ZERO);
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

/// Why the clock ended a search (shown with `debug on`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// An iteration ended past the scaled soft limit (under [`ForcedMove::OneIteration`] zero).
    Soft,
    /// The next iteration was not expected to finish in time.
    Forecast,
    /// An iteration that left the best move unchallenged ran past its cut: twice the scaled soft
    /// limit, or three quarters of the hard limit.
    Stable,
    /// The hard limit (`movetime`'s too).
    Hard,
    /// A ponder search had spent the move's time by `ponderhit`.
    PonderHit,
}

impl Ending {
    const ALL: [Ending; 5] =
        [Ending::Soft, Ending::Forecast, Ending::Stable, Ending::Hard, Ending::PonderHit];

    /// A non-zero code, for an atomic shared between threads.
    pub fn code(self) -> u8 {
        self as u8 + 1
    }

    /// The ending of [`Ending::code`]; `None` for 0.
    pub fn from_code(code: u8) -> Option<Ending> {
        Ending::ALL.get(usize::from(code).checked_sub(1)?).copied()
    }

    /// One word for it.
    pub fn word(self) -> &'static str {
        match self {
            Ending::Soft => "soft",
            Ending::Forecast => "forecast",
            Ending::Stable => "stable",
            Ending::Hard => "hard",
            Ending::PonderHit => "ponderhit",
        }
    }
}

/// Where a search stands on the clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Elapsed {
    /// Since `go`: the hard limit counts from here.
    pub since_go: Duration,
    /// Since the search began, which the soft limit counts from: `go`, or later when a game's
    /// solver ran first and gave up.
    pub searching: Duration,
}

/// What the clock remembers of one search's iterations, to judge the next one.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pace {
    /// The soft limit as the last completed iteration scaled it; `None` before the first.
    soft: Option<Duration>,
    /// This thread's nodes at the end of the last completed iteration.
    nodes: u64,
    /// The last two iterations' nodes over the nodes before them, per mille.
    growth: [u64; 2],
}

impl Pace {
    /// After each completed iteration: why no other should start, or `None` to start one.
    pub fn iteration_done(
        &mut self,
        limits: &TimeLimits,
        iteration: &Iteration,
        at: Elapsed,
    ) -> Option<Ending> {
        if self.nodes > 0 {
            let cost = iteration.nodes.saturating_sub(self.nodes);
            self.growth = [self.growth[1], cost.saturating_mul(1000) / self.nodes];
        }
        self.nodes = iteration.nodes;
        self.soft = limits.soft_for(iteration.stable_iterations, iteration.best_move_effort);
        let soft = self.soft?;
        if at.searching >= soft {
            return Some(Ending::Soft);
        }
        let (least, most) = GROWTH_PER_MILLE;
        let growth = self.growth[0].max(self.growth[1]).clamp(least, most);
        let next = Duration::from_nanos(
            (at.searching.as_nanos().saturating_mul(u128::from(growth)) / 1000).min(u128::from(u64::MAX))
                as u64,
        );
        let then = Elapsed {
            since_go: at.since_go.saturating_add(next),
            searching: at.searching.saturating_add(next),
        };
        past_cut(soft, limits, then).then_some(Ending::Forecast)
    }

    /// Polled during an iteration: [`Ending::Stable`] once it has run past its cut without
    /// putting the best move in doubt.
    pub fn cuts(&self, limits: &TimeLimits, at: Elapsed, in_doubt: bool) -> Option<Ending> {
        let soft = self.soft?;
        (!in_doubt && past_cut(soft, limits, at)).then_some(Ending::Stable)
    }
}

/// True at the cut of an iteration that leaves the best move unchallenged, `soft` being the
/// scaled soft limit: twice that, and at the latest three quarters of the hard limit.
fn past_cut(soft: Duration, limits: &TimeLimits, at: Elapsed) -> bool {
    let (part, whole) = CUT_OF_HARD;
    at.searching >= soft.saturating_mul(CUT_PER_SOFT)
        || limits.hard.is_some_and(|hard| at.since_go >= hard / whole * part)
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

    /// The limits with the default sudden-death horizon (chess's).
    fn clock_limits(
        clock: Option<Clock>,
        movetime_ms: Option<i64>,
        overhead_ms: u64,
        forced: bool,
    ) -> TimeLimits {
        let forced = if forced { ForcedMove::OneIteration } else { ForcedMove::No };
        TimeLimits::new(clock, movetime_ms, overhead_ms, forced, SUDDEN_DEATH_HORIZON)
    }

    fn ms(duration: Option<Duration>) -> u128 {
        duration.unwrap().as_millis()
    }

    #[test]
    fn sudden_death_budgets_the_increments_to_come() {
        let limits = clock_limits(clock(60_000, 1_000, None), None, 30, false);
        assert_eq!(ms(limits.soft), (60_000 + 29 * 1_000 - 32 * 30) / 30);
        assert_eq!(ms(limits.hard), 3 * ms(limits.soft));
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
                    let limits = clock_limits(clock(time, increment, movestogo), None, 30, false);
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
                let limits = clock_limits(clock(time_left, increment, to_go), None, 30, false);
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
        let limits = clock_limits(clock(2_000, 100, Some(5)), None, 30, false);
        assert_eq!(ms(limits.soft), (2_000 + 4 * 100 - 7 * 30) / 5);
        assert!(ms(limits.hard) <= 1_970 * 4 / 5);
        assert_eq!(ms(limits.hard), 3 * ms(limits.soft));
        let last = clock_limits(clock(2_000, 0, Some(1)), None, 30, false);
        assert_eq!(ms(last.hard), 1_970 * 4 / 5);
    }

    #[test]
    fn no_time_zero_time_and_negative_time_answer_at_once() {
        for time in [0, -500, 20] {
            let limits = clock_limits(clock(time, 0, None), None, 30, false);
            assert_eq!((ms(limits.soft), ms(limits.hard)), (0, 0));
        }
        assert_eq!(clock_limits(None, None, 30, false), TimeLimits::NONE);
    }

    #[test]
    fn movetime_is_a_hard_limit_less_the_overhead() {
        let limits = clock_limits(None, Some(300), 30, false);
        assert_eq!((limits.soft, ms(limits.hard)), (None, 270));
        assert_eq!(ms(clock_limits(None, Some(10), 30, false).hard), 1);
        let both = clock_limits(clock(1_000, 0, None), Some(5_000), 30, false);
        assert_eq!(ms(both.hard), ms(clock_limits(clock(1_000, 0, None), None, 30, false).hard));
    }

    /// `go wtime 9223372036854775807`: the largest clock plans as a large one does (the fifths of
    /// the available time once overflowed, and the engine moved at once).
    #[test]
    fn the_largest_clocks_plan_like_large_ones() {
        let huge = clock_limits(clock(i64::MAX, 4_131_982, Some(21)), None, 1_964, false);
        let large = clock_limits(clock(i64::MAX / 463, 4_131_982, Some(21)), None, 1_964, false);
        assert!(huge.soft >= large.soft && huge.hard >= large.hard, "{huge:?} {large:?}");
        assert!(ms(huge.soft) > 0);
    }

    fn iteration(nodes: u64, stable_iterations: u32) -> Iteration {
        Iteration { depth: 10, nodes, stable_iterations, best_move_effort: 700 }
    }

    fn at(since_go: u64, searching: u64) -> Elapsed {
        Elapsed { since_go: Duration::from_millis(since_go), searching: Duration::from_millis(searching) }
    }

    fn limits(soft: u64, hard: u64) -> TimeLimits {
        TimeLimits { soft: Some(Duration::from_millis(soft)), hard: Some(Duration::from_millis(hard)) }
    }

    /// Three stable iterations scale a soft limit of 1000 ms to 900 ms: it ends the search once
    /// passed, and the forecast ends it earlier when the next iteration would run past the cut
    /// (1800 ms) or past the hard limit.
    #[test]
    fn an_iteration_starts_only_where_it_is_expected_to_finish() {
        let limits = limits(1_000, 3_000);
        let grown = |growth_per_mille: u64, elapsed: u64| {
            let mut pace = Pace::default();
            assert_eq!(
                pace.iteration_done(&limits, &iteration(1_000, 3), at(elapsed / 2, elapsed / 2)),
                None
            );
            pace.iteration_done(&limits, &iteration(1_000 + growth_per_mille, 3), at(elapsed, elapsed))
        };
        assert_eq!(grown(500, 950), Some(Ending::Soft));
        // An iteration half as long as all before it, started at 800 ms, ends near 1200 ms.
        assert_eq!(grown(500, 800), None);
        // One as long as all before it would end near 1600 ms: still before the cut at 1800.
        assert_eq!(grown(1_000, 800), None);
        // Half as long again would end near 2000 ms.
        assert_eq!(grown(1_500, 800), Some(Ending::Forecast));
        // The larger of the last two growths counts (they alternate with the depth's parity).
        let mut pace = Pace::default();
        for (nodes, elapsed) in [(1_000, 100), (3_000, 300)] {
            assert_eq!(pace.iteration_done(&limits, &iteration(nodes, 3), at(elapsed, elapsed)), None);
        }
        assert_eq!(pace.iteration_done(&limits, &iteration(3_600, 3), at(800, 800)), Some(Ending::Forecast));
        // The growth is bounded: a first iteration cannot forecast more than twice its time.
        let mut pace = Pace::default();
        assert_eq!(pace.iteration_done(&limits, &iteration(10, 3), at(1, 1)), None);
        assert_eq!(pace.iteration_done(&limits, &iteration(10_000, 3), at(500, 500)), None);
        assert_eq!(pace.iteration_done(&limits, &iteration(20_000, 3), at(700, 700)), Some(Ending::Forecast));
    }

    /// After a solve that gave up, the soft limit counts from the search's start and the hard
    /// one from `go`: an iteration that would end past three quarters of the hard limit (2250 ms
    /// from `go`) is not started.
    #[test]
    fn the_forecast_keeps_to_the_hard_limit_counted_from_go() {
        let limits = limits(1_000, 3_000);
        let mut pace = Pace::default();
        assert_eq!(pace.iteration_done(&limits, &iteration(1_000, 0), at(1_900, 300)), None);
        assert_eq!(
            pace.iteration_done(&limits, &iteration(2_000, 0), at(2_000, 400)),
            Some(Ending::Forecast)
        );
        let mut pace = Pace::default();
        assert_eq!(pace.iteration_done(&limits, &iteration(1_000, 0), at(300, 300)), None);
        assert_eq!(pace.iteration_done(&limits, &iteration(2_000, 0), at(600, 600)), None);
    }

    #[test]
    fn an_unchallenged_iteration_is_cut_at_twice_the_scaled_soft_limit() {
        let limits = limits(1_000, 3_000);
        let mut pace = Pace::default();
        assert_eq!(pace.cuts(&limits, at(2_900, 2_900), false), None, "no cut before an iteration completed");
        assert_eq!(pace.iteration_done(&limits, &iteration(1_000, 3), at(100, 100)), None);
        // Scaled to 900 ms: the cut is at 1800 ms.
        assert_eq!(pace.cuts(&limits, at(1_799, 1_799), false), None);
        assert_eq!(pace.cuts(&limits, at(1_800, 1_800), false), Some(Ending::Stable));
        assert_eq!(pace.cuts(&limits, at(2_900, 2_900), true), None, "a doubt runs on to the hard limit");
        // A soft limit scaled up to 2400 ms (the best move just changed, and took a fifth of the
        // nodes) is cut at three quarters of the hard limit, 2250 ms from `go`.
        let mut pace = Pace::default();
        let close = Iteration { depth: 10, nodes: 1_000, stable_iterations: 0, best_move_effort: 200 };
        assert_eq!(pace.iteration_done(&limits, &close, at(100, 100)), None);
        assert_eq!(pace.cuts(&limits, at(2_249, 2_249), false), None);
        assert_eq!(pace.cuts(&limits, at(2_250, 1_000), false), Some(Ending::Stable));
        // Without a soft limit (`movetime`, `infinite`) nothing is cut.
        let mut pace = Pace::default();
        let movetime = TimeLimits { soft: None, hard: Some(Duration::from_millis(500)) };
        assert_eq!(pace.iteration_done(&movetime, &iteration(1_000, 3), at(499, 499)), None);
        assert_eq!(pace.cuts(&movetime, at(499, 499), false), None);
    }

    #[test]
    fn endings_survive_their_codes() {
        for ending in Ending::ALL {
            assert_eq!(Ending::from_code(ending.code()), Some(ending));
        }
        assert_eq!(Ending::from_code(0), None);
        assert_eq!(Ending::from_code(200), None);
    }

    #[test]
    fn a_forced_move_gets_no_soft_time() {
        let limits = clock_limits(clock(60_000, 0, None), None, 30, true);
        assert_eq!(ms(limits.soft), 0);
        assert!(ms(limits.hard) > 0);
    }

    #[test]
    fn a_capped_forced_move_thinks_as_planned_up_to_half_a_second_and_a_movetime_in_full() {
        let plan =
            |clock, movetime, forced| TimeLimits::new(clock, movetime, 10, forced, SUDDEN_DEATH_HORIZON);
        let short = clock(6_000, 0, None);
        assert_eq!(plan(short, None, ForcedMove::Capped), plan(short, None, ForcedMove::No));
        let long = plan(clock(600_000, 0, None), None, ForcedMove::Capped);
        assert_eq!(ms(long.soft), FORCED_MOVE_SOFT_MS as u128);
        assert_eq!(long.hard, plan(clock(600_000, 0, None), None, ForcedMove::No).hard);
        let movetime = plan(None, Some(500), ForcedMove::Capped);
        assert_eq!((movetime.soft, ms(movetime.hard)), (None, 490));
        assert_eq!(plan(None, Some(500), ForcedMove::OneIteration).soft, Some(Duration::ZERO));
    }
}
