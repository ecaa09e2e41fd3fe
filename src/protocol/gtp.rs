//! The Go Text Protocol (version 2) for Othello, as gtp-rhino and Othello GUIs speak it: a thin
//! front-end over the controller.
//!
//! Commands: `protocol_version`, `name`, `version`, `known_command`, `list_commands`, `list_games`
//! and `set_game Othello`, `boardsize 8`, `clear_board`, `komi`, `play COLOR VERTEX|pass`,
//! `genmove COLOR` (the move is played on the engine's board too), `undo`, `showboard`,
//! `final_score`, `time_settings MAIN BYO STONES`, `time_left COLOR SECONDS STONES`, `quit`. Each
//! answer is `= RESULT` or `? ERROR` (after the command's id when it had one) and a blank line.
//!
//! `list_games` and `set_game` are the multi-game extension that Quarry and gtp-rhino share: a GUI
//! that plays several games (Quarry) takes an engine without `list_games` for a Go engine and
//! offers it for no Othello game, and sends `set_game Othello` before `boardsize` when the engine
//! lists it.
//!
//! `genmove` searches in the background and answers from the search thread, so a `quit` that
//! comes during the search stops it at once (the move found so far is the answer, then `quit`'s).
//! Every other command waits for the move, as GTP's order of answers demands.
//!
//! The clock: `time_left` when the controller sends it; else the game time of `time_settings`
//! less what the engine has used itself; else a byo-yomi period's time over its stones; and
//! without any of them [`DEFAULT_MOVE_MS`] per move. A forced pass may be sent as `play COLOR
//! pass` or left out: the engine passes for a side that cannot move when the other side plays or
//! is asked to move, and `undo` takes such a pass back with the move after it, since it was no
//! move of the controller's (a pass sent is undone by itself).

use super::flow::Flow;
use crate::controller::events::{Decision, Info, Listener};
use crate::controller::play::{OthelloPlay, TimeSettings};
use crate::controller::GoRequest;
use crate::launch::OthelloSetup;
use crate::output::Output;
use engine::othello::{Color, Move, MoveText, Position};
use std::time::Duration;

/// Time per move when the controller gives no clock.
pub const DEFAULT_MOVE_MS: i64 = 1000;

/// The largest `komi` taken: far beyond any disc count, and printed in full by `final_score`.
const MAX_KOMI: f64 = 1000.0;

/// Milliseconds kept back per move for the pipes.
const SAFETY_MS: u64 = 50;

/// Every command known, as `list_commands` gives them.
const COMMANDS: &str =
    "protocol_version name version known_command list_commands list_games set_game boardsize \
    clear_board komi play genmove undo showboard final_score time_settings time_left quit";

/// The game `list_games` names, as multi-game GTP controllers spell Othello.
const GAME: &str = "Othello";

/// The GTP session.
pub struct GtpFront {
    /// The game, its clock and a `genmove` whose move is played before the next command.
    play: OthelloPlay,
    output: Output,
    /// `komi`: taken off Black's disc lead in `final_score`, as gtp-rhino scores. It stays for
    /// the games to come, as there.
    komi: f64,
}

impl GtpFront {
    /// A session with the command line's threads and hash (GTP has no option for them).
    pub fn new(output: Output, setup: &OthelloSetup) -> GtpFront {
        let (mut controller, refusal) = setup.controller::<Position>();
        // GTP answers only commands, so a table too big to allocate is said on stderr.
        if let Some(message) = refusal {
            eprintln!("{message}");
        }
        controller.settings_mut().move_overhead_ms = SAFETY_MS;
        GtpFront { play: OthelloPlay::new(controller), output, komi: 0.0 }
    }

