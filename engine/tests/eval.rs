//! The chess evaluation: colour symmetry, material sense, the trace agreeing with the fast path,
//! dead-position detection, and a speed report.
//!
//! Positions: the start positions of `tests/data/chess/perft.epd` and `perft960.epd`, and the
//! positions reached from each of them by a few deterministic pseudo-random games.

use engine::chess::eval::{self, evaluate, insufficient_material, trace, EVAL_LIMIT, TEMPO};
use engine::chess::psqt::{MATERIAL_EG, MATERIAL_MG, PHASE_MAX};
use engine::chess::{generate_moves, ChessMoveList, Color, PieceKind, Position, STARTPOS};
use engine::Score;

const PERFT: &str = include_str!("../../tests/data/chess/perft.epd");
const PERFT960: &str = include_str!("../../tests/data/chess/perft960.epd");

fn epd_fens() -> Vec<String> {
    PERFT
        .lines()
        .chain(PERFT960.lines())
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| line.split(';').next().unwrap().trim().to_string())
        .collect()
}

/// xorshift64: deterministic move choices without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The EPD positions and every position along `games` random games of up to `plies` plies from each.
fn sample_positions(games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut positions = Vec::new();
    for fen in epd_fens() {
        let start = Position::from_fen(&fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
        positions.push(start);
        for _ in 0..games {
            let mut position = start;
            for _ in 0..plies {
                let mut moves = ChessMoveList::new();
                generate_moves(&position, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(rng.next() % moves.len() as u64) as usize];
                position.make_move(mv);
                positions.push(position);
            }
        }
    }
    positions
}

/// The same position seen from the other side: ranks reversed, colours swapped (pieces, side to move,
/// castling rights), the en-passant square mirrored.
fn flip_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let swap_case = |text: &str| -> String {
        text.chars()
            .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
            .collect()
    };
    let placement = fields[0].split('/').rev().map(swap_case).collect::<Vec<_>>().join("/");
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" { "-".to_string() } else { swap_case(fields[2]) };
    let en_passant = match fields[3] {
        "-" => "-".to_string(),
        square => {
            let (file, rank) = square.split_at(1);
            format!("{file}{}", if rank == "3" { "6" } else { "3" })
        }
    };
    let mut flipped = vec![placement, side.to_string(), castling, en_passant];
    flipped.extend(fields[4..].iter().map(|field| field.to_string()));
    flipped.join(" ")
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

#[test]
fn flip_fen_is_an_involution_and_flips_the_board() {
    assert_eq!(
        flip_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQq d6 0 1"),
        "r3k2r/8/8/8/3Pp3/8/8/R3K2R b kqQ d3 0 1"
    );
    for fen in epd_fens() {
        assert_eq!(flip_fen(&flip_fen(&fen)), fen);
    }
}

#[test]
fn the_start_position_is_level_for_both_sides() {
    let white = position(STARTPOS);
    let black = position(&flip_fen(STARTPOS));
    assert_eq!(black.side_to_move(), Color::Black);
    assert_eq!(evaluate(&white), Score(TEMPO));
    assert_eq!(evaluate(&black), Score(TEMPO));
    let traced = trace(&white);
    assert_eq!(traced.tapered, 0);
    assert_eq!(traced.phase, PHASE_MAX);
    let material_mg =
        8 * MATERIAL_MG[0] + 2 * (MATERIAL_MG[1] + MATERIAL_MG[2] + MATERIAL_MG[3]) + MATERIAL_MG[4];
    let material_eg =
        8 * MATERIAL_EG[0] + 2 * (MATERIAL_EG[1] + MATERIAL_EG[2] + MATERIAL_EG[3]) + MATERIAL_EG[4];
    for color in Color::ALL {
        assert_eq!(traced.material[color.index()].mg, material_mg);
        assert_eq!(traced.material[color.index()].eg, material_eg);
    }
}

#[test]
fn mirrored_positions_score_the_same_for_the_side_to_move() {
    let positions = sample_positions(3, 60);
    assert!(positions.len() > 1_000, "{} positions", positions.len());
    for position in &positions {
        let fen = position.fen().to_string();
        let mirror = Position::from_fen(&flip_fen(&fen)).unwrap_or_else(|error| panic!("{fen}: {error}"));
        assert_eq!(evaluate(position), evaluate(&mirror), "{fen}");
        assert_eq!(trace(position).white, -trace(&mirror).white, "{fen}");
    }
}

#[test]
fn trace_reproduces_evaluate_term_for_term() {
    for position in sample_positions(3, 80) {
        let traced = trace(&position);
        let fen = position.fen().to_string();
        assert_eq!(traced.score, evaluate(&position), "{fen}");
        let expected_white =
            if position.side_to_move() == Color::White { traced.score } else { -traced.score };
        assert_eq!(traced.white, expected_white, "{fen}");
        assert!(traced.score.0.abs() <= EVAL_LIMIT && !traced.score.is_mate(), "{fen}");
        assert!((0..=PHASE_MAX).contains(&traced.phase));
        // Material recounted piece by piece.
        for color in Color::ALL {
            let count = |kind: PieceKind| position.pieces(color, kind).count() as i32;
            let mg: i32 = PieceKind::ALL.iter().map(|&kind| count(kind) * MATERIAL_MG[kind.index()]).sum();
            let eg: i32 = PieceKind::ALL.iter().map(|&kind| count(kind) * MATERIAL_EG[kind.index()]).sum();
            assert_eq!((traced.material[color.index()].mg, traced.material[color.index()].eg), (mg, eg));
        }
    }
}

#[test]
fn trace_prints_a_table_ending_in_the_final_evaluation() {
    let text = trace(&position(STARTPOS)).to_string();
    println!("{text}");
    assert!(text.contains("Material"));
    assert!(text.contains("Knights"));
    assert!(text.trim_end().ends_with("Final evaluation: +0.10 (white side)"), "{text}");
    // Black to move and a queen down: White's side is far ahead, whoever moves.
    let text = trace(&position("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")).to_string();
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("Final evaluation: +10.") || last.starts_with("Final evaluation: +9."),
        "{last}"
    );
    assert!(last.ends_with("(white side)"));
}

