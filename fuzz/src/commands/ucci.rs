//! UCCI sessions (xiangqi). In `batch` mode every command waits for the running search, so the
//! model only asks for short searches once `batch` may be on.
//!
//! Checked per burst: one `readyok` per `isready`, one `ucciok` per `ucci`, `bye` after `quit`,
//! and between one answer (`bestmove` or `nobestmove`) per `go` the engine took (it refuses a `go`
//! while thinking, and says so) and that plus one per `stop` (a `stop` when idle answers
//! `nobestmove`).

use super::kit::{
    admit_drawn, amount, banned_moves, bench_cost, bench_line, bestmove_words, filler, wrong_move, BenchCost,
    Board, Fuzzer, Probe, QUIT_ONE_IN,
};
use crate::dice::Dice;
use crate::mutate;
use crate::seeds::Seeds;
use crate::transcript::Input;
use std::sync::Arc;
use triskel::controller::search::MAX_THREADS;
use triskel::controller::table::MAX_HASH_MB;
use triskel::games::GameKind;
use triskel::protocol::ucci::parse::{self, Command, Go, SharedOption};

/// The UCCI generator and its model of the session.
pub struct Ucci {
    seeds: Arc<Seeds>,
    known: Option<Board>,
    /// `batch` may be on.
    batch: bool,
    /// A bench that may run long is under way.
    chore_long: bool,
    many_threads: bool,
}

/// True if a search ends by itself within a few hundred milliseconds, or on the next command
/// for `infinite` (which batch mode's `stop` and `quit` still stop; a ponder search after
/// `ponderhit` is a timed one, which they wait for, so it counts by its limits). Times are read as
/// seconds, the longer of the two units.
fn short(go: &Go) -> bool {
    go.request.infinite
        || go.request.depth.is_some_and(|depth| depth <= 5)
        || go.request.nodes.is_some_and(|nodes| nodes <= 20_000)
        || go.time.is_some_and(|ms| ms <= 300)
}

impl Ucci {
    pub fn new(seeds: Arc<Seeds>, dice: &mut Dice) -> Ucci {
        Ucci {
            seeds,
            known: Some(Board::start(GameKind::Xiangqi)),
            batch: false,
            chore_long: false,
            many_threads: dice.chance(1, 100),
        }
    }

    fn board(&self, dice: &mut Dice) -> Board {
        self.known.unwrap_or_else(|| Board::random(dice, &self.seeds, GameKind::Xiangqi))
    }

    fn draw(&mut self, dice: &mut Dice) -> (Input, Option<Board>) {
        let kind = if dice.chance(1, QUIT_ONE_IN) {
            "quit"
        } else {
            dice.weighted(&[
                (8, "isready"),
                (2, "ucci"),
                (12, "setoption"),
                (14, "position"),
                (5, "banmoves"),
                (18, "go"),
                (6, "stop"),
                (3, "ponderhit"),
                (4, "probe"),
                (1, "bench"),
                (2, "show"),
                (3, "junk"),
                (3, "filler"),
                (1, "long"),
            ])
        };
        let line = match kind {
            "isready" => "isready".to_string(),
            "ucci" => "ucci".into(),
            "setoption" => self.setoption(dice),
            "position" => return self.position(dice, "position"),
            "banmoves" => {
                let legal = self.board(dice).moves();
                format!("banmoves {}", banned_moves(dice, &legal).join(" "))
            }
            "go" => self.go(dice),
            "stop" => "stop".into(),
            "ponderhit" => dice.pick(&["ponderhit", "ponderhit draw", "ponderhit bogus"]).to_string(),
            "probe" => return (self.position(dice, "probe").0, None),
            "quit" => "quit".into(),
            "bench" => bench_line(dice),
            "show" => dice.pick(&["d", "eval"]).to_string(),
            "junk" => format!("{} {}", mutate::junk(dice), mutate::number(dice)),
            "filler" => return (filler(dice), None),
            _ => return (Input::Line(self.long(dice)), None),
        };
        let line = if dice.chance(1, 5) { mutate::any(dice, &line) } else { line };
        (Input::Line(line), None)
    }

    fn position(&mut self, dice: &mut Dice, head: &str) -> (Input, Option<Board>) {
        let startpos = dice.chance(1, 4);
        let start = if startpos {
            Board::start(GameKind::Xiangqi)
        } else if dice.chance(1, 20) {
            Board::random(dice, &self.seeds, GameKind::Chess) // not a xiangqi FEN
        } else {
            Board::random(dice, &self.seeds, GameKind::Xiangqi)
        };
        let plies = dice.small(12) as usize;
        let (moves, end) = start.playout(dice, plies);
        let setup = if startpos { format!("{head} startpos") } else { format!("{head} fen {}", start.fen()) };
        let line = if moves.is_empty() { setup } else { format!("{setup} moves {}", moves.join(" ")) };
        if dice.chance(2, 3) {
            let sets = (end.game() == GameKind::Xiangqi).then_some(end);
            return (Input::Line(line), sets);
        }
        let line = match dice.below(3) {
            0 if !startpos => {
                format!("{head} fen {} moves {}", mutate::fen(dice, &start.fen()), moves.join(" "))
            }
            1 => format!("{line} {}", wrong_move(dice, &end.moves())),
            _ => mutate::any(dice, &line),
        };
        (Input::Line(line), None)
    }

