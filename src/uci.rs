//! A first, thin UCI front-end: identification, `isready`, `position`, `go perft`, `d`, the
//! `UCI_Chess960` option and `quit`. The search-driven commands arrive with the search.

use crate::display::board_text;
use engine::chess::Position;
use engine::perft::{perft, perft_divide};
use engine::Game;
use std::io::Write;

/// Whether the read loop goes on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Control {
    /// Read the next line.
    Continue,
    /// Stop reading and exit.
    Quit,
}

/// Deepest `go perft` accepted; deeper runs take days and are almost certainly a typo.
const MAX_PERFT_DEPTH: u32 = 15;

/// The protocol state: the current position and the options that change how it is read and written.
pub struct Session {
    position: Position,
    chess960: bool,
    /// The `bestmove` line of a `go infinite` or `go ponder`, which UCI lets out only after `stop`
    /// (or `ponderhit`).
    deferred_bestmove: Option<String>,
}

impl Session {
    pub fn new() -> Session {
        Session { position: Position::startpos(), chess960: false, deferred_bestmove: None }
    }

    /// Handles one input line, writing the replies to `out`.
    pub fn handle(&mut self, line: &str, out: &mut impl Write) -> Control {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else { return Control::Continue };
        let rest: Vec<&str> = words.collect();
        let result = match command {
            "uci" => self.identify(out),
            "isready" => writeln!(out, "readyok"),
            "ucinewgame" => {
                self.position = self.fresh_start();
                Ok(())
            }
            "position" => self.set_position(&rest, out),
            "go" => self.go(&rest, out),
            "setoption" => self.set_option(&rest, out),
            "d" => write!(out, "{}", board_text(&self.position)),
            "stop" | "ponderhit" => match self.deferred_bestmove.take() {
                Some(bestmove) => writeln!(out, "{bestmove}"),
                None => Ok(()),
            },
            "quit" => return Control::Quit,
            _ => writeln!(out, "info string unknown command: {}", line.trim()),
        };
        if result.is_err() {
            return Control::Quit; // stdout is gone: nobody is listening any more
        }
        Control::Continue
    }

    fn identify(&self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(out, "id name triskel {}", env!("CARGO_PKG_VERSION"))?;
        writeln!(out, "id author the triskel developers")?;
        writeln!(out, "option name UCI_Chess960 type check default false")?;
        writeln!(out, "uciok")
    }

    fn fresh_start(&self) -> Position {
        let mut position = Position::startpos();
        position.set_chess960(self.chess960);
        position
    }

    /// `position startpos|fen <fen> [moves m1 m2 ...]`. All or nothing: on any error the previous
    /// position stays and an `info string` says why.
    fn set_position(&mut self, args: &[&str], out: &mut impl Write) -> std::io::Result<()> {
        let moves_at = args.iter().position(|&word| word == "moves").unwrap_or(args.len());
        let (setup, moves) = args.split_at(moves_at);
        let mut position = match setup {
            ["startpos"] => self.fresh_start(),
            ["fen", fen @ ..] if !fen.is_empty() => match Position::from_fen(&fen.join(" ")) {
                Ok(mut position) => {
                    // Shredder-FEN or a Chess960 start implies Chess960; the option can only add it.
                    position.set_chess960(position.is_chess960() || self.chess960);
                    position
                }
                Err(error) => {
                    return writeln!(out, "info string invalid fen ({error}); position unchanged");
                }
            },
            _ => {
                return writeln!(
                    out,
                    "info string usage: position startpos|fen <fen> [moves ...]; position unchanged"
                )
            }
        };
        for text in moves.iter().skip(1) {
            match position.parse_uci_move(text) {
                Some(mv) => {
                    position.make_move(mv);
                }
                None => {
                    return writeln!(
                        out,
                        "info string illegal move {text} in {}; position unchanged",
                        position.fen()
                    );
                }
            }
        }
        self.position = position;
        Ok(())
    }

    fn set_option(&mut self, args: &[&str], out: &mut impl Write) -> std::io::Result<()> {
        let value_at = args.iter().position(|&word| word == "value");
        let name =
            args[..value_at.unwrap_or(args.len())].iter().skip(1).copied().collect::<Vec<_>>().join(" ");
        let value = value_at.map(|at| args[at + 1..].join(" ")).unwrap_or_default();
        if args.first() != Some(&"name") || name.is_empty() {
            return writeln!(out, "info string usage: setoption name <name> [value <value>]");
        }
        match (name.to_ascii_lowercase().as_str(), value.as_str()) {
            ("uci_chess960", "true" | "false") => {
                self.chess960 = value == "true";
                self.position.set_chess960(self.chess960);
                Ok(())
            }
            ("uci_chess960", _) => writeln!(out, "info string UCI_Chess960 takes true or false"),
            _ => writeln!(out, "info string unknown option: {name}"),
        }
    }

    fn go(&mut self, args: &[&str], out: &mut impl Write) -> std::io::Result<()> {
        match args {
            ["perft", depth] => match depth.parse::<u32>() {
                Ok(depth) if depth <= MAX_PERFT_DEPTH => self.perft(depth, out),
                _ => writeln!(out, "info string perft depth must be a number from 0 to {MAX_PERFT_DEPTH}"),
            },
            ["perft", ..] => writeln!(out, "info string usage: go perft <depth>"),
            _ => {
                // No search yet: answer as the protocol requires, with a legal move, and say so.
                let mut moves = Default::default();
                self.position.generate_moves(&mut moves);
                writeln!(out, "info string search not implemented yet; playing the first legal move")?;
                let bestmove = match moves.first() {
                    Some(&mv) => format!("bestmove {}", self.position.move_text(mv)),
                    None => "bestmove 0000".to_string(),
                };
                if args.iter().any(|&word| word == "infinite" || word == "ponder") {
                    self.deferred_bestmove = Some(bestmove);
                    Ok(())
                } else {
                    writeln!(out, "{bestmove}")
                }
            }
        }
    }

    /// Stockfish's `go perft` output: `move: count` per root move, a blank line, the total; nothing
    /// after it, since scripts read up to the total and then send their next command.
    fn perft(&mut self, depth: u32, out: &mut impl Write) -> std::io::Result<()> {
        let mut position = self.position;
        let chess960 = position.is_chess960();
        let mut lines = String::new();
        let nodes = if depth == 0 {
            perft(&mut position, 0)
        } else {
            perft_divide(&mut position, depth, |mv, count| {
                lines.push_str(&format!("{}: {count}\n", mv.to_uci(chess960)));
            })
        };
        write!(out, "{lines}\nNodes searched: {nodes}\n")
    }
}
