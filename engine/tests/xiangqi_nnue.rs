//! The xiangqi network in the core: along random walks of makes, unmakes and null moves (captures
//! among them, and lines deeper than the accumulator stack), the evaluation cache's lazily and
//! incrementally updated accumulators equal fresh ones and its evaluation is the network's from
//! scratch, clamped to the evaluation's limit, with the portable loops and, where the CPU has
//! them, the AVX2 and AVX-512 ones. Without a network the cache evaluates as the linear evaluation does.

use engine::nnue::simd;
use engine::xiangqi::{eval, nnue, Color, EvalCache, Piece, PieceKind, Position};
use engine::{Game, Score};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError};

mod support;

use support::walk;

const PERFT: &str = include_str!("../../tests/data/xiangqi/perft.epd");

/// The walks' start positions: the perft suite's (openings, middlegames and endgames, both
/// sides to move, positions without a legal move among them).
fn starts() -> Vec<Position> {
    PERFT
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fen = line.split(';').next().unwrap().trim();
            Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
        })
        .collect()
}

/// The cache's accumulators at `position` equal fresh ones, and so does its evaluation.
fn check_accumulators(cache: &mut EvalCache, position: &Position) -> Result<(), TestCaseError> {
    let mut fresh = nnue::Accumulator::ZERO;
    fresh.refresh(position, &nnue::EMBEDDED);
    let incremental = *cache.accumulator(position).expect("the cache has a network");
    for perspective in 0..2 {
        prop_assert!(
            incremental.values(perspective) == fresh.values(perspective),
            "{perspective} in {position}"
        );
    }
    let expected = nnue::evaluate(position, &nnue::EMBEDDED).clamp(-eval::EVAL_LIMIT, eval::EVAL_LIMIT);
    prop_assert_eq!(position.evaluate_cached(cache), Score(expected), "{}", position);
    Ok(())
}

/// Without a network the cache follows nothing and evaluates as the linear evaluation does.
fn check_linear(cache: &mut EvalCache, position: &Position) -> Result<(), TestCaseError> {
    prop_assert!(cache.accumulator(position).is_none());
    prop_assert_eq!(position.evaluate_cached(cache), eval::evaluate(position), "{}", position);
    Ok(())
}

proptest! {
    #![proptest_config(Config { cases: 256, failure_persistence: None, ..Config::default() })]

    #[test]
    fn incremental_accumulators_equal_fresh_ones(start_index in 0usize..64, steps in walk::steps()) {
        let starts = starts();
        let start = &starts[start_index % starts.len()];
        let mut cache = Box::<EvalCache>::default();
        walk::walk(start, &steps, &mut cache, &mut check_linear)?;
        cache.set_network(Some(&nnue::EMBEDDED));
        simd::disable_avx2();
        walk::walk(start, &steps, &mut cache, &mut check_accumulators)?;
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2. No other test of this file evaluates with the network.
            unsafe { simd::enable_avx2() };
            walk::walk(start, &steps, &mut cache, &mut check_accumulators)?;
            if std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw") {
                // SAFETY: the CPU has AVX-512 F and BW.
                unsafe { simd::enable_avx512() };
                walk::walk(start, &steps, &mut cache, &mut check_accumulators)?;
            }
            simd::disable_avx2();
        }
    }
}

/// What a move changes: the mover leaves and arrives, a captured piece leaves; the accumulators
/// after a capture and after a quiet move are their parents' changed by exactly that.
#[test]
fn a_capture_removes_the_captured_piece_and_a_quiet_move_moves_one() {
    // Red's cannon on b2 takes the horse on b9; then a quiet move back.
    let mut position = Position::startpos();
    let mut cache = Box::<EvalCache>::default();
    cache.set_network(Some(&nnue::EMBEDDED));
    position.set_eval_root(&mut cache);
    let capture = position.parse_move("b2b9").unwrap();
    let (cannon, horse) =
        (Piece::new(Color::Red, PieceKind::Cannon), Piece::new(Color::Black, PieceKind::Horse));
    let mut expected = nnue::Change::NONE;
    expected.remove(cannon.index(), 2 * 9 + 1);
    expected.remove(horse.index(), 9 * 9 + 1);
    expected.add(cannon.index(), 9 * 9 + 1);
    assert_eq!(nnue::change_of(&position, capture), expected);
    let undo = position.make_move_cached(capture, &mut cache);
    check_accumulators(&mut cache, &position).unwrap();
    let quiet = position.parse_move("a9a8").unwrap();
    let undo_quiet = position.make_move_cached(quiet, &mut cache);
    check_accumulators(&mut cache, &position).unwrap();
    position.unmake_move_cached(quiet, undo_quiet, &mut cache);
    position.unmake_move_cached(capture, undo, &mut cache);
    assert_eq!(position, Position::startpos());
    check_accumulators(&mut cache, &position).unwrap();
}

/// The network sees the board as each side sees it: a position and its colour flip get the same
/// evaluation for the side to move (black's ranks are mirrored in the inputs).
#[test]
fn a_position_and_its_colour_flip_evaluate_alike() {
    for position in starts() {
        let flipped = position.flipped();
        assert_eq!(
            nnue::evaluate(&position, &nnue::EMBEDDED),
            nnue::evaluate(&flipped, &nnue::EMBEDDED),
            "{position} and {flipped}"
        );
    }
}

/// The memory the module note states: a thread's cache is its stack of accumulators, one entry
/// (both perspectives' `i16` values and the move's change, a cache line of padding) per ply and one
/// for lines past the stack, and two cache lines of settings; the network is two bytes per weight,
/// with room for the most output buckets a file may have.
#[test]
fn the_cache_and_the_network_take_the_memory_the_note_states() {
    let entry = 4 * nnue::HIDDEN + 64;
    let cache = std::mem::size_of::<EvalCache>();
    eprintln!("xiangqi EvalCache: {cache} bytes, network: {} bytes", std::mem::size_of::<nnue::Network>());
    let entries = engine::score::MAX_PLY + 2;
    assert!((entries * entry..=entries * entry + 128).contains(&cache), "{cache}");
    let weights = 2 * (1260 + 1 + 2 * types::nnue::MAX_BUCKETS) * nnue::HIDDEN;
    assert!(std::mem::size_of::<nnue::Network>() >= weights);
    assert!(std::mem::size_of::<nnue::Network>() <= weights + 128);
}
