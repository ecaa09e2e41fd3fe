//! The generic search on chess positions with known answers.

use engine::chess::Position;
use engine::history::PastPosition;
use engine::search::{
    search, Control, Iteration, Limits, LimitsOnly, Reporter, SearchInfo, SearchOutcome, SearchState,
    Selectivity, TranspositionTable, TtEntry,
};
use engine::Score;
use std::cell::{Cell, RefCell};

#[derive(Default)]
struct Collect {
    lines: Vec<(u32, usize, Score, Vec<String>)>,
}

impl Reporter<engine::chess::Move> for Collect {
    fn report(&mut self, info: &SearchInfo<'_, engine::chess::Move>) {
        let pv = info.pv.iter().map(|mv| mv.to_uci(false).to_string()).collect();
        self.lines.push((info.depth, info.multipv, info.score, pv));
    }
}

fn run(fen: &str, limits: Limits<'_, engine::chess::Move>) -> (SearchOutcome<engine::chess::Move>, Collect) {
    run_after(fen, &[], limits)
}

/// Searches the position reached by playing `moves` from `fen`, with the positions on the way as
/// the game history.
fn run_after(
    fen: &str,
    moves: &[&str],
    limits: Limits<'_, engine::chess::Move>,
) -> (SearchOutcome<engine::chess::Move>, Collect) {
    run_controlled(fen, moves, limits, &LimitsOnly)
}

/// A control that stops nothing early (as [`LimitsOnly`]) and changes the search itself.
struct Styled {
    selectivity: Selectivity,
    draw_value: Score,
}

impl Control for Styled {
    fn should_stop(&self, _nodes: u64) -> bool {
        false
    }

    fn iteration_done(&self, _iteration: &Iteration) -> bool {
        false
    }

    fn selectivity(&self) -> Selectivity {
        self.selectivity
    }

    fn draw_value(&self) -> Score {
        self.draw_value
    }
}

/// [`run_after`] under `control`.
fn run_controlled<C: Control>(
    fen: &str,
    moves: &[&str],
    limits: Limits<'_, engine::chess::Move>,
    control: &C,
) -> (SearchOutcome<engine::chess::Move>, Collect) {
    let mut position = Position::from_fen(fen).unwrap();
    let mut keys = Vec::new();
    for text in moves {
        keys.push(PastPosition::key_only(position.hash()));
        let mv = position.parse_uci_move(text).unwrap();
        position.make_move(mv);
    }
    let entries: Vec<TtEntry> = (0..1 << 16).map(|_| TtEntry::new()).collect();
    let tt = TranspositionTable::new(&entries, 1);
    let mut state = SearchState::<Position>::boxed();
    let mut collect = Collect::default();
    let outcome = search(&position, &keys, &limits, &tt, &mut state, control, &mut collect);
    (outcome, collect)
}

fn uci(outcome: &SearchOutcome<engine::chess::Move>) -> String {
    outcome.best_move.map(|mv| mv.to_uci(false).to_string()).unwrap_or_default()
}

