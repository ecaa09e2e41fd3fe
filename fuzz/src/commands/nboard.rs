//! NBoard sessions (Othello). A `go`, `hint` or `analyze` waits for a running `go` to answer, and
//! every command but `ping` and `quit` waits for a running `perft` or `bench`: before those the
//! model sends a `ping` when what runs may take long (a depth above 5, a deep perft or bench). A
//! `learn` holds up every command, `ping` included, until it is done, so the model learns only at
//! short depths.
//!
//! Checked per burst: a `pong N` for every `ping N`, a `learned` for every `learn`, no more `===`
//! answers than `go` commands.

use super::kit::{admit_drawn, amount, filler, Fuzzer, Probe, QUIT_ONE_IN, SAFE_PATHS};
use crate::dice::Dice;
use crate::mutate;
use crate::seeds::{self, Seeds};
use crate::transcript::Input;
use engine::othello::{Move, MoveText, Position};
use std::sync::Arc;

/// Deepest search that stays short whatever the position.
const SHORT_DEPTH: u32 = 5;

/// The NBoard generator and its model of the session.
pub struct NBoard {
    seeds: Arc<Seeds>,
    /// The search depth, as `set depth` left it.
    depth: u32,
    /// The game's position, when the model knows it.
    known: Option<Position>,
    /// A `go` deeper than [`SHORT_DEPTH`] may be running.
    go_long: bool,
    /// A perft or bench that may run long may be running.
    chore_long: bool,
    pings: u64,
}

/// A line's command word and the rest, as the session splits it.
fn split(line: &str) -> (&str, &str) {
    let line = line.trim();
    let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    (command, rest.trim())
}

impl NBoard {
    pub fn new(seeds: Arc<Seeds>, _dice: &mut Dice) -> NBoard {
        NBoard {
            seeds,
            depth: 12,
            known: Some(Position::startpos()),
            go_long: false,
            chore_long: false,
            pings: 0,
        }
    }

    fn board(&self, dice: &mut Dice) -> Position {
        self.known.unwrap_or_else(|| seeds::position(dice, &self.seeds.othello))
    }

    fn draw(&mut self, dice: &mut Dice) -> (Input, Option<Position>) {
        let kind = if dice.chance(1, QUIT_ONE_IN) {
            "quit"
        } else {
            dice.weighted(&[
                (6, "depth"),
                (8, "game"),
                (2, "contempt"),
                (1, "set"),
                (10, "move"),
                (10, "go"),
                (5, "hint"),
                (2, "analyze"),
                (8, "ping"),
                (2, "learn"),
                (2, "perft"),
                (1, "bench"),
                (1, "ffo"),
                (2, "d"),
                (1, "nboard"),
                (3, "junk"),
                (3, "filler"),
                (1, "long"),
            ])
        };
        let line = match kind {
            "depth" => format!("set depth {}", amount(dice, (1, 4), (1, 12))),
            "game" => return self.game(dice),
            "contempt" => format!("set contempt {}", mutate::number(dice)),
            "set" => format!("set {} {}", mutate::junk(dice), mutate::number(dice)),
            "move" => return self.play(dice),
            "go" => "go".into(),
            "hint" => format!("hint {}", amount(dice, (1, 4), (0, 100))),
            "analyze" => "analyze".into(),
            "ping" => {
                self.pings += 1;
                format!("ping {}", self.pings)
            }
            "learn" => "learn".into(),
            "perft" => format!("perft {}", amount(dice, (1, 4), (0, 8))),
            "bench" => format!("bench {}", amount(dice, (1, 3), (0, 6))),
            "ffo" => format!(
                "ffo {} {} {}",
                dice.pick(SAFE_PATHS),
                amount(dice, (40, 45), (0, 80)),
                amount(dice, (40, 45), (0, 80))
            ),
            "d" => "d".into(),
            "quit" => "quit".into(),
            "nboard" => format!("nboard {}", amount(dice, (1, 2), (0, 3))),
            "junk" => format!("{} {}", mutate::junk(dice), mutate::number(dice)),
            "filler" => return (filler(dice), None),
            _ => return (Input::Line(self.long(dice)), None),
        };
        let line = if dice.chance(1, 5) { mutate::any(dice, &line) } else { line };
        (Input::Line(line), None)
    }

