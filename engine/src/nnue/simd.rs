//! The network's few integer loops, each in three builds of one body: a portable one every target
//! compiles (LLVM vectorizes it with what the target has: SSE4.2 for this project's x86-64-v2
//! build, NEON on ARM, nothing on a microcontroller), and on x86-64 an AVX2 one and an AVX-512 one
//! (F and BW: 32 `i16` lanes a register, twice AVX2's), chosen at run time by flags the shell sets
//! once it has seen the CPU ([`enable_avx2`], [`enable_avx512`]). A build for a CPU that has AVX2
//! anyway (`-C target-cpu=native`) compiles the portable body with what it has and skips the flags.
//!
//! The results are the same integers on every path: the accumulators add and subtract with
//! wrapping `i16` arithmetic, and the output sums exact products (output weights are within
//! `OUTPUT_WEIGHT_LIMIT`, so `c * w` fits an `i16` and every partial sum fits an `i32`), so the
//! bench signature does not depend on the CPU.
//!
//! Every loop is generic over the row's length `N` (a game's hidden width, a multiple of
//! [`HIDDEN_STEP`](types::nnue::HIDDEN_STEP), which the AVX2 loads rely on and each game's
//! `weights.rs` checks at compile time), so both games' networks run the same loops. The AVX-512
//! output loop takes a row's last 16 values, when its length is an odd multiple of 16, in AVX2
//! registers.

use core::sync::atomic::{AtomicBool, Ordering};
use types::nnue::QA;

/// Set by [`enable_avx2`]: the CPU has AVX2.
static AVX2: AtomicBool = AtomicBool::new(false);
/// Set by [`enable_avx512`]: the CPU has AVX-512 F and BW (and so AVX2).
static AVX512: AtomicBool = AtomicBool::new(false);

/// Lets the inference use AVX2 from now on.
///
/// # Safety
/// The CPU must support AVX2 (the shell asks `is_x86_feature_detected!("avx2")`): the AVX2 loops
/// are only sound on such a CPU.
pub unsafe fn enable_avx2() {
    AVX2.store(cfg!(target_arch = "x86_64"), Ordering::Relaxed);
}

/// Lets the inference use AVX-512 from now on, before AVX2.
///
/// # Safety
/// The CPU must support AVX-512 F and BW (the shell asks `is_x86_feature_detected!` for both): the
/// AVX-512 loops are only sound on such a CPU.
pub unsafe fn enable_avx512() {
    AVX512.store(cfg!(target_arch = "x86_64"), Ordering::Relaxed);
}

/// Goes back to the portable loops (for measuring them, and for the tests that compare the paths).
pub fn disable_avx2() {
    AVX2.store(false, Ordering::Relaxed);
    AVX512.store(false, Ordering::Relaxed);
}

/// The loops in use: `"avx512"`, `"avx2"`, `"avx2 (compiled in)"` or `"portable"`.
pub fn kernel() -> &'static str {
    if cfg!(target_feature = "avx2") {
        "avx2 (compiled in)"
    } else if AVX512.load(Ordering::Relaxed) {
        "avx512"
    } else if AVX2.load(Ordering::Relaxed) {
        "avx2"
    } else {
        "portable"
    }
}

/// Calls the AVX-512 build of a loop when the flags say the CPU has it, else the AVX2 build when
/// it has that, else the portable one.
macro_rules! dispatch {
    ($portable:ident, $vector:ident ($($arg:expr),*)) => {{
        #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
        if AVX512.load(Ordering::Relaxed) {
            // SAFETY: the flag is only set by `enable_avx512`, whose caller vouched that the CPU
            // has AVX-512 F and BW.
            return unsafe { avx512::$vector($($arg),*) };
        }
        #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
        if AVX2.load(Ordering::Relaxed) {
            // SAFETY: the flag is only set by `enable_avx2`, whose caller vouched that the CPU
            // has AVX2.
            return unsafe { avx2::$vector($($arg),*) };
        }
        $portable($($arg),*)
    }};
}

