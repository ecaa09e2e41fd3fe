//! The Othello search's selectivity (Multi-ProbCut's probe depths and margins) and its use of the
//! transposition table.

use engine::othello::{Color, Move, Position, DISC};
use engine::search::{
    search, DeepProbes, Limits, LimitsOnly, ProbCut, Reporter, SearchInfo, SearchProfile, SearchState,
    TranspositionTable, TtEntry,
};
use engine::{Game, Score};

mod support;
use support::Rng;

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
    let probcut = ProbCut { min_depth: 3, confidence: 150, deep: None, eval_gate: None };
    assert_eq!(probcut.margin(200, 5), 300);
    assert_eq!(ProbCut { confidence: 100, ..probcut }.margin(200, 5), 200);
    // An unknown deviation makes a margin no probe can clear, without overflowing.
    assert!(probcut.margin(i32::MAX / 4, 5) > 1_000_000);
}

#[test]
fn deep_nodes_take_their_own_confidence_from_their_depth_on() {
    let deep = Some(DeepProbes { from_depth: 9, confidence: 110 });
    let probcut = ProbCut { min_depth: 3, confidence: 150, deep, eval_gate: None };
    assert_eq!(probcut.margin(200, 3), 300);
    assert_eq!(probcut.margin(200, 8), 300);
    assert_eq!(probcut.margin(200, 9), 220);
    assert_eq!(probcut.margin(200, 30), 220);
    assert_eq!(ProbCut { deep: None, ..probcut }.margin(200, 30), 300);
}

const UNGATED: ProbCut = ProbCut { min_depth: 3, confidence: 150, deep: None, eval_gate: None };

#[test]
fn without_a_gate_every_probe_is_worth_its_search() {
    assert!(UNGATED.worth_probing(true, -5000, 0, 400));
    assert!(UNGATED.worth_probing(false, 5000, 0, 400));
}

#[test]
fn a_gated_probe_needs_the_evaluation_beyond_its_bound_by_the_gate() {
    let half_margin = ProbCut { eval_gate: Some(50), ..UNGATED };
    // Beta 100, margin 400: a high probe from an evaluation of 300 (half the margin above) up.
    assert!(half_margin.worth_probing(true, 300, 100, 400));
    assert!(!half_margin.worth_probing(true, 299, 100, 400));
    assert!(!half_margin.worth_probing(true, 100, 100, 400));
    // Alpha -100: a low probe from -300 down.
    assert!(half_margin.worth_probing(false, -300, -100, 400));
    assert!(!half_margin.worth_probing(false, -299, -100, 400));
    // An evaluation far above beta does not gate in the probe below alpha.
    assert!(!half_margin.worth_probing(false, 300, -100, 400));
}

#[test]
fn a_negative_gate_also_probes_from_evaluations_short_of_the_bound() {
    let loose = ProbCut { eval_gate: Some(-50), ..UNGATED };
    assert!(loose.worth_probing(true, -100, 100, 400));
    assert!(!loose.worth_probing(true, -101, 100, 400));
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

struct Silent;

impl<M> Reporter<M> for Silent {
    fn report(&mut self, _: &SearchInfo<'_, M>) {}
}

/// The positions `plies` moves after `position` (every line, passes included).
fn descendants<G: Game>(position: &G, plies: usize) -> Vec<G> {
    let mut level = vec![position.clone()];
    for _ in 0..plies {
        let mut next = Vec::new();
        for parent in &level {
            let mut moves = Default::default();
            parent.generate_moves(&mut moves);
            for &mv in moves.iter() {
                let mut child = parent.clone();
                child.make_move(mv);
                next.push(child);
            }
        }
        level = next;
    }
    level
}

/// How many of the positions `plies` moves after `root` a depth-`depth` search of it left in a
/// fresh table.
fn stored_after_search<G: Game>(root: &G, depth: u32, plies: usize) -> usize {
    let entries: Vec<TtEntry> = (0..1 << 16).map(|_| TtEntry::new()).collect();
    let table = TranspositionTable::new(&entries, 1);
    let mut state = SearchState::<G>::boxed();
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    search(root, &[], &limits, &table, &mut state, &LimitsOnly, &mut Silent);
    descendants(root, plies).iter().filter(|position| table.probe(position.hash()).is_some()).count()
}

/// Othello's horizon is its static evaluation: the leaves, most of the nodes, neither probe nor
/// store the table (a probe there costs a cache miss and saves less). The nodes above them do.
/// Chess's quiescence searches captures and keeps its results, as before.
#[test]
fn othello_leaves_stay_out_of_the_table_and_the_nodes_above_them_go_in() {
    let othello = Position::startpos();
    assert_eq!(stored_after_search(&othello, 2, 2), 0, "a leaf of a depth-2 search was stored");
    assert!(stored_after_search(&othello, 2, 1) > 0, "no depth-1 node was stored");
    assert!(stored_after_search(&othello, 3, 2) > 0, "no depth-1 node of a depth-3 search was stored");
    let chess = engine::chess::Position::startpos();
    assert!(stored_after_search(&chess, 1, 1) > 0, "chess's quiescence results are kept");
}

/// Positions of pseudo-random games (the shared playout generator, fixed seed), every ply of each.
fn game_positions(games: usize) -> Vec<Position> {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut position = Position::startpos();
        loop {
            let mut moves = engine::othello::OthelloMoveList::default();
            position.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            positions.push(position);
            position.make_move(moves[rng.below(moves.len())]);
        }
    }
    positions
}

/// The node above the horizon scores what the generic search's loop over the moves' static
/// evaluations scores: the best of them below beta (every move evaluated), or the first move
/// found at or above beta, the hash move tried before the others.
#[test]
fn the_search_above_the_horizon_scores_the_moves_static_evaluations() {
    let positions = game_positions(40);
    let (mut cuts, mut fails) = (0, 0);
    for position in &positions {
        let mut moves = engine::othello::OthelloMoveList::default();
        position.generate_moves(&mut moves);
        let scores: Vec<(Move, Score)> = moves
            .iter()
            .map(|&mv| {
                let mut child = *position;
                child.make_move(mv);
                (mv, -child.evaluate())
            })
            .collect();
        let best = scores.iter().map(|&(_, score)| score).max().unwrap();
        let (worst_move, worst) = scores.iter().copied().min_by_key(|&(_, score)| score).unwrap();
        if moves[0] == Move::PASS {
            assert_eq!(position.search_above_horizon(best, None), None, "a pass goes to the search");
            continue;
        }
        for beta in [best - 1, best, best + 1, worst + 1] {
            let found = position.search_above_horizon(beta, None).unwrap();
            if best >= beta {
                cuts += 1;
                let mv = found.cut_move.expect("a cut names its move");
                let score = scores.iter().find(|&&(scored, _)| scored == mv).unwrap().1;
                assert_eq!(found.score, score, "{}", position.text());
                assert!(score >= beta && found.leaves <= scores.len() as u64);
            } else {
                fails += 1;
                assert_eq!((found.score, found.cut_move), (best, None), "{}", position.text());
                assert_eq!(found.leaves, scores.len() as u64);
            }
        }
        // The hash move comes first: when it reaches beta alone, nothing else is evaluated.
        let found = position.search_above_horizon(worst, Some(worst_move)).unwrap();
        assert_eq!((found.cut_move, found.leaves), (Some(worst_move), 1), "{}", position.text());
    }
    assert!(positions.len() > 2000 && cuts > 1000 && fails > 1000, "{} {cuts} {fails}", positions.len());
}