    /// `set game` with a record of a random game.
    fn game(&mut self, dice: &mut Dice) -> (Input, Option<Position>) {
        let start =
            if dice.chance(1, 2) { Position::startpos() } else { seeds::position(dice, &self.seeds.othello) };
        let plies = dice.range(0, 60) as usize;
        let (record, _, end) = seeds::ggf(dice, start, plies);
        let line = format!("set game {record}");
        if dice.chance(2, 3) {
            return (Input::Line(line), Some(end));
        }
        (Input::Line(mutate::any(dice, &line)), None)
    }

    /// `move` with a legal move of the known position, or anything.
    fn play(&mut self, dice: &mut Dice) -> (Input, Option<Position>) {
        let position = self.board(dice);
        let legal = seeds::legal(&position);
        if self.known.is_some() && !legal.is_empty() && dice.chance(3, 4) {
            let mv = *dice.pick(&legal);
            let text = MoveText(mv).to_string();
            let text = if dice.chance(1, 3) { text.to_ascii_lowercase() } else { text };
            let detail = match dice.below(3) {
                0 => format!("/{}", dice.range(-64, 64)),
                1 => format!("/{}.5/{}", dice.range(-64, 64), mutate::number(dice)),
                _ => String::new(),
            };
            let mut next = position;
            next.play(mv);
            return (Input::Line(format!("move {text}{detail}")), Some(next));
        }
        let text = match dice.below(4) {
            0 => dice.pick(&["PA", "pa", "pass", "@@", "A1", "i9", "", "F5/x/y"]).to_string(),
            1 => format!("{}{}", (b'a' + dice.below(9) as u8) as char, dice.below(10)),
            _ => mutate::junk(dice),
        };
        (Input::Line(format!("move {text}")), None)
    }

    fn long(&mut self, dice: &mut Dice) -> String {
        const SIZE: usize = 100_000;
        match dice.below(4) {
            0 => format!("set game (;GM[Othello]{};)", mutate::stretch("PC[x]", SIZE)),
            1 => format!("move {}", mutate::stretch("F5", SIZE)),
            2 => {
                self.pings += 1;
                format!("ping {} {}", self.pings, mutate::stretch("x", SIZE))
            }
            _ => mutate::stretch(&mutate::junk(dice), SIZE),
        }
    }

    fn ping(&mut self, inputs: &mut Vec<Input>) {
        self.pings += 1;
        inputs.push(Input::Line(format!("ping {}", self.pings)));
        self.go_long = false;
        self.chore_long = false;
    }

    fn admit(&mut self, line: &str, sets: Option<Position>, inputs: &mut Vec<Input>) -> bool {
        let (command, rest) = split(line);
        let mut long_chore = false;
        match command {
            // Only paths that cannot be read: the default file would be solved for minutes.
            "ffo" if !rest.split_whitespace().next().is_some_and(|path| SAFE_PATHS.contains(&path)) => {
                return false
            }
            "learn" if self.depth > SHORT_DEPTH => return false,
            "perft" => long_chore = rest.parse::<u32>().is_ok_and(|depth| (7..=20).contains(&depth)),
            "bench" => {
                long_chore =
                    rest.is_empty() || rest.parse::<u32>().is_ok_and(|depth| (5..=60).contains(&depth))
            }
            _ => {}
        }
        if self.chore_long && !matches!(command, "" | "ping" | "quit") {
            self.ping(inputs);
        }
        if self.go_long && matches!(command, "go" | "hint" | "analyze") {
            self.ping(inputs);
        }
        match command {
            "set" => {
                let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                match what {
                    "depth" => {
                        if let Ok(depth) = value.trim().parse::<u32>() {
                            self.depth = depth.clamp(1, 60);
                        }
                    }
                    "game" => {
                        self.known = sets;
                        self.go_long = false;
                    }
                    _ => {}
                }
            }
            "move" => {
                self.known = sets;
                self.go_long = false;
            }
            "go" => self.go_long = self.depth > SHORT_DEPTH,
            "hint" | "analyze" | "ping" | "perft" | "bench" | "ffo" | "quit" => self.go_long = false,
            _ => {}
        }
        if command == "ping" {
            self.chore_long = false;
        }
        self.chore_long |= long_chore;
        inputs.push(Input::Line(line.to_string()));
        true
    }
}

