//! The UCI front-end's `go` driven over pipes as a GUI drives it: the search limits (`depth`,
//! `nodes`, `mate`, `searchmoves`, no position at all), the lines a search writes (every `info`
//! field, `MultiPV`, the full lines before `bestmove`, `wdl`, `currmove`, `currline`, `refutation`,
//! Chess960 castling, `bestmove (none)`), the options that shape the search (names in any case and
//! over several words, `UCI_LimitStrength`, `Threads`), and `bench`.
//!
//! The tests run one at a time (a lock): several engines searching at once on a small machine would
//! only make the timing checks flaky. Timing bounds are generous; they check behaviour, not speed.

mod support;

use std::time::Duration;
use support::engine::{bestmove, field, is_bestmove, pv_lines, run, serial, Engine, LONG};
use support::uci_search::{is_legal, quit, MATE_IN_2, MIDDLEGAME};

const CHECKMATED: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";

const STALEMATED: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";

#[test]
fn go_depth_prints_complete_info_lines_and_a_legal_bestmove_with_ponder() {
    let _serial = serial();
    let mut engine = Engine::start();
    let position = format!("position fen {MIDDLEGAME}");
    engine.send(&position);
    let lines = engine.go("go depth 5");
    // Aspiration windows may add `lowerbound`/`upperbound` lines; the exact lines come one per depth.
    let infos: Vec<&String> = pv_lines(&lines).into_iter().filter(|line| !line.contains("bound ")).collect();
    assert_eq!(infos.len(), 5, "one exact line per depth: {lines:#?}");
    for (depth, line) in infos.iter().enumerate() {
        assert_eq!(field(line, "depth"), Some((depth + 1).to_string().as_str()), "{line}");
        for key in ["seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv"] {
            assert!(field(line, key).is_some(), "no {key} in {line}");
        }
        assert!(matches!(field(line, "score"), Some("cp" | "mate")), "{line}");
    }
    let last = infos.last().unwrap();
    let best = bestmove(&lines);
    assert_eq!(field(last, "pv"), Some(best.as_str()), "bestmove starts the last pv");
    let bestmove_line = lines.last().unwrap();
    let ponder = field(bestmove_line, "ponder").expect("a ponder move");
    assert_eq!(last.split(" pv ").nth(1).unwrap().split(' ').nth(1), Some(ponder));
    assert!(is_legal(&mut engine, &position, &format!("{best} {ponder}")));
    quit(engine);
}

#[test]
fn the_ponder_move_is_the_second_move_of_the_line_shown_last() {
    let _serial = serial();
    // Node limits that stop iterations midway, one search after another over the same hash table
    // as in a game: the cut iteration may have searched the best move's line again with another
    // reply, but `bestmove ... ponder` names the reply of the line the GUI was shown last. A line
    // shown with its first move alone (a move that came to the front just before the stop) has
    // no reply: the ponder move is then the table's move after the best one, as Stockfish's
    // (`docs/protocols.md`), and must be legal there.
    let mut engine = Engine::start();
    for moves in ["e2e4 e7e5 g1f3 b8c6 f1c4 g8f6", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"] {
        let position = format!("position startpos moves {moves}");
        engine.send(&position);
        for nodes in [3_000, 7_000, 15_000, 30_000, 60_000, 90_000] {
            let lines = engine.go(&format!("go nodes {nodes}"));
            let shown = pv_lines(&lines).into_iter().rev().find(|line| !line.contains("bound ")).cloned();
            let shown = shown.expect("a line");
            let line: Vec<&str> = shown.split(" pv ").nth(1).unwrap().split(' ').collect();
            let bestmove_line = lines.last().unwrap();
            let best = bestmove(&lines);
            assert_eq!(line[0], best, "{moves}, {nodes} nodes: {lines:#?}");
            let ponder = field(bestmove_line, "ponder");
            match line.get(1) {
                Some(&reply) => assert_eq!(ponder, Some(reply), "{moves}, {nodes} nodes: {lines:#?}"),
                None => {
                    if let Some(ponder) = ponder {
                        let pair = format!("{best} {ponder}");
                        assert!(
                            is_legal(&mut engine, &position, &pair),
                            "{moves}, {nodes} nodes: {lines:#?}"
                        );
                        // Back to the position searched, the table kept.
                        engine.send(&position);
                    }
                }
            }
        }
    }
    quit(engine);
}

