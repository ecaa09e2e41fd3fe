//! What the protocols' command generators share: the generator trait, the move probe, and the
//! drawing of amounts, fillers, bench lines and wrong moves. A leaf of `commands`, so that the
//! generators need not import the module that builds them.

use crate::dice::Dice;
use crate::mutate;
use crate::seeds::{self, Seeds};
use crate::transcript::Input;
use engine::{chess, xiangqi, Game, GameText};
use triskel::games::GameKind;

/// Draws commands until the model admits one, at most 16 tries; a line that is not UTF-8 is
/// always taken. True if an input was appended (else the caller falls back to its sync command).
pub fn admit_drawn<F, S>(
    fuzzer: &mut F,
    dice: &mut Dice,
    inputs: &mut Vec<Input>,
    draw: fn(&mut F, &mut Dice) -> (Input, Option<S>),
    admit: fn(&mut F, &str, Option<S>, &mut Vec<Input>) -> bool,
) -> bool {
    for _ in 0..16 {
        match draw(fuzzer, dice) {
            (Input::Garbage, _) => {
                inputs.push(Input::Garbage);
                return true;
            }
            (Input::Line(line), sets) => {
                if admit(fuzzer, &line, sets, inputs) {
                    return true;
                }
            }
        }
    }
    false
}

/// A command generator and the model of its session.
pub trait Fuzzer: Send {
    /// The protocol's name, as `--protocol` spells it.
    fn name(&self) -> &'static str;

    /// The game a UCI session starts with (`--variant`).
    fn start_game(&self) -> GameKind {
        GameKind::Chess
    }

    /// The lines that open a session: the first command picks the protocol.
    fn open(&mut self, dice: &mut Dice) -> Vec<Input>;

    /// Appends the next command of a burst (after any line the model needs first).
    fn next(&mut self, dice: &mut Dice, inputs: &mut Vec<Input>);

    /// True if the engine ends the session on `line`.
    fn quits(&self, line: &str) -> bool;

    /// The sync command numbered `number`, and the line that answers it.
    fn sync(&mut self, number: u64) -> (String, String);

    /// Lines that stop whatever the engine is doing, sent after the sync.
    fn settle(&mut self) -> Vec<String>;

    /// A known legal position to set up and a short search to ask for in it.
    fn probe(&mut self, dice: &mut Dice) -> Probe;

    /// Checks the output of one burst (from its first input to the answer of the sync and the
    /// settling lines, all searches over) against the inputs sent.
    fn check_burst(&self, inputs: &[Input], output: &[String]) -> Result<(), String>;
}

/// Checks an answer line; the error says what is wrong.
pub type Check = Box<dyn Fn(&str) -> Result<(), String> + Send>;

/// Checks the lines written between a request and its answer, given both.
pub type LinesCheck = Box<dyn Fn(&[String], &str) -> Result<(), String> + Send>;

/// The move check after a burst.
pub struct Probe {
    /// Lines that set the position up.
    pub setup: Vec<String>,
    /// The line that asks for a move.
    pub ask: String,
    /// True for the line that answers `ask`.
    pub answers: Box<dyn Fn(&str) -> bool + Send>,
    /// Checks that answer: a legal move of the position (or none when there is none).
    pub check: Check,
    /// Checks the lines the search wrote before its answer (UCI: the moves of its `pv` lines).
    pub search_lines: Option<LinesCheck>,
    /// The game and move notation checked (`xiangqi, ranks from 1`), counted in the stats, so
    /// that a seeded test can see each one checked.
    pub label: &'static str,
}

/// A session's commands end with `quit` about once in this many.
pub const QUIT_ONE_IN: u32 = 400;

/// Paths a file option or command may name: missing (their directory does not exist, so nothing
/// can be created there) or refused (not regular files).
pub const SAFE_PATHS: &[&str] =
    &["/nonexistent-triskel-fuzz/file.bin", "/nonexistent-triskel-fuzz/dir/", "/dev/null", "/", "/proc"];

/// True if a file option may be given `value` (`None`, empty and `<empty>` mean no file).
pub fn safe_file_value(value: Option<&str>) -> bool {
    match value {
        None | Some("" | "<empty>") => true,
        Some(path) => SAFE_PATHS.contains(&path),
    }
}

/// A number as text: usually in `usual`, sometimes up to `rare`, sometimes absurd.
pub fn amount(dice: &mut Dice, usual: (i64, i64), rare: (i64, i64)) -> String {
    match dice.below(20) {
        0 | 1 => mutate::number(dice),
        2 | 3 => dice.range(rare.0, rare.1).to_string(),
        _ => dice.range(usual.0, usual.1).to_string(),
    }
}

/// A blank line, a line of blanks, or a line that is not UTF-8.
pub fn filler(dice: &mut Dice) -> Input {
    match dice.below(4) {
        0 => Input::Garbage,
        1 => Input::Line(String::new()),
        2 => Input::Line(dice.pick(&[" ", "\t", "  \t ", "\u{b}", "\u{a0}", "\u{3000}"]).to_string()),
        _ => Input::Line(mutate::junk(dice)),
    }
}

