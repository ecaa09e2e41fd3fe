//! Othello rules against a naive reference, over random games: the setwise move generator equals
//! "squares where some line flips", flips equal a square-by-square walk, hashes are consistent,
//! passes and the end of the game follow the rules.

use engine::othello::board::{flips, legal_moves};
use engine::othello::{Color, Move, Position, Square};
use engine::Game;

/// Square-by-square flips: the reference the bitboard code is checked against.
fn naive_flips(player: u64, opponent: u64, square: usize) -> u64 {
    if (player | opponent) >> square & 1 == 1 {
        return 0;
    }
    let (row, column) = ((square / 8) as i32, (square % 8) as i32);
    let mut flipped = 0;
    for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
        let (mut r, mut c) = (row + dr, column + dc);
        let mut line = 0u64;
        while (0..8).contains(&r) && (0..8).contains(&c) && opponent >> (r * 8 + c) & 1 == 1 {
            line |= 1 << (r * 8 + c);
            r += dr;
            c += dc;
        }
        if (0..8).contains(&r) && (0..8).contains(&c) && player >> (r * 8 + c) & 1 == 1 {
            flipped |= line;
        }
    }
    flipped
}

/// A small deterministic generator for the random games.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % bound
    }
}

#[test]
fn random_games_follow_the_reference_rules() {
    let mut rng = Lcg(2024);
    let mut games_with_passes = 0;
    for _ in 0..300 {
        let mut position = Position::startpos();
        let mut passed = false;
        loop {
            let (player, opponent) = (position.player(), position.opponent());
            let mut reference_moves = 0u64;
            for square in 0..64 {
                let flipped = naive_flips(player, opponent, square);
                if flipped != 0 {
                    reference_moves |= 1 << square;
                }
                let square_type = Square::new(square as u8).unwrap();
                if (player | opponent) >> square & 1 == 0 {
                    assert_eq!(
                        flips(player, opponent, square_type),
                        flipped,
                        "{} {square_type}",
                        position.text()
                    );
                }
            }
            assert_eq!(legal_moves(player, opponent), reference_moves, "{}", position.text());
            let mut moves = Default::default();
            position.generate_moves(&mut moves);
            // No move is tactical: the quiet moves are all of them, the pass included.
            let mut staged = Default::default();
            position.generate_tactical_moves(&mut staged);
            assert!(staged.is_empty());
            position.append_quiet_moves(&mut staged);
            assert_eq!(staged[..], moves[..], "{}", position.text());
            if moves.is_empty() {
                assert!(position.is_game_over());
                let black = position.black().count_ones() as i32;
                let white = position.white().count_ones() as i32;
                let for_black = if position.side_to_move() == Color::Black {
                    position.final_score()
                } else {
                    -position.final_score()
                };
                assert_eq!(for_black.signum(), (black - white).signum());
                assert!(for_black.abs() >= (black - white).abs());
                break;
            }
            if moves[0] == Move::PASS {
                assert_eq!(moves.len(), 1);
                assert!(position.must_pass());
                passed = true;
            }
            let mv = moves[rng.below(moves.len())];
            let before = position;
            let undo = position.make_move(mv);
            assert_ne!(position.hash(), before.hash());
            assert_eq!(position.side_to_move(), before.side_to_move().opponent());
            if !mv.is_pass() {
                assert_eq!(
                    (position.black() | position.white()).count_ones(),
                    (before.black() | before.white()).count_ones() + 1
                );
            }
            let text = position.text().to_string();
            assert_eq!(Position::parse(&text), Ok(position), "{text}");
            position.unmake_move(mv, undo);
            assert_eq!(position, before);
            position.make_move(mv);
        }
        games_with_passes += usize::from(passed);
    }
    assert!(games_with_passes > 0, "some random game passes");
}

#[test]
fn texts_parse_and_print() {
    let start = Position::startpos();
    assert_eq!(
        start.text().to_string(),
        "---------------------------OX------XO--------------------------- X"
    );
    assert_eq!(start.parse_move("f5"), Some(Move::at(Square::parse("F5").unwrap())));
    assert_eq!(start.parse_move("a1"), None, "not a legal move");
    assert_eq!(start.parse_move("PA"), None, "no pass while moves exist");
    assert_eq!(start.parse_move("z9"), None);
    assert_eq!(start.move_text(Move::PASS).to_string(), "PA");
    assert_eq!(start.move_text(start.parse_move("d3").unwrap()).to_string(), "D3");
    assert!(Position::parse("XO").is_err());
    assert!(Position::parse(&format!("{}Q X", "-".repeat(63))).is_err());
    assert!(Position::parse(&format!("{} Z", "-".repeat(64))).is_err());
    // Only White can move: Black must pass.
    let over = Position::parse(&format!("XX{} O", "-".repeat(62))).unwrap();
    assert!(!over.must_pass() && over.is_game_over(), "only black discs: nobody can move");
    assert_eq!(over.final_score(), -64, "White lost 2 to 0, and the 62 empties go to Black");
    let pass = Position::parse(&format!("OX{} X", "-".repeat(62))).unwrap();
    assert!(pass.must_pass(), "Black has no move, White plays c1");
    assert_eq!(pass.parse_move("pa"), Some(Move::PASS));
    // Encoded moves round-trip and never use the table's "no move" 0.
    for index in 0..=64u8 {
        let mv = Move::from_index(index);
        assert_ne!(Position::encode_move(mv), 0);
        assert_eq!(Position::decode_move(Position::encode_move(mv)), mv);
    }
}