#[test]
fn go_without_position_searches_the_start_position() {
    let _serial = serial();
    let mut engine = Engine::start();
    let best = bestmove(&engine.go("go depth 3"));
    assert!(is_legal(&mut engine, "position startpos", &best), "{best}");
    quit(engine);
}

#[test]
fn go_mate_finds_the_mate_in_two() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send(&format!("position fen {MATE_IN_2}"));
    let lines = engine.go("go mate 2");
    let last = pv_lines(&lines).pop().expect("an info line").clone();
    assert!(last.contains(" score mate 2 "), "{last}");
    assert_eq!(bestmove(&lines), "d5f6");
    quit(engine);
}

#[test]
fn a_quiet_mate_is_not_pruned_as_futile() {
    // From a game against Stockfish 15.1: after ...Bxf1 white mates by Qxg7+ Kxg7 Rg3+ and Nf7#
    // or Rg8#. Three plies down, a queen behind, white's node is futile; futility dropped its
    // quiet moves unplayed, the mating checks among them, and ...Bxf1 kept +6.8 up to depth 10.
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("position fen r3rk2/p2qb1pp/bp2pp1N/8/3P1B2/2P1R1QP/P4PP1/5RK1 b - - 7 21");
    let lines = engine.go("go depth 6 searchmoves a6f1");
    let last = pv_lines(&lines).pop().expect("an info line").clone();
    assert!(last.contains(" score mate -3 "), "{lines:?}");
    quit(engine);
}

#[test]
fn a_node_limit_inside_the_first_iteration_still_answers_from_a_finished_depth_one() {
    // As Stockfish: `go nodes 1` (and a tiny `nodestime` budget) gets a searched move and score,
    // not the first root move with the score a cut-off search left (`mate 499`, `Bxa6`).
    let _serial = serial();
    let mut engine = Engine::start();
    let najdorf = "position startpos moves e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6";
    for position in ["position startpos", najdorf] {
        engine.send(position);
        let depth_one = bestmove(&engine.go("go depth 1"));
        engine.send("ucinewgame");
        engine.send(position);
        let lines = engine.go("go nodes 1");
        let last = pv_lines(&lines).pop().expect("an info line").clone();
        assert_eq!(field(&last, "depth"), Some("1"), "{lines:?}");
        assert_eq!(field(&last, "score"), Some("cp"), "{lines:?}");
        assert_eq!(bestmove(&lines), depth_one, "{lines:?}");
        engine.send("ucinewgame");
    }
    quit(engine);
}

