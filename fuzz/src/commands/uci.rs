//! UCI sessions, chess and xiangqi (`UCI_Variant`, a FEN of the other game, or a session started
//! as `--variant xiangqi`), xiangqi's move words with ranks from 0 (`h2e2`) or, under
//! `Xiangqi Ranks 1-10`, from 1 (`h3e3`, `a10a9`): the model writes the moves it sends and reads
//! the moves it checks in the numbering the lines sent have set.
//!
//! Checked per burst: one `readyok` per `isready`, one `uciok` per `uci`, one `bestmove` per `go`
//! that is not a perft. After it, the probe's `bestmove` and `ponder` and the moves of the lines
//! its search wrote (`pv`, `currmove`, `currline`, `refutation`) are legal, and the last
//! `multipv 1` line starts with the `bestmove`.

use super::kit::{
    admit_drawn, amount, banned_moves, bench_cost, bench_line, bestmove_words, filler, other,
    safe_file_value, wrong_move, BenchCost, Board, Fuzzer, Probe, QUIT_ONE_IN, SAFE_PATHS,
};
use crate::dice::Dice;
use crate::mutate;
use crate::seeds::Seeds;
use crate::transcript::Input;
use engine::{chess, xiangqi};
use std::sync::Arc;
use triskel::controller::search::MAX_THREADS;
use triskel::controller::table::MAX_HASH_MB;
use triskel::games::GameKind;
use triskel::protocol::uci::parse::{self, Command, Setup};

/// `setoption`'s draw that sets `Xiangqi Ranks`.
const RANKS_CHOICE: usize = 24;

/// The UCI generator and its model of the session.
pub struct Uci {
    seeds: Arc<Seeds>,
    start: GameKind,
    /// The game being played, as far as the lines sent say.
    game: GameKind,
    /// The position, when the last one set was built here.
    known: Option<Board>,
    /// A perft or bench that may run long is under way: a command that waits for it gets a
    /// `stop` first.
    chore_long: bool,
    /// This session may ask for more than 8 threads.
    many_threads: bool,
    /// `Xiangqi Ranks` is `1-10`, as far as the lines sent say: xiangqi move words count ranks
    /// from 1. The front keeps it across games; chess's move words never change.
    xiangqi_ranks_from_one: bool,
}

/// The game a FEN switches the front to, as `UciFront` decides it.
fn game_of_fen(game: GameKind, fen: &str) -> Option<GameKind> {
    let xiangqi_board = xiangqi::looks_like_xiangqi_fen(fen);
    match game {
        GameKind::Chess if xiangqi_board && xiangqi::Position::from_fen(fen).is_ok() => {
            Some(GameKind::Xiangqi)
        }
        GameKind::Xiangqi if !xiangqi_board && chess::Position::from_fen(fen).is_ok() => {
            Some(GameKind::Chess)
        }
        _ => None,
    }
}

fn game_name(game: GameKind) -> &'static str {
    match game {
        GameKind::Chess => "chess",
        GameKind::Xiangqi => "xiangqi",
    }
}

/// A xiangqi move text of the engine's (files `a` to `i`, ranks `0` to `9`) with ranks counted
/// from 1: `h2e2` gives `h3e3`, `a9a8` gives `a10a9`. Written here apart from the front-end's own
/// translation, so that a slip in one shows against the other.
fn ranks_from_one(word: &str) -> String {
    word.chars().map(|c| c.to_digit(10).map_or(c.to_string(), |rank| (rank + 1).to_string())).collect()
}

/// A xiangqi move word with ranks counted from 1 in the engine's notation (`a10a9` gives `a9a8`),
/// or `None` if it is no such word: two squares, each a file from `a` to `i` and a rank from 1
/// to 10 written without a leading zero.
fn ranks_from_zero(word: &str) -> Option<String> {
    fn square(text: &str) -> Option<(char, u32, &str)> {
        let file = text.chars().next().filter(|file| ('a'..='i').contains(file))?;
        let digits = text[1..].bytes().take_while(u8::is_ascii_digit).count();
        let rank: u32 = text[1..=digits].parse().ok()?;
        let canonical = (1..=10).contains(&rank) && text[1..=digits] == rank.to_string();
        canonical.then_some((file, rank - 1, &text[1 + digits..]))
    }
    let (from_file, from_rank, rest) = square(word)?;
    let (to_file, to_rank, rest) = square(rest)?;
    rest.is_empty().then(|| format!("{from_file}{from_rank}{to_file}{to_rank}"))
}