#[test]
fn finds_mate_in_one_and_reports_it_as_mate() {
    let (outcome, _) =
        run("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Limits { depth: Some(4), ..Limits::default() });
    assert_eq!(uci(&outcome), "a1a8");
    assert_eq!(outcome.score.mate_moves(), Some(1));
}

#[test]
fn finds_mate_in_two_and_stops_with_the_mate_limit() {
    // Legall's mate pattern: 1. Nf6+ gxf6 2. Bxf7#.
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    let (outcome, _) = run(fen, Limits { mate: Some(2), ..Limits::default() });
    assert_eq!(outcome.score.mate_moves(), Some(2), "{outcome:?}");
    assert_eq!(uci(&outcome), "d5f6");
}

#[test]
fn the_mated_side_sees_its_mate_coming() {
    // Kb8 is forced and Rh8 mates: Black is mated in one move.
    let (outcome, _) = run("k7/8/1K6/8/8/8/8/7R b - - 0 1", Limits { depth: Some(5), ..Limits::default() });
    assert_eq!(uci(&outcome), "a8b8");
    assert_eq!(outcome.score.mate_moves(), Some(-1), "{outcome:?}");
}

#[test]
fn no_legal_move_gives_no_move_and_the_terminal_score() {
    let (mated, _) = run("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", Limits::default());
    assert_eq!(mated.best_move, None);
    assert_eq!(mated.score, Score::mated_in(0));
    let (stalemate, _) = run("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Limits::default());
    assert_eq!(stalemate.best_move, None);
    assert_eq!(stalemate.score, Score::DRAW);
}

#[test]
fn wins_a_hanging_queen_and_avoids_a_poisoned_one() {
    let (outcome, _) =
        run("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", Limits { depth: Some(4), ..Limits::default() });
    assert_eq!(uci(&outcome), "d2d5");
    // The queen on d5 is defended by the pawn on e6: Rxd5 loses the exchange for a queen... still wins;
    // here the pawn-defended rook is bait instead: Qxd5 exd5 loses the queen for a rook.
    let (outcome, _) =
        run("4k3/8/4p3/3r4/8/8/8/3QK3 w - - 0 1", Limits { depth: Some(5), ..Limits::default() });
    assert_ne!(uci(&outcome), "d1d5");
}

#[test]
fn repeating_a_position_of_the_game_is_a_draw_the_losing_side_takes() {
    // Black, a queen down, has shuffled Kh8 Kg8 against Qd2 Qd1: Kh8 again repeats a position of the
    // game, which the search must score as a draw and prefer to every losing move.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1";
    let (outcome, _) =
        run_after(fen, &["g8h8", "d1d2", "h8g8", "d2d1"], Limits { depth: Some(6), ..Limits::default() });
    assert_eq!(uci(&outcome), "g8h8");
    assert_eq!(outcome.score, Score::DRAW);
    // Without the history the same position is simply lost.
    let (fresh, _) = run(fen, Limits { depth: Some(6), ..Limits::default() });
    assert!(fresh.score < Score(-500), "{fresh:?}");
}

#[test]
fn a_control_values_the_draws_the_search_finds() {
    // The repetition above, its draw worth `value` to black, the side to move at the root: black
    // still takes it (the queen it is down is worth far more), and scores it so.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1";
    for value in [-40, 0, 40] {
        let control = Styled { selectivity: Selectivity::Full, draw_value: Score(value) };
        let limits = Limits { depth: Some(6), ..Limits::default() };
        let (outcome, _) = run_controlled(fen, &["g8h8", "d1d2", "h8g8", "d2d1"], limits, &control);
        assert_eq!((uci(&outcome), outcome.score), ("g8h8".to_string(), Score(value)), "{value}");
    }
}

#[test]
fn less_selectivity_searches_more_nodes_and_full_is_the_default() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let limits = || Limits { depth: Some(5), ..Limits::default() };
    let nodes: Vec<u64> =
        [Selectivity::None, Selectivity::Reductions, Selectivity::NullMove, Selectivity::Full]
            .into_iter()
            .map(|selectivity| {
                let control = Styled { selectivity, draw_value: Score::DRAW };
                run_controlled(kiwipete, &[], limits(), &control).0.nodes
            })
            .collect();
    assert!(nodes.windows(2).all(|pair| pair[0] > pair[1]), "{nodes:?}");
    assert_eq!(nodes[3], run(kiwipete, limits()).0.nodes);
}

#[test]
fn the_same_search_visits_the_same_nodes() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (first, _) = run(kiwipete, Limits { depth: Some(7), ..Limits::default() });
    let (second, _) = run(kiwipete, Limits { depth: Some(7), ..Limits::default() });
    assert_eq!(first.nodes, second.nodes);
    assert_eq!(first.best_move, second.best_move);
    assert_eq!(first.depth, 7);
}