#[test]
fn a_mate_on_the_hundredth_half_move_wins_rather_than_draws() {
    // FIDE 9.6.2 and Stockfish: the fifty-move rule does not undo a checkmate given on its last
    // half-move, for the side that gives it and the side that could walk into it.
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("position fen 7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    let lines = engine.go("go depth 8");
    assert!(pv_lines(&lines).pop().unwrap().contains(" score mate 1 "), "{lines:?}");
    assert_eq!(bestmove(&lines), "a1a8");
    engine.send("position fen 6k1/8/6K1/8/8/8/8/R7 b - - 98 80");
    let lines = engine.go("go depth 8");
    assert_eq!(bestmove(&lines), "g8f8", "g8h8 walks into Ra8#: {lines:?}");
    // Without the mate the clock still draws: a rook up at the hundredth half-move is a draw.
    engine.send("position fen 7k/8/5K2/8/8/8/8/R7 w - - 99 80");
    let lines = engine.go("go depth 6");
    assert!(pv_lines(&lines).pop().unwrap().contains(" score cp 0 "), "{lines:?}");
    quit(engine);
}

/// King and two knights cannot force mate: the search scores it a draw (lichess-bot offers and
/// accepts draws by the score; a knight and a half up, it never did).
#[test]
fn two_knights_against_a_bare_king_are_scored_a_draw() {
    let _serial = serial();
    let mut engine = Engine::start();
    for fen in ["8/8/3k4/8/8/3K4/3N4/3N4 w - - 0 1", "8/8/3k4/8/8/3K4/3N4/3N4 b - - 0 1"] {
        engine.send(&format!("position fen {fen}"));
        let lines = engine.go("go depth 12");
        let pv = pv_lines(&lines);
        assert!(!pv.is_empty() && pv.iter().all(|line| line.contains(" score cp 0 ")), "{fen}: {lines:#?}");
    }
    quit(engine);
}

#[test]
fn go_nodes_stops_at_the_node_limit() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.go("go nodes 20000");
    for line in pv_lines(&lines) {
        let nodes: u64 = field(line, "nodes").unwrap().parse().unwrap();
        assert!(nodes <= 20_000, "{line}");
    }
    assert!(is_legal(&mut engine, &format!("position fen {MIDDLEGAME}"), &bestmove(&lines)));
    quit(engine);
}

#[test]
fn long_iterations_report_nodes_nps_and_hashfull_every_second() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    engine.send("go infinite");
    // Until the search says it has run 3.5 s: its own clock, so that a slow start on a loaded
    // machine does not cut the window short.
    let past = |line: &str| {
        field(line, "time").and_then(|time| time.parse::<u64>().ok()).is_some_and(|time| time >= 3500)
    };
    let lines = engine.until(LONG, past);
    engine.send("stop");
    engine.until(LONG, is_bestmove);
    // Every line with a time says where the search stands (principal variations, and the
    // progress lines `info nodes ... nps ... hashfull ... time ...` of long iterations).
    let timed: Vec<&String> = lines.iter().filter(|line| field(line, "time").is_some()).collect();
    for line in &timed {
        assert!(["nodes", "nps", "hashfull"].iter().all(|name| field(line, name).is_some()), "{line}");
        // The progress lines also say how much of the CPU it could use the search got.
        if let Some(load) = field(line, "cpuload") {
            assert!(load.parse::<u32>().is_ok_and(|load| load <= 1000), "{line}");
        }
    }
    // No second passes without news (a loaded machine gets half a second more).
    let mut times: Vec<u64> = timed.iter().filter_map(|line| field(line, "time")?.parse().ok()).collect();
    times.insert(0, 0);
    let gaps: Vec<u64> = times.windows(2).map(|pair| pair[1].saturating_sub(pair[0])).collect();
    assert!(times.last().is_some_and(|&last| last >= 3500), "{times:?}");
    assert!(gaps.iter().all(|&gap| gap <= 1500), "{times:?}");
    quit(engine);
}

#[test]
fn searchmoves_restricts_the_root_moves() {
    let _serial = serial();
    let mut engine = Engine::start();
    let lines = engine.go("go depth 6 searchmoves a2a3 h2h3");
    assert!(["a2a3", "h2h3"].contains(&bestmove(&lines).as_str()));
    for line in pv_lines(&lines) {
        assert!(matches!(field(line, "pv"), Some("a2a3" | "h2h3")), "{line}");
    }
    // A list with no legal move asks for none (python-chess's empty `root_moves` is `0000`), as
    // Stockfish reads it.
    for list in ["0000", "e2e5 a1a1"] {
        let lines = engine.go(&format!("go depth 6 searchmoves {list}"));
        assert_eq!(lines.last().unwrap(), "bestmove (none)", "{list}: {lines:#?}");
        assert!(
            lines.contains(&"info string searchmoves/banmoves: no legal move to search".to_string()),
            "{lines:#?}"
        );
    }
    quit(engine);
}

