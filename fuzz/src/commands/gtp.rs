//! GTP sessions (Othello). GTP is synchronous: `genmove` thinks on the command thread, on the clock
//! `time_left` or `time_settings` gave, one second without one. The model follows the clock the
//! way the session reads it and gives a `genmove` a short `time_left` first when it could think
//! long (one in a few hundred keeps the second-long default).
//!
//! Checked per burst: exactly one answer (`=` or `?`, then a blank line) per command, in order,
//! with the command's id.

use super::kit::{amount, Fuzzer, Probe, QUIT_ONE_IN};
use crate::dice::Dice;
use crate::mutate;
use crate::seeds::{self, Seeds};
use crate::transcript::Input;
use engine::othello::{Color, Move, MoveText, Position};
use std::sync::Arc;

/// The GTP generator and its model of the session.
pub struct Gtp {
    seeds: Arc<Seeds>,
    known: Option<Position>,
    /// `time_left` per colour (black, white): seconds.
    time_left: [Option<f64>; 2],
    /// `time_settings`: main time and byo-yomi seconds, stones.
    settings: Option<(u64, u64, u64)>,
    /// Ids of the probe's commands.
    ids: u64,
}

/// The id, command word and arguments of a line, as the session reads them (comments and control
/// characters dropped).
fn words(line: &str) -> (Option<String>, Option<String>, Vec<String>) {
    let line: String =
        line.split('#').next().unwrap_or("").chars().filter(|c| !c.is_control() || *c == '\t').collect();
    let mut words = line.split_whitespace().peekable();
    let id = words.next_if(|word| word.bytes().all(|byte| byte.is_ascii_digit())).map(str::to_string);
    let command = words.next().map(str::to_string);
    (id, command, words.map(str::to_string).collect())
}

fn color(word: &str) -> Option<Color> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The longest a `genmove` may think here, in seconds.
const SHORT_SECONDS: f64 = 0.5;

impl Gtp {
    pub fn new(seeds: Arc<Seeds>, _dice: &mut Dice) -> Gtp {
        Gtp { seeds, known: Some(Position::startpos()), time_left: [None; 2], settings: None, ids: 90_000 }
    }

    /// True if `genmove` for `color` has no clock: it thinks [`triskel::protocol::gtp::DEFAULT_MOVE_MS`].
    fn unclocked(&self, color: Color) -> bool {
        self.time_left[color as usize].is_none()
            && self.settings.is_none_or(|(main, _, stones)| main == 0 && stones == 0)
    }

    /// True if a `genmove` for `color` thinks at most about [`SHORT_SECONDS`].
    fn short(&self, color: Color) -> bool {
        match (self.time_left[color as usize], self.settings) {
            (Some(seconds), _) => seconds <= SHORT_SECONDS,
            // The search keeps a fifth of the time it has.
            (None, Some((main, _, _))) if main > 0 => main <= 1,
            (None, Some((_, byo_yomi, stones))) if stones > 0 => byo_yomi <= 1,
            _ => false,
        }
    }

    fn draw(&mut self, dice: &mut Dice) -> (Input, Option<Position>) {
        let kind = if dice.chance(1, QUIT_ONE_IN) {
            "quit"
        } else {
            dice.weighted(&[
                (3, "protocol_version"),
                (2, "name"),
                (2, "version"),
                (2, "known_command"),
                (2, "list_commands"),
                (2, "boardsize"),
                (4, "clear_board"),
                (2, "komi"),
                (16, "play"),
                (8, "genmove"),
                (3, "undo"),
                (3, "showboard"),
                (2, "final_score"),
                (3, "time_settings"),
                (5, "time_left"),
                (4, "junk"),
                (3, "filler"),
                (1, "long"),
            ])
        };
        let colour =
            |dice: &mut Dice| dice.pick(&["black", "white", "b", "w", "B", "WHITE", "red", ""]).to_string();
        let line = match kind {
            "known_command" => {
                format!("known_command {}", dice.pick(&["genmove", "castle", "play", "", "quit"]))
            }
            "boardsize" => format!("boardsize {}", amount(dice, (8, 8), (0, 19))),
            "komi" => format!("komi {}", amount(dice, (0, 7), (-10, 10))),
            "play" => return self.play(dice),
            "genmove" => format!("genmove {}", colour(dice)),
            "time_settings" => format!(
                "time_settings {} {} {}",
                amount(dice, (0, 1), (0, 100)),
                amount(dice, (0, 1), (0, 100)),
                amount(dice, (0, 25), (0, 100))
            ),
            "time_left" => {
                let seconds = match dice.below(3) {
                    0 => format!("0.{}", dice.below(50)),
                    1 => mutate::number(dice),
                    _ => dice.range(0, 30).to_string(),
                };
                format!("time_left {} {seconds} {}", colour(dice), amount(dice, (0, 25), (0, 100)))
            }
            "junk" => format!("{} {}", mutate::junk(dice), mutate::number(dice)),
            "filler" => {
                return match dice.below(3) {
                    0 => (Input::Garbage, None),
                    1 => (Input::Line(format!("# {}", mutate::junk(dice))), None),
                    _ => (Input::Line(dice.pick(&["", " ", "\t", "42"]).to_string()), None),
                }
            }
            "long" => return (Input::Line(self.long(dice)), None),
            other => other.to_string(),
        };
        let line = match dice.below(10) {
            0 => format!("{} {line}", dice.below(1000)),
            1 => format!("{line} # {}", mutate::junk(dice)),
            2 | 3 => mutate::any(dice, &line),
            _ => line,
        };
        (Input::Line(line), None)
    }

