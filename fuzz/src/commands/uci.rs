//! UCI sessions, chess and xiangqi (`UCI_Variant`, a FEN of the other game, or a session started
//! as `--variant xiangqi`).
//!
//! Checked per burst: one `readyok` per `isready`, one `uciok` per `uci`, one `bestmove` per `go`
//! that is not a perft.

use super::kit::{
    admit_drawn, amount, bench_cost, bench_line, bestmove_words, filler, other, safe_file_value, wrong_move,
    BenchCost, Board, Fuzzer, Probe, QUIT_ONE_IN, SAFE_PATHS,
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
                format!("{line} {}", wrong_move(dice, &legal))
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
                let legal = self.board(dice).moves();
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
        let (name, value): (String, Option<String>) = match dice.below(25) {
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
                let shuffle = match self.game {
                    GameKind::Chess => "g1f3 g8f6 f3g1 f6g8",
                    GameKind::Xiangqi => "h0g2 h9g7 g2h0 g7h9",
                };
                let line = format!("position startpos moves {}", mutate::stretch(shuffle, SIZE));
                return (Input::Line(line), Some(Board::start(self.game)));
            }
            1 => {
                let legal = self.board(dice).moves();
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
        let position = if moves.is_empty() {
            format!("position fen {}", start.fen())
        } else {
            format!("position fen {} moves {}", start.fen(), moves.join(" "))
        };
        let mut setup = vec![format!("setoption name UCI_Variant value {}", game_name(game))];
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
                end.check_answer(&best, ponder.as_deref(), "(none)")
            }),
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
