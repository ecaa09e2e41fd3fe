//! `tuner selfplay`: games of the engine against itself, in process, at a fixed node count per move,
//! written out as quiet positions labelled with the game's result.
//!
//! Generic over the game ([`Tunable`]): chess and xiangqi play by the same loop, the game's own
//! rules deciding mates, stalemates (a loss in xiangqi) and rule draws; a third repetition is a
//! draw in both (as the match referees judge it), though the search itself scores a xiangqi
//! perpetual check as a loss for the checker.
//!
//! Each game starts from a line of the openings file (game `g` takes line `g mod lines`), plays a few
//! random legal plies from a generator seeded by the run's seed and `g` (so two games from one line
//! differ, and a rerun with the same seed and one thread repeats every game), then searches every
//! move with a cleared table and cleared move-ordering memory at the start of the game. Games end by
//! the rules (mate, stalemate, fifty moves, insufficient material, threefold repetition) or by
//! adjudication: a win once both sides have seen a score beyond [`WIN_SCORE`] for [`WIN_PLIES`]
//! plies in a row, a draw once the game is [`DRAW_FROM_PLY`] plies long and [`DRAW_PLIES`] plies in a
//! row scored within [`DRAW_SCORE`], or at [`MAX_PLIES`].
//!
//! A position is kept when it is past the first [`Config::skip_plies`] plies of the game (opening
//! and random plies count), the side to move is not in check, the search's best move is neither a
//! capture nor a promotion, and the score is not a mate: quiet positions, whose static evaluation
//! is what the search would trust. A kept position is written as `FEN [result] score`, the score
//! being the search's, in centipawns from White's view: `tune --score-weight` can blend it into the
//! label.

use crate::games::{first_player_score, Tunable};
use engine::history::PastPosition;
use engine::search::{
    self, tt, Limits, LimitsOnly, SearchOutcome, SearchState, Silent, TranspositionTable, TtEntry,
};
use engine::{Game, Score};
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tablegen::prng::SplitMix64;

/// A side is winning once its score (from White's view, signed) stays beyond this...
pub const WIN_SCORE: i32 = 1000;
/// ...for this many plies in a row (both sides' searches agree).
pub const WIN_PLIES: usize = 6;
/// Draw adjudication starts at this game ply...
pub const DRAW_FROM_PLY: usize = 80;
/// ...once this many plies in a row scored within...
pub const DRAW_PLIES: usize = 16;
/// ...this many centipawns of zero.
pub const DRAW_SCORE: i32 = 10;
/// Longest game: a draw after this many plies.
pub const MAX_PLIES: usize = 400;
/// Stack of a game thread: the search recurses with a move list per frame.
const GAME_STACK: usize = 64 << 20;

/// What `tuner selfplay` was asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Opening FENs, one per game in turn.
    pub openings: Vec<String>,
    /// Games to play (fewer if the time limit comes first).
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Seed of the random plies.
    pub seed: u64,
    /// Random legal plies after the opening.
    pub random_plies: usize,
    /// Positions before this game ply are not kept.
    pub skip_plies: usize,
    /// Games played at once, one thread each.
    pub threads: usize,
    /// Transposition table per thread, MiB.
    pub hash_mb: usize,
    /// No new game starts after this long.
    pub time_limit: Option<Duration>,
    /// Where the positions go.
    pub out: String,
    /// A game whose first search scores beyond this (centipawns, either side) is dropped: random
    /// plies can leave a lost opening, whose positions teach little.
    pub opening_score_limit: Option<i32>,
    /// Evaluate with the game's embedded network (`--nnue`) rather than its hand-crafted terms:
    /// the network's own games label the next network's data.
    pub nnue: bool,
}

impl Config {
    /// The number of the next game to play, or `None` once every game is taken or the time is up.
    pub fn next_game(&self, next: &AtomicUsize, started: Instant) -> Option<usize> {
        if self.time_limit.is_some_and(|limit| started.elapsed() >= limit) {
            return None;
        }
        Some(next.fetch_add(1, Ordering::Relaxed)).filter(|&index| index < self.games)
    }
}

/// How a game ended, from the first player's (White's, red's) view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// White won.
    WhiteWins,
    /// Drawn.
    Draw,
    /// Black won.
    BlackWins,
}

