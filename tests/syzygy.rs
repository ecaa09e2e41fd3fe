//! Syzygy tables end to end: the engine, given the committed 3-4-man tables, plays won, drawn and
//! lost endings out against itself as the tables say; the root keeps only the moves that keep the
//! result; `tbhits` is reported; a folder without tables is an `info string`, never a failure.

mod support;

use engine::chess::Position;
use engine::Game;
use support::engine::{bestmove, field, Engine, LONG};

/// The committed tables.
const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/chess/syzygy");

/// The test suite: FEN; material; the side to move's WDL; DTZ.
const ENDINGS: &str = include_str!("data/chess/syzygy/endings.epd");

/// How a game played out ended.
#[derive(Debug, PartialEq, Eq)]
enum End {
    /// The side to move at the start mated (true) or was mated (false).
    Mate {
        first_player_won: bool,
    },
    Draw(&'static str),
}

/// The engine with the tables loaded; checks the `info string` it answers.
fn engine_with_tables() -> Engine {
    let mut engine = Engine::start();
    engine.ask("uci", "uciok");
    engine.send(&format!("setoption name SyzygyPath value {TABLES}"));
    let lines = engine.ask("isready", "readyok");
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with("info string SyzygyPath: found 10 tablebases, up to 4 pieces")),
        "{lines:?}"
    );
    engine
}

/// Plays `fen` out, the engine on both sides at `nodes` a move, judging the end by the rules
/// (mate, stalemate, fifty moves, threefold repetition, insufficient material).
fn play_out(engine: &mut Engine, fen: &str, nodes: u64) -> (End, usize) {
    let mut position = Position::from_fen(fen).unwrap();
    let mut moves: Vec<String> = Vec::new();
    let mut seen = vec![position.hash()];
    engine.send("ucinewgame");
    loop {
        let plies = moves.len();
        let mut legal = <Position as Game>::MoveList::default();
        position.generate_moves(&mut legal);
        if legal.is_empty() {
            if position.in_check() {
                // The side to move is mated: the first player won if the other side moved last.
                return (End::Mate { first_player_won: plies % 2 == 1 }, plies);
            }
            return (End::Draw("stalemate"), plies);
        }
        if position.halfmove_clock() >= 100 {
            return (End::Draw("fifty moves"), plies);
        }
        if seen.iter().filter(|&&key| key == position.hash()).count() >= 3 {
            return (End::Draw("threefold repetition"), plies);
        }
        if position.occupied().count() == 2
            || (position.occupied().count() == 3
                && (position.pieces_of_kind(engine::chess::PieceKind::Bishop)
                    | position.pieces_of_kind(engine::chess::PieceKind::Knight))
                .non_empty())
        {
            return (End::Draw("insufficient material"), plies);
        }
        assert!(plies < 400, "{fen}: still going after 400 plies: {moves:?}");
        let moves_text = if moves.is_empty() { String::new() } else { format!(" moves {}", moves.join(" ")) };
        engine.send(&format!("position fen {fen}{moves_text}"));
        let lines = engine.go(&format!("go nodes {nodes}"));
        let answer = bestmove(&lines);
        let mv = position
            .parse_uci_move(&answer)
            .unwrap_or_else(|| panic!("{fen} after {moves:?}: illegal move {answer}"));
        position.make_move(mv);
        if position.halfmove_clock() == 0 {
            seen.clear();
        }
        seen.push(position.hash());
        moves.push(answer);
    }
}

