//! `bench [hash] [threads] [limit] [fenfile] [limittype]`, as Stockfish has it: searches a fixed set
//! of positions and prints the total node count, a signature that changes only when the search does
//! (single-threaded, each position searched from a cleared table and cleared move-ordering memory).
//!
//! * `hash` MiB for a table of the bench's own (default 16); `threads` (default 1);
//! * `limit` and `limittype`: `depth` (default: the game's `Variant::BENCH_DEPTH`), `nodes`, `movetime` (ms), `mate`
//!   (moves) or `perft` (depth);
//! * `fenfile`: `default` (the positions below), `current` (the session's position) or a file with
//!   one FEN per line, optionally followed by `moves ...`.

use super::search::{self, Job, State};
use super::table::allocate_table;
use super::timeman::TimeLimits;
use crate::games::Variant;
use crate::output::Output;
use engine::history::PastPosition;
use engine::perft::perft;
use engine::search::{tt, SearchState};
use std::time::Duration;

/// Chess: Stockfish's bench positions (middlegames, endgames, Chess960 starts, a mate and a stalemate).
pub const CHESS_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14 moves d4e6",
    "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14 moves g2g4",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
    "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
    "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16",
    "3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
    "r1q2rk1/2p1bppp/2Pp4/p6b/Q1PNp3/4B3/PP1R1PPP/2K4R w - - 2 18",
    "4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22",
    "3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 4 26",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/8 b - - 3 54",
    "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
    "8/8/8/5N2/8/p7/8/2NK3k w - - 0 1",
    "8/3k4/8/8/8/4B3/4KB2/2B5 w - - 0 1",
    "8/8/1P6/5pr1/8/4R3/7k/2K5 w - - 0 1",
    "8/2p4P/8/kr6/6R1/8/8/1K6 w - - 0 1",
    "8/8/3P3k/8/1p6/8/1P6/1K3n2 b - - 0 1",
    "8/R7/2q5/8/6k1/8/1P5p/K6R w - - 0 124",
    "6k1/3b3r/1p1p4/p1n2p2/1PPNpP1q/P3Q1p1/1R1RB1P1/5K2 b - - 0 1",
    "r2r1n2/pp2bk2/2p1p2p/3q4/3PN1QP/2P3R1/P4PP1/5RK1 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "8/8/8/8/8/6k1/6p1/6K1 w - - 0 1",
    "7k/7P/6K1/8/3B4/8/8/8 b - - 0 1",
];

/// Xiangqi bench positions: the start, three openings, middlegames and endgames (from the perft
/// suite's self-play games).
pub const XIANGQI_POSITIONS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h9g7",
    "rnbaka1nr/9/4b2c1/p1p1p1p1p/1c7/2P3P2/P3P3P/1C4NC1/9/RNBAKAB1R b - - 5 3",
    "rnbakab1r/9/6nc1/p1p1p1p1p/1c5C1/6P2/P1P1P3P/1C2B4/9/RN1AKABNR b - - 5 3",
    "r1b1ka1nr/4a4/2n1b2c1/p1p1p1pCp/3R5/4P3P/P1P3P2/4B4/4A1N2/1N2KAB1R b - - 0 12",
    "2baka2r/5n3/2c1b4/p5p1p/9/P1B1p1P2/2p5P/7C1/1r2AN3/RNBAK3R w - - 6 17",
    "1nbakr3/4a1n2/4b1Cc1/4R3p/p3p2C1/2p5P/P1crP4/4B2p1/N3A4/2BAK3R w - - 4 27",
    "2bak1b1r/1R2a4/5rn2/p7p/c3p4/2CC2R1P/2P1P4/B8/4A4/3AK4 w - - 8 27",
    "3akan2/9/b5r2/2pP5/2bc5/1R6N/N3P4/3CB4/4A4/4KAB2 w - - 3 41",
    "2b3R2/5k3/b1r6/5N3/4N4/9/4P4/4B4/3C5/3AKAB2 w - - 13 68",
    "3a5/4k4/6Rnb/7C1/p7P/9/P8/B3B4/4A4/3K5 w - - 3 56",
    "4k4/9/3aba3/9/6b2/4n4/9/2N1B1n1B/5K1p1/9 w - - 28 82",
    "1P7/4Rk3/8r/9/9/2B6/9/3A5/4K4/9 b - - 51 103",
];