impl Outcome {
    /// The label written after each position.
    pub fn label(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1.0",
            Outcome::Draw => "0.5",
            Outcome::BlackWins => "0.0",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// Checkmate or stalemate.
    NoMoves,
    /// Fifty moves, insufficient material or threefold repetition.
    RuleDraw,
    /// Both sides' scores beyond [`WIN_SCORE`].
    AdjudicatedWin,
    /// Long and level.
    AdjudicatedDraw,
    /// [`MAX_PLIES`] reached.
    TooLong,
}

/// One finished game.
pub struct GameRecord<G: Game> {
    /// The opening position, before the random plies.
    pub start: G,
    /// Every ply played from `start`, random plies included.
    pub moves: Vec<G::Move>,
    /// The ply (index from `start`) of each of `positions`: `moves.len()` for a position kept when
    /// the game was adjudicated before its move was played.
    pub kept_plies: Vec<usize>,
    /// The result.
    pub outcome: Outcome,
    /// Why it ended.
    pub ending: Ending,
    /// Plies played from the opening position (random plies included).
    pub plies: usize,
    /// The kept positions, each with the search's score of it from the first player's view.
    pub positions: Vec<(G, i32)>,
    /// Nodes searched.
    pub nodes: u64,
}

/// The reusable memory of one game thread.
pub struct Player<G: Tunable> {
    table: Vec<TtEntry>,
    state: Box<SearchState<G>>,
}

impl<G: Tunable> Player<G> {
    /// A player with `config`'s table size and evaluation.
    pub fn new(config: &Config) -> Player<G> {
        Player::with(config.hash_mb, config.nnue)
    }

    /// A player with a table of `hash_mb` MiB, evaluating with the embedded network if `nnue`.
    pub fn with(hash_mb: usize, nnue: bool) -> Player<G> {
        let entries = (hash_mb << 20) / std::mem::size_of::<TtEntry>();
        let mut state = SearchState::boxed();
        if nnue {
            G::use_embedded_network(state.eval_cache_mut());
        }
        Player { table: (0..entries).map(|_| TtEntry::new()).collect(), state }
    }

