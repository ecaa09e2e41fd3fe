//! `tuner book --game xiangqi`: a xiangqi opening book from the engine's own searches, no other
//! engine's data and no other book.
//!
//! The tree grows breadth-first from the start position (and from each position of `--openings`,
//! after it), to `--depth` plies from its root. Each position is searched once, single-threaded,
//! with a cleared table and cleared move-ordering memory, for `--nodes` nodes with `--width`
//! principal variations (MultiPV); the moves of the last completed iteration that score within
//! `--margin` centipawns of the best (at most `--width` of them) become the position's entries,
//! and each is played to reach the next ply's positions. A position reached again by another order
//! of moves (a transposition) is searched only once: the first way the breadth-first order reaches
//! it. Every search knows the moves that led to its position, so repetitions are judged as in a
//! game.
//!
//! A move's weight says how good it is: 100 for the best move, falling linearly to 25 at the edge
//! of the margin (`100 - 75 * gap / margin`). The book player draws moves in proportion to their
//! weights.
//!
//! The file is the book record of `types::book` (Polyglot's 16-byte big-endian entries, sorted by
//! key, then by weight, best first): the key is the engine's Zobrist key of the position
//! (`Position::hash`), the move its square indices, from in bits 0-6 and to in bits 7-13. The same
//! arguments build the same file, byte for byte.

use crate::games::Tunable as _;
use engine::history::PastPosition;
use engine::search::{self, tt, Bound, Limits, LimitsOnly, Reporter, SearchInfo, SearchState};
use engine::search::{TranspositionTable, TtEntry};
use engine::xiangqi::{Move, Position};
use engine::{Game, GameText, Score};
use std::collections::{HashSet, VecDeque};
use std::time::{Duration, Instant};
use types::book::{xiangqi_move, Entry};

/// What `tuner book` was asked for.
#[derive(Clone, Debug)]
pub struct Config {
    /// The roots: the start position first, then the openings' positions, as FEN.
    pub roots: Vec<String>,
    /// Plies from a root whose positions get entries (the positions at this depth get none).
    pub depth: usize,
    /// Nodes per search.
    pub nodes: u64,
    /// Moves within this many centipawns of the best are kept.
    pub margin: i32,
    /// At most this many moves per position (the MultiPV of each search).
    pub width: usize,
    /// Transposition table, MiB.
    pub hash_mb: usize,
    /// Where the book goes.
    pub out: String,
    /// Progress every this long.
    pub report_every: Duration,
}

/// The weight of a move `gap` centipawns below the best, within `margin`.
pub fn weight(gap: i32, margin: i32) -> u16 {
    let gap = gap.clamp(0, margin.max(0));
    (100 - 75 * gap / margin.max(1)) as u16
}

/// The last report of each principal variation.
struct Lines {
    /// (depth, line number, score, first move), exact scores only.
    reports: Vec<(u32, usize, Score, Move)>,
}

impl Reporter<Move> for Lines {
    fn report(&mut self, info: &SearchInfo<'_, Move>) {
        if let (Bound::Exact, Some(&first)) = (info.bound, info.pv.first()) {
            self.reports.push((info.depth, info.multipv, info.score, first));
        }
    }
}

/// The moves worth keeping in `position`, best first, with their scores: the last completed
/// iteration's lines within `margin` of its best.
fn book_moves(
    position: &Position,
    past: &[PastPosition],
    config: &Config,
    table: &[TtEntry],
    state: &mut SearchState<Position>,
) -> (Vec<(Move, Score)>, u64) {
    tt::clear(table);
    state.clear();
    let limits =
        Limits::<Move> { nodes: Some(config.nodes), multipv: config.width.max(1), ..Limits::default() };
    let mut lines = Lines { reports: Vec::new() };
    let table = TranspositionTable::new(table, 0);
    let outcome = search::search(position, past, &limits, &table, state, &LimitsOnly, &mut lines);
    let Some(best) = outcome.best_move else { return (Vec::new(), outcome.nodes) };
    // Each line's last report of the last completed iteration (a line may be reported again after
    // a failed aspiration window; the last word counts).
    let mut kept: Vec<(usize, Move, Score)> = Vec::new();
    for &(depth, line, score, mv) in &lines.reports {
        if depth != outcome.depth {
            continue;
        }
        kept.retain(|&(known, _, _)| known != line);
        kept.push((line, mv, score));
    }
    kept.sort_by_key(|&(line, _, _)| line);
    let mut moves: Vec<(Move, Score)> = Vec::new();
    for (_, mv, score) in kept {
        if !moves.iter().any(|&(known, _)| known == mv) {
            moves.push((mv, score));
        }
    }
    // The search's move may come from an iteration it did not finish, which judged it at least as
    // good as the completed iteration's best: it gets the best score.
    let top = moves.iter().map(|&(_, score)| score).max().unwrap_or(outcome.score);
    moves.retain(|&(mv, _)| mv != best);
    moves.insert(0, (best, top));
    moves.retain(|&(_, score)| top.0 - score.0 <= config.margin);
    moves.sort_by_key(|&(_, score)| std::cmp::Reverse(score)); // stable: the search's move first
    moves.truncate(config.width.max(1));
    (moves, outcome.nodes)
}