/// What bounds each position's search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LimitType {
    Depth,
    Nodes,
    Movetime,
    Mate,
    Perft,
}

/// The parsed arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    hash_mb: usize,
    threads: usize,
    limit: u64,
    fens: Fens,
    limit_type: LimitType,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Fens {
    Default,
    Current,
    File(String),
}

/// Reads `hash threads limit fenfile limittype`, each optional from the right.
pub fn parse(args: &[String], default_depth: u32) -> Result<Config, String> {
    let number = |index: usize, name: &str, default: u64| -> Result<u64, String> {
        match args.get(index) {
            None => Ok(default),
            Some(text) => {
                text.parse().map_err(|_| format!("bench: {name} must be a whole number, not {text}"))
            }
        }
    };
    let limit_type = match args.get(4).map(String::as_str) {
        None | Some("depth") => LimitType::Depth,
        Some("nodes") => LimitType::Nodes,
        Some("movetime") => LimitType::Movetime,
        Some("mate") => LimitType::Mate,
        Some("perft") => LimitType::Perft,
        Some(other) => {
            return Err(format!("bench: unknown limit type {other} (depth, nodes, movetime, mate, perft)"))
        }
    };
    let default_limit = match limit_type {
        LimitType::Depth => u64::from(default_depth),
        LimitType::Nodes => 1_000_000,
        LimitType::Movetime => 1_000,
        LimitType::Mate => 3,
        LimitType::Perft => 4,
    };
    let fens = match args.get(3).map(String::as_str) {
        None | Some("default") => Fens::Default,
        Some("current") => Fens::Current,
        Some(path) => Fens::File(path.to_string()),
    };
    Ok(Config {
        hash_mb: number(0, "hash", 16)?.clamp(1, super::table::MAX_HASH_MB as u64) as usize,
        threads: number(1, "threads", 1)?.clamp(1, super::search::MAX_THREADS as u64) as usize,
        limit: number(2, "limit", default_limit)?,
        fens,
        limit_type,
    })
}

/// Sets up `fen` optionally followed by `moves ...`, with the keys of the positions before the last.
fn setup<G: Variant>(line: &str, chess960: bool) -> Result<(G, Vec<PastPosition>), String> {
    let (fen, moves) = match line.split_once(" moves ") {
        Some((fen, moves)) => (fen, moves),
        None => (line, ""),
    };
    let mut position =
        G::parse_fen(fen.trim(), chess960).map_err(|error| format!("bench: bad fen {fen} ({error})"))?;
    let mut keys = Vec::new();
    for text in moves.split_whitespace() {
        let mv = position.parse_move(text).ok_or_else(|| format!("bench: illegal move {text} in {line}"))?;
        keys.push(position.past_before(mv));
        position.make_move(mv);
    }
    Ok((position, keys))
}