/// `out = parent + adds - subs`, wrapping: one perspective's accumulator after a move, from its
/// parent's and the rows of the pieces that arrived (`adds`) and left (`subs`).
#[inline]
pub fn update<const N: usize, const A: usize, const S: usize>(
    out: &mut [i16; N],
    parent: &[i16; N],
    adds: [&[i16; N]; A],
    subs: [&[i16; N]; S],
) {
    dispatch!(update_body, update(out, parent, adds, subs))
}

/// `out += row`, wrapping: a piece added to an accumulator computed from nothing.
#[inline]
pub fn add<const N: usize>(out: &mut [i16; N], row: &[i16; N]) {
    dispatch!(add_body, add(out, row))
}

/// The output layer's sum over both accumulators (side to move's first) with their halves of
/// the output weights: `sum(c * c * w)`, `c` the accumulator clamped to `0..=QA`. Exact.
#[inline]
pub fn output<const N: usize>(us: &[i16; N], them: &[i16; N], weights: &[[i16; N]; 2]) -> i64 {
    dispatch!(output_body, output(us, them, weights))
}

#[inline(always)]
fn update_body<const N: usize, const A: usize, const S: usize>(
    out: &mut [i16; N],
    parent: &[i16; N],
    adds: [&[i16; N]; A],
    subs: [&[i16; N]; S],
) {
    for index in 0..N {
        let mut value = parent[index];
        for add in adds {
            value = value.wrapping_add(add[index]);
        }
        for sub in subs {
            value = value.wrapping_sub(sub[index]);
        }
        out[index] = value;
    }
}

#[inline(always)]
fn add_body<const N: usize>(out: &mut [i16; N], row: &[i16; N]) {
    for (value, &weight) in out.iter_mut().zip(row) {
        *value = value.wrapping_add(weight);
    }
}

/// Products summed in `i32` over blocks this long: 256 x 255 x 255 x 128 fits.
const BLOCK: usize = 256;

#[inline(always)]
fn dot_body<const N: usize>(accumulator: &[i16; N], weights: &[i16; N]) -> i64 {
    let mut total = 0i64;
    for (accumulator, weights) in accumulator.chunks(BLOCK).zip(weights.chunks(BLOCK)) {
        let mut sum = 0i32;
        for (&value, &weight) in accumulator.iter().zip(weights) {
            let clipped = i32::from(value.clamp(0, QA as i16));
            sum += clipped * clipped * i32::from(weight);
        }
        total += i64::from(sum);
    }
    total
}

#[inline(always)]
fn output_body<const N: usize>(us: &[i16; N], them: &[i16; N], weights: &[[i16; N]; 2]) -> i64 {
    dot_body(us, &weights[0]) + dot_body(them, &weights[1])
}

/// A vector build's accumulator loops, `update` and `add`: the portable bodies compiled with the
/// build's `features`, which LLVM vectorizes to its registers' width.
#[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
macro_rules! accumulator_loops {
    ($features:literal) => {
        #[target_feature(enable = $features)]
        pub(super) unsafe fn update<const N: usize, const A: usize, const S: usize>(
            out: &mut [i16; N],
            parent: &[i16; N],
            adds: [&[i16; N]; A],
            subs: [&[i16; N]; S],
        ) {
            crate::nnue::simd::update_body(out, parent, adds, subs);
        }

        #[target_feature(enable = $features)]
        pub(super) unsafe fn add<const N: usize>(out: &mut [i16; N], row: &[i16; N]) {
            crate::nnue::simd::add_body(out, row);
        }
    };
}

/// The AVX2 builds: the accumulator update is the portable body compiled with AVX2 (LLVM turns it
/// into 16-lane `vpaddw`/`vpsubw`); the output layer is written with intrinsics, as `vpmaddwd`
/// over `c` and `c * w` is what LLVM does not find by itself.
#[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
mod avx2 {
    use core::arch::x86_64::*;
    use types::nnue::QA;

    accumulator_loops!("avx2");

