//! The instruction set the solver is compiled for, chosen once per solve.
//!
//! The workspace builds for `x86-64-v2`, which lacks AVX2, BMI1, BMI2 and LZCNT, though nearly
//! every x86-64 CPU in use has them. The solver is therefore monomorphized twice over a
//! zero-sized [`Cpu`] type: [`Portable`] for the build's own target, and on x86-64 [`Avx2`],
//! whose routines are compiled with those features and whose flips and legal moves use them. A
//! solve's entry picks one (the shell says once at start-up whether the CPU has them,
//! [`enable_avx2`]); below the entry nothing dispatches: every routine calls its children in the
//! same build.
//!
//! A `#[target_feature]` attribute cannot depend on a type parameter, so the solver's recursive
//! routines are entered through a trait implemented for each set (`solver::Routines`): each
//! method is the routine (its body, always inlined, from the solver's files) compiled with the
//! set's features. The solver's own methods of the same names call them, so its files read as
//! before.
//!
//! On FFO #40-#41 the AVX2 build runs 19% fewer instructions than the portable one (the features
//! alone 10%, AVX2 legal moves 5% more, AVX2 flips 5% more), for about 9% less CPU time.

use core::sync::atomic::{AtomicBool, Ordering};

use crate::othello::tables::NEIGHBOURS;

/// An instruction set the solver's routines are compiled for, and its flips and legal moves. Code
/// compiled for it may only run on a CPU with the set's features, which the solve's entry checks
/// ([`with_cpu`]).
pub(super) trait Cpu: Copy {
    /// Runs `body` compiled for this instruction set (the solve's entry, once).
    ///
    /// # Safety
    /// The CPU must have the set's features.
    unsafe fn compiled<R, F: FnOnce() -> R>(body: F) -> R;

    /// Discs of `opponent` that `player` flips by playing on the empty `square`.
    fn flips(player: u64, opponent: u64, square: usize) -> u64;

    /// Squares where `player` may play.
    fn legal_moves(player: u64, opponent: u64) -> u64;

    /// The static evaluation behind the move ordering, in centidiscs from the side to move
    /// `player`. Only the order of moves depends on it, never a score.
    fn evaluate(player: u64, opponent: u64) -> i32;
}

/// [`Cpu::flips`], skipping the ray arithmetic when no opponent disc touches `square` (then
/// nothing can flip): near the end most empty squares are illegal for one side or the other.
#[inline(always)]
pub(super) fn flips_near<K: Cpu>(p: u64, o: u64, square: usize) -> u64 {
    if o & NEIGHBOURS[square] == 0 {
        0
    } else {
        K::flips(p, o, square)
    }
}

/// The build's own target: what every CPU the binary runs on has.
#[derive(Clone, Copy, Debug)]
pub(super) struct Portable;

impl Cpu for Portable {
    #[inline]
    unsafe fn compiled<R, F: FnOnce() -> R>(body: F) -> R {
        body()
    }

    #[inline(always)]
    fn flips(player: u64, opponent: u64, square: usize) -> u64 {
        super::flips::flips(player, opponent, square)
    }

    #[inline(always)]
    fn legal_moves(player: u64, opponent: u64) -> u64 {
        crate::othello::board::legal_moves(player, opponent)
    }

    #[inline]
    fn evaluate(player: u64, opponent: u64) -> i32 {
        use crate::othello::{Color, Position};
        crate::othello::evaluate(&Position::from_discs(player, opponent, Color::Black)).0
    }
}

/// The functions given, compiled for the portable set: as they are.
macro_rules! portable_target {
    ($($item:item)*) => { $($item)* };
}
pub(super) use portable_target;

/// The functions given, compiled for the [`Avx2`] set: the one place its features are named.
#[cfg(target_arch = "x86_64")]
macro_rules! avx2_target {
    ($($item:item)*) => { $(#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")] $item)* };
}
#[cfg(target_arch = "x86_64")]
pub(super) use avx2_target;

/// x86-64 with AVX2, BMI1, BMI2 and LZCNT (Intel from Haswell, AMD from Excavator and Zen).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx2;

#[cfg(target_arch = "x86_64")]
impl Cpu for Avx2 {
    avx2_target! {
        #[inline]
        unsafe fn compiled<R, F: FnOnce() -> R>(body: F) -> R {
            body()
        }
    }

    #[inline(always)]
    fn flips(player: u64, opponent: u64, square: usize) -> u64 {
        // SAFETY: only ever called from code compiled with the features, which the solve's
        // entry checked the CPU has.
        unsafe { super::flips::flips_avx2(player, opponent, square) }
    }

    #[inline(always)]
    fn legal_moves(player: u64, opponent: u64) -> u64 {
        // SAFETY: only ever called from code compiled with the features, which the solve's
        // entry checked the CPU has.
        unsafe { crate::othello::board::legal_moves_avx2(player, opponent) }
    }

    #[inline(always)]
    fn evaluate(player: u64, opponent: u64) -> i32 {
        // SAFETY: only ever called from code compiled with the features, which the solve's
        // entry checked the CPU has.
        unsafe { crate::othello::eval::evaluate_avx2(player, opponent) }
    }
}

/// Set by [`enable_avx2`]: the CPU has the [`Avx2`] set.
static AVX2: AtomicBool = AtomicBool::new(false);

/// Lets the solver use its [`Avx2`] build from now on.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2 and LZCNT (the shell asks `is_x86_feature_detected!` for
/// each): the solver's AVX2 build is only sound on such a CPU.
pub unsafe fn enable_avx2() {
    AVX2.store(cfg!(target_arch = "x86_64"), Ordering::Relaxed);
}

/// Goes back to the portable build (for measuring it, and for the tests that compare the two).
pub fn disable_avx2() {
    AVX2.store(false, Ordering::Relaxed);
}

/// Whether solves use the [`Avx2`] build.
#[inline]
pub fn avx2_enabled() -> bool {
    AVX2.load(Ordering::Relaxed)
}

/// Runs `body`, a solve generic over the [`Cpu`] named `$cpu`, for [`Avx2`] when
/// [`enable_avx2`] was called and for [`Portable`] otherwise. The one dispatch of a solve.
macro_rules! with_cpu {
    (|$cpu:ident| $body:expr) => {{
        #[cfg(target_arch = "x86_64")]
        if $crate::othello::endgame::cpu::avx2_enabled() {
            type $cpu = $crate::othello::endgame::cpu::Avx2;
            // SAFETY: `enable_avx2`'s caller vouched that the CPU has the features.
            return unsafe { <$cpu as $crate::othello::endgame::cpu::Cpu>::compiled(|| $body) };
        }
        type $cpu = $crate::othello::endgame::cpu::Portable;
        $body
    }};
}
pub(super) use with_cpu;