    fn go(&mut self, dice: &mut Dice) -> String {
        let time = |dice: &mut Dice| amount(dice, (0, 2), (-10, 1000));
        let mut line = String::from("go");
        match dice.below(8) {
            0 => line.push_str(" ponder"),
            1 => line.push_str(" draw"),
            _ => {}
        }
        match dice.weighted(&[(10, 0), (8, 1), (8, 2), (3, 3), (2, 4), (1, 5)]) {
            0 => line.push_str(&format!(" depth {}", amount(dice, (0, 4), (0, 8)))),
            1 => line.push_str(&format!(" nodes {}", amount(dice, (1, 3000), (0, 100_000)))),
            2 => {
                // Milliseconds, or seconds with `usemillisec` off (`short` reads them as seconds).
                let fraction = dice.pick(&["", ".1", ".05", ".5"]);
                line.push_str(&format!(" time {}{fraction}", time(dice)));
                match dice.below(3) {
                    0 => line.push_str(&format!(" movestogo {}", amount(dice, (1, 40), (0, 1000)))),
                    1 => line.push_str(&format!(" increment {}", time(dice))),
                    _ => {}
                }
                if dice.chance(1, 2) {
                    line.push_str(&format!(" opptime {}", time(dice)));
                    match dice.below(3) {
                        0 => line.push_str(&format!(" oppmovestogo {}", amount(dice, (1, 40), (0, 1000)))),
                        1 => line.push_str(&format!(" oppincrement {}", time(dice))),
                        _ => {}
                    }
                }
            }
            3 => line.push_str(" infinite"),
            4 => line.push_str(" depth infinite"),
            _ => {}
        }
        line
    }

    fn setoption(&mut self, dice: &mut Dice) -> String {
        let flag = |dice: &mut Dice| dice.pick(&["true", "false", "on", "off", "", "maybe"]).to_string();
        let (name, value) = match dice.below(17) {
            0 => ("usemillisec", flag(dice)),
            1 => ("batch", if dice.chance(1, 3) { flag(dice) } else { "false".into() }),
            2 => ("debug", flag(dice)),
            3 => ("ponder", flag(dice)),
            4 => ("usebook", flag(dice)),
            5 => ("hashsize", amount(dice, (1, 4), (0, 64))),
            6 => {
                let threads = if self.many_threads && dice.chance(1, 3) {
                    "256".into()
                } else {
                    amount(dice, (0, 3), (0, 8))
                };
                ("threads", threads)
            }
            7 => ("newgame", String::new()),
            8 => ("promotion", flag(dice)),
            9 => ("idle", dice.pick(&["none", "small", "medium", "large"]).to_string()),
            10 => ("pruning", dice.pick(&["none", "small", "large", "x"]).to_string()),
            11 => ("knowledge", dice.pick(&["none", "large"]).to_string()),
            12 => ("randomness", dice.pick(&["none", "tiny", "huge"]).to_string()),
            13 => ("style", dice.pick(&["solid", "normal", "risky"]).to_string()),
            14 => ("bookfiles", "/nonexistent-triskel-fuzz/book.dat".to_string()),
            15 => ("chaserule", flag(dice)),
            _ => ("Hash", mutate::number(dice)),
        };
        if value.is_empty() {
            format!("setoption {name}")
        } else {
            format!("setoption {name} {value}")
        }
    }

    fn long(&mut self, dice: &mut Dice) -> String {
        const SIZE: usize = 100_000;
        match dice.below(5) {
            0 => format!("position startpos moves {}", mutate::stretch("h0g2 h9g7 g2h0 g7h9", SIZE)),
            1 => {
                let legal = self.board(dice).moves();
                let mv = if legal.is_empty() { "h2e2".to_string() } else { dice.pick(&legal).clone() };
                format!("banmoves {}", mutate::stretch(&mv, SIZE))
            }
            2 => format!("setoption style {}", mutate::stretch("x", SIZE)),
            3 => format!("probe fen {}", mutate::stretch(&self.board(dice).fen(), SIZE)),
            _ => mutate::stretch(&mutate::junk(dice), SIZE),
        }
    }