/// A move word the engine wrote, in the engine's notation for the model's boards: with ranks
/// from 1 translated back (a word that does not read so is wrong), `(none)` as it is.
fn engine_word(word: &str, from_one: bool) -> Result<String, String> {
    if !from_one || word == "(none)" {
        return Ok(word.to_string());
    }
    ranks_from_zero(word)
        .ok_or_else(|| format!("{word} is no move word with ranks from 1 (Xiangqi Ranks 1-10)"))
}

/// Checks the lines a search wrote before its answer, in position `end` with move words in the
/// numbering `from_one` says: the moves of every `pv`, `refutation` and `currline` legal one
/// after the other, every `currmove` legal, and the last `multipv 1` line beginning with the
/// `bestmove` (as the front-end promises: clients read the move and its score from it).
fn check_search_lines(end: &Board, from_one: bool, lines: &[String], answer: &str) -> Result<(), String> {
    let mut last_first: Option<Option<&str>> = None;
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"info") || words.get(1) == Some(&"string") {
            continue;
        }
        let after = |keyword: &str| words.iter().position(|word| *word == keyword).map(|at| at + 1);
        let (moves, pv) = if let Some(at) = after("pv") {
            (&words[at..], true)
        } else if let Some(at) = after("refutation") {
            (&words[at..], false)
        } else if let Some(at) = after("currline") {
            (&words[(at + 1).min(words.len())..], false) // after the CPU number
        } else if let Some(at) = after("currmove") {
            (&words[at..(at + 1).min(words.len())], false)
        } else {
            continue;
        };
        let engine_moves = moves
            .iter()
            .map(|word| engine_word(word, from_one))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|why| format!("{line:?}: {why}"))?;
        end.check_line(&engine_moves).map_err(|why| format!("{line:?}: {why}"))?;
        if pv && after("multipv").and_then(|at| words.get(at)) == Some(&"1") {
            last_first = Some(moves.first().copied());
        }
    }
    let (best, _) = bestmove_words(answer).ok_or_else(|| format!("unreadable answer {answer:?}"))?;
    match last_first {
        Some(first) if best != "(none)" && first != Some(best.as_str()) => {
            Err(format!("the last multipv 1 line begins with {first:?}, not with the bestmove {best}"))
        }
        _ => Ok(()),
    }
}

/// A `setoption` check value.
fn check_value(dice: &mut Dice) -> Option<String> {
    Some(dice.pick(&["true", "false", "true", "false", "TRUE", "False", "yes", "1", "", "on"]).to_string())
}

impl Uci {
    pub fn new(seeds: Arc<Seeds>, dice: &mut Dice) -> Uci {
        let start = if dice.chance(1, 4) { GameKind::Xiangqi } else { GameKind::Chess };
        Uci {
            seeds,
            start,
            game: start,
            known: Some(Board::start(start)),
            chore_long: false,
            many_threads: dice.chance(1, 100),
            xiangqi_ranks_from_one: false,
        }
    }

    /// Whether `game`'s move words count ranks from 1 now.
    fn counts_from_one(&self, game: GameKind) -> bool {
        self.xiangqi_ranks_from_one && game == GameKind::Xiangqi
    }

    /// The engine's move texts of `game` as the session writes them now.
    fn words(&self, game: GameKind, moves: Vec<String>) -> Vec<String> {
        if self.counts_from_one(game) {
            moves.iter().map(|word| ranks_from_one(word)).collect()
        } else {
            moves
        }
    }

    /// The known position, or a random one of the game.
    fn board(&self, dice: &mut Dice) -> Board {
        self.known.unwrap_or_else(|| Board::random(dice, &self.seeds, self.game))
    }

