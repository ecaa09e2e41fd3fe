//! The chess evaluation: colour symmetry, material sense, the trace and the tuner's linear model
//! agreeing with the fast path, dead-position detection, and a speed report.
//!
//! Positions: the start positions of `tests/data/chess/perft.epd` and `perft960.epd`, and the
//! positions reached from each of them by a few deterministic pseudo-random games.

use engine::chess::eval::{self, evaluate, insufficient_material, trace, Term, EVAL_LIMIT, TEMPO};
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
fn endgames_the_stronger_side_rarely_wins_are_scaled_down() {
    use eval::{endgame_scale, SCALE_NORMAL};
    let white = |fen: &str| endgame_scale(&position(fen), Color::White);
    let black = |fen: &str| endgame_scale(&position(fen), Color::Black);
    // A minor piece alone cannot mate; a rook against a minor, or a rook and a minor against a
    // rook, rarely wins.
    assert_eq!(white("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1"), 0);
    assert_eq!(white("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), 0);
    assert_eq!(white("4k3/8/3n4/8/8/8/8/R3K3 w - - 0 1"), 4);
    assert_eq!(white("4k3/8/3r4/8/8/8/8/R1N1K3 w - - 0 1"), 14);
    // Opposite-coloured bishops: with bishops alone by the passers, otherwise by the pieces.
    assert_eq!(white("4k3/5b2/8/3P4/1P6/8/8/2B1K3 w - - 0 1"), 18 + 4 * 2);
    assert_eq!(white("4k3/5b2/4p3/3P4/1P6/8/8/2B1K3 w - - 0 1"), 18 + 4);
    // Of doubled pawns only the front one is a passer (here the rear one could not be anyway).
    assert_eq!(white("4k3/5b2/3P4/8/2p5/8/3P4/2B1K3 w - - 0 1"), 18 + 4);
    assert_eq!(white("r3k3/5b2/8/3P4/1P6/8/8/R1B1K3 w - - 0 1"), 22 + 3 * 5);
    // Bishops of one colour are a normal endgame.
    assert_eq!(white("4k3/6b1/8/3P4/1P6/8/8/2B1K3 w - - 0 1"), 36 + 7 * 2);
    // A rook endgame a pawn up with the pawns on one wing and the defender's king by its pawns.
    assert_eq!(white("8/5pk1/6p1/8/5PP1/6K1/r7/7R w - - 0 1"), 36);
    assert_eq!(white("8/5pk1/6p1/8/P4PP1/6K1/r7/7R w - - 0 1"), 36 + 7 * 3);
    // Otherwise by the stronger side's pawns, down from four.
    assert_eq!(white("4k3/pppp4/8/8/8/8/PPPP4/R3K3 w - - 0 1"), SCALE_NORMAL);
    assert_eq!(white("4k3/pppp4/8/8/8/8/P7/R3K3 w - - 0 1"), 43);
    assert_eq!(black("4k3/pppp4/8/8/8/8/P7/R3K3 w - - 0 1"), SCALE_NORMAL);
    // The evaluation follows: a knight up with no pawns left is about level.
    let knight_up = evaluate(&position("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1")).0;
    assert!(knight_up.abs() <= TEMPO + 30, "{knight_up}");
    let trace = trace(&position("4k3/8/3n4/8/8/8/8/R3K3 w - - 0 1"));
    assert_eq!(trace.scale, 4);
    assert!(trace.to_string().contains("Endgame scale: 4/64"), "{trace}");
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

/// The pawn cache changes the speed, never the score: on a first pass (misses and replacements,
/// the sample has more pawn structures than the cache has entries) and a second (hits, some
/// with other pieces around the same pawns, which the passed-pawn terms still see).
#[test]
fn the_pawn_cache_gives_the_uncached_score() {
    let positions = sample_positions(3, 80);
    assert!(positions.len() > eval::PAWN_CACHE_ENTRIES, "{} positions", positions.len());
    let mut cache = Box::<eval::PawnCache>::default();
    for pass in 0..2 {
        for position in positions.iter().chain(positions.iter().rev()) {
            let fen = position.fen().to_string();
            assert_eq!(eval::evaluate_cached(position, &mut cache), evaluate(position), "pass {pass}: {fen}");
        }
    }
    cache.clear();
    let position = &positions[positions.len() / 2];
    assert_eq!(eval::evaluate_cached(position, &mut cache), evaluate(position));
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
fn the_coefficient_model_reproduces_evaluate_exactly() {
    use eval::coefficients::{coefficients, compiled_weights, PARAM_COUNT, WEIGHTS_BASE};
    let weights = compiled_weights();
    let mut used = vec![false; PARAM_COUNT];
    let mut fixed_seen = false;
    for position in sample_positions(3, 80) {
        let model = coefficients(&position);
        assert_eq!(model.score(&weights), evaluate(&position), "{}", position.fen());
        for (index, used) in used.iter_mut().enumerate() {
            *used |= model.counts[0][index] != 0 || model.counts[1][index] != 0;
        }
        fixed_seen |= model.fixed[0].mg != 0 || model.fixed[1].mg != 0;
    }
    // The model is not trivially right: the king-danger penalty came up, and most term weights
    // (all but rare mobility counts and ranks) were used.
    assert!(fixed_seen);
    let used_weights = used[WEIGHTS_BASE..].iter().filter(|&&used| used).count();
    assert!(used_weights * 10 > (PARAM_COUNT - WEIGHTS_BASE) * 8, "{used_weights} used");
    // A changed weight moves the score by its count, tapered.
    let position = position("4k3/7p/1P6/8/8/8/8/4K3 w - - 0 1");
    let model = coefficients(&position);
    let param = WEIGHTS_BASE + eval::weights::PASSED.at(5).index();
    assert_eq!(model.counts[0][param], 1);
    let mut changed = weights;
    changed[param].eg += 128;
    let phase = model.phase;
    // One pawn for the stronger side: its endgame half is scaled by 36 + 7 out of 64.
    assert_eq!(model.scale, [43, 43]);
    assert_eq!(model.score(&changed).0 - model.score(&weights).0, 86 * (24 - phase) / 24);
}

#[test]
fn trace_prints_a_table_ending_in_the_classical_evaluation() {
    let text = trace(&position(STARTPOS)).to_string();
    println!("{text}");
    assert!(text.contains("Material"));
    assert!(text.contains("Knights"));
    assert!(text.trim_end().ends_with("Classical evaluation: +0.10 (white side)"), "{text}");
    // Black to move and a queen down: White's side is far ahead, whoever moves.
    let text = trace(&position("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")).to_string();
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("Classical evaluation: +10.") || last.starts_with("Classical evaluation: +9."),
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
    // In an endgame too (the endgame queen value applies, scaled as a pawnless endgame: still
    // five pawns and more).
    let endgame = position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(trace(&endgame).phase, 4);
    assert!(evaluate(&endgame).0 > 500, "{:?}", evaluate(&endgame));
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

#[test]
fn two_knights_against_a_bare_king_evaluate_as_a_draw() {
    use engine::chess::eval::two_knights_cannot_mate;
    use engine::chess::EvalCache;
    use engine::Game as _;
    // The search's evaluation, with the hand-crafted terms and with the embedded network.
    let search_evaluations = |position: &Position| {
        let mut hand_crafted = EvalCache::default();
        let mut network = EvalCache::default();
        network.set_network(Some(&engine::chess::nnue::EMBEDDED));
        [&mut hand_crafted, &mut network].map(|cache| {
            position.set_eval_root(cache);
            position.evaluate_cached(cache)
        })
    };
    let drawn = [
        "8/8/3k4/8/8/3K4/3N4/3N4 w - - 0 1",
        "8/8/3k4/8/8/3K4/3N4/3N4 b - - 0 1",
        "1n2k1n1/8/8/8/8/8/8/4K3 w - - 0 1",
    ];
    for fen in drawn {
        let position = position(fen);
        assert!(two_knights_cannot_mate(&position), "{fen}");
        assert_eq!(search_evaluations(&position), [Score::DRAW; 2], "{fen}");
        // The hand-crafted terms, and so `eval`'s trace, still count the knights.
        assert!(evaluate(&position).0.abs() > 100, "{fen}");
    }
    // Four men that pass the count: a knight each, a knight and a bishop; and more material.
    let alive = [
        "8/8/3k4/8/8/3K4/3N4/3n4 w - - 0 1",
        "8/8/3k4/8/8/3K4/3N4/3B4 w - - 0 1",
        "8/8/3k4/8/8/3K4/3N4/3n4 b - - 0 1",
        "8/8/3k4/8/8/3K4/3N3p/3N4 w - - 0 1",
        "8/8/3k4/8/8/3K4/3N4/3NN3 w - - 0 1",
    ];
    for fen in alive {
        assert!(!two_knights_cannot_mate(&position(fen)), "{fen}");
    }
    let bishop_and_knight = position("8/8/3k4/8/8/3K4/3N4/3B4 w - - 0 1");
    assert!(search_evaluations(&bishop_and_knight).iter().all(|score| score.0 > 100));
    assert!(!two_knights_cannot_mate(&position(STARTPOS)));
}

/// `better` and `worse` differ only in the feature `term` measures: White's `term` is larger in
/// `better` (in the middlegame or endgame half, as `half` picks), and so is the whole evaluation
/// from White's point of view.
/// Both positions are also checked against their colour-flipped mirrors, since the random games
/// of the symmetry test rarely reach such positions.
fn assert_term_better(term: Term, endgame: bool, better: &str, worse: &str) {
    let (good, bad) = (position(better), position(worse));
    let (good_trace, bad_trace) = (trace(&good), trace(&bad));
    let pick = |value: eval::MgEg| if endgame { value.eg } else { value.mg };
    let good_term = pick(good_trace.term(Color::White, term)) - pick(good_trace.term(Color::Black, term));
    let bad_term = pick(bad_trace.term(Color::White, term)) - pick(bad_trace.term(Color::Black, term));
    // White's view: `evaluate` answers for the side to move, which may be Black.
    let (good_white, bad_white) = (good_trace.white, bad_trace.white);
    println!("{term:?}: {good_term} vs {bad_term}; evaluate (White) {good_white:?} vs {bad_white:?} ({better} | {worse})");
    assert!(good_term > bad_term, "{term:?}: {good_term} <= {bad_term}\n{good_trace}\n{bad_trace}");
    assert!(good_white > bad_white, "{better}: {good_white:?} <= {worse}: {bad_white:?}");
    for fen in [better, worse] {
        let mirror = position(&flip_fen(fen));
        assert_eq!(evaluate(&position(fen)), evaluate(&mirror), "{fen}");
        assert_eq!(trace(&mirror).score, evaluate(&mirror), "{fen}");
    }
}

#[test]
fn passed_pawns_gain_with_rank_and_a_free_path() {
    // The same lone pawn on the sixth and on the third rank.
    assert_term_better(
        Term::PassedPawns,
        true,
        "4k3/7p/1P6/8/8/8/8/4K3 w - - 0 1",
        "4k3/7p/8/8/8/1P6/8/4K3 w - - 0 1",
    );
    // A passer with a free path against one blocked by an enemy knight (the knight stands on the
    // stop square in one, beside the path in the other).
    assert_term_better(
        Term::PassedPawns,
        true,
        "4k3/8/2n5/1P6/8/8/8/4K3 w - - 0 1",
        "4k3/8/1n6/1P6/8/8/8/4K3 w - - 0 1",
    );
    // A passed pawn on f5 (Black's a7 is passed too, but further back) against the same pawn with
    // an enemy pawn in front on the neighbouring file (neither is passed).
    assert_term_better(
        Term::PassedPawns,
        true,
        "4k3/p7/8/5P2/8/8/8/4K3 w - - 0 1",
        "4k3/6p1/8/5P2/8/8/8/4K3 w - - 0 1",
    );
}

#[test]
fn passed_pawns_want_the_own_king_close_and_the_enemy_king_far() {
    assert_term_better(
        Term::PassedPawns,
        true,
        "8/7k/8/1P6/1K6/8/8/8 w - - 0 1",
        "8/1k6/8/1P6/8/8/8/7K w - - 0 1",
    );
    // Rule of the square in a pawn ending: Black's king on e8 catches the a5 pawn only if Black is to
    // move (Kd7), so only the other side to move gets the unstoppable-passer bonus.
    let passer = |fen: &str| trace(&position(fen)).term(Color::White, Term::PassedPawns);
    let white_to_move = passer("4k3/8/8/P7/8/8/6p1/6K1 w - - 0 1");
    let black_to_move = passer("4k3/8/8/P7/8/8/6p1/6K1 b - - 0 1");
    assert_eq!(white_to_move.eg - black_to_move.eg, eval::weights::UNSTOPPABLE_PASSER.weight().eg());
    // Black's own pieces can stop it: no bonus then.
    let with_knight = passer("4k3/8/8/P7/8/8/6p1/n5K1 w - - 0 1");
    assert_eq!(with_knight.eg, black_to_move.eg);
}

#[test]
fn doubled_isolated_and_backward_pawns_are_weaknesses() {
    // Doubled: b2 b3 against b2 c2 (a2 in both).
    assert_term_better(
        Term::PawnStructure,
        true,
        "4k3/ppp5/8/8/8/8/PPP5/4K3 w - - 0 1",
        "4k3/ppp5/8/8/8/1P6/PP6/4K3 w - - 0 1",
    );
    // Isolated: a2 c2 against a2 b2.
    assert_term_better(
        Term::PawnStructure,
        true,
        "4k3/ppp5/8/8/8/8/PP6/4K3 w - - 0 1",
        "4k3/ppp5/8/8/8/8/P1P5/4K3 w - - 0 1",
    );
    // Backward: d3 with e4 is backward when an enemy pawn on c5 hits d4... and healthy with e3.
    // (In the endgame half: in the middlegame the fitted phalanx and backward weights nearly cancel
    // here.)
    assert_term_better(
        Term::PawnStructure,
        true,
        "4k3/8/8/2p5/8/3PP3/8/4K3 w - - 0 1",
        "4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1",
    );
}

#[test]
fn connected_pawns_beat_split_ones() {
    // Phalanx d4 e4 against d4 f4 (f4 alone, d4 isolated too).
    assert_term_better(
        Term::PawnStructure,
        false,
        "4k3/ppp5/8/8/3PP3/8/8/4K3 w - - 0 1",
        "4k3/ppp5/8/8/3P1P2/8/8/4K3 w - - 0 1",
    );
}

#[test]
fn the_bishop_pair_is_worth_more_than_two_bishops_of_one_colour() {
    assert_term_better(
        Term::BishopPair,
        false,
        "rn2k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
        "rn2k3/8/8/8/8/8/3B4/2B1K3 w - - 0 1",
    );
}

#[test]
fn rooks_like_open_files_and_the_seventh() {
    // The same rook on the open d-file and behind its own pawn on the a-file's neighbour.
    assert_term_better(
        Term::RooksQueens,
        false,
        "4k3/pp3ppp/8/8/8/8/PP3PPP/3R2K1 w - - 0 1",
        "4k3/pp3ppp/8/8/8/8/PP3PPP/1R4K1 w - - 0 1",
    );
    // On the seventh with enemy pawns there, against the sixth.
    assert_term_better(
        Term::RooksQueens,
        true,
        "6k1/pR3ppp/8/8/8/8/5PPP/6K1 w - - 0 1",
        "6k1/p4ppp/1R6/8/8/8/5PPP/6K1 w - - 0 1",
    );
}

#[test]
fn knights_like_outposts() {
    // Knight on d5 defended by e4, no black c- or e-pawn left to chase it, against the same knight
    // where a c7 pawn can still kick it.
    assert_term_better(
        Term::Outposts,
        false,
        "4k3/p4p2/8/3N4/4P3/8/8/4K3 w - - 0 1",
        "4k3/2p2p2/8/3N4/4P3/8/8/4K3 w - - 0 1",
    );
}

#[test]
fn mobility_punishes_a_trapped_bishop() {
    // The c1 bishop shut in by b2 and d2 against the same bishop with d2 on d3.
    assert_term_better(
        Term::Mobility,
        false,
        "4k3/ppp5/8/8/8/3P4/1P6/2B1K3 w - - 0 1",
        "4k3/ppp5/8/8/8/8/1P1P4/2B1K3 w - - 0 1",
    );
}

#[test]
fn a_pawn_shield_protects_the_king() {
    // White's castled king with f2 g2 h2 against the same pawns on a2 b2 c2, while Black's queen
    // and rook bear down on the king side.
    assert_term_better(
        Term::KingShelter,
        false,
        "r5k1/5ppp/8/8/7q/8/5PPP/2R3K1 w - - 0 1",
        "r5k1/5ppp/8/8/7q/8/PPP5/2R3K1 w - - 0 1",
    );
}

#[test]
fn attackers_on_the_king_zone_cost_the_defender() {
    // Black's queen and rook aim at White's king side, against the same pieces far away.
    let near = position("6k1/5ppp/8/8/6q1/8/5PPP/r4RK1 w - - 0 1");
    let attack = trace(&near).term(Color::White, Term::KingAttack);
    assert!(attack.mg < 0, "{}", trace(&near));
    assert_term_better(
        Term::KingAttack,
        false,
        "r5k1/5ppp/8/8/q7/8/5PPP/5RK1 w - - 0 1",
        "6k1/5ppp/8/8/6q1/8/5PPP/r4RK1 w - - 0 1",
    );
}

#[test]
fn pieces_attacked_by_pawns_or_left_hanging_are_threats() {
    // A black knight on e5 attacked by d4 against the same knight on a5 out of reach.
    assert_term_better(
        Term::Threats,
        false,
        "4k3/8/8/4n3/3P4/8/8/4K3 b - - 0 1",
        "4k3/8/8/n7/3P4/8/8/4K3 b - - 0 1",
    );
}

#[test]
fn a_minor_attacking_a_rook_is_a_threat() {
    // The knight on c3 hits the rook on d5; on h5 the rook is out of its reach.
    assert_term_better(
        Term::Threats,
        false,
        "4k3/8/8/3r4/8/2N5/8/4K3 w - - 0 1",
        "4k3/8/8/7r/8/2N5/8/4K3 w - - 0 1",
    );
}

#[test]
fn a_king_on_a_flank_without_pawns_stands_badly() {
    // White's king by the pawns on b1, or on g1 where no pawn of either side is left.
    assert_term_better(
        Term::KingShelter,
        false,
        "1k6/ppp5/8/8/8/8/PPP5/1K6 w - - 0 1",
        "1k6/ppp5/8/8/8/8/PPP5/6K1 w - - 0 1",
    );
}

#[test]
fn a_bishop_on_a_long_diagonal_eyes_the_centre() {
    // The bishop on b2 sees d4 and e5; on c1 it sees no centre square.
    assert_term_better(
        Term::Minors,
        false,
        "4k3/8/8/8/8/8/1B6/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
    );
}

#[test]
fn a_knight_that_can_reach_an_outpost_is_better_placed() {
    // From c3 the knight reaches d5, which the e4 pawn defends and no black pawn can attack.
    assert_term_better(
        Term::Outposts,
        false,
        "4k3/8/8/8/4P3/2N5/8/4K3 w - - 0 1",
        "4k3/8/8/8/4P3/8/8/N3K3 w - - 0 1",
    );
}

#[test]
fn well_known_positions_get_plausible_scores() {
    // Balanced or nearly so: the new terms must not swamp material.
    for fen in [
        STARTPOS,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
        "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
    ] {
        let traced = trace(&position(fen));
        println!("{fen}\n{traced}");
        assert!(traced.score.0.abs() < 250, "{fen}: {:?}", traced.score);
    }
}

/// Not an assertion: prints the cost of one `evaluate` call over the sample (run with
/// `cargo test --release -p engine --test eval -- --nocapture evaluate_speed`).
#[test]
fn evaluate_speed() {
    let positions = sample_positions(2, 40);
    // Best of several runs: the machine may be busy, and the minimum is the least disturbed figure.
    // `EVAL_SPEED_ROUNDS=1` makes a run short enough for `valgrind --tool=callgrind`, whose
    // instruction counts do not depend on the machine's load.
    let rounds = std::env::var("EVAL_SPEED_ROUNDS").ok().and_then(|text| text.parse().ok()).unwrap_or(50);
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

/// White's `term` minus Black's in `fen`, middlegame and endgame.
fn term_balance(fen: &str, term: Term) -> (i32, i32) {
    let traced = trace(&position(fen));
    let (white, black) = (traced.term(Color::White, term), traced.term(Color::Black, term));
    (white.mg - black.mg, white.eg - black.eg)
}

#[test]
fn a_safe_pawn_push_that_would_attack_a_piece_is_a_threat() {
    // d4-d5 would hit the knight on c6; with the knight on a6 no push attacks anything. With a black
    // pawn on e6 guarding d5, the push is not safe.
    let threat = term_balance("4k3/8/2n5/8/3P4/8/8/4K3 w - - 0 1", Term::Threats);
    let none = term_balance("4k3/8/n7/8/3P4/8/8/4K3 w - - 0 1", Term::Threats);
    let unsafe_push = term_balance("4k3/8/2n1p3/8/3P4/8/8/4K3 w - - 0 1", Term::Threats);
    assert!(threat.0 > none.0 && threat.1 > none.1, "{threat:?} {none:?}");
    assert!(unsafe_push.0 < threat.0, "{unsafe_push:?} {threat:?}");
}

#[test]
fn bishops_behind_their_own_pawns_on_their_colour_are_worse() {
    // White's pawns on b3, d3 and e4 stand on light squares: the light-squared bishop on f1 is
    // hemmed in by them, the dark-squared one on c1 is not.
    let light = term_balance("4k3/8/8/8/4P3/1P1P4/8/4KB2 w - - 0 1", Term::Minors);
    let dark = term_balance("4k3/8/8/8/4P3/1P1P4/8/2B1K3 w - - 0 1", Term::Minors);
    assert!(light.1 < dark.1, "{light:?} {dark:?}");
}

#[test]
fn a_knight_behind_a_pawn_is_shielded() {
    let behind = term_balance("4k3/8/8/8/3P4/3N4/8/4K3 w - - 0 1", Term::Minors);
    let beside = term_balance("4k3/8/8/8/3P4/4N3/8/4K3 w - - 0 1", Term::Minors);
    assert!(behind.0 > beside.0, "{behind:?} {beside:?}");
}

#[test]
fn space_grows_with_safe_squares_behind_advanced_centre_pawns() {
    // The start position's symmetry: no balance. Then White's centre pawns on d5 and e5 claim
    // the squares behind them (Black's pawns held back on d6 and e6 against d4 and e4).
    assert_eq!(term_balance(STARTPOS, Term::Space), (0, 0));
    let advanced = "rnbqkbnr/ppp2ppp/3pp3/3PP3/8/8/PPP2PPP/RNBQKBNR w KQkq - 0 1";
    let held = "rnbqkbnr/ppp2ppp/3pp3/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 1";
    let (more, less) = (term_balance(advanced, Term::Space), term_balance(held, Term::Space));
    assert!(more.1 > less.1, "{more:?} {less:?}");
}