/// Runs the bench and prints its report. `current` is the session's position and game keys.
pub fn run<G: Variant>(
    config: &Config,
    current: (&G, &[PastPosition]),
    chess960: bool,
    output: &Output,
) -> Result<u64, String> {
    let positions: Vec<(G, Vec<PastPosition>)> = match &config.fens {
        Fens::Default => {
            G::BENCH_POSITIONS.iter().map(|line| setup(line, false)).collect::<Result<_, _>>()?
        }
        Fens::Current => vec![(*current.0, current.1.to_vec())],
        Fens::File(path) => std::fs::read_to_string(path)
            .map_err(|error| format!("bench: cannot read {path}: {error}"))?
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(|line| setup(line, chess960))
            .collect::<Result<_, _>>()?,
    };
    let table = allocate_table(config.hash_mb)
        .ok_or_else(|| format!("bench: cannot allocate {} MiB of hash", config.hash_mb))?;
    let mut states: Vec<State<G>> = (0..config.threads).map(|_| SearchState::boxed()).collect();
    let started = std::time::Instant::now();
    let mut total_nodes = 0;
    for (index, (position, keys)) in positions.iter().enumerate() {
        output.line(&format!("Position: {}/{} ({})", index + 1, positions.len(), position.fen_text()));
        if config.limit_type == LimitType::Perft {
            let depth = config.limit.min(u64::from(u32::MAX)) as u32;
            let nodes = perft(&mut position.clone(), depth);
            output.line(&format!("Nodes searched: {nodes}"));
            total_nodes += nodes;
            continue;
        }
        tt::clear(&table);
        for state in states.iter_mut() {
            state.clear();
        }
        let limit = config.limit;
        let job = Job {
            position: *position,
            keys: keys.clone(),
            searchmoves: Vec::new(),
            depth: (config.limit_type == LimitType::Depth).then_some(limit.min(u64::from(u32::MAX)) as u32),
            nodes: (config.limit_type == LimitType::Nodes).then_some(limit),
            mate: (config.limit_type == LimitType::Mate).then_some(limit.min(u64::from(u32::MAX)) as u32),
            multipv: 1,
            judge_chases: true,
            time: match config.limit_type {
                LimitType::Movetime => TimeLimits { soft: None, hard: Some(Duration::from_millis(limit)) },
                _ => TimeLimits::NONE,
            },
            ponder: false,
            infinite: false,
            draw_offered: false,
            every_move: false,
            strength: None,
            seed: 0,
        };
        let shared = search::shared_for(&job, states.len());
        let result = search::run(&job, &table, 0, &mut states, &shared, None, None);
        let outcome = result.outcome;
        let best = outcome.best_move.map_or("0000".to_string(), |mv| position.move_text(mv).to_string());
        output.line(&format!(
            "depth {} score {} nodes {} bestmove {best}",
            outcome.depth,
            score_text(outcome.score),
            result.nodes
        ));
        total_nodes += result.nodes;
    }
    let elapsed = started.elapsed();
    output.line(&format!(
        "\n===========================\nTotal time (ms) : {}\nNodes searched  : {total_nodes}\nNodes/second    : {}",
        elapsed.as_millis(),
        nodes_per_second(total_nodes, elapsed)
    ));
    Ok(total_nodes)
}

/// `cp X` or `mate N` (moves), as Stockfish's bench prints a score.
fn score_text(score: engine::Score) -> String {
    match score.mate_moves() {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {}", score.0),
    }
}

/// Nodes per second, without dividing by zero.
pub fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros).min(u128::from(u64::MAX)) as u64
}

/// Runs [`run`] on a thread with a search-sized stack (the caller's may be small).
pub fn run_on_search_stack<G: Variant>(
    config: &Config,
    current: (&G, &[PastPosition]),
    chess960: bool,
    output: &Output,
) -> Result<u64, String> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("bench".into())
            .stack_size(search::SEARCH_STACK)
            .spawn_scoped(scope, || run(config, current, chess960, output))
            .map_err(|error| format!("bench: cannot start a thread: {error}"))?
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_position_is_legal() {
        for line in CHESS_POSITIONS {
            assert!(setup::<engine::chess::Position>(line, false).is_ok(), "{line}");
        }
    }

    #[test]
    fn every_xiangqi_bench_position_is_legal() {
        for line in XIANGQI_POSITIONS {
            assert!(setup::<engine::xiangqi::Position>(line, false).is_ok(), "{line}");
        }
    }

    #[test]
    fn arguments_fill_from_the_left() {
        let args = |text: &str| text.split_whitespace().map(String::from).collect::<Vec<_>>();
        let config = parse(&args(""), 11).unwrap();
        assert_eq!((config.hash_mb, config.threads, config.limit), (16, 1, 11));
        let config = parse(&args("64 2 5000 current nodes"), 11).unwrap();
        assert_eq!((config.hash_mb, config.threads, config.limit), (64, 2, 5000));
        assert_eq!((config.fens, config.limit_type), (Fens::Current, LimitType::Nodes));
        assert!(parse(&args("16 1 9 default sideways"), 11).is_err());
        assert!(parse(&args("lots"), 11).is_err());
    }
}
