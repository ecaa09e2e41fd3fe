//! The shallow pruning's margins, named so that a tuner can move them.
//!
//! They were set by hand against the hand-crafted evaluation, and a network scores positions on
//! another scale, so they are retuned by SPSA (simultaneous perturbation: each round plays a pair
//! of games with every margin nudged up on one side and down on the other, and steps each margin
//! towards the side that scored), the way Stockfish and OpenBench tune: the engine, built with the
//! `tune` feature, lists each margin as a UCI `spin` option and takes `setoption` for it, and
//! OpenBench's SPSA workload (or another SPSA driver over fastchess or cutechess) sets them game
//! by game (`docs/tuning.md`).
//!
//! Without the feature each accessor returns its constant, so the search compiles to the same code
//! as with literals (the `bench` signatures do not move); with it, each reads a relaxed atomic, set
//! only between searches.

/// One margin as a tuner sees it: the option's name, its value in the engine as built, the range
/// the tuner may move it in, and the size of its perturbations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    /// The UCI option's name.
    pub name: &'static str,
    /// The value the engine is built with.
    pub default: i32,
    /// The smallest value the tuner may try.
    pub min: i32,
    /// The largest value the tuner may try.
    pub max: i32,
    /// The perturbation at the tuning's end (OpenBench's `C_END`).
    pub step: i32,
}

impl Tunable {
    /// The line OpenBench's SPSA workload reads for it:
    /// `name, int, default, min, max, c_end, r_end`, with the learning rate at its usual 0.002.
    pub fn openbench_line(&self) -> OpenBenchLine<'_> {
        OpenBenchLine(self)
    }
}

/// [`Tunable::openbench_line`]'s text, written without allocating.
pub struct OpenBenchLine<'a>(&'a Tunable);

impl core::fmt::Display for OpenBenchLine<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let t = self.0;
        write!(f, "{}, int, {}, {}, {}, {}, 0.002", t.name, t.default, t.min, t.max, t.step)
    }
}