/// A control that never stops the search and notes, per completed iteration, whether it heard of
/// a doubt about the best move during it.
#[derive(Default)]
struct DoubtLog {
    doubted: RefCell<Vec<bool>>,
    current: Cell<bool>,
}

impl Control for DoubtLog {
    fn should_stop(&self, _nodes: u64) -> bool {
        false
    }

    fn iteration_done(&self, _iteration: &Iteration) -> bool {
        self.doubted.borrow_mut().push(self.current.replace(false));
        false
    }

    fn best_move_in_doubt(&self) {
        self.current.set(true);
    }
}

/// A clock cuts iterations that leave the best move unchallenged: an iteration that ends with
/// another best move must have said so while it ran.
#[test]
fn every_iteration_that_changes_the_best_move_reports_a_doubt() {
    let mut changes = 0;
    for fen in [
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    ] {
        let position = Position::from_fen(fen).unwrap();
        let entries: Vec<TtEntry> = (0..1 << 16).map(|_| TtEntry::new()).collect();
        let tt = TranspositionTable::new(&entries, 1);
        let mut state = SearchState::<Position>::boxed();
        let (log, mut collect) = (DoubtLog::default(), Collect::default());
        let limits = Limits { depth: Some(12), ..Limits::default() };
        search(&position, &[], &limits, &tt, &mut state, &log, &mut collect);
        // Each depth's last line is its completed one.
        let best_at = |depth: u32| {
            collect
                .lines
                .iter()
                .rev()
                .find(|line| line.0 == depth && line.1 == 1)
                .map(|line| line.3[0].clone())
        };
        let doubted = log.doubted.borrow();
        assert_eq!(doubted.len(), 12);
        for depth in 2..=12 {
            if best_at(depth) != best_at(depth - 1) {
                changes += 1;
                assert!(doubted[depth as usize - 1], "{fen}: depth {depth} changed the move silently");
            }
        }
    }
    assert!(changes > 0, "the positions change their best move as the depth grows");
}

#[test]
fn node_limit_and_searchmoves_are_obeyed() {
    let (outcome, _) = run(engine::chess::STARTPOS, Limits { nodes: Some(5_000), ..Limits::default() });
    assert!(outcome.nodes <= 5_000 + 1, "{}", outcome.nodes);
    let position = Position::startpos();
    let only = [position.parse_uci_move("a2a3").unwrap(), position.parse_uci_move("h2h3").unwrap()];
    let (outcome, _) =
        run(engine::chess::STARTPOS, Limits { depth: Some(5), searchmoves: &only, ..Limits::default() });
    assert!(only.contains(&outcome.best_move.unwrap()));
}

#[test]
fn multipv_reports_distinct_lines_in_order() {
    let (_, collect) =
        run(engine::chess::STARTPOS, Limits { depth: Some(5), multipv: 3, ..Limits::default() });
    let last: Vec<_> = collect.lines.iter().filter(|line| line.0 == 5).collect();
    let exact: Vec<_> = last.iter().rev().take(3).rev().collect();
    assert_eq!(exact.iter().map(|line| line.1).collect::<Vec<_>>(), [1, 2, 3]);
    assert!(exact[0].2 >= exact[1].2 && exact[1].2 >= exact[2].2);
    let firsts: std::collections::HashSet<_> = exact.iter().map(|line| line.3[0].clone()).collect();
    assert_eq!(firsts.len(), 3);
    let position = Position::startpos();
    for line in exact {
        let mut replay = position;
        for text in &line.3 {
            let mv = replay
                .parse_uci_move(text)
                .unwrap_or_else(|| panic!("illegal pv move {text} in {:?}", line.3));
            replay.make_move(mv);
        }
        assert!(replay.hash() != 0);
    }
}

