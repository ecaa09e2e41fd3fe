//! The Othello pattern evaluation: the engine's fast code against the plain reference of
//! `tablegen::othello_eval` (included here by path: the engine's tests cannot depend on tablegen),
//! symmetry and colour invariance, and the committed data file.

#[path = "../../tablegen/src/othello_eval.rs"]
#[allow(dead_code)]
mod reference;

use engine::othello::{evaluate, Color, Move, Position};
use engine::Game;

/// A small deterministic generator for random games.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Every position of `games` random games.
fn random_positions(games: usize) -> Vec<Position> {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut position = Position::startpos();
        while !position.is_game_over() {
            positions.push(position);
            let mut moves = position.moves();
            if moves == 0 {
                position.play(Move::PASS);
                continue;
            }
            for _ in 0..rng.next() % u64::from(moves.count_ones()) {
                moves &= moves - 1;
            }
            position.play(Move::from_index(moves.trailing_zeros() as u8));
        }
        positions.push(position);
    }
    positions
}

/// The image of a bitboard under symmetry `symmetry` of the board.
fn transform_set(set: u64, symmetry: usize) -> u64 {
    (0..64u8)
        .filter(|&square| set >> square & 1 != 0)
        .fold(0, |image, square| image | 1 << reference::transform(symmetry, square))
}

fn weights() -> reference::Weights {
    reference::load(reference::DATA_PATH).expect("the committed data file parses")
}

#[test]
fn the_engine_evaluates_as_the_reference_does() {
    let weights = weights();
    for position in random_positions(40) {
        let expected = weights.evaluate(position.player(), position.opponent()).clamp(-6399, 6399);
        assert_eq!(evaluate(&position).0, expected, "{position}");
        assert_eq!(position.evaluate().0, expected);
    }
}

#[test]
fn symmetric_positions_evaluate_alike() {
    for position in random_positions(20) {
        let score = evaluate(&position);
        for symmetry in 1..8 {
            let image = Position::from_discs(
                transform_set(position.black(), symmetry),
                transform_set(position.white(), symmetry),
                position.side_to_move(),
            );
            assert_eq!(evaluate(&image), score, "{position} under symmetry {symmetry}");
        }
    }
}

#[test]
fn swapping_colours_and_the_side_to_move_keeps_the_score() {
    // Scores are from the side to move: from Black's view, swapping the colours negates them.
    for position in random_positions(20) {
        let swapped =
            Position::from_discs(position.white(), position.black(), position.side_to_move().opponent());
        assert_eq!(evaluate(&swapped), evaluate(&position), "{position}");
        let black_view =
            |p: &Position| if p.side_to_move() == Color::Black { p.evaluate().0 } else { -p.evaluate().0 };
        assert_eq!(black_view(&swapped), -black_view(&position));
    }
}

#[test]
fn indices_are_in_range_and_moves_agree() {
    let instances = reference::all_instances();
    for position in random_positions(20) {
        let (player, opponent) = (position.player(), position.opponent());
        for (class, squares) in &instances {
            assert!(reference::pattern_index(player, opponent, squares) < reference::class_size(*class));
        }
        assert_eq!(reference::legal_moves(player, opponent), position.moves(), "{position}");
        assert!(evaluate(&position).0.abs() < 64 * engine::othello::DISC);
    }
}

#[test]
fn the_data_file_round_trips() {
    let bytes = std::fs::read(reference::DATA_PATH).expect("the data file is committed");
    let weights = reference::parse(&bytes).expect("it parses");
    assert_eq!(weights.values.len(), weights.stages * reference::stage_size());
    assert_eq!(reference::write(&weights), bytes, "the committed file is in the canonical encoding");
    assert_eq!(reference::blob(&weights).len(), 2 * weights.values.len());
}

#[test]
fn folded_weights_make_the_reference_symmetric() {
    // Arbitrary weights, equal at the indices a class's self-symmetry relates, as the fit writes.
    let mut weights = reference::Weights::unfitted(reference::DEFAULT_STAGES);
    for stage in 0..weights.stages {
        for class in 0..reference::CLASSES.len() {
            let base = stage * reference::stage_size() + reference::class_offset(class);
            for index in 0..reference::class_size(class) {
                let canonical = reference::canonical_index(class, index) as u64;
                let mut rng = XorShift(canonical * 0x9E37_79B9 + class as u64 * 7 + stage as u64 + 1);
                weights.values[base + index] = (rng.next() % 2001) as i16 - 1000;
            }
        }
    }
    for position in random_positions(10) {
        let score = weights.evaluate(position.player(), position.opponent());
        for symmetry in 1..8 {
            let (player, opponent) =
                (transform_set(position.player(), symmetry), transform_set(position.opponent(), symmetry));
            assert_eq!(weights.evaluate(player, opponent), score, "{position} under symmetry {symmetry}");
        }
    }
}