    /// Searches `position` as if it began a game: no history before it, the table and the
    /// move-ordering memory cleared, so the outcome depends on the position and `nodes` alone and
    /// not on what this player searched before (`rescore` hands positions to threads in no fixed
    /// order).
    pub fn search_alone(&mut self, position: &G, nodes: u64) -> SearchOutcome<G::Move> {
        tt::clear(&self.table);
        self.state.clear();
        let limits = Limits::<G::Move> { nodes: Some(nodes), ..Limits::default() };
        let table = TranspositionTable::new(&self.table, 0);
        search::search(position, &[], &limits, &table, &mut self.state, &LimitsOnly, &mut Silent)
    }
}

/// True when `position`, whose search chose `best` with `score`, is a training position: the side
/// to move not in check, the best move neither a capture nor a promotion, the score no mate (a
/// static evaluation can learn such a score; `datagen` and `rescore` keep only these).
pub fn is_quiet<G: Tunable>(position: &G, best: G::Move, score: Score) -> bool {
    !position.in_check() && !position.is_tactical(best) && !score.is_mate()
}

/// True when the position has occurred twice before among `past` within the reversible plies.
fn threefold<G: Tunable>(position: &G, past: &[PastPosition]) -> bool {
    let reversible = position.reversible_plies().min(past.len());
    past[past.len() - reversible..].iter().filter(|past| past.key == position.hash()).count() >= 2
}

/// Plays game `index` from `opening`. `None` if the opening or its random plies leave no game.
pub fn play_game<G: Tunable>(
    config: &Config,
    player: &mut Player<G>,
    index: usize,
    opening: &str,
) -> Option<GameRecord<G>> {
    let mut rng = SplitMix64::new(config.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut position = crate::games::parse::<G>(opening).ok()?;
    let start = position;
    let mut played = Vec::with_capacity(MAX_PLIES);
    let mut past: Vec<PastPosition> = Vec::new();
    let mut moves = G::MoveList::default();
    for _ in 0..config.random_plies {
        position.generate_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        past.push(position.past_before(mv));
        position.make_move(mv);
        played.push(mv);
    }
    tt::clear(&player.table);
    player.state.clear();
    let limits = Limits::<G::Move> { nodes: Some(config.nodes), ..Limits::default() };
    let mut record = GameRecord {
        start,
        moves: Vec::new(),
        kept_plies: Vec::new(),
        outcome: Outcome::Draw,
        ending: Ending::TooLong,
        plies: 0,
        positions: Vec::new(),
        nodes: 0,
    };
    let (mut white_ahead, mut black_ahead, mut level) = (0, 0, 0);
    let mut ply = config.random_plies;
    let (outcome, ending) = loop {
        position.generate_moves(&mut moves);
        if moves.is_empty() {
            // The game's own verdict: mated, or stalemated (a draw in chess, a loss in xiangqi).
            let mover_lost = position.no_move_score(0) < Score::DRAW;
            let outcome = match (mover_lost, position.first_player_to_move()) {
                (false, _) => Outcome::Draw,
                (true, true) => Outcome::BlackWins,
                (true, false) => Outcome::WhiteWins,
            };
            break (outcome, Ending::NoMoves);
        }
        if position.is_rule_draw() || threefold(&position, &past) {
            break (Outcome::Draw, Ending::RuleDraw);
        }
        if ply >= MAX_PLIES {
            break (Outcome::Draw, Ending::TooLong);
        }
        let table = TranspositionTable::new(&player.table, ply as u8);
        let result =
            search::search(&position, &past, &limits, &table, &mut player.state, &LimitsOnly, &mut Silent);
        record.nodes += result.nodes;
        let best = result.best_move?;
        let score = result.score;
        if ply == config.random_plies && config.opening_score_limit.is_some_and(|limit| score.0.abs() > limit)
        {
            return None;
        }
        let white = Score(first_player_score(&position, score));
        if ply >= config.skip_plies && is_quiet(&position, best, score) {
            record.positions.push((position, white.0));
            record.kept_plies.push(ply);
        }
        white_ahead = if white >= Score(WIN_SCORE) { white_ahead + 1 } else { 0 };
        black_ahead = if white <= Score(-WIN_SCORE) { black_ahead + 1 } else { 0 };
        level = if white.0.abs() <= DRAW_SCORE { level + 1 } else { 0 };
        if white_ahead >= WIN_PLIES {
            break (Outcome::WhiteWins, Ending::AdjudicatedWin);
        }
        if black_ahead >= WIN_PLIES {
            break (Outcome::BlackWins, Ending::AdjudicatedWin);
        }
        if ply >= DRAW_FROM_PLY && level >= DRAW_PLIES {
            break (Outcome::Draw, Ending::AdjudicatedDraw);
        }
        past.push(position.past_before(best));
        position.make_move(best);
        played.push(best);
        ply += 1;
    };
    record.moves = played;
    record.outcome = outcome;
    record.ending = ending;
    record.plies = ply;
    Some(record)
}

/// Totals of a run.
#[derive(Default)]
struct Totals {
    games: usize,
    positions: usize,
    plies: usize,
    nodes: u64,
    /// White wins, draws, Black wins.
    results: [usize; 3],
    /// By [`Ending`], in declaration order.
    endings: [usize; 5],
}

impl Totals {
    fn add<G: Game>(&mut self, record: &GameRecord<G>) {
        self.games += 1;
        self.positions += record.positions.len();
        self.plies += record.plies;
        self.nodes += record.nodes;
        self.results[record.outcome as usize] += 1;
        self.endings[record.ending as usize] += 1;
    }

    fn summary(&self, elapsed: Duration) -> String {
        let seconds = elapsed.as_secs_f64().max(1e-9);
        format!(
            "{} games ({:.1}/s), {} positions, +{} ={} -{} (first player's view), {:.0} plies/game, {:.0} knps; \
             endings: {} mate/stalemate, {} rule draws, {} adjudicated wins, {} adjudicated draws, {} too long",
            self.games,
            self.games as f64 / seconds,
            self.positions,
            self.results[0],
            self.results[1],
            self.results[2],
            self.plies as f64 / self.games.max(1) as f64,
            self.nodes as f64 / seconds / 1000.0,
            self.endings[0],
            self.endings[1],
            self.endings[2],
            self.endings[3],
            self.endings[4],
        )
    }
}

/// Runs `worker` on `threads` threads with a game-sized stack each, and returns the first error
/// any of them returned (after all have ended).
pub fn on_game_threads<F>(name: &str, threads: usize, worker: F) -> Result<(), String>
where
    F: Fn() -> Result<(), String> + Sync,
{
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|number| {
                std::thread::Builder::new()
                    .name(format!("{name}-{number}"))
                    .stack_size(GAME_STACK)
                    .spawn_scoped(scope, &worker)
                    .map_err(|error| format!("{name}: cannot start a thread: {error}"))
            })
            .collect::<Result<_, _>>()?;
        let mut result = Ok(());
        for handle in handles {
            let outcome = handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            result = result.and(outcome);
        }
        result
    })
}