    fn admit(&mut self, line: &str, sets: Option<Board>, inputs: &mut Vec<Input>) -> bool {
        let command = parse::parse(line, false);
        let mut long_chore = false;
        match &command {
            Command::Shared { option, value } => {
                let number = value.as_deref().and_then(|value| value.parse::<i64>().ok());
                match option {
                    SharedOption::Hash if number.is_some_and(|mb| (65..=MAX_HASH_MB).contains(&mb)) => {
                        return false
                    }
                    SharedOption::Threads
                        if number.is_some_and(|n| (9..=MAX_THREADS).contains(&n)) && !self.many_threads =>
                    {
                        return false
                    }
                    _ => {}
                }
            }
            Command::Bench(args) => match bench_cost(args) {
                None => return false,
                Some(BenchCost::Long) if self.batch => return false,
                Some(cost) => long_chore = cost == BenchCost::Long,
            },
            Command::Go(go) if self.batch && !short(go) => return false,
            _ => {}
        }
        let waits = !matches!(command, Command::IsReady | Command::Stop | Command::Quit | Command::Empty);
        if self.chore_long && waits {
            inputs.push(Input::Line("stop".into()));
            self.chore_long = false;
        }
        match &command {
            Command::SetOption { name, value } if name == "batch" => match value.as_deref() {
                None | Some("true" | "on") => self.batch = true,
                Some("false" | "off") => self.batch = false,
                Some(_) => {}
            },
            Command::Position { .. } => self.known = sets,
            Command::NewGame => self.known = Some(Board::start(GameKind::Xiangqi)),
            Command::Stop => self.chore_long = false,
            _ => {}
        }
        self.chore_long |= long_chore;
        inputs.push(Input::Line(line.to_string()));
        true
    }
}

impl Fuzzer for Ucci {
    fn name(&self) -> &'static str {
        "ucci"
    }

    fn open(&mut self, dice: &mut Dice) -> Vec<Input> {
        let mut inputs = Vec::new();
        for _ in 0..dice.small(2) {
            inputs.push(if dice.chance(1, 2) { Input::Garbage } else { Input::Line(String::new()) });
        }
        inputs.push(Input::Line(dice.pick(&["ucci", "ucci", " ucci", "ucci extra"]).to_string()));
        if dice.chance(9, 10) {
            let line = format!("setoption hashsize {}", dice.range(1, 4));
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
        parse::parse(line, false) == Command::Quit
    }

    fn sync(&mut self, _number: u64) -> (String, String) {
        ("isready".into(), "readyok".into())
    }

    fn settle(&mut self) -> Vec<String> {
        self.chore_long = false;
        vec!["stop".into()]
    }

    fn probe(&mut self, dice: &mut Dice) -> Probe {
        let start = Board::random(dice, &self.seeds, GameKind::Xiangqi);
        let plies = dice.small(8) as usize;
        let (moves, end) = start.playout(dice, plies);
        let position = if moves.is_empty() {
            format!("position fen {}", start.fen())
        } else {
            format!("position fen {} moves {}", start.fen(), moves.join(" "))
        };
        self.known = Some(end);
        let ask = dice.pick(&["go depth 1", "go depth 2", "go nodes 300", "go depth 3"]);
        Probe {
            setup: vec![position],
            ask: ask.to_string(),
            answers: Box::new(|line| line.starts_with("bestmove") || line == "nobestmove"),
            check: Box::new(move |line| {
                if line == "nobestmove" {
                    return end.check_answer("nobestmove", None, "nobestmove");
                }
                let (best, ponder) =
                    bestmove_words(line).ok_or_else(|| format!("unreadable answer {line:?}"))?;
                end.check_answer(&best, ponder.as_deref(), "nobestmove")
            }),
            search_lines: None,
            label: "xiangqi",
        }
    }

    fn check_burst(&self, inputs: &[Input], output: &[String]) -> Result<(), String> {
        let (mut isready, mut ucci, mut go, mut stop, mut quit) = (0, 0, 0, 0, 0);
        for input in inputs {
            if let Input::Line(line) = input {
                match parse::parse(line, false) {
                    Command::IsReady => isready += 1,
                    Command::Ucci => ucci += 1,
                    Command::Go(_) => go += 1,
                    Command::Stop => stop += 1,
                    Command::Quit => quit += 1,
                    _ => {}
                }
            }
        }
        let count = |wanted: &dyn Fn(&str) -> bool| output.iter().filter(|line| wanted(line)).count();
        let readyok = count(&|line| line == "readyok");
        let ucciok = count(&|line| line == "ucciok");
        let bye = count(&|line| line == "bye");
        let refused = count(&|line| line.starts_with("info message go is not allowed while thinking"));
        let answers = count(&|line| line == "nobestmove" || line.starts_with("bestmove "));
        let taken = go - refused.min(go);
        let mut wrong = Vec::new();
        if readyok != isready {
            wrong.push(format!("{isready} isready answered by {readyok} readyok"));
        }
        if ucciok != ucci {
            wrong.push(format!("{ucci} ucci answered by {ucciok} ucciok"));
        }
        if bye != quit {
            wrong.push(format!("{quit} quit answered by {bye} bye"));
        }
        if refused > go || answers < taken || answers > taken + stop {
            wrong.push(format!(
                "{go} go ({refused} refused while thinking) and {stop} stop answered by {answers} bestmove or nobestmove"
            ));
        }
        if wrong.is_empty() {
            Ok(())
        } else {
            Err(wrong.join("; "))
        }
    }
}