    /// One command, and the position it sets if it is sent as drawn.
    fn draw(&mut self, dice: &mut Dice) -> (Input, Option<Board>) {
        let kind = if dice.chance(1, QUIT_ONE_IN) {
            "quit"
        } else {
            dice.weighted(&[
                (8, "isready"),
                (2, "uci"),
                (2, "debug"),
                (14, "setoption"),
                (1, "register"),
                (3, "ucinewgame"),
                (16, "position"),
                (18, "go"),
                (2, "banmoves"),
                (6, "stop"),
                (3, "ponderhit"),
                (1, "bench"),
                (4, "show"),
                (3, "junk"),
                (3, "filler"),
                (1, "long"),
            ])
        };
        let line = match kind {
            "isready" => "isready".to_string(),
            "uci" => "uci".into(),
            "debug" => format!("debug {}", dice.pick(&["on", "off", "", "maybe", "on off"])),
            "setoption" => self.setoption(dice),
            "register" => dice.pick(&["register later", "register name x code y", "register"]).to_string(),
            "ucinewgame" => "ucinewgame".into(),
            "position" => return self.position(dice),
            "go" => self.go(dice),
            "banmoves" => {
                // In the session's numbering of ranks.
                let legal = self.board(dice).moves();
                format!("banmoves {}", self.words(self.game, banned_moves(dice, &legal)).join(" "))
            }
            "stop" => "stop".into(),
            "ponderhit" => "ponderhit".into(),
            "quit" => dice.pick(&["quit", "quit", "quit", "joho quit"]).to_string(),
            "bench" => bench_line(dice),
            "show" => dice.pick(&["d", "eval", "flip", "compiler"]).to_string(),
            "junk" => format!("{} {}", mutate::junk(dice), mutate::number(dice)),
            "filler" => return (filler(dice), None),
            _ => return self.long(dice),
        };
        let line = if dice.chance(1, 5) { mutate::any(dice, &line) } else { line };
        (Input::Line(line), None)
    }

    fn position(&mut self, dice: &mut Dice) -> (Input, Option<Board>) {
        let game = if dice.chance(1, 10) { other(self.game) } else { self.game };
        let startpos = game == self.game && dice.chance(1, 4);
        let start = if startpos { Board::start(game) } else { Board::random(dice, &self.seeds, game) };
        let plies = if dice.chance(1, 10) { dice.range(0, 80) } else { dice.small(12) } as usize;
        let (moves, end) = start.playout(dice, plies);
        let moves = self.words(game, moves);
        let head = match (startpos, moves.is_empty()) {
            (true, false) if dice.chance(1, 8) => "position".to_string(),
            (true, _) => "position startpos".to_string(),
            (false, _) => format!("position fen {}", start.fen()),
        };
        let line = if moves.is_empty() && dice.chance(3, 4) {
            head
        } else {
            format!("{head} moves {}", moves.join(" "))
        };
        if dice.chance(2, 3) {
            return (Input::Line(line), Some(end));
        }
        let line = match dice.below(3) {
            0 if !startpos => {
                let fen = mutate::fen(dice, &start.fen());
                format!("position fen {fen} moves {}", moves.join(" "))
            }
            1 => {
                let legal = end.moves();
                let wrong = if game == GameKind::Xiangqi && !legal.is_empty() && dice.chance(1, 3) {
                    // A legal move in the other numbering: `h2e2` under 1-10 is h1e1, `a10a9`
                    // under 0-9 no square.
                    let word = dice.pick(&legal);
                    if self.counts_from_one(game) {
                        word.clone()
                    } else {
                        ranks_from_one(word)
                    }
                } else {
                    wrong_move(dice, &self.words(game, legal))
                };
                format!("{line} {wrong}")
            }
            _ => mutate::any(dice, &line),
        };
        (Input::Line(line), None)
    }

    fn clock(&self, dice: &mut Dice, head: &str) -> String {
        let time = |dice: &mut Dice| amount(dice, (10, 2000), (-1000, 100_000));
        let mut line = format!("{head} wtime {} btime {}", time(dice), time(dice));
        if dice.chance(1, 2) {
            let increment = |dice: &mut Dice| amount(dice, (0, 100), (-100, 10_000));
            line.push_str(&format!(" winc {} binc {}", increment(dice), increment(dice)));
        }
        if dice.chance(1, 3) {
            line.push_str(&format!(" movestogo {}", amount(dice, (1, 40), (0, 1000))));
        }
        line
    }