    /// Handles one input line.
    pub fn handle(&mut self, line: &str) -> Flow {
        // GTP: comments start with `#`; control characters other than tabs are dropped.
        let line: String =
            line.split('#').next().unwrap_or("").chars().filter(|c| !c.is_control() || *c == '\t').collect();
        let mut words = line.split_whitespace().peekable();
        let id = words.next_if(|word| word.bytes().all(|byte| byte.is_ascii_digit()));
        let Some(command) = words.next() else {
            // A line of only an id is a command without a name: answered, or the controller waits.
            if let Some(id) = id {
                self.play.settle();
                self.output.line(&answer(id, &Err("unknown command".into())));
            }
            return Flow::Continue;
        };
        let args: Vec<&str> = words.collect();
        if command == "quit" {
            self.play.controller_mut().stop();
        }
        self.play.settle();
        let id = id.unwrap_or("");
        let (result, flow) = match command {
            "quit" => (Ok(String::new()), Flow::Quit),
            "genmove" => match self.genmove(id, &args) {
                // The search answers when it is done.
                Ok(None) => return Flow::Continue,
                Ok(Some(text)) => (Ok(text), Flow::Continue),
                Err(text) => (Err(text), Flow::Continue),
            },
            _ => (self.run(command, &args), Flow::Continue),
        };
        self.output.line(&answer(id, &result));
        flow
    }

    /// A line that is not UTF-8.
    pub fn garbage(&mut self) {
        // Answered in turn, as every command is: after a running `genmove`'s answer.
        self.play.settle();
        self.output.line("? the line is not UTF-8\n");
    }

    /// End of input: a running `genmove` finishes and answers.
    pub fn end_of_input(&mut self) {
        self.play.settle();
    }

    fn run(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("triskel".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(args
                .first()
                .is_some_and(|name| COMMANDS.split_whitespace().any(|known| known == *name))
                .to_string()),
            "list_commands" => Ok(COMMANDS.split_whitespace().collect::<Vec<_>>().join("\n")),
            "list_games" => Ok(GAME.into()),
            // Reversi is Othello's other name (Quarry's menus say Reversi, its GTP says Othello).
            "set_game" => match args.join(" ") {
                name if name.is_empty() => Err("syntax error".into()),
                name if name.eq_ignore_ascii_case(GAME) || name.eq_ignore_ascii_case("reversi") => {
                    Ok(String::new())
                }
                _ => Err("unsupported game".into()),
            },
            // A new game, as gtp-rhino starts one: GTP leaves the board arbitrary after it, and a
            // controller of GTP's first version sends no `clear_board`.
            "boardsize" => match args.first().map(|size| size.parse::<u32>()) {
                Some(Ok(8)) => {
                    self.play.clear();
                    Ok(String::new())
                }
                _ => Err("unacceptable size".into()),
            },
            "clear_board" => {
                self.play.clear();
                Ok(String::new())
            }
            "komi" => match args.first().map(|komi| komi.parse::<f64>()) {
                Some(Ok(komi)) if komi.abs() <= MAX_KOMI => {
                    self.komi = komi;
                    Ok(String::new())
                }
                Some(Ok(komi)) if komi.is_finite() => Err("komi out of range".into()),
                _ => Err("syntax error".into()),
            },
            "play" => self.play(args),
            "undo" => self.play.undo().then(String::new).ok_or_else(|| "cannot undo".into()),
            "showboard" => Ok(format!("\n{}", crate::games::Variant::board_text(&self.play.position()))),
            "final_score" => self.final_score(),
            "time_settings" => {
                let numbers: Option<Vec<u64>> = args.iter().map(|word| word.parse().ok()).collect();
                match numbers.as_deref() {
                    Some(&[main, byo_yomi, stones]) => {
                        self.play.set_time_settings(TimeSettings {
                            main: Duration::from_secs(main),
                            byo_yomi: Duration::from_secs(byo_yomi),
                            stones: stones.min(u64::from(u32::MAX)) as u32,
                        });
                        Ok(String::new())
                    }
                    _ => Err("syntax error".into()),
                }
            }
            "time_left" => match args {
                [color, seconds, stones] => {
                    let color = parse_color(color)?;
                    let left = parse_seconds(seconds).ok_or_else(|| "syntax error".to_string())?;
                    let stones: u32 = stones.parse().map_err(|_| "syntax error".to_string())?;
                    self.play.set_time_left(color, left, stones);
                    Ok(String::new())
                }
                _ => Err("syntax error".into()),
            },
            _ => Err("unknown command".into()),
        }
    }