impl Fuzzer for NBoard {
    fn name(&self) -> &'static str {
        "nboard"
    }

    fn open(&mut self, dice: &mut Dice) -> Vec<Input> {
        let mut inputs = Vec::new();
        for _ in 0..dice.small(2) {
            inputs.push(if dice.chance(1, 2) { Input::Garbage } else { Input::Line(String::new()) });
        }
        inputs.push(Input::Line(dice.pick(&["nboard 2", "nboard 2", "nboard", "nboard 1"]).to_string()));
        if dice.chance(9, 10) {
            let line = format!("set depth {}", dice.range(1, 4));
            self.admit(&line, None, &mut inputs);
        }
        inputs
    }

    fn next(&mut self, dice: &mut Dice, inputs: &mut Vec<Input>) {
        if !admit_drawn(self, dice, inputs, Self::draw, Self::admit) {
            self.ping(inputs);
        }
    }

    fn quits(&self, line: &str) -> bool {
        split(line).0 == "quit"
    }

    fn sync(&mut self, number: u64) -> (String, String) {
        self.go_long = false;
        self.chore_long = false;
        (format!("ping {number}"), format!("pong {number}"))
    }

    fn settle(&mut self) -> Vec<String> {
        Vec::new()
    }

    fn probe(&mut self, dice: &mut Dice) -> Probe {
        let start =
            if dice.chance(1, 2) { Position::startpos() } else { seeds::position(dice, &self.seeds.othello) };
        let plies = dice.range(0, 60) as usize;
        let (record, _, end) = seeds::ggf(dice, start, plies);
        let depth = dice.range(1, 3) as u32;
        self.depth = depth;
        self.known = Some(end);
        Probe {
            setup: vec![format!("set depth {depth}"), format!("set game {record}")],
            ask: "go".into(),
            answers: Box::new(|line| line.starts_with("=== ")),
            check: Box::new(move |line| {
                let text = line.trim_start_matches("=== ").trim();
                let mv = text.split('/').next().unwrap_or("");
                let position = end;
                if mv == "PA" {
                    return if position.must_pass() || position.is_game_over() {
                        Ok(())
                    } else {
                        Err(format!("passes in {}, which has moves", position.text()))
                    };
                }
                match position.parse_move(mv) {
                    Some(found) if found != Move::PASS => Ok(()),
                    _ => Err(format!("{mv} is not a legal move in {}", position.text())),
                }
            }),
            search_lines: None,
            label: "othello",
        }
    }

    fn check_burst(&self, inputs: &[Input], output: &[String]) -> Result<(), String> {
        let mut wrong = Vec::new();
        let (mut go, mut learn) = (0, 0);
        let mut pongs = Vec::new();
        for input in inputs {
            if let Input::Line(line) = input {
                match split(line) {
                    ("go", _) => go += 1,
                    ("learn", _) => learn += 1,
                    ("ping", rest) => pongs.push(format!("pong {rest}").trim_end().to_string()),
                    _ => {}
                }
            }
        }
        let mut unanswered = pongs.len();
        let mut searched = 0;
        let mut pongs = pongs.iter().peekable();
        for line in output {
            if pongs.peek().is_some_and(|pong| *pong == line) {
                pongs.next();
                unanswered -= 1;
            }
            searched += usize::from(line.starts_with("=== "));
        }
        if unanswered > 0 {
            wrong.push(format!("{unanswered} ping without its pong, in order"));
        }
        let learned = output.iter().filter(|line| *line == "learned").count();
        if learned != learn {
            wrong.push(format!("{learn} learn answered by {learned} learned"));
        }
        if searched > go {
            wrong.push(format!("{go} go answered by {searched} ==="));
        }
        if wrong.is_empty() {
            Ok(())
        } else {
            Err(wrong.join("; "))
        }
    }
}