#[test]
fn multipv_3_prints_three_distinct_lines_per_depth() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.go("go depth 6");
    let last: Vec<&String> = pv_lines(&lines)
        .into_iter()
        .filter(|line| line.starts_with("info depth 6 ") && !line.contains("bound"))
        .collect();
    let ids: Vec<&str> = last.iter().map(|line| field(line, "multipv").unwrap()).collect();
    assert_eq!(ids, ["1", "2", "3"], "{last:#?}");
    let mut firsts: Vec<&str> = last.iter().map(|line| field(line, "pv").unwrap()).collect();
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{last:#?}");
    assert_eq!(field(last[0], "pv"), Some(bestmove(&lines).as_str()));
    quit(engine);
}

#[test]
fn limit_strength_spends_a_node_budget_and_varies_its_choice_within_a_margin() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 1320");
    // Four lines shown, the four the search chooses among.
    engine.send("setoption name MultiPV value 4");
    let mut played = Vec::new();
    for _ in 0..20 {
        engine.send("position startpos");
        let lines = engine.go("go wtime 60000 btime 60000");
        let infos = pv_lines(&lines);
        // UCI_Elo 1320 searches 640 nodes (src/strength.rs), and four lines to choose among.
        for line in &infos {
            let nodes: u64 = field(line, "nodes").unwrap().parse().unwrap();
            assert!(nodes <= 640, "{line}");
        }
        let depth_one: Vec<&&String> =
            infos.iter().filter(|line| line.starts_with("info depth 1 ")).collect();
        assert_eq!(depth_one.len(), 4, "{lines:#?}");
        // The move played is one of the lines of the last complete iteration, at most the margin
        // (113 cp at 1320) below the best.
        let best = bestmove(&lines);
        let exact: Vec<&&String> = infos.iter().filter(|line| field(line, "multipv").is_some()).collect();
        let last_depth = exact.iter().rev().find(|line| field(line, "multipv") == Some("4")).unwrap();
        let depth = field(last_depth, "depth").unwrap();
        let iteration: Vec<&&&String> =
            exact.iter().filter(|line| field(line, "depth") == Some(depth)).collect();
        let score = |line: &str| field(line, "cp").unwrap().parse::<i32>().unwrap();
        let top = score(iteration[0]);
        let chosen = iteration.iter().find(|line| field(line, "pv") == Some(best.as_str()));
        let chosen = chosen.unwrap_or_else(|| panic!("{best} is not among {iteration:#?}"));
        assert!(top - score(chosen) <= 113, "{chosen} against {}", iteration[0]);
        played.push(best);
    }
    played.sort_unstable();
    played.dedup();
    assert!(played.len() >= 2, "always {played:?}");

    // With `MultiPV` 1 the lines chosen among stay the engine's own: python-chess (and lichess-bot
    // on it) would take the last one's score for the move's. The move played, when not the best
    // line's, gets a line of its own last.
    engine.send("setoption name MultiPV value 1");
    for _ in 0..5 {
        engine.send("position startpos");
        let lines = engine.go("go wtime 60000 btime 60000");
        let infos = pv_lines(&lines);
        assert!(infos.iter().all(|line| field(line, "multipv") == Some("1")), "{lines:#?}");
        assert_eq!(field(infos.last().unwrap(), "pv"), Some(bestmove(&lines).as_str()), "{lines:#?}");
    }

    // At a high setting: one line, the best move, and the node budget still holds.
    engine.send("setoption name UCI_Elo value 2400");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.go("go wtime 600000 btime 600000");
    for line in pv_lines(&lines) {
        assert_eq!(field(line, "multipv"), Some("1"), "{line}");
        let nodes: u64 = field(line, "nodes").unwrap().parse().unwrap();
        assert!(nodes <= 140_000, "{line}");
    }
    quit(engine);
}