    fn go(&mut self, dice: &mut Dice) -> String {
        match dice.weighted(&[
            (10, 0),
            (8, 1),
            (8, 2),
            (8, 3),
            (3, 4),
            (3, 5),
            (2, 6),
            (4, 7),
            (4, 8),
            (1, 9),
            (3, 10),
        ]) {
            0 => format!("go depth {}", amount(dice, (1, 4), (0, 8))),
            1 => format!("go nodes {}", amount(dice, (1, 3000), (0, 100_000))),
            2 => format!("go movetime {}", amount(dice, (0, 30), (0, 300))),
            3 => self.clock(dice, "go"),
            4 => "go infinite".into(),
            5 => self.clock(dice, "go ponder"),
            6 => format!("go mate {}", amount(dice, (1, 3), (0, 10))),
            7 => {
                let board = self.board(dice);
                let legal = self.words(board.game(), board.moves());
                let mut moves = Vec::new();
                for _ in 0..dice.range(1, 4) {
                    if !legal.is_empty() && dice.chance(3, 4) {
                        moves.push(dice.pick(&legal).clone());
                    } else {
                        moves.push(wrong_move(dice, &legal));
                    }
                }
                format!("go searchmoves {} depth {}", moves.join(" "), amount(dice, (1, 3), (1, 6)))
            }
            8 => format!("go perft {}", amount(dice, (0, 3), (0, 5))),
            9 => "go".into(),
            _ => {
                let mut line = String::from("go");
                for _ in 0..dice.range(1, 6) {
                    line.push(' ');
                    line.push_str(parse::GO_KEYWORDS[dice.below(parse::GO_KEYWORDS.len())]);
                    if dice.chance(2, 3) {
                        line.push(' ');
                        line.push_str(&amount(dice, (0, 50), (-100, 5000)));
                    }
                }
                line
            }
        }
    }