#[test]
fn a_queen_up_is_winning_and_a_queen_down_losing() {
    let up = position("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(evaluate(&up).0 > 700, "{:?}", evaluate(&up));
    let down = position("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert!(evaluate(&down).0 < -700, "{:?}", evaluate(&down));
    // In an endgame too (the endgame queen value applies).
    let endgame = position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(trace(&endgame).phase, 4);
    assert!(evaluate(&endgame).0 > 700);
}

#[test]
fn the_tables_prefer_natural_squares() {
    // Same material; the knight in the centre beats the knight in the corner, the far-advanced
    // passed pawn in the endgame beats the one at home.
    let centre = position("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1");
    let corner = position("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
    assert!(evaluate(&centre) > evaluate(&corner));
    let advanced = position("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let home = position("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1");
    assert!(evaluate(&advanced).0 > evaluate(&home).0 + 100);
}

#[test]
fn insufficient_material_is_only_claimed_for_dead_positions() {
    let cases: &[(&str, bool, &str)] = &[
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, "K v K"),
        ("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", true, "KN v K"),
        ("4k3/8/8/8/8/8/8/2B1K3 b - - 0 1", true, "KB v K"),
        ("4kb2/8/8/8/8/8/8/4K3 w - - 0 1", true, "K v KB"),
        ("4k3/8/8/8/8/8/8/4K1n1 w - - 0 1", true, "K v KN"),
        // Every bishop on a dark square (c1, e7, f8): no sequence of moves can mate.
        ("4kb2/4b3/8/8/8/8/8/2B1K3 w - - 0 1", true, "KB v KBB, all on dark squares"),
        ("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false, "KBB v K, opposite colours: mate is forced"),
        ("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", true, "KB v KB, both on light squares"),
        ("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false, "KB v KB, opposite colours: a helpmate exists"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, "KP v K"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false, "KR v K"),
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false, "KQ v K"),
        // Not a forced win, but mate is possible if Black blunders: FIDE does not call it dead.
        ("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", false, "KNN v K"),
        ("4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1", false, "KBN v K"),
        ("4k1n1/8/8/8/8/8/8/4KN2 w - - 0 1", false, "KN v KN"),
        ("4kb2/8/8/8/8/8/8/4KN2 w - - 0 1", false, "KN v KB"),
    ];
    for &(fen, expected, name) in cases {
        assert_eq!(insufficient_material(&position(fen)), expected, "{name}: {fen}");
    }
    assert!(!insufficient_material(&position(STARTPOS)));
}

/// Not an assertion: prints the cost of one `evaluate` call over the sample (run with
/// `cargo test --release -p engine --test eval -- --nocapture evaluate_speed`).
#[test]
fn evaluate_speed() {
    let positions = sample_positions(2, 40);
    // Best of several runs: the machine may be busy, and the minimum is the least disturbed figure.
    let rounds = 50;
    let mut best = f64::INFINITY;
    let mut checksum = 0i64;
    for _ in 0..7 {
        let start = std::time::Instant::now();
        for _ in 0..rounds {
            for position in &positions {
                checksum += i64::from(evaluate(std::hint::black_box(position)).0);
            }
        }
        best = best.min(start.elapsed().as_nanos() as f64 / (rounds * positions.len()) as f64);
    }
    println!(
        "evaluate: {best:.1} ns per call (best of 7 runs over {} positions x {rounds}, checksum {checksum})",
        positions.len()
    );
    let start = std::time::Instant::now();
    for position in &positions {
        std::hint::black_box(eval::trace(std::hint::black_box(position)));
    }
    println!("trace: {:.1} ns per call", start.elapsed().as_nanos() as f64 / positions.len() as f64);
}
