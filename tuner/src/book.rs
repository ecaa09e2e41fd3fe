//! `tuner book`: a chess or xiangqi opening book from the engine's own searches, no other engine's
//! data and no other book.
//!
//! The tree grows breadth-first from the start position (and from each position of `--openings`,
//! after it), to `--depth` plies from its root. Each position is searched once, single-threaded,
//! with a cleared table and cleared move-ordering memory, for `--nodes` nodes with `--width`
//! principal variations (MultiPV); the moves of the last completed iteration that score within
//! `--margin` centipawns of the best (at most `--width` of them) become the position's entries,
//! and each is played to reach the next ply's positions. A position reached again by another order
//! of moves (a transposition: the same book key) is searched only once: the first way the
//! breadth-first order reaches it. Every search knows the moves that led to its position, so
//! repetitions are judged as in a game.
//!
//! A move's weight says how good it is: 100 for the best move, falling linearly to 25 at the edge
//! of the margin (`100 - 75 * gap / margin`). The book player draws moves in proportion to their
//! weights.
//!
//! The file is the book record of `types::book` (Polyglot's 16-byte big-endian entries, sorted by
//! key, then by weight, best first). The key and the move code are the game's ([`Booked`]): in
//! chess Polyglot's own (`types::polyglot`, the code the shell reads with), so the file is a
//! Polyglot `.bin` any Polyglot reader can use; in xiangqi the engine's Zobrist key of the position
//! (`Position::hash`) and the move's square indices, from in bits 0-6 and to in bits 7-13. The
//! same arguments build the same file, byte for byte.

use crate::games::Tunable;
use engine::history::PastPosition;
use engine::search::{self, tt, Bound, Limits, LimitsOnly, Reporter, SearchInfo, SearchState};
use engine::search::{TranspositionTable, TtEntry};
use engine::Score;
use std::collections::{HashSet, VecDeque};
use std::time::{Duration, Instant};
use types::book::{xiangqi_move, Entry};

/// A game the tuner builds books for: how its books key a position and code a move, as the
/// shell reads them (`src/book/`).
pub trait Booked: Tunable {
    /// The key the game's books file the position under; `None` for a position they cannot hold
    /// (chess: the castling rights of a Chess960 setup).
    fn book_key(&self) -> Option<u64>;
    /// The move's code in the game's books.
    fn book_move(mv: Self::Move) -> u16;
}

impl Booked for engine::chess::Position {
    fn book_key(&self) -> Option<u64> {
        self.polyglot_key()
    }

    fn book_move(mv: Self::Move) -> u16 {
        engine::chess::polyglot_move(mv)
    }
}

impl Booked for engine::xiangqi::Position {
    fn book_key(&self) -> Option<u64> {
        Some(self.hash())
    }

    fn book_move(mv: Self::Move) -> u16 {
        xiangqi_move(mv.from().index() as u8, mv.to().index() as u8)
    }
}

/// What `tuner book` was asked for.
#[derive(Clone, Debug, PartialEq)]
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
    /// Search with the game's embedded network rather than its hand-crafted evaluation.
    pub nnue: bool,
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
struct Lines<M> {
    /// (depth, line number, score, first move), exact scores only.
    reports: Vec<(u32, usize, Score, M)>,
}

impl<M: Copy> Reporter<M> for Lines<M> {
    fn report(&mut self, info: &SearchInfo<'_, M>) {
        if let (Bound::Exact, Some(&first)) = (info.bound, info.pv.first()) {
            self.reports.push((info.depth, info.multipv, info.score, first));
        }
    }
}

