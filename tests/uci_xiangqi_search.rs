//! Xiangqi over UCI as Pikafish speaks it, driven over pipes: the search commands (`go depth`,
//! `nodes`, `movetime`, `mate`, `infinite`, `ponder` and the clocks, `MultiPV`, `searchmoves`,
//! `nodestime`, the sudden-death plan; `stop`, `ponderhit`, `quit`) and the verdicts of the rules a
//! search gives: mate, stalemate (a loss in xiangqi), perpetual check and chase. Every bestmove is
//! checked against the legal moves `go perft 1` lists in the same position (the move generator
//! itself is proven by the perft suite).

mod support;

use std::time::{Duration, Instant};
use support::engine::{after, bestmove, field, is_bestmove, pv, pv_lines, serial, transcript, Engine};
use support::uci_xiangqi::{assert_legal, divide, info_strings, legal_moves, xiangqi};

/// Red mates with i1i9: the rook on a8 holds rank 8, the red king on d0 holds the d file (the
/// kings may not face each other), and the rook on i9 holds rank 9.
const MATE_IN_1: &str = "4k4/R8/9/9/9/9/9/9/8R/3K5 w - - 0 1";

const MATE_MOVE: &str = "i1i9";

/// From the perft suite (`;D1 0`): red, to move, is checkmated by the rook on d0.
const CHECKMATED: &str = "4kab1C/4a4/9/p8/9/P8/8P/9/6r2/3r1K3 w - - 0 50";

/// Red, to move, is not in check but has no legal move (rooks on d5 and f5, a pawn on e2): in
/// xiangqi that loses, as a checkmate does.
const STALEMATED: &str = "3k5/9/9/9/3r1r3/9/9/4p4/9/4K4 w - - 0 1";

/// Largest `nodes` of any info line.
fn max_nodes(lines: &[String]) -> u64 {
    lines
        .iter()
        .filter_map(|line| field(line, "nodes"))
        .map(|nodes| nodes.parse::<u64>().unwrap())
        .max()
        .unwrap_or(0)
}

/// Red mates with b0b9 on the 120th ply without a capture: the mate stands, as Pikafish judges it
/// (the no-capture rule draws only a side that can still move).
const MATE_ON_THE_LAST_PLY: &str = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 119 80";

#[test]
fn a_mate_on_the_last_ply_of_the_no_capture_count_wins_rather_than_draws() {
    let mut engine = xiangqi();
    engine.send(&format!("position fen {MATE_ON_THE_LAST_PLY}"));
    let lines = engine.go("go depth 6");
    let last = pv_lines(&lines).pop().expect("an info line");
    assert_eq!(field(last, "mate"), Some("1"), "{lines:?}");
    assert_eq!(bestmove(&lines), "b0b9");
    // Any other move draws by the count.
    engine.send(&format!("position fen {MATE_ON_THE_LAST_PLY} moves b0b1"));
    let lines = engine.go("go depth 4");
    assert_eq!(field(pv_lines(&lines).pop().unwrap(), "cp"), Some("0"), "{lines:?}");
}