#[test]
fn no_legal_move_gives_bestmove_none_after_a_terminal_score() {
    let _serial = serial();
    let mut engine = Engine::start();
    for (fen, score) in [(CHECKMATED, "score mate 0"), (STALEMATED, "score cp 0")] {
        engine.send(&format!("position fen {fen}"));
        let lines = engine.go("go depth 5");
        assert_eq!(lines, [format!("info depth 0 {score}"), "bestmove (none)".to_string()]);
        // Also when the bestmove has to wait for stop: the score comes at once, as Stockfish
        // writes it (python-chess's `analysis()` yields nothing until a line comes).
        engine.send("go infinite");
        let before_stop = engine.read_for(Duration::from_millis(300));
        assert_eq!(before_stop, [format!("info depth 0 {score}")]);
        engine.send("stop");
        assert_eq!(engine.until(LONG, is_bestmove), ["bestmove (none)"]);
    }
    quit(engine);
}

#[test]
fn options_are_case_insensitive_and_may_span_words() {
    let _serial = serial();
    let mut engine = Engine::start();
    for command in [
        "setoption name move overhead value 100",
        "setoption name MOVE OVERHEAD value 50",
        "setoption   name  Clear   Hash",
        "setoption name clear hash",
        "setoption name hash value 1",
        "setoption name THREADS value 2",
        "setoption name uci_showwdl value TRUE",
        "setoption name UCI_AnalyseMode value true",
        "setoption name UCI_Variant value chess",
    ] {
        engine.send(command);
    }
    let lines = engine.sync();
    // `Threads` alone is answered, with the count, as Stockfish 17 answers it.
    assert_eq!(lines, ["info string Using 2 threads"], "no complaints: {lines:#?}");
    engine.send("setoption name Move Overhead value lots");
    engine.send("setoption name No Such Option value 1");
    engine.send("setoption name UCI_Variant value shogi");
    let lines = engine.sync();
    assert!(lines[0].starts_with("info string Move Overhead takes a whole number"), "{lines:#?}");
    assert_eq!(lines[1], "info string unknown option: No Such Option");
    assert!(lines[2].starts_with("info string UCI_Variant takes one of"), "{lines:#?}");
    // The options took effect: two threads on a 1 MiB table, with WDL.
    let lines = engine.go("go depth 6");
    let last = pv_lines(&lines).pop().unwrap().clone();
    let wdl: Vec<u32> =
        last.split(" wdl ").nth(1).unwrap().split(' ').take(3).map(|n| n.parse().unwrap()).collect();
    assert_eq!(wdl.iter().sum::<u32>(), 1000, "{last}");
    assert!(is_legal(&mut engine, "position startpos", &bestmove(&lines)));
    quit(engine);
}

/// Clients such as the PyPI `stockfish` wrapper read the score and the `MultiPV` moves from the
/// lines just before `bestmove`: they must be full lines (score, pv), one per `MultiPV` line, and,
/// after a `go depth N`, each only once at depth N.
#[test]
fn the_lines_before_bestmove_are_full_ones_once_each() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let before_bestmove = |lines: &[String]| lines[lines.len() - 4..lines.len() - 1].to_vec();
    let lines = engine.go("go depth 7");
    let last = before_bestmove(&lines);
    for (index, line) in last.iter().enumerate() {
        assert!(line.starts_with("info depth 7 "), "{lines:#?}");
        assert_eq!(field(line, "multipv"), Some((index + 1).to_string().as_str()), "{lines:#?}");
    }
    let at_depth_7 = lines.iter().filter(|line| line.starts_with("info depth 7 "));
    assert_eq!(at_depth_7.count(), 3, "each line of the asked depth once: {lines:#?}");
    // No bound lines with several lines (a failed window's line would count as one more).
    assert!(!lines.iter().any(|line| line.contains("bound")), "{lines:#?}");
    // A search the node limit stopped writes its last lines again, with its final count.
    let lines = engine.go("go nodes 30000");
    for (index, line) in before_bestmove(&lines).iter().enumerate() {
        assert_eq!(field(line, "multipv"), Some((index + 1).to_string().as_str()), "{lines:#?}");
        assert!(field(line, "score").is_some() && field(line, "pv").is_some(), "{line}");
        let nodes: u64 = field(line, "nodes").unwrap().parse().unwrap();
        assert!(nodes >= 30_000, "the final count: {line}");
    }
    assert_eq!(field(&lines[lines.len() - 4], "pv"), Some(bestmove(&lines).as_str()));
    quit(engine);
}

