//! The instruction set the hot loops run on, picked once per process from what the CPU has: the
//! network's inference ([`crate::nnue::simd`]) is built for x86-64-v2, AVX2 and AVX-512, the Othello
//! endgame solver ([`crate::othello::endgame::cpu`]) for x86-64-v2 and AVX2, and each program that
//! searches (the engine's shell, the tuner's self-play) calls [`select_loops`] before its first
//! search. Detection needs the standard library, hence the `std` feature; without it (the
//! embedded boards) the portable loops run.

/// Environment variable that keeps the portable loops on a CPU with AVX2 (to measure them).
pub const NO_AVX2: &str = "TRISKEL_NO_AVX2";

/// Environment variable that keeps the network's AVX2 loops on a CPU with AVX-512 (to measure
/// them).
pub const NO_AVX512: &str = "TRISKEL_NO_AVX512";

/// Turns on the AVX2 loops when the CPU has AVX2 (and, for the solver's build, BMI1, BMI2, LZCNT
/// and POPCNT) and [`NO_AVX2`] is not set, and the network's AVX-512 loops when it also has
/// AVX-512 F and BW and [`NO_AVX512`] is not set. Call it before any search starts: the choice is
/// read without synchronisation beyond a relaxed flag.
pub fn select_loops() {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") && std::env::var_os(NO_AVX2).is_none() {
        // SAFETY: the CPU has AVX2, as `enable_avx2` requires.
        unsafe { crate::nnue::simd::enable_avx2() };
        if std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::env::var_os(NO_AVX512).is_none()
        {
            // SAFETY: the CPU has AVX-512 F and BW, as `enable_avx512` requires.
            unsafe { crate::nnue::simd::enable_avx512() };
        }
        if std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
        {
            // SAFETY: the CPU has the four features and AVX2, as `enable_avx2` requires.
            unsafe { crate::othello::endgame::cpu::enable_avx2() };
        }
    }
}
