//! The xiangqi evaluation's linear model and trace: with the compiled weights, the coefficients
//! reproduce `evaluate` exactly, on the perft suite and on random playouts from it, and a changed
//! weight moves the score by its count, tapered; the term-by-term trace reproduces it too, and gives
//! each side's terms to the right side; the smaller evaluations (UCCI's `knowledge`) are the
//! trace's material, and material and tables, tapered. (The data file's round trip and its error messages are
//! `tablegen::xiangqi_eval`'s unit tests: this crate does not depend on `tablegen` outside its
//! build script.)

use engine::xiangqi::eval::coefficients::{
    coefficients, compiled_weights, MATERIAL_BASE, PARAM_COUNT, PSQT_BASE, WEIGHTS_BASE,
};
use engine::xiangqi::eval::{evaluate, evaluate_material, trace, weights, Term};
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

#[test]
fn the_trace_reproduces_evaluate_exactly() {
    let positions = sample_positions(4, 100);
    let mut seen = [false; Term::COUNT];
    for position in &positions {
        let trace = trace(position);
        assert_eq!(trace.score, evaluate(position), "{position}\n{trace}");
        let red_view = if position.side_to_move() == Color::Red { trace.score } else { -trace.score };
        assert_eq!(trace.red, red_view, "{position}");
        for term in Term::ALL {
            seen[term.index()] |=
                Color::ALL.iter().any(|&color| trace.term(color, term) != Default::default());
        }
    }
    // Every term showed up somewhere, so each is wired to its sink and none is left at zero.
    let unseen: Vec<&str> =
        Term::ALL.iter().filter(|term| !seen[term.index()]).map(|term| term.name()).collect();
    assert!(unseen.is_empty(), "never non-zero: {unseen:?}");
}

/// Black's value first, then red's.
fn swapped<T: Copy>([red, black]: [T; 2]) -> [T; 2] {
    [black, red]
}

#[test]
fn the_trace_of_the_mirrored_position_swaps_the_sides() {
    for position in sample_positions(1, 60).iter().step_by(7) {
        let (trace, mirrored) = (trace(position), trace(&position.flipped()));
        assert_eq!(mirrored.material, swapped(trace.material), "{position}");
        assert_eq!(mirrored.psqt, swapped(trace.psqt), "{position}");
        assert_eq!(mirrored.terms, swapped(trace.terms), "{position}\n{trace}\n{mirrored}");
        assert_eq!((mirrored.phase, mirrored.score), (trace.phase, trace.score), "{position}");
        assert_eq!(mirrored.red, -trace.red, "{position}");
    }
}

#[test]
fn the_trace_puts_each_feature_under_its_term() {
    // Red's central cannon on e2 with nothing between it and black's king (no e-file pawns, no
    // black cannon or horse in the way): an empty-headed cannon, under "King file", for red.
    let empty_headed = position("rnbakabnr/9/1c5c1/p1p3p1p/9/9/P1P3P1P/1C2C4/9/RNBAKABNR w - - 0 1");
    let king_file = trace(&empty_headed).term(Color::Red, Term::KingFile);
    let weight = weights::EMPTY_CANNON.weight();
    assert_eq!((king_file.mg, king_file.eg), (weight.mg, weight.eg));
    assert_eq!(trace(&empty_headed).term(Color::Black, Term::KingFile), Default::default());
    // Black without advisors and elephants, red with four attackers (rooks on c6 and d6, a horse on
    // g6, a pawn across the river on a5): the whole exposure penalty, for black; red is as bare but
    // faces no attacker.
    let exposed = position("4k4/9/9/2RR2H2/P8/9/9/9/9/3K5 w - - 0 1");
    let guards = trace(&exposed).term(Color::Black, Term::MissingGuards);
    let exposure = 2 * weights::MISSING_ADVISOR + 2 * weights::MISSING_ELEPHANT;
    assert_eq!((guards.mg, guards.eg), (-exposure, -exposure / 2));
    assert_eq!(trace(&exposed).term(Color::Red, Term::MissingGuards), Default::default());
}

#[test]
fn the_smaller_evaluations_are_the_traced_material_and_tables_tapered() {
    let max = weights::PHASE_MAX;
    for position in sample_positions(1, 60).iter().step_by(7) {
        let traced = trace(position);
        let phase = traced.phase.min(max);
        let from_side_to_move = |mg: i32, eg: i32| {
            let red = (mg * phase + eg * (max - phase)) / max;
            if position.side_to_move() == Color::Red {
                red
            } else {
                -red
            }
        };
        let side = |color: usize| {
            let tables =
                traced.psqt[color].iter().fold((0, 0), |(mg, eg), kind| (mg + kind.mg, eg + kind.eg));
            (traced.material[color].mg, traced.material[color].eg, tables.0, tables.1)
        };
        let (
            (red_mg, red_eg, red_tables_mg, red_tables_eg),
            (black_mg, black_eg, black_tables_mg, black_tables_eg),
        ) = (side(0), side(1));
        let material = from_side_to_move(red_mg - black_mg, red_eg - black_eg);
        let tables = from_side_to_move(
            red_mg + red_tables_mg - black_mg - black_tables_mg,
            red_eg + red_tables_eg - black_eg - black_tables_eg,
        );
        assert_eq!(evaluate_material(position, false).0, material, "{position}");
        assert_eq!(evaluate_material(position, true).0, tables, "{position}");
    }
    // Even material is 0 for material alone; the start position is 0 with its tables too.
    let start = position(engine::xiangqi::STARTPOS);
    assert_eq!((evaluate_material(&start, false).0, evaluate_material(&start, true).0), (0, 0));
}