/// Builds the book and writes it. Returns the summary line.
pub fn run(config: &Config) -> Result<String, String> {
    let started = Instant::now();
    let entries_per_mb = (1 << 20) / std::mem::size_of::<TtEntry>();
    let table: Vec<TtEntry> = (0..config.hash_mb.max(1) * entries_per_mb).map(|_| TtEntry::new()).collect();
    let mut state = SearchState::<Position>::boxed();
    let mut queue: VecDeque<(Position, Vec<PastPosition>, usize)> = VecDeque::new();
    let mut seen: HashSet<u64> = HashSet::new();
    for fen in &config.roots {
        let position = Position::parse_position(fen).map_err(|error| format!("{fen}: {error}"))?;
        if seen.insert(position.hash()) {
            queue.push_back((position, Vec::new(), 0));
        }
    }
    let mut entries: Vec<Entry> = Vec::new();
    let (mut searched, mut nodes, mut last_report) = (0usize, 0u64, Instant::now());
    let mut legal = <Position as Game>::MoveList::default();
    while let Some((position, past, ply)) = queue.pop_front() {
        if ply >= config.depth {
            continue;
        }
        position.generate_moves(&mut legal);
        if legal.is_empty() || position.is_rule_draw() {
            continue;
        }
        let (moves, used) = book_moves(&position, &past, config, &table, &mut state);
        searched += 1;
        nodes += used;
        let best = moves.first().map_or(Score::DRAW, |&(_, score)| score);
        for &(mv, score) in &moves {
            let raw = xiangqi_move(mv.from().index() as u8, mv.to().index() as u8);
            let weight = weight(best.0 - score.0, config.margin);
            entries.push(Entry { key: position.hash(), raw_move: raw, weight, learn: 0 });
            let mut next = position;
            next.make_move(mv);
            if ply + 1 < config.depth && seen.insert(next.hash()) {
                let mut path = past.clone();
                path.push(position.past_before(mv));
                queue.push_back((next, path, ply + 1));
            }
        }
        if last_report.elapsed() >= config.report_every {
            last_report = Instant::now();
            eprintln!(
                "book: ply {ply}, {searched} positions searched, {} entries, {} queued, {:.0} s, {:.0} knps",
                entries.len(),
                queue.len(),
                started.elapsed().as_secs_f64(),
                nodes as f64 / started.elapsed().as_secs_f64().max(1e-9) / 1000.0
            );
        }
    }
    entries.sort_by(|a, b| a.key.cmp(&b.key).then(b.weight.cmp(&a.weight)).then(a.raw_move.cmp(&b.raw_move)));
    let bytes: Vec<u8> = entries.iter().flat_map(|entry| entry.to_bytes()).collect();
    std::fs::write(&config.out, &bytes).map_err(|error| format!("{}: {error}", config.out))?;
    let positions = entries.windows(2).filter(|pair| pair[0].key != pair[1].key).count()
        + usize::from(!entries.is_empty());
    Ok(format!(
        "book: {} entries for {positions} positions ({} bytes) from {searched} searches of {} nodes, {:.1} M nodes in {:.1} s -> {}",
        entries.len(),
        bytes.len(),
        config.nodes,
        nodes as f64 / 1e6,
        started.elapsed().as_secs_f64(),
        config.out
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_fall_from_the_best_to_the_margin() {
        assert_eq!(weight(0, 30), 100);
        assert_eq!(weight(15, 30), 63);
        assert_eq!(weight(30, 30), 25);
        assert_eq!(weight(99, 30), 25);
        assert_eq!(weight(0, 0), 100);
    }

    #[test]
    fn a_small_book_is_sorted_legal_and_the_same_every_time() {
        let out = std::env::temp_dir().join(format!("tuner-book-test-{}.bin", std::process::id()));
        let config = Config {
            roots: vec![Position::start_position().position_text().to_string()],
            depth: 2,
            nodes: 3000,
            margin: 40,
            width: 3,
            hash_mb: 1,
            out: out.to_str().unwrap().to_string(),
            report_every: Duration::from_secs(3600),
        };
        run(&config).unwrap();
        let first = std::fs::read(&out).unwrap();
        run(&config).unwrap();
        let second = std::fs::read(&out).unwrap();
        let _ = std::fs::remove_file(&out);
        assert_eq!(first, second);
        assert!(!first.is_empty() && first.len() % 16 == 0);
        let entries: Vec<Entry> =
            first.chunks_exact(16).map(|chunk| Entry::from_bytes(chunk.try_into().unwrap())).collect();
        assert!(entries.windows(2).all(|pair| pair[0].key <= pair[1].key));
        let start = Position::start_position();
        let mut legal = <Position as Game>::MoveList::default();
        start.generate_moves(&mut legal);
        let at_start: Vec<&Entry> = entries.iter().filter(|entry| entry.key == start.hash()).collect();
        assert!((1..=3).contains(&at_start.len()), "{at_start:?}");
        for entry in at_start {
            let (from, to) = types::book::xiangqi_squares(entry.raw_move).unwrap();
            assert!(legal
                .iter()
                .any(|mv| mv.from().index() == from as usize && mv.to().index() == to as usize));
        }
    }
}
