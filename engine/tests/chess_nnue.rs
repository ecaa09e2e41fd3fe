//! The chess network's accumulators, property-tested along random walks through the tree as a
//! search takes them (`support/walk.rs`): the lazily and incrementally updated accumulators, and the
//! evaluation, equal fresh ones, with the portable loops and the AVX2 and AVX-512 ones, for the embedded network
//! and for a king-mirrored one; and a king-mirrored network reads each side from its king's half.
//! The random walks start from the positions of the random games (`random_games.rs`).
//!
//! Failures are not persisted to `proptest-regressions/` files; proptest prints the minimal failing
//! input, which is the reproducer.

#[cfg_attr(feature = "compact", allow(dead_code))]
mod support;

/// The compact build has no network in its evaluation cache (`engine/src/footprint.rs`).
#[cfg(not(feature = "compact"))]
mod network_accumulators {
    use super::support::chess::{config, fen, start, START_FENS};
    use super::support::walk;
    use engine::chess::eval::two_knights_cannot_mate;
    use engine::chess::{nnue, Color, EvalCache, Position};
    use engine::nnue::simd;
    use engine::{Game, Score};
    use proptest::prelude::*;
    use proptest::test_runner::TestCaseError;

    /// The accumulators the cache keeps along the walk, computed lazily and incrementally, equal the
    /// ones computed from scratch with the embedded network, and so does the evaluation.
    fn check_accumulators(cache: &mut EvalCache, position: &Position) -> Result<(), TestCaseError> {
        check_accumulators_of(&nnue::EMBEDDED, cache, position)
    }

    /// The same, for `network`.
    fn check_accumulators_of(
        network: &nnue::Network,
        cache: &mut EvalCache,
        position: &Position,
    ) -> Result<(), TestCaseError> {
        let mut fresh = nnue::Accumulator::ZERO;
        fresh.refresh(position, network);
        let incremental = *cache.accumulator(position).expect("the cache has a network");
        for color in Color::ALL {
            let perspective = color.index();
            prop_assert!(
                incremental.values(perspective) == fresh.values(perspective),
                "{:?} in {}",
                color,
                fen(position)
            );
        }
        // Two knights against a bare king are a draw the search knows before it asks the network.
        let expected = if two_knights_cannot_mate(position) {
            0
        } else {
            nnue::evaluate(position, network).clamp(-20_000, 20_000)
        };
        prop_assert_eq!(position.evaluate_cached(cache), Score(expected), "{}", fen(position));
        Ok(())
    }

    /// The embedded network's weights read as a king-mirrored network (`TRSKNN03`, the same layout
    /// with another magic): a network whose accumulators must be refreshed when a king crosses
    /// between the d and e files.
    fn king_mirrored_network() -> &'static nnue::Network {
        static NETWORK: std::sync::OnceLock<&'static nnue::Network> = std::sync::OnceLock::new();
        NETWORK.get_or_init(|| {
            let mut bytes = nnue::FILE.to_vec();
            bytes[..8].copy_from_slice(b"TRSKNN03");
            let mut network = Box::new(nnue::EMBEDDED.clone());
            network.read(&bytes).expect("the embedded network's layout under the king-mirrored magic");
            assert!(network.mirrored() && !nnue::EMBEDDED.mirrored());
            Box::leak(network)
        })
    }

    /// A king-mirrored network reads each side's view of the board mirrored left to right while that
    /// side's king is on files e-h: with both kings there, it evaluates a position as the same weights
    /// unmirrored evaluate its mirror image; with both kings on a-d, as they evaluate the position.
    #[test]
    fn a_king_mirrored_network_reads_each_side_from_its_kings_half() {
        let mirrored = king_mirrored_network();
        let flip_files = |fen: &str| -> String {
            let (board, rest) = fen.split_once(' ').unwrap();
            let rows: Vec<String> = board
                .split('/')
                .map(|row| {
                    let mut expanded = String::new();
                    for c in row.chars() {
                        match c.to_digit(10) {
                            Some(n) => expanded.extend(std::iter::repeat_n('1', n as usize)),
                            None => expanded.push(c),
                        }
                    }
                    expanded.chars().rev().collect()
                })
                .collect();
            format!("{} {rest}", rows.join("/"))
        };
        let position = |fen: &str| Position::from_fen(fen).unwrap();
        let both_kings_east = "6k1/pp3ppp/2n1b3/3p4/3P4/2N1B3/PP3PPP/5RK1 w - - 0 20";
        let mirror_image = flip_files(both_kings_east);
        let east = nnue::evaluate(&position(both_kings_east), mirrored);
        assert_eq!(east, nnue::evaluate(&position(&mirror_image), &nnue::EMBEDDED));
        assert_ne!(
            east,
            nnue::evaluate(&position(both_kings_east), &nnue::EMBEDDED),
            "the mirroring is read"
        );
        assert_eq!(
            nnue::evaluate(&position(&mirror_image), mirrored),
            nnue::evaluate(&position(&mirror_image), &nnue::EMBEDDED)
        );
        // One king on each half: only the east king's side is read mirrored, so neither plain reading
        // gives its evaluation.
        let split = "1k6/pp3ppp/2n1b3/3p4/3P4/2N1B3/PP3PPP/5RK1 w - - 0 20";
        let value = nnue::evaluate(&position(split), mirrored);
        assert_ne!(value, nnue::evaluate(&position(split), &nnue::EMBEDDED));
        assert_ne!(value, nnue::evaluate(&position(&flip_files(split)), &nnue::EMBEDDED));
    }

    proptest! {
        #![proptest_config(config(256))]

        /// 7. Along random walks of makes, unmakes and null moves (castling, en passant, promotions
        /// and captures among them, and lines deeper than the accumulator stack), the lazily and
        /// incrementally updated accumulators equal fresh ones, with the portable loops and, where
        /// the CPU has them, the AVX2 and AVX-512 ones.
        #[test]
        fn incremental_accumulators_equal_fresh_ones(start_index in 0..START_FENS.len(), steps in walk::steps()) {
            let mut cache = Box::<EvalCache>::default();
            cache.set_network(Some(&nnue::EMBEDDED));
            let start = start(start_index);
            simd::disable_avx2();
            walk::walk(&start, &steps, &mut cache, &mut check_accumulators)?;
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2. (Tests evaluating meanwhile get the same integers.)
                unsafe { simd::enable_avx2() };
                walk::walk(&start, &steps, &mut cache, &mut check_accumulators)?;
                if std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw") {
                    // SAFETY: the CPU has AVX-512 F and BW.
                    unsafe { simd::enable_avx512() };
                    walk::walk(&start, &steps, &mut cache, &mut check_accumulators)?;
                }
                simd::disable_avx2();
            }
        }

        /// 7b. The same with a king-mirrored network, whose accumulator of a side is computed afresh
        /// after its king crosses between the d and e files (castling long among such moves) while
        /// the other side's is still updated move by move.
        #[test]
        fn king_mirrored_accumulators_equal_fresh_ones(start_index in 0..START_FENS.len(), steps in walk::steps()) {
            let network = king_mirrored_network();
            let mut cache = Box::<EvalCache>::default();
            cache.set_network(Some(network));
            let start = start(start_index);
            let mut check = |cache: &mut EvalCache, position: &Position| check_accumulators_of(network, cache, position);
            walk::walk(&start, &steps, &mut cache, &mut check)?;
        }
    }
}