    fn setoption(&mut self, dice: &mut Dice) -> String {
        let path = |dice: &mut Dice| Some(dice.pick(&[SAFE_PATHS, &["<empty>", ""]].concat()).to_string());
        // More often in xiangqi, where it counts.
        let choice =
            if self.game == GameKind::Xiangqi && dice.chance(1, 8) { RANKS_CHOICE } else { dice.below(26) };
        let (name, value): (String, Option<String>) = match choice {
            0 => ("Hash".into(), Some(amount(dice, (1, 4), (0, 64)))),
            1 => ("Clear Hash".into(), if dice.chance(1, 4) { Some(mutate::junk(dice)) } else { None }),
            2 => {
                let threads = if self.many_threads && dice.chance(1, 3) {
                    dice.pick(&["256", "64", "17"]).to_string()
                } else {
                    amount(dice, (1, 3), (0, 8))
                };
                ("Threads".into(), Some(threads))
            }
            3 => ("Ponder".into(), check_value(dice)),
            4 => ("MultiPV".into(), Some(amount(dice, (1, 4), (0, 300)))),
            5 => ("Move Overhead".into(), Some(amount(dice, (0, 100), (0, 6000)))),
            6 => ("UCI_Chess960".into(), check_value(dice)),
            7 => {
                let variant = dice.pick(&["chess", "xiangqi", "Xiangqi", "CHESS", "shogi", "", "othello"]);
                ("UCI_Variant".into(), Some(variant.to_string()))
            }
            8 => ("nodestime".into(), Some(amount(dice, (0, 100), (0, 20_000)))),
            9 => ("UCI_AnalyseMode".into(), check_value(dice)),
            10 => ("UCI_LimitStrength".into(), check_value(dice)),
            11 => ("UCI_Elo".into(), Some(amount(dice, (1320, 3000), (0, 4000)))),
            12 => ("UCI_EngineAbout".into(), Some(mutate::junk(dice))),
            13 => ("UCI_ShowWDL".into(), check_value(dice)),
            14 => ("UCI_ShowCurrLine".into(), check_value(dice)),
            15 => ("UCI_ShowRefutations".into(), check_value(dice)),
            16 => ("Debug Log File".into(), path(dice)),
            17 => ("Chase Rule".into(), check_value(dice)),
            18 => ("OwnBook".into(), check_value(dice)),
            19 => ("Book File".into(), path(dice)),
            20 => {
                let tables = dice.pick(&["tests/data/chess/syzygy", "tests/data/chess/syzygy:/nonexistent"]);
                ("SyzygyPath".into(), if dice.chance(1, 2) { Some(tables.to_string()) } else { path(dice) })
            }
            21 => ("SyzygyProbeDepth".into(), Some(amount(dice, (1, 100), (0, 200)))),
            22 => ("Syzygy50MoveRule".into(), check_value(dice)),
            23 => ("SyzygyProbeLimit".into(), Some(amount(dice, (0, 7), (0, 20)))),
            RANKS_CHOICE => {
                let ranks = dice.pick(&["1-10", "0-9", "1-10", "0-9", "1-9", "0-10", "10", "1-10 0-9"]);
                ("Xiangqi Ranks".into(), Some(ranks.to_string()))
            }
            _ => {
                let name = dice.pick(&[
                    "EvalFile",
                    "SyzygyPath",
                    "Skill Level",
                    "Contempt",
                    "Hash Size",
                    "UCI_Opponent",
                ]);
                (name.to_string(), Some(mutate::number(dice)))
            }
        };
        let name = match dice.below(6) {
            0 => name.to_ascii_lowercase(),
            1 => name.to_ascii_uppercase(),
            _ => name,
        };
        match (dice.below(10), value) {
            (0, Some(value)) => format!("setoption value {value} name {name}"),
            (1, Some(value)) => format!("setoption {name} {value}"),
            (2, _) => format!("setoption name {name} value"),
            (_, Some(value)) => format!("setoption name {name} value {value}"),
            (_, None) => format!("setoption name {name}"),
        }
    }

    /// A line of about 100 KB.
    fn long(&mut self, dice: &mut Dice) -> (Input, Option<Board>) {
        const SIZE: usize = 100_000;
        let line = match dice.below(7) {
            0 => {
                // A legal game of knight moves back and forth: a history of 20 000 plies.
                let shuffle = match (self.game, self.counts_from_one(self.game)) {
                    (GameKind::Chess, _) => "g1f3 g8f6 f3g1 f6g8",
                    (GameKind::Xiangqi, false) => "h0g2 h9g7 g2h0 g7h9",
                    (GameKind::Xiangqi, true) => "h1g3 h10g8 g3h1 g8h10",
                };
                let line = format!("position startpos moves {}", mutate::stretch(shuffle, SIZE));
                return (Input::Line(line), Some(Board::start(self.game)));
            }
            1 => {
                let board = self.board(dice);
                let legal = self.words(board.game(), board.moves());
                let mv = if legal.is_empty() { "e2e4".to_string() } else { dice.pick(&legal).clone() };
                format!("go searchmoves {} depth {}", mutate::stretch(&mv, SIZE), dice.range(1, 3))
            }
            2 => format!("setoption name UCI_EngineAbout value {}", mutate::stretch("x", SIZE)),
            3 => mutate::stretch(&mutate::junk(dice), SIZE),
            4 => format!("position fen {}", mutate::stretch(&self.board(dice).fen(), SIZE)),
            5 => format!("{}isready", " ".repeat(SIZE)),
            _ => format!("debug {}", mutate::stretch("on", SIZE)),
        };
        (Input::Line(line), None)
    }

