//! The xiangqi evaluation's linear model: with the compiled weights, the coefficients reproduce
//! `evaluate` exactly, on the perft suite and on random playouts from it, and a changed weight
//! moves the score by its count, tapered. (The data file's round trip and its error messages are
//! `tablegen::xiangqi_eval`'s unit tests: this crate does not depend on `tablegen` outside its
//! build script.)

use engine::xiangqi::eval::coefficients::{
    coefficients, compiled_weights, MATERIAL_BASE, PARAM_COUNT, PSQT_BASE, WEIGHTS_BASE,
};
use engine::xiangqi::eval::{evaluate, weights};
use engine::xiangqi::{generate_moves, Color, PieceKind, Position, XiangqiMoveList};

const PERFT: &str = include_str!("../../tests/data/xiangqi/perft.epd");

mod support;
use support::Rng;

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// The perft positions and `games` random playouts of up to `plies` plies from each.
fn sample_positions(games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut positions = Vec::new();
    let starts = PERFT.lines().filter(|line| !line.trim().is_empty() && !line.starts_with('#'));
    for line in starts {
        let start = position(line.split(';').next().unwrap().trim());
        positions.push(start);
        for _ in 0..games {
            let mut position = start;
            for _ in 0..plies {
                let mut moves = XiangqiMoveList::new();
                generate_moves(&position, &mut moves);
                if moves.is_empty() {
                    break;
                }
                position.make_move(moves[rng.below(moves.len())]);
                positions.push(position);
            }
        }
    }
    positions
}

#[test]
fn the_coefficient_model_reproduces_evaluate_exactly() {
    let weights = compiled_weights();
    let mut used = vec![false; PARAM_COUNT];
    let mut fixed_seen = [false; 2];
    let positions = sample_positions(4, 100);
    assert!(positions.len() > 10_000, "{}", positions.len());
    for position in &positions {
        let model = coefficients(position);
        assert_eq!(model.score(&weights), evaluate(position), "{position}");
        for (index, used) in used.iter_mut().enumerate() {
            *used |= model.counts[0][index] != 0 || model.counts[1][index] != 0;
        }
        // Both fixed terms: exposure (a penalty in both halves) and king danger (which can make
        // the fixed middlegame part positive).
        fixed_seen[0] |= model.fixed.iter().any(|fixed| fixed.mg < 0);
        fixed_seen[1] |= model.fixed.iter().any(|fixed| fixed.mg > 0);
    }
    assert_eq!(fixed_seen, [true, true]);
    // The model is not trivially right: every term weight but the rarest mobility counts was used.
    let used_weights = used[WEIGHTS_BASE..].iter().filter(|&&used| used).count();
    assert!(used_weights * 10 > (PARAM_COUNT - WEIGHTS_BASE) * 8, "{used_weights} used");
    assert!(used[MATERIAL_BASE..PSQT_BASE].iter().skip(1).all(|&used| used));
}

#[test]
fn a_changed_weight_moves_the_score_by_its_count_tapered() {
    let weights = compiled_weights();
    // The start position without black's right-hand cannon (seen from red), red to move.
    let position = position("rnbakabnr/9/7c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    let model = coefficients(&position);
    assert_eq!(model.phase, 15);
    // Material: red has one cannon more.
    let cannon = MATERIAL_BASE + PieceKind::Cannon.index();
    assert_eq!(model.counts[0][cannon] - model.counts[1][cannon], 1);
    let mut changed = weights;
    changed[cannon].mg += 160;
    changed[cannon].eg += 32;
    assert_eq!(model.score(&changed).0 - model.score(&weights).0, (160 * 15 + 32) / 16);
    // A red horse on b0 uses red's b0 value, a black horse on b9 the same square of red's view.
    let horse_b0 = PSQT_BASE + PieceKind::Horse.index() * 90 + 1;
    assert_eq!((model.counts[0][horse_b0], model.counts[1][horse_b0]), (1, 1));
    // Every count of a `weight` moves the score by its weight: rook mobility at the start (two rooks
    // per side with 2 squares each).
    let rook_two = WEIGHTS_BASE + weights::MOBILITY_ROOK.at(2).index();
    assert_eq!(model.counts[0][rook_two], 2);
    assert_eq!(model.side_to_move, Color::Red);
}