    /// Black's disc lead less the komi (`B+4`, `W+2.5`, `0`), once the game is over; gtp-rhino
    /// does not score a game in play either.
    fn final_score(&self) -> Result<String, String> {
        let position = self.play.position();
        if !position.is_game_over() {
            return Err("cannot score".into());
        }
        // To a millionth, so that a komi of 0.7 leaves a lead of 0.3, not 0.30000000000000004.
        let lead =
            ((f64::from(self.play.black_view(position.final_score())) - self.komi) * 1e6).round() / 1e6;
        Ok(match lead {
            lead if lead > 0.0 => format!("B+{lead}"),
            lead if lead < 0.0 => format!("W+{}", -lead),
            _ => "0".into(),
        })
    }

    fn play(&mut self, args: &[&str]) -> Result<String, String> {
        let [color, vertex] = args else { return Err("syntax error".into()) };
        let color = parse_color(color)?;
        // Checked where the forced passes would lead before any is played: a refused move leaves
        // the game as it was.
        let position = self.play.position_for(color);
        if position.side_to_move() != color {
            return Err("illegal move: not that colour's turn".into());
        }
        let mv = position.parse_move(vertex).ok_or_else(|| "illegal move".to_string())?;
        self.play.pass_until(color);
        self.play.play_move(mv, None).map_err(|error| format!("illegal move: {error}"))?;
        Ok(String::new())
    }

    /// Starts the search of a `genmove` (answered by its listener: `Ok(None)`), or answers at
    /// once when the colour has no move.
    fn genmove(&mut self, id: &str, args: &[&str]) -> Result<Option<String>, String> {
        let [color] = args else { return Err("syntax error".into()) };
        let color = parse_color(color)?;
        self.play.pass_until(color);
        if !self.play.can_move(color) {
            if !self.play.position().is_game_over() {
                // The other colour is to move and can: the controller's board is not the
                // engine's, which a `pass` answer would hide (as `play` refuses it, and Edax).
                return Err("not that colour's turn".into());
            }
            // The game is over: nobody has a move, so the colour passes.
            return Ok(Some("pass".into()));
        }
        // The clock is the game's (see the module's note on the clock).
        let clock = self.play.clock();
        let movetime_ms = clock.is_none().then_some(DEFAULT_MOVE_MS);
        let request = GoRequest { clock, movetime_ms, ..GoRequest::default() };
        let listener = Box::new(GenmoveListener { output: self.output.clone(), id: id.to_string() });
        self.play.genmove(request, listener);
        Ok(None)
    }
}

/// `=ID TEXT` or `?ID TEXT`, and the blank line that ends every answer.
fn answer(id: &str, result: &Result<String, String>) -> String {
    match result {
        Ok(text) if text.is_empty() => format!("={id}\n"),
        Ok(text) => format!("={id} {text}\n"),
        Err(text) => format!("?{id} {text}\n"),
    }
}

/// GTP's seconds: a whole number, or (as some controllers send them) one with a decimal
/// fraction. Not `inf`, `nan`, an exponent or a sign, which gtp-rhino refuses too.
fn parse_seconds(word: &str) -> Option<Duration> {
    let (whole, fraction) = word.split_once('.').unwrap_or((word, "0"));
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
    if !digits(whole) || !digits(fraction) {
        return None;
    }
    // Too many seconds for a `Duration` are all the time there is.
    Some(Duration::try_from_secs_f64(word.parse().ok()?).unwrap_or(Duration::MAX))
}

fn parse_color(word: &str) -> Result<Color, String> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err("syntax error: a colour is black or white".into()),
    }
}

/// Answers a `genmove` when its search is done (the game plays the move on its board).
struct GenmoveListener {
    output: Output,
    id: String,
}

impl Listener<Position> for GenmoveListener {
    fn info(&mut self, _position: &Position, _info: &Info<'_, Move>) {}

    fn finished(&mut self, _position: &Position, decision: &Decision<Move>) {
        let result = match decision.best {
            Some(Move::PASS) => Ok("pass".to_string()),
            Some(mv) => Ok(MoveText(mv).to_string()),
            None => Err("no move found".to_string()),
        };
        self.output.line(&answer(&self.id, &result));
    }
}