    /// `play` with a legal move of the known position, or anything.
    fn play(&mut self, dice: &mut Dice) -> (Input, Option<Position>) {
        let position = self.known.unwrap_or_else(|| seeds::position(dice, &self.seeds.othello));
        let legal = seeds::legal(&position);
        if self.known.is_some() && !legal.is_empty() && dice.chance(3, 4) {
            let mv = *dice.pick(&legal);
            let vertex = if mv == Move::PASS { "pass".to_string() } else { MoveText(mv).to_string() };
            let vertex = if dice.chance(1, 3) { vertex.to_ascii_lowercase() } else { vertex };
            let mut next = position;
            next.play(mv);
            return (
                Input::Line(format!("play {} {vertex}", color_name(position.side_to_move()))),
                Some(next),
            );
        }
        let vertex = match dice.below(3) {
            0 => dice.pick(&["pass", "PASS", "A1", "i9", "", "@@", "PA", "resign"]).to_string(),
            1 => format!("{}{}", (b'a' + dice.below(9) as u8) as char, dice.below(10)),
            _ => mutate::junk(dice),
        };
        let colour = *dice.pick(&["black", "white", "b", "w", "x"]);
        (Input::Line(format!("play {colour} {vertex}")), None)
    }

    fn long(&mut self, dice: &mut Dice) -> String {
        const SIZE: usize = 100_000;
        match dice.below(4) {
            0 => format!("play black {}", mutate::stretch("F5", SIZE)),
            1 => format!("known_command {}", mutate::stretch("x", SIZE)),
            2 => format!("# {}", mutate::stretch("comment", SIZE)),
            _ => mutate::stretch(&mutate::junk(dice), SIZE),
        }
    }

    /// The engine's game after `clear_board` (or `boardsize 8`): the start, no time left given.
    fn new_game(&mut self) {
        self.known = Some(Position::startpos());
        self.time_left = [None; 2];
    }

    fn admit(&mut self, line: &str, sets: Option<Position>, inputs: &mut Vec<Input>, slow_ok: bool) -> bool {
        let (_, command, args) = words(line);
        match command.as_deref() {
            Some("genmove") => {
                if let [word] = args.as_slice() {
                    if let Some(color) = color(word) {
                        let quick_enough = self.short(color) || (slow_ok && self.unclocked(color));
                        if !quick_enough {
                            let line = format!("time_left {} 0.05 0", color_name(color));
                            self.admit(&line, None, inputs, false);
                        }
                    }
                }
                self.known = None;
            }
            Some("play" | "undo") => self.known = sets,
            Some("clear_board") => self.new_game(),
            // `boardsize 8` starts a new game too, as gtp-rhino's does.
            Some("boardsize") if args.first().and_then(|size| size.parse::<u32>().ok()) == Some(8) => {
                self.new_game()
            }
            Some("time_settings") => {
                let numbers: Option<Vec<u64>> = args.iter().map(|word| word.parse().ok()).collect();
                if let Some(&[main, byo_yomi, stones]) = numbers.as_deref() {
                    self.settings = Some((main, byo_yomi, stones));
                    self.time_left = [None; 2];
                }
            }
            Some("time_left") => {
                if let [colour, seconds, stones] = args.as_slice() {
                    if let (Some(color), Ok(seconds), Ok(_)) =
                        (color(colour), seconds.parse::<f64>(), stones.parse::<u32>())
                    {
                        self.time_left[color as usize] = Some(seconds.max(0.0));
                    }
                }
            }
            _ => {}
        }
        inputs.push(Input::Line(line.to_string()));
        true
    }
}