    /// One step of the output layer over the 16 values from `index`: `c * (c * w)`, summed in
    /// pairs into eight `i32` lanes. Also the AVX-512 loop's last step when a row ends in half a
    /// register.
    ///
    /// # Safety
    /// `index + 16 <= N`, and the CPU has AVX2.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) unsafe fn step<const N: usize>(
        accumulator: &[i16; N],
        weights: &[i16; N],
        index: usize,
    ) -> __m256i {
        let value = _mm256_loadu_si256(accumulator.as_ptr().add(index).cast());
        let weight = _mm256_loadu_si256(weights.as_ptr().add(index).cast());
        let clipped =
            _mm256_min_epi16(_mm256_max_epi16(value, _mm256_setzero_si256()), _mm256_set1_epi16(QA as i16));
        _mm256_madd_epi16(clipped, _mm256_mullo_epi16(clipped, weight))
    }

    /// `sum(c * (c * w))` in eight `i32` lanes: a lane adds `N / 8` products of at most
    /// 255 x 32 640, within `i32` up to `MAX_HIDDEN`.
    #[target_feature(enable = "avx2")]
    unsafe fn dot<const N: usize>(accumulator: &[i16; N], weights: &[i16; N]) -> __m256i {
        const { assert!(N.is_multiple_of(16), "rows of whole AVX2 registers") };
        let mut sum = _mm256_setzero_si256();
        let mut index = 0;
        while index < N {
            // In bounds: `N` is a multiple of 16 (checked at compile time above).
            sum = _mm256_add_epi32(sum, step(accumulator, weights, index));
            index += 16;
        }
        sum
    }

    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn output<const N: usize>(
        us: &[i16; N],
        them: &[i16; N],
        weights: &[[i16; N]; 2],
    ) -> i64 {
        let mut lanes = [0i32; 8];
        let mut total = 0i64;
        for (accumulator, weights) in [(us, &weights[0]), (them, &weights[1])] {
            _mm256_storeu_si256(lanes.as_mut_ptr().cast(), dot(accumulator, weights));
            total += lanes.iter().map(|&lane| i64::from(lane)).sum::<i64>();
        }
        total
    }
}

/// The AVX-512 builds (F and BW): the accumulator update is again the portable body, which LLVM
/// turns into 32-lane `vpaddw`/`vpsubw`; the output layer is AVX2's written over 32 lanes.
/// About a tenth less CPU time a search than the AVX2 loops on an AMD Zen 5
/// (`docs/benchmarks.md`).
#[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
mod avx512 {
    use core::arch::x86_64::*;
    use types::nnue::QA;

    accumulator_loops!("avx512f,avx512bw");

