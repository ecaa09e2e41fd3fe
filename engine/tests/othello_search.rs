//! The Othello search's selectivity: Multi-ProbCut's probe depths and margins.

use engine::othello::{Color, Position, DISC};
use engine::search::{ProbCut, SearchProfile};

#[test]
fn probes_keep_the_parity_of_the_depth_and_about_half_of_it() {
    for depth in 3..=60 {
        let shallow = ProbCut::shallow_depth(depth);
        assert_eq!((depth - shallow) % 2, 0, "depth {depth}: probe {shallow} changes parity");
        assert!(shallow >= 1 && shallow < depth, "depth {depth}: probe {shallow}");
        assert!((depth / 2 - 1..=depth / 2 + 1).contains(&shallow), "depth {depth}: probe {shallow}");
    }
}

#[test]
fn margins_scale_with_the_confidence() {
    let probcut = ProbCut { min_depth: 3, confidence: 150 };
    assert_eq!(probcut.margin(200), 300);
    assert_eq!(ProbCut { confidence: 100, ..probcut }.margin(200), 200);
    // An unknown deviation makes a margin no probe can clear, without overflowing.
    assert!(probcut.margin(i32::MAX / 4) > 1_000_000);
}

/// A position with `discs` discs: the board filled from a1 on, alternating colours.
fn filled(discs: u32) -> Position {
    let occupied = if discs == 64 { u64::MAX } else { (1u64 << discs) - 1 };
    let black = occupied & 0x5555_5555_5555_5555;
    Position::from_discs(black, occupied & !black, Color::Black)
}

#[test]
fn the_deviation_is_larger_with_fewer_empties_and_deeper_searches() {
    for depth in 3..=20 {
        let mut previous = 0;
        for discs in 4..=63 {
            let sigma = filled(discs).probcut_sigma(depth);
            assert!(sigma >= previous, "depth {depth}, {discs} discs: {sigma} < {previous}");
            assert!((DISC..=8 * DISC).contains(&sigma), "depth {depth}, {discs} discs: {sigma}");
            previous = sigma;
        }
        assert!(filled(30).probcut_sigma(depth + 1) >= filled(30).probcut_sigma(depth));
    }
}