/// How costly a Stockfish-style `bench` is, or `None` when it must not be sent (too much memory,
/// threads or a file that could exist).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BenchCost {
    /// Over in milliseconds, or refused at once.
    Cheap,
    /// Runs until stopped, for all a command loop cares.
    Long,
}

/// Judges `bench [hash threads limit fenfile limittype]` as `controller::bench::parse` reads it.
pub fn bench_cost(args: &[String]) -> Option<BenchCost> {
    let number = |index: usize| args.get(index).map(|text| text.parse::<u64>());
    let limit_type = match args.get(4).map(String::as_str) {
        None | Some("depth") => "depth",
        Some(kind @ ("nodes" | "movetime" | "mate" | "perft" | "eval")) => kind,
        Some(_) => return Some(BenchCost::Cheap), // refused
    };
    let one = match args.get(3).map(String::as_str) {
        None | Some("default") => false,
        Some("current") => true,
        Some(path) if SAFE_PATHS.contains(&path) => return Some(BenchCost::Cheap),
        Some(_) => return None,
    };
    match number(0) {
        Some(Ok(mb)) if mb > 64 => return None,
        Some(Err(_)) => return Some(BenchCost::Cheap),
        _ => {}
    }
    match number(1) {
        Some(Ok(threads)) if threads > 8 => return None,
        Some(Err(_)) => return Some(BenchCost::Cheap),
        _ => {}
    }
    let limit = match number(2) {
        Some(Ok(limit)) => Some(limit),
        Some(Err(_)) => return Some(BenchCost::Cheap),
        None => None,
    };
    let scale = if one { 10 } else { 1 };
    let cheap = match (limit_type, limit) {
        ("eval", _) => true,
        (_, None) => false,
        ("depth", Some(depth)) => depth <= 2 + u64::from(one) * 2,
        ("nodes", Some(nodes)) => nodes <= 2_000 * scale,
        ("movetime", Some(ms)) => ms <= 3 * scale,
        ("mate", Some(moves)) => moves <= 1,
        (_, Some(depth)) => depth <= 2 + u64::from(one),
    };
    Some(if cheap { BenchCost::Cheap } else { BenchCost::Long })
}

/// A `bench` command line, mostly cheap.
pub fn bench_line(dice: &mut Dice) -> String {
    if dice.chance(1, 6) {
        return "bench".into();
    }
    let kinds = ["depth", "nodes", "movetime", "mate", "perft", "eval", "bogus"];
    let kind = *dice.pick(&kinds);
    let limit = match kind {
        "depth" | "perft" => dice.range(0, 3).to_string(),
        "nodes" => dice.range(0, 3000).to_string(),
        "movetime" => dice.range(0, 20).to_string(),
        "mate" => dice.range(0, 2).to_string(),
        _ => amount(dice, (0, 3), (0, 100)),
    };
    let fens = *dice.pick(&["current", "current", "default", SAFE_PATHS[0], "/dev/null"]);
    let hash = amount(dice, (1, 2), (1, 64));
    let threads = amount(dice, (1, 2), (1, 8));
    let mut words = vec![hash, threads, limit, fens.to_string(), kind.to_string()];
    words.truncate(dice.range(1, 5) as usize);
    format!("bench {}", words.join(" "))
}

/// A chess or xiangqi position, for the fronts that speak both (copied freely: the few hundred
/// bytes of a xiangqi position cost nothing next to what a command does).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Board {
    Chess(chess::Position),
    Xiangqi(xiangqi::Position),
}

impl Board {
    /// A seed position of `game`, often moved on a few plies.
    pub fn random(dice: &mut Dice, seeds: &Seeds, game: GameKind) -> Board {
        match game {
            GameKind::Chess => Board::Chess(seeds::position(dice, &seeds.chess)),
            GameKind::Xiangqi => Board::Xiangqi(seeds::position(dice, &seeds.xiangqi)),
        }
    }

    /// The start position of `game`.
    pub fn start(game: GameKind) -> Board {
        match game {
            GameKind::Chess => Board::Chess(chess::Position::startpos()),
            GameKind::Xiangqi => Board::Xiangqi(xiangqi::Position::startpos()),
        }
    }

    pub fn game(&self) -> GameKind {
        match self {
            Board::Chess(_) => GameKind::Chess,
            Board::Xiangqi(_) => GameKind::Xiangqi,
        }
    }

    pub fn fen(&self) -> String {
        match self {
            Board::Chess(position) => position.fen().to_string(),
            Board::Xiangqi(position) => position.fen().to_string(),
        }
    }