    /// `sum(c * (c * w))` in sixteen `i32` lanes, then summed in `i64`: a lane adds two products
    /// a 32-value step and the 16-value tail two more (in eight lanes), at most `2 * ceil(N / 32)`
    /// products of at most 255 x 32 640, which is 128 and within `i32` up to `MAX_HIDDEN`.
    #[target_feature(enable = "avx512f,avx512bw")]
    unsafe fn dot<const N: usize>(accumulator: &[i16; N], weights: &[i16; N]) -> i64 {
        const { assert!(N.is_multiple_of(16), "rows of whole AVX2 registers") };
        let zero = _mm512_setzero_si512();
        let limit = _mm512_set1_epi16(QA as i16);
        let mut sum = _mm512_setzero_si512();
        let mut index = 0;
        while index + 32 <= N {
            // In bounds: `index + 32 <= N`.
            let value = _mm512_loadu_si512(accumulator.as_ptr().add(index).cast());
            let weight = _mm512_loadu_si512(weights.as_ptr().add(index).cast());
            let clipped = _mm512_min_epi16(_mm512_max_epi16(value, zero), limit);
            let product = _mm512_mullo_epi16(clipped, weight);
            sum = _mm512_add_epi32(sum, _mm512_madd_epi16(clipped, product));
            index += 32;
        }
        if index < N {
            // The last 16 (`N` is a multiple of 16): AVX2's step, added to the low lanes.
            let tail = crate::nnue::simd::avx2::step(accumulator, weights, index);
            sum = _mm512_add_epi32(sum, _mm512_zextsi256_si512(tail));
        }
        let mut lanes = [0i32; 16];
        _mm512_storeu_si512(lanes.as_mut_ptr().cast(), sum);
        lanes.iter().map(|&lane| i64::from(lane)).sum()
    }

    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn output<const N: usize>(
        us: &[i16; N],
        them: &[i16; N],
        weights: &[[i16; N]; 2],
    ) -> i64 {
        dot(us, &weights[0]) + dot(them, &weights[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A width of the tests' rows: two AVX2 registers' worth past a block of the portable sum, and
    /// an even number of AVX-512 registers' worth (`HIDDEN - 16`, an odd one, ends in the AVX-512
    /// output loop's AVX2 tail).
    const HIDDEN: usize = 288;

    /// Rows of pseudo-random values over the whole `i16` range, and some near the clipping.
    fn rows<const N: usize>(seed: u64) -> [[i16; N]; 6] {
        let mut rng = types::prng::SplitMix64::new(seed);
        let mut rows = [[0; N]; 6];
        for (index, row) in rows.iter_mut().enumerate() {
            for value in row.iter_mut() {
                let random = rng.next_u64();
                *value = if index % 2 == 0 { random as i16 } else { (random % 600) as i16 - 200 };
            }
        }
        rows
    }

    /// Asserts that the loops of `$build` (this file's module of a vector build, which the CPU
    /// must have) compute the portable integers on random rows of `$width` values, and the
    /// output's exact sum at the limits of the widest network.
    #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
    macro_rules! assert_the_portable_integers {
        ($build:ident, $width:expr) => {{
            for seed in 0..20 {
                let [a, b, c, d, e, f] = rows::<$width>(seed);
                let mut weights = [c, d];
                for value in weights.iter_mut().flat_map(|row| row.iter_mut()) {
                    *value %= types::nnue::OUTPUT_WEIGHT_LIMIT + 1;
                }
                // SAFETY (every call below): the caller checked the CPU.
                for (us, them) in [(&a, &b), (&b, &e), (&f, &a)] {
                    assert_eq!(
                        unsafe { $build::output(us, them, &weights) },
                        output_body(us, them, &weights)
                    );
                }
                let (mut portable, mut vector) = ([0; $width], [0; $width]);
                update_body(&mut portable, &a, [&b, &c], [&d, &e]);
                unsafe { $build::update(&mut vector, &a, [&b, &c], [&d, &e]) };
                assert_eq!(portable, vector);
                update_body(&mut portable, &f, [&b], [&d, &a]);
                unsafe { $build::update(&mut vector, &f, [&b], [&d, &a]) };
                assert_eq!(portable, vector);
                add_body(&mut portable, &c);
                unsafe { $build::add(&mut vector, &c) };
                assert_eq!(portable, vector);
            }
            const WIDEST: usize = types::nnue::MAX_HIDDEN;
            let full = [i16::MAX; WIDEST];
            for limit in [types::nnue::OUTPUT_WEIGHT_LIMIT, -types::nnue::OUTPUT_WEIGHT_LIMIT] {
                let weights = [[limit; WIDEST]; 2];
                let most = 2 * WIDEST as i64 * 255 * 255 * i64::from(limit);
                assert_eq!(unsafe { $build::output(&full, &full, &weights) }, most);
            }
        }};
    }

    #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
    #[test]
    fn the_avx2_loops_compute_the_portable_integers() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        assert_the_portable_integers!(avx2, HIDDEN);
    }

    #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
    #[test]
    fn the_avx512_loops_compute_the_portable_integers() {
        if !std::is_x86_feature_detected!("avx512f") || !std::is_x86_feature_detected!("avx512bw") {
            return;
        }
        assert_the_portable_integers!(avx512, HIDDEN);
        assert_the_portable_integers!(avx512, { HIDDEN - 16 });
    }

    #[test]
    fn the_output_layer_sums_exact_products_at_the_limits() {
        // Every accumulator clipped to QA and every weight at the limit: the largest sum there is.
        let full = [i16::MAX; HIDDEN];
        let weights = [[types::nnue::OUTPUT_WEIGHT_LIMIT; HIDDEN]; 2];
        let most = 2 * HIDDEN as i64 * 255 * 255 * 128;
        assert_eq!(output_body(&full, &full, &weights), most);
        let negative = [[-types::nnue::OUTPUT_WEIGHT_LIMIT; HIDDEN]; 2];
        assert_eq!(output_body(&full, &full, &negative), -most);
        assert_eq!(output_body(&[-5; HIDDEN], &[0; HIDDEN], &weights), 0);
    }
}