#[test]
fn won_drawn_and_lost_endings_are_played_out_as_the_tables_say() {
    let mut engine = engine_with_tables();
    let mut failures = Vec::new();
    for line in ENDINGS.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let (fen, material) = (fields[0], fields[1]);
        let wdl: i32 = fields[2].trim_start_matches("wdl ").parse().unwrap();
        let (end, plies) = play_out(&mut engine, fen, 4000);
        let right = match wdl {
            2 => end == End::Mate { first_player_won: true },
            -2 => end == End::Mate { first_player_won: false },
            _ => matches!(end, End::Draw(_)),
        };
        if !right {
            failures.push(format!("{material} {fen} (wdl {wdl}): {end:?} after {plies} plies"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn the_root_keeps_only_the_moves_that_keep_the_win() {
    // KRvKP positions with exactly one winning move among 17 to 22, by the tables (python-chess's
    // prober, all 3-4-man tables); a one-ply search cannot tell them from the drawing ones.
    let cases = [
        ("4R3/K7/8/3p4/8/8/2k5/8 w - - 0 1", "e8d8"),
        ("7R/8/2K5/4k3/8/8/3p4/8 w - - 0 1", "h8d8"),
        ("8/8/6K1/4k3/6R1/2p5/8/8 w - - 0 1", "g4c4"),
        ("8/8/8/6k1/8/1K6/6p1/3R4 w - - 0 1", "d1g1"),
        ("5K2/R7/8/6k1/8/8/3p4/8 w - - 0 1", "a7d7"),
        ("8/8/1R6/8/6K1/8/3p4/6k1 w - - 0 1", "b6d6"),
        ("3R4/8/8/8/6k1/8/4p3/1K6 w - - 0 1", "d8e8"),
    ];
    let mut engine = engine_with_tables();
    for (fen, winning) in cases {
        engine.send(&format!("position fen {fen}"));
        let lines = engine.go("go depth 1");
        assert_eq!(bestmove(&lines), winning, "{fen}: {lines:?}");
        let hits: u64 = lines
            .iter()
            .filter_map(|line| field(line, "tbhits"))
            .map(|hits| hits.parse().unwrap())
            .max()
            .unwrap_or(0);
        assert!(hits > 0, "the root probe counts as a hit: {lines:?}");
    }
    // KRvKQ draws with one drawing move among 16 to 22. The committed KQvKR table is WDL only, so
    // the root ranks the moves by the WDL of the position after each.
    for (fen, drawing) in [
        ("8/8/8/5R2/qk6/4K3/8/8 w - - 0 1", "f5f4"),
        ("8/8/8/8/8/2kq4/R5K1/8 w - - 0 1", "a2a3"),
        ("1k6/2q5/8/2R5/1K6/8/8/8 w - - 0 1", "c5c7"),
        ("2K5/R7/8/8/8/7k/6q1/8 w - - 0 1", "a7h7"),
    ] {
        engine.send(&format!("position fen {fen}"));
        let lines = engine.go("go depth 1");
        assert_eq!(bestmove(&lines), drawing, "{fen}: {lines:?}");
    }
    // Without tables the engine is on its own again.
    engine.send("setoption name SyzygyPath value <empty>");
    let lines = engine.ask("isready", "readyok");
    assert!(!lines.iter().any(|line| line.contains("SyzygyPath")), "{lines:?}");
    engine.send(&format!("position fen {}", cases[0].0));
    let lines = engine.go("go depth 1");
    assert!(lines.iter().filter_map(|line| field(line, "tbhits")).all(|hits| hits == "0"), "{lines:?}");
}

#[test]
fn the_search_probes_positions_that_captures_lead_into() {
    // Five pieces: outside the tables at the root, one capture from them (Rxd4 enters KRvKP).
    let fen = "7k/8/8/8/R2n4/8/1p6/5K2 w - - 0 1";
    let mut engine = engine_with_tables();
    engine.send(&format!("position fen {fen}"));
    let lines = engine.go("go depth 6");
    let hits: Vec<u64> =
        lines.iter().filter_map(|line| field(line, "tbhits")).map(|hits| hits.parse().unwrap()).collect();
    assert!(hits.last().is_some_and(|&hits| hits > 0), "{lines:?}");
    // `SyzygyProbeLimit 0` turns the probes off.
    engine.send("setoption name SyzygyProbeLimit value 0");
    engine.send(&format!("position fen {fen}"));
    let lines = engine.go("go depth 6");
    assert!(lines.iter().filter_map(|line| field(line, "tbhits")).all(|hits| hits == "0"), "{lines:?}");
}

#[test]
fn folders_without_tables_are_an_info_string_and_the_engine_plays_on() {
    let empty = std::env::temp_dir().join(format!("triskel-no-tables-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::write(empty.join("KQvK.rtbw.part"), b"not a table").unwrap();
    let mut engine = Engine::start();
    engine.ask("uci", "uciok");
    for (path, says) in [
        ("/nonexistent-triskel-tables".to_string(), "SyzygyPath: /nonexistent-triskel-tables: "),
        (empty.display().to_string(), "no Syzygy tables (.rtbw files)"),
    ] {
        engine.send(&format!("setoption name SyzygyPath value {path}"));
        let lines = engine.ask("isready", "readyok");
        assert!(lines.iter().any(|line| line.starts_with("info string") && line.contains(says)), "{lines:?}");
        engine.send("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
        let lines = engine.go("go depth 4");
        assert!(bestmove(&lines).len() >= 4, "{lines:?}");
    }
    // A list with one good folder loads it and names the other.
    engine.send(&format!("setoption name SyzygyPath value /nonexistent-triskel-tables:{TABLES}"));
    let lines = engine.ask("isready", "readyok");
    assert!(
        lines.iter().any(|line| line.starts_with("info string SyzygyPath: /nonexistent-triskel-tables")
            && line.contains("tables of up to 4 pieces loaded from the others")),
        "{lines:?}"
    );
    engine.send("position fen 4R3/K7/8/3p4/8/8/2k5/8 w - - 0 1");
    assert_eq!(bestmove(&engine.go("go depth 1")), "e8d8");
    let (_, lines) = engine.quit_within(LONG);
    assert!(lines.iter().all(|line| !line.contains("panicked")), "{lines:?}");
    let _ = std::fs::remove_dir_all(&empty);
}

/// A root in the tables shows their result, as Stockfish does: a win far above any evaluation and
/// below every mate score, a loss its negation, a draw zero; a mate the search sees stays a mate.
#[test]
fn a_root_in_the_tables_shows_their_result_not_an_evaluation() {
    let mut engine = engine_with_tables();
    let scores = |engine: &mut Engine, fen: &str| scores_of(engine, fen, "depth 10");
    // KRvK, won and far from mate: before the change, `cp 493`.
    let won = scores(&mut engine, "8/8/8/3k4/8/8/8/4K2R w - - 0 1");
    assert!(!won.is_empty() && won.iter().all(|score| score == "cp 29743"), "{won:?}");
    let lost = scores(&mut engine, "8/8/8/3k4/8/8/8/4K2R b - - 0 1");
    assert!(!lost.is_empty() && lost.iter().all(|score| score == "cp -29743"), "{lost:?}");
    let drawn = scores(&mut engine, "8/8/8/3k4/8/8/8/4KN2 w - - 0 1");
    assert!(!drawn.is_empty() && drawn.iter().all(|score| score == "cp 0"), "{drawn:?}");
    // KQvK with the mate in one in sight: the mate.
    let mate = scores(&mut engine, "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
    assert_eq!(mate.last().map(String::as_str), Some("mate 1"), "{mate:?}");
    // A node limit that cuts an iteration short after a new best move: the line written for that
    // move before `bestmove` shows the tables' result too (fastchess and OpenBench take a move's
    // score from the last line; it showed `cp 1250` here).
    for nodes in [2_000, 5_000] {
        let won = scores_of(&mut engine, "8/8/8/4k3/8/8/3QK3/8 w - - 0 1", &format!("nodes {nodes}"));
        assert!(!won.is_empty() && won.iter().all(|score| score == "cp 29743"), "{nodes}: {won:?}");
    }
    // `searchmoves` that keep none of the win (Qd4+ Kxd4, a bare-king draw): the lines are the
    // search's own, not the root's result.
    let given_away = scores_of(&mut engine, "8/8/8/2k5/8/8/8/3QK3 w - - 0 1", "searchmoves d1d4 depth 6");
    assert!(!given_away.is_empty() && given_away.iter().all(|score| score == "cp 0"), "{given_away:?}");
    engine.send("quit");
}

/// The scores (`cp 12`, `mate 3`) of the lines of `go <limit>` from `fen`.
fn scores_of(engine: &mut Engine, fen: &str, limit: &str) -> Vec<String> {
    engine.send(&format!("position fen {fen}"));
    engine.send(&format!("go {limit}"));
    let lines = engine.until(LONG, |line| line.starts_with("bestmove"));
    lines
        .iter()
        .filter(|line| field(line, "pv").is_some())
        .map(|line| line.split(" score ").nth(1).unwrap().split(" nodes").next().unwrap().to_string())
        .collect()
}