    /// Sends `line` if it is safe, after what the model needs first; updates the model.
    fn admit(&mut self, line: &str, sets: Option<Board>, inputs: &mut Vec<Input>) -> bool {
        let command = parse::parse(line);
        let mut long_chore = false;
        match &command {
            Command::SetOption { name, value } => {
                let number = value.as_deref().and_then(|value| value.parse::<i64>().ok());
                match name.to_ascii_lowercase().as_str() {
                    "hash" if number.is_some_and(|mb| (65..=MAX_HASH_MB).contains(&mb)) => return false,
                    "threads"
                        if number.is_some_and(|n| (9..=MAX_THREADS).contains(&n)) && !self.many_threads =>
                    {
                        return false
                    }
                    "debug log file" | "book file" if !safe_file_value(value.as_deref()) => return false,
                    _ => {}
                }
            }
            Command::Bench(args) => match bench_cost(args) {
                None => return false,
                Some(cost) => long_chore = cost == BenchCost::Long,
            },
            Command::Go(go) => {
                long_chore = matches!(go.perft, Some(Ok(depth)) if (4..=15).contains(&depth));
            }
            _ => {}
        }
        let waits = !matches!(
            command,
            Command::IsReady | Command::Stop | Command::Quit | Command::Debug(_) | Command::Empty
        );
        if self.chore_long && waits {
            inputs.push(Input::Line("stop".into()));
            self.chore_long = false;
        }
        match &command {
            Command::SetOption { name, value } if name.eq_ignore_ascii_case("UCI_Variant") => {
                if let Some(game) = value.as_deref().and_then(GameKind::from_name) {
                    if game != self.game {
                        self.game = game;
                        self.known = Some(Board::start(game));
                    }
                }
            }
            Command::Position { setup, .. } => {
                if let Setup::Fen(fen) = setup {
                    if let Some(game) = game_of_fen(self.game, fen) {
                        self.game = game;
                    }
                }
                self.known = sets.filter(|board| board.game() == self.game);
            }
            Command::SetOption { name, value } if name.eq_ignore_ascii_case("Xiangqi Ranks") => {
                // The front takes the two values (digits: case does not matter) and keeps the
                // numbering on anything else.
                match value.as_deref() {
                    Some("1-10") => self.xiangqi_ranks_from_one = true,
                    Some("0-9") => self.xiangqi_ranks_from_one = false,
                    _ => {}
                }
            }
            Command::UciNewGame => self.known = Some(Board::start(self.game)),
            Command::Flip => self.known = None,
            Command::Stop => self.chore_long = false,
            _ => {}
        }
        self.chore_long |= long_chore;
        inputs.push(Input::Line(line.to_string()));
        true
    }
}