/// The position after `moves` from `fen`, and the key of every position on the way (the first
/// one included).
fn keys_along(fen: &str, moves: &[&str]) -> (Position, Vec<u64>) {
    let mut position = Position::from_fen(fen).unwrap();
    let mut keys = vec![position.hash()];
    for text in moves {
        let mv = position.parse_uci_move(text).unwrap();
        position.make_move(mv);
        keys.push(position.hash());
    }
    (position, keys)
}

#[test]
fn the_side_to_move_reaches_an_earlier_position_with_one_quiet_move_on_a_clear_line() {
    use engine::Game;
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (position, keys) = keys_along(START, &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6"]);
    // White to move; Ng1 gives the position after 2. Ng1 (Black to move) again.
    assert!(position.reaches_in_one_move(keys[3]));
    // After 1. Nf3 Black's knight stood on g8 with White's on f3: no White move gets there.
    assert!(!position.reaches_in_one_move(keys[1]));
    assert!(!position.reaches_in_one_move(keys[4]), "the start: two moves away");

    let rook_a1 = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let rook_d1 = Position::from_fen("4k3/8/8/8/8/8/8/3RK3 b - - 1 1").unwrap();
    assert!(rook_a1.reaches_in_one_move(rook_d1.hash()));
    let blocked = Position::from_fen("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1").unwrap();
    let blocked_d1 = Position::from_fen("4k3/8/8/8/8/8/8/1N1RK3 b - - 1 1").unwrap();
    assert!(!blocked.reaches_in_one_move(blocked_d1.hash()), "the knight on b1 is in the way");
    // The same difference with Black to move: the rook is not Black's to move.
    let black_to_move = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
    let rook_d1_white_to_move = Position::from_fen("4k3/8/8/8/8/8/8/3RK3 w - - 1 1").unwrap();
    assert!(!black_to_move.reaches_in_one_move(rook_d1_white_to_move.hash()));
}

/// A search stopped by its node limit right after a later root move beat the first one keeps that
/// move in front, and must report the score it beat the first one with: the move has no score of a
/// completed iteration (it failed low in the last one), and reporting that "no score" printed as
/// `score mate 499` (found by importing our own games in OpenBench's PGN format). The state and the
/// table carry over from search to search, as in a game.
#[test]
fn a_search_stopped_after_a_new_best_move_reports_that_moves_score() {
    let fens = [
        "r1bqkb1r/pp2pppp/n1pp4/5n2/1P6/N1P2P2/P1QPP1PP/R1B1KBNR w KQkq - 1 6",
        "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQkq - 0 8",
        "rnbqkb1r/pp3ppp/4pn2/2pp4/3P4/2P1PN2/PP1N1PPP/R1BQKB1R b KQkq - 0 5",
    ];
    let entries: Vec<TtEntry> = (0..1 << 14).map(|_| TtEntry::new()).collect();
    let mut state = SearchState::<Position>::boxed();
    for (with_network, age) in [(false, 1u8), (true, 2)] {
        #[cfg(not(feature = "compact"))]
        state.eval_cache_mut().set_network(with_network.then_some(&engine::chess::nnue::EMBEDDED));
        let mut interrupted = 0;
        for fen in fens {
            let mut position = Position::from_fen(fen).unwrap();
            let mut keys = Vec::new();
            for nodes in (300..3_000).step_by(41) {
                let tt = TranspositionTable::new(&entries, age);
                let limits = Limits { nodes: Some(nodes), ..Limits::default() };
                let outcome =
                    search(&position, &keys, &limits, &tt, &mut state, &LimitsOnly, &mut Collect::default());
                interrupted += usize::from(outcome.interrupted);
                assert!(
                    !outcome.score.is_mate(),
                    "{fen}, {nodes} nodes, network {with_network}: {outcome:?}"
                );
                // Play on, so that the histories and the table carry over to a new position.
                if nodes % 3 == 0 {
                    keys.push(engine::history::PastPosition::key_only(position.hash()));
                    position.make_move(outcome.best_move.unwrap());
                }
            }
        }
        assert!(interrupted > 100, "the node limits cut iterations short: {interrupted}");
    }
}