#[test]
fn go_mate_1_finds_the_mate_in_one() {
    let mut engine = xiangqi();
    let position = format!("position fen {MATE_IN_1}");
    // The mating moves, by the rules: those after which black has no legal move (checkmate, or in
    // xiangqi a stalemate, which loses too).
    engine.send(&position);
    let mut mating = Vec::new();
    let legal = legal_moves(&mut engine);
    for mv in &legal {
        engine.send(&after(&position, mv));
        if divide(&mut engine, 1).1 == 0 {
            mating.push(mv.clone());
        }
    }
    assert!(mating.contains(&MATE_MOVE.to_string()), "{mating:?}");
    assert!(mating.len() < legal.len() / 2, "most moves do not mate: {mating:?}");
    engine.send(&position);
    let lines = engine.go("go mate 1");
    let best = bestmove(&lines);
    assert!(mating.contains(&best), "{best} does not mate; mates: {mating:?}; {lines:#?}");
    let last = pv_lines(&lines).pop().expect("an info line");
    assert_eq!(field(last, "mate"), Some("1"), "{last}");
    assert_eq!(pv(last)[0], best);
    // Black to move in the mated position after the checking mate: it has no move, and says so.
    engine.send(&after(&position, MATE_MOVE));
    let lines = engine.go("go depth 2");
    assert_eq!(lines, ["info depth 0 score mate 0", "bestmove (none)"]);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn a_checkmated_side_gets_mate_0_and_bestmove_none() {
    let mut engine = xiangqi();
    engine.send(&format!("position fen {CHECKMATED}"));
    assert_eq!(divide(&mut engine, 1).1, 0);
    let lines = engine.go("go depth 3");
    assert_eq!(lines, ["info depth 0 score mate 0", "bestmove (none)"]);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn a_stalemated_side_has_lost_in_xiangqi() {
    let mut engine = xiangqi();
    engine.send(&format!("position fen {STALEMATED}"));
    assert_eq!(divide(&mut engine, 1).1, 0);
    let lines = engine.go("go depth 3");
    assert_eq!(lines, ["info depth 0 score mate 0", "bestmove (none)"]);
    engine.quit_within(Duration::from_secs(2));
}

/// The last `info` line of a depth-2 search of the single root move `mv`: depth 2 so the move's
/// reply node runs the repetition check (a depth-1 child is quiescence only).
fn score_of_only(engine: &mut Engine, position: &str, mv: &str) -> String {
    engine.send(position);
    let lines = engine.go(&format!("go depth 2 searchmoves {mv}"));
    assert_eq!(bestmove(&lines), mv);
    let last = pv_lines(&lines).pop().expect("an info line");
    let score = last.split(" score ").nth(1).expect("a score").split(" nodes").next().unwrap();
    score.to_string()
}

#[test]
fn repeating_by_perpetual_check_or_perpetual_chase_loses_other_repetitions_draw() {
    let mut engine = xiangqi();
    // The red rook checks the black king along ranks 9 and 8; h8h9 repeats the position after the
    // first check: red checked with every move of the cycle and loses.
    let checks = "position fen 4k2R1/9/9/9/9/9/9/9/9/3K5 b - - 0 1 moves e9e8 h9h8 e8e9";
    assert_eq!(score_of_only(&mut engine, checks, "h8h9"), "mate -1");
    // The red rook follows the unprotected black cannon b7-b3-b7 (h7-h3-h7): every red move of the
    // cycle newly attacks it, a perpetual chase, and red loses.
    let chase = "position fen 5k3/9/1c5R1/9/9/9/9/9/9/4K4 b - - 0 1 moves b7b3 h7h3 b3b7";
    assert_eq!(score_of_only(&mut engine, chase, "h3h7"), "mate -1");
    // When black's escape closes the cycle, red still chased throughout: black wins.
    let escape = format!("{chase} h3h7 b7b3 h7h3");
    assert_eq!(score_of_only(&mut engine, &escape, "b3b7"), "mate 1");
    // The same chase with the cannon guarded by the rook on b9 (and b4 for b3) is no chase: a draw.
    let guarded = "position fen 1r3k3/9/1c5R1/9/9/9/9/9/9/4K4 b - - 0 1 moves b7b4 h7h4 b4b7";
    assert_eq!(score_of_only(&mut engine, guarded, "h4h7"), "cp 0");
    // For an arbiter that does not judge chases the rule can be switched off: a draw then, while
    // perpetual check still loses.
    engine.send("setoption name Chase Rule value false");
    assert_eq!(score_of_only(&mut engine, chase, "h3h7"), "cp 0");
    assert_eq!(score_of_only(&mut engine, &escape, "b3b7"), "cp 0");
    assert_eq!(score_of_only(&mut engine, checks, "h8h9"), "mate -1");
    engine.send("setoption name Chase Rule value true");
    assert_eq!(score_of_only(&mut engine, chase, "h3h7"), "mate -1");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_depth_prints_info_lines_and_a_legal_bestmove_with_a_legal_ponder_move() {
    let mut engine = xiangqi();
    let position = "position startpos moves h2e2 h9g7";
    engine.send(position);
    let lines = engine.go("go depth 5");
    let exact: Vec<&String> = pv_lines(&lines).into_iter().filter(|line| !line.contains("bound ")).collect();
    assert_eq!(exact.len(), 5, "{lines:#?}");
    for (depth, line) in exact.iter().enumerate() {
        assert_eq!(field(line, "depth"), Some((depth + 1).to_string().as_str()), "{line}");
        for key in ["seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv"] {
            assert!(field(line, key).is_some(), "no {key} in {line}");
        }
        assert!(matches!(field(line, "score"), Some("cp" | "mate")), "{line}");
    }
    let best = bestmove(&lines);
    assert_eq!(pv(exact.last().unwrap())[0], best);
    let ponder = field(lines.last().unwrap(), "ponder").expect("a ponder move").to_string();
    assert_legal(&mut engine, position, &best);
    assert_legal(&mut engine, &after(position, &best), &ponder);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_nodes_stays_within_the_budget() {
    let mut engine = xiangqi();
    engine.send("position startpos moves b2e2");
    let lines = engine.go("go nodes 5000");
    assert!(max_nodes(&lines) <= 5000, "{lines:#?}");
    assert!(max_nodes(&lines) > 0);
    assert_legal(&mut engine, "position startpos moves b2e2", &bestmove(&lines));
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_movetime_answers_in_about_that_time() {
    let _serial = serial();
    let mut engine = xiangqi();
    engine.send("position startpos");
    engine.sync();
    let start = Instant::now();
    let lines = engine.go("go movetime 300");
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(150), "answered after {took:?}");
    assert!(took < Duration::from_secs(3), "answered after {took:?}");
    assert_legal(&mut engine, "position startpos", &bestmove(&lines));
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_infinite_waits_for_stop() {
    let _serial = serial();
    let mut engine = xiangqi();
    engine.send("position startpos moves c3c4");
    engine.send("go infinite");
    let early = engine.read_for(Duration::from_millis(1000));
    assert!(!early.iter().any(|line| is_bestmove(line)), "{early:#?}");
    // `isready` answers mid-search without ending it.
    let ready = engine.sync();
    assert!(!ready.iter().any(|line| is_bestmove(line)));
    let start = Instant::now();
    engine.send("stop");
    let lines = engine.until(Duration::from_secs(2), is_bestmove);
    assert!(start.elapsed() < Duration::from_secs(2));
    assert_legal(&mut engine, "position startpos moves c3c4", &bestmove(&lines));
    // `stop` with no search running writes nothing.
    engine.send("stop");
    assert_eq!(engine.sync(), Vec::<String>::new());
    engine.quit_within(Duration::from_secs(2));
}

/// GUIs get back in step with `stop` then `isready`: the `bestmove` of a `go infinite` comes after
/// the `stop` and before the `readyok`, also when there was nothing to search (the position was
/// refused); a `go ponder`'s waits for `ponderhit` in the same way.
#[test]
fn go_infinite_with_no_position_answers_after_stop_and_before_readyok() {
    let mut engine = Engine::start();
    engine.ask("uci", "uciok");
    engine.send("setoption name UCI_Variant value xiangqi");
    engine.send("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1");
    engine.send("go infinite");
    let early = engine.read_for(Duration::from_millis(300));
    assert!(!early.iter().any(|line| is_bestmove(line)), "{early:#?}");
    engine.send("stop");
    let answer = engine.sync();
    assert_eq!(answer, ["info string no position: the last one was refused", "bestmove (none)"]);
    engine.send("go ponder wtime 1000 btime 1000");
    assert_eq!(engine.sync(), Vec::<String>::new(), "held until ponderhit");
    engine.send("ponderhit");
    assert_eq!(engine.sync(), answer);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_ponder_waits_for_ponderhit_or_stop() {
    let _serial = serial();
    let mut engine = xiangqi();
    engine.send("setoption name Ponder value true");
    let position = "position startpos moves h2e2 h9g7";
    engine.send(position);
    engine.send("go ponder wtime 2000 btime 2000");
    let early = engine.read_for(Duration::from_millis(1000));
    assert!(!early.iter().any(|line| is_bestmove(line)), "{early:#?}");
    engine.send("ponderhit");
    let lines = engine.until(Duration::from_secs(5), is_bestmove);
    assert_legal(&mut engine, position, &bestmove(&lines));
    // Pondering ended by `stop` instead.
    engine.send(position);
    engine.send("go ponder wtime 60000 btime 60000");
    assert!(!engine.read_for(Duration::from_millis(500)).iter().any(|line| is_bestmove(line)));
    engine.send("stop");
    let lines = engine.until(Duration::from_secs(2), is_bestmove);
    assert_legal(&mut engine, position, &bestmove(&lines));
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn the_clock_of_the_side_to_move_is_used() {
    let _serial = serial();
    let mut engine = xiangqi();
    for (position, go) in [
        ("position startpos", "go wtime 300 btime 600000"),
        ("position startpos moves h2e2", "go wtime 600000 btime 300"),
        ("position startpos moves h2e2 h9g7", "go wtime 400 btime 600000 winc 10 binc 10 movestogo 5"),
    ] {
        engine.send(position);
        let start = Instant::now();
        let lines = engine.go(go);
        assert!(start.elapsed() < Duration::from_secs(3), "{go}: {:?}", start.elapsed());
        assert!(info_strings(&lines).is_empty(), "{go}: {lines:#?}");
        assert_legal(&mut engine, position, &bestmove(&lines));
    }
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn multipv_2_gives_two_lines_with_different_first_moves() {
    let mut engine = xiangqi();
    engine.send("setoption name MultiPV value 2");
    engine.send("position startpos");
    let lines = engine.go("go depth 5");
    let last_depth: Vec<&String> = pv_lines(&lines)
        .into_iter()
        .filter(|line| field(line, "depth") == Some("5") && !line.contains("bound "))
        .collect();
    let first = last_depth.iter().rfind(|line| field(line, "multipv") == Some("1")).expect("line 1");
    let second = last_depth.iter().rfind(|line| field(line, "multipv") == Some("2")).expect("line 2");
    assert_ne!(pv(first)[0], pv(second)[0]);
    let legal = legal_moves(&mut engine);
    assert!(legal.iter().any(|mv| mv == pv(first)[0]) && legal.iter().any(|mv| mv == pv(second)[0]));
    assert_eq!(bestmove(&lines), pv(first)[0]);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut engine = xiangqi();
    engine.send("position startpos");
    let free = bestmove(&engine.go("go depth 4"));
    assert_ne!(free, "a3a4", "pick a restriction the engine would not choose anyway");
    let lines = engine.go("go depth 4 searchmoves a3a4");
    assert_eq!(bestmove(&lines), "a3a4");
    for line in pv_lines(&lines) {
        assert_eq!(pv(line)[0], "a3a4", "{line}");
    }
    let lines = engine.go("go depth 4 searchmoves i3i4 a0a1");
    assert!(["i3i4", "a0a1"].contains(&bestmove(&lines).as_str()), "{lines:#?}");
    // An illegal searchmove is reported and left out.
    let lines = engine.go("go depth 3 searchmoves a3a5 c3c4");
    assert_eq!(info_strings(&lines).len(), 1, "{lines:#?}");
    assert_eq!(bestmove(&lines), "c3c4");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn nodestime_turns_the_clock_into_a_node_budget() {
    let _serial = serial();
    let mut engine = xiangqi();
    engine.send("setoption name nodestime value 1");
    engine.send("position startpos");
    // At most the whole clock, 10000 ms, times 1 node per ms.
    let lines = engine.go("go wtime 10000 btime 10000");
    assert!(max_nodes(&lines) <= 10_000, "{lines:#?}");
    assert_legal(&mut engine, "position startpos", &bestmove(&lines));
    // Without it the same clock searches far more nodes.
    engine.send("setoption name nodestime value 0");
    let lines = engine.go("go wtime 10000 btime 10000");
    assert!(max_nodes(&lines) > 10_000, "{lines:#?}");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn quit_during_a_search_exits_at_once() {
    let _serial = serial();
    let mut engine = xiangqi();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.read_for(Duration::from_millis(300));
    let (took, rest) = engine.quit_within(Duration::from_secs(2));
    assert!(took < Duration::from_secs(2), "{took:?}");
    assert!(rest.iter().any(|line| is_bestmove(line)), "the search's bestmove comes first: {rest:#?}");
}

#[test]
fn sudden_death_is_planned_over_fewer_moves_in_xiangqi_than_in_chess() {
    // 5+0.05 with the default 10 ms overhead: budget = 5000 + (h - 1) * 50 - (h + 2) * 10, soft =
    // budget / h: 30 moves for chess (204 ms), 22 for xiangqi (264 ms), whose games end sooner.
    let soft = |variant: &str| -> u64 {
        let lines = transcript(format!(
            "uci\nsetoption name UCI_Variant value {variant}\ndebug on\nposition startpos\n\
             go wtime 5000 btime 5000 winc 50 binc 50 depth 1\nquit\n"
        ));
        let line = lines.iter().find(|line| line.starts_with("info string time limits")).expect("the limits");
        line.split("soft ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap()
    };
    assert_eq!((soft("chess"), soft("xiangqi")), (204, 264));
}