/// The moves worth keeping in `position`, best first, with their scores: the last completed
/// iteration's lines within `margin` of its best.
fn book_moves<G: Booked>(
    position: &G,
    past: &[PastPosition],
    config: &Config,
    table: &[TtEntry],
    state: &mut SearchState<G>,
) -> (Vec<(G::Move, Score)>, u64) {
    tt::clear(table);
    state.clear();
    let limits =
        Limits::<G::Move> { nodes: Some(config.nodes), multipv: config.width.max(1), ..Limits::default() };
    let mut lines = Lines { reports: Vec::new() };
    let table = TranspositionTable::new(table, 0);
    let outcome = search::search(position, past, &limits, &table, state, &LimitsOnly, &mut lines);
    let Some(best) = outcome.best_move else { return (Vec::new(), outcome.nodes) };
    // Each line's last report of the last completed iteration (a line may be reported again after
    // a failed aspiration window; the last word counts).
    let mut kept: Vec<(usize, G::Move, Score)> = Vec::new();
    for &(depth, line, score, mv) in &lines.reports {
        if depth != outcome.depth {
            continue;
        }
        kept.retain(|&(known, _, _)| known != line);
        kept.push((line, mv, score));
    }
    kept.sort_by_key(|&(line, _, _)| line);
    let mut moves: Vec<(G::Move, Score)> = Vec::new();
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

/// Builds the book of game `G` and writes it. Returns the summary line.
pub fn run<G: Booked>(config: &Config) -> Result<String, String> {
    let started = Instant::now();
    let entries_per_mb = (1 << 20) / std::mem::size_of::<TtEntry>();
    let table: Vec<TtEntry> = (0..config.hash_mb.max(1) * entries_per_mb).map(|_| TtEntry::new()).collect();
    let mut state = SearchState::<G>::boxed();
    if config.nnue {
        G::use_embedded_network(state.eval_cache_mut());
    }
    let mut queue: VecDeque<(G, Vec<PastPosition>, usize)> = VecDeque::new();
    let mut seen: HashSet<u64> = HashSet::new();
    for fen in &config.roots {
        let position = crate::games::parse::<G>(fen).map_err(|error| format!("{fen}: {error}"))?;
        let key = position.book_key().ok_or_else(|| format!("{fen}: a position no book can hold"))?;
        if seen.insert(key) {
            queue.push_back((position, Vec::new(), 0));
        }
    }
    let mut entries: Vec<Entry> = Vec::new();
    let (mut searched, mut nodes, mut last_report) = (0usize, 0u64, Instant::now());
    let mut legal = G::MoveList::default();
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
        let key = position.book_key().expect("every queued position has a key");
        for &(mv, score) in &moves {
            let weight = weight(best.0 - score.0, config.margin);
            entries.push(Entry { key, raw_move: G::book_move(mv), weight, learn: 0 });
            let mut next = position;
            next.make_move(mv);
            // A position its books cannot hold is not searched (none is reached from a standard
            // chess position: castling rights are only lost).
            let Some(next_key) = next.book_key() else { continue };
            if ply + 1 < config.depth && seen.insert(next_key) {
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
    use engine::GameText;

    #[test]
    fn weights_fall_from_the_best_to_the_margin() {
        assert_eq!(weight(0, 30), 100);
        assert_eq!(weight(15, 30), 63);
        assert_eq!(weight(30, 30), 25);
        assert_eq!(weight(99, 30), 25);
        assert_eq!(weight(0, 0), 100);
    }

    /// A book of `G` to `depth` plies from its start position, built twice: the two files must be
    /// the same bytes. Returns the entries.
    fn build_twice<G: Booked>(name: &str, depth: usize) -> Vec<Entry> {
        let out = std::env::temp_dir().join(format!("tuner-book-test-{name}-{}.bin", std::process::id()));
        let config = Config {
            roots: vec![G::start_position().position_text().to_string()],
            depth,
            nodes: 3000,
            margin: 40,
            width: 3,
            hash_mb: 1,
            nnue: false,
            out: out.to_str().unwrap().to_string(),
            report_every: Duration::from_secs(3600),
        };
        run::<G>(&config).unwrap();
        let first = std::fs::read(&out).unwrap();
        run::<G>(&config).unwrap();
        let second = std::fs::read(&out).unwrap();
        let _ = std::fs::remove_file(&out);
        assert_eq!(first, second);
        assert!(!first.is_empty() && first.len().is_multiple_of(16));
        let entries: Vec<Entry> =
            first.chunks_exact(16).map(|chunk| Entry::from_bytes(chunk.try_into().unwrap())).collect();
        assert!(entries.windows(2).all(|pair| pair[0].key <= pair[1].key));
        entries
    }

    /// Walks the book from the start position by its own moves: every entry is reached, and its
    /// move is a legal move of the position it is filed under (the move whose code it is).
    fn walk<G: Booked>(entries: &[Entry]) -> usize {
        let (mut frontier, mut seen, mut reached) = (vec![G::start_position()], HashSet::new(), 0);
        while let Some(position) = frontier.pop() {
            let key = position.book_key().unwrap();
            if !seen.insert(key) {
                continue;
            }
            let mut legal = G::MoveList::default();
            position.generate_moves(&mut legal);
            for entry in entries.iter().filter(|entry| entry.key == key) {
                let mv = *legal.iter().find(|&&mv| G::book_move(mv) == entry.raw_move).expect("a legal move");
                reached += 1;
                let mut next = position;
                next.make_move(mv);
                frontier.push(next);
            }
        }
        assert_eq!(reached, entries.len(), "every entry is reached from the start position");
        reached
    }

    #[test]
    fn a_small_xiangqi_book_is_sorted_legal_and_the_same_every_time() {
        let entries = build_twice::<engine::xiangqi::Position>("xiangqi", 2);
        let start = engine::xiangqi::Position::start_position();
        let at_start = entries.iter().filter(|entry| entry.key == start.hash()).count();
        assert!((1..=3).contains(&at_start), "{entries:?}");
        walk::<engine::xiangqi::Position>(&entries);
        for entry in &entries {
            let (from, to) = types::book::xiangqi_squares(entry.raw_move).unwrap();
            assert_eq!(entry.raw_move, xiangqi_move(from, to));
        }
    }

    #[test]
    fn a_small_chess_book_is_a_polyglot_book_of_legal_moves_the_same_every_time() {
        type Chess = engine::chess::Position;
        let entries = build_twice::<Chess>("chess", 2);
        // The start position is filed under the Polyglot specification's key for it.
        let at_start: Vec<&Entry> = entries.iter().filter(|entry| entry.key == 0x463b96181691fc9c).collect();
        assert!((1..=3).contains(&at_start.len()), "{entries:?}");
        // Its moves read as Polyglot writes them: a pawn or knight move from the first two ranks.
        for entry in at_start {
            let (from, to, promotion) = types::polyglot::move_parts(entry.raw_move).unwrap();
            assert!(from < 16 && (16..32).contains(&to) && promotion == 0, "{entry:?}");
        }
        assert!(walk::<Chess>(&entries) > 3);
        // A Chess960 setup with its castling rights cannot be a root: Polyglot has no key for it.
        let config = Config {
            roots: vec!["nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1".into()],
            depth: 1,
            nodes: 100,
            margin: 0,
            width: 1,
            hash_mb: 1,
            nnue: false,
            out: String::new(),
            report_every: Duration::from_secs(3600),
        };
        assert!(run::<Chess>(&config).unwrap_err().contains("no book can hold"));
    }
}