/// Plays the games on `config.threads` threads and appends each game's positions to `config.out` as
/// it ends, so an interrupted run keeps what it finished. Returns the summary line.
pub fn run<G: Tunable>(config: &Config) -> Result<String, String> {
    if config.openings.is_empty() {
        return Err("selfplay: the openings file has no positions".into());
    }
    let file = std::fs::File::create(&config.out).map_err(|error| format!("{}: {error}", config.out))?;
    let out = Mutex::new(std::io::BufWriter::new(file));
    let totals = Mutex::new(Totals::default());
    let next = AtomicUsize::new(0);
    let started = Instant::now();
    let worker = || -> Result<(), String> {
        let mut player = Player::<G>::new(config);
        while let Some(index) = config.next_game(&next, started) {
            let opening = &config.openings[index % config.openings.len()];
            let Some(record) = play_game(config, &mut player, index, opening) else { continue };
            let mut text = String::new();
            for (position, score) in &record.positions {
                writeln!(text, "{} [{}] {score}", position.position_text(), record.outcome.label()).unwrap();
            }
            {
                let mut out = out.lock().unwrap();
                out.write_all(text.as_bytes())
                    .and_then(|()| out.flush())
                    .map_err(|error| error.to_string())?;
            }
            let mut totals = totals.lock().unwrap();
            totals.add(&record);
            if totals.games % 50 == 0 {
                eprintln!(
                    "selfplay: {:.0} s: {}",
                    started.elapsed().as_secs_f64(),
                    totals.summary(started.elapsed())
                );
            }
        }
        Ok(())
    };
    on_game_threads("selfplay", config.threads, worker)?;
    let summary = totals.lock().unwrap().summary(started.elapsed());
    Ok(format!("selfplay: done in {:.0} s: {summary}", started.elapsed().as_secs_f64()))
}

/// A one-game, one-thread, small-table configuration for tests.
#[cfg(test)]
pub(crate) fn test_config(random_plies: usize) -> Config {
    Config {
        openings: Vec::new(),
        games: 1,
        nodes: 2_000,
        seed: 7,
        random_plies,
        skip_plies: 0,
        threads: 1,
        hash_mb: 1,
        time_limit: None,
        out: String::new(),
        opening_score_limit: None,
        nnue: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(random_plies: usize) -> Config {
        test_config(random_plies)
    }

    use engine::chess::Position;
    use engine::GameText;

    #[test]
    fn a_mate_in_one_ends_the_game_for_the_side_that_mates() {
        // White mates with Ra8; every kept position is quiet.
        let mut player = Player::<Position>::new(&config(0));
        let record = play_game(&config(0), &mut player, 0, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        assert_eq!((record.outcome, record.ending), (Outcome::WhiteWins, Ending::NoMoves));
        assert_eq!(record.plies, 1);
        // The only position's best move mates: its score is a mate, so it is not kept.
        assert!(record.positions.is_empty());
    }

    #[test]
    fn games_are_repeatable_and_random_plies_make_them_differ() {
        let opening = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let mut player = Player::<Position>::new(&config(0));
        let config = Config { nodes: 500, ..config(4) };
        let first = play_game(&config, &mut player, 3, opening).unwrap();
        let again = play_game(&config, &mut player, 3, opening).unwrap();
        let other = play_game(&config, &mut player, 4, opening).unwrap();
        let fens = |record: &GameRecord<Position>| -> Vec<(String, i32)> {
            record
                .positions
                .iter()
                .map(|(position, score)| (position.position_text().to_string(), *score))
                .collect()
        };
        assert_eq!(fens(&first), fens(&again));
        assert_ne!(fens(&first).first(), fens(&other).first());
        for (position, _) in &first.positions {
            assert!(!position.in_check(), "{}", position.position_text());
        }
    }

    #[test]
    fn threefold_repetition_counts_only_reversible_plies() {
        let mut position = Position::from_fen("6k1/8/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let mut past = Vec::new();
        for text in ["a1a2", "g8h8", "a2a1", "h8g8", "a1a2", "g8h8", "a2a1", "h8g8"] {
            assert!(!threefold(&position, &past), "{text}");
            let mv = position.parse_uci_move(text).unwrap();
            past.push(position.past_before(mv));
            position.make_move(mv);
        }
        assert!(threefold(&position, &past));
    }

    /// Xiangqi plays by the same loop: a stalemated side loses there, and whole games from the
    /// start position end and keep quiet positions of the right game.
    #[test]
    fn xiangqi_games_end_by_its_rules() {
        use engine::xiangqi::Position as Xiangqi;
        let mut player = Player::<Xiangqi>::new(&config(0));
        // Black to move has no legal move and is not in check: stalemate, a loss in xiangqi.
        let stalemate = "3k5/4R4/9/9/9/9/9/9/9/4K4 b - - 0 1";
        let position = Xiangqi::from_fen(stalemate).unwrap();
        let mut moves = <Xiangqi as Game>::MoveList::default();
        position.generate_moves(&mut moves);
        assert!(moves.is_empty() && !position.in_check(), "not a stalemate");
        let record = play_game(&config(0), &mut player, 0, stalemate).unwrap();
        assert_eq!((record.outcome, record.ending), (Outcome::WhiteWins, Ending::NoMoves));

        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let config = Config { nodes: 300, skip_plies: 4, ..config(2) };
        let record = play_game(&config, &mut player, 1, start).unwrap();
        assert!(record.plies > 4 && !record.positions.is_empty(), "{} plies", record.plies);
        for (position, _) in &record.positions {
            assert!(!position.in_check(), "{}", position.position_text());
        }
    }
}