/// Declares the margins: for each, an accessor the search calls and an entry of [`TUNABLES`].
macro_rules! tunables {
    ($($(#[doc = $doc:expr])* $accessor:ident: $name:literal = $default:literal, $min:literal..=$max:literal, step $step:literal;)*) => {
        /// Every margin, in declaration order.
        pub const TUNABLES: &[Tunable] = &[
            $(Tunable { name: $name, default: $default, min: $min, max: $max, step: $step },)*
        ];

        #[allow(non_camel_case_types, clippy::enum_variant_names)]
        enum Slot { $($accessor,)* }

        /// The margins' current values (the `tune` build only).
        #[cfg(feature = "tune")]
        static VALUES: [core::sync::atomic::AtomicI32; TUNABLES.len()] =
            [$(core::sync::atomic::AtomicI32::new($default),)*];

        $(
            $(#[doc = $doc])*
            #[inline(always)]
            pub fn $accessor() -> i32 {
                current(Slot::$accessor as usize, $default)
            }
        )*
    };
}

#[cfg(not(feature = "tune"))]
#[inline(always)]
fn current(_slot: usize, default: i32) -> i32 {
    default
}

#[cfg(feature = "tune")]
#[inline(always)]
fn current(slot: usize, _default: i32) -> i32 {
    VALUES[slot].load(core::sync::atomic::Ordering::Relaxed)
}

/// Why [`set`] refused a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetError {
    /// No margin has this name.
    Unknown,
    /// Outside the margin's range.
    OutOfRange(Tunable),
}

/// Finds a margin by its option name, without case, as UCI matches names.
pub fn find(name: &str) -> Option<&'static Tunable> {
    slot_of(name).map(|slot| &TUNABLES[slot])
}

/// The index of a margin in [`TUNABLES`] (and its value's slot), by option name without case.
fn slot_of(name: &str) -> Option<usize> {
    TUNABLES.iter().position(|tunable| tunable.name.eq_ignore_ascii_case(name))
}

/// Sets a margin for the searches to come (the `tune` build only: elsewhere the margins are
/// constants).
#[cfg(feature = "tune")]
pub fn set(name: &str, value: i32) -> Result<(), SetError> {
    let slot = slot_of(name).ok_or(SetError::Unknown)?;
    let tunable = TUNABLES[slot];
    if !(tunable.min..=tunable.max).contains(&value) {
        return Err(SetError::OutOfRange(tunable));
    }
    VALUES[slot].store(value, core::sync::atomic::Ordering::Relaxed);
    Ok(())
}

tunables! {
    /// Reverse futility: a node this far above beta per ply of depth is cut.
    reverse_futility_margin: "RfpMargin" = 80, 20..=200, step 8;
    /// The deepest node reverse futility judges.
    reverse_futility_depth: "RfpDepth" = 7, 3..=12, step 1;
    /// The null move's reduction: this many plies...
    null_move_base: "NmpBase" = 3, 1..=6, step 1;
    /// ...plus a ply for every this many plies of depth...
    null_move_depth_divisor: "NmpDepthDivisor" = 4, 2..=8, step 1;
    /// ...plus a ply (up to three) for every this much the evaluation stands above beta.
    null_move_eval_divisor: "NmpEvalDivisor" = 200, 50..=600, step 25;
    /// Futility: the quiet moves of a node this far below alpha, plus the per-ply margin, are
    /// dropped...
    futility_base: "FutilityBase" = 100, 0..=300, step 15;
    /// ...a ply of depth.
    futility_margin: "FutilityMargin" = 80, 20..=200, step 8;
    /// Late-move pruning keeps `(base + depth^2) / 2` quiet moves (twice that when improving).
    late_move_base: "LmpBase" = 3, 0..=10, step 1;
    /// History pruning: a quiet move whose histories sum below minus this a ply is skipped.
    history_prune_margin: "HistoryPruneMargin" = 3000, 500..=8000, step 300;
    /// SEE pruning of quiet moves: those losing more than this times depth squared.
    see_quiet_margin: "SeeQuietMargin" = 25, 5..=100, step 4;
    /// SEE pruning of captures: those losing more than this a ply.
    see_capture_margin: "SeeCaptureMargin" = 100, 20..=300, step 10;
    /// A singular search this far below the singular bound extends the hash move two plies.
    double_extension_margin: "DoubleExtensionMargin" = 25, 0..=100, step 5;
    /// Late-move reductions: the histories' sum over which one ply is given back (or added).
    lmr_history_divisor: "LmrHistoryDivisor" = 8192, 2048..=32768, step 1000;
    /// The aspiration window's first half-width around the last iteration's score.
    aspiration_delta: "AspirationDelta" = 20, 5..=60, step 3;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_every_step_moves() {
        for tunable in TUNABLES {
            assert!((tunable.min..=tunable.max).contains(&tunable.default), "{tunable:?}");
            assert!(tunable.step > 0 && tunable.step <= tunable.max - tunable.min, "{tunable:?}");
        }
    }

    #[test]
    fn names_are_unique_without_case_and_found_so() {
        for (index, tunable) in TUNABLES.iter().enumerate() {
            let upper = tunable.name.to_ascii_uppercase();
            assert_eq!(find(&upper).map(|found| found.name), Some(tunable.name));
            assert!(TUNABLES[index + 1..].iter().all(|other| !other.name.eq_ignore_ascii_case(tunable.name)));
        }
        assert_eq!(find("NoSuchMargin"), None);
    }

    #[test]
    fn the_openbench_line_has_its_seven_fields() {
        use std::string::ToString;
        let line = find("RfpMargin").unwrap().openbench_line().to_string();
        assert_eq!(line, "RfpMargin, int, 80, 20, 200, 8, 0.002");
    }
}