impl Fuzzer for Gtp {
    fn name(&self) -> &'static str {
        "gtp"
    }

    fn open(&mut self, dice: &mut Dice) -> Vec<Input> {
        let mut inputs = Vec::new();
        for _ in 0..dice.small(2) {
            inputs.push(Input::Line(String::new()));
        }
        let opener = *dice.pick(&[
            "protocol_version",
            "1 name",
            "version",
            "boardsize 8",
            "clear_board",
            "list_commands",
            "known_command genmove",
            "komi 0",
            "7 komi",
        ]);
        self.admit(opener, None, &mut inputs, false);
        inputs
    }

    fn next(&mut self, dice: &mut Dice, inputs: &mut Vec<Input>) {
        let slow_ok = dice.chance(1, 400);
        match self.draw(dice) {
            (Input::Garbage, _) => inputs.push(Input::Garbage),
            (Input::Line(line), sets) => {
                self.admit(&line, sets, inputs, slow_ok);
            }
        }
    }

    fn quits(&self, line: &str) -> bool {
        words(line).1.as_deref() == Some("quit")
    }

    fn sync(&mut self, number: u64) -> (String, String) {
        (format!("{number} protocol_version"), format!("={number} 2"))
    }

    fn settle(&mut self) -> Vec<String> {
        Vec::new()
    }

    fn probe(&mut self, dice: &mut Dice) -> Probe {
        let plies = dice.range(0, 60) as usize;
        let (moves, end) = seeds::playout(dice, Position::startpos(), plies);
        let mut setup = vec!["clear_board".to_string()];
        let mut position = Position::startpos();
        for &mv in &moves {
            let color = color_name(position.side_to_move());
            position.play(mv);
            match mv {
                // A forced pass may be sent or left out.
                Move::PASS if dice.chance(1, 2) => {}
                Move::PASS => setup.push(format!("play {color} pass")),
                mv => setup.push(format!("play {color} {}", MoveText(mv))),
            }
        }
        let color = color_name(end.side_to_move());
        setup.push(format!("time_left {color} 0.05 0"));
        self.known = None;
        self.time_left = [None; 2];
        self.time_left[end.side_to_move() as usize] = Some(0.05);
        self.ids += 1;
        let id = self.ids;
        Probe {
            setup,
            ask: format!("{id} genmove {color}"),
            answers: Box::new(move |line| {
                line.starts_with(&format!("={id}")) || line.starts_with(&format!("?{id}"))
            }),
            check: Box::new(move |line| {
                let Some(vertex) = line.strip_prefix(&format!("={id} ")) else {
                    return Err(format!("genmove failed: {line:?}"));
                };
                if vertex == "pass" {
                    return if end.must_pass() || end.is_game_over() {
                        Ok(())
                    } else {
                        Err(format!("passes in {}, which has moves", end.text()))
                    };
                }
                match end.parse_move(vertex) {
                    Some(mv) if mv != Move::PASS => Ok(()),
                    _ => Err(format!("{vertex} is not a legal move in {}", end.text())),
                }
            }),
            search_lines: None,
            label: "othello",
        }
    }

    fn check_burst(&self, inputs: &[Input], output: &[String]) -> Result<(), String> {
        let mut expected = Vec::new();
        for input in inputs {
            match input {
                Input::Garbage => expected.push(String::new()),
                Input::Line(line) => {
                    // A command is answered, and so is a line of only an id (`?ID unknown command`).
                    match words(line) {
                        (id, Some(_), _) => expected.push(id.unwrap_or_default()),
                        (Some(id), None, _) => expected.push(id),
                        (None, None, _) => {}
                    }
                }
            }
        }
        let mut answered = Vec::new();
        let mut at_start = true;
        for line in output {
            if at_start && (line.starts_with('=') || line.starts_with('?')) {
                let id: String = line[1..].chars().take_while(char::is_ascii_digit).collect();
                answered.push(id);
            }
            at_start = line.is_empty();
        }
        if answered == expected {
            Ok(())
        } else {
            Err(format!(
                "{} commands (ids {:?}) got {} answers (ids {:?})",
                expected.len(),
                shorten(&expected),
                answered.len(),
                shorten(&answered)
            ))
        }
    }
}

fn shorten(ids: &[String]) -> Vec<&str> {
    ids.iter().map(String::as_str).take(60).collect()
}
