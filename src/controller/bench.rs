//! `bench [hash] [threads] [limit] [fenfile] [limittype]`, as Stockfish has it: searches a fixed set
//! of positions and reports the total node count, a signature that changes only when the search
//! does (single-threaded, each position searched from a cleared table and cleared move-ordering
//! memory). It reports [`BenchEvent`]s; each front-end writes them in its protocol's form.
//!
//! * `hash` MiB for a table of the bench's own (default 16); `threads` (default 1);
//! * `limit` and `limittype`: `depth` (default: the game's `Variant::BENCH_DEPTH`), `nodes`, `movetime` (ms), `mate`
//!   (moves), `perft` (depth) or `eval` (each position's `eval`, no search);
//! * `fenfile`: `default` (the positions below), `current` (the session's position) or a file with
//!   one FEN per line, optionally followed by `moves ...`.

use super::job::{self, Job};
use super::request::GoRequest;
use super::search::{self, State};
use super::table::allocate_table;
use super::timeman::TimeLimits;
use crate::games::eval_report;
use crate::games::Variant;
use crate::knowledge::Knowledge;
use crate::nnue::Networks;
use crate::resources::{MAX_HASH_MB, MAX_THREADS};
use engine::history::PastPosition;
use engine::perft::perft_until;
use engine::search::{tt, SearchState};
use engine::Score;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// What a bench reports as it goes.
pub enum BenchEvent<'a, G: Variant> {
    /// Position `number` (from 1) of `count` comes next.
    Position { number: usize, count: usize, position: &'a G },
    /// The position's static evaluation was asked for (limit type `eval`): its `eval` text, to
    /// the `Final evaluation` line, as Stockfish's bench prints each position's.
    Evaluated(String),
    /// The position's perft count (limit type `perft`).
    Counted(u64),
    /// The position's search: the depth it reached, its score, its nodes and its move.
    Searched { position: &'a G, depth: u32, score: Score, nodes: u64, best: Option<G::Move> },
    /// Every position is done: the signature (all positions' nodes) and the time they took.
    Finished { nodes: u64, elapsed: Duration },
}

/// What bounds each position's search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LimitType {
    Depth,
    Nodes,
    Movetime,
    Mate,
    Perft,
    /// Pikafish's and Stockfish's `eval`: each position's evaluation, no search.
    Eval,
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
        Some("eval") => LimitType::Eval,
        Some(other) => {
            return Err(format!(
                "bench: unknown limit type {other} (depth, nodes, movetime, mate, perft, eval)"
            ))
        }
    };
    let default_limit = match limit_type {
        LimitType::Depth => u64::from(default_depth),
        LimitType::Nodes => 1_000_000,
        LimitType::Movetime => 1_000,
        LimitType::Mate => 3,
        LimitType::Perft => 4,
        LimitType::Eval => 0,
    };
    let fens = match args.get(3).map(String::as_str) {
        None | Some("default") => Fens::Default,
        Some("current") => Fens::Current,
        Some(path) => Fens::File(path.to_string()),
    };
    Ok(Config {
        hash_mb: number(0, "hash", 16)?.clamp(1, MAX_HASH_MB as u64) as usize,
        threads: number(1, "threads", 1)?.clamp(1, MAX_THREADS as u64) as usize,
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
        let mv =
            position.parse_move_text(text).ok_or_else(|| format!("bench: illegal move {text} in {line}"))?;
        keys.push(position.past_before(mv));
        position.make_move(mv);
    }
    Ok((position, keys))
}

/// Runs the bench, handing `report` each step. `current` is the session's position and game keys;
/// the positions are read in Chess960 notation or not, and the game evaluates with its network of
/// `networks` where `Use NNUE` is on, else with its hand-crafted evaluation. The error says why the
/// bench ended early (`stop`, a file or a position that does not read).
pub fn run<G: Variant>(
    config: &Config,
    current: (&G, &[PastPosition]),
    (chess960, networks): (bool, &Networks),
    stop: &Arc<AtomicBool>,
    report: &mut dyn FnMut(BenchEvent<'_, G>),
) -> Result<u64, String> {
    let positions: Vec<(G, Vec<PastPosition>)> = match &config.fens {
        Fens::Default => {
            G::BENCH_POSITIONS.iter().map(|line| setup(line, false)).collect::<Result<_, _>>()?
        }
        Fens::Current => vec![(*current.0, current.1.to_vec())],
        Fens::File(path) => crate::files::read_text(path)
            .map_err(|error| format!("bench: {error}"))?
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
        if stop.load(Ordering::Relaxed) {
            return Err("bench: stopped".into());
        }
        report(BenchEvent::Position { number: index + 1, count: positions.len(), position });
        if config.limit_type == LimitType::Eval {
            report(BenchEvent::Evaluated(eval_report(position, networks, Knowledge::Full)));
            continue;
        }
        if config.limit_type == LimitType::Perft {
            let depth = config.limit.min(u64::from(u32::MAX)) as u32;
            let stopped = || stop.load(Ordering::Relaxed);
            let nodes = perft_until(&mut position.clone(), depth, &stopped).ok_or("bench: stopped")?;
            report(BenchEvent::Counted(nodes));
            total_nodes += nodes;
            continue;
        }
        tt::clear(&table);
        for state in states.iter_mut() {
            state.clear();
        }
        let limit = config.limit;
        let request = GoRequest {
            depth: (config.limit_type == LimitType::Depth).then_some(limit.min(u64::from(u32::MAX)) as u32),
            nodes: (config.limit_type == LimitType::Nodes).then_some(limit),
            mate: (config.limit_type == LimitType::Mate).then_some(limit.min(u64::from(u32::MAX)) as u32),
            ..GoRequest::default()
        };
        // A mate in N lies within 2N - 1 plies: deeper iterations cannot find one, so a position
        // without it ends there instead of searching for ever.
        let request = match request.mate {
            Some(moves) => GoRequest { depth: Some(moves.saturating_mul(2).saturating_add(2)), ..request },
            None => request,
        };
        let time = match config.limit_type {
            LimitType::Movetime => TimeLimits { soft: None, hard: Some(Duration::from_millis(limit)) },
            _ => TimeLimits::NONE,
        };
        let job = Job {
            position: *position,
            keys: keys.clone(),
            request,
            multipv: 1,
            shown_lines: 1,
            judge_chases: true,
            networks: networks.search(),
            // No endgame tables: the signature must not depend on which the machine has.
            tables: None,
            table_score: None,
            time,
            strength: None,
            seed: 0,
            losing_streak: 0,
        };
        let mut shared = job::shared_for(&job, states.len());
        shared.outside_stop = Some(Arc::clone(stop));
        let result = search::run(&job, &table, 0, &mut states, &shared, None, None);
        let outcome = result.outcome;
        report(BenchEvent::Searched {
            position,
            depth: outcome.depth,
            score: outcome.score,
            nodes: result.nodes,
            best: outcome.best_move,
        });
        total_nodes += result.nodes;
    }
    report(BenchEvent::Finished { nodes: total_nodes, elapsed: started.elapsed() });
    Ok(total_nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bench_positions_are_legal<G: Variant>() {
        for line in G::BENCH_POSITIONS {
            assert!(setup::<G>(line, false).is_ok(), "{line}");
        }
    }

    #[test]
    fn every_bench_position_is_legal() {
        bench_positions_are_legal::<engine::chess::Position>();
        bench_positions_are_legal::<engine::xiangqi::Position>();
        bench_positions_are_legal::<engine::othello::Position>();
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