impl Fuzzer for Uci {
    fn name(&self) -> &'static str {
        "uci"
    }

    fn start_game(&self) -> GameKind {
        self.start
    }

    fn open(&mut self, dice: &mut Dice) -> Vec<Input> {
        let mut inputs = Vec::new();
        for _ in 0..dice.small(2) {
            inputs.push(if dice.chance(1, 2) { Input::Garbage } else { Input::Line(String::new()) });
        }
        let opener = *dice.pick(&[
            "uci",
            "uci",
            "uci",
            "isready",
            "ucinewgame",
            "position startpos",
            "xyzzy",
            "go depth 1",
            "d",
        ]);
        self.admit(opener, Some(Board::start(self.game)), &mut inputs);
        // A small table mostly: clearing it (`ucinewgame`, a game switch) is then cheap.
        if dice.chance(9, 10) {
            let line = format!("setoption name Hash value {}", dice.range(1, 4));
            self.admit(&line, None, &mut inputs);
        }
        inputs
    }

    fn next(&mut self, dice: &mut Dice, inputs: &mut Vec<Input>) {
        if !admit_drawn(self, dice, inputs, Self::draw, Self::admit) {
            self.admit("isready", None, inputs);
        }
    }

    fn quits(&self, line: &str) -> bool {
        parse::parse(line) == Command::Quit
    }

    fn sync(&mut self, _number: u64) -> (String, String) {
        ("isready".into(), "readyok".into())
    }

    fn settle(&mut self) -> Vec<String> {
        self.chore_long = false;
        vec!["stop".into()]
    }

    fn probe(&mut self, dice: &mut Dice) -> Probe {
        // The other game now and then (a switch reallocates the search states: costly).
        let game = if dice.chance(1, 6) { other(self.game) } else { self.game };
        let start = Board::random(dice, &self.seeds, game);
        let plies = dice.small(8) as usize;
        let (moves, end) = start.playout(dice, plies);
        let mut setup = vec![format!("setoption name UCI_Variant value {}", game_name(game))];
        // Now and then the numbering changes: mostly in xiangqi, where it counts.
        if dice.chance(1, if game == GameKind::Xiangqi { 3 } else { 12 }) {
            let ranks = *dice.pick(&["1-10", "0-9"]);
            setup.push(format!("setoption name Xiangqi Ranks value {ranks}"));
            self.xiangqi_ranks_from_one = ranks == "1-10";
        }
        let from_one = self.counts_from_one(game);
        let moves = self.words(game, moves);
        let position = if moves.is_empty() {
            format!("position fen {}", start.fen())
        } else {
            format!("position fen {} moves {}", start.fen(), moves.join(" "))
        };
        let ask = *dice.pick(&[
            "go depth 1",
            "go depth 2",
            "go nodes 300",
            "go movetime 10",
            "go wtime 300 btime 300",
        ]);
        if ask.contains("wtime") {
            // Under `nodestime` the game's node budget comes from its first clock, which may have
            // been absurd: a new game starts a new budget.
            setup.push("ucinewgame".into());
        }
        setup.push(position);
        self.game = game;
        self.known = Some(end);
        Probe {
            setup,
            ask: ask.to_string(),
            answers: Box::new(|line| line.starts_with("bestmove")),
            check: Box::new(move |line| {
                let (best, ponder) =
                    bestmove_words(line).ok_or_else(|| format!("unreadable answer {line:?}"))?;
                let best = engine_word(&best, from_one)?;
                let ponder = ponder.map(|reply| engine_word(&reply, from_one)).transpose()?;
                end.check_answer(&best, ponder.as_deref(), "(none)")
            }),
            search_lines: Some(Box::new(move |lines, answer| {
                check_search_lines(&end, from_one, lines, answer)
            })),
            label: match (game, from_one) {
                (GameKind::Chess, _) => "chess",
                (GameKind::Xiangqi, false) => "xiangqi",
                (GameKind::Xiangqi, true) => "xiangqi, ranks from 1",
            },
        }
    }

    fn check_burst(&self, inputs: &[Input], output: &[String]) -> Result<(), String> {
        let (mut isready, mut uci, mut go) = (0, 0, 0);
        for input in inputs {
            if let Input::Line(line) = input {
                match parse::parse(line) {
                    Command::IsReady => isready += 1,
                    Command::Uci => uci += 1,
                    Command::Go(go_command) if go_command.perft.is_none() => go += 1,
                    _ => {}
                }
            }
        }
        let readyok = output.iter().filter(|line| *line == "readyok").count();
        let uciok = output.iter().filter(|line| *line == "uciok").count();
        let bestmove = output.iter().filter(|line| line.starts_with("bestmove ")).count();
        let mut wrong = Vec::new();
        if readyok != isready {
            wrong.push(format!("{isready} isready answered by {readyok} readyok"));
        }
        if uciok != uci {
            wrong.push(format!("{uci} uci answered by {uciok} uciok"));
        }
        if bestmove != go {
            wrong.push(format!("{go} go answered by {bestmove} bestmove"));
        }
        if wrong.is_empty() {
            Ok(())
        } else {
            Err(wrong.join("; "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use triskel::protocol::uci::ranks::shift_ranks;

    #[test]
    fn the_model_numbers_ranks_as_the_front_does_and_back() {
        let mut words = Board::start(GameKind::Xiangqi).moves();
        words.extend(["a9a8", "i0i9", "e0e1"].map(String::from));
        for word in &words {
            let gui = ranks_from_one(word);
            assert_eq!(Some(gui.clone()), shift_ranks(word, 1), "{word}");
            assert_eq!(ranks_from_zero(&gui).as_deref(), Some(word.as_str()), "{gui}");
        }
        assert_eq!(ranks_from_one("a9a8"), "a10a9");
        for word in ["a0a1", "a11a1", "a01a2", "j1j2", "a1", "a1a2a3", "a1a2q", "", "(none)"] {
            assert_eq!(ranks_from_zero(word), None, "{word}");
        }
    }
}