/// Node limits that stop an iteration part way, some after a new best move beat the old one: the
/// last lines lead with the lines the unfinished iteration updated (those it searched to the end,
/// best first, or a move that took the lead in the first line and the move it displaced), at its
/// depth, then the earlier iteration's other lines, as Stockfish shows the lines it updated before
/// a stop. They used to show a new best at the old depth with its old score, below a line that
/// scored more at the same depth.
#[test]
fn a_stop_after_a_new_best_move_shows_its_line_first_at_the_depth_it_won_at() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    let position = "position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let mut new_best_cut_short = 0;
    for nodes in (3_000..120_000).step_by(1_700) {
        engine.send("ucinewgame");
        engine.send(position);
        let lines = engine.go(&format!("go nodes {nodes}"));
        let last: Vec<&String> = lines[lines.len() - 4..lines.len() - 1].iter().collect();
        let depth = |line: &str| field(line, "depth").unwrap().parse::<u32>().unwrap();
        let score = |line: &str| {
            assert_eq!(field(line, "score"), Some("cp"), "{line}");
            line.split(" score cp ").nth(1).unwrap().split(' ').next().unwrap().parse::<i32>().unwrap()
        };
        let first_moves: Vec<&str> = last.iter().map(|line| field(line, "pv").unwrap()).collect();
        assert_eq!(first_moves[0], bestmove(&lines), "{lines:#?}");
        assert!(first_moves[1..].iter().all(|&mv| mv != first_moves[0]) && first_moves[1] != first_moves[2]);
        for pair in last.windows(2) {
            assert!(depth(pair[0]) >= depth(pair[1]), "the updated lines first: {lines:#?}");
            if depth(pair[0]) == depth(pair[1]) {
                assert!(score(pair[0]) >= score(pair[1]), "best first within a depth: {lines:#?}");
            }
        }
        if depth(last[0]) > depth(last[2]) {
            new_best_cut_short += 1;
        }
    }
    assert!(
        new_best_cut_short > 0,
        "no limit stopped a search after a new best move: the test tests nothing"
    );
    quit(engine);
}

#[test]
fn chess960_castling_is_written_king_takes_rook() {
    let _serial = serial();
    let mut engine = Engine::start();
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    engine.send(&format!("position fen {fen}"));
    let lines = engine.go("go depth 2 searchmoves e1g1");
    assert_eq!(bestmove(&lines), "e1g1");
    engine.send("setoption name UCI_Chess960 value true");
    engine.send(&format!("position fen {fen}"));
    let lines = engine.go("go depth 2 searchmoves e1h1");
    assert_eq!(bestmove(&lines), "e1h1");
    assert!(pv_lines(&lines).iter().all(|line| field(line, "pv") == Some("e1h1")));
    // Shredder-FEN castling rights make the position Chess960 whatever the option: the long castling
    // (king to c1, rook to d1) is written king takes rook.
    engine.send("setoption name UCI_Chess960 value false");
    engine.send("position fen 1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    let lines = engine.go("go depth 3 searchmoves e1b1");
    assert_eq!(bestmove(&lines), "e1b1");
    quit(engine);
}

#[test]
fn wdl_currmove_currline_and_refutations_when_asked() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name UCI_ShowCurrLine value true");
    engine.send("setoption name UCI_ShowRefutations value true");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    // An infinite search, stopped once the currmove lines (after three seconds of search, as
    // Stockfish's: Cute Chess blanks its shown line at each) and one iteration's refutations are
    // out: a fixed movetime may end before either on a loaded machine.
    let started = std::time::Instant::now();
    engine.send("go infinite");
    let mut lines = engine.until(LONG, |line| line.contains(" currmove "));
    assert!(started.elapsed() >= Duration::from_secs(3), "currmove after {:?}", started.elapsed());
    lines.extend(engine.until(LONG, |line| line.starts_with("info refutation ")));
    engine.send("stop");
    lines.extend(engine.until(LONG, is_bestmove));
    let currmove =
        lines.iter().find(|line| line.contains(" currmove ")).expect("currmove after three seconds");
    assert!(field(currmove, "currmovenumber").is_some() && field(currmove, "depth").is_some(), "{currmove}");
    assert!(lines.iter().any(|line| line.starts_with("info currline 1 ")), "currline with its CPU number");
    // One iteration's refutations come together: one line per legal root move, each a legal line
    // that starts with that move (the bare move when no reply is known).
    let first = lines.iter().position(|line| line.starts_with("info refutation ")).expect("refutations");
    let refutations: Vec<&String> =
        lines[first..].iter().take_while(|line| line.starts_with("info refutation ")).collect();
    let mut root_moves: Vec<&str> = Vec::new();
    for line in &refutations {
        let words: Vec<&str> = line.split_whitespace().skip(2).collect();
        assert!(!words.is_empty(), "{line}");
        assert!(is_legal(&mut engine, &format!("position fen {MIDDLEGAME}"), &words.join(" ")), "{line}");
        root_moves.push(words[0]);
    }
    root_moves.sort_unstable();
    root_moves.dedup();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    engine.send("go perft 1");
    let perft = engine.until(LONG, |line| line.starts_with("Nodes searched"));
    assert_eq!(perft.last().unwrap(), &format!("Nodes searched: {}", root_moves.len()));
    assert_eq!(refutations.len(), root_moves.len(), "{refutations:#?}");
    quit(engine);
}