    /// The texts of the legal moves.
    pub fn moves(&self) -> Vec<String> {
        fn texts<G: Game>(position: &G) -> Vec<String> {
            seeds::legal(position).into_iter().map(|mv| position.move_text(mv).to_string()).collect()
        }
        match self {
            Board::Chess(position) => texts(position),
            Board::Xiangqi(position) => texts(position),
        }
    }

    /// Up to `plies` random legal moves from here: their texts and where they lead.
    pub fn playout(&self, dice: &mut Dice, plies: usize) -> (Vec<String>, Board) {
        match self {
            Board::Chess(start) => {
                let (moves, end) = seeds::playout(dice, *start, plies);
                (seeds::move_texts(start, &moves), Board::Chess(end))
            }
            Board::Xiangqi(start) => {
                let (moves, end) = seeds::playout(dice, *start, plies);
                (seeds::move_texts(start, &moves), Board::Xiangqi(end))
            }
        }
    }

    /// Checks a `bestmove` answer's words (`X [ponder Y] ...`) against this position: `X` is
    /// legal, or the `none` text when there is no legal move; `Y` is legal after `X`.
    pub fn check_answer(&self, best: &str, ponder: Option<&str>, none: &str) -> Result<(), String> {
        fn check<G: GameText>(
            position: &G,
            best: &str,
            ponder: Option<&str>,
            none: &str,
        ) -> Result<(), String> {
            if best == none {
                let legal = seeds::legal(position);
                return if legal.is_empty() {
                    Ok(())
                } else {
                    Err(format!(
                        "no move given in {}, which has {} legal moves",
                        position.position_text(),
                        legal.len()
                    ))
                };
            }
            // The move, then its ponder move after it: a line of one or two moves.
            let line: Vec<String> = [Some(best), ponder].into_iter().flatten().map(String::from).collect();
            check_line(position, &line)
        }
        match self {
            Board::Chess(position) => check(position, best, ponder, none),
            Board::Xiangqi(position) => check(position, best, ponder, none),
        }
    }

    /// Checks a line of move texts played from this position: each legal where it is played.
    pub fn check_line(&self, words: &[String]) -> Result<(), String> {
        match self {
            Board::Chess(position) => check_line(position, words),
            Board::Xiangqi(position) => check_line(position, words),
        }
    }
}

/// Checks that `words`, played one after the other from `start`, are each a legal move where
/// they are played.
fn check_line<G: GameText>(start: &G, words: &[String]) -> Result<(), String> {
    let mut position = start.clone();
    for (ply, word) in words.iter().enumerate() {
        let mv = position.parse_move_text(word).ok_or_else(|| {
            format!(
                "{word}, move {} of the line {} from {}, is not legal in {}",
                ply + 1,
                words.join(" "),
                start.position_text(),
                position.position_text()
            )
        })?;
        position.make_move(mv);
    }
    Ok(())
}

/// The other game of the UCI front.
pub fn other(game: GameKind) -> GameKind {
    match game {
        GameKind::Chess => GameKind::Xiangqi,
        GameKind::Xiangqi => GameKind::Chess,
    }
}

/// The moves of a `banmoves` line (UCCI's, and UCI's for xiangqi GUIs): up to five, legal ones of
/// `legal` mostly, a wrong word now and then.
pub fn banned_moves(dice: &mut Dice, legal: &[String]) -> Vec<String> {
    let mut moves = Vec::new();
    for _ in 0..dice.small(5) {
        if !legal.is_empty() && dice.chance(3, 4) {
            moves.push(dice.pick(legal).clone());
        } else {
            moves.push(wrong_move(dice, legal));
        }
    }
    moves
}

/// A move text that is probably not legal: a legal one's squares changed, a random coordinate
/// move, a null move or junk.
pub fn wrong_move(dice: &mut Dice, legal: &[String]) -> String {
    match dice.below(5) {
        0 if !legal.is_empty() => {
            let base = legal[dice.below(legal.len())].clone();
            mutate::chars(dice, &base)
        }
        1 => {
            let file = |dice: &mut Dice| (b'a' + dice.below(9) as u8) as char;
            let rank = |dice: &mut Dice| dice.below(10).to_string();
            let promotion = *dice.pick(&["", "", "q", "n", "k", "x"]);
            format!("{}{}{}{}{promotion}", file(dice), rank(dice), file(dice), rank(dice))
        }
        2 => dice
            .pick(&["0000", "(none)", "e1g1", "e1h1", "e8c8", "a7a8q", "h2e2", "e2e4", "e7e8k", "@@", "PA"])
            .to_string(),
        _ => mutate::junk(dice),
    }
}

/// The `bestmove` line's move and ponder move (UCI and UCCI).
pub fn bestmove_words(line: &str) -> Option<(String, Option<String>)> {
    let mut words = line.split_whitespace();
    if words.next() != Some("bestmove") {
        return None;
    }
    let best = words.next()?.to_string();
    let mut ponder = None;
    while let Some(word) = words.next() {
        if word == "ponder" {
            ponder = words.next().map(str::to_string);
        }
    }
    Some((best, ponder))
}