#[test]
fn several_threads_search_together() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 3");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.go("go depth 8");
    assert!(lines.iter().any(|line| line.starts_with("info depth 8 ")));
    assert!(is_legal(&mut engine, &format!("position fen {MIDDLEGAME}"), &bestmove(&lines)));
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.go("go nodes 50000");
    for line in pv_lines(&lines) {
        assert!(field(line, "nodes").unwrap().parse::<u64>().unwrap() <= 50_000 + 3 * 2048, "{line}");
    }
    quit(engine);
}

#[test]
fn bench_signature_is_the_same_every_run_and_from_the_command_line() {
    let _serial = serial();
    let signature = |lines: &[String]| -> u64 {
        let line = lines.iter().find(|line| line.starts_with("Nodes searched  :")).expect("the signature");
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    let mut engine = Engine::start();
    engine.send("bench 16 1 8");
    let first = engine.until(LONG, |line| line.starts_with("Nodes/second"));
    assert!(first.iter().any(|line| line.starts_with("Total time (ms) :")));
    assert_eq!(first.iter().filter(|line| line.starts_with("Position: ")).count(), 30);
    engine.send("bench 16 1 8");
    let second = engine.until(LONG, |line| line.starts_with("Nodes/second"));
    assert_eq!(signature(&first), signature(&second));
    engine.send("bench 16 1 3 current perft");
    let perft = engine.until(LONG, |line| line.starts_with("Nodes/second"));
    assert_eq!(signature(&perft), 8_902);
    quit(engine);

    let mut from_cli = Engine::with_args(&["bench", "16", "1", "8"]);
    let third = from_cli.until(LONG, |line| line.starts_with("Nodes/second"));
    assert_eq!(signature(&first), signature(&third));
}

#[test]
fn bench_eval_prints_each_positions_evaluation() {
    let output = run(&["--variant", "xiangqi", "bench", "16", "1", "1", "default", "eval"], "");
    let text = String::from_utf8(output.stdout).unwrap();
    let positions = text.lines().filter(|line| line.starts_with("Position: ")).count();
    let evaluations =
        text.lines().filter(|line| line.starts_with("Classical evaluation (side to move)")).count();
    // Each ends as `eval` does, with the evaluation the search uses (in check: none).
    let finals = text.lines().filter(|line| line.starts_with("Final evaluation: ")).count();
    assert_eq!((positions, evaluations, finals), (13, 13, 13), "{text}");
}
